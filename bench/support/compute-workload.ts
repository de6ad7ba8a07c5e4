/**
 * Most workloads are "one operation, three engines": this builds such a workload from the
 * inputs, the payload for our API, a GP expression and a SymPy expression over the same inputs.
 */
import type { Json } from "../../domain/json.js";
import type { BenchContext, Measurement, Workload, WorkloadResult } from "../types.js";
import { timeGp } from "./gp.js";
import { timeOurs } from "./ours.js";
import { Prng } from "./prng.js";
import { timePython } from "./python.js";

export interface ComputeWorkloadSpec<I> {
  name: string;
  description: string;
  capabilityId: string;
  /** Default timed repetitions per engine (overridden by --reps). */
  reps: number;
  /** Build the inputs from a PRNG seeded with (seed, name), so every engine sees the same numbers. */
  generate(rng: Prng): I;
  /** A short description of the inputs for the report (sizes, seed). */
  describe(inputs: I): Record<string, string | number>;
  ours: {
    payload(inputs: I, capability: Record<string, Json>): Record<string, unknown>;
    result(value: Json): string;
    budgetMs?: number;
  };
  pari: {
    definitions(inputs: I): string;
    call: string;
    /**
     * The same computation with its decimal output (`Str(…)`), timed after `call` for results whose
     * digits our figure includes and PARI's call does not (a note and `extra`, not the ratio).
     */
    withDigits?: string;
    budgetMs?: number;
    timeoutMs?: number;
  };
  /** SymPy's counterpart, or why there is none (e.g. SymPy 1.11 has no LLL). */
  sympy: { unavailable: string } | {
    data(inputs: I): unknown;
    setup: string;
    call: string;
    resultString?: string;
    budgetMs?: number;
    timeoutMs?: number;
    warmup?: boolean;
  };
}

export function defineComputeWorkload<I>(spec: ComputeWorkloadSpec<I>): Workload & { spec: ComputeWorkloadSpec<I> } {
  return {
    spec,
    name: spec.name,
    description: spec.description,
    // The payload builders that read the operation's inspection (none among the pipeline cases) get an empty one.
    call: (seed) => ({ capabilityId: spec.capabilityId, payload: spec.ours.payload(spec.generate(Prng.derive(seed, spec.name)), {}) }),
    async run(ctx: BenchContext): Promise<WorkloadResult> {
      const reps = ctx.reps ?? spec.reps;
      const inputs = spec.generate(Prng.derive(ctx.seed, spec.name));
      ctx.log("ours (JS API) …");
      const ours = ctx.skip?.ours ?? await timeOurs(ctx, {
        capabilityId: spec.capabilityId,
        payload: (cap) => spec.ours.payload(inputs, cap),
        result: spec.ours.result,
        reps,
        budgetMs: spec.ours.budgetMs ?? 15_000,
      });
      ctx.log("PARI/GP …");
      let pari = ctx.skip?.pari ?? timeGp(ctx, {
        definitions: spec.pari.definitions(inputs),
        call: spec.pari.call,
        reps,
        budgetMs: spec.pari.budgetMs ?? 10_000,
        timeoutMs: spec.pari.timeoutMs ?? 30_000,
      });
      if (spec.pari.withDigits && pari.status === "ok" && !ctx.skip?.pari) {
        ctx.log("PARI/GP with decimal output …");
        const digits = timeGp(ctx, {
          definitions: spec.pari.definitions(inputs),
          call: spec.pari.withDigits,
          reps,
          budgetMs: spec.pari.budgetMs ?? 10_000,
          timeoutMs: spec.pari.timeoutMs ?? 30_000,
        });
        if (digits.status === "ok") pari = { ...pari, extra: { ...pari.extra, with_decimal_output_ms: digits.median_ms, with_decimal_output_call: spec.pari.withDigits } };
      }
      ctx.log("SymPy …");
      const py = spec.sympy;
      const sympy: Measurement =
        ctx.skip?.sympy ??
        ("unavailable" in py
          ? { status: "unavailable", reason: py.unavailable }
          : timePython(ctx, {
              data: py.data(inputs),
              setup: py.setup,
              call: py.call,
              ...(py.resultString ? { resultString: py.resultString } : {}),
              reps,
              budgetMs: py.budgetMs ?? 10_000,
              timeoutMs: py.timeoutMs ?? 30_000,
              ...(py.warmup !== undefined ? { warmup: py.warmup } : {}),
            }));
      return { ours, pari, sympy, inputs: { operation: spec.capabilityId, seed: ctx.seed, ...spec.describe(inputs) } };
    },
  };
}
