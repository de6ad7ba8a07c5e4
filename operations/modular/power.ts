import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { gcd, mod, modInverse, modPow } from "../../domain/math/integer.js";
import { powMod } from "../../domain/math/modular.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, mulCost, powCost } from "./support.js";

const MAX_DIGITS = 10_000;

const Request = strict(
  type({
    base: integerString(MAX_DIGITS).describe("the base a (at most 10,000 digits)"),
    exponent: integerString(MAX_DIGITS).describe("the exponent e, any integer (negative: a must be invertible modulo m); at most 10,000 digits"),
    modulus: positiveString(MAX_DIGITS).describe("the modulus m ≥ 1 (at most 10,000 digits)"),
  }),
);
const Result = strict(type({ residue: naturalString(MAX_DIGITS).describe("a^e mod m in [0, m)") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "modular.power.compute",
  version: "1.0.0",
  title: "Modular exponentiation",
  summary:
    "a^e mod m in [0, m) for m ≥ 1 and any integer exponent: e < 0 means (a^−1)^|e|, which needs gcd(a, m) = 1 (else DOMAIN_ERROR at payload.base naming the gcd). " +
    "Sliding-window square-and-multiply; exponents of thousands of digits are fine (cost is linear in the exponent's bits, quadratic in the modulus size). a^0 = 1 (0^0 = 1), and everything is 0 modulo 1.",
  keywords: ["modular exponentiation", "power", "powmod", "modpow", "mod", "modulo", "exponent", "square and multiply", "negative exponent", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "base, exponent and modulus have at most this many digits each" },
  ],
  cost_model: "units = 1.3·bits(e)·2·(limbs(m)² + 4) (one squaring and, on average, a fraction of a multiplication per exponent bit, each with a reduction); plus an extended Euclid when e < 0",
  budget: { max_units: 2e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "none (a single exponentiation)",
  preflight(req) {
    const bm = bitsOf(req.modulus), be = bitsOf(req.exponent), bb = bitsOf(req.base);
    const units = powCost(bm, be) + (bb / 64) * (bm / 64) + (req.exponent.startsWith("-") ? (bm * bm) / 32 : 0) + mulCost(bm);
    return { units, memory_bytes: (bm + be + bb) * 4 + 2 ** 16, basis: `modulus of ${req.modulus.length} digits, exponent of ${req.exponent.replace("-", "").length} digits` };
  },
  ports: {
    inputs: { base: { field: "base", kind: "integer", description: "the base" } },
    outputs: { residue: { field: "residue", kind: "integer", description: "a^e mod m" } },
  },
  execute(req) {
    const a = BigInt(req.base), e = BigInt(req.exponent), m = BigInt(req.modulus);
    const r = powMod(a, e, m);
    if (r === undefined) {
      throw domainError(`a negative exponent needs an invertible base, but gcd(base, modulus) = ${gcd(a, m)}`, "payload.base", "use a base coprime to the modulus, or a non-negative exponent");
    }
    return { residue: r.toString() };
  },
  postcondition(req, res) {
    const a = BigInt(req.base), e = BigInt(req.exponent), m = BigInt(req.modulus), r = BigInt(res.residue);
    if (r < 0n || r >= m) return "the residue is not in [0, m)";
    if (m === 1n) return null;
    // Independent check: r·a^|e| ≡ 1 for e < 0; for e ≥ 0 and a unit, r·(a^−1)^e ≡ 1 (a second exponentiation, with the inverse; only while it is cheap).
    const inv = modInverse(a, m);
    if (e < 0n) return mod(r * modPow(a, -e, m), m) === 1n ? null : "r·a^|e| ≢ 1 (mod m)";
    if (inv !== undefined && e.toString(2).length * m.toString(2).length <= 4_000_000) return mod(r * modPow(inv, e, m), m) === 1n ? null : "r·(a^−1)^e ≢ 1 (mod m)";
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
