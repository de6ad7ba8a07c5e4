import { type } from "arktype";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { makePolynomial, spDerivative } from "../../domain/math/poly/sparse.js";
import { request, result } from "../_support/kinds.js";
import { coeffMulCost, inputPolynomial, ioCost, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, variableIndex, VariableName } from "./support.js";

const MAX_ORDER = 1_000_000;
const Request = request({
  polynomial: inputPolynomial(),
  "variable?": VariableName.describe("the variable to differentiate in (may be omitted for a polynomial in one variable)"),
  "order?": type(`1 <= number.integer <= ${MAX_ORDER}`).describe("how many times to differentiate (default 1)"),
});
const Result = result({ derivative: outputPolynomial("the derivative in canonical form, over the same variables") });
type Req = typeof Request.infer;

export default polyCompute<Req, typeof Result.infer>({
  id: "polynomial.derivative.compute",
  title: "Formal (partial) derivative of a polynomial",
  summary:
    "The formal derivative ∂^k p/∂x^k (k = order, default 1) of a polynomial over ZZ, QQ, GF(p) or GF(p^k) in the named variable (any number of variables; the name may be omitted for one variable). " +
    "In characteristic p the derivative of x^(mp) is 0. PARI/GP's deriv.",
  keywords: ["polynomial", "derivative", "differentiate", "partial derivative", "deriv", "diff", "calculus", "formal derivative"],
  request: Request,
  result: Result,
  bounds: [...polynomialBounds("the polynomial"), { name: "order", limit: MAX_ORDER, unit: "derivatives", description: "the order k is at most this" }],
  cost_model: "one coefficient product by e(e−1)…(e−k+1) per term: units ≈ terms·(coefficient product limbs + k/8 + 60), plus parsing and formatting",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const s = polySize(req.polynomial);
    const k = req.order ?? 1;
    const bits = s.bits + k * Math.log2(Math.max(2, s.degree));
    return { units: s.terms * (coeffMulCost(s.bits, bits) + k / 8 + 60) + 3 * ioCost({ ...s, bits }), memory_bytes: 2 * memoryOf(s.terms, bits, s.vars), basis: `${s.terms} terms` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "the polynomial" } }, outputs: { derivative: { field: "derivative", description: "the derivative" } } },
  execute(req) {
    const p = req.polynomial;
    const i = variableIndex(p, req.variable, "payload.polynomial");
    return { derivative: makePolynomial(p.ring, p.variables, spDerivative(coeffRing(p.ring), p.terms, i, req.order ?? 1)) };
  },
  postcondition: () => null,
  examples: [
    {
      title: "a partial derivative",
      payload: { polynomial: { ring: "QQ", variables: ["x", "y"], expression: "x^3*y^2 + 1/2*x*y + y" }, variable: "y" },
      expected: { derivative: { ring: "QQ", variables: ["x", "y"], expression: "2*x^3*y + 1/2*x + 1", terms: [{ coefficient: "2", exponents: [3, 1] }, { coefficient: "1/2", exponents: [1, 0] }, { coefficient: "1", exponents: [0, 0] }] } },
    },
    {
      title: "in characteristic 3, x^3 has derivative 0",
      payload: { polynomial: { ring: "GF(3)", variables: ["x"], expression: "x^3 + x^2 + 1" } },
      expected: { derivative: { ring: "GF(3)", variables: ["x"], expression: "2*x", terms: [{ coefficient: "2", exponents: [1] }] } },
    },
    {
      title: "second derivative",
      payload: { polynomial: { ring: "ZZ", variables: ["t"], expression: "t^4 - t" }, order: 2 },
      expected: { derivative: { ring: "ZZ", variables: ["t"], expression: "12*t^2", terms: [{ coefficient: "12", exponents: [2] }] } },
    },
  ],
});
