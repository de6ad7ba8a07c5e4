/**
 * Shared pieces of the rational declarations: size caps, canonical result strings, cost
 * estimates from string lengths, and the cheap independent checks used by postconditions
 * (residues modulo Mersenne primes, canonical form). Not a declaration: the pack lists its
 * operations explicitly.
 */
import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { mod, modInverse } from "../../domain/math/integer.js";
import { isCanonical, type Rational } from "../../domain/math/rational.js";
import { parseRational } from "../../domain/values.js";
import { rationalString } from "../_support/wire.js";

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

/** A rational operand as accepted on input: "p/q" with q > 0 (unreduced allowed) or an integer. */
export const operand = (description: string) => rationalString(MAX_CHARS).describe(description);

/** A canonical rational: "p/q" in lowest terms with q ≥ 2, or an integer string; "0" for zero. */
export function canonicalRationalString(maxChars: number) {
  return type("string")
    .atMostLength(maxChars)
    .and(/^(0|-?[1-9][0-9]*(\/([2-9]|[1-9][0-9]+))?)$/)
    .describe(`a canonical rational "p/q" (lowest terms, q ≥ 2) or an integer, as a string (at most ${maxChars} characters)`);
}

/**
 * Work units (≈ 64-bit limb operations) of reading one operand: parsing, then the gcd that brings an
 * unreduced input to lowest terms — quadratic in its size like every Euclid-type gcd.
 */
export function parseUnits(s: string): number {
  const bits = bitsOfChars(s.length);
  return (bits * bits) / 64 + s.length;
}

/** Units of a binary operation on two operands: parsing both, a product of their sizes, the gcd of the result. */
export function binaryUnits(a: string, b: string): number {
  const bits = bitsOfChars(a.length + b.length);
  return parseUnits(a) + parseUnits(b) + (bits * bits) / 32;
}

export function memoryFor(chars: number): number {
  return 64 * chars + 2 ** 20;
}

export const parse = (s: string, path: string): Rational => parseRational(s, path);

/** The raw numerator and denominator of a wire rational, without reduction. */
export function rawParts(s: string): { num: bigint; den: bigint } {
  const slash = s.indexOf("/");
  return slash < 0 ? { num: BigInt(s), den: 1n } : { num: BigInt(s.slice(0, slash)), den: BigInt(s.slice(slash + 1)) };
}

/** The DOMAIN_ERROR of a division by zero. */
export function divisionByZero(path: string, what: string): never {
  throw domainError(`${what}: ${path} is 0`, path, "division by zero is undefined over the rationals; pass a non-zero value");
}

/** Mersenne primes 2^61 − 1, 2^89 − 1, 2^107 − 1: residues of rationals modulo them check results independently. */
const MERSENNE = [(1n << 61n) - 1n, (1n << 89n) - 1n, (1n << 107n) - 1n];

/** p/q mod P, or undefined when P divides q. */
export function residue(r: { num: bigint; den: bigint }, P: bigint): bigint | undefined {
  const inv = modInverse(mod(r.den, P), P);
  return inv === undefined ? undefined : mod(mod(r.num, P) * inv, P);
}

/**
 * Chooses the first Mersenne prime at which every value has a residue (its denominator is not a
 * multiple), and returns the residue map; undefined when all three divide some denominator.
 */
export function residueField(values: readonly { num: bigint; den: bigint }[]): { P: bigint; of: (r: { num: bigint; den: bigint }) => bigint } | undefined {
  for (const P of MERSENNE) {
    if (values.every((v) => mod(v.den, P) !== 0n)) return { P, of: (r) => residue(r, P)! };
  }
  return undefined;
}

/** Above this many characters the postcondition skips the gcd that re-checks lowest terms (it costs as much as the operation). */
export const CANONICAL_CHECK_CHARS = 20_000;

/** Why a result string is not canonical, or null: lowest terms re-checked by a gcd up to CANONICAL_CHECK_CHARS. */
export function canonicalProblem(s: string): string | null {
  const { num, den } = rawParts(s);
  if (den < 1n) return "the denominator is not positive";
  if (num === 0n && den !== 1n) return "zero is not written as 0";
  if (s.length <= CANONICAL_CHECK_CHARS && !isCanonical({ num, den })) return `${s.length > 60 ? "the result" : s} is not in lowest terms`;
  return null;
}

/** a/b = c/d as fractions (b, d ≠ 0), by cross-multiplication. */
export const sameValue = (a: { num: bigint; den: bigint }, b: { num: bigint; den: bigint }): boolean => a.num * b.den === b.num * a.den;

