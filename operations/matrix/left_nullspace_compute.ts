import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { described, matrix, request, result } from "../_support/kinds.js";
import { asRingElems, dims, identityElems, eliminationEstimate, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, MAX_RESULT_ENTRY_CHARS, nullspaceBasis, ringOps, rrefOf, transposeRows, typedMatrix, vecMat } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({
  left_nullspace: described(matrix(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT), "a k×m matrix whose k rows y are a basis of { y : yᵀ·A = 0 } (0 rows when only y = 0)"),
  dimension: type("number.integer >= 0").describe("k = m − rank"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.left_nullspace.compute",
  version: "1.0.0",
  title: "Basis of the left nullspace of a matrix over ZZ, QQ, GF(p) or GF(p^k)",
  summary:
    "A basis of { y : yᵀ·A = 0 } for an m×n matrix (m, n ≤ 500), as the rows of a k×m matrix (the nullspace of Aᵀ; primitive integer vectors over ZZ and QQ). " +
    "Each row is a linear dependence among the rows of A.",
  keywords: ["left nullspace", "left kernel", "cokernel", "row dependencies", "null space of transpose", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "as matrix.rref.compute on the n×m transpose.",
  budget: LINALG_BUDGET,
  progress_measure: "primes done (ZZ/QQ)",
  preflight: (req) => {
    const s = measure({ ...req.matrix, rows: transposeRows(req.matrix.rows as never[][], dims(req.matrix).cols) } as never);
    return eliminationEstimate(s, "left nullspace");
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the matrix { ring, rows }" } },
    outputs: { left_nullspace: { field: "left_nullspace", description: "the basis, one vector per row" } },
  },
  async execute(req, ctx) {
    const m = req.matrix;
    const { rows, cols } = dims(m);
    // An m×0 matrix: every y works (its transpose, 0×m, has no wire form of its own).
    if (cols === 0) return { left_nullspace: typedMatrix(m.ring, identityElems(m.ring, rows)), dimension: rows } as unknown as Res;
    const t = typedMatrix(m.ring, transposeRows(m.rows as never[][], dims(m).cols));
    const basis = nullspaceBasis(await rrefOf(t, ctx)).map((v) => asRingElems(m.ring, v));
    if (!basis.length) return { left_nullspace: typedMatrix(m.ring, []), dimension: 0 } as unknown as Res;
    return { left_nullspace: typedMatrix(m.ring, basis), dimension: basis.length } as unknown as Res;
  },
  postcondition(req, res) {
    const Y = (res.left_nullspace as unknown as { rows: never[][] }).rows;
    if (Y.length !== res.dimension) return "the dimension is not the number of basis rows";
    const ops = ringOps(req.matrix.ring);
    return Y.every((y) => vecMat(y, req.matrix).every((v) => ops.isZero(v))) ? null : "yᵀ·A ≠ 0 for a basis row";
  },
  examples: [
    {
      title: "one dependence among three rows",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["2", "4"], ["0", "1"]] } },
      expected: { left_nullspace: { ring: "ZZ", rows: [["-2", "1", "0"]] }, dimension: 1 },
    },
    {
      title: "an m×0 matrix: every y is in the left nullspace",
      payload: { matrix: { ring: "ZZ", rows: [[], []] } },
      expected: { left_nullspace: { ring: "ZZ", rows: [["1", "0"], ["0", "1"]] }, dimension: 2 },
    },
    {
      title: "independent rows: the empty basis",
      payload: { matrix: { ring: "QQ", rows: [["1/2", "1"], ["0", "3"]] } },
      expected: { left_nullspace: { ring: "QQ", rows: [] }, dimension: 0 },
    },
  ],
});
