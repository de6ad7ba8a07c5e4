import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { formatRational, ratInv } from "../../domain/math/rational.js";
import { strict } from "../_support/wire.js";
import { canonicalProblem, canonicalRationalString, divisionByZero, MAX_CHARS, memoryFor, operand, parse, parseUnits, rawParts } from "./support.js";

const Request = strict(type({ value: operand("x (non-zero): a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer") }));
const Result = strict(type({ reciprocal: canonicalRationalString(MAX_CHARS + 1).describe("1/x, canonical (the sign moves to the numerator)") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.reciprocal.compute",
  version: "1.0.0",
  title: "Reciprocal 1/x of a rational number",
  summary: "1/x for a non-zero rational of up to 100,001 characters (the input may be unreduced; the result is canonical with the sign on the numerator). x = 0 fails with DOMAIN_ERROR at payload.value.",
  keywords: ["rational", "fraction", "reciprocal", "inverse", "multiplicative inverse", "invert", "one over", "flip"],
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
    outputs: { reciprocal: { field: "reciprocal", kind: "rational", description: "1/x" } },
  },
  execute(req) {
    const x = parse(req.value, "payload.value");
    if (x.num === 0n) divisionByZero("payload.value", "1/x with x = 0");
    return { reciprocal: formatRational(ratInv(x)) };
  },
  postcondition(req, res) {
    const x = rawParts(req.value), r = rawParts(res.reciprocal);
    return canonicalProblem(res.reciprocal) ?? (x.num * r.num === x.den * r.den ? null : "x · (1/x) ≠ 1");
  },
  examples: [
    { title: "1/(3/4) = 4/3", payload: { value: "3/4" }, expected: { reciprocal: "4/3" } },
    { title: "the sign moves to the numerator", payload: { value: "-2/6" }, expected: { reciprocal: "-3" } },
    { title: "an integer", payload: { value: "7" }, expected: { reciprocal: "1/7" } },
  ],
});
