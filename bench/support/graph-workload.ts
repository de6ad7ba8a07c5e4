/**
 * Graph workloads: one operation against NetworkX (run through the harness's Python engine, so
 * the "SymPy" column of the table is NetworkX here, timed inside Python with the graph already
 * built). No PARI/GP counterpart.
 */
import type { Json } from "../../domain/json.js";
import type { BenchContext, Workload, WorkloadResult } from "../types.js";
import { timeOurs } from "./ours.js";
import { Prng } from "./prng.js";
import { timePython } from "./python.js";

export interface GraphWorkloadSpec<I> {
  name: string;
  description: string;
  capabilityId: string;
  reps: number;
  generate(rng: Prng): I;
  describe(inputs: I): Record<string, string | number>;
  ours: { payload(inputs: I): Record<string, unknown>; result(value: Json): string; budgetMs?: number };
  networkx: { data(inputs: I): unknown; setup: string; call: string; resultString: string; budgetMs?: number; timeoutMs?: number; warmup?: boolean };
}

export function defineGraphWorkload<I>(spec: GraphWorkloadSpec<I>): Workload {
  return {
    name: spec.name,
    description: spec.description,
    method: "ours: createJacobian().run (whole pipeline, median after a warm-up); NetworkX (in the SymPy column): the call timed inside /usr/bin/python3 with the graph already built",
    async run(ctx: BenchContext): Promise<WorkloadResult> {
      const reps = ctx.reps ?? spec.reps;
      const inputs = spec.generate(Prng.derive(ctx.seed, spec.name));
      ctx.log("ours (JS API) …");
      const ours = await timeOurs(ctx, { capabilityId: spec.capabilityId, payload: () => spec.ours.payload(inputs), result: spec.ours.result, reps, budgetMs: spec.ours.budgetMs ?? 60_000 });
      ctx.log("NetworkX …");
      const sympy = timePython(ctx, {
        data: spec.networkx.data(inputs),
        setup: "import networkx as nx\n" + spec.networkx.setup,
        call: spec.networkx.call,
        resultString: spec.networkx.resultString,
        reps,
        budgetMs: spec.networkx.budgetMs ?? 60_000,
        timeoutMs: spec.networkx.timeoutMs ?? 600_000,
        ...(spec.networkx.warmup !== undefined ? { warmup: spec.networkx.warmup } : {}),
      });
      return { ours, pari: { status: "n/a" }, sympy, inputs: { operation: spec.capabilityId, seed: ctx.seed, engine_in_sympy_column: "networkx", ...spec.describe(inputs) } };
    },
  };
}

/** A random sparse graph on n vertices with m edges (no loops), weights 1..maxW, as index arrays. */
export function sparseGraph(rng: Prng, n: number, m: number, maxW: number): { n: number; u: Int32Array; v: Int32Array; w: Int32Array } {
  const u = new Int32Array(m), v = new Int32Array(m), w = new Int32Array(m);
  for (let e = 0; e < m; e++) {
    const a = rng.below(n);
    let b = rng.below(n - 1);
    if (b >= a) b++;
    u[e] = a;
    v[e] = b;
    w[e] = 1 + rng.below(maxW);
  }
  return { n, u, v, w };
}
