import { jacobi, mod } from "../../domain/math/integer.js";
import { sqrtModPrime } from "../../domain/math/modular.js";
import { type } from "arktype";
import { overPrimeDeclaration } from "./factory.js";
import { mulCost, nat } from "./support.js";

export default overPrimeDeclaration({
  id: "modular.sqrt_mod_prime.compute",
  title: "Square roots modulo a prime",
  summary:
    "All x in [0, p) with x² ≡ a (mod p) for a prime p up to 1000 digits: none when a is a non-residue ((a/p) = −1), [0] when p | a, else the two roots r < p − r. " +
    "p ≡ 3 (mod 4): a^((p+1)/4); p ≡ 5 (mod 8): Atkin's formula; otherwise Tonelli–Shanks with the 2-power logarithm found by halving (about s·log2 s multiplications for p − 1 = q·2^s, not s²/4), " +
    "or Cipolla in F_{p²} when s is large (s > 2.5·bits(p)^0.65). " +
    "p is tested (deterministic below 3.3·10^24, above that Baillie–PSW: certainty PROBABLE, or PROVEN when prove: true finds a Pocklington certificate); a composite p is a DOMAIN_ERROR. " +
    "modular.sqrt_mod.verify takes this value as a claim with modulus = p; it checks the listed roots (and a 'no root' answer by counting), not that the list is complete.",
  keywords: ["square root", "modular square root", "sqrt mod p", "tonelli shanks", "tonelli", "cipolla", "quadratic residue", "quadratic congruence", "x^2 = a mod p", "roots", "modular"],
  aDescription: "the integer a whose square roots are wanted (at most 10,000 digits)",
  shape: {
    solvable: type("boolean").describe("whether x² ≡ a (mod p) has a solution"),
    roots: nat(1000, "a root").array().atMostLength(2).describe("all solutions in [0, p), ascending: none, [0] when p | a, one for p = 2, else two (r and p − r)"),
  },
  purpose: "exact bigint arithmetic (Tonelli–Shanks, Cipolla, Atkin, Baillie–PSW, Pocklington)",
  compositeHint: "for a composite modulus, modular.sqrt_mod.compute factors it and combines the roots",
  compute(a, p, checkpoint) {
    const roots = sqrtModPrime(a, p, checkpoint);
    return { solvable: roots.length > 0, roots };
  },
  check(a, p, { solvable, roots }) {
    if (solvable !== roots.length > 0) return "solvable disagrees with the roots";
    for (let i = 0; i < roots.length; i++) {
      const r = roots[i]!;
      if (r < 0n || r >= p) return "a root is not in [0, p)";
      if (mod(r * r - a, p) !== 0n) return "a root does not square to a";
      if (i > 0 && r <= roots[i - 1]!) return "the roots are not strictly ascending";
    }
    const ar = mod(a, p);
    // A root r ≢ 0 of an odd p comes with p − r ≠ r, and a prime has no more: only "no root" needs
    // an argument of its own, the Jacobi symbol by reciprocity (independent of the exponentiations).
    const expected = ar === 0n || p === 2n ? 1 : roots.length === 2 ? 2 : jacobi(ar, p) === 1 ? 2 : 0;
    return roots.length === expected ? null : `expected ${expected} roots`;
  },
  cost: {
    model:
      "bits(p)·(3 + 1.5·log2 bits(p)) modular multiplications, each 2(L² + 4) for L limbs of p: a bound for both routes (Tonelli–Shanks: two exponentiations, " +
      "the powers of g and the 2-power logarithm, 1.5·s·log2 s for p − 1 = q·2^s; Cipolla: about 4.5·bits(p))",
    units: (bp, ba) => bp * (3 + 1.5 * Math.log2(bp)) * mulCost(bp) + (ba * bp) / 4096,
  },
  examples: [
    { title: "x² ≡ 2 (mod 7): x = 3, 4", payload: { a: "2", prime: "7" }, expected: { solvable: true, roots: ["3", "4"], certainty: "PROVEN" } },
    { title: "3 is a non-residue modulo 7", payload: { a: "3", prime: "7" }, expected: { solvable: false, roots: [], certainty: "PROVEN" } },
    { title: "p | a: the only root is 0", payload: { a: "14", prime: "7" }, expected: { solvable: true, roots: ["0"], certainty: "PROVEN" } },
    {
      title: "Tonelli–Shanks territory: p = 998244353 = 119·2^23 + 1",
      payload: { a: "2", prime: "998244353" },
      expected: { solvable: true, roots: ["116195171", "882049182"], certainty: "PROVEN" },
    },
    {
      title: "a 39-digit prime (2^127 − 1 ≡ 3 mod 4), proven prime on request",
      payload: { a: "11", prime: "170141183460469231731687303715884105727", prove: true },
      expected: { solvable: true, roots: ["18756936442469208154408315811770624301", "151384247018000023577278987904113481426"], certainty: "PROVEN" },
    },
  ],
});
