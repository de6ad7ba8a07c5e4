/** SymPy (/usr/bin/python3) as an optional independent oracle: skipped with a note where absent. */
import { spawnSync } from "node:child_process";

let available: boolean | undefined;

export function hasSympy(): boolean {
  if (available === undefined) {
    const r = spawnSync("/usr/bin/python3", ["-c", "import sympy; print(2)"], { encoding: "utf8", timeout: 30_000 });
    available = r.status === 0 && r.stdout.trim() === "2";
  }
  return available;
}

/** Call in a `before` hook: skips the block with a visible message where SymPy is absent. */
export function requireSympy(ctx: Mocha.Context): void {
  if (hasSympy()) return;
  console.warn("    [skipped] SymPy (/usr/bin/python3 with sympy) is not available: cross-checks against SymPy are skipped");
  ctx.skip();
}

/** Run a Python script (sympy importable) with `data` as JSON on stdin; returns its stdout lines. */
export function sympy(script: string, data: unknown, timeoutMs = 300_000): string[] {
  const r = spawnSync("/usr/bin/python3", ["-c", "import json, sys\ndata = json.load(sys.stdin)\n" + script], {
    input: JSON.stringify(data),
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`python failed (${r.status}): ${r.stderr}`);
  return r.stdout.split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
}
