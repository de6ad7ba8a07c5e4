import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { gcd } from "../../domain/math/integer.js";
import { formatRational } from "../../domain/math/rational.js";
import { integerString, positiveString, strict } from "../_support/wire.js";
import { canonicalRationalString, MAX_CHARS, memoryFor, operand, parse, parseUnits, rawParts, sameValue } from "./support.js";

const Request = strict(type({ value: operand("a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer") }));
const Result = strict(
  type({
    value: canonicalRationalString(MAX_CHARS).describe("the same number in canonical form: lowest terms, positive denominator, \"p\" when the denominator is 1"),
    numerator: integerString(MAX_CHARS).describe("p of the canonical form p/q"),
    denominator: positiveString(MAX_CHARS).describe("q ≥ 1 of the canonical form p/q"),
  }),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.canonical.compute",
  version: "1.0.0",
  title: "Canonical form of a rational number (reduce a fraction to lowest terms)",
  summary:
    "Reduces p/q to lowest terms with a positive denominator (dividing by gcd(p, q)) and returns the canonical string together with its numerator and denominator; " +
    "an integer stays an integer, 0/q becomes \"0\". Operands of up to 100,001 characters.",
  keywords: ["rational", "fraction", "reduce", "lowest terms", "simplify", "canonical", "normal form", "numerator", "denominator", "gcd", "cancel"],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "chars", limit: MAX_CHARS, unit: "characters", description: "the operand \"p/q\" has at most this many characters" }],
  cost_model: "units = bits²/64 for the gcd of numerator and denominator (Lehmer's algorithm, quadratic), bits ≈ 3.33 × characters",
  budget: { max_units: 1e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    return { units: parseUnits(req.value), memory_bytes: memoryFor(req.value.length), basis: `an operand of ${req.value.length} characters` };
  },
  ports: {
    inputs: { value: { field: "value", kind: "rational", description: "the rational to reduce" } },
    outputs: { value: { field: "value", kind: "rational", description: "the canonical form" } },
  },
  execute(req) {
    const r = parse(req.value, "payload.value");
    return { value: formatRational(r), numerator: r.num.toString(), denominator: r.den.toString() };
  },
  postcondition(req, res) {
    const num = BigInt(res.numerator), den = BigInt(res.denominator);
    if (res.value !== (den === 1n ? res.numerator : `${res.numerator}/${res.denominator}`)) return "value does not match numerator/denominator";
    if (!sameValue(rawParts(req.value), { num, den })) return "the canonical form has a different value";
    return gcd(num, den) === 1n ? null : "the result is not in lowest terms";
  },
  examples: [
    { title: "84/36 = 7/3", payload: { value: "84/36" }, expected: { value: "7/3", numerator: "7", denominator: "3" } },
    { title: "a negative fraction", payload: { value: "-10/4" }, expected: { value: "-5/2", numerator: "-5", denominator: "2" } },
    { title: "an integer in disguise", payload: { value: "12/4" }, expected: { value: "3", numerator: "3", denominator: "1" } },
    { title: "zero", payload: { value: "0/7" }, expected: { value: "0", numerator: "0", denominator: "1" } },
  ],
});
