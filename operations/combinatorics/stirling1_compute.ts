import { log2Factorial, log2Stirling1, mulUnits, stirling1ModPrime, stirling1Plan, stirling1Unsigned } from "../../domain/math/combinatorics.js";
import { integer, natural, result } from "../_support/kinds.js";
import { described, stirlingNumber } from "./factory.js";
import { residue, RESULT_CHARS, sized, STIRLING_CHECK_PRIMES, stirlingVanishes } from "./support.js";

const Result = result({
  signed: described(
    integer(RESULT_CHARS),
    "integer",
    "s(n, k) = (−1)^{n−k}·c(n, k): the coefficient of x^k in x(x − 1)⋯(x − n + 1) (PARI/GP stirling(n, k, 1), Mathematica StirlingS1)",
  ),
  unsigned: described(
    natural(RESULT_CHARS),
    "integer",
    "c(n, k) = |s(n, k)|: permutations of n elements with exactly k cycles, the coefficient of x^k in x(x + 1)⋯(x + n − 1) (SymPy stirling(n, k, kind=1))",
  ),
});

export default stirlingNumber<typeof Result.infer>({
  object: "stirling1",
  kCounts: "cycles",
  title: "Stirling numbers of the first kind s(n, k), signed and unsigned",
  summary:
    "Exact Stirling number of the first kind for n, k ≥ 0, in both conventions at once: signed s(n, k) = (−1)^{n−k} c(n, k) (PARI/GP, Mathematica) and unsigned c(n, k) " +
    "(permutations of n elements with k cycles; SymPy's default). s(0, 0) = 1, s(n, 0) = 0 for n > 0, s(n, k) = 0 for k > n. " +
    "c(n, k) is the coefficient e_{n−k}(1, …, n − 1), read off a product tree of the linear factors truncated to degree min(k − 1, n − k) (Kronecker substitution for the polynomial products); " +
    "the cost grows like the whole row, about 3 s at n = 2000, k = 1000 (cost-bounded). Postcondition: c(n, k) modulo two primes from Π_{i<p}(x + i) ≡ x^p − x (mod p).",
  keywords: ["stirling", "stirling number", "first kind", "stirling1", "stirling s1", "cycles", "permutation cycles", "rising factorial coefficients", "falling factorial coefficients", "combinatorics", "counting"],
  result: Result,
  resultNote: "the two fields together",
  cost_model:
    "b = log2 c(n, k) (saddle-point bound Γ(ρ + n)/(Γ(ρ)ρ^k)); the product tree over n − 1 linear factors truncated to degree d is costed level by level: 2^ℓ merges of polynomials with " +
    "min(n/2^{ℓ+1}, d) + 1 coefficients of s bits (s from log2 Π(1 + i), or (d + 1)·C(m, d)·max^d on the reversed side) cost 1.2·M(2·coefficients·s); the cheaper orientation is used. " +
    "units = that + decimal conversion 2·3·M(b); M as in combinatorics.factorial.compute. Memory: the root product (2·coefficients·s bits) as bigints and hexadecimal strings, about 2 bytes per bit.",
  progress_measure: "linear factors multiplied in, out of n − 1",
  estimate(n, k, basis) {
    if (k >= n || k === 0) return sized(2, 10, 64, basis);
    const bits = 2 * (log2Stirling1(n, k) + 2);
    if (bits > 1e7) return sized(bits, 0, 0, basis);
    if (k === 1) return sized(bits, 3 * mulUnits(log2Factorial(n)) + n / 4, 2 * bits, basis);
    const plan = stirling1Plan(n, k);
    // the root product as bigints and as hexadecimal strings (2 bytes per 4 bits), operands included
    return sized(bits, plan.units, 2 * plan.peakBits, `${basis} (${plan.reversed ? "reversed" : "forward"} product tree truncated to degree ${plan.d})`);
  },
  compute(n, k, ctx) {
    const c = stirling1Unsigned(n, k, ctx);
    return { signed: (n - k) & 1 ? -c : c, unsigned: c };
  },
  check(n, k, res) {
    if (res.signed !== ((n - k) % 2 === 1 ? -res.unsigned : res.unsigned)) return "signed must be (−1)^{n−k} times unsigned";
    for (const p of STIRLING_CHECK_PRIMES) if (residue(res.unsigned, p) !== stirling1ModPrime(n, k, p)) return `c(n, k) mod ${p} differs from the residue formula`;
    const zero = stirlingVanishes(n, k);
    if (zero) return res.unsigned === 0n ? null : "c(n, k) must be 0 here";
    return res.unsigned > 0n ? null : "c(n, k) is positive here";
  },
  examples: [
    { title: "s(4, 2) = 11 (signed: (−1)^2·11)", payload: { n: "4", k: "2" }, expected: { signed: "11", unsigned: "11" } },
    { title: "s(5, 2) = −50", payload: { n: "5", k: "2" }, expected: { signed: "-50", unsigned: "50" } },
    { title: "s(0, 0) = 1, s(n, 0) = 0", payload: { n: "6", k: "0" }, expected: { signed: "0", unsigned: "0" } },
    { title: "c(10, 1) = 9!", payload: { n: "10", k: "1" }, expected: { signed: "-362880", unsigned: "362880" } },
    { title: "s(30, 15)", payload: { n: "30", k: "15" }, expected: { signed: "-8459574446076318147830625", unsigned: "8459574446076318147830625" } },
  ],
});
