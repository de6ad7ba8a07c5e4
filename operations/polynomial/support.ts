/**
 * What the polynomial declarations share (not a declaration): the family factory `polyCompute`
 * (version, provider, read-only effect, no artifacts), the size limits of polynomial fields, the
 * cost measures preflight uses, and the checks that relate two operands (same ring, one variable).
 */
import { defineChecker, defineCompute, type CheckerDeclaration, type ComputeDeclaration, type Bound } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import type { PolyLimits } from "../../domain/math/poly/parse.js";
import { coeffRing, formatPolyRing, sameRing } from "../../domain/math/poly/rings.js";
import { totalDegree } from "../../domain/math/poly/sparse.js";
import type { CoeffRing, Polynomial } from "../../domain/math/poly/types.js";
import { polynomial } from "../_support/kinds.js";

type Defaulted = "kind" | "version" | "accepted_artifact_types" | "produced_artifact_types" | "effect" | "providers";

const PURPOSE = "exact polynomial arithmetic over bigint, rational and finite-field coefficients";

/** A polynomial compute declaration with the family's defaults. */
export function polyCompute<Req, Res>(d: Omit<ComputeDeclaration<Req, Res>, Defaulted> & { purpose?: string }): ComputeDeclaration<Req, Res> {
  const { purpose, ...rest } = d;
  return defineCompute<Req, Res>({ version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only", providers: [{ id: "jacobian.builtin", purpose: purpose ?? PURPOSE }], ...rest });
}

/** A polynomial checker declaration with the family's defaults. */
export function polyChecker<Req>(d: Omit<CheckerDeclaration<Req>, Defaulted> & { purpose?: string; evidence?: boolean }): CheckerDeclaration<Req> {
  const { purpose, evidence, ...rest } = d;
  return defineChecker<Req>({
    version: "1.0.0",
    accepted_artifact_types: [],
    produced_artifact_types: evidence ? ["evidence"] : [],
    effect: "read_only",
    providers: [{ id: "jacobian.builtin", purpose: purpose ?? PURPOSE }],
    ...rest,
  });
}

/** Limits of an input polynomial of the family's operations. */
export const INPUT: PolyLimits = {
  maxChars: 1_000_000,
  maxVariables: 16,
  maxDegree: 1_000_000,
  maxTerms: 100_000,
  maxCoeffDigits: 20_000,
};

/** Limits of a result polynomial (products and powers are larger than their inputs). */
export const OUTPUT: PolyLimits = {
  maxChars: 50_000_000,
  maxVariables: 32,
  maxDegree: 10_000_000,
  maxTerms: 2_000_000,
  maxCoeffDigits: 10_000_000,
  maxWork: 1e12,
};

export const inputPolynomial = (description?: string) => polynomial(INPUT, description);
export const outputPolynomial = (description?: string) => polynomial(OUTPUT, description);

/** The bounds every operation on input polynomials declares. */
export function polynomialBounds(field = "each polynomial"): Bound[] {
  return [
    { name: "expression_chars", limit: INPUT.maxChars, unit: "characters", description: `${field}: the expression string has at most this many characters` },
    { name: "terms", limit: INPUT.maxTerms, unit: "terms", description: `${field} has at most this many terms, as given and while an expression is expanded` },
    { name: "degree", limit: INPUT.maxDegree, unit: "degree", description: `${field}: each exponent and the total degree are at most this (checked while parsing: x^99999999 is refused before any work)` },
    { name: "variables", limit: INPUT.maxVariables, unit: "variables", description: `${field} has at most this many variables` },
    { name: "coefficient_digits", limit: INPUT.maxCoeffDigits, unit: "decimal digits", description: `${field}: each coefficient has at most about this many digits` },
    { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) or GF(p^k) has at most 40 digits and must be a proven prime" },
  ];
}

/** Size measures of a parsed polynomial for preflight. */
export interface PolySize {
  terms: number;
  /** Total degree (−1 for zero). */
  degree: number;
  /** Bits of the largest coefficient (finite fields: bits of one element). */
  bits: number;
  /** Number of variables. */
  vars: number;
}

export function polySize(p: Polynomial): PolySize {
  const R = coeffRing(p.ring) as CoeffRing<unknown>;
  let bits = 0;
  for (const t of p.terms) bits = Math.max(bits, R.bits(t.coeff));
  return { terms: p.terms.length, degree: totalDegree(p.terms), bits, vars: p.variables.length };
}

/** Fixed cost, in limb operations, of one coefficient operation (allocation, dispatch). */
export const COEFF_OVERHEAD = 30;
const limbs = (bits: number): number => Math.ceil(bits / 64) + 1;
/** Units of one coefficient product of a-bit by b-bit coefficients (schoolbook, pessimistic). */
export const coeffMulCost = (aBits: number, bBits: number): number => limbs(aBits) * limbs(bBits) + COEFF_OVERHEAD;
/** Units of reading or writing a polynomial (parse, sort, format): per term and per limb. */
export const ioCost = (s: PolySize): number => s.terms * (40 + 2 * limbs(s.bits) + 4 * s.vars);

/** Require both operands over the same ring (DOMAIN_ERROR at the right operand's ring otherwise). */
export function requireSameRing(a: Polynomial, b: Polynomial, path: string): void {
  if (!sameRing(a.ring, b.ring)) {
    throw domainError(`the operands are over different rings: ${formatPolyRing(a.ring)} and ${formatPolyRing(b.ring)}`, `${path}.ring`, "give both polynomials over the same ring (an integer polynomial can be written over QQ)");
  }
}

/** The index of a named variable, or of the only one when the name is omitted. */
export function variableIndex(p: Polynomial, name: string | undefined, path: string, field = "variable"): number {
  if (name === undefined) {
    if (p.variables.length === 1) return 0;
    throw domainError(`${path} has ${p.variables.length} variables; name the ${field}`, `payload.${field}`, `give "${field}": one of ${p.variables.join(", ") || "(none)"}`);
  }
  const i = p.variables.indexOf(name);
  if (i < 0) throw domainError(`${JSON.stringify(name)} is not a variable of ${path}`, `payload.${field}`, `the variables are ${p.variables.join(", ") || "(none)"}`);
  return i;
}
