/**
 * Proving the characteristic of a prime field GF(p). Every value of every request that names
 * GF(p) needs the same answer, so proofs are cached per p (bounded cache). Below 3.3·10^24
 * deterministic Miller–Rabin decides; above, BPSW screens and a Pocklington proof is built with
 * p − 1 factored by the shared factoring engine (rho, ECM, SIQS), so every prime of up to 40
 * digits (the rings' cap) is proven, in milliseconds for most p and well under a second at worst.
 * Rho alone (the packs' Pocklington default) leaves about a fifth of 35–40-digit primes unproven.
 */
import { provePrimeByFactoring } from "./factor.js";
import { checkPocklingtonCertificate, decidePrimality } from "./primality.js";

export type CharacteristicVerdict = "prime" | "composite" | "unproven";

const CACHE_MAX = 256;
const cache = new Map<bigint, CharacteristicVerdict>();

/**
 * Engine work units (≈ 0.3 µs each) for all the factorizations of one proof: a 40-digit p − 1 takes
 * SIQS a few 10^5, and the recursion on its large primes rarely doubles that.
 */
const PROOF_FACTOR_BUDGET = 3e6;

export function proveFieldCharacteristic(p: bigint): CharacteristicVerdict {
  const hit = cache.get(p);
  if (hit) return hit;
  const d = decidePrimality(p);
  let verdict: CharacteristicVerdict;
  if (!d.prime) verdict = "composite";
  else if (d.status === "PROVEN") verdict = "prime";
  else {
    const cert = provePrimeByFactoring(p, PROOF_FACTOR_BUDGET);
    verdict = cert && checkPocklingtonCertificate(p, cert) === null ? "prime" : "unproven";
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(p, verdict);
  return verdict;
}
