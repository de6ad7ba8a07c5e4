import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { bestApproximation } from "../../domain/math/continued_fraction.js";
import { formatRational, ratCompare, ratDistance, rational } from "../../domain/math/rational.js";
import { positiveString, strict } from "../_support/wire.js";
import { bitsOfChars, canonicalProblem, canonicalRationalString, MAX_CHARS, MAX_RESULT_CHARS, memoryFor, operand, parse, parseUnits, rawParts } from "./support.js";

const MAX_BOUND_DIGITS = 100_000;

const Request = strict(
  type({
    value: operand("x: a rational \"p/q\" (q > 0, not necessarily in lowest terms) or an integer"),
    max_denominator: positiveString(MAX_BOUND_DIGITS).describe("B ≥ 1: the approximation's denominator is at most B"),
  }),
);
const Result = strict(
  type({
    approximation: canonicalRationalString(MAX_CHARS + 4).describe("the fraction p/q with q ≤ B closest to x (ties: the smaller denominator; for B = 1 and x = n + 1/2, n)"),
    error: canonicalRationalString(MAX_RESULT_CHARS).describe("|x − approximation| ≥ 0, exact"),
    lower: canonicalRationalString(MAX_CHARS + 4).describe("the largest fraction ≤ x with denominator ≤ B"),
    upper: canonicalRationalString(MAX_CHARS + 4).describe("the smallest fraction ≥ x with denominator ≤ B"),
    exact: type("boolean").describe("true when x itself has denominator ≤ B (then all three equal x and the error is 0)"),
  }),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "rational.best_approximation.compute",
  version: "1.0.0",
  title: "Best rational approximation with a bounded denominator (closest fraction, Farey neighbours)",
  summary:
    "The fraction with denominator ≤ B closest to a rational x (a best approximation of the first kind: minimal |x − p/q|), with its exact error and the two neighbours of x " +
    "in the Farey sequence of order B. From the continued fraction of x: the last convergent p_k/q_k with q_k ≤ B and the semiconvergent " +
    "(p_{k−1} + m·p_k)/(q_{k−1} + m·q_k), m = ⌊(B − q_{k−1})/q_k⌋, bracket x; the closer one wins. Ties (x halfway between) go to the smaller denominator, which is the " +
    "convergent — the rule of Python's Fraction.limit_denominator; for B = 1 and x = n + 1/2 it is n. " +
    "(PARI's bestappr(x, B) can return a farther convergent, e.g. bestappr(2/3, 2) = 1 where 1/2 is closer.)",
  keywords: [
    "best approximation", "rational approximation", "bestappr", "limit denominator", "limit_denominator", "closest fraction", "nearest fraction", "farey", "farey neighbours",
    "semiconvergent", "convergent", "continued fraction", "diophantine approximation", "rational", "fraction", "denominator bound",
  ],
  input_kinds: ["rational"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "chars", limit: MAX_CHARS, unit: "characters", description: "the operand \"p/q\" has at most this many characters" },
    { name: "max_denominator_digits", limit: MAX_BOUND_DIGITS, unit: "decimal digits", description: "B has at most this many digits" },
  ],
  cost_model:
    "units = bits²/64 (reducing x) + bits²/16 (the continued fraction of x, developed only until the denominators pass B) + bits²/32 (the exact errors); bits ≈ 3.33 × characters of x",
  budget: { max_units: 3e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const bits = bitsOfChars(req.value.length);
    return { units: parseUnits(req.value) + (bits * bits) * (1 / 16 + 1 / 32), memory_bytes: memoryFor(req.value.length + req.max_denominator.length), basis: `an operand of ${req.value.length} characters` };
  },
  ports: {
    inputs: { value: { field: "value", kind: "rational", description: "x" } },
    outputs: { approximation: { field: "approximation", kind: "rational", description: "the best approximation" } },
  },
  execute(req, ctx) {
    const x = parse(req.value, "payload.value");
    const r = bestApproximation(x, BigInt(req.max_denominator), () => ctx.checkpoint());
    return {
      approximation: formatRational(r.best),
      error: formatRational(r.error),
      lower: formatRational(r.neighbours.lower),
      upper: formatRational(r.neighbours.upper),
      exact: r.neighbours.exact,
    };
  },
  postcondition(req, res) {
    for (const f of ["approximation", "error", "lower", "upper"] as const) {
      const bad = canonicalProblem(res[f]);
      if (bad) return `${f}: ${bad}`;
    }
    // A certificate independent of continued fractions: lower ≤ x ≤ upper, both denominators ≤ B, and either
    // lower = upper = x, or the two are adjacent (upper·lower' determinant 1) with lower.den + upper.den > B,
    // so no fraction of denominator ≤ B lies strictly between them (it would have denominator ≥ their sum).
    const B = BigInt(req.max_denominator);
    const raw = rawParts(req.value);
    const x = rational(raw.num, raw.den);
    const lo = rawParts(res.lower), up = rawParts(res.upper), ap = rawParts(res.approximation);
    if (lo.den > B || up.den > B) return "a neighbour's denominator exceeds B";
    if (ratCompare(lo, x) > 0 || ratCompare(x, up) > 0) return "x is not between lower and upper";
    if (res.exact !== (x.den <= B)) return "exact must say whether x's denominator is at most B";
    if (res.exact) {
      if (res.lower !== res.upper || res.lower !== res.approximation || res.error !== "0") return "an exact approximation is x itself";
      return ratCompare(lo, x) === 0 ? null : "the exact approximation differs from x";
    }
    if (up.num * lo.den - lo.num * up.den !== 1n) return "lower and upper are not Farey neighbours";
    if (lo.den + up.den <= B) return "a fraction of denominator ≤ B lies between lower and upper (their mediant)";
    const dl = ratDistance(x, lo), du = ratDistance(x, up);
    const c = ratCompare(dl, du);
    const want = c < 0 ? res.lower : c > 0 ? res.upper : up.den < lo.den ? res.upper : res.lower;
    if (res.approximation !== want) return "the approximation is not the closer neighbour (ties: smaller denominator, then the lower)";
    return formatRational(res.approximation === res.lower ? dl : du) === res.error && ap.den <= B ? null : "the error is not |x − approximation|";
  },
  examples: [
    {
      title: "355/113 is the closest fraction to this approximation of π with denominator ≤ 1000",
      payload: { value: "3141592653589793/1000000000000000", max_denominator: "1000" },
      expected: { approximation: "355/113", error: "30144353391/113000000000000000", lower: "2818/897", upper: "355/113", exact: false },
    },
    { title: "a semiconvergent can be closest: 2/3 with B = 2 gives 1/2", payload: { value: "2/3", max_denominator: "2" }, expected: { approximation: "1/2", error: "1/6", lower: "1/2", upper: "1", exact: false } },
    { title: "a tie goes to the smaller denominator: 3/4 with B = 2", payload: { value: "3/4", max_denominator: "2" }, expected: { approximation: "1", error: "1/4", lower: "1/2", upper: "1", exact: false } },
    { title: "x within the bound is its own approximation", payload: { value: "-6/8", max_denominator: "4" }, expected: { approximation: "-3/4", error: "0", lower: "-3/4", upper: "-3/4", exact: true } },
  ],
});
