/**
 * nauty as a benchmark engine: `labelg` (nauty's canonical labelling; Debian installs it as
 * nauty-labelg) timed as a process on a file holding R copies of the input graphs, minus the time
 * of the same process on one tiny graph (start-up and reading), divided by R. Reports nauty's
 * default dense mode and, in `extra`, its sparse mode (-S) and Traces (-t).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { BenchContext, Measurement } from "../types.js";
import { median } from "./stats.js";

function labelgName(): string | null {
  for (const name of ["nauty-labelg", "labelg"]) {
    const r = spawnSync(name, ["-help"], { encoding: "utf8", timeout: 10_000 });
    if (!r.error) return name;
  }
  return null;
}

/** Median wall time of one labelg run over `file` with options `opts`. */
function wall(tool: string, opts: string[], file: string, out: string, reps: number, timeoutMs: number): number | "timeout" {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    const r = spawnSync(tool, ["-q", ...opts, file, out], { timeout: timeoutMs });
    const dt = performance.now() - t0;
    if (r.error || r.status !== 0) return "timeout";
    times.push(dt);
  }
  return median(times);
}

/**
 * Canonically label `graphs` (graph6 strings) with labelg: the time per labelling of the whole
 * list, and the result string `decide(canonical strings)`.
 */
export function timeLabelg(ctx: BenchContext, graphs: string[], decide: (canon: string[]) => string, opts: { copies?: number; reps?: number; timeoutMs?: number } = {}): Measurement {
  const tool = labelgName();
  if (!tool) return { status: "unavailable", reason: "nauty's labelg is not on PATH (apt-get install nauty)" };
  const copies = opts.copies ?? 20, reps = opts.reps ?? 5, timeoutMs = opts.timeoutMs ?? 300_000;
  const once = path.join(ctx.tmpDir, "nauty-once.g6"), many = path.join(ctx.tmpDir, "nauty-many.g6"), tiny = path.join(ctx.tmpDir, "nauty-tiny.g6"), out = path.join(ctx.tmpDir, "nauty-out.g6");
  writeFileSync(once, graphs.join("\n") + "\n");
  writeFileSync(many, Array.from({ length: copies }, () => graphs.join("\n")).join("\n") + "\n");
  writeFileSync(tiny, "A_\n");
  const r = spawnSync(tool, ["-q", once], { encoding: "utf8", timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 });
  if (r.error || r.status !== 0) return { status: "error", reason: `labelg: ${r.error?.message ?? r.stderr}` };
  const result = decide(r.stdout.split("\n").filter((l) => l.length > 0));
  const per = (o: string[]): number | "timeout" => {
    const base = wall(tool, o, tiny, out, reps, timeoutMs);
    const t = wall(tool, o, many, out, reps, timeoutMs);
    if (base === "timeout" || t === "timeout") return "timeout";
    return Math.max(0, t - base) / copies;
  };
  const dense = per([]);
  if (dense === "timeout") return { status: "timeout", limit_ms: timeoutMs };
  const sparse = per(["-S"]), traces = per(["-t"]);
  ctx.log(`nauty labelg: dense ${dense.toFixed(2)} ms, sparse ${sparse === "timeout" ? "timeout" : sparse.toFixed(2)} ms, Traces ${traces === "timeout" ? "timeout" : traces.toFixed(2)} ms per labelling of the inputs`);
  return {
    status: "ok",
    median_ms: dense,
    samples_ms: [dense],
    batch: copies,
    warmups: 1,
    result,
    note: "labelg process time on a file of R copies minus its start-up on one tiny graph, divided by R (nauty's default dense mode; -S and -t in extra)",
    extra: { sparse_mode_ms: sparse === "timeout" ? "timeout" : Number(sparse.toFixed(3)), traces_ms: traces === "timeout" ? "timeout" : Number(traces.toFixed(3)), copies },
  };
}
