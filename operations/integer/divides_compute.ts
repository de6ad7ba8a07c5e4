import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { parseInteger } from "../../domain/values.js";
import { integerString, strict } from "../_support/wire.js";

const MAX_DIGITS = 100_000;

const Request = strict(
  type({
    divisor: integerString(MAX_DIGITS).describe("a: the candidate divisor, an integer as a decimal string (at most 100,000 digits)"),
    dividend: integerString(MAX_DIGITS).describe("b: the integer to be divided, as a decimal string (at most 100,000 digits)"),
  }),
);
const Result = strict(
  type({
    divides: type("boolean").describe("true when a | b, i.e. b = a·q for some integer q"),
    "quotient?": integerString(MAX_DIGITS).describe("q = b / a, present exactly when a | b and a ≠ 0"),
  }),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.divides.compute",
  version: "1.0.0",
  title: "Divisibility test a | b, with the quotient",
  summary:
    "Whether the divisor a divides the dividend b (b = a·q for an integer q), for integers of up to 100,000 digits, and the exact quotient q = b / a when it does. " +
    "Signs follow the integers: −3 | 6 with q = −2. 0 divides only 0 (then no quotient is given, as 0 = 0·q for every q); every a divides 0 with q = 0.",
  keywords: ["divides", "divisibility", "divisible", "is divisible by", "divisor test", "multiple of", "exact division", "quotient", "a | b", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "each operand has at most this many digits" }],
  cost_model: "units ≈ 64-bit limb operations: La·(Lb − La + 1) + La + Lb for a divisor of La and a dividend of Lb limbs (one long division)",
  budget: { max_units: 1e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight(req) {
    const a = req.divisor.length * 3.33, b = req.dividend.length * 3.33;
    const La = a / 64 + 1, Lb = b / 64 + 1;
    return { units: La * Math.max(1, Lb - La + 1) + La + Lb, memory_bytes: Math.ceil((a + b) / 8) * 4, basis: `divisor of about ${Math.round(a)} bits, dividend of about ${Math.round(b)} bits` };
  },
  ports: {
    inputs: {
      divisor: { field: "divisor", kind: "integer", description: "the candidate divisor a" },
      dividend: { field: "dividend", kind: "integer", description: "the dividend b" },
    },
    outputs: { quotient: { field: "quotient", kind: "integer", description: "b / a when a | b" } },
  },
  execute(req) {
    const a = parseInteger(req.divisor, "payload.divisor"), b = parseInteger(req.dividend, "payload.dividend");
    if (a === 0n) return { divides: b === 0n };
    return b % a === 0n ? { divides: true, quotient: (b / a).toString() } : { divides: false };
  },
  postcondition(req, res) {
    const a = BigInt(req.divisor), b = BigInt(req.dividend);
    if (a === 0n) return res.divides === (b === 0n) && res.quotient === undefined ? null : "0 divides exactly 0, with no quotient";
    if (!res.divides) return res.quotient === undefined && b % a !== 0n ? null : "a non-divisibility claim with a zero remainder or a quotient";
    return res.quotient !== undefined && a * BigInt(res.quotient) === b ? null : "a·q ≠ b";
  },
  examples: [
    { title: "3 divides 12: q = 4", payload: { divisor: "3", dividend: "12" }, expected: { divides: true, quotient: "4" } },
    { title: "5 does not divide 12", payload: { divisor: "5", dividend: "12" }, expected: { divides: false } },
    { title: "signs: −3 | 6 with q = −2", payload: { divisor: "-3", dividend: "6" }, expected: { divides: true, quotient: "-2" } },
    { title: "every a divides 0", payload: { divisor: "7", dividend: "0" }, expected: { divides: true, quotient: "0" } },
    { title: "0 divides only 0, and then no quotient is defined", payload: { divisor: "0", dividend: "0" }, expected: { divides: true } },
    { title: "0 does not divide 5", payload: { divisor: "0", dividend: "5" }, expected: { divides: false } },
    { title: "beyond 2^64: 2^61 − 1 divides 2^122 − 1", payload: { divisor: "2305843009213693951", dividend: "5316911983139663491615228241121378303" }, expected: { divides: true, quotient: "2305843009213693953" } },
  ],
});
