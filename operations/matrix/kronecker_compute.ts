import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { matrix, request, result } from "../_support/kinds.js";
import { dims, elementwiseEstimate, entryBits, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, ringOps, sameRing, typedMatrix, type Elem } from "./linalg.js";
import { MAX_DIM, MAX_FACTOR_ENTRY_CHARS, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ left: matrix(MAX_DIM, MAX_FACTOR_ENTRY_CHARS, EXT), right: matrix(MAX_DIM, MAX_FACTOR_ENTRY_CHARS, EXT) });
const Result = result({ product: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.kronecker.compute",
  version: "1.0.0",
  title: "Kronecker (tensor) product of two matrices",
  summary:
    "The Kronecker product A ⊗ B of an m×n and a p×q matrix over the same ring ZZ, QQ, GF(p) or GF(p^k): the mp×nq block matrix (a_ij·B). The result must be at most 500×500.",
  keywords: ["kronecker product", "tensor product", "direct product", "outer product of matrices", "matkronecker", "block matrix", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: [...matrixBounds("each factor"), { name: "result_dimension", limit: MAX_DIM, unit: "rows or columns", description: "m·p and n·q are at most this" }],
  cost_model: "units ≈ m·n·p·q products of an entry of A by an entry of B, plus formatting.",
  budget: LINALG_BUDGET,
  preflight(req) {
    const s = measure(req.left), t = measure(req.right);
    return elementwiseEstimate({ ...s, chars: s.chars + t.chars }, s.rows * s.cols * t.rows * t.cols, 1, entryBits(s) + entryBits(t), "Kronecker product");
  },
  ports: {
    inputs: { left: { field: "left", description: "A" }, right: { field: "right", description: "B" } },
    outputs: { product: { field: "product", description: "A ⊗ B" } },
  },
  execute(req) {
    const a = req.left, b = req.right;
    sameRing(a.ring, b.ring, "payload.right.ring");
    const da = dims(a), db = dims(b);
    if (da.rows * db.rows > MAX_DIM || da.cols * db.cols > MAX_DIM) {
      throw domainError(`A ⊗ B would be ${da.rows * db.rows}×${da.cols * db.cols}; at most ${MAX_DIM}×${MAX_DIM} is supported`, "payload.right.rows");
    }
    const ops = ringOps(a.ring);
    const ra = a.rows as Elem[][], rb = b.rows as Elem[][];
    const rows: Elem[][] = [];
    for (let i = 0; i < da.rows; i++) for (let k = 0; k < db.rows; k++) {
      const row: Elem[] = [];
      for (let j = 0; j < da.cols; j++) for (let l = 0; l < db.cols; l++) row.push(ops.mul(ra[i]![j]!, rb[k]![l]!));
      rows.push(row);
    }
    return { product: typedMatrix(a.ring, rows) } as unknown as Res;
  },
  postcondition: (req, res) => ((res.product as unknown as { rows: unknown[] }).rows.length === req.left.rows.length * req.right.rows.length ? null : "the product has the wrong shape"),
  examples: [
    {
      title: "2×2 ⊗ 1×2",
      payload: { left: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, right: { ring: "ZZ", rows: [["0", "5"]] } },
      expected: { product: { ring: "ZZ", rows: [["0", "5", "0", "10"], ["0", "15", "0", "20"]] } },
    },
    { title: "over GF(3^2): [a] ⊗ [1, a] = [a, a^2] with a^2 = a + 1", payload: { left: { ring: "GF(3^2)", rows: [["a"]] }, right: { ring: "GF(3^2)", rows: [["1", "a"]] } }, expected: { product: { ring: "GF(3^2)", rows: [["a", "a + 1"]] } } },
    { title: "rational factors", payload: { left: { ring: "QQ", rows: [["1/2"]] }, right: { ring: "QQ", rows: [["2", "1/3"]] } }, expected: { product: { ring: "QQ", rows: [["1", "1/6"]] } } },
  ],
});
