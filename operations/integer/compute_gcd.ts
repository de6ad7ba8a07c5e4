import { gcd } from "../../domain/math/integer.js";
import { natural, request, result } from "../_support/kinds.js";
import { builtinCompute, integerField } from "./builtin.js";
import { GCD_MAX_DIGITS as MAX_DIGITS, halfGcdEstimate, OPERAND_BOUNDS } from "./gcd_support.js";

const Request = request({
  left: integerField(MAX_DIGITS, "the first operand"),
  right: integerField(MAX_DIGITS, "the second operand"),
});
const Result = result({ gcd: natural(MAX_DIGITS) });

export default builtinCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.compute.gcd",
  title: "Greatest common divisor of two integers",
  summary:
    "Exact gcd(left, right) ≥ 0 of two integers of up to 100,000 digits; gcd(0, 0) = 0. Subquadratic half-gcd (Schönhage/Möller) above about 9,000 digits, Lehmer's algorithm (104-bit leading parts, proven steps) below.",
  keywords: ["gcd", "greatest common divisor", "highest common factor", "hcf", "euclid", "integer", "divisor"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic",
  bounds: OPERAND_BOUNDS,
  cost_model:
    "units ≈ 120·L^1.6 + 1000·L for L = ⌈max bit length / 64⌉ limbs: half-gcd costs O(M(n) log n) with V8's Karatsuba/Toom multiplication M (calibrated on 1,000–100,000-digit operands, about 1 ns of CPU per unit); Lehmer below the crossover is within the same curve",
  budget: { max_units: 5e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight: (req) => halfGcdEstimate(req.left, req.right, 120, 1000, 8),
  execute(req) {
    return { gcd: gcd(req.left, req.right) };
  },
  postcondition(req, res) {
    const g = res.gcd;
    if (g === 0n) return req.left === 0n && req.right === 0n ? null : "gcd is 0 but an operand is non-zero";
    return req.left % g === 0n && req.right % g === 0n ? null : "the result does not divide both operands";
  },
  examples: [
    { title: "the seed example", payload: { left: "84", right: "30" }, expected: { gcd: "6" } },
    { title: "signs are ignored", payload: { left: "-12", right: "18" }, expected: { gcd: "6" } },
    { title: "gcd(0, 0) = 0", payload: { left: "0", right: "0" }, expected: { gcd: "0" } },
    { title: "beyond 2^53", payload: { left: "12345678901234567890123456789", right: "98765432109876543210" }, expected: { gcd: "9" } },
  ],
});
