/**
 * Diophantine equations: linear equations a1·x1 + … + an·xn = c over the integers (particular
 * solution and a Hermite-normal-form basis of the solution lattice), Pell's equation
 * x² − D·y² = ±1 (fundamental solution from the period of the continued fraction of √D), and an
 * independent minimality test for a claimed Pell solution (k-th roots in Z[√D], excluded by power
 * residues modulo auxiliary primes and settled exactly when a residue test cannot exclude them).
 */
import { convergentMatrix, matrixProduct, SqrtContinuedFraction, transpose, type ConvergentMatrix } from "./continued_fraction.js";
import { abs, bitLength, extendedGcd, isSquare, isqrt, jacobi } from "./integer.js";
import { decidePrimality } from "./primality.js";
import { floorDiv } from "./rational.js";

/* ---------- linear equations ---------- */

export interface KernelVector {
  /** First non-zero coordinate (0-based). */
  pivot: number;
  /** Its value, > 0. */
  value: bigint;
  vector: bigint[];
}

export interface LinearSolution {
  /** gcd(a1, …, an) ≥ 0. */
  gcd: bigint;
  solvable: boolean;
  /** The reduced particular solution (when solvable). */
  particular?: bigint[];
  /** A basis of the integer solutions of a·x = 0, in Hermite normal form (pivots ascending). */
  kernel: KernelVector[];
  /** The coordinate without a pivot (undefined when every coefficient is 0). */
  free?: number;
}

/** v ← v − q·k on the coordinates where k can be non-zero (≥ its pivot). */
function subtractMultiple(v: bigint[], k: KernelVector, q: bigint): void {
  if (q === 0n) return;
  for (let j = k.pivot; j < v.length; j++) if (k.vector[j] !== 0n) v[j]! -= q * k.vector[j]!;
}

/** Reduce v at the pivots of `kernel` from index `from` on (ascending): 0 ≤ v[pivot] < value. */
function reduceAt(v: bigint[], kernel: readonly KernelVector[], from = 0): void {
  for (let i = from; i < kernel.length; i++) {
    const k = kernel[i]!;
    subtractMultiple(v, k, floorDiv(v[k.pivot]!, k.value));
  }
}

/**
 * All integer solutions of a·x = c, as x = particular + Σ t_j·kernel_j (t ∈ Z^{n−1}, or Z^n when a = 0).
 *
 * Coefficients are absorbed from the last to the first with extended gcds: with g = gcd(a_{i+1..n})
 * and w such that a·w = g, gcd(a_i, g) = g' = s·a_i + t·g gives w' = s·e_i + t·w and the kernel vector
 * (g/g')·e_i − (a_i/g')·w with pivot i; a zero coefficient gives the kernel vector e_i. The matrix of
 * the kernel vectors and w is unimodular at each stage, so the kernel vectors are a lattice basis.
 * Every new vector is reduced against the later pivots at once, which keeps entries small and
 * leaves the kernel basis in Hermite normal form: pivots ascending with positive pivot values, and
 * the entries of each vector at later pivots in [0, pivot value). The particular solution is
 * (c/g)·w reduced the same way: 0 ≤ x[p] < value at every pivot p. Both are canonical — they depend
 * only on the equation, not on the algorithm.
 */
export function solveLinear(a: readonly bigint[], c: bigint, checkpoint?: () => void): LinearSolution {
  const n = a.length;
  const zeros = (): bigint[] => new Array<bigint>(n).fill(0n);
  let g = 0n;
  let w: bigint[] | undefined;
  let free: number | undefined;
  const kernel: KernelVector[] = []; // ascending pivots: new vectors go first
  for (let i = n - 1; i >= 0; i--) {
    checkpoint?.();
    const ai = a[i]!;
    if (ai === 0n) {
      const e = zeros();
      e[i] = 1n;
      kernel.unshift({ pivot: i, value: 1n, vector: e });
      continue;
    }
    if (w === undefined) {
      w = zeros();
      w[i] = ai < 0n ? -1n : 1n;
      g = abs(ai);
      free = i;
      continue;
    }
    const { gcd: g2, x: s, y: t } = extendedGcd(ai, g);
    const f = ai / g2;
    const k = zeros();
    const wn = zeros();
    for (let j = i + 1; j < n; j++) {
      if (w[j] === 0n) continue;
      k[j] = -f * w[j]!;
      wn[j] = t * w[j]!;
    }
    k[i] = g / g2;
    wn[i] = s;
    const kv: KernelVector = { pivot: i, value: g / g2, vector: k };
    reduceAt(k, kernel);
    kernel.unshift(kv);
    reduceAt(wn, kernel);
    w = wn;
    g = g2;
  }
  if (w === undefined) {
    // Every coefficient is 0: solvable iff c = 0, and then every vector is a solution.
    return c === 0n ? { gcd: 0n, solvable: true, particular: zeros(), kernel } : { gcd: 0n, solvable: false, kernel };
  }
  if (c % g !== 0n) return { gcd: g, solvable: false, kernel, ...(free !== undefined ? { free } : {}) };
  const q = c / g;
  const x = w.map((v) => v * q);
  reduceAt(x, kernel);
  return { gcd: g, solvable: true, particular: x, kernel, ...(free !== undefined ? { free } : {}) };
}

export const dot = (a: readonly bigint[], x: readonly bigint[]): bigint => {
  let s = 0n;
  for (let i = 0; i < a.length; i++) if (a[i] !== 0n && x[i] !== 0n) s += a[i]! * x[i]!;
  return s;
};

/* ---------- Pell's equation ---------- */

export interface PellOptions {
  /** The solution x of x² − D·y² = 1 may have at most this many decimal digits. */
  maxDigits: number;
  /** Keep the period a1 … aℓ of the continued fraction of √D. */
  keepPeriod?: boolean;
  checkpoint?: () => void;
  /** Digits the convergents have reached; no total: the period may end long before the cap. */
  progress?: (done: number, total?: number, message?: string) => void;
}

export type PellResult =
  | {
      status: "COMPLETE";
      /** Terms of the continued fraction of √D developed (about half the period). */
      steps: number;
      /** Fundamental solution of x² − D·y² = 1. */
      x: bigint;
      y: bigint;
      periodLength: number;
      /** Fundamental solution of x² − D·y² = −1 when the period is odd (exactly when one exists). */
      negative?: { x: bigint; y: bigint };
      a0: bigint;
      period?: bigint[];
    }
  | {
      status: "INCOMPLETE";
      /** Terms of the continued fraction of √D developed before stopping. */
      steps: number;
      /** Known when the whole period was developed and only the solution was too large. */
      periodLength?: number;
    };

/**
 * Fundamental solution of x² − D·y² = 1 for a non-square D > 1. The continued fraction of √D has a
 * period a1 … aℓ (aℓ = 2·a0); with p/q the convergent [a0; a1, …, a_{ℓ−1}], p² − D·q² = (−1)^ℓ.
 * For even ℓ, (p, q) is the fundamental solution; for odd ℓ, (p, q) is the fundamental solution of
 * the −1 equation and (p² + D·q², 2·p·q) that of the +1 equation.
 *
 * Half the period suffices: a1 … a_{ℓ−1} is a palindrome, and the middle shows in the complete
 * quotients (m_k + √D)/d_k — the first k ≥ 1 with m_k = m_{k+1} gives ℓ = 2k, with d_k = d_{k+1}
 * gives ℓ = 2k + 1. The product of the term matrices M(a) = [[a, 1], [1, 0]] over a palindrome is
 * H·M(a_k)·Hᵀ (even ℓ) or H·Hᵀ (odd ℓ) with H the product over a1 … a_{k−1} or a1 … a_k, computed
 * by binary splitting; then [[p, ·], [q, ·]] = M(a0)·(that product).
 *
 * The period's length is not known in advance (it can be of order √D·log D, and the solution as
 * many digits), so the walk tracks log10 q_k in floating point (q_k/q_{k−1} = a_k + q_{k−2}/q_{k−1}).
 * While the middle is not reached at step k, ℓ ≥ 2k and q_{ℓ−1} ≥ q_k·q_{k−1} (continuants are
 * super-multiplicative and the second half mirrors the first), so the walk stops — status
 * INCOMPLETE — as soon as that lower bound shows x > 10^maxDigits; the number of steps is at most
 * about 2.4·maxDigits (q_k ≥ F_{k+1}). A final exact comparison applies the cap to x itself.
 */
export function solvePell(D: bigint, opts: PellOptions): PellResult {
  const cf = new SqrtContinuedFraction(D);
  const numeric = cf.a0 < 2n ** 50n;
  const terms: (bigint | number)[] = [numeric ? Number(cf.a0) : cf.a0];
  const half = Math.log10(Number(D)) / 2; // log10 √D (D ≤ 10^300 fits a double)
  const cap = opts.maxDigits;
  const certainlyAbove = (log10x: number): boolean => log10x >= cap + 0.5; // the margin covers the rounding of the sums
  let lq = 0, lqPrev = 0; // log10 q_k and log10 q_{k−1} for the last accepted k
  let ratio = Infinity; // q_k / q_{k−1}
  let prevM = cf.m, prevD = cf.d;
  let shape: "short" | "even" | "odd";
  let j: number; // the middle index
  for (;;) {
    const end = cf.step();
    const k = cf.index;
    if (end) {
      shape = "short"; // ℓ = 1 or 2: the middle is not seen before the end
      j = k;
      break;
    }
    terms.push(numeric ? Number(cf.a) : BigInt(cf.a));
    if (k >= 2 && cf.m === prevM) {
      shape = "even";
      j = k - 1;
      break;
    }
    if (k >= 2 && cf.d === prevD) {
      shape = "odd";
      j = k - 1;
      break;
    }
    prevM = cf.m;
    prevD = cf.d;
    ratio = Number(cf.a) + 1 / ratio;
    lqPrev = lq;
    lq += Math.log10(ratio);
    if ((k & 1023) === 0) {
      opts.checkpoint?.();
      const digits = Math.min(cap, Math.floor(lq + lqPrev + half));
      opts.progress?.(digits, undefined, `continued fraction of √D: convergents of ${digits} digits (the search stops at ${cap})`);
    }
    if (certainlyAbove(lq + lqPrev + half)) return { status: "INCOMPLETE", steps: k };
  }
  const periodLength = shape === "short" ? j : shape === "even" ? 2 * j : 2 * j + 1;
  const odd = periodLength % 2 === 1;
  // Lower bounds on log10 x from the half developed (lq = log10 q_j, lqPrev = log10 q_{j−1}).
  if (shape !== "short") {
    const logq = shape === "even" ? lq + lqPrev : 2 * lq;
    if (certainlyAbove(odd ? 2 * (logq + half) + Math.log10(2) : logq + half)) return { status: "INCOMPLETE", steps: cf.index, periodLength };
  }
  let full: ConvergentMatrix;
  if (shape === "short") full = convergentMatrix(terms, 0, periodLength, opts.checkpoint);
  else {
    const H = convergentMatrix(terms, 1, shape === "even" ? j : j + 1, opts.checkpoint);
    const B = shape === "even" ? matrixProduct(matrixProduct(H, convergentMatrix(terms, j, j + 1)), transpose(H)) : matrixProduct(H, transpose(H));
    full = matrixProduct(convergentMatrix(terms, 0, 1), B);
  }
  const [p, , q] = full;
  const result = odd ? { x: p * p + D * q * q, y: 2n * p * q, negative: { x: p, y: q } } : { x: p, y: q };
  if (result.x.toString().length > cap) return { status: "INCOMPLETE", steps: cf.index, periodLength };
  let period: bigint[] | undefined;
  if (opts.keepPeriod) {
    const first = terms.slice(1, shape === "short" ? periodLength : j + 1).map((t) => BigInt(t));
    const mirror = shape === "even" ? first.slice(0, -1).reverse() : shape === "odd" ? first.slice().reverse() : [];
    period = [...first, ...mirror, 2n * cf.a0];
  }
  return { status: "COMPLETE", steps: cf.index, ...result, periodLength, a0: cf.a0, ...(period ? { period } : {}) };
}

/* ---------- minimality of a Pell solution ---------- */

/** (u + v√D)·(u' + v'√D) with exact bigints. */
function qmul(D: bigint, [u, v]: readonly [bigint, bigint], [s, t]: readonly [bigint, bigint]): [bigint, bigint] {
  return [u * s + D * v * t, u * t + v * s];
}

/** (a + b√D)^k, exactly. */
export function quadraticPower(D: bigint, a: bigint, b: bigint, k: number): [bigint, bigint] {
  let result: [bigint, bigint] = [1n, 0n];
  let base: [bigint, bigint] = [a, b];
  let e = k;
  while (e > 0) {
    if (e & 1) result = qmul(D, result, base);
    e >>>= 1;
    if (e > 0) base = qmul(D, base, base);
  }
  return result;
}

/** (u + v√D)^e mod p for a prime p (numbers while p < 2^26 keep every product below 2^52). */
function powModP(D: bigint, u: bigint, v: bigint, e: number, p: number): [number, number] {
  if (p < 2 ** 26) {
    const d = Number(((D % BigInt(p)) + BigInt(p)) % BigInt(p));
    let ru = 1, rv = 0, bu = Number(u), bv = Number(v);
    while (e > 0) {
      if (e & 1) {
        const nu = (ru * bu + ((d * ((rv * bv) % p)) % p)) % p;
        rv = (ru * bv + rv * bu) % p;
        ru = nu;
      }
      e = Math.floor(e / 2);
      if (e > 0) {
        const nu = (bu * bu + ((d * ((bv * bv) % p)) % p)) % p;
        bv = (2 * bu * bv) % p;
        bu = nu;
      }
    }
    return [ru, rv];
  }
  const P = BigInt(p), d = ((D % P) + P) % P;
  let ru = 1n, rv = 0n, bu = u, bv = v;
  let E = BigInt(e);
  while (E > 0n) {
    if (E & 1n) [ru, rv] = [(ru * bu + d * rv * bv) % P, (ru * bv + rv * bu) % P];
    E >>= 1n;
    if (E > 0n) [bu, bv] = [(bu * bu + d * bv * bv) % P, (2n * bu * bv) % P];
  }
  return [Number(ru), Number(rv)];
}

/** Primes ≤ n (sieve of Eratosthenes). */
export function primesUpTo(n: number): number[] {
  if (n < 2) return [];
  const composite = new Uint8Array(n + 1);
  const out: number[] = [];
  for (let i = 2; i <= n; i++) {
    if (composite[i]) continue;
    out.push(i);
    for (let j = i * i; j <= n; j += i) composite[j] = 1;
  }
  return out;
}

/** ⌊n^(1/k)⌋ for n ≥ 0, k ≥ 1: a floating-point start above the root, then Newton's iteration from above. */
export function rootFloor(n: bigint, k: number): bigint {
  if (n < 2n || k === 1) return n;
  const bits = bitLength(n);
  if (k >= bits) return 1n;
  const K = BigInt(k);
  // log2 n from the leading 53 bits; start a little above 2^(log2 n / k) and make sure it is above.
  const shift = Math.max(0, bits - 53);
  const log2n = Math.log2(Number(n >> BigInt(shift))) + shift;
  const e = log2n / k;
  let x: bigint;
  if (e < 50) x = BigInt(Math.ceil(2 ** e * (1 + 1e-9))) + 2n;
  else {
    const s = Math.floor(e) - 50;
    x = (BigInt(Math.ceil(2 ** (e - s) * (1 + 1e-9))) + 2n) << BigInt(s);
  }
  while (x ** K <= n) x *= 2n;
  for (;;) {
    const y = ((K - 1n) * x + n / x ** (K - 1n)) / K;
    if (y >= x) return x;
    x = y;
  }
}

export interface PellMinimality {
  /** ε = η^k for the unit η = a + b√D of the same kind (norm N^(1/k)) and a prime k: not fundamental. */
  root?: { a: bigint; b: bigint; k: number };
  /** Number of prime exponents k examined. */
  exponents: number;
  /** Of those, how many an auxiliary prime excluded (the rest were settled by an exact root). */
  excludedByResidues: number;
}

/**
 * Decides whether the unit ε = x + y√D (x, y ≥ 1, x² − D·y² = N with N = ±1) is the smallest such
 * unit of Z[√D], without continued fractions. If ε is not fundamental then ε = ε1^m with m ≥ 2; for a
 * prime k | m, η = ε1^(m/k) is a unit of Z[√D] with η^k = ε and norm N (for N = −1, k is odd).
 * Since η ≥ √D + √(D−1), k ≤ log(2x + 1)/log(√D + √(D−1)).
 * For each prime k in that range: residue test — for an auxiliary prime p ∤ 2D with k | p − (D/p),
 * the units of norm 1 modulo p form a cyclic group of order p − (D/p), so ε^((p−(D/p))/k) ≡ 1
 * (ε² in place of ε when N = −1) whenever ε is a k-th power; one failure excludes k. When up to six
 * auxiliary primes cannot exclude k, the k-th root is settled exactly: 2a is within 2 of
 * ⌊(2x)^(1/k)⌋, b² = (a² − N)/D must be a square, and (a + b√D)^k is compared with ε.
 */
export function pellMinimality(D: bigint, x: bigint, y: bigint, N: 1n | -1n, checkpoint?: () => void, progress?: (done: number, total: number) => void): PellMinimality {
  const lnEps = bitLength(2n * x + 1n) * Math.LN2; // ≥ ln(2x + 1) > ln ε
  const lnEta = Math.log(Math.sqrt(Number(D)) + Math.sqrt(Number(D) - 1)) * (1 - 1e-12);
  const K = Math.floor(lnEps / lnEta) + 1;
  const primes = primesUpTo(K).filter((k) => N === 1n || k !== 2);
  // The first auxiliary prime of every exponent, and the residues of x and y modulo all of them at once.
  const first = primes.map((k) => auxiliaryPrimes(D, k).next().value);
  const residues = residuesModSmall([x, y], first.filter((a): a is Auxiliary => a !== undefined).map((a) => a.p), checkpoint);
  // ε (or ε² for the −1 equation) as an element of norm 1, reduced modulo p.
  const element = (p: number, rx: bigint, ry: bigint): [bigint, bigint] => {
    if (N === 1n) return [rx, ry];
    const P = BigInt(p);
    return [(rx * rx + (D % P) * ((ry * ry) % P)) % P, (2n * rx * ry) % P];
  };
  let u: bigint | undefined, v: bigint | undefined; // the full element, only when a first test does not exclude
  let excluded = 0;
  for (let i = 0; i < primes.length; i++) {
    const k = primes[i]!;
    if ((i & 63) === 0) {
      checkpoint?.();
      progress?.(i, primes.length);
    }
    const a = first[i];
    if (a) {
      const [ru, rv] = element(a.p, residues.get(a.p)![0]!, residues.get(a.p)![1]!);
      if (!isKthPowerResidue(D, ru, rv, k, a)) {
        excluded++;
        continue;
      }
    }
    // Rare (probability about 1/k for a non-power): more auxiliary primes, then the exact root.
    if (u === undefined) [u, v] = N === 1n ? [x, y] : [x * x + D * y * y, 2n * x * y];
    if (residueExcludes(D, u, v!, k, 5)) {
      excluded++;
      continue;
    }
    const root = exactRoot(D, x, y, N, k);
    if (root) return { root, exponents: i + 1, excludedByResidues: excluded };
  }
  progress?.(primes.length, primes.length);
  return { exponents: primes.length, excludedByResidues: excluded };
}

interface Auxiliary {
  p: number;
  /** The Legendre symbol (D/p). */
  chi: number;
}

/** Odd primes p ∤ D with k | p − (D/p), among p = j·k ± 1 for j = 1 … 400, in increasing j. */
function* auxiliaryPrimes(D: bigint, k: number): Generator<Auxiliary, void, void> {
  for (let j = 1; j <= 400; j++) {
    for (const p of [j * k - 1, j * k + 1]) {
      if (p < 3 || p > 2 ** 50) continue;
      const P = BigInt(p);
      if (D % P === 0n || !decidePrimality(P).prime) continue;
      const chi = jacobi(D, P); // the Legendre symbol: p is an odd prime not dividing D
      if ((p - chi) % k === 0) yield { p, chi };
    }
  }
}

/** Whether u + v√D (norm 1 modulo p) passes the k-th power test (u + v√D)^((p − (D/p))/k) ≡ 1 (mod p). */
function isKthPowerResidue(D: bigint, u: bigint, v: bigint, k: number, a: Auxiliary): boolean {
  const [ru, rv] = powModP(D, u, v, (a.p - a.chi) / k, a.p);
  return ru === 1 && rv === 0;
}

/** True when one of the next `tries` auxiliary primes (after the first, tested in the batch) shows u + v√D is not a k-th power modulo p. */
function residueExcludes(D: bigint, u: bigint, v: bigint, k: number, tries: number): boolean {
  let tried = 0;
  let skipFirst = true;
  for (const a of auxiliaryPrimes(D, k)) {
    if (skipFirst) {
      skipFirst = false; // already tested with the batched residues
      continue;
    }
    if (tried++ >= tries) break;
    const P = BigInt(a.p);
    if (!isKthPowerResidue(D, u % P, v % P, k, a)) return true;
  }
  return false;
}

/**
 * Residues of each value modulo each small modulus (< 2^50). Moduli are multiplied in groups of 32
 * and each value is reduced once per group: one multi-limb division replaces 32 single-limb
 * divisions over the whole value, which is much cheaper for long values.
 */
export function residuesModSmall(values: readonly bigint[], moduli: readonly number[], checkpoint?: () => void): Map<number, bigint[]> {
  const out = new Map<number, bigint[]>();
  const distinct = [...new Set(moduli)];
  for (let i = 0; i < distinct.length; i += 32) {
    checkpoint?.();
    const group = distinct.slice(i, i + 32).map(BigInt);
    const M = group.reduce((a, b) => a * b, 1n);
    const reduced = values.map((v) => ((v % M) + M) % M);
    for (const P of group) out.set(Number(P), reduced.map((r) => r % P));
  }
  return out;
}

/** The unit η = a + b√D with a, b ≥ 1, norm N, η^k = x + y√D, if there is one. */
function exactRoot(D: bigint, x: bigint, y: bigint, N: bigint, k: number): { a: bigint; b: bigint; k: number } | undefined {
  // ε ∈ (2x − 1, 2x + 1) and |η̄| = 1/η < 1, so 2a = η + η̄ lies within 2 of r = ⌊(2x)^(1/k)⌋.
  const r = rootFloor(2n * x, k);
  for (let twoA = r - 2n; twoA <= r + 3n; twoA++) {
    if (twoA < 2n || twoA % 2n !== 0n) continue;
    const a = twoA / 2n;
    const b2 = a * a - N;
    if (b2 <= 0n || b2 % D !== 0n || !isSquare(b2 / D)) continue;
    const b = isqrt(b2 / D);
    const [px, py] = quadraticPower(D, a, b, k);
    if (px === x && py === y) return { a, b, k };
  }
  return undefined;
}
