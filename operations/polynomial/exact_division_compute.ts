import { domainError } from "../../domain/errors.js";
import { dDivExact } from "../../domain/math/poly/dense.js";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { makePolynomial, spDivExact, spEq, spMulAuto } from "../../domain/math/poly/sparse.js";
import { request, result } from "../_support/kinds.js";
import { aligned, dense, divisionUnits, inputPolynomial, ioCost, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, productUnits, POLY_FORM, clearedBits } from "./support.js";

const Request = request({ dividend: inputPolynomial("the dividend a " + POLY_FORM), divisor: inputPolynomial("the divisor b ≠ 0, which must divide a") });
const Result = result({ quotient: outputPolynomial("the exact quotient a/b") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.exact_division.compute",
  title: "Exact quotient of polynomials",
  summary:
    "The quotient a/b when b divides a exactly, for polynomials in any number of variables over ZZ, QQ, GF(p) or GF(p^k) (over ZZ the quotient must have integer coefficients). " +
    "Leading-term division in lexicographic order; fails with DOMAIN_ERROR when b does not divide a.",
  keywords: ["polynomial", "exact division", "divide", "quotient", "divisible", "divides", "cofactor", "multivariate"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("each operand"),
  cost_model: "one variable: (deg a − deg b + 1)·(deg b + 1) coefficient multiply-subtracts; several: at most terms(a)·terms(b) multiply-subtracts per quotient term bound by terms(a)·terms(b)·terms(a) pessimistically; plus the postcondition product and formatting",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const a = polySize(req.dividend), b = polySize(req.divisor);
    const bits = Math.max(clearedBits(req.dividend), clearedBits(req.divisor)) + 64;
    const uni = Math.max(a.vars, b.vars) <= 1;
    const work = uni ? divisionUnits(a.degree, b.degree, bits) : Math.max(1, a.terms) * Math.max(1, b.terms) * (a.terms + b.terms) * 60 + a.terms * b.terms * 300;
    return { units: work + productUnits(req.divisor, req.divisor) + 3 * ioCost(a) + ioCost(b), memory_bytes: memoryOf(4 * (a.terms + b.terms + a.degree), bits, a.vars + b.vars), basis: `${a.terms} and ${b.terms} terms` };
  },
  ports: {
    inputs: { dividend: { field: "dividend", description: "the dividend" }, divisor: { field: "divisor", description: "the divisor" } },
    outputs: { quotient: { field: "quotient", description: "the exact quotient" } },
  },
  execute(req, ctx) {
    const { variables, left, right } = aligned(req.dividend, req.divisor, "payload.divisor");
    const R = coeffRing(req.dividend.ring);
    if (!right.length) throw domainError("division by the zero polynomial", "payload.divisor", "give a nonzero divisor");
    const tick = () => ctx.checkpoint();
    let quotient;
    if (variables.length <= 1) {
      const A = new Array(left.length ? left[0]!.exponents[0]! + 1 : 0).fill(R.zero);
      for (const t of left) A[t.exponents[0] ?? 0] = t.coeff;
      const B = new Array(right[0]!.exponents[0] !== undefined ? right[0]!.exponents[0]! + 1 : 1).fill(R.zero);
      for (const t of right) B[t.exponents[0] ?? 0] = t.coeff;
      const q = dDivExact(R, A, B, tick);
      if (q === undefined) throw notDivisible(R.name);
      quotient = variables.length ? dense(req.dividend.ring, variables[0]!, q) : makePolynomial(req.dividend.ring, [], q.length ? [{ exponents: [], coeff: q[0] }] : []);
    } else {
      const q = spDivExact(R, left, right, tick);
      if (q === undefined) throw notDivisible(R.name);
      quotient = makePolynomial(req.dividend.ring, variables, q);
    }
    return { quotient } as never;
  },
  postcondition(req, res) {
    // res is the value execute returned: the quotient over the aligned variable list.
    const q = res.quotient as unknown as { terms: never[] };
    const { left, right } = aligned(req.dividend, req.divisor, "payload.divisor");
    const R = coeffRing(req.dividend.ring);
    return spEq(R, spMulAuto(R, q.terms, right), left) ? null : "quotient·divisor ≠ dividend";
  },
  examples: [
    {
      title: "multivariate over ZZ",
      payload: { dividend: { ring: "ZZ", variables: ["x", "y"], expression: "x^3 - y^3" }, divisor: { ring: "ZZ", variables: ["x", "y"], expression: "x - y" } },
      expected: { quotient: { ring: "ZZ", variables: ["x", "y"], expression: "x^2 + x*y + y^2", terms: [{ coefficient: "1", exponents: [2, 0] }, { coefficient: "1", exponents: [1, 1] }, { coefficient: "1", exponents: [0, 2] }] } },
    },
    {
      title: "univariate over GF(5)",
      payload: { dividend: { ring: "GF(5)", variables: ["x"], expression: "x^4 - 1" }, divisor: { ring: "GF(5)", variables: ["x"], expression: "x - 2" } },
      expected: { quotient: { ring: "GF(5)", variables: ["x"], expression: "x^3 + 2*x^2 + 4*x + 3", terms: [{ coefficient: "1", exponents: [3] }, { coefficient: "2", exponents: [2] }, { coefficient: "4", exponents: [1] }, { coefficient: "3", exponents: [0] }] } },
    },
  ],
});

function notDivisible(ring: string) {
  return domainError(`the divisor does not divide the dividend over ${ring}`, "payload.divisor", "use polynomial.division.compute for a quotient with remainder");
}
