import { defineCompute } from "../../domain/declaration.js";
import { integerDeterminant } from "../../domain/math/linalg/determinant.js";
import { clearDenominators, determinantModPrime } from "../../domain/math/matrix.js";
import { rational, ratMul, type Rational } from "../../domain/math/rational.js";
import { matrix, request, result } from "../_support/kinds.js";
import {
  asRingElems, dims, eliminationEstimate, inverseOf, isFinite, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, MAX_RESULT_ENTRY_CHARS, nullspaceBasis, requireSquareMatrix, ringOps, rrefOf, transposeRows, typedMatrix, type Elem,
} from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";
import type { MatrixRing, TypedMatrix } from "../../domain/kinds.js";
import { extensionDeterminant } from "../../domain/math/linalg/extension.js";
import { extensionFieldRing } from "../../domain/math/poly/gfq.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { eq } from "./solution_check.js";

/** 1/x in the field (QQ, GF(p) or GF(p^k)) for x ≠ 0. */
function inverseIn(field: MatrixRing, x: Elem): Elem {
  if (field.kind === "GFq") return extensionFieldRing(field).inv(x as FieldElement);
  if (field.kind === "GF") return ringOps(field).fromRational(rational(1n, x as bigint), "");
  return rational((x as Rational).den, (x as Rational).num);
}

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result({ adjugate: matrix(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT) });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

/** det of a square typed matrix in its own ring (ZZ/QQ via the multimodular kernel). */
function det(m: TypedMatrix): Elem {
  switch (m.ring.kind) {
    case "ZZ": return integerDeterminant(m.rows as bigint[][]);
    case "QQ": {
      const { integer, scale } = clearDenominators(m.rows as Rational[][]);
      return rational(integerDeterminant(integer), scale);
    }
    case "GF": return determinantModPrime(m.rows as bigint[][], m.ring.p);
    case "GFq": return extensionDeterminant(m.ring, m.rows as FieldElement[][]);
  }
}

export default defineCompute<Req, Res>({
  id: "matrix.adjugate.compute",
  version: "1.0.0",
  title: "Adjugate (classical adjoint) of a square matrix",
  summary:
    "The adjugate adj(A) (transpose of the cofactor matrix, A·adj(A) = det(A)·I) of an n×n matrix (n ≤ 500) over ZZ, QQ, GF(p) or GF(p^k), in A's ring. Nonsingular: det(A)·A⁻¹. " +
    "Rank n−1: adj(A) = λ·v·wᵀ with A·v = 0, wᵀ·A = 0 and λ fixed by one nonzero cofactor; rank ≤ n−2: 0.",
  keywords: ["adjugate", "adjoint", "classical adjoint", "cofactor matrix", "matadjoint", "adj", "cramer", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "as matrix.inverse.compute plus one determinant (matrix.determinant.compute's cost), and n² products by det(A).",
  budget: LINALG_BUDGET,
  progress_measure: "primes done (ZZ/QQ)",
  preflight(req) {
    const s = measure(req.matrix);
    const e = eliminationEstimate({ ...s, cols: 2 * s.cols, rowBits: s.rowBits.map((b) => b + 1) }, "adjugate");
    return { ...e, units: e.units * 1.5 };
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the square matrix A" } },
    outputs: { adjugate: { field: "adjugate", description: "adj(A), in A's ring" } },
  },
  async execute(req, ctx) {
    const a = req.matrix;
    requireSquareMatrix(a, "payload.matrix", "the adjugate");
    const n = dims(a).rows;
    const ops = ringOps(a.ring);
    if (n === 0) return { adjugate: typedMatrix(a.ring, []) } as unknown as Res;
    if (n === 1) return { adjugate: typedMatrix(a.ring, [[ops.one]]) } as unknown as Res;
    const inv = await inverseOf(a, ctx);
    const toRing = (x: Elem): Elem => (a.ring.kind === "ZZ" ? (x as Rational).num : x); // det·A⁻¹ and λ·v·w are integral over ZZ
    if ("inverse" in inv) {
      const d = det(a);
      const dq = a.ring.kind === "ZZ" ? rational(d as bigint) : d;
      const fops = ringOps(isFinite(a.ring) ? a.ring : { $kind: "ring", kind: "QQ" });
      return { adjugate: typedMatrix(a.ring, inv.inverse.map((row) => row.map((x) => (isFinite(a.ring) ? fops.mul(dq, x) : toRing(ratMul(dq as Rational, x as Rational)))))) } as unknown as Res;
    }
    const rank = (await rrefOf(a)).pivots.length;
    const zero = Array.from({ length: n }, () => new Array<Elem>(n).fill(ops.zero));
    if (rank < n - 1) return { adjugate: typedMatrix(a.ring, zero) } as unknown as Res;
    const v = inv.kernel;
    const wRaw = nullspaceBasis(await rrefOf(typedMatrix(a.ring, transposeRows(a.rows as Elem[][], n))))[0]!;
    const w = asRingElems(a.ring, wRaw);
    const j = v.findIndex((x) => !ops.isZero(x)), i = w.findIndex((x) => !ops.isZero(x));
    // adj(A)_{j,i} = (−1)^{i+j}·det(A without row i and column j) = λ·v_j·w_i.
    const minor = typedMatrix(a.ring, (a.rows as Elem[][]).filter((_, r) => r !== i).map((row) => row.filter((_, c) => c !== j)));
    let cof = det(minor);
    if ((i + j) % 2 === 1) cof = ops.neg(cof);
    const field = isFinite(a.ring) ? a.ring : ({ $kind: "ring", kind: "QQ" } as const);
    const fr = ringOps(field);
    const lift = (x: Elem): Elem => (a.ring.kind === "ZZ" ? rational(x as bigint) : x);
    const vw = fr.mul(lift(v[j]!), lift(w[i]!));
    const lam = fr.mul(lift(cof), inverseIn(field, vw));
    const out = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => toRing(fr.mul(fr.mul(lam, lift(v[r]!)), lift(w[c]!)))));
    return { adjugate: typedMatrix(a.ring, out) } as unknown as Res;
  },
  postcondition(req, res) {
    const B = (res.adjugate as unknown as { rows: Elem[][] }).rows;
    const n = req.matrix.rows.length;
    if (B.length !== n) return `the adjugate is not ${n}×${n}`;
    if (n === 0) return null;
    // A·adj(A) = det(A)·I
    const a = req.matrix;
    const ops = ringOps(a.ring);
    const d = det(a);
    const rows = a.rows as Elem[][];
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      let s = ops.zero;
      for (let t = 0; t < n; t++) s = ops.add(s, ops.mul(rows[i]![t]!, B[t]![j]!));
      const want = i === j ? d : ops.zero;
      if (!eq(a.ring, s, want)) return `(A·adj A)_${i}${j} ≠ det(A)·δ_${i}${j}`;
    }
    return null;
  },
  examples: [
    { title: "a 2×2 integer matrix", payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] } }, expected: { adjugate: { ring: "ZZ", rows: [["4", "-2"], ["-3", "1"]] } } },
    { title: "a singular matrix of rank n−1", payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["2", "4"]] } }, expected: { adjugate: { ring: "ZZ", rows: [["4", "-2"], ["-2", "1"]] } } },
    { title: "rank n−2: the zero matrix", payload: { matrix: { ring: "QQ", rows: [["1", "1", "1"], ["2", "2", "2"], ["3", "3", "3"]] } }, expected: { adjugate: { ring: "QQ", rows: [["0", "0", "0"], ["0", "0", "0"], ["0", "0", "0"]] } } },
    { title: "over GF(7)", payload: { matrix: { ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] } }, expected: { adjugate: { ring: "GF(7)", rows: [["6", "2"], ["5", "3"]] } } },
    { title: "a rank-1 matrix over GF(3^2)", payload: { matrix: { ring: "GF(3^2)", rows: [["a", "1"], ["a^2", "a"]] } }, expected: { adjugate: { ring: "GF(3^2)", rows: [["a", "2"], ["2*a + 2", "a"]] } } },
  ],
});
