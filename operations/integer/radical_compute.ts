import { radical } from "../../domain/math/arithmetic.js";
import { factorFunction, FACTOR_MAX_DIGITS, positiveField, provenExample } from "./arithmetic_support.js";

export default factorFunction<{ radical: bigint }>({
  id: "integer.radical.compute",
  title: "Radical rad(n): product of the distinct prime factors",
  summary: "rad(|n|) = Π p over the distinct primes dividing n ≠ 0, the largest squarefree divisor (up to 1000 digits; rad(1) = 1; negative n uses |n|; n = 0 is a DOMAIN_ERROR).",
  what: "the radical",
  symbol: "rad",
  keywords: ["radical", "rad", "squarefree kernel", "square-free kernel", "largest squarefree divisor", "product of distinct primes", "abc", "arithmetic function", "integer"],
  result: { radical: positiveField(FACTOR_MAX_DIGITS, "rad(|n|): the product of the distinct primes dividing n") },
  outputs: { radical: "rad(|n|)" },
  value: (f) => ({ radical: radical(f) }),
  check({ radical: r }, { n, factors }) {
    // rad | n and n | rad^(max e): exactly the primes of n, each once (with the factorization check).
    const maxE = Math.max(1, ...factors.map((f) => f.exponent));
    if (n % r !== 0n || r ** BigInt(maxE) % n !== 0n) return "the radical does not divide n or n does not divide a power of it";
    let prod = 1n;
    for (const f of factors) prod *= f.prime;
    return prod === r ? null : "the radical is not the product of the distinct primes";
  },
  examples: [
    provenExample("rad(720) = 30", { n: "720" }, { radical: "30" }, [[2, 4], [3, 2], [5, 1]]),
    provenExample("rad(1) = 1", { n: "1" }, { radical: "1" }, []),
    provenExample("rad(−2^100) = 2", { n: "-1267650600228229401496703205376" }, { radical: "2" }, [[2, 100]]),
  ],
});
