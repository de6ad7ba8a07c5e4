/**
 * Ring dispatch for the univariate algorithms of zz.ts and gfp.ts: gcd (with cofactors and, over
 * fields, Bézout coefficients), lcm, resultant and discriminant over ZZ, QQ, GF(p), GF(p^k).
 * ZZ and QQ go through the multi-modular integer algorithms (QQ after clearing denominators),
 * GF(p) through the gfp kernel, GF(p^k) through the generic dense Euclid of dense.ts.
 */
import { type Rational, rational, ratMul, ratPow } from "../rational.js";
import { clearDenominators, dDivExact, dDivRem, dGcd, dMonic, dMul, dXgcd } from "./dense.js";
import { gfpGcd, gfpXgcd } from "./gfp.js";
import * as zz from "./zz.js";
import type { CoeffRing } from "./types.js";

type Tick = () => void;
const noop: Tick = () => {};

function monicQ(a: readonly bigint[]): Rational[] {
  const l = a[a.length - 1]!;
  return a.map((c) => rational(c, l));
}

/** Primitive integer numerators of a rational polynomial (the QQ-associate in ZZ[x]). */
export function integerAssociate(a: readonly Rational[]): bigint[] {
  if (!a.length) return [];
  return clearDenominators(a as Rational[]).nums;
}

/**
 * The normalised gcd: ZZ — content gcd times the primitive gcd, positive leading coefficient;
 * fields — monic; gcd(0, 0) = 0.
 */
export function gcdIn<T>(R: CoeffRing<T>, A: readonly T[], B: readonly T[], tick: Tick = noop): T[] {
  switch (R.ring.kind) {
    case "ZZ":
      return zz.gcd(A as unknown as bigint[], B as unknown as bigint[], { checkpoint: tick }) as unknown as T[];
    case "QQ": {
      const g = zz.gcd(integerAssociate(A as unknown as Rational[]), integerAssociate(B as unknown as Rational[]), { checkpoint: tick });
      return (g.length ? monicQ(g) : []) as unknown as T[];
    }
    case "GF":
      return gfpGcd(A as unknown as bigint[], B as unknown as bigint[], R.ring.p) as unknown as T[];
    default:
      return dGcd(R, A, B, tick);
  }
}

/**
 * The normalised gcd with the cofactors A/g and B/g. ZZ and QQ take them from the modular gcd's
 * own cofactor images (no exact division); other rings divide.
 */
export function gcdWithCofactorsIn<T>(R: CoeffRing<T>, A: readonly T[], B: readonly T[], tick: Tick = noop): { g: T[]; left: T[]; right: T[] } | undefined {
  if (R.ring.kind === "ZZ") {
    const r = zz.gcdWithCofactors(A as unknown as bigint[], B as unknown as bigint[], { checkpoint: tick });
    return { g: r.gcd, left: r.left, right: r.right } as unknown as { g: T[]; left: T[]; right: T[] };
  }
  if (R.ring.kind === "QQ") {
    const a = clearDenominators(A as unknown as Rational[]), b = clearDenominators(B as unknown as Rational[]);
    const r = zz.gcdWithCofactors(a.nums, b.nums, { checkpoint: tick });
    if (!r.gcd.length) return { g: [], left: [], right: [] };
    const l = r.gcd[r.gcd.length - 1]!;
    const q = (xs: bigint[], den: bigint) => xs.map((x) => rational(x * l, den));
    return { g: monicQ(r.gcd), left: q(r.left, a.den), right: q(r.right, b.den) } as unknown as { g: T[]; left: T[]; right: T[] };
  }
  const g = gcdIn(R, A, B, tick);
  if (!g.length) return { g, left: [], right: [] };
  const left = quotientIn(R, A, g, tick), right = quotientIn(R, B, g, tick);
  return left && right ? { g, left, right } : undefined;
}

/** s·A + t·B = g (monic) over a field. */
export function xgcdIn<T>(R: CoeffRing<T>, A: readonly T[], B: readonly T[], tick: Tick = noop): { g: T[]; s: T[]; t: T[] } {
  if (R.ring.kind === "GF") {
    const r = gfpXgcd(A as unknown as bigint[], B as unknown as bigint[], R.ring.p);
    return { g: r.gcd, s: r.s, t: r.t } as unknown as { g: T[]; s: T[]; t: T[] };
  }
  return dXgcd(R, A, B, tick);
}

/** The exact quotient A / B (B | A), in the ring. */
export function quotientIn<T>(R: CoeffRing<T>, A: readonly T[], B: readonly T[], tick: Tick = noop): T[] | undefined {
  if (!B.length) return undefined;
  if (R.ring.kind === "ZZ") return zz.divExact(A as unknown as bigint[], B as unknown as bigint[]) as unknown as T[] | undefined;
  if (R.isField) {
    const { q, r } = dDivRem(R, A, B, tick);
    return r.length ? undefined : q;
  }
  return dDivExact(R, A, B, tick);
}

/** lcm, normalised as gcdIn (ZZ: positive leading coefficient; fields: monic); 0 if either is 0. */
export function lcmIn<T>(R: CoeffRing<T>, A: readonly T[], B: readonly T[], tick: Tick = noop): T[] {
  if (!A.length || !B.length) return [];
  if (R.ring.kind === "ZZ") return zz.lcm(A as unknown as bigint[], B as unknown as bigint[], { checkpoint: tick }) as unknown as T[];
  const g = gcdIn(R, A, B, tick);
  return dMonic(R, dMul(R, quotientIn(R, A, g, tick)!, B));
}

/** Euclid's resultant over a field (actual degrees; 0 when either is 0). */
function resultantField<T>(R: CoeffRing<T>, F: readonly T[], G: readonly T[], tick: Tick): T {
  if (!F.length || !G.length) return R.zero;
  let a = F.slice(), b = G.slice();
  let res = R.one;
  const pow = (x: T, e: number): T => {
    let r = R.one, base = x;
    while (e > 0) {
      if (e & 1) r = R.mul(r, base);
      base = R.mul(base, base);
      e >>= 1;
    }
    return r;
  };
  if (a.length === 1) return pow(a[0]!, b.length - 1);
  for (;;) {
    tick();
    const m = a.length - 1, n = b.length - 1;
    if (n === 0) return R.mul(res, pow(b[0]!, m));
    const { r } = dDivRem(R, a, b, tick);
    if (!r.length) return R.zero;
    res = R.mul(res, pow(b[n]!, m - (r.length - 1)));
    if (m % 2 === 1 && n % 2 === 1) res = R.neg(res);
    a = b;
    b = r;
  }
}

/** res(A, B) in the coefficient ring (Sylvester determinant with the actual degrees). */
export function resultantIn<T>(R: CoeffRing<T>, A: readonly T[], B: readonly T[], tick: Tick = noop): T {
  switch (R.ring.kind) {
    case "ZZ":
      return zz.resultant(A as unknown as bigint[], B as unknown as bigint[], { checkpoint: tick }) as unknown as T;
    case "QQ": {
      if (!A.length || !B.length) return R.zero;
      // A = a/da with a integral: res(A, B) = res(a, b) / (da^{deg B} db^{deg A})
      const ca = clearDenominators(A as unknown as Rational[]), cb = clearDenominators(B as unknown as Rational[]);
      const r = zz.resultant(ca.nums, cb.nums, { checkpoint: tick });
      const scale = ratMul(ratPow(rational(1n, ca.den), BigInt(B.length - 1)), ratPow(rational(1n, cb.den), BigInt(A.length - 1)));
      return ratMul(rational(r), scale) as unknown as T;
    }
    default:
      return resultantField(R, A, B, tick);
  }
}

/** disc(A) = (−1)^{n(n−1)/2} Res_{n,n−1}(A, A′) / lc(A) for deg A = n ≥ 1, A′ of formal degree n − 1 (PARI's poldisc); 1 for constants. */
export function discriminantIn<T>(R: CoeffRing<T>, A: readonly T[], tick: Tick = noop): T {
  const n = A.length - 1;
  if (n < 1) return R.one;
  if (R.ring.kind === "ZZ") return zz.discriminant(A as unknown as bigint[], { checkpoint: tick }) as unknown as T;
  const dA: T[] = [];
  for (let i = 1; i < A.length; i++) dA.push(R.mul(R.fromInteger(BigInt(i)), A[i]!));
  while (dA.length && R.isZero(dA[dA.length - 1]!)) dA.pop();
  // A′ has formal degree n − 1: when its actual degree m is lower (characteristic p),
  // Res_{n,n−1}(A, A′) = lc(A)^{n−1−m}·Res_{n,m}(A, A′) (lc(A) is the only entry of the first column)
  const m = dA.length - 1;
  let r = resultantIn(R, A, dA, tick);
  if (m >= 0 && m < n - 1) for (let i = 0; i < n - 2 - m; i++) r = R.mul(r, A[n]!);
  else r = R.mul(r, R.inv(A[n]!));
  if (((n * (n - 1)) / 2) % 2 === 1) r = R.neg(r);
  return r;
}
