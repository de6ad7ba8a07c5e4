import { BELL_SUM_MIN, bell, bellModPrime, linUnits, log2Bell, mulUnits } from "../../domain/math/combinatorics.js";
import { natural } from "../_support/kinds.js";
import { described, indexBound, indexedNumber, resultBound } from "./factory.js";
import { residue, RESULT_CHARS, sized } from "./support.js";

/** Primes of the postcondition (Touchard's congruence costs O(p² log n) per prime). */
const BELL_CHECK_PRIMES = [401, 409];

export default indexedNumber<bigint>({
  object: "bell",
  field: "bell",
  value: described(natural(RESULT_CHARS), "integer", "the Bell number B_n: the number of partitions of an n-element set"),
  title: "Bell number B_n",
  summary:
    "Exact Bell number B_n (the number of partitions of an n-element set; B_0 = 1) for n up to several thousand (about 1 s at n = 2000, cost-bounded). " +
    "n < 64: the Bell triangle; otherwise the exact sum B_n·n! = Σ_j C(n, j)·j^n·!(n − j) (from B_n = Σ_k S(n, k) and the explicit formula for the Stirling numbers), " +
    "about 2n multiplications instead of n²/2 additions. Postcondition: B_n modulo two primes by Touchard's congruence B_{m+p} ≡ B_m + B_{m+1} (mod p).",
  keywords: ["bell", "bell number", "set partitions", "partitions of a set", "exponential numbers", "bell triangle", "dobinski", "stirling", "combinatorics", "counting"],
  bounds: [indexBound("n_digits", "n is given with at most this many digits (the cost model limits n to several thousand)"), resultBound()],
  cost_model:
    "b = log2 B_n (saddle-point bound n!·exp(e^ρ − 1)/ρ^n). n < 64: n²/2 additions of b-bit numbers. Otherwise 3n multiplications of numbers of n·log2 n bits plus one division by n!: " +
    "units = 3n·M(n·log2 n) + 10·M(2n·log2 n) + decimal conversion 3·M(b); M as in combinatorics.factorial.compute. Memory: the powers j^n for j ≤ n/2 (n²·log2 n/16 bytes).",
  progress_measure: "terms of the sum done",
  estimate(n, req) {
    if (n > 1e6) return { units: Number.POSITIVE_INFINITY, memory_bytes: 0, basis: `n = ${req.n}: far beyond the cost bound (B_n has more than n digits)` };
    const bits = log2Bell(n) + 2;
    const basis = `n = ${req.n}`;
    if (n < BELL_SUM_MIN) return sized(bits, ((n * n) / 2) * linUnits(bits), n * bits, basis);
    const termBits = n * Math.log2(n);
    return sized(bits, 3 * n * mulUnits(termBits) + 10 * mulUnits(2 * termBits), ((n * termBits) / 16) * 1.2 + 8 * termBits, basis);
  },
  compute: (n, ctx) => bell(n, ctx),
  check(n, value) {
    for (const p of BELL_CHECK_PRIMES) if (residue(value, p) !== bellModPrime(n, p)) return `B_n mod ${p} differs from Touchard's congruence`;
    return value > 0n ? null : "Bell numbers are positive";
  },
  examples: [
    { title: "B_0 = 1", payload: { n: "0" }, expected: { bell: "1" } },
    { title: "B_5 = 52", payload: { n: "5" }, expected: { bell: "52" } },
    { title: "B_30", payload: { n: "30" }, expected: { bell: "846749014511809332450147" } },
    { title: "B_100 (the explicit sum)", payload: { n: "100" }, expected: { bell: "47585391276764833658790768841387207826363669686825611466616334637559114497892442622672724044217756306953557882560751" } },
  ],
});
