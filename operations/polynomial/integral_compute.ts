import { QQ } from "../../domain/kinds.js";
import { coeffRing, rationals } from "../../domain/math/poly/rings.js";
import { makePolynomial, spIntegral } from "../../domain/math/poly/sparse.js";
import { request, result } from "../_support/kinds.js";
import { coeffMulCost, inputPolynomial, ioCost, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, variableIndex, VariableName } from "./support.js";

const Request = request({
  polynomial: inputPolynomial(),
  "variable?": VariableName.describe("the variable of integration (may be omitted for a polynomial in one variable)"),
});
const Result = result({ integral: outputPolynomial("the antiderivative with constant term 0 (over QQ when the input is over ZZ)") });
type Req = typeof Request.infer;

export default polyCompute<Req, typeof Result.infer>({
  id: "polynomial.integral.compute",
  title: "Formal antiderivative of a polynomial",
  summary:
    "The formal antiderivative ∫ p dx with zero constant term of a polynomial over QQ, ZZ (the result is over QQ), GF(p) or GF(p^k), in the named variable (any number of variables). " +
    "Over GF(p) it exists only when no term has x-exponent ≡ −1 (mod p); otherwise DOMAIN_ERROR. PARI/GP's intformal.",
  keywords: ["polynomial", "integral", "antiderivative", "integrate", "primitive", "intformal", "calculus", "formal integral"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("the polynomial"),
  cost_model: "one rational division by e+1 per term: units ≈ terms·(coefficient product limbs + 200), plus parsing and formatting",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const s = polySize(req.polynomial);
    return { units: s.terms * (coeffMulCost(s.bits, 64) + 200) + 3 * ioCost({ ...s, bits: s.bits + 64 }), memory_bytes: 2 * memoryOf(s.terms, s.bits + 64, s.vars), basis: `${s.terms} terms` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "the polynomial" } }, outputs: { integral: { field: "integral", description: "the antiderivative" } } },
  execute(req) {
    const p = req.polynomial;
    const i = variableIndex(p, req.variable, "payload.polynomial");
    if (p.ring.kind === "ZZ") {
      const terms = p.terms.map((t) => ({ exponents: t.exponents, coeff: { num: t.coeff as bigint, den: 1n } }));
      return { integral: makePolynomial(QQ, p.variables, spIntegral(rationals, terms, i)) };
    }
    return { integral: makePolynomial(p.ring, p.variables, spIntegral(coeffRing(p.ring), p.terms, i)) };
  },
  postcondition: () => null,
  examples: [
    {
      title: "over ZZ the result is over QQ",
      payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "x^2 + 1" } },
      expected: { integral: { ring: "QQ", variables: ["x"], expression: "1/3*x^3 + x", terms: [{ coefficient: "1/3", exponents: [3] }, { coefficient: "1", exponents: [1] }] } },
    },
    {
      title: "in y over GF(5)",
      payload: { polynomial: { ring: "GF(5)", variables: ["x", "y"], expression: "x*y + 1" }, variable: "y" },
      expected: { integral: { ring: "GF(5)", variables: ["x", "y"], expression: "3*x*y^2 + y", terms: [{ coefficient: "3", exponents: [1, 2] }, { coefficient: "1", exponents: [0, 1] }] } },
    },
  ],
});
