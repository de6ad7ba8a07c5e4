import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { formatRing } from "../../domain/kinds.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { list, matrix, object, request } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import { MatrixRingName } from "./support.js";
import { integerDeterminant } from "../../domain/math/linalg/determinant.js";
import { clearDenominators, determinantModPrime } from "../../domain/math/matrix.js";
import type { Rational } from "../../domain/math/rational.js";
import { extensionBareissDeterminant } from "../../domain/math/linalg/extension.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { fieldOf, isFinite, ringOps, dims, eliminationEstimate, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, nullspaceBasis, rrefOf, type Elem } from "./linalg.js";
import { RANK_KIND } from "./rank_compute.js";
import { fieldMatVec, rankLowerBound } from "./solution_check.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({
  matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT),
  claim: object({ rank: type("number.integer >= 0").describe("the claimed rank") }, RANK_KIND, "the claim: the value of matrix.rank.compute unchanged ({ rank })"),
});
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    ring: MatrixRingName,
    rank: type("number.integer >= 0").describe("the rank proven by the certificates"),
    minor_rows: list(type("number.integer >= 0"), MAX_DIM, "rows of a nonsingular rank×rank minor (rank ≥ this)"),
    minor_columns: list(type("number.integer >= 0"), MAX_DIM, "columns of that minor"),
    relations: type("number.integer >= 0").describe("independent vectors x with A·x = 0 (rank ≤ n − this)"),
  }),
);
type Bindings = typeof Bindings.infer;

export default defineChecker<Req>({
  id: "matrix.rank.verify",
  version: "1.0.0",
  title: "Verify a claimed rank by an independent minor and dependence relations",
  summary:
    "Checks a claimed rank r of an m×n matrix by two certificates it builds and checks exactly: a rank×rank minor with nonzero determinant (rank ≥ that size) and n − rank independent " +
    "dependence relations among the columns, vectors x with A·x = 0 checked exactly and independent modulo a prime (rank ≤ n − their number). The claim is accepted when both bounds equal it, " +
    "rejected otherwise with the bound it violates.",
  keywords: ["verify rank", "check rank", "rank certificate", "nonzero minor", "dependence relations", "rank nullity", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: ["evidence"],
  request: Request,
  bindings: Bindings,
  method:
    "Lower bound: the determinant of the minor (exact, multimodular over ZZ/QQ, elimination over GF(p)) is nonzero. Upper bound: A·x = 0 exactly for each relation and their rank modulo a word-size prime. " +
    "The candidate minor and relations come from an RREF, but acceptance rests only on these exact checks.",
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "as matrix.rref.compute, plus a determinant of the r×r minor and n − r products A·x.",
  budget: LINALG_BUDGET,
  preflight(req) {
    const e = eliminationEstimate(measure(req.matrix), "rank check");
    return { ...e, units: e.units * 2 };
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "A" }, claim: { field: "claim", description: "the output of matrix.rank.compute" } },
    outputs: {},
  },
  async execute(req): Promise<CheckerFinding> {
    const a = req.matrix;
    const ring = formatRing(a.ring);
    const { cols: n } = dims(a);
    const r = await rrefOf(a);
    const R = r.independentRows, P = r.pivots;
    const minorRows = (a.rows as Elem[][]).filter((_, i) => R.includes(i)).map((row) => P.map((c) => row[c]!));
    let nonzero: boolean;
    if (a.ring.kind === "GF") nonzero = determinantModPrime(minorRows as bigint[][], a.ring.p) !== 0n;
    else if (a.ring.kind === "GFq") nonzero = extensionBareissDeterminant(a.ring, minorRows as FieldElement[][]).length > 0;
    else nonzero = integerDeterminant(a.ring.kind === "QQ" ? clearDenominators(minorRows as Rational[][]).integer : (minorRows as bigint[][])) !== 0n;
    const N = nullspaceBasis(r);
    const fops = ringOps(fieldOf(a.ring));
    const zeroOk = N.every((x) => fieldMatVec(a, x.map((e) => (isFinite(a.ring) ? e : ({ num: e as bigint, den: 1n } as Rational)))).every((v) => fops.isZero(v)));
    const independent = rankLowerBound(isFinite(a.ring) ? a.ring : { $kind: "ring", kind: "ZZ" }, N, n) === N.length;
    if (!nonzero || !zeroOk || !independent) throw new Error("rank certificates failed to check (unreachable: the RREF is certified)");
    const rank = P.length;
    const bindings: Bindings = { ring, rank, minor_rows: R, minor_columns: P, relations: N.length };
    if (req.claim.rank === rank) return { verdict: "accepted", bindings, evidence: { method: "nonzero minor (rank ≥ r) and n − r independent relations A·x = 0 (rank ≤ r)", ring, rank, minor_rows: R, minor_columns: P, relations: N.length } };
    return {
      verdict: "rejected",
      bindings,
      reason: req.claim.rank > rank ? `${N.length} independent vectors x with A·x = 0 give rank ≤ ${rank} < ${req.claim.rank}` : `a nonsingular ${rank}×${rank} minor gives rank ≥ ${rank} > ${req.claim.rank}`,
    };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    if (b.ring !== formatRing(req.matrix.ring)) return "the bindings name another ring";
    if (b.minor_rows.length !== b.rank || b.minor_columns.length !== b.rank || b.relations + b.rank !== dims(req.matrix).cols) return "the certificates do not match the rank";
    return (f.verdict === "accepted") === (req.claim.rank === b.rank) ? null : "the verdict does not follow from the proven rank";
  },
  examples: [
    {
      title: "rank 2 of a singular 3×3 matrix is accepted",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] }, claim: { rank: 2 } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", rank: 2, minor_rows: [0, 1], minor_columns: [0, 1], relations: 1 } },
    },
    {
      title: "rank 3 is rejected by a dependence relation",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] }, claim: { rank: 3 } },
      expected: { verdict: "rejected", bindings: { ring: "ZZ", rank: 2, minor_rows: [0, 1], minor_columns: [0, 1], relations: 1 } },
    },
  ],
});
