import { type } from "arktype";
import { moebius, perfectPowerDecomposition, type PrimePowers } from "../../domain/math/arithmetic.js";
import { factorFunction, provenExample } from "./arithmetic_support.js";

type Mu = "-1" | "0" | "1";

/** A repeated factor: a prime power with exponent ≥ 2, or an unfactored part that is a perfect power. */
const squareSeen = (factors: PrimePowers, unfactored: bigint): boolean =>
  factors.some((f) => f.exponent > 1) || (unfactored > 1n && perfectPowerDecomposition(unfactored).exponent > 1n);

export default factorFunction<{ moebius: Mu }>({
  id: "integer.moebius.compute",
  title: "Möbius function μ(n)",
  summary: "μ(|n|) for n ≠ 0 (up to 1000 digits): 0 when n has a square factor, else (−1)^(number of prime factors); μ(1) = 1; negative n uses |n|; n = 0 is a DOMAIN_ERROR.",
  what: "μ",
  symbol: "μ",
  note: "Exception: μ = 0 is COMPLETE (certainty PROVEN) as soon as a repeated factor is found — a prime power with exponent ≥ 2, or an unfactored part that is a perfect power — even when the rest is unfactored (then unfactored ≠ 1).",
  keywords: ["moebius", "möbius", "mobius", "mu", "μ", "squarefree", "square-free", "square free test", "arithmetic function", "multiplicative function", "integer"],
  result: { moebius: type("'-1' | '0' | '1'").describe("μ(|n|): 0 when a square > 1 divides n, else (−1)^ω(n)") },
  value: (f) => ({ moebius: String(moebius(f)) as Mu }),
  // A square factor settles μ = 0 whether or not its base is prime, and whatever the rest is.
  settle: (run) => (squareSeen(run.factors, run.unfactored) ? { moebius: "0" } : undefined),
  check({ moebius: mu }, { factors, unfactored }) {
    if (mu === "0") return squareSeen(factors, unfactored) ? null : "μ = 0 without a repeated factor";
    if (unfactored !== 1n) return "μ = ±1 needs the complete factorization";
    if (factors.some((x) => x.exponent > 1)) return "μ = ±1 but a square divides n";
    return (factors.length % 2 === 0) === (mu === "1") ? null : "μ ≠ (−1)^ω(n)";
  },
  examples: [
    provenExample("μ(30) = −1 (three primes)", { n: "30" }, { moebius: "-1" }, [[2, 1], [3, 1], [5, 1]]),
    provenExample("μ(12) = 0 (4 divides 12)", { n: "12" }, { moebius: "0" }, [[2, 2], [3, 1]]),
    provenExample("μ(1) = 1", { n: "1" }, { moebius: "1" }, []),
    provenExample("μ(−6) = μ(6) = 1", { n: "-6" }, { moebius: "1" }, [[2, 1], [3, 1]]),
  ],
});
