import { dAdd, dDivRem, dMul, toDenseUnivariate } from "../../domain/math/poly/dense.js";
import { domainError } from "../../domain/errors.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, dense, divisionUnits, inputPolynomial, ioCost, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, productUnits, univariatePair, POLY_FORM } from "./support.js";

const Request = request({ dividend: inputPolynomial("the dividend a " + POLY_FORM + ", in one variable"), divisor: inputPolynomial("the divisor b ≠ 0, in the same variable") });
const Result = result({ quotient: outputPolynomial("the quotient q"), remainder: outputPolynomial("the remainder r, deg r < deg b") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.division.compute",
  title: "Division with remainder of univariate polynomials",
  summary:
    "Quotient and remainder a = q·b + r with deg r < deg b of two polynomials in one variable over a field (QQ, GF(p), GF(p^k)), or over ZZ when the divisor's leading coefficient is ±1 " +
    "(otherwise use polynomial.pseudo_remainder.compute or write the polynomials over QQ). Schoolbook long division.",
  keywords: ["polynomial", "division", "divide", "quotient", "remainder", "long division", "divrem", "mod", "euclidean division", "finite field"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("each operand"),
  cost_model: "(deg a − deg b + 1)·(deg b + 1) coefficient multiply-subtracts of (coefficient product limbs + 60) units, plus the postcondition's product q·b (Kronecker substitution) and parsing/formatting",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const a = polySize(req.dividend), b = polySize(req.divisor);
    const bits = Math.max(clearedBits(req.dividend), clearedBits(req.divisor)) * 2 + 64;
    const units = divisionUnits(a.degree, b.degree, bits) + productUnits(req.divisor, req.divisor) * Math.max(1, a.degree / Math.max(1, b.degree)) + 3 * ioCost(a) + 3 * ioCost(b);
    return { units, memory_bytes: memoryOf(2 * (a.degree + 1), bits, 1) * 2, basis: `degrees ${a.degree} and ${b.degree}` };
  },
  ports: {
    inputs: { dividend: { field: "dividend", description: "the dividend" }, divisor: { field: "divisor", description: "the divisor" } },
    outputs: { quotient: { field: "quotient", description: "the quotient" }, remainder: { field: "remainder", description: "the remainder" } },
  },
  execute(req, ctx) {
    const { R, variable, A, B } = univariatePair(req.dividend, req.divisor, "payload.dividend", "payload.divisor");
    if (!B.length) throw domainError("division by the zero polynomial", "payload.divisor", "give a nonzero divisor");
    if (!R.isField) {
      const lc = B[B.length - 1] as bigint;
      if (lc !== 1n && lc !== -1n) throw domainError(`over ZZ the divisor's leading coefficient must be ±1 for a division with remainder; it is ${lc}`, "payload.divisor", "use polynomial.pseudo_remainder.compute, or give the polynomials over QQ");
    }
    const { q, r } = dDivRem(R, A, B, () => ctx.checkpoint());
    return { quotient: dense(req.dividend.ring, variable, q), remainder: dense(req.dividend.ring, variable, r) } as never;
  },
  postcondition(req, res) {
    // res holds the values execute returned (dense-built polynomials in the operands' variable).
    const { R, A, B } = univariatePair(req.dividend, req.divisor, "payload.dividend", "payload.divisor");
    const q = toDenseUnivariate(res.quotient as never), r = toDenseUnivariate(res.remainder as never);
    if (r.length >= B.length) return "deg r ≥ deg b";
    const back = dAdd(R, dMul(R, q, B), r);
    return back.length === A.length && back.every((c, i) => R.eq(c, A[i])) ? null : "q·b + r ≠ a";
  },
  examples: [
    {
      title: "over QQ",
      payload: { dividend: { ring: "QQ", variables: ["x"], expression: "x^3 + 2*x + 1" }, divisor: { ring: "QQ", variables: ["x"], expression: "2*x - 1" } },
      expected: {
        quotient: { ring: "QQ", variables: ["x"], expression: "1/2*x^2 + 1/4*x + 9/8", terms: [{ coefficient: "1/2", exponents: [2] }, { coefficient: "1/4", exponents: [1] }, { coefficient: "9/8", exponents: [0] }] },
        remainder: { ring: "QQ", variables: ["x"], expression: "17/8", terms: [{ coefficient: "17/8", exponents: [0] }] },
      },
    },
    {
      title: "over GF(7)",
      payload: { dividend: { ring: "GF(7)", variables: ["x"], expression: "x^5 + 1" }, divisor: { ring: "GF(7)", variables: ["x"], expression: "3*x^2 + 1" } },
      expected: {
        quotient: { ring: "GF(7)", variables: ["x"], expression: "5*x^3 + 3*x", terms: [{ coefficient: "5", exponents: [3] }, { coefficient: "3", exponents: [1] }] },
        remainder: { ring: "GF(7)", variables: ["x"], expression: "4*x + 1", terms: [{ coefficient: "4", exponents: [1] }, { coefficient: "1", exponents: [0] }] },
      },
    },
  ],
});
