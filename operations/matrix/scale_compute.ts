import { defineCompute } from "../../domain/declaration.js";
import { readRingScalar } from "../../domain/kinds.js";
import { matrix, request, result, ringScalar } from "../_support/kinds.js";
import { elementwiseEstimate, entryBits, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, ringOps, typedMatrix, type Elem } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ scalar: ringScalar(MAX_ENTRY_CHARS, 'the scalar c: an integer, or "p/q" over QQ (and GF(p), GF(p^k) when q is invertible), or for GF(p^k) an expression in the generator a'), matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({ product: matrix(MAX_DIM, 2 * MAX_ENTRY_CHARS + 2, EXT) });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.scale.compute",
  version: "1.0.0",
  title: "Scalar multiple of a matrix",
  summary: "c·A for a scalar c and an m×n matrix A (m, n ≤ 500) over ZZ (c an integer), QQ, GF(p) (c read as an element of GF(p)) or GF(p^k) (c an integer, p/q or an expression in the generator a).",
  keywords: ["scalar multiplication", "scale", "multiply by a scalar", "scalar multiple", "c A", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: [...matrixBounds(), { name: "scalar_chars", limit: MAX_ENTRY_CHARS, unit: "characters", description: "the scalar has at most this many characters" }],
  cost_model: "units ≈ m·n products of the scalar by an entry (QQ: with a gcd), plus parsing and formatting.",
  budget: LINALG_BUDGET,
  preflight(req) {
    const s = measure(req.matrix);
    const c = req.scalar;
    const cb = typeof c === "string" ? entryBits(s) : Math.ceil(c.num.toString(2).length + c.den.toString(2).length);
    return elementwiseEstimate(s, s.rows * s.cols, 3, entryBits(s) + cb, "scalar multiple");
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the matrix A" } },
    outputs: { product: { field: "product", description: "c·A" } },
  },
  execute(req) {
    const m = req.matrix;
    const ops = ringOps(m.ring);
    const c = readRingScalar(m.ring, req.scalar, "payload.scalar");
    return { product: typedMatrix(m.ring, (m.rows as Elem[][]).map((row) => row.map((v) => ops.mul(c, v)))) } as unknown as Res;
  },
  postcondition: (req, res) => ((res.product as unknown as { rows: unknown[] }).rows.length === req.matrix.rows.length ? null : "the product has the wrong shape"),
  examples: [
    { title: "an integer multiple", payload: { scalar: "-3", matrix: { ring: "ZZ", rows: [["1", "2"], ["0", "-1"]] } }, expected: { product: { ring: "ZZ", rows: [["-3", "-6"], ["0", "3"]] } } },
    { title: "a rational scalar over QQ", payload: { scalar: "2/3", matrix: { ring: "QQ", rows: [["3/4", "1"]] } }, expected: { product: { ring: "QQ", rows: [["1/2", "2/3"]] } } },
    { title: "over GF(3^3): a·[1, a^2] = [a, a^3] with a^3 reduced by the modulus", payload: { scalar: "a", matrix: { ring: "GF(3^3)", rows: [["1", "a^2"]] } }, expected: { product: { ring: "GF(3^3)", rows: [["a", "a + 2"]] } } },
    { title: "over GF(7), 1/2 is 4", payload: { scalar: "1/2", matrix: { ring: "GF(7)", rows: [["1", "3"]] } }, expected: { product: { ring: "GF(7)", rows: [["4", "5"]] } } },
  ],
});
