/**
 * Univariate polynomials over a prime field GF(p): the fast kernel (issue 9).
 *
 * Representation (public API): dense little-endian coefficient arrays `bigint[]`, residues 0..p−1,
 * trimmed (no trailing zeros; the zero polynomial is []), plus the prime `p: bigint`. Inputs may be
 * unreduced (any integers, trailing zeros): every function reduces them first. `p` must be prime
 * (callers prove it; nothing here checks) — with a composite p the results are meaningless.
 *
 * Inside, two kernels implement the same arithmetic:
 * - p < 2^26: coefficients are JS numbers; a product of two residues is < 2^52, exact in a double,
 *   and sums of products are accumulated unreduced for as many terms as stay below 2^53 (for
 *   p ≈ 10^6 that is ~8000 terms: a whole dot product costs one `%`);
 * - p ≥ 2^26: bigint coefficients, sums reduced once per dot product.
 * The algorithms (square-free decomposition, distinct-degree factorization with the Frobenius
 * matrix, Cantor–Zassenhaus equal-degree splitting, Rabin's irreducibility test, roots) are written
 * once over the kernel interface.
 *
 * Factorization cost (n = degree): building the Frobenius (Berlekamp Q) matrix takes n products
 * modulo f, ~2n^3 multiply-adds; each distinct-degree step applies the matrix (n^2) and takes a gcd
 * (~n^2); at most n/2 steps. So ~3n^3 limb operations overall (`gfpFactorCost`).
 */
import { SeededRandom } from "../seeded-random.js";

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

/** The Frobenius matrix modulo m: row j is x^(j·p) mod m (n rows of length n = deg m). */
interface Frob<C> {
  readonly n: number;
  readonly rows: C[][];
}

/** Arithmetic on trimmed dense little-endian arrays of reduced residues of type C. */
interface Kernel<C> {
  readonly p: bigint;
  readonly zero: C;
  readonly one: C;
  from(f: readonly bigint[]): C[];
  to(f: readonly C[]): bigint[];
  fromBig(c: bigint): C;
  toBig(c: C): bigint;
  isZeroC(c: C): boolean;
  addC(a: C, b: C): C;
  mulC(a: C, b: C): C;
  invC(a: C): C;
  negC(a: C): C;
  add(a: readonly C[], b: readonly C[]): C[];
  sub(a: readonly C[], b: readonly C[]): C[];
  scale(a: readonly C[], c: C): C[];
  mul(a: readonly C[], b: readonly C[]): C[];
  sqr(a: readonly C[]): C[];
  /** Quotient and remainder; b ≠ 0. */
  divrem(a: readonly C[], b: readonly C[]): { q: C[]; r: C[] };
  rem(a: readonly C[], b: readonly C[]): C[];
  monic(a: readonly C[]): C[];
  deriv(a: readonly C[]): C[];
  eval(a: readonly C[], x: C): C;
  applyFrob(F: Frob<C>, h: readonly C[]): C[];
  random(deg: number, rng: SeededRandom): C[];
}

const noop = (): void => {};

function trimInPlace<C>(a: C[], zero: C): C[] {
  let n = a.length;
  while (n > 0 && a[n - 1] === zero) n--;
  a.length = n;
  return a;
}

// ───────────────────────────── number kernel (p < 2^26) ─────────────────────────────

const TWO53 = 2 ** 53;

function invSmall(a: number, p: number): number {
  let r0 = p, r1 = a, s0 = 0, s1 = 1;
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  if (r0 !== 1) throw new Error(`gfp: ${a} is not invertible modulo ${p}`);
  return s0 < 0 ? s0 + p : s0;
}

/** Below this length schoolbook multiplication beats Karatsuba (measured on p = 1000003: ~40). */
const KARATSUBA_THRESHOLD = 40;

class NumKernel implements Kernel<number> {
  readonly zero = 0;
  readonly one = 1;
  readonly pn: number;
  /** How many products (p−1)^2 may be added to a reduced residue and stay below 2^53. */
  readonly batch: number;
  constructor(readonly p: bigint) {
    this.pn = Number(p);
    const q = (this.pn - 1) * (this.pn - 1);
    this.batch = q === 0 ? 1 << 30 : Math.max(1, Math.floor((TWO53 - this.pn) / q));
  }
  from(f: readonly bigint[]): number[] {
    const p = this.p;
    const out = f.map((c) => {
      const r = c % p;
      return Number(r < 0n ? r + p : r);
    });
    return trimInPlace(out, 0);
  }
  to(f: readonly number[]): bigint[] {
    return f.map((c) => BigInt(c));
  }
  fromBig(c: bigint): number {
    const r = c % this.p;
    return Number(r < 0n ? r + this.p : r);
  }
  toBig(c: number): bigint {
    return BigInt(c);
  }
  isZeroC(c: number): boolean {
    return c === 0;
  }
  addC(a: number, b: number): number {
    const s = a + b;
    return s >= this.pn ? s - this.pn : s;
  }
  mulC(a: number, b: number): number {
    return (a * b) % this.pn;
  }
  invC(a: number): number {
    return invSmall(a, this.pn);
  }
  negC(a: number): number {
    return a === 0 ? 0 : this.pn - a;
  }
  add(a: readonly number[], b: readonly number[]): number[] {
    const p = this.pn;
    const [l, s] = a.length >= b.length ? [a, b] : [b, a];
    const out = l.slice();
    for (let i = 0; i < s.length; i++) {
      const v = out[i]! + s[i]!;
      out[i] = v >= p ? v - p : v;
    }
    return trimInPlace(out, 0);
  }
  sub(a: readonly number[], b: readonly number[]): number[] {
    const p = this.pn;
    const n = Math.max(a.length, b.length);
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const v = (a[i] ?? 0) - (b[i] ?? 0);
      out[i] = v < 0 ? v + p : v;
    }
    return trimInPlace(out, 0);
  }
  scale(a: readonly number[], c: number): number[] {
    if (c === 0) return [];
    const p = this.pn;
    return a.map((v) => (v * c) % p);
  }
  mul(a: readonly number[], b: readonly number[]): number[] {
    if (a.length === 0 || b.length === 0) return [];
    if (Math.min(a.length, b.length) < KARATSUBA_THRESHOLD) return this.school(a, b);
    return trimInPlace(Array.from(this.kara(Float64Array.from(a), Float64Array.from(b))), 0);
  }
  sqr(a: readonly number[]): number[] {
    return this.mul(a, a);
  }
  /** Schoolbook product with delayed reduction: one `%` per coefficient per `batch` rows. */
  private school(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
    const p = this.pn, na = a.length, nb = b.length, batch = this.batch;
    const c = new Float64Array(na + nb - 1);
    let pending = 0;
    for (let i = 0; i < na; i++) {
      const ai = a[i]!;
      if (ai === 0) continue;
      for (let j = 0; j < nb; j++) c[i + j] += ai * b[j]!;
      if (++pending >= batch) {
        for (let k = 0; k < c.length; k++) c[k] %= p;
        pending = 0;
      }
    }
    const out = new Array<number>(c.length);
    for (let k = 0; k < c.length; k++) out[k] = c[k]! % p;
    return trimInPlace(out, 0);
  }
  /** Karatsuba on reduced inputs; returns reduced coefficients (length na + nb − 1, untrimmed). */
  private kara(a: Float64Array, b: Float64Array): Float64Array {
    const na = a.length, nb = b.length;
    if (na < KARATSUBA_THRESHOLD || nb < KARATSUBA_THRESHOLD) {
      const r = this.school(a, b);
      const out = new Float64Array(na + nb - 1);
      out.set(r);
      return out;
    }
    const p = this.pn;
    if (na !== nb) {
      // Unbalanced: cut the longer one into pieces of the shorter one's length.
      const [L, S] = na > nb ? [a, b] : [b, a];
      const out = new Float64Array(na + nb - 1);
      for (let off = 0; off < L.length; off += S.length) {
        const piece = L.subarray(off, Math.min(L.length, off + S.length));
        const pr = this.kara(piece, S);
        for (let k = 0; k < pr.length; k++) {
          const v = out[off + k]! + pr[k]!;
          out[off + k] = v >= p ? v - p : v;
        }
      }
      return out;
    }
    const h = na >> 1;
    const a0 = a.subarray(0, h), a1 = a.subarray(h), b0 = b.subarray(0, h), b1 = b.subarray(h);
    const sa = new Float64Array(na - h), sb = new Float64Array(na - h);
    for (let i = 0; i < na - h; i++) {
      let v = a1[i]! + (i < h ? a0[i]! : 0);
      sa[i] = v >= p ? v - p : v;
      v = b1[i]! + (i < h ? b0[i]! : 0);
      sb[i] = v >= p ? v - p : v;
    }
    const z0 = this.kara(a0, b0), z2 = this.kara(a1, b1), z1 = this.kara(sa, sb);
    const out = new Float64Array(2 * na - 1);
    out.set(z0);
    for (let k = 0; k < z2.length; k++) out[2 * h + k] = z2[k]!;
    for (let k = 0; k < z1.length; k++) {
      // z1 − z0 − z2 in 0..3p range, then shift by h.
      let v = z1[k]! - (z0[k] ?? 0) - (z2[k] ?? 0);
      v %= p;
      if (v < 0) v += p;
      v += out[h + k]!;
      out[h + k] = v >= p ? v - p : v;
    }
    return out;
  }
  divrem(a: readonly number[], b: readonly number[]): { q: number[]; r: number[] } {
    return this.division(a, b, true) as { q: number[]; r: number[] };
  }
  rem(a: readonly number[], b: readonly number[]): number[] {
    return this.division(a, b, false).r;
  }
  /** Long division with delayed reduction of the running remainder. */
  private division(a: readonly number[], b: readonly number[], wantQ: boolean): { q?: number[]; r: number[] } {
    const p = this.pn, db = b.length - 1;
    if (db < 0) throw new Error("gfp: division by the zero polynomial");
    if (a.length <= db) return { q: [], r: a.slice() };
    const lcInv = invSmall(b[db]!, p);
    const r = Float64Array.from(a);
    const q = wantQ ? new Array<number>(a.length - db) : undefined;
    const batch = this.batch;
    let pending = 0;
    for (let i = a.length - 1; i >= db; i--) {
      const c = r[i]! % p;
      r[i] = 0;
      const t = c === 0 ? 0 : (c * lcInv) % p;
      if (q) q[i - db] = t;
      if (t === 0) continue;
      const nt = p - t, off = i - db;
      for (let j = 0; j < db; j++) r[off + j] += nt * b[j]!;
      if (++pending >= batch) {
        for (let k = Math.max(0, i - db - 1); k < i; k++) r[k] %= p;
        // Entries below i − db were untouched since the last full reduction; the window above is reduced now.
        pending = 0;
      }
    }
    const out = new Array<number>(db);
    for (let k = 0; k < db; k++) out[k] = r[k]! % p;
    return { ...(q ? { q: trimInPlace(q, 0) } : {}), r: trimInPlace(out, 0) };
  }
  monic(a: readonly number[]): number[] {
    if (a.length === 0) return [];
    const lc = a[a.length - 1]!;
    return lc === 1 ? a.slice() : this.scale(a, invSmall(lc, this.pn));
  }
  deriv(a: readonly number[]): number[] {
    const p = this.pn;
    const out = new Array<number>(Math.max(0, a.length - 1));
    for (let i = 1; i < a.length; i++) out[i - 1] = ((i % p) * a[i]!) % p;
    return trimInPlace(out, 0);
  }
  eval(a: readonly number[], x: number): number {
    const p = this.pn;
    let acc = 0;
    for (let i = a.length - 1; i >= 0; i--) acc = (acc * x + a[i]!) % p;
    return acc;
  }
  applyFrob(F: Frob<number>, h: readonly number[]): number[] {
    const p = this.pn, n = F.n, batch = this.batch;
    const acc = new Float64Array(n);
    let pending = 0;
    for (let j = 0; j < h.length; j++) {
      const c = h[j]!;
      if (c === 0) continue;
      const row = F.rows[j]!;
      for (let k = 0; k < row.length; k++) acc[k] += c * row[k]!;
      if (++pending >= batch) {
        for (let k = 0; k < n; k++) acc[k] %= p;
        pending = 0;
      }
    }
    const out = new Array<number>(n);
    for (let k = 0; k < n; k++) out[k] = acc[k]! % p;
    return trimInPlace(out, 0);
  }
  random(deg: number, rng: SeededRandom): number[] {
    const out = new Array<number>(deg + 1);
    for (let i = 0; i <= deg; i++) out[i] = rng.below(this.pn);
    return trimInPlace(out, 0);
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
  if (r0 !== 1n) throw new Error(`gfp: ${a} is not invertible modulo ${p}`);
  return s0 < 0n ? s0 + p : s0;
}

class BigKernel implements Kernel<bigint> {
  readonly zero = 0n;
  readonly one = 1n;
  constructor(readonly p: bigint) {}
  private red(c: bigint): bigint {
    const r = c % this.p;
    return r < 0n ? r + this.p : r;
  }
  from(f: readonly bigint[]): bigint[] {
    return trimInPlace(f.map((c) => this.red(c)), 0n);
  }
  to(f: readonly bigint[]): bigint[] {
    return f.slice();
  }
  fromBig(c: bigint): bigint {
    return this.red(c);
  }
  toBig(c: bigint): bigint {
    return c;
  }
  isZeroC(c: bigint): boolean {
    return c === 0n;
  }
  addC(a: bigint, b: bigint): bigint {
    const s = a + b;
    return s >= this.p ? s - this.p : s;
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
  add(a: readonly bigint[], b: readonly bigint[]): bigint[] {
    const n = Math.max(a.length, b.length), out = new Array<bigint>(n);
    for (let i = 0; i < n; i++) {
      const v = (a[i] ?? 0n) + (b[i] ?? 0n);
      out[i] = v >= this.p ? v - this.p : v;
    }
    return trimInPlace(out, 0n);
  }
  sub(a: readonly bigint[], b: readonly bigint[]): bigint[] {
    const n = Math.max(a.length, b.length), out = new Array<bigint>(n);
    for (let i = 0; i < n; i++) {
      const v = (a[i] ?? 0n) - (b[i] ?? 0n);
      out[i] = v < 0n ? v + this.p : v;
    }
    return trimInPlace(out, 0n);
  }
  scale(a: readonly bigint[], c: bigint): bigint[] {
    if (c === 0n) return [];
    return a.map((v) => (v * c) % this.p);
  }
  mul(a: readonly bigint[], b: readonly bigint[]): bigint[] {
    if (a.length === 0 || b.length === 0) return [];
    const c = new Array<bigint>(a.length + b.length - 1).fill(0n);
    for (let i = 0; i < a.length; i++) {
      const ai = a[i]!;
      if (ai === 0n) continue;
      for (let j = 0; j < b.length; j++) c[i + j] += ai * b[j]!;
    }
    return trimInPlace(c.map((v) => v % this.p), 0n);
  }
  sqr(a: readonly bigint[]): bigint[] {
    return this.mul(a, a);
  }
  divrem(a: readonly bigint[], b: readonly bigint[]): { q: bigint[]; r: bigint[] } {
    const p = this.p, db = b.length - 1;
    if (db < 0) throw new Error("gfp: division by the zero polynomial");
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
    return { q: trimInPlace(q, 0n), r: trimInPlace(r.slice(0, db).map((v) => v % p), 0n) };
  }
  rem(a: readonly bigint[], b: readonly bigint[]): bigint[] {
    return this.divrem(a, b).r;
  }
  monic(a: readonly bigint[]): bigint[] {
    if (a.length === 0) return [];
    const lc = a[a.length - 1]!;
    return lc === 1n ? a.slice() : this.scale(a, invBig(lc, this.p));
  }
  deriv(a: readonly bigint[]): bigint[] {
    const out: bigint[] = [];
    for (let i = 1; i < a.length; i++) out.push((BigInt(i) * a[i]!) % this.p);
    return trimInPlace(out, 0n);
  }
  eval(a: readonly bigint[], x: bigint): bigint {
    let acc = 0n;
    for (let i = a.length - 1; i >= 0; i--) acc = (acc * x + a[i]!) % this.p;
    return acc;
  }
  applyFrob(F: Frob<bigint>, h: readonly bigint[]): bigint[] {
    const acc = new Array<bigint>(F.n).fill(0n);
    for (let j = 0; j < h.length; j++) {
      const c = h[j]!;
      if (c === 0n) continue;
      const row = F.rows[j]!;
      for (let k = 0; k < row.length; k++) acc[k] += c * row[k]!;
    }
    return trimInPlace(acc.map((v) => v % this.p), 0n);
  }
  random(deg: number, rng: SeededRandom): bigint[] {
    const out: bigint[] = [];
    const words = Math.ceil(this.p.toString(2).length / 32) + 1;
    for (let i = 0; i <= deg; i++) {
      let v = 0n;
      for (let w = 0; w < words; w++) v = (v << 32n) | BigInt(rng.nextU32());
      out.push(v % this.p);
    }
    return trimInPlace(out, 0n);
  }
}

// ───────────────────────────── kernel selection ─────────────────────────────

/** Largest p taking the number path: residue products stay below 2^52 (exact in a double). */
const NUMBER_PATH_LIMIT = 1n << 26n;

function kernel(p: bigint): Kernel<unknown> {
  if (p < 2n) throw new RangeError("gfp: the modulus must be a prime ≥ 2");
  return (p < NUMBER_PATH_LIMIT ? new NumKernel(p) : new BigKernel(p)) as unknown as Kernel<unknown>;
}

// ───────────────────────────── generic algorithms ─────────────────────────────

function deg<C>(a: readonly C[]): number {
  return a.length - 1;
}

function isOne<C>(K: Kernel<C>, a: readonly C[]): boolean {
  return a.length === 1 && a[0] === K.one;
}

/** Monic gcd (0 when both are 0). */
function gcdK<C>(K: Kernel<C>, a: readonly C[], b: readonly C[]): C[] {
  let x = a.slice(), y = b.slice();
  while (y.length > 0) {
    const r = K.rem(x, y);
    x = y;
    y = r;
  }
  return K.monic(x);
}

function xgcdK<C>(K: Kernel<C>, a: readonly C[], b: readonly C[]): { g: C[]; s: C[]; t: C[] } {
  let r0 = a.slice(), r1 = b.slice();
  let s0: C[] = [K.one], s1: C[] = [], t0: C[] = [], t1: C[] = [K.one];
  while (r1.length > 0) {
    const { q, r } = K.divrem(r0, r1);
    [r0, r1] = [r1, r];
    [s0, s1] = [s1, K.sub(s0, K.mul(q, s1))];
    [t0, t1] = [t1, K.sub(t0, K.mul(q, t1))];
  }
  if (r0.length === 0) return { g: [], s: [], t: [] };
  const li = K.invC(r0[r0.length - 1]!);
  return { g: K.scale(r0, li), s: K.scale(s0, li), t: K.scale(t0, li) };
}

function mulmodK<C>(K: Kernel<C>, a: readonly C[], b: readonly C[], m: readonly C[]): C[] {
  return K.rem(K.mul(a, b), m);
}

function powmodK<C>(K: Kernel<C>, a: readonly C[], e: bigint, m: readonly C[], checkpoint: () => void = noop): C[] {
  if (deg(m) === 0) return [];
  let base = K.rem(a, m);
  if (e === 0n) return [K.one];
  let acc: C[] | undefined;
  const bits = e.toString(2);
  acc = base.slice();
  for (let i = 1; i < bits.length; i++) {
    acc = K.rem(K.sqr(acc), m);
    if (bits[i] === "1") acc = K.rem(K.mul(acc, base), m);
    checkpoint();
  }
  base = acc;
  return base;
}

/** The Frobenius matrix of m (monic, degree n ≥ 1): rows x^(jp) mod m, j = 0..n−1. */
function frobMatrix<C>(K: Kernel<C>, m: readonly C[], checkpoint: () => void): { F: Frob<C>; xp: C[] } {
  const n = deg(m);
  const xp = powmodK(K, [K.zero, K.one], K.p, m, checkpoint);
  const rows: C[][] = [[K.one]];
  let cur: C[] = [K.one];
  for (let j = 1; j < n; j++) {
    cur = mulmodK(K, cur, xp, m);
    rows.push(cur);
    checkpoint();
  }
  return { F: { n, rows }, xp };
}

/** Square-free decomposition of a monic f of degree ≥ 1: pairs (g_i, i) with f = Π g_i^i. */
function squarefreeK<C>(K: Kernel<C>, f: readonly C[], checkpoint: () => void): { factor: C[]; multiplicity: number }[] {
  const out: { factor: C[]; multiplicity: number }[] = [];
  const rec = (a: readonly C[], mult: number): void => {
    let c = gcdK(K, a, K.deriv(a));
    let w = K.divrem(a, c).q;
    let i = 1;
    while (deg(w) > 0) {
      const y = gcdK(K, w, c);
      const fac = K.divrem(w, y).q;
      if (deg(fac) > 0) out.push({ factor: fac, multiplicity: i * mult });
      w = y;
      c = K.divrem(c, y).q;
      i++;
      checkpoint();
    }
    if (deg(c) > 0) {
      // c is a p-th power: c = Σ c_{ip} x^{ip}; in GF(p), a^(1/p) = a.
      const pn = Number(K.p);
      const root: C[] = [];
      for (let j = 0; j * pn < c.length; j++) root.push(c[j * pn]!);
      rec(root, mult * pn);
    }
  };
  rec(f, 1);
  out.sort((u, v) => u.multiplicity - v.multiplicity);
  return out;
}

/** Distinct-degree factorization of a monic square-free f: (g_d, d), g_d = product of the degree-d factors. */
function ddfK<C>(K: Kernel<C>, f: readonly C[], checkpoint: () => void): { factor: C[]; degree: number }[] {
  const out: { factor: C[]; degree: number }[] = [];
  if (deg(f) <= 0) return out;
  if (deg(f) === 1) return [{ factor: f.slice(), degree: 1 }];
  const { F, xp } = frobMatrix(K, f, checkpoint);
  const x: C[] = [K.zero, K.one];
  let rest = f.slice();
  let h = xp;
  for (let i = 1; 2 * i <= deg(rest); i++) {
    if (i > 1) h = K.applyFrob(F, h);
    const g = gcdK(K, rest, K.sub(K.rem(h, rest), x));
    if (deg(g) > 0) {
      out.push({ factor: g, degree: i });
      rest = K.divrem(rest, g).q;
    }
    checkpoint();
  }
  if (deg(rest) > 0) out.push({ factor: rest, degree: deg(rest) });
  return out;
}

/** Equal-degree splitting (Cantor–Zassenhaus) of a monic square-free g whose factors all have degree d. */
function edfK<C>(K: Kernel<C>, g: readonly C[], d: number, rng: SeededRandom, checkpoint: () => void): C[][] {
  const n = deg(g);
  if (n === d) return [g.slice()];
  const result: C[][] = [];
  const F = d > 1 ? frobMatrix(K, g, checkpoint).F : undefined;
  const half = (K.p - 1n) / 2n;
  const split = (h: readonly C[]): void => {
    if (deg(h) === d) {
      result.push(h.slice());
      return;
    }
    for (;;) {
      checkpoint();
      const a = K.random(deg(h) - 1, rng);
      if (deg(a) <= 0) continue;
      let b: C[];
      if (K.p === 2n) {
        // Trace map: Σ_{i<d} a^(2^i); on each factor it lands in GF(2), 0 or 1 with probability 1/2.
        let t = a.slice(), acc = a.slice();
        for (let i = 1; i < d; i++) {
          t = K.rem(K.sqr(t), h);
          acc = K.add(acc, t);
        }
        b = acc;
      } else {
        // a^((p^d − 1)/2) = (a · a^p · … · a^(p^(d−1)))^((p−1)/2): the norm to GF(p), then the quadratic character.
        let norm = a.slice();
        if (F) {
          let t = a.slice();
          for (let i = 1; i < d; i++) {
            t = K.rem(K.applyFrob(F, t), h);
            norm = mulmodK(K, norm, t, h);
          }
        }
        b = K.sub(powmodK(K, norm, half, h, checkpoint), [K.one]);
      }
      const u = gcdK(K, h, b);
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
function rabinK<C>(K: Kernel<C>, f0: readonly C[], checkpoint: () => void): boolean {
  const n = deg(f0);
  if (n <= 0) return false;
  if (n === 1) return true;
  const f = K.monic(f0);
  const { F, xp } = frobMatrix(K, f, checkpoint);
  const x: C[] = [K.zero, K.one];
  const needed = new Set(primeDivisors(n).map((q) => n / q));
  let h = xp;
  for (let i = 1; i <= n; i++) {
    if (i > 1) h = K.applyFrob(F, h);
    if (needed.has(i) && deg(gcdK(K, f, K.sub(h, x))) > 0) return false;
    checkpoint();
  }
  const last = K.sub(h, x);
  return last.length === 0;
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

function compareK<C>(a: readonly C[], b: readonly C[], toBig: (c: C) => bigint): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = a.length - 1; i >= 0; i--) {
    const x = toBig(a[i]!), y = toBig(b[i]!);
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function factorK<C>(K: Kernel<C>, f: readonly C[], opts: GfpOptions): { unit: C; factors: { factor: C[]; multiplicity: number }[] } {
  const checkpoint = opts.checkpoint ?? noop;
  if (f.length === 0) throw new RangeError("gfp: the zero polynomial has no factorization");
  const unit = f[f.length - 1]!;
  const factors: { factor: C[]; multiplicity: number }[] = [];
  if (deg(f) === 0) return { unit, factors };
  const rng = new SeededRandom(opts.seed ?? 1);
  for (const { factor: s, multiplicity } of squarefreeK(K, K.monic(f), checkpoint)) {
    for (const { factor: g, degree } of ddfK(K, s, checkpoint)) {
      for (const h of edfK(K, g, degree, rng, checkpoint)) factors.push({ factor: h, multiplicity });
    }
  }
  factors.sort((u, v) => compareK(u.factor, v.factor, (c) => K.toBig(c)) || u.multiplicity - v.multiplicity);
  return { unit, factors };
}

function rootsK<C>(K: Kernel<C>, f: readonly C[], opts: GfpOptions): { root: C; multiplicity: number }[] {
  const checkpoint = opts.checkpoint ?? noop;
  if (f.length === 0) throw new RangeError("gfp: every element is a root of the zero polynomial");
  const out: { root: C; multiplicity: number }[] = [];
  if (deg(f) === 0) return out;
  const rng = new SeededRandom(opts.seed ?? 1);
  const x: C[] = [K.zero, K.one];
  for (const { factor: s, multiplicity } of squarefreeK(K, K.monic(f), checkpoint)) {
    // The split part gcd(s, x^p − x) is the product of the distinct linear factors of s.
    const xp = powmodK(K, x, K.p, s, checkpoint);
    const lin = gcdK(K, s, K.sub(xp, x));
    if (deg(lin) <= 0) continue;
    for (const h of edfK(K, lin, 1, rng, checkpoint)) out.push({ root: K.negC(h[0] ?? K.zero), multiplicity });
  }
  out.sort((u, v) => {
    const a = K.toBig(u.root), b = K.toBig(v.root);
    return a < b ? -1 : a > b ? 1 : 0;
  });
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
  return K.to(K.sub([], K.from(f)));
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
  return K.toBig(K.eval(K.from(f), K.fromBig(x)));
}

/** The monic gcd of f and g (gcd(0, 0) = []). */
export function gfpGcd(f: readonly bigint[], g: readonly bigint[], p: bigint): bigint[] {
  const K = kernel(p);
  return K.to(gcdK(K, K.from(f), K.from(g)));
}

/** Extended gcd: s·f + t·g = gcd (monic; all [] when f = g = 0), with deg s < deg g, deg t < deg f when both are nonconstant. */
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
 * Distinct-degree factorization of a monic square-free f: (factor, degree) with `factor` the
 * product of all irreducible factors of f of that degree; ascending degree.
 */
export function gfpDistinctDegree(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): { factor: bigint[]; degree: number }[] {
  const K = kernel(p);
  return ddfK(K, K.monic(K.from(f)), opts.checkpoint ?? noop).map((g) => ({ factor: K.to(g.factor), degree: g.degree }));
}

/** Equal-degree factorization (Cantor–Zassenhaus) of a monic square-free f all of whose irreducible factors have degree d. */
export function gfpEqualDegree(f: readonly bigint[], d: number, p: bigint, opts: GfpOptions = {}): bigint[][] {
  const K = kernel(p);
  const ff = K.monic(K.from(f));
  if (d < 1 || deg(ff) % d !== 0) throw new RangeError("gfp: the degree is not a multiple of d");
  const out = edfK(K, ff, d, new SeededRandom(opts.seed ?? 1), opts.checkpoint ?? noop);
  out.sort((u, v) => compareK(u, v, (c) => K.toBig(c)));
  return out.map((h) => K.to(h));
}

/**
 * Complete factorization of a nonzero f into monic irreducibles: square-free decomposition, then
 * distinct-degree (Frobenius matrix), then Cantor–Zassenhaus. Factors sorted by `compareGfp`.
 * Deterministic: the random choices are seeded (they affect only the running time).
 */
export function gfpFactor(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): GfpFactorization {
  const K = kernel(p);
  const r = factorK(K, K.from(f), opts);
  return { unit: K.toBig(r.unit), factors: r.factors.map((x) => ({ factor: K.to(x.factor), multiplicity: x.multiplicity })) };
}

/** Rabin's irreducibility test (deterministic). Constants and 0 are not irreducible. */
export function gfpIsIrreducible(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): boolean {
  const K = kernel(p);
  return rabinK(K, K.from(f), opts.checkpoint ?? noop);
}

/** All roots of a nonzero f in GF(p), ascending, with multiplicities. */
export function gfpRoots(f: readonly bigint[], p: bigint, opts: GfpOptions = {}): GfpRoot[] {
  const K = kernel(p);
  return rootsK(K, K.from(f), opts).map((r) => ({ root: K.toBig(r.root), multiplicity: r.multiplicity }));
}

/** The canonical order of factors: degree, then coefficients from x^(d−1) down to x^0. */
export function compareGfp(f: readonly bigint[], g: readonly bigint[]): number {
  return compareK(f, g, (c) => c);
}

/**
 * Preflight estimate, in 64-bit limb operations, of gfpFactor / gfpIsIrreducible on a degree-n
 * polynomial over GF(p): ~3n^3 multiply-adds for the Frobenius matrix and the distinct-degree
 * steps, plus n^2·log p for x^p mod f; × limbs² on the bigint path.
 */
export function gfpFactorCost(n: number, p: bigint): number {
  const bits = p.toString(2).length;
  const limbs = p < NUMBER_PATH_LIMIT ? 1 : Math.ceil(bits / 64) ** 2 * 4;
  return (3 * n * n * n + 2 * n * n * bits + 1000) * limbs;
}
