/**
 * What the polynomial declarations share (not a declaration): the family factory `polyCompute`
 * (version, provider, read-only effect, no artifacts), the size limits of polynomial fields, the
 * cost measures preflight uses, and the checks that relate two operands (same ring, one variable).
 */
import { type } from "arktype";
import { defineChecker, defineCompute, type CheckerDeclaration, type ComputeDeclaration, type Bound } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import type { PolyLimits } from "../../domain/math/poly/parse.js";
import { coeffRing, formatPolyRing, sameRing } from "../../domain/math/poly/rings.js";
import { fromDenseUnivariate, toDenseUnivariate } from "../../domain/math/poly/dense.js";
import { alignVariables, degreeIn, makePolynomial, totalDegree, type Terms } from "../../domain/math/poly/sparse.js";
import type { CoeffRing, Polynomial, PolyRing } from "../../domain/math/poly/types.js";
import { bitLength, gcd } from "../../domain/math/integer.js";
import type { Rational } from "../../domain/math/rational.js";
import { polynomial, request, result } from "../_support/kinds.js";

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

/**
 * The sizes of a polynomial, measured once per parsed value (a call's preflights, first attempt
 * and execution each ask: a pass over every coefficient's bits each time).
 */
export function polySize(p: Polynomial): PolySize {
  const known = SIZES.get(p);
  if (known && known.terms === p.terms && known.ring === p.ring && known.vars === p.variables.length) return { ...known.size };
  const R = coeffRing(p.ring) as CoeffRing<unknown>;
  let bits = 0;
  for (const t of p.terms) bits = Math.max(bits, R.bits(t.coeff));
  const size = { terms: p.terms.length, degree: totalDegree(p.terms), bits, vars: p.variables.length };
  SIZES.set(p, { terms: p.terms, ring: p.ring, vars: size.vars, size });
  return { ...size };
}

const SIZES = new WeakMap<Polynomial, { terms: Polynomial["terms"]; ring: Polynomial["ring"]; vars: number; size: PolySize }>();

/** Fixed cost, in limb operations, of one coefficient operation (allocation, dispatch). */
export const COEFF_OVERHEAD = 30;
const limbs = (bits: number): number => Math.ceil(bits / 64) + 1;
/** Units of one coefficient product of a-bit by b-bit coefficients (schoolbook, pessimistic). */
export const coeffMulCost = (aBits: number, bBits: number): number => limbs(aBits) * limbs(bBits) + COEFF_OVERHEAD;
/**
 * Units of one pass of a polynomial through the pipeline (schema check, parse, clone, digest,
 * format): a whole polynomial.normalize.compute call (one parse, one format, publishing) measured
 * 2–4.7 µs per term of 5,000 (univariate, three variables, 200-bit coefficients; load 1.5 on two cores).
 */
export const ioCost = (s: PolySize): number => s.terms * (3_000 + 40 * limbs(s.bits) + 200 * s.vars);

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

// ---------------------------------------------------------------------------------------------
// Operands in one variable
// ---------------------------------------------------------------------------------------------

/** Operands brought to one common variable list (left's variables first). */
export function aligned(a: Polynomial, b: Polynomial, path: string): { variables: string[]; left: Terms<unknown>; right: Terms<unknown> } {
  requireSameRing(a, b, path);
  return alignVariables(a, b);
}

/**
 * Two operands of a univariate operation as dense arrays over one variable: each has at most one
 * variable and they name the same one (a constant may have none).
 */
export function univariatePair(a: Polynomial, b: Polynomial, pathA: string, pathB: string): { R: CoeffRing<any>; variable: string; A: any[]; B: any[] } {
  requireSameRing(a, b, pathB);
  for (const [p, path] of [[a, pathA], [b, pathB]] as const) {
    if (p.variables.length > 1) throw domainError(`${path} has ${p.variables.length} variables (${p.variables.join(", ")}); this operation takes polynomials in one variable`, `${path}.variables`, "give univariate polynomials");
  }
  const va = a.variables[0], vb = b.variables[0];
  if (va !== undefined && vb !== undefined && va !== vb) throw domainError(`the operands are in different variables: ${va} and ${vb}`, `${pathB}.variables`, "write both polynomials in the same variable");
  const variable = va ?? vb ?? "x";
  return { R: coeffRing(a.ring), variable, A: toDenseUnivariate(a), B: toDenseUnivariate(b) };
}

/** One univariate operand as a dense array. */
export function univariateOne(p: Polynomial, path: string): { R: CoeffRing<any>; variable: string; A: any[] } {
  if (p.variables.length > 1) throw domainError(`${path} has ${p.variables.length} variables (${p.variables.join(", ")}); this operation takes a polynomial in one variable`, `${path}.variables`, "give a univariate polynomial");
  return { R: coeffRing(p.ring), variable: p.variables[0] ?? "x", A: toDenseUnivariate(p) };
}

/** The polynomial of dense coefficients (a constant keeps the operand's variable list). */
export const dense = (ring: PolyRing, variable: string, coeffs: readonly unknown[]): Polynomial => fromDenseUnivariate(ring, variable, coeffs);

// ---------------------------------------------------------------------------------------------
// Cost model (units ≈ 64-bit limb operations ≈ 1 ns)
// ---------------------------------------------------------------------------------------------

/**
 * A product by Kronecker substitution: `slots` coefficients of `slotBits` bits packed into one
 * integer and multiplied (bigMulUnits), plus packing and unpacking about 150 units per slot.
 */
export const kroneckerUnits = (slots: number, slotBits: number): number => bigMulUnits((slots * (slotBits + 8)) / 64) + 150 * slots;

/**
 * Units of one product of two L-limb integers in V8: Karatsuba/Toom, about 12·L^1.58, up to about
 * 60,000 limbs, then FFT, about 7,000·L (measured: 10^6 bits 96 ms, 4·10^6 bits 414 ms,
 * 1.6·10^7 bits 1.6 s, 6.4·10^7 bits 5.1 s).
 */
export const bigMulUnits = (limbs: number): number => Math.min(12 * Math.pow(limbs, 1.58), 7_000 * limbs * Math.max(1, Math.log2(Math.max(2, limbs)) / 16));

/** Units of a sparse product of n by m terms (hash accumulation about 250 units per product). */
export const sparseMulUnits = (n: number, m: number, aBits: number, bBits: number): number => n * m * (250 + coeffMulCost(aBits, bBits));

/** Bits of the integer numerators after clearing denominators (QQ), of the residues (finite fields). */
export function clearedBits(p: Polynomial): number {
  const R = coeffRing(p.ring) as CoeffRing<unknown>;
  if (p.ring.kind === "QQ") {
    let den = 1n, num = 0;
    for (const t of p.terms) {
      const c = t.coeff as Rational;
      if (c.den !== 1n) den = (den / gcd(den, c.den)) * c.den;
      num = Math.max(num, bitLength(c.num) - bitLength(c.den));
    }
    return Math.max(0, num) + bitLength(den) + 1;
  }
  let b = 0;
  for (const t of p.terms) b = Math.max(b, R.bits(t.coeff));
  return b;
}

/** Slots of the dense (Kronecker) image of a product: Π over the variables of (deg_a + deg_b + 1). */
export function resultSlots(a: Polynomial, b: Polynomial): number {
  let slots = 1;
  for (const v of new Set([...a.variables, ...b.variables])) {
    const da = a.variables.includes(v) ? Math.max(0, degreeIn(a.terms, a.variables.indexOf(v))) : 0;
    const db = b.variables.includes(v) ? Math.max(0, degreeIn(b.terms, b.variables.indexOf(v))) : 0;
    slots *= da + db + 1;
  }
  return slots;
}

/** Units of the product of two polynomials by the method spMulAuto / dMul would choose. */
export function productUnits(a: Polynomial, b: Polynomial): number {
  const sa = polySize(a), sb = polySize(b);
  if (!sa.terms || !sb.terms) return 100;
  const ba = clearedBits(a), bb = clearedBits(b);
  const vars = [...new Set([...a.variables, ...b.variables])];
  let slots = 1;
  for (const v of vars) {
    const da = a.variables.includes(v) ? degreeIn(a.terms, a.variables.indexOf(v)) : 0;
    const db = b.variables.includes(v) ? degreeIn(b.terms, b.variables.indexOf(v)) : 0;
    slots *= da + db + 1;
  }
  const slotBits = ba + bb + Math.log2(Math.min(sa.terms, sb.terms) + 1) + 2;
  const sparse = sparseMulUnits(sa.terms, sb.terms, ba, bb);
  const dense = slots <= (sa.terms * sb.terms) / 4 ? kroneckerUnits(slots, slotBits) : Infinity;
  return Math.min(sparse, dense) + ioCost(sa) + ioCost(sb) + 2 * ioCost({ ...sa, terms: Math.min(slots, sa.terms * sb.terms), bits: slotBits });
}

/**
 * log2 of the sum of the absolute values of the (denominator-cleared) coefficients, rounded up:
 * the coefficients of p^e are at most (Σ|c_i|)^e in absolute value.
 */
export function sumBits(p: Polynomial): number {
  if (p.ring.kind !== "ZZ" && p.ring.kind !== "QQ") return clearedBits(p);
  let den = 1n;
  if (p.ring.kind === "QQ") for (const t of p.terms) den = (den / gcd(den, (t.coeff as Rational).den)) * (t.coeff as Rational).den;
  let sum = 0n;
  for (const t of p.terms) {
    const c = p.ring.kind === "ZZ" ? (t.coeff as bigint) : ((t.coeff as Rational).num * den) / (t.coeff as Rational).den;
    sum += c < 0n ? -c : c;
  }
  const b = bitLength(sum);
  // log2 exactly enough: the top 50 bits as a double
  return b <= 50 ? Math.max(1, Math.log2(Number(sum))) : b - 50 + Math.log2(Number(sum >> BigInt(b - 50)));
}

/** Units of a schoolbook division / pseudo-division of degree n by degree m with b-bit coefficients. */
export const divisionUnits = (n: number, m: number, bits: number): number => Math.max(1, n - m + 1) * (m + 1) * (coeffMulCost(bits, bits) + 60);

export const memoryOf = (terms: number, bits: number, vars: number): number => terms * (120 + 8 * vars + 16 * Math.ceil(bits / 64));

// ---------------------------------------------------------------------------------------------
// The family factory of operations on two polynomials with a polynomial result
// ---------------------------------------------------------------------------------------------

export interface BinarySpec {
  id: string;
  title: string;
  summary: string;
  keywords: string[];
  /** Name of the result field. */
  field: string;
  /** What the result is (port and schema description). */
  describes: string;
  /** The result terms over the aligned variable list. */
  combine(R: CoeffRing<any>, left: Terms<unknown>, right: Terms<unknown>, tick: () => void): Terms<unknown>;
  /** Preflight units of combine (formatting included). */
  units(left: Polynomial, right: Polynomial): number;
  cost_model: string;
  examples: ComputeDeclaration["examples"];
}

export function binaryPolynomialOp(spec: BinarySpec) {
  const Request = request({ left: inputPolynomial("the left operand " + POLY_FORM), right: inputPolynomial("the right operand " + POLY_FORM) });
  const Result = result({ [spec.field]: outputPolynomial(spec.describes) } as Record<string, ReturnType<typeof outputPolynomial>>);
  type Req = typeof Request.infer;
  return polyCompute<Req, Record<string, Polynomial>>({
    id: spec.id,
    title: spec.title,
    summary: spec.summary,
    keywords: spec.keywords,
    request: Request,
    result: Result as never,
    bounds: polynomialBounds("each operand"),
    cost_model: spec.cost_model,
    budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
    preflight(req) {
      const units = spec.units(req.left, req.right);
      const sa = polySize(req.left), sb = polySize(req.right);
      const out = Math.min(sa.terms * sb.terms, resultSlots(req.left, req.right)) + sa.terms + sb.terms;
      return { units, memory_bytes: 4 * memoryOf(out, sa.bits + sb.bits + 64, sa.vars + sb.vars), basis: `${sa.terms} and ${sb.terms} terms of up to ${sa.bits} and ${sb.bits} bits` };
    },
    ports: {
      inputs: { left: { field: "left", description: "the left operand" }, right: { field: "right", description: "the right operand" } },
      outputs: { [spec.field]: { field: spec.field, description: spec.describes } },
    },
    execute(req, ctx) {
      const { variables, left, right } = aligned(req.left, req.right, "payload.right");
      const R = coeffRing(req.left.ring);
      const terms = spec.combine(R, left, right, () => ctx.checkpoint());
      return { [spec.field]: makePolynomial(req.left.ring, variables, terms as never) };
    },
    postcondition: () => null,
    examples: spec.examples,
  });
}

/** The wire forms a polynomial operand accepts (for field descriptions). */
export const POLY_FORM = '{ ring, variables, expression } or { ring, variables, terms }';

/** A variable name field (an identifier, as in a polynomial's `variables`). */
export const VariableName = type("string").atMostLength(32);
