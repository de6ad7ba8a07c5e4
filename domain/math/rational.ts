import { abs, gcd } from "./integer.js";

/** An exact rational in lowest terms with a positive denominator. */
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

export const ratAdd = (a: Rational, b: Rational): Rational => rational(a.num * b.den + b.num * a.den, a.den * b.den);
export const ratSub = (a: Rational, b: Rational): Rational => rational(a.num * b.den - b.num * a.den, a.den * b.den);
export const ratMul = (a: Rational, b: Rational): Rational => rational(a.num * b.num, a.den * b.den);
export function ratDiv(a: Rational, b: Rational): Rational {
  if (b.num === 0n) throw new RangeError("division by zero");
  return rational(a.num * b.den, a.den * b.num);
}
export const ratEq = (a: Rational, b: Rational): boolean => a.num === b.num && a.den === b.den;
export const ratAbs = (a: Rational): Rational => ({ num: abs(a.num), den: a.den });

/** Canonical wire form: "p/q" with q > 1, or an integer string. */
export function formatRational(r: Rational): string {
  return r.den === 1n ? r.num.toString() : `${r.num}/${r.den}`;
}
