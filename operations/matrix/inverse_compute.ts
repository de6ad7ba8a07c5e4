import { defineCompute } from "../../domain/declaration.js";
import { described, matrix, oneOf, request, vector } from "../_support/kinds.js";
import { dims, eliminationEstimate, fieldOf, inverseOf, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, matVec, MAX_RESULT_ENTRY_CHARS, requireSquareMatrix, ringOps, typedMatrix, typedVector } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

/** The value of matrix.inverse.compute, which matrix.inverse.verify takes as its claim. */
export const INVERSE_KIND = "matrix.inverse";
export const inverseShapes = () =>
  [
    { invertible: "true", inverse: described(matrix(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT), "A⁻¹ (over QQ for ZZ input)") },
    { invertible: "false", kernel_vector: described(vector(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT), "a nonzero x with A·x = 0: the certificate that A is singular") },
  ] as const;
const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = oneOf(inverseShapes(), INVERSE_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.inverse.compute",
  version: "1.0.0",
  title: "Inverse of a square matrix over QQ, GF(p) or GF(p^k), or a singularity certificate",
  summary:
    "The inverse of an n×n matrix (n ≤ 500) over ZZ/QQ (the inverse is over QQ), GF(p) or GF(p^k): { invertible: true, inverse }, or for a singular matrix the typed answer " +
    "{ invertible: false, kernel_vector } with a nonzero x such that A·x = 0 (not an error). ZZ/QQ by the certified multimodular RREF of [A | I]. " +
    "The whole result is published on the `inverse` port, which matrix.inverse.verify takes as its claim.",
  keywords: ["inverse", "matrix inverse", "invert", "inversion", "singular", "nonsingular", "invertible", "matinverse", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "as matrix.rref.compute on the n×2n matrix [A | I] (n primes' worth of n³/3 + n³ steps), plus a nullspace when singular.",
  budget: LINALG_BUDGET,
  progress_measure: "primes done (ZZ/QQ)",
  preflight(req) {
    const s = measure(req.matrix);
    return eliminationEstimate({ ...s, cols: 2 * s.cols, rowBits: s.rowBits.map((b) => b + 1) }, "inverse");
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the square matrix { ring, rows }" } },
    outputs: { inverse: { field: ".", description: "the whole result: the claim of matrix.inverse.verify" } },
  },
  async execute(req, ctx) {
    const a = req.matrix;
    requireSquareMatrix(a, "payload.matrix", "the inverse");
    const r = await inverseOf(a, ctx);
    if ("inverse" in r) return { invertible: true, inverse: typedMatrix(fieldOf(a.ring), r.inverse) } as unknown as Res;
    return { invertible: false, kernel_vector: typedVector(a.ring, r.kernel) } as unknown as Res;
  },
  postcondition(req, res) {
    const a = req.matrix;
    const n = dims(a).rows;
    if (res.invertible) {
      const B = res.inverse as unknown as { rows: unknown[][] };
      if (B.rows.length !== n) return `the inverse is not ${n}×${n}`;
      return null; // checked by matrix.inverse.verify; the RREF certifies itself
    }
    const x = (res.kernel_vector as unknown as { entries: never[] }).entries;
    const ops = ringOps(a.ring);
    if (x.every((v) => ops.isZero(v))) return "the kernel vector is zero";
    return matVec(a, x).every((v) => ops.isZero(v)) ? null : "A·x ≠ 0 for the kernel vector";
  },
  examples: [
    {
      title: "an integer matrix with a rational inverse",
      payload: { matrix: { ring: "ZZ", rows: [["2", "1"], ["1", "1"]] } },
      expected: { invertible: true, inverse: { ring: "QQ", rows: [["1", "-1"], ["-1", "2"]] } },
    },
    {
      title: "rational entries",
      payload: { matrix: { ring: "QQ", rows: [["1/2", "0"], ["1", "4"]] } },
      expected: { invertible: true, inverse: { ring: "QQ", rows: [["2", "0"], ["-1/2", "1/4"]] } },
    },
    {
      title: "a singular matrix: a kernel vector instead of an error",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["2", "4"]] } },
      expected: { invertible: false, kernel_vector: { ring: "ZZ", entries: ["-2", "1"] } },
    },
    {
      title: "over GF(7)",
      payload: { matrix: { ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] } },
      expected: { invertible: true, inverse: { ring: "GF(7)", rows: [["6", "2"], ["5", "3"]] } },
    },
  ],
});
