import { abs, bitLength, isqrt, mod, modInverse, product } from "./integer.js";
import type { Rational } from "./rational.js";
import { rational } from "./rational.js";

export type IntMatrix = bigint[][];

export function dimensions(m: readonly (readonly unknown[])[]): { rows: number; cols: number } {
  return { rows: m.length, cols: m.length ? m[0]!.length : 0 };
}

/**
 * Determinant over ZZ by Bareiss fraction-free elimination: every intermediate entry is a minor
 * of the input, so sizes stay bounded by Hadamard's bound and every division is exact.
 * `tick` is called once per pivot step (for progress and cancellation).
 */
export function bareissDeterminant(input: IntMatrix, tick?: (step: number, total: number) => void): bigint {
  const n = input.length;
  if (n === 0) return 1n;
  const a = input.map((r) => r.slice());
  let sign = 1n;
  let prev = 1n;
  for (let k = 0; k < n - 1; k++) {
    tick?.(k, n - 1);
    if (a[k]![k] === 0n) {
      let swap = -1;
      for (let i = k + 1; i < n; i++) if (a[i]![k] !== 0n) { swap = i; break; }
      if (swap < 0) return 0n;
      [a[k], a[swap]] = [a[swap]!, a[k]!];
      sign = -sign;
    }
    const rk = a[k]!;
    const pivot = rk[k]!;
    for (let i = k + 1; i < n; i++) {
      const ri = a[i]!;
      const aik = ri[k]!;
      for (let j = k + 1; j < n; j++) {
        ri[j] = (pivot * ri[j]! - aik * rk[j]!) / prev;
      }
      ri[k] = 0n;
    }
    prev = pivot;
  }
  tick?.(n - 1, n - 1);
  return sign * a[n - 1]![n - 1]!;
}

/** Determinant modulo a prime p < 2^26, with Number arithmetic (products stay below 2^53). */
export function determinantModSmallPrime(m: IntMatrix, p: number): number {
  const n = m.length;
  const P = BigInt(p);
  const a: Float64Array[] = m.map((row) => Float64Array.from(row, (v) => Number(mod(v, P))));
  return detModInPlace(a, p);
}

function detModInPlace(a: Float64Array[], p: number): number {
  const n = a.length;
  let det = 1;
  for (let k = 0; k < n; k++) {
    let piv = -1;
    for (let i = k; i < n; i++) if (a[i]![k] !== 0) { piv = i; break; }
    if (piv < 0) return 0;
    if (piv !== k) {
      [a[k], a[piv]] = [a[piv]!, a[k]!];
      det = (p - det) % p;
    }
    const rk = a[k]!;
    const pv = rk[k]!;
    det = (det * pv) % p;
    const inv = Number(modInverse(BigInt(pv), BigInt(p))!);
    for (let i = k + 1; i < n; i++) {
      const ri = a[i]!;
      if (ri[k] === 0) continue;
      const f = (ri[k]! * inv) % p;
      for (let j = k + 1; j < n; j++) {
        const v = (ri[j]! - ((f * rk[j]!) % p)) % p;
        ri[j] = v < 0 ? v + p : v;
      }
      ri[k] = 0;
    }
  }
  return det;
}

/** Determinant over GF(p) for any prime p (bigint arithmetic). */
export function determinantModPrime(m: IntMatrix, p: bigint): bigint {
  if (p < 1n << 26n) return BigInt(determinantModSmallPrime(m, Number(p)));
  const n = m.length;
  const a = m.map((r) => r.map((v) => mod(v, p)));
  let det = 1n;
  for (let k = 0; k < n; k++) {
    let piv = -1;
    for (let i = k; i < n; i++) if (a[i]![k] !== 0n) { piv = i; break; }
    if (piv < 0) return 0n;
    if (piv !== k) {
      [a[k], a[piv]] = [a[piv]!, a[k]!];
      det = mod(-det, p);
    }
    const rk = a[k]!;
    det = (det * rk[k]!) % p;
    const inv = modInverse(rk[k]!, p)!;
    for (let i = k + 1; i < n; i++) {
      const ri = a[i]!;
      if (ri[k] === 0n) continue;
      const f = (ri[k]! * inv) % p;
      for (let j = k + 1; j < n; j++) ri[j] = mod(ri[j]! - f * rk[j]!, p);
      ri[k] = 0n;
    }
  }
  return det;
}

/** An upper bound B ≥ |det(m)| (Hadamard: product of row Euclidean norms, rounded up). */
export function hadamardBound(m: IntMatrix): bigint {
  const norms = m.map((row) => {
    let s = 0n;
    for (const v of row) s += v * v;
    const r = isqrt(s);
    return r * r === s ? r : r + 1n;
  });
  return product(norms);
}

export function bitsOfHadamardBound(m: IntMatrix): number {
  return bitLength(hadamardBound(m));
}

/** Primes just below 2^26, descending, generated deterministically on demand. */
const moduli: number[] = [];
export function smallModulus(index: number): number {
  let candidate = moduli.length ? moduli[moduli.length - 1]! - 2 : (1 << 26) - 1;
  while (moduli.length <= index) {
    if (isPrimeNumber(candidate)) moduli.push(candidate);
    candidate -= 2;
  }
  return moduli[index]!;
}

function isPrimeNumber(n: number): boolean {
  if (n < 2) return false;
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

/** Row-wise common denominators: turn a rational matrix into an integer one plus a scale. */
export function clearDenominators(m: Rational[][]): { integer: IntMatrix; scale: bigint } {
  let scale = 1n;
  const integer = m.map((row) => {
    let l = 1n;
    for (const v of row) l = lcm(l, v.den);
    scale *= l;
    return row.map((v) => v.num * (l / v.den));
  });
  return { integer, scale };
}

function lcm(a: bigint, b: bigint): bigint {
  let x = a, y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return (a / x) * b;
}

/** Determinant over QQ: clear denominators per row, Bareiss over ZZ, divide by the scale. */
export function rationalDeterminant(m: Rational[][], tick?: (step: number, total: number) => void): Rational {
  const { integer, scale } = clearDenominators(m);
  return rational(bareissDeterminant(integer, tick), scale);
}

export function multiplyInteger(a: IntMatrix, b: IntMatrix): IntMatrix {
  const n = a.length, k = b.length, m = k ? b[0]!.length : 0;
  const out: IntMatrix = [];
  for (let i = 0; i < n; i++) {
    const row: bigint[] = new Array(m).fill(0n);
    const ai = a[i]!;
    for (let t = 0; t < k; t++) {
      const v = ai[t]!;
      if (v === 0n) continue;
      const bt = b[t]!;
      for (let j = 0; j < m; j++) row[j] += v * bt[j]!;
    }
    out.push(row);
  }
  return out;
}

export function maxAbsBits(m: IntMatrix): number {
  let best = 0n;
  for (const row of m) for (const v of row) { const a = abs(v); if (a > best) best = a; }
  return bitLength(best);
}
