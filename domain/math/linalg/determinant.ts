/**
 * Integer determinants, two proven methods:
 *
 * 1. Multimodular: det(A) mod p for word-size primes p (Gaussian elimination with delayed
 *    reduction, see wordsize.ts), combined by the Chinese remainder theorem until the product M
 *    of the primes exceeds 2H, H Hadamard's bound; det(A) is the symmetric residue modulo M
 *    (|det| ≤ H < M/2: one candidate). No "stable for a few extra primes" stopping rule.
 *
 * 2. Divisor first (Abbott–Bronstein–Mulders): solve A·x = b for a small b by Dixon lifting
 *    (dixon.ts) to the precision that makes rational reconstruction unique (p^K > 2·N·H, N a
 *    Hadamard bound on the Cramer numerators), so x₀ = num/den exactly. Since det(A)·x₀ =
 *    det(A₀) ∈ ZZ and gcd(num, den) = 1, den divides det(A) — a proven divisor d (the lcm over a
 *    few entries). Then det = d·q with |q| ≤ H/d, and q is found by CRT from det(A)·d⁻¹ mod
 *    primes whose product exceeds 2H/d. For random matrices d is det(A) up to a tiny cofactor, so
 *    a handful of primes replace hundreds; the lifting costs O(n²) per 22-bit digit, against
 *    O(n³) per prime. Used when n ≥ DIXON_MIN_DIM and entries are below 2^32 (the word-size
 *    Dixon path); otherwise, and when A is singular modulo the first primes, method 1.
 *
 * Both keep what they have done in a DeterminantProgress the caller may save and pass back to
 * resume (a job taken over by another worker): the divisor once known, and det(A) mod each prime
 * done. A resumed run skips the lifting and recomputes no residue it was given.
 */
import { bitLength } from "../integer.js";
import { boundFromSquares, hadamardBound, lcm, type IntMatrix } from "../matrix.js";
import { Crt, rationalReconstruct } from "./crt.js";
import { dixonApplies, dixonDigits, dixonSetup, dixonValue, type DixonSystem } from "./dixon.js";
import { delayedPrimeBits, detModW, FlatResidues, invModW, mulModW, wordPrime } from "./wordsize.js";

/** Below this dimension plain multimodular elimination is as fast (measured: crossover ≈ 12–20). */
export const DIXON_MIN_DIM = 20;

/** Primes below 2^delayedPrimeBits(n) whose product exceeds 2^(hBits+1) (for preflight). */
export function primesForBits(hBits: number, n: number): number {
  return Math.ceil((hBits + 2) / (delayedPrimeBits(n) - 0.01));
}

/**
 * How far a determinant computation got: the proven divisor d of det(A) the residues are combined
 * with (1 for the plain method; undefined until known) and det(A) mod p for the primes done, in
 * order. The generator fills it in; pass a filled one back to resume.
 */
export interface DeterminantProgress {
  d?: bigint;
  residues: [p: number, det: number][];
}

/**
 * det(A) over ZZ as a generator: yields progress (steps done; about `determinantWork(n, hBits)`
 * in total) and returns det(A). `done` records the work (and, when given filled, resumes it).
 */
export function* determinantSteps(a: IntMatrix, done: DeterminantProgress = { residues: [] }): Generator<number, bigint, void> {
  const n = a.length;
  if (n === 0) return 1n;
  const H = hadamardBound(a);
  if (H === 0n) return 0n;
  if (done.d !== undefined && done.d > 0n) return yield* multimodularSteps(new FlatResidues(a), n, H, done.d, undefined, done);
  done.residues.length = 0; // residues mean nothing without their divisor
  if (n >= DIXON_MIN_DIM && dixonApplies(a)) {
    const d = yield* divisorFirstSteps(a, H, done);
    if (d !== undefined) return d;
  }
  done.d = 1n;
  return yield* multimodularSteps(new FlatResidues(a), n, H, 1n, undefined, done);
}

/**
 * det(A) = d·q for a known divisor d of det(A): q by CRT of det(A)·d⁻¹ modulo primes not dividing
 * d until their product exceeds 2·⌈H/d⌉. Residues already in `done` are used, not recomputed.
 */
function* multimodularSteps(src: FlatResidues, n: number, H: bigint, d: bigint, known: { p: number; det: number } | undefined, done: DeterminantProgress): Generator<number, bigint, void> {
  const Q = (H + d - 1n) / d;
  const need = bitLength(Q) + 2; // log2 M > bits(Q) + 1 ≥ log2(2Q)
  const bits = delayedPrimeBits(n);
  const buf = new Float64Array(n * n);
  const crt = new Crt();
  const given = new Map(done.residues.filter(([p, r]) => Number.isSafeInteger(p) && Number.isSafeInteger(r) && r >= 0 && r < p));
  done.residues = [];
  let have = 0;
  for (let i = 0; have <= need; i++) {
    const p = wordPrime(bits, i);
    const dp = Number(d % BigInt(p));
    if (dp === 0) continue;
    const old = given.get(p);
    const det = old ?? (known && known.p === p ? known.det : detModW(src.reduce(p, buf), n, p));
    done.residues.push([p, det]);
    crt.add(d === 1n ? det : mulModW(det, invModW(dp, p), p), p);
    have += Math.log2(p) - 1e-9;
    if (old === undefined) yield 1;
  }
  return d * crt.symmetric();
}

function* divisorFirstSteps(a: IntMatrix, H: bigint, done: DeterminantProgress): Generator<number, bigint | undefined, void> {
  const n = a.length;
  const sys = dixonSetup(a);
  if (!sys) return undefined;
  const { p } = sys;
  // A small deterministic right-hand side (correctness does not depend on it, only d's size).
  const b = new Float64Array(n);
  let s = 0x2545f491;
  for (let i = 0; i < n; i++) { s = (s * 48271) % 2147483647; b[i] = (s % 199) - 99 || 1; }
  // N ≥ |det(A_j)| for every j (A_j: column j replaced by b): rows with entry j replaced by b_i.
  const N = boundFromSquares(a.map((row, i) => row.reduce((acc, v) => acc + v * v, 0n) + BigInt(b[i]! * b[i]!)));
  const target = bitLength(N) + bitLength(H) + 1; // p^K > 2^target ≥ 2·N·H
  const steps = Math.ceil((target + 1) / (Math.log2(p) - 1e-9));
  const digits = yield* dixonDigits(sys, b, steps);
  const M = BigInt(p) ** BigInt(steps);
  // The lcm of the denominators of a few entries. Reconstruction is the costly part, so an entry
  // is reconstructed only when d·x_j does not already look integral (its symmetric residue is not
  // within N·d): for random matrices the first denominator is the largest invariant factor.
  let d = 1n;
  for (let j = 0; j < Math.min(n, 4); j++) {
    const u = dixonValue(digits, j, p);
    if (j > 0) {
      let y = (d * u) % M;
      if (2n * y > M) y = M - y;
      if (y <= N * d) continue;
    }
    const x = rationalReconstruct(u, M, N, H);
    if (!x) return undefined; // impossible when the bounds hold; fall back rather than guess
    d = lcm(d, x.den);
  }
  done.d = d;
  return yield* multimodularSteps(sys.src, n, H, d, { p, det: sys.lu.det }, done);
}

/**
 * det(A) from a proven divisor d of det(A) — the denominator of a Dixon solution x = A⁻¹·b on the
 * factorization `sys` (det(A)·x = the Cramer numerators is integral) — by CRT of det(A)·d⁻¹ modulo
 * primes whose product exceeds 2H/d; det(A) mod sys.p comes with the factorization.
 */
export function* determinantFromDivisorSteps(a: IntMatrix, sys: DixonSystem, d: bigint): Generator<number, bigint, void> {
  const H = hadamardBound(a);
  if (H === 0n) return 0n;
  return yield* multimodularSteps(sys.src, a.length, H, d, { p: sys.p, det: sys.lu.det }, { residues: [] });
}

/** det(A) over ZZ. */
export function integerDeterminant(a: IntMatrix): bigint {
  const it = determinantSteps(a);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}

/** Plain multimodular det(A) (method 1 only), for tests and as the independent second method. */
export function multimodularDeterminant(a: IntMatrix): bigint {
  const n = a.length;
  if (n === 0) return 1n;
  const H = hadamardBound(a);
  if (H === 0n) return 0n;
  const it = multimodularSteps(new FlatResidues(a), n, H, 1n, undefined, { residues: [] });
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}

/**
 * Modular multiply-add steps of determinantSteps for an n×n matrix whose Hadamard bound has
 * hBits bits (typical case; `dixon`: entries below 2^32): see the module comment.
 */
export function determinantWork(n: number, hBits: number, dixon: boolean): number {
  const b = delayedPrimeBits(n);
  const cube = (n * n * n) / 3;
  if (!dixon || n < DIXON_MIN_DIM) return Math.ceil((hBits + 2) / b) * (cube + n * n);
  const steps = Math.ceil((2 * hBits + 4) / b);
  return cube + steps * 3 * n * n + 8 * (cube + n * n);
}
