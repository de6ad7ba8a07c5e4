/**
 * LLL lattice reduction, exactly: the integral algorithm of de Weger / Cohen (A Course in
 * Computational Algebraic Number Theory, Algorithm 2.6.7), all arithmetic on integers: the Gram–Schmidt data is kept as
 *   d_i = det Gram(b_1..b_i)  and  λ_{k,j} = d_j μ_{k,j}  (both integers),
 * so ‖b*_i‖² = d_i / d_{i−1} exactly and the Lovász test is an integer comparison.
 *
 * Input: linearly independent integer row vectors (zero rows are dropped; a dependent family is
 * refused with a RangeError). Output: an LLL-reduced basis of the lattice they generate, the
 * exact squared Gram–Schmidt norms, and optionally the unimodular transformation.
 * Reduction parameter δ = num/den in (1/4, 1], default 99/100.
 */

export interface LllOptions {
  /** δ as a fraction [num, den] with 1/4 < δ ≤ 1 (default [99n, 100n]). */
  delta?: [bigint, bigint];
  /** Also return T with T·input = output (rows; zero input rows dropped first). */
  transform?: boolean;
  checkpoint?: () => void;
  /**
   * The floating pass keeps its Gram matrix in doubles (Schnorr–Euchner) instead of exactly (L²):
   * faster on lattices with a few large columns among many small ones. The result is exact and
   * LLL-reduced either way.
   */
  doubleGram?: boolean;
}

export interface LllResult {
  /** The reduced basis (rows), independent. */
  basis: bigint[][];
  /** d_0 = 1, d_1, …, d_r: d_i / d_{i−1} = ‖b*_i‖². */
  d: bigint[];
  /** Unimodular transformation rows (when asked), one per output row. */
  transform?: bigint[][];
}

const dot = (a: readonly bigint[], b: readonly bigint[]): bigint => {
  let s = 0n;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** round(a / b) for b > 0, halves rounded up. */
function roundDiv(a: bigint, b: bigint): bigint {
  const q = 2n * a + b;
  const d = 2n * b;
  let r = q / d;
  if (q % d !== 0n && q < 0n) r -= 1n;
  return r;
}

/**
 * Below this many rows the integral algorithm alone is as fast (measured on random and knapsack
 * lattices: at 8 rows the floating pass saves nothing, from about 12 on it wins, 5× at 40 rows of
 * 100-bit knapsack weights).
 */
export const FP_MIN_ROWS = 10;
/** Gram entries must stay far inside the double range (2^1023): rows of at most this many bits. */
export const FP_MAX_BITS = 400;

function maxBits(b: readonly (readonly bigint[])[]): number {
  let m = 0;
  for (const r of b) for (const v of r) { const l = (v < 0n ? -v : v).toString(16).length * 4; if (l > m) m = l; }
  return m;
}

/**
 * The floating Gram–Schmidt row k from its inner products g(j) = ⟨b_k, b_j⟩ (j < k): r_kj and
 * μ_kj = r_kj / r_jj; returns max |μ_kj|, NaN when a value is not finite.
 */
function gsRow(g: (j: number) => number, r: Float64Array[], mu: Float64Array[], k: number): number {
  const rk = r[k]!, mk = mu[k]!;
  let worst = 0;
  for (let j = 0; j < k; j++) {
    let t = g(j);
    const mj = mu[j]!;
    for (let i = 0; i < j; i++) t -= mj[i]! * rk[i]!;
    rk[j] = t;
    const m = t / r[j]![j]!;
    if (!Number.isFinite(m)) return NaN;
    mk[j] = m;
    if (Math.abs(m) > worst) worst = Math.abs(m);
  }
  return worst;
}

/** dst −= x·src (exact; zero entries of src skipped, no bigint products for x = ±1). */
function rowSub(dst: bigint[], src: readonly bigint[], x: number): void {
  if (x === 1) for (let t = 0; t < dst.length; t++) { if (src[t] !== 0n) dst[t] -= src[t]!; }
  else if (x === -1) for (let t = 0; t < dst.length; t++) { if (src[t] !== 0n) dst[t] += src[t]!; }
  else {
    const X = BigInt(x);
    for (let t = 0; t < dst.length; t++) if (src[t] !== 0n) dst[t] -= X * src[t]!;
  }
}

/** r_kk from the Gram diagonal g_kk, and whether the Lovász condition (factor df) asks for a swap of k−1, k. */
function lovaszSwap(gkk: number, r: Float64Array[], mu: Float64Array[], k: number, df: number): boolean {
  const rk = r[k]!, mk = mu[k]!;
  let rkk = gkk;
  for (let j = 0; j < k; j++) rkk -= mk[j]! * rk[j]!;
  rk[k] = rkk;
  const m1 = mk[k - 1]!, r1 = r[k - 1]![k - 1]!;
  return df * r1 > rkk + m1 * m1 * r1;
}

/** Swap entries k−1 and k of the lists, and rows and columns k−1, k of the Gram matrix G. */
function swapAt<T>(k: number, G: { [i: number]: T }[], ...lists: ({ [i: number]: unknown } | undefined)[]): void {
  for (const l of lists) if (l) [l[k], l[k - 1]] = [l[k - 1], l[k]];
  [G[k], G[k - 1]] = [G[k - 1]!, G[k]!];
  for (const row of G) [row[k], row[k - 1]] = [row[k - 1]!, row[k]!];
}

/** How a floating pass keeps the inner products ⟨b_k, b_j⟩ while it reduces the rows b. */
interface GramKeeper {
  /** Row k is reached for the first time: its inner products with rows 0..k. */
  reach(k: number): void;
  /** ⟨b_k, b_j⟩ as a double. */
  g(k: number, j: number): number;
  /** b_k ← b_k − x·b_j is about to be applied (rows 0..kmax reached). */
  sub(k: number, j: number, x: number, kmax: number): void;
  /** b_k changed by the size reductions of one pass. */
  refresh(k: number, kmax: number): void;
  swap(k: number): void;
}

/**
 * The floating pass (fpReduce) in the manner of Nguyen–Stehlé's L²: the Gram matrix G = B·Bᵀ is kept
 * exactly (bigints, updated with every row operation), the Gram–Schmidt data r_ij, μ_ij are
 * recomputed in doubles from G for the row being reduced, and size reduction is lazy (reduce,
 * recompute from the exact G, repeat until |μ| ≤ 0.51), so the precision lost to cancellation
 * is regained from exact data at every pass. Row operations on B (and the transform H) are exact,
 * so B stays a basis of the same lattice whatever the rounding does; the pass only has to leave
 * B nearly reduced, which makes the exact algorithm's finish cheap. It gives up (returns false,
 * leaving a valid basis) on non-finite values or when a step does not converge. δ is raised
 * halfway to 1 here, so that rounding at the boundary of the Lovász test leaves little to finish.
 */
function exactGram(b: bigint[][]): GramKeeper {
  const n = b.length;
  const G: bigint[][] = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
  return {
    reach(k) {
      for (let i = 0; i <= k; i++) { const v = dot(b[k]!, b[i]!); G[k]![i] = v; G[i]![k] = v; }
    },
    g: (k, j) => Number(G[k]![j]!),
    sub(k, j, x, kmax) {
      const X = BigInt(x), Gk = G[k]!, Gj = G[j]!;
      // ‖b_k − X·b_j‖² = G_kk − 2X·G_kj + X²·G_jj, then the other inner products
      Gk[k] = Gk[k]! - X * (2n * Gk[j]! - X * Gj[j]!);
      // most steps have X = ±1 (no bigint products then)
      if (x === 1) for (let i = 0; i <= kmax; i++) { if (i !== k) { Gk[i] -= Gj[i]!; G[i]![k] = Gk[i]!; } }
      else if (x === -1) for (let i = 0; i <= kmax; i++) { if (i !== k) { Gk[i] += Gj[i]!; G[i]![k] = Gk[i]!; } }
      else for (let i = 0; i <= kmax; i++) if (i !== k) { Gk[i] -= X * Gj[i]!; G[i]![k] = Gk[i]!; }
    },
    refresh() {},
    swap: (k) => swapAt(k, G),
  };
}

/**
 * The floating pass (fpReduce) of Schnorr–Euchner instead of L²'s: the Gram entries are inner products of
 * double copies of the rows, recomputed for the row being reduced after each size reduction
 * (O(rows·columns) flops, no bigint products), and an inner product that cancels (below 2^−26 of
 * the norms' product) is recomputed exactly. The rows themselves are updated exactly (bigints), so
 * B stays a basis of the same lattice; the pass only has to leave it nearly reduced (the integral
 * algorithm finishes and proves). Cheaper than exactGram when most columns are small and a few are
 * large (van Hoeij's knapsack lattices), where L²'s exact Gram updates are bigint products of
 * twice the large entries' size.
 */
function doubleGram(b: bigint[][]): GramKeeper {
  const n = b.length, dim = b[0]!.length;
  const bf: Float64Array[] = b.map((row) => Float64Array.from(row, (x) => Number(x)));
  const norm = new Float64Array(n);
  const G: Float64Array[] = Array.from({ length: n }, () => new Float64Array(n));
  const sq = (i: number) => {
    const x = bf[i]!;
    let s = 0;
    for (let t = 0; t < dim; t++) s += x[t]! * x[t]!;
    norm[i] = Math.sqrt(s);
    return s;
  };
  const ip = (i: number, j: number): number => {
    const x = bf[i]!, y = bf[j]!;
    let s = 0;
    for (let t = 0; t < dim; t++) s += x[t]! * y[t]!;
    return Math.abs(s) < 2 ** -26 * norm[i]! * norm[j]! ? Number(dot(b[i]!, b[j]!)) : s;
  };
  const row = (k: number, upTo: number) => {
    const Gk = G[k]!;
    Gk[k] = sq(k);
    for (let i = 0; i <= upTo; i++) if (i !== k) { const v = ip(k, i); Gk[i] = v; G[i]![k] = v; }
  };
  return {
    reach: (k) => row(k, k),
    g: (k, j) => G[k]![j]!,
    sub() {},
    refresh(k, kmax) {
      const f = bf[k]!, bk = b[k]!;
      for (let t = 0; t < dim; t++) f[t] = Number(bk[t]!);
      row(k, kmax);
    },
    swap: (k) => swapAt(k, G, bf, norm),
  };
}

/**
 * The floating pass (either Gram keeper): lazy size reduction from the floating Gram–Schmidt data
 * and the Lovász test with δ raised halfway to 1; exact row operations on b (and H).
 */
function fpReduce(b: bigint[][], H: bigint[][] | undefined, delta: number, tick: () => void, gram: GramKeeper): boolean {
  const n = b.length;
  const df = delta + (1 - delta) / 2;
  const r: Float64Array[] = Array.from({ length: n }, () => new Float64Array(n));
  const mu: Float64Array[] = Array.from({ length: n }, () => new Float64Array(n));
  gram.reach(0);
  r[0]![0] = gram.g(0, 0);
  let k = 1, kmax = 0;
  // LLL needs O(n²·log B) swaps; the cap only stops a pass that rounding sends astray.
  const cap = 200 * n * n * (1 + maxBits(b)) + 1000;
  for (let iter = 0; k < n; iter++) {
    if (iter > cap) return false;
    if ((iter & 63) === 63) tick();
    if (k > kmax) {
      kmax = k;
      gram.reach(k);
    }
    const mk = mu[k]!;
    for (let pass = 0; ; pass++) {
      if (pass > 100) return false;
      const worst = gsRow((j) => gram.g(k, j), r, mu, k);
      if (Number.isNaN(worst)) return false;
      if (worst <= 0.51) break;
      let changed = false;
      for (let j = k - 1; j >= 0; j--) {
        const x = Math.round(mk[j]!);
        if (x === 0) continue;
        changed = true;
        const mj = mu[j]!;
        for (let i = 0; i < j; i++) mk[i] -= x * mj[i]!;
        mk[j] -= x;
        gram.sub(k, j, x, kmax);
        rowSub(b[k]!, b[j]!, x);
        if (H) rowSub(H[k]!, H[j]!, x);
      }
      if (!changed) break;
      gram.refresh(k, kmax);
    }
    if (lovaszSwap(gram.g(k, k), r, mu, k, df)) {
      [b[k], b[k - 1]] = [b[k - 1]!, b[k]!];
      if (H) [H[k], H[k - 1]] = [H[k - 1]!, H[k]!];
      gram.swap(k);
      k = Math.max(1, k - 1);
      if (k === 1) r[0]![0] = gram.g(0, 0);
    } else k++;
  }
  return true;
}

/**
 * LLL-reduce the lattice spanned by the (independent) rows.
 */
export function lll(rows: readonly (readonly bigint[])[], opts: LllOptions = {}): LllResult {
  const tick = opts.checkpoint ?? (() => {});
  const [dn, dd] = opts.delta ?? [99n, 100n];
  if (!(4n * dn > dd && dn <= dd)) throw new RangeError("LLL: δ must lie in (1/4, 1]");
  // drop zero rows up front
  let b = rows.map((r) => r.slice());
  let H: bigint[][] | undefined = opts.transform ? rows.map((_, i) => rows.map((__, j) => (i === j ? 1n : 0n))) : undefined;
  {
    const keep = b.map((r) => r.some((x) => x !== 0n));
    if (H) H = H.filter((_, i) => keep[i]);
    b = b.filter((_, i) => keep[i]);
  }
  // A floating-point pass does the bulk of the work (see fpReduce); the integral algorithm then
  // finishes from its output and is what proves the result (exact Gram–Schmidt data, exact tests).
  if (b.length >= FP_MIN_ROWS && maxBits(b) <= FP_MAX_BITS) fpReduce(b, H, Number(dn) / Number(dd), tick, (opts.doubleGram ? doubleGram : exactGram)(b));
  const out = mlll(b, H, dn, dd, tick);
  return out;
}

function mlll(b: bigint[][], H: bigint[][] | undefined, dn: bigint, dd: bigint, tick: () => void): LllResult {
  const n = b.length;
  // 1-based arrays: d[0] = 1
  const d: bigint[] = new Array<bigint>(n + 1).fill(0n);
  const lam: bigint[][] = Array.from({ length: n + 1 }, () => new Array<bigint>(n + 1).fill(0n));
  d[0] = 1n;
  const m = n;
  if (m === 0) return { basis: [], d: [1n], ...(H ? { transform: [] } : {}) };
  const B = (i: number) => b[i - 1]!;
  d[1] = dot(B(1), B(1));
  let k = 2, kmax = 1;

  const red = (k: number, l: number): void => {
    if (d[l] === 0n) return;
    const lkl = lam[k]![l]!;
    if (2n * (lkl < 0n ? -lkl : lkl) <= d[l]!) return;
    const q = roundDiv(lkl, d[l]!);
    const bk = b[k - 1]!, bl = b[l - 1]!;
    // knapsack-type lattices (van Hoeij's) have mostly zero entries: skip them
    for (let i = 0; i < bk.length; i++) if (bl[i] !== 0n) bk[i]! -= q * bl[i]!;
    if (H) {
      const hk = H[k - 1]!, hl = H[l - 1]!;
      for (let i = 0; i < hk.length; i++) hk[i]! -= q * hl[i]!;
    }
    lam[k]![l] = lkl - q * d[l]!;
    const lk = lam[k]!, ll = lam[l]!;
    for (let i = 1; i < l; i++) if (ll[i] !== 0n) lk[i]! -= q * ll[i]!;
  };

  const swap = (k: number): void => {
    [b[k - 1], b[k - 2]] = [b[k - 2]!, b[k - 1]!];
    if (H) [H[k - 1], H[k - 2]] = [H[k - 2]!, H[k - 1]!];
    for (let j = 1; j <= k - 2; j++) [lam[k]![j], lam[k - 1]![j]] = [lam[k - 1]![j]!, lam[k]![j]!];
    const l = lam[k]![k - 1]!;
    const Bv = (d[k - 2]! * d[k]! + l * l) / d[k - 1]!;
    for (let i = k + 1; i <= kmax; i++) {
      const t = lam[i]![k]!;
      lam[i]![k] = (d[k]! * lam[i]![k - 1]! - l * t) / d[k - 1]!;
      lam[i]![k - 1] = (Bv * t + l * lam[i]![k]!) / d[k]!;
    }
    d[k - 1] = Bv;
  };

  // Incremental Gram–Schmidt of vector k against 1..k−1.
  const gso = (k: number): void => {
    for (let j = 1; j <= k; j++) {
      let u = dot(B(k), B(j));
      for (let i = 1; i < j; i++) u = (d[i]! * u - lam[k]![i]! * lam[j]![i]!) / d[i - 1]!;
      if (j < k) lam[k]![j] = u;
      else d[k] = u;
    }
  };

  if (d[1] === 0n) throw new RangeError("LLL: zero vector");
  while (k <= m) {
    tick();
    if (k > kmax) {
      kmax = k;
      gso(k);
      if (d[k] === 0n) throw new RangeError("LLL: the rows are linearly dependent");
    }
    red(k, k - 1);
    const l = lam[k]![k - 1]!;
    // Lovász: swap when d_k d_{k−2} < δ d_{k−1}² − λ²  (d_k = 0 for a dependent vector: always swap)
    if (dd * d[k]! * d[k - 2]! < dn * d[k - 1]! * d[k - 1]! - dd * l * l) {
      swap(k);
      k = Math.max(2, k - 1);
    } else {
      for (let i = k - 2; i >= 1; i--) red(k, i);
      k++;
    }
  }

  return { basis: b, d: d.slice(0, m + 1), ...(H ? { transform: H } : {}) };
}

/** True when the rows are LLL-reduced for δ = num/den (exact check, for tests and certificates). */
export function isLllReduced(rows: readonly (readonly bigint[])[], delta: [bigint, bigint] = [99n, 100n]): boolean {
  const n = rows.length;
  const d: bigint[] = [1n];
  const lam: bigint[][] = rows.map(() => new Array<bigint>(n).fill(0n));
  for (let k = 0; k < n; k++) {
    for (let j = 0; j <= k; j++) {
      let u = dot(rows[k]!, rows[j]!);
      for (let i = 0; i < j; i++) u = (d[i + 1]! * u - lam[k]![i]! * lam[j]![i]!) / d[i]!;
      if (j < k) lam[k]![j] = u;
      else d.push(u);
    }
    if (d[k + 1] === 0n) return false;
  }
  for (let k = 0; k < n; k++) for (let j = 0; j < k; j++) {
    const l = lam[k]![j]!;
    if (2n * (l < 0n ? -l : l) > d[j + 1]!) return false;
  }
  const [dn, dd] = delta;
  for (let k = 1; k < n; k++) {
    const l = lam[k]![k - 1]!;
    if (dd * d[k + 1]! * d[k - 1]! < dn * d[k]! * d[k]! - dd * l * l) return false;
  }
  return true;
}

/**
 * A basis of the lattice generated by integer rows that may be dependent: the nonzero rows of
 * their Hermite normal form (row operations by extended gcds, exact). Row count = rank.
 */
export function latticeBasis(rows: readonly (readonly bigint[])[]): bigint[][] {
  const A = rows.map((r) => r.slice());
  const out: bigint[][] = [];
  if (!A.length) return out;
  const cols = A[0]!.length;
  let active = A;
  for (let c = 0; c < cols && active.length; c++) {
    // gcd-combine the entries of column c into one pivot row
    let pivot: bigint[] | undefined;
    const rest: bigint[][] = [];
    for (const row of active) {
      if (row[c] === 0n) {
        rest.push(row);
        continue;
      }
      if (!pivot) {
        pivot = row;
        continue;
      }
      // [pivot; row] → [g-row; 0-row] by the extended gcd of the two entries
      let [a0, a1] = [pivot[c]!, row[c]!];
      let [x0, y0, x1, y1] = [1n, 0n, 0n, 1n];
      while (a1 !== 0n) {
        const q = a0 / a1;
        [a0, a1] = [a1, a0 - q * a1];
        [x0, x1] = [x1, x0 - q * x1];
        [y0, y1] = [y1, y0 - q * y1];
      }
      const np = pivot.map((v, i) => x0 * v + y0 * row[i]!);
      const nr = pivot.map((v, i) => x1 * v + y1 * row[i]!);
      pivot = np;
      if (nr.some((v) => v !== 0n)) rest.push(nr);
    }
    if (pivot) out.push(pivot);
    active = rest;
  }
  return out;
}
