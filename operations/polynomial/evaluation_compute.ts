import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { parseCoefficient } from "../../domain/math/poly/parse.js";
import { coeffRing, rationals } from "../../domain/math/poly/rings.js";
import { spEvaluate } from "../../domain/math/poly/sparse.js";
import { list, request, result, ringElement } from "../_support/kinds.js";
import { coeffMulCost, inputPolynomial, ioCost, INPUT, polyCompute, polynomialBounds, polySize } from "./support.js";

const MAX_VALUE_CHARS = 20_000;
const Request = request({
  polynomial: inputPolynomial(),
  values: list(ringElement(MAX_VALUE_CHARS), INPUT.maxVariables, "the point: one value per variable, in the order of the polynomial's variables (integers or \"p/q\"; over ZZ a rational point gives a rational value; GF(p^k): expressions in a)"),
});
const Result = result({ value: type("string").describe("p(values): an integer or canonical \"p/q\" (ZZ, QQ), a residue 0..p−1 (GF(p)), or an expression in a (GF(p^k))") });
type Req = typeof Request.infer;

export default polyCompute<Req, typeof Result.infer>({
  id: "polynomial.evaluation.compute",
  title: "Value of a polynomial at a point",
  summary:
    "Exact value p(v_1, …, v_n) of a polynomial over ZZ, QQ, GF(p) or GF(p^k) at a point given as one ring element per variable. Over ZZ a rational point gives a rational value. " +
    "Univariate: Horner's scheme; several variables: cached powers per variable. For a partial substitution use polynomial.substitution.compute.",
  keywords: ["polynomial", "evaluate", "evaluation", "value", "horner", "substitute a value", "plug in", "point", "finite field"],
  request: Request,
  result: Result,
  bounds: [...polynomialBounds("the polynomial"), { name: "value_chars", limit: MAX_VALUE_CHARS, unit: "characters", description: "each value string has at most this many characters" }],
  cost_model: "Horner over ZZ/QQ: the running value grows to deg·bits(v) bits, so units ≈ Σ_{i ≤ deg} coefficient products of (i·bits(v)) by bits(v) bits; several variables: per term one product per variable with powers of up to deg·bits(v) bits",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const s = polySize(req.polynomial);
    const vb = Math.max(8, ...req.values.map((v) => v.length * 3.33));
    const finite = req.polynomial.ring.kind === "GF" || req.polynomial.ring.kind === "GFq";
    const grow = finite ? s.bits : s.degree * vb + s.bits;
    const units = s.vars <= 1 ? Math.max(1, s.degree) * (coeffMulCost(grow, vb) + 60) : s.terms * s.vars * (coeffMulCost(grow, grow) + 60);
    return { units: units + ioCost(s), memory_bytes: 64 * s.terms + 4 * grow, basis: `degree ${s.degree}, ${s.terms} terms, values of up to ${Math.round(vb)} bits` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "the polynomial" } } },
  execute(req, ctx) {
    const p = req.polynomial;
    if (req.values.length !== p.variables.length) throw domainError(`values has ${req.values.length} entries; the polynomial has ${p.variables.length} variables (${p.variables.join(", ")})`, "payload.values", "give one value per variable, in the order of variables");
    let R = coeffRing(p.ring);
    let terms = p.terms as { exponents: readonly number[]; coeff: unknown }[];
    let point: unknown[];
    if (p.ring.kind === "ZZ") {
      const q = req.values.map((v, i) => parseCoefficient(rationals, v, `payload.values[${i}]`, { maxCoeffDigits: MAX_VALUE_CHARS }));
      if (q.every((x) => x.den === 1n)) point = q.map((x) => x.num);
      else {
        R = rationals;
        point = q;
        terms = terms.map((t) => ({ exponents: t.exponents, coeff: { num: t.coeff as bigint, den: 1n } }));
      }
    } else point = req.values.map((v, i) => parseCoefficient(R, v, `payload.values[${i}]`, { maxCoeffDigits: MAX_VALUE_CHARS }));
    return { value: R.format(spEvaluate(R, terms, point, () => ctx.checkpoint())) };
  },
  postcondition: () => null,
  examples: [
    { title: "over QQ", payload: { polynomial: { ring: "QQ", variables: ["x", "y"], expression: "x^2*y - 1/2*y + 3" }, values: ["2", "-1/3"] }, expected: { value: "11/6" } },
    { title: "over ZZ at a rational point", payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "4*x^2 - 1" }, values: ["1/4"] }, expected: { value: "-3/4" } },
    { title: "over GF(101)", payload: { polynomial: { ring: "GF(101)", variables: ["x"], expression: "x^100 + 5" }, values: ["7"] }, expected: { value: "6" } },
  ],
});
