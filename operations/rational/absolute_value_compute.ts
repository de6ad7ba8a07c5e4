import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { formatRational, ratAbs } from "../../domain/math/rational.js";
import { strict } from "../_support/wire.js";
import { canonicalProblem, canonicalRationalString, MAX_CHARS, memoryFor, operand, parse, parseUnits, rawParts, sameValue } from "./support.js";

const Request = strict(type({ value: operand("x: a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer") }));
const Result = strict(type({ absolute_value: canonicalRationalString(MAX_CHARS).describe("|x| ≥ 0, canonical") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.absolute_value.compute",
  version: "1.0.0",
  title: "Absolute value |x| of a rational number",
  summary: "|x| for a rational of up to 100,001 characters (the input may be unreduced; the result is canonical).",
  keywords: ["rational", "fraction", "absolute value", "abs", "modulus", "magnitude", "norm"],
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
    outputs: { absolute_value: { field: "absolute_value", kind: "rational", description: "|x|" } },
  },
  execute(req) {
    return { absolute_value: formatRational(ratAbs(parse(req.value, "payload.value"))) };
  },
  postcondition(req, res) {
    const x = rawParts(req.value), a = rawParts(res.absolute_value);
    if (a.num < 0n) return "the absolute value is negative";
    return canonicalProblem(res.absolute_value) ?? (sameValue(x, a) || sameValue(x, { num: -a.num, den: a.den }) ? null : "|x| is neither x nor −x");
  },
  examples: [
    { title: "|−3/4| = 3/4", payload: { value: "-3/4" }, expected: { absolute_value: "3/4" } },
    { title: "a positive unreduced input", payload: { value: "10/4" }, expected: { absolute_value: "5/2" } },
    { title: "|0| = 0", payload: { value: "0" }, expected: { absolute_value: "0" } },
  ],
});
