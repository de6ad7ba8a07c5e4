import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { matrix, request, result } from "../_support/kinds.js";
import { dims, elementwiseEstimate, entryBits, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, ringOps, sameRing, typedMatrix, type Elem } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ left: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT), right: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({ sum: matrix(MAX_DIM, 2 * MAX_ENTRY_CHARS + 2, EXT) });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.add.compute",
  version: "1.0.0",
  title: "Sum of two matrices",
  summary: "The entrywise sum left + right of two m×n matrices (m, n ≤ 500) over the same ring ZZ, QQ, GF(p) or GF(p^k).",
  keywords: ["matrix addition", "add", "sum", "plus", "entrywise sum", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds("each matrix"),
  cost_model: "units ≈ m·n additions (QQ: with a gcd) of the entries' sizes, plus parsing and formatting.",
  budget: LINALG_BUDGET,
  preflight(req) {
    const s = measure(req.left), t = measure(req.right);
    return elementwiseEstimate({ ...s, chars: s.chars + t.chars }, s.rows * s.cols, 4, 2 * Math.max(entryBits(s), entryBits(t)) + 1, "sum");
  },
  ports: {
    inputs: { left: { field: "left", description: "the first summand" }, right: { field: "right", description: "the second summand" } },
    outputs: { sum: { field: "sum", description: "left + right" } },
  },
  execute(req) {
    const a = req.left, b = req.right;
    sameRing(a.ring, b.ring, "payload.right.ring");
    const da = dims(a), db = dims(b);
    if (da.rows !== db.rows || da.cols !== db.cols) throw domainError(`left is ${da.rows}×${da.cols} but right is ${db.rows}×${db.cols}`, "payload.right.rows", "matrices of the same shape can be added");
    const ops = ringOps(a.ring);
    const rb = b.rows as Elem[][];
    return { sum: typedMatrix(a.ring, (a.rows as Elem[][]).map((row, i) => row.map((v, j) => ops.add(v, rb[i]![j]!)))) } as unknown as Res;
  },
  postcondition: (req, res) => ((res.sum as unknown as { rows: unknown[] }).rows.length === req.left.rows.length ? null : "the sum has the wrong shape"),
  examples: [
    { title: "integer matrices", payload: { left: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, right: { ring: "ZZ", rows: [["10", "-2"], ["0", "1"]] } }, expected: { sum: { ring: "ZZ", rows: [["11", "0"], ["3", "5"]] } } },
    { title: "over GF(2^2): a + (a + 1) = 1", payload: { left: { ring: "GF(2^2)", rows: [["a", "0"]] }, right: { ring: "GF(2^2)", rows: [["a + 1", "a"]] } }, expected: { sum: { ring: "GF(2^2)", rows: [["1", "a"]] } } },
    { title: "over GF(5) the sum wraps", payload: { left: { ring: "GF(5)", rows: [["3", "4"]] }, right: { ring: "GF(5)", rows: [["4", "1"]] } }, expected: { sum: { ring: "GF(5)", rows: [["2", "0"]] } } },
  ],
});
