import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { divisorCount, smallestDivisors } from "../../domain/math/arithmetic.js";
import { positiveString, strict } from "../_support/wire.js";
import {
  CertaintyType, checkFactorization, EffortType, FACTOR_BOUNDS, FACTOR_BUDGET, FACTOR_COST_MODEL, FACTOR_MAX_DIGITS, FACTOR_PORTS, FACTOR_PROGRESS, factorForArithmetic, factorizationDescription,
  FactorizationType, factorPreflight, factorsOf, incomplete, IncompleteBranch, NType, parseNonZero,
} from "./arithmetic_support.js";

const MAX_LIMIT = 100_000;
const DEFAULT_LIMIT = 10_000;

const Request = strict(
  type({
    n: NType,
    "effort?": EffortType,
    "limit?": type(`1 <= number.integer <= ${MAX_LIMIT}`).describe(`the most divisors returned (a JSON integer, default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}); the smallest ones are returned and truncated is set when τ(n) exceeds it`),
  }),
);
const Result = strict(
  type({
    status: type("'COMPLETE'"),
    certainty: CertaintyType,
    divisor_count: positiveString(2000).describe("τ(|n|): how many positive divisors n has in all"),
    divisors: positiveString(FACTOR_MAX_DIGITS).array().atMostLength(MAX_LIMIT).describe("the positive divisors of n in ascending order: all of them, or the `limit` smallest when truncated"),
    truncated: type("boolean").describe("true when τ(n) > limit and only the smallest `limit` divisors are listed"),
    factorization: FactorizationType,
    unfactored: type("'1'"),
  }).or(IncompleteBranch),
);

/** An upper bound on ω(n) for n of this many digits (the primorial p_1⋯p_k grows like e^(k ln k)). */
function maxDistinctPrimes(digits: number): number {
  const lnN = digits * Math.LN10;
  return Math.ceil((1.3 * lnN) / Math.log(Math.max(lnN, Math.E))) + 2;
}

const limitOf = (req: { limit?: number }): number => req.limit ?? DEFAULT_LIMIT;

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.divisors.compute",
  version: "1.0.0",
  title: "Divisors of an integer, ascending",
  summary:
    `The positive divisors of n ≠ 0 (up to 1000 digits) in ascending order, with their number τ(n). At most \`limit\` (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}) are listed: ` +
    "when τ(n) is larger the smallest `limit` divisors are returned with truncated = true (computed without listing the others). Negative n uses |n|; n = 0 is a DOMAIN_ERROR. " +
    factorizationDescription("the divisors"),
  keywords: ["divisors", "list of divisors", "all divisors", "factors of n", "divisor list", "positive divisors", "aliquot parts", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "factorization (shared engine) and exact bigint arithmetic" }],
  bounds: [...FACTOR_BOUNDS, { name: "limit", limit: MAX_LIMIT, unit: "divisors", description: "at most this many divisors are listed; limit × digits(n) is further bounded by the memory budget (preflight)" }],
  cost_model: FACTOR_COST_MODEL + "; then the heap merge, prime by prime: 10·limit·(log2(limit) + digits/19) per distinct prime, with at most 1.3·ln(n)/ln(ln(n)) + 2 distinct primes; memory limit·(digits + 40)·8 bytes",
  budget: FACTOR_BUDGET,
  progress_measure: FACTOR_PROGRESS,
  preflight(req) {
    const digits = req.n.replace("-", "").length;
    const limit = limitOf(req);
    return factorPreflight(digits, req.effort, {
      units: limit * maxDistinctPrimes(digits) * (Math.log2(limit + 1) + digits / 19) * 10,
      memory: limit * (digits + 40) * 8,
      basis: `up to ${limit} divisors of up to ${digits} digits`,
    });
  },
  ports: { inputs: FACTOR_PORTS, outputs: {} },
  execute(req, ctx) {
    const run = factorForArithmetic(parseNonZero(req.n, "the divisor list"), req.effort, ctx);
    if (!run.complete) return incomplete(run);
    const limit = limitOf(req);
    const tau = divisorCount(run.factors);
    const divisors = smallestDivisors(run.factors, limit, () => ctx.checkpoint());
    return { status: "COMPLETE", certainty: run.certainty, divisor_count: tau.toString(), divisors: divisors.map(String), truncated: tau > BigInt(limit), factorization: run.wire, unfactored: "1" };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    const n = BigInt(req.n.replace("-", ""));
    let tau = 1n;
    for (const { exponent } of factorsOf(res)) tau *= BigInt(exponent + 1);
    if (tau !== BigInt(res.divisor_count)) return "τ(n) ≠ Π (e + 1)";
    const limit = BigInt(limitOf(req));
    const expectedLength = tau < limit ? tau : limit;
    if (BigInt(res.divisors.length) !== expectedLength) return "the list does not have min(τ(n), limit) entries";
    if (res.truncated !== tau > limit) return "truncated must be set exactly when τ(n) > limit";
    let prev = 0n;
    for (const s of res.divisors) {
      const d = BigInt(s);
      if (d <= prev) return "the divisors are not strictly ascending";
      if (n % d !== 0n) return `${d} does not divide n`;
      prev = d;
    }
    // Complete lists end with n itself; with the count and strict ascent this makes the list exactly the divisors.
    if (!res.truncated && res.divisors[res.divisors.length - 1] !== n.toString()) return "the complete list does not end with n";
    // The smallest divisors are closed under taking divisors: d/p is listed for every listed d and prime p | d.
    if (res.truncated) {
      const listed = new Set(res.divisors);
      const primes = factorsOf(res).map((f) => f.prime);
      for (const s of res.divisors) {
        const d = BigInt(s);
        for (const p of primes) if (d % p === 0n && !listed.has((d / p).toString())) return `${d} is listed but its divisor ${d / p} is not`;
      }
    }
    return null;
  },
  examples: [
    {
      title: "the divisors of 60",
      payload: { n: "60" },
      expected: {
        status: "COMPLETE", certainty: "PROVEN", divisor_count: "12", divisors: ["1", "2", "3", "4", "5", "6", "10", "12", "15", "20", "30", "60"], truncated: false,
        factorization: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "1" }, { prime: "5", exponent: "1" }], unfactored: "1",
      },
    },
    { title: "1 has one divisor", payload: { n: "1" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_count: "1", divisors: ["1"], truncated: false, factorization: [], unfactored: "1" } },
    {
      title: "the 12 smallest of the 270 divisors of 10! = 3628800",
      payload: { n: "3628800", limit: 12 },
      expected: {
        status: "COMPLETE", certainty: "PROVEN", divisor_count: "270", divisors: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "14"], truncated: true,
        factorization: [{ prime: "2", exponent: "8" }, { prime: "3", exponent: "4" }, { prime: "5", exponent: "2" }, { prime: "7", exponent: "1" }], unfactored: "1",
      },
    },
    {
      title: "negative n: the positive divisors of |n|; 2^64 + 1 has four",
      payload: { n: "-18446744073709551617" },
      expected: {
        status: "COMPLETE", certainty: "PROVEN", divisor_count: "4", divisors: ["1", "274177", "67280421310721", "18446744073709551617"], truncated: false,
        factorization: [{ prime: "274177", exponent: "1" }, { prime: "67280421310721", exponent: "1" }], unfactored: "1",
      },
    },
  ],
});
