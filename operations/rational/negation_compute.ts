import { ratNeg, type Rational } from "../../domain/math/rational.js";
import { unaryDeclaration } from "./factory.js";
import { canonicalProblem, canonicalRational, MAX_CHARS } from "./support.js";

/** rational.negation.compute: −x. */
export default unaryDeclaration<Rational>({
  id: "rational.negation.compute",
  title: "Negation −x of a rational number",
  summary: "−x for a rational of up to 100,001 characters (the input may be unreduced; the result is canonical).",
  keywords: ["rational", "fraction", "negation", "negate", "negative", "minus", "opposite", "additive inverse", "sign"],
  field: "negation",
  type: canonicalRational(MAX_CHARS + 1, "−x, canonical"),
  port: "−x",
  compute: ratNeg,
  check: (x, n) => canonicalProblem(n) ?? (x.num + n.num === 0n && x.den === n.den ? null : "x + (−x) ≠ 0"),
  examples: [
    { title: "−(3/4)", payload: { value: "3/4" }, expected: { negation: "-3/4" } },
    { title: "−(−6/4) = 3/2", payload: { value: "-6/4" }, expected: { negation: "3/2" } },
    { title: "−0 = 0", payload: { value: "0" }, expected: { negation: "0" } },
  ],
});
