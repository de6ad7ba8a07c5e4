import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { valuation } from "../../domain/math/arithmetic.js";
import { parseInteger } from "../../domain/values.js";
import { integerString, naturalString, strict } from "../_support/wire.js";

const MAX_DIGITS = 100_000;

const BaseString = type("string")
  .atMostLength(MAX_DIGITS)
  .and(/^([2-9]|[1-9][0-9]+)$/)
  .describe("p: an integer ≥ 2 as a decimal string (usually a prime; at most 100,000 digits)");

const Request = strict(
  type({
    n: integerString(MAX_DIGITS).describe("n: an integer as a decimal string (at most 100,000 digits)"),
    p: BaseString,
  }),
);
const Result = strict(
  type({
    valuation: naturalString(7).or("'infinity'").describe('v_p(n): the largest v with p^v | n ("infinity" for n = 0)'),
    "unit_part?": integerString(MAX_DIGITS).describe("u = n / p^v, not divisible by p (sign of n kept); absent for n = 0"),
  }),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.valuation.compute",
  version: "1.0.0",
  title: "p-adic valuation v_p(n) and the unit part",
  summary:
    "v_p(n), the exponent of the largest power of p dividing n, and the unit part u = n / p^v (so n = p^v·u with p ∤ u), for integers of up to 100,000 digits and p ≥ 2. " +
    'For prime p this is the p-adic valuation; for composite p it is the multiplicity of p itself (as PARI/GP\'s valuation). v_p(0) = "infinity" with no unit part. ' +
    "O(log v) divisions (by p, p², p⁴, … then back down); powers of 2 count trailing bits.",
  keywords: ["valuation", "p-adic valuation", "padic", "v_p", "multiplicity", "order of p", "largest power dividing", "trailing zeros", "2-adic", "unit part", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n and p have at most this many digits each" }],
  cost_model: "units ≈ 64-bit limb operations: 8·L² for n of L limbs — about 2·log2(v) divisions of n by powers of p whose sizes add up to at most twice that of n",
  budget: { max_units: 2e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight(req) {
    const bits = req.n.length * 3.33 + 64;
    const L = bits / 64 + 1;
    return { units: 8 * L * L + req.n.length + req.p.length, memory_bytes: Math.ceil(bits / 8) * 8, basis: `n of about ${Math.round(bits)} bits` };
  },
  ports: {
    inputs: { n: { field: "n", kind: "integer", description: "the integer n" }, p: { field: "p", kind: "integer", description: "the base p ≥ 2" } },
    outputs: { unit_part: { field: "unit_part", kind: "integer", description: "n / p^v" } },
  },
  execute(req) {
    const n = parseInteger(req.n, "payload.n"), p = parseInteger(req.p, "payload.p");
    if (n === 0n) return { valuation: "infinity" };
    const r = valuation(n, p);
    return { valuation: r.valuation.toString(), unit_part: r.unit.toString() };
  },
  postcondition(req, res) {
    const n = BigInt(req.n), p = BigInt(req.p);
    if (n === 0n) return res.valuation === "infinity" && res.unit_part === undefined ? null : "v_p(0) is infinity, without a unit part";
    if (res.valuation === "infinity" || res.unit_part === undefined) return "n ≠ 0 has a finite valuation and a unit part";
    const u = BigInt(res.unit_part);
    return p ** BigInt(res.valuation) * u === n && u % p !== 0n ? null : "n ≠ p^v·u or p divides u";
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
