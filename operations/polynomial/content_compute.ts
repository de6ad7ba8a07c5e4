import { domainError } from "../../domain/errors.js";
import { rationalContent, integerContent, coeffRing } from "../../domain/math/poly/rings.js";
import { makePolynomial, spScale } from "../../domain/math/poly/sparse.js";
import type { Rational } from "../../domain/math/rational.js";
import { rational as rationalField, request, result } from "../_support/kinds.js";
import { inputPolynomial, ioCost, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, coeffMulCost } from "./support.js";

const Request = request({ polynomial: inputPolynomial() });
const Result = result({
  content: rationalField(60_000, "the content c ≥ 0: over ZZ the gcd of the coefficients, over QQ the positive rational with p/c integral with coprime coefficients (0 for the zero polynomial)"),
  primitive_part: outputPolynomial("the primitive part p/c (over the same ring; 0 for the zero polynomial)"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.content.compute",
  title: "Content and primitive part of a polynomial over ZZ or QQ",
  summary:
    "The content c of a polynomial over ZZ (gcd of the coefficients) or QQ (the positive rational making p/c integral with coprime coefficients), and its primitive part p/c, in any number of variables. " +
    "The content is taken positive, so the primitive part keeps the sign of p (PARI/GP's content and primpart convention).",
  keywords: ["polynomial", "content", "primitive part", "primpart", "gcd of coefficients", "integer polynomial", "clear denominators", "normalize"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("the polynomial"),
  cost_model: "one gcd and one exact division per coefficient: units ≈ terms·(2·coefficient limbs² + 100), plus parsing and formatting",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const s = polySize(req.polynomial);
    return { units: s.terms * (2 * coeffMulCost(s.bits, s.bits) + 100) + 3 * ioCost(s), memory_bytes: 2 * memoryOf(s.terms, s.bits, s.vars), basis: `${s.terms} terms of up to ${s.bits} bits` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "the polynomial" } }, outputs: { primitive_part: { field: "primitive_part", description: "the primitive part" } } },
  execute(req) {
    const p = req.polynomial;
    const R = coeffRing(p.ring);
    let c: Rational;
    if (p.ring.kind === "ZZ") c = { num: integerContent(p.terms.map((t) => t.coeff as bigint)), den: 1n };
    else if (p.ring.kind === "QQ") c = rationalContent(p.terms.map((t) => t.coeff as Rational));
    else throw domainError(`the content is defined over ZZ and QQ; this polynomial is over a field of characteristic ${R.characteristic}`, "payload.polynomial.ring", "over a finite field every nonzero coefficient is a unit");
    if (c.num === 0n) return { content: c, primitive_part: p } as never;
    const inv = p.ring.kind === "ZZ" ? undefined : R.inv(c);
    const terms = p.ring.kind === "ZZ" ? p.terms.map((t) => ({ exponents: t.exponents, coeff: (t.coeff as bigint) / c.num })) : spScale(R, p.terms, inv);
    return { content: c, primitive_part: makePolynomial(p.ring, p.variables, terms) } as never;
  },
  postcondition: () => null,
  examples: [
    {
      title: "over ZZ: the sign stays in the primitive part",
      payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "-6*x^2 + 4" } },
      expected: { content: "2", primitive_part: { ring: "ZZ", variables: ["x"], expression: "-3*x^2 + 2", terms: [{ coefficient: "-3", exponents: [2] }, { coefficient: "2", exponents: [0] }] } },
    },
    {
      title: "over QQ",
      payload: { polynomial: { ring: "QQ", variables: ["x", "y"], expression: "3/4*x*y - 9/10" } },
      expected: { content: "3/20", primitive_part: { ring: "QQ", variables: ["x", "y"], expression: "5*x*y - 6", terms: [{ coefficient: "5", exponents: [1, 1] }, { coefficient: "-6", exponents: [0, 0] }] } },
    },
  ],
});
