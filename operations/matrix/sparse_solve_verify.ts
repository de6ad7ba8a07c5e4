import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { formatRing } from "../../domain/kinds.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, request, vector } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import { checkSparseClaim, MAX_SPARSE_DIM, sparseBounds, sparseFields, sparsePrime } from "./sparse.js";
import { claimValue, SPARSE_SOLVE_KIND, sparseSolveShapes } from "./sparse_solve_compute.js";
import { MatrixRingName } from "./support.js";

const Request = request({
  ...sparseFields(),
  rhs: vector(MAX_SPARSE_DIM, 42),
  claim: claimOf(sparseSolveShapes(), SPARSE_SOLVE_KIND, "the claim: the value of matrix.sparse_solve.compute unchanged (solution, inconsistent, singular or not_found)"),
});
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    ring: MatrixRingName,
    status: type("'solution' | 'inconsistent' | 'singular' | 'not_found'").describe("the kind of answer claimed"),
    "row?": type("number.integer >= 0").describe("a row where A·x ≠ b or A·w ≠ 0 (a counterexample)"),
    "column?": type("number.integer >= 0").describe("a column where yᵀ·A ≠ 0 (a counterexample)"),
  }),
);
type Bindings = typeof Bindings.infer;

export default defineChecker<Req>({
  id: "matrix.sparse_solve.verify",
  version: "1.0.0",
  title: "Verify a claimed answer of a sparse linear system over GF(p): solution, kernel vector or inconsistency certificate",
  summary:
    "Checks a claim of matrix.sparse_solve.compute for A·x = b over GF(p) exactly, from the listed entries: a solution by A·x = b, a kernel vector by A·w = 0 with w ≠ 0, an inconsistency certificate by yᵀ·A = 0 and yᵀ·b ≠ 0. " +
    "A failed identity rejects the claim at the row or column where it fails; singular without a kernel vector, and not_found, claim nothing checkable and give non_conclusion.",
  keywords: ["verify sparse solve", "check solution", "sparse linear system", "inconsistency certificate", "kernel vector", "finite field", "gf(p)", "certificate", "A x = b"],
  accepted_artifact_types: [],
  produced_artifact_types: ["evidence"],
  request: Request,
  bindings: Bindings,
  method: "Exact bigint products over the request's (row, col, value) triples, reduced modulo p at the end — no Krylov sequence, projection or preconditioner of the solver is used.",
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint products over the listed entries" }],
  bounds: [...sparseBounds(), { name: "rhs_length", limit: MAX_SPARSE_DIM, unit: "entries", description: "b has one entry per row of A" }],
  cost_model: "units ≈ 3 products over the nonzeros (A·x, A·w, yᵀ·A), each a bigint multiply-add (60 units), plus parsing (60 units per entry).",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const nnz = req.entries.length;
    return { units: (3 * nnz + 2 * (req.rows + req.cols)) * 60 + (nnz + req.rhs.entries.length) * 60, memory_bytes: nnz * 200 + (req.rows + req.cols) * 160, basis: `${req.rows}×${req.cols} with ${nnz} entries` };
  },
  ports: {
    inputs: { claim: { field: "claim", description: "the output of matrix.sparse_solve.compute" } },
    outputs: {},
  },
  execute(req): CheckerFinding {
    const ring = formatRing(req.ring);
    const claim = claimValue(req.claim as unknown as Record<string, unknown>);
    const base: Bindings = { ring, status: claim.status };
    const p = BigInt(sparsePrime(req.ring, "the sparse solve check"));
    if (formatRing(req.rhs.ring) !== ring) return { verdict: "rejected", bindings: base, reason: `b is over ${formatRing(req.rhs.ring)}; A is over ${ring}` };
    const vectors = [(req.claim as Record<string, unknown>).solution, (req.claim as Record<string, unknown>).certificate, (req.claim as Record<string, unknown>).kernel_vector] as ({ ring: { kind: string; p?: bigint } } | undefined)[];
    if (vectors.some((v) => v && (v.ring.kind !== "GF" || v.ring.p !== p))) return { verdict: "rejected", bindings: base, reason: `a vector of the claim is not over ${ring}` };
    const c = checkSparseClaim(req, req.rhs.entries as bigint[], p, claim);
    if (!c.ok) return { verdict: "rejected", bindings: { ...base, ...(c.row !== undefined ? { row: c.row } : {}), ...(c.column !== undefined ? { column: c.column } : {}) }, reason: c.reason };
    if (!c.proven) return { verdict: "non_conclusion", bindings: base, reason: c.detail };
    return { verdict: "accepted", bindings: base, evidence: { method: c.detail, ring } };
  },
  postcondition(req, f) {
    return (f.bindings as Bindings).ring === formatRing(req.ring) ? null : "the bindings name another ring";
  },
  examples: [
    {
      title: "a solution of a 2×2 system over GF(7) is accepted",
      payload: {
        ring: "GF(7)", rows: 2, cols: 2,
        entries: [{ row: 0, col: 0, value: "1" }, { row: 0, col: 1, value: "1" }, { row: 1, col: 1, value: "2" }],
        rhs: { ring: "GF(7)", entries: ["3", "4"] },
        claim: { status: "solution", solution: { ring: "GF(7)", entries: ["1", "2"] }, method: "wiedemann", trials: 1, seed: 1 },
      },
      expected: { verdict: "accepted", bindings: { ring: "GF(7)", status: "solution" } },
    },
    {
      title: "an inconsistency certificate: rows 2·(x0 + x1) = 1 and x0 + x1 = 1 over GF(7)",
      payload: {
        ring: "GF(7)", rows: 2, cols: 2,
        entries: [{ row: 0, col: 0, value: "2" }, { row: 0, col: 1, value: "2" }, { row: 1, col: 0, value: "1" }, { row: 1, col: 1, value: "1" }],
        rhs: { ring: "GF(7)", entries: ["1", "1"] },
        claim: { status: "inconsistent", certificate: { ring: "GF(7)", entries: ["1", "5"] }, method: "wiedemann", trials: 2, seed: 1 },
      },
      expected: { verdict: "accepted", bindings: { ring: "GF(7)", status: "inconsistent" } },
    },
    {
      title: "a wrong solution is rejected at the row where A·x ≠ b",
      payload: {
        ring: "GF(7)", rows: 2, cols: 2,
        entries: [{ row: 0, col: 0, value: "1" }, { row: 0, col: 1, value: "1" }, { row: 1, col: 1, value: "2" }],
        rhs: { ring: "GF(7)", entries: ["3", "4"] },
        claim: { status: "solution", solution: { ring: "GF(7)", entries: ["2", "1"] }, method: "wiedemann", trials: 1, seed: 1 },
      },
      expected: { verdict: "rejected", bindings: { ring: "GF(7)", status: "solution", row: 1 } },
    },
  ],
});
