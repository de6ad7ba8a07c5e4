import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { integerString, strict } from "../_support/wire.js";

const MAX_DIGITS = 100_000;

const Request = strict(type({ n: integerString(MAX_DIGITS).describe("n: an integer as a decimal string (at most 100,000 digits)") }));
const Result = strict(type({ sign: type("'-1' | '0' | '1'").describe("sign(n): −1, 0 or 1") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.sign.compute",
  version: "1.0.0",
  title: "Sign of an integer",
  summary: 'sign(n) ∈ {"-1", "0", "1"} for an integer n of up to 100,000 digits.',
  keywords: ["sign", "signum", "sgn", "positive", "negative", "zero", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact integer strings" }],
  bounds: [{ name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n has at most this many digits" }],
  cost_model: "units = digits of n (the request is parsed once)",
  budget: { max_units: 1e7, max_memory_bytes: 16 * 2 ** 20, timeout_ms: 5_000 },
  preflight: (req) => ({ units: req.n.length, memory_bytes: req.n.length * 2, basis: `n of ${req.n.length} characters` }),
  ports: { inputs: { n: { field: "n", kind: "integer", description: "the integer n" } }, outputs: {} },
  execute(req) {
    const n = BigInt(req.n);
    return { sign: n < 0n ? "-1" : n > 0n ? "1" : "0" };
  },
  postcondition(req, res) {
    const n = BigInt(req.n);
    return BigInt(res.sign) * n >= 0n && (n === 0n) === (res.sign === "0") ? null : "the sign does not match n";
  },
  examples: [
    { title: "sign(−42) = −1", payload: { n: "-42" }, expected: { sign: "-1" } },
    { title: "sign(0) = 0", payload: { n: "0" }, expected: { sign: "0" } },
    { title: "sign(10^30) = 1", payload: { n: "1000000000000000000000000000000" }, expected: { sign: "1" } },
  ],
});
