import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { described, list, matrix, request, result } from "../_support/kinds.js";
import { dims, eliminationEstimate, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, rrefOf, typedMatrix } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({
  basis: described(matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT), "an m×r matrix: the pivot columns of A, a basis of its column space"),
  columns: list(type("number.integer >= 0"), MAX_DIM, "the indices (0-based) of the columns of A taken"),
  rank: type("number.integer >= 0").describe("r, the dimension of the column space"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.column_space.compute",
  version: "1.0.0",
  title: "Basis of the column space (image) of a matrix over ZZ, QQ, GF(p) or GF(p^k)",
  summary:
    "A basis of the column space (image, range) of an m×n matrix (m, n ≤ 500): the columns of A at the pivots of its certified RREF (the first linearly independent columns), " +
    "with their indices and the rank. Like PARI/GP's matimage up to the choice of basis.",
  keywords: ["column space", "image", "range", "matimage", "span of columns", "basis", "pivot columns", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "as matrix.rref.compute.",
  budget: LINALG_BUDGET,
  progress_measure: "primes done (ZZ/QQ)",
  preflight: (req) => eliminationEstimate(measure(req.matrix), "column space"),
  ports: {
    inputs: { matrix: { field: "matrix", description: "the matrix { ring, rows }" } },
    outputs: { basis: { field: "basis", description: "the basis columns as a matrix { ring, rows }" } },
  },
  async execute(req, ctx) {
    const m = req.matrix;
    const { pivots } = await rrefOf(m, ctx);
    return { basis: typedMatrix(m.ring, (m.rows as never[][]).map((row) => pivots.map((c) => row[c]!))), columns: pivots, rank: pivots.length } as unknown as Res;
  },
  postcondition(req, res) {
    const B = (res.basis as unknown as { rows: unknown[][] }).rows;
    const { rows, cols } = dims(req.matrix);
    if (B.length !== rows || res.columns.length !== res.rank || res.columns.some((c) => c >= cols)) return "the basis does not match the columns taken";
    return null;
  },
  examples: [
    {
      title: "the third column depends on the first two",
      payload: { matrix: { ring: "ZZ", rows: [["1", "0", "1"], ["0", "1", "1"], ["1", "1", "2"]] } },
      expected: { basis: { ring: "ZZ", rows: [["1", "0"], ["0", "1"], ["1", "1"]] }, columns: [0, 1], rank: 2 },
    },
    {
      title: "over GF(3)",
      payload: { matrix: { ring: "GF(3)", rows: [["1", "2", "0"], ["2", "1", "1"]] } },
      expected: { basis: { ring: "GF(3)", rows: [["1", "0"], ["2", "1"]] }, columns: [0, 2], rank: 2 },
    },
  ],
});
