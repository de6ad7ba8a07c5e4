/** Time one operation through the JS API (createJacobian → run), exactly as a program would call it. */
import { performance } from "node:perf_hooks";
import path from "node:path";
import { createJacobian, type Jacobian, type RunOutcome } from "../../adapters/api/index.js";
import type { Json } from "../../domain/json.js";
import type { BenchContext, Measurement } from "../types.js";
import { median } from "./stats.js";

export interface OursSpec {
  capabilityId: string;
  /** Build the payload; receives the operation's inspection (schemas, examples) for ops whose payload shape is read from it. */
  payload(capability: Record<string, Json>): Record<string, unknown>;
  /** The completed value → canonical result string (compared with PARI and SymPy). */
  result(value: Json): string;
  reps: number;
  /** Stop taking further samples once this much time has been spent on them. */
  budgetMs: number;
}

/** Smallest batch duration (ms), as for gp and python. */
const MIN_BATCH_MS = 50;

export function openJacobian(ctx: BenchContext): Jacobian {
  return createJacobian({ artifactsDir: path.join(ctx.tmpDir, "artifacts") });
}

function describeOutcome(o: RunOutcome): string {
  if (o.outcome === "failed") return `failed ${o.error.code}: ${o.error.message}${o.error.path ? ` (at ${o.error.path})` : ""}`;
  if (o.outcome === "non_conclusion") return `non_conclusion ${o.reason.code}: ${o.reason.message}`;
  return "completed";
}

export async function timeOurs(ctx: BenchContext, spec: OursSpec): Promise<Measurement> {
  const jac = openJacobian(ctx);
  try {
    const found = jac.inspect(spec.capabilityId);
    if ("error" in found) {
      return found.error.code === "UNKNOWN_CAPABILITY"
        ? { status: "unavailable", reason: `operation not installed: ${spec.capabilityId}` }
        : { status: "error", reason: `inspect ${spec.capabilityId}: ${found.error.code}: ${found.error.message}` };
    }
    if (found.op !== "inspect") return { status: "error", reason: `inspect ${spec.capabilityId} returned ${found.op}` };
    let payload: Record<string, unknown>;
    try {
      payload = spec.payload(found.capability);
    } catch (e) {
      return { status: "error", reason: `cannot build the payload for ${spec.capabilityId}: ${(e as Error).message}` };
    }

    // A value above the inline limit is published as an artifact (part of the timed call); it is read
    // back, outside the timing, for the comparison.
    const valueOf = async (o: RunOutcome): Promise<Json | undefined> => {
      if (o.outcome !== "completed") return undefined;
      if (o.value !== undefined) return o.value;
      if (o.value_artifact === undefined) return undefined;
      const manifest = (await jac.artifact(o.value_artifact)) as { result?: Json } | undefined;
      return manifest?.result;
    };
    const warmups = Math.max(1, ctx.warmups ?? 1);
    let warm = await jac.run(spec.capabilityId, payload);
    for (let i = 1; i < warmups && warm.outcome === "completed"; i++) warm = await jac.run(spec.capabilityId, payload);
    if (warm.outcome !== "completed") return { status: "error", reason: describeOutcome(warm) };
    const warmValue = await valueOf(warm);
    if (warmValue === undefined) return { status: "error", reason: `value not readable (artifact ${warm.value_artifact})` };
    let result: string;
    try {
      result = spec.result(warmValue);
    } catch (e) {
      return { status: "error", reason: (e as Error).message };
    }

    // The same rule as gp and python (gp.ts, python.ts): after the warm-up, double a batch size until
    // one batch of consecutive calls takes ≥ MIN_BATCH_MS, then each sample is the mean of one batch.
    // Values are read back and compared after each batch, outside its timing.
    const check = async (outcomes: RunOutcome[], at: number): Promise<string | undefined> => {
      for (const o of outcomes) {
        const value = await valueOf(o);
        if (value === undefined) return `repetition ${at}: ${describeOutcome(o)}`;
        if (spec.result(value) !== result) return `repetition ${at} returned a different value than the warm-up run`;
      }
      return undefined;
    };
    const timeBatch = async (size: number): Promise<{ ms: number; runtime: number[]; outcomes: RunOutcome[] }> => {
      const outcomes: RunOutcome[] = [];
      const t0 = performance.now();
      for (let j = 0; j < size; j++) outcomes.push(await jac.run(spec.capabilityId, payload));
      const ms = performance.now() - t0;
      return { ms, outcomes, runtime: outcomes.map((o) => o.execution.runtime_ms) };
    };
    let batch = 1;
    const coldCalls: number[] = [];
    for (;;) {
      const b = await timeBatch(batch);
      if (batch === 1) coldCalls.push(b.ms);
      const bad = await check(b.outcomes, 0);
      if (bad) return { status: "error", reason: `calibration: ${bad}` };
      if (b.ms >= MIN_BATCH_MS || batch >= 1 << 16) break;
      batch *= 2;
    }
    const samples: number[] = [];
    const internal: number[] = [];
    const started = performance.now();
    for (let i = 0; i < spec.reps; i++) {
      const b = await timeBatch(batch);
      const bad = await check(b.outcomes, i + 1);
      if (bad) return { status: "error", reason: bad };
      samples.push(b.ms / batch);
      internal.push(median(b.runtime));
      if (performance.now() - started > spec.budgetMs && samples.length >= 3) break;
    }
    return {
      status: "ok",
      median_ms: median(samples),
      samples_ms: samples,
      batch,
      warmups,
      result,
      extra: { pipeline_runtime_ms_median: median(internal), provider: warm.execution.provider, first_timed_call_ms: coldCalls[0]! },
    };
  } finally {
    await jac.close();
  }
}
