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
import { bitLength, gcd } from "../integer.js";
import { boundFromSquares, type IntMatrix } from "../matrix.js";
import { rationalReconstruct } from "./crt.js";
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

/**
 * The unique solution of A·x = b for a nonsingular integer A (n×n, entries below 2^32) and an
 * integer b (entries below 2^40), as x = num/den with one common denominator den > 0, by Dixon
 * lifting to p^K > 2·N·H (H ≥ |det A| and N ≥ |det A_j|, A_j with column j replaced by b, both
 * Hadamard bounds: every x_j = det(A_j)/det(A) then has a unique reconstruction).
 * The common denominator d is built incrementally: an entry is rationally reconstructed only when
 * d·u_j (mod p^K) is not already a small numerator, which for random systems leaves one
 * reconstruction. The answer is then proven exactly (A·num = den·b in ZZ); undefined when the
 * word-size path does not apply, A is singular modulo the primes tried, or the proof fails
 * (impossible when the bounds hold) — callers fall back to elimination.
 */
export function* dixonSolveSteps(a: IntMatrix, b: readonly bigint[]): Generator<number, { num: bigint[]; den: bigint } | undefined, void> {
  if (a.length === 0 || b.length !== a.length || !dixonApplies(a)) return undefined;
  const sys = dixonSetup(a);
  if (!sys) return undefined;
  return yield* dixonSolveWith(sys, a, b);
}

/**
 * dixonSolveSteps on a factorization `sys` = dixonSetup(a) already made: several right-hand sides
 * share one LU factorization modulo p.
 */
export function* dixonSolveWith(sys: DixonSystem, a: IntMatrix, b: readonly bigint[]): Generator<number, { num: bigint[]; den: bigint } | undefined, void> {
  const n = a.length;
  if (n === 0 || n !== sys.n || b.length !== n) return undefined;
  const LIM = BigInt(DIXON_RHS_LIMIT);
  if (b.some((v) => v >= LIM || v <= -LIM)) return undefined;
  const { p } = sys;
  const H = boundFromSquares(a.map((row) => row.reduce((s, v) => s + v * v, 0n)));
  const N = boundFromSquares(a.map((row, i) => row.reduce((s, v) => s + v * v, 0n) + b[i]! * b[i]!));
  const target = bitLength(N) + bitLength(H) + 1; // p^K > 2^target ≥ 2·N·H
  const steps = Math.ceil((target + 1) / (Math.log2(p) - 1e-9));
  const digits = yield* dixonDigits(sys, Float64Array.from(b, (v) => Number(v)), steps);
  const M = BigInt(p) ** BigInt(steps);
  const half = M / 2n;
  let d = 1n;
  const ys: { y: bigint; at: bigint }[] = []; // numerator of at·x_j (at = the d in force then)
  for (let j = 0; j < n; j++) {
    const u = dixonValue(digits, j, p);
    let y = (d * u) % M;
    if (y > half) y -= M;
    if ((y < 0n ? -y : y) > N * d) {
      const x = rationalReconstruct(u, M, N, H);
      if (!x) return undefined;
      d = (d / gcd(d, x.den)) * x.den;
      y = (d * u) % M;
      if (y > half) y -= M;
    }
    ys.push({ y, at: d });
    if ((j & 15) === 15) yield steps;
  }
  const num = ys.map(({ y, at }) => y * (d / at));
  // The proof: A·num = d·b exactly (then x = num/d is the solution, A being nonsingular mod p).
  for (let i = 0; i < n; i++) {
    const row = a[i]!;
    let s = 0n;
    for (let j = 0; j < n; j++) if (row[j] !== 0n && num[j] !== 0n) s += row[j]! * num[j]!;
    if (s !== d * b[i]!) return undefined;
  }
  return { num, den: d };
}
