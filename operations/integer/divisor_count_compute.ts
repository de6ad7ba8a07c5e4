import { divisorCount } from "../../domain/math/arithmetic.js";
import { factorFunction, positiveField, provenExample } from "./arithmetic_support.js";

export default factorFunction<{ divisor_count: bigint }>({
  id: "integer.divisor_count.compute",
  title: "Number of divisors τ(n)",
  summary: "τ(|n|) = d(|n|) = Π (e + 1), the number of positive divisors of n ≠ 0 (up to 1000 digits; τ(1) = 1; negative n uses |n|; n = 0 is a DOMAIN_ERROR).",
  what: "τ",
  symbol: "τ",
  keywords: ["divisor count", "number of divisors", "tau", "τ", "d(n)", "numdiv", "sigma_0", "σ0", "divisor function", "multiplicative function", "arithmetic function", "integer"],
  result: { divisor_count: positiveField(2000, "τ(|n|) = d(|n|): the number of positive divisors") },
  outputs: { divisor_count: "τ(|n|)" },
  value: (f) => ({ divisor_count: divisorCount(f) }),
  check({ divisor_count: tau }, { factors }) {
    let t = 1n;
    for (const { exponent } of factors) t += t * BigInt(exponent); // t·(e + 1)
    return t === tau ? null : "τ(n) ≠ Π (e + 1)";
  },
  examples: [
    provenExample("τ(720720) = 240 (a highly composite number)", { n: "720720" }, { divisor_count: "240" }, [[2, 4], [3, 2], [5, 1], [7, 1], [11, 1], [13, 1]]),
    provenExample("τ(1) = 1", { n: "1" }, { divisor_count: "1" }, []),
    provenExample("τ(2^100) = 101", { n: "1267650600228229401496703205376" }, { divisor_count: "101" }, [[2, 100]]),
    provenExample("negative n uses |n|: τ(−12) = 6", { n: "-12" }, { divisor_count: "6" }, [[2, 2], [3, 1]]),
  ],
});
