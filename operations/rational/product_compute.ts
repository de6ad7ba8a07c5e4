import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { formatRational, ratProductAll } from "../../domain/math/rational.js";
import { strict } from "../_support/wire.js";
import { bitsOfChars, canonicalProblem, canonicalRationalString, MAX_TERMS, MAX_TOTAL_CHARS, memoryFor, operand, parse, parseUnits, rawParts, residueField } from "./support.js";

const Request = strict(
  type({
    factors: operand("a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer")
      .array()
      .moreThanLength(0)
      .atMostLength(MAX_TERMS)
      .describe(`the factors: 1 to ${MAX_TERMS} rationals (at most ${MAX_TOTAL_CHARS} characters in all)`),
  }),
);
const Result = strict(type({ product: canonicalRationalString(MAX_TOTAL_CHARS + MAX_TERMS).describe("the exact product, canonical") }));

const totalChars = (xs: readonly string[]): number => xs.reduce((s, x) => s + x.length, 0);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.product.compute",
  version: "1.0.0",
  title: "Exact product of rational numbers",
  summary:
    "Multiplies 1 to 10,000 rationals exactly (inputs may be unreduced; the result is canonical). Pairwise products in a balanced tree, each cancelling " +
    "gcd(a, d) and gcd(c, b) before multiplying a/b · c/d, so no gcd of the full product is ever taken.",
  keywords: ["rational", "fraction", "product", "multiply", "multiplication", "times", "exact", "arithmetic"],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "factors", limit: MAX_TERMS, unit: "rationals", description: "number of factors" },
    { name: "chars", limit: 100_001, unit: "characters", description: "each factor \"p/q\" has at most this many characters" },
    { name: "total_chars", limit: MAX_TOTAL_CHARS, unit: "characters", description: "all factors together (preflight refuses more)" },
  ],
  cost_model:
    "units = Σ bits_i²/64 (reducing each input) + (Σ bits_i)²/32 (the cross gcds of the last levels of the product tree); bits ≈ 3.33 × characters. " +
    "Inputs above 200,002 characters in all are refused.",
  budget: { max_units: 2e10, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const chars = totalChars(req.factors);
    const bits = bitsOfChars(chars);
    const units = chars > MAX_TOTAL_CHARS ? Infinity : req.factors.reduce((s, t) => s + parseUnits(t), 0) + (bits * bits) / 32;
    return { units, memory_bytes: memoryFor(chars), basis: `${req.factors.length} factors, ${chars} characters in all${chars > MAX_TOTAL_CHARS ? ` (more than ${MAX_TOTAL_CHARS})` : ""}` };
  },
  ports: { inputs: {}, outputs: { product: { field: "product", kind: "rational", description: "the product" } } },
  execute(req, ctx) {
    const xs = req.factors.map((t, i) => parse(t, `payload.factors[${i}]`));
    return { product: formatRational(ratProductAll(xs, () => ctx.checkpoint())) };
  },
  postcondition(req, res) {
    const bad = canonicalProblem(res.product);
    if (bad) return bad;
    const raws = req.factors.map(rawParts);
    const total = rawParts(res.product);
    const field = residueField([...raws, total]);
    if (!field) return null;
    let s = 1n;
    for (const r of raws) s = (s * field.of(r)) % field.P;
    return s === field.of(total) ? null : "the product is wrong modulo a Mersenne prime";
  },
  examples: [
    { title: "2/3 · 9/4 = 3/2", payload: { factors: ["2/3", "9/4"] }, expected: { product: "3/2" } },
    { title: "a telescoping product: Π (k+1)/k for k = 1..5 is 6", payload: { factors: ["2/1", "3/2", "4/3", "5/4", "6/5"] }, expected: { product: "6" } },
    { title: "signs and unreduced inputs", payload: { factors: ["-4/6", "3", "-1/2"] }, expected: { product: "1" } },
    { title: "a zero factor", payload: { factors: ["7/3", "0", "5"] }, expected: { product: "0" } },
  ],
});
