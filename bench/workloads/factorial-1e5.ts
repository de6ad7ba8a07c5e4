/** 10^5! (456,574 digits). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const N = 100_000;

export default defineComputeWorkload({
  name: "factorial-1e5",
  description: `factorial ${N.toLocaleString("en")}! (combinatorics.factorial.compute; PARI n!, SymPy factorial)`,
  capabilityId: "combinatorics.factorial.compute",
  reps: 11,
  generate: () => ({ n: N }),
  describe: ({ n }) => ({ n, result_digits: 456_574 }),
  ours: {
    payload: ({ n }) => ({ n: String(n) }),
    result: (v) => String((v as { factorial: string }).factorial),
  },
  pari: {
    definitions: ({ n }) => `n = ${n};`,
    call: "n!",
    withDigits: "Str(n!)",
  },
  sympy: {
    data: ({ n }) => ({ n }),
    // SymPy caches Function.eval results: clear the cache so every call computes.
    setup: "from sympy.core.cache import clear_cache as _clear\nN = sympy.Integer(data['n'])",
    call: "(_clear(), sympy.factorial(N))[1]",
  },
});
