/**
 * Shared pieces of the diophantine declarations: size caps and cost estimates.
 * (Not a declaration: the pack lists its operations explicitly.)
 */

/** Variables of a linear equation. */
export const MAX_VARIABLES = 100;
/** Digits of a coefficient or of the right-hand side of a linear equation. */
export const MAX_LINEAR_DIGITS = 1000;
/** Digits of an entry of a solution or of a kernel vector (entries stay below about the product of two coefficients). */
export const MAX_SOLUTION_DIGITS = 2 * MAX_LINEAR_DIGITS + 10;

export const LOG2_10 = Math.log2(10);
export const limbsOfDigits = (digits: number): number => Math.ceil((digits * LOG2_10) / 64) + 1;

/** Largest number of digits of a list of integer strings (sign excluded). */
export const maxDigits = (xs: readonly string[]): number => xs.reduce((m, x) => Math.max(m, x.length - (x.startsWith("-") ? 1 : 0)), 1);
