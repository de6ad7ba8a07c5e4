/**
 * What the factorization-family declarations share (not a declaration): univariate extraction,
 * the finite-field algorithms behind one interface per ring (GF(p): the fast kernel gfp.ts; GF(p^k):
 * ffactor.ts), the result/claim shapes and the cost model.
 */
import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { ffDivRem, ffEvaluate, ffFactor, ffFactorCost, ffGcd, ffIsIrreducible, ffMul, ffPowMod, ffRoots, ffSquarefree } from "../../domain/math/poly/ffactor.js";
import { gfpDivRem, gfpEvaluate, gfpFactor, gfpFactorCost, gfpGcd, gfpIsIrreducible, gfpMul, gfpPowMod, gfpRoots, gfpSquarefree, gfpSub, type GfpOptions } from "../../domain/math/poly/gfp.js";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { makePolynomial } from "../../domain/math/poly/sparse.js";
import type { CoeffRing, Polynomial, PolyRing, Term } from "../../domain/math/poly/types.js";
import { list, object } from "../_support/kinds.js";
import { INPUT, outputPolynomial } from "./support.js";

/** Degree bound of the univariate factorization operations (the Frobenius matrix has degree² entries). */
export const MAX_FACTOR_DEGREE = 1000;
/** At most this many distinct factors or roots are listed (never more than the degree). */
export const MAX_FACTORS = MAX_FACTOR_DEGREE;

/** A univariate polynomial as a dense little-endian coefficient array of its ring. */
export interface Univariate<T = unknown> {
  ring: PolyRing;
  variable: string;
  R: CoeffRing<T>;
  coeffs: T[];
}

/** The univariate dense form of p (one variable; degree ≤ maxDegree). */
export function univariate<T = unknown>(p: Polynomial, path: string, maxDegree = MAX_FACTOR_DEGREE): Univariate<T> {
  if (p.variables.length !== 1) {
    throw domainError(`${path} has ${p.variables.length} variables; this operation takes a polynomial in one variable`, `${path}.variables`, "declare exactly one variable");
  }
  const R = coeffRing(p.ring) as CoeffRing<T>;
  const degree = p.terms.length ? p.terms[0]!.exponents[0]! : -1;
  if (degree > maxDegree) throw domainError(`${path} has degree ${degree}; at most ${maxDegree} is supported`, path, `give a polynomial of degree at most ${maxDegree}`);
  const coeffs = new Array<T>(degree + 1).fill(R.zero);
  for (const t of p.terms as readonly Term<T>[]) coeffs[t.exponents[0]!] = t.coeff;
  return { ring: p.ring, variable: p.variables[0]!, R, coeffs };
}

/** The polynomial of a dense coefficient array (trailing zeros allowed). */
export function fromDense<T>(R: CoeffRing<T>, ring: PolyRing, variable: string, coeffs: readonly T[]): Polynomial<T> {
  const terms: Term<T>[] = [];
  for (let i = coeffs.length - 1; i >= 0; i--) if (!R.isZero(coeffs[i]!)) terms.push({ exponents: [i], coeff: coeffs[i]! });
  return makePolynomial(ring, [variable], terms);
}

/** An element of the coefficient ring as a polynomial in no variables (how units and roots are published). */
export function constant<T>(R: CoeffRing<T>, ring: PolyRing, c: T): Polynomial<T> {
  return makePolynomial(ring, [], R.isZero(c) ? [] : [{ exponents: [], coeff: c }]);
}

/** The value of a polynomial in no variables (or a constant polynomial): its constant term. */
export function constantValue<T>(p: Polynomial, path: string): T {
  const R = coeffRing(p.ring) as CoeffRing<T>;
  const t = p.terms as readonly Term<T>[];
  if (t.length > 1 || (t.length === 1 && t[0]!.exponents.some((e) => e !== 0))) throw domainError(`${path} is not a constant`, path, "give an element of the coefficient ring as a polynomial in no variables, e.g. { ring, variables: [], expression: \"3\" }");
  return t.length ? t[0]!.coeff : R.zero;
}

/** The finite-field algorithms on dense arrays of one ring's elements. */
export interface FiniteFieldPolys<T> {
  R: CoeffRing<T>;
  factor(f: T[], opts: GfpOptions): { unit: T; factors: { factor: T[]; multiplicity: number }[] };
  squarefree(f: T[], opts: GfpOptions): { factor: T[]; multiplicity: number }[];
  roots(f: T[], opts: GfpOptions): { root: T; multiplicity: number }[];
  isIrreducible(f: T[], opts: GfpOptions): boolean;
  mul(f: T[], g: T[]): T[];
  divrem(f: T[], g: T[]): { quotient: T[]; remainder: T[] };
  evaluate(f: T[], x: T): T;
  /** gcd(f, x^q − x): the product of the distinct linear factors of f. */
  splitPart(f: T[], opts: GfpOptions): T[];
}

const X = [0n, 1n];
const primeFieldPolys = (p: bigint): FiniteFieldPolys<bigint> => ({
  R: coeffRing({ $kind: "ring", kind: "GF", p }) as CoeffRing<bigint>,
  factor: (f, o) => gfpFactor(f, p, o),
  squarefree: (f, o) => gfpSquarefree(f, p, o),
  roots: (f, o) => gfpRoots(f, p, o),
  isIrreducible: (f, o) => gfpIsIrreducible(f, p, o),
  mul: (f, g) => gfpMul(f, g, p),
  divrem: (f, g) => gfpDivRem(f, g, p),
  evaluate: (f, x) => gfpEvaluate(f, x, p),
  splitPart: (f, o) => gfpGcd(f, gfpSub(gfpPowMod(X, p, f, p, o), X, p), p),
});

function extensionFieldPolys<T>(R: CoeffRing<T>): FiniteFieldPolys<T> {
  const x = [R.zero, R.one];
  return {
    R,
    factor: (f, o) => ffFactor(R, f, o),
    squarefree: (f, o) => ffSquarefree(R, f, o),
    roots: (f, o) => ffRoots(R, f, o),
    isIrreducible: (f, o) => ffIsIrreducible(R, f, o),
    mul: (f, g) => ffMul(R, f, g),
    divrem: (f, g) => ffDivRem(R, f, g),
    evaluate: (f, v) => ffEvaluate(R, f, v),
    splitPart: (f, o) => {
      const h = ffPowMod(R, x, R.order, f, o);
      const d = Array.from({ length: Math.max(h.length, 2) }, (_, i) => R.sub(h[i] ?? R.zero, x[i] ?? R.zero));
      return ffGcd(R, f, d);
    },
  };
}

/** The algorithms of a finite coefficient field; DOMAIN_ERROR for ZZ and QQ (not handled by this family member). */
export function finiteFieldPolys(ring: PolyRing, path: string): FiniteFieldPolys<unknown> {
  if (ring.kind === "GF") return primeFieldPolys(ring.p) as FiniteFieldPolys<unknown>;
  if (ring.kind === "GFq") return extensionFieldPolys(coeffRing(ring) as CoeffRing<unknown>);
  // TODO(zz): ZZ and QQ through factorOverIntegers / factorOverRationals once they land on main.
  throw domainError(`this operation takes polynomials over a finite field; ${ring.kind} is not supported yet`, `${path}.ring`, 'use a ring "GF(p)" or "GF(p^k)"');
}

/** Preflight of a univariate finite-field operation on p: the factorization cost of its degree. */
export function finiteFieldCost(p: Polynomial): { units: number; memory_bytes: number; basis: string } {
  const n = p.terms.length ? p.terms[0]!.exponents.reduce((a, b) => a + b, 0) : 0;
  let units: number;
  let pBits = 0;
  if (p.ring.kind === "GF") {
    units = gfpFactorCost(n, p.ring.p);
    pBits = p.ring.p.toString(2).length;
  } else if (p.ring.kind === "GFq") {
    pBits = p.ring.p.toString(2).length * p.ring.k;
    units = ffFactorCost(n, p.ring.p, p.ring.k);
  } else units = 1000;
  return { units, memory_bytes: 16 * n * n * Math.max(1, Math.ceil(pBits / 26)) + 2 ** 20, basis: `degree ${n}, ${pBits}-bit field elements: ~3n^3 field operations (Frobenius matrix and distinct-degree steps)` };
}

export const MULTIPLICITY = type("1 <= number.integer <= 1000000000").describe("the multiplicity (≥ 1)");

export const FACTORIZATION_KIND = "polynomial.factorization";
/** The value of polynomial.factorization.compute (and the claim of polynomial.factorization.verify). */
export const factorizationShape = () => ({
  unit: outputPolynomial("the leading coefficient u of f, as a polynomial in no variables: f = u · Π factor^multiplicity"),
  factors: list(
    object({ factor: outputPolynomial("a monic irreducible factor in f's variable"), multiplicity: MULTIPLICITY }),
    MAX_FACTORS,
    "the distinct monic irreducible factors with their multiplicities, by ascending degree (then coefficients from the top); [] for a constant f",
  ),
});

export const ROOTS_KIND = "polynomial.roots";
/** The value of polynomial.roots.compute (and the claim of polynomial.roots.verify). */
export const rootsShape = () => ({
  roots: list(
    object({ root: outputPolynomial("a root, as a polynomial in no variables (an element of the coefficient field)"), multiplicity: MULTIPLICITY }),
    MAX_FACTORS,
    "every root of f in its coefficient field with its multiplicity, ascending (GF(p): by residue)",
  ),
});

export { INPUT };
