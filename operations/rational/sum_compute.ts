import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { formatRational, ratSumAll } from "../../domain/math/rational.js";
import { strict } from "../_support/wire.js";
import { bitsOfChars, canonicalProblem, canonicalRationalString, MAX_TERMS, MAX_TOTAL_CHARS, memoryFor, operand, parse, parseUnits, rawParts, residueField } from "./support.js";

const Request = strict(
  type({
    terms: operand("a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer")
      .array()
      .moreThanLength(0)
      .atMostLength(MAX_TERMS)
      .describe(`the summands: 1 to ${MAX_TERMS} rationals (at most ${MAX_TOTAL_CHARS} characters in all)`),
  }),
);
const Result = strict(type({ sum: canonicalRationalString(MAX_TOTAL_CHARS + MAX_TERMS).describe("the exact sum, canonical") }));

const totalChars = (xs: readonly string[]): number => xs.reduce((s, x) => s + x.length, 0);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.sum.compute",
  version: "1.0.0",
  title: "Exact sum of rational numbers",
  summary:
    "Adds 1 to 10,000 rationals exactly (inputs may be unreduced; the result is canonical). Pairwise sums in a balanced tree, each with Henrici's rule " +
    "(only gcds of denominators: with g = gcd(b, d), a/b + c/d = t/(b·d/g) with t = a·(d/g) + c·(b/g), reduced by gcd(t, g)).",
  keywords: ["rational", "fraction", "sum", "add", "addition", "plus", "total", "series", "harmonic", "exact", "arithmetic"],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "terms", limit: MAX_TERMS, unit: "rationals", description: "number of summands" },
    { name: "chars", limit: 100_001, unit: "characters", description: "each summand \"p/q\" has at most this many characters" },
    { name: "total_chars", limit: MAX_TOTAL_CHARS, unit: "characters", description: "all summands together (preflight refuses more)" },
  ],
  cost_model:
    "units = Σ bits_i²/64 (reducing each input) + (Σ bits_i)²/32 (the tree of pairwise sums is dominated by its last levels, each a product and gcd of about the total size); " +
    "bits ≈ 3.33 × characters. Inputs above 200,002 characters in all are refused.",
  budget: { max_units: 2e10, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const chars = totalChars(req.terms);
    const bits = bitsOfChars(chars);
    const units = chars > MAX_TOTAL_CHARS ? Infinity : req.terms.reduce((s, t) => s + parseUnits(t), 0) + (bits * bits) / 32;
    return { units, memory_bytes: memoryFor(chars), basis: `${req.terms.length} summands, ${chars} characters in all${chars > MAX_TOTAL_CHARS ? ` (more than ${MAX_TOTAL_CHARS})` : ""}` };
  },
  ports: { inputs: {}, outputs: { sum: { field: "sum", kind: "rational", description: "the sum" } } },
  execute(req, ctx) {
    const xs = req.terms.map((t, i) => parse(t, `payload.terms[${i}]`));
    return { sum: formatRational(ratSumAll(xs, () => ctx.checkpoint())) };
  },
  postcondition(req, res) {
    const bad = canonicalProblem(res.sum);
    if (bad) return bad;
    // Independent check: the residues modulo a Mersenne prime must add up.
    const raws = req.terms.map(rawParts);
    const total = rawParts(res.sum);
    const field = residueField([...raws, total]);
    if (!field) return null;
    let s = 0n;
    for (const r of raws) s = (s + field.of(r)) % field.P;
    return s === field.of(total) ? null : "the sum is wrong modulo a Mersenne prime";
  },
  examples: [
    { title: "1/2 + 1/3 = 5/6", payload: { terms: ["1/2", "1/3"] }, expected: { sum: "5/6" } },
    { title: "the harmonic number H(10)", payload: { terms: ["1", "1/2", "1/3", "1/4", "1/5", "1/6", "1/7", "1/8", "1/9", "1/10"] }, expected: { sum: "7381/2520" } },
    { title: "unreduced inputs, integer result", payload: { terms: ["2/4", "-6/4", "3"] }, expected: { sum: "2" } },
    { title: "cancellation to zero", payload: { terms: ["5/12", "-5/12"] }, expected: { sum: "0" } },
  ],
});
