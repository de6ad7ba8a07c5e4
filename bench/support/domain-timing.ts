/**
 * Time a domain function in-process (for workloads whose operation is not yet wired to the
 * algorithm, e.g. factorization over ZZ before polynomial.factorization.compute routes ZZ to it):
 * untimed warm-ups (one by default), then up to `reps` timed calls within a budget.
 */
import { performance } from "node:perf_hooks";
import type { Measurement } from "../types.js";
import { median } from "./stats.js";

export function timeDomain(fn: () => string, reps: number, budgetMs: number, warmups = 1): Measurement {
  try {
    const result = fn();
    for (let i = 1; i < warmups; i++) fn();
    const samples: number[] = [];
    const started = performance.now();
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      const r = fn();
      samples.push(performance.now() - t0);
      if (r !== result) return { status: "error", reason: `repetition ${i + 1} returned a different value` };
      if (performance.now() - started > budgetMs && samples.length >= 3) break;
    }
    return { status: "ok", median_ms: median(samples), samples_ms: samples, batch: 1, warmups: Math.max(1, warmups), result, note: "domain function called in-process (no pipeline)" };
  } catch (e) {
    return { status: "error", reason: (e as Error).message };
  }
}
