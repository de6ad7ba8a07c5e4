import { defineCompute } from "../../domain/declaration.js";
import { matrix, request, result } from "../_support/kinds.js";
import { dims, elementwiseEstimate, entryBits, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, transposeRows, typedMatrix } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({ transpose: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.transpose.compute",
  version: "1.0.0",
  title: "Transpose of a matrix",
  summary: "The transpose Aᵀ (n×m) of an m×n matrix (m, n ≤ 500) over ZZ, QQ, GF(p) or GF(p^k): (Aᵀ)_ij = A_ji.",
  keywords: ["transpose", "transposition", "matrix transpose", "A^T", "swap rows and columns", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "units ≈ characters copied: parsing and formatting each entry.",
  budget: LINALG_BUDGET,
  preflight(req) {
    const s = measure(req.matrix);
    return elementwiseEstimate(s, s.rows * s.cols, 0, entryBits(s), "transpose");
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the matrix { ring, rows }" } },
    outputs: { transpose: { field: "transpose", description: "the transpose { ring, rows }" } },
  },
  execute(req) {
    const m = req.matrix;
    return { transpose: typedMatrix(m.ring, transposeRows(m.rows as never[][], dims(m).cols)) } as unknown as Res;
  },
  postcondition(req, res) {
    const t = (res.transpose as unknown as { rows: unknown[][] }).rows;
    const { rows, cols } = dims(req.matrix);
    return t.length === cols && t.every((r) => r.length === rows) ? null : `the transpose is not ${cols}×${rows}`;
  },
  examples: [
    { title: "a 2×3 matrix becomes 3×2", payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"]] } }, expected: { transpose: { ring: "ZZ", rows: [["1", "4"], ["2", "5"], ["3", "6"]] } } },
    { title: "rational entries", payload: { matrix: { ring: "QQ", rows: [["1/2", "-1/3"]] } }, expected: { transpose: { ring: "QQ", rows: [["1/2"], ["-1/3"]] } } },
  ],
});
