import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { GF } from "../../domain/kinds.js";
import { wiedemannSolve } from "../../domain/math/linalg/wiedemann.js";
import { described, oneOf, request, vector } from "../_support/kinds.js";
import { typedVector } from "./linalg.js";
import { checkSparseClaim, MAX_SPARSE_DIM, sparseBounds, sparseFields, sparseMatrix, sparsePrime, type SparseSolveClaim } from "./sparse.js";
import { FLOAT_STEP } from "./support.js";
import { matrixCompute } from "./structure.js";

const common = {
  method: type("'wiedemann'").describe("Wiedemann's method (Krylov projections and Berlekamp–Massey)"),
  trials: type("number.integer >= 0").describe("projections tried"),
  seed: type("number.integer >= 0").describe("the seed of the random projections and preconditioners"),
} as const;
const kernelVector = () => described(vector(MAX_SPARSE_DIM, 12), "a nonzero w with A·w = 0, checked exactly: A is singular, and with a solution x every x + t·w solves too (not unique)");
/** The value of matrix.sparse_solve.compute, which matrix.sparse_solve.verify takes as its claim. */
export const SPARSE_SOLVE_KIND = "matrix.sparse_solve";
export const sparseSolveShapes = () =>
  [
    {
      status: "'solution'",
      solution: described(vector(MAX_SPARSE_DIM, 12), "x with A·x = b, checked exactly (residues 0..p−1); unique only if A has full column rank, which is not asserted"),
      "kernel_vector?": kernelVector(),
      ...common,
    },
    {
      status: "'inconsistent'",
      certificate: described(vector(MAX_SPARSE_DIM, 12), "y with yᵀ·A = 0 and yᵀ·b = 1, checked exactly: A·x = b has no solution"),
      "kernel_vector?": kernelVector(),
      ...common,
    },
    { status: "'singular'", "kernel_vector?": kernelVector(), ...common },
    { status: "'not_found'", ...common },
  ] as const;
const Result = oneOf(sparseSolveShapes(), SPARSE_SOLVE_KIND);
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
  title: "Solve a large sparse linear system A·x = b over GF(p) (Wiedemann): a checked solution, or a certificate that there is none",
  summary:
    "A solution x of A·x = b for an m×n sparse matrix over GF(p), p < 2^26, given by its nonzero entries (m, n ≤ 100,000; ≤ 1,000,000 nonzeros), by Wiedemann's method: no fill-in, O(n·(nonzeros + n)) per projection. " +
    "Square A directly; m > n, and any A once a projection has shown it singular, through D1·Aᵀ·D2·A·D1 (random diagonals: the symmetric preconditioner that keeps rank and makes consistent singular systems solvable); m < n through x = D·Aᵀ·y, A·D·Aᵀ·y = b. Every certificate returned has been checked exactly, so a result is never wrong, only possibly absent: " +
    "{ status: solution, solution, kernel_vector? } (a kernel vector, when the solver met one, shows the solution is not unique); { status: inconsistent, certificate } with yᵀ·A = 0 and yᵀ·b = 1 (found by the same method on [A | b]ᵀ·y = e), a proof that there is no solution; " +
    "{ status: singular, kernel_vector? } when a projection proved a square A singular (minimal polynomial divisible by x) but neither a solution nor a certificate was found; { status: not_found } when no projection gave a checked answer. Reproducible from the seed. The whole result is the claim of matrix.sparse_solve.verify.",
  keywords: ["sparse matrix", "sparse linear system", "solve", "wiedemann", "black box", "finite field", "gf(p)", "berlekamp-massey", "krylov", "large matrix", "A x = b", "matsolve"],
  request: Request,
  result: Result,
  bounds: [...sparseBounds(), { name: "rhs_length", limit: MAX_SPARSE_DIM, unit: "entries", description: "b has one entry per row of A" }],
  cost_model:
    "units ≈ 2·trials (the solution search, then the certificate search on [A | b]ᵀ) · ((3N + 4) operator applications, each at most 2·(nonzeros + m) + m + n + N modular multiply-adds in doubles (" + FLOAT_STEP + " units), plus Berlekamp–Massey (3N² steps)), N = min(m, n) + 1; plus parsing (60 units per entry).",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const N = Math.min(req.rows, req.cols) + 1;
    const t = req.trials ?? 3;
    const nnz = req.entries.length;
    const apply = 2 * (nnz + req.rows) + req.rows + req.cols + N;
    return { units: 2 * t * ((3 * N + 4) * apply * FLOAT_STEP + 3 * N * N * FLOAT_STEP) + (nnz + req.rhs.entries.length) * 60, memory_bytes: 2 * (nnz + req.rows) * 200 + (req.rows + req.cols) * 96 + N * 64, basis: `${req.rows}×${req.cols} with ${nnz} entries, up to ${t} projections for a solution and ${t} for a certificate of inconsistency` };
  },
  ports: {
    inputs: {},
    outputs: { sparse_solve: { field: ".", description: "the whole result: the claim of matrix.sparse_solve.verify" } },
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
    const F = GF(BigInt(p));
    const vec = (v: Float64Array) => typedVector(F, Array.from(v, (e) => BigInt(e)));
    const kernel = "kernel" in out && out.kernel ? { kernel_vector: vec(out.kernel) } : {};
    switch (out.status) {
      case "solution":
        return { status: "solution", solution: vec(out.x), ...kernel, ...meta } as unknown as Res;
      case "inconsistent":
        return { status: "inconsistent", certificate: vec(out.y), ...kernel, ...meta } as unknown as Res;
      case "singular":
        return { status: "singular", ...kernel, ...meta } as unknown as Res;
      case "not_found":
        return { status: "not_found", ...meta } as Res;
    }
  },
  postcondition(req, res) {
    // every certificate exactly, independently of the solver's own checks (bigints)
    const c = checkSparseClaim(req, req.rhs.entries as bigint[], (req.ring as { p: bigint }).p, claimValue(res as unknown as Record<string, unknown>));
    return c.ok ? null : c.reason;
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
      title: "an inconsistent singular system: the certificate y has yᵀ·A = 0 and yᵀ·b = 1, and a kernel vector proves A singular",
      payload: { ring: "GF(7)", rows: 3, cols: 3, entries: [{ row: 0, col: 0, value: "1" }, { row: 1, col: 0, value: "2" }, { row: 2, col: 2, value: "1" }], rhs: { ring: "GF(7)", entries: ["1", "3", "0"] } },
      expected: { status: "inconsistent", certificate: { ring: "GF(7)", entries: ["5", "1", "0"] }, kernel_vector: { ring: "GF(7)", entries: ["0", "6", "0"] }, method: "wiedemann", trials: 4, seed: 1 },
    },
    {
      title: "a consistent singular (nilpotent) system: a particular solution and a kernel vector (the solution is not unique)",
      payload: { ring: "GF(101)", rows: 2, cols: 2, entries: [{ row: 0, col: 1, value: "1" }], rhs: { ring: "GF(101)", entries: ["1", "0"] } },
      expected: { status: "solution", solution: { ring: "GF(101)", entries: ["0", "1"] }, kernel_vector: { ring: "GF(101)", entries: ["1", "0"] }, method: "wiedemann", trials: 2, seed: 1 },
    },
    {
      title: "an overdetermined consistent system (3×2) through the normal equations",
      payload: { ring: "GF(1000003)", rows: 3, cols: 2, entries: [{ row: 0, col: 0, value: "1" }, { row: 1, col: 1, value: "1" }, { row: 2, col: 0, value: "1" }, { row: 2, col: 1, value: "1" }], rhs: { ring: "GF(1000003)", entries: ["3", "4", "7"] } },
      expected: { status: "solution", solution: { ring: "GF(1000003)", entries: ["3", "4"] }, method: "wiedemann", trials: 1, seed: 1 },
    },
  ],
});

/** A parsed sparse-solve value (vectors as typed vectors) as the residues its checks read. */
export function claimValue(v: Record<string, unknown>): SparseSolveClaim {
  const entries = (k: string) => (v[k] as { entries: bigint[] } | undefined)?.entries;
  const kernel = entries("kernel_vector");
  const k = kernel ? { kernel_vector: kernel } : {};
  switch (v.status) {
    case "solution":
      return { status: "solution", solution: entries("solution")!, ...k };
    case "inconsistent":
      return { status: "inconsistent", certificate: entries("certificate")!, ...k };
    case "singular":
      return { status: "singular", ...k };
    default:
      return { status: "not_found" };
  }
}
