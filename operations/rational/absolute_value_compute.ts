import { ratAbs, type Rational } from "../../domain/math/rational.js";
import { unaryDeclaration } from "./factory.js";
import { canonicalProblem, canonicalRational, MAX_CHARS } from "./support.js";

/** rational.absolute_value.compute: |x|. */
export default unaryDeclaration<Rational>({
  id: "rational.absolute_value.compute",
  title: "Absolute value |x| of a rational number",
  summary: "|x| for a rational of up to 100,001 characters (the input may be unreduced; the result is canonical).",
  keywords: ["rational", "fraction", "absolute value", "abs", "modulus", "magnitude", "norm"],
  field: "absolute_value",
  type: canonicalRational(MAX_CHARS, "|x| ≥ 0, canonical"),
  port: "|x|",
  compute: ratAbs,
  check: (x, a) => {
    if (a.num < 0n) return "the absolute value is negative";
    return canonicalProblem(a) ?? (a.den === x.den && (a.num === x.num || a.num === -x.num) ? null : "|x| is neither x nor −x");
  },
  examples: [
    { title: "|−3/4| = 3/4", payload: { value: "-3/4" }, expected: { absolute_value: "3/4" } },
    { title: "a positive unreduced input", payload: { value: "10/4" }, expected: { absolute_value: "5/2" } },
    { title: "|0| = 0", payload: { value: "0" }, expected: { absolute_value: "0" } },
  ],
});
