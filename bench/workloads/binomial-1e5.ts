/** The central binomial coefficient C(10^5, 5·10^4) (30,100 digits). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const N = 100_000;
const K = 50_000;

export default defineComputeWorkload({
  name: "binomial-1e5",
  description: `binomial coefficient C(${N.toLocaleString("en")}, ${K.toLocaleString("en")}) (combinatorics.binomial.compute; PARI binomial, SymPy binomial)`,
  capabilityId: "combinatorics.binomial.compute",
  // A few milliseconds a call: many samples, so the JIT's first calls do not set the median.
  reps: 101,
  generate: () => ({ n: N, k: K }),
  describe: ({ n, k }) => ({ n, k, result_digits: 30_101 }),
  ours: {
    payload: ({ n, k }) => ({ n: String(n), k: String(k) }),
    result: (v) => String((v as { binomial: string }).binomial),
  },
  pari: {
    definitions: ({ n, k }) => `n = ${n};\nk = ${k};`,
    call: "binomial(n, k)",
    withDigits: "Str(binomial(n, k))",
  },
  sympy: {
    data: ({ n, k }) => ({ n, k }),
    // SymPy caches Function.eval results: clear the cache so every call computes.
    setup: "from sympy.core.cache import clear_cache as _clear\nN = sympy.Integer(data['n'])\nK = sympy.Integer(data['k'])",
    call: "(_clear(), sympy.binomial(N, K))[1]",
  },
});
