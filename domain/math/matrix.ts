/**
 * Exact linear algebra over ZZ, QQ and GF(p): the shared algorithms of the matrix family.
 *
 * Two independent determinant algorithms live here on purpose:
 *  - Bareiss fraction-free elimination (over ZZ, and over GF(p) as a field) — the producer;
 *  - multimodular Gaussian elimination modulo many primes below 2^26 with a Hadamard bound —
 *    the checker. They share no elimination code.
 *
 * Long-running algorithms are written as generators that yield after each unit of progress (a
 * pivot step, a row), so the caller can report progress and let cancellation in between.
 */
import { abs, bitLength, gcd, isqrt, mod, modInverse, product } from "./integer.js";
import { rational, type Rational } from "./rational.js";

export type IntMatrix = bigint[][];

export function dimensions(m: readonly (readonly unknown[])[]): { rows: number; cols: number } {
  return { rows: m.length, cols: m.length ? m[0]!.length : 0 };
}

export function isSquareMatrix(m: readonly (readonly unknown[])[]): boolean {
  return m.every((row) => row.length === m.length);
}

export function lcm(a: bigint, b: bigint): bigint {
  if (a === 0n || b === 0n) return 0n;
  return abs((a / gcd(a, b)) * b);
}

/* ------------------------------------------------------------------------------------------ */
/* Bareiss over ZZ                                                                              */
/* ------------------------------------------------------------------------------------------ */

/**
 * Bareiss fraction-free elimination over ZZ as a generator: yields the number of pivot steps done
 * (1 … n−1) and returns det(input). Every intermediate entry is a minor of the (row-permuted)
 * input, so sizes stay bounded by Hadamard's bound and every division is exact (Sylvester's
 * identity). The input is not modified.
 */
export function* bareissSteps(input: IntMatrix): Generator<number, bigint, void> {
  const n = input.length;
  if (n === 0) return 1n;
  const a = input.map((r) => r.slice());
  let negate = false;
  let prev = 1n;
  for (let k = 0; k < n - 1; k++) {
    if (a[k]![k] === 0n) {
      let swap = -1;
      for (let i = k + 1; i < n; i++) if (a[i]![k] !== 0n) { swap = i; break; }
      if (swap < 0) return 0n; // column k is zero below the diagonal: the leading minors vanish
      [a[k], a[swap]] = [a[swap]!, a[k]!];
      negate = !negate;
    }
    const rk = a[k]!;
    const pivot = rk[k]!;
    for (let i = k + 1; i < n; i++) {
      const ri = a[i]!;
      const aik = ri[k]!;
      if (prev === 1n) {
        if (aik === 0n) for (let j = k + 1; j < n; j++) ri[j] = pivot * ri[j]!;
        else for (let j = k + 1; j < n; j++) ri[j] = pivot * ri[j]! - aik * rk[j]!;
      } else if (aik === 0n) {
        for (let j = k + 1; j < n; j++) ri[j] = (pivot * ri[j]!) / prev;
      } else {
        for (let j = k + 1; j < n; j++) ri[j] = (pivot * ri[j]! - aik * rk[j]!) / prev;
      }
      ri[k] = 0n;
    }
    prev = pivot;
    a[k] = []; // row k is never read again: release it
    yield k + 1;
  }
  const d = a[n - 1]![n - 1]!;
  return negate ? -d : d;
}

/** Run a step generator to completion, calling `tick(done, total)` after each step. */
export function drive<T>(steps: Generator<number, T, void>, total: number, tick?: (done: number, total: number) => void): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    tick?.(r.value, total);
  }
}

/** Determinant over ZZ by Bareiss. `tick` is called after each pivot step (n−1 steps). */
export function bareissDeterminant(input: IntMatrix, tick?: (step: number, total: number) => void): bigint {
  return drive(bareissSteps(input), Math.max(0, input.length - 1), tick);
}

/* ------------------------------------------------------------------------------------------ */
/* Arithmetic modulo a prime below 2^26 in doubles                                               */
/* ------------------------------------------------------------------------------------------ */

/** Moduli below this bound multiply exactly in doubles: (2^26)^2 = 2^52 < 2^53. */
export const SMALL_MODULUS_LIMIT = 2 ** 26;

/** a·b mod p for 0 ≤ a, b < p < 2^26 (the product is an exact double; the quotient is fixed up). */
function mulMod(a: number, b: number, p: number, invP: number): number {
  const x = a * b;
  const r = x - Math.floor(x * invP) * p;
  return r < 0 ? r + p : r >= p ? r - p : r;
}

/** Inverse modulo p < 2^26 of 0 < a < p (extended Euclid in doubles). */
function invMod(a: number, p: number): number {
  let r0 = p, r1 = a, t0 = 0, t1 = 1;
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  if (r0 !== 1) throw new RangeError(`${a} is not invertible modulo ${p}`);
  return t0 < 0 ? t0 + p : t0;
}

/**
 * An integer matrix prepared for fast reduction modulo many small primes: entries below 2^53 are
 * kept as doubles, larger ones as base-2^24 digits (most significant first) reduced by Horner's rule.
 */
export class ResidueSource {
  readonly n: number;
  readonly cols: number;
  private readonly small: Float64Array[];
  private readonly big: Map<number, { negative: boolean; digits: Float64Array }> = new Map();

  constructor(m: IntMatrix) {
    this.n = m.length;
    this.cols = m.length ? m[0]!.length : 0;
    const LIMIT = 1n << 53n;
    this.small = m.map((row, i) =>
      Float64Array.from(row, (v, j) => {
        const a = abs(v);
        if (a < LIMIT) return Number(v);
        let hex = a.toString(16);
        hex = "0".repeat((6 - (hex.length % 6)) % 6) + hex; // 6 hex digits = 24 bits
        const digits = new Float64Array(hex.length / 6);
        for (let t = 0; t < digits.length; t++) digits[t] = parseInt(hex.slice(6 * t, 6 * t + 6), 16);
        this.big.set(i * this.cols + j, { negative: v < 0n, digits });
        return 0;
      }),
    );
  }

  /** Fresh rows of residues in [0, p) for a prime p < 2^26. */
  reduce(p: number): Float64Array[] {
    const out = this.small.map((row) => {
      const r = new Float64Array(row.length);
      for (let j = 0; j < row.length; j++) {
        const v = row[j]! % p; // fmod is exact on doubles
        r[j] = v < 0 ? v + p : v;
      }
      return r;
    });
    for (const [idx, { negative, digits }] of this.big) {
      const invP = 1 / p;
      let r = 0;
      for (let t = 0; t < digits.length; t++) {
        const x = r * 16777216 + digits[t]!; // < 2^50 + 2^24: exact
        r = x - Math.floor(x * invP) * p;
        if (r < 0) r += p;
        else if (r >= p) r -= p;
      }
      if (negative && r !== 0) r = p - r;
      out[Math.floor(idx / this.cols)]![idx % this.cols] = r;
    }
    return out;
  }
}

/**
 * Determinant of a matrix of residues modulo a prime p < 2^26 by Gaussian elimination with field
 * inverses (row echelon form; det = ± product of the pivots). Destroys `a`.
 */
export function gaussianDeterminantModSmallPrime(a: Float64Array[], p: number): number {
  const n = a.length;
  const invP = 1 / p;
  let det = 1;
  for (let k = 0; k < n; k++) {
    let piv = -1;
    for (let i = k; i < n; i++) if (a[i]![k] !== 0) { piv = i; break; }
    if (piv < 0) return 0;
    if (piv !== k) {
      [a[k], a[piv]] = [a[piv]!, a[k]!];
      det = det === 0 ? 0 : p - det;
    }
    const rk = a[k]!;
    const pv = rk[k]!;
    det = mulMod(det, pv, p, invP);
    const inv = invMod(pv, p);
    for (let i = k + 1; i < n; i++) {
      const ri = a[i]!;
      const x = ri[k]!;
      if (x === 0) continue;
      const f = mulMod(x, inv, p, invP);
      for (let j = k + 1; j < n; j++) {
        // ri[j] − f·rk[j] lies in (−2^52, 2^26): exact; reduce with a floating quotient and fix up.
        const v = ri[j]! - f * rk[j]!;
        const r = v - Math.floor(v * invP) * p;
        ri[j] = r < 0 ? r + p : r >= p ? r - p : r;
      }
      ri[k] = 0;
    }
  }
  return det;
}

/** Determinant modulo a prime p < 2^26 by Gaussian elimination (doubles, exact). */
export function determinantModSmallPrime(m: IntMatrix, p: number): number {
  if (!(p >= 2 && p < SMALL_MODULUS_LIMIT && Number.isInteger(p))) throw new RangeError("modulus must be an integer in [2, 2^26)");
  return gaussianDeterminantModSmallPrime(new ResidueSource(m).reduce(p), p);
}

/**
 * Determinant over GF(p) for any prime p by Gaussian elimination with field inverses, as a
 * generator (yields pivot steps done out of n; returns det mod p in [0, p)). Below 2^26 the whole
 * elimination runs in doubles in one step.
 */
export function* gaussianStepsModPrime(m: IntMatrix, p: bigint): Generator<number, bigint, void> {
  if (p < BigInt(SMALL_MODULUS_LIMIT)) return BigInt(determinantModSmallPrime(m, Number(p)));
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
    a[k] = [];
    yield k + 1;
  }
  return det % p;
}

/** Determinant over GF(p) for any prime p by Gaussian elimination with field inverses. */
export function determinantModPrime(m: IntMatrix, p: bigint): bigint {
  return drive(gaussianStepsModPrime(m, p), m.length);
}

/* ------------------------------------------------------------------------------------------ */
/* Bareiss over GF(p)                                                                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * Bareiss fraction-free elimination over the field GF(p) as a generator (yields pivot steps done,
 * returns det mod p in [0, p)). Sylvester's identity holds over any commutative ring, so the
 * update a_ij ← (a_kk·a_ij − a_ik·a_kj) / a_{k−1,k−1} is exact with the previous pivot inverted.
 */
export function* bareissStepsModPrime(input: IntMatrix, p: bigint): Generator<number, bigint, void> {
  if (p < BigInt(SMALL_MODULUS_LIMIT)) return BigInt(yield* bareissStepsSmall(input, Number(p)));
  const n = input.length;
  if (n === 0) return 1n % p;
  const a = input.map((r) => r.map((v) => mod(v, p)));
  let negate = false;
  let prevInv = 1n;
  for (let k = 0; k < n - 1; k++) {
    if (a[k]![k] === 0n) {
      let swap = -1;
      for (let i = k + 1; i < n; i++) if (a[i]![k] !== 0n) { swap = i; break; }
      if (swap < 0) return 0n;
      [a[k], a[swap]] = [a[swap]!, a[k]!];
      negate = !negate;
    }
    const rk = a[k]!;
    const pivot = rk[k]!;
    for (let i = k + 1; i < n; i++) {
      const ri = a[i]!;
      const aik = ri[k]!;
      for (let j = k + 1; j < n; j++) ri[j] = mod(((pivot * ri[j]! - aik * rk[j]!) % p) * prevInv, p);
      ri[k] = 0n;
    }
    prevInv = modInverse(pivot, p)!;
    a[k] = [];
    yield k + 1;
  }
  const d = a[n - 1]![n - 1]!;
  return negate ? mod(-d, p) : d;
}

/** One Bareiss pivot step over GF(p), p < 2^26 (a plain function so the JIT optimizes the loop). */
function bareissStepSmall(a: Float64Array[], k: number, prevInv: number, p: number, invP: number): void {
  const n = a.length;
  const rk = a[k]!;
  // (pivot·a_ij − a_ik·a_kj)/prev = u·a_ij + w·a_kj with u = pivot/prev and w = −a_ik/prev:
  // both products are below 2^52, so their sum is below 2^53 and exact; one reduction per entry.
  const u = mulMod(rk[k]!, prevInv, p, invP);
  for (let i = k + 1; i < n; i++) {
    const ri = a[i]!;
    const t = mulMod(ri[k]!, prevInv, p, invP);
    const w = t === 0 ? 0 : p - t;
    for (let j = k + 1; j < n; j++) {
      const x = u * ri[j]! + w * rk[j]!;
      const r = x - Math.floor(x * invP) * p;
      ri[j] = r < 0 ? r + p : r >= p ? r - p : r;
    }
    ri[k] = 0;
  }
}

function* bareissStepsSmall(input: IntMatrix, p: number): Generator<number, number, void> {
  const n = input.length;
  if (n === 0) return 1 % p;
  const invP = 1 / p;
  const P = BigInt(p);
  const a = input.map((r) => Float64Array.from(r, (v) => Number(mod(v, P))));
  let negate = false;
  let prevInv = 1;
  for (let k = 0; k < n - 1; k++) {
    if (a[k]![k] === 0) {
      let swap = -1;
      for (let i = k + 1; i < n; i++) if (a[i]![k] !== 0) { swap = i; break; }
      if (swap < 0) return 0;
      [a[k], a[swap]] = [a[swap]!, a[k]!];
      negate = !negate;
    }
    bareissStepSmall(a, k, prevInv, p, invP);
    prevInv = invMod(a[k]![k]!, p);
    a[k] = new Float64Array(0);
    yield k + 1;
  }
  const d = a[n - 1]![n - 1]!;
  return negate && d !== 0 ? p - d : d;
}

/* ------------------------------------------------------------------------------------------ */
/* Bounds, moduli, denominators                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * An upper bound H ≥ |det(m)| for a square integer matrix (Hadamard's inequality): the smaller of
 * the row bound and the column bound, each ⌈√(∏ squared norms)⌉ — or, when that product is very
 * large (an exact square root would cost more than the check), the product of the ⌈norms⌉.
 * H = 1 for the empty matrix.
 */
export function hadamardBound(m: IntMatrix): bigint {
  const n = m.length;
  const rowSq: bigint[] = m.map((row) => {
    let s = 0n;
    for (const v of row) s += v * v;
    return s;
  });
  const colSq: bigint[] = [];
  for (let j = 0; j < n; j++) {
    let s = 0n;
    for (let i = 0; i < n; i++) s += m[i]![j]! * m[i]![j]!;
    colSq.push(s);
  }
  const a = boundFromSquares(rowSq), b = boundFromSquares(colSq);
  return a < b ? a : b;
}

const ceilSqrt = (x: bigint): bigint => {
  const r = isqrt(x);
  return r * r === x ? r : r + 1n;
};

/** ⌈√(∏ s_i)⌉, or ∏ ⌈√s_i⌉ (a slightly weaker bound) when the product exceeds 2^(2^17) bits. */
export function boundFromSquares(squares: bigint[]): bigint {
  const bits = squares.reduce((acc, s) => acc + bitLength(s), 0);
  return bits <= 1 << 17 ? ceilSqrt(product(squares)) : product(squares.map(ceilSqrt));
}

export function bitsOfHadamardBound(m: IntMatrix): number {
  return bitLength(hadamardBound(m));
}

/** Primes below 2^26, descending, generated on demand by a segmented sieve. */
const moduli: number[] = [];
let sievedDownTo = SMALL_MODULUS_LIMIT;
const SIEVE_BASE: number[] = (() => {
  const limit = Math.ceil(Math.sqrt(SMALL_MODULUS_LIMIT)) + 1;
  const composite = new Uint8Array(limit + 1);
  const out: number[] = [];
  for (let i = 2; i <= limit; i++) {
    if (composite[i]) continue;
    out.push(i);
    for (let j = i * i; j <= limit; j += i) composite[j] = 1;
  }
  return out;
})();

/** The index-th prime below 2^26 counting down from the largest (index 0 is 2^26 − 5). */
export function smallModulus(index: number): number {
  while (moduli.length <= index) {
    const hi = sievedDownTo; // sieve [lo, hi)
    const lo = Math.max(2, hi - (1 << 18));
    if (lo >= hi) throw new RangeError("ran out of primes below 2^26");
    const composite = new Uint8Array(hi - lo);
    for (const q of SIEVE_BASE) {
      if (q * q >= hi) break;
      let start = Math.ceil(lo / q) * q;
      if (start < q * q) start = q * q;
      for (let x = start; x < hi; x += q) composite[x - lo] = 1;
    }
    for (let x = hi - 1; x >= lo; x--) if (!composite[x - lo]) moduli.push(x);
    sievedDownTo = lo;
  }
  return moduli[index]!;
}

/** Row-wise common denominators: m = diag(1/scale_i) · integer, with scale = ∏ scale_i. */
export function clearDenominators(m: Rational[][]): { integer: IntMatrix; rowScales: bigint[]; scale: bigint } {
  const rowScales: bigint[] = [];
  const integer = m.map((row) => {
    let l = 1n;
    for (const v of row) if (v.den !== 1n) l = lcm(l, v.den);
    rowScales.push(l);
    return row.map((v) => v.num * (l / v.den));
  });
  return { integer, rowScales, scale: product(rowScales) };
}

/** Column-wise common denominators: m = integer · diag(1/colScales_j). */
export function clearColumnDenominators(m: Rational[][]): { integer: IntMatrix; colScales: bigint[] } {
  const cols = m.length ? m[0]!.length : 0;
  const colScales: bigint[] = new Array(cols).fill(1n);
  for (const row of m) row.forEach((v, j) => { if (v.den !== 1n) colScales[j] = lcm(colScales[j]!, v.den); });
  return { integer: m.map((row) => row.map((v, j) => v.num * (colScales[j]! / v.den))), colScales };
}

/** Determinant over QQ: clear denominators per row, Bareiss over ZZ, divide by the scale. */
export function rationalDeterminant(m: Rational[][], tick?: (step: number, total: number) => void): Rational {
  const { integer, scale } = clearDenominators(m);
  return rational(bareissDeterminant(integer, tick), scale);
}

/* ------------------------------------------------------------------------------------------ */
/* Products                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** Row i of a·b over ZZ. */
export function integerRowTimes(ai: readonly bigint[], b: IntMatrix): bigint[] {
  const m = b.length ? b[0]!.length : 0;
  const row: bigint[] = new Array(m).fill(0n);
  for (let t = 0; t < ai.length; t++) {
    const v = ai[t]!;
    if (v === 0n) continue;
    const bt = b[t]!;
    if (v === 1n) for (let j = 0; j < m; j++) row[j] += bt[j]!;
    else for (let j = 0; j < m; j++) row[j] += v * bt[j]!;
  }
  return row;
}

/** Product over ZZ (rows × columns must agree), yielding after each row. */
export function* multiplyIntegerSteps(a: IntMatrix, b: IntMatrix): Generator<number, IntMatrix, void> {
  const out: IntMatrix = [];
  for (let i = 0; i < a.length; i++) {
    out.push(integerRowTimes(a[i]!, b));
    yield i + 1;
  }
  return out;
}

export function multiplyInteger(a: IntMatrix, b: IntMatrix): IntMatrix {
  return drive(multiplyIntegerSteps(a, b), a.length);
}

/**
 * Product over GF(p) with entries in [0, p), yielding after each row. Below 2^26 in doubles
 * (each product < 2^52 plus a residue < 2^26 stays exact), above with bigints reduced per entry.
 */
export function* multiplyModPrimeSteps(a: IntMatrix, b: IntMatrix, p: bigint): Generator<number, IntMatrix, void> {
  const out: IntMatrix = [];
  if (p >= BigInt(SMALL_MODULUS_LIMIT)) {
    for (let i = 0; i < a.length; i++) {
      out.push(integerRowTimes(a[i]!, b).map((v) => mod(v, p)));
      yield i + 1;
    }
    return out;
  }
  const q = Number(p), invP = 1 / q;
  const bf = b.map((r) => Float64Array.from(r, (v) => Number(mod(v, p))));
  const m = b.length ? b[0]!.length : 0;
  for (let i = 0; i < a.length; i++) {
    const acc = new Float64Array(m);
    const ai = a[i]!;
    for (let t = 0; t < ai.length; t++) {
      const v = Number(mod(ai[t]!, p));
      if (v === 0) continue;
      const bt = bf[t]!;
      for (let j = 0; j < m; j++) {
        const x = acc[j]! + v * bt[j]!; // < 2^26 + 2^52: exact
        const r = x - Math.floor(x * invP) * q;
        acc[j] = r < 0 ? r + q : r >= q ? r - q : r;
      }
    }
    out.push(Array.from(acc, (v) => BigInt(v)));
    yield i + 1;
  }
  return out;
}

export function multiplyModPrime(a: IntMatrix, b: IntMatrix, p: bigint): IntMatrix {
  return drive(multiplyModPrimeSteps(a, b, p), a.length);
}

/**
 * Product over QQ: a = diag(1/d_i)·N (rows cleared), b = M·diag(1/c_j) (columns cleared), so
 * (ab)_ij = (NM)_ij / (d_i c_j): one integer product and one reduction per entry.
 */
export function* multiplyRationalSteps(a: Rational[][], b: Rational[][]): Generator<number, Rational[][], void> {
  const { integer: N, rowScales: d } = clearDenominators(a);
  const { integer: M, colScales: c } = clearColumnDenominators(b);
  const out: Rational[][] = [];
  for (let i = 0; i < N.length; i++) {
    out.push(integerRowTimes(N[i]!, M).map((v, j) => rational(v, d[i]! * c[j]!)));
    yield i + 1;
  }
  return out;
}

export function multiplyRational(a: Rational[][], b: Rational[][]): Rational[][] {
  return drive(multiplyRationalSteps(a, b), a.length);
}

/** m·x over ZZ. */
export function integerMatVec(m: IntMatrix, x: readonly bigint[]): bigint[] {
  return m.map((row) => {
    let s = 0n;
    for (let j = 0; j < row.length; j++) s += row[j]! * x[j]!;
    return s;
  });
}

/** m·x over QQ for an integer vector x (one common denominator per row). */
export function rationalMatVec(m: Rational[][], x: readonly Rational[]): Rational[] {
  return m.map((row) => {
    let den = 1n;
    for (let j = 0; j < row.length; j++) if (row[j]!.num !== 0n && x[j]!.num !== 0n) den = lcm(den, row[j]!.den * x[j]!.den);
    let num = 0n;
    for (let j = 0; j < row.length; j++) {
      const a = row[j]!, b = x[j]!;
      if (a.num === 0n || b.num === 0n) continue;
      num += a.num * b.num * (den / (a.den * b.den));
    }
    return rational(num, den);
  });
}

/** Rows of residues in [0, p) as doubles, for p < 2^26. */
export function toResidueRows(m: IntMatrix, p: number): Float64Array[] {
  const P = BigInt(p);
  return m.map((r) => Float64Array.from(r, (v) => Number(mod(v, P))));
}

/** m·x mod p for residues in [0, p), p < 2^26 (one exact multiply-add and reduction per entry). */
export function matVecModSmallPrime(m: Float64Array[], x: Float64Array, p: number): Float64Array {
  const invP = 1 / p;
  const out = new Float64Array(m.length);
  for (let i = 0; i < m.length; i++) {
    const row = m[i]!;
    let s = 0;
    for (let j = 0; j < row.length; j++) {
      const v = s + row[j]! * x[j]!;
      const r = v - Math.floor(v * invP) * p;
      s = r < 0 ? r + p : r >= p ? r - p : r;
    }
    out[i] = s;
  }
  return out;
}

/** Largest |entry| bit length of an integer matrix. */
export function maxAbsBits(m: IntMatrix): number {
  let best = 0n;
  for (const row of m) for (const v of row) { const a = abs(v); if (a > best) best = a; }
  return bitLength(best);
}
