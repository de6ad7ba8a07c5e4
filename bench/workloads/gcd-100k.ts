/** gcd of two random 100,000-digit integers (the operation's digit bound). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const DIGITS = 100_000;

export default defineComputeWorkload({
  name: "gcd-100k",
  description: `gcd of two random ${DIGITS.toLocaleString("en")}-digit positive integers (integer.compute.gcd)`,
  capabilityId: "integer.compute.gcd",
  reps: 5,
  generate: (rng) => ({ a: rng.decimalDigits(DIGITS), b: rng.decimalDigits(DIGITS) }),
  describe: () => ({ digits: DIGITS }),
  ours: {
    payload: ({ a, b }) => ({ left: a, right: b }),
    result: (v) => String((v as { gcd: string }).gcd),
  },
  pari: {
    definitions: ({ a, b }) => `a = ${a};\nb = ${b};`,
    call: "gcd(a, b)",
  },
  sympy: {
    data: ({ a, b }) => ({ a, b }),
    setup: "A = sympy.Integer(int(data['a']))\nB = sympy.Integer(int(data['b']))",
    call: "sympy.gcd(A, B)",
  },
});
