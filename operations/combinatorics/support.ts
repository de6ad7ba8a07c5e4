/**
 * Shared pieces of the combinatorics declarations: the result-size bound, preflight estimates
 * refusing results above it, residues and valuations of results for the postconditions, and the budget.
 * (Not a declaration: the pack lists its operations explicitly.)
 */
import type { Budget, CostEstimate } from "../../domain/declaration.js";
import { JacobianError } from "../../domain/errors.js";
import { toDecimalUnits } from "../../domain/math/combinatorics.js";
import { bitLength } from "../../domain/math/integer.js";
import { grouped } from "../../domain/library.js";

/** Decimal digits of any result (numerator and denominator together for rationals). */
export const MAX_RESULT_DIGITS = 1_000_000;
/** Characters the result schemas accept: the bound plus slack for sign, slash and estimate rounding. */
export const RESULT_CHARS = MAX_RESULT_DIGITS + 64;
/** Digits of a small parameter (n, k): values up to 10^15 − 1; the result bound refuses large ones in preflight. */
export const PARAM_DIGITS = 15;

export const LOG10_2 = Math.log10(2);

/** The two primes (< 2^26) of the residue postconditions. */
export const CHECK_PRIMES = [33_554_393, 33_554_383] as const;

/** Budget of every combinatorics operation (about a minute of work at most). */
export const BUDGET: Budget = { max_units: 3e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 };

export const RESULT_BOUND_DESCRIPTION =
  `requests whose result would have more than ${grouped(MAX_RESULT_DIGITS)} decimal digits (estimated in preflight from a log-gamma or saddle-point bound) are refused with RESOURCE_REFUSED`;

/**
 * The cost estimate of a request whose result has about `resultBits` bits (all fields together):
 * refused (infinite units) when that exceeds MAX_RESULT_DIGITS digits; otherwise `work` plus the
 * decimal conversion of the result and the postcondition's pass over its digits.
 */
export function sized(resultBits: number, work: number, memoryBytes: number, basis: string): CostEstimate {
  const digits = Math.ceil(Math.max(1, resultBits) * LOG10_2);
  const shown = grouped(digits);
  if (digits > MAX_RESULT_DIGITS) {
    return {
      units: Number.POSITIVE_INFINITY,
      memory_bytes: memoryBytes,
      basis: `${basis}: the result would have about ${shown} decimal digits, above the bound of ${grouped(MAX_RESULT_DIGITS)}`,
    };
  }
  const bytes = Math.ceil(resultBits / 8);
  return {
    units: Math.max(1, work + toDecimalUnits(resultBits) + digits / 4),
    memory_bytes: Math.ceil(memoryBytes + 8 * bytes + 4096),
    basis: `${basis}; result of about ${shown} digits`,
  };
}

/** A small parameter (n, k) parsed by the schema to a bigint of at most PARAM_DIGITS digits, as a number (exact below 2^53). */
export const small = (n: bigint): number => Number(n);

/** Residue in [0, m) of a bigint modulo a small positive m (one linear pass). */
export { residue } from "../../domain/math/combinatorics.js";

/** v_2(x), the exponent of 2 in x ≠ 0 (the lowest set bit, found in linear time). */
export function twoAdicValuation(x: bigint): number {
  if (x === 0n) return Number.POSITIVE_INFINITY;
  return bitLength(x & -x) - 1;
}

/** The number of "0" characters at the end of a decimal string. */
export function trailingZeros(digits: string): number {
  let i = digits.length;
  while (i > 0 && digits.charCodeAt(i - 1) === 48) i--;
  return digits.length - i;
}

/** A domain error of this family, with path and hint. */
export function familyDomainError(message: string, path: string, hint: string): JacobianError {
  return new JacobianError("DOMAIN_ERROR", message, { path, hint });
}

/** Primes of the Stirling postconditions (the residue formulas cost O(p²) per prime). */
export const STIRLING_CHECK_PRIMES = [499, 503];

/** Where the Stirling numbers of both kinds vanish: k > n, or k = 0 < n. */
export const stirlingVanishes = (n: number, k: number): boolean => k > n || (k === 0 && n > 0);
