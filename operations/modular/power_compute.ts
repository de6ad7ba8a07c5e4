import { domainError } from "../../domain/errors.js";
import { gcd, mod, modInverse, modPow } from "../../domain/math/integer.js";
import { powMod } from "../../domain/math/modular.js";
import { request, result } from "../_support/kinds.js";
import { modularCompute } from "./factory.js";
import { bits, int, mulCost, nat, pos, powCost } from "./support.js";

const MAX_DIGITS = 10_000;

const Request = request({
  base: int(MAX_DIGITS, "the base a (at most 10,000 digits)"),
  exponent: int(MAX_DIGITS, "the exponent e, any integer (negative: a must be invertible modulo m); at most 10,000 digits"),
  modulus: pos(MAX_DIGITS, "the modulus m ≥ 1 (at most 10,000 digits)"),
});
const Result = result({ residue: nat(MAX_DIGITS, "a^e mod m in [0, m)") });

export default modularCompute<typeof Request.infer, typeof Result.infer>({
  id: "modular.power.compute",
  title: "Modular exponentiation",
  summary:
    "a^e mod m in [0, m) for m ≥ 1 and any integer exponent: e < 0 means (a^−1)^|e|, which needs gcd(a, m) = 1 (else DOMAIN_ERROR at payload.base naming the gcd). " +
    "Sliding-window square-and-multiply; exponents of thousands of digits are fine (cost is linear in the exponent's bits, quadratic in the modulus size). a^0 = 1 (0^0 = 1), and everything is 0 modulo 1.",
  keywords: ["modular exponentiation", "power", "powmod", "modpow", "mod", "modulo", "exponent", "square and multiply", "negative exponent", "modular"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic",
  bounds: [{ name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "base, exponent and modulus have at most this many digits each" }],
  cost_model: "units = 1.3·bits(e)·2·(limbs(m)² + 4) (one squaring and, on average, a fraction of a multiplication per exponent bit, each with a reduction); plus an extended Euclid when e < 0",
  budget: { max_units: 2e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "none (a single exponentiation)",
  preflight(req) {
    const bm = bits(req.modulus), be = bits(req.exponent), bb = bits(req.base);
    const units = powCost(bm, be) + (bb / 64) * (bm / 64) + (req.exponent < 0n ? (bm * bm) / 32 : 0) + mulCost(bm);
    return { units, memory_bytes: (bm + be + bb) * 4 + 2 ** 16, basis: `modulus of ${bm} bits, exponent of ${be} bits` };
  },
  ports: {
    inputs: { base: { field: "base", description: "the base" } },
    outputs: { residue: { field: "residue", description: "a^e mod m" } },
  },
  execute({ base: a, exponent: e, modulus: m }) {
    const r = powMod(a, e, m);
    if (r === undefined) {
      throw domainError(`a negative exponent needs an invertible base, but gcd(base, modulus) = ${gcd(a, m)}`, "payload.base", "use a base coprime to the modulus, or a non-negative exponent");
    }
    return { residue: r };
  },
  postcondition({ base: a, exponent: e, modulus: m }, { residue: r }) {
    if (r < 0n || r >= m) return "the residue is not in [0, m)";
    if (m === 1n) return null;
    // A second exponentiation with the inverse: r·a^|e| ≡ 1 for e < 0; for e ≥ 0 and a unit, r·(a^−1)^e ≡ 1 (only while it is cheap).
    if (e < 0n) return mod(r * modPow(a, -e, m), m) === 1n ? null : "r·a^|e| ≢ 1 (mod m)";
    const inv = modInverse(a, m);
    if (inv !== undefined && bits(e) * bits(m) <= 4_000_000) return mod(r * modPow(inv, e, m), m) === 1n ? null : "r·(a^−1)^e ≢ 1 (mod m)";
    return null;
  },
  examples: [
    { title: "Fermat: 2^(p−1) ≡ 1 modulo the prime 1000000007", payload: { base: "2", exponent: "1000000006", modulus: "1000000007" }, expected: { residue: "1" } },
    { title: "a negative exponent: 3^−2 mod 7 = (3^−1)^2 = 5^2 mod 7", payload: { base: "3", exponent: "-2", modulus: "7" }, expected: { residue: "4" } },
    { title: "0^0 = 1", payload: { base: "0", exponent: "0", modulus: "10" }, expected: { residue: "1" } },
    { title: "a negative base", payload: { base: "-2", exponent: "3", modulus: "5" }, expected: { residue: "2" } },
    { title: "a 40-digit exponent", payload: { base: "7", exponent: "1234567890123456789012345678901234567890", modulus: "1000000000000000000000000000057" }, expected: { residue: "204690607822941291328333235480" } },
  ],
});
