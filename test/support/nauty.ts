/**
 * nauty (Debian package "nauty": the tools are installed as nauty-<tool>, elsewhere as <tool>) as an
 * independent oracle for canonical labelling, automorphism group sizes, clique and independence
 * numbers. One process per batch: the graphs go to a temporary graph6 / digraph6 file. Skipped
 * with a visible message where absent; required in CI (CI=true), where .ci/run installs it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

let prefix: string | null | undefined;

/** The name of a nauty tool on PATH ("nauty-labelg" or "labelg"), or null. */
function tool(name: string): string | null {
  if (prefix === undefined) {
    prefix = null;
    for (const p of ["nauty-", ""]) {
      const r = spawnSync(`${p}countg`, ["--help"], { encoding: "utf8", timeout: 10_000 });
      if (!r.error && (r.stdout + r.stderr).includes("countg")) {
        prefix = p;
        break;
      }
    }
  }
  return prefix === null ? null : `${prefix}${name}`;
}

export const hasNauty = (): boolean => tool("countg") !== null;

/** Call in a `before` hook: skips the block with a visible message where nauty is absent (fails in CI). */
export function requireNauty(ctx: Mocha.Context): void {
  if (hasNauty()) return;
  if (process.env.CI) throw new Error("nauty is required in CI; .ci/run installs it");
  console.warn("    [skipped] nauty (countg, labelg) is not on PATH: cross-checks against nauty are skipped");
  ctx.skip();
}

function withFile<T>(lines: readonly string[], f: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jacobian-nauty-"));
  try {
    const file = path.join(dir, "graphs.txt");
    writeFileSync(file, lines.join("\n") + "\n");
    return f(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(name: string, args: string[], timeoutMs: number): string[] {
  const r = spawnSync(tool(name)!, args, { encoding: "utf8", timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${name} failed (${r.status}): ${r.stderr}`);
  return r.stdout.split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
}

/** nauty's canonical labelling (labelg) of each graph, as its canonical graph6 / digraph6 string. */
export function labelg(graphs: readonly string[], timeoutMs = 300_000): string[] {
  return withFile(graphs, (file) => run("labelg", ["-q", file], timeoutMs));
}

/**
 * Per-graph properties from countg -V: the automorphism group size (`a`, exact as printed when
 * an integer, else a float string like "1.2e20"), the clique number (`k`) and the independence
 * number (`h`). Undirected graphs only for k and h.
 */
export function countg(graphs: readonly string[], props: ("a" | "k" | "h")[], timeoutMs = 300_000): Record<string, string>[] {
  const args = [...props.map((p) => `--${p}`), "-V", "-q"];
  return withFile(graphs, (file) =>
    run("countg", [...args, file], timeoutMs).map((line) => {
      // "Graph 12 : groupsize=120 maxclique=3 maxindset=4" (names vary by version): key=value pairs.
      const out: Record<string, string> = {};
      for (const m of line.matchAll(/([a-z]+)=([^\s;]+)/g)) out[m[1]!] = m[2]!;
      return out;
    }),
  );
}
