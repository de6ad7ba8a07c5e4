/** The Fibonacci number F(10^6) (208,988 digits). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const N = 1_000_000;

export default defineComputeWorkload({
  name: "fibonacci-1e6",
  description: `Fibonacci number F(${N.toLocaleString("en")}) (combinatorics.fibonacci.compute; PARI fibonacci, SymPy fibonacci)`,
  capabilityId: "combinatorics.fibonacci.compute",
  reps: 11,
  generate: () => ({ n: N }),
  describe: ({ n }) => ({ n, result_digits: 208_988 }),
  ours: {
    payload: ({ n }) => ({ n: String(n) }),
    result: (v) => String((v as { fibonacci: string }).fibonacci),
  },
  pari: {
    definitions: ({ n }) => `n = ${n};`,
    call: "fibonacci(n)",
    withDigits: "Str(fibonacci(n))",
  },
  sympy: {
    data: ({ n }) => ({ n }),
    // SymPy caches Function.eval results: clear the cache so every call computes.
    setup: "from sympy.core.cache import clear_cache as _clear\nN = sympy.Integer(data['n'])",
    call: "(_clear(), sympy.fibonacci(N))[1]",
  },
});
