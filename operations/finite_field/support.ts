/**
 * What the finite_field declarations share (not a declaration): the family factory `ffCompute`,
 * the kind builders of finite fields and their elements (they parse the wire once, with core's
 * coefficient parser), cost measures, and the factorization of q − 1 as a typed outcome.
 */
import { type } from "arktype";
import { defineChecker, defineCompute, type Bound, type CheckerDeclaration, type ComputeDeclaration } from "../../domain/declaration.js";
import { JacobianError } from "../../domain/errors.js";
import { FACTOR_EFFORT } from "../../domain/math/factor.js";
import { type CompleteFactorization, factorPkMinusOne, fieldValue, type FieldValue, type FiniteField, finiteFieldArith, type FqArith, MAX_EXTENSION_DEGREE } from "../../domain/math/poly/gfq.js";
import { parseCoefficient } from "../../domain/math/poly/parse.js";
import { coeffRing, parsePolyRingWire } from "../../domain/math/poly/rings.js";
import { ofKind } from "../_support/kinds.js";

type Defaulted = "kind" | "version" | "accepted_artifact_types" | "produced_artifact_types" | "effect" | "providers";
const PURPOSE = "exact finite-field arithmetic (residues as numbers below 2^26, bigint above)";

export function ffCompute<Req, Res>(d: Omit<ComputeDeclaration<Req, Res>, Defaulted> & { purpose?: string }): ComputeDeclaration<Req, Res> {
  const { purpose, ...rest } = d;
  return defineCompute<Req, Res>({ version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only", providers: [{ id: "jacobian.builtin", purpose: purpose ?? PURPOSE }], ...rest });
}

export function ffChecker<Req>(d: Omit<CheckerDeclaration<Req>, Defaulted> & { purpose?: string }): CheckerDeclaration<Req> {
  const { purpose, ...rest } = d;
  return defineChecker<Req>({ version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only", providers: [{ id: "jacobian.builtin", purpose: purpose ?? PURPOSE }], ...rest });
}

const FIELD_CHARS = 4_000;
export const ELEMENT_CHARS = 20_000;

function here(ctx: { propString: string }): string {
  return ctx.propString ? `payload.${ctx.propString}` : "payload";
}

/** Parse a finite field string: "GF(p)", "GF(p^k)" or "GF(p^k, modulus)" (ZZ and QQ are refused). */
export function parseFiniteField(s: string, path: string): FiniteField {
  const R = parsePolyRingWire(s, path);
  if (R.kind === "ZZ" || R.kind === "QQ") throw new JacobianError("INVALID_PAYLOAD", `${path}: ${R.kind} is not a finite field`, { path, hint: 'finite fields are "GF(p)", "GF(p^k)" or "GF(p^k, modulus)"' });
  return R as FiniteField;
}

export function parseElementIn(F: FiniteField, s: string, path: string): bigint[] {
  const c = parseCoefficient(coeffRing(F), s, path, { maxCoeffDigits: ELEMENT_CHARS }) as bigint | bigint[];
  if (typeof c === "bigint") return c === 0n ? [] : [c];
  return c;
}

/** A finite field string, parsed (p proven prime; an explicit modulus proven irreducible). */
export function finiteField(description?: string) {
  return ofKind(
    type("string")
      .atMostLength(FIELD_CHARS)
      .describe(description ?? 'a finite field: "GF(p)", "GF(p^k)" (default modulus: Conway polynomial where tabulated) or "GF(p^k, <monic irreducible modulus in a>)"; p prime of at most 40 digits, k ≤ 256')
      .pipe((s: string, ctx): FiniteField => parseFiniteField(s, here(ctx))),
    "ring",
  );
}

/** A finite-field element { field, element }, parsed to a FieldValue. */
export function fieldElement(description?: string) {
  return ofKind(
    type({ field: type("string").atMostLength(FIELD_CHARS), element: type("string").atMostLength(ELEMENT_CHARS) })
      .describe(description ?? 'a finite-field element { field, element }: field "GF(p)", "GF(p^k)" or "GF(p^k, modulus)"; element a residue (GF(p)) or an expression in the generator a such as "a^2 + 3" (GF(p^k))')
      .pipe((w: { field: string; element: string }, ctx): FieldValue => {
        const F = parseFiniteField(w.field, `${here(ctx)}.field`);
        return fieldValue(F, parseElementIn(F, w.element, `${here(ctx)}.element`));
      }),
    "field_element",
  );
}

/** The output type of a field element (canonical wire form). */
export const fieldElementOut = (description: string) => ofKind(type({ field: "string", element: "string" }).describe(description), "field_element");

export const FIELD_BOUNDS: Bound[] = [
  { name: "characteristic_digits", limit: 40, unit: "decimal digits", description: "p has at most 40 digits and is proven prime" },
  { name: "extension_degree", limit: MAX_EXTENSION_DEGREE, unit: "degree", description: "k of GF(p^k) is at most 256; an explicit modulus is proven irreducible (Rabin's test) while parsing" },
  { name: "element_chars", limit: ELEMENT_CHARS, unit: "characters", description: "each element string has at most this many characters" },
];

/** Bits of p and the extension degree. */
export function fieldSize(F: FiniteField): { k: number; pbits: number; limbs: number; qbits: number } {
  const k = F.kind === "GFq" ? F.k : 1;
  const pbits = F.p.toString(2).length;
  return { k, pbits, limbs: Math.max(1, Math.ceil(pbits / 64)), qbits: k * pbits };
}

/** Limb operations of one multiplication in the field (schoolbook + reduction). */
export function mulUnits(F: FiniteField): number {
  const s = fieldSize(F);
  return 2 * s.k * s.k * s.limbs * s.limbs + 4;
}

export const arithOf = (F: FiniteField): FqArith<any> => finiteFieldArith(F);

export function requireSameField(a: FieldValue, b: FieldValue, path: string): void {
  const A = a.field, B = b.field;
  const same = A.kind === B.kind && A.p === B.p && (A.kind === "GF" || (A.k === (B as typeof A).k && A.modulus.every((x, i) => x === (B as typeof A).modulus[i])));
  if (!same) throw new JacobianError("DOMAIN_ERROR", `${path}: the operands lie in different fields`, { path, hint: "give both elements in the same field (same p, k and modulus)" });
}

export const EFFORT_BUDGET = FACTOR_EFFORT.standard;

/** q − 1 factored (cyclotomic pieces, standard effort), or INCOMPLETE with the unfactored part. */
export function groupOrderOf(F: FiniteField, checkpoint: () => void): CompleteFactorization | { status: "INCOMPLETE"; unfactored: bigint } {
  const A = arithOf(F);
  return A.groupOrder({ factorBudget: EFFORT_BUDGET, checkpoint });
}

/** Preflight units for factoring q − 1: 256 × engine work, bounded by the standard budget. */
export function groupOrderUnits(F: FiniteField): number {
  const { qbits } = fieldSize(F);
  return qbits <= 64 ? 1e4 : Math.min(256 * EFFORT_BUDGET, 256 * 2 ** (qbits / 12));
}

export const incompleteShape = { status: "'INCOMPLETE'", unfactored: "string", reason: "string" } as const;

export function factorsOut(f: CompleteFactorization): { prime: bigint; exponent: bigint }[] {
  return f.factors.map(({ prime, exponent }) => ({ prime, exponent: BigInt(exponent) }));
}

export { factorPkMinusOne };
