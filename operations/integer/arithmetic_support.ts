/**
 * Shared pieces of the integer arithmetic-function declarations (divisors, σ_k, φ, λ, μ, rad, ω, Ω):
 * the factorization run with its certainty, the wire form of a factorization, the common result
 * branches, the preflight cost model and the postcondition's factorization check.
 * (Not a declaration: the pack lists its operations explicitly.)
 */
import { type } from "arktype";
import type { CostEstimate, ExecutionContext } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { certifyPrimes, type Certainty, type PrimePowers } from "../../domain/math/arithmetic.js";
import { factorInteger } from "../../domain/math/factor.js";
import { bitLength, modPow } from "../../domain/math/integer.js";
import { parseInteger } from "../../domain/values.js";
import { integerString, positiveString } from "../_support/wire.js";

/** Digits of n for the operations that factor it. */
export const FACTOR_MAX_DIGITS = 1000;

/**
 * Limb-weighted Pollard–Brent work of one factorization (iterations · 2(L² + 40) for an L-limb
 * number; the 40 is the fixed cost of an iteration's bigint operations): about 10^6 iterations at
 * 100 digits, 2.2·10^5 at 340 digits, 3·10^4 at 1000 digits — about a second of rho whatever the size.
 */
const FACTOR_WORK = 1.6e8;
const FACTOR_MAX_ITERATIONS = 2_000_000;
const rhoWeight = (L: number): number => 2 * (L * L + 40);
/** Limb-weighted rho work of the Pocklington proofs that upgrade BPSW-probable primes. */
const PROOF_WORK = 4e7;

export const CertaintyType = type("'PROVEN' | 'PROBABLE'").describe(
  "PROVEN: every prime of the factorization is proven (deterministic Miller–Rabin below 3.3·10^24, or a Pocklington certificate); PROBABLE: some prime is only a Baillie–PSW probable prime",
);

export const FactorizationType = type({
  prime: positiveString(FACTOR_MAX_DIGITS).describe("a prime p (or a BPSW probable prime, see certainty)"),
  exponent: positiveString(5).describe("its multiplicity e ≥ 1"),
})
  .array()
  .atMostLength(4000)
  .describe("the prime powers found, ascending by prime; the same shape as the claim of integer.prime_factorization.verify");

export const UnfactoredType = positiveString(FACTOR_MAX_DIGITS).describe('the part of |n| left unfactored within the work budget ("1" when the factorization is complete)');

/** The INCOMPLETE branch shared by every arithmetic-function result. */
export const IncompleteBranch = type({
  status: type("'INCOMPLETE'").describe("the factorization did not complete within the work budget, so the value is not given"),
  factorization: FactorizationType,
  unfactored: UnfactoredType,
});

export const NType = integerString(FACTOR_MAX_DIGITS).describe("n: a non-zero integer as a decimal string (at most 1000 digits); the function is taken at |n|");

export type WireFactor = { prime: string; exponent: string };

export interface FactoredRun {
  complete: boolean;
  factors: PrimePowers;
  wire: WireFactor[];
  unfactored: bigint;
  certainty: Certainty;
}

/** Rho iterations allowed for an n of this many bits. */
function rhoIterations(bits: number): number {
  const L = Math.max(1, Math.ceil(bits / 64));
  return Math.min(FACTOR_MAX_ITERATIONS, Math.floor(FACTOR_WORK / rhoWeight(L)));
}

/** Parse n ≠ 0 (the functions are taken at |n|). */
export function parseNonZero(s: string, what: string): bigint {
  const n = parseInteger(s, "payload.n");
  if (n === 0n) throw domainError(`${what} is not defined at 0`, "payload.n", "give a non-zero integer; negative n is replaced by |n| (PARI/GP convention)");
  return n < 0n ? -n : n;
}

/** Factor |n| with the shared engine under the work budget, then try to prove the BPSW-probable primes. */
export function factorForArithmetic(n: bigint, ctx: ExecutionContext): FactoredRun {
  const checkpoint = () => ctx.checkpoint();
  ctx.progress(0, 2, "factoring");
  const f = factorInteger(n, { budget: rhoIterations(bitLength(n)), checkpoint });
  ctx.progress(1, 2, "certifying primes");
  const factors = f.factors.map(({ prime, exponent }) => ({ prime, exponent }));
  // Certainty only matters for a complete factorization (an INCOMPLETE result states no value).
  const { certainty } = f.status === "COMPLETE" ? certifyPrimes(f, { work: PROOF_WORK, checkpoint }) : { certainty: "PROBABLE" as Certainty };
  ctx.progress(2, 2);
  return {
    complete: f.status === "COMPLETE",
    factors,
    wire: factors.map(({ prime, exponent }) => ({ prime: prime.toString(), exponent: String(exponent) })),
    unfactored: f.cofactor,
    certainty,
  };
}

export function incomplete(run: FactoredRun): { status: "INCOMPLETE"; factorization: WireFactor[]; unfactored: string } {
  return { status: "INCOMPLETE", factorization: run.wire, unfactored: run.unfactored.toString() };
}

export const FACTOR_COST_MODEL =
  "units ≈ 64-bit limb multiplications, for n of b bits (L = ⌈b/64⌉ limbs): trial division 168·L, Baillie–PSW about 8·b·L², " +
  "Pollard–Brent rho min(2^(b/4), R)·2(L² + 40) with R = min(2·10^6, 1.6·10^8 / (2(L² + 40))) iterations (the budget given to the factorization engine), " +
  "plus at most 4·10^7 for Pocklington proofs of primes above 3.3·10^24";

/** The summary sentence every arithmetic-function operation shares. */
export function factorizationDescription(what: string): string {
  return (
    "|n| is factored by the shared engine (trial division, perfect powers, Pollard–Brent rho and whatever the engine adds, under a work budget that shrinks with the size of n). " +
    `status COMPLETE gives ${what} together with the factorization it was computed from (the shape integer.prime_factorization.verify takes) and its certainty: ` +
    "PROVEN when every prime is proven (deterministic Miller–Rabin below 3.3·10^24, else a Pocklington certificate found within budget), PROBABLE when some prime is only a Baillie–PSW probable prime — the value is then right unless that prime is a BPSW pseudoprime (none is known). " +
    "When the factorization does not complete within budget the result is status INCOMPLETE with no value (never a guess): the prime powers found and the unfactored composite part."
  );
}

export const FACTOR_BOUND = { name: "digits", limit: FACTOR_MAX_DIGITS, unit: "decimal digits", description: "n has at most this many digits" };

export const FACTOR_BUDGET = { max_units: 2e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 60_000 };

export const FACTOR_PROGRESS = "stages done out of 2: factorization of |n|, then the primality proofs of its large prime factors";

/** Preflight of a factorization-based operation; `extra` adds the work and memory of the function itself. */
export function factorPreflight(nDigits: number, extra: { units?: number; memory?: number; basis?: string } = {}): CostEstimate {
  const bits = Math.max(1, (nDigits - 1) * 3.33 + 3.33);
  const L = Math.max(1, Math.ceil(bits / 64));
  const w = rhoWeight(L);
  const rho = Math.min(2 ** (bits / 4), rhoIterations(bits)) * w;
  const proof = bits > 81 ? PROOF_WORK : 0;
  const units = 168 * L + 8 * bits * L * L + rho + proof + (extra.units ?? 0);
  return {
    units,
    memory_bytes: 2 ** 20 + L * 8 * 64 + (extra.memory ?? 0),
    basis: `n of about ${Math.round(bits)} bits${extra.basis ? `; ${extra.basis}` : ""}`,
  };
}

/**
 * Postcondition part shared by the arithmetic functions: the factorization is well formed
 * (ascending distinct primes, exponents ≥ 1), each prime passes a base-3 Fermat test (independent
 * of the engine's base-2 strong test and Lucas test), and Π p^e · unfactored = |n|.
 */
export function checkFactorization(nWire: string, res: { factorization: WireFactor[]; unfactored: string; status: string }): string | null {
  let n = BigInt(nWire);
  if (n < 0n) n = -n;
  let prev = 1n;
  let prod = BigInt(res.unfactored);
  for (const { prime, exponent } of res.factorization) {
    const p = BigInt(prime);
    if (p <= prev) return "the primes are not strictly ascending";
    prev = p;
    if (p > 3n && modPow(3n, p - 1n, p) !== 1n) return `${p} is listed as prime but fails a base-3 Fermat test`;
    prod *= p ** BigInt(exponent);
  }
  if (prod !== n) return "the factorization times the unfactored part is not |n|";
  if (res.status === "INCOMPLETE" && res.unfactored === "1") return "an incomplete result has an unfactored part 1";
  return null;
}

/** The factorization of a result as prime powers (for the postcondition's recomputation). */
export function factorsOf(res: { factorization: WireFactor[] }): PrimePowers {
  return res.factorization.map(({ prime, exponent }) => ({ prime: BigInt(prime), exponent: Number(exponent) }));
}

export const FACTOR_PORTS = { n: { field: "n", kind: "integer", description: "the integer n" } };
