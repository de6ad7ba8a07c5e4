import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { integerString, naturalString, strict } from "../_support/wire.js";

const MAX_DIGITS = 100_000;

const Request = strict(type({ n: integerString(MAX_DIGITS).describe("n: an integer as a decimal string (at most 100,000 digits)") }));
const Result = strict(type({ absolute_value: naturalString(MAX_DIGITS).describe("|n| ≥ 0") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.absolute_value.compute",
  version: "1.0.0",
  title: "Absolute value of an integer",
  summary: "|n| for an integer n of up to 100,000 digits.",
  keywords: ["absolute value", "abs", "magnitude", "modulus", "|n|", "integer", "norm"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact integer strings" }],
  bounds: [{ name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n has at most this many digits" }],
  cost_model: "units = digits of n (linear: parsing and formatting)",
  budget: { max_units: 1e7, max_memory_bytes: 16 * 2 ** 20, timeout_ms: 5_000 },
  preflight: (req) => ({ units: req.n.length, memory_bytes: req.n.length * 4, basis: `n of ${req.n.length} characters` }),
  ports: { inputs: { n: { field: "n", kind: "integer", description: "the integer n" } }, outputs: { absolute_value: { field: "absolute_value", kind: "integer", description: "|n|" } } },
  execute(req) {
    const n = BigInt(req.n);
    return { absolute_value: (n < 0n ? -n : n).toString() };
  },
  postcondition(req, res) {
    const n = BigInt(req.n), a = BigInt(res.absolute_value);
    return a >= 0n && (a === n || a === -n) ? null : "the result is not ±n or is negative";
  },
  examples: [
    { title: "|−42| = 42", payload: { n: "-42" }, expected: { absolute_value: "42" } },
    { title: "|17| = 17", payload: { n: "17" }, expected: { absolute_value: "17" } },
    { title: "|0| = 0", payload: { n: "0" }, expected: { absolute_value: "0" } },
    { title: "beyond 2^64", payload: { n: "-123456789012345678901234567890" }, expected: { absolute_value: "123456789012345678901234567890" } },
  ],
});
