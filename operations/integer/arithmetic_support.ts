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
import { DEFAULT_FACTOR_BUDGET, factorInteger, siqsWorkEstimate } from "../../domain/math/factor.js";
import { modPow } from "../../domain/math/integer.js";
import { parseInteger } from "../../domain/values.js";
import { integerString, positiveString } from "../_support/wire.js";

/** Digits of n for the operations that factor it. */
export const FACTOR_MAX_DIGITS = 1000;

/**
 * Work budgets of the factorization engine by effort (engine units ≈ one modular multiplication of
 * ≤ 256-bit numbers, 0.1–0.5 µs; the same levels as integer.prime_factorization.compute).
 */
export const EFFORT = { quick: 1e6, standard: DEFAULT_FACTOR_BUDGET, thorough: 5e8 } as const;
export type Effort = keyof typeof EFFORT;
/** Operation cost units (≈ 64-bit limb multiplications) per engine work unit. */
const UNITS_PER_WORK = 256;
/** Limb-weighted rho work of the Pocklington proofs that upgrade BPSW-probable primes. */
const PROOF_WORK = 4e7;

export const EffortType = type("'quick' | 'standard' | 'thorough'").describe(
  "factorization work budget: quick ≈ 10^6 engine units (under a second: rho, ECM to ~12–15-digit factors, SIQS to ~40 digits), standard (default) ≈ 3·10^7 (seconds: SIQS to ~55 digits, ECM to ~20-digit factors), thorough ≈ 5·10^8 (minutes: SIQS to ~65 digits, ECM to ~30-digit factors)",
);

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

/** Parse n ≠ 0 (the functions are taken at |n|). */
export function parseNonZero(s: string, what: string): bigint {
  const n = parseInteger(s, "payload.n");
  if (n === 0n) throw domainError(`${what} is not defined at 0`, "payload.n", "give a non-zero integer; negative n is replaced by |n| (PARI/GP convention)");
  return n < 0n ? -n : n;
}

/** Factor |n| with the shared engine under the effort's work budget, then try to prove the BPSW-probable primes. */
export function factorForArithmetic(n: bigint, effort: Effort | undefined, ctx: ExecutionContext): FactoredRun {
  const checkpoint = () => ctx.checkpoint();
  const f = factorInteger(n, { budget: EFFORT[effort ?? "standard"], checkpoint, progress: (done, total, message) => ctx.progress(done, total, message) });
  const factors = f.factors.map(({ prime, exponent }) => ({ prime, exponent }));
  // Certainty only matters for a complete factorization (an INCOMPLETE result states no value).
  const { certainty } = f.status === "COMPLETE" ? certifyPrimes(f, { work: PROOF_WORK, checkpoint }) : { certainty: "PROBABLE" as Certainty };
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
  `units ≈ 64-bit limb multiplications = ${UNITS_PER_WORK} × engine work units (one engine unit ≈ one modular multiplication of ≤ 256-bit numbers), the engine work estimated for n of b bits and d digits as ` +
  "b²/4096 + 2000 (trial division, primality tests) plus 3·2^(b/4) (rho, d < 14) or the expected SIQS work 4·10^6·12^((d − 50)/10) (d ≤ 90) or the whole budget (d > 90), " +
  "capped by the effort's work budget (quick 10^6, standard 3·10^7, thorough 5·10^8: the factorization stops there with INCOMPLETE), plus at most 4·10^7 for Pocklington proofs of primes above 3.3·10^24";

/** The summary sentence every arithmetic-function operation shares. */
export function factorizationDescription(what: string): string {
  return (
    "|n| is factored by the shared engine (trial division, perfect powers, Pollard–Brent rho, ECM, SIQS) within the work budget chosen by `effort` (as integer.prime_factorization.compute). " +
    `status COMPLETE gives ${what} together with the factorization it was computed from (the shape integer.prime_factorization.verify takes) and its certainty: ` +
    "PROVEN when every prime is proven (deterministic Miller–Rabin below 3.3·10^24, else a Pocklington certificate found within budget), PROBABLE when some prime is only a Baillie–PSW probable prime — the value is then right unless that prime is a BPSW pseudoprime (none is known). " +
    "When the factorization does not complete within budget the result is status INCOMPLETE with no value (never a guess): the prime powers found and the unfactored composite part."
  );
}

export const FACTOR_BOUNDS = [
  { name: "digits", limit: FACTOR_MAX_DIGITS, unit: "decimal digits", description: "n has at most this many digits" },
  { name: "work", limit: EFFORT.thorough, unit: "engine work units", description: "the factorization stops at the effort's budget (quick 10^6, standard 3·10^7, thorough 5·10^8) and the result is INCOMPLETE" },
];

export const FACTOR_BUDGET = { max_units: 2e11, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 900_000 };

export const FACTOR_PROGRESS = "engine work units spent out of the effort's work budget; the message names the phase (trial division, rho, ECM, SIQS)";

/** Preflight of a factorization-based operation; `extra` adds the work and memory of the function itself. */
export function factorPreflight(nDigits: number, effort: Effort | undefined, extra: { units?: number; memory?: number; basis?: string } = {}): CostEstimate {
  const bits = Math.max(1, (nDigits - 1) * 3.33 + 1) + 3.3;
  const cap = EFFORT[effort ?? "standard"];
  let work = (bits * bits) / 4096 + 2000;
  if (nDigits < 14) work += 3 * 2 ** (bits / 4);
  else work += nDigits <= 90 ? siqsWorkEstimate(nDigits) * 1.15 + 6000 : cap;
  work = Math.min(work, cap);
  const sieveMemory = nDigits >= 14 && nDigits <= 90 ? 2 ** 20 * Math.max(1, 2 ** ((nDigits - 40) / 8)) : 0;
  return {
    units: work * UNITS_PER_WORK + (bits > 81 ? PROOF_WORK : 0) + (extra.units ?? 0),
    memory_bytes: 4 * 2 ** 20 + Math.min(sieveMemory, 256 * 2 ** 20) + (extra.memory ?? 0),
    basis: `n of ${nDigits} digits, effort ${effort ?? "standard"} (work budget ${cap.toExponential(0)} engine units)${extra.basis ? `; ${extra.basis}` : ""}`,
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
