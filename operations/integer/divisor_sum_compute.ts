import { divisorSum } from "../../domain/math/arithmetic.js";
import { factorFunction, factorPreflight, naturalField, positiveField, provenExample } from "./arithmetic_support.js";

/** σ_k(n) has at most about k·digits(n) + 1 digits; requests above this are refused by preflight. */
const MAX_RESULT_DIGITS = 1_000_000;
const MAX_K = 1_000_000;

const kOf = (req: { k?: bigint }): number => Number(req.k ?? 1n);

export default factorFunction<{ divisor_sum: bigint }, { k?: bigint }>({
  id: "integer.divisor_sum.compute",
  title: "Divisor sum σ_k(n)",
  summary:
    "σ_k(|n|) = Σ_{d | n} d^k = Π (p^(k(e+1)) − 1)/(p^k − 1) for n ≠ 0 (up to 1000 digits) and k ≥ 0 (default 1: the sum of divisors; σ_0 = τ). " +
    "σ_k(1) = 1; negative n uses |n| (PARI/GP convention); n = 0 is a DOMAIN_ERROR; k·digits(n) above 1,000,000 is refused before any work.",
  what: "σ_k",
  symbol: "σ_k",
  keywords: ["divisor sum", "sum of divisors", "sigma", "σ", "sigma_k", "divisor function", "perfect number", "abundant", "aliquot", "multiplicative function", "arithmetic function", "integer"],
  request: { "k?": naturalField(7, 'the power k ≥ 0 of σ_k(n) = Σ_{d | n} d^k, as a decimal string (default "1"; at most 1,000,000, and k·digits(n) at most 1,000,000)') },
  result: { divisor_sum: positiveField(MAX_RESULT_DIGITS + 10, "σ_k(|n|) = Σ d^k over the positive divisors d of n") },
  outputs: { divisor_sum: "σ_k(|n|)" },
  bounds: [
    { name: "k", limit: MAX_K, unit: "exponent", description: "the power k of σ_k" },
    { name: "result_digits", limit: MAX_RESULT_DIGITS, unit: "decimal digits", description: "k·digits(n) (a bound on the digits of σ_k(n)) is at most this" },
  ],
  cost: "then the products: about (k·b/64)^1.6 for the result of k·b bits. Refused when k·digits(n) > 1,000,000.",
  preflight(req, digits) {
    const resultDigits = kOf(req) * digits;
    if (resultDigits > MAX_RESULT_DIGITS) return { units: Infinity, memory_bytes: 0, basis: `σ_k(n) would have up to k·digits(n) = ${resultDigits} digits, above the ${MAX_RESULT_DIGITS}-digit bound` };
    const limbs = (resultDigits * 3.33) / 64 + 1;
    return factorPreflight(digits, req.effort, { units: limbs ** 1.6 * 4, memory: limbs * 8 * 8, basis: `a result of up to ${resultDigits} digits` });
  },
  value: (f, req) => ({ divisor_sum: divisorSum(f, kOf(req)) }),
  check({ divisor_sum: s }, { factors, request }) {
    const k = BigInt(kOf(request));
    // Another form than the closed one: each factor Σ_{i ≤ e} p^(ik) by Horner, multiplied up — when small enough to redo.
    let size = 0;
    for (const f of factors) size += f.exponent * Number(k) * f.prime.toString(2).length;
    if (size > 4_000_000) return s > 0n ? null : "σ_k must be positive";
    let prod = 1n;
    for (const { prime, exponent } of factors) {
      const pk = prime ** k;
      let acc = 1n;
      for (let i = 0; i < exponent; i++) acc = acc * pk + 1n;
      prod *= acc;
    }
    return prod === s ? null : "σ_k(n) ≠ Π (1 + p^k + … + p^(ek))";
  },
  examples: [
    provenExample("σ(12) = 28", { n: "12" }, { divisor_sum: "28" }, [[2, 2], [3, 1]]),
    provenExample("σ_2(12) = 210", { n: "12", k: "2" }, { divisor_sum: "210" }, [[2, 2], [3, 1]]),
    provenExample("σ_0(12) = τ(12) = 6", { n: "12", k: "0" }, { divisor_sum: "6" }, [[2, 2], [3, 1]]),
    provenExample("28 is perfect: σ(−28) = σ(28) = 56", { n: "-28" }, { divisor_sum: "56" }, [[2, 2], [7, 1]]),
    provenExample("σ_5(1) = 1", { n: "1", k: "5" }, { divisor_sum: "1" }, []),
  ],
});
