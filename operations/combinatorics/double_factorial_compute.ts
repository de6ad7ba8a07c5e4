import { doubleFactorial, log2Factorial, mulUnits } from "../../domain/math/combinatorics.js";
import type { Rational } from "../../domain/math/rational.js";
import { integer, rational } from "../_support/kinds.js";
import { described, indexedNumber } from "./factory.js";
import { checkPrimesFor, familyDomainError, PARAM_DIGITS, residue, RESULT_CHARS, sized } from "./support.js";

/** log2 of m!! for m ≥ 0. */
function log2DoubleFactorial(m: number): number {
  if (m <= 1) return 0;
  if (m % 2 === 0) return m / 2 + log2Factorial(m / 2);
  const h = (m - 1) / 2;
  return log2Factorial(m) - h - log2Factorial(h);
}

/** m!! mod p for 0 ≤ m (product of m, m − 2, …). */
function doubleFactorialMod(m: number, p: number): number {
  let r = 1;
  for (let i = m; i > 1 && r !== 0; i -= 2) r = (r * (i % p)) % p;
  return r;
}

export default indexedNumber<Rational>({
  object: "double_factorial",
  field: "double_factorial",
  index: described(integer(PARAM_DIGITS), "integer", "n ≥ −1, or a negative odd integer"),
  value: described(rational(RESULT_CHARS), "rational", "n!! = n(n − 2)(n − 4)⋯ (an integer for n ≥ −1; a rational ±1/(2k − 1)!! for n = −(2k + 1))"),
  title: "Double factorial n!!",
  summary:
    "Exact double factorial n!! = n(n − 2)(n − 4)⋯ down to 1 or 2, with (−1)!! = 0!! = 1, up to 1,000,000 digits. Negative odd n use the standard extension " +
    "(n + 2)!! = (n + 2)·n!!, i.e. (−(2k + 1))!! = (−1)^k/(2k − 1)!! (a rational: (−3)!! = −1, (−5)!! = 1/3); negative even n are a DOMAIN_ERROR (the extension has a pole). " +
    "Even n = 2m: 2^m·m!; odd n: Π p^{v_p(n!) − v_p(m!)} over the odd primes p ≤ n (m = (n − 1)/2). Postcondition: recomputed modulo random primes of [2^25, 2^26) drawn per call (enough that a wrong value passes with probability below 2^−32) by the plain product.",
  keywords: ["double factorial", "n!!", "semifactorial", "odd factorial", "even factorial", "doubfactorial", "factorial2", "combinatorics"],
  cost_model: "b = log2 |n|!! (log-gamma); units = 3·M(b) + |n|/4 + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
  progress_measure: "exponent bits of the prime-power product done",
  estimate(n, req) {
    const m = n >= -1 ? n : -n - 2; // |result| = m!! (or its reciprocal)
    const bits = log2DoubleFactorial(m) + 1;
    return sized(bits, 3 * mulUnits(bits) + Math.abs(n) / 4, Math.abs(n) / 2 + bits * 2, `n = ${req.n}`);
  },
  compute(n, ctx) {
    if (n >= -1) return { num: doubleFactorial(n, ctx), den: 1n };
    if (n % 2 === 0) {
      throw familyDomainError(`n!! is undefined for negative even n = ${n} (the extension (n + 2)!! = (n + 2)·n!! divides by 0 at n = −2)`, "payload.n", "use n ≥ −1 or a negative odd n");
    }
    const k = (-n - 1) / 2; // n = −(2k + 1)
    return { num: k % 2 === 1 ? -1n : 1n, den: doubleFactorial(2 * k - 1, ctx) };
  },
  check(n, { num, den }) {
    if (n >= -1) {
      if (den !== 1n) return "n!! is an integer for n ≥ −1";
      for (const p of checkPrimesFor(num, log2DoubleFactorial(Math.max(0, n)))) if (residue(num, p) !== doubleFactorialMod(Math.max(0, n), p)) return `n!! mod ${p} differs from the plain product`;
      return null;
    }
    const k = (-n - 1) / 2;
    if (num !== (k % 2 === 1 ? -1n : 1n)) return "(−(2k + 1))!! has numerator (−1)^k";
    for (const p of checkPrimesFor(den, log2DoubleFactorial(2 * k - 1))) if (residue(den, p) !== doubleFactorialMod(2 * k - 1, p)) return `the denominator mod ${p} differs from (2k − 1)!!`;
    return den > 0n ? null : "the denominator of a canonical rational is positive";
  },
  examples: [
    { title: "9!! = 9·7·5·3·1", payload: { n: "9" }, expected: { double_factorial: "945" } },
    { title: "10!! = 10·8·6·4·2", payload: { n: "10" }, expected: { double_factorial: "3840" } },
    { title: "(−1)!! = 0!! = 1", payload: { n: "-1" }, expected: { double_factorial: "1" } },
    { title: "negative odd n: (−7)!! = −1/15", payload: { n: "-7" }, expected: { double_factorial: "-1/15" } },
  ],
});
