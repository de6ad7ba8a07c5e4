/**
 * Dense linear algebra over an extension field GF(p^k) = GF(p)[a]/(f): the field-generic
 * algorithms of field.ts (RREF with pivots and independent rows, Gaussian and Bareiss
 * determinants, Hessenberg and Berkowitz characteristic polynomials, minimal polynomials,
 * products) run on the field's *internal* element arrays (gfq.ts `FqArith`: JS numbers for
 * p < 2^26, bigints above), so no element is converted between two operations; matrices are
 * converted once on the way in and once on the way out.
 *
 * Domain values are FieldElement = bigint[] (residues little-endian in a, trimmed), as in the
 * polynomial and finite_field families. The RREF, the Gaussian determinant and Bareiss (the
 * checkers' method, a different elimination) have faster kernels: Zech logarithms for q ≤ 2^16
 * (extension_zech.ts), flat residue arrays for p < 2^26 (extension_flat.ts).
 */
import { fieldArith, type FqArith } from "../poly/gfq.js";
import type { CoeffRing, ExtensionField, FieldElement } from "../poly/types.js";
import { flatApplies, flatBareissDeterminant, flatDeterminant, flatRref } from "./extension_flat.js";
import { zechApplies, zechBareissDeterminant, zechDeterminant, zechRref } from "./extension_zech.js";
import { bareissDeterminant, charpolyBerkowitz, charpolyHessenberg, determinant, matMul, minimalPolynomial, rref, type Mat } from "./field.js";

type Tick = () => void;
const noop: Tick = () => {};

/** The internal element type of a field's arithmetic (number[] or bigint[], trimmed). */
type Internal = unknown[];

const RINGS = new WeakMap<ExtensionField, CoeffRing<Internal>>();

/** GF(p^k) as a CoeffRing on its internal element arrays (cached per field). */
export function internalRing(F: ExtensionField): CoeffRing<Internal> {
  const hit = RINGS.get(F);
  if (hit) return hit;
  const A = fieldArith(F) as FqArith<unknown>;
  const R: CoeffRing<Internal> = {
    name: `GF(${F.p}^${F.k})`,
    ring: F,
    isField: true,
    characteristic: F.p,
    order: A.q,
    zero: A.zero,
    one: A.one,
    add: (a, b) => A.add(a, b),
    sub: (a, b) => A.sub(a, b),
    neg: (a) => A.neg(a),
    mul: (a, b) => A.mul(a, b),
    isZero: (a) => a.length === 0,
    eq: (a, b) => A.eq(a, b),
    inv: (a) => A.inv(a),
    divExact: (a, b) => (b.length === 0 ? undefined : A.mul(a, A.inv(b))),
    fromInteger: (n) => A.scalar(n),
    fromRational: (num, den) => {
      const d = A.scalar(den);
      return d.length === 0 ? undefined : A.mul(A.scalar(num), A.inv(d));
    },
    format: (a) => A.big(a).toString(),
    bits: () => F.k * F.p.toString(2).length,
  };
  RINGS.set(F, R);
  return R;
}

const inMat = (F: ExtensionField, M: readonly (readonly FieldElement[])[]): Mat<Internal> => {
  const A = fieldArith(F);
  return M.map((r) => r.map((x) => A.from(x)));
};
const outMat = (F: ExtensionField, M: Mat<Internal>): FieldElement[][] => {
  const A = fieldArith(F);
  return M.map((r) => r.map((x) => A.big(x)));
};
const outVec = (F: ExtensionField, v: readonly Internal[]): FieldElement[] => {
  const A = fieldArith(F);
  return v.map((x) => A.big(x));
};

/** The nonzero rows of the RREF, the pivot columns and the independent original rows. */
export function extensionRref(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): { pivots: number[]; rows: FieldElement[][]; independentRows: number[] } {
  if (zechApplies(F)) return zechRref(F, M, tick);
  if (flatApplies(F)) return flatRref(F, M, tick);
  const r = rref(internalRing(F), inMat(F, M), tick);
  return { pivots: r.pivots, rows: outMat(F, r.rref.slice(0, r.rank)), independentRows: r.independentRows };
}

/** det(M) by Gaussian elimination with field inverses. */
export function extensionDeterminant(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): FieldElement {
  if (zechApplies(F)) return zechDeterminant(F, M, tick);
  if (flatApplies(F)) return flatDeterminant(F, M, tick);
  return fieldArith(F).big(determinant(internalRing(F), inMat(F, M), tick));
}

/** det(M) by Bareiss fraction-free elimination (the checker's method; no code shared with Gauss). */
export function extensionBareissDeterminant(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): FieldElement {
  if (zechApplies(F)) return zechBareissDeterminant(F, M, tick);
  if (flatApplies(F)) return flatBareissDeterminant(F, M, tick);
  return fieldArith(F).big(bareissDeterminant(internalRing(F), inMat(F, M), tick));
}

/** det(xI − M), little-endian, monic of degree n: Hessenberg reduction (O(n³) field operations). */
export function extensionCharpoly(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): FieldElement[] {
  return outVec(F, charpolyHessenberg(internalRing(F), inMat(F, M), tick));
}

/** det(xI − M) by Berkowitz's division-free algorithm (a second method; O(n⁴)). */
export function extensionCharpolyBerkowitz(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): FieldElement[] {
  return outVec(F, charpolyBerkowitz(internalRing(F), inMat(F, M), tick));
}

/** The minimal polynomial of M (monic, little-endian). */
export function extensionMinimalPolynomial(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): FieldElement[] {
  return outVec(F, minimalPolynomial(internalRing(F), inMat(F, M), tick));
}

/** The product M·N. */
export function extensionMultiply(F: ExtensionField, M: FieldElement[][], N: FieldElement[][], tick: Tick = noop): FieldElement[][] {
  return outMat(F, matMul(internalRing(F), inMat(F, M), inMat(F, N), tick));
}

/** The element of index i (0 ≤ i < q): the residues of i's base-p digits, least significant first. */
export function elementOfIndex(F: ExtensionField, i: bigint): FieldElement {
  const out: bigint[] = [];
  for (let x = i; x > 0n; x /= F.p) out.push(x % F.p);
  while (out.length && out[out.length - 1] === 0n) out.pop();
  return out;
}
