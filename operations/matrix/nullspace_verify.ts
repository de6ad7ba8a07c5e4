import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { formatRing, type MatrixRing as Ring } from "../../domain/kinds.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { matrix, object, request } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import { MatrixRingName } from "./support.js";
import { dims, eliminationEstimate, fieldOf, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, ringOps, rrefOf, toField, typedMatrix, type Elem } from "./linalg.js";
import { NULLSPACE_KIND, nullspaceShape } from "./nullspace_compute.js";
import { fieldMatVec, rankLowerBound } from "./solution_check.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({
  matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT),
  claim: object(nullspaceShape(), NULLSPACE_KIND, "the claim: the value of matrix.nullspace.compute unchanged ({ nullspace, dimension })"),
});
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    ring: MatrixRingName,
    dimension: type("number.integer >= 0").describe("k, the number of claimed basis vectors"),
    "rank_lower_bound?": type("number.integer >= 0").describe("a proven lower bound on rank(A) (rank modulo a prime)"),
    "rank?": type("number.integer >= 0").describe("rank(A) from the certified RREF, when the bounds were inconclusive"),
    "column?": type("number.integer >= 0").describe("a basis column with A·x ≠ 0 (a counterexample)"),
    "basis_rank?": type("number.integer >= 0").describe("rank(N) by an exact elimination, when its modular rank was short of k"),
  }),
);
type Bindings = typeof Bindings.infer;

export default defineChecker<Req>({
  id: "matrix.nullspace.verify",
  version: "1.0.0",
  title: "Verify a claimed nullspace basis: A·N = 0, N of full rank, and the rank argument",
  summary:
    "Checks a claim of matrix.nullspace.compute: every column x of N satisfies A·x = 0 exactly, the k columns are independent (rank of N modulo a prime is k), and they span the nullspace " +
    "because rank(A) ≥ n − k (the rank modulo a prime is a lower bound). Rejections carry a failing column, or the exact rank of A when the nullspace is larger than claimed.",
  keywords: ["verify nullspace", "check kernel", "nullspace basis", "A N = 0", "rank nullity", "certificate", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: ["evidence"],
  request: Request,
  bindings: Bindings,
  method: "Exact products A·x over QQ or GF(p) and rank lower bounds modulo word-size primes (rank–nullity); certified RREFs of A and of N (exact ranks) when the modular bounds do not decide: a larger nullspace or dependent basis columns are refuted.",
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "units ≈ k products A·x (m·n each at the claim's sizes) plus two modular eliminations; at worst one certified RREF.",
  budget: LINALG_BUDGET,
  preflight: (req) => eliminationEstimate(measure(req.matrix), "nullspace check"),
  ports: {
    inputs: { matrix: { field: "matrix", description: "A" }, claim: { field: "claim", description: "the output of matrix.nullspace.compute" } },
    outputs: {},
  },
  async execute(req): Promise<CheckerFinding> {
    const a = req.matrix;
    const ring = formatRing(a.ring);
    const field = fieldOf(a.ring);
    const fops = ringOps(field);
    const N = req.claim.nullspace as unknown as { ring: Ring; rows: Elem[][] };
    const k = req.claim.dimension;
    const n = dims(a).cols;
    const base: Bindings = { ring, dimension: k };
    const nr = formatRing(N.ring);
    if (nr !== ring && nr !== formatRing(field)) return { verdict: "rejected", bindings: base, reason: `the basis is over ${nr}; A is over ${ring}` };
    if (N.rows.length !== n || N.rows.some((r) => r.length !== k)) return { verdict: "rejected", bindings: base, reason: `the basis is not an ${n}×${k} matrix` };
    const cols = Array.from({ length: k }, (_, t) => N.rows.map((r) => toField(field, r[t]!)));
    for (let t = 0; t < k; t++) {
      if (!fieldMatVec(a, cols[t]!).every((v) => fops.isZero(v))) return { verdict: "rejected", bindings: { ...base, column: t }, reason: `A·x ≠ 0 for basis column ${t}` };
    }
    const rankN = rankLowerBound(field, cols, n);
    const rankA = rankLowerBound(a.ring, a.rows as Elem[][], n);
    if (rankN === k && rankA >= n - k) {
      return { verdict: "accepted", bindings: { ...base, rank_lower_bound: rankA }, evidence: { method: "A·N = 0 exactly; rank(N) = k and rank(A) ≥ n − k modulo primes, so N is a basis of the nullspace", ring, n, k, rank_lower_bound: rankA } };
    }
    const r = await rrefOf(a);
    const rank = r.pivots.length;
    if (rank < n - k) return { verdict: "rejected", bindings: { ...base, rank }, reason: `rank(A) = ${rank}, so the nullspace has dimension ${n - rank} > ${k}` };
    if (rankN < k && k > n - rank) return { verdict: "rejected", bindings: { ...base, rank }, reason: `rank(A) = ${rank}: the nullspace has dimension ${n - rank} < ${k}, so the ${k} vectors are dependent` };
    // Here rank(A) = n − k exactly; the modular rank of N was short of k (a zero column, a repeated one, or an unlucky prime): decide it exactly.
    const basisRank = (await rrefOf(typedMatrix(field, cols))).pivots.length;
    if (basisRank < k) return { verdict: "rejected", bindings: { ...base, rank, basis_rank: basisRank }, reason: `the ${k} basis columns span a space of dimension ${basisRank} only: they are dependent, not a basis` };
    return { verdict: "accepted", bindings: { ...base, rank, basis_rank: basisRank }, evidence: { method: "A·N = 0 exactly; rank(N) = k and rank(A) = n − k by certified eliminations, so N is a basis of the nullspace", ring, n, k, rank } };
  },
  postcondition(req, f) {
    return (f.bindings as Bindings).ring === formatRing(req.matrix.ring) ? null : "the bindings name another ring";
  },
  examples: [
    {
      title: "a correct basis is accepted",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] }, claim: { nullspace: { ring: "ZZ", rows: [["1"], ["-2"], ["1"]] }, dimension: 1 } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", dimension: 1, rank_lower_bound: 2 } },
    },
    {
      title: "a vector outside the nullspace is rejected",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] }, claim: { nullspace: { ring: "ZZ", rows: [["1"], ["-1"], ["1"]] }, dimension: 1 } },
      expected: { verdict: "rejected", bindings: { ring: "ZZ", dimension: 1, column: 0 } },
    },
    {
      title: "an incomplete basis is rejected by the rank",
      payload: { matrix: { ring: "QQ", rows: [["1", "2", "3"]] }, claim: { nullspace: { ring: "QQ", rows: [["-2"], ["1"], ["0"]] }, dimension: 1 } },
      expected: { verdict: "rejected", bindings: { ring: "QQ", dimension: 1, rank: 1 } },
    },
  ],
});
