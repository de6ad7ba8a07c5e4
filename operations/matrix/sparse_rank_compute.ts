import { type } from "arktype";
import { wiedemannRank } from "../../domain/math/linalg/wiedemann.js";
import { request, result } from "../_support/kinds.js";
import { sparseBounds, sparseFields, sparseMatrix, sparsePrime } from "./sparse.js";
import { FLOAT_STEP } from "./support.js";
import { matrixCompute } from "./structure.js";

const Request = request({
  ...sparseFields(),
  "trials?": type("1 <= number.integer <= 20").describe("independent Wiedemann trials (default 2); each gives a lower bound, the largest is returned"),
  "seed?": type("0 <= number.integer <= 4294967295").describe("seed of the random preconditioners and projections (default 1): the result is reproducible"),
});
const Result = result({
  rank: type("number.integer >= 0").describe("the rank found: never above the true rank; equal to it unless every trial was unlucky"),
  certainty: type("'certain' | 'monte_carlo'").describe("certain when the rank found is min(m, n) (a lower bound that reaches the maximum), else monte_carlo (one-sided: a lower bound that is the rank with high probability)"),
  method: type("'wiedemann'").describe("Wiedemann's method with symmetric diagonal preconditioning"),
  trials: type("number.integer >= 0").describe("trials run (stops early when the rank reaches min(m, n))"),
  per_trial: type("number.integer >= 0").array().atMostLength(20).describe("the lower bound of each trial"),
  seed: type("number.integer >= 0").describe("the seed used"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default matrixCompute<Req, Res>({
  id: "matrix.sparse_rank.compute",
  title: "Rank of a large sparse matrix over GF(p) (Wiedemann, Monte Carlo, one-sided)",
  summary:
    "Rank of an m×n sparse matrix over GF(p), p < 2^26, given by its nonzero entries (m, n ≤ 100,000; ≤ 1,000,000 nonzeros), by Wiedemann's method: Berlekamp–Massey on a random projection of the Krylov sequence of B = D1·Aᵀ·D2·A·D1 (random diagonal D1, D2). " +
    "Cost O(min(m,n)·(nonzeros + m + n)) per trial, no fill-in. Probabilistic and one-sided: the value never exceeds the rank (the degree of a divisor of B's minimal polynomial bounds it) and equals it except with probability O(n²/p) per trial; " +
    "the result says `certain` only when the value is min(m, n). Reproducible from the seed.",
  keywords: ["sparse matrix", "rank", "wiedemann", "black box", "finite field", "gf(p)", "berlekamp-massey", "krylov", "monte carlo", "large matrix", "matrank"],
  request: Request,
  result: Result,
  bounds: sparseBounds(),
  cost_model: "units ≈ trials · 2(min(m,n)+1) Krylov steps, each 2·nonzeros + 3n + m modular multiply-adds in doubles (" + FLOAT_STEP + " units), plus Berlekamp–Massey (4·min(m,n)² steps) and parsing (60 units per entry).",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const N = Math.min(req.rows, req.cols) + 1;
    const t = req.trials ?? 2;
    const nnz = req.entries.length;
    return { units: t * (2 * N * (2 * nnz + 3 * req.cols + req.rows) * FLOAT_STEP + 4 * N * N * FLOAT_STEP) + nnz * 60, memory_bytes: nnz * 200 + (req.rows + req.cols) * 64 + N * 32, basis: `${req.rows}×${req.cols} with ${nnz} entries, ${t} trials` };
  },
  execute(req, ctx) {
    const p = sparsePrime(req.ring, "the sparse rank");
    const A = sparseMatrix(req, p);
    const seed = req.seed ?? 1;
    const out = wiedemannRank(A, p, req.trials ?? 2, seed, () => ctx.checkpoint());
    return { rank: out.rank, certainty: out.certain ? "certain" : "monte_carlo", method: "wiedemann", trials: out.trials, per_trial: out.perTrial, seed } as Res;
  },
  postcondition(req, res) {
    return res.rank <= Math.min(req.rows, req.cols) ? null : "the rank exceeds min(m, n)";
  },
  examples: [
    {
      title: "a 4×4 matrix of rank 3 over GF(101)",
      payload: { ring: "GF(101)", rows: 4, cols: 4, entries: [{ row: 0, col: 0, value: "1" }, { row: 0, col: 1, value: "2" }, { row: 1, col: 1, value: "3" }, { row: 2, col: 2, value: "5" }, { row: 3, col: 0, value: "2" }, { row: 3, col: 1, value: "7" }] },
      expected: {"rank":3,"certainty":"monte_carlo","method":"wiedemann","trials":2,"per_trial":[3,3],"seed":1},
    },
    {
      title: "full rank is certain",
      payload: { ring: "GF(1000003)", rows: 3, cols: 5, entries: [{ row: 0, col: 0, value: "1" }, { row: 1, col: 2, value: "-4" }, { row: 2, col: 4, value: "9" }] },
      expected: {"rank":3,"certainty":"certain","method":"wiedemann","trials":1,"per_trial":[3],"seed":1},
    },
  ],
});
