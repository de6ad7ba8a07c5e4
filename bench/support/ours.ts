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

    const samples: number[] = [];
    const internal: number[] = [];
    const started = performance.now();
    for (let i = 0; i < spec.reps; i++) {
      const t0 = performance.now();
      const o = await jac.run(spec.capabilityId, payload);
      const dt = performance.now() - t0;
      const value = await valueOf(o);
      if (value === undefined) return { status: "error", reason: `repetition ${i + 1}: ${describeOutcome(o)}` };
      const r = spec.result(value);
      if (r !== result) return { status: "error", reason: `repetition ${i + 1} returned a different value than the warm-up run` };
      samples.push(dt);
      internal.push(o.execution.runtime_ms);
      if (performance.now() - started > spec.budgetMs && samples.length >= 3) break;
    }
    return {
      status: "ok",
      median_ms: median(samples),
      samples_ms: samples,
      batch: 1,
      warmups,
      result,
      extra: { pipeline_runtime_ms_median: median(internal), provider: warm.execution.provider },
    };
  } finally {
    await jac.close();
  }
}
