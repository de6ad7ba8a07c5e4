import { totient } from "../../domain/math/arithmetic.js";
import { product } from "../../domain/math/integer.js";
import { factorFunction, FACTOR_MAX_DIGITS, positiveField, provenExample } from "./arithmetic_support.js";

export default factorFunction<{ totient: bigint }>({
  id: "integer.totient.compute",
  title: "Euler's totient φ(n)",
  summary: "φ(|n|) = Π p^(e−1)(p − 1) over the factorization of n ≠ 0 (up to 1000 digits; φ(1) = 1; negative n uses |n| as PARI/GP does; n = 0 is a DOMAIN_ERROR).",
  what: "the totient",
  symbol: "φ",
  keywords: ["totient", "euler totient", "euler phi", "phi", "φ", "eulerphi", "coprime count", "multiplicative function", "arithmetic function", "unit group order", "integer"],
  result: { totient: positiveField(FACTOR_MAX_DIGITS, "φ(|n|): the number of k in 1..|n| with gcd(k, n) = 1") },
  outputs: { totient: "φ(|n|)" },
  value: (f) => ({ totient: totient(f) }),
  check({ totient: phi }, { n, factors }) {
    // Another form than the product of p^(e−1)(p − 1): φ(n) = n · Π (p − 1) / Π p.
    const num = n * product(factors.map((x) => x.prime - 1n));
    const den = product(factors.map((x) => x.prime));
    return num % den === 0n && num / den === phi ? null : "φ(n) ≠ n·Π(1 − 1/p)";
  },
  examples: [
    provenExample("φ(36) = 12", { n: "36" }, { totient: "12" }, [[2, 2], [3, 2]]),
    provenExample("φ(1) = 1 (empty factorization)", { n: "1" }, { totient: "1" }, []),
    provenExample("a prime: φ(p) = p − 1", { n: "1000000007" }, { totient: "1000000006" }, [[1000000007, 1]]),
    provenExample("negative n uses |n|", { n: "-100" }, { totient: "40" }, [[2, 2], [5, 2]]),
    provenExample("2^64 + 1 = 274177 · 67280421310721", { n: "18446744073709551617" }, { totient: "18446676793287966720" }, [[274177, 1], ["67280421310721", 1]]),
  ],
});
