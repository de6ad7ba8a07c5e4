import { derangements, derangementsModPrime, log2Factorial, mulUnits } from "../../domain/math/combinatorics.js";
import { natural } from "../_support/kinds.js";
import { described, indexedNumber } from "./factory.js";
import { checkPrimesFor, residue, RESULT_CHARS, sized } from "./support.js";

export default indexedNumber<bigint>({
  object: "derangements",
  field: "derangements",
  value: described(natural(RESULT_CHARS), "integer", "!n: permutations of n elements without fixed points"),
  title: "Derangements !n (subfactorial)",
  summary:
    "Exact number of derangements !n (permutations of n elements with no fixed point; !0 = 1, !1 = 0) for n ≥ 0, up to 1,000,000 digits (n ≤ about 205,000). " +
    "!n = Σ_{i=0}^{n} (−1)^i n!/i! summed by binary splitting (O(M(b)·log n) for b-bit results) rather than the O(n²)-bit recurrence. " +
    "Postcondition: recomputed modulo random primes of [2^25, 2^26) drawn per call (enough that a wrong value passes with probability below 2^−32) by the recurrence !n = n·!(n − 1) + (−1)^n.",
  keywords: ["derangements", "derangement", "subfactorial", "!n", "fixed-point-free permutations", "rencontres", "montmort", "hat check", "combinatorics", "counting"],
  cost_model: "b = log2 n! − log2 e; binary splitting: units = 2.5·M(b)·log2(n/32) + n/4 (leaves, postcondition loops) + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
  progress_measure: "terms of the sum done, out of n",
  estimate(n, req) {
    const bits = Math.max(1, log2Factorial(n) - Math.log2(Math.E)) + 1;
    return sized(bits, 2.5 * mulUnits(bits) * Math.max(1, Math.log2(n / 32)) + n / 4, 6 * bits, `n = ${req.n}`);
  },
  compute: (n, ctx) => derangements(n, ctx),
  check(n, value) {
    for (const p of checkPrimesFor(value, log2Factorial(n))) if (residue(value, p) !== derangementsModPrime(n, p)) return `!n mod ${p} differs from the recurrence`;
    if (value < 0n) return "!n counts permutations: it is not negative";
    return (n === 1) === (value === 0n) ? null : "!n is 0 exactly for n = 1";
  },
  examples: [
    { title: "!0 = 1", payload: { n: "0" }, expected: { derangements: "1" } },
    { title: "!1 = 0", payload: { n: "1" }, expected: { derangements: "0" } },
    { title: "!4 = 9", payload: { n: "4" }, expected: { derangements: "9" } },
    { title: "!20", payload: { n: "20" }, expected: { derangements: "895014631192902121" } },
    { title: "!50", payload: { n: "50" }, expected: { derangements: "11188719610782480504630258070757734324011354208865721592720336801" } },
  ],
});
