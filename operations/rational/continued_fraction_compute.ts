import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { continuedFraction, convergentMatrix, convergents } from "../../domain/math/continued_fraction.js";
import type { Rational } from "../../domain/math/rational.js";
import { integer, request, result } from "../_support/kinds.js";
import { BUILTIN, bitsOf, canonicalRational, charsOf, MAX_CHARS, operand, operandUnits, sameValue } from "./support.js";

const MAX_CONVERGENTS = 10_000;
const DEFAULT_CONVERGENTS = 100;
/** Estimated characters of all returned convergents (count × (characters of x + 3)). */
const MAX_CONVERGENT_CHARS = 10_000_000;
/** Terms of an expansion: at most about 4.8 per decimal digit of the denominator (Fibonacci ratios are the worst case). */
const MAX_TERMS = 500_000;

const Request = request({
  value: operand('x: a rational "p/q" (q > 0, not necessarily in lowest terms) or an integer'),
  "max_convergents?": type(`0 <= number.integer <= ${MAX_CONVERGENTS}`).describe(`how many leading convergents p_k/q_k to return (default ${DEFAULT_CONVERGENTS}; 0 for none)`),
});
const Result = result({
  terms: integer(MAX_CHARS).array().atMostLength(MAX_TERMS).describe("[a0; a1, …, an]: a0 = ⌊x⌋, a_i ≥ 1, and a_n ≥ 2 when n ≥ 1 (the canonical finite expansion)"),
  convergents: canonicalRational(MAX_CHARS + 4, "a convergent p_k/q_k, canonical")
    .array()
    .atMostLength(MAX_CONVERGENTS)
    .describe("p_0/q_0, p_1/q_1, …: the first min(max_convergents, n + 1) convergents; the last one is x when all are returned"),
  all_convergents: type("boolean").describe("true when every convergent (n + 1 of them) was returned"),
});
type Req = typeof Request.infer;
type Res = { terms: bigint[]; convergents: Rational[]; all_convergents: boolean };

export default defineCompute<Req, Res>({
  id: "rational.continued_fraction.compute",
  ...BUILTIN,
  title: "Continued fraction expansion and convergents of a rational number",
  summary:
    "The finite simple continued fraction x = [a0; a1, …, an] of a rational (a0 = ⌊x⌋ may be negative, a_i ≥ 1, last term ≥ 2 unless x is an integer — the same expansion as PARI's contfrac), " +
    "by Euclid's algorithm with Lehmer's acceleration (operands up to 100,001 characters), and the leading convergents p_k/q_k " +
    `(p_k = a_k·p_{k−1} + p_{k−2}, q_k = a_k·q_{k−1} + q_{k−2}; up to max_convergents, default ${DEFAULT_CONVERGENTS}).`,
  keywords: [
    "continued fraction", "contfrac", "convergents", "contfracpnqn", "partial quotients", "euclid", "euclidean algorithm", "rational", "fraction", "expansion",
    "simple continued fraction", "approximation",
  ],
  request: Request,
  result: Result,
  bounds: [
    { name: "chars", limit: MAX_CHARS, unit: "characters", description: "the operand \"p/q\" has at most this many characters" },
    { name: "max_convergents", limit: MAX_CONVERGENTS, unit: "convergents", description: "convergents returned at most" },
    { name: "convergent_chars", limit: MAX_CONVERGENT_CHARS, unit: "characters", description: "preflight refuses when max_convergents × (characters of x + 3) exceeds this" },
  ],
  cost_model:
    "units = bits²/64 (x in lowest terms) + bits²/16 (the expansion: Lehmer–Euclid, quadratic) + max_convergents × bits/16 (each convergent is one multiply-add of at most bits-sized numbers); " +
    "bits = bits of the numerator and denominator of x",
  budget: { max_units: 3e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const count = req.max_convergents ?? DEFAULT_CONVERGENTS;
    const bits = bitsOf(req.value);
    const chars = charsOf(req.value);
    const outChars = count * (chars + 3);
    const units = outChars > MAX_CONVERGENT_CHARS ? Infinity : operandUnits(req.value) + (bits * bits) / 16 + (count * bits) / 16;
    return {
      units,
      memory_bytes: 64 * chars + 4 * outChars + 2 ** 20,
      basis: `an operand of about ${chars} characters, up to ${count} convergents (about ${outChars} characters${outChars > MAX_CONVERGENT_CHARS ? `, more than the ${MAX_CONVERGENT_CHARS} allowed: ask for fewer convergents` : ""})`,
    };
  },
  ports: { inputs: { value: { field: "value", description: "x" } } },
  execute(req, ctx) {
    const terms = continuedFraction(req.value, () => ctx.checkpoint());
    const count = Math.min(req.max_convergents ?? DEFAULT_CONVERGENTS, terms.length);
    // Consecutive convergents are coprime (p_k·q_{k−1} − p_{k−1}·q_k = ±1), so they are already in lowest terms.
    const convs = convergents(terms, count, () => ctx.checkpoint());
    return { terms, convergents: convs.map((c): Rational => ({ num: c.p, den: c.q })), all_convergents: count === terms.length };
  },
  postcondition(req, res) {
    const terms = res.terms;
    if (terms.length === 0) return "no terms";
    for (let i = 1; i < terms.length; i++) if (terms[i]! < 1n) return `term ${i} is not positive`;
    if (terms.length > 1 && terms[terms.length - 1]! < 2n) return "the last term of a non-integer's expansion must be at least 2";
    // The expansion evaluates back to x (by binary splitting of the term matrices, not by the recurrence).
    const [p, , q] = convergentMatrix(terms);
    if (!sameValue({ num: p, den: q }, req.value)) return "the continued fraction does not evaluate to x";
    const count = Math.min(req.max_convergents ?? DEFAULT_CONVERGENTS, terms.length);
    if (res.convergents.length !== count || res.all_convergents !== (count === terms.length)) return "wrong number of convergents";
    // Consecutive convergents satisfy p_k·q_{k−1} − p_{k−1}·q_k = (−1)^(k−1) (so each is in lowest terms with q_k > 0), and each is the recurrence's value.
    let p1 = 1n, q1 = 0n, p2 = 0n, q2 = 1n;
    for (let k = 0; k < count; k++) {
      const c = res.convergents[k]!;
      if (c.num * q1 - p1 * c.den !== (k % 2 === 0 ? -1n : 1n)) return `convergents ${k - 1} and ${k} are not adjacent`;
      const pk = terms[k]! * p1 + p2, qk = terms[k]! * q1 + q2;
      if (c.num !== pk || c.den !== qk) return `convergent ${k} does not follow the terms`;
      [p2, q2, p1, q1] = [p1, q1, pk, qk];
    }
    return null;
  },
  examples: [
    { title: "415/93 = [4; 2, 6, 7]", payload: { value: "415/93" }, expected: { terms: ["4", "2", "6", "7"], convergents: ["4", "9/2", "58/13", "415/93"], all_convergents: true } },
    { title: "a negative value: −7/3 = [−3; 1, 2]", payload: { value: "-7/3" }, expected: { terms: ["-3", "1", "2"], convergents: ["-3", "-2", "-7/3"], all_convergents: true } },
    { title: "an integer has one term", payload: { value: "10/2" }, expected: { terms: ["5"], convergents: ["5"], all_convergents: true } },
    {
      title: "355/113 and only the first two convergents of an approximation of π",
      payload: { value: "3141592653589793/1000000000000000", max_convergents: 4 },
      expected: { terms: ["3", "7", "15", "1", "292", "1", "1", "1", "2", "1", "3", "1", "14", "4", "2", "3", "1", "12", "5", "1", "5", "20", "1", "11", "1", "1", "1", "2"], convergents: ["3", "22/7", "333/106", "355/113"], all_convergents: false },
      compare: ["convergents", "all_convergents"],
    },
  ],
});
