/**
 * Univariate polynomials over a prime field GF(p): the fast kernel (issue 9).
 *
 * Representation (public API): dense little-endian coefficient arrays `bigint[]`, residues 0..p−1,
 * trimmed (no trailing zeros; the zero polynomial is []), plus the prime `p: bigint`. Inputs may be
 * unreduced (any integers, trailing zeros): every function reduces them first. `p` must be prime
 * (callers prove it; nothing here checks) — with a composite p the results are meaningless.
 *
 * Inside, three kernels implement the same arithmetic:
 * - p < 2^26: coefficients are JS numbers; a product of two residues is < 2^52, exact in a double,
 *   and sums of products are accumulated unreduced for as many terms as stay below 2^52 (for
 *   p ≈ 10^6 that is ~4500 terms: a whole dot product costs one reduction);
 * - 2^26 ≤ p < 2^31: numbers too, one factor of each product split in 16-bit halves;
 * - p ≥ 2^31: bigint coefficients, sums reduced once per dot product.
 * The algorithms (square-free decomposition, distinct-degree factorization with the Frobenius
 * matrix, Cantor–Zassenhaus equal-degree splitting, Rabin's irreducibility test, roots) are written
 * once over the kernel interface.
 *
 * p = 2 has a fourth kernel, bit-packed (gf2x.ts): 32 coefficients per word.
 *
 * Factorization cost (n = degree): building the Frobenius (Berlekamp Q) matrix takes n products
 * modulo f, ~2n^3 multiply-adds; each distinct-degree step applies the matrix (n^2) and takes a gcd
 * (~n^2); at most n/2 steps. So ~3n^3 limb operations overall (`gfpFactorCost`). Over GF(2)
 * Berlekamp's kernel of a half-size bit matrix replaces the distinct-degree loop: ~n^3/600 word
 * operations (gf2x.ts).
 */
import { SeededRandom } from "../seeded-random.js";
import { Gf2Kernel } from "./gf2x.js";
import { invModP } from "./smallprime.js";

/** Options of the long-running functions. */
export interface GfpOptions {
  /** Called in long loops; throws to abort (budget / deadline). */
  checkpoint?: () => void;
  /** Seed of the random choices of Cantor–Zassenhaus (the result does not depend on it). Default 1. */
  seed?: number;
}

/** A factor with its multiplicity. */
export interface GfpFactor {
  /** Monic, irreducible (gfpFactor) or square-free (gfpSquarefree). */
  factor: bigint[];
  multiplicity: number;
}

/** f = unit · Π factor^multiplicity. */
export interface GfpFactorization {
  /** The leading coefficient of f. */
  unit: bigint;
  /** Distinct monic irreducible factors, sorted by `compareGfp` (degree first). */
  factors: GfpFactor[];
}

/** A root of f in GF(p) with its multiplicity. */
export interface GfpRoot {
  root: bigint;
  multiplicity: number;
}

// ───────────────────────────── kernel interface ─────────────────────────────

/**
 * A dense little-endian polynomial as a kernel stores it (Float64Array, bigint[], a bit-packed
 * GF(2) polynomial), trimmed: `length` is the degree + 1; coefficients are read with `coeff`.
 */
export interface Poly<C> {
  readonly length: number;
}

/**
 * What the generic algorithms need: arithmetic on trimmed dense little-endian polynomials P over a
 * finite field of order q = p^e with elements C. Implemented here for GF(p) (q = p) and, over any
 * CoeffRing of a finite field, by ffactor.ts.
 */
export interface FieldPolyKernel<C, P extends Poly<C>> {
  /** The characteristic. */
  readonly p: bigint;
  /** The order of the field (the Frobenius is h ↦ h^q). */
  readonly q: bigint;
  readonly zero: C;
  readonly one: C;
  /** From field elements (trims). */
  make(cs: readonly C[]): P;
  /** The coefficient of x^i (0 ≤ i < length). */
  coeff(a: P, i: number): C;
  /** The p-th root of an element (c^(q/p); the identity in GF(p)). */
  pthRootC(c: C): C;
  invC(a: C): C;
  negC(a: C): C;
  add(a: P, b: P): P;
  sub(a: P, b: P): P;
  scale(a: P, c: C): P;
  mul(a: P, b: P): P;
  sqr(a: P): P;
  /** Quotient and remainder; b ≠ 0. */
  divrem(a: P, b: P): { q: P; r: P };
  rem(a: P, b: P): P;
  /** Monic gcd; gcd(0, 0) = 0. */
  gcd(a: P, b: P): P;
  monic(a: P): P;
  deriv(a: P): P;
  /** The Frobenius matrix of a degree-n modulus from its rows x^(jp) mod m, j = 0..n−1. */
  frob(rows: readonly P[], n: number): unknown;
  /** h^p mod m for deg h < n, by the matrix. */
  applyFrob(F: unknown, h: P): P;
  /** n − rank(Q − I) for the Frobenius matrix Q (Berlekamp: the number of irreducible factors of a square-free m). */
  frobNullity(F: unknown): number;
  random(deg: number, rng: SeededRandom): P;
  /** A kernel's own Frobenius matrix of a monic m (degree ≥ 1) and x^q mod m, when it has a cheaper way than `frobMatrix`'s. */
  frobMatrix?(m: P, checkpoint: () => void): { F: unknown; xp: P };
  /** A kernel's own complete factorization of a monic square-free f of degree ≥ 1 (monic irreducible factors, any order), when it has a cheaper way than ddfK + edfK. */
  factorSquarefree?(f: P, rng: SeededRandom, checkpoint: () => void): P[];
}

/** The GF(p) kernels add the conversions of the public bigint[] API. */
export interface Kernel<C, P extends Poly<C>> extends FieldPolyKernel<C, P> {
  from(f: readonly bigint[]): P;
  to(f: P): bigint[];
  fromBig(c: bigint): C;
  toBig(c: C): bigint;
  mulC(a: C, b: C): C;
  evaluate(a: P, x: C): C;
}

const noop = (): void => {};

// ───────────────────────────── number kernel (p < 2^26) ─────────────────────────────

/**
 * Unreduced sums stay below this bound, under which `reduce` (a floating quotient estimate and
 * one correction) is exact.
 */
const SUM_BOUND = 2 ** 52;

/** Below this length schoolbook multiplication beats Karatsuba (measured on p = 1000003, node 22: ~40). */
const KARATSUBA_THRESHOLD = 40;

const EMPTY = new Float64Array(0);

class NumKernel implements Kernel<number, Float64Array> {
  readonly zero = 0;
  readonly one = 1;
  readonly pn: number;
  readonly pinv: number;
  /** How many products (p−1)^2 may be added to a reduced residue and stay below SUM_BOUND. */
  readonly batch: number;
  readonly q: bigint;
  constructor(readonly p: bigint) {
    this.q = p;
    this.pn = Number(p);
    this.pinv = 1 / this.pn;
    const q = (this.pn - 1) * (this.pn - 1);
    this.batch = q === 0 ? 1 << 30 : Math.max(1, Math.floor((SUM_BOUND - this.pn) / q));
  }
  /** x mod p for 0 ≤ x < 2^52 (the quotient estimate is off by at most one). */
  red(x: number): number {
    const p = this.pn;
    const r = x - Math.floor(x * this.pinv) * p;
    return r < 0 ? r + p : r >= p ? r - p : r;
  }
  /** Reduce a[lo..hi) in place. */
  protected redRange(a: Float64Array, lo: number, hi: number): void {
    const p = this.pn, pinv = this.pinv;
    for (let k = lo; k < hi; k++) {
      const x = a[k]!;
      const r = x - Math.floor(x * pinv) * p;
      a[k] = r < 0 ? r + p : r >= p ? r - p : r;
    }
  }
  protected trim(a: Float64Array, n = a.length): Float64Array {
    while (n > 0 && a[n - 1] === 0) n--;
    return n === a.length ? a : a.slice(0, n);
  }
  pthRootC(c: number): number {
    return c;
  }
  make(cs: readonly number[]): Float64Array {
    return this.trim(Float64Array.from(cs));
  }
  coeff(a: Float64Array, i: number): number {
    return a[i]!;
  }
  from(f: readonly bigint[]): Float64Array {
    const p = this.p, out = new Float64Array(f.length);
    for (let i = 0; i < f.length; i++) {
      const r = f[i]! % p;
      out[i] = Number(r < 0n ? r + p : r);
    }
    return this.trim(out);
  }
  to(f: Float64Array): bigint[] {
    return Array.from(f, (c) => BigInt(c));
  }
  fromBig(c: bigint): number {
    const r = c % this.p;
    return Number(r < 0n ? r + this.p : r);
  }
  toBig(c: number): bigint {
    return BigInt(c);
  }
  mulC(a: number, b: number): number {
    return this.red(a * b);
  }
  invC(a: number): number {
    return invModP(a, this.pn);
  }
  negC(a: number): number {
    return a === 0 ? 0 : this.pn - a;
  }
  add(a: Float64Array, b: Float64Array): Float64Array {
    const p = this.pn;
    const [l, s] = a.length >= b.length ? [a, b] : [b, a];
    const out = l.slice();
    for (let i = 0; i < s.length; i++) {
      const v = out[i]! + s[i]!;
      out[i] = v >= p ? v - p : v;
    }
    return this.trim(out);
  }
  sub(a: Float64Array, b: Float64Array): Float64Array {
    const p = this.pn;
    const n = Math.max(a.length, b.length);
    const out = new Float64Array(n);
    out.set(a);
    for (let i = 0; i < b.length; i++) {
      const v = out[i]! - b[i]!;
      out[i] = v < 0 ? v + p : v;
    }
    return this.trim(out);
  }
  scale(a: Float64Array, c: number): Float64Array {
    if (c === 0) return EMPTY;
    const out = new Float64Array(a.length);
    for (let i = 0; i < a.length; i++) out[i] = a[i]! * c;
    this.redRange(out, 0, out.length);
    return out;
  }
  mul(a: Float64Array, b: Float64Array): Float64Array {
    if (a.length === 0 || b.length === 0) return EMPTY;
    return this.trim(this.kara(a, b));
  }
  sqr(a: Float64Array): Float64Array {
    return this.mul(a, a);
  }
  /** Schoolbook product with delayed reduction: one reduction per coefficient per `batch` rows. */
  protected school(a: Float64Array, b: Float64Array): Float64Array {
    const na = a.length, nb = b.length, batch = this.batch;
    const c = new Float64Array(na + nb - 1);
    let pending = 0;
    for (let i = 0; i < na; i++) {
      const ai = a[i]!;
      if (ai === 0) continue;
      for (let j = 0; j < nb; j++) c[i + j] += ai * b[j]!;
      if (++pending >= batch) {
        this.redRange(c, i, i + nb);
        pending = 0;
      }
    }
    this.redRange(c, 0, c.length);
    return c;
  }
  /** Karatsuba on reduced inputs; reduced coefficients, length na + nb − 1 (untrimmed). */
  private kara(a: Float64Array, b: Float64Array): Float64Array {
    const na = a.length, nb = b.length;
    if (na < KARATSUBA_THRESHOLD || nb < KARATSUBA_THRESHOLD) return this.school(a, b);
    const p = this.pn;
    if (na !== nb) {
      // Unbalanced: cut the longer one into pieces of the shorter one's length.
      const [L, S] = na > nb ? [a, b] : [b, a];
      const out = new Float64Array(na + nb - 1);
      for (let off = 0; off < L.length; off += S.length) {
        const pr = this.kara(L.subarray(off, Math.min(L.length, off + S.length)), S);
        for (let k = 0; k < pr.length; k++) {
          const v = out[off + k]! + pr[k]!;
          out[off + k] = v >= p ? v - p : v;
        }
      }
      return out;
    }
    const h = na >> 1, m = na - h;
    const a0 = a.subarray(0, h), a1 = a.subarray(h), b0 = b.subarray(0, h), b1 = b.subarray(h);
    const sa = new Float64Array(m), sb = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      let v = a1[i]! + (i < h ? a0[i]! : 0);
      sa[i] = v >= p ? v - p : v;
      v = b1[i]! + (i < h ? b0[i]! : 0);
      sb[i] = v >= p ? v - p : v;
    }
    const z0 = this.kara(a0, b0), z2 = this.kara(a1, b1), z1 = this.kara(sa, sb);
    const out = new Float64Array(2 * na - 1);
    out.set(z0);
    out.set(z2, 2 * h);
    const p2 = 2 * p;
    for (let k = 0; k < z1.length; k++) {
      // out[h+k] + z1 − z0 − z2 lies in (−2p, 2p): shift by 2p, one reduction.
      out[h + k] = this.red(out[h + k]! + z1[k]! - (k < z0.length ? z0[k]! : 0) - z2[k]! + p2);
    }
    return out;
  }
  divrem(a: Float64Array, b: Float64Array): { q: Float64Array; r: Float64Array } {
    const r = this.division(a, b, true);
    return { q: r.q!, r: r.r };
  }
  rem(a: Float64Array, b: Float64Array): Float64Array {
    return this.division(a, b, false).r;
  }
  /** Long division, the running remainder reduced lazily (one reduction per entry per `batch` rows). */
  protected division(a: Float64Array, b: Float64Array, wantQ: boolean): { q?: Float64Array; r: Float64Array } {
    const p = this.pn, db = b.length - 1;
    if (db < 0) throw new RangeError("gfp: division by the zero polynomial");
    if (a.length <= db) return { q: EMPTY, r: a };
    const lcInv = invModP(b[db]!, p);
    const r = a.slice();
    const q = wantQ ? new Float64Array(a.length - db) : undefined;
    const batch = this.batch;
    let pending = 0;
    for (let i = a.length - 1; i >= db; i--) {
      const c = this.red(r[i]!);
      if (c === 0) continue;
      const t = this.red(c * lcInv);
      if (q) q[i - db] = t;
      const nt = p - t, off = i - db;
      for (let j = 0; j < db; j++) r[off + j] += nt * b[j]!;
      if (++pending >= batch) {
        this.redRange(r, off, i);
        pending = 0;
      }
    }
    this.redRange(r, 0, db);
    return { ...(q ? { q: this.trim(q) } : {}), r: this.trim(r, db) };
  }
  /** Euclid in place on two buffers. */
  gcd(a: Float64Array, b: Float64Array): Float64Array {
    const p = this.pn, batch = this.batch;
    let x = a.slice(), y = b.slice(), nx = x.length, ny = y.length;
    while (ny > 0) {
      // x ← x mod y
      const dy = ny - 1;
      const dq = nx - 1 - dy;
      if (dq >= 0 && dq <= 2 && dq < dy && dq + 2 <= batch) {
        // The usual Euclid step (quotient of degree ≤ 2): the quotient from the top coefficients,
        // then the remainder in one fused pass, each entry reduced once.
        const inv = invModP(y[dy]!, p);
        // m2, m1, m0: minus the quotient's coefficients of x^dq, x^(dq−1), x^(dq−2).
        const m2 = p - this.red(x[nx - 1]! * inv);
        if (dq === 0) {
          for (let j = 0; j < dy; j++) x[j] = this.red(x[j]! + m2 * y[j]!);
        } else {
          const m1 = p - this.red(this.red(x[nx - 2]! + m2 * y[dy - 1]!) * inv);
          if (dq === 1) {
            for (let j = dy - 1; j >= 1; j--) x[j] = this.red(x[j]! + m2 * y[j - 1]! + m1 * y[j]!);
            x[0] = this.red(x[0]! + m1 * y[0]!);
          } else {
            const m0 = p - this.red(this.red(x[nx - 3]! + m2 * y[dy - 2]! + m1 * y[dy - 1]!) * inv);
            for (let j = dy - 1; j >= 2; j--) x[j] = this.red(x[j]! + m2 * y[j - 2]! + m1 * y[j - 1]! + m0 * y[j]!);
            x[1] = this.red(x[1]! + m1 * y[0]! + m0 * y[1]!);
            x[0] = this.red(x[0]! + m0 * y[0]!);
          }
        }
        nx = dy;
        while (nx > 0 && x[nx - 1] === 0) nx--;
      } else if (nx > dy) {
        const inv = invModP(y[dy]!, p);
        let pending = 0;
        for (let i = nx - 1; i >= dy; i--) {
          const c = this.red(x[i]!);
          if (c === 0) continue;
          const nt = p - this.red(c * inv), off = i - dy;
          for (let j = 0; j < dy; j++) x[off + j] += nt * y[j]!;
          if (++pending >= batch) {
            this.redRange(x, off, i);
            pending = 0;
          }
        }
        this.redRange(x, 0, dy);
        nx = dy;
        while (nx > 0 && x[nx - 1] === 0) nx--;
      }
      const t = x, nt = nx;
      x = y;
      nx = ny;
      y = t;
      ny = nt;
    }
    if (nx === 0) return EMPTY;
    return this.monic(x.slice(0, nx));
  }
  monic(a: Float64Array): Float64Array {
    if (a.length === 0) return EMPTY;
    const lc = a[a.length - 1]!;
    return lc === 1 ? a : this.scale(a, invModP(lc, this.pn));
  }
  deriv(a: Float64Array): Float64Array {
    if (a.length <= 1) return EMPTY;
    const out = new Float64Array(a.length - 1);
    for (let i = 1; i < a.length; i++) out[i - 1] = this.red((i % this.pn) * a[i]!);
    return this.trim(out);
  }
  evaluate(a: Float64Array, x: number): number {
    let acc = 0;
    for (let i = a.length - 1; i >= 0; i--) acc = this.red(acc * x + a[i]!);
    return acc;
  }
  frob(rows: readonly Float64Array[], n: number): unknown {
    const M = new Float64Array(n * n);
    rows.forEach((r, j) => M.set(r, j * n));
    return { n, M };
  }
  applyFrob(F: unknown, h: Float64Array): Float64Array {
    const { n, M } = F as { n: number; M: Float64Array };
    const batch = this.batch, len = h.length;
    const acc = new Float64Array(n);
    let pending = 0, j = 0;
    if (batch >= 4) {
      // Four rows per pass: a quarter of the loads and stores of acc (measured ~1.7× on n = 200).
      for (; j + 4 <= len; j += 4) {
        const c0 = h[j]!, c1 = h[j + 1]!, c2 = h[j + 2]!, c3 = h[j + 3]!;
        const b0 = j * n, b1 = b0 + n, b2 = b1 + n, b3 = b2 + n;
        for (let k = 0; k < n; k++) acc[k] += c0 * M[b0 + k]! + c1 * M[b1 + k]! + c2 * M[b2 + k]! + c3 * M[b3 + k]!;
        pending += 4;
        if (pending + 4 > batch) {
          this.redRange(acc, 0, n);
          pending = 0;
        }
      }
    }
    for (; j < len; j++) {
      const c = h[j]!;
      if (c === 0) continue;
      const base = j * n;
      for (let k = 0; k < n; k++) acc[k] += c * M[base + k]!;
      if (++pending >= batch) {
        this.redRange(acc, 0, n);
        pending = 0;
      }
    }
    this.redRange(acc, 0, n);
    return this.trim(acc);
  }
  frobNullity(F: unknown): number {
    const { n, M } = F as { n: number; M: Float64Array };
    const p = this.pn;
    const A = M.slice();
    for (let i = 0; i < n; i++) A[i * n + i] = this.red(A[i * n + i]! + p - 1);
    // Each entry receives at most n unreduced products before it is read; reduce eagerly only when that could pass 2^52.
    const lazy = n + 2 < this.batch;
    let row = 0;
    for (let col = 0; col < n && row < n; col++) {
      let piv = -1;
      for (let r = row; r < n; r++) {
        const v = this.red(A[r * n + col]!);
        A[r * n + col] = v;
        if (v !== 0 && piv < 0) piv = r;
      }
      if (piv < 0) continue;
      const pb = row * n;
      if (piv !== row) {
        const tmp = A.slice(piv * n, piv * n + n);
        A.copyWithin(piv * n, pb, pb + n);
        A.set(tmp, pb);
      }
      this.redRange(A, pb + col, pb + n);
      const inv = invModP(A[pb + col]!, p);
      for (let r = row + 1; r < n; r++) {
        const rb = r * n;
        const c = A[rb + col]!;
        if (c === 0) continue;
        const m = p - this.red(c * inv);
        for (let k = col + 1; k < n; k++) A[rb + k] += m * A[pb + k]!;
        A[rb + col] = 0;
        if (!lazy) this.redRange(A, rb + col + 1, rb + n);
      }
      row++;
    }
    return n - row;
  }
  random(deg: number, rng: SeededRandom): Float64Array {
    const out = new Float64Array(deg + 1);
    for (let i = 0; i <= deg; i++) out[i] = rng.below(this.pn);
    return this.trim(out);
  }
}

// ───────────────────────────── split kernel (2^26 ≤ p < 2^31) ─────────────────────────────

const HALF = 65536;
/** Rows accumulated between reductions in the split kernel: 2^31 + 15·2^47 < 2^52. */
const SPLIT_BATCH = 15;

/**
 * 2^26 ≤ p < 2^31: residues stay numbers, but a product a·b (up to 2^62) is not exact in a double,
 * so one factor is split, a = a_hi·2^16 + a_lo, and the two partial products a_hi·b < 2^46 and
 * a_lo·b < 2^47 are accumulated separately (~2.5× the small kernel's work, far below bigints).
 * Karatsuba is inherited (it only adds); every loop that multiplies is overridden.
 */
class SplitKernel extends NumKernel {
  override mulC(a: number, b: number): number {
    const hi = Math.floor(a / HALF);
    return this.red(this.red(hi * b) * HALF + (a - hi * HALF) * b);
  }
  /** (H·2^16 + L) mod p for H, L < 2^52. */
  private combine(H: number, L: number): number {
    return this.red(this.red(H) * HALF + this.red(L));
  }
  override scale(a: Float64Array, c: number): Float64Array {
    if (c === 0) return EMPTY;
    const out = new Float64Array(a.length);
    for (let i = 0; i < a.length; i++) out[i] = this.mulC(a[i]!, c);
    return out;
  }
  protected override school(a: Float64Array, b: Float64Array): Float64Array {
    const na = a.length, nb = b.length, len = na + nb - 1;
    const H = new Float64Array(len), L = new Float64Array(len);
    let pending = 0;
    for (let i = 0; i < na; i++) {
      const ai = a[i]!;
      if (ai === 0) continue;
      const hi = Math.floor(ai / HALF), lo = ai - hi * HALF;
      for (let j = 0; j < nb; j++) {
        H[i + j] += hi * b[j]!;
        L[i + j] += lo * b[j]!;
      }
      if (++pending >= SPLIT_BATCH) {
        this.redRange(H, i, i + nb);
        this.redRange(L, i, i + nb);
        pending = 0;
      }
    }
    const c = new Float64Array(len);
    for (let k = 0; k < len; k++) c[k] = this.combine(H[k]!, L[k]!);
    return c;
  }
  protected override division(a: Float64Array, b: Float64Array, wantQ: boolean): { q?: Float64Array; r: Float64Array } {
    const p = this.pn, db = b.length - 1;
    if (db < 0) throw new RangeError("gfp: division by the zero polynomial");
    if (a.length <= db) return { q: EMPTY, r: a };
    const lcInv = invModP(b[db]!, p);
    const H = new Float64Array(a.length), L = a.slice();
    const q = wantQ ? new Float64Array(a.length - db) : undefined;
    let pending = 0;
    for (let i = a.length - 1; i >= db; i--) {
      const c = this.combine(H[i]!, L[i]!);
      if (c === 0) continue;
      const t = this.mulC(c, lcInv);
      if (q) q[i - db] = t;
      const nt = p - t, off = i - db;
      const hi = Math.floor(nt / HALF), lo = nt - hi * HALF;
      for (let j = 0; j < db; j++) {
        H[off + j] += hi * b[j]!;
        L[off + j] += lo * b[j]!;
      }
      if (++pending >= SPLIT_BATCH) {
        this.redRange(H, off, i);
        this.redRange(L, off, i);
        pending = 0;
      }
    }
    const r = new Float64Array(db);
    for (let k = 0; k < db; k++) r[k] = this.combine(H[k]!, L[k]!);
    return { ...(q ? { q: this.trim(q) } : {}), r: this.trim(r) };
  }
  /** Euclid in place on two buffers, one row at a time, every entry reduced as it is updated (no allocation per step). */
  override gcd(a: Float64Array, b: Float64Array): Float64Array {
    const p = this.pn;
    let x = a.slice(), y = b.slice(), nx = x.length, ny = y.length;
    while (ny > 0) {
      const dy = ny - 1;
      if (nx > dy) {
        const inv = invModP(y[dy]!, p);
        for (let i = nx - 1; i >= dy; i--) {
          const c = x[i]!;
          if (c === 0) continue;
          const nt = p - this.mulC(c, inv), off = i - dy;
          const hi = Math.floor(nt / HALF), lo = nt - hi * HALF;
          for (let j = 0; j < dy; j++) {
            const v = y[j]!;
            x[off + j] = this.red(x[off + j]! + this.red(hi * v) * HALF + lo * v);
          }
          x[i] = 0;
        }
        nx = dy;
        while (nx > 0 && x[nx - 1] === 0) nx--;
      }
      const t = x, nt = nx;
      x = y;
      nx = ny;
      y = t;
      ny = nt;
    }
    return nx === 0 ? EMPTY : this.monic(x.slice(0, nx));
  }
  override deriv(a: Float64Array): Float64Array {
    if (a.length <= 1) return EMPTY;
    const out = new Float64Array(a.length - 1);
    for (let i = 1; i < a.length; i++) out[i - 1] = this.mulC(i % this.pn, a[i]!);
    return this.trim(out);
  }
  override evaluate(a: Float64Array, x: number): number {
    let acc = 0;
    for (let i = a.length - 1; i >= 0; i--) acc = this.red(this.mulC(acc, x) + a[i]!);
    return acc;
  }
  override applyFrob(F: unknown, h: Float64Array): Float64Array {
    const { n, M } = F as { n: number; M: Float64Array };
    const H = new Float64Array(n), L = new Float64Array(n);
    let pending = 0;
    for (let j = 0; j < h.length; j++) {
      const c = h[j]!;
      if (c === 0) continue;
      const hi = Math.floor(c / HALF), lo = c - hi * HALF, base = j * n;
      for (let k = 0; k < n; k++) {
        const m = M[base + k]!;
        H[k] += hi * m;
        L[k] += lo * m;
      }
      if (++pending >= SPLIT_BATCH) {
        this.redRange(H, 0, n);
        this.redRange(L, 0, n);
        pending = 0;
      }
    }
    const out = new Float64Array(n);
    for (let k = 0; k < n; k++) out[k] = this.combine(H[k]!, L[k]!);
    return this.trim(out);
  }
  override frobNullity(F: unknown): number {
    const { n, M } = F as { n: number; M: Float64Array };
    const p = this.pn;
    const A = M.slice();
    for (let i = 0; i < n; i++) A[i * n + i] = this.red(A[i * n + i]! + p - 1);
    let row = 0;
    for (let col = 0; col < n && row < n; col++) {
      let piv = -1;
      for (let r = row; r < n && piv < 0; r++) if (A[r * n + col] !== 0) piv = r;
      if (piv < 0) continue;
      const pb = row * n;
      if (piv !== row) {
        const tmp = A.slice(piv * n, piv * n + n);
        A.copyWithin(piv * n, pb, pb + n);
        A.set(tmp, pb);
      }
      const inv = invModP(A[pb + col]!, p);
      for (let r = row + 1; r < n; r++) {
        const rb = r * n;
        const c = A[rb + col]!;
        if (c === 0) continue;
        const m = p - this.mulC(c, inv);
        const hi = Math.floor(m / HALF), lo = m - hi * HALF;
        for (let k = col + 1; k < n; k++) {
          const v = A[pb + k]!;
          A[rb + k] = this.red(A[rb + k]! + this.red(hi * v) * HALF + lo * v);
        }
        A[rb + col] = 0;
      }
      row++;
    }
    return n - row;
  }
}

// ───────────────────────────── bigint kernel (p ≥ 2^26) ─────────────────────────────

function invBig(a: bigint, p: bigint): bigint {
  let r0 = p, r1 = a, s0 = 0n, s1 = 1n;
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  if (r0 !== 1n) throw new RangeError(`gfp: ${a} is not invertible modulo ${p}`);
  return s0 < 0n ? s0 + p : s0;
}

function trimBig(a: bigint[]): bigint[] {
  let n = a.length;
  while (n > 0 && a[n - 1] === 0n) n--;
  a.length = n;
  return a;
}

class BigKernel implements Kernel<bigint, bigint[]> {
  readonly zero = 0n;
  readonly one = 1n;
  readonly q: bigint;
  constructor(readonly p: bigint) {
    this.q = p;
  }
  pthRootC(c: bigint): bigint {
    return c;
  }
  private red(c: bigint): bigint {
    const r = c % this.p;
    return r < 0n ? r + this.p : r;
  }
  make(cs: readonly bigint[]): bigint[] {
    return trimBig(cs.slice());
  }
  coeff(a: bigint[], i: number): bigint {
    return a[i]!;
  }
  from(f: readonly bigint[]): bigint[] {
    return trimBig(f.map((c) => this.red(c)));
  }
  to(f: bigint[]): bigint[] {
    return f.slice();
  }
  fromBig(c: bigint): bigint {
    return this.red(c);
  }
  toBig(c: bigint): bigint {
    return c;
  }
  mulC(a: bigint, b: bigint): bigint {
    return (a * b) % this.p;
  }
  invC(a: bigint): bigint {
    return invBig(a, this.p);
  }
  negC(a: bigint): bigint {
    return a === 0n ? 0n : this.p - a;
  }
  add(a: bigint[], b: bigint[]): bigint[] {
    const n = Math.max(a.length, b.length), out = new Array<bigint>(n);
    for (let i = 0; i < n; i++) {
      const v = (a[i] ?? 0n) + (b[i] ?? 0n);
      out[i] = v >= this.p ? v - this.p : v;
    }
    return trimBig(out);
  }
  sub(a: bigint[], b: bigint[]): bigint[] {
    const n = Math.max(a.length, b.length), out = new Array<bigint>(n);
    for (let i = 0; i < n; i++) {
      const v = (a[i] ?? 0n) - (b[i] ?? 0n);
      out[i] = v < 0n ? v + this.p : v;
    }
    return trimBig(out);
  }
  scale(a: bigint[], c: bigint): bigint[] {
    if (c === 0n) return [];
    return a.map((v) => (v * c) % this.p);
  }
  mul(a: bigint[], b: bigint[]): bigint[] {
    if (a.length === 0 || b.length === 0) return [];
    const c = new Array<bigint>(a.length + b.length - 1).fill(0n);
    for (let i = 0; i < a.length; i++) {
      const ai = a[i]!;
      if (ai === 0n) continue;
      for (let j = 0; j < b.length; j++) c[i + j] += ai * b[j]!;
    }
    return trimBig(c.map((v) => v % this.p));
  }
  sqr(a: bigint[]): bigint[] {
    return this.mul(a, a);
  }
  divrem(a: bigint[], b: bigint[]): { q: bigint[]; r: bigint[] } {
    const p = this.p, db = b.length - 1;
    if (db < 0) throw new RangeError("gfp: division by the zero polynomial");
    if (a.length <= db) return { q: [], r: a.slice() };
    const lcInv = invBig(b[db]!, p);
    const r = a.slice();
    const q = new Array<bigint>(a.length - db).fill(0n);
    for (let i = a.length - 1; i >= db; i--) {
      const c = r[i]! % p;
      if (c === 0n) continue;
      const t = (c * lcInv) % p;
      q[i - db] = t;
      const nt = p - t, off = i - db;
      for (let j = 0; j < db; j++) r[off + j] = r[off + j]! + nt * b[j]!;
    }
    return { q: trimBig(q), r: trimBig(r.slice(0, db).map((v) => v % p)) };
  }
  rem(a: bigint[], b: bigint[]): bigint[] {
    return this.divrem(a, b).r;
  }
  gcd(a: bigint[], b: bigint[]): bigint[] {
    let x = a, y = b;
    while (y.length > 0) {
      const r = this.rem(x, y);
      x = y;
      y = r;
    }
    return this.monic(x);
  }
  monic(a: bigint[]): bigint[] {
    if (a.length === 0) return [];
    const lc = a[a.length - 1]!;
    return lc === 1n ? a.slice() : this.scale(a, invBig(lc, this.p));
  }
  deriv(a: bigint[]): bigint[] {
    const out: bigint[] = [];
    for (let i = 1; i < a.length; i++) out.push((BigInt(i) * a[i]!) % this.p);
    return trimBig(out);
  }
  evaluate(a: bigint[], x: bigint): bigint {
    let acc = 0n;
    for (let i = a.length - 1; i >= 0; i--) acc = (acc * x + a[i]!) % this.p;
    return acc;
  }
  frob(rows: readonly bigint[][], n: number): unknown {
    return { n, rows };
  }
  applyFrob(F: unknown, h: bigint[]): bigint[] {
    const { n, rows } = F as { n: number; rows: bigint[][] };
    const acc = new Array<bigint>(n).fill(0n);
    for (let j = 0; j < h.length; j++) {
      const c = h[j]!;
      if (c === 0n) continue;
      const row = rows[j]!;
      for (let k = 0; k < row.length; k++) acc[k] += c * row[k]!;
    }
    return trimBig(acc.map((v) => v % this.p));
  }
  frobNullity(F: unknown): number {
    const { n, rows } = F as { n: number; rows: bigint[][] };
    const p = this.p;
    const A = rows.map((r, i) => {
      const a = new Array<bigint>(n).fill(0n);
      r.forEach((c, k) => (a[k] = c));
      a[i] = (a[i]! + p - 1n) % p;
      return a;
    });
    let row = 0;
    for (let col = 0; col < n && row < n; col++) {
      let piv = -1;
      for (let r = row; r < n; r++) {
        A[r]![col] = A[r]![col]! % p;
        if (A[r]![col] !== 0n && piv < 0) piv = r;
      }
      if (piv < 0) continue;
      [A[row], A[piv]] = [A[piv]!, A[row]!];
      const P = A[row]!;
      for (let k = col; k < n; k++) P[k] = P[k]! % p;
      const inv = invBig(P[col]!, p);
      for (let r = row + 1; r < n; r++) {
        const R = A[r]!;
        const c = R[col]!;
        if (c === 0n) continue;
        const m = p - (c * inv) % p;
        for (let k = col + 1; k < n; k++) R[k] = R[k]! + m * P[k]!;
        R[col] = 0n;
      }
      row++;
    }
    return n - row;
  }
  random(deg: number, rng: SeededRandom): bigint[] {
    const out: bigint[] = [];
    const words = Math.ceil(this.p.toString(2).length / 32) + 1;
    for (let i = 0; i <= deg; i++) {
      let v = 0n;
      for (let w = 0; w < words; w++) v = (v << 32n) | BigInt(rng.nextU32());
      out.push(v % this.p);
    }
    return trimBig(out);
  }
}

// ───────────────────────────── kernel selection ─────────────────────────────

/** Largest p taking the number path: residue products stay below 2^52 (exact in a double). */
const NUMBER_PATH_LIMIT = 1n << 26n;
/** Largest p taking the split number path (partial products below 2^47). */
const SPLIT_PATH_LIMIT = 1n << 31n;

type AnyKernel = Kernel<unknown, Poly<unknown>>;

function kernel(p: bigint): AnyKernel {
  if (p < 2n) throw new RangeError("gfp: the modulus must be a prime ≥ 2");
  if (p === 2n) return new Gf2Kernel() as unknown as AnyKernel;
  return (p < NUMBER_PATH_LIMIT ? new NumKernel(p) : p < SPLIT_PATH_LIMIT ? new SplitKernel(p) : new BigKernel(p)) as unknown as AnyKernel;
}

/**
 * (ZZ/m)[x] on doubles for a modulus 2 ≤ m < 2^31 that need not be prime (the low p-adic
 * precisions of Hensel lifting, zzfactor.ts; GF(p)[t] for the Kronecker products of fqflat.ts,
 * p = 2 included — not the packed kernel): the number kernels' sums, products and division.
 * Division inverts nothing but the divisor's leading coefficient, so over a composite m it is
 * valid for monic divisors only; gcd, inverses and the Frobenius need m prime.
 */
export function residuePolyKernel(m: bigint): Kernel<number, Float64Array> {
  if (m < 2n || m >= SPLIT_PATH_LIMIT) throw new RangeError("residuePolyKernel: the modulus must lie in [2, 2^31)");
  return m < NUMBER_PATH_LIMIT ? new NumKernel(m) : new SplitKernel(m);
}

/** Largest modulus residuePolyKernel takes, exclusive. */
export const RESIDUE_KERNEL_LIMIT = SPLIT_PATH_LIMIT;

// ───────────────────────────── generic algorithms ─────────────────────────────

function deg(a: { readonly length: number }): number {
  return a.length - 1;
}

export function xgcdK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, a: P, b: P): { g: P; s: P; t: P } {
  let r0 = a, r1 = b;
  let s0 = K.make([K.one]), s1 = K.make([]), t0 = K.make([]), t1 = K.make([K.one]);
  while (r1.length > 0) {
    const { q, r } = K.divrem(r0, r1);
    [r0, r1] = [r1, r];
    [s0, s1] = [s1, K.sub(s0, K.mul(q, s1))];
    [t0, t1] = [t1, K.sub(t0, K.mul(q, t1))];
  }
  if (r0.length === 0) return { g: r0, s: r0, t: r0 };
  const li = K.invC(K.coeff(r0, deg(r0)));
  return { g: K.scale(r0, li), s: K.scale(s0, li), t: K.scale(t0, li) };
}

function mulmodK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, a: P, b: P, m: P): P {
  return K.rem(K.mul(a, b), m);
}

export function powmodK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, a: P, e: bigint, m: P, checkpoint: () => void = noop): P {
  if (deg(m) === 0) return K.make([]);
  if (e === 0n) return K.make([K.one]);
  const base = K.rem(a, m);
  const bits = e.toString(2);
  let acc = base;
  for (let i = 1; i < bits.length; i++) {
    acc = K.rem(K.sqr(acc), m);
    if (bits[i] === "1") acc = K.rem(K.mul(acc, base), m);
    checkpoint();
  }
  return acc;
}

/** The Frobenius matrix of m (monic, degree n ≥ 1) from the rows x^(jp) mod m, j = 0..n−1; and x^p mod m. */
function frobMatrix<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, m: P, checkpoint: () => void): { F: unknown; xp: P } {
  if (K.frobMatrix) return K.frobMatrix(m, checkpoint);
  const n = deg(m);
  const x = K.make([K.zero, K.one]);
  const xp = powmodK(K, x, K.q, m, checkpoint);
  if (K.q < 32n && K.q < BigInt(n) / 2n) {
    // a small field: x^(jp)·x^p is a shift by q places and a division of q top coefficients
    // (~q·n operations, against n^2 for a row of the tabulated map below; measured: 15–25% off
    // the distinct-degree factorization for q = 3…19 and n = 60…200, a loss for q = 101, where
    // the product of the monomial goes through Karatsuba)
    const mono = K.make([...new Array<C>(Number(K.q)).fill(K.zero), K.one]);
    const rows: P[] = [K.make([K.one])];
    for (let j = 1; j < n; j++) {
      rows.push(K.rem(K.mul(mono, rows[j - 1]!), m));
      checkpoint();
    }
    return { F: K.frob(rows, n), xp };
  }
  // Multiplication by x^p modulo m is linear: tabulate x^k·x^p mod m (k < n, O(n) each), then each
  // row x^((j+1)p) = x^(jp)·x^p is one matrix–vector product (n^2) instead of a product and a
  // division (~1.6 n^2 here).
  const shifts: P[] = [xp];
  for (let k = 1; k < n; k++) shifts.push(K.rem(K.mul(shifts[k - 1]!, x), m));
  const T = K.frob(shifts, n);
  const rows: P[] = [K.make([K.one])];
  let cur = rows[0]!;
  for (let j = 1; j < n; j++) {
    cur = K.applyFrob(T, cur);
    rows.push(cur);
    checkpoint();
  }
  return { F: K.frob(rows, n), xp };
}

/** Square-free decomposition of a monic f of degree ≥ 1: pairs (g_i, i) with f = Π g_i^i. */
export function squarefreeK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, f: P, checkpoint: () => void): { factor: P; multiplicity: number }[] {
  const out: { factor: P; multiplicity: number }[] = [];
  const rec = (a: P, mult: number): void => {
    let c = K.gcd(a, K.deriv(a));
    let w = K.divrem(a, c).q;
    let i = 1;
    while (deg(w) > 0) {
      const y = K.gcd(w, c);
      const fac = K.divrem(w, y).q;
      if (deg(fac) > 0) out.push({ factor: fac, multiplicity: i * mult });
      w = y;
      c = K.divrem(c, y).q;
      i++;
      checkpoint();
    }
    if (deg(c) > 0) {
      // c = Σ c_{jp} x^{jp} is a p-th power, and b^(1/p) = b in GF(p).
      const pn = Number(K.p);
      const root: C[] = [];
      for (let j = 0; j * pn < c.length; j++) root.push(K.pthRootC(K.coeff(c, j * pn)));
      rec(K.make(root), mult * pn);
    }
  };
  rec(f, 1);
  out.sort((u, v) => u.multiplicity - v.multiplicity);
  return out;
}

/** Distinct-degree factorization of a monic square-free f: (g_d, d), g_d = product of the degree-d factors. */
export function ddfK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, f: P, checkpoint: () => void): { factor: P; degree: number }[] {
  const out: { factor: P; degree: number }[] = [];
  if (deg(f) <= 0) return out;
  if (deg(f) === 1) return [{ factor: f, degree: 1 }];
  const { F, xp } = frobMatrix(K, f, checkpoint);
  // Berlekamp's count of the irreducible factors (n^3/3, a fraction of the matrix's cost) lets the
  // loop stop as soon as one factor is left: a random f has ~ln n factors and a large one, so
  // this usually ends the loop long before deg/2 steps.
  let left = K.frobNullity(F);
  const x = K.make([K.zero, K.one]);
  let rest = f;
  let h = xp;
  for (let i = 1; left > 1 && 2 * i <= deg(rest); i++) {
    if (i > 1) h = K.applyFrob(F, h);
    const g = K.gcd(rest, K.sub(deg(h) >= deg(rest) ? K.rem(h, rest) : h, x));
    if (deg(g) > 0) {
      out.push({ factor: g, degree: i });
      left -= deg(g) / i;
      rest = K.divrem(rest, g).q;
    }
    checkpoint();
  }
  if (deg(rest) > 0) out.push({ factor: rest, degree: deg(rest) });
  return out;
}

/** Equal-degree splitting (Cantor–Zassenhaus) of a monic square-free g whose factors all have degree d. */
export function edfK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, g: P, d: number, rng: SeededRandom, checkpoint: () => void): P[] {
  if (deg(g) === d) return [g];
  const result: P[] = [];
  const F = d > 1 && K.p !== 2n ? frobMatrix(K, g, checkpoint).F : undefined;
  const half = (K.q - 1n) / 2n;
  // GF(2^e): the absolute trace to GF(2) of the residue field GF(2^(e·d)) takes e·d squarings.
  const traceSteps = K.p === 2n ? d * (K.q.toString(2).length - 1) : 0;
  const one = K.make([K.one]);
  const split = (h: P): void => {
    if (deg(h) === d) {
      result.push(h);
      return;
    }
    for (;;) {
      checkpoint();
      const a = K.random(deg(h) - 1, rng);
      if (deg(a) <= 0) continue;
      let b: P;
      if (K.p === 2n) {
        // Trace map Σ_{i<e·d} a^(2^i): on each factor it lands in GF(2), 0 or 1 with probability 1/2.
        let t = a, acc = a;
        for (let i = 1; i < traceSteps; i++) {
          t = K.rem(K.sqr(t), h);
          acc = K.add(acc, t);
        }
        b = acc;
      } else {
        // a^((q^d − 1)/2) = (a · a^q · … · a^(q^(d−1)))^((q−1)/2): the norm to GF(q), then its quadratic character.
        let norm = a;
        if (F) {
          let t = a;
          for (let i = 1; i < d; i++) {
            t = K.rem(K.applyFrob(F, t), h);
            norm = mulmodK(K, norm, t, h);
          }
        }
        b = K.sub(powmodK(K, norm, half, h, checkpoint), one);
      }
      const u = K.gcd(h, b);
      if (deg(u) > 0 && deg(u) < deg(h)) {
        split(u);
        split(K.divrem(h, u).q);
        return;
      }
    }
  };
  split(g);
  return result;
}

/** Rabin: f (degree n ≥ 1) is irreducible iff x^(p^n) ≡ x (mod f) and gcd(f, x^(p^(n/q)) − x) = 1 for each prime q | n. */
export function rabinK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, f0: P, checkpoint: () => void): boolean {
  const n = deg(f0);
  if (n <= 0) return false;
  if (n === 1) return true;
  const f = K.monic(f0);
  const { F, xp } = frobMatrix(K, f, checkpoint);
  const x = K.make([K.zero, K.one]);
  const needed = new Set(primeDivisors(n).map((q) => n / q));
  let h = xp;
  for (let i = 1; i <= n; i++) {
    if (i > 1) h = K.applyFrob(F, h);
    if (needed.has(i) && deg(K.gcd(f, K.sub(h, x))) > 0) return false;
    checkpoint();
  }
  return K.sub(h, x).length === 0;
}

function primeDivisors(n: number): number[] {
  const out: number[] = [];
  for (let q = 2; q * q <= n; q++) {
    if (n % q === 0) {
      out.push(q);
      while (n % q === 0) n /= q;
    }
  }
  if (n > 1) out.push(n);
  return out;
}

function compareBig(a: readonly bigint[], b: readonly bigint[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = a.length - 1; i >= 0; i--) {
    const x = a[i]!, y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function factorK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, f: P, opts: GfpOptions): { unit: C; factors: { factor: P; multiplicity: number }[] } {
  const checkpoint = opts.checkpoint ?? noop;
  if (f.length === 0) throw new RangeError("gfp: the zero polynomial has no factorization");
  const unit = K.coeff(f, deg(f));
  const factors: { factor: P; multiplicity: number }[] = [];
  if (deg(f) === 0) return { unit, factors };
  const rng = new SeededRandom(opts.seed ?? 1);
  for (const { factor: s, multiplicity } of squarefreeK(K, K.monic(f), checkpoint)) {
    if (K.factorSquarefree) {
      for (const h of K.factorSquarefree(s, rng, checkpoint)) factors.push({ factor: h, multiplicity });
      continue;
    }
    for (const { factor: g, degree } of ddfK(K, s, checkpoint)) {
      for (const h of edfK(K, g, degree, rng, checkpoint)) factors.push({ factor: h, multiplicity });
    }
  }
  return { unit, factors };
}

export function rootsK<C, P extends Poly<C>>(K: FieldPolyKernel<C, P>, f: P, opts: GfpOptions): { root: C; multiplicity: number }[] {
  const checkpoint = opts.checkpoint ?? noop;
  if (f.length === 0) throw new RangeError("gfp: every element is a root of the zero polynomial");
  const out: { root: C; multiplicity: number }[] = [];
  if (deg(f) === 0) return out;
  const rng = new SeededRandom(opts.seed ?? 1);
  const x = K.make([K.zero, K.one]);
  for (const { factor: s, multiplicity } of squarefreeK(K, K.monic(f), checkpoint)) {
    // gcd(s, x^q − x) is the product of the distinct linear factors of s.
    const xp = powmodK(K, x, K.q, s, checkpoint);
    const lin = K.gcd(s, K.sub(xp, x));
    if (deg(lin) <= 0) continue;
    for (const h of edfK(K, lin, 1, rng, checkpoint)) out.push({ root: K.negC(K.coeff(h, 0)), multiplicity });
  }
  return out;
}

// ───────────────────────────── public API ─────────────────────────────

/** f reduced modulo p into 0..p−1 and trimmed. */
export function gfpNormalize(f: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.from(f));
}

/** f + g. */
export function gfpAdd(f: readonly bigint[], g: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.add(K.from(f), K.from(g)));
}

/** f − g. */
export function gfpSub(f: readonly bigint[], g: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.sub(K.from(f), K.from(g)));
}

/** −f. */
export function gfpNeg(f: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.sub(K.make([]), K.from(f)));
}

/** c · f. */
export function gfpScale(f: readonly bigint[], c: bigint, p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.scale(K.from(f), K.fromBig(c)));
}

/** f · g (Karatsuba above ~40 coefficients on the number path). */
export function gfpMul(f: readonly bigint[], g: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.mul(K.from(f), K.from(g)));
}

/** f². */
export function gfpSqr(f: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.sqr(K.from(f)));
}

/** Euclidean division f = q·g + r, deg r < deg g. Throws a RangeError when g = 0. */
export function gfpDivRem(f: readonly bigint[], g: readonly bigint[], p: bigint): { quotient: bigint[]; remainder: bigint[] } {
  const K = kernel(p);
  const gg = K.from(g);
  if (gg.length === 0) throw new RangeError("gfp: division by the zero polynomial");
  const { q, r } = K.divrem(K.from(f), gg);
  return { quotient: K.to(q), remainder: K.to(r) };
}

/** f mod g (g ≠ 0). */
export function gfpRem(f: readonly bigint[], g: readonly bigint[], p: bigint): bigint[] {
  return gfpDivRem(f, g, p).remainder;
}

/** f divided by its leading coefficient ([] stays []). */
export function gfpMonic(f: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.monic(K.from(f)));
}

/** The formal derivative f′. */
export function gfpDerivative(f: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.deriv(K.from(f)));
}

/** f(x) in GF(p). */
export function gfpEvaluate(f: readonly bigint[], x: bigint, p: bigint): bigint {
  const K = kernel(p);
  return K.toBig(K.evaluate(K.from(f), K.fromBig(x)));
}

/** The monic gcd of f and g (gcd(0, 0) = []). */
export function gfpGcd(f: readonly bigint[], g: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(K.gcd(K.from(f), K.from(g)));
}

/** Extended gcd: s·f + t·g = gcd, the gcd monic (all [] when f = g = 0). */
export function gfpXgcd(f: readonly bigint[], g: readonly bigint[], p: bigint): { gcd: bigint[]; s: bigint[]; t: bigint[] } {
  const K = kernel(p);
  const r = xgcdK(K, K.from(f), K.from(g));
  return { gcd: K.to(r.g), s: K.to(r.s), t: K.to(r.t) };
}

/** f·g mod m (m ≠ 0). */
export function gfpMulMod(f: readonly bigint[], g: readonly bigint[], m: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  const mm = K.from(m);
  if (mm.length === 0) throw new RangeError("gfp: reduction modulo the zero polynomial");
  return K.to(mulmodK(K, K.from(f), K.from(g), mm));
}

/** f^e mod m for e ≥ 0 (m ≠ 0; everything is 0 modulo a constant). */
export function gfpPowMod(f: readonly bigint[], e: bigint, m: readonly bigint[], p: bigint, opts: GfpOptions = {}): bigint[] {
  if (e < 0n) throw new RangeError("gfp: negative exponent");
  const K = kernel(p);
  const mm = K.from(m);
  if (mm.length === 0) throw new RangeError("gfp: reduction modulo the zero polynomial");
  return K.to(powmodK(K, K.from(f), e, mm, opts.checkpoint));
}

/**
 * Square-free decomposition of a nonzero f: f = lc(f) · Π factor^multiplicity with the factors
 * monic, square-free, pairwise coprime, nonconstant; sorted by multiplicity. [] for constants.
 */
export function gfpSquarefree(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): GfpFactor[] {
  const K = kernel(p);
  const ff = K.from(f);
  if (ff.length === 0) throw new RangeError("gfp: the zero polynomial has no square-free decomposition");
  if (ff.length === 1) return [];
  return squarefreeK(K, K.monic(ff), opts.checkpoint ?? noop).map((s) => ({ factor: K.to(s.factor), multiplicity: s.multiplicity }));
}

/**
 * Distinct-degree factorization of a square-free f (made monic): (factor, degree) with `factor`
 * the product of all irreducible factors of f of that degree; ascending degree.
 */
export function gfpDistinctDegree(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): { factor: bigint[]; degree: number }[] {
  const K = kernel(p);
  return ddfK(K, K.monic(K.from(f)), opts.checkpoint ?? noop).map((g) => ({ factor: K.to(g.factor), degree: g.degree }));
}

/**
 * Equal-degree factorization (Cantor–Zassenhaus) of a square-free f (made monic) all of whose
 * irreducible factors have degree d; the factors sorted by `compareGfp`.
 */
export function gfpEqualDegree(f: readonly bigint[], d: number, p: bigint, opts: GfpOptions = {}): bigint[][] {
  const K = kernel(p);
  const ff = K.monic(K.from(f));
  if (d < 1 || deg(ff) < 1 || deg(ff) % d !== 0) throw new RangeError("gfp: the degree is not a positive multiple of d");
  return edfK(K, ff, d, new SeededRandom(opts.seed ?? 1), opts.checkpoint ?? noop)
    .map((h) => K.to(h))
    .sort(compareBig);
}

/**
 * Complete factorization of a nonzero f into monic irreducibles: square-free decomposition, then
 * distinct-degree (Frobenius matrix), then Cantor–Zassenhaus. Factors sorted by `compareGfp`.
 * Deterministic: the random choices are seeded (they affect only the running time).
 */
export function gfpFactor(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): GfpFactorization {
  const K = kernel(p);
  const r = factorK(K, K.from(f), opts);
  const factors = r.factors.map((x) => ({ factor: K.to(x.factor), multiplicity: x.multiplicity }));
  factors.sort((u, v) => compareBig(u.factor, v.factor) || u.multiplicity - v.multiplicity);
  return { unit: K.toBig(r.unit), factors };
}

/** Rabin's irreducibility test (deterministic). Constants and 0 are not irreducible. */
export function gfpIsIrreducible(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): boolean {
  const K = kernel(p);
  return rabinK(K, K.from(f), opts.checkpoint ?? noop);
}

/** All roots of a nonzero f in GF(p), ascending, with multiplicities. */
export function gfpRoots(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): GfpRoot[] {
  const K = kernel(p);
  return rootsK(K, K.from(f), opts)
    .map((r) => ({ root: K.toBig(r.root), multiplicity: r.multiplicity }))
    .sort((u, v) => (u.root < v.root ? -1 : u.root > v.root ? 1 : 0));
}

/** The canonical order of factors: degree, then coefficients from x^(d−1) down to x^0. */
export function compareGfp(f: readonly bigint[], g: readonly bigint[]): number {
  return compareBig(f, g);
}

/**
 * Preflight estimate, in 64-bit limb operations, of gfpFactor / gfpIsIrreducible on a degree-n
 * polynomial over GF(p): ~3n^3 multiply-adds for the Frobenius matrix and the distinct-degree
 * steps, plus n^2·log p for x^p mod f; × limbs² (and bigint overhead) on the bigint path.
 * GF(2) (bit-packed, W = ⌈n/32⌉ + 1 words a row) factorization: the Frobenius rows and the
 * square-free decomposition (~24n·W), the half-size system (m = ⌈n/2⌉ columns of V = ⌈m/32⌉ + 1
 * words: transposition and Z, 8n·V) in reduced echelon form 8 columns a pass ((m/8 + 1)·(m + 257)·V),
 * and the splitting: up to 2·log2 n + 8 rounds of a kernel combination and v (n·V) and a
 * remainder and gcd per part (4n·W). gfpIsIrreducible over GF(2) is Rabin's test: `gfpIrreducibleCost`.
 */
export function gfpFactorCost(n: number, p: bigint): number {
  if (p === 2n) {
    const W = Math.ceil(n / 32) + 1, m = Math.ceil(n / 2), V = Math.ceil(m / 32) + 1;
    const rounds = 2 * Math.log2(n + 1) + 8;
    return 24 * n * W + 8 * n * V + (m / 8 + 1) * (m + 257) * V + rounds * (n * V + 4 * n * W) + 1000;
  }
  const bits = p.toString(2).length;
  const limbs = p < NUMBER_PATH_LIMIT ? 1 : p < SPLIT_PATH_LIMIT ? 3 : Math.ceil(bits / 64) ** 2 * 4;
  return (3 * n * n * n + 2 * n * n * bits + 1000) * limbs;
}

/**
 * Preflight estimate of gfpIsIrreducible (Rabin's test) on a degree-n polynomial: gfpFactorCost,
 * except over GF(2), where the n Frobenius steps of n/2 row passes of W words and the gcds cost
 * up to ~8n^2·W word operations.
 */
export function gfpIrreducibleCost(n: number, p: bigint): number {
  if (p === 2n) {
    const W = Math.ceil(n / 32) + 1;
    return 8 * n * n * W + 1000;
  }
  return gfpFactorCost(n, p);
}
