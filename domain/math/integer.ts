/** Exact integer arithmetic on bigint: the shared algorithms of the integer family. */

export const abs = (a: bigint): bigint => (a < 0n ? -a : a);

export function sign(a: bigint): -1 | 0 | 1 {
  return a < 0n ? -1 : a > 0n ? 1 : 0;
}

/** Number of bits of |a| (0 for 0). */
export function bitLength(a: bigint): number {
  a = abs(a);
  if (a === 0n) return 0;
  // toString(16) is linear and avoids quadratic shifting loops on huge values.
  const hex = a.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0]!, 16)));
}

/** Number of decimal digits of |a| (1 for 0). */
export function decimalDigits(a: bigint): number {
  return abs(a).toString().length;
}

/** Bit length of a ≥ 0 known to have at most `upper` bits: one cheap shift instead of a full scan. */
function bitLengthAtMost(a: bigint, upper: number): number {
  if (upper <= 64) return bitLength(a);
  const top = a >> BigInt(upper - 64);
  // The shift keeps at most 64 bits, so it costs O(1); fall back to the linear scan when a shrank a lot.
  return top === 0n ? bitLength(a) : upper - 64 + bitLength(top);
}

/**
 * One run of Lehmer's Algorithm L (Knuth, TAOCP 4.5.2) on the leading 52 bits x ≥ y of the two
 * operands: single-precision Euclid steps, each accepted only when the quotient is the same for both
 * bracketing fractions (x+A)/(y+C) and (x+B)/(y+D), so every accepted step is a true Euclid step of
 * the full operands. All quantities stay below 2^53 (x < 2^52, cofactors stop at 2^26), so the
 * double arithmetic, including the floored quotient, is exact. Returns the cofactor matrix
 * [[A, B], [C, D]] (new a = A·a + B·b, new b = C·a + D·b), or undefined when no step was accepted.
 */
function lehmerMatrix(x: number, y: number): [number, number, number, number] | undefined {
  let A = 1, B = 0, C = 0, D = 1;
  while (y + C !== 0 && y + D !== 0) {
    const q = Math.floor((x + A) / (y + C));
    if (q !== Math.floor((x + B) / (y + D))) break;
    let t = A - q * C; A = C; C = t;
    t = B - q * D; B = D; D = t;
    t = x - q * y; x = y; y = t;
    if (Math.abs(C) >= 2 ** 26 || Math.abs(D) >= 2 ** 26) break;
  }
  return B === 0 ? undefined : [A, B, C, D];
}

/** Lehmer step size: operands are compared on their leading LEHMER_BITS bits. */
const LEHMER_BITS = 52;
/** Above this size gap one long division gains more than a Lehmer run. */
const LEHMER_MAX_GAP = 24;

/**
 * gcd(a, b) ≥ 0. Lehmer-style acceleration: while both operands are large and of similar size, the
 * leading 52 bits drive a run of single-precision Euclid steps collected into a 2×2 cofactor
 * matrix, applied with two multiply-adds instead of one long division per step.
 */
export function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  if (a < b) [a, b] = [b, a];
  let la = bitLength(a);
  let lb = bitLength(b);
  while (b !== 0n) {
    if (la <= LEHMER_BITS) return BigInt(gcdSmall(Number(a), Number(b)));
    const shift = la - LEHMER_BITS;
    const m = la - lb > LEHMER_MAX_GAP ? undefined : lehmerMatrix(Number(a >> BigInt(shift)), Number(b >> BigInt(shift)));
    if (m === undefined) {
      // Plain Euclid step: unbalanced sizes (one division gains a lot) or no Lehmer step accepted.
      [a, b] = [b, a % b];
      la = lb;
      lb = bitLengthAtMost(b, lb);
    } else {
      const [A, B, C, D] = m;
      const na = BigInt(A) * a + BigInt(B) * b;
      b = BigInt(C) * a + BigInt(D) * b;
      a = na;
      la = bitLengthAtMost(a, la);
      lb = bitLengthAtMost(b, la);
    }
  }
  return a;
}

/** Euclid on doubles (operands below 2^53: exact). */
function gcdSmall(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

export interface ExtendedGcd {
  gcd: bigint;
  x: bigint;
  y: bigint;
}

/**
 * Extended Euclid: g = gcd(a, b) ≥ 0 and Bezout coefficients x, y with a·x + b·y = g.
 *
 * Normalisation: (x, y) = (sign(a)·X, sign(b)·Y) where (X, Y) are the cofactors the Euclidean
 * algorithm produces on (|a|, |b|). This is the minimal pair:
 * - b = 0: (x, y) = (sign(a), 0);  a = 0: (0, sign(b));  gcd(0, 0) = 0 with x = y = 0;
 * - |a| = |b| ≠ 0: (0, sign(b));
 * - otherwise |x| ≤ |b|/(2g) and |y| ≤ |a|/(2g).
 * Large operands use Lehmer's acceleration, which reproduces the Euclidean remainder sequence
 * exactly, hence the same cofactors.
 */
export function extendedGcd(a: bigint, b: bigint): ExtendedGcd {
  const A0 = abs(a), B0 = abs(b);
  // Euclid on (|a|, |b|); a first quotient 0 (when |a| < |b|) is just a swap, done here up front.
  const swapped = A0 < B0;
  let [r0, r1] = swapped ? [B0, A0] : [A0, B0];
  const R0 = r0, R1 = r1;
  // Cofactors of R0 only: r_i = u_i·R0 + v_i·R1 (v is recovered at the end by one exact division).
  let u0 = 1n, u1 = 0n;
  let l0 = bitLength(r0), l1 = bitLength(r1);
  while (r1 !== 0n) {
    const m = l0 > LEHMER_BITS && l0 - l1 <= LEHMER_MAX_GAP ? lehmerMatrix(Number(r0 >> BigInt(l0 - LEHMER_BITS)), Number(r1 >> BigInt(l0 - LEHMER_BITS))) : undefined;
    if (m === undefined) {
      const q = r0 / r1;
      [r0, r1] = [r1, r0 - q * r1];
      [u0, u1] = [u1, u0 - q * u1];
      l0 = l1;
      l1 = bitLengthAtMost(r1, l1);
    } else {
      const [A, B, C, D] = m;
      const bA = BigInt(A), bB = BigInt(B), bC = BigInt(C), bD = BigInt(D);
      [r0, r1] = [bA * r0 + bB * r1, bC * r0 + bD * r1];
      [u0, u1] = [bA * u0 + bB * u1, bC * u0 + bD * u1];
      l0 = bitLengthAtMost(r0, l0);
      l1 = bitLengthAtMost(r1, l0);
    }
  }
  const g = r0;
  if (g === 0n) return { gcd: 0n, x: 0n, y: 0n };
  const v0 = R1 === 0n ? 0n : (g - u0 * R0) / R1;
  // Undo the initial swap: X is the cofactor of |a|, Y the cofactor of |b|.
  const [X, Y] = swapped ? [v0, u0] : [u0, v0];
  return { gcd: g, x: a < 0n ? -X : X, y: b < 0n ? -Y : Y };
}

/** Floor division and non-negative remainder modulo m > 0. */
export function mod(a: bigint, m: bigint): bigint {
  const r = a % m;
  return r < 0n ? r + m : r;
}

/** Bases below this are multiplied in directly (cheap small multiplications, no window table). */
const SMALL_BASE = 1n << 32n;

/**
 * base^exp mod m for m ≥ 1, exp ≥ 0. Left-to-right: a small base is multiplied in directly at each
 * set bit (each multiplication is by a single word); a large base uses a sliding window of odd
 * powers, which saves about a quarter of the full multiplications on long exponents.
 */
export function modPow(base: bigint, exp: bigint, m: bigint): bigint {
  if (m <= 0n) throw new RangeError("modPow: modulus must be positive");
  if (exp < 0n) throw new RangeError("modPow: negative exponent");
  if (m === 1n) return 0n;
  base = mod(base, m);
  if (exp === 0n) return 1n;
  if (base < 2n) return base;
  const bits = exp.toString(2);
  if (base < SMALL_BASE || bits.length <= 64) {
    let result = base;
    for (let i = 1; i < bits.length; i++) {
      result = (result * result) % m;
      if (bits.charCodeAt(i) === 49) result = (result * base) % m;
    }
    return result;
  }
  const w = bits.length > 768 ? 5 : 4;
  // table[i] = base^(2i+1)
  const table: bigint[] = [base];
  const sq = (base * base) % m;
  for (let i = 1; i < 1 << (w - 1); i++) table.push((table[i - 1]! * sq) % m);
  let result = 1n;
  let i = 0;
  while (i < bits.length) {
    if (bits.charCodeAt(i) === 48) {
      result = (result * result) % m;
      i++;
      continue;
    }
    // The longest window bits[i..j] of at most w bits that ends in a 1.
    let j = Math.min(i + w, bits.length) - 1;
    while (bits.charCodeAt(j) === 48) j--;
    const value = parseInt(bits.slice(i, j + 1), 2);
    for (let k = i; k <= j; k++) if (result !== 1n) result = (result * result) % m;
    result = (result * table[(value - 1) >> 1]!) % m;
    i = j + 1;
  }
  return result;
}

/** Inverse of a modulo m, or undefined when gcd(a, m) ≠ 1. */
export function modInverse(a: bigint, m: bigint): bigint | undefined {
  const { gcd: g, x } = extendedGcd(mod(a, m), m);
  return g === 1n ? mod(x, m) : undefined;
}

/** Floor of the square root of n ≥ 0 (Newton's method from a bit-length start). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError("isqrt of a negative number");
  if (n < 2n) return n;
  let x = 1n << BigInt((bitLength(n) >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** Floor of the k-th root of n ≥ 0 for k ≥ 1 (Newton's method from above). */
export function integerRoot(n: bigint, k: number): bigint {
  if (n < 0n) throw new RangeError("integerRoot of a negative number");
  if (!Number.isInteger(k) || k < 1) throw new RangeError("integerRoot: k must be a positive integer");
  if (k === 1 || n < 2n) return n;
  if (k === 2) return isqrt(n);
  const bits = bitLength(n);
  if (k >= bits) return 1n; // 2^k > n
  const K = BigInt(k);
  // 2^⌈bits/k⌉ ≥ the root; Newton's iteration decreases monotonically to the floor from above.
  let x = 1n << BigInt(Math.ceil(bits / k));
  for (;;) {
    const y = ((K - 1n) * x + n / x ** (K - 1n)) / K;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * The largest k ≥ 2 with n = r^k for an integer r (and that r), or undefined when n > 1 is not a
 * perfect power. `minRoot` (≥ 2) bounds the roots searched: roots below it are known not to occur
 * (e.g. after trial division), which limits the exponents tried to log(n)/log(minRoot).
 */
export function perfectPower(n: bigint, minRoot = 2n): { root: bigint; exponent: number } | undefined {
  if (n < 4n) return undefined;
  const bits = bitLength(n);
  const maxK = Math.floor(bits / Math.max(1, bitLength(minRoot) - 1));
  let best: { root: bigint; exponent: number } | undefined;
  let m = n;
  let total = 1;
  // Peel prime exponents: n = r^k with k = Π of the prime exponents found.
  for (let k = 2; k <= maxK; k++) {
    if (!isSmallPrime(k)) continue;
    for (;;) {
      if (bitLength(m) < k) break;
      const r = integerRoot(m, k);
      if (r ** BigInt(k) !== m) break;
      m = r;
      total *= k;
      best = { root: m, exponent: total };
    }
  }
  return best;
}

function isSmallPrime(k: number): boolean {
  if (k < 2) return false;
  for (let d = 2; d * d <= k; d++) if (k % d === 0) return false;
  return true;
}

export function isSquare(n: bigint): boolean {
  if (n < 0n) return false;
  const r = isqrt(n);
  return r * r === n;
}

/** Product of a list by balanced binary splitting (subquadratic with V8's Karatsuba). */
export function product(xs: readonly bigint[]): bigint {
  if (xs.length === 0) return 1n;
  let layer = xs.slice();
  while (layer.length > 1) {
    const next: bigint[] = [];
    for (let i = 0; i < layer.length; i += 2) next.push(i + 1 < layer.length ? layer[i]! * layer[i + 1]! : layer[i]!);
    layer = next;
  }
  return layer[0]!;
}

/** Jacobi symbol (a/n) for odd n > 0. */
export function jacobi(a: bigint, n: bigint): -1 | 0 | 1 {
  if (n <= 0n || (n & 1n) === 0n) throw new RangeError("jacobi: n must be odd and positive");
  a = mod(a, n);
  let result: 1 | -1 = 1;
  while (a !== 0n) {
    while ((a & 1n) === 0n) {
      a >>= 1n;
      const r = n & 7n;
      if (r === 3n || r === 5n) result = result === 1 ? -1 : 1;
    }
    [a, n] = [n, a];
    if ((a & 3n) === 3n && (n & 3n) === 3n) result = result === 1 ? -1 : 1;
    a %= n;
  }
  return n === 1n ? result : 0;
}
