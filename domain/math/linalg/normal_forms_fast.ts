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
 *
 * Both share one factorization of A modulo a word prime for all their Dixon solves, and take D from
 * the first solution's denominator (a proven divisor of det A) and a few primes. The right-hand
 * sides are chosen so that their classes have full q-part for the small primes q ≤ 7 (where a
 * random c fails most often); a rank ≤ n − 2 modulo such a q proves the quotient not cyclic.
 */
import { gcd, modInverse } from "../integer.js";
import type { IntMatrix } from "../matrix.js";
import { determinantFromDivisorSteps } from "./determinant.js";
import { dixonApplies, dixonSetup, dixonSolveWith } from "./dixon.js";
import { invModW } from "./wordsize.js";

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
function rhs(n: number, t: number): Int32Array {
  let x = (0x2545f491 + 0x9e3779b9 * t) >>> 0;
  const c = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    c[i] = (x % 199) - 99;
  }
  return c;
}

/**
 * The class of c in Z^n / A·Z^n has order den(A⁻¹·c): a single random c generates a cyclic quotient
 * of order D with probability φ(D)/D (one half when D is even). The small primes q ≤ 13 are taken
 * out of that chance (see `rightHandSides`), so for random matrices the first c almost always
 * generates; up to GENERIC_TRIES right-hand sides are tried, k of them generating with probability
 * ∏_{p | D} (1 − p^(−k)) ≥ 1/ζ(k).
 */
export const GENERIC_TRIES = 5;

const SMALL_PRIMES = [2, 3, 5, 7];

/**
 * A^T·v ≡ 0 (mod q) for a small prime q, from T = A^T as int32 residues of a multiple of q:
 * "full" (A is invertible mod q), one kernel vector v (rank
 * n − 1), or "deficient" (rank ≤ n − 2: q divides two invariant factors, so Z^n / A·Z^n is not
 * cyclic). Forward elimination on int32 with delayed reduction (entries grow by < q² per step),
 * then back substitution for v.
 */
function leftKernelMod(T: Int32Array, n: number, q: number): "full" | "deficient" | Int32Array {
  const M = new Int32Array(n * n);
  for (let t = 0; t < M.length; t++) { const v = T[t]! % q; M[t] = v < 0 ? v + q : v; }
  const pivotCol: number[] = [];
  let r = 0, free = -1;
  for (let c = 0; c < n; c++) {
    let piv = -1;
    for (let i = r; i < n; i++) {
      const v = (M[i * n + c] = M[i * n + c]! % q);
      if (piv < 0 && v !== 0) piv = i;
    }
    if (piv < 0) {
      if (free >= 0) return "deficient";
      free = c;
      continue;
    }
    const rr = r * n;
    if (piv !== r) for (let j = c; j < n; j++) { const t = M[rr + j]!; M[rr + j] = M[piv * n + j]!; M[piv * n + j] = t; }
    for (let j = c + 1; j < n; j++) M[rr + j] = M[rr + j]! % q;
    const ninv = q - invModW(M[rr + c]!, q);
    for (let i = r + 1; i < n; i++) {
      const ii = i * n;
      const f = (M[ii + c]! * ninv) % q;
      if (f === 0) continue;
      for (let j = c + 1; j < n; j++) M[ii + j] = M[ii + j]! + f * M[rr + j]!;
    }
    pivotCol.push(c);
    r++;
  }
  if (r === n) return "full";
  // one free column: v_free = 1, the pivot unknowns by back substitution on the echelon rows
  const v = new Int32Array(n);
  v[free] = 1;
  for (let k = r - 1; k >= 0; k--) {
    const c = pivotCol[k]!, kk = k * n;
    let s = 0;
    for (let j = c + 1; j < n; j++) s += M[kk + j]! * v[j]!;
    s %= q;
    v[c] = ((q - (s < 0 ? s + q : s)) % q * invModW(M[kk + c]!, q)) % q;
  }
  return v;
}

/**
 * Right-hand sides for the generic forms, or undefined when Z^n / A·Z^n is provably not cyclic.
 * For a small prime q with rank(A mod q) = n − 1, the class of c has full q-part exactly when
 * v·c ≢ 0 (mod q), v spanning the left kernel of A mod q (adj(A) ≡ u·vᵀ up to a unit, so
 * D·A⁻¹·c ≡ ±u·(v·c)); those c come first. Correctness does not depend on the choice.
 */
function rightHandSides(A: IntMatrix): bigint[][] | undefined {
  const n = A.length;
  const kernels: { q: number; v: Int32Array }[] = [];
  // A^T with entries reduced modulo 2^24·∏q' (the product of the small primes), so every q divides the modulus
  const W = SMALL_PRIMES.reduce((m, q) => m * q, 1 << 16), WB = BigInt(W);
  const T = new Int32Array(n * n);
  for (let i = 0; i < n; i++) {
    const row = A[i]!;
    for (let j = 0; j < n; j++) {
      const v = row[j]!;
      T[j * n + i] = v < 8388608n && v > -8388608n ? Number(v) : Number(v % WB);
    }
  }
  for (const q of SMALL_PRIMES) {
    const k = leftKernelMod(T, n, q);
    if (k === "deficient") return undefined;
    if (k !== "full") kernels.push({ q, v: k });
  }
  const good: bigint[][] = [], rest: bigint[][] = [];
  for (let t = 0; t < 64 && good.length < GENERIC_TRIES; t++) {
    const c = rhs(n, t);
    const ok = kernels.every(({ q, v }) => {
      let s = 0;
      for (let j = 0; j < n; j++) s += v[j]! * c[j]!;
      return s % q !== 0;
    });
    (ok ? good : rest).push(Array.from(c, BigInt));
  }
  return [...good, ...rest].slice(0, GENERIC_TRIES);
}

/**
 * D = |det A| and the Dixon solutions x = A⁻¹·c_t one at a time, all on one factorization of A
 * modulo p, D from the first solution's denominator (a proven divisor of det A) and a few primes
 * (undefined: singular modulo the primes tried, not cyclic modulo a small prime, or beyond the
 * word-size path).
 */
function* solutions(A: IntMatrix, tick: Tick): Generator<{ D: bigint; num: bigint[]; den: bigint }, void, void> {
  const n = A.length;
  if (n === 0 || A.some((r) => r.length !== n) || !dixonApplies(A)) return;
  const cs = rightHandSides(A);
  if (!cs) return;
  tick();
  const sys = dixonSetup(A);
  if (!sys) return;
  let D: bigint | undefined;
  for (const c of cs) {
    const x = drain(dixonSolveWith(sys, A, c), tick);
    if (!x) return;
    if (D === undefined) {
      const det = drain(determinantFromDivisorSteps(A, sys, x.den), tick);
      D = det < 0n ? -det : det;
    }
    if (D === 0n || D % x.den !== 0n) return;
    yield { D, num: x.num, den: x.den };
  }
}

/**
 * When x_1 = A⁻¹·c_1 does not give a unit w_n, x_1 + λ·x_t (the solution for c_1 + λ·c_t) is tried
 * for λ = 1 … LAMBDA_TRIES before another system is solved: a scalar test per λ, no lifting.
 */
const LAMBDA_TRIES = 16n;

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
  let first: bigint[] | undefined; // w = D·x_1
  const unit = (v: bigint, D: bigint) => gcd(((v % D) + D) % D, D) === 1n;
  for (const { D, num, den } of solutions(A, tick)) {
    if (D === 1n) return A.map((_, i) => A.map((__, j) => (i === j ? 1n : 0n)));
    const f = D / den;
    const w = num.map((v) => v * f);
    let pick: bigint[] | undefined;
    if (unit(w[n - 1]!, D)) pick = w;
    // When c generates Z^n/A·Z^n (den = D) every generator gives w up to a unit modulo D, so a
    // w_n that is not a unit means the pivots are not 1, …, 1, D: no other c can help.
    else if (den === D) return undefined;
    else if (first) {
      const w1 = first;
      for (let lam = 1n; lam <= LAMBDA_TRIES && !pick; lam++) if (unit(w1[n - 1]! + lam * w[n - 1]!, D)) pick = w1.map((v, j) => v + lam * w[j]!);
    }
    first ??= w;
    if (!pick) continue;
    // Any integral w = D·A⁻¹·c with w_n a unit gives the candidate; the proof below does not depend on how c was chosen.
    const wn = ((pick[n - 1]! % D) + D) % D;
    const inv = modInverse(wn, D)!;
    const h = pick.slice(0, n - 1).map((v) => (((-v * inv) % D) + D) % D);
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
