import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { formatRational, ratNeg } from "../../domain/math/rational.js";
import { strict } from "../_support/wire.js";
import { canonicalProblem, canonicalRationalString, MAX_CHARS, memoryFor, operand, parse, parseUnits, rawParts, sameValue } from "./support.js";

const Request = strict(type({ value: operand("x: a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer") }));
const Result = strict(type({ negation: canonicalRationalString(MAX_CHARS + 1).describe("−x, canonical") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.negation.compute",
  version: "1.0.0",
  title: "Negation −x of a rational number",
  summary: "−x for a rational of up to 100,001 characters (the input may be unreduced; the result is canonical).",
  keywords: ["rational", "fraction", "negation", "negate", "negative", "minus", "opposite", "additive inverse", "sign"],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "chars", limit: MAX_CHARS, unit: "characters", description: "the operand \"p/q\" has at most this many characters" }],
  cost_model: "units = bits²/64 (reducing the input); bits ≈ 3.33 × characters",
  budget: { max_units: 1e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    return { units: parseUnits(req.value), memory_bytes: memoryFor(req.value.length), basis: `an operand of ${req.value.length} characters` };
  },
  ports: {
    inputs: { value: { field: "value", kind: "rational", description: "x" } },
    outputs: { negation: { field: "negation", kind: "rational", description: "−x" } },
  },
  execute(req) {
    return { negation: formatRational(ratNeg(parse(req.value, "payload.value"))) };
  },
  postcondition(req, res) {
    const x = rawParts(req.value), n = rawParts(res.negation);
    return canonicalProblem(res.negation) ?? (sameValue(x, { num: -n.num, den: n.den }) ? null : "x + (−x) ≠ 0");
  },
  examples: [
    { title: "−(3/4)", payload: { value: "3/4" }, expected: { negation: "-3/4" } },
    { title: "−(−6/4) = 3/2", payload: { value: "-6/4" }, expected: { negation: "3/2" } },
    { title: "−0 = 0", payload: { value: "0" }, expected: { negation: "0" } },
  ],
});
