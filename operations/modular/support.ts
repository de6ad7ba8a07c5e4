/**
 * Shared pieces of the modular pack: field builders that keep their value kind when described,
 * the union-result builder, certainty, factor lists, and the cost helpers. (Not a declaration.)
 */
import { type, type Type } from "arktype";
import { COST_UNITS_PER_WORK, expectedFactorWork } from "../../domain/math/factor.js";
import { bitLength } from "../../domain/math/integer.js";
import { type Effort, effortBudget } from "../_support/effort.js";
import type { FactorMap } from "../../domain/math/modular.js";
import type { Json } from "../../domain/json.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import type { KindedSchema } from "../../domain/schema.js";
import { fieldKinds, integer, natural, ofKind, positive, strict, type Kinded } from "../_support/kinds.js";

// ---------------------------------------------------------------------------------------------
// Field builders. arktype's `describe` returns a new type, which would drop the kind recorded by
// the builders in _support/kinds.ts; these re-attach it.

/** An integer (decimal string on the wire, bigint parsed) of at most `digits` digits. */
export const int = (digits: number, description: string) => integer(digits, description);
/** A non-negative integer of at most `digits` digits. */
export const nat = (digits: number, description: string) => natural(digits, description);
/** A positive integer of at most `digits` digits. */
export const pos = (digits: number, description: string) => positive(digits, description);

export { claimOf, oneOf } from "../_support/kinds.js";

/** An integer in wire form (checker bindings are validated after `toWire`). */
export const integerWire = (digits: number) =>
  type("string").atMostLength(digits + 1).and(/^(0|-?[1-9][0-9]*)$/).describe(`an integer as a decimal string (at most ${digits} digits)`);

// ---------------------------------------------------------------------------------------------

export const Certainty = type("'PROVEN' | 'PROBABLE'").describe(
  "PROVEN when every prime the answer relies on is proven (deterministic Miller–Rabin below 3.3·10^24, else a Pocklington certificate); PROBABLE when one is only a Baillie–PSW probable prime",
);
export type CertaintyValue = typeof Certainty.infer;

export const CERTAINTY_NOTE =
  "Primes above 3.3·10^24 are Baillie–PSW probable primes; the operation tries a Pocklington proof of each one it relies on (bounded work) and says PROBABLE when that fails.";

/** A prime factorization [{ prime, exponent }] with primes of at most `digits` digits. */
export const factorListShape = (digits: number, description: string) =>
  type({ prime: pos(digits, "a prime"), exponent: pos(5, "its exponent ≥ 1") }).array().describe(description);
export type FactorEntry = { prime: bigint; exponent: bigint };
export const factorList = (f: FactorMap): FactorEntry[] => [...f].map(([prime, e]) => ({ prime, exponent: BigInt(e) }));
export const factorProduct = (f: readonly FactorEntry[]): bigint => f.reduce((acc, { prime, exponent }) => acc * prime ** exponent, 1n);

/** The `status: 'INCOMPLETE'` branch of an answer that needed a factorization it could not finish. */
export const incompleteShape = <const X extends Record<string, unknown>>(fields: X) => ({ status: "'INCOMPLETE'", ...fields, reason: "string" }) as const;

// ---------------------------------------------------------------------------------------------
// Budgets and cost helpers (units ≈ 64-bit limb products).

export { EFFORT, EFFORT_LEVELS, type Effort, effortBudget } from "../_support/effort.js";
/** Limb-weighted Pollard–Brent work (arithmetic.certifyPrimes) for the Pocklington proofs of one call. */
export const PROOF_WORK = 4e7;
/** Numbers above this many bits may need a Pocklington proof (3.3·10^24 is about 2^81). */
export const PROOF_BITS = 81;

/** Bits of |x| (at least 1, so cost formulas never see 0). */
export const bits = (x: bigint): number => Math.max(1, bitLength(x));
/** Upper bound on the bit length of a number of `digits` decimal digits. */
export const bitsOfDigits = (digits: number): number => Math.ceil(digits * 3.3219281) + 1;
export const limbs = (b: number): number => Math.max(1, Math.ceil(b / 64));
/** Units of one modular multiplication of `b`-bit operands (limb products of the product and of the reduction). */
export const mulCost = (b: number): number => 2 * (limbs(b) ** 2 + 4);
/** Units of one modular exponentiation with an `expBits`-bit exponent. */
export const powCost = (b: number, expBits: number): number => 1.3 * Math.max(1, expBits) * mulCost(b);
/** Units of a Baillie–PSW test of a `b`-bit number (a base-2 exponentiation and a Lucas sequence). */
export const primalityCost = (b: number): number => 4 * b * mulCost(b) + 200;
/** Pocklington work for a `b`-bit number that may need a proof. */
export const proofCost = (b: number): number => (b > PROOF_BITS ? PROOF_WORK : 0);

/**
 * Units of the factorizations of one call on numbers of at most `b` bits (`count` of them expected:
 * m, and the p − 1 for its primes), all within the effort's one budget (modular.ts WorkOptions).
 */
export function factorCost(b: number, effort: Effort | undefined, count = 1): number {
  const budget = effortBudget(effort);
  return Math.min(count * expectedFactorWork(Math.ceil(b / 3.3219), budget), budget) * COST_UNITS_PER_WORK;
}

/**
 * Units of the unit-group analysis of a modulus of `b` bits: m and the p − 1 are factored (about
 * twice the work of one factorization in practice, within the effort's budget), then one
 * exponentiation per prime of λ(m) per prime power, and Pocklington attempts.
 */
export function groupCost(b: number, effort: Effort | undefined): number {
  return factorCost(b, effort, 2) + (4 * b * b * mulCost(b)) / 64 + proofCost(b);
}

/** What a unit-group analysis could not factor: m itself, or p − 1 for a prime p of m. */
export const GROUP_STAGE = type("'modulus' | 'group_order'").describe("what could not be factored: m itself, or p − 1 for a prime p of m");

/**
 * A checker's finding whose bindings hold domain values (bigints): the pipeline turns bindings into
 * wire form with `toWire` before validating them, and hands the postcondition the finding as built.
 */
export function finding(verdict: CheckerFinding["verdict"], bindings: object, reason: string): CheckerFinding {
  return { verdict, bindings: bindings as { [key: string]: Json }, reason };
}
