/**
 * Shared pieces of the combinatorics declarations: the result-size bound, preflight estimates
 * refusing results above it, residues and valuations of results for the postconditions, and the budget.
 * (Not a declaration: the pack lists its operations explicitly.)
 */
import type { Budget, CostEstimate } from "../../domain/declaration.js";
import { JacobianError } from "../../domain/errors.js";
import { toDecimalUnits } from "../../domain/math/combinatorics.js";
import { bitLength } from "../../domain/math/integer.js";
import { basePrimes } from "../../domain/math/primes.js";
import { grouped } from "../../domain/library.js";

/** Decimal digits of any result (numerator and denominator together for rationals). */
export const MAX_RESULT_DIGITS = 1_000_000;
/** Bits of the largest result the bound admits (numerator and denominator together), with slack. */
const MAX_RESULT_BITS = Math.ceil((MAX_RESULT_DIGITS + 64) / Math.log10(2));
/** Characters the result schemas accept: the bound plus slack for sign, slash and estimate rounding. */
export const RESULT_CHARS = MAX_RESULT_DIGITS + 64;
/** Digits of a small parameter (n, k): values up to 10^15 − 1; the result bound refuses large ones in preflight. */
export const PARAM_DIGITS = 15;

export const LOG10_2 = Math.log10(2);

const CHECK_PRIME_MIN = 2 ** 25;
/** Primes in [2^25, 2^26) (π(2^26) − π(2^25) = 1,894,120, rounded down). */
const CHECK_PRIMES_IN_RANGE = 1_890_000;
/** A wrong value passes the residue checks with probability below 2^−CHECK_MISS_BITS, whatever it is. */
const CHECK_MISS_BITS = 32;
/** Trial divisors for candidates below 2^26 (√(2^26) = 2^13). */
const TRIAL_PRIMES = basePrimes(2 ** 13);

/** Fills a word array with unpredictable bits (the Web Crypto source of the platform). */
export type WordSource = (words: Uint32Array) => void;
const cryptoWords: WordSource = (words) => {
  globalThis.crypto.getRandomValues(words);
};

/**
 * How many random primes of [2^25, 2^26) a residue check of a value of about `bits` bits (the larger
 * of the value and the correct result) draws so that a wrong value passes with probability below
 * 2^−32: a wrong v differs from the correct t by a non-zero d with |d| < 2^(bits + 1), which has at
 * most (bits + 1)/25 prime factors in the range, so one draw misses d with probability at most
 * q = (bits + 1)/(25·1.89·10^6) and k distinct draws with probability at most q^k (0.2 % per draw
 * for a 10^5-bit value: 4 primes; 3 % for 10^5! (1.5·10^6 bits): 7 primes; at most 9, at the result
 * bound). At least 2.
 */
export function checkPrimeCount(bits: number): number {
  // Every result of the family (and so every correct value a claim is compared with) is below the
  // result bound, and a larger claimed value is already wrong: sizes beyond it count as the bound.
  const q = (Math.min(Math.max(1, bits), MAX_RESULT_BITS) + 1) / (25 * CHECK_PRIMES_IN_RANGE);
  return Math.max(2, Math.ceil(CHECK_MISS_BITS / -Math.log2(q)));
}

/**
 * `count` distinct primes drawn uniformly at random from [2^25, 2^26) for one postcondition call
 * (odd candidates from the platform's cryptographic random source, kept when trial division by the
 * primes up to 2^13 finds no factor). The residue checks compare the result modulo these primes with
 * an independent computation; the primes are unpredictable (not fixed, not seeded), so no input can
 * be chosen to make a wrong value agree with the check (see checkPrimeCount for the bound). Primes
 * below 2^26 keep the residue arithmetic exact in doubles; above 2^25 they exceed every n whose n!
 * (or (2n)!, n!!) a residue formula of the family reduces (n ≤ 4.8·10^6), so those residues are not 0.
 */
export function checkPrimes(count: number, fill: WordSource = cryptoWords): number[] {
  const out: number[] = [];
  const words = new Uint32Array(64);
  while (out.length < count) {
    fill(words);
    for (let i = 0; i < words.length && out.length < count; i++) {
      const p = (CHECK_PRIME_MIN + (words[i]! & (CHECK_PRIME_MIN - 1))) | 1;
      if (isPrimeBelow2p26(p) && !out.includes(p)) out.push(p);
    }
  }
  return out;
}

/**
 * The random check primes for a claimed value v whose correct value has about `expectedBits` bits
 * (the preflight's estimate): the count covers the larger of the two sizes.
 */
export const checkPrimesFor = (v: bigint, expectedBits: number, fill?: WordSource): number[] =>
  checkPrimes(checkPrimeCount(sizeAtLeast(v, expectedBits)), fill);

/**
 * max(bitLength(v), bits), exactly, for bits ≥ 0. A value no longer than the estimate is recognised by
 * comparisons with 2^⌊bits⌋ and 2^⌈bits⌉ (a bigint comparison decides by the lengths first), not by
 * a pass over its digits: bitLength(v) ≤ ⌊bits⌋ gives bits; ⌊bits⌋ < bitLength(v) ≤ ⌈bits⌉ gives the
 * integer ⌈bits⌉. Only a value longer than the estimate is measured (10^5!: 0.33 ms → 0.1 ms).
 */
export function sizeAtLeast(v: bigint, bits: number): number {
  const a = v < 0n ? -v : v;
  const lo = Math.floor(bits), hi = Math.ceil(bits);
  if (!(lo >= 64) || !Number.isSafeInteger(hi)) return Math.max(bitLength(a), bits);
  if (a < 1n << BigInt(lo)) return bits;
  if (a < 1n << BigInt(hi)) return hi;
  return bitLength(a);
}

/** Primality of an odd 3 ≤ p < 2^26 by trial division by the primes up to 2^13. */
export function isPrimeBelow2p26(p: number): boolean {
  for (let i = 0; i < TRIAL_PRIMES.length; i++) {
    const d = TRIAL_PRIMES[i]!;
    if (d * d > p) return true;
    if (p % d === 0) return p === d;
  }
  return true;
}

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

/** Residue in [0, m) of a bigint modulo a small positive m (one linear pass), and residues modulo several (one pass per two). */
export { residue, residues } from "../../domain/math/combinatorics.js";

/**
 * v_2(x), the exponent of 2 in x ≠ 0. The low 2^i bits for i = 6, 7, … (BigInt.asUintN, a copy of
 * those bits only) until they are not all zero, then the lowest set bit of that piece above the
 * known zero half: O(v_2(x)) work instead of passes over all of x (10^5!: 0.2 ms → 0.01 ms).
 */
export function twoAdicValuation(x: bigint): number {
  if (x === 0n) return Number.POSITIVE_INFINITY;
  let s = 64;
  let low = BigInt.asUintN(s, x);
  while (low === 0n) {
    s *= 2;
    low = BigInt.asUintN(s, x);
  }
  // The low s/2 bits are zero (s > 64), so the lowest set bit lies in [s/2, s).
  const skip = s === 64 ? 0 : s / 2;
  const piece = low >> BigInt(skip);
  return skip + bitLength(piece & -piece) - 1;
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
