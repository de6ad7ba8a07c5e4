/**
 * Shared pieces of the combinatorics declarations: the result-size bound, preflight estimates
 * refusing results above it, residues of decimal strings for the postconditions, and the budget.
 * (Not a declaration: the pack lists its operations explicitly.)
 */
import type { Budget, CostEstimate } from "../../domain/declaration.js";
import { JacobianError } from "../../domain/errors.js";
import { toDecimalUnits } from "../../domain/math/combinatorics.js";

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
  `requests whose result would have more than ${MAX_RESULT_DIGITS.toLocaleString("en")} decimal digits (estimated in preflight from a log-gamma or saddle-point bound) are refused with RESOURCE_REFUSED`;

/**
 * The cost estimate of a request whose result has about `resultBits` bits (all fields together):
 * refused (infinite units) when that exceeds MAX_RESULT_DIGITS digits; otherwise `work` plus the
 * decimal conversion of the result and the postcondition's pass over its digits.
 */
export function sized(resultBits: number, work: number, memoryBytes: number, basis: string): CostEstimate {
  const digits = Math.ceil(Math.max(1, resultBits) * LOG10_2);
  const shown = digits.toLocaleString("en");
  if (digits > MAX_RESULT_DIGITS) {
    return {
      units: Number.POSITIVE_INFINITY,
      memory_bytes: memoryBytes,
      basis: `${basis}: the result would have about ${shown} decimal digits, above the bound of ${MAX_RESULT_DIGITS.toLocaleString("en")}`,
    };
  }
  const bytes = Math.ceil(resultBits / 8);
  return {
    units: Math.max(1, work + toDecimalUnits(resultBits) + digits / 4),
    memory_bytes: Math.ceil(memoryBytes + 8 * bytes + 4096),
    basis: `${basis}; result of about ${shown} digits`,
  };
}

/** Parse a wire integer string known (by schema) to have at most PARAM_DIGITS digits. */
export const small = (s: string): number => Number(s);

/**
 * Residue in [0, m) of a decimal integer string (optional leading "−") modulo m < 2^26, read in
 * chunks of 7 digits (r·10^7 + chunk < 2^50: exact in doubles); no bigint is built.
 */
export function decimalResidue(s: string, m: number): number {
  const neg = s.startsWith("-");
  const body = neg ? s.slice(1) : s;
  let r = 0;
  let i = 0;
  const head = body.length % 7;
  if (head) {
    r = Number(body.slice(0, head)) % m;
    i = head;
  }
  for (; i < body.length; i += 7) r = (r * 1e7 + Number(body.slice(i, i + 7))) % m;
  return neg && r !== 0 ? m - r : r;
}

/** Split a rational wire string "p/q" (or an integer) into its numerator and denominator strings. */
export function ratParts(s: string): { num: string; den: string } {
  const slash = s.indexOf("/");
  return slash < 0 ? { num: s, den: "1" } : { num: s.slice(0, slash), den: s.slice(slash + 1) };
}

/** Number of trailing zeros of a decimal string. */
export function trailingZeros(s: string): number {
  let z = 0;
  for (let i = s.length - 1; i > 0 && s.charCodeAt(i) === 48; i--) z++;
  return z;
}

/** A domain error of this family, with path and hint. */
export function familyDomainError(message: string, path: string, hint: string): JacobianError {
  return new JacobianError("DOMAIN_ERROR", message, { path, hint });
}
