import { gcd, mod, modInverse } from "../../domain/math/integer.js";
import { bits, int, nat, oneOf, pos } from "./support.js";
import { request } from "../_support/kinds.js";
import { modularCompute } from "./factory.js";

const MAX_DIGITS = 20_000;

const Request = request({
  a: int(MAX_DIGITS, "the integer to invert (at most 20,000 digits)"),
  modulus: pos(MAX_DIGITS, "the modulus m ≥ 1 (at most 20,000 digits)"),
});
const Result = oneOf([
  { exists: "true", inverse: nat(MAX_DIGITS, "the unique x in [0, m) with a·x ≡ 1 (mod m)") },
  { exists: "false", gcd: nat(MAX_DIGITS, "g = gcd(a, m) > 1, the reason a has no inverse modulo m") },
]);
type Res = typeof Result.infer;

export default modularCompute<typeof Request.infer, Res>({
  id: "modular.inverse.compute",
  title: "Modular inverse",
  summary:
    "The inverse of a modulo m ≥ 1: { exists: true, inverse } with 0 ≤ inverse < m and a·inverse ≡ 1 (mod m) when gcd(a, m) = 1, else the typed answer { exists: false, gcd } " +
    "naming g = gcd(a, m) > 1 (not an error: non-invertibility is a normal answer). Extended Euclid (Lehmer), operands up to 20,000 digits. Modulo 1 every a is invertible with inverse 0.",
  keywords: ["modular inverse", "inverse", "invert", "reciprocal", "mod", "modulo", "unit", "invertible", "extended euclid", "bezout", "modinv", "multiplicative inverse", "modular"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic (extended Euclid)",
  bounds: [{ name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "a and m have at most this many digits each" }],
  cost_model: "units = (bit length of m)² / 32 + limbs(a)·limbs(m) — one reduction and an extended Euclid (quadratic)",
  budget: { max_units: 5e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight(req) {
    const bm = bits(req.modulus), ba = bits(req.a);
    return { units: (bm * bm) / 32 + (ba / 64) * (bm / 64), memory_bytes: (ba + bm) * 2, basis: `a of ${ba} bits, m of ${bm} bits` };
  },
  ports: {
    inputs: { a: { field: "a", description: "the integer to invert" } },
    outputs: { inverse: { field: "inverse", description: "the inverse of a modulo m (when it exists)" } },
  },
  execute({ a, modulus: m }): Res {
    if (m === 1n) return { exists: true, inverse: 0n };
    const inv = modInverse(a, m);
    return inv !== undefined ? { exists: true, inverse: inv } : { exists: false, gcd: gcd(a, m) };
  },
  postcondition({ a, modulus: m }, res) {
    if (res.exists) {
      const x = res.inverse;
      if (x < 0n || x >= m) return "the inverse is not in [0, m)";
      return mod(a * x, m) === mod(1n, m) ? null : "a·inverse ≢ 1 (mod m)";
    }
    const g = res.gcd;
    return g > 1n && a % g === 0n && m % g === 0n ? null : "the reported gcd is not a common divisor > 1";
  },
  examples: [
    { title: "3·5 ≡ 1 (mod 7)", payload: { a: "3", modulus: "7" }, expected: { exists: true, inverse: "5" } },
    { title: "a negative a", payload: { a: "-3", modulus: "7" }, expected: { exists: true, inverse: "2" } },
    { title: "6 is not invertible modulo 15: the gcd says why", payload: { a: "6", modulus: "15" }, expected: { exists: false, gcd: "3" } },
    { title: "inverse of 2 modulo the Mersenne prime 2^127 − 1", payload: { a: "2", modulus: "170141183460469231731687303715884105727" }, expected: { exists: true, inverse: "85070591730234615865843651857942052864" } },
    { title: "modulo 1 the inverse is 0", payload: { a: "0", modulus: "1" }, expected: { exists: true, inverse: "0" } },
  ],
});
