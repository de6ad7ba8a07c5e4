/**
 * Square roots modulo n: the answer shapes shared by modular.sqrt_mod.compute, its checker
 * modular.sqrt_mod.verify (whose claim is the producer's value) and modular.quadratic_residue.compute,
 * the non-square witness and its independent check, and the cost model. (Not a declaration.)
 */
import { type } from "arktype";
import { jacobi as jacobiSymbol } from "../../domain/math/integer.js";
import type { NonSquareReason } from "../../domain/math/modular.js";
import { decidePrimality } from "../../domain/math/primality.js";
import { Certainty, EFFORT, EFFORT_LEVELS, type Effort, factorCost, factorListShape, incompleteShape, int, mulCost, nat, pos, proofCost } from "./support.js";

export const SQRT_MOD_KIND = "modular.sqrt_mod";
export const SQRT_N_DIGITS = 500;
export const SQRT_A_DIGITS = 1000;
export const MAX_ROOTS = 10_000;
export const DEFAULT_ROOTS = 64;

export const sqrtRequestFields = {
  a: int(SQRT_A_DIGITS, "the integer a whose square roots modulo n are wanted (at most 1000 digits)"),
  modulus: pos(SQRT_N_DIGITS, "the modulus n ≥ 1 (at most 500 digits); it is factored"),
  "effort?": EFFORT.describe(`work budget for factoring n (the levels of integer.prime_factorization.compute): ${EFFORT_LEVELS}`),
};

/** A checkable reason why a is not a square modulo n (from analyzeSqrt). */
export const NonSquareWitness = type({
  reason: type("'odd_valuation' | 'legendre' | 'mod_4' | 'mod_8' | 'jacobi'").describe(
    "odd_valuation: v_p(a mod p^k) is odd and below k; legendre: a = p^v·u (v even < k) with (u/p) = −1; mod_4 / mod_8: p = 2, a = 2^v·u (v even < k) with u ≡ 3 (mod 4) when k − v = 2, u ≢ 1 (mod 8) when k − v ≥ 3; " +
      "jacobi: an odd divisor d of n (the unfactored part) coprime to a with Jacobi symbol (a/d) = −1",
  ),
  divisor: pos(SQRT_N_DIGITS, "the divisor d of n modulo which a is not a square: p^k (p^k ∥ n) or the unfactored part"),
  "prime?": pos(SQRT_N_DIGITS, "the prime p of d = p^k (absent for jacobi)"),
  "valuation?": nat(6, "v = v_p(a mod p^k) (absent for jacobi)"),
}).describe("why no square root exists: a is not a square modulo the divisor d of n, hence not modulo n");
export type NonSquareWitnessValue = typeof NonSquareWitness.infer;

export function nonSquareWitness(x: { reason: NonSquareReason } | { jacobi: { divisor: bigint } }): NonSquareWitnessValue {
  if ("jacobi" in x) return { reason: "jacobi", divisor: x.jacobi.divisor };
  const r = x.reason;
  return { reason: r.kind, divisor: r.prime ** BigInt(r.exponent), prime: r.prime, valuation: BigInt(r.valuation) };
}

/**
 * Independent check of a non-square witness for a modulo n: null when it proves that no x has
 * x² ≡ a (mod n), else why not. Uses only d | n and the stated local rule (and that p is prime).
 */
export function checkNonSquareWitness(a: bigint, n: bigint, w: NonSquareWitnessValue): string | null {
  const d = w.divisor;
  if (d < 2n || n % d !== 0n) return "the divisor does not divide n";
  if (w.reason === "jacobi") {
    if ((d & 1n) === 0n) return "the Jacobi divisor is even";
    return jacobiSymbol(a, d) === -1 ? null : "the Jacobi symbol (a/d) is not −1";
  }
  if (w.prime === undefined || w.valuation === undefined) return "prime and valuation are required";
  const p = w.prime;
  if (p < 2n) return "p is not prime";
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
  if (BigInt(v) !== w.valuation) return "the valuation is wrong";
  if (w.reason === "odd_valuation") return v % 2 === 1 ? null : "the valuation is even";
  if (v % 2 === 1) return "the valuation is odd (a different reason applies)";
  const j = k - v;
  if (w.reason === "legendre") return p !== 2n && jacobiSymbol(u, p) === -1 ? null : "(u/p) is not −1";
  if (p !== 2n) return "mod_4 / mod_8 apply to p = 2";
  if (w.reason === "mod_4") return j === 2 && u % 4n === 3n ? null : "u ≢ 3 (mod 4) or k − v ≠ 2";
  return j >= 3 && u % 8n !== 1n ? null : "u ≡ 1 (mod 8) or k − v < 3";
}

const count = (description = "the exact number of solutions x in [0, n)") => pos(SQRT_N_DIGITS, description);
const factorization = (description = "the prime factorization of n") => factorListShape(SQRT_N_DIGITS, description);
const unfactored = () => incompleteShape({ unfactored: pos(SQRT_N_DIGITS, "the composite part of n that could not be factored within budget") });

/** The answer of modular.sqrt_mod.compute. */
export const sqrtModResultShapes = [
  {
    status: "'COMPLETE'",
    solvable: "true",
    count: count(),
    roots: nat(SQRT_N_DIGITS, "a root").array().atMostLength(MAX_ROOTS).describe("solutions in [0, n), ascending: all of them when roots_complete, else max_roots of them"),
    roots_complete: type("boolean").describe("whether roots lists every solution"),
    factorization: factorization(),
    certainty: Certainty,
  },
  { status: "'COMPLETE'", solvable: "false", count: "'0'", witness: NonSquareWitness, certainty: Certainty },
  unfactored(),
] as const;

/**
 * The claim of modular.sqrt_mod.verify: the producer's answer unchanged, or parts of it (roots as
 * any representatives; count, roots_complete, factorization and witness optional). The value of
 * modular.sqrt_mod_prime.compute fits too (a 'no root' answer with its empty root list).
 */
export const sqrtModClaimShapes = [
  {
    "status?": "'COMPLETE'",
    solvable: "true",
    roots: int(SQRT_N_DIGITS, "a claimed root").array().atMostLength(MAX_ROOTS).describe("claimed square roots of a modulo n (distinct modulo n; any representatives)"),
    "count?": count("the claimed total number of roots in [0, n)"),
    "roots_complete?": type("boolean").describe("the claim that roots lists every root"),
    "factorization?": factorization("the claimed prime factorization of n; when given it is checked and used to count the roots"),
    "certainty?": Certainty,
  },
  {
    "status?": "'COMPLETE'",
    solvable: "false",
    "count?": "'0'",
    "witness?": NonSquareWitness,
    "roots?": type("string").array().atMostLength(0).describe("an empty list (as modular.sqrt_mod_prime.compute gives it)"),
    "certainty?": Certainty,
  },
  unfactored(),
] as const;

export function sqrtModCost(nBits: number, aBits: number, maxRoots: number, effort: Effort | undefined): number {
  const components = Math.max(1, Math.min(60, nBits / 4));
  // factorization; Hensel lifting and roots mod each prime power (≈ 16·bits multiplications in all); CRT enumeration; Pocklington attempts for large primes.
  return factorCost(nBits, effort) + 16 * nBits * mulCost(nBits) + maxRoots * components * mulCost(nBits) + proofCost(nBits) + (aBits * nBits) / 200;
}
