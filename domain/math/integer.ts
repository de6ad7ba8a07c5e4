/** Exact integer arithmetic on bigint: the shared algorithms of the integer family. */

export const abs = (a: bigint): bigint => (a < 0n ? -a : a);

export function sign(a: bigint): -1 | 0 | 1 {
  return a < 0n ? -1 : a > 0n ? 1 : 0;
}

/** Number of bits of |a| (0 for 0). */
export function bitLength(a: bigint): number {
  a = abs(a);
  if (a <= 9007199254740991n) return bitLengthNumber(Number(a));
  // toString(16) is linear and avoids quadratic shifting loops on huge values.
  const hex = a.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0]!, 16)));
}

/** Number of decimal digits of |a| (1 for 0). */
export function decimalDigits(a: bigint): number {
  return abs(a).toString().length;
}

/**
 * |n| mod m for an integer n given as a decimal string (optional leading "-") and an integer
 * 1 ≤ m ≤ 2^23, in one pass over the digits without building the bigint: Horner's rule on chunks of
 * 9 digits, r·10^9 + chunk < 2^53, so every step is exact in doubles. (Converting a 100,000-digit
 * string to a bigint costs milliseconds; this costs microseconds.)
 */
export function decimalStringMod(s: string, m: number): number {
  if (!Number.isInteger(m) || m < 1 || m > 8388608) throw new RangeError("decimalStringMod: the modulus must be an integer in [1, 2^23]");
  let r = 0;
  let i = s.charCodeAt(0) === 45 ? 1 : 0;
  const head = (s.length - i) % 9 || 9;
  r = Number(s.slice(i, i + head)) % m;
  for (i += head; i < s.length; i += 9) r = (r * 1e9 + Number(s.slice(i, i + 9))) % m;
  return r;
}

/** Bit length of an integer 0 ≤ v < 2^53 held in a double. */
function bitLengthNumber(v: number): number {
  return v < 4294967296 ? 32 - Math.clz32(v) : 64 - Math.clz32(Math.floor(v / 4294967296));
}

/**
 * Bit length of 0 ≤ a < 2^upper in time O(upper − bitLength(a) + 52), for hot loops that know an
 * upper bound: shifts that keep only the top 52, 208, 832, … bits below the bound.
 */
function bitLengthBelow(a: bigint, upper: number): number {
  let width = 52;
  for (;;) {
    const k = upper - width;
    if (k <= 0) return bitLength(a);
    const top = a >> BigInt(k);
    if (top !== 0n) return k + (width === 52 ? bitLengthNumber(Number(top)) : bitLength(top));
    width *= 4;
  }
}

/* ---------- gcd: Lehmer steps on leading bits, half-gcd above the crossover ----------
 *
 * Every algorithm below transforms the pair (a, b) by integer matrices of determinant ±1, applied
 * exactly, so gcd(a, b) is preserved whatever the matrices are; the leading-bit analysis only decides
 * how much each matrix achieves. Lehmer runs accept only steps proven to be Euclid steps of the full
 * operands (Jebelean's conditions), so they also reproduce the Euclidean remainder sequence.
 */

/** Results of lehmerRun / lehmerMatrix: the matrix (new a = LA·a + LB·b, new b = LC·a + LD·b), */
let LA = 1, LB = 0, LC = 0, LD = 1;
/** the final approximation of the new a and its error bound (lehmerRun), */
let LX = 0, LEX = 0;
/** and an upper bound on the bit length of the new a (lehmerMatrix). */
let LUB = 0;
/** A run stops before a cofactor row sum |c| + |d| reaches 2^26: products of two runs stay exact doubles. */
const COFACTOR_LIMIT = 2 ** 26;
const TWO26 = 2 ** 26;
const TWO44 = 2 ** 44;
const TWO52 = 2 ** 52;

/**
 * Euclid on doubles x ≥ y ≥ 0 (integers below 2^52) that stand for X = x + ξ, Y = y + η with
 * |ξ|, |η| < delta. With e_j = delta·(|c_j| + |d_j|) bounding the error of the j-th remainder, a step
 * is accepted only when r_{j+1} − e_{j+1} ≥ max(yMin, 0) (the true remainder is ≥ yMin, in
 * particular ≥ 0) and r_j − r_{j+1} ≥ e_j + e_{j+1} (it is below the true divisor): then the quotient
 * is the Euclidean quotient of (X, Y). Sets LA..LD, LX, LEX; false when no step was accepted.
 */
function lehmerRun(x: number, y: number, delta: number, yMin: number): boolean {
  // Cofactor magnitudes: signs alternate, row j is ((−1)^j·A, (−1)^(j+1)·B), so "row0 − q·row1" adds them.
  let A = 1, B = 0, C = 0, D = 1, steps = 0;
  let e0 = delta, e1 = delta;
  if (!(yMin > 0)) yMin = 0;
  while (y > 0) {
    // Quotients 1 and 2 (58% of them) without a division; exact integer arithmetic below 2^53.
    let q = 1, r = x - y;
    if (r >= y) {
      r -= y;
      q = 2;
      if (r >= y) {
        q = Math.floor(x / y);
        r = x - q * y;
        if (r < 0) { q--; r += y; } else if (r >= y) { q++; r -= y; }
      }
    }
    const nC = A + q * C, nD = B + q * D;
    const e2 = delta * (nC + nD);
    if (nC + nD >= COFACTOR_LIMIT || r - e2 < yMin || y - r < e1 + e2) break;
    A = C; B = D; C = nC; D = nD; x = y; y = r; e0 = e1; e1 = e2; steps++;
  }
  if (steps & 1) { LA = -A; LB = B; LC = C; LD = -D; } else { LA = A; LB = -B; LC = -C; LD = D; }
  LX = x; LEX = e0;
  return steps > 0;
}

/** 64-bit view of two 104-bit windows (leading bits of a and b), read as 32-bit words. */
const WINDOW64 = new BigUint64Array(4);
const WINDOW32 = new Uint32Array(WINDOW64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * A Lehmer matrix for a ≥ b > 0 with a < 2^la whose steps are proven Euclid steps of (a, b) keeping
 * the remainder ≥ 2^s (s = −Infinity: no bound). Above 104 bits it works on the leading 104 bits:
 * one run on their leading 52 bits, then the window (26-bit limbs in doubles, exact) is advanced by
 * that matrix and a second run continues on its new leading 52 bits; the product of the two runs
 * has entries below 2^52, so applying it costs single-word multiplications of the operands. Sets
 * LA..LD and LUB (a bound on the bit length of the new a); false when no step is proven.
 */
function lehmerMatrix(a: bigint, b: bigint, la: number, s: number): boolean {
  if (la <= 52) {
    if (!lehmerRun(Number(a), Number(b), 0, 2 ** s)) return false;
    LUB = bitLengthNumber(LX);
    return true;
  }
  if (la <= 104) {
    const sh = la - 52, shb = BigInt(sh);
    if (!lehmerRun(Number(a >> shb), Number(b >> shb), 1, 2 ** (s - sh))) return false;
    LUB = sh + bitLengthNumber(Math.floor(LX + LEX) + 1);
    return true;
  }
  const sh = la - 104;
  const shb = BigInt(sh);
  const wa = a >> shb, wb = b >> shb;
  let ah: number, al: number, bh: number, bl: number;
  if (LITTLE_ENDIAN) {
    WINDOW64[0] = wa; WINDOW64[1] = wa >> 64n; WINDOW64[2] = wb; WINDOW64[3] = wb >> 64n;
    const a1 = WINDOW32[1]!, b1 = WINDOW32[5]!;
    ah = WINDOW32[3]! * TWO44 + WINDOW32[2]! * 4096 + (a1 >>> 20);
    al = (a1 & 0xfffff) * 4294967296 + WINDOW32[0]!;
    bh = WINDOW32[7]! * TWO44 + WINDOW32[6]! * 4096 + (b1 >>> 20);
    bl = (b1 & 0xfffff) * 4294967296 + WINDOW32[4]!;
  } else {
    ah = Number(wa >> 52n); al = Number(BigInt.asUintN(52, wa));
    bh = Number(wb >> 52n); bl = Number(BigInt.asUintN(52, wb));
  }
  const yMinWindow = 2 ** (s - sh); // the bound in units of 2^sh
  if (!lehmerRun(ah, bh, 1, yMinWindow / TWO52)) return false;
  const A1 = LA, B1 = LB, C1 = LC, D1 = LD;
  LUB = sh + 52 + bitLengthNumber(Math.floor(LX + LEX) + 1);
  // Advance the window (limbs x3..x0 of 26 bits): |A1·x_i + B1·y_i| < 2^52 as A1, B1 have opposite signs.
  const x3 = Math.floor(ah / TWO26), x2 = ah - x3 * TWO26, x1 = Math.floor(al / TWO26), x0 = al - x1 * TWO26;
  const y3 = Math.floor(bh / TWO26), y2 = bh - y3 * TWO26, y1 = Math.floor(bl / TWO26), y0 = bl - y1 * TWO26;
  let u0 = A1 * x0 + B1 * y0, u1 = A1 * x1 + B1 * y1, u2 = A1 * x2 + B1 * y2, u3 = A1 * x3 + B1 * y3;
  let v0 = C1 * x0 + D1 * y0, v1 = C1 * x1 + D1 * y1, v2 = C1 * x2 + D1 * y2, v3 = C1 * x3 + D1 * y3;
  let c = Math.floor(u0 / TWO26); u0 -= c * TWO26; u1 += c;
  c = Math.floor(u1 / TWO26); u1 -= c * TWO26; u2 += c;
  c = Math.floor(u2 / TWO26); u2 -= c * TWO26; u3 += c;
  c = Math.floor(v0 / TWO26); v0 -= c * TWO26; v1 += c;
  c = Math.floor(v1 / TWO26); v1 -= c * TWO26; v2 += c;
  c = Math.floor(v2 / TWO26); v2 -= c * TWO26; v3 += c;
  const uh = u3 * TWO26 + u2, vh = v3 * TWO26 + v2;
  // The window values are proven remainders (≥ 0, and ≥ 2^77 as the cofactors stay below 2^26).
  if (!(uh > 0) || vh < 0) return true;
  // The new window value has 52 + E bits; its leading 52 bits are floor(value / 2^E).
  const E = bitLengthNumber(uh);
  const scale = 2 ** E;
  const x = uh * (TWO52 / scale) + Math.floor((u1 * TWO26 + u0) / scale);
  const y = vh * (TWO52 / scale) + Math.floor((v1 * TWO26 + v0) / scale);
  // Error of x, y against the full operands: the bits below the window, carried through A1..D1, and the floor.
  const delta = 1 + Math.max(Math.abs(A1) + Math.abs(B1), Math.abs(C1) + Math.abs(D1)) / scale;
  if (!lehmerRun(x, y, delta, yMinWindow / scale)) {
    LA = A1; LB = B1; LC = C1; LD = D1;
    return true;
  }
  LUB = sh + E + bitLengthNumber(Math.floor(LX + LEX) + 1);
  const A2 = LA, B2 = LB, C2 = LC, D2 = LD;
  LA = A2 * A1 + B2 * C1; LB = A2 * B1 + B2 * D1;
  LC = C2 * A1 + D2 * C1; LD = C2 * B1 + D2 * D1;
  return true;
}

function invariantFailure(): never {
  throw new Error("gcd: internal invariant violated (a proven Lehmer step left the operands out of order)");
}

/**
 * Crossover sizes in bits, measured on V8 (node 20) against the neighbouring algorithm: half-gcd
 * leaves are reduced by Lehmer steps below `hgcdBase`; gcd and extendedGcd use the half-gcd
 * reduction above `gcd` and `extendedGcd` bits and Lehmer below. Exported so that tests can force the
 * subquadratic paths on small operands; the defaults are the measured optimum (it is flat ±30%).
 */
export const GCD_THRESHOLDS = { hgcdBase: 3200, gcd: 30000, extendedGcd: 10000 };

/** (a, b) = T·(a0, b0) with T = [[A, B], [C, D]], det T = ±1; a ≥ b ≥ 0 of bit lengths la, lb. */
interface HalfGcd {
  A: bigint; B: bigint; C: bigint; D: bigint;
  a: bigint; b: bigint; la: number; lb: number;
}

const identityHalfGcd = (a: bigint, b: bigint, la: number, lb: number): HalfGcd => ({ A: 1n, B: 0n, C: 0n, D: 1n, a, b, la, lb });

/**
 * Half-gcd base case: Lehmer steps on a0 ≥ b0 (a0 < 2^la) while the remainder stays ≥ 2^s. Only
 * the first column (A, C) of T is tracked; B and D follow by exact division at the end.
 */
function hgcdBase(a0: bigint, b0: bigint, la: number, s: number): HalfGcd {
  let a = a0, b = b0, A = 1n, C = 0n;
  const bound = 1n << BigInt(s);
  for (;;) {
    if (lehmerMatrix(a, b, la, s)) {
      la = LUB;
      const m11 = BigInt(LA), m12 = BigInt(LB), m21 = BigInt(LC), m22 = BigInt(LD);
      const na = m11 * a + m12 * b;
      b = m21 * a + m22 * b;
      a = na;
      if (b < bound || b >= a) invariantFailure();
      const nA = m11 * A + m12 * C;
      C = m21 * A + m22 * C;
      A = nA;
    } else {
      // No proven Lehmer step (a large quotient, or the bound is close): one exact division step.
      const q = a / b;
      const r = a - q * b;
      if (r < bound) break;
      a = b; b = r;
      la = bitLengthBelow(a, la);
      const nC = A - q * C;
      A = C; C = nC;
    }
  }
  la = bitLengthBelow(a, la);
  return { A, B: (a - A * a0) / b0, C, D: (b - C * a0) / b0, a, b, la, lb: bitLengthBelow(b, la) };
}

/**
 * Carries the reduction R of the leading parts (a >> k, b >> k) to the full operands:
 * T·(a, b) = 2^k·(R.a, R.b) + T·(a mod 2^k, b mod 2^k). The result is normalised to a ≥ b ≥ 0 by
 * negating or swapping rows of T (the last step taken on the leading part may not be a step of the
 * full operands; the normalised T is still unimodular).
 */
function applyToFull(R: HalfGcd, a: bigint, b: bigint, k: number): void {
  const K = BigInt(k);
  const al = BigInt.asUintN(k, a), bl = BigInt.asUintN(k, b);
  let na = (R.a << K) + R.A * al + R.B * bl;
  let nb = (R.b << K) + R.C * al + R.D * bl;
  if (na < 0n) { na = -na; R.A = -R.A; R.B = -R.B; }
  if (nb < 0n) { nb = -nb; R.C = -R.C; R.D = -R.D; }
  if (na < nb) {
    [na, nb] = [nb, na];
    [R.A, R.B, R.C, R.D] = [R.C, R.D, R.A, R.B];
  }
  R.a = na; R.b = nb;
  R.la = bitLengthBelow(na, R.la + k + 2);
  R.lb = bitLengthBelow(nb, R.la);
}

/** One Euclid step on R (a ≥ b > 0) when the remainder stays ≥ 2^s; returns whether it was taken. */
function euclidStep(R: HalfGcd, s: number, matrix: boolean): boolean {
  let q: bigint | undefined;
  if (R.la - R.lb <= 20 && R.la > 64) {
    // Small quotient: from the leading 52 bits when the bracket x/(y+1) < a/b < (x+1)/y decides it.
    const sh = BigInt(R.la - 52);
    const x = Number(R.a >> sh), y = Number(R.b >> sh);
    const guess = Math.floor(x / (y + 1));
    if (guess === Math.floor((x + 1) / y)) q = BigInt(guess);
  }
  let r = q === undefined ? 0n : R.a - q * R.b;
  if (q === undefined || r < 0n || r >= R.b) {
    q = R.a / R.b;
    r = R.a - q * R.b;
  }
  if (r >> BigInt(s) === 0n) return false;
  R.a = R.b; R.la = R.lb;
  R.b = r; R.lb = bitLengthBelow(r, R.lb);
  if (matrix) {
    const nA = R.C, nB = R.D;
    R.C = R.A - q * R.C; R.D = R.B - q * R.D;
    R.A = nA; R.B = nB;
  }
  return true;
}

/**
 * Half-gcd (Schönhage/Möller) of a ≥ b ≥ 0 with bit lengths la, lb: T with (a', b') = T·(a, b),
 * a' ≥ b' ≥ 2^s for s = ⌊la/2⌋ + 1, reduced until the next Euclid remainder would fall below 2^s.
 * The leading half of the operands is reduced recursively (which brings the full operands to ~3/4
 * of their size), one Euclid step follows, then the leading part of that reduces the rest, and
 * T = T2·T1. matrix = false (the caller only needs a', b'): the final product is skipped.
 * Cost O(M(n) log n) with V8's Karatsuba/Toom/FFT multiplication M.
 */
function hgcd(a: bigint, b: bigint, la: number, lb: number, matrix: boolean): HalfGcd {
  const s = (la >> 1) + 1;
  if (lb <= s) return identityHalfGcd(a, b, la, lb);
  if (la <= GCD_THRESHOLDS.hgcdBase) return hgcdBase(a, b, la, s);
  const k = la >> 1;
  const K = BigInt(k);
  const R = hgcd(a >> K, b >> K, la - k, lb - k, true);
  applyToFull(R, a, b, k);
  if (R.lb <= s || !euclidStep(R, s, true)) return R;
  // The leading 2(la' − s) bits of the ~3/4-size operands; reducing them by half lands near 2^s.
  const k2 = 2 * s - R.la;
  if (k2 <= 0) return R; // (cannot happen: the operands do not grow)
  const S = hgcd(R.a >> BigInt(k2), R.b >> BigInt(k2), R.la - k2, R.lb - k2, true);
  applyToFull(S, R.a, R.b, k2);
  if (matrix) {
    const A = S.A * R.A + S.B * R.C, B = S.A * R.B + S.B * R.D;
    const C = S.C * R.A + S.D * R.C, D = S.C * R.B + S.D * R.D;
    S.A = A; S.B = B; S.C = C; S.D = D;
  }
  while (S.lb > s && euclidStep(S, s, matrix)) { /* the last steps down to the bound */ }
  return S;
}

/** Euclid on doubles (operands below 2^53: exact). */
function gcdSmall(a: number, b: number): number {
  while (b !== 0) {
    const r = a % b;
    a = b; b = r;
  }
  return a;
}

/** Lehmer gcd of a ≥ b ≥ 0 (a < 2^la). */
function lehmerGcd(a: bigint, b: bigint, la: number): bigint {
  while (b !== 0n) {
    if (la <= 53) return BigInt(gcdSmall(Number(a), Number(b)));
    if (lehmerMatrix(a, b, la, -Infinity)) {
      la = LUB;
      const m11 = BigInt(LA), m12 = BigInt(LB), m21 = BigInt(LC), m22 = BigInt(LD);
      const na = m11 * a + m12 * b;
      b = m21 * a + m22 * b;
      a = na;
      if (b < 0n || b >= a) invariantFailure();
    } else {
      const r = a % b;
      a = b; b = r;
      la = bitLengthBelow(a, la);
    }
  }
  return a;
}

/**
 * gcd(a, b) ≥ 0. Above GCD_THRESHOLDS.gcd bits, half-gcd reductions (subquadratic) halve the
 * operands; below, Lehmer's algorithm: runs of Euclid steps on the leading 104 bits (two runs on 52
 * bits in double arithmetic, proven by Jebelean's conditions) collected into a 2×2 matrix with
 * entries below 2^52 that is applied to the operands with single-word multiplications. A quotient
 * the leading bits cannot prove (a large one) is one long division.
 */
export function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  if (a < b) [a, b] = [b, a];
  if (a <= 9007199254740991n) return BigInt(gcdSmall(Number(a), Number(b)));
  if (b === 0n) return a;
  let la = bitLength(a), lb = bitLengthBelow(b, la);
  while (la > GCD_THRESHOLDS.gcd && b !== 0n) {
    const R = la - lb < 64 ? hgcd(a, b, la, lb, false) : undefined;
    if (R === undefined || R.b === b) {
      // Unbalanced sizes (one division gains a lot), or no progress from the leading half.
      const r = a % b;
      a = b; la = lb;
      b = r; lb = bitLengthBelow(r, lb);
    } else {
      a = R.a; b = R.b; la = R.la; lb = R.lb;
    }
  }
  return lehmerGcd(a, b, la);
}

export interface ExtendedGcd {
  gcd: bigint;
  x: bigint;
  y: bigint;
}

/** Extended Lehmer on a ≥ b ≥ 0 (a < 2^la): g and the Euclidean cofactors (x, y) with x·a + y·b = g. */
function lehmerExtended(a: bigint, b: bigint, la: number): { g: bigint; x: bigint; y: bigint } {
  const a0 = a, b0 = b;
  // a = u0·a0 + (…)·b0, b = u1·a0 + (…)·b0; the cofactor of b0 follows by one exact division.
  let u0 = 1n, u1 = 0n;
  while (b !== 0n) {
    if (lehmerMatrix(a, b, la, -Infinity)) {
      la = LUB;
      const m11 = BigInt(LA), m12 = BigInt(LB), m21 = BigInt(LC), m22 = BigInt(LD);
      const na = m11 * a + m12 * b;
      b = m21 * a + m22 * b;
      a = na;
      if (b < 0n || b >= a) invariantFailure();
      const nu = m11 * u0 + m12 * u1;
      u1 = m21 * u0 + m22 * u1;
      u0 = nu;
    } else {
      const q = a / b;
      const r = a - q * b;
      a = b; b = r;
      la = bitLengthBelow(a, la);
      const nu = u0 - q * u1;
      u0 = u1; u1 = nu;
    }
  }
  return { g: a, x: u0, y: b0 === 0n ? 0n : (a - u0 * a0) / b0 };
}

/**
 * The Euclidean (minimal) Bezout pair of r0 ≥ r1 > 0 from any pair with x·r0 + y·r1 = g = gcd:
 * x is the representative of its class modulo m = r1/g in (−m/2, m/2] and y follows. (The Euclidean
 * cofactors satisfy |x| ≤ r1/(2g) and |y| ≤ r0/(2g); |x| = m/2 only for m = 2, where x = 1.)
 */
export function minimalBezout(r0: bigint, r1: bigint, g: bigint, x: bigint, y: bigint): { x: bigint; y: bigint } {
  const m = r1 / g;
  if (2n * x <= m && -2n * x < m) return { x, y };
  let nx = x % m;
  if (nx < 0n) nx += m;
  if (2n * nx > m) nx -= m;
  return { x: nx, y: y + ((x - nx) / m) * (r0 / g) };
}

/**
 * Extended Euclid: g = gcd(a, b) ≥ 0 and Bezout coefficients x, y with a·x + b·y = g.
 *
 * Normalisation: (x, y) = (sign(a)·X, sign(b)·Y) where (X, Y) are the cofactors the Euclidean
 * algorithm produces on (|a|, |b|). This is the minimal pair:
 * - b = 0: (x, y) = (sign(a), 0);  a = 0: (0, sign(b));  gcd(0, 0) = 0 with x = y = 0;
 * - |a| = |b| ≠ 0: (0, sign(b));
 * - otherwise |x| ≤ |b|/(2g) and |y| ≤ |a|/(2g).
 * Above GCD_THRESHOLDS.extendedGcd bits the operands are reduced by half-gcd matrices (and long
 * divisions for large quotients); the extended Lehmer algorithm finishes, and the cofactors are
 * carried back through the recorded matrices (each costs four multiplications of half-size
 * numbers), which is subquadratic overall. The Lehmer steps reproduce the Euclidean remainder
 * sequence; minimalBezout guarantees the normalisation whatever path the reduction took.
 */
export function extendedGcd(a: bigint, b: bigint): ExtendedGcd {
  const A0 = abs(a), B0 = abs(b);
  // Euclid on (|a|, |b|); a first quotient 0 (when |a| < |b|) is just a swap, done here up front.
  const swapped = A0 < B0;
  const [R0, R1] = swapped ? [B0, A0] : [A0, B0];
  const steps: (bigint | HalfGcd)[] = [];
  let r0 = R0, r1 = R1;
  let l0 = bitLength(r0), l1 = bitLengthBelow(r1, l0);
  while (l0 > GCD_THRESHOLDS.extendedGcd && r1 !== 0n) {
    if (l0 - l1 < 64) {
      const R = hgcd(r0, r1, l0, l1, true);
      if (R.b !== r1) {
        steps.push(R);
        r0 = R.a; r1 = R.b; l0 = R.la; l1 = R.lb;
        continue;
      }
    }
    const q = r0 / r1;
    const r = r0 - q * r1;
    steps.push(q);
    r0 = r1; r1 = r; l0 = l1; l1 = bitLengthBelow(r, l1);
  }
  const last = lehmerExtended(r0, r1, l0);
  const g = last.g;
  if (g === 0n) return { gcd: 0n, x: 0n, y: 0n };
  // Back through the reductions: g = x·r0' + y·r1' with (r0', r1') = T·(r0, r1) gives (x, y)·T.
  let X0 = last.x, Y0 = last.y;
  for (let i = steps.length - 1; i >= 0; i--) {
    const st = steps[i]!;
    if (typeof st === "bigint") {
      const nx = Y0;
      Y0 = X0 - st * Y0;
      X0 = nx;
    } else {
      const nx = X0 * st.A + Y0 * st.C;
      Y0 = X0 * st.B + Y0 * st.D;
      X0 = nx;
    }
  }
  if (R1 !== 0n) ({ x: X0, y: Y0 } = minimalBezout(R0, R1, g, X0, Y0));
  // Undo the initial swap: X is the cofactor of |a|, Y the cofactor of |b|.
  const [X, Y] = swapped ? [Y0, X0] : [X0, Y0];
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
 * base^exp mod m for m ≥ 1, exp ≥ 0. Left-to-right: a one-word base is multiplied into the square
 * before its reduction at each set bit (one reduction per bit); a large base uses a sliding window of odd
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
  if (base < SMALL_BASE) {
    // Square and multiply by the one-word base before one reduction: a reduction per bit.
    let result = base;
    for (let i = 1; i < bits.length; i++) result = (bits.charCodeAt(i) === 49 ? result * result * base : result * result) % m;
    return result;
  }
  if (bits.length <= 64) {
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

/** The Möbius function μ(n) of a small positive integer n (trial division). */
export function moebiusSmall(n: number): -1 | 0 | 1 {
  let m: -1 | 1 = 1;
  for (let d = 2; d * d <= n; d++) {
    if (n % d) continue;
    n /= d;
    if (n % d === 0) return 0;
    m = m === 1 ? -1 : 1;
  }
  return n > 1 ? (m === 1 ? -1 : 1) : m;
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
