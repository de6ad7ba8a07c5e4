import { defineCompute } from "../../domain/declaration.js";
import { list, matrix, request, result } from "../_support/kinds.js";
import { type } from "arktype";
import { eliminationEstimate, fieldOf, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, MAX_RESULT_ENTRY_CHARS, rrefMatrix, rrefOf, typedMatrix } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({
  rref: matrix(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT),
  pivots: list(type("number.integer >= 0"), MAX_DIM, "the pivot columns (0-based, increasing)"),
  rank: type("number.integer >= 0").describe("the rank: the number of pivots"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.rref.compute",
  version: "1.0.0",
  title: "Reduced row echelon form with pivots over QQ, GF(p) or GF(p^k)",
  summary:
    "The reduced row echelon form of an m×n matrix (m, n ≤ 500) over ZZ or QQ (the result is over QQ), GF(p) or GF(p^k), with its pivot columns (0-based) and rank. " +
    "ZZ/QQ: a certified multimodular method — pivots and independent rows modulo a word-size prime, the nonzero rows B⁻¹·C = Y/det B by CRT up to Hadamard's bound, then an exact proof that the rows span the same space and are reduced (a wrong prime is detected and replaced). GF(p): Gauss–Jordan.",
  keywords: ["rref", "reduced row echelon form", "row reduce", "gauss-jordan", "gaussian elimination", "echelon", "pivots", "pivot columns", "rank", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model:
    "units ≈ 64-bit limb operations. ZZ/QQ (rows cleared of denominators, r = min(m, n), h = Hadamard bound bits of r rows): ⌈h/22⌉ primes, each an LU of r³/3 and n−r triangular solves of r² double-precision steps; " +
    "CRT of r·(n−r) entries; an exact check of m·r·(n−r) products of an entry by an h-bit numerator. GF(p): m·r·n modular steps.",
  budget: LINALG_BUDGET,
  progress_measure: "primes done (ZZ/QQ)",
  preflight: (req) => eliminationEstimate(measure(req.matrix), "RREF"),
  ports: {
    inputs: { matrix: { field: "matrix", description: "the matrix { ring, rows }" } },
    outputs: { rref: { field: "rref", description: "the reduced row echelon form { ring, rows } (over QQ for ZZ input)" } },
  },
  async execute(req, ctx) {
    const r = await rrefOf(req.matrix, ctx);
    return { rref: typedMatrix(fieldOf(req.matrix.ring), rrefMatrix(r)), pivots: r.pivots, rank: r.pivots.length } as unknown as Res;
  },
  postcondition(req, res) {
    const out = res.rref as unknown as { rows: unknown[][] };
    const m = req.matrix.rows.length, n = m ? req.matrix.rows[0]!.length : 0;
    if (out.rows.length !== m || out.rows.some((row) => row.length !== n)) return `the RREF is not ${m}×${n}`;
    if (res.rank !== res.pivots.length) return "the rank is not the number of pivots";
    for (let k = 1; k < res.pivots.length; k++) if (res.pivots[k]! <= res.pivots[k - 1]!) return "the pivots are not increasing";
    return null; // the elimination certifies itself exactly (see domain/math/linalg/rref.ts)
  },
  examples: [
    {
      title: "a rank-2 integer matrix (result over QQ)",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] } },
      expected: { rref: { ring: "QQ", rows: [["1", "0", "-1"], ["0", "1", "2"], ["0", "0", "0"]] }, pivots: [0, 1], rank: 2 },
    },
    {
      title: "rational entries and a non-pivot middle column",
      payload: { matrix: { ring: "QQ", rows: [["1/2", "1", "1/3"], ["1", "2", "1"]] } },
      expected: { rref: { ring: "QQ", rows: [["1", "2", "0"], ["0", "0", "1"]] }, pivots: [0, 2], rank: 2 },
    },
    {
      title: "over GF(5)",
      payload: { matrix: { ring: "GF(5)", rows: [["2", "4", "1"], ["1", "2", "4"]] } },
      expected: { rref: { ring: "GF(5)", rows: [["1", "2", "0"], ["0", "0", "1"]] }, pivots: [0, 2], rank: 2 },
    },
    {
      title: "the zero matrix has no pivots",
      payload: { matrix: { ring: "ZZ", rows: [["0", "0"], ["0", "0"]] } },
      expected: { rref: { ring: "QQ", rows: [["0", "0"], ["0", "0"]] }, pivots: [], rank: 0 },
    },
  ],
});
