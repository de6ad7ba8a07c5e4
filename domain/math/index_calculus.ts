/**
 * Index calculus in prime fields: logarithms in a subgroup of prime order q of F_p^* (q | p − 1, q
 * odd) in subexponential time, where the √q steps of baby-step giant-step or rho are too many.
 *
 * 1. Relations (the linear sieve of Coppersmith, Odlyzko and Schroeppel): with H = ⌈√p⌉,
 *    (H + c1)(H + c2) − p = (H + c2)·c1 + (H(H + c2) − p) is about (c1 + c2)·√p, far smaller than a
 *    residue of size p, and linear in c1 for fixed c2, so its smooth values can be sieved. A smooth
 *    value gives log(H + c1) + log(H + c2) ≡ Σ e·log ℓ (mod p − 1), homogeneous in the unknowns
 *    log ℓ (primes ℓ < B) and log(H + c). A value with one prime above B (a large prime, below
 *    the bound L) is kept with that prime as one more unknown; the elimination below combines such
 *    relations or drops them. The sieve runs c2 = 0, 1, 2, … (c1 ≤ c2) until there are enough
 *    relations, so the width adapts to p.
 * 2. Linear algebra modulo q: the true logarithms (to any generator, reduced mod q) span the kernel
 *    once the relations have rank one less than the unknowns. Structured Gaussian elimination runs
 *    on small integers (row_i ← c_r·row_i − c_i·row_r, exact in double precision; scaling a row by a
 *    non-zero integer below q is invertible modulo the prime q): columns of weight one go with their
 *    row, excess rows are pruned (heaviest first), light columns are merged away. What is left is
 *    eliminated densely modulo q (bigint); a one-dimensional kernel gives a vector λ·log, and the
 *    eliminated columns are recovered by back-substitution, in reverse order of elimination. A
 *    column whose only remaining equation also holds an undetermined one stays unknown.
 * 3. Individual logarithms: y = β·γ^s (s from a seeded PRNG, then consecutive) is written as
 *    y ≡ a/b (mod p) with |a|, |b| < √p by half an extended Euclid; when a and b are both smooth
 *    over primes of known logarithm, L(β) = L(a) − L(b) − s·L(γ). Signs drop out: log(−1) =
 *    (p − 1)/2 ≡ 0 (mod q). Then log_γ β = L(β)/L(γ) mod q, whatever the scale λ.
 *
 * Every answer is checked (γ^y ≡ β) before it is returned; a wrong kernel (rank too low) shows up
 * there or as L(γ) ≡ 0, and more relations are collected. Work is charged to a meter in units of one
 * modular multiplication modulo p; all randomness comes from a seeded PRNG, so runs are reproducible.
 * The sieve values stay below 2^53 (exact in double precision) for p below INDEX_CALCULUS_MAX_BITS.
 */
import { bitLength, isqrt, mod, modInverse, modPow } from "./integer.js";
import { basePrimes } from "./primes.js";
import { SeededRandom } from "./seeded-random.js";

/** Largest p (in bits) handled: sieve values (H + c)² − p stay far below 2^53. */
export const INDEX_CALCULUS_MAX_BITS = 80;
/** Smallest subgroup order handled: every integer coefficient of the elimination (< 2^26) is then a unit mod q. */
export const INDEX_CALCULUS_MIN_ORDER = 1n << 27n;

export interface IndexCalculusParams {
  /** Factor base: the primes below this bound. */
  smoothBound: number;
  /** Large primes: one prime factor in [B, this) is allowed per relation. */
  largePrimeBound: number;
  /** The sieve stops at this width (c2 < maxWidth) whatever the yield. */
  maxWidth: number;
  /** Relations collected beyond the number of unknowns seen, as a fraction of them. */
  excess: number;
}

/** Parameters by the size of p, tuned on 12–24-digit safe primes. */
export function indexCalculusParams(bits: number): IndexCalculusParams {
  // B grows like exp(½·√(ln p · ln ln p)); the table is what measured fastest.
  const B = bits <= 36 ? 200 : bits <= 44 ? 400 : bits <= 52 ? 700 : bits <= 60 ? 1200 : bits <= 68 ? 2000 : bits <= 74 ? 3000 : 4500;
  return { smoothBound: B, largePrimeBound: 40 * B, maxWidth: 60_000, excess: 0.05 };
}

export interface IndexCalculusMeter {
  /** Units left (one unit ≈ one multiplication modulo p); the work stops with IndexCalculusExhausted below 0. */
  left: number;
}

export class IndexCalculusExhausted extends Error {
  constructor() {
    super("index calculus ran out of its work allowance");
    this.name = "IndexCalculusExhausted";
  }
}

export class IndexCalculusFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IndexCalculusFailed";
  }
}

export interface IndexCalculusOptions {
  meter?: IndexCalculusMeter;
  checkpoint?: () => void;
  params?: Partial<IndexCalculusParams>;
  /** Statistics for tuning. */
  onStats?: (s: IndexCalculusStats) => void;
}

export interface IndexCalculusStats {
  factorBase: number;
  width: number;
  full: number;
  partial: number;
  relations: number;
  columns: number;
  denseRows: number;
  denseColumns: number;
  sieveMs: number;
  algebraMs: number;
}

/** Sieve cells per unit, elimination steps per unit (measured against bigint multiplications modulo a 2-limb p). */
const CELLS_PER_UNIT = 40;

/**
 * Expected units of one index-calculus run for a prime of `bits` bits (relations, elimination and two
 * individual logarithms), from measurements with a margin; used by the callers' cost models.
 */
export function indexCalculusCost(bits: number): number {
  // Measured run time grows by about ×1.6 per 4 bits from 40 to 76 bits; a unit is ~0.15 µs.
  const b = Math.max(32, bits);
  return 2e5 * 1.6 ** ((b - 40) / 4);
}

/** Index calculus for one prime p: relations are shared by all subgroup orders q, the factor-base logs are kept per q. */
export class PrimeFieldIndexCalculus {
  private readonly params: IndexCalculusParams;
  private readonly meter: IndexCalculusMeter;
  private readonly checkpoint: () => void;
  private sieve: LinearSieve | undefined;
  private readonly logs = new Map<bigint, FactorBaseLogs>();
  private readonly known = new Map<string, bigint>();
  private readonly rng: SeededRandom;
  private readonly sqrtP: bigint;

  constructor(readonly p: bigint, private readonly opts: IndexCalculusOptions = {}) {
    const bits = bitLength(p);
    if (bits > INDEX_CALCULUS_MAX_BITS) throw new RangeError(`index calculus: p has ${bits} bits, above ${INDEX_CALCULUS_MAX_BITS}`);
    this.params = { ...indexCalculusParams(bits), ...opts.params };
    this.meter = opts.meter ?? { left: Infinity };
    this.checkpoint = opts.checkpoint ?? (() => {});
    this.rng = SeededRandom.forInteger(p, "index-calculus");
    this.sqrtP = isqrt(p);
  }

  /**
   * y in [0, q) with γ^y ≡ β (mod p), for γ of prime order q (q | p − 1, q odd, q ≥ 2^27) and β in
   * the subgroup generated by γ. The answer is verified before it is returned.
   */
  log(gamma: bigint, beta: bigint, q: bigint): bigint {
    const p = this.p;
    gamma = mod(gamma, p);
    beta = mod(beta, p);
    if (q < INDEX_CALCULUS_MIN_ORDER || (p - 1n) % q !== 0n || q % 2n === 0n) throw new RangeError("index calculus: q must be an odd prime factor of p − 1, at least 2^27");
    if (beta === 1n) return 0n;
    for (let attempt = 0; attempt < 6; attempt++) {
      const fb = this.factorBaseLogs(q, attempt);
      if (!fb) continue;
      const lg = this.logOf(gamma, gamma, q, fb);
      if (lg === 0n) {
        this.discard(q);
        continue;
      }
      const lb = this.logOf(beta, gamma, q, fb);
      const y = mod(lb * modInverse(lg, q)!, q);
      if (modPow(gamma, y, p) === beta) return y;
      this.discard(q);
    }
    throw new IndexCalculusFailed(`index calculus modulo ${p}: no consistent logarithms for the subgroup of order ${q}`);
  }

  private discard(q: bigint): void {
    this.logs.delete(q);
    for (const k of [...this.known.keys()]) if (k.startsWith(`${q}:`)) this.known.delete(k);
  }

  /** The factor-base logarithms modulo q (to an unknown common scale), from enough relations. */
  private factorBaseLogs(q: bigint, attempt: number): FactorBaseLogs | undefined {
    const have = this.logs.get(q);
    if (have) return have;
    const t0 = Date.now();
    this.sieve ??= new LinearSieve(this.p, this.params, this.meter, this.checkpoint);
    const s = this.sieve;
    s.collect(this.params.excess + 0.1 * attempt, attempt === 0 ? 0 : Math.ceil(s.relations.length * 0.15));
    const t1 = Date.now();
    const solved = solveKernel(s.relations, s.columns, q, this.meter, this.checkpoint);
    const t2 = Date.now();
    this.opts.onStats?.({
      factorBase: s.fb.length,
      width: s.width,
      full: s.full,
      partial: s.partial,
      relations: s.relations.length,
      columns: s.columns,
      denseRows: solved?.denseRows ?? 0,
      denseColumns: solved?.denseColumns ?? 0,
      sieveMs: t1 - t0,
      algebraMs: t2 - t1,
    });
    if (!solved) return undefined;
    const values: (bigint | undefined)[] = [];
    for (let i = 0; i < s.fb.length; i++) values.push(solved.values[i]);
    const fb: FactorBaseLogs = { primes: s.fb, values };
    this.logs.set(q, fb);
    return fb;
  }

  /**
   * L(x) for the current scale: y = x·γ^s ≡ a/b (mod p) with a, b smooth over primes of known L
   * gives L(x) = L(a) − L(b) − s·L(γ); for x = γ, L(γ) = (L(a) − L(b))/(1 + s).
   */
  private logOf(x: bigint, gamma: bigint, q: bigint, fb: FactorBaseLogs): bigint {
    const key = `${q}:${x}`;
    const cached = this.known.get(key);
    if (cached !== undefined) return cached;
    const p = this.p;
    const self = x === gamma;
    const lg = self ? 0n : this.logOf(gamma, gamma, q, fb);
    let s = BigInt(this.rng.nextU32()) * 4294967296n + BigInt(this.rng.nextU32());
    s %= q;
    let y = (x * modPow(gamma, s, p)) % p;
    const maxTries = 1_000_000;
    for (let i = 0; i < maxTries; i++, s++, y = (y * gamma) % p) {
      if ((i & 255) === 255) {
        this.checkpoint();
        this.meter.left -= 256 * 6;
        if (this.meter.left < 0) throw new IndexCalculusExhausted();
      }
      if (self && (s + 1n) % q === 0n) continue;
      const ly = this.smoothLog(y, fb, q);
      if (ly === undefined) continue;
      const lx = self ? mod(ly * modInverse(s + 1n, q)!, q) : mod(ly - s * lg, q);
      this.known.set(key, lx);
      return lx;
    }
    throw new IndexCalculusFailed(`index calculus modulo ${p}: no smooth representation found`);
  }

  /** L(y) when y ≡ a/b (mod p) with |a|, |b| ≤ √p both smooth over primes of known L; else undefined. */
  private smoothLog(y: bigint, fb: FactorBaseLogs, q: bigint): bigint | undefined {
    // Half an extended Euclid on (p, y): r = t·y (mod p); stop at the first r ≤ √p (then |t| < p/r_prev ≤ √p·…).
    let r0 = this.p, r1 = y, t0 = 0n, t1 = 1n;
    const bound = this.sqrtP;
    while (r1 > bound) {
      const k = r0 / r1;
      const r2 = r0 - k * r1;
      r0 = r1;
      r1 = r2;
      const t2 = t0 - k * t1;
      t0 = t1;
      t1 = t2;
    }
    if (r1 === 0n) return undefined;
    const la = smoothPart(Number(r1), fb, q, 1n);
    if (la === undefined) return undefined;
    const lb = smoothPart(Number(t1 < 0n ? -t1 : t1), fb, q, 1n);
    if (lb === undefined) return undefined;
    return mod(la - lb, q);
  }
}

interface FactorBaseLogs {
  primes: Uint32Array;
  /** L(ℓ) mod q for the i-th prime, or undefined when the relations do not determine it. */
  values: (bigint | undefined)[];
}

/** Σ e·L(ℓ) when n (< 2^52) is smooth over primes of known L, else undefined. */
function smoothPart(n: number, fb: FactorBaseLogs, q: bigint, _unused: bigint): bigint | undefined {
  let acc = 0n;
  const primes = fb.primes;
  for (let i = 0; i < primes.length && n > 1; i++) {
    const l = primes[i]!;
    if (l * l > n) {
      // n is prime now
      const j = indexOfPrime(primes, n);
      if (j < 0) return undefined;
      const v = fb.values[j];
      if (v === undefined) return undefined;
      return mod(acc + v, q);
    }
    let e = 0;
    // Exact divisibility test in double precision (n < 2^52): n/l is an integer iff l | n.
    for (let d = n / l; Math.floor(d) === d; d = n / l) {
      n = d;
      e++;
    }
    if (e > 0) {
      const v = fb.values[i];
      if (v === undefined) return undefined;
      acc += BigInt(e) * v;
    }
  }
  return n === 1 ? mod(acc, q) : undefined;
}

function indexOfPrime(primes: Uint32Array, n: number): number {
  let lo = 0, hi = primes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = primes[mid]!;
    if (v === n) return mid;
    if (v < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

// ───────────────────────── relations: the linear sieve ─────────────────────────

/** One relation Σ coef·log(col) ≡ 0 (mod p − 1). */
export interface Relation {
  cols: Int32Array;
  coefs: Int32Array;
}

/** Rows sieved per root computation (batch inversion over the chunk). */
const CHUNK = 256;
/** Sieve logarithms are stored as round(LOG_SCALE·log2). */
const LOG_SCALE = 2;

class LinearSieve {
  readonly fb: Uint32Array;
  readonly relations: Relation[] = [];
  /** Column ids: primes 0..nfb−1, then H + c at nfb + c, then large primes from nfb + maxWidth on. */
  columns = 0;
  width = 0;
  readonly maxWidth: number;
  full = 0;
  partial = 0;
  private readonly H: bigint;
  private readonly Hn: number;
  private readonly Jn: number;
  /** Prime powers sieved: modulus, the prime's factor-base index, the rounded log. */
  private readonly ppMod: Int32Array;
  private readonly ppPrime: Int32Array;
  private readonly ppLog: Uint8Array;
  private readonly ppH: Int32Array;
  private readonly ppP: Int32Array;
  /** ppOfPrime[i]: the index of the prime power ℓ_i^1. */
  private readonly ppOfPrime: Int32Array;
  private readonly roots: Int32Array;
  private rootsFrom = -1;
  private readonly sieveArr: Uint8Array;
  private readonly largePrimes = new Map<number, { col: number; count: number }>();
  private readonly seenCol: Uint8Array;
  private seenCount = 0;
  private readonly slack: number;

  constructor(readonly p: bigint, private readonly params: IndexCalculusParams, private readonly meter: IndexCalculusMeter, private readonly checkpoint: () => void) {
    const B = params.smoothBound;
    this.fb = basePrimes(B - 1).slice();
    let H = isqrt(p);
    if (H * H < p) H += 1n;
    this.H = H;
    this.Hn = Number(H);
    this.Jn = Number(H * H - p);
    // Sieve values below (H + W)² − p ≈ 2HW must stay below 2^53 (exact in double precision).
    const W = Math.min(params.maxWidth, Math.floor(2 ** 51 / this.Hn));
    if (W < 1024) throw new RangeError("index calculus: p too large for double-precision sieve values");
    this.maxWidth = W;
    const mods: number[] = [], primeIdx: number[] = [], logs: number[] = [];
    const ppOfPrime = new Int32Array(this.fb.length);
    for (let i = 0; i < this.fb.length; i++) {
      const l = this.fb[i]!;
      const lg = Math.max(1, Math.round(LOG_SCALE * Math.log2(l)));
      ppOfPrime[i] = mods.length;
      for (let m = l; m < B; m *= l) {
        mods.push(m);
        primeIdx.push(i);
        logs.push(lg);
      }
    }
    this.ppOfPrime = ppOfPrime;
    this.ppMod = Int32Array.from(mods);
    this.ppPrime = Int32Array.from(primeIdx);
    this.ppLog = Uint8Array.from(logs);
    this.ppH = Int32Array.from(mods, (m) => Number(H % BigInt(m)));
    this.ppP = Int32Array.from(mods, (m) => Number(p % BigInt(m)));
    this.roots = new Int32Array(mods.length * CHUNK);
    this.sieveArr = new Uint8Array(W + 64);
    this.seenCol = new Uint8Array(this.fb.length + W);
    // Rounding (≤ ½ per prime-power hit) and powers ℓ^k ≥ B not sieved; large primes need log2 L more.
    this.slack = Math.round(LOG_SCALE * (Math.log2(params.largePrimeBound) + 2));
  }

  /** Net relations: full ones plus, per large prime, its relations minus one. */
  private netRelations(): number {
    let lpCols = 0;
    for (const v of this.largePrimes.values()) if (v.count >= 2) lpCols++;
    let lpRels = 0;
    for (const v of this.largePrimes.values()) if (v.count >= 2) lpRels += v.count;
    return this.full + lpRels - lpCols;
  }

  /** Sieve further rows until the net relations exceed the unknowns seen by `excess` (a fraction) and `extra` more. */
  collect(excess: number, extra: number): void {
    const target = () => Math.ceil(this.seenCount * (1 + excess)) + 30 + extra;
    const start = this.netRelations();
    while (this.width < this.maxWidth && (this.netRelations() < target() || this.netRelations() - start < extra)) {
      this.sieveRow(this.width);
      this.width++;
    }
    if (this.netRelations() < target()) throw new IndexCalculusFailed(`index calculus modulo ${this.p}: too few relations within the sieve width`);
  }

  private see(col: number): void {
    if (col < this.seenCol.length) {
      if (!this.seenCol[col]) {
        this.seenCol[col] = 1;
        this.seenCount++;
      }
    }
  }

  /** Roots c1 of (H + c1)(H + k) ≡ p (mod ℓ^j) for the rows k of the chunk: c1 ≡ p·(H + k)^−1 − H, by batch inversion. */
  private computeRoots(k0: number): void {
    const n = this.ppMod.length;
    const prefix = new Float64Array(CHUNK);
    for (let t = 0; t < n; t++) {
      const m = this.ppMod[t]!, l = this.fb[this.ppPrime[t]!]!;
      const hm = this.ppH[t]!, pm = this.ppP[t]!;
      const base = t * CHUNK;
      // prefix products of the units among x_i = H + k0 + i (mod m)
      let acc = 1;
      let x = (hm + (k0 % m)) % m;
      for (let i = 0; i < CHUNK; i++) {
        if (x % l !== 0) {
          prefix[i] = acc;
          acc = (acc * x) % m;
        } else prefix[i] = -1;
        x = x + 1 === m ? 0 : x + 1;
      }
      let inv = invMod(acc, m);
      // walk back: x_i^-1 = inv(prefix_{i+1}) · prefix_i
      x = (hm + ((k0 + CHUNK - 1) % m)) % m;
      for (let i = CHUNK - 1; i >= 0; i--) {
        const pre = prefix[i]!;
        if (pre < 0) this.roots[base + i] = -1;
        else {
          const xi = (inv * pre) % m;
          inv = (inv * x) % m;
          let r = ((pm * xi) % m) - hm;
          if (r < 0) r += m;
          this.roots[base + i] = r;
        }
        x = x === 0 ? m - 1 : x - 1;
      }
    }
    this.rootsFrom = k0;
    this.meter.left -= (n * CHUNK * 6) / CELLS_PER_UNIT;
  }

  /** Row k: c1 = 0..k, value (H + k)·c1 + (H(H + k) − p). */
  private sieveRow(k: number): void {
    if (this.rootsFrom < 0 || k >= this.rootsFrom + CHUNK) {
      this.checkpoint();
      if (this.meter.left < 0) throw new IndexCalculusExhausted();
      this.computeRoots(k);
    }
    const ci = k - this.rootsFrom;
    const len = k + 1;
    const sv = this.sieveArr;
    sv.fill(0, 0, len);
    const n = this.ppMod.length;
    const roots = this.roots;
    for (let t = 0; t < n; t++) {
      const r = roots[t * CHUNK + ci]!;
      if (r < 0) continue;
      const m = this.ppMod[t]!, lg = this.ppLog[t]!;
      for (let c = r; c < len; c += m) sv[c] += lg;
    }
    const slope = this.Hn + k;
    const intercept = this.Jn + k * this.Hn;
    this.meter.left -= (len + n) / CELLS_PER_UNIT;
    for (let b = 0; b < len; b += 64) {
      const thr = Math.round(LOG_SCALE * Math.log2(slope * b + intercept)) - this.slack;
      const end = Math.min(len, b + 64);
      for (let c = b; c < end; c++) if (sv[c]! >= thr) this.candidate(c, k, slope * c + intercept, ci);
    }
  }

  private candidate(c1: number, k: number, value: number, ci: number): void {
    const fb = this.fb, roots = this.roots;
    const cols: number[] = [], coefs: number[] = [];
    let v = value;
    for (let i = 0; i < fb.length; i++) {
      const r = roots[this.ppOfPrime[i]! * CHUNK + ci]!;
      const l = fb[i]!;
      if (r < 0 || (c1 - r) % l !== 0) continue;
      let e = 0;
      for (let d = v / l; Math.floor(d) === d; d = v / l) {
        v = d;
        e++;
      }
      if (e > 0) {
        cols.push(i);
        coefs.push(-e);
      }
    }
    let lpCol = -1;
    if (v !== 1) {
      if (v >= this.params.largePrimeBound) return;
      // v < L ≤ B² after removing every prime below B: v is prime.
      let e = this.largePrimes.get(v);
      if (!e) {
        e = { col: this.fb.length + this.maxWidth + this.largePrimes.size, count: 0 };
        this.largePrimes.set(v, e);
      }
      e.count++;
      lpCol = e.col;
      this.partial++;
    } else this.full++;
    const nfb = this.fb.length;
    if (c1 === k) {
      cols.push(nfb + k);
      coefs.push(2);
    } else {
      cols.push(nfb + c1, nfb + k);
      coefs.push(1, 1);
    }
    if (lpCol >= 0) {
      cols.push(lpCol);
      coefs.push(-1);
    }
    for (const c of cols) this.see(c);
    this.relations.push({ cols: Int32Array.from(cols), coefs: Int32Array.from(coefs) });
    this.columns = Math.max(this.columns, lpCol + 1, nfb + k + 1);
  }
}

/** a^−1 mod m for gcd(a, m) = 1, m < 2^26. */
function invMod(a: number, m: number): number {
  let r0 = m, r1 = a % m, t0 = 0, t1 = 1;
  while (r1 !== 0) {
    const k = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - k * r1];
    [t0, t1] = [t1, t0 - k * t1];
  }
  if (r0 !== 1) throw new Error("invMod: not a unit");
  return t0 < 0 ? t0 + m : t0;
}

// ───────────────────────── linear algebra modulo q ─────────────────────────

/** Integer coefficients of the structured elimination stay below this (products below 2^51). */
const COEF_LIMIT = 1 << 25;
/** Merging stops at columns heavier than this. */
const MAX_MERGE_WEIGHT = Number(process.env.IC_MW ?? 40);
/** Rows kept beyond the active columns when pruning. */
const PRUNE_EXCESS = 24;

interface SolvedKernel {
  /** λ·log(col) mod q, or undefined when the relations do not determine it. */
  values: (bigint | undefined)[];
  denseRows: number;
  denseColumns: number;
}

interface Pivot {
  col: number;
  cols: number[];
  coefs: number[];
}

/**
 * A non-zero vector v with Σ coef·v[col] ≡ 0 (mod q) for every relation, unique up to scale on the
 * columns it determines; undefined when what is left after the structured elimination has a kernel
 * of dimension ≠ 1.
 */
export function solveKernel(relations: readonly Relation[], totalCols: number, q: bigint, meter: IndexCalculusMeter, checkpoint: () => void): SolvedKernel | undefined {
  // Columns renumbered densely (the relation ids leave gaps), in order of first use.
  const colId = new Int32Array(totalCols).fill(-1);
  const original: number[] = [];
  for (const r of relations) {
    for (const c of r.cols) {
      if (colId[c]! < 0) {
        colId[c] = original.length;
        original.push(c);
      }
    }
  }
  const ncols = original.length;
  const se = new StructuredElimination(ncols);
  for (const r of relations) {
    const idx = Array.from(r.cols.keys()).sort((x, y) => colId[r.cols[x]!]! - colId[r.cols[y]!]!);
    se.addRow(
      idx.map((i) => colId[r.cols[i]!]!),
      idx.map((i) => r.coefs[i]!),
    );
  }
  se.clearSingletons();
  se.prune(PRUNE_EXCESS, checkpoint);
  se.merge(MAX_MERGE_WEIGHT, checkpoint);
  meter.left -= se.ops / CELLS_PER_UNIT;
  checkpoint();
  if (process.env.IC_DEBUG) console.log("sge", { ncols, pivots: se.pivots.length, ops: se.ops });

  // Dense elimination modulo q on what is left.
  const dcols: number[] = [];
  const dindex = new Int32Array(ncols).fill(-1);
  for (let c = 0; c < ncols; c++) {
    if (!se.done[c] && se.weight[c]! > 0) {
      dindex[c] = dcols.length;
      dcols.push(c);
    }
  }
  const N = dcols.length;
  const live = se.liveRows().sort((x, y) => se.rowCols[x]!.length - se.rowCols[y]!.length);
  const dense = live.slice(0, N + 8).map((r) => ({ cols: se.rowCols[r]!.map((c) => dindex[c]!), coefs: se.rowCoefs[r]! }));
  const kernel = denseKernel(dense, N, q, meter, checkpoint);
  if (!kernel) return undefined;
  const values: (bigint | undefined)[] = new Array(ncols).fill(undefined);
  for (let i = 0; i < N; i++) values[dcols[i]!] = kernel[i];
  // Back-substitution in reverse order of elimination.
  const pivots = se.pivots;
  for (let i = pivots.length - 1; i >= 0; i--) {
    const pv = pivots[i]!;
    let acc = 0n, known = true, a = 0;
    for (let j = 0; j < pv.cols.length; j++) {
      const c = pv.cols[j]!;
      if (c === pv.col) {
        a = pv.coefs[j]!;
        continue;
      }
      const v = values[c];
      if (v === undefined) {
        known = false;
        break;
      }
      acc += BigInt(pv.coefs[j]!) * v;
    }
    if (known) values[pv.col] = mod(-acc * modInverse(BigInt(a), q)!, q);
  }
  meter.left -= pivots.length;
  const out: (bigint | undefined)[] = new Array(totalCols).fill(undefined);
  for (let c = 0; c < ncols; c++) out[original[c]!] = values[c];
  return { values: out, denseRows: dense.length, denseColumns: N };
}

/**
 * Structured Gaussian elimination on integer rows (sorted column ids, small integer coefficients).
 * A column is eliminated with a pivot row, which is recorded (for back-substitution) and removed;
 * the other rows holding the column get c_r·row_i − c_i·row_r.
 */
class StructuredElimination {
  readonly rowCols: (number[] | null)[] = [];
  readonly rowCoefs: number[][] = [];
  readonly colRows: number[][];
  readonly weight: Int32Array;
  readonly done: Uint8Array;
  readonly pivots: Pivot[] = [];
  ops = 0;
  private activeRows = 0;
  private activeCols = 0;
  private readonly singles: number[] = [];
  private stampNow = 0;
  private readonly blocked: Uint8Array;
  private heap: number[] = [];
  private heapMax = 0;

  constructor(readonly ncols: number) {
    this.colRows = Array.from({ length: ncols }, () => []);
    this.weight = new Int32Array(ncols);
    this.done = new Uint8Array(ncols);
    this.blocked = new Uint8Array(ncols);
  }

  addRow(cols: number[], coefs: number[]): void {
    const id = this.rowCols.length;
    this.rowCols.push(cols);
    this.rowCoefs.push(coefs);
    this.activeRows++;
    for (const c of cols) {
      this.colRows[c]!.push(id);
      if (this.weight[c]++ === 0) this.activeCols++;
    }
  }

  liveRows(): number[] {
    const out: number[] = [];
    for (let r = 0; r < this.rowCols.length; r++) if (this.rowCols[r]) out.push(r);
    return out;
  }

  private dec(c: number): void {
    const w = --this.weight[c]!;
    if (this.done[c]) return;
    if (w === 1) this.singles.push(c);
    else if (w === 0) this.activeCols--;
    else if (w <= this.heapMax) this.push(w, c);
  }

  private inc(c: number, r: number): void {
    const w = ++this.weight[c]!;
    this.colRows[c]!.push(r);
    if (!this.done[c] && w <= this.heapMax) this.push(w, c);
  }

  /** The live rows holding column c (the per-column lists are pruned of stale entries as they are read). */
  private rowsOf(c: number): number[] {
    const stamp = this.stampArray();
    const s = ++this.stampNow;
    const out: number[] = [];
    for (const r of this.colRows[c]!) {
      if (stamp[r] === s) continue;
      stamp[r] = s;
      const cols = this.rowCols[r];
      if (cols && binarySearch(cols, c) >= 0) out.push(r);
    }
    this.colRows[c] = out.slice();
    return out;
  }

  private stampStore = new Int32Array(0);
  private stampArray(): Int32Array {
    if (this.stampStore.length < this.rowCols.length) this.stampStore = new Int32Array(this.rowCols.length * 2);
    return this.stampStore;
  }

  private killRow(r: number): void {
    const cols = this.rowCols[r]!;
    this.rowCols[r] = null;
    this.activeRows--;
    for (const c of cols) this.dec(c);
  }

  private pivotOn(c: number, r: number): void {
    this.pivots.push({ col: c, cols: this.rowCols[r]!.slice(), coefs: this.rowCoefs[r]!.slice() });
    this.done[c] = 1;
    this.activeCols--;
    this.killRow(r);
  }

  /** Columns of weight one go with their row (the row only fixes that column's value). */
  clearSingletons(): void {
    for (let c = 0; c < this.ncols; c++) if (!this.done[c] && this.weight[c] === 1) this.singles.push(c);
    this.drainSingles();
  }

  private drainSingles(): void {
    while (this.singles.length) {
      const c = this.singles.pop()!;
      if (this.done[c] || this.weight[c] !== 1) continue;
      this.pivotOn(c, this.rowsOf(c)[0]!);
    }
  }

  /** Drop rows while the excess over the active columns is above `keep`: those with the most entries in common columns first. */
  prune(keep: number, checkpoint: () => void): void {
    for (let round = 0; round < 30; round++) {
      const excess = this.activeRows - this.activeCols;
      if (excess <= keep) return;
      const drop = Math.max(1, Math.floor((excess - keep) / 2));
      const live = this.liveRows();
      const score = new Float64Array(this.rowCols.length);
      for (const r of live) {
        let sc = 0;
        for (const c of this.rowCols[r]!) sc += this.weight[c]! <= 2 ? -4 : 1 - 1 / this.weight[c]!;
        score[r] = sc;
      }
      live.sort((x, y) => score[y]! - score[x]!);
      for (let i = 0; i < drop && i < live.length; i++) this.killRow(live[i]!);
      this.drainSingles();
      checkpoint();
    }
  }

  private push(w: number, c: number): void {
    const h = this.heap;
    let i = h.length;
    const key = w * 4194304 + c;
    h.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]! <= key) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = key;
  }

  private pop(): number | undefined {
    const h = this.heap;
    if (!h.length) return undefined;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const m = l + 1 < h.length && h[l + 1]! < h[l]! ? l + 1 : l;
        if (h[m]! >= last) break;
        h[i] = h[m]!;
        i = m;
      }
      h[i] = last;
    }
    return top;
  }

  /**
   * Eliminate columns of weight 2..maxWeight, lightest first, each with its lightest row as pivot
   * (a coefficient ±1 preferred): the fill is about (w − 1)·(pivot weight − 1) entries.
   */
  merge(maxWeight: number, checkpoint: () => void): void {
    this.heapMax = maxWeight;
    for (let c = 0; c < this.ncols; c++) if (!this.done[c] && this.weight[c]! >= 2 && this.weight[c]! <= maxWeight) this.push(this.weight[c]!, c);
    let n = 0;
    for (;;) {
      this.drainSingles();
      const key = this.pop();
      if (key === undefined) break;
      const w = Math.floor(key / 4194304), c = key - w * 4194304;
      if (this.done[c] || this.blocked[c] || this.weight[c] !== w) continue;
      const rows = this.rowsOf(c);
      let best = -1, bestScore = Infinity;
      for (const r of rows) {
        const cols = this.rowCols[r]!;
        const a = Math.abs(this.rowCoefs[r]![binarySearch(cols, c)]!);
        const sc = cols.length * (a === 1 ? 1 : 3) + a;
        if (sc < bestScore) {
          bestScore = sc;
          best = r;
        }
      }
      if (!this.eliminate(c, best, rows)) {
        this.blocked[c] = 1;
        continue;
      }
      this.pivotOn(c, best);
      if ((++n & 63) === 0) checkpoint();
    }
  }

  /** row_i ← a·row_i − b·row_r for the other rows i holding c; false (nothing changed) when a coefficient would reach COEF_LIMIT. */
  private eliminate(c: number, r: number, rows: number[]): boolean {
    const pc = this.rowCols[r]!, pf = this.rowCoefs[r]!;
    const a = pf[binarySearch(pc, c)]!;
    const out: [number, number[], number[]][] = [];
    for (const i of rows) {
      if (i === r) continue;
      const ic = this.rowCols[i]!, icf = this.rowCoefs[i]!;
      const b = icf[binarySearch(ic, c)]!;
      const nc: number[] = [], nf: number[] = [];
      let x = 0, y = 0, g = 0;
      while (x < ic.length || y < pc.length) {
        const cx = x < ic.length ? ic[x]! : Infinity, cy = y < pc.length ? pc[y]! : Infinity;
        let v: number, col: number;
        if (cx === cy) {
          v = a * icf[x++]! - b * pf[y++]!;
          col = cx;
        } else if (cx < cy) {
          v = a * icf[x++]!;
          col = cx;
        } else {
          v = -b * pf[y++]!;
          col = cy;
        }
        if (v === 0) continue;
        if (v >= COEF_LIMIT || v <= -COEF_LIMIT) return false;
        nc.push(col);
        nf.push(v);
        g = gcdNum(g, v < 0 ? -v : v);
      }
      if (g > 1) for (let k = 0; k < nf.length; k++) nf[k] = nf[k]! / g;
      out.push([i, nc, nf]);
      this.ops += ic.length + pc.length;
    }
    for (const [i, nc, nf] of out) {
      const old = this.rowCols[i]!;
      this.rowCols[i] = nc;
      this.rowCoefs[i] = nf;
      // weights: columns that left the row, columns that entered it
      let x = 0, y = 0;
      while (x < old.length || y < nc.length) {
        const cx = x < old.length ? old[x]! : Infinity, cy = y < nc.length ? nc[y]! : Infinity;
        if (cx === cy) {
          x++;
          y++;
        } else if (cx < cy) {
          this.dec(cx);
          x++;
        } else {
          this.inc(cy, i);
          y++;
        }
      }
    }
    return true;
  }
}

function binarySearch(a: readonly number[], v: number): number {
  let lo = 0, hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = a[mid]!;
    if (x === v) return mid;
    if (x < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function gcdNum(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * The kernel vector of a matrix modulo q (rows of (column, small integer) pairs over n columns) when
 * the kernel is one-dimensional, the free column set to 1; undefined otherwise. Gaussian elimination
 * touching only the non-zero entries of each pivot row; row entries are reduced modulo q only when
 * they are read (a pivot entry, a multiplier), not after every update.
 */
function denseKernel(sparseRows: { cols: number[]; coefs: number[] }[], n: number, q: bigint, meter: IndexCalculusMeter, checkpoint: () => void): bigint[] | undefined {
  if (n === 0) return undefined;
  const rows = sparseRows.map((r) => {
    const a = new Array<bigint>(n).fill(0n);
    for (let i = 0; i < r.cols.length; i++) a[r.cols[i]!] = BigInt(r.coefs[i]!);
    return a;
  });
  const pivotRowOfCol = new Int32Array(n).fill(-1);
  let pr = 0;
  const free: number[] = [];
  let ops = 0;
  for (let c = 0; c < n; c++) {
    let sel = -1;
    for (let i = pr; i < rows.length; i++) {
      const R = rows[i]!;
      const x = R[c]!;
      if (x === 0n) continue;
      const y = x % q;
      R[c] = y;
      if (y !== 0n) {
        sel = i;
        break;
      }
    }
    if (sel < 0) {
      free.push(c);
      if (free.length > 1) return undefined;
      continue;
    }
    [rows[pr], rows[sel]] = [rows[sel]!, rows[pr]!];
    const P = rows[pr]!;
    const inv = modInverse(P[c]!, q)!;
    // the pivot row, normalised: P[c] = 1, entries in [0, q)
    const nz: number[] = [];
    P[c] = 1n;
    for (let k = c + 1; k < n; k++) {
      const x = P[k]!;
      if (x === 0n) continue;
      const y = mod(x * inv, q);
      P[k] = y;
      if (y !== 0n) nz.push(k);
    }
    for (let i = pr + 1; i < rows.length; i++) {
      const R = rows[i]!;
      const x = R[c]!;
      if (x === 0n) continue;
      const f = x % q;
      R[c] = 0n;
      if (f === 0n) continue;
      for (const k of nz) R[k] = R[k]! - f * P[k]!;
      ops += nz.length;
    }
    pivotRowOfCol[c] = pr;
    pr++;
    if ((c & 15) === 15) {
      checkpoint();
      meter.left -= ops / 2;
      ops = 0;
      if (meter.left < 0) throw new IndexCalculusExhausted();
    }
  }
  meter.left -= ops / 2;
  if (free.length !== 1) return undefined;
  // v[c] = −Σ_{k≠c} P[k]·v[k] (P[c] = 1), from the last pivot up; earlier pivot columns are zero in P.
  const v = new Array<bigint>(n).fill(0n);
  v[free[0]!] = 1n;
  for (let c = n - 1; c >= 0; c--) {
    const r = pivotRowOfCol[c]!;
    if (r < 0) continue;
    const P = rows[r]!;
    let acc = 0n;
    for (let k = 0; k < n; k++) if (k !== c && P[k] !== 0n && v[k] !== 0n) acc += P[k]! * v[k]!;
    v[c] = mod(-acc, q);
  }
  return v;
}
