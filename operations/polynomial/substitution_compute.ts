import { coeffRing } from "../../domain/math/poly/rings.js";
import { makePolynomial, remapTerms, spSubstitute } from "../../domain/math/poly/sparse.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, inputPolynomial, kroneckerUnits, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, requireSameRing, sparseMulUnits, variableIndex, VariableName, OUTPUT, POLY_FORM } from "./support.js";

const Request = request({
  polynomial: inputPolynomial("the polynomial p " + POLY_FORM),
  variable: VariableName.describe("the variable x of p to replace"),
  value: inputPolynomial("the polynomial q that replaces x (any variables, same ring; a constant for a partial evaluation)"),
});
const Result = result({ result: outputPolynomial("p with x replaced by q, in canonical form") });
type Req = typeof Request.infer;

export default polyCompute<Req, typeof Result.infer>({
  id: "polynomial.substitution.compute",
  title: "Substitute a polynomial for a variable",
  summary:
    "Replaces one variable x of a polynomial p by a polynomial q (same ring; q may be a constant, involve other variables, or x itself) and expands: p(…, q, …). " +
    "The result's variables are p's without x (kept when q involves x), then q's variables that p lacks. PARI/GP's subst.",
  keywords: ["polynomial", "substitute", "substitution", "subst", "replace variable", "partial evaluation", "change of variables", "multivariate"],
  request: Request,
  result: Result,
  bounds: [...polynomialBounds("each polynomial"), { name: "result_terms", limit: OUTPUT.maxTerms, unit: "terms", description: "substitutions whose estimated result size exceeds this are refused in preflight" }],
  cost_model: "Horner in q over the exponents of x in p: deg_x p products of the running value by q (Kronecker-substitution when dense, packed sparse otherwise); estimated from the result size bound terms(p)·C(t_q + d − 1, d)",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const p = polySize(req.polynomial), q = polySize(req.value);
    const i = req.polynomial.variables.indexOf(req.variable);
    let d = 0;
    if (i >= 0) for (const t of req.polynomial.terms) d = Math.max(d, t.exponents[i]!);
    let multisets = 1;
    for (let j = 1; j < q.terms && multisets < 1e12; j++) multisets = (multisets * (d + j)) / j;
    const termsOut = Math.min(1e12, p.terms * Math.max(1, multisets));
    if (termsOut > 10 * OUTPUT.maxTerms && d * Math.max(1, q.degree) > OUTPUT.maxDegree) return { units: Infinity, memory_bytes: 0, basis: `the result may have ${Math.round(termsOut)} terms` };
    const exact = req.polynomial.ring.kind === "ZZ" || req.polynomial.ring.kind === "QQ";
    const bits = exact ? clearedBits(req.polynomial) + d * (clearedBits(req.value) + Math.log2(q.terms + 1)) + 1 : q.bits;
    const uni = new Set([...req.polynomial.variables, ...req.value.variables]).size <= 1;
    const units = uni ? (d * kroneckerUnits(d * Math.max(1, q.degree) + p.degree + 1, bits)) / 2 : d * sparseMulUnits(Math.min(termsOut, OUTPUT.maxTerms), q.terms, bits, bits);
    return { units: units + 3 * termsOut * (40 + bits / 16), memory_bytes: 4 * memoryOf(Math.min(termsOut, OUTPUT.maxTerms), bits, p.vars + q.vars), basis: `degree ${d} in ${req.variable}, ${q.terms} terms in the value` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "p" }, value: { field: "value", description: "q" } }, outputs: { result: { field: "result", description: "p with x replaced by q" } } },
  execute(req, ctx) {
    const p = req.polynomial, q = req.value;
    requireSameRing(p, q, "payload.value");
    const i = variableIndex(p, req.variable, "payload.polynomial");
    const R = coeffRing(p.ring);
    const all = p.variables.slice();
    for (const v of q.variables) if (!all.includes(v)) all.push(v);
    const P = remapTerms(p.terms, p.variables.map((v) => all.indexOf(v)), all.length);
    const Q = remapTerms(q.terms, q.variables.map((v) => all.indexOf(v)), all.length);
    const out = spSubstitute(R, P, i, Q, all.length, () => ctx.checkpoint());
    if (q.variables.includes(req.variable)) return { result: makePolynomial(p.ring, all, out) };
    // x no longer occurs: drop it from the variable list.
    const keep = all.map((_, j) => j).filter((j) => j !== i);
    return { result: makePolynomial(p.ring, keep.map((j) => all[j]!), out.map((t) => ({ exponents: keep.map((j) => t.exponents[j]!), coeff: t.coeff }))) };
  },
  postcondition: () => null,
  examples: [
    {
      title: "y = x + 1 in x^2 - y^2",
      payload: { polynomial: { ring: "ZZ", variables: ["x", "y"], expression: "x^2 - y^2" }, variable: "y", value: { ring: "ZZ", variables: ["x"], expression: "x + 1" } },
      expected: { result: { ring: "ZZ", variables: ["x"], expression: "-2*x - 1", terms: [{ coefficient: "-2", exponents: [1] }, { coefficient: "-1", exponents: [0] }] } },
    },
    {
      title: "a partial evaluation over GF(7)",
      payload: { polynomial: { ring: "GF(7)", variables: ["x", "y"], expression: "x*y + y^2" }, variable: "x", value: { ring: "GF(7)", variables: [], expression: "3" } },
      expected: { result: { ring: "GF(7)", variables: ["y"], expression: "y^2 + 3*y", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "3", exponents: [1] }] } },
    },
  ],
});
