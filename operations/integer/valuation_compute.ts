import { type } from "arktype";
import { valuation } from "../../domain/math/arithmetic.js";
import { bitLength } from "../../domain/math/integer.js";
import { natural, request, result } from "../_support/kinds.js";
import { arithmetic, atLeastTwoField, digitsBound, integerField, quadraticCost } from "./arithmetic_support.js";

const MAX_DIGITS = 100_000;

const Request = request({
  n: integerField(MAX_DIGITS, "n: an integer as a decimal string (at most 100,000 digits)"),
  p: atLeastTwoField(MAX_DIGITS, "p: an integer ≥ 2 as a decimal string (usually a prime; at most 100,000 digits)"),
});
const Result = result({
  valuation: natural(7).or(type("'infinity'")).describe('v_p(n): the largest v with p^v | n ("infinity" for n = 0)'),
  "unit_part?": integerField(MAX_DIGITS, "u = n / p^v, not divisible by p (sign of n kept); absent for n = 0"),
});

export default arithmetic<typeof Request.infer, typeof Result.infer>({
  id: "integer.valuation.compute",
  title: "p-adic valuation v_p(n) and the unit part",
  summary:
    "v_p(n), the exponent of the largest power of p dividing n, and the unit part u = n / p^v (so n = p^v·u with p ∤ u), for integers of up to 100,000 digits and p ≥ 2. " +
    'For prime p this is the p-adic valuation; for composite p it is the multiplicity of p itself (as PARI/GP\'s valuation). v_p(0) = "infinity" with no unit part. ' +
    "O(log v) divisions (by p, p², p⁴, … then back down); powers of 2 count trailing bits.",
  keywords: ["valuation", "p-adic valuation", "padic", "v_p", "multiplicity", "order of p", "largest power dividing", "trailing zeros", "2-adic", "unit part", "integer"],
  request: Request,
  result: Result,
  bounds: [digitsBound(MAX_DIGITS, "n and p have at most this many digits each")],
  cost_model: "units ≈ 64-bit limb operations: 8·L² for n of L limbs — about 2·log2(v) divisions of n by powers of p whose sizes add up to at most twice that of n",
  budget: { max_units: 2e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight: ({ n, p }) => quadraticCost(bitLength(n) + 64, 8, { units: (bitLength(n) + bitLength(p)) / 3.3, bytesPerByte: 8, basis: `n of ${bitLength(n)} bits` }),
  ports: {
    inputs: { n: { field: "n", description: "the integer n" }, p: { field: "p", description: "the base p ≥ 2" } },
    outputs: { unit_part: { field: "unit_part", description: "n / p^v" } },
  },
  execute({ n, p }) {
    if (n === 0n) return { valuation: "infinity" as const };
    const r = valuation(n, p);
    return { valuation: r.valuation, unit_part: r.unit };
  },
  postcondition({ n, p }, { valuation: v, unit_part: u }) {
    if (n === 0n) return v === "infinity" && u === undefined ? null : "v_p(0) is infinity, without a unit part";
    if (v === "infinity" || u === undefined) return "n ≠ 0 has a finite valuation and a unit part";
    return p ** v * u === n && u % p !== 0n ? null : "n ≠ p^v·u or p divides u";
  },
  examples: [
    { title: "v_2(48) = 4, 48 = 2^4 · 3", payload: { n: "48", p: "2" }, expected: { valuation: "4", unit_part: "3" } },
    { title: "the sign stays in the unit part: −250 = 5^3 · (−2)", payload: { n: "-250", p: "5" }, expected: { valuation: "3", unit_part: "-2" } },
    { title: "p does not divide n: v = 0", payload: { n: "10", p: "3" }, expected: { valuation: "0", unit_part: "10" } },
    { title: "a composite base counts its own multiplicity: v_4(48) = 2", payload: { n: "48", p: "4" }, expected: { valuation: "2", unit_part: "3" } },
    { title: "v_p(0) is infinite", payload: { n: "0", p: "7" }, expected: { valuation: "infinity" } },
    { title: "v_3(3^50 · 2) = 50", payload: { n: "1435795975383705177540498", p: "3" }, expected: { valuation: "50", unit_part: "2" } },
  ],
});
