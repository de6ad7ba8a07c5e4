import { decimalString } from "./decimal.js";
import { gcd } from "./integer.js";

/**
 * Exact rationals. Every `Rational` is canonical: lowest terms, positive denominator, 0 = 0/1.
 * Values are built with `rational()` (which reduces) or by the operations below, which keep the
 * invariant without a full gcd of the result where the classical shortcuts allow it
 * (Knuth, TAOCP 4.5.1: only gcds of the denominators, or of numerators against denominators).
 */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

export function rational(num: bigint, den: bigint = 1n): Rational {
  if (den === 0n) throw new RangeError("zero denominator");
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den);
  return g === 1n || g === 0n ? { num, den } : { num: num / g, den: den / g };
}

export const ZERO: Rational = { num: 0n, den: 1n };
export const ONE: Rational = { num: 1n, den: 1n };

/** a + b. With g = gcd(a.den, b.den): t = a.num·(b.den/g) + b.num·(a.den/g), and gcd(t, a.den·b.den/g) = gcd(t, g). */
export function ratAdd(a: Rational, b: Rational): Rational {
  if (a.den === 1n && b.den === 1n) return { num: a.num + b.num, den: 1n };
  const g = gcd(a.den, b.den);
  if (g === 1n) return { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
  const s = b.den / g;
  const t = a.num * s + b.num * (a.den / g);
  const g2 = gcd(t, g);
  return g2 === 1n ? { num: t, den: a.den * s } : { num: t / g2, den: (a.den / g2) * s };
}

export const ratNeg = (a: Rational): Rational => (a.num === 0n ? a : { num: -a.num, den: a.den });
export const ratSub = (a: Rational, b: Rational): Rational => ratAdd(a, ratNeg(b));

/** a · b, cancelling gcd(a.num, b.den) and gcd(b.num, a.den) first (the result is then in lowest terms). */
export function ratMul(a: Rational, b: Rational): Rational {
  if (a.num === 0n || b.num === 0n) return ZERO;
  const g1 = gcd(a.num, b.den), g2 = gcd(b.num, a.den);
  return { num: (a.num / g1) * (b.num / g2), den: (a.den / g2) * (b.den / g1) };
}

/** 1/a; throws RangeError for 0. */
export function ratInv(a: Rational): Rational {
  if (a.num === 0n) throw new RangeError("division by zero");
  return a.num < 0n ? { num: -a.den, den: -a.num } : { num: a.den, den: a.num };
}

export function ratDiv(a: Rational, b: Rational): Rational {
  if (b.num === 0n) throw new RangeError("division by zero");
  return ratMul(a, ratInv(b));
}

export const ratEq = (a: Rational, b: Rational): boolean => a.num === b.num && a.den === b.den;
export const ratAbs = (a: Rational): Rational => (a.num < 0n ? { num: -a.num, den: a.den } : a);
export const ratSign = (a: Rational): -1 | 0 | 1 => (a.num < 0n ? -1 : a.num > 0n ? 1 : 0);

/** −1, 0 or 1 as a <, =, > b (signs first; cross-multiplication only when the signs agree). */
export function ratCompare(a: Rational, b: Rational): -1 | 0 | 1 {
  const sa = ratSign(a), sb = ratSign(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (a.den === b.den) return a.num < b.num ? -1 : a.num > b.num ? 1 : 0;
  const l = a.num * b.den, r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** ⌊n/d⌋ for d > 0 (bigint division truncates toward zero). */
export function floorDiv(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError("floorDiv: divisor must be positive");
  const q = n / d;
  return n < 0n && q * d !== n ? q - 1n : q;
}

/** ⌈n/d⌉ for d > 0. */
export const ceilDiv = (n: bigint, d: bigint): bigint => -floorDiv(-n, d);

export const ratFloor = (a: Rational): bigint => floorDiv(a.num, a.den);
export const ratCeil = (a: Rational): bigint => ceilDiv(a.num, a.den);

/** a^e for an integer exponent e (e < 0 needs a ≠ 0); 0^0 = 1. Powers of coprime parts stay coprime. */
export function ratPow(a: Rational, e: bigint): Rational {
  if (e < 0n) return ratPow(ratInv(a), -e);
  if (e === 0n) return ONE;
  return { num: a.num ** e, den: a.den ** e };
}

/** Σ xs by a balanced tree of pairwise sums (keeps operand sizes balanced); `tick` runs once per addition. */
export function ratSumAll(xs: readonly Rational[], tick?: () => void): Rational {
  return balanced(xs, ZERO, ratAdd, tick);
}

/** Π xs by a balanced tree of pairwise products. */
export function ratProductAll(xs: readonly Rational[], tick?: () => void): Rational {
  return balanced(xs, ONE, ratMul, tick);
}

function balanced(xs: readonly Rational[], unit: Rational, op: (a: Rational, b: Rational) => Rational, tick?: () => void): Rational {
  if (xs.length === 0) return unit;
  let layer = xs.slice();
  while (layer.length > 1) {
    const next: Rational[] = [];
    for (let i = 0; i < layer.length; i += 2) {
      if (i + 1 < layer.length) {
        tick?.();
        next.push(op(layer[i]!, layer[i + 1]!));
      } else next.push(layer[i]!);
    }
    layer = next;
  }
  return layer[0]!;
}

/** True when r satisfies the invariant (lowest terms, positive denominator). Costs one gcd. */
export function isCanonical(r: Rational): boolean {
  return r.den > 0n && (r.num === 0n ? r.den === 1n : gcd(r.num, r.den) === 1n);
}

/** |a − b|. */
export const ratDistance = (a: Rational, b: Rational): Rational => ratAbs(ratSub(a, b));

/** Canonical wire form: "p/q" with q > 1, or an integer string. */
export function formatRational(r: Rational): string {
  return r.den === 1n ? decimalString(r.num) : `${decimalString(r.num)}/${decimalString(r.den)}`;
}

