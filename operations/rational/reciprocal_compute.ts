import { ratInv, type Rational } from "../../domain/math/rational.js";
import { unaryDeclaration } from "./factory.js";
import { canonicalProblem, canonicalRational, divisionByZero, MAX_CHARS } from "./support.js";

/** rational.reciprocal.compute: 1/x for x ≠ 0. */
export default unaryDeclaration<Rational>({
  id: "rational.reciprocal.compute",
  title: "Reciprocal 1/x of a rational number",
  summary: "1/x for a non-zero rational of up to 100,001 characters (the input may be unreduced; the result is canonical with the sign on the numerator). x = 0 fails with DOMAIN_ERROR at payload.value.",
  keywords: ["rational", "fraction", "reciprocal", "inverse", "multiplicative inverse", "invert", "one over", "flip"],
  operand: 'x (non-zero): a rational "p/q" (q > 0, not necessarily in lowest terms) or an integer',
  field: "reciprocal",
  type: canonicalRational(MAX_CHARS + 1, "1/x, canonical (the sign moves to the numerator)"),
  port: "1/x",
  compute: (x) => (x.num === 0n ? divisionByZero("payload.value", "1/x with x = 0") : ratInv(x)),
  check: (x, r) => canonicalProblem(r) ?? (x.num * r.num === x.den * r.den ? null : "x · (1/x) ≠ 1"),
  examples: [
    { title: "1/(3/4) = 4/3", payload: { value: "3/4" }, expected: { reciprocal: "4/3" } },
    { title: "the sign moves to the numerator", payload: { value: "-2/6" }, expected: { reciprocal: "-3" } },
    { title: "an integer", payload: { value: "7" }, expected: { reciprocal: "1/7" } },
  ],
});
