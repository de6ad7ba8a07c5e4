/**
 * Shared pieces of the rational declarations: size caps, the operand and result field types (built
 * on the value kinds, so requests arrive parsed and in lowest terms), cost estimates from the
 * parsed sizes, and the cheap independent checks used by postconditions (residues modulo Mersenne
 * primes, lowest terms). Not a declaration: the pack lists its operations explicitly.
 */
import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { parseRationalWire } from "../../domain/kinds.js";
import { bitLength, gcd, mod, modInverse } from "../../domain/math/integer.js";
import type { Rational } from "../../domain/math/rational.js";
import { fieldKinds, integer, ofKind, rational } from "../_support/kinds.js";

/** What every declaration of the family states alike (each spreads it and adds its own statements). */
export const BUILTIN = {
  version: "1.0.0",
  accepted_artifact_types: [] as string[],
  produced_artifact_types: [] as string[],
  effect: "read_only" as const,
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
};

/** Characters of one rational operand ("p/q": numerator, slash, denominator). */
export const MAX_CHARS = 100_001;
/** Entries of a list operand (sum, product). */
export const MAX_TERMS = 10_000;
/** Total characters of a list operand. */
export const MAX_TOTAL_CHARS = 2 * MAX_CHARS;
/** Characters of a result that combines two operands (at most about the sum of their sizes). */
export const MAX_RESULT_CHARS = 2 * MAX_CHARS + 2;
/** Characters of a power (result of rational.power.compute). */
export const MAX_POWER_CHARS = 1_000_000;

export const LOG2_10 = Math.log2(10);
export const bitsOfChars = (chars: number): number => Math.ceil(chars * LOG2_10);

import { described } from "../_support/kinds.js";
export { described };

/** A rational operand: "p/q" with q > 0 (unreduced accepted) or an integer, parsed to lowest terms. */
export const operand = (description: string) => described(rational(MAX_CHARS), description);

/** An integer result field of at most `maxDigits` digits (execute returns a bigint). */
export const integerResult = (maxDigits: number, description: string) => described(integer(maxDigits), description);

const CANONICAL_RE = /^(0|-?[1-9][0-9]*(\/([2-9]|[1-9][0-9]+))?)$/;

/**
 * A canonical rational result: "p/q" in lowest terms with q ≥ 2, or an integer string; "0" for zero.
 * Operations return a Rational and the pipeline formats it; the pattern keeps the published type
 * exact about the form (a denominator of 1 or a sign on the denominator cannot pass), and the
 * postconditions check lowest terms on the Rational itself.
 */
export function canonicalRational(maxChars: number, description: string) {
  return ofKind(
    type("string")
      .atMostLength(maxChars)
      .and(CANONICAL_RE)
      .describe(description)
      .pipe((s: string): Rational => parseRationalWire(s, "value")),
    "rational",
  );
}

/** log2 |n| from the leading 64 bits (0 for 0). */
export function log2Abs(n: bigint): number {
  if (n < 0n) n = -n;
  if (n === 0n) return 0;
  const bits = bitLength(n);
  const shift = Math.max(0, bits - 64);
  return Math.log2(Number(n >> BigInt(shift))) + shift;
}

/** Bits of numerator plus denominator: the size every cost estimate of the family is stated in. */
export const bitsOf = (r: Rational): number => bitLength(r.num) + (r.den === 1n ? 0 : bitLength(r.den));
/** Characters of the canonical wire form of r (within a character or two). */
export const charsOf = (r: Rational): number => Math.ceil(bitsOf(r) / LOG2_10) + (r.num < 0n ? 1 : 0) + (r.den === 1n ? 1 : 2);

/** Work units (≈ 64-bit limb operations) of handling one operand: a gcd-sized pass over its bits. */
export function operandUnits(r: Rational): number {
  const bits = bitsOf(r);
  return (bits * bits) / 64 + charsOf(r);
}

/** Units of a binary operation on two operands: both operands, a product of their sizes, the gcd of the result. */
export function binaryUnits(a: Rational, b: Rational): number {
  const bits = bitsOf(a) + bitsOf(b);
  return operandUnits(a) + operandUnits(b) + (bits * bits) / 32;
}

export function memoryFor(chars: number): number {
  return 64 * chars + 2 ** 20;
}

/** The DOMAIN_ERROR of a division by zero. */
export function divisionByZero(path: string, what: string): never {
  throw domainError(`${what}: ${path} is 0`, path, "division by zero is undefined over the rationals; pass a non-zero value");
}

/** Mersenne primes 2^61 − 1, 2^89 − 1, 2^107 − 1: residues of rationals modulo them check results independently. */
const MERSENNE = [(1n << 61n) - 1n, (1n << 89n) - 1n, (1n << 107n) - 1n];

/** p/q mod P, or undefined when P divides q. */
export function residue(r: Rational, P: bigint): bigint | undefined {
  const inv = modInverse(mod(r.den, P), P);
  return inv === undefined ? undefined : mod(mod(r.num, P) * inv, P);
}

/**
 * Chooses the first Mersenne prime at which every value has a residue (its denominator is not a
 * multiple), and returns the residue map; undefined when all three divide some denominator.
 */
export function residueField(values: readonly Rational[]): { P: bigint; of: (r: Rational) => bigint } | undefined {
  for (const P of MERSENNE) {
    if (values.every((v) => mod(v.den, P) !== 0n)) return { P, of: (r) => residue(r, P)! };
  }
  return undefined;
}

/** Above this many bits the postcondition skips the gcd that re-checks lowest terms (it costs as much as the operation). */
export const CANONICAL_CHECK_BITS = Math.ceil(20_000 * LOG2_10);

/**
 * Why a Rational returned by an operation is not canonical, or null: positive denominator, zero as
 * 0/1, and lowest terms re-checked by a gcd up to CANONICAL_CHECK_BITS. (The wire formatter writes
 * whatever numerator and denominator it is given, so this is where an unreduced result is caught.)
 */
export function canonicalProblem(r: Rational): string | null {
  if (r.den < 1n) return "the denominator is not positive";
  if (r.num === 0n && r.den !== 1n) return "zero is not written as 0";
  if (bitsOf(r) <= CANONICAL_CHECK_BITS && gcd(r.num, r.den) !== 1n) return "the result is not in lowest terms";
  return null;
}

/**
 * The postcondition of an arithmetic result r of operands xs: r is canonical, and `holds` accepts
 * the residues of xs and r modulo a Mersenne prime at which all of them have one (an identity
 * checked independently of how r was computed). Null when both hold.
 */
export function residueProblem(xs: readonly Rational[], r: Rational, holds: (xs: bigint[], r: bigint, P: bigint) => boolean, what: string): string | null {
  const bad = canonicalProblem(r);
  if (bad) return bad;
  const field = residueField([...xs, r]);
  if (!field) return null;
  return holds(xs.map(field.of), field.of(r), field.P) ? null : `the ${what} is wrong modulo a Mersenne prime`;
}

/** a/b = c/d as fractions (b, d ≠ 0), by cross-multiplication. */
export const sameValue = (a: Rational, b: Rational): boolean => a.num * b.den === b.num * a.den;
