import { type } from "arktype";
import { bitLength } from "../../domain/math/integer.js";
import { request, result } from "../_support/kinds.js";
import { arithmetic, digitsBound, integerField } from "./arithmetic_support.js";

const MAX_DIGITS = 100_000;

const Request = request({
  divisor: integerField(MAX_DIGITS, "a: the candidate divisor, an integer as a decimal string (at most 100,000 digits)"),
  dividend: integerField(MAX_DIGITS, "b: the integer to be divided, as a decimal string (at most 100,000 digits)"),
});
const Result = result({
  divides: type("boolean").describe("true when a | b, i.e. b = a·q for some integer q"),
  "quotient?": integerField(MAX_DIGITS, "q = b / a, present exactly when a | b and a ≠ 0"),
});

export default arithmetic<typeof Request.infer, typeof Result.infer>({
  id: "integer.divides.compute",
  title: "Divisibility test a | b, with the quotient",
  summary:
    "Whether the divisor a divides the dividend b (b = a·q for an integer q), for integers of up to 100,000 digits, and the exact quotient q = b / a when it does. " +
    "Signs follow the integers: −3 | 6 with q = −2. 0 divides only 0 (then no quotient is given, as 0 = 0·q for every q); every a divides 0 with q = 0.",
  keywords: ["divides", "divisibility", "divisible", "is divisible by", "divisor test", "multiple of", "exact division", "quotient", "a | b", "integer"],
  request: Request,
  result: Result,
  bounds: [digitsBound(MAX_DIGITS, "each operand has at most this many digits")],
  cost_model: "units ≈ 64-bit limb operations: La·(Lb − La + 1) + La + Lb for a divisor of La and a dividend of Lb limbs (one long division)",
  budget: { max_units: 1e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight(req) {
    const a = bitLength(req.divisor), b = bitLength(req.dividend);
    const La = a / 64 + 1, Lb = b / 64 + 1;
    return { units: La * Math.max(1, Lb - La + 1) + La + Lb, memory_bytes: Math.ceil((a + b) / 8) * 4, basis: `divisor of ${a} bits, dividend of ${b} bits` };
  },
  ports: {
    inputs: { divisor: { field: "divisor", description: "the candidate divisor a" }, dividend: { field: "dividend", description: "the dividend b" } },
    outputs: { quotient: { field: "quotient", description: "b / a when a | b" } },
  },
  execute({ divisor: a, dividend: b }) {
    if (a === 0n) return { divides: b === 0n };
    return b % a === 0n ? { divides: true, quotient: b / a } : { divides: false };
  },
  postcondition({ divisor: a, dividend: b }, { divides, quotient: q }) {
    if (a === 0n) return divides === (b === 0n) && q === undefined ? null : "0 divides exactly 0, with no quotient";
    if (!divides) return q === undefined && b % a !== 0n ? null : "a non-divisibility claim with a zero remainder or a quotient";
    return q !== undefined && a * q === b ? null : "a·q ≠ b";
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
