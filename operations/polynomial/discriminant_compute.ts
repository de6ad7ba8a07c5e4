import { type } from "arktype";
import { coeffRing, formatPolyRing } from "../../domain/math/poly/rings.js";
import { discriminantIn } from "../../domain/math/poly/univariate.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, inputPolynomial, ioCost, outputPolynomial, polyCompute, polynomialBounds, polySize, univariateOne, variableIndex, POLY_FORM, VariableName } from "./support.js";
import { fieldEuclidUnits, modularResultantUnits, multivariateDiscriminant, multivariateResultantCost, resultantBits } from "./zz_support.js";
import { formatExpression } from "../../domain/math/poly/format.js";

const Request = request({
  polynomial: inputPolynomial("f " + POLY_FORM + ": in one variable, or several over ZZ, QQ, GF(p) or GF(p^k)"),
  "variable?": VariableName.describe("the variable of the discriminant (may be omitted for a polynomial in one variable)"),
});
const Result = result({
  discriminant: type("string").describe("disc(f) in the coefficient ring's syntax (integer, rational p/q, residue, or GF(p^k) element); with several variables the canonical expression of the polynomial in the other variables"),
  ring: type("string").describe("the coefficient ring"),
  "polynomial?": outputPolynomial("with several variables: disc_x(f) as a polynomial in the other variables"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

const MAX_BITS = 4_000_000;
const MAX_DENSE = 200_000;

export default polyCompute<Req, Res>({
  id: "polynomial.discriminant.compute",
  title: "Discriminant of a polynomial (one variable, or with respect to one of several)",
  summary:
    "disc(f) = (−1)^(n(n−1)/2) · res(f, f′) / lc(f) for f of degree n ≥ 1 (PARI's poldisc; 1 for constants), over ZZ, QQ, GF(p) or GF(p^k): zero exactly when f has a repeated root. " +
    "With several variables (over ZZ, QQ, GF(p) or GF(p^k)) disc_x(f) with respect to the named variable, a polynomial in the others, by the evaluation/interpolation (or subresultant) resultant of polynomial.resultant.compute; the derivative has formal degree n − 1, so in characteristic p, when it has actual degree m < n − 1, Res_{n,n−1}(f, f′) = lc(f)^{n−1−m}·Res_{n,m}(f, f′) (as PARI). " +
    "One variable: the resultant is multi-modular over ZZ and QQ (word primes up to Hadamard's bound, Chinese remaindering) and by Euclid over finite fields.",
  keywords: ["polynomial", "discriminant", "poldisc", "repeated root", "square-free", "resultant", "derivative", "univariate", "multivariate", "several variables"],
  request: Request,
  result: Result,
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "discriminant_bits", limit: MAX_BITS, unit: "bits", description: "refused in preflight when Hadamard's bound on |res(f, f′)| exceeds this" },
    { name: "discriminant_dense_size", limit: MAX_DENSE, unit: "coefficients", description: "several variables: refused in preflight when the degree bounds of res_x(f, f′) give a dense size above this" },
  ],
  cost_model: "that of polynomial.resultant.compute on f and f′ (several variables: on f and ∂f/∂x) (degrees n and n−1, coefficients of b and b + log2 n bits)",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    if (req.polynomial.variables.length > 1) {
      const c = multivariateResultantCost(req.polynomial, req.polynomial, req.variable);
      if (c.dense > MAX_DENSE) return { units: 1e18, memory_bytes: c.memory_bytes, basis: `the discriminant may have dense size ${c.dense} in the other variables, above ${MAX_DENSE}` };
      if (c.bits > MAX_BITS) return { units: 1e18, memory_bytes: c.memory_bytes, basis: `the discriminant's coefficients may have ${Math.round(c.bits)} bits, above ${MAX_BITS}` };
      return { units: c.units + 2 * ioCost(polySize(req.polynomial)), memory_bytes: c.memory_bytes, basis: c.basis };
    }
    const a = polySize(req.polynomial);
    const n = Math.max(0, a.degree);
    const bits = clearedBits(req.polynomial);
    const zq = req.polynomial.ring.kind === "ZZ" || req.polynomial.ring.kind === "QQ";
    const hb = zq ? resultantBits(n, Math.max(0, n - 1), bits, bits + Math.log2(n + 1)) : a.bits;
    if (hb > MAX_BITS) return { units: 1e18, memory_bytes: Math.ceil(hb / 8), basis: `the discriminant may have ${Math.round(hb)} bits, above ${MAX_BITS}` };
    const units = (zq ? modularResultantUnits(n, Math.max(0, n - 1), bits, bits + Math.log2(n + 1)) : fieldEuclidUnits(n, n, a.bits)) + 2 * ioCost(a);
    return { units, memory_bytes: 64 * (n + 2) * 8 + 4 * Math.ceil(hb / 8) + 64 * a.terms * Math.ceil(bits / 8 + 8), basis: `degree ${n}` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "f" } } },
  execute(req, ctx) {
    if (req.polynomial.variables.length > 1) {
      const r = multivariateDiscriminant(req.polynomial, req.variable, () => ctx.checkpoint());
      return { discriminant: formatExpression(coeffRing(r.ring), r.variables, r.terms), ring: formatPolyRing(req.polynomial.ring), polynomial: r } as never;
    }
    if (req.variable !== undefined) variableIndex(req.polynomial, req.variable, "payload.polynomial");
    const { R, A } = univariateOne(req.polynomial, "payload.polynomial");
    const d = discriminantIn(R, A, () => ctx.checkpoint());
    return { discriminant: coeffRing(req.polynomial.ring).format(d), ring: formatPolyRing(req.polynomial.ring) };
  },
  postcondition: () => null,
  examples: [
    { title: "a quadratic: b² − 4ac", payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "3*x^2 + 5*x - 7" } }, expected: {"discriminant": "109", "ring": "ZZ"} },
    { title: "a repeated root", payload: { polynomial: { ring: "QQ", variables: ["x"], expression: "(x - 1/2)^2*(x + 3)" } }, expected: {"discriminant": "0", "ring": "QQ"} },
    { title: "over GF(11)", payload: { polynomial: { ring: "GF(11)", variables: ["x"], expression: "x^3 + x + 1" } }, expected: {"discriminant": "2", "ring": "GF(11)"} },
    {
      title: "the generic depressed cubic over QQ: −4a^3 − 27b^2",
      payload: {"polynomial": {"ring": "QQ", "variables": ["x", "a", "b"], "expression": "x^3 + a*x + b"}, "variable": "x"},
      expected: {"discriminant":"-4*a^3 - 27*b^2","ring":"QQ","polynomial":{"ring":"QQ","variables":["a","b"],"expression":"-4*a^3 - 27*b^2","terms":[{"coefficient":"-4","exponents":[3,0]},{"coefficient":"-27","exponents":[0,2]}]}},
    },
    {
      title: "GF(3), several variables: the derivative 2x has degree 1 < n − 1 = 2 (formal degree, as PARI)",
      payload: {"polynomial": {"ring": "GF(3)", "variables": ["x", "y"], "expression": "y*x^3 + x^2 + y"}, "variable": "x"},
      expected: {"discriminant":"2*y","ring":"GF(3)","polynomial":{"ring":"GF(3)","variables":["y"],"expression":"2*y","terms":[{"coefficient":"2","exponents":[1]}]}},
    },
  ],
});
