/**
 * What the eigen-structure, normal-form and lattice declarations of the matrix family share (not a
 * declaration): the factories `matrixCompute` / `matrixChecker` (version, provider, read-only
 * effect), the field view of a matrix (ZZ → QQ), polynomial results, result-size limits and the
 * checks of shape that several declarations make.
 */
import { defineChecker, defineCompute, type CheckerDeclaration, type ComputeDeclaration } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { formatRing, type MatrixRing, type TypedMatrix } from "../../domain/kinds.js";
import { extensionCharpoly } from "../../domain/math/linalg/extension.js";
import { internalRing } from "../../domain/math/linalg/extension.js";
import { extensionFieldRing, fieldArith } from "../../domain/math/poly/gfq.js";
import { ffRoots } from "../../domain/math/poly/ffactor.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import type { Mat } from "../../domain/math/linalg/field.js";
import { integerCharpoly, primeFieldCharpoly, rationalCharpoly } from "../../domain/math/linalg/charpoly.js";
import { delayedPrimeBits } from "../../domain/math/linalg/wordsize.js";
import type { PolyLimits } from "../../domain/math/poly/parse.js";
import { integers, primeField, rationals } from "../../domain/math/poly/rings.js";
import type { CoeffRing, Polynomial } from "../../domain/math/poly/types.js";
import { rational as rat, type Rational } from "../../domain/math/rational.js";
import { type } from "arktype";
import { described, integer, list, matrix, polynomial, rational } from "../_support/kinds.js";
import { BIGINT_OVERHEAD, CHAR_COST, extensionOpCost, FLOAT_STEP, hadamardBitsEstimate, MAX_DIM, measure, mulCost, reconstructCost, ringInfo, type MatrixSize } from "./support.js";
import { GENERIC_TRIES } from "../../domain/math/linalg/normal_forms_fast.js";

type Defaulted = "kind" | "version" | "accepted_artifact_types" | "produced_artifact_types" | "effect" | "providers";
const PURPOSE = "exact bigint, rational and prime-field arithmetic";

export function matrixCompute<Req, Res>(d: Omit<ComputeDeclaration<Req, Res>, Defaulted> & { purpose?: string }): ComputeDeclaration<Req, Res> {
  const { purpose, ...rest } = d;
  return defineCompute<Req, Res>({ version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only", providers: [{ id: "jacobian.builtin", purpose: purpose ?? PURPOSE }], ...rest });
}

export function matrixChecker<Req>(d: Omit<CheckerDeclaration<Req>, Defaulted> & { purpose?: string }): CheckerDeclaration<Req> {
  const { purpose, ...rest } = d;
  return defineChecker<Req>({ version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only", providers: [{ id: "jacobian.builtin", purpose: purpose ?? PURPOSE }], ...rest });
}

/** Characters of one entry of an input matrix of these operations. */
export const INPUT_ENTRY_CHARS = 2_000;
/** Characters of one entry of a result matrix (transforms of normal forms grow). */
export const RESULT_ENTRY_CHARS = 200_000;
/** Largest dimension of the eigen-structure operations that run generic field elimination. */
export const MAX_FIELD_DIM = 120;

export { described };
export const inputMatrix = (maxDim = MAX_DIM, o: { extension?: boolean } = {}) => matrix(maxDim, INPUT_ENTRY_CHARS, o);
export const resultMatrix = (o: { extension?: boolean } = {}) => matrix(MAX_DIM, RESULT_ENTRY_CHARS, o);
export const resultInteger = () => integer(RESULT_ENTRY_CHARS);

/** Limits of a result polynomial in one variable (characteristic, minimal polynomials, invariant factors). */
export const POLY_OUT: PolyLimits = { maxChars: 50_000_000, maxVariables: 1, maxDegree: MAX_DIM, maxTerms: MAX_DIM + 1, maxCoeffDigits: 1_000_000, maxWork: 1e12 };
export const resultPolynomial = (description?: string) => polynomial(POLY_OUT, description);

export const VARIABLE_RE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/** Require a square matrix. */
export function square(m: TypedMatrix, path: string, what: string): number {
  const n = m.rows.length;
  const cols = n ? m.rows[0]!.length : 0;
  if (cols !== n) throw domainError(`${what} is defined for square matrices; ${path} is ${n}×${cols}`, `${path}.rows`, "give a matrix with as many rows as columns");
  return n;
}

/** Require an integer matrix. */
export function integral(m: TypedMatrix, path: string, what: string): bigint[][] {
  if (m.ring.kind !== "ZZ") throw domainError(`${what} is defined for integer matrices; ${path} is over ${formatRing(m.ring)}`, `${path}.ring`, 'give the matrix over "ZZ"');
  return m.rows as bigint[][];
}

/** The largest bit length of an entry of an integer matrix (1 for an absent or zero matrix). */
export function maxBits(rows: readonly (readonly bigint[])[] | undefined): number {
  let b = 1;
  if (rows) for (const r of rows) for (const v of r) b = Math.max(b, (v < 0n ? -v : v).toString(2).length);
  return b;
}

/**
 * The field a matrix's entries live in (ZZ → QQ) and the entries as field elements. GF(p^k):
 * the field's internal arithmetic (extension.ts) on internal element arrays; `out` turns a
 * result element back into a FieldElement (the identity for the other rings).
 */
export function fieldView(m: TypedMatrix): { R: CoeffRing<any>; A: Mat<any>; out: (x: any) => any; into: (x: any) => any } {
  const id = (x: unknown) => x;
  switch (m.ring.kind) {
    case "GFq": {
      const F = m.ring, Ar = fieldArith(F);
      return { R: internalRing(F), A: (m.rows as FieldElement[][]).map((r) => r.map((x) => Ar.from(x))), out: (x: unknown[]) => Ar.big(x), into: (x: FieldElement) => Ar.from(x) };
    }
    case "ZZ":
      return { R: rationals, A: (m.rows as bigint[][]).map((r) => r.map((v) => rat(v))), out: id, into: (x: bigint | Rational) => (typeof x === "bigint" ? rat(x) : x) };
    case "QQ":
      return { R: rationals, A: (m.rows as Rational[][]).map((r) => r.slice()), out: id, into: (x: bigint | Rational) => (typeof x === "bigint" ? rat(x) : x) };
    case "GF":
      return { R: primeField(m.ring.p), A: (m.rows as bigint[][]).map((r) => r.slice()), out: id, into: id };
  }
}

/** A dense little-endian polynomial over the field view as a `polynomial` value over the matrix's ring (ZZ when integral). */
export function toPolynomial(ring: MatrixRing, coeffs: readonly unknown[], variable: string): Polynomial {
  const terms: { exponents: number[]; coeff: unknown }[] = [];
  for (let i = coeffs.length - 1; i >= 0; i--) {
    const c = coeffs[i];
    if (ring.kind === "ZZ") {
      const v = typeof c === "bigint" ? c : (c as Rational);
      const b = typeof v === "bigint" ? v : v.den === 1n ? v.num : undefined;
      if (b === undefined) throw new Error("toPolynomial: a non-integral coefficient over ZZ");
      if (b !== 0n) terms.push({ exponents: [i], coeff: b });
    } else if (ring.kind === "QQ") {
      const v = typeof c === "bigint" ? rat(c) : (c as Rational);
      if (v.num !== 0n) terms.push({ exponents: [i], coeff: v });
    } else if (ring.kind === "GFq") {
      if ((c as FieldElement).length) terms.push({ exponents: [i], coeff: c });
    } else if ((c as bigint) !== 0n) terms.push({ exponents: [i], coeff: c });
  }
  return { $kind: "polynomial", ring, variables: [variable], terms };
}

/** The dense little-endian coefficients of a univariate polynomial value, as field elements of the matrix's field view. */
export function fromPolynomial(p: Polynomial, R: CoeffRing<any>): unknown[] {
  const deg = p.terms.length ? p.terms[0]!.exponents[0]! : -1;
  const out: unknown[] = new Array(deg + 1).fill(R.zero);
  for (const t of p.terms) {
    const c = t.coeff as bigint | Rational;
    out[t.exponents[0]!] = R === rationals && typeof c === "bigint" ? rat(c) : c;
  }
  return out;
}

export { integers, rationals };

/** Bits of the largest entry of a matrix (numerator + denominator for QQ). */
export function entryBits(m: TypedMatrix): number {
  if (m.ring.kind === "GFq") return m.ring.k * m.ring.p.toString(2).length;
  let best = 0;
  for (const r of m.rows as (bigint | Rational)[][]) for (const v of r) {
    const b = typeof v === "bigint" ? (v < 0n ? -v : v).toString(2).length : (v.num < 0n ? -v.num : v.num).toString(2).length + v.den.toString(2).length;
    if (b > best) best = b;
  }
  return best;
}

/** Cost in units of one generic field operation on elements of `bits` bits (bigint or rational). */
export const fieldOpCost = (ring: MatrixRing, bits: number): number =>
  ring.kind === "QQ" || ring.kind === "ZZ" ? 3 * ((Math.ceil(bits / 64) + 1) ** 2) + 120 : ring.kind === "GFq" ? extensionOpCost(ringInfo(ring)) : (Math.ceil(bits / 64) + 1) ** 2 + 40;

/* ------------------------------------------------------------------------------------------ */
/* Characteristic polynomial: result shape and cost                                             */
/* ------------------------------------------------------------------------------------------ */

export const CHARPOLY_KIND = "matrix.characteristic_polynomial";
export const charpolyShape = () => ({ characteristic_polynomial: resultPolynomial("det(xI − A): monic of degree n, over the matrix's ring") });

/** Bits of the coefficient bound of det(xI − A) estimated from the entry sizes (ZZ/QQ after clearing). */
export function charpolyBitsEstimate(s: MatrixSize): number {
  const n = s.rows;
  const denBits = s.ring.kind === "QQ" ? Math.max(0, ...s.rowDenBits) * n : 0; // d ≤ lcm of all denominators
  return s.rowBits.reduce((a, b) => a + b + denBits / Math.max(1, n) + 0.5 * Math.log2(Math.max(1, n)), 0) + n + 4;
}

export function charpolyEstimate(m: TypedMatrix) {
  const s = measure(m);
  const n = s.rows;
  if (s.ring.kind === "GFq") {
    // Hessenberg reduction: ≈ 10n³/3 field multiply-adds (row and column updates), then the minors' recurrence.
    return { units: 4 * n * n * n * extensionOpCost(s.ring) + s.chars * CHAR_COST, memory_bytes: n * n * (s.ring.degree * 16 + 64) * 3 + s.chars * 4, basis: `${n}×${n} over GF(p^${s.ring.degree}) with p of ${s.ring.pBits} bits` };
  }
  if (s.ring.kind === "GF") {
    const per = s.ring.smallField ? FLOAT_STEP : 2 * mulCost(s.ring.pBits, s.ring.pBits) + 40;
    return { units: n * n * n * per + s.chars * CHAR_COST + n * n * 30, memory_bytes: n * n * (s.ring.smallField ? 8 : s.ring.pBits / 8 + 40) * 3 + s.chars * 4, basis: `${n}×${n} over GF(p) with p of ${s.ring.pBits} bits` };
  }
  const bits = charpolyBitsEstimate(s);
  // primes below 2^b, b = delayedPrimeBits(n) (22–26 bits); ≈ 4n³/3 delayed steps each (Krylov)
  const pb = delayedPrimeBits(n);
  const primes = Math.ceil((bits + 4) / (pb - 0.1));
  const units = primes * (n * n * n * FLOAT_STEP + n * n * 4) + primes * (n + 1) * mulCost(bits, 26) + s.chars * CHAR_COST + (n + 1) * bits;
  return { units, memory_bytes: n * n * 8 * 4 + (n + 1) * (bits / 8 + 32) * 3 + s.chars * 4, basis: `${n}×${n} over ${s.ring.kind}, coefficient bound ≈ ${Math.round(bits)} bits, about ${primes} primes below 2^${pb}` };
}

/* ------------------------------------------------------------------------------------------ */
/* Integer normal forms: shapes and cost                                                        */
/* ------------------------------------------------------------------------------------------ */

export const HERMITE_KIND = "matrix.hermite_form";
export const SMITH_KIND = "matrix.smith_form";

/**
 * Kannan–Bachem HNF cost: m row insertions, each reducing against ≤ r rows of n entries and the
 * transform's m entries, at the size of the lattice determinant (≈ Hadamard's bound of r rows).
 */
export function hermiteEstimate(m: TypedMatrix, transform: boolean, rounds = 1) {
  const s = measure(m);
  const rows = s.rows, cols = s.cols, r = Math.min(rows, cols);
  const sorted = s.rowBits.slice().sort((a, b) => b - a);
  const detBits = sorted.slice(0, r).reduce((a, b) => a + b + 0.5 * Math.log2(Math.max(2, cols)), 0) + 2;
  const width = cols + (transform ? rows : 0);
  const units = rounds * (rows * r * width * 3 * mulCost(detBits, detBits) + rows * r * 2000) + s.chars * CHAR_COST + rows * width * (detBits / 3.3 + 2) * CHAR_COST;
  if (detBits / 3.32 > RESULT_ENTRY_CHARS) return { units: Number.POSITIVE_INFINITY, memory_bytes: 0, basis: `entries could exceed ${RESULT_ENTRY_CHARS} characters` };
  return { units, memory_bytes: rows * width * (detBits / 8 + 40) * 4 * rounds + s.chars * 4, basis: `${rows}×${cols} over ZZ, lattice determinant ≤ ≈ ${Math.round(detBits)} bits${transform ? ", with transform" : ""}` };
}

/**
 * An upper bound of the generic-case attempt of the Hermite and Smith forms without transforms
 * (normal_forms_fast.ts) on a square n×n matrix with entries below 2^32 and n ≥ minDim (undefined
 * for any other matrix: the attempt does not apply): four eliminations modulo the small primes
 * 2, 3, 5, 7 (n³/3 each); one factorization of A modulo a word prime (up to 4 tries); up to
 * GENERIC_TRIES Dixon solves on it, each with its lifting to p^K > 2·N·H, the p-adic values of the
 * n entries, up to n reconstructions and the exact proof A·num = den·b (n² products); |det A| from
 * the first denominator, in the worst case by all ⌈h/b⌉ + 1 primes; the lattice check and the
 * result's digits. h = bits of Hadamard's bound, b = bits of the word primes; the right-hand
 * sides (entries below 100) add at most n bits to the Cramer numerators' bound.
 */
export function genericFormEstimate(m: TypedMatrix, minDim: number) {
  const s = measure(m);
  const n = s.rows;
  const read = s.chars * CHAR_COST;
  if (m.ring.kind !== "ZZ" || n !== s.cols || n < minDim || Math.max(0, ...s.rowBits) >= 32) return undefined;
  const h = hadamardBitsEstimate(s);
  const b = delayedPrimeBits(n);
  const cube = (n * n * n) / 3;
  const steps = Math.ceil((2 * h + n + 4) / (b - 0.01));
  const lift = steps * 3 * n * n;
  const setup = (4 * cube + 4 * cube) * FLOAT_STEP + n * n * BIGINT_OVERHEAD;
  const det = (Math.ceil((h + 2) / b) + 1) * (cube + n * n) * FLOAT_STEP;
  const solve = lift * FLOAT_STEP + n * (steps / 2) * mulCost(2 * h + n, 2 * b) + n * reconstructCost(2 * h + n) + n * n * mulCost(32, 2 * h + n);
  const check = n * n * mulCost(32, h) + n * mulCost(h, h) + n * n * BIGINT_OVERHEAD + n * (h / 3.3 + 2) * CHAR_COST;
  return {
    units: setup + det + GENERIC_TRIES * solve + check + 2 * read,
    memory_bytes: 8 * n * n * 8 + steps * n * 8 + n * (2 * h + n) + s.chars * 4,
    basis: `generic case of ${n}×${n} over ZZ: determinant ≤ ≈ ${Math.round(h)} bits, ${steps} lifting steps, up to ${GENERIC_TRIES} Dixon solves on one factorization`,
  };
}

export const hermiteShape = () => ({
  hermite: described(resultMatrix(), "H = U·A in row-style Hermite normal form (m×n)"),
  "transform?": described(resultMatrix(), "U, unimodular (m×m), with U·A = H; its last m − rank rows span the integer left kernel"),
  rank: type("number.integer >= 0").describe("the rank r (nonzero rows of H)"),
  pivots: type("number.integer >= 0").array().atMostLength(MAX_DIM).describe("the pivot column of each nonzero row of H"),
});

export const smithShape = () => ({
  invariant_factors: list(resultInteger(), MAX_DIM, "the nonzero diagonal d_1 | d_2 | … | d_r of the Smith form (positive)"),
  smith: described(resultMatrix(), "D = U·A·V (m×n), diagonal"),
  "left?": described(resultMatrix(), "U, unimodular (m×m)"),
  "right?": described(resultMatrix(), "V, unimodular (n×n)"),
  rank: type("number.integer >= 0").describe("the rank r"),
});

/* ------------------------------------------------------------------------------------------ */
/* Lattices                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export const LLL_KIND = "matrix.lll_reduction";
export const lllShape = () => ({
  reduced: described(resultMatrix(), "the LLL-reduced basis (rank rows) of the lattice the input rows generate"),
  "transform?": described(resultMatrix(), "T (rank × m) with T·basis = reduced"),
  rank: type("number.integer >= 0").describe("the rank of the lattice"),
  delta: described(rational(64), "the reduction parameter δ used"),
});

/** Integral LLL cost: O(r⁴·log B) swaps-and-reductions bound, each O(r·n) products of ≈ (r·log B)-bit numbers. */
export function lllEstimate(m: TypedMatrix) {
  const s = measure(m);
  const r = Math.min(s.rows, s.cols), n = s.cols;
  const bBits = Math.max(1, ...s.rowBits) + Math.log2(Math.max(2, n));
  const wBits = r * bBits / 2 + bBits;
  const iterations = r * r * bBits / 4 + r;
  const units = iterations * (r + n + s.rows) * mulCost(wBits, bBits) + s.chars * CHAR_COST;
  return { units, memory_bytes: (r * r + s.rows * (n + s.rows)) * (wBits / 8 + 40) * 3 + s.chars * 4, basis: `${s.rows} rows in dimension ${n}, entries ≤ ${Math.round(bBits)} bits` };
}

/* ------------------------------------------------------------------------------------------ */
/* Eigen-structure over the field of the entries                                                */
/* ------------------------------------------------------------------------------------------ */

/** Generic field elimination cost: n³·ops at the size of Krylov / elimination entries (ZZ/QQ: ≈ n·b bits). */
export function fieldEstimate(m: TypedMatrix, factor = 1) {
  const s = measure(m);
  const n = s.rows;
  const b = Math.max(1, ...s.rowBits) + Math.log2(n + 1);
  const w = s.ring.kind === "GF" || s.ring.kind === "GFq" ? s.ring.pBits * s.ring.degree : Math.min(n * b, 1e7);
  const units = factor * n * n * n * fieldOpCost(m.ring, w) + s.chars * CHAR_COST + n * n * (w / 3) * CHAR_COST;
  return { units, memory_bytes: factor * n * n * (w / 4 + 64) * 2 + s.chars * 4, basis: `${n}×${n} over ${s.ring.kind}, intermediate entries ≤ ≈ ${Math.round(w)} bits` };
}

/** The characteristic polynomial as integer coefficients (ZZ, QQ scaled to a primitive integer polynomial) — for rational roots. */
export function integerCharpolyOf(m: TypedMatrix, tick: () => void): { dense: unknown[]; integer?: bigint[] } {
  if (m.ring.kind === "GF") return { dense: primeFieldCharpoly(m.rows as bigint[][], m.ring.p, tick) };
  if (m.ring.kind === "GFq") {
    // in the internal representation of fieldView (what the callers compare against)
    const Ar = fieldArith(m.ring);
    return { dense: extensionCharpoly(m.ring, m.rows as FieldElement[][], tick).map((x) => Ar.from(x)) };
  }
  if (m.ring.kind === "ZZ") {
    const c = integerCharpoly(m.rows as bigint[][], tick);
    return { dense: c.map((v) => rat(v)), integer: c };
  }
  const c = rationalCharpoly(m.rows as Rational[][], tick);
  let L = 1n;
  for (const v of c) { let x = L, y = v.den; while (y) [x, y] = [y, x % y]; L = (L / x) * v.den; }
  return { dense: c, integer: c.map((v) => v.num * (L / v.den)) };
}

/** Scale a rational vector to a primitive integer vector (positive first nonzero entry). */
export function primitiveVector(v: readonly Rational[]): bigint[] {
  let L = 1n;
  for (const x of v) { let a = L, b = x.den; while (b) [a, b] = [b, a % b]; L = (L / a) * x.den; }
  const ints = v.map((x) => x.num * (L / x.den));
  let g = 0n;
  for (const x of ints) { let a = g, b = x < 0n ? -x : x; while (b) [a, b] = [b, a % b]; g = a; }
  const first = ints.find((x) => x !== 0n) ?? 1n;
  const s = (first < 0n ? -1n : 1n) * (g === 0n ? 1n : g);
  return ints.map((x) => x / s);
}

/**
 * The roots in GF(p^k), with multiplicities, of a polynomial given in fieldView's internal
 * representation (a characteristic polynomial), as internal elements: equal-degree splitting over
 * the field (polynomial/ffactor), sorted by their canonical expressions (length, then text).
 */
export function extensionRoots(m: TypedMatrix, dense: readonly unknown[], tick: () => void): { value: unknown; multiplicity: number }[] {
  if (m.ring.kind !== "GFq") throw new Error("extensionRoots: not an extension field");
  const F = m.ring, Ar = fieldArith(F), E = extensionFieldRing(F);
  return ffRoots(E, dense.map((c) => Ar.big(c as never)), { checkpoint: tick }).map((r) => ({ value: Ar.from(r.root), multiplicity: r.multiplicity }));
}
