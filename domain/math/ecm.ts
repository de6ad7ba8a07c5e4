/**
 * Lenstra's elliptic curve method on Montgomery curves B·y² = x³ + A·x² + x, in x-only
 * projective coordinates (X : Z), with Suyama's parametrisation (group order divisible by 12).
 *
 * Stage 1 multiplies a point by E = Π p^⌊log_p B1⌋ over the primes p ≤ B1 (the product is
 * precomputed once per B1) with the Montgomery ladder: one doubling and one differential addition
 * per bit of E, 10 modular multiplications (the base point is normalised to Z = 1).
 * Stage 2 is the standard baby-step giant-step continuation: with D = 210 or 2310, the baby steps
 * j·Q (j < D/2, gcd(j, D) = 1) are normalised by one batched inversion, the giant steps m·D·Q are
 * walked by differential additions, and for every prime q = m·D ± j in (B1, B2] the product
 * collects X_m − x_j·Z_m, which vanishes mod p exactly when (m·D ± j)·Q is the point at infinity
 * on the curve mod p. One gcd with n ends each stage.
 *
 * Everything is exact bigint arithmetic modulo n; the curves come from a seeded PRNG. Work is
 * charged to a meter in modular multiplications, weighted by the size of n.
 */
import { bitLength, gcd, modInverse, product } from "./integer.js";
import { SeededRandom } from "./seeded-random.js";

export interface EcmMeter {
  /** Work units left (one unit ≈ 0.3 µs; see mulWeight). */
  remaining: number;
}

export interface EcmOptions {
  meter: EcmMeter;
  random: SeededRandom;
  checkpoint?: () => void;
  /** Called after each curve with the number of curves done in this call. */
  onCurve?: (curves: number) => void;
}

export interface EcmResult {
  /** A non-trivial divisor of n (not necessarily prime), when one was found. */
  factor?: bigint;
  curves: number;
}

/**
 * Work units of one modular multiplication mod n (one unit ≈ 0.3 µs): bigint multiplication and
 * remainder cost about 150 ns + 1.3 ns per bit + a quadratic term that dominates above 2000 bits.
 */
export function mulWeight(n: bigint): number {
  const b = bitLength(n);
  return (150 + 1.3 * b + (b * b) / 2000) / 300;
}

// ---------- stage-1 multiplier and primes ----------

let primeCache: { limit: number; bits: Uint8Array } | undefined;

/** Bitset of odd primes up to at least `limit` (bit k ↔ 2k + 1), cached and grown on demand. */
function oddPrimeBits(limit: number): Uint8Array {
  if (primeCache && primeCache.limit >= limit) return primeCache.bits;
  const size = Math.max(limit, 1 << 16);
  const half = (size >> 1) + 1;
  const composite = new Uint8Array(half); // composite[k] ↔ 2k + 1
  composite[0] = 1;
  for (let k = 1; ; k++) {
    const p = 2 * k + 1;
    if (p * p > size) break;
    if (composite[k]) continue;
    for (let m = (p * p) >> 1; m < half; m += p) composite[m] = 1;
  }
  const bits = new Uint8Array((half + 7) >> 3);
  for (let k = 0; k < half; k++) if (!composite[k]) bits[k >> 3]! |= 1 << (k & 7);
  primeCache = { limit: size, bits };
  return bits;
}

function isOddPrime(q: number, bits: Uint8Array): boolean {
  if ((q & 1) === 0) return false;
  const k = q >> 1;
  return (bits[k >> 3]! & (1 << (k & 7))) !== 0;
}

const stage1Cache = new Map<number, string>();

/** The binary digits of E = Π p^⌊log_p B1⌋ (p ≤ B1). */
function stage1Bits(B1: number): string {
  const hit = stage1Cache.get(B1);
  if (hit) return hit;
  const bits = oddPrimeBits(B1);
  const powers: bigint[] = [];
  let pw2 = 2;
  while (pw2 * 2 <= B1) pw2 *= 2;
  powers.push(BigInt(pw2));
  for (let p = 3; p <= B1; p += 2) {
    if (!isOddPrime(p, bits)) continue;
    let q = p;
    while (q * p <= B1) q *= p;
    powers.push(BigInt(q));
  }
  const s = product(powers).toString(2);
  if (stage1Cache.size > 16) stage1Cache.clear();
  stage1Cache.set(B1, s);
  return s;
}

// ---------- curve arithmetic (values kept in (−n, n); signs do not matter for the gcds) ----------

interface Pt {
  X: bigint;
  Z: bigint;
}

/** Multiply the point with x-coordinate x (Z = 1) by the integer whose binary digits are `bits`. */
function ladderNormalized(x: bigint, bits: string, a24: bigint, n: bigint, checkpoint?: () => void): Pt {
  let X0 = x, Z0 = 1n;
  // R1 = 2P
  let s = x + 1n, d = x - 1n;
  let ss = (s * s) % n, dd = (d * d) % n, t = ss - dd;
  let X1 = (ss * dd) % n, Z1 = (t * (dd + ((a24 * t) % n))) % n;
  for (let i = 1; i < bits.length; i++) {
    if ((i & 1023) === 0) checkpoint?.();
    // u = (X0 − Z0)(X1 + Z1), v = (X0 + Z0)(X1 − Z1)
    const u = ((X0 - Z0) * (X1 + Z1)) % n;
    const v = ((X0 + Z0) * (X1 - Z1)) % n;
    const sum = u + v, dif = u - v;
    const XA = (sum * sum) % n;
    const ZA = (x * ((dif * dif) % n)) % n;
    if (bits.charCodeAt(i) === 49) {
      // R0 ← R0 + R1, R1 ← 2·R1
      s = X1 + Z1;
      d = X1 - Z1;
      ss = (s * s) % n;
      dd = (d * d) % n;
      t = ss - dd;
      X1 = (ss * dd) % n;
      Z1 = (t * (dd + ((a24 * t) % n))) % n;
      X0 = XA;
      Z0 = ZA;
    } else {
      // R1 ← R0 + R1, R0 ← 2·R0
      s = X0 + Z0;
      d = X0 - Z0;
      ss = (s * s) % n;
      dd = (d * d) % n;
      t = ss - dd;
      X0 = (ss * dd) % n;
      Z0 = (t * (dd + ((a24 * t) % n))) % n;
      X1 = XA;
      Z1 = ZA;
    }
  }
  return { X: X0, Z: Z0 };
}

function dbl(P: Pt, a24: bigint, n: bigint): Pt {
  const s = P.X + P.Z, d = P.X - P.Z;
  const ss = (s * s) % n, dd = (d * d) % n, t = ss - dd;
  return { X: (ss * dd) % n, Z: (t * (dd + ((a24 * t) % n))) % n };
}

/** P + Q given P − Q (general projective difference). */
function add(P: Pt, Q: Pt, diff: Pt, n: bigint): Pt {
  const u = ((P.X - P.Z) * (Q.X + Q.Z)) % n;
  const v = ((P.X + P.Z) * (Q.X - Q.Z)) % n;
  const s = u + v, d = u - v;
  return { X: (diff.Z * ((s * s) % n)) % n, Z: (diff.X * ((d * d) % n)) % n };
}

/** (k·P, (k+1)·P) for k ≥ 1, P with Z = 1 given by x. */
function ladderPair(x: bigint, k: number, a24: bigint, n: bigint): [Pt, Pt] {
  const P: Pt = { X: x, Z: 1n };
  let R0: Pt = P;
  let R1 = dbl(P, a24, n);
  const bits = k.toString(2);
  for (let i = 1; i < bits.length; i++) {
    if (bits.charCodeAt(i) === 49) {
      R0 = add(R1, R0, P, n);
      R1 = dbl(R1, a24, n);
    } else {
      R1 = add(R1, R0, P, n);
      R0 = dbl(R0, a24, n);
    }
  }
  return [R0, R1];
}

const nonTrivial = (g: bigint, n: bigint): boolean => g > 1n && g < n;

/**
 * Run up to `curves` curves with bounds B1 and B2 (B2 ≥ B1). Stops at the first non-trivial
 * divisor, or when the meter runs out.
 */
export function ecm(n: bigint, B1: number, B2: number, curves: number, opts: EcmOptions): EcmResult {
  const w = mulWeight(n);
  const bits1 = stage1Bits(B1);
  const D = B2 >= 100_000 ? 2310 : 210;
  const babies: number[] = [];
  for (let j = 1; j < D / 2; j += 2) if (gcdSmall(j, D) === 1) babies.push(j);
  const mStart = Math.max(1, Math.floor(B1 / D));
  const mEnd = Math.ceil(B2 / D);
  const primes = oddPrimeBits(mEnd * D + D);
  // Per giant step m, the baby indices to collect (m·D ± j prime in (B1, B2]).
  const perM: Int32Array[] = [];
  let pairs = 0;
  for (let m = mStart; m <= mEnd; m++) {
    const list: number[] = [];
    for (let b = 0; b < babies.length; b++) {
      const j = babies[b]!;
      const lo = m * D - j, hi = m * D + j;
      if ((lo > B1 && lo <= B2 && isOddPrime(lo, primes)) || (hi > B1 && hi <= B2 && isOddPrime(hi, primes))) list.push(b);
    }
    pairs += list.length;
    perM.push(Int32Array.from(list));
  }
  const stage1Cost = 10 * bits1.length + 40;
  const stage2Cost = babies.length * 10 + D + 6 * (mEnd - mStart + 2) + 2 * pairs + 40;
  const curveCost = Math.ceil((stage1Cost + stage2Cost) * w);

  let done = 0;
  for (; done < curves; done++) {
    if (opts.meter.remaining < curveCost / 4) break;
    opts.checkpoint?.();
    opts.meter.remaining -= curveCost;
    const f = oneCurve();
    opts.onCurve?.(done + 1);
    if (f !== undefined) return { factor: f, curves: done + 1 };
  }
  return { curves: done };

  function oneCurve(): bigint | undefined {
    // Suyama: σ ≥ 6, u = σ² − 5, v = 4σ, x = u³/v³, (A + 2)/4 = (v − u)³(3u + v)/(16u³v).
    const sigma = 6n + BigInt(opts.random.nextU32()) + (BigInt(opts.random.nextU32()) << 32n);
    const u = (sigma * sigma - 5n) % n;
    const v = (4n * sigma) % n;
    const u3 = (u * u * u) % n;
    const v3 = (v * v * v) % n;
    const vu = v - u;
    const num = (((vu * vu * vu) % n) * (3n * u + v)) % n;
    const den = (16n * u3 * v) % n;
    const inv = modInverse(den * v3, n);
    if (inv === undefined) {
      const g = gcd(den * v3, n);
      return nonTrivial(g, n) ? g : undefined;
    }
    const a24 = (((num * v3) % n) * inv) % n;
    const x = (((u3 * den) % n) * inv) % n;
    // Stage 1.
    const Q = ladderNormalized(x, bits1, a24, n, opts.checkpoint);
    let g = gcd(Q.Z, n);
    if (g !== 1n) return nonTrivial(g, n) ? g : undefined;
    if (B2 <= B1) return undefined;
    // Stage 2: normalise Q, baby steps j·Q (odd j < D/2), giant steps m·D·Q.
    const zi = modInverse(Q.Z, n)!;
    const xq = (Q.X * zi) % n;
    const P1: Pt = { X: xq, Z: 1n };
    const P2 = dbl(P1, a24, n);
    const odd: Pt[] = [P1];
    let prev = P1; // (j − 2)·Q
    let cur = add(P2, P1, P1, n); // 3·Q
    for (let j = 3; j < D / 2; j += 2) {
      odd.push(cur);
      const next = add(cur, P2, prev, n);
      prev = cur;
      cur = next;
    }
    const babyPts = babies.map((j) => odd[(j - 1) >> 1]!);
    // Batched inversion of the Z's (Montgomery's trick).
    const pre: bigint[] = new Array(babyPts.length);
    let acc = 1n;
    for (let i = 0; i < babyPts.length; i++) {
      pre[i] = acc;
      acc = (acc * babyPts[i]!.Z) % n;
    }
    let ainv = modInverse(acc, n);
    if (ainv === undefined) {
      g = gcd(acc, n);
      return nonTrivial(g, n) ? g : undefined;
    }
    const bx: bigint[] = new Array(babyPts.length);
    for (let i = babyPts.length - 1; i >= 0; i--) {
      const zInv = (ainv * pre[i]!) % n;
      bx[i] = (babyPts[i]!.X * zInv) % n;
      ainv = (ainv * babyPts[i]!.Z) % n;
    }
    // D·Q, normalised.
    const [DQ0] = ladderPair(xq, D, a24, n);
    const dzi = modInverse(DQ0.Z, n);
    if (dzi === undefined) {
      g = gcd(DQ0.Z, n);
      return nonTrivial(g, n) ? g : undefined;
    }
    const xd = (DQ0.X * dzi) % n;
    const DQ: Pt = { X: xd, Z: 1n };
    let [Tm, Tnext] = ladderPair(xd, mStart, a24, n);
    let prod = 1n;
    for (let m = mStart, idx = 0; m <= mEnd; m++, idx++) {
      if ((idx & 255) === 0) opts.checkpoint?.();
      const list = perM[idx]!;
      const Xm = Tm.X, Zm = Tm.Z;
      for (let t = 0; t < list.length; t++) prod = (prod * (Xm - ((bx[list[t]!]! * Zm) % n))) % n;
      // T_{m+2} = T_{m+1} + DQ with difference T_m.
      const after = add(Tnext, DQ, Tm, n);
      Tm = Tnext;
      Tnext = after;
    }
    g = gcd(prod, n);
    return nonTrivial(g, n) ? g : undefined;
  }
}

function gcdSmall(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** A schedule of (B1, curves) levels, about optimal for factors of 15, 20, 25, … digits with B2 = 100·B1. */
export const ECM_LEVELS: readonly { B1: number; curves: number; digits: number }[] = [
  { B1: 150, curves: 6, digits: 8 },
  { B1: 500, curves: 12, digits: 12 },
  { B1: 2_000, curves: 25, digits: 15 },
  { B1: 11_000, curves: 90, digits: 20 },
  { B1: 50_000, curves: 300, digits: 25 },
  { B1: 250_000, curves: 700, digits: 30 },
  { B1: 1_000_000, curves: 1800, digits: 35 },
];

/** B2 for a given B1 (100·B1, capped so the prime table stays a few megabytes). */
export const ecmB2 = (B1: number): number => Math.min(100 * B1, 100_000_000);
