/**
 * Characteristic polynomials of integer, rational and prime-field matrices.
 *
 * ZZ: multimodular. det(xI − A) is computed modulo primes p < 2^26 by similarity reduction to
 * Hessenberg form in doubles (every product < 2^52 is exact), and the coefficients are rebuilt by
 * the Chinese remainder theorem in the symmetric range. The number of primes is fixed in advance
 * by a proven bound: the coefficient of x^{n−k} is (−1)^k times the sum of the C(n, k) principal
 * k×k minors, each at most the product of the k largest row norms (Hadamard), so
 *   |c_{n−k}| ≤ C(n, k) · ∏_{k largest} ‖row‖₂,
 * and the primes are taken until their product exceeds twice the largest of these bounds. No
 * early termination: the result is proven, not probable.
 * QQ: A = B/d with d the lcm of the denominators, χ_A(x) = d^{−n} χ_B(d x).
 * GF(p): Hessenberg over GF(p) (doubles below 2^26, bigints above).
 */
import { bitLength, mod, modInverse } from "../integer.js";
import { smallModulus } from "../matrix.js";
import { primeField } from "../poly/rings.js";
import { rational, type Rational } from "../rational.js";
import { charpolyHessenberg } from "./field.js";

type Tick = () => void;
const noop: Tick = () => {};

/** a·b mod p for residues below p < 2^26 (exact double product, floating quotient fixed up). */
function mulmod(a: number, b: number, p: number, invP: number): number {
  const x = a * b;
  const r = x - Math.floor(x * invP) * p;
  return r < 0 ? r + p : r >= p ? r - p : r;
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
 * det(xI − A) mod p for a prime p < 2^26 and A given row-major as residues in [0, p) in a flat
 * array of n² doubles (destroyed), little-endian, length n+1.
 */
export function charpolyModSmallPrime(H: Float64Array, n: number, p: number): Float64Array {
  const invP = 1 / p;
  for (let m = 1; m < n - 1; m++) {
    let i = -1;
    for (let r = m; r < n; r++) if (H[r * n + m - 1] !== 0) { i = r; break; }
    if (i < 0) continue;
    if (i !== m) {
      for (let j = 0; j < n; j++) { const t = H[i * n + j]!; H[i * n + j] = H[m * n + j]!; H[m * n + j] = t; }
      for (let r = 0; r < n; r++) { const t = H[r * n + i]!; H[r * n + i] = H[r * n + m]!; H[r * n + m] = t; }
    }
    const inv = invmod(H[m * n + m - 1]!, p);
    const mo = m * n;
    for (let r = m + 1; r < n; r++) {
      const ro = r * n;
      const u = mulmod(H[ro + m - 1]!, inv, p, invP);
      if (u === 0) continue;
      const w = p - u;
      for (let j = m - 1; j < n; j++) {
        const x = H[ro + j]! + w * H[mo + j]!;
        const y = x - Math.floor(x * invP) * p;
        H[ro + j] = y < 0 ? y + p : y >= p ? y - p : y;
      }
      for (let t = 0; t < n; t++) {
        const to = t * n;
        const x = H[to + m]! + u * H[to + r]!;
        const y = x - Math.floor(x * invP) * p;
        H[to + m] = y < 0 ? y + p : y >= p ? y - p : y;
      }
    }
  }
  // leading principal minors of xI − H: P_k little-endian in a flat (n+1)×(n+1) table
  const N1 = n + 1;
  const P = new Float64Array(N1 * N1);
  P[0] = 1;
  for (let k = 1; k <= n; k++) {
    const po = (k - 1) * N1, co = k * N1;
    const hkk = H[(k - 1) * n + k - 1]!;
    const nh = hkk === 0 ? 0 : p - hkk;
    for (let i = 0; i < k; i++) P[co + i + 1] = P[po + i]!;
    for (let i = 0; i < k; i++) {
      const x = P[co + i]! + nh * P[po + i]!;
      const y = x - Math.floor(x * invP) * p;
      P[co + i] = y < 0 ? y + p : y >= p ? y - p : y;
    }
    let prod = 1;
    for (let i = k - 1; i >= 1; i--) {
      prod = mulmod(prod, H[i * n + i - 1]!, p, invP);
      if (prod === 0) break;
      const h = H[(i - 1) * n + k - 1]!;
      if (h === 0) continue;
      const f = p - mulmod(h, prod, p, invP);
      const qo = (i - 1) * N1;
      for (let t = 0; t < i; t++) {
        const x = P[co + t]! + f * P[qo + t]!;
        const y = x - Math.floor(x * invP) * p;
        P[co + t] = y < 0 ? y + p : y >= p ? y - p : y;
      }
    }
  }
  return P.slice(n * N1, n * N1 + N1);
}

/**
 * An integer matrix prepared for reduction modulo many primes p < 2^26: entries below 2^53 as
 * doubles (reduced by fmod), larger ones reduced through bigints.
 */
export class FlatResidues {
  readonly n: number;
  readonly cols: number;
  private readonly small: Float64Array;
  private readonly big: { at: number; v: bigint }[] = [];
  constructor(A: readonly (readonly bigint[])[]) {
    this.n = A.length;
    this.cols = A.length ? A[0]!.length : 0;
    this.small = new Float64Array(this.n * this.cols);
    const LIM = 2n ** 53n;
    A.forEach((r, i) => r.forEach((v, j) => {
      if (v > -LIM && v < LIM) this.small[i * this.cols + j] = Number(v);
      else this.big.push({ at: i * this.cols + j, v });
    }));
  }
  reduce(p: number): Float64Array {
    const out = new Float64Array(this.small.length);
    for (let i = 0; i < out.length; i++) {
      const x = this.small[i]! % p;
      out[i] = x < 0 ? x + p : x;
    }
    const P = BigInt(p);
    for (const { at, v } of this.big) out[at] = Number(mod(v, P));
    return out;
  }
}

/** Residues of an integer matrix modulo p < 2^26 as rows of doubles. */
export function residues(A: readonly (readonly bigint[])[], p: number): Float64Array[] {
  const f = new FlatResidues(A).reduce(p);
  const c = A.length ? A[0]!.length : 0;
  return A.map((_, i) => f.slice(i * c, i * c + c));
}

/**
 * Bits of a proven bound B with |every coefficient of det(xI − A)| ≤ B (see the module comment).
 */
export function charpolyBoundBits(A: readonly (readonly bigint[])[]): number {
  const n = A.length;
  const norms = A.map((r) => {
    let s = 0n;
    for (const v of r) s += v * v;
    return bitLength(s) / 2; // log2 ‖row‖ ≤ bitLength(‖row‖²)/2
  }).sort((a, b) => b - a);
  let best = 0, logBinom = 0, acc = 0;
  for (let k = 1; k <= n; k++) {
    logBinom += Math.log2((n - k + 1) / k);
    acc += norms[k - 1]!;
    best = Math.max(best, logBinom + acc);
  }
  return Math.ceil(best) + 2; // slack for the floating logarithms
}

/** Number of primes below 2^26 (largest first) whose product exceeds 2^bits. */
export function primesForBits(bits: number): number {
  let k = 0, acc = 0;
  while (acc <= bits + 1) acc += Math.log2(smallModulus(k++)) - 1e-9;
  return k;
}

/**
 * det(xI − A) for an integer matrix, little-endian (length n+1, monic), multimodular with CRT to
 * the proven bound. `tick` runs after each prime.
 */
export function integerCharpoly(A: readonly (readonly bigint[])[], tick: Tick = noop): bigint[] {
  const n = A.length;
  const bits = charpolyBoundBits(A);
  const count = primesForBits(bits + 1);
  let X: bigint[] = new Array(n + 1).fill(0n);
  let M = 1n;
  const src = new FlatResidues(A);
  for (let t = 0; t < count; t++) {
    const p = smallModulus(t);
    const c = charpolyModSmallPrime(src.reduce(p), n, p);
    const P = BigInt(p);
    const inv = modInverse(M % P, P)!;
    X = X.map((x, i) => {
      const diff = mod(BigInt(c[i]!) - x, P);
      return diff === 0n ? x : x + M * ((diff * inv) % P);
    });
    M *= P;
    tick();
  }
  const half = M / 2n;
  return X.map((x) => (x > half ? x - M : x));
}

/** det(xI − A) over QQ, little-endian: χ_A(x) = d^{−n} χ_B(d x) with B = d·A integral. */
export function rationalCharpoly(A: readonly (readonly Rational[])[], tick: Tick = noop): Rational[] {
  const n = A.length;
  let d = 1n;
  for (const r of A) for (const v of r) if (v.den !== 1n) d = (d / gcdB(d, v.den)) * v.den;
  const B = A.map((r) => r.map((v) => v.num * (d / v.den)));
  const c = integerCharpoly(B, tick);
  // coefficient of x^k: c_k(B) / d^{n−k}
  return c.map((v, k) => rational(v, d ** BigInt(n - k)));
}

function gcdB(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** det(xI − A) over GF(p) for residues A, little-endian. */
export function primeFieldCharpoly(A: readonly (readonly bigint[])[], p: bigint, tick: Tick = noop): bigint[] {
  if (p < 2n ** 26n) {
    const q = Number(p);
    return Array.from(charpolyModSmallPrime(new FlatResidues(A).reduce(q), A.length, q), (v) => BigInt(v));
  }
  return charpolyHessenberg(primeField(p), A.map((r) => r.slice()), tick);
}
