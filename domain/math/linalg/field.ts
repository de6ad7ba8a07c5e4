/**
 * Dense linear algebra over an exact field K given by its arithmetic (`CoeffRing<T>` with
 * isField: QQ as Rational, GF(p) as bigint residues): reduced row echelon form with pivots, rank,
 * nullspace, products, the characteristic polynomial by reduction to Hessenberg form, the
 * minimal polynomial from Krylov sequences, the invariant factors (Smith form of xI − A over
 * K[x]) and the Jordan form when the eigenvalues lie in K.
 *
 * These are the generic (any field, any size of element) paths of the eigen-structure
 * operations; the integer characteristic polynomial has a multimodular fast path in charpoly.ts.
 * Polynomials are dense little-endian arrays `T[]`, trimmed (zero is []).
 *
 * Every long loop calls `tick()` so callers can checkpoint (cancellation, timeouts).
 */
import type { CoeffRing } from "../poly/types.js";

export type Mat<T> = T[][];
type Tick = () => void;
const noop: Tick = () => {};

/* ------------------------------------------------------------------------------------------ */
/* Dense univariate polynomials over K                                                          */
/* ------------------------------------------------------------------------------------------ */

export function pTrim<T>(R: CoeffRing<T>, a: T[]): T[] {
  let n = a.length;
  while (n > 0 && R.isZero(a[n - 1]!)) n--;
  return n === a.length ? a : a.slice(0, n);
}

export function pAdd<T>(R: CoeffRing<T>, a: readonly T[], b: readonly T[]): T[] {
  const n = Math.max(a.length, b.length);
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(i < a.length ? (i < b.length ? R.add(a[i]!, b[i]!) : a[i]!) : b[i]!);
  return pTrim(R, out);
}

export function pSub<T>(R: CoeffRing<T>, a: readonly T[], b: readonly T[]): T[] {
  const n = Math.max(a.length, b.length);
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(i < a.length ? (i < b.length ? R.sub(a[i]!, b[i]!) : a[i]!) : R.neg(b[i]!));
  return pTrim(R, out);
}

export function pMul<T>(R: CoeffRing<T>, a: readonly T[], b: readonly T[]): T[] {
  if (!a.length || !b.length) return [];
  const out: T[] = new Array(a.length + b.length - 1).fill(R.zero);
  for (let i = 0; i < a.length; i++) {
    if (R.isZero(a[i]!)) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = R.add(out[i + j]!, R.mul(a[i]!, b[j]!));
  }
  return pTrim(R, out);
}

export const pScale = <T>(R: CoeffRing<T>, a: readonly T[], c: T): T[] => (R.isZero(c) ? [] : pTrim(R, a.map((x) => R.mul(x, c))));

/** Quotient and remainder by b ≠ 0 (K a field). */
export function pDivRem<T>(R: CoeffRing<T>, a: readonly T[], b: readonly T[]): { q: T[]; r: T[] } {
  if (!b.length) throw new RangeError("division by the zero polynomial");
  const r = a.slice();
  const db = b.length - 1;
  const inv = R.inv(b[db]!);
  if (r.length - 1 < db) return { q: [], r: pTrim(R, r) };
  const q: T[] = new Array(r.length - db).fill(R.zero);
  for (let k = r.length - 1; k >= db; k--) {
    const c = r[k]!;
    if (R.isZero(c)) continue;
    const f = R.mul(c, inv);
    q[k - db] = f;
    for (let j = 0; j <= db; j++) r[k - db + j] = R.sub(r[k - db + j]!, R.mul(f, b[j]!));
  }
  return { q: pTrim(R, q), r: pTrim(R, r.slice(0, db)) };
}

export function pMonic<T>(R: CoeffRing<T>, a: readonly T[]): T[] {
  if (!a.length) return [];
  return pScale(R, a, R.inv(a[a.length - 1]!));
}

export function pGcd<T>(R: CoeffRing<T>, a: readonly T[], b: readonly T[]): T[] {
  let x = pTrim(R, a.slice()), y = pTrim(R, b.slice());
  while (y.length) [x, y] = [y, pDivRem(R, x, y).r];
  return pMonic(R, x);
}

export function pLcm<T>(R: CoeffRing<T>, a: readonly T[], b: readonly T[]): T[] {
  if (!a.length || !b.length) return [];
  return pMonic(R, pDivRem(R, pMul(R, a, b), pGcd(R, a, b)).q);
}

export function pEval<T>(R: CoeffRing<T>, a: readonly T[], x: T): T {
  let s = R.zero;
  for (let i = a.length - 1; i >= 0; i--) s = R.add(R.mul(s, x), a[i]!);
  return s;
}

/** p(A) for a square matrix A (Horner). */
export function pEvalMatrix<T>(R: CoeffRing<T>, a: readonly T[], A: Mat<T>, tick: Tick = noop): Mat<T> {
  const n = A.length;
  let S: Mat<T> = zeros(R, n, n);
  for (let i = a.length - 1; i >= 0; i--) {
    S = matMul(R, S, A, tick);
    for (let j = 0; j < n; j++) S[j]![j] = R.add(S[j]![j]!, a[i]!);
  }
  return S;
}

/* ------------------------------------------------------------------------------------------ */
/* Matrices                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export const zeros = <T>(R: CoeffRing<T>, r: number, c: number): Mat<T> => Array.from({ length: r }, () => new Array<T>(c).fill(R.zero));
export const identity = <T>(R: CoeffRing<T>, n: number): Mat<T> => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? R.one : R.zero)));
export const transpose = <T>(A: Mat<T>, cols = A.length ? A[0]!.length : 0): Mat<T> => Array.from({ length: cols }, (_, j) => A.map((r) => r[j]!));

export function matMul<T>(R: CoeffRing<T>, A: Mat<T>, B: Mat<T>, tick: Tick = noop): Mat<T> {
  const m = B.length ? B[0]!.length : 0;
  return A.map((ai) => {
    tick();
    const row = new Array<T>(m).fill(R.zero);
    for (let t = 0; t < ai.length; t++) {
      const v = ai[t]!;
      if (R.isZero(v)) continue;
      const bt = B[t]!;
      for (let j = 0; j < m; j++) if (!R.isZero(bt[j]!)) row[j] = R.add(row[j]!, R.mul(v, bt[j]!));
    }
    return row;
  });
}

export function matVec<T>(R: CoeffRing<T>, A: Mat<T>, x: readonly T[]): T[] {
  return A.map((row) => {
    let s = R.zero;
    for (let j = 0; j < row.length; j++) if (!R.isZero(row[j]!) && !R.isZero(x[j]!)) s = R.add(s, R.mul(row[j]!, x[j]!));
    return s;
  });
}

export const matEq = <T>(R: CoeffRing<T>, A: Mat<T>, B: Mat<T>): boolean => A.length === B.length && A.every((r, i) => r.length === B[i]!.length && r.every((v, j) => R.eq(v, B[i]![j]!)));

/** A − λI. */
export function shiftDiagonal<T>(R: CoeffRing<T>, A: Mat<T>, lambda: T): Mat<T> {
  return A.map((r, i) => r.map((v, j) => (i === j ? R.sub(v, lambda) : v)));
}

/**
 * Reduced row echelon form, pivot columns, rank and the original rows that are independent (one
 * per pivot: the rows the pivots came from, a basis of the row space). The input is not modified.
 */
export function rref<T>(R: CoeffRing<T>, A: Mat<T>, tick: Tick = noop): { rref: Mat<T>; pivots: number[]; rank: number; independentRows: number[] } {
  const a = A.map((r) => r.slice());
  const rows = a.length, cols = rows ? a[0]!.length : 0;
  const order = Array.from({ length: rows }, (_, i) => i);
  const pivots: number[] = [];
  let r = 0;
  for (let c = 0; c < cols && r < rows; c++) {
    tick();
    let piv = -1;
    for (let i = r; i < rows; i++) if (!R.isZero(a[i]![c]!)) { piv = i; break; }
    if (piv < 0) continue;
    [a[r], a[piv]] = [a[piv]!, a[r]!];
    [order[r], order[piv]] = [order[piv]!, order[r]!];
    const pr = a[r]!;
    const inv = R.inv(pr[c]!);
    for (let j = c; j < cols; j++) pr[j] = R.mul(pr[j]!, inv);
    for (let i = 0; i < rows; i++) {
      if (i === r) continue;
      const ri = a[i]!;
      const f = ri[c]!;
      if (R.isZero(f)) continue;
      for (let j = c; j < cols; j++) if (!R.isZero(pr[j]!)) ri[j] = R.sub(ri[j]!, R.mul(f, pr[j]!));
    }
    pivots.push(c);
    r++;
  }
  // Row r of the echelon form came from original row order[r]; rows below a zero pivot search are
  // combinations of those above, so the first r of `order` index independent original rows.
  return { rref: a, pivots, rank: r, independentRows: order.slice(0, r).sort((x, y) => x - y) };
}

/** det(A) by Gaussian elimination with field inverses (O(n³) field operations; A is not modified). */
export function determinant<T>(R: CoeffRing<T>, A: Mat<T>, tick: Tick = noop): T {
  const n = A.length;
  const a = A.map((r) => r.slice());
  let det = R.one;
  for (let k = 0; k < n; k++) {
    tick();
    let piv = -1;
    for (let i = k; i < n; i++) if (!R.isZero(a[i]![k]!)) { piv = i; break; }
    if (piv < 0) return R.zero;
    if (piv !== k) { [a[k], a[piv]] = [a[piv]!, a[k]!]; det = R.neg(det); }
    const rk = a[k]!;
    det = R.mul(det, rk[k]!);
    const inv = R.inv(rk[k]!);
    for (let i = k + 1; i < n; i++) {
      const ri = a[i]!;
      if (R.isZero(ri[k]!)) continue;
      const f = R.mul(ri[k]!, inv);
      for (let j = k + 1; j < n; j++) if (!R.isZero(rk[j]!)) ri[j] = R.sub(ri[j]!, R.mul(f, rk[j]!));
    }
  }
  return det;
}

/**
 * det(A) by Bareiss's fraction-free elimination (Sylvester's identity: every division by the
 * previous pivot is exact in any integral domain; over a field it is a multiplication by its
 * inverse). A second method, sharing no elimination code with `determinant`.
 */
export function bareissDeterminant<T>(R: CoeffRing<T>, A: Mat<T>, tick: Tick = noop): T {
  const n = A.length;
  if (n === 0) return R.one;
  const a = A.map((r) => r.slice());
  let negate = false;
  let prevInv = R.one;
  for (let k = 0; k < n - 1; k++) {
    tick();
    if (R.isZero(a[k]![k]!)) {
      let swap = -1;
      for (let i = k + 1; i < n; i++) if (!R.isZero(a[i]![k]!)) { swap = i; break; }
      if (swap < 0) return R.zero;
      [a[k], a[swap]] = [a[swap]!, a[k]!];
      negate = !negate;
    }
    const rk = a[k]!, pivot = rk[k]!;
    for (let i = k + 1; i < n; i++) {
      const ri = a[i]!, aik = ri[k]!;
      for (let j = k + 1; j < n; j++) ri[j] = R.mul(R.sub(R.mul(pivot, ri[j]!), R.mul(aik, rk[j]!)), prevInv);
      ri[k] = R.zero;
    }
    prevInv = R.inv(pivot);
  }
  const d = a[n - 1]![n - 1]!;
  return negate ? R.neg(d) : d;
}

export const rank = <T>(R: CoeffRing<T>, A: Mat<T>, tick: Tick = noop): number => rref(R, A, tick).rank;

/** A basis of { x : A x = 0 } (one vector per free column, 1 at that column: the RREF basis). */
export function nullspace<T>(R: CoeffRing<T>, A: Mat<T>, cols = A.length ? A[0]!.length : 0, tick: Tick = noop): T[][] {
  const { rref: E, pivots } = rref(R, A, tick);
  const isPivot = new Set(pivots);
  const out: T[][] = [];
  for (let f = 0; f < cols; f++) {
    if (isPivot.has(f)) continue;
    const v = new Array<T>(cols).fill(R.zero);
    v[f] = R.one;
    pivots.forEach((pc, i) => { v[pc] = R.neg(E[i]![f]!); });
    out.push(v);
  }
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* Characteristic polynomial (Hessenberg) and Berkowitz (division-free, any commutative ring)   */
/* ------------------------------------------------------------------------------------------ */

/**
 * det(xI − A), monic of degree n, by similarity reduction to upper Hessenberg form with field
 * inverses and the recurrence on leading principal minors of xI − H (O(n³) field operations).
 */
export function charpolyHessenberg<T>(R: CoeffRing<T>, A: Mat<T>, tick: Tick = noop): T[] {
  const n = A.length;
  const H = A.map((r) => r.slice());
  for (let m = 1; m < n - 1; m++) {
    tick();
    let i = -1;
    for (let r = m; r < n; r++) if (!R.isZero(H[r]![m - 1]!)) { i = r; break; }
    if (i < 0) continue;
    if (i !== m) {
      [H[i], H[m]] = [H[m]!, H[i]!];
      for (const row of H) [row[i], row[m]] = [row[m]!, row[i]!];
    }
    const inv = R.inv(H[m]![m - 1]!);
    for (let r = m + 1; r < n; r++) {
      const u = R.mul(H[r]![m - 1]!, inv);
      if (R.isZero(u)) continue;
      // row_r −= u·row_m ; col_m += u·col_r (the inverse similarity)
      const hr = H[r]!, hm = H[m]!;
      for (let j = 0; j < n; j++) if (!R.isZero(hm[j]!)) hr[j] = R.sub(hr[j]!, R.mul(u, hm[j]!));
      for (const row of H) if (!R.isZero(row[r]!)) row[m] = R.add(row[m]!, R.mul(u, row[r]!));
    }
  }
  // p_0 = 1; p_k = (x − h_kk) p_{k−1} − Σ_{i<k} h_ik (∏_{j=i+1}^{k} h_{j,j−1}) p_{i−1}
  const p: T[][] = [[R.one]];
  for (let k = 1; k <= n; k++) {
    tick();
    let cur = pSub(R, [R.zero, ...p[k - 1]!], pScale(R, p[k - 1]!, H[k - 1]![k - 1]!));
    let prod = R.one;
    for (let i = k - 1; i >= 1; i--) {
      prod = R.mul(prod, H[i]![i - 1]!);
      if (R.isZero(prod)) break;
      cur = pSub(R, cur, pScale(R, p[i - 1]!, R.mul(H[i - 1]![k - 1]!, prod)));
    }
    p.push(cur);
  }
  const out = p[n]!;
  while (out.length < n + 1) out.push(R.zero);
  return out;
}

/**
 * det(xI − A) by Berkowitz's division-free algorithm (Toeplitz products of the principal
 * submatrices): ring operations only, so it runs over ZZ and any commutative ring. O(n⁴).
 */
export function charpolyBerkowitz<T>(R: CoeffRing<T>, A: Mat<T>, tick: Tick = noop): T[] {
  const n = A.length;
  // v holds the coefficients, highest degree first, of det(xI − A_r) for the leading r×r block.
  let v: T[] = [R.one];
  for (let r = 0; r < n; r++) {
    tick();
    // A_{r+1} = [[M, c], [s, a]] with M = A_r (r×r), s = row r (1..r), c = column r, a = A[r][r]
    const a = A[r]![r]!;
    // Toeplitz column: t_0 = 1, t_1 = −a, t_{k+2} = −s M^k c
    const t: T[] = [R.one, R.neg(a)];
    let mc: T[] = Array.from({ length: r }, (_, i) => A[i]![r]!); // M^k c
    for (let k = 0; k < r; k++) {
      let s = R.zero;
      for (let j = 0; j < r; j++) s = R.add(s, R.mul(A[r]![j]!, mc[j]!));
      t.push(R.neg(s));
      if (k + 1 < r) mc = Array.from({ length: r }, (_, i) => {
        let acc = R.zero;
        for (let j = 0; j < r; j++) acc = R.add(acc, R.mul(A[i]![j]!, mc[j]!));
        return acc;
      });
    }
    // new v (length r+2) = T · v, T lower-triangular Toeplitz (r+2)×(r+1) with first column t
    const nv: T[] = [];
    for (let i = 0; i < r + 2; i++) {
      let acc = R.zero;
      for (let j = 0; j <= Math.min(i, r); j++) acc = R.add(acc, R.mul(t[i - j]!, v[j]!));
      nv.push(acc);
    }
    v = nv;
  }
  return v.reverse();
}

/* ------------------------------------------------------------------------------------------ */
/* Minimal polynomial, invariant factors, Jordan form                                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * The minimal polynomial of A (monic): the lcm of the minimal polynomials of the vectors whose
 * Krylov sequences are computed. A vector already in the span W of the Krylov vectors computed so
 * far is annihilated by the current lcm (W is a sum of cyclic subspaces), so only the standard
 * basis vectors outside W start a sequence.
 */
export function minimalPolynomial<T>(R: CoeffRing<T>, A: Mat<T>, tick: Tick = noop): T[] {
  const n = A.length;
  let result: T[] = [R.one];
  // W as an echelon basis: rows with a leading 1 at `lead`, fully reduced against each other lazily.
  const basis: { lead: number; v: T[] }[] = [];
  const reduce = (x: T[]): T[] => {
    const v = x.slice();
    for (const b of basis) {
      const f = v[b.lead]!;
      if (R.isZero(f)) continue;
      for (let j = 0; j < n; j++) if (!R.isZero(b.v[j]!)) v[j] = R.sub(v[j]!, R.mul(f, b.v[j]!));
    }
    return v;
  };
  const insert = (v: T[]): boolean => {
    const lead = v.findIndex((x) => !R.isZero(x));
    if (lead < 0) return false;
    const inv = R.inv(v[lead]!);
    basis.push({ lead, v: v.map((x) => R.mul(x, inv)) });
    return true;
  };
  for (let e = 0; e < n && basis.length < n; e++) {
    tick();
    const start = new Array<T>(n).fill(R.zero);
    start[e] = R.one;
    if (reduce(start).every((x) => R.isZero(x))) continue;
    // Local minimal polynomial of `start`: Krylov vectors with the coefficients tracked (u_k = A^k start).
    const rows: { lead: number; v: T[]; c: T[] }[] = []; // echelon rows with combination coefficients over the u_k
    let u = start;
    for (let k = 0; ; k++) {
      tick();
      let v = u.slice();
      let c: T[] = new Array<T>(k + 1).fill(R.zero);
      c[k] = R.one;
      for (const row of rows) {
        const f = v[row.lead]!;
        if (R.isZero(f)) continue;
        for (let j = 0; j < n; j++) if (!R.isZero(row.v[j]!)) v[j] = R.sub(v[j]!, R.mul(f, row.v[j]!));
        for (let j = 0; j < row.c.length; j++) c[j] = R.sub(c[j]!, R.mul(f, row.c[j]!));
      }
      const lead = v.findIndex((x) => !R.isZero(x));
      if (lead < 0) {
        result = pLcm(R, result, pMonic(R, pTrim(R, c)));
        break;
      }
      const inv = R.inv(v[lead]!);
      v = v.map((x) => R.mul(x, inv));
      c = c.map((x) => R.mul(x, inv));
      rows.push({ lead, v, c });
      const w = reduce(u);
      insert(w);
      u = matVec(R, A, u);
    }
  }
  return result;
}

/**
 * The invariant factors of A (monic, each dividing the next, product = the characteristic
 * polynomial), omitting the factors equal to 1: the diagonal of the Smith form of xI − A over
 * K[x], by elimination with polynomial division.
 */
export function invariantFactors<T>(R: CoeffRing<T>, A: Mat<T>, tick: Tick = noop): T[][] {
  const n = A.length;
  const M: T[][][] = A.map((row, i) => row.map((v, j) => pTrim(R, i === j ? [R.neg(v), R.one] : [R.neg(v)])));
  const diag: T[][] = [];
  for (let k = 0; k < n; k++) {
    for (;;) {
      tick();
      // pivot: a nonzero entry of least degree in the trailing block
      let bi = -1, bj = -1, bd = Infinity;
      for (let i = k; i < n; i++) for (let j = k; j < n; j++) {
        const d = M[i]![j]!.length;
        if (d && d < bd) { bd = d; bi = i; bj = j; }
      }
      if (bi < 0) { for (let t = k; t < n; t++) diag.push([]); return finish(R, diag); }
      [M[k], M[bi]] = [M[bi]!, M[k]!];
      for (const row of M) [row[k], row[bj]] = [row[bj]!, row[k]!];
      const piv = M[k]![k]!;
      let clean = true;
      for (let i = k + 1; i < n; i++) {
        if (!M[i]![k]!.length) continue;
        const { q, r } = pDivRem(R, M[i]![k]!, piv);
        for (let j = k; j < n; j++) M[i]![j] = pSub(R, M[i]![j]!, pMul(R, q, M[k]![j]!));
        if (r.length) clean = false;
      }
      for (let j = k + 1; j < n; j++) {
        if (!M[k]![j]!.length) continue;
        const { q, r } = pDivRem(R, M[k]![j]!, piv);
        for (let i = k; i < n; i++) M[i]![j] = pSub(R, M[i]![j]!, pMul(R, q, M[i]![k]!));
        if (r.length) clean = false;
      }
      if (!clean) continue;
      // divisibility: the pivot must divide every trailing entry; otherwise add that row and retry
      let bad = -1;
      for (let i = k + 1; i < n && bad < 0; i++) for (let j = k + 1; j < n; j++) if (M[i]![j]!.length && pDivRem(R, M[i]![j]!, piv).r.length) { bad = i; break; }
      if (bad < 0) break;
      for (let j = k; j < n; j++) M[k]![j] = pAdd(R, M[k]![j]!, M[bad]![j]!);
    }
    diag.push(pMonic(R, M[k]![k]!));
  }
  return finish(R, diag);
}

function finish<T>(R: CoeffRing<T>, diag: T[][]): T[][] {
  // the divisibility chain holds by construction; drop the units
  return diag.filter((d) => d.length > 1).map((d) => pMonic(R, d));
}

/** The companion matrix of a monic f of degree d ≥ 1 (ones on the subdiagonal, −f_i in the last column). */
export function companion<T>(R: CoeffRing<T>, f: readonly T[]): Mat<T> {
  const d = f.length - 1;
  const C = zeros(R, d, d);
  for (let i = 1; i < d; i++) C[i]![i - 1] = R.one;
  for (let i = 0; i < d; i++) C[i]![d - 1] = R.neg(f[i]!);
  return C;
}

/** The block-diagonal matrix of the given square blocks. */
export function blockDiagonal<T>(R: CoeffRing<T>, blocks: Mat<T>[]): Mat<T> {
  const n = blocks.reduce((s, b) => s + b.length, 0);
  const M = zeros(R, n, n);
  let o = 0;
  for (const b of blocks) {
    b.forEach((row, i) => row.forEach((v, j) => { M[o + i]![o + j] = v; }));
    o += b.length;
  }
  return M;
}

export interface JordanBlock<T> {
  eigenvalue: T;
  size: number;
}

/**
 * Jordan structure and a transformation for A with all eigenvalues in K (given with their
 * algebraic multiplicities, which must sum to n): blocks (per eigenvalue, sizes descending) and P
 * with A·P = P·J, J = ⊕ J_size(λ) with ones on the superdiagonal. The columns of P for one block
 * are the chain N^{s−1}v, …, Nv, v (N = A − λI), v ∈ ker N^s chosen outside
 * ker N^{s−1} + (the chains already taken).
 */
export function jordanForm<T>(R: CoeffRing<T>, A: Mat<T>, eigenvalues: { value: T; multiplicity: number }[], tick: Tick = noop): { blocks: JordanBlock<T>[]; P: Mat<T>; J: Mat<T> } {
  const n = A.length;
  const blocks: JordanBlock<T>[] = [];
  const columns: T[][] = [];
  for (const { value: lambda, multiplicity } of eigenvalues) {
    const N = shiftDiagonal(R, A, lambda);
    // powers N^k until rank n − multiplicity
    const powers: Mat<T>[] = [identity(R, n)];
    const ranks: number[] = [n];
    while (ranks[ranks.length - 1]! > n - multiplicity) {
      tick();
      const next = matMul(R, powers[powers.length - 1]!, N, tick);
      powers.push(next);
      const r = rank(R, next, tick);
      if (r === ranks[ranks.length - 1]) throw new RangeError("the given multiplicity exceeds the generalized eigenspace");
      ranks.push(r);
    }
    const top = ranks.length - 1; // largest block size
    // number of blocks of size ≥ k: ranks[k−1] − ranks[k]; exactly k: that minus (≥ k+1)
    const atLeast = (k: number) => (k > top ? 0 : ranks[k - 1]! - ranks[k]!);
    const chosen: T[][] = []; // all chain vectors of this eigenvalue
    for (let s = top; s >= 1; s--) {
      const count = atLeast(s) - atLeast(s + 1);
      if (!count) continue;
      const kerS = nullspace(R, powers[s]!, n, tick);
      const kerS1 = s > 1 ? nullspace(R, powers[s - 1]!, n, tick) : [];
      // span of ker N^{s−1} and the chain vectors lying in ker N^s (all of them do: chains of size ≥ s reach depth ≥ s)
      const span: T[][] = [...kerS1, ...chosen.filter((v) => matVec(R, powers[s]!, v).every((x) => R.isZero(x)))];
      let r0 = rank(R, span, tick);
      let taken = 0;
      for (const v of kerS) {
        if (taken === count) break;
        const r1 = rank(R, [...span, v], tick);
        if (r1 === r0) continue;
        span.push(v);
        r0 = r1;
        const chain: T[][] = [v];
        for (let i = 1; i < s; i++) chain.push(matVec(R, N, chain[i - 1]!));
        // the new chain's lower vectors lie in ker N^{s−1}: add them so later picks stay independent
        for (const w of chain.slice(1)) span.push(w);
        r0 = rank(R, span, tick);
        chosen.push(...chain);
        columns.push(...chain.reverse());
        blocks.push({ eigenvalue: lambda, size: s });
        taken++;
      }
      if (taken !== count) throw new RangeError("Jordan chains: too few independent vectors (internal error)");
    }
  }
  if (columns.length !== n) throw new RangeError("the eigenvalues do not account for the whole space");
  const P = transpose(columns, n);
  const J = zeros(R, n, n);
  let o = 0;
  for (const b of blocks) {
    for (let i = 0; i < b.size; i++) {
      J[o + i]![o + i] = b.eigenvalue;
      if (i + 1 < b.size) J[o + i]![o + i + 1] = R.one;
    }
    o += b.size;
  }
  return { blocks, P, J };
}
