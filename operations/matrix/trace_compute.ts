import { defineCompute } from "../../domain/declaration.js";
import { rational as ratValue } from "../../domain/math/rational.js";
import { matrix, matrixRing, request, result, ringScalar } from "../_support/kinds.js";
import { formatFieldElement } from "../../domain/math/poly/gfq.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { elementwiseEstimate, entryBits, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, requireSquareMatrix, ringOps, type Elem } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({ trace: ringScalar(MAX_ENTRY_CHARS * 2 + 10, "the sum of the diagonal entries: an integer (ZZ), a rational p/q (QQ), a residue (GF(p)) or an expression in the generator a (GF(p^k))"), ring: matrixRing() });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.trace.compute",
  version: "1.0.0",
  title: "Trace of a square matrix",
  summary: "The trace (sum of the diagonal entries) of an n×n matrix (n ≤ 500) over ZZ, QQ, GF(p) or GF(p^k).",
  keywords: ["trace", "matrix trace", "sum of diagonal", "diagonal sum", "tr", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "units ≈ n additions of the diagonal entries, plus parsing.",
  budget: LINALG_BUDGET,
  preflight(req) {
    const s = measure(req.matrix);
    return elementwiseEstimate(s, Math.max(1, s.rows), 2, entryBits(s) * 2 + 9, "trace");
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the square matrix" } },
    outputs: { trace: { field: "trace", description: "the trace" } },
  },
  execute(req) {
    const m = req.matrix;
    requireSquareMatrix(m, "payload.matrix", "the trace");
    const ops = ringOps(m.ring);
    let t = ops.zero;
    (m.rows as Elem[][]).forEach((row, i) => { t = ops.add(t, row[i]!); });
    return { trace: typeof t === "bigint" ? ratValue(t) : Array.isArray(t) ? formatFieldElement(t as FieldElement) : t, ring: m.ring } as unknown as Res;
  },
  postcondition: () => null,
  examples: [
    { title: "an integer matrix", payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] } }, expected: { trace: "5", ring: "ZZ" } },
    { title: "rational diagonal", payload: { matrix: { ring: "QQ", rows: [["1/2", "9"], ["0", "1/3"]] } }, expected: { trace: "5/6", ring: "QQ" } },
    { title: "over GF(3)", payload: { matrix: { ring: "GF(3)", rows: [["2", "0"], ["1", "2"]] } }, expected: { trace: "1", ring: "GF(3)" } },
    { title: "over GF(2^4): a + a^2 + 1", payload: { matrix: { ring: "GF(2^4)", rows: [["a", "1"], ["0", "a^2 + 1"]] } }, expected: { trace: "a^2 + a + 1", ring: "GF(2^4)" } },
    { title: "the 0×0 matrix has trace 0", payload: { matrix: { ring: "ZZ", rows: [] } }, expected: { trace: "0", ring: "ZZ" } },
  ],
});
