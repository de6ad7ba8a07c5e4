/** π(10^11): the combinatorial method against PARI's sieve and SymPy. */
import type { BenchContext, Workload, WorkloadResult } from "../types.js";
import { timeGp } from "../support/gp.js";
import { timeOurs } from "../support/ours.js";
import { timePython } from "../support/python.js";

const X = "100000000000";

const workload: Workload = {
  name: "primepi-1e11",
  description: "prime-counting function π(10^11) (integer.prime_count.compute; PARI primepi, SymPy primepi)",
  method:
    "ours: median of timed API calls after one warm-up (the operation runs in the worker pool). PARI primepi(10^11) takes seconds per call and SymPy's much longer: " +
    "each takes one warm-up/result call and one timed sample (SymPy: the first call is the sample, capped by a hard limit).",
  async run(ctx: BenchContext): Promise<WorkloadResult> {
    ctx.log("ours (JS API) …");
    const ours = await timeOurs(ctx, {
      capabilityId: "integer.prime_count.compute",
      payload: () => ({ x: X }),
      result: (v) => String((v as { count: string }).count),
      reps: ctx.reps ?? 5,
      budgetMs: 20_000,
    });
    ctx.log("PARI/GP …");
    const pari = timeGp(ctx, { definitions: `x = ${X};`, call: "primepi(x)", reps: 1, budgetMs: 1, timeoutMs: 120_000 });
    ctx.log("SymPy …");
    const sympy = timePython(ctx, { data: { x: X }, setup: "X = int(data['x'])", call: "sympy.primepi(X)", reps: 1, budgetMs: 1, timeoutMs: 120_000, warmup: false });
    return { ours, pari, sympy, inputs: { operation: "integer.prime_count.compute", x: "10^11", seed: ctx.seed } };
  },
};

export default workload;
