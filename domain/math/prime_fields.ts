/**
 * Proving the characteristic of a prime field GF(p). Every value of every request that names
 * GF(p) needs the same answer, so proofs are cached per p (bounded cache). Below 3.3·10^24
 * deterministic Miller–Rabin decides; above, BPSW screens and a Pocklington proof (with the
 * packs' shared rho budget) is attempted, so a prime p of up to 40 digits is normally proven in
 * milliseconds; a p whose p − 1 resists factoring within the budget stays `unproven`.
 */
import { decidePrimality, provePrime } from "./primality.js";

export type CharacteristicVerdict = "prime" | "composite" | "unproven";

const CACHE_MAX = 256;
const cache = new Map<bigint, CharacteristicVerdict>();

/** Rho iterations spent on factoring p − 1 for the proof (milliseconds at 40 digits). */
const PROOF_RHO_BUDGET = 200_000;

export function proveFieldCharacteristic(p: bigint): CharacteristicVerdict {
  const hit = cache.get(p);
  if (hit) return hit;
  const d = decidePrimality(p);
  let verdict: CharacteristicVerdict;
  if (!d.prime) verdict = "composite";
  else if (d.status === "PROVEN") verdict = "prime";
  else verdict = provePrime(p, PROOF_RHO_BUDGET) ? "prime" : "unproven";
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(p, verdict);
  return verdict;
}
