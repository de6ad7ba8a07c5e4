import { carmichaelLambda } from "../../domain/math/arithmetic.js";
import { gcd, modPow } from "../../domain/math/integer.js";
import { factorFunction, FACTOR_MAX_DIGITS, positiveField, provenExample } from "./arithmetic_support.js";

/** φ(p^e) without the λ formula: p^e − p^(e−1). */
const phiPrimePower = (p: bigint, e: number): bigint => p ** BigInt(e) - p ** BigInt(e - 1);

export default factorFunction<{ carmichael_lambda: bigint }>({
  id: "integer.carmichael_lambda.compute",
  title: "Carmichael function λ(n): exponent of the unit group mod n",
  summary:
    "λ(|n|) = lcm over p^e ‖ n of λ(p^e), with λ(p^e) = p^(e−1)(p − 1) for odd p and λ(2) = 1, λ(4) = 2, λ(2^e) = 2^(e−2) for e ≥ 3 — the exponent of (Z/nZ)^× " +
    "(up to 1000 digits; λ(1) = λ(2) = 1; negative n uses |n|; n = 0 is a DOMAIN_ERROR).",
  what: "λ",
  symbol: "λ",
  keywords: ["carmichael", "carmichael function", "carmichael lambda", "lambda", "λ", "reduced totient", "exponent of the unit group", "universal exponent", "multiplicative group", "znstar", "arithmetic function", "integer"],
  result: { carmichael_lambda: positiveField(FACTOR_MAX_DIGITS, "λ(|n|): the exponent of the unit group (Z/nZ)^×, the least m ≥ 1 with a^m ≡ 1 (mod n) for every a coprime to n") },
  outputs: { carmichael_lambda: "λ(|n|)" },
  value: (f) => ({ carmichael_lambda: carmichaelLambda(f) }),
  check({ carmichael_lambda: l }, { n, factors }) {
    // Each component exponent, from φ(p^e) (halved for 2^e, e ≥ 3), divides λ, and gcd of the cofactors is 1 (λ is the least such).
    let g = 0n;
    for (const { prime, exponent } of factors) {
      const c = prime === 2n && exponent >= 3 ? phiPrimePower(prime, exponent) / 2n : phiPrimePower(prime, exponent);
      if (l % c !== 0n) return `λ(${prime}^${exponent}) does not divide λ`;
      g = gcd(g, l / c);
    }
    if (factors.length > 0 && g !== 1n) return "λ is a common multiple but not the least one";
    if (factors.length === 0 && l !== 1n) return "λ(1) = 1";
    // And a^λ ≡ 1 (mod n) for small bases coprime to n.
    if (n > 1n) for (const a of [2n, 3n, 5n, 7n]) if (gcd(a, n) === 1n && modPow(a, l, n) !== 1n) return `${a}^λ ≢ 1 (mod n)`;
    return null;
  },
  examples: [
    provenExample("λ(720) = 12 (while φ(720) = 192)", { n: "720" }, { carmichael_lambda: "12" }, [[2, 4], [3, 2], [5, 1]]),
    provenExample("the Carmichael number 561: λ(561) = 80 divides 560", { n: "561" }, { carmichael_lambda: "80" }, [[3, 1], [11, 1], [17, 1]]),
    provenExample("λ(2^10) = 2^8", { n: "1024" }, { carmichael_lambda: "256" }, [[2, 10]]),
    provenExample("λ(1) = 1", { n: "1" }, { carmichael_lambda: "1" }, []),
  ],
});
