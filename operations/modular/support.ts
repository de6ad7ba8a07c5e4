/** Shared wire pieces and cost helpers of the modular pack. */
import { type } from "arktype";
import { jacobi as jacobiSymbol } from "../../domain/math/integer.js";
import type { FactorMap, NonSquareReason } from "../../domain/math/modular.js";
import { decidePrimality } from "../../domain/math/primality.js";
import { integerString, naturalString, positiveString } from "../_support/wire.js";

/** Pollard–Brent (factorInteger) work budget for each factorization an operation makes. */
export const FACTOR_BUDGET = 300_000;
/** Limb-weighted Pollard–Brent work (arithmetic.certifyPrimes) for the Pocklington proofs of one call. */
export const PROOF_WORK = 4e7;

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
  "Primes above 3.3·10^24 are Baillie–PSW probable primes; the operation tries a Pocklington proof of each one it relies on (bounded work) and says PROBABLE when that fails.";

export const CRT_MAX_DIGITS = 10_000;
export const CRT_MAX_CONGRUENCES = 1000;
export const Congruence = type({
  residue: integerString(CRT_MAX_DIGITS).describe("r_i, any integer (at most 10,000 digits)"),
  modulus: positiveString(CRT_MAX_DIGITS).describe("m_i ≥ 1 (at most 10,000 digits)"),
});
export const Congruences = Congruence.array()
  .atMostLength(CRT_MAX_CONGRUENCES)
  .describe("the system x ≡ r_i (mod m_i); moduli need not be coprime (at most 1000 congruences)");

/** The modulus bound of sqrt_mod and quadratic_residue (and their checker): a witness's divisor divides n. */
const WITNESS_MAX_DIGITS = 500;

/** A checkable reason why a is not a square modulo n (from analyzeSqrt). */
export const NonSquareWitness = type({
  reason: type("'odd_valuation' | 'legendre' | 'mod_4' | 'mod_8' | 'jacobi'").describe(
    "odd_valuation: v_p(a mod p^k) is odd and below k; legendre: a = p^v·u (v even < k) with (u/p) = −1; mod_4 / mod_8: p = 2, a = 2^v·u (v even < k) with u ≡ 3 (mod 4) when k − v = 2, u ≢ 1 (mod 8) when k − v ≥ 3; " +
      "jacobi: an odd divisor d of n (the unfactored part) coprime to a with Jacobi symbol (a/d) = −1",
  ),
  divisor: positiveString(WITNESS_MAX_DIGITS).describe("the divisor d of n modulo which a is not a square: p^k (p^k ∥ n) or the unfactored part"),
  "prime?": positiveString(WITNESS_MAX_DIGITS).describe("the prime p of d = p^k (absent for jacobi)"),
  // v < k ≤ log2(n) < 1700 for n of at most 500 digits.
  "valuation?": naturalString(4).describe("v = v_p(a mod p^k) (absent for jacobi)"),
}).describe("why no square root exists: a is not a square modulo the divisor d of n, hence not modulo n");
export type NonSquareWitnessWire = typeof NonSquareWitness.infer;

export function nonSquareWitness(x: { reason: NonSquareReason } | { jacobi: { divisor: bigint } }): NonSquareWitnessWire {
  if ("jacobi" in x) return { reason: "jacobi", divisor: x.jacobi.divisor.toString() };
  const r = x.reason;
  return { reason: r.kind, divisor: (r.prime ** BigInt(r.exponent)).toString(), prime: r.prime.toString(), valuation: String(r.valuation) };
}

/**
 * Independent check of a non-square witness for a modulo n: null when it proves that no x has
 * x² ≡ a (mod n), else why not. Uses only d | n and the stated local rule (and that p is prime).
 */
export function checkNonSquareWitness(a: bigint, n: bigint, w: NonSquareWitnessWire): string | null {
  const d = BigInt(w.divisor);
  if (d < 2n || n % d !== 0n) return "the divisor does not divide n";
  if (w.reason === "jacobi") {
    if ((d & 1n) === 0n) return "the Jacobi divisor is even";
    return jacobiSymbol(a, d) === -1 ? null : "the Jacobi symbol (a/d) is not −1";
  }
  if (w.prime === undefined || w.valuation === undefined) return "prime and valuation are required";
  const p = BigInt(w.prime);
  // p = 1 would never shrink the divisor below: the loop must not start.
  if (p < 2n) return "the prime is below 2";
  let k = 0;
  for (let q = d; q > 1n; q /= p) {
    if (q % p !== 0n) return "the divisor is not a power of the prime";
    k++;
  }
  if (!decidePrimality(p).prime) return "p is not prime";
  const r = ((a % d) + d) % d;
  if (r === 0n) return "a ≡ 0 (mod p^k) is a square";
  let v = 0, u = r;
  while (u % p === 0n) {
    u /= p;
    v++;
  }
  if (String(v) !== w.valuation) return "the valuation is wrong";
  if (w.reason === "odd_valuation") return v % 2 === 1 ? null : "the valuation is even";
  if (v % 2 === 1) return "the valuation is odd (a different reason applies)";
  const j = k - v;
  if (w.reason === "legendre") return p !== 2n && jacobiSymbol(u, p) === -1 ? null : "(u/p) is not −1";
  if (p !== 2n) return "mod_4 / mod_8 apply to p = 2";
  if (w.reason === "mod_4") return j === 2 && u % 4n === 3n ? null : "u ≢ 3 (mod 4) or k − v ≠ 2";
  return j >= 3 && u % 8n !== 1n ? null : "u ≡ 1 (mod 8) or k − v < 3";
}

export const DLOG_MAX_DIGITS = 500;
const FactorWire = type({ prime: positiveString(DLOG_MAX_DIGITS), exponent: positiveString(5) });

/** A checkable argument that g^x ≡ h (mod m) has no solution x ≥ 0 (see modular.discrete_log.verify). */
export const DlogWitness = type({
  kind: "'non_unit_target'",
  divisor: positiveString(DLOG_MAX_DIGITS).describe("d | m with gcd(g, d) = 1 < gcd(h, d): every power of g is a unit modulo d, h is not"),
})
  .or({
    kind: "'vanishing'",
    divisor: positiveString(DLOG_MAX_DIGITS).describe("d | m made of primes of g, with g^T ≡ 0 (mod d) but h ≢ 0 (mod d)"),
    threshold: type("0 <= number.integer <= 2000").describe("T: no x < T has g^x ≡ h (mod m), and g^x ≡ 0 (mod d) for x ≥ T"),
  })
  .or({
    kind: "'order'",
    forced_modulus: positiveString(DLOG_MAX_DIGITS).describe("m1 | m, coprime to g, modulo which every solution is forced: x ≡ forced_log (mod forced_order) (1 when nothing is forced)"),
    forced_log: type(/^(0|[1-9][0-9]*)$/).describe("x1 with g^x1 ≡ h (mod m1)"),
    forced_order: positiveString(DLOG_MAX_DIGITS).describe("n1, the exact order of g modulo m1"),
    forced_order_factorization: FactorWire.array().describe("the prime factorization of n1 (it makes the exactness of n1 checkable)"),
    modulus: positiveString(DLOG_MAX_DIGITS).describe("m2 | m, coprime to g"),
    exponent: positiveString(DLOG_MAX_DIGITS).describe("N with (g^n1)^N ≡ 1 (mod m2) but (h·g^−x1)^N ≢ 1 (mod m2)"),
  })
  .describe("why no x exists; every field is re-checkable with a few exponentiations and gcds");
export type DlogWitnessWire = typeof DlogWitness.infer;
