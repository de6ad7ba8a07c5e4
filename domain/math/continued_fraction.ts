/**
 * Continued fractions: the finite simple continued fraction of a rational (Euclid with Lehmer's
 * acceleration), convergents, evaluation, best rational approximations under a denominator bound
 * (the two neighbours of x in the Farey sequence of that order), the periodic continued fraction
 * of √D, and products of the 2×2 convergent matrices by binary splitting.
 */
import { bitLength, isqrt } from "./integer.js";
import { floorDiv, ratCompare, ratDistance, type Rational } from "./rational.js";

/** Bit length of 0 ≤ a < 2^upper in O(1) bigint work when a has not shrunk by more than 64 bits. */
function bitLengthBelow(a: bigint, upper: number): number {
  if (upper <= 64) return bitLength(a);
  const top = a >> BigInt(upper - 64);
  return top === 0n ? bitLength(a) : upper - 64 + bitLength(top);
}

/** Leading bits compared in one Lehmer run (x̂ < 2^52 keeps every double operation exact). */
const LEHMER_BITS = 52;
/** Above this size gap one long division gains more than a Lehmer run. */
const LEHMER_MAX_GAP = 24;

/**
 * One Lehmer run (Knuth, TAOCP 4.5.2, Algorithm L) on the leading bits x̂ ≥ ŷ of the two
 * operands: single-precision Euclid steps, each accepted only when the quotient is the same for
 * both bracketing fractions (x̂+A)/(ŷ+C) and (x̂+B)/(ŷ+D), so every accepted quotient is a true
 * quotient of the full operands. Cofactors stay below 2^26, so all doubles are exact integers.
 * Returns the accepted quotients and the cofactor matrix (new u = A·u + B·v, new v = C·u + D·v).
 */
function lehmerRun(x: number, y: number): { quotients: number[]; A: number; B: number; C: number; D: number } {
  let A = 1, B = 0, C = 0, D = 1;
  const quotients: number[] = [];
  while (y + C !== 0 && y + D !== 0) {
    const q = Math.floor((x + A) / (y + C));
    if (q !== Math.floor((x + B) / (y + D))) break;
    quotients.push(q);
    let t = A - q * C; A = C; C = t;
    t = B - q * D; B = D; D = t;
    t = x - q * y; x = y; y = t;
    if (Math.abs(C) >= 2 ** 26 || Math.abs(D) >= 2 ** 26) break;
  }
  return { quotients, A, B, C, D };
}

/**
 * The terms [a0; a1, a2, …] of the finite simple continued fraction of x, lazily: a0 = ⌊x⌋, then the
 * quotients of Euclid's algorithm on (den, num − a0·den). The expansion is the canonical one:
 * a_i ≥ 1 for i ≥ 1 and, when there are at least two terms, the last term is at least 2.
 */
export function* continuedFractionTerms(x: Rational, checkpoint?: () => void): Generator<bigint, void, void> {
  const a0 = floorDiv(x.num, x.den);
  yield a0;
  let u = x.den, v = x.num - a0 * x.den; // 0 ≤ v < u
  let lu = bitLength(u), lv = bitLength(v);
  let steps = 0;
  while (v !== 0n) {
    if ((++steps & 63) === 0) checkpoint?.();
    if (lu <= LEHMER_BITS) {
      // Both below 2^52: plain Euclid on doubles is exact (q·b ≤ a < 2^53).
      let a = Number(u), b = Number(v);
      while (b !== 0) {
        const q = Math.floor(a / b);
        yield BigInt(q);
        const r = a - q * b;
        a = b;
        b = r;
      }
      return;
    }
    const run = lu - lv > LEHMER_MAX_GAP ? undefined : lehmerRun(Number(u >> BigInt(lu - LEHMER_BITS)), Number(v >> BigInt(lu - LEHMER_BITS)));
    if (run === undefined || run.B === 0) {
      const q = u / v;
      yield q;
      [u, v] = [v, u - q * v];
    } else {
      const { A, B, C, D } = run;
      [u, v] = [BigInt(A) * u + BigInt(B) * v, BigInt(C) * u + BigInt(D) * v];
      for (const q of run.quotients) yield BigInt(q);
    }
    lu = bitLengthBelow(u, lu);
    lv = bitLengthBelow(v, lu);
  }
}

/** All terms of the continued fraction of x. */
export function continuedFraction(x: Rational, checkpoint?: () => void): bigint[] {
  return [...continuedFractionTerms(x, checkpoint)];
}

/** A convergent p/q (coprime, q ≥ 1) kept as its two integers. */
export interface Convergent {
  p: bigint;
  q: bigint;
}

/**
 * The first `count` convergents p_k/q_k of [a0; a1, …] (all of them by default):
 * p_k = a_k·p_{k−1} + p_{k−2}, q_k = a_k·q_{k−1} + q_{k−2} from p_{−1}/q_{−1} = 1/0, p_{−2}/q_{−2} = 0/1.
 * For a canonical expansion gcd(p_k, q_k) = 1 and q_k > 0, so each is a canonical rational.
 */
export function convergents(terms: readonly bigint[], count = terms.length, checkpoint?: () => void): Convergent[] {
  const out: Convergent[] = [];
  let p1 = 1n, q1 = 0n, p2 = 0n, q2 = 1n;
  for (let k = 0; k < Math.min(count, terms.length); k++) {
    if ((k & 255) === 255) checkpoint?.();
    const a = terms[k]!;
    const p = a * p1 + p2, q = a * q1 + q2;
    out.push({ p, q });
    p2 = p1; q2 = q1; p1 = p; q1 = q;
  }
  return out;
}

/**
 * Value of [a0; a1, …, an] evaluated from the tail (x = a_n, then x ← a_k + 1/x), the independent
 * direction to the convergent recurrence. Returns the value as numerator/denominator (not reduced
 * beyond what the recursion gives, which for positive tail terms is already coprime).
 */
export function evaluateContinuedFraction(terms: readonly bigint[], checkpoint?: () => void): { num: bigint; den: bigint } {
  if (terms.length === 0) throw new RangeError("empty continued fraction");
  let num = terms[terms.length - 1]!, den = 1n;
  for (let k = terms.length - 2; k >= 0; k--) {
    if ((k & 255) === 0) checkpoint?.();
    if (num === 0n) throw new RangeError("a zero term inside a continued fraction");
    [num, den] = [terms[k]! * num + den, num];
  }
  if (den < 0n) [num, den] = [-num, -den];
  return { num, den };
}

/** The neighbours of x in the Farey sequence of order B: lower ≤ x ≤ upper, both with denominator ≤ B. */
export interface FareyNeighbours {
  lower: Rational;
  upper: Rational;
  /** x itself has denominator ≤ B (then lower = upper = x). */
  exact: boolean;
}

/**
 * The closest fractions with denominator ≤ B below and above x (B ≥ 1). When x's denominator
 * exceeds B they are the last convergent p_k/q_k with q_k ≤ B and the semiconvergent
 * (p_{k−1} + m·p_k)/(q_{k−1} + m·q_k) with m = ⌊(B − q_{k−1})/q_k⌋: they satisfy |p·q' − p'·q| = 1
 * and q + q' > B, which makes them adjacent in the Farey sequence of order B with x strictly between.
 * The expansion of x is only developed until the denominators pass B.
 */
export function fareyNeighbours(x: Rational, B: bigint, checkpoint?: () => void): FareyNeighbours {
  if (B < 1n) throw new RangeError("the denominator bound must be at least 1");
  if (x.den <= B) return { lower: x, upper: x, exact: true };
  let p1 = 1n, q1 = 0n, p2 = 0n, q2 = 1n; // p_{k}, q_{k} and p_{k−1}, q_{k−1} after the loop
  let k = -1;
  for (const a of continuedFractionTerms(x, checkpoint)) {
    const q = a * q1 + q2;
    if (q > B) break;
    const p = a * p1 + p2;
    p2 = p1; q2 = q1; p1 = p; q1 = q;
    k++;
  }
  // k ≥ 0: q_0 = 1 ≤ B. The convergent p1/q1 lies below x for even k, above for odd k.
  const m = (B - q2) / q1;
  const conv: Rational = { num: p1, den: q1 };
  const semi: Rational = { num: p2 + m * p1, den: q2 + m * q1 };
  return k % 2 === 0 ? { lower: conv, upper: semi, exact: false } : { lower: semi, upper: conv, exact: false };
}

/**
 * The closest rational to x with denominator ≤ B. Ties (x exactly halfway between its two Farey
 * neighbours) go to the smaller denominator; the two denominators can only be equal when B = 1 and
 * x = n + 1/2, and then the lower neighbour n is chosen. (Equivalently: a tie goes to the last
 * convergent of x with denominator ≤ B — the rule of Python's Fraction.limit_denominator.)
 */
export function bestApproximation(x: Rational, B: bigint, checkpoint?: () => void): { best: Rational; neighbours: FareyNeighbours; error: Rational } {
  const nb = fareyNeighbours(x, B, checkpoint);
  if (nb.exact) return { best: x, neighbours: nb, error: { num: 0n, den: 1n } };
  const dl = ratDistance(x, nb.lower), du = ratDistance(x, nb.upper);
  const c = ratCompare(dl, du);
  const best = c < 0 ? nb.lower : c > 0 ? nb.upper : nb.upper.den < nb.lower.den ? nb.upper : nb.lower;
  return { best, neighbours: nb, error: best === nb.lower ? dl : du };
}

/* ---------- 2×2 convergent matrices ---------- */

/** [[p, p'], [q, q']]: the product Π [[a_i, 1], [1, 0]] = [[p_n, p_{n−1}], [q_n, q_{n−1}]]. */
export type ConvergentMatrix = [bigint, bigint, bigint, bigint];

const LEAF = 32;

/**
 * Π_{lo ≤ i < hi} [[a_i, 1], [1, 0]] by binary splitting: balanced operands let V8's subquadratic
 * multiplication work on the large final products. `checkpoint` runs once per leaf.
 */
export function convergentMatrix(terms: ArrayLike<bigint | number>, lo = 0, hi = terms.length, checkpoint?: () => void): ConvergentMatrix {
  if (hi - lo <= LEAF) {
    checkpoint?.();
    let p = 1n, pp = 0n, q = 0n, qq = 1n; // identity: [[p, pp], [q, qq]]
    for (let i = lo; i < hi; i++) {
      const a = BigInt(terms[i]!);
      // [[p, pp], [q, qq]] · [[a, 1], [1, 0]] = [[a·p + pp, p], [a·q + qq, q]]
      [p, pp] = [a * p + pp, p];
      [q, qq] = [a * q + qq, q];
    }
    return [p, pp, q, qq];
  }
  const mid = (lo + hi) >>> 1;
  const [a, b, c, d] = convergentMatrix(terms, lo, mid, checkpoint);
  const [e, f, g, h] = convergentMatrix(terms, mid, hi, checkpoint);
  return [a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h];
}

/* ---------- the continued fraction of √D ---------- */

/**
 * The periodic continued fraction √D = [a0; a1, a2, …, a_ℓ, a1, …] of a non-square D > 1, stepping
 * through the complete quotients (m_k + √D)/d_k: m' = d·a − m, d' = (D − m'²)/d, a' = ⌊(a0 + m')/d'⌋
 * from (m_0, d_0, a_0) = (0, 1, ⌊√D⌋). The period ends at the first k ≥ 1 with d_k = 1, where
 * a_k = 2·a0. Exact double arithmetic is used while D < 2^52 (every intermediate is at most D),
 * bigint above: `m`, `d`, `a` are numbers on the double path and bigints otherwise.
 */
export class SqrtContinuedFraction {
  readonly D: bigint;
  readonly a0: bigint;
  /** True when the state is kept in doubles (D < 2^52). */
  readonly small: boolean;
  /** k of the current complete quotient (m_k + √D)/d_k with term a_k. */
  index = 0;
  m: number | bigint;
  d: number | bigint;
  a: number | bigint;
  private readonly DN: number;
  private readonly a0N: number;

  constructor(D: bigint) {
    const a0 = isqrt(D);
    if (D < 2n || a0 * a0 === D) throw new RangeError("D must be a positive non-square integer");
    this.D = D;
    this.a0 = a0;
    this.small = D < 2n ** 52n;
    this.DN = Number(D);
    this.a0N = Number(a0);
    [this.m, this.d, this.a] = this.small ? [0, 1, this.a0N] : [0n, 1n, a0];
  }

  /** Advance to the next complete quotient; true when it closes the period (d = 1). */
  step(): boolean {
    this.index++;
    if (this.small) {
      // m ≤ a0 < 2^26, d ≤ 2·a0, d·a ≤ a0 + m, D − m² ≤ D < 2^52: every value is an exact double.
      const m = (this.d as number) * (this.a as number) - (this.m as number);
      const d = (this.DN - m * m) / (this.d as number);
      this.m = m;
      this.d = d;
      this.a = Math.floor((this.a0N + m) / d);
      return d === 1;
    }
    const m = (this.d as bigint) * (this.a as bigint) - (this.m as bigint);
    const d = (this.D - m * m) / (this.d as bigint);
    this.m = m;
    this.d = d;
    this.a = (this.a0 + m) / d;
    return d === 1n;
  }

  /** The next term a_{index+1}, and whether it closes the period (d = 1, a = 2·a0). */
  next(): { a: bigint; aNumber: number; end: boolean } {
    const end = this.step();
    return { a: BigInt(this.a), aNumber: Number(this.a), end };
  }
}

/** The transpose of a convergent matrix. */
export const transpose = ([a, b, c, d]: ConvergentMatrix): ConvergentMatrix => [a, c, b, d];

/** The product of two 2×2 matrices [a, b, c, d] = [[a, b], [c, d]]. */
export function matrixProduct([a, b, c, d]: ConvergentMatrix, [e, f, g, h]: ConvergentMatrix): ConvergentMatrix {
  return [a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h];
}
