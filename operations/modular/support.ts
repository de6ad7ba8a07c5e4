/** Shared wire pieces and cost helpers of the modular pack. */
import { type } from "arktype";
import type { FactorMap } from "../../domain/math/modular.js";

/** Pollard–Brent (factorInteger) work budget for each factorization an operation makes. */
export const FACTOR_BUDGET = 300_000;
/** Pollard–Brent allowance for the Pocklington proof of one BPSW-probable prime. */
export const PROOF_BUDGET = 100_000;

/** Upper bound on the bit length of a decimal string of `digits` digits. */
export const bitsOfDigits = (digits: number): number => Math.ceil(digits * 3.3219281) + 1;
/** Bits of a decimal integer string (sign ignored). */
export const bitsOf = (s: string): number => bitsOfDigits(s.replace("-", "").length);
export const limbs = (bits: number): number => Math.max(1, Math.ceil(bits / 64));
/** Units of one modular multiplication of `bits`-bit operands (limb products of the product and of the reduction). */
export const mulCost = (bits: number): number => 2 * (limbs(bits) ** 2 + 4);
/** Units of one modular exponentiation with a `expBits`-bit exponent. */
export const powCost = (bits: number, expBits: number): number => 1.3 * Math.max(1, expBits) * mulCost(bits);
/** Units of a Baillie–PSW test of a `bits`-bit number (a base-2 exponentiation and a Lucas sequence). */
export const primalityCost = (bits: number): number => 4 * bits * mulCost(bits) + 200;

/**
 * Units of factorInteger on a `bits`-bit number within FACTOR_BUDGET: trial division, a few
 * primality tests, and Pollard–Brent iterations (about n^(1/4) of them for the hardest split,
 * at most the budget).
 */
export function factorCost(bits: number): number {
  const rho = Math.min(FACTOR_BUDGET, 4 * 2 ** (bits / 4));
  return 170 * limbs(bits) + 3 * primalityCost(bits) + rho * mulCost(bits);
}

export const Certainty = type("'PROVEN' | 'PROBABLE'").describe(
  "PROVEN when every prime the answer relies on is proven (deterministic Miller–Rabin below 3.3·10^24, else a Pocklington certificate); PROBABLE when one is only a Baillie–PSW probable prime",
);

export const factorList = (f: FactorMap): { prime: string; exponent: string }[] => [...f].map(([p, e]) => ({ prime: p.toString(), exponent: String(e) }));

export const CERTAINTY_NOTE =
  "Primes above 3.3·10^24 found by the factorization are Baillie–PSW probable primes; the operation tries a Pocklington proof for each one it relies on and says PROBABLE when that fails.";
