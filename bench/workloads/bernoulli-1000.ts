/** The Bernoulli number B_1000 as an exact fraction (1779-digit numerator). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const N = 1000;

export default defineComputeWorkload({
  name: "bernoulli-1000",
  description: `Bernoulli number B_${N} as a reduced fraction (combinatorics.bernoulli.compute; PARI bernfrac, SymPy bernoulli via mpmath bernfrac)`,
  capabilityId: "combinatorics.bernoulli.compute",
  // About a millisecond a call: many samples, so the JIT's first calls do not set the median.
  reps: 201,
  generate: () => ({ n: N }),
  describe: ({ n }) => ({ n }),
  ours: {
    payload: ({ n }) => ({ n: String(n) }),
    result: (v) => String((v as { bernoulli: string }).bernoulli),
  },
  pari: {
    definitions: ({ n }) => `n = ${n};`,
    // bernfrac keeps no B_1000 between calls (distinct indices cost as much per call as a repeated one: see
    // the README), so every call computes it afresh; π stays cached at the working precision, as ours does.
    call: "bernfrac(n)",
  },
  sympy: {
    data: ({ n }) => ({ n }),
    // SymPy caches Function.eval results and mpmath caches Bernoulli numbers it computed by recurrence:
    // clear both so every call computes.
    setup:
      "from sympy.core.cache import clear_cache as _clear\nimport mpmath.libmp.gammazeta as _gz\nN = sympy.Integer(data['n'])\n" +
      "def _cold():\n    _clear()\n    _gz.bernoulli_cache.clear()\n    return sympy.bernoulli(N)",
    call: "_cold()",
  },
});
