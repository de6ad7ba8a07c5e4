/** Baillie–PSW on a 1000-digit prime. */
import { nextPrime } from "../../domain/math/primes.js";
import { defineComputeWorkload } from "../support/compute-workload.js";

const DIGITS = 1000;

export default defineComputeWorkload({
  name: "bpsw-1000",
  description: `primality test (Baillie–PSW) of a ${DIGITS}-digit prime (integer.primality.compute; PARI ispseudoprime, SymPy isprime)`,
  capabilityId: "integer.primality.compute",
  reps: 7,
  // The next prime after a random 1000-digit number (found once with the library's own search, a few seconds).
  generate: (rng) => ({ n: nextPrime(BigInt(rng.decimalDigits(DIGITS))).prime.toString() }),
  describe: ({ n }) => ({ digits: n.length, n_head: `${n.slice(0, 20)}…${n.slice(-6)}` }),
  ours: {
    payload: ({ n }) => ({ n }),
    result: (v) => ((v as { prime: boolean }).prime ? "1" : "0"),
  },
  pari: {
    definitions: ({ n }) => `n = ${n};`,
    call: "ispseudoprime(n)",
  },
  sympy: {
    data: ({ n }) => ({ n }),
    setup: "N = int(data['n'])",
    call: "sympy.isprime(N)",
    resultString: "'1' if r else '0'",
  },
});
