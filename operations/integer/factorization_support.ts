/**
 * The prime factorization's value shape, shared by its producer (integer.prime_factorization.compute)
 * and its checker (integer.prime_factorization.verify): the producer's value is the checker's claim
 * unchanged, statuses, cofactor and methods included. (Not a declaration.)
 */
import { type } from "arktype";
import { object } from "../_support/kinds.js";
import { positiveField } from "./builtin.js";
import { PrimalityStatus } from "./prime_support.js";

/** The result kind of integer.prime_factorization.compute, taken by integer.prime_factorization.verify as its claim. */
export const FACTORIZATION_KIND = "integer.prime_factorization";
/** Prime powers in one factorization (a 2000-digit number has fewer than 700 distinct prime factors). */
export const MAX_FACTORS = 1000;
/** Digits of an exponent: at most 9999 (a 2000-digit number has no exponent above 6644). */
export const MAX_EXPONENT_DIGITS = 4;

export { EFFORT, type Effort } from "../_support/effort.js";

const Unit = type("'1' | '-1'").describe("the sign of n: n = unit · Π p^e (· cofactor)");
const Completeness = type("'COMPLETE' | 'INCOMPLETE'").describe("COMPLETE: |n| = Π p^e; INCOMPLETE: the work budget ran out, and |n| = Π p^e · cofactor");
const FactorStatus = PrimalityStatus.describe(
  "PROVEN: trial division, deterministic Miller–Rabin (below 3.3·10^24) or a Pocklington certificate found within budget; PROBABLE: a Baillie–PSW probable prime that could not be proven within budget (no counterexample to BPSW is known)",
);
/** The engine's methods are distinct, in the order first used. */
const Methods = type("'trial_division' | 'perfect_power' | 'rho' | 'ecm' | 'siqs'").array().atMostLength(5).describe("the methods that produced a split, in the order first used");

const primeAndExponent = (digits: number) => ({
  prime: positiveField(digits, "a prime factor p"),
  exponent: positiveField(MAX_EXPONENT_DIGITS, "its multiplicity e ≥ 1"),
});
const cofactor = (digits: number) => positiveField(digits, "INCOMPLETE only: the composite part of |n| left unfactored (it may still contain primes already listed)");

/** The producer's result, for n of at most `digits` digits. */
export const factorizationShape = (digits: number) => ({
  unit: Unit,
  factors: object({ ...primeAndExponent(digits), status: FactorStatus })
    .array()
    .atMostLength(MAX_FACTORS)
    .describe("the prime powers found, ascending by prime"),
  status: Completeness,
  "cofactor?": cofactor(digits),
  methods: Methods,
});

/**
 * The checker's claim: the producer's value unchanged, or less of it — the prime powers alone (in any
 * order, a prime may repeat), with the unit, statuses, completeness and methods optional.
 */
export const factorizationClaimShape = (digits: number) => ({
  "unit?": Unit,
  factors: object({ ...primeAndExponent(digits), "status?": FactorStatus })
    .array()
    .atMostLength(MAX_FACTORS)
    .describe("the claimed prime powers n = unit · Π p^e (· cofactor), in any order (empty for n = ±1); a `status` is accepted and ignored: every prime is proven here"),
  "status?": Completeness,
  "cofactor?": cofactor(digits),
  "methods?": Methods,
});
