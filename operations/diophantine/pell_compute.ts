import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { solvePell } from "../../domain/math/diophantine.js";
import { isqrt } from "../../domain/math/integer.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import { LOG2_10 } from "./support.js";

const MAX_D_DIGITS = 200;
const DEFAULT_MAX_DIGITS = 10_000;
const MAX_MAX_DIGITS = 1_000_000;

const Request = strict(
  type({
    D: positiveString(MAX_D_DIGITS).describe("D > 1, not a perfect square (at most 200 digits)"),
    "include_negative?": type("boolean").describe("also solve x² − D·y² = −1 (default false)"),
    "include_period?": type("boolean").describe("also return the continued fraction √D = [a0; a1, …, aℓ] with its period (default false)"),
    "max_digits?": type(`1 <= number.integer <= ${MAX_MAX_DIGITS}`).describe(
      `give up (status INCOMPLETE) when the fundamental x has more than this many digits (default ${DEFAULT_MAX_DIGITS}, at most ${MAX_MAX_DIGITS})`,
    ),
  }),
);
const Big = positiveString(MAX_MAX_DIGITS + 1);
const Result = strict(
  type({
    status: type("'COMPLETE' | 'INCOMPLETE'").describe("INCOMPLETE: the fundamental solution has more than max_digits digits (or the period was not finished before that size was certain)"),
    "x?": Big.describe("COMPLETE: the least x > 1 with x² − D·y² = 1"),
    "y?": Big.describe("COMPLETE: its y > 0"),
    "period_length?": positiveString(8).describe("ℓ, the length of the period of the continued fraction of √D (when the period was completed)"),
    "negative?": type({
      solvable: type("boolean").describe("whether x² − D·y² = −1 has integer solutions (exactly when ℓ is odd)"),
      "x?": Big.describe("the least positive solution's x (when solvable and the result is COMPLETE)"),
      "y?": Big.describe("its y"),
    }).describe("present when include_negative is true and ℓ is known"),
    "continued_fraction?": type({
      a0: positiveString(MAX_D_DIGITS).describe("⌊√D⌋"),
      period: positiveString(MAX_D_DIGITS).array().describe("a1, …, aℓ (aℓ = 2·a0)"),
    }).describe("present when include_period is true and the result is COMPLETE"),
    steps: naturalString(8).describe("terms of the continued fraction of √D developed (about half the period: a1 … a_{ℓ−1} is a palindrome whose middle is recognised)"),
  }),
);

/**
 * Upper bound on the terms developed before x certainly exceeds max_digits: half the period is walked, and at step k
 * x ≥ q_k·q_{k−1} with q_k ≥ F_{k+1}, so k ≤ (max_digits + 1)/(2·log10 φ) + 4.
 */
const maxSteps = (maxDigits: number): number => Math.ceil((maxDigits + 1) / (2 * Math.log10((1 + Math.sqrt(5)) / 2))) + 4;

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "diophantine.pell.compute",
  version: "1.0.0",
  title: "Pell's equation x² − D·y² = 1: the fundamental solution (and x² − D·y² = −1)",
  summary:
    "The fundamental (least positive) solution of x² − D·y² = 1 for a non-square D > 1 of up to 200 digits, from the period a1 … aℓ of the continued fraction of √D: with p/q the " +
    "convergent [a0; a1, …, a_{ℓ−1}] (only half the period is developed — it is a palindrome — and the term matrices are multiplied by binary splitting), (x, y) = (p, q) for even ℓ, and (p² + D·q², 2pq) for odd ℓ, when (p, q) is the least solution of " +
    "x² − D·y² = −1 (solvable exactly when ℓ is odd; returned with include_negative). The period length is not known in advance (it can reach about √D·log D and the solution " +
    `as many digits), so the size is watched while the period is developed: when x would exceed max_digits digits (default ${DEFAULT_MAX_DIGITS}) the result is status INCOMPLETE ` +
    "without a solution (raise max_digits, up to 1,000,000). A perfect square D fails with DOMAIN_ERROR (only the trivial solutions (±1, 0) exist).",
  keywords: [
    "pell equation", "pell's equation", "pell", "x^2 - d*y^2 = 1", "fundamental solution", "fundamental unit", "quadunit", "continued fraction", "square root", "sqrt",
    "negative pell", "diophantine", "quadratic form", "period", "regulator",
  ],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "D_digits", limit: MAX_D_DIGITS, unit: "decimal digits", description: "D has at most this many digits" },
    { name: "max_digits", limit: MAX_MAX_DIGITS, unit: "decimal digits", description: "largest allowed size of the solution x (the request's max_digits, default 10,000)" },
  ],
  cost_model:
    "units = S·(4·L² + 30) for the walk over half the period, S = ⌈(max_digits + 1)/(2·log10 φ)⌉ + 4 ≈ 2.4·max_digits the most terms developed before x certainly exceeds " +
    "max_digits digits (x ≥ q_k·q_{k−1}, q_k ≥ F_{k+1}), L = limbs of D; plus 12·(b/64)^1.6·log2 S for the binary splitting and the final products, b = 3.33·max_digits bits; " +
    "plus b²/6400 for the decimal output.",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 120_000 },
  progress_measure: "decimal digits of the current convergent, out of max_digits",
  preflight(req) {
    const cap = req.max_digits ?? DEFAULT_MAX_DIGITS;
    const S = maxSteps(cap);
    const L = Math.ceil((req.D.length * LOG2_10) / 64);
    const bits = cap * LOG2_10;
    const units = S * (4 * L * L + 30) + 12 * (bits / 64) ** 1.6 * Math.log2(S + 2) + (bits * bits) / 6400;
    return { units, memory_bytes: S * (L > 1 ? 16 + 8 * L : 8) + 24 * cap + 2 ** 20, basis: `D of ${req.D.length} digits, x of at most ${cap} digits (at most ${S} terms)` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx) {
    const D = BigInt(req.D);
    const r = isqrt(D);
    if (r * r === D) {
      throw domainError(`D = ${req.D.length > 40 ? "…" : req.D} is a perfect square (${r}²): x² − D·y² = 1 has only the trivial solutions (±1, 0)`, "payload.D", "Pell's equation needs a non-square D > 1");
    }
    const cap = req.max_digits ?? DEFAULT_MAX_DIGITS;
    const s = solvePell(D, { maxDigits: cap, keepPeriod: req.include_period === true, checkpoint: () => ctx.checkpoint(), progress: (d, t) => ctx.progress(d, t) });
    if (s.status === "INCOMPLETE") {
      return {
        status: "INCOMPLETE",
        ...(s.periodLength !== undefined ? { period_length: String(s.periodLength) } : {}),
        ...(req.include_negative && s.periodLength !== undefined ? { negative: { solvable: s.periodLength % 2 === 1 } } : {}),
        steps: String(s.steps),
      };
    }
    return {
      status: "COMPLETE",
      x: s.x.toString(),
      y: s.y.toString(),
      period_length: String(s.periodLength),
      ...(req.include_negative ? { negative: s.negative ? { solvable: true, x: s.negative.x.toString(), y: s.negative.y.toString() } : { solvable: false } } : {}),
      ...(s.period ? { continued_fraction: { a0: s.a0.toString(), period: s.period.map(String) } } : {}),
      steps: String(s.steps),
    };
  },
  postcondition(req, res) {
    const D = BigInt(req.D);
    if (res.status === "INCOMPLETE") return res.x === undefined && res.negative?.x === undefined ? null : "an INCOMPLETE result carries no solution";
    if (res.x === undefined || res.y === undefined || res.period_length === undefined) return "a COMPLETE result carries x, y and the period length";
    const x = BigInt(res.x), y = BigInt(res.y);
    if (x * x - D * y * y !== 1n) return "x² − D·y² ≠ 1";
    if (res.x.length > (req.max_digits ?? DEFAULT_MAX_DIGITS)) return "x exceeds max_digits";
    const odd = Number(res.period_length) % 2 === 1;
    if (req.include_negative) {
      if (!res.negative || res.negative.solvable !== odd) return "the −1 equation is solvable exactly when the period is odd";
      if (odd) {
        const u = BigInt(res.negative.x!), v = BigInt(res.negative.y!);
        if (u * u - D * v * v !== -1n) return "the −1 solution does not satisfy x² − D·y² = −1";
        // The +1 solution is the square of the −1 unit: (u + v√D)² = u² + D·v² + 2uv√D.
        if (u * u + D * v * v !== x || 2n * u * v !== y) return "the +1 solution is not the square of the −1 solution";
      }
    }
    if (res.continued_fraction) {
      const cf = res.continued_fraction;
      if (BigInt(cf.a0) !== isqrt(D) || cf.period.length !== Number(res.period_length) || BigInt(cf.period[cf.period.length - 1]!) !== 2n * BigInt(cf.a0)) return "the period must end with 2·a0";
      // the period without its last term is a palindrome
      for (let i = 0, j = cf.period.length - 2; i < j; i++, j--) if (cf.period[i] !== cf.period[j]) return "the period a1 … a_{ℓ−1} is not a palindrome";
    }
    return null;
  },
  examples: [
    { title: "D = 2: x = 3, y = 2", payload: { D: "2" }, expected: { status: "COMPLETE", x: "3", y: "2", period_length: "1", steps: "1" } },
    {
      title: "D = 13 (odd period 5): the −1 solution (18, 5) squares to the +1 solution (649, 180)",
      payload: { D: "13", include_negative: true, include_period: true },
      expected: { status: "COMPLETE", x: "649", y: "180", period_length: "5", negative: { solvable: true, x: "18", y: "5" }, continued_fraction: { a0: "3", period: ["1", "1", "1", "1", "6"] }, steps: "3" },
    },
    {
      title: "Fermat's challenge D = 61",
      payload: { D: "61" },
      expected: { status: "COMPLETE", x: "1766319049", y: "226153980", period_length: "11", steps: "6" },
    },
    { title: "D = 3: the −1 equation has no solution (even period)", payload: { D: "3", include_negative: true }, expected: { status: "COMPLETE", x: "2", y: "1", period_length: "2", negative: { solvable: false }, steps: "2" } },
    {
      title: "a cap on the size of the solution: D = 1000099 needs more than 100 digits",
      payload: { D: "1000099", max_digits: 100 },
      expected: { status: "INCOMPLETE", steps: "79" },
    },
  ],
});
