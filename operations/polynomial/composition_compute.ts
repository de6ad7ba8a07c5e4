import { coeffRing } from "../../domain/math/poly/rings.js";
import { makePolynomial, spSubstitute } from "../../domain/math/poly/sparse.js";
import { domainError } from "../../domain/errors.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, inputPolynomial, kroneckerUnits, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, requireSameRing, sparseMulUnits, OUTPUT, POLY_FORM } from "./support.js";

const Request = request({
  outer: inputPolynomial("the outer polynomial f " + POLY_FORM + ", in one variable"),
  inner: inputPolynomial("the inner polynomial g (any variables)"),
});
const Result = result({ composition: outputPolynomial("f(g) in canonical form, in the inner polynomial's variables") });
type Req = typeof Request.infer;

export default polyCompute<Req, typeof Result.infer>({
  id: "polynomial.composition.compute",
  title: "Composition f(g) of polynomials",
  summary:
    "The composition f(g) of a polynomial f in one variable with a polynomial g in any variables over the same ring (ZZ, QQ, GF(p), GF(p^k)); the result is in g's variables. " +
    "Horner's scheme over the exponents of f, with Kronecker-substitution products (dense) or packed sparse products.",
  keywords: ["polynomial", "composition", "compose", "f(g)", "substitute a polynomial", "nested", "plug in"],
  request: Request,
  result: Result,
  bounds: [...polynomialBounds("each operand"), { name: "result_degree", limit: OUTPUT.maxDegree, unit: "degree", description: "deg f · deg g is at most this" }],
  cost_model: "Horner: deg f products of the running value (up to deg f·deg g) by g; dense: deg f Kronecker products of up to (deg f·deg g) slots of the final coefficient size; sparse: terms products; plus formatting",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const f = polySize(req.outer), g = polySize(req.inner);
    const n = Math.max(0, f.degree), m = Math.max(0, g.degree);
    if (n * m > OUTPUT.maxDegree) return { units: Infinity, memory_bytes: 0, basis: `the composition has degree ${n * m}, above ${OUTPUT.maxDegree}` };
    const exact = req.outer.ring.kind === "ZZ" || req.outer.ring.kind === "QQ";
    const bits = exact ? clearedBits(req.outer) + n * (clearedBits(req.inner) + Math.log2(g.terms + 1)) + 1 : g.bits;
    const slots = g.vars <= 1 ? n * m + 1 : Math.pow(n * m + 1, g.vars);
    const termsOut = Math.min(slots, Math.pow(n + 1, Math.min(g.terms, 8)));
    const units = slots <= 16 * termsOut ? (n * kroneckerUnits(slots, bits)) / 2 : n * sparseMulUnits(termsOut, g.terms, bits, bits);
    return { units: units + 3 * termsOut * (40 + bits / 16), memory_bytes: 4 * memoryOf(termsOut, bits, g.vars), basis: `deg f = ${n}, deg g = ${m}` };
  },
  ports: { inputs: { outer: { field: "outer", description: "f" }, inner: { field: "inner", description: "g" } }, outputs: { composition: { field: "composition", description: "f(g)" } } },
  execute(req, ctx) {
    const f = req.outer, g = req.inner;
    requireSameRing(f, g, "payload.inner");
    if (f.variables.length > 1) throw domainError(`the outer polynomial has ${f.variables.length} variables; it must have one`, "payload.outer.variables", "for several variables use polynomial.substitution.compute");
    const R = coeffRing(f.ring);
    const n = g.variables.length;
    // f as a polynomial over g's variables plus f's own variable (last), then substitute g for it.
    const lifted = f.terms.map((t) => ({ exponents: [...new Array<number>(n).fill(0), t.exponents[0] ?? 0], coeff: t.coeff }));
    const inner = g.terms.map((t) => ({ exponents: [...t.exponents, 0], coeff: t.coeff }));
    const out = spSubstitute(R, lifted, n, inner, n + 1, () => ctx.checkpoint());
    return { composition: makePolynomial(f.ring, g.variables, out.map((t) => ({ exponents: t.exponents.slice(0, n), coeff: t.coeff }))) };
  },
  postcondition: () => null,
  examples: [
    {
      title: "f(x) = x^2 + 1 at g = x - 1",
      payload: { outer: { ring: "ZZ", variables: ["x"], expression: "x^2 + 1" }, inner: { ring: "ZZ", variables: ["x"], expression: "x - 1" } },
      expected: { composition: { ring: "ZZ", variables: ["x"], expression: "x^2 - 2*x + 2", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "-2", exponents: [1] }, { coefficient: "2", exponents: [0] }] } },
    },
    {
      title: "into several variables",
      payload: { outer: { ring: "QQ", variables: ["t"], expression: "t^2 - 1/2*t" }, inner: { ring: "QQ", variables: ["x", "y"], expression: "x*y" } },
      expected: { composition: { ring: "QQ", variables: ["x", "y"], expression: "x^2*y^2 - 1/2*x*y", terms: [{ coefficient: "1", exponents: [2, 2] }, { coefficient: "-1/2", exponents: [1, 1] }] } },
    },
  ],
});
