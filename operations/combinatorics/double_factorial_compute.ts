import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { doubleFactorial, log2Factorial, mulUnits } from "../../domain/math/combinatorics.js";
import { integerString, rationalString, strict } from "../_support/wire.js";
import { BUDGET, CHECK_PRIMES, decimalResidue, familyDomainError, PARAM_DIGITS, ratParts, RESULT_BOUND_DESCRIPTION, RESULT_CHARS, sized, small } from "./support.js";

const Request = strict(type({ n: integerString(PARAM_DIGITS).describe("n ≥ −1, or a negative odd integer") }));
const Result = strict(
  type({ double_factorial: rationalString(RESULT_CHARS).describe("n!! = n(n − 2)(n − 4)⋯ (an integer for n ≥ −1; a rational ±1/(2k − 1)!! for n = −(2k + 1))") }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

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

export default defineCompute<Req, Res>({
  id: "combinatorics.double_factorial.compute",
  version: "1.0.0",
  title: "Double factorial n!!",
  summary:
    "Exact double factorial n!! = n(n − 2)(n − 4)⋯ down to 1 or 2, with (−1)!! = 0!! = 1, up to 1,000,000 digits. Negative odd n use the standard extension " +
    "(n + 2)!! = (n + 2)·n!!, i.e. (−(2k + 1))!! = (−1)^k/(2k − 1)!! (a rational: (−3)!! = −1, (−5)!! = 1/3); negative even n are a DOMAIN_ERROR (the extension has a pole). " +
    "Even n = 2m: 2^m·m!; odd n: Π p^{v_p(n!) − v_p(m!)} over the odd primes p ≤ n (m = (n − 1)/2). Postcondition: recomputed modulo two primes by the plain product.",
  keywords: ["double factorial", "n!!", "semifactorial", "odd factorial", "even factorial", "doubfactorial", "factorial2", "combinatorics"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "n_digits", limit: PARAM_DIGITS, unit: "decimal digits", description: "n is given with at most this many digits" },
    { name: "result_digits", limit: 1_000_000, unit: "decimal digits", description: RESULT_BOUND_DESCRIPTION },
  ],
  cost_model: "b = log2 |n|!! (log-gamma); units = 3·M(b) + |n|/4 + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
  budget: BUDGET,
  progress_measure: "exponent bits of the prime-power product done",
  preflight(req) {
    const n = small(req.n);
    const m = n >= -1 ? n : -n - 2; // |result| = m!! (or its reciprocal)
    const bits = log2DoubleFactorial(m) + 1;
    return sized(bits, 3 * mulUnits(bits) + Math.abs(n) / 4, Math.abs(n) / 2 + bits * 2, `n = ${req.n}`);
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx) {
    const n = small(req.n);
    if (n >= -1) return { double_factorial: doubleFactorial(n, ctx).toString() };
    if (n % 2 === 0) {
      throw familyDomainError(`n!! is undefined for negative even n = ${n} (the extension (n + 2)!! = (n + 2)·n!! divides by 0 at n = −2)`, "payload.n", "use n ≥ −1 or a negative odd n");
    }
    const k = (-n - 1) / 2; // n = −(2k + 1)
    const den = doubleFactorial(2 * k - 1, ctx);
    const sign = k % 2 === 1 ? "-" : "";
    return { double_factorial: den === 1n ? `${sign}1` : `${sign}1/${den}` };
  },
  postcondition(req, res) {
    const n = small(req.n);
    const { num, den } = ratParts(res.double_factorial);
    if (n >= -1) {
      if (den !== "1") return "n!! is an integer for n ≥ −1";
      for (const p of CHECK_PRIMES) if (decimalResidue(num, p) !== doubleFactorialMod(Math.max(0, n), p)) return `n!! mod ${p} differs from the plain product`;
      return null;
    }
    const k = (-n - 1) / 2;
    if (num !== (k % 2 === 1 ? "-1" : "1")) return "(−(2k + 1))!! has numerator (−1)^k";
    for (const p of CHECK_PRIMES) if (decimalResidue(den, p) !== doubleFactorialMod(2 * k - 1, p)) return `the denominator mod ${p} differs from (2k − 1)!!`;
    return null;
  },
  examples: [
    { title: "9!! = 9·7·5·3·1", payload: { n: "9" }, expected: { double_factorial: "945" } },
    { title: "10!! = 10·8·6·4·2", payload: { n: "10" }, expected: { double_factorial: "3840" } },
    { title: "(−1)!! = 0!! = 1", payload: { n: "-1" }, expected: { double_factorial: "1" } },
    { title: "negative odd n: (−7)!! = −1/15", payload: { n: "-7" }, expected: { double_factorial: "-1/15" } },
  ],
});
