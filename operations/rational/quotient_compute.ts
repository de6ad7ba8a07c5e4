import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { formatRational, ratDiv } from "../../domain/math/rational.js";
import { strict } from "../_support/wire.js";
import { binaryUnits, canonicalProblem, canonicalRationalString, divisionByZero, MAX_CHARS, MAX_RESULT_CHARS, memoryFor, operand, parse, rawParts, residueField } from "./support.js";

const Request = strict(
  type({
    left: operand("a (dividend): a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer"),
    right: operand("b (divisor, non-zero): a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer"),
  }),
);
const Result = strict(type({ quotient: canonicalRationalString(MAX_RESULT_CHARS).describe("a / b, canonical") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.quotient.compute",
  version: "1.0.0",
  title: "Exact quotient a / b of two rational numbers",
  summary:
    "a / b for rationals of up to 100,001 characters each (inputs may be unreduced; the result is canonical), as a · (1/b) with cross cancellation. " +
    "b = 0 fails with DOMAIN_ERROR at payload.right.",
  keywords: ["rational", "fraction", "quotient", "divide", "division", "ratio", "over", "exact", "arithmetic"],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "chars", limit: MAX_CHARS, unit: "characters", description: "each operand \"p/q\" has at most this many characters" }],
  cost_model: "units = bits_a²/64 + bits_b²/64 (reducing the inputs) + (bits_a + bits_b)²/32 (cross gcds and products); bits ≈ 3.33 × characters",
  budget: { max_units: 2e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    return { units: binaryUnits(req.left, req.right), memory_bytes: memoryFor(req.left.length + req.right.length), basis: `operands of ${req.left.length} and ${req.right.length} characters` };
  },
  ports: {
    inputs: { left: { field: "left", kind: "rational", description: "a (dividend)" }, right: { field: "right", kind: "rational", description: "b (divisor)" } },
    outputs: { quotient: { field: "quotient", kind: "rational", description: "a / b" } },
  },
  execute(req) {
    const a = parse(req.left, "payload.left"), b = parse(req.right, "payload.right");
    if (b.num === 0n) divisionByZero("payload.right", "a / b with b = 0");
    return { quotient: formatRational(ratDiv(a, b)) };
  },
  postcondition(req, res) {
    const bad = canonicalProblem(res.quotient);
    if (bad) return bad;
    const a = rawParts(req.left), b = rawParts(req.right), q = rawParts(res.quotient);
    // Check q · b = a by residues: b and q as residues, with a's denominator invertible.
    const field = residueField([a, b, q]);
    if (!field) return null;
    return (field.of(q) * field.of(b) - field.of(a)) % field.P === 0n ? null : "the quotient times the divisor differs from the dividend modulo a Mersenne prime";
  },
  examples: [
    { title: "(3/4) / (9/8) = 2/3", payload: { left: "3/4", right: "9/8" }, expected: { quotient: "2/3" } },
    { title: "dividing by a negative number moves the sign to the numerator", payload: { left: "1/2", right: "-3" }, expected: { quotient: "-1/6" } },
    { title: "integers with an integer quotient", payload: { left: "-84", right: "12" }, expected: { quotient: "-7" } },
  ],
});
