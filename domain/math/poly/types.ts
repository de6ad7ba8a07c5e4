/**
 * Shared types of the polynomial and finite-field mathematics (issue 9). Every module under
 * `domain/math/poly/` and every polynomial / finite_field declaration builds on these; nothing here
 * computes.
 *
 * Representations
 * - A *coefficient ring* is ZZ, QQ, GF(p) (the `Ring` of domain/kinds.ts) or an extension field
 *   GF(p^k) (`ExtensionField` below). `PolyRing` is either.
 * - Coefficients as domain values: ZZ → bigint; QQ → Rational (reduced); GF(p) → bigint in 0..p−1;
 *   GF(p^k) → `FieldElement` = bigint[] of residues 0..p−1, little-endian in the generator `a`,
 *   trimmed (no trailing zeros; zero is []).
 * - A parsed polynomial value (`Polynomial`) is sparse: nonzero terms with distinct exponent
 *   vectors, sorted in descending lexicographic order of the exponent vectors (variables in their
 *   declared order). That order is the canonical one; algorithms convert to what suits them
 *   (dense little-endian arrays `T[]` in one variable, other monomial orders for Gröbner bases).
 */
import type { Ring } from "../../kinds.js";

/** GF(p^k), k ≥ 2: GF(p)[a]/(modulus), modulus monic irreducible of degree k (proven). */
export interface ExtensionField {
  readonly $kind: "ring";
  readonly kind: "GFq";
  readonly p: bigint;
  readonly k: number;
  /** Coefficients of the monic modulus, little-endian, length k+1, residues 0..p−1. */
  readonly modulus: readonly bigint[];
  /** True when `modulus` is the documented default for (p, k) (then the ring prints as "GF(p^k)"). */
  readonly defaultModulus: boolean;
}

/** Any ring polynomials (and, later, matrices) may have coefficients in. */
export type PolyRing = Ring | ExtensionField;

/** An element of GF(p^k): residues little-endian in the generator `a`, trimmed. */
export type FieldElement = bigint[];

/** Arithmetic of one coefficient ring, used by the generic polynomial algorithms. */
export interface CoeffRing<T> {
  /** The canonical ring string ("ZZ", "QQ", "GF(7)", "GF(7^3)"). */
  readonly name: string;
  readonly ring: PolyRing;
  /** Every nonzero element is a unit (QQ, GF(p), GF(p^k)). */
  readonly isField: boolean;
  /** 0n for ZZ and QQ. */
  readonly characteristic: bigint;
  /** Number of elements (0n when infinite). */
  readonly order: bigint;
  readonly zero: T;
  readonly one: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  neg(a: T): T;
  mul(a: T, b: T): T;
  isZero(a: T): boolean;
  eq(a: T, b: T): boolean;
  /** The multiplicative inverse; throws a DOMAIN_ERROR JacobianError when a is not a unit. */
  inv(a: T): T;
  /** a / b when b divides a in the ring, else undefined (b = 0 → undefined). */
  divExact(a: T, b: T): T | undefined;
  fromInteger(n: bigint): T;
  /** The image of a rational; undefined when the denominator is not invertible (ZZ: not integral; GF(p): p | den). */
  fromRational(num: bigint, den: bigint): T | undefined;
  /** The generator `a` of GF(p^k) (undefined for other rings). */
  readonly generator?: T;
  /** The canonical coefficient string in expression syntax ("3", "-1/2", "a^2 + 3"). */
  format(a: T): string;
  /** Size of an element in bits (preflight). */
  bits(a: T): number;
}

/** One term of a polynomial. */
export interface Term<T = unknown> {
  /** One exponent per variable, in the polynomial's variable order. */
  readonly exponents: readonly number[];
  readonly coeff: T;
}

/** A parsed polynomial value (the `polynomial` value kind). */
export interface Polynomial<T = unknown> {
  readonly $kind: "polynomial";
  readonly ring: PolyRing;
  readonly variables: readonly string[];
  /** Nonzero terms, distinct exponent vectors, descending lexicographic order. Zero is []. */
  readonly terms: readonly Term<T>[];
}

/** The wire form of a polynomial (CONTRACT.md extended by issue 9). */
export type PolynomialWire =
  | { ring: string; variables: string[]; expression: string }
  | { ring: string; variables: string[]; terms: { coefficient: string; exponents: number[] }[] };
/** The canonical output form: both renderings. */
export interface PolynomialOutWire {
  ring: string;
  variables: string[];
  expression: string;
  terms: { coefficient: string; exponents: number[] }[];
}
