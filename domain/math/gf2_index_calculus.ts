/**
 * Discrete logarithms in a subgroup of prime order ℓ of GF(2^n)^*, n ≤ 63, by index calculus.
 *
 * Elements enter and leave as bigints of polynomial bits over GF(2) (bit i = coefficient of x^i)
 * reduced by the field's defining polynomial f (degree n); inside they are two 32-bit words, and
 * the polynomials u, v below one word each (the bit-packed arrays of poly/gf2x.ts are for large
 * degrees; everything here fits a word or two). Factor base: the irreducible polynomials of degree ≤ b.
 * Relations: first Coppersmith's (when f = x^n + f1 with f1 of low degree, as the default moduli
 * are): u = x^h·A + B and v = u^(2^e) mod f, both of low degree (see coppersmithPlan); then, to
 * top up, w = z·p with z a product of random factor-base elements and p one more; w is written
 * as u/v with deg u < ⌈n/2⌉, deg v ≤ ⌊n/2⌋ (extended Euclid against f stopped halfway, on two
 * 32-bit words), kept when u and v are both b-smooth (u | u'·Π_{b/2<i≤b}(x^{2^i} − x) mod u, then
 * trial division). The homogeneous system Σ e·log = 0 (mod ℓ) is solved by the sparse kernel of
 * index_calculus.ts (logs up to one common scale λ); the base and the target are each descended
 * (w·random factor-base elements smooth) and the scale cancels in their quotient.
 */
import { IndexCalculusExhausted, solveKernel, type Relation } from "./index_calculus.js";
import { modInverse, moebiusSmall } from "./integer.js";
import { SeededRandom } from "./seeded-random.js";

export const GF2_IC_MAX_DEGREE = 63;
export const GF2_IC_MIN_DEGREE = 20;

const noop = (): void => {};

/** Smoothness bound b for GF(2^n). */
export function gf2FactorBaseDegree(n: number): number {
  return Math.max(6, Math.min(11, Math.round(n / 5)));
}

/** Relations one run collects before its first elimination. */
function relationsWanted(fb: number): number {
  return Math.ceil(fb * 1.1) + 40;
}

/**
 * Work units (≈ 10 ns each, see GF2_IC_UNITS_PER_GROUP_OP) of one candidate, measured on node 20 at
 * n = 61 in the steady state: a Coppersmith pair (two smoothness tests of one-word polynomials, the
 * trial division of the ~7 % that pass) about 2.7 µs, a reconstruction (half an extended Euclid on
 * two words, then the same tests) about 4.4 µs; the elimination and both descents about 4·|fb|² (10 counted, for a cold start).
 */
const PAIR_UNITS = 300;
const RECONSTRUCTION_UNITS = 450;
const ELIMINATION_UNITS_PER_FB2 = 10;

/**
 * Expected work units of one run for GF(2^n) = GF(2)[x]/(f): the relations from Coppersmith's
 * pairs (when f has the low tail they need, see coppersmithPlan) and from reconstructions, each
 * kept with the exact probability that both its sides are b-smooth, plus the elimination. Without
 * f: reconstructions only.
 */
export function gf2IndexCalculusCost(n: number, f?: bigint): number {
  const b = gf2FactorBaseDegree(n);
  const fb = factorBaseSize(b);
  let want = relationsWanted(fb), units = ELIMINATION_UNITS_PER_FB2 * fb * fb;
  const plan = f === undefined ? undefined : cachedPlan(n, f, b);
  if (plan) {
    // pairs in decreasing yield: at most the expected number to reach `want`, at most all of them
    const used = Math.min(plan.pairs.length / 2, want / plan.rate);
    units += PAIR_UNITS * used;
    want = Math.max(0, want - used * plan.rate);
  }
  const P = smoothProbabilities(b, n);
  return units + (RECONSTRUCTION_UNITS * want) / (P[(n + 1) >> 1]! * P[n >> 1]!);
}

/**
 * Index-calculus units per generic group operation: a multiplication in GF(2^61) through the
 * general extension-field arithmetic takes about 1.1 µs, one unit here about 10 ns (measured).
 */
export const GF2_IC_UNITS_PER_GROUP_OP = 100;

/** The index-calculus estimate in generic group operations (the discrete-log allowance's unit). */
export function gf2IndexCalculusGroupOps(n: number, f?: bigint): number {
  return gf2IndexCalculusCost(n, f) / GF2_IC_UNITS_PER_GROUP_OP;
}

/** Bytes the index calculus may hold at once: the relations and the dense remainder of the elimination. */
export function gf2IndexCalculusMemory(n: number): number {
  const fb = factorBaseSize(gf2FactorBaseDegree(n));
  return 2 ** 20 + 100 * fb * fb;
}

/**
 * Whether the logarithm in the subgroup of prime order r of GF(2^n)^* goes to index calculus: n in
 * [GF2_IC_MIN_DEGREE, GF2_IC_MAX_DEGREE], r ≥ 2^28 and the estimate below the 2√r of a generic search.
 */
export function gf2IndexCalculusPreferred(n: number, r: bigint, f?: bigint): boolean {
  if (n < GF2_IC_MIN_DEGREE || n > GF2_IC_MAX_DEGREE || r < 1n << 28n) return false;
  return gf2IndexCalculusGroupOps(n, f) < 2 * Math.sqrt(Number(r));
}

function factorBaseSize(b: number): number {
  let s = 0;
  for (let d = 1; d <= b; d++) s += 2 ** d / d;
  return Math.ceil(s);
}

export class Gf2IndexCalculusFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Gf2IndexCalculusFailed";
  }
}

// ───────────────────── polynomials over GF(2) of degree ≤ 31 in one number ─────────────────────

function deg32(a: number): number {
  return 31 - Math.clz32(a);
}

/** The formal derivative (odd-degree terms shifted down). */
function derivative(a: number): number {
  return ((a >>> 1) & 0x55555555) >>> 0;
}

// Four bits at a time modulo one u: RED[t] = t·x^d mod u, MUL[t] = t·c mod u (t < 16).
const RED = new Int32Array(16);
const MUL = new Int32Array(16);

/** T[t] = t·y mod u for t < 16 (y < 2^d, d = deg u ≤ 31): the four powers y·x^k, then their sums. */
function fillNibbles(T: Int32Array, y: number, u: number, d: number): void {
  for (let k = 0; k < 4; k++) {
    const bit = 1 << k;
    for (let t = 0; t < bit; t++) T[bit | t] = (y ^ T[t]!) | 0;
    y = (y << 1) >>> 0;
    if ((y >>> d) & 1) y = (y ^ u) >>> 0;
  }
}

/** RED for u of degree d (5 ≤ d ≤ 31). */
function setReduction(u: number, d: number): void {
  fillNibbles(RED, (u ^ (1 << d)) >>> 0, u, d); // starting from x^d mod u
}

/** a·c mod u with RED set for u (a, c < 2^d): Horner on the nibbles of a. */
function mulModW(a: number, c: number, u: number, d: number): number {
  fillNibbles(MUL, c, u, d);
  const mask = (2 ** d - 1) | 0, hi = d - 4;
  let r = 0;
  for (let sh = (d - 1) & ~3; sh >= 0; sh -= 4) {
    // r·x^4 + (nibble)·c: the four bits shifted past x^d come back through RED (d ≤ 31: no sign bit)
    r = ((r << 4) & mask) ^ RED[r >>> hi]! ^ MUL[(a >>> sh) & 15]!;
  }
  return r;
}

/** SPREAD[t]: the bits of the byte t moved to the even positions (squaring is linear over GF(2)). */
const SPREAD = (() => {
  const t = new Int32Array(256);
  for (let x = 0; x < 256; x++) {
    let y = 0;
    for (let i = 0; i < 8; i++) if ((x >>> i) & 1) y |= 1 << (2 * i);
    t[x] = y;
  }
  return t;
})();

/** a² mod u with RED set for u (a < 2^d): spread the bits, then reduce the low end four bits at a time. */
function sqrModW(a: number, u: number, d: number): number {
  // a² = hi·2^32 + lo, below 2^(2d−1)
  const lo = (SPREAD[a & 255]! | (SPREAD[(a >>> 8) & 255]! << 16)) >>> 0;
  const hi = (SPREAD[(a >>> 16) & 255]! | (SPREAD[(a >>> 24) & 255]! << 16)) >>> 0;
  // r = a² >> m for m ≥ d − 1 (so r < 2^d), m a multiple of 4; then the m low bits by nibbles
  const m = (d + 2) & ~3;
  let r = m === 32 ? hi : ((lo >>> m) | (hi << (32 - m))) >>> 0;
  const mask = (2 ** d - 1) | 0, top = d - 4;
  for (let sh = m - 4; sh >= 0; sh -= 4) {
    r = ((r << 4) & mask) ^ RED[r >>> top]! ^ ((lo >>> sh) & 15); // sh ≤ 28: within lo
  }
  return r;
}

/** A necessary test for b-smoothness (exact for squarefree u); trial division decides. */
function maybeSmooth(u: number, b: number): boolean {
  const d = deg32(u);
  if (d <= b) return true;
  let prod = derivative(u);
  if (prod === 0) return true;
  setReduction(u, d);
  // x^{2^i} mod u: a monomial while 2^i < d
  const half = b >> 1;
  let s = 2; // x
  let i = 1;
  for (; i <= half && 2 ** i < d; i++) s = 2 ** 2 ** i;
  for (; i <= b; i++) {
    s = sqrModW(s, u, d);
    if (i > half) {
      prod = mulModW(prod, (s ^ 2) >>> 0, u, d);
      if (prod === 0) return true;
    }
  }
  return prod === 0;
}

/** Exact quotient and remainder of a by p (a, p < 2^32). */
function divRem(a: number, p: number): { q: number; r: number } {
  const e = deg32(p);
  let r = a >>> 0, q = 0;
  for (let i = deg32(r); i >= e; i--) {
    if ((r >>> i) & 1) {
      r = (r ^ ((p << (i - e)) >>> 0)) >>> 0;
      q |= 1 << (i - e);
    }
  }
  return { q: q >>> 0, r };
}

interface FactorBase {
  polys: number[];
  degs: number[];
  /** index by polynomial value (< 2^{b+1}), −1 when not in the base */
  index: Int32Array;
  /** first index of each degree (degs ascending) */
  start: number[];
  b: number;
}

function buildFactorBase(b: number): FactorBase {
  const size = 1 << (b + 1);
  const composite = new Uint8Array(size);
  const polys: number[] = [], degs: number[] = [];
  const index = new Int32Array(size).fill(-1);
  const start: number[] = [];
  // Sieve: mark products p·m with deg ≤ b.
  for (let d = 1; d <= b; d++) {
    start[d] = polys.length;
    for (let p = 1 << d; p < 1 << (d + 1); p++) {
      if (composite[p]) continue;
      index[p] = polys.length;
      polys.push(p);
      degs.push(d);
      for (let m = 2; deg32(m) + d <= b; m++) {
        // carryless p·m
        let prod = 0;
        for (let i = 0; i <= deg32(m); i++) if ((m >>> i) & 1) prod ^= p << i;
        composite[prod] = 1;
      }
    }
  }
  start[b + 1] = polys.length;
  return { polys, degs, index, start, b };
}

/** The factorization of u over the factor base (index → exponent added to acc with sign), or false. */
function factorOver(u: number, fb: FactorBase, sign: number, acc: Map<number, number>): boolean {
  let r = u >>> 0;
  for (let d = 1; d <= fb.b; d++) {
    const dr = deg32(r);
    if (dr <= 0) return true;
    if (dr < 2 * d) {
      // r has no factor of degree < d: irreducible (or 1)
      if (dr > fb.b) return false;
      const i = fb.index[r]!;
      if (i < 0) return false;
      acc.set(i, (acc.get(i) ?? 0) + sign);
      return true;
    }
    for (let i = fb.start[d]!; i < fb.start[d + 1]!; i++) {
      const p = fb.polys[i]!;
      for (;;) {
        const { q, r: rem } = divRem(r, p);
        if (rem !== 0) break;
        r = q;
        acc.set(i, (acc.get(i) ?? 0) + sign);
      }
    }
  }
  return deg32(r) <= 0;
}

// ───────────────────── Coppersmith's relations for f = x^n + f1, f1 of low degree ─────────────────────
//
// With k = 2^e and h = ⌈n/k⌉, c = h·k − n: for u = x^h·A + B, u^k = x^{hk}·A(x^k) + B(x^k) (squaring is
// additive over GF(2)) ≡ v = x^c·f1·A(x^k) + B(x^k) (mod f), so log v = k·log u whenever both factor
// over the base. For n = 61 and f1 of degree 5 (k = 4): deg u ≤ 21 and deg v ≤ 28 instead of the
// ~30 + 31 of a reconstruction, several times the yield per candidate, and no Euclid per candidate.
// The pairs are finite (coprime A, B of bounded degree), so the reconstruction tops the relations up.

/** P(a random polynomial of degree m over GF(2) is b-smooth), m ≤ maxDeg: the counting series Π_{d ≤ b} (1 − t^d)^{−I_d}. */
function smoothProbabilities(b: number, maxDeg: number): Float64Array {
  const N = new Float64Array(maxDeg + 1);
  N[0] = 1;
  for (let d = 1; d <= b; d++) {
    // I_d irreducible polynomials of degree d (Gauss: Σ_{e | d} μ(e)·2^{d/e} / d)
    let I = 0;
    for (let e = 1; e <= d; e++) if (d % e === 0) I += moebiusSmall(e) * 2 ** (d / e);
    I /= d;
    for (let r = 0; r < I; r++) for (let m = d; m <= maxDeg; m++) N[m] += N[m - d]!;
  }
  for (let m = 0; m <= maxDeg; m++) N[m] = Math.min(1, N[m]! / 2 ** m);
  return N;
}

interface CoppersmithPlan {
  k: number;
  h: number;
  /** x^c·f1, the multiplier of A(x^k) in v */
  g: number;
  /** (A, B) pairs in order of decreasing expected yield, flat */
  pairs: Int32Array;
  /** the expected share of pairs that give a relation */
  rate: number;
}

/** The A(x^k) of A: bit i of a moved to bit k·i. */
function spread(a: number, k: number): number {
  let r = 0;
  for (let i = 0; a >>> i; i++) if ((a >>> i) & 1) r |= 1 << (k * i);
  return r >>> 0;
}

function gcd32(a: number, b: number): number {
  while (b) {
    const r = divRem(a, b).r;
    a = b;
    b = r;
  }
  return a;
}

const plans = new Map<bigint, CoppersmithPlan | undefined>();

/** coppersmithPlan, kept for the last few moduli (preflight, the cost check and the run ask for the same one). */
function cachedPlan(n: number, f: bigint, b: number): CoppersmithPlan | undefined {
  if (plans.has(f)) return plans.get(f);
  const plan = coppersmithPlan(n, f, b);
  if (plans.size >= 8) plans.delete(plans.keys().next().value!);
  plans.set(f, plan);
  return plan;
}

/**
 * The plan for f (u and v in one word, deg u < n) with the most expected relations over k = 2, 4,
 * 8, 16, or undefined when its yield per pair is below twice a reconstruction's.
 */
function coppersmithPlan(n: number, f: bigint, b: number): CoppersmithPlan | undefined {
  const low = f & ((1n << BigInt(n)) - 1n);
  if (low >= 1n << 31n) return undefined;
  const f1 = Number(low), d1 = deg32(f1);
  const P = smoothProbabilities(b, 64);
  const rrRate = P[(n + 1) >> 1]! * P[n >> 1]!;
  let best: { k: number; h: number; c: number; dA: number; dB: number; rate: number; total: number } | undefined;
  for (let k = 2; k <= 16; k *= 2) {
    const h = Math.ceil(n / k), c = h * k - n;
    const dA = Math.min(30 - h, n - 1 - h, Math.floor((31 - c - d1) / k)), dB = Math.min(h - 1, Math.floor(31 / k));
    if (dA < 0 || dB < 0) continue;
    let yieldSum = 0, pairs = 0;
    for (let i = 0; i <= dA; i++) for (let j = 0; j <= dB; j++) {
      const count = 2 ** (i + j);
      pairs += count;
      yieldSum += count * P[h + i]! * P[Math.max(c + d1 + k * i, k * j)]!;
    }
    if (!best || yieldSum > best.total) best = { k, h, c, dA, dB, rate: yieldSum / pairs, total: yieldSum };
  }
  if (!best || best.rate < 2 * rrRate) return undefined;
  const { k, h, c, dA, dB } = best;
  const cells: { i: number; j: number; p: number }[] = [];
  for (let i = 0; i <= dA; i++) for (let j = 0; j <= dB; j++) cells.push({ i, j, p: P[h + i]! * P[Math.max(c + d1 + k * i, k * j)]! });
  cells.sort((x, y) => y.p - x.p);
  const out: number[] = [];
  for (const { i, j } of cells) {
    for (let A = 1 << i; A < 2 << i; A++) {
      for (let B = j === 0 ? 0 : 1 << j; B < 2 << j; B++) {
        if (B === 0 ? A !== 1 : gcd32(A, B) !== 1) continue;
        out.push(A, B);
      }
    }
  }
  return { k, h, g: (f1 << c) >>> 0, pairs: Int32Array.from(out), rate: best.rate };
}

// ───────────────────────── GF(2^n) in two 32-bit words ─────────────────────────

interface Words {
  hi: number;
  lo: number;
}

// the product of a carry-less multiplication: T2·2^64 + T1·2^32 + T0
let T0 = 0, T1 = 0, T2 = 0;

/** T = (hi·2^32 + lo)·p over GF(2), p < 2^12. */
function clmul(hi: number, lo: number, p: number): void {
  let t0 = 0, t1 = 0, t2 = 0;
  if (p & 1) {
    t0 = lo;
    t1 = hi;
  }
  for (let i = 1; p >>> i; i++) {
    if (!((p >>> i) & 1)) continue;
    t0 ^= lo << i;
    t1 ^= (lo >>> (32 - i)) | (hi << i);
    t2 ^= hi >>> (32 - i);
  }
  T0 = t0 >>> 0;
  T1 = t1 >>> 0;
  T2 = t2 >>> 0;
}

class Gf2n {
  readonly low: bigint;
  readonly hiF: number;
  readonly loF: number;
  /** f − x^n as two words */
  readonly lowHi: number;
  readonly lowLo: number;
  constructor(readonly n: number, readonly f: bigint) {
    this.low = f & ((1n << BigInt(n)) - 1n);
    this.hiF = Number(f >> 32n);
    this.loF = Number(f & 0xffffffffn);
    this.lowHi = Number(this.low >> 32n);
    this.lowLo = Number(this.low & 0xffffffffn);
  }
  /** out = (hi·2^32 + lo)·p mod f, for hi·2^32 + lo of degree < n and p of degree ≤ 11. */
  mulSmall(hi: number, lo: number, p: number, out: Words): void {
    clmul(hi, lo, p);
    const n = this.n, w = n >>> 5, s = n & 31;
    for (;;) {
      // h = T >> n (degree ≤ 10), then T mod x^n
      const a = w === 0 ? T0 : w === 1 ? T1 : T2, c = w === 0 ? T1 : w === 1 ? T2 : 0;
      const h = s === 0 ? a : ((a >>> s) | (c << (32 - s))) >>> 0;
      if (h === 0) break;
      if (n >= 32) {
        T1 = (T1 & (2 ** (n - 32) - 1)) >>> 0;
        T2 = 0;
      } else {
        T0 = (T0 & (2 ** n - 1)) >>> 0;
        T1 = T2 = 0;
      }
      const s0 = T0, s1 = T1;
      clmul(this.lowHi, this.lowLo, h);
      T0 = (T0 ^ s0) >>> 0;
      T1 = (T1 ^ s1) >>> 0;
    }
    out.hi = T1;
    out.lo = T0;
  }

  /**
   * w ≡ u / v with deg u < ⌈n/2⌉ and deg v ≤ ⌊n/2⌋: Euclid on (f, w) stopped halfway, two words per
   * remainder; the cofactor of w stays below 2^32.
   */
  reconstruct(w: Words, out: { u: number; v: number }): void {
    const half = (this.n + 1) >> 1;
    let ah = this.hiF >>> 0, al = this.loF >>> 0, ta = 0;
    let bh = w.hi, bl = w.lo, tb = 1;
    let da = this.n, db = bh ? 63 - Math.clz32(bh) : 31 - Math.clz32(bl);
    while (db >= half) {
      while (da >= db) {
        const s = da - db;
        let sh: number, sl: number;
        if (s === 0) {
          sh = bh;
          sl = bl;
        } else if (s < 32) {
          sh = ((bh << s) | (bl >>> (32 - s))) >>> 0;
          sl = (bl << s) >>> 0;
        } else {
          sh = (bl << (s - 32)) >>> 0;
          sl = 0;
        }
        ah = (ah ^ sh) >>> 0;
        al = (al ^ sl) >>> 0;
        ta = (ta ^ (tb << s)) >>> 0;
        da = ah ? 63 - Math.clz32(ah) : 31 - Math.clz32(al);
      }
      let x = ah;
      ah = bh;
      bh = x;
      x = al;
      al = bl;
      bl = x;
      x = ta;
      ta = tb;
      tb = x;
      x = da;
      da = db;
      db = x;
    }
    out.u = bl;
    out.v = tb;
  }
}

export interface Gf2IndexCalculusOptions {
  checkpoint?: () => void;
  seed?: number;
  /** Work allowance in units (PAIR_UNITS per Coppersmith pair, RECONSTRUCTION_UNITS per reconstruction or descent step); default 40× the estimate. */
  maxUnits?: number;
  /** Sees every relation (factor-base polynomials as bit patterns, exponents) before the elimination; tests check them. */
  onRelations?: (polys: readonly number[], relations: readonly Relation[], candidates: number) => void;
}

/**
 * log_gamma(t) mod ℓ in GF(2^n) = GF(2)[x]/(f), gamma of order ℓ (prime), t in ⟨gamma⟩; both
 * as bigints of polynomial bits. The answer is not verified here (the caller checks gamma^x = t).
 */
export function gf2PrimeOrderLog(n: number, f: bigint, gamma: bigint, t: bigint, ell: bigint, opts: Gf2IndexCalculusOptions = {}): bigint {
  if (n < GF2_IC_MIN_DEGREE || n > GF2_IC_MAX_DEGREE) throw new RangeError(`gf2PrimeOrderLog: n = ${n} outside ${GF2_IC_MIN_DEGREE}..${GF2_IC_MAX_DEGREE}`);
  const checkpoint = opts.checkpoint ?? noop;
  const rng = new SeededRandom(opts.seed ?? 1);
  const F = new Gf2n(n, f);
  const b = gf2FactorBaseDegree(n);
  const fb = buildFactorBase(b);
  const nfb = fb.polys.length;
  const budget = { left: opts.maxUnits ?? 40 * gf2IndexCalculusCost(n, f) };
  const spend = (u: number): void => {
    budget.left -= u;
    if (budget.left < 0) throw new IndexCalculusExhausted();
  };
  const rec = { u: 0, v: 0 };
  const relations: Relation[] = [];
  const acc = new Map<number, number>();
  let candidates = 0;
  // z is multiplied by each factor-base element of degree ≥ b − 1 in turn (a small one often keeps
  // z's own reconstruction and repeats its relation), then replaced; repeated rows are dropped
  const lo = fb.start[Math.max(1, b - 1)]!;
  let next = lo;
  const seen = new Set<string>();
  const z: Words = { hi: 0, lo: 1 }, w: Words = { hi: 0, lo: 0 };
  const zExp = new Map<number, number>();
  const newZ = (): void => {
    zExp.clear();
    z.hi = 0;
    z.lo = 1;
    let dsum = 0;
    while (dsum < n + 8) {
      const i = rng.below(nfb);
      F.mulSmall(z.hi, z.lo, fb.polys[i]!, z);
      zExp.set(i, (zExp.get(i) ?? 0) + 1);
      dsum += fb.degs[i]!;
    }
  };
  newZ();
  const plan = cachedPlan(n, f, b);
  let pair = 0;
  const addRelation = (): void => {
    const cols: number[] = [], coefs: number[] = [];
    for (const [i, e] of [...acc].sort((x, y) => x[0] - y[0])) if (e !== 0) {
      cols.push(i);
      coefs.push(e);
    }
    if (!cols.length) return;
    const key = `${cols.join(",")}/${coefs.join(",")}`;
    if (seen.has(key)) return;
    seen.add(key);
    relations.push({ cols: Int32Array.from(cols), coefs: Int32Array.from(coefs) });
  };
  const collect = (want: number): void => {
    // Coppersmith's pairs first (cheaper and likelier), then reconstructions
    while (plan && pair < plan.pairs.length && relations.length < want) {
      if ((++candidates & 255) === 0) {
        checkpoint();
        spend(256 * PAIR_UNITS);
      }
      const A = plan.pairs[pair++]!, B = plan.pairs[pair++]!;
      const u = ((A << plan.h) | B) >>> 0;
      let v = spread(B, plan.k);
      for (let i = 0, sa = spread(A, plan.k); sa >>> i; i++) if ((sa >>> i) & 1) v ^= plan.g << i;
      v >>>= 0;
      if (!maybeSmooth(v, b) || !maybeSmooth(u, b)) continue;
      acc.clear();
      if (!factorOver(v, fb, 1, acc) || !factorOver(u, fb, -plan.k, acc)) continue;
      addRelation();
    }
    while (relations.length < want) {
      if ((++candidates & 255) === 0) {
        checkpoint();
        spend(256 * RECONSTRUCTION_UNITS);
      }
      if (next === nfb) {
        newZ();
        next = lo;
      }
      const j = next++;
      F.mulSmall(z.hi, z.lo, fb.polys[j]!, w);
      F.reconstruct(w, rec);
      if (!maybeSmooth(rec.u, b) || !maybeSmooth(rec.v, b)) continue;
      acc.clear();
      if (!factorOver(rec.u, fb, 1, acc) || !factorOver(rec.v, fb, -1, acc)) continue;
      // u − v − z − p = 0
      for (const [i, e] of zExp) acc.set(i, (acc.get(i) ?? 0) - e);
      acc.set(j, (acc.get(j) ?? 0) - 1);
      addRelation();
    }
  };
  // a few relations depend on others (and some elements never occur): collect more until the kernel is one-dimensional
  let solved: ReturnType<typeof solveKernel>;
  const meter = { left: Infinity };
  for (let round = 0; ; round++) {
    collect(relationsWanted(nfb) + round * Math.max(20, Math.ceil(nfb / 10)));
    opts.onRelations?.(fb.polys, relations, candidates);
    meter.left = budget.left * 50;
    solved = solveKernel(relations, nfb, nfb, ell, meter, checkpoint, 32);
    if (solved) break;
    if (round === 4) throw new Gf2IndexCalculusFailed("the relations did not determine the factor-base logarithms");
  }
  const L = solved.values;
  const known: number[] = [];
  for (let i = 0; i < nfb; i++) if (L[i] !== undefined) known.push(i);
  if (known.length < 8) throw new Gf2IndexCalculusFailed("too few factor-base logarithms determined");

  // known elements of degree ≥ b − 1 where there are enough (multiplying by a small one often keeps the reconstruction)
  const big = known.filter((i) => fb.degs[i]! >= b - 1);
  const steps = big.length >= 16 ? big : known;
  const descend = (x: bigint): bigint => {
    // a random walk w = x·Π p_r over known elements, carrying Σ L(p_r)
    w.hi = Number(x >> 32n);
    w.lo = Number(x & 0xffffffffn);
    let sw = 0n;
    for (let attempt = 0; attempt < 1 << 22; attempt++) {
      if ((attempt & 255) === 255) {
        checkpoint();
        spend(256 * RECONSTRUCTION_UNITS);
      }
      const r = steps[rng.below(steps.length)]!;
      F.mulSmall(w.hi, w.lo, fb.polys[r]!, w);
      sw += L[r]!;
      F.reconstruct(w, rec);
      if (!maybeSmooth(rec.u, b) || !maybeSmooth(rec.v, b)) continue;
      acc.clear();
      if (!factorOver(rec.u, fb, 1, acc) || !factorOver(rec.v, fb, -1, acc)) continue;
      let s = 0n, ok = true;
      for (const [i, e] of acc) {
        const li = L[i];
        if (li === undefined) {
          ok = false;
          break;
        }
        s += BigInt(e) * li;
      }
      if (!ok) continue;
      s -= sw;
      return ((s % ell) + ell) % ell;
    }
    throw new Gf2IndexCalculusFailed("descent found no smooth representation");
  };
  const lg = descend(gamma);
  const lt = descend(t);
  const inv = modInverse(lg, ell);
  if (inv === undefined || lg === 0n) throw new Gf2IndexCalculusFailed("the base's logarithm vanished modulo ℓ");
  return (lt * inv) % ell;
}
