import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { GF } from "../../domain/kinds.js";
import { wiedemannSolve } from "../../domain/math/linalg/wiedemann.js";
import { described, oneOf, request, vector } from "../_support/kinds.js";
import { typedVector } from "./linalg.js";
import { MAX_SPARSE_DIM, sparseBounds, sparseFields, sparseMatrix, sparsePrime } from "./sparse.js";
import { FLOAT_STEP } from "./support.js";
import { matrixCompute } from "./structure.js";

const common = {
  method: type("'wiedemann'").describe("Wiedemann's method (Krylov projections and Berlekamp–Massey)"),
  trials: type("number.integer >= 0").describe("projections tried"),
  seed: type("number.integer >= 0").describe("the seed of the random projections and preconditioners"),
} as const;
const Result = oneOf(
  [
    {
      status: "'solution'",
      solution: described(vector(MAX_SPARSE_DIM, 12), "x with A·x = b, checked exactly (residues 0..p−1); not asserted unique"),
      ...common,
    },
    { status: "'singular'", ...common },
    { status: "'not_found'", ...common },
  ] as const,
);
const Request = request({
  ...sparseFields(),
  rhs: vector(MAX_SPARSE_DIM, 42),
  "trials?": type("1 <= number.integer <= 20").describe("projections to try (default 3); each ends in an exact check"),
  "seed?": type("0 <= number.integer <= 4294967295").describe("seed of the random projections (default 1): the result is reproducible"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default matrixCompute<Req, Res>({
  id: "matrix.sparse_solve.compute",
  title: "Solve a large sparse linear system A·x = b over GF(p) (Wiedemann, answer checked exactly)",
  summary:
    "A solution x of A·x = b for an m×n sparse matrix over GF(p), p < 2^26, given by its nonzero entries (m, n ≤ 100,000; ≤ 1,000,000 nonzeros), by Wiedemann's method: no fill-in, O(n·(nonzeros + n)) per projection. " +
    "Square A directly; m > n through Aᵀ·D·A·x = Aᵀ·D·b and m < n through x = D·Aᵀ·y, A·D·Aᵀ·y = b (D random diagonal). Every solution returned has been checked exactly (A·x = b), so a result is never wrong, only possibly absent: " +
    "{ status: solution, solution }; { status: singular } when a Krylov projection of a square A has minimal polynomial divisible by x (a proof that A is singular; no solution is sought then); { status: not_found } when no projection gave a checked solution (singular or inconsistent rectangular systems, or unlucky projections). Reproducible from the seed.",
  keywords: ["sparse matrix", "sparse linear system", "solve", "wiedemann", "black box", "finite field", "gf(p)", "berlekamp-massey", "krylov", "large matrix", "A x = b", "matsolve"],
  request: Request,
  result: Result,
  bounds: [...sparseBounds(), { name: "rhs_length", limit: MAX_SPARSE_DIM, unit: "entries", description: "b has one entry per row of A" }],
  cost_model:
    "units ≈ trials · ((3N + 2) operator applications, each nonzeros + m (square) or 2·nonzeros + m + n (rectangular) modular multiply-adds in doubles (" + FLOAT_STEP + " units), plus Berlekamp–Massey (3N² steps)), N = min(m, n); plus parsing (60 units per entry).",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const N = Math.min(req.rows, req.cols) + 1;
    const t = req.trials ?? 3;
    const nnz = req.entries.length;
    const apply = req.rows === req.cols ? nnz + req.rows : 2 * nnz + req.rows + req.cols;
    return { units: t * ((3 * N + 2) * (apply + N) * FLOAT_STEP + 3 * N * N * FLOAT_STEP) + (nnz + req.rhs.entries.length) * 60, memory_bytes: nnz * 200 + (req.rows + req.cols) * 96 + N * 64, basis: `${req.rows}×${req.cols} with ${nnz} entries, up to ${t} projections` };
  },
  execute(req, ctx) {
    const p = sparsePrime(req.ring, "the sparse solve");
    if (req.rhs.ring.kind !== "GF" || req.rhs.ring.p !== BigInt(p)) throw domainError("b must be over the matrix's ring", "payload.rhs.ring");
    if (req.rhs.entries.length !== req.rows) throw domainError(`b has ${req.rhs.entries.length} entries; A has ${req.rows} rows`, "payload.rhs.entries");
    const A = sparseMatrix(req, p);
    const b = Float64Array.from(req.rhs.entries as bigint[], (v) => Number(v));
    const seed = req.seed ?? 1;
    const out = wiedemannSolve(A, b, p, req.trials ?? 3, seed, () => ctx.checkpoint());
    const meta = { method: "wiedemann" as const, trials: out.trials, seed };
    if (out.status === "solution") return { status: "solution", solution: typedVector(GF(BigInt(p)), Array.from(out.x, (v) => BigInt(v))), ...meta } as unknown as Res;
    return { status: out.status, ...meta } as Res;
  },
  postcondition(req, res) {
    if (res.status !== "solution") return null;
    // A·x = b exactly, independently of the solver's own check (bigints)
    const P = (req.ring as { p: bigint }).p;
    const x = (res.solution as unknown as { entries: bigint[] }).entries;
    if (x.length !== req.cols) return `the solution has ${x.length} entries; A has ${req.cols} columns`;
    const ax: bigint[] = new Array(req.rows).fill(0n);
    for (const e of req.entries) ax[e.row] = ax[e.row]! + e.value * x[e.col]!;
    const b = req.rhs.entries as bigint[];
    for (let i = 0; i < req.rows; i++) if ((((ax[i]! - b[i]!) % P) + P) % P !== 0n) return `(A·x)_${i} ≠ b_${i}`;
    return null;
  },
  examples: [
    {
      title: "a 4×4 nonsingular system over GF(101)",
      payload: {
        ring: "GF(101)", rows: 4, cols: 4,
        entries: [{ row: 0, col: 0, value: "2" }, { row: 0, col: 3, value: "1" }, { row: 1, col: 1, value: "5" }, { row: 2, col: 2, value: "-1" }, { row: 2, col: 0, value: "3" }, { row: 3, col: 3, value: "7" }],
        rhs: { ring: "GF(101)", entries: ["1", "2", "3", "4"] },
      },
      expected: { status: "solution", solution: { ring: "GF(101)", entries: ["94", "61", "77", "15"] }, method: "wiedemann", trials: 1, seed: 1 },
    },
    {
      title: "a singular square matrix is recognized (proven), no solution sought",
      payload: { ring: "GF(7)", rows: 3, cols: 3, entries: [{ row: 0, col: 0, value: "1" }, { row: 1, col: 0, value: "2" }, { row: 2, col: 2, value: "1" }], rhs: { ring: "GF(7)", entries: ["1", "3", "0"] } },
      expected: { status: "singular", method: "wiedemann", trials: 1, seed: 1 },
    },
    {
      title: "an overdetermined consistent system (3×2) through the normal equations",
      payload: { ring: "GF(1000003)", rows: 3, cols: 2, entries: [{ row: 0, col: 0, value: "1" }, { row: 1, col: 1, value: "1" }, { row: 2, col: 0, value: "1" }, { row: 2, col: 1, value: "1" }], rhs: { ring: "GF(1000003)", entries: ["3", "4", "7"] } },
      expected: { status: "solution", solution: { ring: "GF(1000003)", entries: ["3", "4"] }, method: "wiedemann", trials: 1, seed: 1 },
    },
  ],
});
