/**
 * The extended gcd's value shape, shared by its producer (integer.extended_gcd.compute) and its
 * checker (integer.extended_gcd.verify), so the producer's value is the checker's claim unchanged.
 * (Not a declaration.)
 */
import type { Bound, CostEstimate } from "../../domain/declaration.js";
import { bitLength } from "../../domain/math/integer.js";
import { integerField, naturalField } from "./builtin.js";

/** Operands of the gcd operations: at most this many digits. */
export const GCD_MAX_DIGITS = 100_000;

export const OPERAND_BOUNDS: Bound[] = [{ name: "digits", limit: GCD_MAX_DIGITS, unit: "decimal digits", description: "each operand has at most this many digits" }];

/**
 * Preflight of the half-gcd family: units = perLimbPower·L^1.6 + perLimb·L for L = ⌈max bit
 * length / 64⌉ limbs (M(n) log n with V8's multiplication), memory = `bytesPerByte` bytes per byte
 * of the larger operand.
 */
export function halfGcdEstimate(left: bigint, right: bigint, perLimbPower: number, perLimb: number, bytesPerByte: number): CostEstimate {
  const bits = Math.max(bitLength(left), bitLength(right));
  const limbs = Math.ceil(bits / 64);
  return { units: perLimbPower * limbs ** 1.6 + perLimb * limbs, memory_bytes: Math.ceil(bits / 8) * bytesPerByte, basis: `operands of about ${Math.round(bits)} bits` };
}

/** The result kind of integer.extended_gcd.compute, taken by integer.extended_gcd.verify as its claim. */
export const EXTENDED_GCD_KIND = "integer.extended_gcd";

/**
 * `{ gcd, x, y }`. As a result: g ≥ 0 and coefficients within the operand bound. As a claim: any
 * sign of g (a negative g is rejected, not refused) and coefficients up to twice as long, so
 * non-minimal Bezout pairs can be checked too.
 */
export function extendedGcdShape(side: "result" | "claim") {
  const coefficientDigits = side === "result" ? GCD_MAX_DIGITS : 2 * GCD_MAX_DIGITS;
  return {
    gcd: side === "result" ? naturalField(GCD_MAX_DIGITS, "g = gcd(a, b) ≥ 0") : integerField(GCD_MAX_DIGITS, "the claimed g = gcd(a, b)"),
    x: integerField(coefficientDigits, "coefficient of a: a·x + b·y = g"),
    y: integerField(coefficientDigits, "coefficient of b: a·x + b·y = g"),
  };
}
