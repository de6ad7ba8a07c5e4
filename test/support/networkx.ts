/**
 * NetworkX (/usr/bin/python3 with python3-networkx) as an independent oracle for graph
 * cross-checks: one Python process per batch, inputs as JSON on stdin, one JSON line out per case.
 * Skipped with a visible message where absent; required in CI (CI=true), where .ci/run installs it.
 */
import { spawnSync } from "node:child_process";

let available: boolean | undefined;

export function hasNetworkx(): boolean {
  if (available === undefined) {
    const r = spawnSync("/usr/bin/python3", ["-c", "import networkx; print(2)"], { encoding: "utf8", timeout: 30_000 });
    available = r.status === 0 && r.stdout.trim() === "2";
  }
  return available;
}

/** Call in a `before` hook: skips the block with a visible message where NetworkX is absent (fails in CI). */
export function requireNetworkx(ctx: Mocha.Context): void {
  if (hasNetworkx()) return;
  if (process.env.CI) throw new Error("NetworkX is required in CI; .ci/run installs python3-networkx");
  console.warn("    [skipped] NetworkX (/usr/bin/python3 with networkx) is not available: cross-checks against NetworkX are skipped");
  ctx.skip();
}

/**
 * Run `script` once for a batch: `cases` is bound in Python to the list of inputs (JSON), `nx` is
 * imported, and the script must `emit(value)` once per case, in order. Returns the emitted values.
 */
export function networkx<T = unknown>(script: string, cases: unknown[], timeoutMs = 300_000): T[] {
  const prelude = "import json, sys\nimport networkx as nx\nfrom fractions import Fraction\ncases = json.load(sys.stdin)\ndef emit(v):\n    sys.stdout.write(json.dumps(v) + '\\n')\n";
  const r = spawnSync("/usr/bin/python3", ["-c", prelude + script], { input: JSON.stringify(cases), encoding: "utf8", timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`networkx script failed (${r.status}): ${r.stderr.slice(0, 2000)}`);
  const out = r.stdout.split("\n").filter((l) => l.trim().length > 0).map((l) => JSON.parse(l) as T);
  if (out.length !== cases.length) throw new Error(`networkx script emitted ${out.length} values for ${cases.length} cases`);
  return out;
}
