import { spMulAuto } from "../../domain/math/poly/sparse.js";
import { binaryPolynomialOp, productUnits } from "./support.js";

export default binaryPolynomialOp({
  id: "polynomial.multiply.compute",
  title: "Product of two polynomials",
  summary:
    "Exact product left·right of two polynomials over the same ring (ZZ, QQ, GF(p), GF(p^k)), in any number of variables. " +
    "Dense products (one variable, or several through the Kronecker map x_i ↦ X^(w_i)) use Kronecker substitution: one big-integer product; sparse ones a packed hash product.",
  keywords: ["polynomial", "multiply", "product", "multiplication", "times", "expand", "kronecker substitution", "multivariate", "finite field"],
  field: "product",
  describes: "the product left·right in canonical form",
  combine: (R, a, b, tick) => spMulAuto(R, a, b, tick),
  units: productUnits,
  cost_model:
    "the cheaper of a sparse product (terms_a·terms_b·(250 + coefficient product limbs)) and a Kronecker substitution when the dense image has at most terms_a·terms_b/4 slots " +
    "(12·L^1.58 + 150·slots for L = slots·slot bits/64 limbs; V8's Karatsuba), plus parsing and formatting",
  examples: [
    {
      title: "(x - y)(x + y)",
      payload: { left: { ring: "ZZ", variables: ["x", "y"], expression: "x - y" }, right: { ring: "ZZ", variables: ["x", "y"], expression: "x + y" } },
      expected: { product: { ring: "ZZ", variables: ["x", "y"], expression: "x^2 - y^2", terms: [{ coefficient: "1", exponents: [2, 0] }, { coefficient: "-1", exponents: [0, 2] }] } },
    },
    {
      title: "over GF(2)",
      payload: { left: { ring: "GF(2)", variables: ["x"], expression: "x^2 + x + 1" }, right: { ring: "GF(2)", variables: ["x"], expression: "x + 1" } },
      expected: { product: { ring: "GF(2)", variables: ["x"], expression: "x^3 + 1", terms: [{ coefficient: "1", exponents: [3] }, { coefficient: "1", exponents: [0] }] } },
    },
  ],
});
