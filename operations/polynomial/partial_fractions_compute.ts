import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { dAdd, dDivRem, dMul } from "../../domain/math/poly/dense.js";
import { partialFractions } from "../../domain/math/poly/partial_fractions.js";
import { rationals } from "../../domain/math/poly/rings.js";
import type { Rational } from "../../domain/math/rational.js";
import { list, object, request, result } from "../_support/kinds.js";
import { finiteFieldCost } from "./factorization_support.js";
import { clearedBits, dense, inputPolynomial, ioCost, outputPolynomial, polyCompute, polynomialBounds, polySize, univariatePair, POLY_FORM } from "./support.js";
import { fieldEuclidUnits, modularGcdUnits } from "./zz_support.js";

/** Degree bound of the denominator (it is factored; its Euclid steps run over QQ). */
const MAX_DENOMINATOR_DEGREE = 300;
const MAX_TERMS = MAX_DENOMINATOR_DEGREE;

const Request = request({
  numerator: inputPolynomial("the numerator P " + POLY_FORM + ", in one variable, over ZZ or QQ"),
  denominator: inputPolynomial("the denominator Q ≠ 0, in the same variable and ring"),
});
const Result = result({
  polynomial_part: outputPolynomial("the polynomial part A (over QQ): the quotient of the reduced fraction's division"),
  terms: list(
    object({
      numerator: outputPolynomial("c, with deg c < deg q"),
      factor: outputPolynomial("q: a monic irreducible factor of the reduced denominator over QQ"),
      power: type("1 <= number.integer <= 1000").describe("k ≥ 1: the term is c / q^k"),
    }),
    MAX_TERMS,
    "the terms c / q^k with c ≠ 0, grouped by factor q (in the factorization's order: ascending degree, then coefficients) and by ascending k",
  ),
  denominator: outputPolynomial("the reduced denominator Q / gcd(P, Q), made monic: Π q^(its multiplicity)"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.partial_fractions.compute",
  title: "Partial fraction decomposition of a rational function over QQ",
  summary:
    "Decomposes P/Q (one variable, over QQ or ZZ read as QQ) as A + Σ c_ik / q_i^k with A a polynomial, q_i the distinct monic irreducible factors of the reduced denominator, 1 ≤ k ≤ their multiplicity and deg c_ik < deg q_i (the unique such form; SymPy's apart). " +
    "The fraction is reduced by the modular gcd, A comes from the division, the denominator is factored (Zassenhaus / van Hoeij), each numerator is R·C_i^(−1) modulo q_i^(e_i) with C_i the cofactor (extended Euclid over QQ), then expanded in powers of q_i. " +
    "Postcondition: A·Q + Σ c·Q/q^k equals the reduced numerator.",
  keywords: ["partial fractions", "partial fraction decomposition", "apart", "rational function", "decompose", "fraction", "integration", "polynomial", "rational"],
  request: Request,
  result: Result,
  purpose: "exact rational arithmetic; zz's factorization over QQ",
  bounds: [
    ...polynomialBounds("each polynomial"),
    { name: "denominator_degree", limit: MAX_DENOMINATOR_DEGREE, unit: "degree", description: "the denominator has degree at most this" },
  ],
  cost_model: "the gcd and the division, the factorization of the denominator (as polynomial.factorization.compute), and per factor an extended Euclid over QQ: about 4·n²·(n·bits) limb operations for a denominator of degree n",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const a = polySize(req.numerator), b = polySize(req.denominator);
    const n = Math.max(0, b.degree), m = Math.max(0, a.degree);
    const bits = Math.max(clearedBits(req.numerator), clearedBits(req.denominator)) + 16;
    const units = modularGcdUnits(m, n, bits, bits) + finiteFieldCost(req.denominator).units + 4 * fieldEuclidUnits(n, n, n * bits + 64) + fieldEuclidUnits(m, n, bits) + 4 * (ioCost(a) + ioCost(b));
    return { units, memory_bytes: 64 * (n + m + 2) * (n * bits / 8 + 64) + 2 ** 20, basis: `degrees ${m} and ${n}, coefficients of up to ${bits} bits` };
  },
  ports: { inputs: { numerator: { field: "numerator", description: "P" }, denominator: { field: "denominator", description: "Q" } } },
  execute(req, ctx) {
    for (const [p, path] of [[req.numerator, "payload.numerator"], [req.denominator, "payload.denominator"]] as const) {
      if (p.ring.kind !== "ZZ" && p.ring.kind !== "QQ") throw domainError("partial fractions are computed over QQ (ZZ read as QQ)", `${path}.ring`, "give the polynomials over QQ or ZZ");
    }
    const { variable, A, B } = univariatePair(req.numerator, req.denominator, "payload.numerator", "payload.denominator");
    if (!B.length) throw domainError("the denominator is the zero polynomial", "payload.denominator", "give a nonzero denominator");
    if (B.length - 1 > MAX_DENOMINATOR_DEGREE) throw domainError(`the denominator has degree ${B.length - 1}; at most ${MAX_DENOMINATOR_DEGREE} is supported`, "payload.denominator", `give a denominator of degree at most ${MAX_DENOMINATOR_DEGREE}`);
    const toQ = (c: unknown[]): Rational[] => (req.numerator.ring.kind === "ZZ" ? (c as bigint[]).map((x) => ({ num: x, den: 1n })) : (c as Rational[]));
    const r = partialFractions(toQ(A), toQ(B), { checkpoint: () => ctx.checkpoint() });
    const QQ = { $kind: "ring", kind: "QQ" } as const;
    const P = (c: Rational[]) => dense(QQ, variable, c);
    return {
      polynomial_part: P(r.polynomial),
      terms: r.terms.map((t) => ({ numerator: P(t.numerator), factor: P(t.factor), power: t.power })),
      denominator: P(r.denominator),
    } as never;
  },
  postcondition(req, res) {
    // recombination: A·Q + Σ c·(Q / q^k) = P_reduced·(Q / Q_reduced)… checked as (A·Q_r + Σ c·Q_r/q^k)·Q = P·Q_r
    const R = rationals;
    const { A, B } = univariatePair(req.numerator, req.denominator, "payload.numerator", "payload.denominator");
    const toQ = (c: unknown[]): Rational[] => (req.numerator.ring.kind === "ZZ" ? (c as bigint[]).map((x) => ({ num: x, den: 1n })) : (c as Rational[]));
    const v = res as unknown as { polynomial_part: { terms: { exponents: number[]; coeff: Rational }[] }; terms: { numerator: typeof v.polynomial_part; factor: typeof v.polynomial_part; power: number }[]; denominator: typeof v.polynomial_part };
    const d = (p: typeof v.polynomial_part): Rational[] => {
      const out: Rational[] = [];
      for (const t of p.terms) {
        while (out.length <= (t.exponents[0] ?? 0)) out.push({ num: 0n, den: 1n });
        out[t.exponents[0] ?? 0] = t.coeff;
      }
      return out;
    };
    const Qr = d(v.denominator);
    let sum = dMul(R, d(v.polynomial_part), Qr);
    for (const t of v.terms) {
      if (t.numerator.terms.length && (t.numerator.terms[0]!.exponents[0] ?? 0) >= (t.factor.terms[0]!.exponents[0] ?? 0)) return "a numerator is not of lower degree than its factor";
      let qk: Rational[] = [R.one];
      for (let k = 0; k < t.power; k++) qk = dMul(R, qk, d(t.factor));
      const { q: cof, r } = dDivRem(R, Qr, qk);
      if (r.length) return "a term's factor power does not divide the reduced denominator";
      sum = dAdd(R, sum, dMul(R, d(t.numerator), cof));
    }
    const lhs = dMul(R, sum, toQ(B)), rhs = dMul(R, toQ(A), Qr);
    return lhs.length === rhs.length && lhs.every((c, i) => R.eq(c, rhs[i]!)) ? null : "the terms do not recombine to P/Q";
  },
  examples: [
    {
      title: "1/(x^2 − 1) = (1/2)/(x − 1) − (1/2)/(x + 1)",
      payload: {"numerator": {"ring": "QQ", "variables": ["x"], "expression": "1"}, "denominator": {"ring": "QQ", "variables": ["x"], "expression": "x^2 - 1"}},
      expected: {"polynomial_part":{"ring":"QQ","variables":["x"],"expression":"0","terms":[]},"terms":[{"numerator":{"ring":"QQ","variables":["x"],"expression":"1/2","terms":[{"coefficient":"1/2","exponents":[0]}]},"factor":{"ring":"QQ","variables":["x"],"expression":"x - 1","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"-1","exponents":[0]}]},"power":1},{"numerator":{"ring":"QQ","variables":["x"],"expression":"-1/2","terms":[{"coefficient":"-1/2","exponents":[0]}]},"factor":{"ring":"QQ","variables":["x"],"expression":"x + 1","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"1","exponents":[0]}]},"power":1}],"denominator":{"ring":"QQ","variables":["x"],"expression":"x^2 - 1","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-1","exponents":[0]}]}},
    },
    {
      title: "a polynomial part, a repeated factor and an irreducible quadratic (over ZZ, read as QQ)",
      payload: {"numerator": {"ring": "ZZ", "variables": ["x"], "expression": "x^5 + 2*x + 1"}, "denominator": {"ring": "ZZ", "variables": ["x"], "expression": "2*x^4 + 2*x^2"}},
      expected: {"polynomial_part":{"ring":"QQ","variables":["x"],"expression":"1/2*x","terms":[{"coefficient":"1/2","exponents":[1]}]},"terms":[{"numerator":{"ring":"QQ","variables":["x"],"expression":"1","terms":[{"coefficient":"1","exponents":[0]}]},"factor":{"ring":"QQ","variables":["x"],"expression":"x","terms":[{"coefficient":"1","exponents":[1]}]},"power":1},{"numerator":{"ring":"QQ","variables":["x"],"expression":"1/2","terms":[{"coefficient":"1/2","exponents":[0]}]},"factor":{"ring":"QQ","variables":["x"],"expression":"x","terms":[{"coefficient":"1","exponents":[1]}]},"power":2},{"numerator":{"ring":"QQ","variables":["x"],"expression":"-3/2*x - 1/2","terms":[{"coefficient":"-3/2","exponents":[1]},{"coefficient":"-1/2","exponents":[0]}]},"factor":{"ring":"QQ","variables":["x"],"expression":"x^2 + 1","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"1","exponents":[0]}]},"power":1}],"denominator":{"ring":"QQ","variables":["x"],"expression":"x^4 + x^2","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"1","exponents":[2]}]}},
    },
    {
      title: "common factors cancel first: (x^2 − 1)/(x^2 + 2x + 1) = 1 − 2/(x + 1)",
      payload: {"numerator": {"ring": "QQ", "variables": ["t"], "expression": "t^2 - 1"}, "denominator": {"ring": "QQ", "variables": ["t"], "expression": "t^2 + 2*t + 1"}},
      expected: {"polynomial_part":{"ring":"QQ","variables":["t"],"expression":"1","terms":[{"coefficient":"1","exponents":[0]}]},"terms":[{"numerator":{"ring":"QQ","variables":["t"],"expression":"-2","terms":[{"coefficient":"-2","exponents":[0]}]},"factor":{"ring":"QQ","variables":["t"],"expression":"t + 1","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"1","exponents":[0]}]},"power":1}],"denominator":{"ring":"QQ","variables":["t"],"expression":"t + 1","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"1","exponents":[0]}]}},
    },
  ],
});
