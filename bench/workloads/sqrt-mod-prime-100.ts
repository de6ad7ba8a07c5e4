/** A square root modulo a 100-digit prime p ≡ 1 (mod 2^32): Tonelli–Shanks' worst territory (s = 32). */
import { modPow } from "../../domain/math/integer.js";
import { decidePrimality } from "../../domain/math/primality.js";
import { defineComputeWorkload } from "../support/compute-workload.js";

const DIGITS = 100;
const S = 32n;

export default defineComputeWorkload({
  name: "sqrt-mod-prime-100",
  description: `square root of a quadratic residue modulo a ${DIGITS}-digit prime p = k·2^32 + 1, k odd (modular.sqrt_mod_prime.compute; PARI sqrt(Mod(a, p)), SymPy sqrt_mod)`,
  capabilityId: "modular.sqrt_mod_prime.compute",
  // One call is about a millisecond: many samples, so the JIT's first calls do not set the median.
  reps: 101,
  generate: (rng) => {
    // The least prime k·2^32 + 1 (k odd) above a random 100-digit number; a = x² mod p for a random x.
    let k = (BigInt(rng.decimalDigits(DIGITS)) >> S) | 1n;
    while (!decidePrimality((k << S) + 1n).prime) k += 2n;
    const p = (k << S) + 1n;
    const x = BigInt(rng.decimalDigits(DIGITS - 1));
    return { p: p.toString(), a: modPow(x, 2n, p).toString() };
  },
  describe: ({ p }) => ({ digits: p.length, p, two_adic_valuation_of_p_minus_1: Number(S) }),
  ours: {
    payload: ({ a, p }) => ({ a, prime: p }),
    // The smaller of the two roots (ours lists both, ascending).
    result: (v) => String((v as { roots: string[] }).roots[0]),
  },
  pari: {
    definitions: ({ a, p }) => `a = ${a};\np = ${p};`,
    call: "my(r = lift(sqrt(Mod(a, p)))); min(r, p - r)",
  },
  sympy: {
    data: ({ a, p }) => ({ a, p }),
    // sqrt_mod tests p for primality itself and returns the least root.
    setup: "from sympy.ntheory import sqrt_mod as _sqrt_mod\nA = int(data['a'])\nP = int(data['p'])",
    call: "_sqrt_mod(A, P)",
  },
});
