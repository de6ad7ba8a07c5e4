import { type } from "arktype";
import { firstDifference, mulInt } from "../../domain/math/linalg/certify.js";
import { smith, type SmithResult } from "../../domain/math/linalg/normal_forms.js";
import { ZZ } from "../../domain/kinds.js";
import { SMITH_GENERIC_MIN_DIM, smithGeneric } from "../../domain/math/linalg/normal_forms_fast.js";
import { determinantModSmallPrime, smallModulus } from "../../domain/math/matrix.js";
import { request, result } from "../_support/kinds.js";
import { MAX_DIM } from "./support.js";
import { genericFormEstimate, hermiteEstimate, inputMatrix, integral, matrixCompute, SMITH_KIND, smithShape } from "./structure.js";

const Request = request({ matrix: inputMatrix(), "transforms?": type("boolean").describe("also return unimodular U, V with U·A·V = D (default true)") });
const Result = result(smithShape(), SMITH_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

const genericSmith = (A: bigint[][], d: bigint[]): SmithResult => ({ diagonal: d, D: A.map((_, i) => A.map((__, j) => (i === j ? d[i]! : 0n))), U: [], V: [] });
const mat = (rows: bigint[][]) => ({ $kind: "matrix", ring: ZZ, rows });
const smithResult = (s: SmithResult, want: boolean): Res =>
  ({
    invariant_factors: s.diagonal,
    smith: mat(s.D),
    ...(want ? { left: mat(s.U), right: mat(s.V) } : {}),
    rank: s.diagonal.length,
  }) as unknown as Res;

export default matrixCompute<Req, Res>({
  id: "matrix.smith_form.compute",
  title: "Smith normal form of an integer matrix, with unimodular transforms",
  summary:
    "Smith normal form D = U·A·V of an m×n integer matrix (m, n ≤ 500; any rank, rectangular): D diagonal with positive invariant factors d_1 | d_2 | … | d_r (r = rank) followed by zeros, U (m×m) and V (n×n) unimodular. " +
    "Alternates row and column Hermite reductions until the matrix is diagonal, then enforces the divisibility chain by 2×2 gcd/lcm steps; without transforms, a nonsingular square matrix with invariant factors 1, …, 1, |det A| (the generic case) is settled by one Dixon solve and the determinant from its denominator (the denominator of A⁻¹·c divides the largest invariant factor). The invariant factors are those of PARI/GP's matsnf (which lists them in the opposite order). " +
    "The whole result is the claim of matrix.smith_form.verify.",
  keywords: ["smith normal form", "snf", "invariant factors", "elementary divisors", "abelian group", "cokernel", "unimodular", "integer matrix", "matsnf", "torsion"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the matrix has at most this many rows and columns" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model: "units ≈ 64-bit limb operations: four Hermite reductions (rows, columns, with transforms) at the size of the determinant, plus the products of the transforms (m³ + n³ products). Without transforms, a square matrix first gets the generic-case attempt (eliminations modulo 2, 3, 5, 7, one factorization modulo a word prime, up to five Dixon solves on it, the determinant from the first solution's denominator), bounded and placed on its own: a worst-case determinant by all primes, each solve with as many rational reconstructions as entries; the general algorithm runs only when it declines.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const e = hermiteEstimate(req.matrix, req.transforms !== false, 4);
    return { ...e, units: e.units * 1.5 };
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the integer matrix { ring: \"ZZ\", rows }" } },
    outputs: { smith_form: { field: ".", description: "the whole result { invariant_factors, smith, left?, right?, rank }: the claim of matrix.smith_form.verify" } },
  },
  // Without transforms, a nonsingular square matrix whose invariant factors are 1, …, 1, |det A|
  // (the generic case) is settled by one determinant and one Dixon solve (normal_forms_fast.ts),
  // a first attempt placed by its own, much smaller bound.
  attempt: {
    preflight: (req) => (req.transforms === false ? genericFormEstimate(req.matrix, SMITH_GENERIC_MIN_DIM) : undefined),
    execute(req, ctx) {
      const A = integral(req.matrix, "payload.matrix", "the Smith normal form");
      const generic = req.transforms === false && A.length >= SMITH_GENERIC_MIN_DIM ? smithGeneric(A, () => ctx.checkpoint()) : undefined;
      return generic ? smithResult(genericSmith(A, generic), false) : undefined;
    },
  },
  execute(req, ctx) {
    const A = integral(req.matrix, "payload.matrix", "the Smith normal form");
    const want = req.transforms !== false;
    const tick = () => ctx.checkpoint();
    const generic = !want && !ctx.attemptDeclined && A.length >= SMITH_GENERIC_MIN_DIM ? smithGeneric(A, tick) : undefined;
    return smithResult(generic ? genericSmith(A, generic) : smith(A, { transform: want, tick }), want);
  },
  postcondition(req, res) {
    const A = req.matrix.rows as bigint[][];
    const D = res.smith.rows as bigint[][];
    const d = res.invariant_factors;
    for (let i = 1; i < d.length; i++) if (d[i]! % d[i - 1]! !== 0n) return "the divisibility chain fails";
    const n = A.length;
    if (n && A[0]!.length === n && d.length === n) {
      // independent of both algorithms: ∏ d_i = |det A|, compared modulo a word-size prime
      const p = smallModulus(1), P = BigInt(p);
      const prod = d.reduce((acc, v) => (acc * (v % P)) % P, 1n);
      const det = BigInt(determinantModSmallPrime(A, p));
      if (prod !== det && (prod + det) % P !== 0n) return `the product of the invariant factors is not ±det A modulo ${p}`;
    }
    if (res.left && res.right) {
      const n = A.length ? A[0]!.length : 0;
      if (firstDifference(mulInt(mulInt(res.left.rows as bigint[][], A, n), res.right.rows as bigint[][], n), D)) return "U·A·V ≠ D";
    }
    return null;
  },
  examples: [
    { title: "a 3×3 integer matrix with transforms", payload: { matrix: { ring: "ZZ", rows: [["2", "4", "4"], ["-6", "6", "12"], ["10", "-4", "-16"]] } }, expected: {"invariant_factors":["2","6","12"],"smith":{"ring":"ZZ","rows":[["2","0","0"],["0","6","0"],["0","0","12"]]},"left":{"ring":"ZZ","rows":[["1","0","0"],["-1","3","2"],["3","-4","-3"]]},"right":{"ring":"ZZ","rows":[["1","-2","-2"],["0","1","0"],["0","0","1"]]},"rank":3} },
    { title: "a rectangular rank-1 matrix", payload: { matrix: { ring: "ZZ", rows: [["6", "4", "2"], ["3", "2", "1"]] } }, expected: {"invariant_factors":["1"],"smith":{"ring":"ZZ","rows":[["1","0","0"],["0","0","0"]]},"left":{"ring":"ZZ","rows":[["0","1"],["-1","2"]]},"right":{"ring":"ZZ","rows":[["1","-2","-1"],["-1","3","1"],["0","0","1"]]},"rank":1} },
    { title: "invariant factors only: Z/2 × Z/6 from diag(2, 6) presented differently", payload: { matrix: { ring: "ZZ", rows: [["4", "6"], ["6", "6"]] }, transforms: false }, expected: {"invariant_factors":["2","6"],"smith":{"ring":"ZZ","rows":[["2","0"],["0","6"]]},"rank":2} },
  ],
});
