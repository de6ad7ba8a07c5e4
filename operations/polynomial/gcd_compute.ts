import { domainError } from "../../domain/errors.js";
import { dAdd, dMul, toDenseUnivariate } from "../../domain/math/poly/dense.js";
import { gcdIn, quotientIn, xgcdIn } from "../../domain/math/poly/univariate.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, dense, inputPolynomial, ioCost, memoryOf, polyCompute, polynomialBounds, polySize, univariatePair, POLY_FORM } from "./support.js";
import { fieldEuclidUnits, GCD_KIND, gcdShape, modularGcdUnits } from "./zz_support.js";

const Request = request({ left: inputPolynomial("the left operand " + POLY_FORM + ", in one variable"), right: inputPolynomial("the right operand, in the same variable and ring") });
const Result = result(gcdShape(), GCD_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.gcd.compute",
  title: "Greatest common divisor of two univariate polynomials, with cofactors and Bézout coefficients",
  summary:
    "gcd of two polynomials in one variable over ZZ, QQ, GF(p) or GF(p^k), with the cofactors left/gcd and right/gcd; over a field also Bézout coefficients s, t with s·left + t·right = gcd. " +
    "ZZ and QQ: small-prime modular gcd (Brown/Collins: images modulo primes below 2^26, Chinese remaindering, stopped when the image is stable and its primitive part divides both operands — the division is the proof), " +
    "Bézout coefficients over QQ by the extended Euclidean algorithm; GF(p) and GF(p^k): Euclid. Normalisation: over ZZ the gcd of the contents times the primitive gcd with positive leading coefficient (as PARI's gcd); over a field monic. " +
    "The whole result is published on the `gcd` port, which polynomial.gcd.verify takes as its claim.",
  keywords: ["polynomial", "gcd", "greatest common divisor", "common factor", "bezout", "extended euclidean", "xgcd", "cofactor", "modular gcd", "coprime", "univariate", "finite field"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("each operand"),
  cost_model:
    "ZZ/QQ: k ≈ (min coefficient bits + min degree + 16)/25 + 3 word primes, each (n+1)(m+1) modular multiply-adds on doubles (3 units), plus the division tests by Kronecker substitution; " +
    "QQ Bézout coefficients: extended Euclid with rationals of up to (n+m)·bits bits; fields: (n+1)(m+1) element products, twice for the Bézout coefficients.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const a = polySize(req.left), b = polySize(req.right);
    const n = Math.max(0, a.degree), m = Math.max(0, b.degree);
    const ab = clearedBits(req.left), bb = clearedBits(req.right);
    let units: number;
    if (req.left.ring.kind === "ZZ") units = modularGcdUnits(n, m, ab, bb);
    else if (req.left.ring.kind === "QQ") units = modularGcdUnits(n, m, ab, bb) + fieldEuclidUnits(n, m, (n + m + 1) * Math.max(ab, bb) + 64) * 2;
    else units = fieldEuclidUnits(n, m, a.bits) * 3;
    units += 4 * (ioCost(a) + ioCost(b));
    return { units, memory_bytes: memoryOf(6 * (n + m + 2), (n + m + 1) * Math.max(ab, bb) + 64, 1), basis: `degrees ${n} and ${m}, coefficients of up to ${Math.max(ab, bb)} bits` };
  },
  ports: {
    inputs: { left: { field: "left", description: "the left operand" }, right: { field: "right", description: "the right operand" } },
    outputs: { gcd: { field: ".", description: "the whole result { gcd, left_cofactor, right_cofactor, s?, t? }: the claim of polynomial.gcd.verify" } },
  },
  execute(req, ctx) {
    const tick = () => ctx.checkpoint();
    const { R, variable, A, B } = univariatePair(req.left, req.right, "payload.left", "payload.right");
    const ring = req.left.ring;
    const g = gcdIn(R, A, B, tick);
    const out: Record<string, unknown> = { gcd: dense(ring, variable, g) };
    if (!g.length) {
      out.left_cofactor = dense(ring, variable, []);
      out.right_cofactor = dense(ring, variable, []);
    } else {
      const ca = quotientIn(R, A, g, tick), cb = quotientIn(R, B, g, tick);
      if (!ca || !cb) throw domainError("internal: the gcd does not divide an operand", "payload");
      out.left_cofactor = dense(ring, variable, ca);
      out.right_cofactor = dense(ring, variable, cb);
    }
    if (R.isField) {
      const x = xgcdIn(R, A, B, tick);
      out.s = dense(ring, variable, x.s);
      out.t = dense(ring, variable, x.t);
    }
    return out as never;
  },
  postcondition(req, res) {
    const { R, A, B } = univariatePair(req.left, req.right, "payload.left", "payload.right");
    const r = res as unknown as Record<string, never>;
    const g = toDenseUnivariate(r.gcd), ca = toDenseUnivariate(r.left_cofactor), cb = toDenseUnivariate(r.right_cofactor);
    const eq = (x: unknown[], y: unknown[]) => x.length === y.length && x.every((c, i) => R.eq(c, y[i]));
    if (g.length && (!eq(dMul(R, g, ca), A) || !eq(dMul(R, g, cb), B))) return "gcd·cofactor ≠ operand";
    if (r.s !== undefined && r.t !== undefined) {
      const s = toDenseUnivariate(r.s), t = toDenseUnivariate(r.t);
      if (!eq(dAdd(R, dMul(R, s, A), dMul(R, t, B)), g)) return "s·left + t·right ≠ gcd";
    }
    return null;
  },
  examples: [
    {
      title: "over ZZ: contents and the primitive gcd",
      payload: { left: { ring: "ZZ", variables: ["x"], expression: "4*x^4 - 4" }, right: { ring: "ZZ", variables: ["x"], expression: "6*x^3 - 6*x^2 + 6*x - 6" } },
      expected: {"gcd": {"ring": "ZZ", "variables": ["x"], "expression": "2*x^3 - 2*x^2 + 2*x - 2", "terms": [{"coefficient": "2", "exponents": [3]}, {"coefficient": "-2", "exponents": [2]}, {"coefficient": "2", "exponents": [1]}, {"coefficient": "-2", "exponents": [0]}]}, "left_cofactor": {"ring": "ZZ", "variables": ["x"], "expression": "2*x + 2", "terms": [{"coefficient": "2", "exponents": [1]}, {"coefficient": "2", "exponents": [0]}]}, "right_cofactor": {"ring": "ZZ", "variables": ["x"], "expression": "3", "terms": [{"coefficient": "3", "exponents": [0]}]}},
    },
    {
      title: "over QQ with Bézout coefficients",
      payload: { left: { ring: "QQ", variables: ["x"], expression: "x^2 - 1" }, right: { ring: "QQ", variables: ["x"], expression: "x^2 - 3*x + 2" } },
      expected: {"gcd": {"ring": "QQ", "variables": ["x"], "expression": "x - 1", "terms": [{"coefficient": "1", "exponents": [1]}, {"coefficient": "-1", "exponents": [0]}]}, "left_cofactor": {"ring": "QQ", "variables": ["x"], "expression": "x + 1", "terms": [{"coefficient": "1", "exponents": [1]}, {"coefficient": "1", "exponents": [0]}]}, "right_cofactor": {"ring": "QQ", "variables": ["x"], "expression": "x - 2", "terms": [{"coefficient": "1", "exponents": [1]}, {"coefficient": "-2", "exponents": [0]}]}, "s": {"ring": "QQ", "variables": ["x"], "expression": "1/3", "terms": [{"coefficient": "1/3", "exponents": [0]}]}, "t": {"ring": "QQ", "variables": ["x"], "expression": "-1/3", "terms": [{"coefficient": "-1/3", "exponents": [0]}]}},
    },
    {
      title: "coprime over GF(5)",
      payload: { left: { ring: "GF(5)", variables: ["t"], expression: "t^3 + t + 1" }, right: { ring: "GF(5)", variables: ["t"], expression: "t^2 + 2" } },
      expected: {"gcd": {"ring": "GF(5)", "variables": ["t"], "expression": "1", "terms": [{"coefficient": "1", "exponents": [0]}]}, "left_cofactor": {"ring": "GF(5)", "variables": ["t"], "expression": "t^3 + t + 1", "terms": [{"coefficient": "1", "exponents": [3]}, {"coefficient": "1", "exponents": [1]}, {"coefficient": "1", "exponents": [0]}]}, "right_cofactor": {"ring": "GF(5)", "variables": ["t"], "expression": "t^2 + 2", "terms": [{"coefficient": "1", "exponents": [2]}, {"coefficient": "2", "exponents": [0]}]}, "s": {"ring": "GF(5)", "variables": ["t"], "expression": "2*t + 2", "terms": [{"coefficient": "2", "exponents": [1]}, {"coefficient": "2", "exponents": [0]}]}, "t": {"ring": "GF(5)", "variables": ["t"], "expression": "3*t^2 + 3*t + 2", "terms": [{"coefficient": "3", "exponents": [2]}, {"coefficient": "3", "exponents": [1]}, {"coefficient": "2", "exponents": [0]}]}},
    },
  ],
});
