import { domainError } from "../../domain/errors.js";
import { jacobi, mod, modPow } from "../../domain/math/integer.js";
import { overPrimeDeclaration, symbolOf, SymbolType } from "./factory.js";
import { bits } from "./support.js";

/** Euler's criterion is the postcondition while p has at most this many bits (≈ 300 digits). */
const EULER_BITS = 1000;

export default overPrimeDeclaration({
  id: "modular.legendre.compute",
  title: "Legendre symbol (a/p)",
  summary:
    "The Legendre symbol (a/p) for an odd prime p (up to 1000 digits): 1 if a is a non-zero quadratic residue modulo p, −1 if a non-residue, 0 if p | a. " +
    "p is tested (Baillie–PSW; deterministic below 3.3·10^24, above that PROBABLE unless prove: true asks for a Pocklington proof — certainty says PROVEN or PROBABLE); a composite p and p = 2 are DOMAIN_ERRORs. " +
    "Computed by quadratic reciprocity (binary Jacobi algorithm); checked by Euler's criterion for p up to about 300 digits.",
  keywords: ["legendre symbol", "legendre", "quadratic residue", "quadratic character", "euler criterion", "reciprocity", "symbol", "mod p", "modular"],
  aDescription: "the integer a (at most 10,000 digits)",
  shape: { symbol: SymbolType.describe("(a/p): 0 when p | a, 1 when a is a non-zero square modulo p, −1 otherwise") },
  purpose: "exact bigint arithmetic (Jacobi symbol, Baillie–PSW, Pocklington)",
  compositeHint: "for a composite odd modulus the Jacobi symbol (modular.jacobi.compute) is defined",
  refuse: (p) => (p === 2n ? domainError("the Legendre symbol is defined for odd primes; p = 2", "payload.prime", "the Kronecker symbol (modular.kronecker.compute) defines (a/2)") : undefined),
  compute: (a, p) => ({ symbol: symbolOf(jacobi(a, p)) }),
  check(a, p, { symbol }) {
    if (bits(p) > EULER_BITS) return null;
    const e = modPow(mod(a, p), (p - 1n) / 2n, p);
    const expected = e === 0n ? "0" : e === 1n ? "1" : e === p - 1n ? "-1" : "?";
    return expected === symbol ? null : `Euler's criterion gives ${expected}`;
  },
  cost: { model: "bits(a)·bits(p)/64 + bits(p)²/32 for the reduction and the Jacobi algorithm", units: (bp, ba) => (ba * bp) / 64 + (bp * bp) / 32 },
  examples: [
    { title: "2 is a quadratic residue modulo 7 (3² = 9 ≡ 2)", payload: { a: "2", prime: "7" }, expected: { symbol: "1", certainty: "PROVEN" } },
    { title: "−1 is a non-residue modulo primes ≡ 3 (mod 4)", payload: { a: "-1", prime: "1000000007" }, expected: { symbol: "-1", certainty: "PROVEN" } },
    { title: "p divides a", payload: { a: "21", prime: "7" }, expected: { symbol: "0", certainty: "PROVEN" } },
    {
      title: "a 39-digit prime (the Mersenne prime 2^127 − 1) is proven by a Pocklington certificate on request",
      payload: { a: "3", prime: "170141183460469231731687303715884105727", prove: true },
      expected: { symbol: "-1", certainty: "PROVEN" },
    },
  ],
});
