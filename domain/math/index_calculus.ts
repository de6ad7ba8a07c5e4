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
 *    eliminated densely modulo q, in double-precision limbs with delayed reduction (LimbResidues);
 *    a one-dimensional kernel gives a vector λ·log, and the eliminated columns are recovered by
 *    back-substitution, in reverse order of elimination. A column whose only remaining equation
 *    also holds an undetermined one stays unknown.
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
/** Smallest subgroup order handled: every integer coefficient of the structured elimination (< 2^25) is then a unit mod q. */
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
  /** The structured elimination merges columns up to this weight; the rest goes to the dense elimination. */
  maxMergeWeight: number;
}

/** Parameters by the size of p, tuned on 12–24-digit safe primes. */
export function indexCalculusParams(bits: number): IndexCalculusParams {
  // B grows like exp(½·√(ln p · ln ln p)); the table is what measured fastest.
  const B = bits <= 36 ? 300 : bits <= 44 ? 400 : bits <= 52 ? 700 : bits <= 60 ? 1200 : bits <= 68 ? 2000 : bits <= 74 ? 3000 : 4500;
  return { smoothBound: B, largePrimeBound: 20 * B, maxWidth: 60_000, excess: 0.02, maxMergeWeight: 16 };
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
  /** Called after each linear-algebra attempt, with the sizes involved (tuning and tests). */
  onStats?: (s: IndexCalculusStats) => void;
}

export interface IndexCalculusStats {
  candidates: number;
  factorBase: number;
  width: number;
  full: number;
  partial: number;
  relations: number;
  columns: number;
  denseRows: number;
  denseColumns: number;
}

/*
 * Work is charged in units of one bigint multiplication modulo a two-word p (about the cost of one
 * rho step), from measured ratios: sieve cells and root updates, entries touched by the structured
 * elimination, limb products of the dense elimination, descent trials.
 */
const SIEVE_CELLS_PER_UNIT = 12;
const DENSE_PRODUCTS_PER_UNIT = 128;
const UNITS_PER_DESCENT_TRIAL = 30;

/**
 * Expected units of one index-calculus run for a prime of `bits` bits (relations, elimination and two
 * individual logarithms), used by the callers' cost models: measured 4·10^4 at 40 bits, 1.2·10^5 at
 * 53, 4.3·10^5 at 66 and 1.9·10^6 at 80 (doubling about every 7.3 bits), with a margin of 1.5.
 */
export function indexCalculusCost(bits: number): number {
  return 6e4 * 2 ** ((Math.max(24, bits) - 40) / 7.3);
}

const noop = (): void => {};

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
    // one object shape whatever is overridden (the sieve's hot paths read it)
    const d = indexCalculusParams(bits), o = opts.params ?? {};
    this.params = {
      smoothBound: o.smoothBound ?? d.smoothBound,
      largePrimeBound: o.largePrimeBound ?? d.largePrimeBound,
      maxWidth: o.maxWidth ?? d.maxWidth,
      excess: o.excess ?? d.excess,
      maxMergeWeight: o.maxMergeWeight ?? d.maxMergeWeight,
    };
    this.meter = opts.meter ?? { left: Infinity };
    this.checkpoint = opts.checkpoint ?? noop;
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
      const inv = modInverse(lg, q);
      if (inv === undefined) throw new IndexCalculusFailed(`index calculus: ${q} is not prime`);
      const y = mod(lb * inv, q);
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
    this.sieve ??= new LinearSieve(this.p, this.params, this.meter, this.checkpoint);
    const s = this.sieve;
    s.collect(this.params.excess + 0.1 * attempt, attempt === 0 ? 0 : Math.ceil(s.relations.length * 0.15));
    const solved = solveKernel(s.relations, s.columns, s.fb.length, q, this.meter, this.checkpoint, this.params.maxMergeWeight);
    this.opts.onStats?.({
      factorBase: s.fb.length,
      width: s.width,
      full: s.full,
      candidates: s.candidates,
      partial: s.partial,
      relations: s.relations.length,
      columns: s.columns,
      denseRows: solved?.denseRows ?? 0,
      denseColumns: solved?.denseColumns ?? 0,
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
        this.meter.left -= 256 * UNITS_PER_DESCENT_TRIAL;
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
    const la = smoothPart(Number(r1), fb, q);
    if (la === undefined) return undefined;
    const lb = smoothPart(Number(t1 < 0n ? -t1 : t1), fb, q);
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
function smoothPart(n: number, fb: FactorBaseLogs, q: bigint): bigint | undefined {
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
  /** Sieve positions whose value was trial-divided. */
  candidates = 0;
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
    if (!(B >= 20 && params.largePrimeBound <= B * B)) throw new RangeError("index calculus: need B ≥ 20 and a large-prime bound ≤ B²");
    this.fb = basePrimes(B - 1).slice();
    let H = isqrt(p);
    if (H * H < p) H += 1n;
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

  /** Large primes seen at least twice, and the relations holding them. */
  private lpCols = 0;
  private lpRels = 0;

  /** Net relations: full ones plus, per large prime seen twice or more, its relations minus one. */
  private netRelations(): number {
    return this.full + this.lpRels - this.lpCols;
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
      // walking back, inv is the inverse of the product of the units x_0..x_i, so x_i^−1 = inv·prefix_i
      let inv = invMod(acc, m);
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
    this.meter.left -= (n * CHUNK * 6) / SIEVE_CELLS_PER_UNIT;
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
    this.meter.left -= (len + n) / SIEVE_CELLS_PER_UNIT;
    for (let b = 0; b < len; b += 64) {
      const thr = Math.round(LOG_SCALE * Math.log2(slope * b + intercept)) - this.slack;
      const end = Math.min(len, b + 64);
      for (let c = b; c < end; c++) if (sv[c]! >= thr) this.candidate(c, k, slope * c + intercept, ci);
    }
  }

  private candidate(c1: number, k: number, value: number, ci: number): void {
    this.candidates++;
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
      if (e.count === 2) {
        this.lpCols++;
        this.lpRels += 2;
      } else if (e.count > 2) this.lpRels++;
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
/** Rows kept beyond the active columns when pruning. */
const PRUNE_EXCESS = 24;

interface SolvedKernel {
  /** λ·log(col) mod q for the columns below `want`, or undefined when the relations do not determine it. */
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
export function solveKernel(relations: readonly Relation[], totalCols: number, want: number, q: bigint, meter: IndexCalculusMeter, checkpoint: () => void, maxMergeWeight = 16): SolvedKernel | undefined {
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
  se.merge(maxMergeWeight, checkpoint);
  meter.left -= se.ops;
  checkpoint();

  // Dense elimination modulo q on what is left.
  // columns lightest first: the fill-in of the dense elimination starts late
  const dcols: number[] = [];
  for (let c = 0; c < ncols; c++) if (!se.done[c] && se.weight[c]! > 0) dcols.push(c);
  dcols.sort((x, y) => se.weight[x]! - se.weight[y]!);
  const dindex = new Int32Array(ncols).fill(-1);
  for (let i = 0; i < dcols.length; i++) dindex[dcols[i]!] = i;
  const N = dcols.length;
  // every live row (pruning left at most PRUNE_EXCESS more than columns), lightest first
  const live = se.liveRows().sort((x, y) => se.rowCols[x]!.length - se.rowCols[y]!.length);
  const dense = live.map((r) => ({ cols: se.rowCols[r]!.map((c) => dindex[c]!), coefs: se.rowCoefs[r]! }));
  const F = new LimbResidues(q);
  const kernel = denseKernel(dense, N, F, meter, checkpoint);
  if (!kernel) return undefined;
  // Back-substitution in reverse order of elimination: v[col] = −(Σ others)/a, a small integer.
  const K = F.K, M = F.M;
  const val = new Float64Array(ncols * K);
  const known = new Uint8Array(ncols);
  for (let i = 0; i < N; i++) {
    F.put(kernel[i]!, val, dcols[i]! * K);
    known[dcols[i]!] = 1;
  }
  const acc = new Float64Array(M), sum = new Float64Array(K), prod = new Float64Array(M);
  const negInverse = new Map<number, Float64Array>();
  const pivots = se.pivots;
  for (let i = pivots.length - 1; i >= 0; i--) {
    const pv = pivots[i]!;
    acc.fill(0);
    let terms = 0, ok = true, a = 0;
    for (let j = 0; j < pv.cols.length; j++) {
      const c = pv.cols[j]!;
      if (c === pv.col) {
        a = pv.coefs[j]!;
        continue;
      }
      if (!known[c]) {
        ok = false;
        break;
      }
      F.accumulateSmall(acc, 0, pv.coefs[j]!, val, c * K);
      if (++terms >= F.maxSmallTerms) {
        F.reduce(acc, 0, sum, 0);
        acc.fill(0);
        acc.set(sum);
        terms = 1;
      }
    }
    if (!ok) continue;
    if (a === -1) {
      // v = Σ others
      F.reduce(acc, 0, val, pv.col * K);
      known[pv.col] = 1;
      continue;
    }
    if (a === 1) for (let j = 0; j < K; j++) acc[j] = -acc[j]!;
    F.reduce(acc, 0, sum, 0);
    if (a === 1) {
      for (let j = 0; j < K; j++) val[pv.col * K + j] = sum[j]!;
      known[pv.col] = 1;
      continue;
    }
    let inv = negInverse.get(a);
    if (!inv) {
      inv = new Float64Array(K);
      F.put(-modInverse(BigInt(a), q)!, inv, 0);
      negInverse.set(a, inv);
    }
    prod.fill(0);
    F.accumulate(prod, 0, sum, 0, inv, 0, 1);
    F.reduce(prod, 0, val, pv.col * K);
    known[pv.col] = 1;
  }
  meter.left -= pivots.length;
  const out: (bigint | undefined)[] = new Array<bigint | undefined>(want).fill(undefined);
  for (let c = 0; c < ncols; c++) if (original[c]! < want && known[c]) out[original[c]!] = F.get(val, c * K);
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

// ───────────────────────── dense elimination modulo q in double precision ─────────────────────────

/**
 * Residues modulo an odd q < 2^88 as K ≤ 4 limbs of W ∈ [20, 22] bits in doubles (K = ⌈bits/22⌉,
 * W = max(20, ⌈bits/K⌉)). A product a·b is held unreduced as M = 2K − 1 column sums (each below
 * K·2^(2W)), and many products can be added or subtracted into the same columns before one
 * reduction, all exactly (every intermediate is an integer below 2^53); a reduction carries the
 * columns, folds the high limbs with the precomputed residues of 2^(Wj), and removes the remaining
 * multiple of q estimated in floating point.
 */
export class LimbResidues {
  readonly K: number;
  readonly M: number;
  readonly W: number;
  /** Products a column sum can take (each adds at most K·2^(2W)) while staying below 2^52. */
  readonly maxUpdates: number;
  /** Terms k·b (|k| < 2^25) a column sum can take while staying below 2^52. */
  readonly maxSmallTerms: number;
  private readonly LIMB: number;
  private readonly INV_LIMB: number;
  private readonly mask: bigint;
  private readonly ql: Float64Array;
  private readonly fold: Float64Array;
  private readonly qd: number;
  private readonly d: Float64Array;
  private readonly e: Float64Array;

  constructor(readonly q: bigint) {
    const bits = bitLength(q);
    if (bits > 88 || q % 2n === 0n || q < 3n) throw new RangeError("LimbResidues: q must be odd, between 3 and 2^88");
    const K = Math.max(1, Math.ceil(bits / 22));
    const W = Math.max(20, Math.ceil(bits / K));
    this.K = K;
    this.W = W;
    this.M = 2 * K - 1;
    this.LIMB = 2 ** W;
    this.INV_LIMB = 2 ** -W;
    this.mask = (1n << BigInt(W)) - 1n;
    this.maxUpdates = Math.floor(2 ** 52 / (K * 2 ** (2 * W))) - 1;
    this.maxSmallTerms = Math.floor(2 ** 52 / 2 ** (25 + W)) - 1;
    this.ql = new Float64Array(K);
    this.put(q, this.ql, 0, false);
    // fold[(j − K)·K + i]: limb i of 2^(Wj) mod q, for j = K .. M + 2
    this.fold = new Float64Array((this.M + 3 - K) * K);
    for (let j = K; j <= this.M + 2; j++) this.put((1n << BigInt(W * j)) % q, this.fold, (j - K) * K);
    this.qd = Number(q);
    this.d = new Float64Array(this.M + 2);
    this.e = new Float64Array(K);
  }

  /** The limbs of x mod q (reduced unless `reduce` is false) at out[o..o+K). */
  put(x: bigint, out: Float64Array, o: number, reduce = true): void {
    let v = reduce ? mod(x, this.q) : x;
    const w = BigInt(this.W);
    for (let j = 0; j < this.K; j++) {
      out[o + j] = Number(v & this.mask);
      v >>= w;
    }
  }

  /** The residue held as limbs at a[o..o+K). */
  get(a: Float64Array, o: number): bigint {
    let v = 0n;
    const w = BigInt(this.W);
    for (let j = this.K - 1; j >= 0; j--) v = (v << w) + BigInt(a[o + j]!);
    return v;
  }

  /** Canonical limbs (in [0, q)) of the value Σ acc[o+j]·2^(Wj), j < M, written to out[oo..oo+K). */
  reduce(acc: Float64Array, o: number, out: Float64Array, oo: number): void {
    const K = this.K, M = this.M, d = this.d, e = this.e, ql = this.ql, fold = this.fold;
    const LIMB = this.LIMB, INV_LIMB = this.INV_LIMB;
    // 1. carry into limbs d[0..M+1] and a top carry c ∈ {−1, 0} at position M + 2
    let c = 0;
    for (let j = 0; j < M; j++) {
      const x = acc[o + j]! + c;
      c = Math.floor(x * INV_LIMB);
      d[j] = x - c * LIMB;
    }
    for (let j = M; j < M + 2; j++) {
      const x = c;
      c = Math.floor(x * INV_LIMB);
      d[j] = x - c * LIMB;
    }
    // 2. fold positions K..M+2 down with 2^(Wj) mod q: each sum below (K + 3)·2^(2W)
    for (let i = 0; i < K; i++) {
      let sum = d[i]!;
      for (let j = K; j <= M + 1; j++) sum += d[j]! * fold[(j - K) * K + i]!;
      if (c !== 0) sum += c * fold[(M + 2 - K) * K + i]!;
      e[i] = sum;
    }
    // 3. carry: value = Σ e_i·2^(Wi) + c·2^(WK), |c| < 2^(W + 3)
    c = 0;
    for (let i = 0; i < K; i++) {
      const x = e[i]! + c;
      c = Math.floor(x * INV_LIMB);
      e[i] = x - c * LIMB;
    }
    // 4. subtract t·q, t = ⌊value/q⌋ estimated in floating point (off by at most 2)
    let vd = c;
    for (let i = K - 1; i >= 0; i--) vd = vd * LIMB + e[i]!;
    const t = Math.floor(vd / this.qd);
    if (t !== 0) {
      const t1 = Math.floor(t * INV_LIMB), t0 = t - t1 * LIMB;
      let carry = 0;
      for (let i = 0; i < K; i++) {
        const x = e[i]! - t0 * ql[i]! - (i > 0 ? t1 * ql[i - 1]! : 0) + carry;
        carry = Math.floor(x * INV_LIMB);
        e[i] = x - carry * LIMB;
      }
      c += carry - t1 * ql[K - 1]!;
    }
    // 5. into [0, q)
    while (c < 0) c = this.addQ(e, c);
    while (this.atLeastQ(e, c)) c = this.subQ(e, c);
    for (let i = 0; i < K; i++) out[oo + i] = e[i]!;
  }

  private addQ(e: Float64Array, c: number): number {
    let carry = 0;
    for (let i = 0; i < this.K; i++) {
      const x = e[i]! + this.ql[i]! + carry;
      carry = x >= this.LIMB ? 1 : 0;
      e[i] = x - carry * this.LIMB;
    }
    return c + carry;
  }

  private subQ(e: Float64Array, c: number): number {
    let borrow = 0;
    for (let i = 0; i < this.K; i++) {
      const x = e[i]! - this.ql[i]! - borrow;
      borrow = x < 0 ? 1 : 0;
      e[i] = x + borrow * this.LIMB;
    }
    return c - borrow;
  }

  private atLeastQ(e: Float64Array, c: number): boolean {
    if (c > 0) return true;
    for (let i = this.K - 1; i >= 0; i--) if (e[i] !== this.ql[i]) return e[i]! > this.ql[i]!;
    return true;
  }

  /** acc[o..o+K) += k·b for a small integer k (|k| < 2^25; each column gains less than 2^47). */
  accumulateSmall(acc: Float64Array, o: number, k: number, b: Float64Array, bo: number): void {
    for (let j = 0; j < this.K; j++) acc[o + j] += k * b[bo + j]!;
  }

  /** acc[o..o+M) += s·a·b for s = ±1 (limbs a at ao, b at bo). */
  accumulate(acc: Float64Array, o: number, a: Float64Array, ao: number, b: Float64Array, bo: number, s: 1 | -1): void {
    const K = this.K;
    for (let i = 0; i < K; i++) {
      const ai = s * a[ao + i]!;
      if (ai === 0) continue;
      for (let j = 0; j < K; j++) acc[o + i + j] += ai * b[bo + j]!;
    }
  }
}

/**
 * The kernel vector of a matrix modulo q (rows of (column, small integer) pairs over n columns) when
 * the kernel is one-dimensional, the free column set to 1; undefined otherwise. Gaussian elimination
 * (row_i ← row_i − (row_i[c]/P[c])·P) touching only the non-zero entries of each pivot row P; row
 * entries are column sums (LimbResidues) reduced only when read: as a multiplier, a pivot entry, or
 * when a row has taken as many updates as its columns can hold.
 */
function denseKernel(sparseRows: { cols: number[]; coefs: number[] }[], n: number, F: LimbResidues, meter: IndexCalculusMeter, checkpoint: () => void): bigint[] | undefined {
  if (n === 0) return undefined;
  const K = F.K, M = F.M, q = F.q;
  const rows = sparseRows.map((r) => {
    const a = new Float64Array(n * M);
    for (let i = 0; i < r.cols.length; i++) a[r.cols[i]! * M] = r.coefs[i]!;
    return a;
  });
  const updates = new Int32Array(rows.length);
  const isZeroAcc = (a: Float64Array, o: number): boolean => {
    for (let j = 0; j < M; j++) if (a[o + j] !== 0) return false;
    return true;
  };
  const tmp = new Float64Array(K);
  /** Reduce entry k of row a in place (limbs in the first K columns, zeros above); true when non-zero. */
  const reduceEntry = (a: Float64Array, k: number): boolean => {
    const o = k * M;
    if (isZeroAcc(a, o)) return false;
    F.reduce(a, o, tmp, 0);
    let nz = false;
    for (let j = 0; j < K; j++) {
      a[o + j] = tmp[j]!;
      if (tmp[j] !== 0) nz = true;
    }
    for (let j = K; j < M; j++) a[o + j] = 0;
    return nz;
  };
  const pivotRowOfCol = new Int32Array(n).fill(-1);
  const pivotLimbs: Float64Array[] = new Array(n);
  const pivotInverse: Float64Array[] = new Array(n);
  const pivotNonzero: Int32Array[] = new Array(n);
  const f = new Float64Array(K), prodAcc = new Float64Array(M);
  let pr = 0;
  const free: number[] = [];
  let ops = 0;
  for (let c = 0; c < n; c++) {
    let sel = -1;
    for (let i = pr; i < rows.length; i++) {
      if (reduceEntry(rows[i]!, c)) {
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
    [updates[pr], updates[sel]] = [updates[sel]!, updates[pr]!];
    const P = rows[pr]!;
    // the pivot row's entries right of c, reduced, as K-limb values
    const PL = new Float64Array(n * K);
    const nzList: number[] = [];
    for (let k = c; k < n; k++) {
      if (!reduceEntry(P, k)) continue;
      for (let j = 0; j < K; j++) PL[k * K + j] = P[k * M + j]!;
      if (k > c) nzList.push(k);
    }
    const inv = new Float64Array(K);
    F.put(modInverse(F.get(PL, c * K), q)!, inv, 0);
    pivotLimbs[c] = PL;
    pivotInverse[c] = inv;
    const nz = Int32Array.from(nzList);
    pivotNonzero[c] = nz;
    for (let i = pr + 1; i < rows.length; i++) {
      const R = rows[i]!;
      if (!reduceEntry(R, c)) continue;
      // f = R[c] / P[c]
      prodAcc.fill(0);
      F.accumulate(prodAcc, 0, R, c * M, inv, 0, 1);
      F.reduce(prodAcc, 0, f, 0);
      for (let j = 0; j < M; j++) R[c * M + j] = 0;
      if (K === 4) {
        const f0 = f[0]!, f1 = f[1]!, f2 = f[2]!, f3 = f[3]!;
        for (let t = 0; t < nz.length; t++) {
          const k = nz[t]!;
          const o = k * 7, b = k * 4;
          const p0 = PL[b]!, p1 = PL[b + 1]!, p2 = PL[b + 2]!, p3 = PL[b + 3]!;
          R[o] -= f0 * p0;
          R[o + 1] -= f0 * p1 + f1 * p0;
          R[o + 2] -= f0 * p2 + f1 * p1 + f2 * p0;
          R[o + 3] -= f0 * p3 + f1 * p2 + f2 * p1 + f3 * p0;
          R[o + 4] -= f1 * p3 + f2 * p2 + f3 * p1;
          R[o + 5] -= f2 * p3 + f3 * p2;
          R[o + 6] -= f3 * p3;
        }
      } else if (K === 3) {
        const f0 = f[0]!, f1 = f[1]!, f2 = f[2]!;
        for (let t = 0; t < nz.length; t++) {
          const k = nz[t]!;
          const o = k * 5, b = k * 3;
          const p0 = PL[b]!, p1 = PL[b + 1]!, p2 = PL[b + 2]!;
          R[o] -= f0 * p0;
          R[o + 1] -= f0 * p1 + f1 * p0;
          R[o + 2] -= f0 * p2 + f1 * p1 + f2 * p0;
          R[o + 3] -= f1 * p2 + f2 * p1;
          R[o + 4] -= f2 * p2;
        }
      } else {
        for (let t = 0; t < nz.length; t++) {
          const k = nz[t]!;
          F.accumulate(R, k * M, f, 0, PL, k * K, -1);
        }
      }
      ops += nz.length;
      if (++updates[i]! >= F.maxUpdates) {
        for (let k = c + 1; k < n; k++) reduceEntry(R, k);
        updates[i] = 0;
      }
    }
    pivotRowOfCol[c] = pr;
    pr++;
    if ((c & 15) === 15) {
      checkpoint();
      meter.left -= (ops * K * K) / DENSE_PRODUCTS_PER_UNIT;
      ops = 0;
      if (meter.left < 0) throw new IndexCalculusExhausted();
    }
  }
  meter.left -= (ops * K * K) / DENSE_PRODUCTS_PER_UNIT;
  if (free.length !== 1) return undefined;
  // v[c] = −(Σ_{k≠c} P[k]·v[k]) / P[c], from the last pivot up. In P, earlier pivot columns are
  // zero; the free column, if it comes earlier, is read from the row itself.
  const fc = free[0]!;
  const v = new Float64Array(n * K);
  F.put(1n, v, fc * K);
  const acc = new Float64Array(M), s = new Float64Array(K), fl = new Float64Array(K);
  for (let c = n - 1; c >= 0; c--) {
    const r = pivotRowOfCol[c]!;
    if (r < 0) continue;
    const PL = pivotLimbs[c]!, nz = pivotNonzero[c]!;
    acc.fill(0);
    let terms = 0;
    const add = (src: Float64Array, so: number, k: number) => {
      F.accumulate(acc, 0, src, so, v, k * K, 1);
      if (++terms >= F.maxUpdates) {
        F.reduce(acc, 0, s, 0);
        acc.fill(0);
        for (let j = 0; j < K; j++) acc[j] = s[j]!;
        terms = 1;
      }
    };
    for (let t = 0; t < nz.length; t++) add(PL, nz[t]! * K, nz[t]!);
    if (fc < c) {
      const row = rows[r]!;
      prodAcc.fill(0);
      for (let j = 0; j < M; j++) prodAcc[j] = row[fc * M + j]!;
      F.reduce(prodAcc, 0, fl, 0);
      add(fl, 0, fc);
    }
    F.reduce(acc, 0, s, 0);
    prodAcc.fill(0);
    F.accumulate(prodAcc, 0, s, 0, pivotInverse[c]!, 0, -1);
    F.reduce(prodAcc, 0, v, c * K);
  }
  const out: bigint[] = [];
  for (let c = 0; c < n; c++) out.push(F.get(v, c * K));
  return out;
}
