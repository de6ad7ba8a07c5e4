/**
 * Dixon's p-adic lifting for integer systems A·x = b with A nonsingular: one LU factorization of A
 * modulo a word-size prime p, then each step solves for the next p-adic digit of x
 * (x_i = A⁻¹·r mod p) and updates the residual exactly, r ← (r − A·x_i)/p. After K steps
 * Σ x_i·p^i ≡ A⁻¹·b (mod p^K), and rational reconstruction recovers x = A⁻¹b exactly once
 * p^K > 2·N·D for bounds N ≥ |numerators| and D ≥ denominators (Cramer and Hadamard).
 *
 * The word-size path here keeps everything in doubles: it requires |A_ij| < 2^32 (two signed
 * 16-bit limbs per entry), n ≤ 500 and |b_i| < 2^40; then every intermediate below is exact.
 */
import type { IntMatrix } from "../matrix.js";
import { delayedPrimeBits, FlatResidues, luModW, luSolveModW, wordPrime, type LuModW } from "./wordsize.js";

export const DIXON_ENTRY_LIMIT = 2n ** 32n;
export const DIXON_RHS_LIMIT = 2 ** 40;

/** Whether the word-size Dixon path applies (entries below 2^32). */
export function dixonApplies(a: IntMatrix): boolean {
  for (const row of a) for (const v of row) if (v >= DIXON_ENTRY_LIMIT || v <= -DIXON_ENTRY_LIMIT) return false;
  return true;
}

export interface DixonSystem {
  n: number;
  src: FlatResidues;
  p: number;
  lu: LuModW;
  lo: Float64Array;
  hi: Float64Array;
}

/**
 * Factor A modulo the first of the word-size primes (trying up to `tries` of them) at which A is
 * nonsingular; undefined when A is singular modulo all of them (then A is singular, or very
 * unlucky — callers fall back to another method).
 */
export function dixonSetup(a: IntMatrix, tries = 4): DixonSystem | undefined {
  const n = a.length;
  const bits = delayedPrimeBits(n);
  const src = new FlatResidues(a);
  for (let t = 0; t < tries; t++) {
    const p = wordPrime(bits, t);
    const lu = luModW(src.reduce(p), n, p);
    if (!lu) continue;
    const lo = new Float64Array(n * n), hi = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const v = Number(a[i]![j]!);
        const h = Math.trunc(v / 65536);
        hi[i * n + j] = h;
        lo[i * n + j] = v - h * 65536;
      }
    }
    return { n, src, p, lu, lo, hi };
  }
  return undefined;
}

/**
 * `steps` p-adic digits of A⁻¹·b as a generator (yields the steps done): returns digits[s][j] in
 * [0, p), the s-th digit of entry j.
 */
export function* dixonDigits(sys: DixonSystem, b: Float64Array, steps: number): Generator<number, Float64Array[], void> {
  const { n } = sys;
  const r = Float64Array.from(b);
  const rr = new Float64Array(n);
  const digits: Float64Array[] = [];
  for (let s = 0; s < steps; s++) {
    digits.push(dixonStep(sys, r, rr));
    yield s + 1;
  }
  return digits;
}

/** One lifting step (a plain function: generator bodies are optimized less well). */
function dixonStep(sys: DixonSystem, r: Float64Array, rr: Float64Array): Float64Array {
  const { n, p, lu, lo, hi } = sys;
  for (let i = 0; i < n; i++) { const v = r[i]! % p; rr[i] = v < 0 ? v + p : v; }
  const x = luSolveModW(lu, rr);
  // r ← (r − A·x)/p with A = 2^16·hi + lo: S0 = lo·x, S1 = hi·x (|S| < n·2^16·p < 2^48, exact);
  // S1 = a·p + c, so (r − S0 − 2^16·S1)/p = (r − S0 − 2^16·c)/p − 2^16·a, every term exact.
  for (let i = 0; i < n; i++) {
    const ii = i * n;
    let s0 = 0, s1 = 0;
    for (let j = 0; j < n; j++) { const xj = x[j]!; s0 += lo[ii + j]! * xj; s1 += hi[ii + j]! * xj; }
    const q = Math.floor(s1 / p);
    let c = s1 - q * p, qa = q;
    if (c < 0) { c += p; qa -= 1; } else if (c >= p) { c -= p; qa += 1; }
    r[i] = (r[i]! - s0 - 65536 * c) / p - 65536 * qa;
  }
  return x;
}

/** Entry j of Σ_s digits[s]·p^s as a bigint (digits paired in doubles, then Horner in base p²). */
export function dixonValue(digits: readonly Float64Array[], j: number, p: number): bigint {
  const P2 = BigInt(p) * BigInt(p);
  let v = 0n;
  let s = digits.length - 1;
  if (digits.length % 2 === 1) { v = BigInt(digits[s]![j]!); s--; }
  for (; s > 0; s -= 2) v = v * P2 + BigInt(digits[s]![j]! * p + digits[s - 1]![j]!);
  return v;
}
