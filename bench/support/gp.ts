/**
 * Run a computation in PARI/GP and time it inside gp (getwalltime around the calls), so gp's
 * start-up and the reading of the inputs are excluded. Inputs come from a temporary file that
 * gp read()s; the result is printed back for the cross-engine agreement check.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchContext, Measurement } from "../types.js";
import { median } from "./stats.js";

export interface GpSpec {
  /** GP source that defines the inputs (e.g. `a = 123;`), written to a file and read(). */
  definitions: string;
  /** A GP expression over those inputs; its value is the result. */
  call: string;
  reps: number;
  /** Stop taking further samples after this much time (ms, measured inside gp). */
  budgetMs: number;
  /** Hard limit on the whole gp process. */
  timeoutMs: number;
}

/** Smallest batch duration (ms) so that getwalltime's 1 ms resolution costs at most ~2%. */
const MIN_BATCH_MS = 50;

let gpVersion: string | null | undefined;

/** "2.15.2" when gp is on PATH and works, otherwise null. */
export function gpAvailable(): string | null {
  if (gpVersion === undefined) {
    const r = spawnSync("gp", ["--version-short"], { encoding: "utf8", timeout: 10_000 });
    gpVersion = r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
  }
  return gpVersion;
}

function gpString(s: string): string {
  return '"' + s.replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"';
}

export function timeGp(ctx: BenchContext, spec: GpSpec): Measurement {
  if (!gpAvailable()) return { status: "unavailable", reason: "gp is not on PATH" };
  const inputFile = path.join(ctx.tmpDir, "inputs.gp");
  writeFileSync(inputFile, spec.definitions + "\n");
  // One statement per line: GP ends a statement at a newline outside braces.
  const script = [
    "default(parisizemax, 2000000000);",
    `read(${gpString(inputFile)});`,
    `jb_f() = ${spec.call};`,
    "jb_res = jb_f();",
    'print("JB_RESULT ", jb_res);',
    "jb_start = getwalltime(); jb_b = 1;",
    `while(1, my(t0 = getwalltime()); for(jb_i = 1, jb_b, jb_f()); if(getwalltime() - t0 >= ${MIN_BATCH_MS} || jb_b >= 2^24, break); jb_b *= 2);`,
    'print("JB_BATCH ", jb_b);',
    `for(jb_k = 1, ${spec.reps}, my(t0 = getwalltime()); for(jb_i = 1, jb_b, jb_f()); print("JB_SAMPLE ", strprintf("%.6f", (getwalltime() - t0) / jb_b)); if(getwalltime() - jb_start > ${spec.budgetMs} && jb_k >= 3, break));`,
    "quit",
  ].join("\n");
  const r = spawnSync("gp", ["-q", "-f", "-D", "colors=no", "-s", "512M"], {
    input: script + "\n",
    encoding: "utf8",
    timeout: spec.timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  const lines = (r.stdout ?? "").split("\n").map((l) => l.trim());
  const result = lines.find((l) => l.startsWith("JB_RESULT "))?.slice("JB_RESULT ".length);
  const batch = Number(lines.find((l) => l.startsWith("JB_BATCH "))?.slice("JB_BATCH ".length) ?? "1");
  const samples = lines.filter((l) => l.startsWith("JB_SAMPLE ")).map((l) => Number(l.slice("JB_SAMPLE ".length)));
  const timedOut = r.error !== undefined && (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT";
  if (result === undefined) {
    if (timedOut) return { status: "timeout", limit_ms: spec.timeoutMs, note: "the first call did not finish" };
    return { status: "error", reason: `gp exited ${r.status ?? r.signal}: ${(r.stderr || r.stdout || String(r.error ?? "")).trim().slice(0, 500)}` };
  }
  if (!samples.length) {
    return timedOut
      ? { status: "timeout", limit_ms: spec.timeoutMs, note: "the warm-up call finished but no timed sample did" }
      : { status: "error", reason: `gp printed no samples: ${(r.stderr || "").trim().slice(0, 500)}` };
  }
  return { status: "ok", median_ms: median(samples), samples_ms: samples, batch, warmups: 1, result, ...(timedOut ? { note: "hard timeout hit while sampling" } : {}) };
}
