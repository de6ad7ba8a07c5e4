import { factorial, factorialModPrimes, legendre, log2Factorial, mulUnits } from "../../domain/math/combinatorics.js";
import { natural } from "../_support/kinds.js";
import { described, indexedNumber } from "./factory.js";
import { reuseDecimalString } from "../../domain/math/decimal.js";
import { checkPrimesFor, residues, RESULT_CHARS, sized, trailingZeros, twoAdicValuation } from "./support.js";

export default indexedNumber<bigint>({
  object: "factorial",
  field: "factorial",
  value: described(natural(RESULT_CHARS), "integer", "n! = 1·2⋯n (0! = 1)"),
  title: "Factorial n!",
  summary:
    "Exact n! for n ≥ 0 (0! = 1) with up to 1,000,000 digits (n ≤ 205,022). Computed from the prime factorization n! = Π p^{v_p(n!)} (Legendre's formula), " +
    "grouped by the bits of the exponents (from the top bit: r ← r·(r·P_b) with P_b the product of the primes whose exponent has bit b), products of small numbers by balanced trees. Postcondition: the exponents of 2 and 5 in the result equal v_2(n!) and v_5(n!) " +
    "(so it ends in exactly v_5(n!) decimal zeros) and n! is recomputed modulo random primes of [2^25, 2^26) drawn per call (enough that a wrong value passes with probability below 2^−32).",
  keywords: ["factorial", "n!", "gamma", "permutations", "number of permutations", "product", "legendre", "combinatorics", "counting"],
  cost_model:
    "result bits b = log2 n! (log-gamma); units = 3·M(b) (the Horner chain of the prime-power product and the cofactor products) + n/4 (sieve, Legendre sums, the postcondition's residue loops) " +
    "+ decimal conversion 3·M(b) (its digits also give the postcondition's count of trailing zeros), where M(b) = min(L^1.465, 6·L·log2 L) + 30 for L = b/64 limbs. " +
    "Memory ≈ 10 bytes per result bit + a sieve byte per odd number ≤ n.",
  progress_measure: "exponent bits of the prime-power product done",
  estimate(n, req) {
    const bits = log2Factorial(n) + 1;
    return sized(bits, 3 * mulUnits(bits) + n / 4, n / 2 + bits * 2, `n = ${req.n}`);
  },
  compute: (n, ctx) => factorial(n, ctx),
  check(n, value) {
    const v2 = legendre(n, 2), v5 = legendre(n, 5);
    if (twoAdicValuation(value) !== v2) return `n! must be divisible by exactly 2^${v2} (Legendre)`;
    // v_2 > v_5 here, so the decimal zeros at the end number min(v_2, v_5(value)): exactly v_5 zeros
    // means 5^v5 ∥ value. The digits are those just published (the pipeline formats the wire form first).
    if (trailingZeros(reuseDecimalString(value)) !== v5) return `n! must be divisible by exactly 5^${v5} (Legendre), i.e. end in exactly ${v5} zeros`;
    const primes = checkPrimesFor(value, log2Factorial(n));
    const products = factorialModPrimes(n, primes);
    const actual = residues(value, primes);
    for (let i = 0; i < primes.length; i++) {
      if (actual[i] !== products[i]) return `n! mod ${primes[i]} differs from the product 1·2⋯n mod ${primes[i]}`;
    }
    return null;
  },
  examples: [
    { title: "0! = 1", payload: { n: "0" }, expected: { factorial: "1" } },
    { title: "10!", payload: { n: "10" }, expected: { factorial: "3628800" } },
    { title: "25! (beyond 2^53)", payload: { n: "25" }, expected: { factorial: "15511210043330985984000000" } },
    {
      title: "100! has 158 digits and 24 trailing zeros",
      payload: { n: "100" },
      expected: {
        factorial:
          "93326215443944152681699238856266700490715968264381621468592963895217599993229915608941463976156518286253697920827223758251185210916864000000000000000000000000",
      },
    },
  ],
});
