import type { Rational } from "../../domain/math/rational.js";
import { integer, positive } from "../_support/kinds.js";
import { unaryDeclaration } from "./factory.js";
import { canonicalProblem, canonicalRational, described, MAX_CHARS } from "./support.js";

/**
 * rational.canonical.compute: p/q in lowest terms. The request's rational kind already reduces the
 * operand while parsing, so the operation returns it with its parts; the postcondition still checks
 * lowest terms on what is returned.
 */
export default unaryDeclaration<Rational>({
  id: "rational.canonical.compute",
  title: "Canonical form of a rational number (reduce a fraction to lowest terms)",
  summary:
    "Reduces p/q to lowest terms with a positive denominator (dividing by gcd(p, q)) and returns the canonical string together with its numerator and denominator; " +
    "an integer stays an integer, 0/q becomes \"0\". Operands of up to 100,001 characters.",
  keywords: ["rational", "fraction", "reduce", "lowest terms", "simplify", "canonical", "normal form", "numerator", "denominator", "gcd", "cancel"],
  operand: 'a rational "p/q" (q > 0, not necessarily in lowest terms) or an integer',
  field: "value",
  type: canonicalRational(MAX_CHARS, 'the same number in canonical form: lowest terms, positive denominator, "p" when the denominator is 1'),
  port: "the canonical form",
  more: {
    shape: { numerator: described(integer(MAX_CHARS), "p of the canonical form p/q"), denominator: described(positive(MAX_CHARS), "q ≥ 1 of the canonical form p/q") },
    of: (r) => ({ numerator: r.num, denominator: r.den }),
  },
  compute: (x) => x,
  check: (x, r, res) => {
    if (res.numerator !== r.num || res.denominator !== r.den) return "numerator and denominator are not those of the value";
    return canonicalProblem(r) ?? (x.num * r.den === r.num * x.den ? null : "the canonical form has a different value");
  },
  cost_model: "units = bits²/64 + characters for the gcd of numerator and denominator (Lehmer's algorithm, quadratic), bits ≈ 3.33 × characters",
  examples: [
    { title: "84/36 = 7/3", payload: { value: "84/36" }, expected: { value: "7/3", numerator: "7", denominator: "3" } },
    { title: "a negative fraction", payload: { value: "-10/4" }, expected: { value: "-5/2", numerator: "-5", denominator: "2" } },
    { title: "an integer in disguise", payload: { value: "12/4" }, expected: { value: "3", numerator: "3", denominator: "1" } },
    { title: "zero", payload: { value: "0/7" }, expected: { value: "0", numerator: "0", denominator: "1" } },
  ],
});
