import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { formatRing, type MatrixRing as Ring } from "../../domain/kinds.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, matrix, request } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import { MatrixRingName } from "./support.js";
import { INVERSE_KIND, inverseShapes } from "./inverse_compute.js";
import { dims, eliminationEstimate, fieldOf, multiplyElems, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, ringOps, toField, type Elem } from "./linalg.js";
import { eq, fieldMatVec } from "./solution_check.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({
  matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT),
  claim: claimOf(inverseShapes(), INVERSE_KIND, "the claim: the value of matrix.inverse.compute unchanged ({ invertible: true, inverse } or { invertible: false, kernel_vector })"),
});
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    ring: MatrixRingName,
    method: type("'product_is_identity' | 'kernel_vector'").describe("A·B = I checked entry by entry, or A·x = 0 with x ≠ 0"),
    "row?": type("number.integer >= 0").describe("a row of the counterexample entry"),
    "column?": type("number.integer >= 0").describe("a column of the counterexample entry"),
  }),
);
type Bindings = typeof Bindings.infer;

export default defineChecker<Req>({
  id: "matrix.inverse.verify",
  version: "1.0.0",
  title: "Verify a claimed matrix inverse (A·B = I) or singularity certificate (A·x = 0)",
  summary:
    "Checks a claim of matrix.inverse.compute by its certificate, without elimination: an inverse B is accepted when A·B = I exactly (for square matrices this implies B·A = I), " +
    "a singularity claim when its kernel vector x is nonzero and A·x = 0. Rejections name the entry where the product differs.",
  keywords: ["verify inverse", "check inverse", "A B = I", "certificate", "singular", "kernel vector", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: ["evidence"],
  request: Request,
  bindings: Bindings,
  method: "Exact matrix products over QQ or GF(p): A·B compared with I entry by entry, or A·x compared with 0. The producer uses a multimodular RREF; the checker uses no elimination at all.",
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "units ≈ n³ products of an entry of A by an entry of B (n² for a kernel vector), at their sizes.",
  budget: LINALG_BUDGET,
  preflight(req) {
    const s = measure(req.matrix);
    const e = eliminationEstimate(s, "inverse check");
    return { ...e, units: e.units };
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the square matrix A" }, claim: { field: "claim", description: "the output of matrix.inverse.compute" } },
    outputs: {},
  },
  execute(req): CheckerFinding {
    const a = req.matrix;
    const ring = formatRing(a.ring);
    const { rows: n, cols } = dims(a);
    const field = fieldOf(a.ring);
    const fops = ringOps(field);
    const c = req.claim as unknown as { invertible: boolean; inverse?: { ring: Ring; rows: Elem[][] }; kernel_vector?: { ring: Ring; entries: Elem[] } };
    const claimRing = formatRing((c.inverse ?? c.kernel_vector)!.ring);
    if (claimRing !== ring && claimRing !== formatRing(field)) {
      return { verdict: "rejected", bindings: { ring, method: c.invertible ? "product_is_identity" : "kernel_vector" }, reason: `the claim is over ${claimRing}; the matrix is over ${ring}` };
    }
    if (c.invertible) {
      const B = c.inverse!.rows;
      const base: Bindings = { ring, method: "product_is_identity" };
      if (n !== cols) return { verdict: "rejected", bindings: base, reason: `A is ${n}×${cols}: only square matrices have inverses` };
      if (B.length !== n || B.some((r) => r.length !== n)) return { verdict: "rejected", bindings: base, reason: `the claimed inverse is not ${n}×${n}` };
      // GF(p^k): one product on the field's internal arithmetic (no element conversions per product)
      const AB = a.ring.kind === "GFq" ? multiplyElems(a.ring, a.rows as Elem[][], B) : undefined;
      for (let j = 0; j < n; j++) {
        const col = AB ? AB.map((r) => r[j]!) : fieldMatVec(a, B.map((r) => toField(field, r[j]!)));
        for (let i = 0; i < n; i++) {
          if (!eq(field, col[i]!, i === j ? fops.one : fops.zero)) {
            return { verdict: "rejected", bindings: { ...base, row: i, column: j }, reason: `(A·B)_${i},${j} is not ${i === j ? 1 : 0}` };
          }
        }
      }
      return { verdict: "accepted", bindings: base, evidence: { method: "A·B = I exactly", ring, dimension: n } };
    }
    const x = c.kernel_vector!.entries;
    const base: Bindings = { ring, method: "kernel_vector" };
    if (x.length !== cols) return { verdict: "rejected", bindings: base, reason: `the kernel vector has ${x.length} entries; A has ${cols} columns` };
    if (x.every((v) => ringOps(a.ring).isZero(v))) return { verdict: "rejected", bindings: base, reason: "the kernel vector is zero, so it certifies nothing (the claim includes x ≠ 0)" };
    const ax = fieldMatVec(a, x.map((v) => toField(field, v)));
    const i = ax.findIndex((v) => !fops.isZero(v));
    if (i >= 0) return { verdict: "rejected", bindings: { ...base, row: i }, reason: `(A·x)_${i} ≠ 0` };
    return { verdict: "accepted", bindings: base, evidence: { method: "A·x = 0 with x ≠ 0: A is singular", ring, dimension: n } };
  },
  postcondition(req, f) {
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    return (f.bindings as Bindings).ring === formatRing(req.matrix.ring) ? null : "the bindings name another ring";
  },
  examples: [
    {
      title: "a correct inverse is accepted",
      payload: { matrix: { ring: "ZZ", rows: [["2", "1"], ["1", "1"]] }, claim: { invertible: true, inverse: { ring: "QQ", rows: [["1", "-1"], ["-1", "2"]] } } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", method: "product_is_identity" } },
    },
    {
      title: "a wrong inverse is rejected at an entry of A·B",
      payload: { matrix: { ring: "ZZ", rows: [["2", "1"], ["1", "1"]] }, claim: { invertible: true, inverse: { ring: "QQ", rows: [["1", "-1"], ["-1", "1"]] } } },
      expected: { verdict: "rejected", bindings: { ring: "ZZ", method: "product_is_identity", row: 0, column: 1 } },
    },
    {
      title: "a singularity certificate",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["2", "4"]] }, claim: { invertible: false, kernel_vector: { ring: "ZZ", entries: ["-2", "1"] } } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", method: "kernel_vector" } },
    },
  ],
});
