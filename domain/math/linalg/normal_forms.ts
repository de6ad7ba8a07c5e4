/**
 * Integer normal forms with unimodular transforms.
 *
 * Hermite normal form (row style): H = U·A with U unimodular (m×m), H in row echelon form, the
 * first r = rank(A) rows nonzero, each pivot positive, the entries above a pivot reduced into
 * [0, pivot), the remaining m − r rows zero (so the last m − r rows of U span the left kernel of
 * A over ZZ). Rows enter one at a time (Kannan–Bachem order) into an echelon basis kept fully
 * reduced, combined with the basis rows by extended-gcd 2×2 steps (exact subtraction when one
 * pivot divides the other); every step is a unimodular row operation recorded in U.
 *
 * Smith normal form: D = U·A·V with U, V unimodular, D diagonal with d_1 | d_2 | … | d_r, d_i > 0,
 * then zeros. Computed by alternating row and column Hermite reductions until the matrix is
 * diagonal, then fixing the divisibility chain with gcd/lcm 2×2 steps.
 *
 * Both accept rectangular and rank-deficient matrices (and empty ones).
 */
import { extendedGcd } from "../integer.js";

type Tick = () => void;
const noop: Tick = () => {};
export type IntMat = bigint[][];

const idMat = (n: number): IntMat => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1n : 0n)));

/** floor(a / b) for b > 0. */
const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
};

export interface HermiteResult {
  H: IntMat;
  U: IntMat;
  rank: number;
  /** Pivot column of each nonzero row of H. */
  pivots: number[];
}

/**
 * Row-style Hermite normal form with transform (see the module comment). The input is not
 * modified. `cols` gives the column count of a matrix without rows.
 */
export function hermite(A: readonly (readonly bigint[])[], opts: { transform?: boolean; tick?: Tick } = {}): HermiteResult {
  const tick = opts.tick ?? noop;
  const m = A.length, n = m ? A[0]!.length : 0;
  const want = opts.transform !== false;
  // Kannan–Bachem order: rows enter one at a time into a fully reduced echelon basis, so every
  // entry stays below the pivots (no coefficient explosion). u-rows carry the transform.
  const rows: { c: number; h: bigint[]; u: bigint[]; dirty: boolean }[] = []; // sorted by pivot column
  const zero: bigint[][] = []; // transform rows of the left kernel
  const sub = (x: bigint[], q: bigint, y: readonly bigint[]) => {
    for (let j = 0; j < x.length; j++) if (y[j] !== 0n) x[j] = x[j]! - q * y[j]!;
  };
  // Entries above pivot k can leave [0, pivot) only when row k or the row above changed.
  const reduceAbove = (k: number) => {
    const { c, h, u, dirty } = rows[k]!;
    const piv = h[c]!;
    for (let i = 0; i < k; i++) {
      const ri = rows[i]!;
      if (!dirty && !ri.dirty) continue;
      const q = floorDiv(ri.h[c]!, piv);
      if (q === 0n) continue;
      sub(ri.h, q, h);
      if (want) sub(ri.u, q, u);
      ri.dirty = true;
    }
  };
  for (let i = 0; i < m; i++) {
    tick();
    let h = A[i]!.slice();
    let u: bigint[] = want ? Array.from({ length: m }, (_, j) => (j === i ? 1n : 0n)) : [];
    let k = 0;
    let placed = false;
    for (;;) {
      const c = h.findIndex((v) => v !== 0n);
      if (c < 0) break;
      while (k < rows.length && rows[k]!.c < c) k++;
      if (k === rows.length || rows[k]!.c > c) {
        // a new pivot at column c
        if (h[c]! < 0n) { h = h.map((v) => -v); if (want) u = u.map((v) => -v); }
        rows.splice(k, 0, { c, h, u, dirty: true });
        placed = true;
        break;
      }
      const row = rows[k]!;
      const a = row.h[c]!, b = h[c]!;
      if (b % a === 0n) {
        sub(h, b / a, row.h);
        if (want) sub(u, b / a, row.u);
        continue;
      }
      const { gcd: g, x, y } = extendedGcd(a, b);
      const s = a / g, t = b / g;
      const nh = row.h.map((v, j) => x * v + y * h[j]!);
      h = row.h.map((v, j) => -t * v + s * h[j]!);
      row.h = nh;
      row.dirty = true;
      if (want) {
        const nu = row.u.map((v, j) => x * v + y * u[j]!);
        u = row.u.map((v, j) => -t * v + s * u[j]!);
        row.u = nu;
      }
      if (row.h[c]! < 0n) { row.h = row.h.map((v) => -v); if (want) row.u = row.u.map((v) => -v); }
    }
    if (!placed && want) zero.push(u);
    for (let k2 = 0; k2 < rows.length; k2++) reduceAbove(k2);
    for (const r of rows) r.dirty = false;
  }
  const H = rows.map((r) => r.h);
  while (H.length < m) H.push(new Array<bigint>(n).fill(0n));
  return { H, U: want ? [...rows.map((r) => r.u), ...zero] : [], rank: rows.length, pivots: rows.map((r) => r.c) };
}

/** True when H is in row-style Hermite normal form (the definition in the module comment). */
export function isHermite(H: readonly (readonly bigint[])[]): { ok: true; rank: number; pivots: number[] } | { ok: false; reason: string } {
  const m = H.length, n = m ? H[0]!.length : 0;
  const pivots: number[] = [];
  let last = -1;
  let r = 0;
  for (; r < m; r++) {
    const c = H[r]!.findIndex((v) => v !== 0n);
    if (c < 0) break;
    if (c <= last) return { ok: false, reason: `row ${r}'s pivot (column ${c}) is not right of the previous row's` };
    if (H[r]![c]! <= 0n) return { ok: false, reason: `the pivot of row ${r} (column ${c}) is not positive` };
    for (let i = 0; i < r; i++) {
      const v = H[i]![c]!;
      if (v < 0n || v >= H[r]![c]!) return { ok: false, reason: `entry (${i}, ${c}) above the pivot of row ${r} is not in [0, pivot)` };
    }
    pivots.push(c);
    last = c;
  }
  for (let i = r; i < m; i++) if (H[i]!.some((v) => v !== 0n)) return { ok: false, reason: `row ${i} is nonzero below a zero row` };
  void n;
  return { ok: true, rank: r, pivots };
}

export interface SmithResult {
  /** The diagonal d_1 | … | d_r (positive), r = rank. */
  diagonal: bigint[];
  D: IntMat;
  U: IntMat;
  V: IntMat;
}

const transposeI = (A: IntMat, cols: number): IntMat => Array.from({ length: cols }, (_, j) => A.map((r) => r[j]!));

function mulI(A: IntMat, B: IntMat): IntMat {
  const m = B.length ? B[0]!.length : 0;
  return A.map((ai) => {
    const row: bigint[] = new Array(m).fill(0n);
    for (let t = 0; t < ai.length; t++) {
      const v = ai[t]!;
      if (v === 0n) continue;
      const bt = B[t]!;
      for (let j = 0; j < m; j++) if (bt[j] !== 0n) row[j] += v * bt[j]!;
    }
    return row;
  });
}

const isDiagonal = (A: IntMat): boolean => A.every((r, i) => r.every((v, j) => i === j || v === 0n));

/**
 * Smith normal form with transforms: D = U·A·V (see the module comment). Alternates row HNF of
 * the matrix and of its transpose (column operations, recorded in V) until it is diagonal, then
 * enforces d_i | d_{i+1} by the 2×2 step diag(a, b) → diag(gcd, lcm) with unimodular U and V.
 */
export function smith(A: readonly (readonly bigint[])[], opts: { transform?: boolean; tick?: Tick; cols?: number } = {}): SmithResult {
  const tick = opts.tick ?? noop;
  const m = A.length, n = m ? A[0]!.length : (opts.cols ?? 0);
  const want = opts.transform !== false;
  let M: IntMat = A.map((r) => r.slice());
  let U = idMat(m), V = idMat(n);
  for (let round = 0; !isDiagonal(M); round++) {
    tick();
    const h = hermite(M, { transform: want, tick });
    M = h.H;
    if (want) U = mulI(h.U, U);
    if (isDiagonal(M)) break;
    const g = hermite(transposeI(M, n), { transform: want, tick });
    M = transposeI(g.H, m);
    if (want) V = mulI(V, transposeI(g.U, n));
  }
  const r = Math.min(m, n);
  const d = Array.from({ length: r }, (_, i) => M[i]![i]!);
  // signs: make every diagonal entry non-negative (negate the row of U)
  for (let i = 0; i < r; i++) if (d[i]! < 0n) { d[i] = -d[i]!; if (want) U[i] = U[i]!.map((v) => -v); }
  const swapPos = (i: number, j: number) => {
    [d[i], d[j]] = [d[j]!, d[i]!];
    if (want) {
      [U[i], U[j]] = [U[j]!, U[i]!];
      for (const row of V) [row[i], row[j]] = [row[j]!, row[i]!];
    }
  };
  // zeros last (row swap in U, column swap in V), then the divisibility chain by gcd/lcm steps
  let w = 0;
  for (let i = 0; i < r; i++) if (d[i] !== 0n) { if (i !== w) swapPos(i, w); w++; }
  for (let i = 0; i < w; i++) {
    for (let j = i + 1; j < w; j++) {
      tick();
      const a = d[i]!, b = d[j]!;
      if (b % a === 0n) continue;
      // [a 0; 0 b]: with x·a + y·b = g, s = a/g, t = b/g:
      // U2 = [x y; −t s], V2 = [1 −y·t; 1 x·s]  gives U2·diag(a,b)·V2 = diag(g, a·b/g).
      const { gcd: g, x, y } = extendedGcd(a, b);
      const s = a / g, t = b / g;
      d[i] = g;
      d[j] = (a / g) * b;
      if (want) {
        const Ui = U[i]!, Uj = U[j]!;
        U[i] = Ui.map((v, k) => x * v + y * Uj[k]!);
        U[j] = Ui.map((v, k) => -t * v + s * Uj[k]!);
        for (const row of V) {
          const vi = row[i]!, vj = row[j]!;
          row[i] = vi + vj;
          row[j] = -y * t * vi + x * s * vj;
        }
      }
    }
  }
  const D: IntMat = Array.from({ length: m }, (_, i) => Array.from({ length: n }, (_, j) => (i === j && i < r ? d[i]! : 0n)));
  return { diagonal: d.slice(0, w), D, U: want ? U : [], V: want ? V : [] };
}
