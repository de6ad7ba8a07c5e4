import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { matrix, request, result } from "../_support/kinds.js";
import { fullRankEstimate, fullRankModular, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, rankOf, rankEstimate } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

/** The value of matrix.rank.compute, which matrix.rank.verify takes as its claim. */
export const RANK_KIND = "matrix.rank";
const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({ rank: type("number.integer >= 0").describe("the rank of the matrix") }, RANK_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.rank.compute",
  version: "1.0.0",
  title: "Exact rank of a matrix over ZZ, QQ, GF(p) or GF(p^k)",
  summary:
    "The rank of an m×n matrix (m, n ≤ 500) over ZZ, QQ, GF(p) or GF(p^k), exactly. ZZ/QQ: the rank modulo a word-size prime is a proven lower bound, so when it is min(m, n) it is the rank (one modular elimination); below that the certified multimodular RREF decides. GF(p), GF(p^k): Gauss–Jordan. " +
    "The whole result is published on the `rank` port, which matrix.rank.verify takes as its claim.",
  keywords: ["rank", "matrix rank", "row rank", "column rank", "linear independence", "dimension", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model:
    "units ≈ 64-bit limb operations. ZZ/QQ: one elimination modulo a word-size prime (m·n·min(m, n) double-precision steps) plus reducing the entries, a first attempt bounded and placed on its own; when that rank is below min(m, n), the certified RREF of matrix.rref.compute follows (in the whole estimate; a matrix whose RREF is above the budget still gets the attempt). GF(p), GF(p^k): one Gauss–Jordan.",
  budget: LINALG_BUDGET,
  progress_measure: "primes done (ZZ/QQ)",
  preflight: (req) => rankEstimate(measure(req.matrix)),
  // One modular elimination settles a ZZ/QQ matrix of full rank, bounded (and placed) on its own.
  attempt: {
    preflight: (req) => fullRankEstimate(measure(req.matrix)),
    execute(req) {
      const full = fullRankModular(req.matrix);
      return full === undefined ? undefined : { rank: full };
    },
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the matrix { ring, rows }" } },
    outputs: { rank: { field: ".", description: "the whole result { rank }: the claim of matrix.rank.verify" } },
  },
  async execute(req, ctx) {
    return { rank: await rankOf(req.matrix, ctx) };
  },
  postcondition(req, res) {
    const m = req.matrix.rows.length, n = m ? req.matrix.rows[0]!.length : 0;
    return res.rank <= Math.min(m, n) ? null : "the rank exceeds the smaller dimension";
  },
  examples: [
    { title: "a rank-2 3×3 integer matrix", payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] } }, expected: { rank: 2 } },
    { title: "full rank over QQ", payload: { matrix: { ring: "QQ", rows: [["1/2", "1/3"], ["1/4", "1/5"]] } }, expected: { rank: 2 } },
    { title: "rank drops over GF(5)", payload: { matrix: { ring: "GF(5)", rows: [["1", "2"], ["3", "1"]] } }, expected: { rank: 1 } },
    { title: "a 2×0 matrix has rank 0", payload: { matrix: { ring: "ZZ", rows: [[], []] } }, expected: { rank: 0 } },
  ],
});
