/**
 * Rank of a large sparse matrix over GF(p), p < 2^26, by Wiedemann's method: the degree of the
 * minimal polynomial of a preconditioned symmetric matrix, found by Berlekamp–Massey on a scalar
 * projection of its Krylov sequence. Monte Carlo, one-sided:
 *
 *   B = D1·Aᵀ·D2·A·D1 (n×n, D1, D2 random nonsingular diagonal); f = the minimal generator of
 *   a_i = uᵀ B^i v (u, v random), i < 2N with N = min(m, n) + 1. f divides the minimal polynomial
 *   of B, whose degree is at most rank(B) + 1 when B is singular, and rank(B) ≤ rank(A); so
 *   r = deg f − [f(0) = 0] never exceeds rank(A). With random choices, rank(AᵀD2A) = rank(A) and
 *   the minimal polynomial of B is x·(a polynomial of degree rank A) except with probability
 *   O(n²/p) (Chen, Eberly, Kaltofen, Saunders, Turner, Villard 2002, for this preconditioner
 *   type), and f is the whole minimal polynomial except with probability O(n/p). Independent
 *   trials each give a lower bound; the largest is kept. r = min(m, n) is certain.
 *
 * The sparse products run in doubles: each product below 2^52 plus a residue stays exact.
 */
type Tick = () => void;

export interface SparseMatrixModP {
  rows: number;
  cols: number;
  /** CSR: row i's entries are at rowPtr[i] .. rowPtr[i+1]−1. */
  rowPtr: Int32Array;
  colIdx: Int32Array;
  values: Float64Array;
}

/** Build CSR from triples (duplicates summed modulo p, zeros dropped). */
export function sparseFromTriples(rows: number, cols: number, triples: readonly { row: number; col: number; value: number }[], p: number): SparseMatrixModP {
  const byRow: Map<number, number>[] = Array.from({ length: rows }, () => new Map());
  for (const t of triples) {
    const m = byRow[t.row]!;
    m.set(t.col, ((m.get(t.col) ?? 0) + t.value) % p);
  }
  const rowPtr = new Int32Array(rows + 1);
  let nnz = 0;
  byRow.forEach((m, i) => { for (const v of m.values()) if (v !== 0) nnz++; rowPtr[i + 1] = nnz; });
  const colIdx = new Int32Array(nnz), values = new Float64Array(nnz);
  let k = 0;
  for (const m of byRow) for (const [c, v] of [...m.entries()].sort((a, b) => a[0] - b[0])) if (v !== 0) { colIdx[k] = c; values[k++] = v; }
  return { rows, cols, rowPtr, colIdx, values };
}

const red = (x: number, p: number, invP: number): number => {
  const r = x - Math.floor(x * invP) * p;
  return r < 0 ? r + p : r >= p ? r - p : r;
};

/** y = A·x mod p. */
function mulA(A: SparseMatrixModP, x: Float64Array, y: Float64Array, p: number, invP: number): void {
  const { rowPtr, colIdx, values } = A;
  for (let i = 0; i < A.rows; i++) {
    let s = 0;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) s = red(s + values[k]! * x[colIdx[k]!]!, p, invP);
    y[i] = s;
  }
}

/** y = Aᵀ·x mod p (y has A.cols entries). */
function mulAt(A: SparseMatrixModP, x: Float64Array, y: Float64Array, p: number, invP: number): void {
  const { rowPtr, colIdx, values } = A;
  y.fill(0);
  for (let i = 0; i < A.rows; i++) {
    const xi = x[i]!;
    if (xi === 0) continue;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) {
      const c = colIdx[k]!;
      y[c] = red(y[c]! + values[k]! * xi, p, invP);
    }
  }
}

function mulmod(a: number, b: number, p: number, invP: number): number {
  return red(a * b, p, invP);
}

function invmod(a: number, p: number): number {
  let r0 = p, r1 = a, t0 = 0, t1 = 1;
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return t0 < 0 ? t0 + p : t0;
}

/**
 * Berlekamp–Massey over GF(p): the minimal connection polynomial C (C[0] = 1) and its linear
 * complexity L of the sequence s; the minimal generator is x^L·C(1/x).
 */
export function berlekampMassey(s: Float64Array, p: number): { C: number[]; L: number } {
  const invP = 1 / p;
  let C = [1], B = [1];
  let L = 0, m = 1, b = 1;
  for (let i = 0; i < s.length; i++) {
    let d = s[i]!;
    for (let j = 1; j <= L; j++) d = red(d + (C[j] ?? 0) * s[i - j]!, p, invP);
    if (d === 0) { m++; continue; }
    const coef = mulmod(d, invmod(b, p), p, invP);
    const T = C.slice();
    const need = B.length + m;
    while (C.length < need) C.push(0);
    for (let j = 0; j < B.length; j++) C[j + m] = red(C[j + m]! + (p - coef) * B[j]!, p, invP);
    if (2 * L <= i) {
      L = i + 1 - L;
      B = T;
      b = d;
      m = 1;
    } else m++;
  }
  return { C: C.slice(0, L + 1).concat(new Array(Math.max(0, L + 1 - C.length)).fill(0)), L };
}

/** A deterministic pseudo-random stream of residues in [1, p) (xorshift; the seed is stated in the result). */
function stream(seed: number, p: number): () => number {
  let x = (seed >>> 0) || 0x9e3779b9;
  let y = 0x6d2b79f5 ^ seed;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    y = (y + 0x6d2b79f5) >>> 0;
    const v = ((x >>> 0) * 4294967296 + (y >>> 0)) % (p - 1);
    return v + 1;
  };
}

export interface SparseRankResult {
  rank: number;
  /** rank = min(m, n): then certain. */
  certain: boolean;
  trials: number;
  perTrial: number[];
}

/** One-sided Monte Carlo rank (see the module comment). `tick` after every few Krylov steps. */
export function wiedemannRank(A: SparseMatrixModP, p: number, trials: number, seed: number, tick: Tick = () => {}): SparseRankResult {
  const invP = 1 / p;
  const n = A.cols, m = A.rows;
  const cap = Math.min(m, n);
  const perTrial: number[] = [];
  let best = 0;
  if (cap === 0 || A.values.length === 0) return { rank: 0, certain: cap === 0 || A.values.length === 0, trials: 0, perTrial };
  for (let t = 0; t < trials && best < cap; t++) {
    const rnd = stream(seed + 7919 * t, p);
    const d1 = Float64Array.from({ length: n }, rnd), d2 = Float64Array.from({ length: m }, rnd);
    const u = Float64Array.from({ length: n }, rnd);
    let v = Float64Array.from({ length: n }, rnd);
    const N = cap + 1;
    const seq = new Float64Array(2 * N);
    const w = new Float64Array(n), y = new Float64Array(m), z = new Float64Array(n);
    for (let i = 0; i < 2 * N; i++) {
      let s = 0;
      for (let k = 0; k < n; k++) s = red(s + u[k]! * v[k]!, p, invP);
      seq[i] = s;
      if (i + 1 === 2 * N) break;
      // v ← D1·Aᵀ·D2·A·D1·v
      for (let k = 0; k < n; k++) w[k] = mulmod(d1[k]!, v[k]!, p, invP);
      mulA(A, w, y, p, invP);
      for (let k = 0; k < m; k++) y[k] = mulmod(d2[k]!, y[k]!, p, invP);
      mulAt(A, y, z, p, invP);
      for (let k = 0; k < n; k++) z[k] = mulmod(d1[k]!, z[k]!, p, invP);
      v = Float64Array.from(z);
      if ((i & 15) === 15) tick();
    }
    const { C, L } = berlekampMassey(seq, p);
    // generator f(x) = x^L C(1/x): f(0) = C[L]
    const r = C[L] === 0 ? L - 1 : L;
    perTrial.push(r);
    if (r > best) best = r;
  }
  return { rank: best, certain: best === cap, trials: perTrial.length, perTrial };
}
