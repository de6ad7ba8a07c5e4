import { lcmAll } from "../../domain/math/arithmetic.js";
import { gcd } from "../../domain/math/integer.js";
import { integer, ofKind, request, result } from "../_support/kinds.js";
import { arithmetic, digitsBound, digitsOf, naturalField } from "./arithmetic_support.js";

const MAX_DIGITS = 100_000;
const MAX_VALUES = 10_000;
/** Total digits of all operands (the lcm has at most that many). */
const MAX_TOTAL_DIGITS = 200_000;

const Request = request({
  // A list of integers: its values are of the integer kind (the input kind search filters on).
  values: ofKind(
    integer(MAX_DIGITS).array().atLeastLength(1).atMostLength(MAX_VALUES).describe(`the integers, as decimal strings (1 to ${MAX_VALUES} of them, each at most ${MAX_DIGITS} digits, ${MAX_TOTAL_DIGITS} digits in all)`),
    "integer",
  ),
});
const Result = result({ lcm: naturalField(MAX_TOTAL_DIGITS, "the least common multiple ≥ 0 (0 when some value is 0)") });

export default arithmetic<typeof Request.infer, typeof Result.infer>({
  id: "integer.lcm.compute",
  title: "Least common multiple of integers",
  summary:
    "Exact lcm ≥ 0 of one or more integers (up to 10,000 values of up to 100,000 digits, 200,000 digits in all): the least non-negative common multiple; " +
    "signs are ignored, lcm(x) = |x|, and any 0 makes the lcm 0 (PARI/GP convention). Computed as a balanced tree of lcm(a, b) = a / gcd(a, b) · b.",
  keywords: ["lcm", "least common multiple", "lowest common multiple", "common multiple", "lcd", "least common denominator", "integer", "gcd"],
  request: Request,
  result: Result,
  bounds: [
    digitsBound(MAX_DIGITS, "each value has at most this many digits"),
    { name: "values", limit: MAX_VALUES, unit: "values", description: "at most this many values" },
    { name: "total_digits", limit: MAX_TOTAL_DIGITS, unit: "decimal digits", description: "the values have at most this many digits in all (preflight)" },
  ],
  cost_model: "units ≈ 64-bit limb operations: 4·L² + 200·(number of values) for values of L limbs in all — each level of the balanced tree costs at most a quadratic gcd on operands whose sizes add up to the total; refused above 200,000 digits in all",
  budget: { max_units: 2e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const digits = req.values.reduce((s, v) => s + digitsOf(v), 0);
    if (digits > MAX_TOTAL_DIGITS) return { units: Infinity, memory_bytes: 0, basis: `${digits} digits in all, above the ${MAX_TOTAL_DIGITS}-digit bound` };
    const bits = digits * 3.33;
    const L = bits / 64 + 1;
    return { units: 4 * L * L + 200 * req.values.length, memory_bytes: Math.ceil(bits / 8) * 8 + req.values.length * 64, basis: `${req.values.length} values, ${digits} digits in all` };
  },
  ports: { outputs: { lcm: { field: "lcm", description: "the least common multiple" } } },
  execute: (req, ctx) => ({ lcm: lcmAll(req.values, () => ctx.checkpoint()) }),
  postcondition({ values }, { lcm: l }) {
    if (values.some((x) => x === 0n)) return l === 0n ? null : "a value is 0 but the lcm is not";
    // A common multiple L with gcd over i of L / |x_i| = 1 is the least one.
    let g = 0n;
    for (const x of values) {
      if (l % x !== 0n) return `${x} does not divide the lcm`;
      if (g !== 1n) g = gcd(g, l / x);
    }
    return l > 0n && g === 1n ? null : "the result is a common multiple but not the least one";
  },
  examples: [
    { title: "lcm(4, 6) = 12", payload: { values: ["4", "6"] }, expected: { lcm: "12" } },
    { title: "lcm(1, …, 10) = 2520", payload: { values: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"] }, expected: { lcm: "2520" } },
    { title: "signs are ignored", payload: { values: ["-4", "6"] }, expected: { lcm: "12" } },
    { title: "a zero makes the lcm 0", payload: { values: ["4", "6", "0"] }, expected: { lcm: "0" } },
    { title: "one value: its absolute value", payload: { values: ["-15"] }, expected: { lcm: "15" } },
    { title: "beyond 2^64: lcm(2^64, 10^20) = 2^64 · 5^20", payload: { values: ["18446744073709551616", "100000000000000000000"] }, expected: { lcm: "1759218604441600000000000000000000" } },
  ],
});
