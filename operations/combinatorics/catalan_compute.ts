import { binomialModPrimes, catalan, log2Binomial, mulUnits } from "../../domain/math/combinatorics.js";
import { natural } from "../_support/kinds.js";
import { described, indexedNumber } from "./factory.js";
import { checkPrimesFor, residue, RESULT_CHARS, sized } from "./support.js";

export default indexedNumber<bigint>({
  object: "catalan",
  field: "catalan",
  value: described(natural(RESULT_CHARS), "integer", "the Catalan number C_n = C(2n, n)/(n + 1)"),
  title: "Catalan number C_n",
  summary:
    "Exact Catalan number C_n = C(2n, n)/(n + 1) = (2n)!/(n!(n + 1)!) for n ≥ 0 (C_0 = 1), up to 1,000,000 digits (n ≤ about 1.66 million): the number of Dyck paths, " +
    "binary trees with n internal nodes, triangulations of an (n + 2)-gon, balanced bracket strings. Computed as Π p^e over the primes p ≤ 2n with " +
    "e = v_p((2n)!) − v_p(n!) − v_p((n + 1)!) (Legendre). Postcondition: (n + 1)·C_n ≡ C(2n, n) modulo random primes of [2^25, 2^26) drawn per call (enough that a wrong value passes with probability below 2^−32) (Lucas' theorem).",
  keywords: ["catalan", "catalan number", "dyck path", "dyck words", "binary trees", "triangulations", "balanced parentheses", "ballot", "combinatorics", "counting"],
  cost_model: "b = log2 C(2n, n) − log2(n + 1) (log-gamma); units = 3·M(b) + n/2 (sieve to 2n, Legendre sums) + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
  progress_measure: "exponent bits of the prime-power product done",
  estimate(n, req) {
    const bits = log2Binomial(BigInt(2 * n), BigInt(n)) - Math.log2(n + 1) + 2;
    return sized(bits, 3 * mulUnits(bits) + n / 2, n + bits * 2, `n = ${req.n}`);
  },
  compute: (n, ctx) => catalan(n, ctx),
  check(n, value) {
    const primes = checkPrimesFor(value, log2Binomial(BigInt(2 * n), BigInt(n)));
    const central = binomialModPrimes(BigInt(2 * n), BigInt(n), primes);
    for (let i = 0; i < primes.length; i++) {
      const p = primes[i]!;
      const lhs = (residue(value, p) * ((n + 1) % p)) % p;
      if (lhs !== central[i]) return `(n + 1)·C_n mod ${p} differs from C(2n, n) mod ${p}`;
    }
    return value > 0n ? null : "Catalan numbers are positive";
  },
  examples: [
    { title: "C_0 = 1", payload: { n: "0" }, expected: { catalan: "1" } },
    { title: "C_5 = 42", payload: { n: "5" }, expected: { catalan: "42" } },
    { title: "C_30", payload: { n: "30" }, expected: { catalan: "3814986502092304" } },
    { title: "C_100", payload: { n: "100" }, expected: { catalan: "896519947090131496687170070074100632420837521538745909320" } },
  ],
});
