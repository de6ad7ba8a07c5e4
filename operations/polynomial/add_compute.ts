import { spAdd } from "../../domain/math/poly/sparse.js";
import { binaryPolynomialOp, ioCost, polySize } from "./support.js";

export default binaryPolynomialOp({
  id: "polynomial.add.compute",
  title: "Sum of two polynomials",
  summary:
    "Exact sum left + right of two polynomials over the same ring (ZZ, QQ, GF(p), GF(p^k)), in any number of variables. The result's variables are the left operand's, then the right's that the left lacks. " +
    "For a difference, negate inside the expression (\"-(…)\") or use polynomial.normalize.compute on \"(…) - (…)\".",
  keywords: ["polynomial", "add", "sum", "addition", "plus", "combine", "multivariate", "finite field"],
  field: "sum",
  describes: "the sum left + right in canonical form",
  combine: (R, a, b) => spAdd(R, a, b),
  units: (a, b) => 2 * (ioCost(polySize(a)) + ioCost(polySize(b))),
  cost_model: "a merge of the two sorted term lists: units ≈ 2·Σ terms·(40 + 2·limbs + 4·variables) (parsing, merging and formatting)",
  examples: [
    {
      title: "over QQ",
      payload: { left: { ring: "QQ", variables: ["x", "y"], expression: "x^2 + 1/2*y" }, right: { ring: "QQ", variables: ["x", "y"], expression: "-x^2 + 1/3*y + 1" } },
      expected: { sum: { ring: "QQ", variables: ["x", "y"], expression: "5/6*y + 1", terms: [{ coefficient: "5/6", exponents: [0, 1] }, { coefficient: "1", exponents: [0, 0] }] } },
    },
    {
      title: "variables are merged (left's first)",
      payload: { left: { ring: "GF(5)", variables: ["y"], expression: "3*y" }, right: { ring: "GF(5)", variables: ["x"], expression: "x + 4" } },
      expected: { sum: { ring: "GF(5)", variables: ["y", "x"], expression: "3*y + x + 4", terms: [{ coefficient: "3", exponents: [1, 0] }, { coefficient: "1", exponents: [0, 1] }, { coefficient: "4", exponents: [0, 0] }] } },
    },
  ],
});
