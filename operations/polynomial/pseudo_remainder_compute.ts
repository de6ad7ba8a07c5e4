import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { dAdd, dMul, dPseudoDivRem, dScale, toDenseUnivariate } from "../../domain/math/poly/dense.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, dense, divisionUnits, inputPolynomial, ioCost, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, productUnits, univariatePair, POLY_FORM } from "./support.js";

const Request = request({ dividend: inputPolynomial("the dividend a " + POLY_FORM + ", in one variable"), divisor: inputPolynomial("the divisor b ≠ 0, in the same variable") });
const Result = result({
  quotient: outputPolynomial("the pseudo-quotient q"),
  remainder: outputPolynomial("the pseudo-remainder r, deg r < deg b"),
  multiplier: type("string").describe("lc(b)^(deg a − deg b + 1) (1 when deg a < deg b), an element of the ring"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.pseudo_remainder.compute",
  title: "Pseudo-division of univariate polynomials",
  summary:
    "Pseudo-quotient q and pseudo-remainder r with lc(b)^(deg a − deg b + 1)·a = q·b + r and deg r < deg b, for polynomials in one variable over any ring (ZZ without fractions), " +
    "the convention of PARI/GP's pseudorem and pseudodiv. When deg a < deg b: q = 0, r = a, multiplier 1.",
  keywords: ["polynomial", "pseudo-division", "pseudo remainder", "prem", "pseudorem", "pseudodiv", "fraction-free", "division", "integer polynomial"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("each operand"),
  cost_model: "(deg a − deg b + 1) steps each scaling the running remainder and quotient by lc(b) and subtracting a multiple of b: ≈ (deg a − deg b + 1)·(deg a + 1)·(coefficient product limbs + 60) units with coefficients growing to (deg a − deg b + 1)·bits(lc b) more bits, plus the postcondition product",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const a = polySize(req.dividend), b = polySize(req.divisor);
    const steps = Math.max(1, a.degree - b.degree + 1);
    const bits = Math.max(clearedBits(req.dividend), clearedBits(req.divisor)) + (req.dividend.ring.kind === "ZZ" ? steps * clearedBits(req.divisor) : 0) + 64;
    const units = divisionUnits(a.degree, 0, bits) * Math.max(1, b.degree) + productUnits(req.divisor, req.divisor) * Math.max(1, a.degree / Math.max(1, b.degree)) + 3 * ioCost({ ...a, bits });
    return { units, memory_bytes: memoryOf(4 * (a.degree + 1), bits, 1), basis: `degrees ${a.degree} and ${b.degree}, coefficients up to about ${Math.round(bits)} bits` };
  },
  ports: {
    inputs: { dividend: { field: "dividend", description: "the dividend" }, divisor: { field: "divisor", description: "the divisor" } },
    outputs: { quotient: { field: "quotient", description: "the pseudo-quotient" }, remainder: { field: "remainder", description: "the pseudo-remainder" } },
  },
  execute(req, ctx) {
    const { R, variable, A, B } = univariatePair(req.dividend, req.divisor, "payload.dividend", "payload.divisor");
    if (!B.length) throw domainError("pseudo-division by the zero polynomial", "payload.divisor", "give a nonzero divisor");
    const { q, r, multiplier } = dPseudoDivRem(R, A, B, () => ctx.checkpoint());
    return { quotient: dense(req.dividend.ring, variable, q), remainder: dense(req.dividend.ring, variable, r), multiplier: R.format(multiplier) } as never;
  },
  postcondition(req, res) {
    const { R, A, B } = univariatePair(req.dividend, req.divisor, "payload.dividend", "payload.divisor");
    const q = toDenseUnivariate(res.quotient as never), r = toDenseUnivariate(res.remainder as never);
    if (r.length >= B.length) return "deg r ≥ deg b";
    const steps = Math.max(0, A.length - B.length + 1);
    let m = R.one;
    for (let i = 0; i < steps; i++) m = R.mul(m, B[B.length - 1]);
    if (R.format(m) !== (res.multiplier as unknown as string)) return "wrong multiplier";
    const back = dAdd(R, dMul(R, q, B), r);
    const target = dScale(R, A, m);
    return back.length === target.length && back.every((c, i) => R.eq(c, target[i])) ? null : "q·b + r ≠ lc(b)^(deg a − deg b + 1)·a";
  },
  examples: [
    {
      title: "over ZZ without fractions",
      payload: { dividend: { ring: "ZZ", variables: ["x"], expression: "x^3 + 2*x + 1" }, divisor: { ring: "ZZ", variables: ["x"], expression: "2*x - 1" } },
      expected: {
        quotient: { ring: "ZZ", variables: ["x"], expression: "4*x^2 + 2*x + 9", terms: [{ coefficient: "4", exponents: [2] }, { coefficient: "2", exponents: [1] }, { coefficient: "9", exponents: [0] }] },
        remainder: { ring: "ZZ", variables: ["x"], expression: "17", terms: [{ coefficient: "17", exponents: [0] }] },
        multiplier: "8",
      },
    },
  ],
});
