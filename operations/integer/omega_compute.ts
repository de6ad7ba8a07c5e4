import { omega } from "../../domain/math/arithmetic.js";
import { factorFunction, naturalField, provenExample } from "./arithmetic_support.js";

export default factorFunction<{ omega: bigint }>({
  id: "integer.omega.compute",
  title: "Number of distinct prime factors ω(n)",
  summary: "ω(|n|), the number of distinct primes dividing n ≠ 0 (up to 1000 digits; ω(1) = 0; negative n uses |n|; n = 0 is a DOMAIN_ERROR).",
  what: "ω",
  symbol: "ω",
  keywords: ["omega", "ω", "little omega", "distinct prime factors", "count distinct prime factors", "number of distinct prime factors", "distinct prime count", "prime divisors", "arithmetic function", "additive function", "integer"],
  result: { omega: naturalField(5, "ω(|n|): the number of distinct prime factors") },
  value: (f) => ({ omega: BigInt(omega(f)) }),
  check: ({ omega: w }, { factors }) => (w === BigInt(factors.length) ? null : "ω(n) is not the number of distinct primes"),
  examples: [
    provenExample("ω(720) = 3", { n: "720" }, { omega: "3" }, [[2, 4], [3, 2], [5, 1]]),
    provenExample("ω(1) = 0", { n: "1" }, { omega: "0" }, []),
    provenExample("ω(2^64 + 1) = 2", { n: "18446744073709551617" }, { omega: "2" }, [[274177, 1], ["67280421310721", 1]]),
  ],
});
