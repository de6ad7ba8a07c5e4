/**
 * Univariate polynomials over any finite field given by its CoeffRing — in practice GF(p^k) with
 * FieldElement coefficients (ff's `extensionFieldRing`), but any finite CoeffRing<T> works (GF(p)
 * itself too, slowly: use gfp.ts there). Dense little-endian arrays T[], trimmed (zero is []).
 *
 * The algorithms are gfp.ts's, run on a kernel whose coefficient operations are the ring's: the
 * Frobenius is h ↦ h^q (q = |field|), square-free decomposition takes p-th roots c^(q/p) of the
 * coefficients, Cantor–Zassenhaus uses the norm to GF(q) (odd q) or the absolute trace to GF(2)
 * (q = 2^e), Rabin's test uses x^(q^n). Costs are those of gfp.ts in field operations (~3n^3 for a
 * factorization of degree n). The fields of order ≤ 2^16 (ZECH_LIMIT) have Zech logarithms as
 * elements (zech.ts: table loads); larger ones with p < 2^31 flat residue arrays (fqflat.ts: k^2 +
 * k(k−1) double-precision products an operation, products by Kronecker substitution); only p ≥ 2^31
 * uses this CoeffRing kernel, ~k^2 bigint products and some allocation per field operation.
 */
import { SeededRandom } from "../seeded-random.js";
import { factorK, powmodK, rabinK, rootsK, squarefreeK, xgcdK, type FieldPolyKernel, type GfpOptions } from "./gfp.js";
import type { CoeffRing, ExtensionField, FieldElement } from "./types.js";
import { FLAT_P_LIMIT, FlatKernel } from "./fqflat.js";
import { ZECH_LIMIT, ZechKernel } from "./zech.js";

/** A factor with its multiplicity. */
export interface FfFactor<T> {
  factor: T[];
  multiplicity: number;
}

class RingKernel<T> implements FieldPolyKernel<T, T[]> {
  readonly p: bigint;
  readonly q: bigint;
  readonly zero: T;
  readonly one: T;
  /** a^0, a^1, …, a^(e−1) for the random elements (e = log_p q); [1] for a prime field. */
  private readonly basis: T[];
  constructor(readonly R: CoeffRing<T>) {
    if (!R.isField || R.order === 0n || R.characteristic === 0n) throw new RangeError("ffactor: the coefficient ring must be a finite field");
    this.p = R.characteristic;
    this.q = R.order;
    this.zero = R.zero;
    this.one = R.one;
    let e = 0;
    for (let t = this.q; t > 1n; t /= this.p) e++;
    this.basis = [R.one];
    const g = R.generator;
    if (e > 1 && g === undefined) throw new RangeError("ffactor: an extension field needs its generator");
    for (let i = 1; i < e; i++) this.basis.push(R.mul(this.basis[i - 1]!, g!));
  }
  private trim(a: T[]): T[] {
    let n = a.length;
    while (n > 0 && this.R.isZero(a[n - 1]!)) n--;
    a.length = n;
    return a;
  }
  make(cs: readonly T[]): T[] {
    return this.trim(cs.slice());
  }
  coeff(a: T[], i: number): T {
    return a[i]!;
  }
  pthRootC(c: T): T {
    // c^(q/p): the inverse of the Frobenius c ↦ c^p on GF(q).
    return this.powC(c, this.q / this.p);
  }
  private powC(c: T, e: bigint): T {
    let acc = this.R.one, b = c;
    for (; e > 0n; e >>= 1n) {
      if (e & 1n) acc = this.R.mul(acc, b);
      b = this.R.mul(b, b);
    }
    return acc;
  }
  invC(a: T): T {
    return this.R.inv(a);
  }
  negC(a: T): T {
    return this.R.neg(a);
  }
  add(a: T[], b: T[]): T[] {
    const n = Math.max(a.length, b.length), out = new Array<T>(n);
    for (let i = 0; i < n; i++) out[i] = i >= a.length ? b[i]! : i >= b.length ? a[i]! : this.R.add(a[i]!, b[i]!);
    return this.trim(out);
  }
  sub(a: T[], b: T[]): T[] {
    const n = Math.max(a.length, b.length), out = new Array<T>(n);
    for (let i = 0; i < n; i++) out[i] = i >= b.length ? a[i]! : i >= a.length ? this.R.neg(b[i]!) : this.R.sub(a[i]!, b[i]!);
    return this.trim(out);
  }
  scale(a: T[], c: T): T[] {
    return this.R.isZero(c) ? [] : this.trim(a.map((v) => this.R.mul(v, c)));
  }
  mul(a: T[], b: T[]): T[] {
    if (!a.length || !b.length) return [];
    const R = this.R, out = new Array<T>(a.length + b.length - 1).fill(R.zero);
    for (let i = 0; i < a.length; i++) {
      if (R.isZero(a[i]!)) continue;
      for (let j = 0; j < b.length; j++) out[i + j] = R.add(out[i + j]!, R.mul(a[i]!, b[j]!));
    }
    return this.trim(out);
  }
  sqr(a: T[]): T[] {
    return this.mul(a, a);
  }
  divrem(a: T[], b: T[]): { q: T[]; r: T[] } {
    const R = this.R, db = b.length - 1;
    if (db < 0) throw new RangeError("ffactor: division by the zero polynomial");
    if (a.length <= db) return { q: [], r: a.slice() };
    const li = R.inv(b[db]!);
    const r = a.slice(), q = new Array<T>(a.length - db).fill(R.zero);
    for (let i = a.length - 1; i >= db; i--) {
      if (R.isZero(r[i]!)) continue;
      const t = R.mul(r[i]!, li);
      q[i - db] = t;
      for (let j = 0; j <= db; j++) r[i - db + j] = R.sub(r[i - db + j]!, R.mul(t, b[j]!));
    }
    return { q: this.trim(q), r: this.trim(r.slice(0, db)) };
  }
  rem(a: T[], b: T[]): T[] {
    return this.divrem(a, b).r;
  }
  gcd(a: T[], b: T[]): T[] {
    let x = a, y = b;
    while (y.length) [x, y] = [y, this.rem(x, y)];
    return this.monic(x);
  }
  monic(a: T[]): T[] {
    if (!a.length) return [];
    return this.R.eq(a[a.length - 1]!, this.R.one) ? a.slice() : this.scale(a, this.R.inv(a[a.length - 1]!));
  }
  deriv(a: T[]): T[] {
    const out: T[] = [];
    for (let i = 1; i < a.length; i++) out.push(this.R.mul(this.R.fromInteger(BigInt(i)), a[i]!));
    return this.trim(out);
  }
  frob(rows: readonly T[][], n: number): unknown {
    return { n, rows };
  }
  applyFrob(F: unknown, h: T[]): T[] {
    const { n, rows } = F as { n: number; rows: T[][] };
    const R = this.R, acc = new Array<T>(n).fill(R.zero);
    for (let j = 0; j < h.length; j++) {
      if (R.isZero(h[j]!)) continue;
      const row = rows[j]!;
      for (let k = 0; k < row.length; k++) acc[k] = R.add(acc[k]!, R.mul(h[j]!, row[k]!));
    }
    return this.trim(acc);
  }
  frobNullity(F: unknown): number {
    const { n, rows } = F as { n: number; rows: T[][] };
    const R = this.R;
    const A = rows.map((r, i) => {
      const a = new Array<T>(n).fill(R.zero);
      r.forEach((c, k) => (a[k] = c));
      a[i] = R.sub(a[i]!, R.one);
      return a;
    });
    let row = 0;
    for (let col = 0; col < n && row < n; col++) {
      let piv = -1;
      for (let r = row; r < n && piv < 0; r++) if (!R.isZero(A[r]![col]!)) piv = r;
      if (piv < 0) continue;
      [A[row], A[piv]] = [A[piv]!, A[row]!];
      const P = A[row]!, li = R.inv(P[col]!);
      for (let r = row + 1; r < n; r++) {
        const Rr = A[r]!;
        if (R.isZero(Rr[col]!)) continue;
        const m = R.mul(Rr[col]!, li);
        for (let k = col; k < n; k++) Rr[k] = R.sub(Rr[k]!, R.mul(m, P[k]!));
      }
      row++;
    }
    return n - row;
  }
  random(deg: number, rng: SeededRandom): T[] {
    const out: T[] = [];
    const words = Math.ceil(this.p.toString(2).length / 32) + 1;
    for (let i = 0; i <= deg; i++) {
      let c = this.R.zero;
      for (const b of this.basis) {
        let v = 0n;
        for (let w = 0; w < words; w++) v = (v << 32n) | BigInt(rng.nextU32());
        c = this.R.add(c, this.R.mul(this.R.fromInteger(v % this.p), b));
      }
      out.push(c);
    }
    return this.trim(out);
  }
}

/** Below this length (of the shorter factor) a product stays schoolbook: packing costs more than it saves. */
const KRONECKER_MIN = 4;
/** From this modulus degree on, remainders of products by a repeated modulus are Barrett divisions. */
const BARRETT_MIN = 8;

/**
 * GF(p^k) with p ≥ 2^31 (FLAT_P_LIMIT): the CoeffRing kernel with its products as one big-integer
 * product (Kronecker substitution a ↦ 2^w, x ↦ 2^(w(2k−1)), w bits a slot: V8's subquadratic
 * multiplication instead of (deg·k)^2 residue products each reduced modulo p), remainders of
 * products by a modulus seen before by Barrett division (two such products), and the Frobenius map
 * applied with one reduction per output residue instead of one per term. GF((2^127 − 1)^2),
 * degree 30: 0.9 s → 0.32 s of CPU (PARI/GP 30 ms); what remains is mostly V8's multiplication of
 * the packed integers (~0.4 ms for 40,000 bits, where GMP takes a few µs).
 */
class BigKroneckerKernel extends RingKernel<FieldElement> {
  private readonly F: ExtensionField;
  private readonly pbits: number;
  private readonly inverses = new WeakMap<FieldElement[], FieldElement[] | undefined>();
  constructor(R: CoeffRing<FieldElement>) {
    super(R);
    this.F = R.ring as ExtensionField;
    this.pbits = this.F.p.toString(2).length;
  }
  /** The block t (2k − 1 unreduced integers ≥ 0) reduced modulo p and the field's modulus. */
  private reduceBlock(t: bigint[]): FieldElement {
    const { p, k, modulus } = this.F;
    for (let i = 2 * k - 2; i >= k; i--) {
      const c = t[i]! % p;
      if (c === 0n) continue;
      for (let j = 0; j < k; j++) t[i - k + j] = t[i - k + j]! + c * (p - modulus[j]!);
    }
    const out: bigint[] = [];
    for (let j = 0; j < k; j++) out.push(t[j]! % p);
    while (out.length && out[out.length - 1] === 0n) out.pop();
    return out;
  }
  override mul(a: FieldElement[], b: FieldElement[]): FieldElement[] {
    if (Math.min(a.length, b.length) < KRONECKER_MIN) return super.mul(a, b);
    const k = this.F.k, w = 2 * k - 1, len = a.length + b.length - 1;
    // A product slot sums ≤ min(len)·k products of residues < p.
    const bits = 2 * this.pbits + Math.ceil(Math.log2(Math.min(a.length, b.length) * k + 1)) + 1;
    const hex = Math.ceil(bits / 4);
    const pack = (f: FieldElement[]): bigint => {
      const parts: string[] = [];
      const zero = "0".repeat(hex);
      for (let i = f.length - 1; i >= 0; i--) {
        const e = f[i]!;
        for (let j = w - 1; j >= 0; j--) parts.push(j < e.length && e[j] !== 0n ? e[j]!.toString(16).padStart(hex, "0") : zero);
      }
      return BigInt("0x" + parts.join(""));
    };
    const P = a === b ? pack(a) ** 2n : pack(a) * pack(b);
    const digits = P.toString(16);
    const out: FieldElement[] = [];
    for (let l = 0; l < len; l++) {
      const t: bigint[] = [];
      for (let j = 0; j < w; j++) {
        const end = digits.length - (l * w + j) * hex;
        t.push(end <= 0 ? 0n : BigInt("0x" + digits.slice(Math.max(0, end - hex), end)));
      }
      out.push(this.reduceBlock(t));
    }
    while (out.length && out[out.length - 1]!.length === 0) out.pop();
    return out;
  }
  override sqr(a: FieldElement[]): FieldElement[] {
    return this.mul(a, a);
  }
  override rem(a: FieldElement[], b: FieldElement[]): FieldElement[] {
    const db = b.length - 1;
    if (db >= BARRETT_MIN && a.length > db && a.length <= 2 * db) {
      // As in fqflat.ts: the inverse pays off over repeated remainders by one modulus, not in a gcd's chain of divisors.
      if (this.inverses.has(b)) return this.barrettRem(a, b);
      this.inverses.set(b, undefined);
    }
    return super.rem(a, b);
  }
  private barrettRem(a: FieldElement[], b: FieldElement[]): FieldElement[] {
    const R = this.R, db = b.length - 1, m = a.length - 1, qlen = m - db + 1;
    let inv = this.inverses.get(b);
    if (!inv) {
      // rev(b)^(−1) mod x^db, rev(b)_i = b_(db − i).
      const li = R.inv(b[db]!), g: FieldElement[] = [li];
      for (let i = 1; i < db; i++) {
        let acc: FieldElement = R.zero;
        for (let j = 1; j <= i; j++) acc = R.add(acc, R.mul(b[db - j]!, g[i - j]!));
        g.push(R.mul(R.neg(acc), li));
      }
      inv = g;
      this.inverses.set(b, inv);
    }
    const ra: FieldElement[] = [];
    for (let i = 0; i < qlen; i++) ra.push(a[m - i]!);
    const rq = this.mul(this.trimmed(ra), this.trimmed(inv.slice(0, qlen)));
    const q: FieldElement[] = [];
    for (let i = 0; i < qlen; i++) q.push(rq[qlen - 1 - i] ?? R.zero);
    const qb = this.mul(this.trimmed(q), b);
    const r: FieldElement[] = [];
    for (let i = 0; i < db; i++) r.push(R.sub(a[i]!, qb[i] ?? R.zero));
    return this.trimmed(r);
  }
  private trimmed(f: FieldElement[]): FieldElement[] {
    while (f.length && f[f.length - 1]!.length === 0) f.pop();
    return f;
  }
  override applyFrob(F: unknown, h: FieldElement[]): FieldElement[] {
    const { n, rows } = F as { n: number; rows: FieldElement[][] };
    const k = this.F.k, w = 2 * k - 1;
    // Σ_j h_j · row_j with every output residue summed unreduced, reduced once.
    const acc: bigint[][] = Array.from({ length: n }, () => new Array<bigint>(w).fill(0n));
    for (let j = 0; j < h.length; j++) {
      const hj = h[j]!;
      if (!hj.length) continue;
      const row = rows[j]!;
      for (let l = 0; l < row.length; l++) {
        const e = row[l]!, t = acc[l]!;
        for (let s = 0; s < hj.length; s++) {
          const x = hj[s]!;
          if (x === 0n) continue;
          for (let u = 0; u < e.length; u++) t[s + u] = t[s + u]! + x * e[u]!;
        }
      }
    }
    return this.trimmed(acc.map((t) => this.reduceBlock(t)));
  }
}

const kernels = new WeakMap<object, RingKernel<unknown>>();
function kernel<T>(R: CoeffRing<T>): RingKernel<T> {
  let K = kernels.get(R) as RingKernel<T> | undefined;
  if (!K) {
    const F = R.ring as ExtensionField;
    K = F.kind === "GFq" && F.p >= FLAT_P_LIMIT ? (new BigKroneckerKernel(R as unknown as CoeffRing<FieldElement>) as unknown as RingKernel<T>) : new RingKernel(R);
    kernels.set(R, K as RingKernel<unknown>);
  }
  return K;
}

/**
 * A kernel over GF(p^k) with its own element representation (Zech logarithms, flat residue
 * arrays) and the conversions from and to FieldElement polynomials.
 */
type ElementKernel = FieldPolyKernel<any, any> & {
  fromPoly(f: readonly FieldElement[]): any;
  toPoly(f: any): FieldElement[];
  toElement(c: any): FieldElement;
};

/** The fast kernels of the GF(p^k) seen lately, by field (a Zech kernel costs O(q·k) to build). */
const fastKernels = new Map<string, ElementKernel>();
const FAST_CACHE = 16;

/**
 * The kernel with its own elements when R is a GF(p^k) (then R's elements are FieldElements):
 * Zech tables up to ZECH_LIMIT, flat residue arrays above it for p < FLAT_P_LIMIT; otherwise
 * undefined (the generic CoeffRing kernel).
 */
function fast<T>(R: CoeffRing<T>): ElementKernel | undefined {
  const F = R.ring as ExtensionField;
  if (F.kind !== "GFq" || (R.order > ZECH_LIMIT && F.p >= FLAT_P_LIMIT)) return undefined;
  const key = `${F.p}:${F.modulus.join(",")}`;
  let Z = fastKernels.get(key);
  if (!Z) {
    Z = R.order <= ZECH_LIMIT ? new ZechKernel(F) : new FlatKernel(F);
    if (fastKernels.size >= FAST_CACHE) fastKernels.delete(fastKernels.keys().next().value!);
    fastKernels.set(key, Z);
  }
  return Z;
}

/** T is FieldElement whenever `fast` answered. */
const asT = <T>(x: FieldElement): T => x as unknown as T;
const asFE = <T>(f: readonly T[]): FieldElement[] => f as unknown as FieldElement[];
const back = <T>(Z: ElementKernel, f: unknown): T[] => Z.toPoly(f).map(asT<T>);

function trimmed<T>(R: CoeffRing<T>, f: readonly T[]): T[] {
  const a = f.slice();
  while (a.length && R.isZero(a[a.length - 1]!)) a.pop();
  return a;
}

/** The canonical order of factors: degree, then coefficients from x^(d−1) down, compared by their formatted strings' (length, text). */
export function compareFf<T>(R: CoeffRing<T>, f: readonly T[], g: readonly T[]): number {
  if (f.length !== g.length) return f.length - g.length;
  for (let i = f.length - 1; i >= 0; i--) {
    if (R.eq(f[i]!, g[i]!)) continue;
    const a = R.format(f[i]!), b = R.format(g[i]!);
    return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  }
  return 0;
}

/**
 * Complete factorization of a nonzero f over the finite field R into monic irreducibles
 * (square-free, distinct-degree with the Frobenius matrix, Cantor–Zassenhaus), sorted by `compareFf`.
 */
export function ffFactor<T>(R: CoeffRing<T>, f: readonly T[], opts: GfpOptions = {}): { unit: T; factors: FfFactor<T>[] } {
  const Z = fast(R);
  const r = Z
    ? (() => {
        const z = factorK(Z, Z.fromPoly(asFE(f)), opts);
        return { unit: asT<T>(Z.toElement(z.unit)), factors: z.factors.map((x) => ({ factor: back<T>(Z, x.factor), multiplicity: x.multiplicity })) };
      })()
    : factorK(kernel(R), trimmed(R, f), opts);
  r.factors.sort((u, v) => compareFf(R, u.factor, v.factor));
  return r;
}

/** Square-free decomposition f = lc · Π factor^multiplicity (monic, square-free, pairwise coprime), by multiplicity. */
export function ffSquarefree<T>(R: CoeffRing<T>, f: readonly T[], opts: GfpOptions = {}): FfFactor<T>[] {
  const a = trimmed(R, f);
  if (!a.length) throw new RangeError("ffactor: the zero polynomial has no square-free decomposition");
  if (a.length === 1) return [];
  const Z = fast(R);
  if (Z) {
    return squarefreeK(Z, Z.monic(Z.fromPoly(asFE(a))), opts.checkpoint ?? (() => {})).map((x) => ({ factor: back<T>(Z, x.factor), multiplicity: x.multiplicity }));
  }
  const K = kernel(R);
  return squarefreeK(K, K.monic(a), opts.checkpoint ?? (() => {}));
}

/** All roots of a nonzero f in the field, with multiplicities, sorted by their formatted strings' (length, text). */
export function ffRoots<T>(R: CoeffRing<T>, f: readonly T[], opts: GfpOptions = {}): { root: T; multiplicity: number }[] {
  const Z = fast(R);
  const out = Z
    ? rootsK(Z, Z.fromPoly(asFE(f)), opts).map((r) => ({ root: asT<T>(Z.toElement(r.root)), multiplicity: r.multiplicity }))
    : rootsK(kernel(R), trimmed(R, f), opts);
  return out.sort((u, v) => compareFf(R, [u.root], [v.root]));
}

/** Rabin's irreducibility test over the field (constants are not irreducible). */
export function ffIsIrreducible<T>(R: CoeffRing<T>, f: readonly T[], opts: GfpOptions = {}): boolean {
  const Z = fast(R);
  if (Z) return rabinK(Z, Z.fromPoly(asFE(f)), opts.checkpoint ?? (() => {}));
  return rabinK(kernel(R), trimmed(R, f), opts.checkpoint ?? (() => {}));
}

/** Monic gcd. */
export function ffGcd<T>(R: CoeffRing<T>, f: readonly T[], g: readonly T[]): T[] {
  const Z = fast(R);
  if (Z) return back<T>(Z, Z.gcd(Z.fromPoly(asFE(f)), Z.fromPoly(asFE(g))));
  return kernel(R).gcd(trimmed(R, f), trimmed(R, g));
}

/** Extended gcd s·f + t·g = gcd (monic). */
export function ffXgcd<T>(R: CoeffRing<T>, f: readonly T[], g: readonly T[]): { gcd: T[]; s: T[]; t: T[] } {
  const r = xgcdK(kernel(R), trimmed(R, f), trimmed(R, g));
  return { gcd: r.g, s: r.s, t: r.t };
}

/** f · g. */
export function ffMul<T>(R: CoeffRing<T>, f: readonly T[], g: readonly T[]): T[] {
  return kernel(R).mul(trimmed(R, f), trimmed(R, g));
}

/** Euclidean division (g ≠ 0). */
export function ffDivRem<T>(R: CoeffRing<T>, f: readonly T[], g: readonly T[]): { quotient: T[]; remainder: T[] } {
  const r = kernel(R).divrem(trimmed(R, f), trimmed(R, g));
  return { quotient: r.q, remainder: r.r };
}

/**
 * Preflight units of ffFactor on degree n over GF(p^k): ~3n^3 field operations of ~k^2 limb
 * products each. Up to ZECH_LIMIT a field operation is a table load or two (≈ 2 units, a number
 * kernel's multiply-add being 1), and the count is bounded more loosely by 8n^3: the matrix and the
 * distinct-degree steps (3n^3) plus Cantor–Zassenhaus's Frobenius matrix and norms of the largest
 * equal-degree part (≤ 5n^3 in expectation), and in characteristic 2 its e·d squarings (≤ e·n^3/2).
 */
export function ffFactorCost(n: number, p: bigint, k: number): number {
  const q = p ** BigInt(k);
  if (q <= ZECH_LIMIT) {
    const e = q.toString(2).length - 1;
    // q = 2^e: the trace splitting takes e·d squarings modulo the part (d ≤ n/2): ≤ e·n^3/2 more.
    return 2 * ((8 + (p === 2n ? e / 2 : 0)) * n * n * n + 2 * n * n * (e + 1)) + 1000;
  }
  // Above the Zech tables: k^2 limb products per field operation (fqflat.ts's double-precision ones
  // measured at ~1 unit each: degree 100 over GF((10^9+7)^2) ≈ 150 M units, ~120 ms on a quiet machine).
  const limbs = Math.ceil(p.toString(2).length / 64);
  return (3 * n * n * n + 2 * n * n * p.toString(2).length * k) * (k * k * limbs * limbs * 4 + 20) + 1000;
}

/** f^e mod m (m ≠ 0). */
export function ffPowMod<T>(R: CoeffRing<T>, f: readonly T[], e: bigint, m: readonly T[], opts: GfpOptions = {}): T[] {
  const Z = fast(R);
  if (Z) return back<T>(Z, powmodK(Z, Z.fromPoly(asFE(f)), e, Z.fromPoly(asFE(m)), opts.checkpoint));
  return powmodK(kernel(R), trimmed(R, f), e, trimmed(R, m), opts.checkpoint);
}

/** f(x) by Horner's rule. */
export function ffEvaluate<T>(R: CoeffRing<T>, f: readonly T[], x: T): T {
  let acc = R.zero;
  for (let i = f.length - 1; i >= 0; i--) acc = R.add(R.mul(acc, x), f[i]!);
  return acc;
}
