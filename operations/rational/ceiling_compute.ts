import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { ratCeil } from "../../domain/math/rational.js";
import { integerString, strict } from "../_support/wire.js";
import { MAX_CHARS, memoryFor, operand, parse, parseUnits, rawParts } from "./support.js";

const Request = strict(type({ value: operand("x: a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer") }));
const Result = strict(type({ ceiling: integerString(MAX_CHARS).describe("⌈x⌉: the smallest integer ≥ x") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.ceiling.compute",
  version: "1.0.0",
  title: "Ceiling ⌈x⌉ of a rational number",
  summary: "The smallest integer ≥ x for a rational of up to 100,001 characters (rounds toward +∞: ⌈−7/2⌉ = −3).",
  keywords: ["rational", "fraction", "ceiling", "ceil", "round up", "least integer", "ceiling division"],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "chars", limit: MAX_CHARS, unit: "characters", description: "the operand \"p/q\" has at most this many characters" }],
  cost_model: "units = bits²/64 (reducing the input, then one division); bits ≈ 3.33 × characters",
  budget: { max_units: 1e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    return { units: parseUnits(req.value), memory_bytes: memoryFor(req.value.length), basis: `an operand of ${req.value.length} characters` };
  },
  ports: {
    inputs: { value: { field: "value", kind: "rational", description: "x" } },
    outputs: { ceiling: { field: "ceiling", kind: "integer", description: "⌈x⌉" } },
  },
  execute(req) {
    return { ceiling: ratCeil(parse(req.value, "payload.value")).toString() };
  },
  postcondition(req, res) {
    const { num, den } = rawParts(req.value), c = BigInt(res.ceiling);
    return (c - 1n) * den < num && num <= c * den ? null : "not ⌈x⌉ − 1 < x ≤ ⌈x⌉";
  },
  examples: [
    { title: "⌈7/2⌉ = 4", payload: { value: "7/2" }, expected: { ceiling: "4" } },
    { title: "toward +∞ for negative values: ⌈−7/2⌉ = −3", payload: { value: "-7/2" }, expected: { ceiling: "-3" } },
    { title: "an integer is its own ceiling", payload: { value: "12/4" }, expected: { ceiling: "3" } },
  ],
});
