import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { formatRing } from "../../domain/kinds.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, matrix, request, vector } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import { MatrixRingName } from "./support.js";
import { dims, eliminationEstimate, fieldOf, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, nullspaceBasis, rrefOf, toField, typedMatrix, type Elem } from "./linalg.js";
import { checkSolution, type SolutionClaim } from "./solution_check.js";
import { SOLUTION_KIND, solutionShapes } from "./solve_compute.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({
  matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT),
  rhs: vector(MAX_DIM, MAX_ENTRY_CHARS, EXT),
  claim: claimOf(solutionShapes(), SOLUTION_KIND, "the claim: the value of matrix.solve.compute unchanged (unique, general or inconsistent)"),
});
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    ring: MatrixRingName,
    status: type("'unique' | 'general' | 'inconsistent'").describe("the kind of answer claimed"),
    "row?": type("number.integer >= 0").describe("the row where A·x ≠ b or A·N ≠ 0 (a counterexample)"),
    "column?": type("number.integer >= 0").describe("the nullspace column or the entry of yᵀ·A that fails"),
    "rank?": type("number.integer >= 0").describe("rank(A), proven by the certified RREF, when a completeness claim was refuted"),
    "basis_rank?": type("number.integer >= 0").describe("rank of the claimed nullspace basis by an exact elimination, when its modular rank was short of k"),
  }),
);
type Bindings = typeof Bindings.infer;

export default defineChecker<Req>({
  id: "matrix.solution.verify",
  version: "1.0.0",
  title: "Verify a claimed solution of A·x = b (unique, general, or an inconsistency certificate)",
  summary:
    "Checks a claim of matrix.solve.compute by certificates: A·x = b exactly; for a general solution A·N = 0 and the completeness of N by rank bounds (rank of N modulo primes = k and rank(A) ≥ n − k); " +
    "for uniqueness rank(A) ≥ n; for inconsistency yᵀ·A = 0 and yᵀ·b ≠ 0. When the rank bounds do not settle completeness, the exact rank from the certified RREF decides it (a kernel vector outside N refutes the claim).",
  keywords: ["verify solution", "check solution", "linear system", "A x = b", "inconsistency certificate", "farkas", "nullspace", "certificate", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: ["evidence"],
  request: Request,
  bindings: Bindings,
  method:
    "Exact products A·x, A·N, yᵀ·A, yᵀ·b over QQ or GF(p) and rank lower bounds modulo word-size primes (the rank modulo p never exceeds the rank over QQ); the producer's RREF is used only when those bounds are inconclusive, to refute completeness.",
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: [...matrixBounds(), { name: "rhs_length", limit: MAX_DIM, unit: "entries", description: "b has one entry per row of A" }],
  cost_model: "units ≈ the products (m·n per vector at the claim's entry sizes) plus a few modular eliminations (m·n·min(m, n) double steps); at worst one certified RREF (as matrix.rref.compute).",
  budget: LINALG_BUDGET,
  preflight: (req) => eliminationEstimate(measure(req.matrix), "solution check"),
  ports: {
    inputs: { matrix: { field: "matrix", description: "A" }, rhs: { field: "rhs", description: "b" }, claim: { field: "claim", description: "the output of matrix.solve.compute" } },
    outputs: {},
  },
  async execute(req): Promise<CheckerFinding> {
    const a = req.matrix, b = req.rhs;
    const ring = formatRing(a.ring);
    const claim = req.claim as unknown as SolutionClaim;
    const base: Bindings = { ring, status: claim.status };
    if (formatRing(b.ring) !== ring) return { verdict: "rejected", bindings: base, reason: `b is over ${formatRing(b.ring)}; A is over ${ring}` };
    if (b.entries.length !== dims(a).rows) return { verdict: "rejected", bindings: base, reason: "b has the wrong length for A" };
    const c = checkSolution(a, b, claim);
    if (!c.ok) return { verdict: "rejected", bindings: { ...base, ...(c.row !== undefined ? { row: c.row } : {}), ...(c.column !== undefined ? { column: c.column } : {}) }, reason: c.reason };
    if (c.proven) return { verdict: "accepted", bindings: base, evidence: { method: c.detail, ring } };
    // Rank bounds inconclusive: the exact rank decides. k claimed basis vectors are independent and
    // in the nullspace; if rank(A) < n − k there is more nullspace than claimed.
    const n = dims(a).cols;
    const k = claim.status === "general" ? (claim.nullspace.rows[0]?.length ?? 0) : 0;
    const r = await rrefOf(a);
    const rank = r.pivots.length;
    if (rank < n - k) {
      const extra = nullspaceBasis(r).length;
      return { verdict: "rejected", bindings: { ...base, rank }, reason: `rank(A) = ${rank}, so the nullspace has dimension ${extra} > ${k}: ${claim.status === "unique" ? "the solution is not unique" : "the claimed basis does not span it"}` };
    }
    if (claim.status === "general" && k > 0) {
      // rank(A) ≥ n − k: the claimed columns lie in the nullspace (checked above); they are a basis exactly when independent.
      const field = fieldOf(a.ring);
      const N = claim.nullspace.rows as unknown as Elem[][];
      const cols = Array.from({ length: k }, (_, t) => N.map((row) => toField(field, row[t]!)));
      const basisRank = (await rrefOf(typedMatrix(field, cols))).pivots.length;
      if (basisRank < k) return { verdict: "rejected", bindings: { ...base, rank, basis_rank: basisRank }, reason: `the ${k} nullspace columns span a space of dimension ${basisRank} only: they are dependent, not a basis` };
      if (rank === n - k) return { verdict: "accepted", bindings: { ...base, rank, basis_rank: basisRank }, evidence: { method: "A·x = b, A·N = 0, rank(N) = k and rank(A) = n − k by certified eliminations", ring } };
    }
    return { verdict: "non_conclusion", bindings: { ...base, rank }, reason: "A·x = b holds, but the independence of the claimed nullspace basis was not established modulo the primes tried" };
  },
  postcondition(req, f) {
    return (f.bindings as Bindings).ring === formatRing(req.matrix.ring) ? null : "the bindings name another ring";
  },
  examples: [
    {
      title: "a unique solution is accepted",
      payload: { matrix: { ring: "ZZ", rows: [["2", "1"], ["1", "3"]] }, rhs: { ring: "ZZ", entries: ["1", "2"] }, claim: { status: "unique", solution: { ring: "QQ", entries: ["1/5", "3/5"] } } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", status: "unique" } },
    },
    {
      title: "a claimed unique solution of a singular system is refuted by the rank",
      payload: { matrix: { ring: "ZZ", rows: [["1", "1"], ["2", "2"]] }, rhs: { ring: "ZZ", entries: ["1", "2"] }, claim: { status: "unique", solution: { ring: "QQ", entries: ["1", "0"] } } },
      expected: { verdict: "rejected", bindings: { ring: "ZZ", status: "unique", rank: 1 } },
    },
    {
      title: "an inconsistency certificate",
      payload: { matrix: { ring: "ZZ", rows: [["1", "1"], ["2", "2"]] }, rhs: { ring: "ZZ", entries: ["1", "3"] }, claim: { status: "inconsistent", certificate: { ring: "ZZ", entries: ["-2", "1"] } } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", status: "inconsistent" } },
    },
    {
      title: "a wrong solution is rejected at a row",
      payload: { matrix: { ring: "QQ", rows: [["1", "2", "3"]] }, rhs: { ring: "QQ", entries: ["6"] }, claim: { status: "general", particular: { ring: "QQ", entries: ["1", "1", "0"] }, nullspace: { ring: "QQ", rows: [["-2", "-3"], ["1", "0"], ["0", "1"]] } } },
      expected: { verdict: "rejected", bindings: { ring: "QQ", status: "general", row: 0 } },
    },
  ],
});
