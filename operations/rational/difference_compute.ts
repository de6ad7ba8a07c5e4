import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { formatRational, ratSub } from "../../domain/math/rational.js";
import { strict } from "../_support/wire.js";
import { binaryUnits, canonicalProblem, canonicalRationalString, MAX_CHARS, MAX_RESULT_CHARS, memoryFor, operand, parse, rawParts, residueField } from "./support.js";

const Request = strict(
  type({
    left: operand("a: a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer"),
    right: operand("b: a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer"),
  }),
);
const Result = strict(type({ difference: canonicalRationalString(MAX_RESULT_CHARS).describe("a − b, canonical") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.difference.compute",
  version: "1.0.0",
  title: "Exact difference a − b of two rational numbers",
  summary: "a − b for rationals of up to 100,001 characters each (inputs may be unreduced; the result is canonical), by Henrici's rule (only gcds of denominators).",
  keywords: ["rational", "fraction", "difference", "subtract", "subtraction", "minus", "exact", "arithmetic"],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "chars", limit: MAX_CHARS, unit: "characters", description: "each operand \"p/q\" has at most this many characters" }],
  cost_model: "units = bits_a²/64 + bits_b²/64 (reducing the inputs) + (bits_a + bits_b)²/32 (cross products and gcds); bits ≈ 3.33 × characters",
  budget: { max_units: 2e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    return { units: binaryUnits(req.left, req.right), memory_bytes: memoryFor(req.left.length + req.right.length), basis: `operands of ${req.left.length} and ${req.right.length} characters` };
  },
  ports: {
    inputs: { left: { field: "left", kind: "rational", description: "a" }, right: { field: "right", kind: "rational", description: "b" } },
    outputs: { difference: { field: "difference", kind: "rational", description: "a − b" } },
  },
  execute(req) {
    return { difference: formatRational(ratSub(parse(req.left, "payload.left"), parse(req.right, "payload.right"))) };
  },
  postcondition(req, res) {
    const bad = canonicalProblem(res.difference);
    if (bad) return bad;
    const a = rawParts(req.left), b = rawParts(req.right), d = rawParts(res.difference);
    const field = residueField([a, b, d]);
    if (!field) return null;
    return (field.of(a) - field.of(b) - field.of(d)) % field.P === 0n ? null : "the difference is wrong modulo a Mersenne prime";
  },
  examples: [
    { title: "3/4 − 1/6 = 7/12", payload: { left: "3/4", right: "1/6" }, expected: { difference: "7/12" } },
    { title: "a negative result", payload: { left: "1/3", right: "1/2" }, expected: { difference: "-1/6" } },
    { title: "equal values", payload: { left: "2/4", right: "1/2" }, expected: { difference: "0" } },
  ],
});
