/**
 * What the factorization-family declarations share (not a declaration): univariate extraction,
 * the finite-field algorithms behind one interface per ring (GF(p): the fast kernel gfp.ts; GF(p^k):
 * ffactor.ts), the result/claim shapes and the cost model.
 */
import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { ffDivRem, ffEvaluate, ffFactor, ffFactorCost, ffGcd, ffIsIrreducible, ffMul, ffPowMod, ffRoots, ffSquarefree } from "../../domain/math/poly/ffactor.js";
import {
  gfpDerivative, gfpDistinctDegree, gfpDivRem, gfpEvaluate, gfpFactor, gfpFactorCost, gfpGcd, gfpIrreducibleCost, gfpIsIrreducible, gfpMul, gfpNormalize, gfpPowMod, gfpRoots, gfpSquarefree, gfpSub, type GfpOptions,
} from "../../domain/math/poly/gfp.js";
import { dDivRem, dEvaluate, dMul } from "../../domain/math/poly/dense.js";
import { rationalRoots, rootMultiplicity } from "../../domain/math/poly/realroots.js";
import { coeffRing, integers, primeField, rationals } from "../../domain/math/poly/rings.js";
import { integerAssociate } from "../../domain/math/poly/univariate.js";
import { content, primitivePart, squarefreeDecomposition } from "../../domain/math/poly/zz.js";
import { ATTEMPT_CANDIDATES, factorOverIntegers, factorOverRationals, henselLift, isIrreducibleOverIntegers, SUBSET_SEARCH_MAX } from "../../domain/math/poly/zzfactor.js";
import { factorMultivariateQ, factorMultivariateZ, squarefreeMultivariateQ, squarefreeMultivariateZ } from "../../domain/math/poly/mfactor.js";
import { isConstantTerms, monicTerms, squarefreeField } from "../../domain/math/poly/mfield.js";
import { factorMultivariateField, KRONECKER_FACTOR_UNITS, KRONECKER_SEARCH_UNITS, kroneckerFactorsField, kroneckerFactorsModP } from "../../domain/math/poly/mkronecker.js";
import { multivariateGcdUnits } from "./zz_support.js";
import { factorMultivariateModP, irreducibleOnLineModP, NoEvaluationPointError } from "../../domain/math/poly/mfactorp.js";
import { ONE, rational, ratEq, type Rational } from "../../domain/math/rational.js";
import { makePolynomial } from "../../domain/math/poly/sparse.js";
import { lineImage, lineImageIn } from "../../domain/math/poly/mpoly.js";
import { SeededRandom } from "../../domain/math/seeded-random.js";
import type { CoeffRing, Polynomial, PolyRing, Term } from "../../domain/math/poly/types.js";
import { list, object } from "../_support/kinds.js";
import { clearedBits, INPUT, outputPolynomial, polySize } from "./support.js";

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
  /** gcd(f, x^q − x): the product of the distinct linear factors of f (finite fields only). */
  splitPart?(f: T[], opts: GfpOptions): T[];
  /**
   * The checker's irreducibility decision for a nonconstant factor g in the ring's normal form:
   * proven irreducible, reducible with a proper divisor (checked by exact division), or not decided.
   */
  proveIrreducible(g: T[], opts: GfpOptions): { status: "irreducible" } | { status: "reducible"; divisor: T[] } | { status: "unknown" };
  /** A root of f in the ring when there is one (the checker's completeness test), else undefined. */
  someRoot(f: T[], opts: GfpOptions): T | undefined;
  /** The unit u of f = u · Π (normal factors): ±content over ZZ, the leading coefficient over fields. */
  unitOf(f: T[]): T;
  /** The normal form of a claimed factor: monic (fields) or primitive with positive leading coefficient (ZZ). */
  isNormalFactor(g: T[]): boolean;
}

/** Shared by the finite fields: Rabin's test, and a root of the split part. */
function finiteChecks<T>(F: Omit<FiniteFieldPolys<T>, "proveIrreducible" | "someRoot" | "isNormalFactor" | "unitOf">): FiniteFieldPolys<T> {
  return {
    ...F,
    unitOf: (f) => f[f.length - 1]!,
    proveIrreducible(g, o) {
      if (F.isIrreducible(g, o)) return { status: "irreducible" };
      return { status: "reducible", divisor: F.factor(g, o).factors[0]!.factor };
    },
    someRoot(f, o) {
      const split = F.splitPart!(f, o);
      return split.length > 1 ? F.roots(split, o)[0]!.root : undefined;
    },
    isNormalFactor: (g) => F.R.eq(g[g.length - 1], F.R.one),
  };
}

const X = [0n, 1n];
const primeFieldPolys = (p: bigint): FiniteFieldPolys<bigint> => finiteChecks({
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
  return finiteChecks({
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
  });
}

/** How many primes the degree-pattern irreducibility proof over QQ tries before giving up. */
const PATTERN_PRIMES = 24;

/**
 * Irreducibility over QQ of a primitive integer g by factor-degree patterns: for primes p ∤ lc(g)
 * with g mod p square-free, a factor of g over QQ of degree d would give factors mod p of total
 * degree d, so d lies in the subset sums of the modular factor degrees; an empty intersection of
 * those sets on [1, deg g − 1] proves irreducibility.
 */
function degreePatternIrreducible(g: readonly bigint[], checkpoint: () => void): boolean {
  const n = g.length - 1;
  let possible = new Array<boolean>(n + 1).fill(true);
  let tried = 0;
  for (let p = 3n; tried < PATTERN_PRIMES && p < 100_000n; p += 2n) {
    if (!isSmallPrime(p) || g[n]! % p === 0n) continue;
    const gp = gfpNormalize(g, p);
    if (gfpGcd(gp, gfpDerivative(gp, p), p).length > 1) continue;
    tried++;
    const sums = new Array<boolean>(n + 1).fill(false);
    sums[0] = true;
    for (const { factor, degree } of gfpDistinctDegree(gp, p, { checkpoint })) {
      for (let c = 0; c < (factor.length - 1) / degree; c++) for (let s = n; s >= degree; s--) if (sums[s - degree]) sums[s] = true;
    }
    possible = possible.map((v, i) => v && sums[i]!);
    let open = false;
    for (let d = 1; d < n; d++) if (possible[d]) open = true;
    if (!open) return true;
    checkpoint();
  }
  return false;
}

/** Largest number of modular-factor subsets the exhaustive proof below tries (then: undecided). */
const SUBSET_PROOF_MAX = 1 << 16;

/**
 * Irreducibility of a primitive square-free g ∈ ZZ[x] (n = deg g ≥ 2) by exhaustive Zassenhaus
 * recombination, for polynomials such as x^4 + 1 that split modulo every prime (so no degree
 * pattern can prove them irreducible). With g ≡ ℓ·Π f_i (mod p), f_i monic irreducible (Rabin's
 * test), lifted to monic F_i modulo P = p^a (the lift is checked: ℓ·Π F_i ≡ g mod P, F_i ≡ f_i mod p,
 * so by the uniqueness of Hensel lifting it is the factorization modulo P): a primitive factor h
 * of g is (lc h/ℓ) times the symmetric residue of ℓ·Π_{i∈S} F_i for some S, because
 * ‖(ℓ/lc h)·h‖∞ ≤ |ℓ|·2^n·‖g‖₂ (Mignotte) < P/2. One of h and g/h has |S| ≤ r/2, so when no
 * subset of at most r/2 factors gives a divisor, g is irreducible. True: proven irreducible;
 * false: undecided (a divisor found, a lift that does not check, or too many subsets).
 */
function subsetProofIrreducible(g: readonly bigint[], checkpoint: () => void): boolean {
  const n = g.length - 1, l = g[n]!;
  let best: { p: bigint; fs: bigint[][] } | undefined;
  for (let p = 3n, tried = 0; tried < 6 && p < 100_000n; p += 2n) {
    if (!isSmallPrime(p) || l % p === 0n) continue;
    const gp = gfpNormalize(g, p);
    if (gfpGcd(gp, gfpDerivative(gp, p), p).length > 1) continue;
    tried++;
    const fz = gfpFactor(gp, p, { checkpoint });
    if (fz.factors.some((f) => f.multiplicity !== 1 || !gfpIsIrreducible(f.factor, p, { checkpoint }))) continue;
    const fs = fz.factors.map((f) => f.factor);
    if (fs.reduce((d, f) => d + f.length - 1, 0) !== n) continue;
    if (fs.length === 1) return true; // irreducible modulo p ∤ ℓ with the degree kept
    if (!best || fs.length < best.fs.length) best = { p, fs };
  }
  if (!best) return false;
  const { p, fs } = best, r = fs.length, half = Math.floor(r / 2);
  let subsets = 0, binom = 1;
  for (let k = 1; k <= half; k++) subsets += binom = (binom * (r - k + 1)) / k;
  if (subsets > SUBSET_PROOF_MAX) return false;
  let norm2 = 0n;
  for (const c of g) norm2 += c * c;
  let root = 1n;
  while (root * root < norm2) root *= 2n; // ≥ ‖g‖₂
  const bound = 2n * (l < 0n ? -l : l) * (1n << BigInt(n)) * root;
  let a = 1, P = p;
  while (P <= bound) { P *= p; a++; }
  const F = henselLift(g, fs, p, a, checkpoint);
  const modP = (c: bigint): bigint => ((c % P) + P) % P;
  const mulMod = (u: readonly bigint[], v: readonly bigint[]): bigint[] => {
    const out = new Array<bigint>(u.length + v.length - 1).fill(0n);
    for (let i = 0; i < u.length; i++) for (let j = 0; j < v.length; j++) out[i + j] = out[i + j]! + u[i]! * v[j]!;
    return out.map(modP);
  };
  if (F.length !== r || F.some((Fi, i) => Fi.length !== fs[i]!.length || modP(Fi[Fi.length - 1]!) !== 1n || Fi.some((c, k) => ((c - fs[i]![k]!) % p + p) % p !== 0n))) return false;
  const whole = F.reduce((acc, Fi) => mulMod(acc, Fi), [modP(l)]);
  if (whole.length !== g.length || whole.some((c, k) => c !== modP(g[k]!))) return false;
  const sym = (c: bigint): bigint => (c > P / 2n ? c - P : c);
  const divides = (h: bigint[]): boolean => {
    // exact division of g by h over ZZ (h primitive, deg h ≥ 1)
    const rem = g.slice();
    const dh = h.length - 1, lh = h[dh]!;
    for (let k = rem.length - 1; k >= dh; k--) {
      if (rem[k]! % lh !== 0n) return false;
      const q = rem[k]! / lh;
      if (q !== 0n) for (let t = 0; t <= dh; t++) rem[k - dh + t] = rem[k - dh + t]! - q * h[t]!;
    }
    return rem.every((c) => c === 0n);
  };
  const pick: number[] = [];
  const search = (start: number, k: number): boolean => {
    if (pick.length === k) {
      checkpoint();
      const cand = pick.reduce((acc, i) => mulMod(acc, F[i]!), [modP(l)]).map(sym);
      let c = 0n;
      for (const x of cand) { let u = x < 0n ? -x : x, v = c; while (v) [u, v] = [v, u % v]; c = u; }
      return c !== 0n && divides(cand.map((x) => x / c));
    }
    for (let i = start; i < r; i++) {
      pick.push(i);
      if (search(i + 1, k)) return true;
      pick.pop();
    }
    return false;
  };
  for (let k = 1; k <= half; k++) if (search(0, k)) return false;
  return true;
}

function isSmallPrime(p: bigint): boolean {
  for (let d = 3n; d * d <= p; d += 2n) if (p % d === 0n) return false;
  return true;
}

/** No rational root when g mod p has no root for some p ∤ lc(g) (a rational root reduces to one); else zz's exact search. */
function someRationalRoot(g: readonly bigint[], opts: GfpOptions): Rational | undefined {
  const lcg = g[g.length - 1]!;
  let tried = 0;
  for (let p = 101n; tried < 8; p += 2n) {
    if (!isSmallPrime(p) || lcg % p === 0n) continue;
    tried++;
    if (gfpRoots(gfpNormalize(g, p), p, opts).length === 0) return undefined;
  }
  return rationalRoots(g, opts)[0];
}

const integerPolys: FiniteFieldPolys<bigint> = {
  R: integers,
  factor: (f, o) => factorOverIntegers(f, o),
  squarefree: (f, o) => squarefreeDecomposition(primitivePart(f[f.length - 1]! < 0n ? f.map((c) => -c) : f), o),
  roots: (f, o) => rationalRoots(f, o).filter((r) => r.den === 1n).map((r) => ({ root: r.num, multiplicity: rootMultiplicity(f, r) })),
  isIrreducible: (f, o) => isIrreducibleOverIntegers(f, o),
  mul: (f, g) => dMul(integers, f, g),
  divrem: (f, g) => {
    const r = dDivRem(integers, f, g);
    return { quotient: r.q, remainder: r.r };
  },
  evaluate: (f, x) => dEvaluate(integers, f, x),
  proveIrreducible(g, o) {
    if (degreePatternIrreducible(g, o.checkpoint ?? (() => {}))) return { status: "irreducible" };
    if (content(g) === 1n && subsetProofIrreducible(g, o.checkpoint ?? (() => {}))) return { status: "irreducible" };
    const fz = factorOverIntegers(g, o);
    if (fz.factors.length === 1 && fz.factors[0]!.multiplicity === 1) return { status: "unknown" };
    return { status: "reducible", divisor: fz.factors[0]!.factor };
  },
  someRoot(f, o) {
    if (someRationalRoot(f, o) === undefined) return undefined;
    return rationalRoots(f, o).find((r) => r.den === 1n)?.num;
  },
  isNormalFactor: (g) => g[g.length - 1]! > 0n && content(g) === 1n,
  unitOf: (f) => (f[f.length - 1]! < 0n ? -content(f) : content(f)),
};

const rationalPolys: FiniteFieldPolys<Rational> = {
  R: rationals,
  factor: (f, o) => factorOverRationals(f, o),
  squarefree: (f, o) =>
    squarefreeDecomposition(integerAssociate(f), o).map((x) => ({ factor: x.factor.map((c) => rational(c, x.factor[x.factor.length - 1]!)), multiplicity: x.multiplicity })),
  roots: (f, o) => {
    const z = integerAssociate(f);
    return rationalRoots(z, o).map((r) => ({ root: r, multiplicity: rootMultiplicity(z, r) }));
  },
  isIrreducible: (f, o) => isIrreducibleOverIntegers(integerAssociate(f), o),
  mul: (f, g) => dMul(rationals, f, g),
  divrem: (f, g) => {
    const r = dDivRem(rationals, f, g);
    return { quotient: r.q, remainder: r.r };
  },
  evaluate: (f, x) => dEvaluate(rationals, f, x),
  proveIrreducible(g, o) {
    const r = integerPolys.proveIrreducible(integerAssociate(g), o);
    if (r.status !== "reducible") return r;
    const d = r.divisor;
    return { status: "reducible", divisor: d.map((c) => rational(c, d[d.length - 1]!)) };
  },
  someRoot: (f, o) => someRationalRoot(integerAssociate(f), o),
  isNormalFactor: (g) => ratEq(g[g.length - 1]!, ONE),
  unitOf: (f) => f[f.length - 1]!,
};

/** The algorithms of the coefficient ring: GF(p) (gfp.ts), GF(p^k) (ffactor.ts), ZZ and QQ (zz's Zassenhaus / van Hoeij). */
export function finiteFieldPolys(ring: PolyRing, path: string): FiniteFieldPolys<unknown> {
  void path;
  if (ring.kind === "GF") return primeFieldPolys(ring.p) as FiniteFieldPolys<unknown>;
  if (ring.kind === "GFq") return extensionFieldPolys(coeffRing(ring) as CoeffRing<unknown>);
  return (ring.kind === "ZZ" ? integerPolys : rationalPolys) as FiniteFieldPolys<unknown>;
}

/**
 * Preflight of a univariate finite-field operation on p: the factorization cost of its degree;
 * with `rabin`, of Rabin's irreducibility test (the irreducibility operation and the checker: over
 * GF(2) dearer than the factorization by Berlekamp's kernel).
 */
export function finiteFieldCost(p: Polynomial, rabin = false): { units: number; memory_bytes: number; basis: string } {
  const n = p.terms.length ? p.terms[0]!.exponents.reduce((a, b) => a + b, 0) : 0;
  let units: number;
  let pBits = 0;
  if (p.ring.kind === "GF") {
    units = (rabin ? gfpIrreducibleCost : gfpFactorCost)(n, p.ring.p);
    pBits = p.ring.p.toString(2).length;
  } else if (p.ring.kind === "GFq") {
    pBits = p.ring.p.toString(2).length * p.ring.k;
    units = ffFactorCost(n, p.ring.p, p.ring.k);
  } else {
    pBits = polySize(p).bits;
    const limbs = Math.ceil(pBits / 64) + 1;
    units = 50 * n * n * n * limbs * limbs + 10_000;
  }
  return { units, memory_bytes: 16 * n * n * Math.max(1, Math.ceil(pBits / 26)) + 2 ** 20, basis: `degree ${n}, ${pBits}-bit field elements: ~3n^3 field operations (Frobenius matrix and distinct-degree steps)` };
}

/**
 * The lifting precision the first attempt allows (it declines above): with c the bits of every
 * coefficient of f's integer associate (clearedBits), ‖f‖₂ < 2^(c + log2(n+1)/2), so a factor of
 * degree ≤ n/2 of the square-free f has coefficients below 2^(n/2 + c + log2(n+1)/2 + 1) (Mignotte,
 * zz.mignotteBits), plus the leading coefficient's c bits and 2 — exactly what zzfactor needs for
 * a square-free f; a part of a square-free decomposition needing more makes the attempt decline.
 */
function attemptLiftBits(p: Polynomial, n: number): number {
  const c = clearedBits(p);
  return (n >> 1) + c + Math.ceil(Math.log2(n + 1) / 2) + 2 + c + 2;
}

/**
 * Preflight of the bounded first attempt over ZZ or QQ in one variable (zzfactor's `attempt`:
 * subset search over ≤ SUBSET_SEARCH_MAX modular factors lifted to ≤ B = attemptLiftBits bits,
 * ≤ ATTEMPT_CANDIDATES candidate divisors), undefined for other rings and several variables.
 * Units ≈ ns: the prime choice (gcds with the derivative modulo small primes, three distinct-degree
 * factorizations and one equal-degree splitting: 4·gfpFactorCost(n, 211)); the square-free
 * decomposition, the Hensel lift of ≤ 10 factors and the ≤ ATTEMPT_CANDIDATES products and trial
 * divisions, each O(n²) operations on integers of ≤ B bits: 300·n²·(8 + L²) with L = ⌈B/64⌉
 * (a bigint operation costs ~8 limb products of overhead); the 2^(SUBSET_SEARCH_MAX − 1)
 * constant-term tests, 100·SUBSET_SEARCH_MAX each. Measured (node 20, loaded 2-core machine) on
 * random products of 1–8 factors, degree 60–300, coefficients of 8–200 bits: the attempt took
 * between 1.0× and 11× less time than these units in ns (the least margin at degree 60 with small
 * coefficients, 20 ms against 2.0·10^7 units).
 */
export function factorizationAttemptCost(p: Polynomial): { units: number; memory_bytes: number; basis: string } | undefined {
  if (isMultivariate(p) || (p.ring.kind !== "ZZ" && p.ring.kind !== "QQ")) return undefined;
  const n = p.terms.length ? p.terms[0]!.exponents.reduce((a, b) => a + b, 0) : 0;
  const B = attemptLiftBits(p, n);
  const L = Math.ceil(B / 64);
  const units = 4 * gfpFactorCost(n, 211n) + 300 * n * n * (8 + L * L) + 2 ** (SUBSET_SEARCH_MAX - 1) * 100 * SUBSET_SEARCH_MAX + 10_000;
  return { units, memory_bytes: 16 * n * n * (L + 1) * 8 + 2 ** 20, basis: `degree ${n}: a first attempt by subset search (≤ ${SUBSET_SEARCH_MAX} modular factors, ≤ ${ATTEMPT_CANDIDATES} candidate divisors) lifted to ≤ ${B} bits` };
}

/** The bounded first attempt over ZZ or QQ (see factorizationAttemptCost); undefined when it declines. */
export function factorizationAttempt(p: Polynomial, u: Univariate<unknown>, checkpoint: () => void): { unit: unknown; factors: { factor: unknown[]; multiplicity: number }[] } | undefined {
  const o = { checkpoint, attempt: { maxBits: attemptLiftBits(p, u.coeffs.length - 1) } };
  if (u.ring.kind === "ZZ") return factorOverIntegers(u.coeffs as bigint[], o);
  if (u.ring.kind === "QQ") return factorOverRationals(u.coeffs as Rational[], o);
  return undefined;
}

export const MULTIPLICITY = type("1 <= number.integer <= 1000000000").describe("the multiplicity (≥ 1)");

export const FACTORIZATION_KIND = "polynomial.factorization";
/** The value of polynomial.factorization.compute (and the claim of polynomial.factorization.verify). */
export const factorizationShape = () => ({
  unit: outputPolynomial("the unit u as a polynomial in no variables, f = u · Π factor^multiplicity: over a field (QQ, GF(p), GF(p^k)) the leading coefficient of f, over ZZ ± the content"),
  factors: list(
    object({ factor: outputPolynomial("an irreducible factor in f's variables: monic over a field (with several variables: leading coefficient 1 in the descending lexicographic order), primitive with a positive leading coefficient over ZZ"), multiplicity: MULTIPLICITY }),
    MAX_FACTORS,
    "the distinct irreducible factors with their multiplicities, by ascending degree (total degree with several variables), then by coefficients from the top; [] for a constant f",
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

// ─────────────────────────── several variables over ZZ and QQ ───────────────────────────

/** Per-variable degree bound of multivariate factorization. */
export const MAX_MULTIVARIATE_DEGREE = 200;
/** Bound on Π (deg_i + 1) over the variables (the dense size the lifting works in). */
export const MAX_MULTIVARIATE_DENSE = 100_000;

/** Whether p is factored by a multivariate method: more than one declared variable. */
export function isMultivariate(p: Polynomial): boolean {
  return p.variables.length > 1;
}

/** Dense size Π (deg_i + 1) and the largest degree of p. */
export function denseShape(p: Polynomial): { dense: number; maxDegree: number; degrees: number[] } {
  const degs = p.variables.map(() => 0);
  for (const t of p.terms) t.exponents.forEach((e, i) => (degs[i] = Math.max(degs[i]!, e)));
  return { dense: degs.reduce((a, d) => a * (d + 1), 1), maxDegree: Math.max(0, ...degs), degrees: degs };
}

/** Refuses what the multivariate methods do not take (degrees or dense size above the bounds). */
export function requireMultivariateInput(p: Polynomial, path: string): void {
  const s = denseShape(p);
  if (s.maxDegree > MAX_MULTIVARIATE_DEGREE) throw domainError(`${path} has degree ${s.maxDegree} in one variable; at most ${MAX_MULTIVARIATE_DEGREE} per variable is supported with several variables`, path, `give degrees of at most ${MAX_MULTIVARIATE_DEGREE} in each variable`);
  if (s.dense > MAX_MULTIVARIATE_DENSE) throw domainError(`${path} has Π (deg_i + 1) = ${s.dense} over its variables; at most ${MAX_MULTIVARIATE_DENSE} is supported`, path, "give a polynomial of lower degrees, or in fewer variables");
}

/**
 * The factorization { unit, factors } of a multivariate ZZ/QQ/GF(p) polynomial as domain values.
 * Over GF(p) a field too small for an admissible evaluation point throws a ProviderFailure
 * (non_conclusion).
 */
export function multivariateFactorization(p: Polynomial, checkpoint: () => void): { unit: Polynomial; factors: { factor: Polynomial; multiplicity: number }[] } {
  const n = p.variables.length;
  const R = coeffRing(p.ring) as CoeffRing<unknown>;
  const r = p.ring.kind === "ZZ"
    ? factorMultivariateZ(p.terms as Term<bigint>[], n, { checkpoint })
    : p.ring.kind === "GF"
      ? factorMultivariateModP(p.terms as Term<bigint>[], n, p.ring.p, { checkpoint })
      : p.ring.kind === "GFq"
        ? factorMultivariateField(R, p.terms as Term<unknown>[], n, checkpoint)
        : factorMultivariateQ(p.terms as Term<Rational>[], n, { checkpoint });
  return {
    unit: constant(R, p.ring, r.unit as unknown),
    factors: r.factors.map(({ factor, multiplicity }) => ({ factor: makePolynomial(p.ring, p.variables, factor as Term<unknown>[]), multiplicity })),
  };
}

/**
 * Preflight of multivariate factorization: with D = Π (deg_i + 1) the dense size and b the
 * coefficient bits, the lifting's products and diophantine solutions cost about D² word-size
 * coefficient operations per lifted variable at the factor bound's precision (measured: a 1345-term
 * product of three factors in 3 variables of total degree 8 in about 1 s). Over GF(p) the lifting is
 * modulo p itself (no p-adic precision) but with the leading coefficient imposed on every factor:
 * charged as the ZZ lift at the precision of p.
 */
export function multivariateCost(p: Polynomial): { units: number; memory_bytes: number; basis: string } {
  const s = denseShape(p);
  const bits = p.ring.kind === "GF" ? clearedBits(p) + 16 : clearedBits(p) + s.degrees.reduce((a, d) => a + d, 0) + 16;
  const limbs = Math.ceil(bits / 64) + 1;
  const vars = s.degrees.filter((d) => d > 0).length;
  let units = 40 * Math.pow(s.dense, 1.5) * Math.max(1, vars - 1) * limbs * limbs + 200 * p.terms.length + 100_000;
  // a small field may have no admissible evaluation point: then Kronecker substitution (mkronecker.ts), capped
  const tdeg = s.degrees.reduce((a, d) => a + d, 0);
  const fewPoints = p.ring.kind === "GF" && Number(p.ring.p) ** Math.max(1, vars - 1) <= 4 * (tdeg + 1);
  if (fewPoints) units += KRONECKER_FACTOR_UNITS + KRONECKER_SEARCH_UNITS;
  return { units, memory_bytes: 64 * s.dense * limbs * 8 + 2 ** 20, basis: `${vars} variables of degrees ${s.degrees.join(", ")} (dense size ${s.dense}), ${bits}-bit lifting precision${fewPoints ? "; a field this small may need the Kronecker substitution search (charged at its caps)" : ""}` };
}

/** How many lines the multivariate irreducibility proof tries. */
const LINE_ATTEMPTS = 6;

/**
 * Irreducibility over QQ of a nonconstant primitive g ∈ ZZ[x_1..x_n] (or a QQ polynomial through
 * its integer associate) by a line: for x = a + b·t with deg_t g(a + b t) = tdeg g, a factorization
 * g = h·k into nonconstant factors restricts to one with deg h(a + bt) = tdeg h and deg k(a + bt) =
 * tdeg k (the degrees add up and neither can exceed its total degree), so an irreducible image of
 * full degree proves g irreducible. The image's irreducibility is proven by factor-degree patterns
 * modulo primes. A reducible g is shown by a proper divisor (found by the multivariate factorization,
 * checked by exact division).
 */
export function proveIrreducibleMultivariate(g: Polynomial, opts: GfpOptions): { status: "irreducible" } | { status: "reducible"; divisor: Polynomial } | { status: "unknown" } {
  const n = g.variables.length;
  const ints: Term<bigint>[] = g.ring.kind === "QQ" ? (() => {
    let den = 1n;
    for (const t of g.terms as Term<Rational>[]) den = (den / gcdB(den, t.coeff.den)) * t.coeff.den;
    return (g.terms as Term<Rational>[]).map((t) => ({ exponents: t.exponents, coeff: (t.coeff.num * den) / t.coeff.den }));
  })() : (g.terms as Term<bigint>[]);
  let tdeg = 0;
  for (const t of ints) tdeg = Math.max(tdeg, t.exponents.reduce((a, b) => a + b, 0));
  if (g.ring.kind === "GF") return proveIrreducibleModP(g, n, g.ring.p, opts);
  if (g.ring.kind === "GFq") return proveIrreducibleOverExtension(g, n, tdeg, opts);
  const rng = new SeededRandom(0x11e5 + tdeg * 31 + ints.length);
  for (let attempt = 0; attempt < LINE_ATTEMPTS; attempt++) {
    opts.checkpoint?.();
    const range = 3 + 4 * attempt;
    const a = Array.from({ length: n }, () => BigInt(rng.below(2 * range + 1) - range));
    const b = Array.from({ length: n }, () => BigInt((1 + rng.below(range)) * (rng.below(2) ? 1 : -1)));
    const h = lineImage(ints, a, b);
    if (h.length - 1 !== tdeg) continue;
    const r = integerPolys.proveIrreducible(primitivePart(h), opts);
    if (r.status === "irreducible") return r;
  }
  const fz = multivariateFactorization(g, opts.checkpoint ?? (() => {}));
  if (fz.factors.length > 1 || (fz.factors.length === 1 && fz.factors[0]!.multiplicity > 1)) return { status: "reducible", divisor: fz.factors[0]!.factor };
  return { status: "unknown" };
}

/** How many lines over GF(p) the multivariate irreducibility proof tries. */
export const LINE_ATTEMPTS_MODP = 16;

function proveIrreducibleModP(g: Polynomial, n: number, p: bigint, opts: GfpOptions): { status: "irreducible" } | { status: "reducible"; divisor: Polynomial } | { status: "unknown" } {
  const terms = g.terms as Term<bigint>[];
  if (irreducibleOnLineModP(terms, n, p, LINE_ATTEMPTS_MODP, opts.checkpoint)) return { status: "irreducible" };
  // Small fields may have no such line: Kronecker substitution decides without evaluation points
  // (one univariate factorization and an exhaustive, capped search over its sub-multisets).
  const monic = monicTerms(primeField(p), terms);
  const viaKronecker = isConstantTerms(monic) ? undefined : kroneckerFactorsModP(monic, n, p, opts.checkpoint);
  if (viaKronecker?.length === 1) return { status: "irreducible" };
  if (viaKronecker && viaKronecker.length > 1) return { status: "reducible", divisor: makePolynomial(g.ring, g.variables, viaKronecker[0]!) };
  try {
    const fz = multivariateFactorization(g, opts.checkpoint ?? (() => {}));
    if (fz.factors.length > 1 || (fz.factors.length === 1 && fz.factors[0]!.multiplicity > 1)) return { status: "reducible", divisor: fz.factors[0]!.factor };
  } catch (e) {
    if (!(e instanceof NoEvaluationPointError)) throw e;
  }
  return { status: "unknown" };
}

/**
 * Irreducibility over GF(q), q = p^k, with several variables: a line x = a + b·t over GF(q) keeping
 * the total degree whose image passes Rabin's test (ffactor.ts) proves it, as over GF(p); else the
 * Kronecker substitution search decides (irreducible, or a divisor checked by exact division).
 */
function proveIrreducibleOverExtension(g: Polynomial, n: number, tdeg: number, opts: GfpOptions): { status: "irreducible" } | { status: "reducible"; divisor: Polynomial } | { status: "unknown" } {
  const R = coeffRing(g.ring) as CoeffRing<unknown>;
  const terms = g.terms as Term<unknown>[];
  if (tdeg < 1) return { status: "unknown" };
  const F = g.ring as Extract<PolyRing, { kind: "GFq" }>;
  const rng = new SeededRandom(0x1e5f ^ (tdeg * 131) ^ terms.length);
  const element = (): unknown => {
    const c = Array.from({ length: F.k }, () => BigInt(rng.below(Number(F.p < 0x7fffffffn ? F.p : 0x7fffffffn))) % F.p);
    while (c.length && c[c.length - 1] === 0n) c.pop();
    return c;
  };
  for (let i = 0; i < LINE_ATTEMPTS_MODP; i++) {
    opts.checkpoint?.();
    const a = Array.from({ length: n }, element), b = Array.from({ length: n }, element);
    const h = lineImageIn(R, terms, a, b, (c) => c);
    if (h.length - 1 !== tdeg) continue;
    if (ffIsIrreducible(R, h, opts)) return { status: "irreducible" };
  }
  const fs = kroneckerFactorsField(R, monicTerms(R, terms), n, opts.checkpoint);
  if (fs?.length === 1) return { status: "irreducible" };
  if (fs && fs.length > 1) return { status: "reducible", divisor: makePolynomial(g.ring, g.variables, fs[0]!) };
  return { status: "unknown" };
}

/** Preflight of the factorization family: the multivariate estimate with several variables, else the univariate one (`rabin`: see finiteFieldCost). */
export function factorizationCost(p: Polynomial, rabin = false): { units: number; memory_bytes: number; basis: string } {
  if (!isMultivariate(p)) return finiteFieldCost(p, rabin);
  return p.ring.kind === "GFq" ? extensionMultivariateCost(p) : multivariateCost(p);
}

/**
 * Several variables over GF(p^k): the square-free decomposition (gcds with the partial derivatives,
 * charged as the multivariate square-free preflight) and the Kronecker substitution search at its
 * caps (the image's univariate factorization and the candidate divisors).
 */
export function extensionMultivariateCost(p: Polynomial): { units: number; memory_bytes: number; basis: string } {
  const s = denseShape(p);
  const sq = multivariateSquarefreeCost(p);
  return { units: sq.units + KRONECKER_FACTOR_UNITS + KRONECKER_SEARCH_UNITS, memory_bytes: sq.memory_bytes + 64 * s.dense * 8 * (p.ring.kind === "GFq" ? p.ring.k : 1), basis: `${sq.basis}; Kronecker substitution of dense size ${s.dense} (univariate factorization and divisor search, charged at their caps)` };
}

function gcdB(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The square-free decomposition { unit, factors } of a multivariate ZZ/QQ/GF(p) polynomial as domain values (mfactor.ts over ZZ and QQ, mfield.ts over GF(p)). */
export function multivariateSquarefree(p: Polynomial, checkpoint: () => void): { unit: Polynomial; factors: { factor: Polynomial; multiplicity: number }[] } {
  const n = p.variables.length;
  const R = coeffRing(p.ring) as CoeffRing<unknown>;
  const r = p.ring.kind === "ZZ"
    ? squarefreeMultivariateZ(p.terms as Term<bigint>[], n, { checkpoint })
    : p.ring.kind === "QQ"
      ? squarefreeMultivariateQ(p.terms as Term<Rational>[], n, { checkpoint })
      : squarefreeField(R, p.terms as Term<unknown>[], n, checkpoint);
  return {
    unit: constant(R, p.ring, r.unit as unknown),
    factors: r.factors.map(({ factor, multiplicity }) => ({ factor: makePolynomial(p.ring, p.variables, factor as Term<unknown>[]), multiplicity })),
  };
}

/** Preflight of the multivariate square-free decomposition: (variables + 2) gcds of f with a derivative. */
export function multivariateSquarefreeCost(p: Polynomial): { units: number; memory_bytes: number; basis: string } {
  const s = denseShape(p);
  const units = (p.variables.length + 2) * multivariateGcdUnits(p, p) + 400 * p.terms.length + 100_000;
  return { units, memory_bytes: 64 * s.dense * (Math.ceil(clearedBits(p) / 64) + 2) * 8 + 2 ** 20, basis: `${p.variables.length} variables of degrees ${s.degrees.join(", ")}, ${p.terms.length} terms: ${p.variables.length + 2} multivariate gcds` };
}
