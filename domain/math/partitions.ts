/**
 * The partition function p(n): the number of ways to write n as an unordered sum of positive
 * integers (p(0) = 1, p(n) = 0 for n < 0).
 *
 * Two independent algorithms live here:
 *
 * 1. Euler's pentagonal-number recurrence p(i) = Σ_{j≥1} (−1)^{j+1} (p(i − j(3j−1)/2) + p(i − j(3j+1)/2)),
 *    exact on bigint for small n, and in machine arithmetic for residues p(n) mod m (O(n^1.5)).
 *
 * 2. The Hardy–Ramanujan–Rademacher series, evaluated in bigint fixed-point arithmetic with a
 *    rigorous bound on every error, so that the final rounding to the nearest integer is certain.
 *    With m = 24n − 1, C = π√m / 6 and U(x) = cosh x − sinh(x)/x,
 *
 *        p(n) = Σ_{k=1}^{N} T_k + R(n, N),     T_k = (4/m) · S_k(n) · U(C/k),
 *
 *    where S_k(n) = √(3/k)·A_k(n) and A_k(n) is the Kloosterman-type sum of the Rademacher series.
 *    By Selberg's formula A_k(n) = √(k/3) Σ_{l} (−1)^l cos(π(6l+1)/(6k)) (l over 0 ≤ l < 2k with
 *    (3l² + l)/2 ≡ −n mod k), so S_k(n) = Σ_{l} (−1)^l cos(π(6l+1)/(6k)): a short sum of cosines
 *    of rational multiples of π, with no square roots left.
 *
 *    Truncation: Rademacher's remainder bound (H. Rademacher, 1937) after N terms is
 *
 *        |R(n, N)| < 44π²/(225√3) · N^{−1/2} + π√2/75 · (N/(n−1))^{1/2} · sinh(π/N · √(2n/3)),
 *
 *    as quoted in F. Johansson, "Efficient implementation of the Hardy–Ramanujan–Rademacher
 *    formula", LMS J. Comput. Math. 15 (2012), eq. (1.8) (SymPy uses the same bound). We take the
 *    least N for which this bound, evaluated in double precision, is ≤ 1/4. (Math.sinh is V8's
 *    fdlibm port, accurate to a few ulps; the margin below tolerates a 70 % error in the bound.)
 *
 *    Rounding: the sum is accumulated in fixed point with F = ⌈log₂ N⌉ + 4 fractional bits and
 *    each computed term differs from the true T_k by at most 1.01·2^{−F} (the per-step bounds are
 *    documented at each primitive below), so the computed sum is within 1/4 + 1.01·N·2^{−F} < 0.32
 *    of p(n) and rounds to it (a run-time check confirms the distance to the nearest integer).
 *    Each term is computed at the precision it needs — about log₂ e^{C/k} + F + O(log k) bits —
 *    which falls like 1/k: only the first few terms are expensive. Terms whose size is below
 *    2^{32−F} (most of them) are evaluated in IEEE double arithmetic with a proved error bound of
 *    0.51·2^{−F} (rademacherTermDouble), the others on bigint (rademacherTerm).
 *
 * Fixed-point convention: an integer V "at w bits" stands for the real V / 2^w; an error of
 * "e ulps" at w bits means |V − v·2^w| ≤ e.
 */
import { bitLength, isqrt } from "./integer.js";

/** Hooks for long computations (cancellation and progress), all optional. */
export interface PartitionOptions {
  checkpoint?: () => void;
  progress?: (done: number, total?: number, message?: string) => void;
}

// ---------------------------------------------------------------------------------------------
// Euler's pentagonal-number recurrence
// ---------------------------------------------------------------------------------------------

/** The generalized pentagonal numbers 1, 2, 5, 7, 12, 15, … up to `limit`, in increasing order. */
function generalizedPentagonals(limit: number): Int32Array {
  const out: number[] = [];
  for (let j = 1; ; j++) {
    const g = (j * (3 * j - 1)) / 2;
    if (g > limit) break;
    out.push(g);
    if (g + j <= limit) out.push(g + j);
  }
  return Int32Array.from(out);
}

/**
 * p(0), …, p(n) exactly, by Euler's pentagonal recurrence on bigint. O(n^1.5) additions of
 * numbers of O(√n) digits: the independent reference for small n.
 */
export function partitionTable(n: number, opts: PartitionOptions = {}): bigint[] {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError("partitionTable: n must be a non-negative safe integer");
  const g = generalizedPentagonals(n);
  const p: bigint[] = new Array<bigint>(n + 1);
  p[0] = 1n;
  let lim = 0;
  for (let i = 1; i <= n; i++) {
    while (lim < g.length && g[lim]! <= i) lim++;
    let s = 0n;
    // Signs follow the pattern + + − − + + − − … over the merged list (j odd: +, j even: −).
    for (let t = 0; t < lim; t++) s = t & 2 ? s - p[i - g[t]!]! : s + p[i - g[t]!]!;
    p[i] = s;
    if ((i & 1023) === 0) opts.checkpoint?.();
  }
  return p;
}

/**
 * p(0), …, p(n) modulo 2^32 (as unsigned 32-bit values), by the pentagonal recurrence in wrapping
 * 32-bit integer arithmetic: exact modulo 2^32, about 1.1·n^1.5 additions.
 */
export function partitionResiduesPow2(n: number, opts: PartitionOptions = {}): Uint32Array {
  if (!Number.isSafeInteger(n) || n < 0 || n > 2 ** 28) throw new RangeError("partitionResiduesPow2: n out of range");
  const g = generalizedPentagonals(n);
  const p = new Int32Array(n + 1);
  p[0] = 1;
  let lim = 0;
  for (let i = 1; i <= n; i++) {
    while (lim < g.length && g[lim]! <= i) lim++;
    let s = 0;
    let t = 0;
    // Four at a time (+ + − −): the partial sums stay below 2^34 in a double, then wrap to 32 bits.
    for (; t + 3 < lim; t += 4) s = (s + p[i - g[t]!]! + p[i - g[t + 1]!]! - p[i - g[t + 2]!]! - p[i - g[t + 3]!]!) | 0;
    for (; t < lim; t++) s = (t & 2 ? s - p[i - g[t]!]! : s + p[i - g[t]!]!) | 0;
    p[i] = s;
    if ((i & 4095) === 0) opts.checkpoint?.();
  }
  return new Uint32Array(p.buffer);
}

/**
 * p(0), …, p(n) modulo m for 2 ≤ m ≤ 2^31, by the pentagonal recurrence in double arithmetic
 * (each partial sum is a sum of fewer than 2^21 residues below 2^31, so it stays exact below 2^53).
 */
export function partitionResidues(n: number, modulus: number, opts: PartitionOptions = {}): Float64Array {
  if (!Number.isSafeInteger(n) || n < 0 || n > 2 ** 28) throw new RangeError("partitionResidues: n out of range");
  if (!Number.isSafeInteger(modulus) || modulus < 2 || modulus > 2 ** 31) throw new RangeError("partitionResidues: modulus out of range");
  const g = generalizedPentagonals(n);
  const p = new Float64Array(n + 1);
  p[0] = 1 % modulus;
  let lim = 0;
  for (let i = 1; i <= n; i++) {
    while (lim < g.length && g[lim]! <= i) lim++;
    let plus = 0;
    let minus = 0;
    for (let t = 0; t < lim; t++) {
      if (t & 2) minus += p[i - g[t]!]!;
      else plus += p[i - g[t]!]!;
    }
    const r = (plus - minus) % modulus;
    p[i] = r < 0 ? r + modulus : r;
    if ((i & 4095) === 0) opts.checkpoint?.();
  }
  return p;
}

// ---------------------------------------------------------------------------------------------
// Congruences and the asymptotic size (cheap independent checks)
// ---------------------------------------------------------------------------------------------

/** Largest a with ℓ^a | x (x > 0, ℓ ≥ 2). */
function valuation(x: bigint, l: bigint): number {
  let a = 0;
  while (x % l === 0n) {
    x /= l;
    a++;
  }
  return a;
}

/**
 * A modulus M (a product of powers of 5, 7 and 11) that provably divides p(n), from the Ramanujan
 * congruences as proved by Watson (1938) and Atkin (1967): when 24n ≡ 1 (mod 5^a), 5^a | p(n);
 * when 24n ≡ 1 (mod 7^b), 7^⌊b/2⌋+1 | p(n); when 24n ≡ 1 (mod 11^c), 11^c | p(n). Returns 1 when
 * none applies.
 */
export function ramanujanModulus(n: bigint): bigint {
  if (n < 1n) return 1n;
  const m = 24n * n - 1n;
  const a = valuation(m, 5n);
  const b = valuation(m, 7n);
  const c = valuation(m, 11n);
  return 5n ** BigInt(a) * (b > 0 ? 7n ** BigInt(Math.floor(b / 2) + 1) : 1n) * 11n ** BigInt(c);
}

/**
 * ln p(n) in double precision from the leading Rademacher term, for n ≥ 10^4 (where the other
 * terms change ln p(n) by less than e^{−C/2} < 10^{−50}): ln p(n) = ln(2√3/m) + C + ln(1 − 1/C) up
 * to e^{−2C}. Computed with Math.* only, so it is independent of the fixed-point code. The absolute
 * error is at most about 16·C·2^{−53} (C ≤ 10^5 in the supported range), well below 10^{−9}.
 */
export function partitionLogEstimate(n: number): number {
  if (!(n >= 10_000)) throw new RangeError("partitionLogEstimate needs n ≥ 10^4");
  const m = 24 * n - 1;
  const c = (Math.PI * Math.sqrt(m)) / 6;
  return Math.log((2 * Math.sqrt(3)) / m) + c + Math.log1p(-1 / c);
}

/** ln |v| for a bigint v ≠ 0, to about 15 significant digits (from its leading 64 bits). */
export function bigintLog(v: bigint): number {
  if (v < 0n) v = -v;
  const bits = bitLength(v);
  const shift = Math.max(0, bits - 64);
  return Math.log(Number(v >> BigInt(shift))) + shift * Math.LN2;
}

// ---------------------------------------------------------------------------------------------
// Fixed-point primitives
// ---------------------------------------------------------------------------------------------

/** Chudnovsky binary splitting over [a, b): returns [P, Q, T] (see piFixed). */
function chudnovskySplit(a: number, b: number): [bigint, bigint, bigint] {
  if (b - a === 1) {
    if (a === 0) return [1n, 1n, 13591409n];
    const A = BigInt(a);
    const p = (6n * A - 5n) * (2n * A - 1n) * (6n * A - 1n);
    const q = A * A * A * 10939058860032000n; // 640320³ / 24
    const t = p * (13591409n + 545140134n * A);
    return [p, q, a & 1 ? -t : t];
  }
  const mid = (a + b) >> 1;
  const [p1, q1, t1] = chudnovskySplit(a, mid);
  const [p2, q2, t2] = chudnovskySplit(mid, b);
  return [p1 * p2, q1 * q2, t1 * q2 + p1 * t2];
}

let piCache: { bits: number; value: bigint } | undefined;

/**
 * π at w bits with error < 2 ulps, by the Chudnovsky series
 *   π = 426880·√10005 / S,  S = Σ_{k≥0} (−1)^k (6k)! (13591409 + 545140134k) / ((3k)! (k!)³ 640320^{3k}),
 * summed exactly by binary splitting (S = T/Q). Each term is smaller than the previous by a factor
 * > 2^47, so K = ⌈(w + 40)/47⌉ + 1 terms leave a relative error below 2^{−w−36} in S. With g = 16
 * guard bits: isqrt(10005·4^{w+g}) has error < 1, multiplied by 426880/S < 0.04; the division
 * floors (< 1); the truncation adds < 0.01: < 1.1 ulps at w+g, hence < 1 + 2^{−16}·1.1 < 2 ulps at w
 * after the final floor shift. The largest value computed so far is cached; a shifted copy keeps
 * the error < 2 ulps.
 */
export function piFixed(w: number): bigint {
  if (!Number.isSafeInteger(w) || w < 0) throw new RangeError("piFixed: bad precision");
  if (piCache && piCache.bits >= w) return piCache.value >> BigInt(piCache.bits - w);
  const g = 16;
  const wg = w + g;
  const terms = Math.ceil((wg + 40) / 47) + 1;
  const [, q, t] = chudnovskySplit(0, terms);
  const root = isqrt(10005n << BigInt(2 * wg));
  const value = ((426880n * root * q) / t) >> BigInt(g);
  piCache = { bits: w, value };
  return value;
}

/** A positive real m·2^e (a minimal binary float; expFixed keeps m within a few units of [2^Q, 2^{Q+1})). */
export interface BigFloat {
  m: bigint;
  e: number;
}

/**
 * Σ_{j≥0} σ^j·y^j / Π_{t=1}^{j} ρ(t) at Q bits, for y = Y/2^Q with 0 ≤ y ≤ 1/2 (Y exact), integer
 * ρ(t) ≥ t, and σ = −1 (`alternate`) or +1. Rectangular splitting (Paterson–Stockmeyer, the way
 * Smith and Brent evaluate multiple-precision series): the powers Y_1 … Y_m once, then a Horner
 * scheme over blocks of m terms, each costing m multiplications by small integers, one full
 * multiplication and one short division:
 *
 *    E_b = ( Σ_{i<m} σ^i·c_{b,i}·Y_i + σ^m·Y_m·E_{b+1} ) / D_b,   the sum being E_0, with
 *    D_b = Π_{t=bm+1}^{bm+m} ρ(t)  and  c_{b,i} = Π_{t=bm+i+1}^{bm+m} ρ(t) = D_b / Π_{t=bm+1}^{bm+i} ρ(t).
 *
 * Terms run up to a block boundary past the first index d whose term is below 2^{−Q−1}; terms
 * shrink by a factor ≤ y ≤ 1/2, so the omitted tail is < 2^{−Q}.
 * The caller passes an upper bound on log₂ y (it only chooses the number of terms).
 * Error, in ulps at Q: Y_i = ⌊Y_{i−1}·Y/2^Q⌋ is within ε_i ≤ ε_{i−1}/2 + 1 ≤ 2. In block b the
 * powers contribute Σ_i c_{b,i}·ε_i/D_b = Σ_i ε_i/Π_{t=bm+1}^{bm+i} ρ(t) ≤ 2·Σ 1/i! < 5.44; the product
 * with E_{b+1} (|E| ≤ e^{1/2} < 1.65) adds ≤ 2·1.65 + 1 and passes on y^m·δ_{b+1} ≤ δ_{b+1}/4; the
 * division truncates (< 1). So δ_b ≤ 10.74 + δ_{b+1}/4, δ_0 < 14.4, and with the tail < 16 ulps.
 */
function rectangularSeries(Y: bigint, Q: number, log2yUpper: number, rho: (t: number) => number, alternate: boolean, checkpoint?: () => void): bigint {
  const QB = BigInt(Q);
  // d = the first index whose term bound y^d / Π_{t≤d} ρ(t) is below 2^{−Q−1} (log2yUpper ≥ log₂ y is
  // the caller's bound, at most −1).
  const log2y = Math.min(-1, log2yUpper);
  let d = 0;
  for (let lg = 0; lg >= -Q - 1; ) {
    d++;
    lg += log2y - Math.log2(rho(d));
  }
  if (Q < PLAIN_SERIES_MAX_BITS && d <= 120) return plainSeries(Y, Q, d, rho, alternate);
  const m = Math.max(2, Math.round(Math.sqrt(d)));
  const blocks = Math.ceil(d / m);
  const powers: bigint[] = [1n << QB, Y];
  for (let i = 2; i <= m; i++) powers.push((powers[i - 1]! * Y) >> QB);
  const Ym = powers[m]!;
  const flipTop = alternate && (m & 1) === 1;
  let E = 0n;
  for (let b = blocks - 1; b >= 0; b--) {
    let c = 1n; // c_{b,i}, built from the top: after step i it is Π_{t=bm+i+1}^{bm+m} ρ(t)
    let num = 0n;
    for (let i = m - 1; i >= 0; i--) {
      c *= BigInt(rho(b * m + i + 1));
      const term = c * powers[i]!;
      num += alternate && (i & 1) === 1 ? -term : term;
    }
    const carry = (Ym * E) >> QB;
    num += flipTop ? -carry : carry;
    E = num / c; // c = D_b now
    if ((b & 7) === 7) checkpoint?.();
  }
  return E;
}

/** Below this precision the plain series is faster than rectangular splitting (fewer bigint allocations). */
const PLAIN_SERIES_MAX_BITS = 1000;

/**
 * The same sum term by term for d ≤ 120 terms (the terms up to index d − 1; the first omitted term
 * is < 2^{−Q−1} and the tail < 2^{−Q}), at Q + 8 bits: t_j = ⌊⌊t_{j−1}·Y/2^Q⌋/ρ(j)⌋ is within
 * e_j ≤ e_{j−1}·y/ρ(j) + 1 ≤ 2 ulps of the true term (Y exact), so the sum is within 2d + 1 ≤ 241 ulps
 * at Q + 8 bits; with the tail (< 256 ulps there) and the final floor shift, < 3 ulps (< 16) at Q.
 */
function plainSeries(Y: bigint, Q: number, d: number, rho: (t: number) => number, alternate: boolean): bigint {
  const QB = BigInt(Q);
  const one = 1n << BigInt(Q + 8); // terms at Q + 8 bits; ⌊t·Y/2^Q⌋ keeps that scale
  let sum = one;
  let term = one;
  for (let j = 1; j < d; j++) {
    term = ((term * Y) >> QB) / BigInt(rho(j));
    if (term === 0n) break;
    if (alternate && (j & 1) === 1) sum -= term;
    else sum += term;
  }
  return sum >> 8n;
}

/**
 * e^x for x = X/2^w ≥ 0 (X exact), as a BigFloat with relative error ≤ 2^{−q}.
 *
 * Method: y = x/2^s ≤ 2^{−t} (s = t + the bit length of ⌊x⌋), Y = y at Q bits (an exact
 * reinterpretation of X, or one floor: ≤ 1 ulp), e^y by rectangularSeries (≤ 16 ulps; with Y's
 * floor, a relative error ρ₀ ≤ 17·2^{−Q} since e^y ≥ 1), then s squarings with the mantissa
 * truncated to about Q+1 bits (relative error ≤ 2^{−Q}(1 + 2^{4−Q}) each). A squaring maps ρ to
 * ≤ 2ρ + ρ² + 1.01·2^{−Q}, so ρ_s ≤ 1.01·2^s(ρ₀ + 2^{1−Q}) ≤ 19.2·2^{s−Q} < 2^{−q} for Q = q + s + 6.
 */
export function expFixed(X: bigint, w: number, q: number, checkpoint?: () => void): BigFloat {
  if (X < 0n) throw new RangeError("expFixed: x must be ≥ 0");
  const lx = bitLength(X >> BigInt(w)); // x < 2^lx (from the integer part only)
  // Reduction depth: more squarings and fewer terms for the plain series at low precision.
  const t = q < PLAIN_SERIES_MAX_BITS ? Math.max(2, Math.round(Math.sqrt(q))) : Math.max(2, Math.round(Math.cbrt(q) / 2));
  const s = lx + t;
  const Q = q + s + 6;
  const QB = BigInt(Q);
  const shift = Q - (w + s);
  const Y = shift >= 0 ? X << BigInt(shift) : X >> BigInt(-shift);
  // y < 2^{lx − s} = 2^{−t}.
  let m = rectangularSeries(Y, Q, -t, (j) => j, false, checkpoint); // ≈ e^y·2^Q ∈ [2^Q − 16, 2^{Q+1})
  let e = -Q;
  const top = 1n << BigInt(2 * Q + 1);
  for (let i = 0; i < s; i++) {
    const m2 = m * m;
    if (m2 >= top) {
      m = m2 >> BigInt(Q + 1);
      e = 2 * e + Q + 1;
    } else {
      m = m2 >> QB;
      e = 2 * e + Q;
    }
    if ((i & 15) === 15) checkpoint?.();
  }
  return { m, e };
}

/**
 * cos(π·a/b) at w bits (b ≥ 1) with error ≤ 1.25 ulps.
 *
 * Exact integer reduction first (cos is even and 2π-periodic, cos(π − θ) = −cos θ): the value is
 * ±cos(π·u/v) with 0 ≤ u/v ≤ 1/2, an angle ψ ∈ [0, π/2]. Then, at W = w + G bits:
 * - θ = ψ/2^r with r ≥ 2 from π: ⌊π_W·u/(v·2^r)⌋, error < 2·(u/v)/2^r + 1 ≤ 1.25 ulps; θ ≤ π/8;
 * - z = θ² (≤ 0.155) with error ≤ 2θ·1.25 + 1 < 2.1 ulps;
 * - cos θ = Σ (−1)^j z^j/(2j)! by rectangularSeries (≤ 16 ulps for exact z; the series has
 *   derivative ≤ 1/2 in z, so z's error adds ≤ 1.05): ε₀ ≤ 17.1 ulps;
 * - r doublings c ↦ 2c² − 1 (computed as ⌊c²/2^{W−1}⌋ − 2^W): an error ε becomes ≤ 4.01ε + 1, so
 *   the result is within 4.01^r·(ε₀ + 1/3) ulps.
 * G is chosen so that this is ≤ 2^{G−2}: ≤ 1/4 + 1 ulps after the floor shift down to w bits.
 */
export function cosPiFixed(a: bigint, b: bigint, w: number, checkpoint?: () => void): bigint {
  if (b <= 0n) throw new RangeError("cosPiFixed: b must be positive");
  const twoB = 2n * b;
  let u = a % twoB;
  if (u < 0n) u += twoB;
  if (u > b) u = twoB - u; // cos(2π − θ) = cos θ; now ψ = πu/b ∈ [0, π]
  let negate = false;
  if (2n * u > b) {
    u = b - u; // cos(π − θ) = −cos θ; now ψ ∈ [0, π/2]
    negate = true;
  }
  if (2n * u === b) return 0n;
  if (u === 0n) {
    const one = 1n << BigInt(w);
    return negate ? -one : one;
  }
  const r = w < PLAIN_SERIES_MAX_BITS ? Math.max(2, Math.round(0.6 * Math.sqrt(w))) : Math.max(2, Math.round(Math.cbrt(w) / 2));
  const G = Math.ceil(r * Math.log2(4.01) + Math.log2(17.5)) + 2;
  const W = w + G;
  const WB = BigInt(W);
  const theta = (piFixed(W) * u) / (b << BigInt(r));
  const z = (theta * theta) >> WB;
  // z ≤ (π/2 · 2^{−r})² (ψ ≤ π/2), with a little room for rounding.
  const log2z = 2 * (Math.log2(Math.PI / 2) - r) + 1e-6;
  let c = rectangularSeries(z, W, log2z, (j) => (2 * j - 1) * (2 * j), true, checkpoint);
  const one = 1n << WB;
  const WB1 = WB - 1n;
  for (let i = 0; i < r; i++) {
    c = ((c * c) >> WB1) - one;
    if ((i & 15) === 15) checkpoint?.();
  }
  const value = c >> BigInt(G);
  return negate ? -value : value;
}

// ---------------------------------------------------------------------------------------------
// The Rademacher series
// ---------------------------------------------------------------------------------------------

/** Largest n the Rademacher evaluation accepts (p(10^9) has 35,219 digits; a few seconds). */
export const MAX_PARTITION_N = 1_000_000_000;

/** Rademacher's bound on |R(n, N)| (see the module comment), in double precision; n ≥ 2, N ≥ 1. */
export function rademacherTailBound(n: number, N: number): number {
  const c1 = (44 * Math.PI * Math.PI) / (225 * Math.sqrt(3));
  const c2 = (Math.PI * Math.SQRT2) / 75;
  return c1 / Math.sqrt(N) + c2 * Math.sqrt(N / (n - 1)) * Math.sinh((Math.PI / N) * Math.sqrt((2 * n) / 3));
}

/** Tail budget: the N terms leave at most this (by Rademacher's bound). */
const TAIL_BUDGET = 0.25;

/**
 * The least N with rademacherTailBound(n, N) ≤ 1/4 (the bound decreases in N: N^{−1/2} does, and
 * √N·sinh(a/N) = √a·sinh(y)/√y with y = a/N is increasing in y).
 */
export function rademacherTermCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 2) throw new RangeError("rademacherTermCount: n must be an integer ≥ 2");
  let hi = Math.max(16, Math.ceil(Math.sqrt(n)));
  while (rademacherTailBound(n, hi) > TAIL_BUDGET) hi *= 2;
  let lo = 0; // bound(lo) > budget (or lo = 0)
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (rademacherTailBound(n, mid) <= TAIL_BUDGET) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The l in [0, 2k) with f(l) = (3l² + l)/2 ≡ −n (mod k), in increasing order, in k steps: since
 * f(l + k) − f(l) = k·(6l + 3k + 1)/2, f(l + k) ≡ f(l) (mod k) for odd k and f(l + k) ≡ f(l) + k/2
 * for even k, so one pass over l < k (increments f(l+1) − f(l) = 3l + 2 kept reduced mod k) also
 * decides every l + k.
 */
export function selbergIndices(n: number, k: number): number[] {
  const target = (((-n) % k) + k) % k;
  // l + k is an index iff f(l) ≡ target2.
  const target2 = k & 1 ? target : (target + k - k / 2) % k;
  const low: number[] = [];
  const high: number[] = [];
  let f = 0; // f(l) mod k, f(0) = 0
  let inc = 2 % k; // (3l + 2) mod k
  const step = 3 % k;
  for (let l = 0; l < k; l++) {
    if (f === target) low.push(l);
    if (f === target2) high.push(l + k);
    f += inc;
    if (f >= k) f -= k;
    inc += step;
    if (inc >= k) inc -= k;
  }
  return high.length ? low.concat(high) : low;
}

/** Upper bound on log₂ e^x from a double approximation xd of x (relative error ≪ 10^{−9}). */
const log2ExpUpper = (xd: number): number => Math.ceil(xd * Math.LOG2E * (1 + 1e-9)) + 1;

/** Double approximation of X / 2^w (relative error below 2^{−50}). */
function fixedToNumber(X: bigint, w: number): number {
  const bits = bitLength(X);
  const shift = Math.max(0, bits - 60);
  return Number(X >> BigInt(shift)) * 2 ** (shift - w);
}

/**
 * One Rademacher term T_k = (4/m)·S_k·U(x), x = C/k, at F fractional bits with error ≤ 1.01 ulps.
 *
 * Precisions: L ≥ log₂ e^x; gx with 1/x ≤ 2^{gx}; F' = F + 8 + bitlength(#l) (room for the factor
 * |S_k| ≤ #l); F'' = F' + 2gx; W = L + F'' + 8 is the precision of x and of the cosines.
 *  - A = e^x at F'' bits from expFixed with q = L + F'' + 3: error a ≤ 1/8 (exp) + 2^{L+F''+1.02−W}
 *    (x has error ≤ 2 ulps at W) + 1 (shift) ≤ 1.14 ulps.
 *  - B = ⌊4^{F''}/A⌋ = e^{−x}: error ≤ 1.01a + 1 ≤ 2.16.
 *  - cosh = ⌊(A+B)/2⌋: ≤ 2.15;  sinh(x)/x = ⌊(A−B)·2^W/(2X)⌋: ≤ 1.65·2^{gx} + 1 + 2^{2gx−7}.
 *  - U'' = cosh − sinh/x then ⌊U''/4^{gx}⌋ at F' bits: e_U ≤ 5 ulps.
 *  - S_k at W bits: e_S ≤ 2·#l ulps (cosPiFixed).
 *  - T = trunc(4·S·U / (m·2^{W+F'−F})): error ≤ (4/m)(e_S·2^{L+F−W} + |S|·e_U·2^{F−F'}) + 1 ≤ 1.01.
 */
function rademacherTerm(C: bigint, wc: number, xd: number, k: number, ls: number[], m: bigint, F: number, checkpoint?: () => void): bigint {
  const L = log2ExpUpper(xd);
  const xLow = xd * (1 - 1e-9);
  const gx = xLow >= 1 ? 0 : Math.ceil(Math.log2(1 / xLow));
  const F1 = F + 8 + bitLength(BigInt(ls.length));
  const F2 = F1 + 2 * gx;
  const W = L + F2 + 8;
  if (W + 8 > wc) throw new Error("rademacherTerm: C is not precise enough");
  // x = C/k at W bits: ⌊C / (k·2^{wc−W})⌋, error ≤ 2/2^8 + 1 < 2 ulps.
  const X = C / (BigInt(k) << BigInt(wc - W));
  // S_k at W bits. For odd k, l ↦ l + k maps the indices below k onto those above it with the
  // same summand ((−1)^k·cos(θ + π) = cos θ), so only l < k are evaluated, counted twice.
  const b = BigInt(6 * k);
  let S = 0n;
  for (const l of ls) {
    if (k & 1 && l >= k) break;
    const c = cosPiFixed(BigInt(6 * l + 1), b, W, checkpoint);
    S += l & 1 ? -c : c;
  }
  if (k & 1) S *= 2n;
  if (S === 0n) return 0n;
  // U(x) at F1 bits.
  const ex = expFixed(X, W, L + F2 + 3, checkpoint);
  const sh = ex.e + F2;
  const A = sh >= 0 ? ex.m << BigInt(sh) : ex.m >> BigInt(-sh);
  const B = (1n << BigInt(2 * F2)) / A;
  const cosh = (A + B) >> 1n;
  const sinhOverX = ((A - B) << BigInt(W)) / (2n * X);
  const U = (cosh - sinhOverX) >> BigInt(2 * gx);
  // trunc(trunc(|v|/2^s)/m) = trunc(|v|/(2^s·m)): one shift and one short division.
  const v = 4n * S * U;
  const t = ((v < 0n ? -v : v) >> BigInt(W + F1 - F)) / m;
  return v < 0n ? -t : t;
}

// Small terms in double precision. Only IEEE 754 basic operations (+ − × ÷, correctly rounded:
// relative error ≤ u = 2^{−53}, guaranteed by ECMAScript for Numbers) and the constants Math.PI,
// Math.LN2 (the nearest doubles) are used — no Math.exp/Math.cos, whose accuracy is not specified.

const UNIT = 2 ** -53;

/**
 * e^x for 0 ≤ x ≤ 700: x = j·ln2 + r, e^r by Horner's rule on 21 Taylor terms (|r| ≤ 0.71, the
 * truncation is < 2^{−70}), times 2^j exactly. The reduced argument is within 2ux + u of the true
 * x − j·ln2, so the relative error is ≤ 1.01(2ux + u) + 11u ≤ (2.1x + 13)·u.
 */
function expDouble(x: number): number {
  const j = Math.floor(x / Math.LN2);
  const r = x - j * Math.LN2;
  let p = 1;
  for (let i = 21; i >= 1; i--) p = 1 + (r * p) / i;
  return p * 2 ** j;
}

/** cos θ (or sin θ) for 0 ≤ θ ≤ π/4 by Horner's rule on 11 Taylor terms: absolute error ≤ 8u (θ exact). */
function cosDouble(t: number): number {
  const z = t * t;
  let p = 1;
  for (let j = 11; j >= 1; j--) p = 1 - (z * p) / ((2 * j - 1) * (2 * j));
  return p;
}
function sinDouble(t: number): number {
  const z = t * t;
  let p = 1;
  for (let j = 11; j >= 1; j--) p = 1 - (z * p) / ((2 * j) * (2 * j + 1));
  return t * p;
}

/**
 * cos(π·a/b) in doubles (0 ≤ a, 0 < b, a and b below 2^50), by the same exact integer reduction as
 * cosPiFixed to an angle θ = π·u/v ∈ [0, π/4]; θ is formed with two roundings (≤ 2.1u relative),
 * so the absolute error is ≤ 8u + 2u < 2^{−49}.
 */
export function cosPiDouble(a: number, b: number): number {
  const twoB = 2 * b;
  let u = a % twoB;
  if (u > b) u = twoB - u;
  let negate = false;
  if (2 * u > b) {
    u = b - u;
    negate = true;
  }
  let value: number;
  if (4 * u > b) value = sinDouble((Math.PI * (b - 2 * u)) / (2 * b));
  else value = cosDouble((Math.PI * u) / b);
  return negate ? -value : value;
}

/**
 * U(x) = cosh x − sinh(x)/x in doubles for 0 < x ≤ 100, x known to relative error 2.1u.
 * For x ≥ 1 from e^x (relative error ε ≤ (2.1x + 13)u, plus 2.1ux from x itself): the absolute
 * error is ≤ e^x·(2ε + 12u) ≤ e^x·(8.5x + 40)u ≤ 2^{−42}·e^x. For x < 1 from the positive series
 * Σ_{j≥1} 2j·x^{2j}/(2j+1)! by Horner's rule (12 terms, truncation < 2^{−90}; 24 roundings and the
 * coefficients' 26u, and 8.4u from x): relative error ≤ 60u.
 */
function uDouble(x: number): number {
  if (x >= 1) {
    const e = expDouble(x);
    const ei = 1 / e;
    return (e + ei) / 2 - (e - ei) / (2 * x);
  }
  const z = x * x;
  let p = 0;
  for (let j = 12; j >= 1; j--) p = z * (U_SERIES[j]! + p);
  return p;
}

/** U_SERIES[j] = 2j/(2j+1)! (j = 1…12) as doubles: at most 26 roundings each, relative error ≤ 26u. */
const U_SERIES: number[] = (() => {
  const out = [0];
  let f = 1; // (2j+1)!
  for (let j = 1; j <= 12; j++) {
    f *= 2 * j * (2 * j + 1);
    out.push((2 * j) / f);
  }
  return out;
})();

/**
 * log₂ of the largest term magnitude (4/m)·#l·e^x that the double path accepts, relative to 2^{−F}:
 * at or below 2^{33−F}, the absolute error of the double term (≤ (4/m)·#l·e^x·2^{−40}, see
 * rademacherTermDouble) is ≤ 2^{−F−7}, and rounding to F bits adds ≤ 1/2 ulp.
 */
const DOUBLE_PATH_MAX_LOG2 = 33;

/**
 * T_k in doubles, returned at F fractional bits (rounded to nearest): error ≤ 0.51 ulps when
 * (4/m)·#l·e^x ≤ 2^{33−F} and x ≤ 100. With x = C/k from the bigint C (relative error ≤ 2.1u):
 * |S̃ − S| ≤ #l·2^{−49}, |Ũ − U| ≤ e^x·2^{−42}, and the two products and the quotient by m add
 * ≤ 3u relative, so |T̃ − T| ≤ (4/m)·#l·e^x·(2^{−42} + 2^{−49} + 2^{−51}) < (4/m)·#l·e^x·2^{−41.9}.
 */
function rademacherTermDouble(x: number, k: number, ls: number[], m: number, F: number): bigint {
  let S = 0;
  for (const l of ls) {
    const c = cosPiDouble(6 * l + 1, 6 * k);
    S += l & 1 ? -c : c;
  }
  const t = ((4 * S) / m) * uDouble(x);
  return BigInt(Math.round(t * 2 ** F));
}

/** Test hooks: `doubleTerms: false` evaluates every term on the bigint path. */
export interface RademacherTuning {
  doubleTerms?: boolean;
}

/** Bits of p(n), roughly: log₂ p(n) ≈ C·log₂e for C = π√(24n−1)/6. */
export function partitionBitsEstimate(n: number): number {
  if (n < 2) return 1;
  return Math.ceil(((Math.PI * Math.sqrt(24 * n - 1)) / 6) * Math.LOG2E);
}

/**
 * p(n) for 2 ≤ n ≤ MAX_PARTITION_N by the Hardy–Ramanujan–Rademacher series with rigorous error
 * control (module comment). Reports progress as Rademacher terms done out of N.
 */
export function partitionRademacher(n: number, opts: PartitionOptions = {}, tuning: RademacherTuning = {}): bigint {
  if (!Number.isSafeInteger(n) || n < 2 || n > MAX_PARTITION_N) throw new RangeError(`partitionRademacher: n must be an integer in [2, ${MAX_PARTITION_N}]`);
  const N = rademacherTermCount(n);
  const F = Math.ceil(Math.log2(N)) + 4;
  const m = 24n * BigInt(n) - 1n;
  const cd = (Math.PI * Math.sqrt(24 * n - 1)) / 6;
  // Largest precision any term asks for (k = 1 has the largest L; the other summands of W are
  // bounded by their worst case over k ≤ N).
  const gxMax = Math.max(0, Math.ceil(Math.log2(N / (cd * (1 - 1e-9)))));
  const wTerms = log2ExpUpper(cd) + F + 8 + bitLength(BigInt(2 * N)) + 2 * gxMax + 8;
  const wc = wTerms + 16;
  // C = π√m/6 at wc bits: π and √m at wc + h bits (errors < 2 and < 1 ulps), so the product has
  // error ≤ 2√m + 4 ulps at wc + h and C = ⌊π·√m / (6·2^{wc+2h})⌋ has error ≤ (2√m+4)/(6·2^h) + 1 < 2.
  const h = Math.ceil(Math.log2(Math.sqrt(24 * n))) + 2;
  const wh = wc + h;
  const sqrtM = isqrt(m << BigInt(2 * wh));
  const C = (piFixed(wh) * sqrtM) / (6n << BigInt(wc + 2 * h));
  opts.checkpoint?.();
  const cDouble = fixedToNumber(C, wc); // relative error ≤ u + 2^{−59}
  const log2Scale = Math.log2(4 / (24 * n - 1));
  let sum = 0n;
  let lastReport = 0;
  for (let k = 1; k <= N; k++) {
    const ls = selbergIndices(n, k);
    if (ls.length > 0) {
      const x = cDouble / k; // relative error ≤ 2.1u
      // The double path when its error bound applies (decided with a one-bit margin).
      const log2Size = log2Scale + Math.log2(ls.length) + x * Math.LOG2E;
      const small = tuning.doubleTerms !== false && x <= 100 && log2Size <= DOUBLE_PATH_MAX_LOG2 - F - 1;
      if (small) sum += rademacherTermDouble(x, k, ls, 24 * n - 1, F);
      else {
        sum += rademacherTerm(C, wc, x, k, ls, m, F, opts.checkpoint);
        lastReport = -Infinity; // an expensive term: report it
      }
    }
    if (k - lastReport >= 64 || k === N) {
      lastReport = k;
      opts.checkpoint?.();
      opts.progress?.(k, N, "Rademacher terms");
    }
  }
  const FB = BigInt(F);
  const p = (sum + (1n << (FB - 1n))) >> FB;
  // The analysis guarantees |sum/2^F − p(n)| < 0.32; anything else is an implementation fault.
  const dist = sum - (p << FB);
  if ((dist < 0n ? -dist : dist) * 100n > 32n << FB) throw new Error("partitionRademacher: the error bound was violated");
  return p;
}

/** Below this, the exact pentagonal recurrence is faster than the Rademacher series. */
export const PENTAGONAL_CUTOFF = 300;

/** p(n) for any integer n ≤ MAX_PARTITION_N (0 for n < 0, 1 for n = 0). */
export function partitionNumber(n: number, opts: PartitionOptions = {}): bigint {
  if (!Number.isSafeInteger(n)) throw new RangeError("partitionNumber: n must be a safe integer");
  if (n < 0) return 0n;
  if (n <= PENTAGONAL_CUTOFF) return partitionTable(n)[n]!;
  return partitionRademacher(n, opts);
}
