/**
 * Most workloads are "one operation, three engines": this builds such a workload from the
 * inputs, the payload for our API, a GP expression and a SymPy expression over the same inputs.
 */
import type { Json } from "../../domain/json.js";
import type { BenchContext, Measurement, Workload, WorkloadResult } from "../types.js";
import { fmtMs, median } from "./stats.js";
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
     * The same computation with its decimal output (`Str(…)`), timed alongside for results whose
     * digits our figure includes and PARI's call does not (reported as a note, not in the ratio).
     */
    withDigits?: string;
    budgetMs?: number;
    timeoutMs?: number;
  };
  sympy: {
    data(inputs: I): unknown;
    setup: string;
    call: string;
    resultString?: string;
    budgetMs?: number;
    timeoutMs?: number;
    warmup?: boolean;
  };
}

/**
 * Samples of several rounds of one engine as one measurement: the median over all samples. A round
 * that did not produce samples (timeout, error, unavailable) ends the engine's rounds and, when it
 * is the first, is the measurement.
 */
function mergeRounds(rounds: Measurement[]): Measurement {
  const ok = rounds.filter((m): m is Extract<Measurement, { status: "ok" }> => m.status === "ok");
  if (!ok.length) return rounds[0]!;
  const disagree = ok.find((m) => m.result !== ok[0]!.result);
  if (disagree) return { status: "error", reason: "two rounds of the same engine returned different values" };
  const samples = ok.flatMap((m) => m.samples_ms);
  const notes = [...new Set(ok.map((m) => m.note).filter((n): n is string => !!n))];
  return {
    ...ok[0]!,
    median_ms: median(samples),
    samples_ms: samples,
    warmups: ok.reduce((w, m) => w + m.warmups, 0),
    ...(notes.length ? { note: notes.join("; ") } : {}),
    ...(ok[0]!.extra ? { extra: { ...ok[0]!.extra, rounds: ok.length } } : { extra: { rounds: ok.length } }),
  };
}

export function defineComputeWorkload<I>(spec: ComputeWorkloadSpec<I>): Workload {
  return {
    name: spec.name,
    description: spec.description,
    async run(ctx: BenchContext): Promise<WorkloadResult> {
      const reps = ctx.reps ?? spec.reps;
      const inputs = spec.generate(Prng.derive(ctx.seed, spec.name));
      // The engines take turns (ours, PARI, SymPy, ours, …) so that a change in the machine's load
      // during the run weighs on all three alike; each round has its share of the repetitions.
      const rounds = Math.max(1, Math.min(ctx.rounds ?? 3, reps));
      const perRound = Math.ceil(reps / rounds);
      const taken: Record<"ours" | "pari" | "sympy" | "pariDigits", Measurement[]> = { ours: [], pari: [], sympy: [], pariDigits: [] };
      const going = (k: keyof typeof taken) => taken[k].every((m) => m.status === "ok");
      for (let round = 1; round <= rounds; round++) {
        const tag = rounds > 1 ? ` (round ${round} of ${rounds})` : "";
        if (going("ours")) {
          ctx.log(`ours (JS API) …${tag}`);
          taken.ours.push(
            await timeOurs(ctx, {
              capabilityId: spec.capabilityId,
              payload: (cap) => spec.ours.payload(inputs, cap),
              result: spec.ours.result,
              reps: perRound,
              budgetMs: (spec.ours.budgetMs ?? 15_000) / rounds,
            }),
          );
        }
        if (going("pari")) {
          ctx.log(`PARI/GP …${tag}`);
          taken.pari.push(
            timeGp(ctx, {
              definitions: spec.pari.definitions(inputs),
              call: spec.pari.call,
              reps: perRound,
              budgetMs: (spec.pari.budgetMs ?? 10_000) / rounds,
              timeoutMs: spec.pari.timeoutMs ?? 30_000,
            }),
          );
        }
        if (spec.pari.withDigits && going("pari") && going("pariDigits")) {
          ctx.log(`PARI/GP with decimal output …${tag}`);
          taken.pariDigits.push(
            timeGp(ctx, {
              definitions: spec.pari.definitions(inputs),
              call: spec.pari.withDigits,
              reps: perRound,
              budgetMs: (spec.pari.budgetMs ?? 10_000) / rounds,
              timeoutMs: spec.pari.timeoutMs ?? 30_000,
            }),
          );
        }
        if (going("sympy")) {
          ctx.log(`SymPy …${tag}`);
          taken.sympy.push(
            timePython(ctx, {
              data: spec.sympy.data(inputs),
              setup: spec.sympy.setup,
              call: spec.sympy.call,
              ...(spec.sympy.resultString ? { resultString: spec.sympy.resultString } : {}),
              reps: perRound,
              budgetMs: (spec.sympy.budgetMs ?? 10_000) / rounds,
              timeoutMs: spec.sympy.timeoutMs ?? 30_000,
              ...(spec.sympy.warmup !== undefined ? { warmup: spec.sympy.warmup } : {}),
            }),
          );
        }
      }
      let pari = mergeRounds(taken.pari);
      const digits = taken.pariDigits.length ? mergeRounds(taken.pariDigits) : undefined;
      if (pari.status === "ok" && digits?.status === "ok") {
        const withDigits = `with its decimal output (${spec.pari.withDigits}) PARI takes ${fmtMs(digits.median_ms)} ms`;
        pari = { ...pari, note: pari.note ? `${pari.note}; ${withDigits}` : withDigits, extra: { ...pari.extra, with_decimal_output_ms: digits.median_ms, with_decimal_output_call: spec.pari.withDigits! } };
      }
      return { ours: mergeRounds(taken.ours), pari, sympy: mergeRounds(taken.sympy), inputs: { operation: spec.capabilityId, seed: ctx.seed, rounds, ...spec.describe(inputs) } };
    },
  };
}
