import { domainError } from "../../domain/errors.js";
import { likelyPolynomialProducts } from "../../domain/math/identity_check.js";
import { dAdd, dMul, toDenseUnivariate } from "../../domain/math/poly/dense.js";
import { gcdWithCofactorsIn, xgcdIn } from "../../domain/math/poly/univariate.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, dense, inputPolynomial, ioCost, memoryOf, polyCompute, polynomialBounds, polySize, univariatePair, POLY_FORM } from "./support.js";
import { gcdWithCofactorsWithin } from "../../domain/math/poly/zz.js";
import { fieldEuclidUnits, gcdAttemptPrimes, GCD_KIND, gcdShape, modularGcdAttemptUnits, modularGcdUnits, multivariateGcd, multivariateGcdUnits, multivariatePair, severalVariables } from "./zz_support.js";
import { makePolynomial, spDivExact, spEq, spMulAuto } from "../../domain/math/poly/sparse.js";
import type { Polynomial } from "../../domain/math/poly/types.js";

const Request = request({ left: inputPolynomial("the left operand " + POLY_FORM + ": in one variable, or several over ZZ, QQ, GF(p) or GF(p^k)"), right: inputPolynomial("the right operand, over the same ring (variables: the left operand's, then the right's others)") });
const Result = result(gcdShape(), GCD_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.gcd.compute",
  title: "Greatest common divisor of two polynomials, with cofactors and (one variable) Bézout coefficients",
  summary:
    "gcd of two polynomials in one variable over ZZ, QQ, GF(p) or GF(p^k), or in several variables over ZZ, QQ, GF(p) or GF(p^k), with the cofactors left/gcd and right/gcd; in one variable over a field also Bézout coefficients s, t with s·left + t·right = gcd. " +
    "ZZ and QQ: small-prime modular gcd (Brown/Collins: images of the gcd modulo primes below 2^26 combined by Chinese remaindering until stable, then the cofactors by exact division modulo primes, proven by the products gcd·cofactor = operand), " +
    "Bézout coefficients over QQ by the extended Euclidean algorithm; GF(p) and GF(p^k): Euclid. Several variables: Brown's dense modular algorithm (images modulo word primes, each by evaluation and Newton interpolation variable by variable, " +
    "unlucky primes and points detected by the leading monomial), stopped when the image is stable and divides both operands; over GF(p) the same evaluation and interpolation modulo p itself (p < 2^26), " +
    "and the primitive pseudo-remainder sequence in the first variable, contents taken out recursively, when p is larger or too small to give enough evaluation points; over GF(p^k) that pseudo-remainder sequence. " +
    "Normalisation: over ZZ the gcd of the contents times the primitive gcd with positive leading coefficient (as PARI's gcd; with several variables leading in the descending lexicographic order); over a field monic (several variables: leading coefficient 1 in the descending lexicographic order). " +
    "The whole result is published on the `gcd` port, which polynomial.gcd.verify takes as its claim.",
  keywords: ["polynomial", "gcd", "greatest common divisor", "common factor", "bezout", "extended euclidean", "xgcd", "cofactor", "modular gcd", "coprime", "univariate", "multivariate", "several variables", "finite field"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("each operand"),
  cost_model:
    "ZZ/QQ: k ≈ (min coefficient bits + min degree + 16)/25 + 3 word primes, each (n+1)(m+1) modular multiply-adds on doubles (3 units), plus the division tests by Kronecker substitution; " +
    "QQ Bézout coefficients: extended Euclid with rationals of up to (n+m)·bits bits; fields: (n+1)(m+1) element products, twice for the Bézout coefficients.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    if (severalVariables(req.left, req.right)) {
      const sa = polySize(req.left), sb = polySize(req.right);
      return { units: multivariateGcdUnits(req.left, req.right) + 4 * (ioCost(sa) + ioCost(sb)), memory_bytes: 8 * memoryOf(sa.terms + sb.terms, Math.max(sa.bits, sb.bits) + 64, sa.vars + sb.vars) + 2 ** 20, basis: `${sa.terms} and ${sb.terms} terms in ${new Set([...req.left.variables, ...req.right.variables]).size} variables` };
    }
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
  // One variable over ZZ: a few word primes and one product proof settle the common case (a gcd
  // and cofactors not much larger than the operands), bounded and placed on their own.
  attempt: {
    preflight(req) {
      if (req.left.ring.kind !== "ZZ" || severalVariables(req.left, req.right) || !req.left.terms.length || !req.right.terms.length) return undefined;
      const a = polySize(req.left), b = polySize(req.right);
      const n = Math.max(0, a.degree), m = Math.max(0, b.degree);
      const primes = gcdAttemptPrimes(a.bits, b.bits);
      return { units: modularGcdAttemptUnits(n, m, a.bits, b.bits, primes) + 2 * (ioCost(a) + ioCost(b)), memory_bytes: memoryOf(6 * (n + m + 2), 25 * primes + 64, 1), basis: `degrees ${n} and ${m}, coefficients of up to ${Math.max(a.bits, b.bits)} bits: ${primes} word primes and one proof` };
    },
    execute(req, ctx) {
      const { variable, A, B } = univariatePair(req.left, req.right, "payload.left", "payload.right");
      const r = gcdWithCofactorsWithin(A as bigint[], B as bigint[], gcdAttemptPrimes(polySize(req.left).bits, polySize(req.right).bits), 1, { checkpoint: () => ctx.checkpoint() });
      if (!r) return undefined;
      return { gcd: dense(req.left.ring, variable, r.gcd), left_cofactor: dense(req.left.ring, variable, r.left), right_cofactor: dense(req.left.ring, variable, r.right) } as never;
    },
  },
  ports: {
    inputs: { left: { field: "left", description: "the left operand" }, right: { field: "right", description: "the right operand" } },
    outputs: { gcd: { field: ".", description: "the whole result { gcd, left_cofactor, right_cofactor, s?, t? }: the claim of polynomial.gcd.verify" } },
  },
  execute(req, ctx) {
    const tick = () => ctx.checkpoint();
    if (severalVariables(req.left, req.right)) {
      const { R, variables, left, right } = multivariatePair(req.left, req.right, "payload.right");
      const g = multivariateGcd(R, left, right, variables.length, tick);
      const P = (t: readonly unknown[]) => makePolynomial(req.left.ring, variables, t as never);
      if (!g.length) return { gcd: P([]), left_cofactor: P([]), right_cofactor: P([]) } as never;
      const ca = spDivExact(R, left, g, tick), cb = spDivExact(R, right, g, tick);
      if (!ca || !cb) throw domainError("internal: the gcd does not divide an operand", "payload");
      return { gcd: P(g), left_cofactor: P(ca), right_cofactor: P(cb) } as never;
    }
    const { R, variable, A, B } = univariatePair(req.left, req.right, "payload.left", "payload.right");
    const ring = req.left.ring;
    const r = gcdWithCofactorsIn(R, A, B, tick);
    if (!r) throw domainError("internal: the gcd does not divide an operand", "payload");
    const out: Record<string, unknown> = { gcd: dense(ring, variable, r.g), left_cofactor: dense(ring, variable, r.left), right_cofactor: dense(ring, variable, r.right) };
    if (R.isField) {
      const x = xgcdIn(R, A, B, tick);
      out.s = dense(ring, variable, x.s);
      out.t = dense(ring, variable, x.t);
    }
    return out as never;
  },
  postcondition(req, res) {
    if (severalVariables(req.left, req.right)) {
      const { R, left, right } = multivariatePair(req.left, req.right, "payload.right");
      const r = res as unknown as Record<string, Polynomial>;
      const g = r.gcd!.terms, ca = r.left_cofactor!.terms, cb = r.right_cofactor!.terms;
      if (g.length && (!spEq(R, spMulAuto(R, g, ca), left) || !spEq(R, spMulAuto(R, g, cb), right))) return "gcd·cofactor ≠ operand";
      return null;
    }
    const { R, A, B } = univariatePair(req.left, req.right, "payload.left", "payload.right");
    const r = res as unknown as Record<string, never>;
    const g = toDenseUnivariate(r.gcd), ca = toDenseUnivariate(r.left_cofactor), cb = toDenseUnivariate(r.right_cofactor);
    const eq = (x: unknown[], y: unknown[]) => x.length === y.length && x.every((c, i) => R.eq(c, y[i]));
    if (g.length && R.ring.kind === "ZZ") {
      // at random points modulo random word primes (error < 2^-96): the two exact products cost
      // about half of a degree-500 gcd itself
      const zz = (x: unknown[]) => x as bigint[];
      if (!likelyPolynomialProducts([{ left: zz(g), right: zz(ca), product: zz(A) }, { left: zz(g), right: zz(cb), product: zz(B) }])) return "gcd·cofactor ≠ operand";
    } else if (g.length && (!eq(dMul(R, g, ca), A) || !eq(dMul(R, g, cb), B))) return "gcd·cofactor ≠ operand";
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
    {
      title: "several variables over ZZ: gcd(x^2·y − y^3, 2x·y + 2y^2) = x·y + y^2",
      payload: { left: { ring: "ZZ", variables: ["x", "y"], expression: "x^2*y - y^3" }, right: { ring: "ZZ", variables: ["x", "y"], expression: "2*x*y + 2*y^2" } },
      expected: {"gcd":{"ring":"ZZ","variables":["x","y"],"expression":"x*y + y^2","terms":[{"coefficient":"1","exponents":[1,1]},{"coefficient":"1","exponents":[0,2]}]},"left_cofactor":{"ring":"ZZ","variables":["x","y"],"expression":"x - y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"-1","exponents":[0,1]}]},"right_cofactor":{"ring":"ZZ","variables":["x","y"],"expression":"2","terms":[{"coefficient":"2","exponents":[0,0]}]}},
    },
    {
      title: "two variables over GF(5): monic in the lexicographic order",
      payload: {"left": {"ring": "GF(5)", "variables": ["x", "y"], "expression": "x^2 - y^2"}, "right": {"ring": "GF(5)", "variables": ["x", "y"], "expression": "x^2 + 2*x*y + y^2"}},
      expected: {"gcd":{"ring":"GF(5)","variables":["x","y"],"expression":"x + y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"1","exponents":[0,1]}]},"left_cofactor":{"ring":"GF(5)","variables":["x","y"],"expression":"x + 4*y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"4","exponents":[0,1]}]},"right_cofactor":{"ring":"GF(5)","variables":["x","y"],"expression":"x + y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"1","exponents":[0,1]}]}},
    },
  ],
});
