/**
 * Exact checks of linear-algebra certificates shared by producers' postconditions and the
 * checkers (not a declaration): A·x = b, A·N = 0, yᵀ·A = 0 with yᵀ·b ≠ 0, and proven lower
 * bounds on ranks (the rank modulo a prime never exceeds the rank over QQ).
 */
import type { MatrixRing as Ring, TypedMatrix, TypedVector } from "../../domain/kinds.js";
import { extensionRref } from "../../domain/math/linalg/extension.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { delayedPrimeBits, FlatResidues, rankModW, wordPrime } from "../../domain/math/linalg/wordsize.js";
import { rrefModPrime } from "../../domain/math/linalg/rref.js";
import { clearDenominators, lcm } from "../../domain/math/matrix.js";
import { rational, type Rational } from "../../domain/math/rational.js";
import { dims, fieldOf, liftToField, ringOps, toField, type Elem } from "./linalg.js";

/** Entries of a matrix or vector lifted to the field of `ring` (ZZ → QQ). */
const lift = (ring: Ring, xs: readonly Elem[]): Elem[] => xs.map((e) => liftToField(ring, e));

/**
 * A·x in the field of A's ring; x over that field. Over ZZ/QQ in integers: with L the common
 * denominator of x and s_i that of row i, (A·x)_i = (Σ_j s_i·a_ij · L·x_j)/(s_i·L), one reduction
 * per row instead of one per product.
 */
export function fieldMatVec(a: TypedMatrix, x: readonly Elem[]): Elem[] {
  if (a.ring.kind === "ZZ" || a.ring.kind === "QQ") {
    const xs = x as Rational[];
    let L = 1n;
    for (const v of xs) if (v.den !== 1n && L % v.den !== 0n) L = lcm(L, v.den);
    const X = xs.map((v) => (v.den === L ? v.num : v.num * (L / v.den)));
    const { integer, rowScales } = a.ring.kind === "QQ" ? clearDenominators(a.rows as Rational[][]) : { integer: a.rows as bigint[][], rowScales: undefined };
    return integer.map((row, i) => {
      let t = 0n;
      for (let j = 0; j < row.length; j++) if (row[j] !== 0n && X[j] !== 0n) t += row[j]! * X[j]!;
      return rational(t, (rowScales ? rowScales[i]! : 1n) * L);
    });
  }
  const ops = ringOps(fieldOf(a.ring));
  return (a.rows as Elem[][]).map((row) => {
    const r = lift(a.ring, row);
    let s = ops.zero;
    for (let j = 0; j < r.length; j++) if (!ops.isZero(r[j]!) && !ops.isZero(x[j]!)) s = ops.add(s, ops.mul(r[j]!, x[j]!));
    return s;
  });
}

export const eq = (ring: Ring, a: Elem, b: Elem): boolean => {
  if (typeof a === "bigint") return a === b;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((c, i) => c === b[i]);
  return (a as Rational).num === (b as Rational).num && (a as Rational).den === (b as Rational).den;
};

/**
 * A proven lower bound on the rank of a list of vectors (rows) over the field of `ring`: exact over
 * GF(p); over ZZ/QQ the largest rank modulo a few word-size primes of the row-cleared matrix.
 */
export function rankLowerBound(ring: Ring, rows: Elem[][], cols: number, attempts = 3): number {
  if (!rows.length || !cols) return 0;
  if (ring.kind === "GF") return rrefModPrime(rows as bigint[][], ring.p).pivots.length;
  if (ring.kind === "GFq") return extensionRref(ring, rows as FieldElement[][]).pivots.length;
  const integer = ring.kind === "QQ" || typeof rows[0]![0] !== "bigint" ? clearDenominators(rows.map((r) => lift(ring, r)) as Rational[][]).integer : (rows as bigint[][]);
  const src = new FlatResidues(integer);
  const bits = delayedPrimeBits(Math.max(rows.length, cols) + 1);
  let best = 0;
  for (let t = 0; t < attempts && best < Math.min(rows.length, cols); t++) {
    const p = wordPrime(bits, 5 + 7 * t);
    best = Math.max(best, rankModW(src.reduce(p), rows.length, cols, p));
  }
  return best;
}

export type SolutionClaim =
  | { status: "unique"; solution: TypedVector }
  | { status: "general"; particular: TypedVector; nullspace: TypedMatrix }
  | { status: "inconsistent"; certificate: TypedVector };

export type SolutionCheck =
  | { ok: true; proven: boolean; detail: string }
  | { ok: false; reason: string; row?: number; column?: number };

/**
 * Check a claimed answer of A·x = b exactly. `proven` says whether the claim's completeness part
 * (uniqueness, or that N spans the whole nullspace) was also proven by rank bounds.
 */
export function checkSolution(a: TypedMatrix, b: TypedVector, claim: SolutionClaim): SolutionCheck {
  const { rows: m, cols: n } = dims(a);
  const field = fieldOf(a.ring);
  const fops = ringOps(field);
  if (claim.status === "inconsistent") {
    const y = claim.certificate.entries as Elem[];
    if (y.length !== m) return { ok: false, reason: `the certificate has ${y.length} entries; A has ${m} rows` };
    const ly = y.map((e) => toField(field, e));
    for (let j = 0; j < n; j++) {
      let s = fops.zero;
      for (let i = 0; i < m; i++) s = fops.add(s, fops.mul(ly[i]!, liftToField(a.ring, (a.rows as Elem[][])[i]![j]!)));
      if (!fops.isZero(s)) return { ok: false, reason: `yᵀ·A is not 0: its entry ${j} is nonzero`, column: j };
    }
    let s = fops.zero;
    const lb = lift(a.ring, b.entries as Elem[]);
    for (let i = 0; i < m; i++) s = fops.add(s, fops.mul(ly[i]!, lb[i]!));
    if (fops.isZero(s)) return { ok: false, reason: "yᵀ·b = 0, so y does not show inconsistency" };
    return { ok: true, proven: true, detail: "yᵀ·A = 0 and yᵀ·b ≠ 0: A·x = b has no solution" };
  }
  const x = (claim.status === "unique" ? claim.solution : claim.particular).entries as Elem[];
  if (x.length !== n) return { ok: false, reason: `the solution has ${x.length} entries; A has ${n} columns` };
  const lb = lift(a.ring, b.entries as Elem[]);
  const ax = fieldMatVec(a, x.map((e) => toField(field, e)));
  for (let i = 0; i < m; i++) if (!eq(field, ax[i]!, lb[i]!)) return { ok: false, reason: `(A·x)_${i} ≠ b_${i}`, row: i };
  let k = 0;
  let cols: Elem[][] = [];
  if (claim.status === "general") {
    const N = claim.nullspace.rows as Elem[][];
    k = N.length ? N[0]!.length : 0;
    if (N.length !== n) return { ok: false, reason: `the nullspace basis has ${N.length} rows; A has ${n} columns` };
    cols = Array.from({ length: k }, (_, t) => N.map((r) => toField(field, r[t]!)));
    for (let t = 0; t < k; t++) {
      const an = fieldMatVec(a, cols[t]!);
      const i = an.findIndex((v) => !fops.isZero(v));
      if (i >= 0) return { ok: false, reason: `A·N ≠ 0 in column ${t} (row ${i})`, row: i, column: t };
    }
  }
  // Completeness: rank(N) = k and rank(A) ≥ n − k (then N spans the nullspace; k = 0: x is unique).
  const rankN = k ? rankLowerBound(field, cols, n) : 0;
  const rankA = rankLowerBound(a.ring, a.rows as Elem[][], n);
  const proven = rankN === k && rankA >= n - k;
  return { ok: true, proven, detail: proven ? `A·x = b; rank(A) ≥ ${n - k} and the ${k} basis vectors are independent and in the nullspace, so they span it` : "A·x = b and A·N = 0, but the rank bounds did not reach n − k" };
}
