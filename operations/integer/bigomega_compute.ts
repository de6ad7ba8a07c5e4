import { bigOmega } from "../../domain/math/arithmetic.js";
import { factorFunction, naturalField, provenExample } from "./arithmetic_support.js";

export default factorFunction<{ bigomega: bigint }>({
  id: "integer.bigomega.compute",
  title: "Number of prime factors with multiplicity Ω(n)",
  summary: "Ω(|n|) = Σ e, the number of prime factors of n ≠ 0 counted with multiplicity (up to 1000 digits; Ω(1) = 0; negative n uses |n|; n = 0 is a DOMAIN_ERROR).",
  what: "Ω",
  symbol: "Ω",
  keywords: ["bigomega", "big omega", "Ω", "prime factors with multiplicity", "count prime factors with multiplicity", "total number of prime factors", "number of prime factors", "prime factor count", "arithmetic function", "additive function", "integer"],
  result: { bigomega: naturalField(5, "Ω(|n|): the number of prime factors counted with multiplicity") },
  value: (f) => ({ bigomega: BigInt(bigOmega(f)) }),
  check: ({ bigomega: w }, { factors }) => (w === factors.reduce((s, f) => s + BigInt(f.exponent), 0n) ? null : "Ω(n) ≠ Σ e"),
  examples: [
    provenExample("Ω(720) = 7", { n: "720" }, { bigomega: "7" }, [[2, 4], [3, 2], [5, 1]]),
    provenExample("Ω(1) = 0", { n: "1" }, { bigomega: "0" }, []),
    provenExample("Ω(2^100) = 100", { n: "1267650600228229401496703205376" }, { bigomega: "100" }, [[2, 100]]),
  ],
});
