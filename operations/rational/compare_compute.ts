import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { ratCompare } from "../../domain/math/rational.js";
import { strict } from "../_support/wire.js";
import { bitsOfChars, MAX_CHARS, memoryFor, operand, parse, parseUnits, rawParts } from "./support.js";

const Request = strict(
  type({
    left: operand("a: a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer"),
    right: operand("b: a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer"),
  }),
);
const Result = strict(type({ comparison: type("'-1' | '0' | '1'").describe("\"-1\" when a < b, \"0\" when a = b, \"1\" when a > b") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.compare.compute",
  version: "1.0.0",
  title: "Compare two rational numbers",
  summary: "The sign of a − b: \"-1\" (a < b), \"0\" (a = b) or \"1\" (a > b) for rationals of up to 100,001 characters each; signs first, then one cross-multiplication.",
  keywords: ["rational", "fraction", "compare", "comparison", "less than", "greater than", "equal", "order", "sign", "cmp", "inequality"],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "chars", limit: MAX_CHARS, unit: "characters", description: "each operand \"p/q\" has at most this many characters" }],
  cost_model: "units = bits_a²/64 + bits_b²/64 (reducing the inputs) + bits_a·bits_b/4096 (one cross-multiplication); bits ≈ 3.33 × characters",
  budget: { max_units: 1e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const units = parseUnits(req.left) + parseUnits(req.right) + (bitsOfChars(req.left.length) * bitsOfChars(req.right.length)) / 4096;
    return { units, memory_bytes: memoryFor(req.left.length + req.right.length), basis: `operands of ${req.left.length} and ${req.right.length} characters` };
  },
  ports: { inputs: { left: { field: "left", kind: "rational", description: "a" }, right: { field: "right", kind: "rational", description: "b" } }, outputs: {} },
  execute(req) {
    const c = ratCompare(parse(req.left, "payload.left"), parse(req.right, "payload.right"));
    return { comparison: c === -1 ? "-1" : c === 0 ? "0" : "1" };
  },
  postcondition(req, res) {
    // Independent: the sign of a_num·b_den − b_num·a_den on the unreduced inputs.
    const a = rawParts(req.left), b = rawParts(req.right);
    const d = a.num * b.den - b.num * a.den;
    const expected = d < 0n ? "-1" : d > 0n ? "1" : "0";
    return res.comparison === expected ? null : "the comparison disagrees with the sign of the cross difference";
  },
  examples: [
    { title: "2/3 > 3/5", payload: { left: "2/3", right: "3/5" }, expected: { comparison: "1" } },
    { title: "equal values written differently", payload: { left: "4/6", right: "2/3" }, expected: { comparison: "0" } },
    { title: "a negative number is less than a positive one", payload: { left: "-1/1000", right: "1/1000000" }, expected: { comparison: "-1" } },
  ],
});
