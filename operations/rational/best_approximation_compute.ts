import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { bestApproximation } from "../../domain/math/continued_fraction.js";
import { ratCompare, ratDistance, ratEq, type Rational } from "../../domain/math/rational.js";
import { positive, request, result } from "../_support/kinds.js";
import { BUILTIN, bitsOf, canonicalProblem, canonicalRational, charsOf, described, MAX_CHARS, MAX_RESULT_CHARS, memoryFor, operand, operandUnits } from "./support.js";

const MAX_BOUND_DIGITS = 100_000;

const Request = request({
  value: operand('x: a rational "p/q" (q > 0, not necessarily in lowest terms) or an integer'),
  max_denominator: described(positive(MAX_BOUND_DIGITS), "B ≥ 1: the approximation's denominator is at most B"),
});
const Result = result({
  approximation: canonicalRational(MAX_CHARS + 4, "the fraction p/q with q ≤ B closest to x (ties: the smaller denominator; for B = 1 and x = n + 1/2, n)"),
  error: canonicalRational(MAX_RESULT_CHARS, "|x − approximation| ≥ 0, exact"),
  lower: canonicalRational(MAX_CHARS + 4, "the largest fraction ≤ x with denominator ≤ B"),
  upper: canonicalRational(MAX_CHARS + 4, "the smallest fraction ≥ x with denominator ≤ B"),
  exact: type("boolean").describe("true when x itself has denominator ≤ B (then all three equal x and the error is 0)"),
});
type Req = typeof Request.infer;
type Res = { approximation: Rational; error: Rational; lower: Rational; upper: Rational; exact: boolean };

export default defineCompute<Req, Res>({
  id: "rational.best_approximation.compute",
  ...BUILTIN,
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
  request: Request,
  result: Result,
  bounds: [
    { name: "chars", limit: MAX_CHARS, unit: "characters", description: "the operand \"p/q\" has at most this many characters" },
    { name: "max_denominator_digits", limit: MAX_BOUND_DIGITS, unit: "decimal digits", description: "B has at most this many digits" },
  ],
  cost_model:
    "units = bits²/64 (x in lowest terms) + bits²/16 (the continued fraction of x, developed only until the denominators pass B) + bits²/32 (the exact errors); bits = bits of the numerator and denominator of x",
  budget: { max_units: 3e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const bits = bitsOf(req.value);
    const chars = charsOf(req.value);
    return { units: operandUnits(req.value) + bits * bits * (1 / 16 + 1 / 32), memory_bytes: memoryFor(chars + charsOf({ num: req.max_denominator, den: 1n })), basis: `an operand of about ${chars} characters` };
  },
  ports: {
    inputs: { value: { field: "value", description: "x" } },
    outputs: { approximation: { field: "approximation", description: "the best approximation" } },
  },
  execute(req, ctx) {
    const r = bestApproximation(req.value, req.max_denominator, () => ctx.checkpoint());
    return { approximation: r.best, error: r.error, lower: r.neighbours.lower, upper: r.neighbours.upper, exact: r.neighbours.exact };
  },
  postcondition(req, res) {
    for (const f of ["approximation", "error", "lower", "upper"] as const) {
      const bad = canonicalProblem(res[f]);
      if (bad) return `${f}: ${bad}`;
    }
    // A certificate independent of continued fractions: lower ≤ x ≤ upper, both denominators ≤ B, and either
    // lower = upper = x, or the two are adjacent (upper·lower' determinant 1) with lower.den + upper.den > B,
    // so no fraction of denominator ≤ B lies strictly between them (it would have denominator ≥ their sum).
    const B = req.max_denominator;
    const x = req.value;
    const lo = res.lower, up = res.upper, ap = res.approximation;
    if (lo.den > B || up.den > B) return "a neighbour's denominator exceeds B";
    if (ratCompare(lo, x) > 0 || ratCompare(x, up) > 0) return "x is not between lower and upper";
    if (res.exact !== (x.den <= B)) return "exact must say whether x's denominator is at most B";
    if (res.exact) {
      if (!ratEq(lo, up) || !ratEq(lo, ap) || res.error.num !== 0n) return "an exact approximation is x itself";
      return ratCompare(lo, x) === 0 ? null : "the exact approximation differs from x";
    }
    if (up.num * lo.den - lo.num * up.den !== 1n) return "lower and upper are not Farey neighbours";
    if (lo.den + up.den <= B) return "a fraction of denominator ≤ B lies between lower and upper (their mediant)";
    const dl = ratDistance(x, lo), du = ratDistance(x, up);
    const c = ratCompare(dl, du);
    const want = c < 0 ? lo : c > 0 ? up : up.den < lo.den ? up : lo;
    if (!ratEq(ap, want)) return "the approximation is not the closer neighbour (ties: smaller denominator, then the lower)";
    return ratEq(want === lo ? dl : du, res.error) && ap.den <= B ? null : "the error is not |x − approximation|";
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
