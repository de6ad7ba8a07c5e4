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

/**
 * Word primes of the bounded first attempt of the ZZ modular gcd: enough for a gcd and cofactors
 * with coefficients up to about 12 bits above the operands' (the common case; the stopping rule
 * needs them below M/2^10), plus one prime for the stability check.
 */
export const gcdAttemptPrimes = (aBits: number, bBits: number): number => Math.max(2, Math.ceil((Math.max(aBits, bBits) + 12) / 25) + 1);

/**
 * Units of that attempt (zz.gcdWithCofactorsWithin with `primes` primes and one proof): the modular
 * images, and the proof's two products of entries below the primes' product (25 bits each).
 */
export function modularGcdAttemptUnits(n: number, m: number, aBits: number, bBits: number, primes: number): number {
  const reduce = (n + m + 2) * (Math.ceil(Math.max(aBits, bBits) / 64) + 1) * 10;
  return primes * ((n + 1) * (m + 1) * WORD_STEP * 2 + reduce) + 2 * kroneckerUnits(n + m + 2, 50 * primes + Math.log2(Math.min(n, m) + 1) + 2);
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
import { gcdField } from "../../domain/math/poly/mfield.js";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { degreeIn, spDivExact, spMulAuto, type Terms } from "../../domain/math/poly/sparse.js";
import type { CoeffRing } from "../../domain/math/poly/types.js";
import { aligned, polySize } from "./support.js";

/** Whether two operands together involve more than one variable name (then the multivariate algorithms run). */
export function severalVariables(a: Polynomial, b: Polynomial): boolean {
  return new Set([...a.variables, ...b.variables]).size > 1;
}

/** Operands on one variable list, for the multivariate gcd and lcm. */
export function multivariatePair(a: Polynomial, b: Polynomial, pathB: string): { R: CoeffRing<unknown>; variables: string[]; left: Terms<unknown>; right: Terms<unknown> } {
  const al = aligned(a, b, pathB);
  return { R: coeffRing(a.ring) as CoeffRing<unknown>, ...al };
}

/** The normalised multivariate gcd (ZZ: content gcd × primitive gcd, positive leading coefficient; over a field: monic). */
export function multivariateGcd(R: CoeffRing<unknown>, left: Terms<unknown>, right: Terms<unknown>, n: number, tick: () => void): Terms<unknown> {
  if (R.ring.kind === "GF" || R.ring.kind === "GFq") return gcdField(R, left, right, n, tick);
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
 * Units of Brown's multivariate modular gcd: per word prime (GF(p): one image), Π (min degree + 1) univariate gcds
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
  // GF(p): one image (Brown's algorithm modulo p itself); the pseudo-remainder sequence of small fields is charged the same.
  // GF(p^k): the primitive pseudo-remainder sequence (mfield.ts) on field elements of k residues, with a content gcd per step.
  const primes = a.ring.kind === "GF" || a.ring.kind === "GFq" ? 1 : Math.ceil((bits + 16) / 25) + 3;
  const field = a.ring.kind === "GFq" ? (a.ring.k * a.ring.k + 20) * (dx + 1) : 1;
  return primes * field * (dense * (dx + 1) * (dx + 1) * WORD_STEP * 2 + (sa.terms + sb.terms) * 50) + 2 * sa.terms * sb.terms * (300 + 2 * (Math.ceil(bits / 64) + 1) ** 2);
}

// ───────────────────────────── resultant and discriminant in one of several variables ─────────────────────────────

import { discriminantInVariable, resultantInVariable } from "../../domain/math/poly/mfield.js";
import { makePolynomial } from "../../domain/math/poly/sparse.js";
import { project } from "../../domain/math/poly/mpoly.js";
import { sumBits, variableIndex } from "./support.js";

/** The other variables (all but index v) and the terms of a polynomial in them (exponent v dropped). */
function dropVariable<T>(variables: readonly string[], terms: Terms<T>, v: number): { variables: string[]; terms: Terms<T> } {
  const keep = variables.map((_, i) => i).filter((i) => i !== v);
  return { variables: keep.map((i) => variables[i]!), terms: project(terms, keep) };
}

/**
 * res_v(left, right) with several variables: the Sylvester determinant in the named variable, a
 * polynomial in the other variables (mfield.ts's subresultant sequence over R[others]).
 */
export function multivariateResultant(a: Polynomial, b: Polynomial, variable: string | undefined, tick: () => void): Polynomial {
  const al = aligned(a, b, "payload.right");
  const v = variableIndex({ ...a, variables: al.variables } as Polynomial, variable, "the operands");
  const R = coeffRing(a.ring) as CoeffRing<unknown>;
  const r = resultantInVariable(R, al.left, al.right, v, al.variables.length, tick);
  const d = dropVariable(al.variables, r, v);
  return makePolynomial(a.ring, d.variables, d.terms);
}

/** disc_v(f) with several variables, a polynomial in the other variables. */
export function multivariateDiscriminant(p: Polynomial, variable: string | undefined, tick: () => void): Polynomial {
  const v = variableIndex(p, variable, "payload.polynomial");
  if (!p.terms.length) throw domainError("the zero polynomial has no discriminant", "payload.polynomial", "give a nonzero polynomial");
  const R = coeffRing(p.ring) as CoeffRing<unknown>;
  const r = discriminantInVariable(R, p.terms as Terms<unknown>, v, p.variables.length, tick);
  const d = dropVariable(p.variables, r, v);
  return makePolynomial(p.ring, d.variables, d.terms);
}

/**
 * Size of res_v(a, b) with several variables: for every other variable y, deg_y res ≤ deg_y a ·
 * deg_v b + deg_y b · deg_v a (each term of the Sylvester determinant takes deg_v b entries of a's
 * rows and deg_v a of b's); ‖res‖₁ ≤ ‖a‖₁^{deg_v b} ‖b‖₁^{deg_v a} (the same expansion). The
 * result is computed by evaluation and interpolation (ZZ, QQ and GF(p) with p < 2^26: S points per
 * word prime, each a univariate resultant of (n + m)² word steps plus the specialization of both
 * operands, and O(S·D) for the interpolation; ZZ/QQ take bits/25 primes — measured: two dense
 * bivariate operands of degrees 10/10 over ZZ in about 200 ms, over GF(32003) in 20 ms); larger
 * GF(p) by the subresultant sequence, charged as 2·(n + m)·S² coefficient products.
 */
export function multivariateResultantCost(a: Polynomial, b: Polynomial, variable: string | undefined): { units: number; memory_bytes: number; basis: string; bits: number; dense: number } {
  const vars = [...new Set([...a.variables, ...b.variables])];
  const name = variable ?? (vars.length === 1 ? vars[0] : undefined);
  const deg = (p: Polynomial, x: string) => (p.variables.includes(x) ? Math.max(0, degreeIn(p.terms, p.variables.indexOf(x))) : 0);
  const n = name === undefined ? 0 : deg(a, name), m = name === undefined ? 0 : deg(b, name);
  let S = 1;
  for (const y of vars) if (y !== name) S *= deg(a, y) * m + deg(b, y) * n + 1;
  const zq = a.ring.kind === "ZZ" || a.ring.kind === "QQ";
  const bits = zq ? m * sumBits(a) + n * sumBits(b) + 2 : clearedBits(a);
  const limbs = Math.ceil(bits / 64) + 1;
  const evaluation = zq || (a.ring.kind === "GF" && a.ring.p < 2n ** 26n);
  const primes = zq ? Math.ceil(bits / 25) + 1 : 1;
  let maxD = 1;
  for (const y of vars) if (y !== name) maxD = Math.max(maxD, deg(a, y) * m + deg(b, y) * n + 1);
  const units = (evaluation
    ? primes * S * (6 * (n + m + 1) ** 2 + 20 * (a.terms.length + b.terms.length) + 8 * maxD) + primes * 40 * (a.terms.length + b.terms.length)
    : 2 * (n + m + 1) * S * S * (limbs * limbs + 60) * (a.ring.kind === "GFq" ? a.ring.k * a.ring.k + 8 : 1)) + 50 * (a.terms.length + b.terms.length) + 10_000;
  return { units, memory_bytes: 8 * S * (limbs * 8 + 120) * (n + m + 2) + 2 ** 20, basis: `degrees ${n} and ${m} in ${name ?? "?"}, result of dense size ≤ ${S}${zq ? ` and ≤ ${Math.round(bits)} bits` : ""}`, bits, dense: S };
}
