/**
 * What the gcd / resultant / real-root / interpolation declarations share (not a declaration):
 * preflight cost measures of the multi-modular algorithms (domain/math/poly/zz.ts), and the rule
 * that real-root operations take ZZ or QQ polynomials as integer polynomials.
 */
import { domainError } from "../../domain/errors.js";
import type { Rational } from "../../domain/math/rational.js";
import { integerAssociate } from "../../domain/math/poly/univariate.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { clearedBits, coeffMulCost, kroneckerUnits, univariateOne } from "./support.js";

/** Units of one operation on doubles modulo a word prime (multiply, add, %). */
export const WORD_STEP = 3;

/** Units of the modular gcd of degree n and m polynomials with coefficients of a and b bits. */
export function modularGcdUnits(n: number, m: number, aBits: number, bBits: number): number {
  const primes = Math.ceil((Math.min(aBits, bBits) + Math.min(n, m) + 16) / 25) + 3;
  const reduce = (n + m + 2) * (Math.ceil(Math.max(aBits, bBits) / 64) + 1) * 10;
  return primes * ((n + 1) * (m + 1) * WORD_STEP * 2 + reduce) + 4 * kroneckerUnits(n + m + 2, 2 * Math.max(aBits, bBits) + n + m + 64);
}

/** Units of Euclid's algorithm over a field with b-bit elements (gfp / generic dense). */
export const fieldEuclidUnits = (n: number, m: number, bits: number): number => (n + 1) * (m + 1) * 2 * (coeffMulCost(bits, bits) + 40);

/** Bits of Hadamard's bound on res(A, B) for degrees n, m and coefficient bits a, b. */
export const resultantBits = (n: number, m: number, aBits: number, bBits: number): number => m * (aBits + Math.log2(n + 1) / 2) + n * (bBits + Math.log2(m + 1) / 2) + 2;

/** Units of the multi-modular resultant. */
export function modularResultantUnits(n: number, m: number, aBits: number, bBits: number): number {
  const hb = resultantBits(n, m, aBits, bBits);
  const primes = Math.ceil((hb + 2) / 25) + 2;
  const reduce = (n + m + 2) * (Math.ceil(Math.max(aBits, bBits) / 64) + 1) * 10;
  return primes * ((n + 1) * (m + 1) * WORD_STEP * 2 + reduce + 2 * (Math.ceil(hb / 64) + 1)) + 200 * primes;
}

/** A ZZ or QQ polynomial in one variable as its primitive integer associate (same roots). */
export function integerPolynomial(p: Polynomial, path: string): { variable: string; f: bigint[] } {
  if (p.ring.kind !== "ZZ" && p.ring.kind !== "QQ") {
    throw domainError(`real roots are defined for polynomials over ZZ or QQ; ${path} is over a finite field`, `${path}.ring`, "over a finite field use polynomial.roots.compute");
  }
  const { variable, A } = univariateOne(p, path);
  const f = p.ring.kind === "QQ" ? integerAssociate(A as Rational[]) : (A as bigint[]);
  return { variable, f };
}

/** Bits of the cleared integer coefficients and the degree (preflight of the real-root ops). */
export function integerSize(p: Polynomial): { degree: number; bits: number } {
  const deg = p.terms.length ? Math.max(...p.terms.map((t) => t.exponents[0] ?? 0)) : -1;
  return { degree: deg, bits: clearedBits(p) };
}

/**
 * Units of real root isolation (Descartes / VCA with bisection): about deg² Taylor-shift additions
 * per node of the bisection tree on numbers of (bits + deg·depth) bits; the tree has O(deg·(bits +
 * log deg)) nodes in the worst case, far fewer in practice — estimated as deg·(log2 deg + 4) nodes.
 */
export function isolationUnits(deg: number, bits: number): number {
  if (deg <= 0) return 100;
  const nodes = deg * (Math.log2(deg + 1) + 4) * 2;
  const numBits = bits + 2 * deg + 64;
  return nodes * deg * deg * (Math.ceil(numBits / 64) + 2) / 2 + modularGcdUnits(deg, deg - 1, bits, bits + Math.log2(deg + 1));
}

// ───────────────────────────── gcd value shape ─────────────────────────────

import { outputPolynomial } from "./support.js";

/** The value of polynomial.gcd.compute, which polynomial.gcd.verify takes as its claim. */
export const GCD_KIND = "polynomial.gcd";
export const gcdShape = () => ({
  gcd: outputPolynomial("the gcd: over ZZ the gcd of the contents times the primitive gcd, positive leading coefficient; over a field monic; gcd(0, 0) = 0"),
  left_cofactor: outputPolynomial("left / gcd"),
  right_cofactor: outputPolynomial("right / gcd"),
  "s?": outputPolynomial("over a field: the Bézout coefficient s with s·left + t·right = gcd, deg s < deg right − deg gcd"),
  "t?": outputPolynomial("over a field: the Bézout coefficient t, deg t < deg left − deg gcd"),
});

// ───────────────────────────── several variables ─────────────────────────────

import { gcdQ, gcdZ } from "../../domain/math/poly/mgcd.js";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { degreeIn, spDivExact, spMulAuto, type Terms } from "../../domain/math/poly/sparse.js";
import type { CoeffRing } from "../../domain/math/poly/types.js";
import { aligned, polySize } from "./support.js";

/** Whether two operands together involve more than one variable name (then the multivariate algorithms run). */
export function severalVariables(a: Polynomial, b: Polynomial): boolean {
  return new Set([...a.variables, ...b.variables]).size > 1;
}

/** Operands over ZZ or QQ on one variable list, for the multivariate gcd and lcm. */
export function multivariatePair(a: Polynomial, b: Polynomial, pathB: string): { R: CoeffRing<unknown>; variables: string[]; left: Terms<unknown>; right: Terms<unknown> } {
  const al = aligned(a, b, pathB);
  if (a.ring.kind !== "ZZ" && a.ring.kind !== "QQ") {
    throw domainError("with several variables the gcd and lcm are computed over ZZ and QQ", "payload.left.ring", "give univariate polynomials over a finite field, or polynomials over ZZ or QQ");
  }
  return { R: coeffRing(a.ring) as CoeffRing<unknown>, ...al };
}

/** The normalised multivariate gcd (ZZ: content gcd × primitive gcd, positive leading coefficient; QQ: monic). */
export function multivariateGcd(R: CoeffRing<unknown>, left: Terms<unknown>, right: Terms<unknown>, n: number, tick: () => void): Terms<unknown> {
  return (R.ring.kind === "ZZ" ? gcdZ(left as Terms<bigint>, right as Terms<bigint>, n, { checkpoint: tick }) : gcdQ(left as Terms<Rational>, right as Terms<Rational>, n, { checkpoint: tick })) as Terms<unknown>;
}

/** The lcm left·right / gcd, normalised as the gcd (ZZ: positive leading coefficient; QQ: monic); 0 when an operand is 0. */
export function multivariateLcm(R: CoeffRing<unknown>, left: Terms<unknown>, right: Terms<unknown>, n: number, tick: () => void): Terms<unknown> {
  if (!left.length || !right.length) return [];
  const g = multivariateGcd(R, left, right, n, tick);
  let l = spMulAuto(R, spDivExact(R, left, g, tick)!, right, tick);
  const lead = l[0]!.coeff;
  if (R.ring.kind === "ZZ" ? (lead as bigint) < 0n : !R.eq(lead, R.one)) l = l.map((t) => ({ exponents: t.exponents, coeff: R.ring.kind === "ZZ" ? -(t.coeff as bigint) : R.mul(t.coeff, R.inv(lead)) }));
  return l;
}

/**
 * Units of Brown's multivariate modular gcd: per word prime, Π (min degree + 1) univariate gcds
 * in the last variables, each (deg_x + 1)² word steps, plus the division tests (terms products).
 */
export function multivariateGcdUnits(a: Polynomial, b: Polynomial): number {
  const vars = [...new Set([...a.variables, ...b.variables])];
  let dense = 1, dx = 0;
  for (const v of vars) {
    const da = a.variables.includes(v) ? degreeIn(a.terms, a.variables.indexOf(v)) : 0;
    const db = b.variables.includes(v) ? degreeIn(b.terms, b.variables.indexOf(v)) : 0;
    dense *= Math.min(Math.max(da, 0), Math.max(db, 0)) + 2;
    dx = Math.max(dx, da, db);
  }
  const sa = polySize(a), sb = polySize(b);
  const bits = Math.max(clearedBits(a), clearedBits(b));
  const primes = Math.ceil((bits + 16) / 25) + 3;
  return primes * (dense * (dx + 1) * (dx + 1) * WORD_STEP * 2 + (sa.terms + sb.terms) * 50) + 2 * sa.terms * sb.terms * (300 + 2 * (Math.ceil(bits / 64) + 1) ** 2);
}
