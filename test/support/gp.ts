/** PARI/GP as an independent oracle for cross-checks. */
import { spawnSync } from "node:child_process";

let available: boolean | undefined;

export function hasGp(): boolean {
  if (available === undefined) {
    const r = spawnSync("gp", ["-q", "-f"], { input: "print(1+1)\n", encoding: "utf8", timeout: 10_000 });
    available = r.status === 0 && r.stdout.trim() === "2";
  }
  return available;
}

/**
 * Call in a `before` hook of a describe block that cross-checks against PARI/GP: skips the block
 * with a visible message where gp is absent, and fails in CI (CI=true) where it must be installed.
 */
export function requireGp(ctx: Mocha.Context): void {
  if (hasGp()) return;
  if (process.env.CI) throw new Error("PARI/GP (gp) is required in CI; .ci/run installs pari-gp");
  console.warn("    [skipped] PARI/GP (gp) is not on PATH: cross-checks against PARI/GP are skipped");
  ctx.skip();
}

/**
 * Run a GP script and return its printed lines. The script should `print(...)` one result per line.
 * Large stack so big integers and matrices fit.
 */
export function gp(script: string, timeoutMs = 120_000): string[] {
  const r = spawnSync("gp", ["-q", "-f", "-D", "colors=no", "-s", "512M"], {
    input: "default(parisizemax, 2000000000);\n" + script + "\nquit\n",
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`gp failed (${r.status}): ${r.stderr}`);
  return r.stdout.split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
}
