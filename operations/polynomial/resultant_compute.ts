import { type } from "arktype";
import { coeffRing, formatPolyRing } from "../../domain/math/poly/rings.js";
import { resultantIn } from "../../domain/math/poly/univariate.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, inputPolynomial, ioCost, outputPolynomial, polyCompute, polynomialBounds, polySize, univariatePair, POLY_FORM, VariableName } from "./support.js";
import { fieldEuclidUnits, modularResultantUnits, multivariateResultant, multivariateResultantCost, resultantBits, severalVariables } from "./zz_support.js";
import { domainError } from "../../domain/errors.js";
import { formatExpression } from "../../domain/math/poly/format.js";

const Request = request({
  left: inputPolynomial("f " + POLY_FORM + ": in one variable, or several over ZZ, QQ, GF(p) or GF(p^k)"),
  right: inputPolynomial("g, over the same ring (variables: f's, then g's others)"),
  "variable?": VariableName.describe("the variable eliminated (may be omitted when the operands together have one variable)"),
});
const Result = result({
  resultant: type("string").describe("res(f, g) in the coefficient ring's syntax: an integer (ZZ), a rational p/q (QQ), a residue 0..p−1 (GF(p)) or an element such as a^2 + 1 (GF(p^k)); with several variables the canonical expression of the polynomial in the other variables"),
  ring: type("string").describe("the coefficient ring"),
  "polynomial?": outputPolynomial("with several variables: res_x(f, g) as a polynomial in the other variables (f's, then g's, without x)"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

/** Largest resultant size produced (bits of Hadamard's bound). */
const MAX_RESULTANT_BITS = 4_000_000;
/** Largest dense size Π (deg_y res + 1) of a multivariate resultant. */
const MAX_RESULTANT_DENSE = 200_000;

export default polyCompute<Req, Res>({
  id: "polynomial.resultant.compute",
  title: "Resultant of two polynomials (one variable, or with respect to one of several)",
  summary:
    "The resultant res(f, g) — the Sylvester determinant with the actual degrees (as PARI's polresultant) — of two polynomials in one variable over ZZ, QQ, GF(p) or GF(p^k); 0 when either is 0 or they share a root. " +
    "With several variables (over ZZ, QQ, GF(p) or GF(p^k)) the resultant with respect to the named variable x, a polynomial in the others, by evaluation and interpolation: over GF(p) (p < 2^26) the other variables are set to points where neither leading coefficient in x vanishes, enough points for the degree bound deg_y f·deg_x g + deg_y g·deg_x f, Newton interpolation variable by variable, univariate resultants at the bottom; " +
    "over ZZ and QQ (integer associates) that modulo word primes until their product exceeds twice the bound ‖f‖₁^deg g·‖g‖₁^deg f, then Chinese remaindering; larger GF(p) by the subresultant pseudo-remainder sequence in x with coefficients in R[others] (Collins; every division exact). " +
    "One variable, ZZ and QQ (denominators cleared): resultants modulo word primes by Euclid until their product exceeds twice Hadamard's bound ‖f‖₂^deg g ‖g‖₂^deg f, then Chinese remaindering; finite fields: Euclid's algorithm with the leading-coefficient factors.",
  keywords: ["polynomial", "resultant", "sylvester", "polresultant", "elimination", "common root", "determinant", "univariate", "modular", "multivariate", "several variables", "subresultant", "eliminate a variable"],
  request: Request,
  result: Result,
  bounds: [
    ...polynomialBounds("each operand"),
    { name: "resultant_bits", limit: MAX_RESULTANT_BITS, unit: "bits", description: "refused in preflight when Hadamard's bound on |res| exceeds this (several variables: the bound ‖f‖₁^deg g ‖g‖₁^deg f)" },
    { name: "resultant_dense_size", limit: MAX_RESULTANT_DENSE, unit: "coefficients", description: "several variables: refused in preflight when the degree bounds of the result (deg_y f·deg_x g + deg_y g·deg_x f in each other variable y) give a dense size above this" },
  ],
  cost_model: "several variables: (primes)·S·(6(n + m + 1)² + 20·terms + 8·D) word steps for S the dense size bound of the result and D its largest degree bound (evaluation and interpolation; primes ≈ bits/25 over ZZ/QQ, 1 over GF(p)); GF(p) with p ≥ 2^26: 2·(n + m + 1)·S² coefficient products (limbs² + 60 units each); one variable, ZZ/QQ: k ≈ (Hadamard bits)/25 word primes, each (n+1)(m+1) modular multiply-adds (3 units) and the reduction of the inputs; CRT O(k²) limb operations. Fields: (n+1)(m+1) element products.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    if (severalVariables(req.left, req.right)) {
      const c = multivariateResultantCost(req.left, req.right, req.variable);
      if (c.dense > MAX_RESULTANT_DENSE) return { units: 1e18, memory_bytes: c.memory_bytes, basis: `the resultant may have dense size ${c.dense} in the other variables, above ${MAX_RESULTANT_DENSE}` };
      if (c.bits > MAX_RESULTANT_BITS) return { units: 1e18, memory_bytes: c.memory_bytes, basis: `the resultant's coefficients may have ${Math.round(c.bits)} bits, above ${MAX_RESULTANT_BITS}` };
      return { units: c.units + 2 * (ioCost(polySize(req.left)) + ioCost(polySize(req.right))), memory_bytes: c.memory_bytes, basis: c.basis };
    }
    const a = polySize(req.left), b = polySize(req.right);
    const n = Math.max(0, a.degree), m = Math.max(0, b.degree);
    const ab = clearedBits(req.left), bb = clearedBits(req.right);
    const zq = req.left.ring.kind === "ZZ" || req.left.ring.kind === "QQ";
    const hb = zq ? resultantBits(n, m, ab, bb) : a.bits;
    if (hb > MAX_RESULTANT_BITS) return { units: 1e18, memory_bytes: Math.ceil(hb / 8), basis: `the resultant may have ${Math.round(hb)} bits (Hadamard's bound), above ${MAX_RESULTANT_BITS}` };
    const units = (zq ? modularResultantUnits(n, m, ab, bb) : fieldEuclidUnits(n, m, a.bits)) + 2 * (ioCost(a) + ioCost(b));
    return { units, memory_bytes: 32 * (n + m + 2) * 8 + 4 * Math.ceil(hb / 8) + 64 * (a.terms + b.terms) * Math.ceil(Math.max(ab, bb) / 8 + 8), basis: `degrees ${n} and ${m}${zq ? `, Hadamard bound ≈ ${Math.round(hb)} bits` : ""}` };
  },
  ports: { inputs: { left: { field: "left", description: "f" }, right: { field: "right", description: "g" } } },
  execute(req, ctx) {
    if (severalVariables(req.left, req.right)) {
      const r = multivariateResultant(req.left, req.right, req.variable, () => ctx.checkpoint());
      return { resultant: formatExpression(coeffRing(r.ring), r.variables, r.terms), ring: formatPolyRing(req.left.ring), polynomial: r } as never;
    }
    if (req.variable !== undefined) for (const p of [req.left, req.right]) if (p.variables.length && p.variables[0] !== req.variable) throw domainError(`${JSON.stringify(req.variable)} is not the operands' variable`, "payload.variable", `the variable is ${p.variables[0]}`);
    const { R, A, B } = univariatePair(req.left, req.right, "payload.left", "payload.right");
    const r = resultantIn(R, A, B, () => ctx.checkpoint());
    return { resultant: coeffRing(req.left.ring).format(r), ring: formatPolyRing(req.left.ring) };
  },
  postcondition: () => null,
  examples: [
    { title: "over ZZ", payload: { left: { ring: "ZZ", variables: ["x"], expression: "x^2 + 1" }, right: { ring: "ZZ", variables: ["x"], expression: "2*x^3 - x + 5" } }, expected: {"resultant": "34", "ring": "ZZ"} },
    { title: "a common root gives 0", payload: { left: { ring: "QQ", variables: ["x"], expression: "x^2 - 1/4" }, right: { ring: "QQ", variables: ["x"], expression: "2*x - 1" } }, expected: {"resultant": "0", "ring": "QQ"} },
    { title: "over GF(7)", payload: { left: { ring: "GF(7)", variables: ["x"], expression: "x^3 + 2*x + 1" }, right: { ring: "GF(7)", variables: ["x"], expression: "x^2 + 3" } }, expected: {"resultant": "4", "ring": "GF(7)"} },
    {
      title: "eliminating x from a circle and a line over ZZ",
      payload: {"left": {"ring": "ZZ", "variables": ["x", "y"], "expression": "x^2 + y^2 - 1"}, "right": {"ring": "ZZ", "variables": ["x", "y"], "expression": "x - y"}, "variable": "x"},
      expected: {"resultant":"2*y^2 - 1","ring":"ZZ","polynomial":{"ring":"ZZ","variables":["y"],"expression":"2*y^2 - 1","terms":[{"coefficient":"2","exponents":[2]},{"coefficient":"-1","exponents":[0]}]}},
    },
    {
      title: "three variables over GF(7): a polynomial in y and z",
      payload: {"left": {"ring": "GF(7)", "variables": ["x", "y", "z"], "expression": "x^2 + y*x + z"}, "right": {"ring": "GF(7)", "variables": ["x", "y", "z"], "expression": "x^3 - y"}, "variable": "x"},
      expected: {"resultant":"y^4 + 4*y^2*z + y^2 + z^3","ring":"GF(7)","polynomial":{"ring":"GF(7)","variables":["y","z"],"expression":"y^4 + 4*y^2*z + y^2 + z^3","terms":[{"coefficient":"1","exponents":[4,0]},{"coefficient":"4","exponents":[2,1]},{"coefficient":"1","exponents":[2,0]},{"coefficient":"1","exponents":[0,3]}]}},
    },
  ],
});
