import { type } from "arktype";
import { spPowAuto } from "../../domain/math/poly/sparse.js";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { makePolynomial } from "../../domain/math/poly/sparse.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, inputPolynomial, ioCost, kroneckerUnits, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, sparseMulUnits, OUTPUT } from "./support.js";

const MAX_EXPONENT = 1_000_000;
const Request = request({
  polynomial: inputPolynomial(),
  exponent: type(`0 <= number.integer <= ${MAX_EXPONENT}`).describe(`the exponent e, a JSON integer 0 ≤ e ≤ ${MAX_EXPONENT}`),
});
const Result = result({ power: outputPolynomial("the power polynomial^exponent in canonical form") });
type Req = typeof Request.infer;

/** Estimated result terms (Π (e·deg_i + 1) and the multiset bound C(t+e−1, e)), slots and bits. */
function shape(req: Req) {
  const p = req.polynomial, e = req.exponent;
  const s = polySize(p);
  let slots = 1;
  p.variables.forEach((_, i) => {
    let d = 0;
    for (const t of p.terms) d = Math.max(d, t.exponents[i]!);
    slots *= d * e + 1;
  });
  let multisets = 1;
  for (let j = 1; j < s.terms && multisets < slots; j++) multisets = (multisets * (e + j)) / j;
  const terms = s.terms <= 1 ? Math.min(1, s.terms) : Math.min(slots, multisets);
  const bits = p.ring.kind === "ZZ" || p.ring.kind === "QQ" ? e * (clearedBits(p) + Math.log2(s.terms + 1)) + 1 : s.bits;
  return { s, slots, terms, bits };
}

export default polyCompute<Req, typeof Result.infer>({
  id: "polynomial.power.compute",
  title: "Integer power of a polynomial",
  summary:
    "Exact power p^e (0 ≤ e ≤ 1,000,000) of a polynomial over ZZ, QQ, GF(p) or GF(p^k), in any number of variables; p^0 = 1. " +
    "Dense cases (one variable, or several through the Kronecker map) by binary powering with Kronecker-substitution products; sparse ones by binary powering with sparse products.",
  keywords: ["polynomial", "power", "exponentiation", "raise", "expand", "binomial expansion", "multinomial", "finite field"],
  request: Request,
  result: Result,
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "exponent", limit: MAX_EXPONENT, unit: "exponent", description: "the exponent e is at most this" },
    { name: "result_terms", limit: OUTPUT.maxTerms, unit: "terms", description: "powers whose estimated term count (min of Π(e·deg_i + 1) and C(t+e−1, e)) exceeds this are refused in preflight" },
  ],
  cost_model:
    "result size: terms ≤ min(Π_i (e·deg_i + 1), C(t+e−1, e)), coefficient bits ≤ e·(b + log2(t+1)) over ZZ/QQ. Dense (Kronecker image with at most 4·t·e + 64 slots): about 2 products of the final size, " +
    "12·L^1.58 units for L limbs; sparse: about 2·terms² products of 250 units plus limb costs",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const { s, slots, terms, bits } = shape(req);
    if (terms > OUTPUT.maxTerms) return { units: Infinity, memory_bytes: 0, basis: `the power may have ${Math.round(terms)} terms, above ${OUTPUT.maxTerms}` };
    const dense = slots <= 4 * s.terms * req.exponent + 64;
    const units = dense ? 2.5 * kroneckerUnits(slots, bits) : 2 * sparseMulUnits(terms, Math.min(terms, Math.sqrt(terms) * 2), bits / 2, bits / 2);
    return { units: units + ioCost({ ...s, terms, bits }), memory_bytes: 3 * memoryOf(terms, bits, s.vars) + (dense ? (slots * bits) / 2 : 0), basis: `${Math.round(terms)} result terms of up to ${Math.round(bits)} bits (${dense ? "dense" : "sparse"})` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "the base" } }, outputs: { power: { field: "power", description: "the power" } } },
  execute(req, ctx) {
    const p = req.polynomial;
    const R = coeffRing(p.ring);
    const terms = spPowAuto(R, p.terms as never, req.exponent, p.variables.length, () => ctx.checkpoint());
    return { power: makePolynomial(p.ring, p.variables, terms) };
  },
  postcondition: () => null,
  examples: [
    {
      title: "a binomial",
      payload: { polynomial: { ring: "ZZ", variables: ["x", "y"], expression: "x - 2*y" }, exponent: 3 },
      expected: { power: { ring: "ZZ", variables: ["x", "y"], expression: "x^3 - 6*x^2*y + 12*x*y^2 - 8*y^3", terms: [{ coefficient: "1", exponents: [3, 0] }, { coefficient: "-6", exponents: [2, 1] }, { coefficient: "12", exponents: [1, 2] }, { coefficient: "-8", exponents: [0, 3] }] } },
    },
    {
      title: "Frobenius in GF(3)",
      payload: { polynomial: { ring: "GF(3)", variables: ["x"], expression: "x + 1" }, exponent: 9 },
      expected: { power: { ring: "GF(3)", variables: ["x"], expression: "x^9 + 1", terms: [{ coefficient: "1", exponents: [9] }, { coefficient: "1", exponents: [0] }] } },
    },
    {
      title: "p^0 = 1",
      payload: { polynomial: { ring: "QQ", variables: ["x"], expression: "1/2*x" }, exponent: 0 },
      expected: { power: { ring: "QQ", variables: ["x"], expression: "1", terms: [{ coefficient: "1", exponents: [0] }] } },
    },
  ],
});
