import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { solvePell } from "../../domain/math/diophantine.js";
import { bitLength, isqrt } from "../../domain/math/integer.js";
import { request, result } from "../_support/kinds.js";
import {
  BUILTIN, DEFAULT_MAX_DIGITS, hasAtMostDigits, LOG10_PHI, LOG2_10, MAX_D_DIGITS, MAX_MAX_DIGITS, PELL_KIND, pellRequestShape, pellSolutionShape, type PellValue,
} from "./support.js";

const Request = request(pellRequestShape());
const Result = result(pellSolutionShape(false), PELL_KIND);
type Req = { D: bigint; include_negative?: boolean; include_period?: boolean; max_digits?: number };
type Res = PellValue & { status: "COMPLETE" | "INCOMPLETE"; steps: bigint };

/**
 * Upper bound on the terms developed before x certainly exceeds max_digits: half the period is walked, and at step k
 * x ≥ q_k·q_{k−1} with q_k ≥ F_{k+1}, so k ≤ (max_digits + 1)/(2·log10 φ) + 4.
 */
const maxSteps = (maxDigits: number): number => Math.ceil((maxDigits + 1) / (2 * LOG10_PHI)) + 4;

export default defineCompute<Req, Res>({
  id: "diophantine.pell.compute",
  ...BUILTIN,
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
  request: Request as never,
  result: Result as never,
  bounds: [
    { name: "D_digits", limit: MAX_D_DIGITS, unit: "decimal digits", description: "D has at most this many digits" },
    { name: "max_digits", limit: MAX_MAX_DIGITS, unit: "decimal digits", description: "largest allowed size of the solution x (the request's max_digits, default 10,000)" },
  ],
  cost_model:
    "units = S·(4·L² + 30) for the walk over half the period, S = ⌈(max_digits + 1)/(2·log10 φ)⌉ + 4 ≈ 2.4·max_digits the most terms developed before x certainly exceeds " +
    "max_digits digits (x ≥ q_k·q_{k−1}, q_k ≥ F_{k+1}), L = limbs of D; plus 12·(b/64)^1.6·log2 S for the binary splitting and the final products, b = 3.33·max_digits bits; " +
    "plus b²/6400 for the decimal output.",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 120_000 },
  progress_measure: "decimal digits of the current convergent (no total: the period may end long before max_digits)",
  preflight(req) {
    const cap = req.max_digits ?? DEFAULT_MAX_DIGITS;
    const S = maxSteps(cap);
    const L = Math.ceil(bitLength(req.D) / 64);
    const bits = cap * LOG2_10;
    const units = S * (4 * L * L + 30) + 12 * (bits / 64) ** 1.6 * Math.log2(S + 2) + (bits * bits) / 6400;
    return { units, memory_bytes: S * (L > 1 ? 16 + 8 * L : 8) + 24 * cap + 2 ** 20, basis: `D of ${Math.ceil(bitLength(req.D) / LOG2_10)} digits, x of at most ${cap} digits (at most ${S} terms)` };
  },
  ports: { outputs: { solution: { field: ".", description: "the whole result { status, x, y, period_length, … }: the claim of diophantine.pell.verify" } } },
  execute(req, ctx) {
    const D = req.D;
    const r = isqrt(D);
    if (r * r === D) {
      throw domainError(`D = ${bitLength(D) > 130 ? "…" : D} is a perfect square (${r}²): x² − D·y² = 1 has only the trivial solutions (±1, 0)`, "payload.D", "Pell's equation needs a non-square D > 1");
    }
    const cap = req.max_digits ?? DEFAULT_MAX_DIGITS;
    const s = solvePell(D, { maxDigits: cap, keepPeriod: req.include_period === true, checkpoint: () => ctx.checkpoint(), progress: (d, t, m) => ctx.progress(d, t, m) });
    if (s.status === "INCOMPLETE") {
      return {
        status: "INCOMPLETE",
        ...(s.periodLength !== undefined ? { period_length: BigInt(s.periodLength) } : {}),
        ...(req.include_negative && s.periodLength !== undefined ? { negative: { solvable: s.periodLength % 2 === 1 } } : {}),
        steps: BigInt(s.steps),
      };
    }
    return {
      status: "COMPLETE",
      x: s.x,
      y: s.y,
      period_length: BigInt(s.periodLength),
      ...(req.include_negative ? { negative: s.negative ? { solvable: true, x: s.negative.x, y: s.negative.y } : { solvable: false } } : {}),
      ...(s.period ? { continued_fraction: { a0: s.a0, period: s.period } } : {}),
      steps: BigInt(s.steps),
    };
  },
  postcondition(req, res) {
    const D = req.D;
    if (res.status === "INCOMPLETE") return res.x === undefined && res.negative?.x === undefined ? null : "an INCOMPLETE result carries no solution";
    if (res.x === undefined || res.y === undefined || res.period_length === undefined) return "a COMPLETE result carries x, y and the period length";
    const x = res.x, y = res.y;
    if (x * x - D * y * y !== 1n) return "x² − D·y² ≠ 1";
    if (!hasAtMostDigits(x, req.max_digits ?? DEFAULT_MAX_DIGITS)) return "x exceeds max_digits";
    const odd = res.period_length % 2n === 1n;
    if (req.include_negative) {
      if (!res.negative || res.negative.solvable !== odd) return "the −1 equation is solvable exactly when the period is odd";
      if (odd) {
        const u = res.negative.x!, v = res.negative.y!;
        if (u * u - D * v * v !== -1n) return "the −1 solution does not satisfy x² − D·y² = −1";
        // The +1 solution is the square of the −1 unit: (u + v√D)² = u² + D·v² + 2uv√D.
        if (u * u + D * v * v !== x || 2n * u * v !== y) return "the +1 solution is not the square of the −1 solution";
      }
    }
    if (res.continued_fraction) {
      const cf = res.continued_fraction;
      if (cf.a0 !== isqrt(D) || BigInt(cf.period.length) !== res.period_length || cf.period[cf.period.length - 1] !== 2n * cf.a0) return "the period must end with 2·a0";
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
