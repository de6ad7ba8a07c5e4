/**
 * Dense univariate arithmetic modulo a word-size prime p < 2^26 on JS numbers (products < 2^52
 * are exact in doubles). The inner kernel of the multi-modular algorithms over ZZ (zz.ts): gcd,
 * resultant and evaluation images mod p. Polynomials are little-endian `number[]`, trimmed
 * (zero = []), coefficients in 0..p−1.
 */

/** Largest prime modulus this kernel accepts (exclusive). */
export const SMALL_PRIME_LIMIT = 2 ** 26;

export function invModP(a: number, p: number): number {
  let t = 0, nt = 1, r = p, nr = a % p;
  while (nr !== 0) {
    const q = Math.floor(r / nr);
    [t, nt] = [nt, t - q * nt];
    [r, nr] = [nr, r - q * nr];
  }
  if (r !== 1) throw new RangeError("not invertible mod p");
  return t < 0 ? t + p : t;
}

export function powModP(b: number, e: number, p: number): number {
  let r = 1;
  b %= p;
  while (e > 0) {
    if (e & 1) r = (r * b) % p;
    b = (b * b) % p;
    e = Math.floor(e / 2);
  }
  return r;
}

export function trimP(a: number[]): number[] {
  let n = a.length;
  while (n > 0 && a[n - 1] === 0) n--;
  a.length = n;
  return a;
}

/** The image of an integer polynomial mod p (trimmed). */
export function reduceP(f: readonly bigint[], p: number): number[] {
  const P = BigInt(p);
  const out = new Array<number>(f.length);
  for (let i = 0; i < f.length; i++) {
    let r = Number(f[i]! % P);
    if (r < 0) r += p;
    out[i] = r;
  }
  return trimP(out);
}

/** a mod b (b ≠ 0), a copied. */
export function remP(a: readonly number[], b: readonly number[], p: number): number[] {
  const r = a.slice();
  const db = b.length - 1;
  if (db < 0) throw new RangeError("division by zero polynomial");
  const inv = invModP(b[db]!, p);
  for (let i = r.length - 1; i >= db; i--) {
    const c = r[i]!;
    if (c === 0) continue;
    const q = (c * inv) % p;
    const off = i - db;
    for (let j = 0; j < db; j++) {
      const bj = b[j]!;
      if (bj !== 0) {
        const v = (r[off + j]! - q * bj) % p;
        r[off + j] = v < 0 ? v + p : v;
      }
    }
    r[i] = 0;
  }
  r.length = Math.min(r.length, db);
  return trimP(r);
}

/** Monic gcd mod p (gcd(0,0) = []). */
export function gcdP(a: readonly number[], b: readonly number[], p: number): number[] {
  let x = a.slice(), y = b.slice();
  while (y.length > 0) {
    const r = remP(x, y, p);
    x = y;
    y = r;
  }
  return monicP(x, p);
}

export function monicP(a: number[], p: number): number[] {
  if (a.length === 0) return a;
  const inv = invModP(a[a.length - 1]!, p);
  return a.map((c) => (c * inv) % p);
}

/**
 * Resultant of f and g mod p with their formal degrees equal to their actual degrees
 * (callers skip primes dividing a leading coefficient).
 */
export function resultantP(f: readonly number[], g: readonly number[], p: number): number {
  if (f.length === 0 || g.length === 0) return 0;
  let a = f.slice(), b = g.slice();
  let res = 1;
  if (a.length === 1) return powModP(a[0]!, b.length - 1, p);
  for (;;) {
    const m = a.length - 1, n = b.length - 1;
    if (n === 0) return (res * powModP(b[0]!, m, p)) % p;
    const r = remP(a, b, p);
    if (r.length === 0) return 0;
    const k = r.length - 1;
    res = (res * powModP(b[n]!, m - k, p)) % p;
    if ((m & 1) === 1 && (n & 1) === 1) res = res === 0 ? 0 : p - res;
    a = b;
    b = r;
  }
}

/** Exact division a / b mod p (b | a assumed; the quotient). */
export function divP(a: readonly number[], b: readonly number[], p: number): number[] {
  const r = a.slice();
  const db = b.length - 1;
  const dq = r.length - 1 - db;
  if (dq < 0) return [];
  const q = new Array<number>(dq + 1).fill(0);
  const inv = invModP(b[db]!, p);
  for (let i = r.length - 1; i >= db; i--) {
    const c = r[i]!;
    if (c === 0) continue;
    const t = (c * inv) % p;
    q[i - db] = t;
    const off = i - db;
    for (let j = 0; j <= db; j++) {
      const v = (r[off + j]! - t * b[j]!) % p;
      r[off + j] = v < 0 ? v + p : v;
    }
  }
  return trimP(q);
}

const primeCache: number[] = [];

function isPrimeSmall(n: number): boolean {
  if (n < 2) return false;
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

/** The i-th prime below 2^26 counting downwards (i = 0 → largest). Deterministic. */
export function largePrime(i: number): number {
  let n = primeCache.length ? primeCache[primeCache.length - 1]! - 2 : SMALL_PRIME_LIMIT - 1;
  while (primeCache.length <= i) {
    while (!isPrimeSmall(n)) n -= 2;
    primeCache.push(n);
    n -= 2;
  }
  return primeCache[i]!;
}
