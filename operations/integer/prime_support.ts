/**
 * Shared pieces of the prime operations (primality, next/previous/n-th prime, π(x), certificate
 * checker): the wire form of Pocklington certificates and the cost model of modular arithmetic.
 * (Not a declaration.)
 */
import { type } from "arktype";
import type { CostEstimate } from "../../domain/declaration.js";
import { gcd, isSquare, product } from "../../domain/math/integer.js";
import { DETERMINISTIC_MR_LIMIT, smallPrimes, type PocklingtonStep } from "../../domain/math/primality.js";
import { searchSieveBound } from "../../domain/math/primes.js";
import { positiveString } from "../_support/wire.js";

/** Largest number (digits) a certificate step may carry. */
export const CERT_MAX_DIGITS = 2000;
/** At most this many steps in one certificate, and prime powers / witnesses in one step. */
export const CERT_MAX_STEPS = 500;
export const CERT_MAX_FACTORS = 500;

const PrimePower = type({
  prime: positiveString(CERT_MAX_DIGITS).describe("a prime q"),
  exponent: positiveString(5).describe("its exponent e ≥ 1 (at most 5 digits)"),
});

export const PocklingtonStepWire = type({
  n: positiveString(CERT_MAX_DIGITS).describe("the number m this step proves prime"),
  factored: PrimePower.array().atMostLength(CERT_MAX_FACTORS).describe("a factored part F = Π q^e of m − 1 with F² > m"),
  witnesses: type({
    q: positiveString(CERT_MAX_DIGITS).describe("a prime q of F"),
    a: positiveString(CERT_MAX_DIGITS).describe("a base with a^(m−1) ≡ 1 and gcd(a^((m−1)/q) − 1, m) = 1 (mod m)"),
  })
    .array()
    .atMostLength(CERT_MAX_FACTORS)
    .describe("one witness base per distinct prime q of F"),
}).describe("one Pocklington step: F | m − 1 completely factored, F² > m, and a witness for each prime of F");

export const PrattStepWire = type({
  n: positiveString(CERT_MAX_DIGITS).describe("the number m this step proves prime"),
  a: positiveString(CERT_MAX_DIGITS).describe("a primitive root candidate: a^(m−1) ≡ 1 and a^((m−1)/q) ≢ 1 (mod m) for every prime q | m − 1"),
  factors: PrimePower.array().atMostLength(CERT_MAX_FACTORS).describe("the complete factorization m − 1 = Π q^e"),
}).describe("one Pratt (Lucas) step: the full factorization of m − 1 and an element of order m − 1");

export const PocklingtonCertificateWire = type({
  format: "'pocklington'",
  steps: PocklingtonStepWire.array().atMostLength(CERT_MAX_STEPS),
}).describe(
  "a Pocklington (N − 1) certificate: one step per prime that is not below 3317044064679887385961981 (smaller primes are settled by the checker itself)",
);

export const PrattCertificateWire = type({
  format: "'pratt'",
  steps: PrattStepWire.array().atMostLength(CERT_MAX_STEPS),
}).describe("a Pratt certificate: one step per prime that is not below 3317044064679887385961981 (smaller primes are settled by the checker itself)");

export type PocklingtonStepJson = typeof PocklingtonStepWire.infer;
export type PrattStepJson = typeof PrattStepWire.infer;

/** A library certificate step on the wire: factored part as prime powers, witnesses in order. */
export function stepToWire(s: PocklingtonStep): PocklingtonStepJson {
  const counts = new Map<bigint, number>();
  for (const q of s.factored) counts.set(q, (counts.get(q) ?? 0) + 1);
  return {
    n: s.n.toString(),
    factored: [...counts].map(([q, e]) => ({ prime: q.toString(), exponent: String(e) })),
    witnesses: s.witnesses.map((w) => ({ q: w.q.toString(), a: w.a.toString() })),
  };
}

/** The wire step back as a library step (exponents expanded). */
export function stepFromWire(j: PocklingtonStepJson): PocklingtonStep {
  const factored: bigint[] = [];
  for (const f of j.factored) for (let i = 0; i < Number(f.exponent); i++) factored.push(BigInt(f.prime));
  return { n: BigInt(j.n), factored, witnesses: j.witnesses.map((w) => ({ q: BigInt(w.q), a: BigInt(w.a) })) };
}

/**
 * Cost of one modular multiplication of b-bit numbers, in 64-bit limb operations: a product and a
 * division, schoolbook up to 40 limbs, Karatsuba-like (L^1.585) above, as V8's BigInt does.
 */
export function mulmodUnits(bits: number): number {
  const L = Math.max(1, Math.ceil(bits / 64));
  return L <= 40 ? 2.5 * L * L + 8 : 2.5 * 40 ** 0.415 * L ** 1.585 + 8;
}

/** Bits of a decimal string's value (upper estimate). */
export const bitsOfDigits = (digits: number): number => Math.ceil(digits * 3.3220) + 1;

/** Cost of one Baillie–PSW test (a strong base-2 test and a strong Lucas test) on a b-bit number. */
export function bpswUnits(bits: number): number {
  return 3 * bits * mulmodUnits(bits) + 400;
}

/**
 * Primality of a safe integer m by trial division with 2, 3 and the numbers 6k ± 1 up to √m:
 * independent of the library's tests (used by postconditions and checkers). Returns the least
 * divisor > 1 when m is composite, 0 when m is prime, 1 when m < 2.
 */
export function leastDivisorByTrial(m: number): number {
  if (!Number.isSafeInteger(m)) throw new RangeError("leastDivisorByTrial: m must be a safe integer");
  if (m < 2) return 1;
  if (m % 2 === 0) return m === 2 ? 0 : 2;
  if (m % 3 === 0) return m === 3 ? 0 : 3;
  for (let d = 5; d * d <= m; d += 6) {
    if (m % d === 0) return d;
    if (m % (d + 2) === 0) return d + 2;
  }
  return 0;
}

/* ---------------- next / previous prime ---------------- */

export const PRIME_SEARCH_MAX_DIGITS = 1500;

export const PRIME_SEARCH_COST_MODEL =
  "units ≈ 64-bit limb operations. Below 2^40: a segmented sieve of a few thousand numbers (≈ 10^5 units). Above, for b-bit n: the sieve by the primes up to B " +
  "(B = 0.2·b², between 2^10 and 2^21) costs π(B)·L bigint residues; about 0.56·ln(n)/ln(B) survivors are expected before the prime (gaps are about ln n), " +
  "each costing one strong base-2 test (b modular multiplications), and the prime one Baillie–PSW test; the estimate takes twice the expected number of survivors.";

const PRIMORIAL_1000 = product(smallPrimes.map(BigInt));

export function primeSearchPreflight(nString: string): CostEstimate {
  const digits = nString.replace("-", "").length;
  const bits = bitsOfDigits(digits);
  if (bits <= 41) return { units: 1e5, memory_bytes: 2 ** 20, basis: `n of about ${bits} bits: sieve` };
  const B = searchSieveBound(bits);
  const L = Math.max(1, Math.ceil(bits / 64));
  const survivors = (2 * 0.5615 * bits * Math.LN2) / Math.log(B);
  const units = (B / Math.log(B)) * L + survivors * bits * mulmodUnits(bits) + bpswUnits(bits);
  return { units, memory_bytes: B + Math.ceil(bits / 8) * 64 + 2 ** 20, basis: `n of about ${bits} bits: about ${Math.round(survivors / 2)} candidates expected` };
}

/**
 * Cheap, independent checks of a prime p found next to n: the status fits the size; p ≤ 10^12 is
 * prime by trial division, larger p has no prime factor below 1000 and is not a square; when both
 * ends are below 10^9, every number strictly between them is composite by trial division.
 */
export function checkSearchResult(n: bigint, p: bigint, status: "PROVEN" | "PROBABLE"): string | null {
  if ((status === "PROVEN") !== p < DETERMINISTIC_MR_LIMIT) return "the status does not fit the size of p (PROVEN exactly below 3317044064679887385961981)";
  if (p <= 1_000_000_000_000n) {
    if (leastDivisorByTrial(Number(p)) !== 0) return "p is not prime (trial division)";
  } else if (gcd(p, PRIMORIAL_1000) !== 1n || isSquare(p)) return "p has a small factor or is a square";
  const lo = n < p ? n : p, hi = n < p ? p : n;
  if (hi < 1_000_000_000n) {
    for (let m = Number(lo) + 1; m < Number(hi); m++) if (m >= 2 && leastDivisorByTrial(m) === 0) return `${m} is a prime between n and p`;
  }
  return null;
}
