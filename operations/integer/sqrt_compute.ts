import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { sqrtRem } from "../../domain/math/arithmetic.js";
import { bitLength } from "../../domain/math/integer.js";
import { request, result } from "../_support/kinds.js";
import { arithmetic, digitsBound, integerField, naturalField, quadraticCost } from "./arithmetic_support.js";

const MAX_DIGITS = 100_000;

const Request = request({ n: integerField(MAX_DIGITS, "n ≥ 0: a non-negative integer as a decimal string (at most 100,000 digits)") });
const Result = result({
  root: naturalField(MAX_DIGITS / 2 + 1, "r = ⌊√n⌋, the largest r with r² ≤ n"),
  remainder: naturalField(MAX_DIGITS / 2 + 2, "n − r² (0 ≤ remainder ≤ 2r)"),
  exact: type("boolean").describe("true when n = r² (n is a perfect square)"),
});

export default arithmetic<typeof Request.infer, typeof Result.infer>({
  id: "integer.sqrt.compute",
  title: "Integer square root ⌊√n⌋ with remainder",
  summary:
    "r = ⌊√n⌋ and the remainder n − r² for an integer 0 ≤ n of up to 100,000 digits, and whether n is a perfect square (remainder 0). " +
    "Newton's iteration with precision doubling. Negative n is a DOMAIN_ERROR (the square root of a negative integer is not real).",
  keywords: ["square root", "integer square root", "isqrt", "sqrtint", "sqrtrem", "floor sqrt", "perfect square", "is square", "issquare", "root", "integer"],
  request: Request,
  result: Result,
  bounds: [digitsBound(MAX_DIGITS)],
  cost_model: "units ≈ 64-bit limb operations: 12·L² for n of L limbs — Newton's iteration with precision doubling (each level starts from the root of the top half) costs about six long divisions of n by a half-size number, plus the decimal conversions",
  budget: { max_units: 2e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight: ({ n }) => quadraticCost(bitLength(n) + 8, 12, { units: bitLength(n) / 3.3, bytesPerByte: 16, basis: `n of ${bitLength(n)} bits` }),
  ports: {
    inputs: { n: { field: "n", description: "the integer n ≥ 0" } },
    outputs: { root: { field: "root", description: "⌊√n⌋" } },
  },
  execute({ n }) {
    if (n < 0n) throw domainError("the square root of a negative integer is not real", "payload.n", "give n ≥ 0; for a real root of a negative number use integer.root.compute with an odd k");
    const { root, remainder } = sqrtRem(n);
    return { root, remainder, exact: remainder === 0n };
  },
  postcondition({ n }, { root: r, remainder: rem, exact }) {
    if (r * r + rem !== n) return "r² + remainder ≠ n";
    if (rem < 0n || rem > 2n * r) return "the remainder is outside [0, 2r], so r is not ⌊√n⌋";
    return exact === (rem === 0n) ? null : "exact must mean remainder 0";
  },
  examples: [
    { title: "⌊√17⌋ = 4, remainder 1", payload: { n: "17" }, expected: { root: "4", remainder: "1", exact: false } },
    { title: "a perfect square", payload: { n: "144" }, expected: { root: "12", remainder: "0", exact: true } },
    { title: "√0 = 0", payload: { n: "0" }, expected: { root: "0", remainder: "0", exact: true } },
    { title: "10^40 + 12345", payload: { n: "10000000000000000000000000000000000012345" }, expected: { root: "100000000000000000000", remainder: "12345", exact: false } },
    { title: "2^127 − 1", payload: { n: "170141183460469231731687303715884105727" }, expected: { root: "13043817825332782212", remainder: "9119501915260492783", exact: false } },
  ],
});
