import { type } from "arktype";
import { mod } from "../../domain/math/integer.js";
import { integerCharpoly, primeFieldCharpoly, rationalCharpoly } from "../../domain/math/linalg/charpoly.js";
import { determinantModPrime, determinantModSmallPrime, smallModulus } from "../../domain/math/matrix.js";
import { rational, ratAdd, ratEq, ratNeg, ZERO, type Rational } from "../../domain/math/rational.js";
import { request, result } from "../_support/kinds.js";
import { asInt, asRat, FLOAT_STEP, MAX_DIM } from "./support.js";
import { CHARPOLY_KIND, charpolyEstimate, charpolyShape, fromPolynomial, inputMatrix, matrixCompute, rationals, square, toPolynomial, VARIABLE_RE } from "./structure.js";
import { primeField } from "../../domain/math/poly/rings.js";
import { extensionCharpoly, extensionDeterminant } from "../../domain/math/linalg/extension.js";
import { extensionFieldRing } from "../../domain/math/poly/gfq.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { EXT } from "./linalg.js";

const Request = request({ matrix: inputMatrix(MAX_DIM, EXT), "variable?": type("string").atMostLength(32).and(VARIABLE_RE).describe('the variable of the result (default "x")') });
const Result = result(charpolyShape(), CHARPOLY_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

const CHECK_PRIME = smallModulus(0);

export default matrixCompute<Req, Res>({
  id: "matrix.characteristic_polynomial.compute",
  title: "Characteristic polynomial det(xI − A) of a square matrix over ZZ, QQ, GF(p) or GF(p^k)",
  summary:
    "The characteristic polynomial det(xI − A), monic of degree n, of an n×n matrix (n ≤ 500) over ZZ, QQ, GF(p) or GF(p^k), as a polynomial value over the matrix's ring. " +
    "ZZ: modulo word-size primes (doubles, delayed reduction) from the Krylov sequence of one vector, which determines det(xI − A) mod p whenever it spans (else Hessenberg reduction), and Chinese remaindering up to a proven coefficient bound (C(n,k) times the product of the k largest row norms): no early termination, the result is proven. " +
    "QQ: the same on d·A (d the common denominator), rescaled. GF(p) and GF(p^k): Hessenberg reduction over the field. The whole result is published on the `characteristic_polynomial` port, which matrix.characteristic_polynomial.verify takes as its claim.",
  keywords: ["characteristic polynomial", "charpoly", "det(xI - A)", "eigenvalues", "hessenberg", "multimodular", "matrix", "linear algebra", "cayley-hamilton", "trace", "determinant"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
    { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) has at most 40 digits and must be a proven prime" },
  ],
  cost_model:
    "units ≈ 64-bit limb operations. ZZ/QQ: k primes below 2^b (b = 22–26, the largest with n·2^(2b) < 2^53) with k·b > the coefficient bound (≈ Σ row bits + ½·n·log2 n + n bits); each prime costs ≈ n³ steps in doubles (" +
    FLOAT_STEP +
    " units each) plus n² entry reductions; Chinese remaindering costs (n+1)·k products of the growing modulus. GF(p): n³ steps (doubles below 2^26, bigint products above). Plus parsing and formatting.",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    return charpolyEstimate(req.matrix);
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the square matrix { ring, rows }" } },
    outputs: { characteristic_polynomial: { field: ".", description: "the whole result { characteristic_polynomial }: the claim of matrix.characteristic_polynomial.verify" } },
  },
  execute(req, ctx) {
    const m = req.matrix;
    square(m, "payload.matrix", "the characteristic polynomial");
    const tick = () => ctx.checkpoint();
    const x = req.variable ?? "x";
    switch (m.ring.kind) {
      case "ZZ":
        return { characteristic_polynomial: toPolynomial(m.ring, integerCharpoly(asInt(m), tick), x) };
      case "QQ":
        return { characteristic_polynomial: toPolynomial(m.ring, rationalCharpoly(asRat(m), tick), x) };
      case "GF":
        return { characteristic_polynomial: toPolynomial(m.ring, primeFieldCharpoly(asInt(m), m.ring.p, tick), x) };
      case "GFq":
        return { characteristic_polynomial: toPolynomial(m.ring, extensionCharpoly(m.ring, m.rows as FieldElement[][], tick), x) };
    }
  },
  postcondition(req, res) {
    // Independent of the Hessenberg reduction: the x^{n−1} coefficient is −trace (exact) and the
    // constant term is (−1)^n det, compared with Gaussian elimination modulo a prime.
    const m = req.matrix;
    const n = m.rows.length;
    const poly = res.characteristic_polynomial;
    if (poly.variables.length !== 1) return "the result is not univariate";
    if (m.ring.kind === "GFq") {
      const F = extensionFieldRing(m.ring);
      const c = fromPolynomial(poly, F) as FieldElement[];
      if (c.length !== n + 1 || !F.eq(c[n]!, F.one)) return `the result is not monic of degree ${n}`;
      const A = m.rows as FieldElement[][];
      let tr = F.zero;
      for (let i = 0; i < n; i++) tr = F.add(tr, A[i]![i]!);
      if (n && !F.eq(F.neg(tr), c[n - 1]!)) return "the x^(n−1) coefficient is not −trace";
      const d = extensionDeterminant(m.ring, A);
      return F.eq(n % 2 ? F.neg(d) : d, c[0]!) ? null : "the constant term is not (−1)^n det";
    }
    const R = m.ring.kind === "GF" ? primeField(m.ring.p) : rationals;
    const c = fromPolynomial(poly, R) as (Rational | bigint)[];
    if (c.length !== n + 1) return `the result does not have degree ${n}`;
    if (m.ring.kind === "GF") {
      const p = m.ring.p;
      const A = asInt(m);
      let tr = 0n;
      for (let i = 0; i < n; i++) tr += A[i]![i]!;
      if (c[n] !== 1n) return "not monic";
      if (n && mod(-tr, p) !== c[n - 1]) return "the x^(n−1) coefficient is not −trace";
      const d = determinantModPrime(A, p);
      return mod((n % 2 ? -1n : 1n) * d, p) === c[0] ? null : "the constant term is not (−1)^n det";
    }
    const cr = c as Rational[];
    if (!ratEq(cr[n]!, rational(1n))) return "not monic";
    let tr: Rational = ZERO;
    for (let i = 0; i < n; i++) tr = ratAdd(tr, m.ring.kind === "ZZ" ? rational(asInt(m)[i]![i]!) : asRat(m)[i]![i]!);
    if (n && !ratEq(cr[n - 1]!, ratNeg(tr))) return "the x^(n−1) coefficient is not −trace";
    // constant term: (−1)^n det(A); with B = d·A integral, det(B) = d^n det(A)
    let d = 1n;
    if (m.ring.kind === "QQ") for (const r of asRat(m)) for (const v of r) if (v.den !== 1n) d = lcmB(d, v.den);
    const B = m.ring.kind === "QQ" ? asRat(m).map((r) => r.map((v) => v.num * (d / v.den))) : asInt(m);
    const scaled = rational(cr[0]!.num * d ** BigInt(n), cr[0]!.den);
    if (scaled.den !== 1n) return "the constant term times d^n is not an integer";
    const P = BigInt(CHECK_PRIME);
    const det = BigInt(determinantModSmallPrime(B, CHECK_PRIME));
    return mod((n % 2 ? -1n : 1n) * scaled.num - det, P) === 0n ? null : `the constant term disagrees with (−1)^n det modulo ${CHECK_PRIME}`;
  },
  examples: [
    {
      title: "a 2×2 integer matrix",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] } },
      expected: { characteristic_polynomial: { ring: "ZZ", variables: ["x"], expression: "x^2 - 5*x - 2", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "-5", exponents: [1] }, { coefficient: "-2", exponents: [0] }] } },
    },
    {
      title: "a rational matrix, variable t",
      payload: { matrix: { ring: "QQ", rows: [["1/2", "1"], ["0", "1/3"]] }, variable: "t" },
      expected: { characteristic_polynomial: { ring: "QQ", variables: ["t"], expression: "t^2 - 5/6*t + 1/6", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "-5/6", exponents: [1] }, { coefficient: "1/6", exponents: [0] }] } },
    },
    {
      title: "over GF(5)",
      payload: { matrix: { ring: "GF(5)", rows: [["1", "2", "0"], ["0", "1", "3"], ["4", "0", "2"]] } },
      expected: { characteristic_polynomial: { ring: "GF(5)", variables: ["x"], expression: "x^3 + x^2 + 4", terms: [{ coefficient: "1", exponents: [3] }, { coefficient: "1", exponents: [2] }, { coefficient: "4", exponents: [0] }] } },
    },
    {
      title: "over GF(2^2): the companion matrix of x^2 + a·x + 1",
      payload: { matrix: { ring: "GF(2^2)", rows: [["0", "1"], ["1", "a"]] } },
      expected: { characteristic_polynomial: { ring: "GF(2^2)", variables: ["x"], expression: "x^2 + a*x + 1", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "a", exponents: [1] }, { coefficient: "1", exponents: [0] }] } },
    },
    {
      title: "the 0×0 matrix has characteristic polynomial 1",
      payload: { matrix: { ring: "ZZ", rows: [] } },
      expected: { characteristic_polynomial: { ring: "ZZ", variables: ["x"], expression: "1", terms: [{ coefficient: "1", exponents: [0] }] } },
    },
  ],
});

function lcmB(a: bigint, b: bigint): bigint {
  let x = a, y = b;
  while (y) [x, y] = [y, x % y];
  return (a / x) * b;
}
