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

/**
 * gcd(a, b) ≥ 0. Lehmer-style acceleration: while both operands are large, the leading 53 bits
 * drive a run of single-precision Euclid steps collected into a 2×2 cofactor matrix, applied with
 * two multiply-adds instead of one long division per step.
 */
export function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  if (a < b) [a, b] = [b, a];
  while (b !== 0n) {
    const la = bitLength(a);
    const shift = la - 52;
    if (shift <= 0 || la - bitLength(b) > 24) {
      // Plain Euclid step: small operands, or unbalanced sizes where one division gains a lot.
      [a, b] = [b, a % b];
      continue;
    }
    // Lehmer step (Knuth 4.5.2, Algorithm L) on the leading 52 bits, exact in doubles.
    const s = BigInt(shift);
    let x = Number(a >> s);
    let y = Number(b >> s);
    let A = 1, B = 0, C = 0, D = 1;
    while (y + C !== 0 && y + D !== 0) {
      const q = Math.floor((x + A) / (y + C));
      if (q !== Math.floor((x + B) / (y + D))) break;
      let t = A - q * C; A = C; C = t;
      t = B - q * D; B = D; D = t;
      t = x - q * y; x = y; y = t;
      if (Math.abs(C) >= 2 ** 26 || Math.abs(D) >= 2 ** 26) break;
    }
    if (B === 0) {
      [a, b] = [b, a % b];
    } else {
      const na = BigInt(A) * a + BigInt(B) * b;
      b = BigInt(C) * a + BigInt(D) * b;
      a = na;
    }
  }
  return a;
}

export interface ExtendedGcd {
  gcd: bigint;
  x: bigint;
  y: bigint;
}

/**
 * Extended Euclid: returns g = gcd(a, b) ≥ 0 and x, y with a·x + b·y = g.
 * The coefficients are the minimal pair produced by the Euclidean algorithm:
 * |x| ≤ |b|/(2g) and |y| ≤ |a|/(2g) when both are non-zero; gcd(0, 0) = 0 with x = y = 0.
 */
export function extendedGcd(a: bigint, b: bigint): ExtendedGcd {
  let [r0, r1] = [a, b];
  let [s0, s1] = [1n, 0n];
  let [t0, t1] = [0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  if (r0 < 0n) return { gcd: -r0, x: -s0, y: -t0 };
  return { gcd: r0, x: s0, y: t0 };
}

/** Floor division and non-negative remainder modulo m > 0. */
export function mod(a: bigint, m: bigint): bigint {
  const r = a % m;
  return r < 0n ? r + m : r;
}

export function modPow(base: bigint, exp: bigint, m: bigint): bigint {
  if (m === 1n) return 0n;
  if (exp < 0n) throw new RangeError("modPow: negative exponent");
  let result = 1n;
  base = mod(base, m);
  while (exp > 0n) {
    if (exp & 1n) result = (result * base) % m;
    exp >>= 1n;
    if (exp > 0n) base = (base * base) % m;
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
