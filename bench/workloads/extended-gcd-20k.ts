/** Extended gcd (Bezout coefficients) of two random 20,000-digit integers. */
import { defineComputeWorkload } from "../support/compute-workload.js";

const DIGITS = 20_000;

export default defineComputeWorkload({
  name: "extended-gcd-20k",
  description: `extended gcd of two random ${DIGITS.toLocaleString("en")}-digit positive integers (integer.extended_gcd.compute)`,
  capabilityId: "integer.extended_gcd.compute",
  reps: 7,
  generate: (rng) => ({ a: rng.decimalDigits(DIGITS), b: rng.decimalDigits(DIGITS) }),
  describe: () => ({ digits: DIGITS }),
  ours: {
    payload: ({ a, b }) => ({ left: a, right: b }),
    // Canonical form "[x, y, g]", as gp prints gcdext's [u, v, d] (all three engines use Euclid's cofactors).
    result: (v) => {
      const r = v as { gcd: string; x: string; y: string };
      return `[${r.x}, ${r.y}, ${r.gcd}]`;
    },
  },
  pari: {
    definitions: ({ a, b }) => `a = ${a};\nb = ${b};`,
    call: "gcdext(a, b)",
  },
  sympy: {
    data: ({ a, b }) => ({ a, b }),
    setup: "A = sympy.Integer(int(data['a']))\nB = sympy.Integer(int(data['b']))",
    call: "sympy.gcdex(A, B)",
    resultString: "'[' + str(r[0]) + ', ' + str(r[1]) + ', ' + str(r[2]) + ']'",
    // sympy.gcdex is pure-Python Euclid: about a second per call at this size.
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 60_000,
  },
});
