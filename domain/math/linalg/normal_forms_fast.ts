/**
 * Fast, proven normal forms of nonsingular square integer matrices in the generic case, from
 * D = |det A| (multimodular, determinant.ts) and one Dixon solution x = A⁻¹·c (dixon.ts). Both
 * return undefined outside the case they prove; callers then run the general algorithms
 * (normal_forms.ts). For random matrices the generic case is the rule (Z^n / L(A) is cyclic with
 * probability ≈ 0.85), and these replace O(n³) operations on determinant-size integers by one
 * determinant and one lifting.
 *
 * Smith form. A⁻¹ = V·diag(1/s_i)·U (U, V unimodular), so s_n·A⁻¹ is integral: the common
 * denominator d of x = A⁻¹·c divides the largest invariant factor s_n, and s_n divides
 * D = s_1···s_n. When d = D, then s_n = D and s_1 = … = s_{n−1} = 1 — proven, whatever c was.
 *
 * Hermite form (row style, H = U·A upper triangular with entries above a pivot reduced into
 * [0, pivot)). Let w = D·x (integral). If w_n is a unit modulo D, the candidate
 *   H = rows e_i + h_i·e_n (i < n), h_i = −w_i·w_n⁻¹ mod D, and D·e_n
 * is in Hermite form with |det H| = D. y ∈ L(H) ⇔ y_n ≡ Σ_{i<n} y_i·h_i (mod D), so checking
 * that every row of A satisfies this congruence proves L(A) ⊆ L(H); equal determinants then give
 * L(A) = L(H), and H is the Hermite form by uniqueness.
 */
import { gcd, modInverse } from "../integer.js";
import type { IntMatrix } from "../matrix.js";
import { integerDeterminant } from "./determinant.js";
import { dixonApplies, dixonSolveSteps } from "./dixon.js";

type Tick = () => void;
const noop: Tick = () => {};

function drain<T>(g: Generator<unknown, T, void>, tick: Tick): T {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
    tick();
  }
}

/** The t-th right-hand side: pseudo-random entries in [−99, 99] (correctness does not depend on them). */
function rhs(n: number, t: number): bigint[] {
  let x = (0x2545f491 + 0x9e3779b9 * t) >>> 0;
  return Array.from({ length: n }, () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return BigInt((x % 199) - 99);
  });
}

/**
 * The class of c in Z^n / A·Z^n has order den(A⁻¹·c): a single c generates a cyclic quotient of
 * order D with probability φ(D)/D (one half when D is even), so up to GENERIC_TRIES right-hand sides are
 * tried; k of them generate it with probability ∏_{p | D} (1 − p^(−k)) ≥ 1/ζ(k).
 */
export const GENERIC_TRIES = 5;

/** Whether the generic path can apply: square, at least `minDim`, entries below 2^32 (the word-size Dixon path). */
export function genericApplies(A: IntMatrix, minDim: number): boolean {
  const n = A.length;
  return n >= minDim && A.every((r) => r.length === n) && dixonApplies(A);
}

/** D = |det A| and the Dixon solutions x = A⁻¹·c_t one at a time (undefined: singular, or beyond the word-size path). */
function* solutions(A: IntMatrix, tick: Tick): Generator<{ D: bigint; num: bigint[]; den: bigint }, void, void> {
  const n = A.length;
  if (n === 0 || A.some((r) => r.length !== n)) return;
  const det = integerDeterminant(A);
  if (det === 0n) return;
  const D = det < 0n ? -det : det;
  for (let t = 0; t < GENERIC_TRIES; t++) {
    const x = drain(dixonSolveSteps(A, rhs(n, t)), tick);
    if (!x || D % x.den !== 0n) return;
    yield { D, num: x.num, den: x.den };
  }
}

/**
 * Below these dimensions the general algorithms are as fast (measured, CPU time, random entries in
 * [−99, 99]: Smith at n = 20 about equal, at 40 the generic path 3–16 ms against 17–33 ms; Hermite
 * (Kannan–Bachem without transform) at 20 0.93 ms against 0.90 ms for the determinant and a Dixon
 * solve, at 30 2.7 against 1.2 ms, at 40 6.5 against 1.6 ms, at 150 600 against 65 ms — since
 * the word-size kernels reduce without fmod; before, the crossover was near 60).
 */
export const SMITH_GENERIC_MIN_DIM = 30;
export const HERMITE_GENERIC_MIN_DIM = 24;

/** The invariant factors [1, …, 1, |det A|] when they are that (see the module comment), else undefined. */
export function smithGeneric(A: IntMatrix, tick: Tick = noop): bigint[] | undefined {
  let d = 1n, stale = 0;
  for (const s of solutions(A, tick)) {
    const next = (d / gcd(d, s.den)) * s.den;
    stale = next === d ? stale + 1 : 0;
    d = next;
    if (d === s.D) return [...new Array<bigint>(A.length - 1).fill(1n), s.D];
    if (stale >= 2) return undefined; // the order stopped growing: most likely not cyclic
  }
  return undefined;
}

/** The row-style Hermite form when its pivots are 1, …, 1, |det A| (see the module comment), else undefined. */
export function hermiteGeneric(A: IntMatrix, tick: Tick = noop): bigint[][] | undefined {
  const n = A.length;
  for (const { D, num, den } of solutions(A, tick)) {
    if (D === 1n) return A.map((_, i) => A.map((__, j) => (i === j ? 1n : 0n)));
    const f = D / den;
    const w = num.map((v) => v * f);
    const wn = ((w[n - 1]! % D) + D) % D;
    if (gcd(wn, D) !== 1n) {
      // When c generates Z^n/A·Z^n (den = D) every generator gives w up to a unit modulo D, so a
      // w_n that is not a unit means the pivots are not 1, …, 1, D: no other c can help.
      if (den === D) return undefined;
      continue;
    }
    const inv = modInverse(wn, D)!;
    const h = w.slice(0, n - 1).map((v) => (((-v * inv) % D) + D) % D);
    // the proof: every row of A lies in L(H)
    for (const row of A) {
      tick();
      let s2 = row[n - 1]!;
      for (let i = 0; i < n - 1; i++) if (row[i] !== 0n && h[i] !== 0n) s2 -= row[i]! * h[i]!;
      if (s2 % D !== 0n) return undefined;
    }
    return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === n - 1 ? (j === n - 1 ? D : 0n) : j === i ? 1n : j === n - 1 ? h[i]! : 0n)));
  }
  return undefined;
}
