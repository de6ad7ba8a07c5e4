/**
 * Primes as a sequence: sieves, the prime-counting function π(x), the n-th prime, and the next /
 * previous prime of an integer of any size. Pure functions; long loops call the optional
 * `checkpoint` (may throw to abort) and report `progress`.
 *
 * Number arithmetic is used wherever every value stays below 2^53 (π(x) for x ≤ 10^15, the n-th
 * prime below 2^52); bigint elsewhere. Quotients ⌊x/d⌋ of integers x < 2^52, 1 ≤ d ≤ x are exact
 * with Math.floor(x / d): the correctly rounded quotient of x = kd − r (0 < r < d) can only round
 * up to k when k·d ≥ 2^53, and k·d < x + d < 2^53.
 */
import { bitLength } from "./integer.js";
import { decidePrimality, isStrongProbablePrime, type PrimalityStatus } from "./primality.js";

export interface PrimeWorkOptions {
  /** Called regularly; may throw to abort the computation. */
  checkpoint?: () => void;
  /** Monotone progress in the function's own measure. */
  progress?: (done: number, total?: number, message?: string) => void;
}

/* ------------------------------------------------------------------------------------------ */
/* Sieves                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** Largest limit accepted by primesUpTo (the sieve holds one byte per odd number). */
export const PRIMES_UP_TO_MAX = 2 ** 31;

/** The primes ≤ limit, ascending (sieve of Eratosthenes on odd numbers). */
export function primesUpTo(limit: number): Uint32Array {
  if (!Number.isSafeInteger(limit) || limit > PRIMES_UP_TO_MAX) throw new RangeError("primesUpTo: limit must be an integer ≤ 2^31");
  if (limit < 2) return new Uint32Array(0);
  // composite[i] ⇔ 2i + 1 is composite (i ≥ 1)
  const half = Math.floor((limit - 1) / 2);
  const composite = new Uint8Array(half + 1);
  for (let i = 1; ; i++) {
    const p = 2 * i + 1;
    if (p * p > limit) break;
    if (composite[i]) continue;
    for (let j = (p * p - 1) / 2; j <= half; j += p) composite[j] = 1;
  }
  let count = 1;
  for (let i = 1; i <= half; i++) if (!composite[i]) count++;
  const out = new Uint32Array(count);
  out[0] = 2;
  let k = 1;
  for (let i = 1; i <= half; i++) if (!composite[i]) out[k++] = 2 * i + 1;
  return out;
}

const CACHE_MAX = 1 << 24;
let cachedLimit = 1 << 16;
let cachedPrimes: Uint32Array = primesUpTo(cachedLimit);

/** The primes ≤ limit, from a shared cache grown on demand (limits up to 2^24 are kept). */
export function basePrimes(limit: number): Uint32Array {
  if (limit > cachedLimit) {
    if (limit > CACHE_MAX) return primesUpTo(limit);
    cachedLimit = Math.min(CACHE_MAX, Math.max(limit, 2 * cachedLimit));
    cachedPrimes = primesUpTo(cachedLimit);
  }
  return cachedPrimes.subarray(0, upperBound(cachedPrimes, limit));
}

/** Number of entries of the sorted array ≤ v. */
function upperBound(a: Uint32Array, v: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** ⌊√x⌋ for a safe integer x ≥ 0. */
export function isqrtNumber(x: number): number {
  let r = Math.floor(Math.sqrt(x));
  while (r * r > x) r--;
  while ((r + 1) * (r + 1) <= x) r++;
  return r;
}

/** ⌊∛x⌋ for 0 ≤ x ≤ 2^52. */
export function icbrtNumber(x: number): number {
  let r = Math.floor(Math.cbrt(x));
  while (r * r * r > x) r--;
  while ((r + 1) * (r + 1) * (r + 1) <= x) r++;
  return r;
}

/**
 * Prime flags of the interval [lo, hi] (0 ≤ lo ≤ hi, hi < 2^52, hi − lo < 2^31): flags[i] = 1 ⇔
 * lo + i is prime. Segmented sieve of Eratosthenes with the primes up to √hi (exact, a proof).
 */
export function primeFlagsInRange(lo: number, hi: number, opts: PrimeWorkOptions = {}): Uint8Array {
  if (!(Number.isSafeInteger(lo) && Number.isSafeInteger(hi) && 0 <= lo && lo <= hi && hi < 2 ** 52 && hi - lo < 2 ** 31)) throw new RangeError("primeFlagsInRange: bad interval");
  const len = hi - lo + 1;
  const flags = new Uint8Array(len).fill(1);
  for (let v = lo; v < 2 && v <= hi; v++) flags[v - lo] = 0;
  const root = isqrtNumber(hi);
  const ps = basePrimes(root);
  for (let k = 0; k < ps.length; k++) {
    if ((k & 1023) === 1023) opts.checkpoint?.();
    const p = ps[k]!;
    let start = Math.max(p * p, Math.ceil(lo / p) * p);
    for (let j = start - lo; j < len; j += p) flags[j] = 0;
  }
  return flags;
}

/* ------------------------------------------------------------------------------------------ */
/* π(x): Lagarias–Miller–Odlyzko with Deléglise–Rivat refinements                              */
/* ------------------------------------------------------------------------------------------ */

/** Largest x accepted by primePi (every intermediate sum stays below 2^53). */
export const PRIME_PI_MAX = 1e15;

/** Below this, π(x) is counted directly with a sieve. */
const PRIME_PI_SIEVE_BELOW = 200_000;

/** π(x) for a safe integer x (0 for x < 2), exactly. x ≤ 10^15. */
export function primePi(x: number, opts: PrimeWorkOptions = {}): number {
  if (!Number.isSafeInteger(x) || x > PRIME_PI_MAX) throw new RangeError("primePi: x must be an integer ≤ 10^15");
  if (x < 2) return 0;
  if (x < PRIME_PI_SIEVE_BELOW) return primesUpTo(x).length;
  return primePiLmo(x, opts);
}

/** The tuning factor α of y = α·x^{1/3} (balances the sieve up to x/y against the special leaves). */
function defaultAlpha(x: number): number {
  // Measured optimum: about 8–12 at 10^11, 12–16 at 10^12 and 10^13; flat near the optimum.
  return Math.max(1, Math.min(30, 1.4 * (Math.log10(x) - 3)));
}

const POPCOUNT_16 = (() => {
  const t = new Uint8Array(1 << 16);
  for (let i = 1; i < t.length; i++) t[i] = t[i >> 1]! + (i & 1);
  return t;
})();

function popcount32(v: number): number {
  return POPCOUNT_16[v & 0xffff]! + POPCOUNT_16[v >>> 16]!;
}

/** Set bits of `words` at bit positions from..to (inclusive, from ≤ to + 1). */
function countBits(words: Uint32Array, from: number, to: number): number {
  if (from > to) return 0;
  const wf = from >>> 5, wt = to >>> 5;
  const headMask = (0xffffffff << (from & 31)) >>> 0;
  const tailMask = (to & 31) === 31 ? 0xffffffff : ((1 << ((to & 31) + 1)) - 1) >>> 0;
  if (wf === wt) return popcount32(words[wf]! & headMask & tailMask);
  let c = popcount32(words[wf]! & headMask);
  for (let w = wf + 1; w < wt; w++) c += POPCOUNT_16[words[w]! & 0xffff]! + POPCOUNT_16[words[w]! >>> 16]!;
  return c + popcount32(words[wt]! & tailMask);
}

/** Segment length of the φ sieve, in numbers (a multiple of 32). */
const SEGMENT_BITS = 1 << 19;

/** φ(t, 6) = #{1 ≤ k ≤ t : gcd(k, 30030) = 1} from one period. */
const PRIMORIAL_6 = 30030;
const PHI_PRIMORIAL_6 = 5760;
const PHI_6_TABLE = (() => {
  const t = new Uint16Array(PRIMORIAL_6);
  let c = 0;
  for (let k = 0; k < PRIMORIAL_6; k++) {
    if (k % 2 && k % 3 && k % 5 && k % 7 && k % 11 && k % 13) c++;
    t[k] = c;
  }
  return t;
})();
const phi6 = (t: number): number => Math.floor(t / PRIMORIAL_6) * PHI_PRIMORIAL_6 + PHI_6_TABLE[t % PRIMORIAL_6]!;

/**
 * π(x) by the combinatorial method of Lagarias, Miller and Odlyzko (1985) with the refinements of
 * Deléglise and Rivat (1996): with y = α·x^{1/3} (≥ ⌊x^{1/3}⌋, so no number ≤ x has three prime
 * factors above y) and a = π(y),
 *   π(x) = φ(x, a) + a − 1 − P2(x, a),   P2 = Σ_{y < p ≤ √x} (π(x/p) − π(p) + 1),
 *   φ(x, a) = S1 + S2 with the ordinary leaves S1 = Σ_{n ≤ y, lpf(n) > p_c} μ(n)·φ(x/n, c)
 *   (c = 6, φ(·, 6) from one period of 30030) and the special leaves
 *   S2 = −Σ_{b = c+1}^{a−1} Σ_{n ≤ y < n·p_b, lpf(n) > p_b} μ(n)·φ(x/(n·p_b), b − 1).
 * Special leaves whose argument z = x/(n·p_b) is below p_b² and within the π table (n is then a
 * prime) are "easy": φ(z, b − 1) = π(z) − b + 2 (or 1 when z < p_b), summed in runs of equal π(z).
 * The others are "hard": a segmented sieve of [1, x/y] removes p_1, p_2, … in order, and each hard
 * leaf is answered by counting the survivors up to z just before p_b is removed. The same sieve,
 * finished with the primes up to √(x/y), gives the values π(x/p) of P2.
 * `alpha` is exposed for tests (any α ≥ 1 gives the same answer).
 */
export function primePiLmo(x: number, opts: PrimeWorkOptions = {}, alpha = defaultAlpha(x)): number {
  if (!Number.isSafeInteger(x) || x < 1000 || x > PRIME_PI_MAX) throw new RangeError("primePiLmo: 1000 ≤ x ≤ 10^15");
  const checkpoint = opts.checkpoint ?? (() => {});
  const sqrtx = isqrtNumber(x);
  const cbrt = icbrtNumber(x);
  const y = Math.min(sqrtx, Math.max(cbrt, Math.floor(alpha * cbrt), 19)); // y ≥ 19 so that a = π(y) > c
  const limit = Math.max(y, sqrtx);
  const primes = primesUpTo(limit);
  const half = piHalfTable(primes, limit);
  const a = piOf(half, y);
  const c = 6;
  const { mu, lpf } = mobiusAndLeastFactor(primes, a, y);
  checkpoint();
  const s1 = ordinaryLeaves(x, y, mu, lpf, primes[c - 1]!);
  let s2 = 0;
  const qEasy = new Float64Array(a + 1);
  for (let b = c + 1; b < a; b++) {
    s2 += easyLeaves(x, y, limit, a, b, primes, half, qEasy);
    if ((b & 255) === 0) checkpoint();
  }
  // Hard leaves and P2: one segmented sieve of [1, U].
  const U = Math.floor(x / (y + 1));
  const K = Math.max(piOf(half, isqrtNumber(U)), c);
  // Leaf cursors: general n (descending) for p_b² ≤ y, prime index (descending) otherwise.
  const cursor = new Float64Array(a + 1);
  const stopAt = new Float64Array(a + 1);
  let bHard = c;
  for (let b = c + 1; b < a; b++) {
    const p = primes[b - 1]!;
    const qLow = Math.floor(y / p);
    if (p * p <= y) {
      cursor[b] = y;
      stopAt[b] = qLow; // n > y/p
      bHard = b;
    } else {
      cursor[b] = piOf(half, Math.min(y, qEasy[b]!));
      stopAt[b] = piOf(half, Math.max(p, qLow));
      if (cursor[b]! > stopAt[b]!) bHard = b;
    }
  }
  const phiBase = new Float64Array(a + 1);
  const B = Math.max(K, bHard);
  const state = { p2Index: piOf(half, sqrtx), p2: 0 };
  let phiAll = 0; // survivors in [1, lo) after the full sieve
  const words = new Uint32Array(SEGMENT_BITS >>> 5);
  const segments = Math.ceil(U / SEGMENT_BITS);
  let segment = 0;
  for (let lo = 1; lo <= U; lo += SEGMENT_BITS) {
    checkpoint();
    const hi = Math.min(U, lo + SEGMENT_BITS - 1);
    const len = hi - lo + 1;
    words.fill(0xffffffff);
    if (len < SEGMENT_BITS) {
      words.fill(0, (len + 31) >>> 5);
      if (len & 31) words[len >>> 5] = (1 << (len & 31)) - 1;
    }
    // remove multiples of p_1..p_c (including the primes themselves)
    for (let k = 0; k < c; k++) removeMultiples(words, lo, len, primes[k]!);
    let segCount = countBits(words, 0, len - 1);
    for (let b = c + 1; b <= B; b++) {
      const p = primes[b - 1]!;
      if (b <= bHard && b < a) {
        // answer the hard leaves of b with z in [lo, hi], before p_b is removed
        s2 += p * p <= y
          ? hardLeavesGeneral(x, y, limit, b, p, lo, hi, words, mu, lpf, cursor, stopAt, phiBase[b]!)
          : hardLeavesPrime(x, b, p, lo, hi, words, primes, cursor, stopAt, phiBase[b]!);
        phiBase[b]! += segCount;
      }
      segCount -= removeMultiples(words, lo, len, p);
    }
    // P2: π(v) = (survivors in [1, v]) − 1 + B for v ≥ p_B (every prime ≤ p_B was removed)
    p2Queries(x, a, B, lo, hi, words, primes, phiAll, state);
    phiAll += segCount;
    opts.progress?.(++segment, segments, `π(x): sieve segment ${segment} of ${segments}`);
  }
  if (state.p2Index > a) throw new Error("primePiLmo: internal error (P2 queries left)");
  return s1 + s2 + a - 1 - state.p2;
}

/** half[i] = π(2i + 1) for 2i + 1 ≤ limit + 1 (π(2k) = π(2k − 1) for k ≥ 2). */
function piHalfTable(primes: Uint32Array, limit: number): Uint32Array {
  const half = new Uint32Array((limit >> 1) + 1);
  for (let k = 1, i = 1; i < half.length; i++) {
    if (k < primes.length && primes[k] === 2 * i + 1) k++;
    half[i] = k;
  }
  return half;
}

function piOf(half: Uint32Array, v: number): number {
  return v < 3 ? (v < 2 ? 0 : 1) : half[(v - 1) >> 1]!;
}

/** μ(n) and the least prime factor of n for n ≤ y (lpf(1) = ∞, stored as y + 1). */
function mobiusAndLeastFactor(primes: Uint32Array, a: number, y: number): { mu: Int8Array; lpf: Int32Array } {
  const mu = new Int8Array(y + 1).fill(1);
  const lpf = new Int32Array(y + 1);
  for (let k = 0; k < a; k++) {
    const p = primes[k]!;
    for (let m = p; m <= y; m += p) {
      if (lpf[m] === 0) lpf[m] = p;
      mu[m] = -mu[m]!;
    }
    const pp = p * p;
    for (let m = pp; m <= y; m += pp) mu[m] = 0;
  }
  lpf[1] = y + 1;
  return { mu, lpf };
}

/** S1 = Σ_{n ≤ y, lpf(n) > p_c} μ(n)·φ(x/n, c). */
function ordinaryLeaves(x: number, y: number, mu: Int8Array, lpf: Int32Array, pc: number): number {
  let s1 = 0;
  for (let n = 1; n <= y; n++) {
    if (mu[n] !== 0 && lpf[n]! > pc) s1 += mu[n]! * phi6(Math.floor(x / n));
  }
  return s1;
}

/**
 * The easy special leaves of b: n = q prime with z = ⌊x/(p q)⌋ < p² and z ≤ limit, i.e. q above
 * qEasy[b] (recorded for the hard-leaf cursors). φ(z, b − 1) = 1 when z < p, else π(z) − b + 2.
 */
function easyLeaves(x: number, y: number, limit: number, a: number, b: number, primes: Uint32Array, half: Uint32Array, qEasy: Float64Array): number {
  const p = primes[b - 1]!;
  const qLow = Math.max(p, Math.floor(y / p));
  const easyAbove = Math.max(qLow, Math.floor(x / (p * p * p)), Math.floor(x / (p * (limit + 1))));
  qEasy[b] = easyAbove;
  if (easyAbove >= y) return 0;
  // trivial leaves: z < p ⇔ q > x/p²
  const trivialAbove = Math.min(y, Math.max(easyAbove, Math.floor(x / (p * p))));
  let sum = a - piOf(half, trivialAbove);
  // the rest in runs of q with the same π(z)
  let i = piOf(half, easyAbove) + 1; // 1-based index of the smallest easy q
  const iEnd = piOf(half, trivialAbove);
  while (i <= iEnd) {
    const z = Math.floor(x / (p * primes[i - 1]!));
    const k = piOf(half, z); // ≥ b since z ≥ p
    // every q' ≤ x/(p·p_k) has π(x/(p q')) ≥ k, and those ≥ q have it ≤ k
    const runEnd = Math.min(iEnd, piOf(half, Math.min(y, Math.floor(x / (p * primes[k - 1]!)))));
    sum += (runEnd - i + 1) * (k - b + 2);
    i = runEnd + 1;
  }
  return sum;
}

/** Hard leaves −μ(n)·φ(x/(p n), b − 1) of b (p² ≤ y) with argument in [lo, hi]; advances cursor[b]. */
function hardLeavesGeneral(
  x: number, y: number, limit: number, b: number, p: number, lo: number, hi: number, words: Uint32Array,
  mu: Int8Array, lpf: Int32Array, cursor: Float64Array, stopAt: Float64Array, base: number,
): number {
  let sum = 0, pos = 0, run = 0;
  let n = cursor[b]!;
  const stop = stopAt[b]!;
  const pp = p * p;
  for (; n > stop; n--) {
    const m = mu[n]!;
    if (m === 0 || lpf[n]! <= p) continue;
    const z = Math.floor(x / (p * n));
    if (z > hi) break;
    if (lpf[n] === n && z < pp && z <= limit) continue; // easy, counted by easyLeaves
    const at = z - lo;
    run += countBits(words, pos, at);
    pos = at + 1;
    sum -= m * (base + run);
  }
  cursor[b] = n;
  return sum;
}

/** Hard leaves φ(x/(p q), b − 1) of b (p² > y, q prime) with argument in [lo, hi]; advances cursor[b]. */
function hardLeavesPrime(
  x: number, b: number, p: number, lo: number, hi: number, words: Uint32Array, primes: Uint32Array, cursor: Float64Array, stopAt: Float64Array, base: number,
): number {
  let sum = 0, pos = 0, run = 0;
  let i = cursor[b]!;
  const stop = stopAt[b]!;
  for (; i > stop; i--) {
    const z = Math.floor(x / (p * primes[i - 1]!));
    if (z > hi) break;
    const at = z - lo;
    run += countBits(words, pos, at);
    pos = at + 1;
    sum += base + run;
  }
  cursor[b] = i;
  return sum;
}

/** Clear the bits of the multiples of p in the segment [lo, lo + len); returns how many were set. */
function removeMultiples(words: Uint32Array, lo: number, len: number, p: number): number {
  let removed = 0;
  for (let j = Math.ceil(lo / p) * p - lo; j < len; j += p) {
    const w = words[j >>> 5]!;
    const bit = 1 << (j & 31);
    if (w & bit) {
      words[j >>> 5] = w ^ bit;
      removed++;
    }
  }
  return removed;
}

/** P2 terms π(x/p_i) − (i − 1) for the indices i > a whose x/p_i falls in [lo, hi] (i descending). */
function p2Queries(x: number, a: number, B: number, lo: number, hi: number, words: Uint32Array, primes: Uint32Array, phiAll: number, state: { p2Index: number; p2: number }): void {
  let pos = 0, run = 0;
  let i = state.p2Index;
  let p2 = state.p2;
  while (i > a) {
    const v = Math.floor(x / primes[i - 1]!);
    if (v > hi) break;
    const at = v - lo;
    run += countBits(words, pos, at);
    pos = at + 1;
    p2 += phiAll + run - 1 + B - (i - 1);
    i--;
  }
  state.p2Index = i;
  state.p2 = p2;
}

/* ------------------------------------------------------------------------------------------ */
/* The n-th prime                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** Logarithmic integral li(x) for x > 1 (Ramanujan's series), double precision. */
export function logIntegral(x: number): number {
  const L = Math.log(x);
  // li(x) = γ + ln ln x + √x · Σ_{n≥1} (−1)^{n−1} L^n / (n! 2^{n−1}) · Σ_{k=0}^{⌊(n−1)/2⌋} 1/(2k+1)
  let sum = 0, coef = 1, inner = 0;
  for (let n = 1; n < 400; n++) {
    coef = n === 1 ? L : (coef * -L) / (2 * n);
    if (n % 2 === 1) inner += 1 / n;
    const term = coef * inner;
    sum += term;
    if (n > 2 * L && Math.abs(term) < 1e-17 * Math.abs(sum)) break;
  }
  return 0.5772156649015329 + Math.log(L) + Math.sqrt(x) * sum;
}

/** Riemann's R(x) = Σ μ(k)/k · li(x^{1/k}), double precision (x ≥ 2). */
export function riemannR(x: number): number {
  const MU = [0, 1, -1, -1, 0, -1, 1, -1, 0, 0, 1, -1, 0, -1, 1, 1, 0, -1, 0, -1, 0, 1, 1, -1, 0, 0, 1, 0, 0, -1, -1, -1, 0, 1, 1, 1, 0, -1, 1, 1, 0, -1, -1, -1, 0, 0, 1, -1, 0, 0, 0];
  let r = 0;
  for (let k = 1; k < MU.length; k++) {
    const t = Math.pow(x, 1 / k);
    if (t < 2) break;
    if (MU[k]) r += (MU[k]! / k) * logIntegral(t);
  }
  return r;
}

/** An estimate of p_n (n ≥ 1) by inverting Riemann's R with Newton's method. */
export function nthPrimeEstimate(n: number): number {
  if (n < 6) return [2, 2, 3, 5, 7, 11][n]!;
  const L = Math.log(n);
  let x = n * (L + Math.log(L) - 1); // Cipolla's first terms
  for (let i = 0; i < 50; i++) {
    const next = x - (riemannR(x) - n) * Math.log(x);
    if (Math.abs(next - x) < 0.5) return Math.round(next);
    x = next;
  }
  return Math.round(x);
}

/** Largest n accepted by nthPrime (p_n stays below 10^15). */
export const NTH_PRIME_MAX = 2.9e13;

/**
 * The n-th prime p_n (p_1 = 2), exactly: π is computed exactly at an estimate x0 ≈ R^{-1}(n), then
 * a segmented sieve walks from x0 to p_n (forward when π(x0) < n, backward otherwise).
 */
export function nthPrime(n: number, opts: PrimeWorkOptions = {}): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > NTH_PRIME_MAX) throw new RangeError("nthPrime: 1 ≤ n ≤ 2.9·10^13");
  if (n <= 10_000) {
    const bound = n < 6 ? 13 : Math.ceil(n * (Math.log(n) + Math.log(Math.log(n)))); // Rosser: p_n < bound for n ≥ 6
    return primesUpTo(bound)[n - 1]!;
  }
  const x0 = nthPrimeEstimate(n);
  let count = primePi(x0, opts); // π(x0)
  const window = Math.max(1 << 16, Math.ceil(Math.sqrt(x0)));
  if (count < n) {
    // forward: primes in (x0, …]
    for (let lo = x0 + 1; ; lo += window) {
      opts.checkpoint?.();
      const flags = primeFlagsInRange(lo, lo + window - 1, opts);
      for (let i = 0; i < flags.length; i++) if (flags[i] && ++count === n) return lo + i;
    }
  }
  // backward: x0's prime count is ≥ n; the n-th prime is the (count − n + 1)-th prime ≤ x0 from the top
  for (let hi = x0; ; hi -= window) {
    opts.checkpoint?.();
    const lo = Math.max(2, hi - window + 1);
    const flags = primeFlagsInRange(lo, hi, opts);
    for (let i = flags.length - 1; i >= 0; i--) {
      if (!flags[i]) continue;
      if (count === n) return lo + i;
      count--;
    }
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Next and previous prime                                                                     */
/* ------------------------------------------------------------------------------------------ */

export interface PrimeSearchResult {
  prime: bigint;
  /** PROVEN below 3.3·10^24 (sieve or deterministic Miller–Rabin), PROBABLE (Baillie–PSW) above. */
  status: PrimalityStatus;
  /** Candidates that survived the sieve and needed a probable-prime test. */
  tested: number;
}

/** Below this the search uses a complete segmented sieve (primes up to √, exact). */
const SIEVE_SEARCH_BELOW = 2 ** 40;

/** Bound of the small-prime sieve for a search near a number of `bits` bits. */
export function searchSieveBound(bits: number): number {
  return Math.max(1 << 10, Math.min(1 << 21, Math.round(0.2 * bits * bits)));
}

/** Smallest prime > n. */
export function nextPrime(n: bigint, opts: PrimeWorkOptions = {}): PrimeSearchResult {
  if (n < 2n) return { prime: 2n, status: "PROVEN", tested: 0 };
  return searchPrime(n + 1n, 1, opts);
}

/** Largest prime < n, or undefined when n ≤ 2. */
export function previousPrime(n: bigint, opts: PrimeWorkOptions = {}): PrimeSearchResult | undefined {
  if (n <= 2n) return undefined;
  return searchPrime(n - 1n, -1, opts);
}

/** The first prime reached from `start` (inclusive) going in direction dir; start ≥ 2. */
function searchPrime(start: bigint, dir: 1 | -1, opts: PrimeWorkOptions): PrimeSearchResult {
  if (start < BigInt(SIEVE_SEARCH_BELOW)) {
    let s = Number(start);
    const window = 1 << 12;
    for (;;) {
      opts.checkpoint?.();
      const lo = dir === 1 ? s : Math.max(2, s - window + 1);
      const hi = dir === 1 ? s + window - 1 : s;
      const flags = primeFlagsInRange(lo, hi, opts);
      if (dir === 1) {
        for (let i = 0; i < flags.length; i++) if (flags[i]) return { prime: BigInt(lo + i), status: "PROVEN", tested: 0 };
        s = hi + 1;
      } else {
        for (let i = flags.length - 1; i >= 0; i--) if (flags[i]) return { prime: BigInt(lo + i), status: "PROVEN", tested: 0 };
        s = lo - 1; // start ≥ 2 and 2 is prime: the backward search ends before passing 2
      }
    }
  }
  const bits = bitLength(start);
  const bound = searchSieveBound(bits);
  const ps = basePrimes(bound);
  const window = Math.max(1024, Math.min(1 << 16, 8 * bits));
  // residues of the window's base point modulo each sieving prime, several primes per bigint division
  let tested = 0;
  let base = dir === 1 ? start : start - BigInt(window - 1); // numbers base + i, 0 ≤ i < window
  const composite = new Uint8Array(window);
  for (let round = 0; ; round++) {
    opts.checkpoint?.();
    composite.fill(0);
    const residues = residuesMod(base, ps);
    for (let k = 0; k < ps.length; k++) {
      const p = ps[k]!;
      const r = residues[k]!; // base mod p
      for (let j = r === 0 ? 0 : p - r; j < window; j += p) composite[j] = 1; // base ≥ 2^40 > p: no sieving prime is in the window
    }
    for (let t = 0; t < window; t++) {
      const i = dir === 1 ? t : window - 1 - t;
      if (composite[i]) continue;
      const m = base + BigInt(i);
      tested++;
      if ((tested & 7) === 0) opts.checkpoint?.();
      if (!isStrongProbablePrime(m, 2n)) continue;
      const d = decidePrimality(m);
      if (d.prime) return { prime: m, status: d.status, tested };
    }
    opts.progress?.(round + 1, undefined, `searched ${(round + 1) * window} numbers`);
    base = dir === 1 ? base + BigInt(window) : base - BigInt(window);
  }
}

/** m mod p for each p in ps (m ≥ 0), grouping primes so that one bigint division serves several. */
function residuesMod(m: bigint, ps: Uint32Array): Uint32Array {
  const out = new Uint32Array(ps.length);
  let k = 0;
  while (k < ps.length) {
    let prod = ps[k]!;
    let e = k + 1;
    while (e < ps.length && prod * ps[e]! < 2 ** 53) prod *= ps[e++]!;
    const r = Number(m % BigInt(prod));
    for (let i = k; i < e; i++) out[i] = r % ps[i]!;
    k = e;
  }
  return out;
}
