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
