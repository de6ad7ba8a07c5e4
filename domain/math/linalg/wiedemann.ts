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

/**
 * Products of residues below p < 2^26 are below 2^52; `chunk` of them plus a residue stay below
 * 2^53, exact in a double, so sums are reduced once per chunk instead of once per term (for
 * p ≈ 2^20 a chunk is 8192 terms: sparse rows and dot products reduce once).
 */
const chunkFor = (p: number): number => Math.max(1, Math.floor((2 ** 53 - p) / ((p - 1) * (p - 1))));

/** y = A·x mod p. */
function mulA(A: SparseMatrixModP, x: Float64Array, y: Float64Array, p: number, invP: number): void {
  const { rowPtr, colIdx, values } = A;
  const chunk = chunkFor(p);
  for (let i = 0; i < A.rows; i++) {
    let s = 0, c = 0;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) {
      s += values[k]! * x[colIdx[k]!]!;
      if (++c === chunk) { s %= p; c = 0; }
    }
    y[i] = red(s, p, invP);
  }
}

/** y = Aᵀ·x mod p (y has A.cols entries). */
function mulAt(A: SparseMatrixModP, x: Float64Array, y: Float64Array, p: number, invP: number): void {
  const { rowPtr, colIdx, values } = A;
  y.fill(0);
  const chunk = chunkFor(p);
  // every column receives at most one term per row: reduce all columns every `chunk` rows
  let rowsSince = 0;
  for (let i = 0; i < A.rows; i++) {
    const xi = x[i]!;
    if (xi !== 0) for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) y[colIdx[k]!] += values[k]! * xi;
    if (++rowsSince === chunk) { for (let j = 0; j < y.length; j++) y[j] = y[j]! % p; rowsSince = 0; }
  }
  for (let j = 0; j < y.length; j++) y[j] = red(y[j]!, p, invP);
}

/** uᵀ·v mod p. */
function dotMod(u: Float64Array, v: Float64Array, p: number, invP: number): number {
  const chunk = chunkFor(p);
  let s = 0, c = 0;
  for (let k = 0; k < u.length; k++) {
    s += u[k]! * v[k]!;
    if (++c === chunk) { s %= p; c = 0; }
  }
  return red(s, p, invP);
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
      seq[i] = dotMod(u, v, p, invP);
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

export type SparseSolveResult =
  | { status: "solution"; x: Float64Array; kernel?: Float64Array; trials: number }
  | { status: "inconsistent"; y: Float64Array; kernel?: Float64Array; trials: number }
  | { status: "singular"; kernel?: Float64Array; trials: number }
  | { status: "not_found"; trials: number };

/**
 * A solution of A·x = b over GF(p), p < 2^26, by Wiedemann's method, checked exactly; or a proof
 * that there is none.
 *
 * Operators (D, D1, D2 random nonsingular diagonals): B = A (square, "direct"); B = A·D·Aᵀ on
 * m-vectors (m < n, "wide"; then x = D·Aᵀ·y); and B = D1·Aᵀ·D2·A·D1 on n-vectors ("normal"; right-
 * hand side D1·Aᵀ·D2·b, then x = D1·y), used for m > n and, after a first projection has shown
 * f(0) = 0, for every shape. Berlekamp–Massey on s_i = uᵀ·B^i·c (i < 2N, N the order of B;
 * stopped early once the linear complexity L has been stable for 24 terms past 2L) gives the
 * minimal generator f of s, which divides the minimal polynomial of c under B. When f(0) ≠ 0:
 * y = −f(0)⁻¹·Σ_{i≥1} f_i·B^{i−1}·c, which solves B·y = c exactly when f annihilates c; an answer is
 * kept only after A·x = b is checked exactly, so an unlucky projection costs a trial, never a wrong
 * answer.
 *
 * Singular systems. When f(0) = 0 for the direct operator, x divides the minimal polynomial of A:
 * A is singular (a proof), and a kernel vector is sought from f = x^k·g: w = g(A)·b ≠ 0 (else g,
 * of lower degree, would generate s), and when f annihilates b some A^j·w (j < k) is a nonzero
 * kernel vector (returned only when A·w = 0 is checked). Consistent singular systems are then
 * solved with the normal operator: with random diagonals rank(Aᵀ·D2·A) = rank(A) and its minimal
 * polynomial has no factor x² with high probability (Chen, Eberly, Kaltofen, Saunders, Turner,
 * Villard 2002), so c lies where B is invertible and Aᵀ·D2·(A·x − b) = 0 forces A·x = b.
 *
 * Inconsistent systems. When no trial gives a solution, the same method solves [A | b]ᵀ·y = e_n
 * ((n+1)×m, right-hand side the last unit vector): a checked solution y has yᵀ·A = 0 and yᵀ·b = 1,
 * a proof that A·x = b has no solution. With `certify` false (that inner call) this step is
 * skipped. Otherwise `singular` (proven, with a kernel vector when one was found) or `not_found`.
 */
export function wiedemannSolve(A: SparseMatrixModP, b: Float64Array, p: number, trials: number, seed: number, tick: Tick = () => {}, certify = true): SparseSolveResult {
  const invP = 1 / p;
  const m = A.rows, n = A.cols;
  if (b.every((v) => v === 0)) return { status: "solution", x: new Float64Array(n), trials: 0 };
  const square = m === n;
  const ym = new Float64Array(m), yn = new Float64Array(n);
  let singular = false, deficient = false;
  let kernel: Float64Array | undefined;
  let trial = 0;
  for (; trial < trials; trial++) {
    const rnd = stream(seed + 104729 * trial, p);
    const route: "direct" | "wide" | "normal" = deficient || m > n ? "normal" : square ? "direct" : "wide";
    const size = route === "wide" ? m : n;
    const N = route === "direct" ? n : route === "wide" ? m : Math.min(m, n);
    const d1 = Float64Array.from({ length: route === "direct" ? 0 : n }, rnd);
    const d2 = Float64Array.from({ length: route === "normal" ? m : 0 }, rnd);
    const applyB = (v: Float64Array, out: Float64Array): void => {
      if (route === "direct") { mulA(A, v, out, p, invP); return; }
      if (route === "normal") {
        for (let j = 0; j < n; j++) yn[j] = mulmod(d1[j]!, v[j]!, p, invP);
        mulA(A, yn, ym, p, invP);
        for (let i = 0; i < m; i++) ym[i] = mulmod(d2[i]!, ym[i]!, p, invP);
        mulAt(A, ym, out, p, invP);
        for (let j = 0; j < n; j++) out[j] = mulmod(d1[j]!, out[j]!, p, invP);
      } else {
        mulAt(A, v, yn, p, invP);
        for (let j = 0; j < n; j++) yn[j] = mulmod(d1[j]!, yn[j]!, p, invP);
        mulA(A, yn, out, p, invP);
      }
    };
    // the right-hand side c of B·y = c
    let c: Float64Array;
    if (route !== "normal") c = Float64Array.from(b);
    else {
      for (let i = 0; i < m; i++) ym[i] = mulmod(d2[i]!, b[i]!, p, invP);
      c = new Float64Array(n);
      mulAt(A, ym, c, p, invP);
      for (let j = 0; j < n; j++) c[j] = mulmod(d1[j]!, c[j]!, p, invP);
    }
    if (c.every((v) => v === 0)) continue; // Aᵀ·D2·b = 0 with b ≠ 0: b outside the range (or unlucky D2)
    const u = Float64Array.from({ length: size }, rnd);
    const gen = krylovGenerator(applyB, u, c, N, size, p, invP, true, tick);
    let { C, L } = gen;
    // f(0) = 0 proves singularity only for the generator of the whole sequence (2N terms)
    if (gen.stoppedEarly && C[L] === 0) ({ C, L } = krylovGenerator(applyB, u, c, N, size, p, invP, false, tick));
    // generator f(x) = x^L·C(1/x): f_i = C[L − i]
    const f = (i: number): number => C[L - i] ?? 0;
    if (f(0) === 0) {
      deficient = true;
      if (route === "direct") {
        singular = true;
        kernel ??= kernelFromGenerator(A, c, f, L, p, invP, tick);
      }
      continue;
    }
    // y = −f(0)⁻¹·Σ_{i=1}^{L} f_i·B^{i−1}·c by Horner
    let acc = new Float64Array(size);
    for (let k = 0; k < size; k++) acc[k] = mulmod(f(L), c[k]!, p, invP);
    let tmp = new Float64Array(size);
    for (let i = L - 1; i >= 1; i--) {
      applyB(acc, tmp);
      const fi = f(i);
      for (let k = 0; k < size; k++) tmp[k] = red(tmp[k]! + fi * c[k]!, p, invP);
      [acc, tmp] = [tmp, acc];
      if ((i & 15) === 0) tick();
    }
    const scale = p - invmod(f(0), p);
    for (let k = 0; k < size; k++) acc[k] = mulmod(acc[k]!, scale, p, invP);
    let x: Float64Array;
    if (route === "direct") x = acc;
    else if (route === "normal") x = Float64Array.from(acc, (v, j) => mulmod(d1[j]!, v, p, invP));
    else {
      x = new Float64Array(n);
      mulAt(A, acc, x, p, invP);
      for (let j = 0; j < n; j++) x[j] = mulmod(d1[j]!, x[j]!, p, invP);
    }
    // the certificate: A·x = b, exactly
    mulA(A, x, ym, p, invP);
    let ok = true;
    for (let i = 0; i < m && ok; i++) if (ym[i] !== b[i]) ok = false;
    if (ok) return { status: "solution", x, ...(kernel ? { kernel } : {}), trials: trial + 1 };
  }
  if (certify) {
    // [A | b]ᵀ·y = e_n: yᵀ·A = 0 and yᵀ·b = 1
    const triples: { row: number; col: number; value: number }[] = [];
    for (let i = 0; i < m; i++) {
      for (let k = A.rowPtr[i]!; k < A.rowPtr[i + 1]!; k++) triples.push({ row: A.colIdx[k]!, col: i, value: A.values[k]! });
      if (b[i] !== 0) triples.push({ row: n, col: i, value: b[i]! });
    }
    const M = sparseFromTriples(n + 1, m, triples, p);
    const e = new Float64Array(n + 1);
    e[n] = 1;
    const r = wiedemannSolve(M, e, p, trials, seed + 7919, tick, false);
    trial += r.trials;
    if (r.status === "solution") return { status: "inconsistent", y: r.x, ...(kernel ? { kernel } : {}), trials: trial };
  }
  return singular ? { status: "singular", ...(kernel ? { kernel } : {}), trials: trial } : { status: "not_found", trials: trial };
}

/**
 * A nonzero w with A·w = 0 from a generator f = x^k·g (k ≥ 1, g(0) ≠ 0) of s_i = uᵀ·A^i·c: w =
 * g(A)·c, then A·w, A²·w, … until the next product vanishes (at most k + 1 steps; it does when f
 * annihilates c). Undefined when it does not within those steps.
 */
function kernelFromGenerator(A: SparseMatrixModP, c: Float64Array, f: (i: number) => number, L: number, p: number, invP: number, tick: Tick): Float64Array | undefined {
  const n = A.cols;
  let k = 0;
  while (k < L && f(k) === 0) k++;
  // w = Σ_{i ≥ k} f_i·A^{i−k}·c by Horner
  let w = Float64Array.from(c, (v) => mulmod(f(L), v, p, invP));
  let t = new Float64Array(n);
  for (let i = L - 1; i >= k; i--) {
    mulA(A, w, t, p, invP);
    const fi = f(i);
    for (let j = 0; j < n; j++) t[j] = red(t[j]! + fi * c[j]!, p, invP);
    [w, t] = [t, w];
    if ((i & 15) === 0) tick();
  }
  for (let step = 0; step <= k; step++) {
    if (w.every((v) => v === 0)) return undefined;
    mulA(A, w, t, p, invP);
    if (t.every((v) => v === 0)) return w;
    [w, t] = [t, w];
  }
  return undefined;
}

/**
 * The minimal generator (connection polynomial C with C[0] = 1 and complexity L) of
 * s_i = uᵀ·B^i·c, by Berlekamp–Massey run alongside the Krylov sequence: 2N + 2 terms, or (early)
 * fewer once L has been stable for 24 terms beyond 2L.
 */
function krylovGenerator(applyB: (v: Float64Array, out: Float64Array) => void, u: Float64Array, c: Float64Array, N: number, size: number, p: number, invP: number, early: boolean, tick: Tick): { C: number[]; L: number; stoppedEarly: boolean } {
  const seq: number[] = [];
  let v = Float64Array.from(c), w = new Float64Array(size);
  let C = [1], Bp = [1], L = 0, mm = 1, bb = 1, stableSince = 0;
  for (let i = 0; i < 2 * N + 2; i++) {
    const s = dotMod(u, v, p, invP);
    seq.push(s);
    let disc = s;
    for (let j = 1; j <= L; j++) disc = red(disc + (C[j] ?? 0) * seq[i - j]!, p, invP);
    if (disc === 0) mm++;
    else {
      const coef = mulmod(disc, invmod(bb, p), p, invP);
      const T = C.slice();
      while (C.length < Bp.length + mm) C.push(0);
      for (let j = 0; j < Bp.length; j++) C[j + mm] = red(C[j + mm]! + (p - coef) * Bp[j]!, p, invP);
      if (2 * L <= i) { L = i + 1 - L; Bp = T; bb = disc; mm = 1; stableSince = i; } else mm++;
    }
    if (early && i >= 2 * L + 24 && i - stableSince >= 24 && i + 1 < 2 * N + 2) return { C: pad(C, L), L, stoppedEarly: true };
    applyB(v, w);
    [v, w] = [w, v];
    if ((i & 15) === 15) tick();
  }
  return { C: pad(C, L), L, stoppedEarly: false };
}

const pad = (C: number[], L: number): number[] => (C.length > L + 1 ? C.slice(0, L + 1) : C.concat(new Array(L + 1 - C.length).fill(0)));
