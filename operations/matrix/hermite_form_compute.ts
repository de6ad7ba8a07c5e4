import { type } from "arktype";
import { hermite, type HermiteResult } from "../../domain/math/linalg/normal_forms.js";
import { isHermite } from "../../domain/math/linalg/normal_forms.js";
import { mulInt, firstDifference } from "../../domain/math/linalg/certify.js";
import { ZZ } from "../../domain/kinds.js";
import { HERMITE_GENERIC_MIN_DIM, hermiteGeneric } from "../../domain/math/linalg/normal_forms_fast.js";
import { request, result } from "../_support/kinds.js";
import { MAX_DIM } from "./support.js";
import { genericFormEstimate, HERMITE_KIND, hermiteEstimate, hermiteShape, inputMatrix, integral, matrixCompute } from "./structure.js";

const Request = request({ matrix: inputMatrix(), "transform?": type("boolean").describe("also return the unimodular U with U·A = H (default true)") });
const Result = result(hermiteShape(), HERMITE_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

const hermiteResult = (h: HermiteResult, want: boolean): Res =>
  ({
    hermite: { $kind: "matrix", ring: ZZ, rows: h.H },
    ...(want ? { transform: { $kind: "matrix", ring: ZZ, rows: h.U } } : {}),
    rank: h.rank,
    pivots: h.pivots,
  }) as unknown as Res;

export default matrixCompute<Req, Res>({
  id: "matrix.hermite_form.compute",
  title: "Hermite normal form of an integer matrix, with the unimodular transform",
  summary:
    "Row-style Hermite normal form H = U·A of an m×n integer matrix (m, n ≤ 500; any rank, rectangular or empty): H in row echelon form, the first r = rank rows nonzero with positive pivots, " +
    "entries above each pivot reduced into [0, pivot), the last m − r rows zero; U unimodular (det ±1), so its last m − r rows are a basis of the integer left kernel. H is unique: the canonical basis of the row lattice. " +
    "Rows enter one at a time into a fully reduced echelon basis (Kannan–Bachem order), so entries stay below the pivots; without the transform, a nonsingular square matrix whose pivots are 1, …, 1, |det A| (the generic case) is settled by one Dixon solve and the determinant from its denominator, proven by lattice inclusion and equal determinants. PARI/GP's mathnf is the column-style form of the transpose. The whole result is the claim of matrix.hermite_form.verify.",
  keywords: ["hermite normal form", "hnf", "row echelon form over the integers", "lattice basis", "unimodular", "integer matrix", "transform", "left kernel", "row lattice", "mathnf"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the matrix has at most this many rows and columns" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model:
    "units ≈ 64-bit limb operations: m·r·(n + m)·3 bigint products at the size of the lattice determinant (≈ Hadamard's bound of the r largest rows), plus formatting; the postcondition adds one product U·A. Without transforms, a square matrix first gets the generic-case attempt (eliminations modulo 2, 3, 5, 7, one factorization modulo a word prime, up to five Dixon solves on it, the determinant from the first solution's denominator), bounded and placed on its own: a worst-case determinant by all primes, each solve with as many rational reconstructions as entries; the general algorithm runs only when it declines.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const e = hermiteEstimate(req.matrix, req.transform !== false);
    return { ...e, units: e.units * 1.5 };
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the integer matrix { ring: \"ZZ\", rows }" } },
    outputs: { hermite_form: { field: ".", description: "the whole result { hermite, transform?, rank, pivots }: the claim of matrix.hermite_form.verify" } },
  },
  // Without the transform, a nonsingular square matrix whose Hermite pivots are 1, …, 1, |det A|
  // (the generic case) is settled by one determinant and one Dixon solve (normal_forms_fast.ts),
  // a first attempt placed by its own, much smaller bound.
  attempt: {
    preflight: (req) => (req.transform === false ? genericFormEstimate(req.matrix, HERMITE_GENERIC_MIN_DIM) : undefined),
    execute(req, ctx) {
      const A = integral(req.matrix, "payload.matrix", "the Hermite normal form");
      const generic = req.transform === false && A.length >= HERMITE_GENERIC_MIN_DIM ? hermiteGeneric(A, () => ctx.checkpoint()) : undefined;
      return generic ? hermiteResult({ H: generic, U: [], rank: A.length, pivots: A.map((_, i) => i) }, false) : undefined;
    },
  },
  execute(req, ctx) {
    const A = integral(req.matrix, "payload.matrix", "the Hermite normal form");
    const want = req.transform !== false;
    const tick = () => ctx.checkpoint();
    const generic = !want && !ctx.attemptDeclined && A.length >= HERMITE_GENERIC_MIN_DIM ? hermiteGeneric(A, tick) : undefined;
    return hermiteResult(generic ? { H: generic, U: [], rank: A.length, pivots: A.map((_, i) => i) } : hermite(A, { transform: want, tick }), want);
  },
  postcondition(req, res) {
    const A = req.matrix.rows as bigint[][];
    const H = res.hermite.rows as bigint[][];
    const shape = isHermite(H);
    if (!shape.ok) return shape.reason;
    if (shape.rank !== res.rank) return "rank disagrees with H";
    if (res.transform) {
      const U = res.transform.rows as bigint[][];
      const cols = A.length ? A[0]!.length : 0;
      if (firstDifference(mulInt(U, A, cols), H)) return "U·A ≠ H";
    }
    return null;
  },
  examples: [
    {
      title: "a 3×3 integer matrix with its transform",
      payload: { matrix: { ring: "ZZ", rows: [["2", "3", "6"], ["4", "1", "5"], ["6", "2", "1"]] } },
      expected: {"hermite":{"ring":"ZZ","rows":[["2","0","9"],["0","1","23"],["0","0","36"]]},"transform":{"ring":"ZZ","rows":[["0","2","-1"],["1","4","-3"],["1","7","-5"]]},"rank":3,"pivots":[0,1,2]},
    },
    {
      title: "a rank-deficient 3×2 matrix: the zero row's transform row spans the left kernel",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["2", "4"], ["3", "7"]] } },
      expected: {"hermite":{"ring":"ZZ","rows":[["1","0"],["0","1"],["0","0"]]},"transform":{"ring":"ZZ","rows":[["7","0","-2"],["-3","0","1"],["-2","1","0"]]},"rank":2,"pivots":[0,1]},
    },
    {
      title: "without the transform",
      payload: { matrix: { ring: "ZZ", rows: [["4", "6"], ["6", "9"]] }, transform: false },
      expected: {"hermite":{"ring":"ZZ","rows":[["2","3"],["0","0"]]},"rank":1,"pivots":[0]},
    },
  ],
});
