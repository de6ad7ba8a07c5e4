import { type } from "arktype";
import { divisorCount, smallestDivisors } from "../../domain/math/arithmetic.js";
import { factorFunction, factorPreflight, FACTOR_MAX_DIGITS, positiveField, provenExample } from "./arithmetic_support.js";

const MAX_LIMIT = 100_000;
const DEFAULT_LIMIT = 10_000;

/** An upper bound on ω(n) for n of this many digits (the primorial p_1⋯p_k grows like e^(k ln k)). */
function maxDistinctPrimes(digits: number): number {
  const lnN = digits * Math.LN10;
  return Math.ceil((1.3 * lnN) / Math.log(Math.max(lnN, Math.E))) + 2;
}

const limitOf = (req: { limit?: number }): number => req.limit ?? DEFAULT_LIMIT;

export default factorFunction<{ divisor_count: bigint; divisors: bigint[]; truncated: boolean }, { limit?: number }>({
  id: "integer.divisors.compute",
  title: "Divisors of an integer, ascending",
  summary:
    `The positive divisors of n ≠ 0 (up to 1000 digits) in ascending order, with their number τ(n). At most \`limit\` (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}) are listed: ` +
    "when τ(n) is larger the smallest `limit` divisors are returned with truncated = true (computed without listing the others). Negative n uses |n|; n = 0 is a DOMAIN_ERROR.",
  what: "the divisors",
  symbol: "the divisor list",
  keywords: ["divisors", "list of divisors", "all divisors", "factors of n", "divisor list", "positive divisors", "aliquot parts", "integer"],
  request: {
    "limit?": type(`1 <= number.integer <= ${MAX_LIMIT}`).describe(`the most divisors returned (a JSON integer, default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}); the smallest ones are returned and truncated is set when τ(n) exceeds it`),
  },
  result: {
    divisor_count: positiveField(2000, "τ(|n|): how many positive divisors n has in all"),
    divisors: positiveField(FACTOR_MAX_DIGITS, "a divisor").array().atMostLength(MAX_LIMIT).describe("the positive divisors of n in ascending order: all of them, or the `limit` smallest when truncated"),
    truncated: type("boolean").describe("true when τ(n) > limit and only the smallest `limit` divisors are listed"),
  },
  bounds: [{ name: "limit", limit: MAX_LIMIT, unit: "divisors", description: "at most this many divisors are listed; limit × digits(n) is further bounded by the memory budget (preflight)" }],
  cost: "then the heap merge, prime by prime: 10·limit·(log2(limit) + digits/19) per distinct prime, with at most 1.3·ln(n)/ln(ln(n)) + 2 distinct primes; memory limit·(digits + 40)·8 bytes",
  preflight(req, digits) {
    const limit = limitOf(req);
    return factorPreflight(digits, req.effort, {
      units: limit * maxDistinctPrimes(digits) * (Math.log2(limit + 1) + digits / 19) * 10,
      memory: limit * (digits + 40) * 8,
      basis: `up to ${limit} divisors of up to ${digits} digits`,
    });
  },
  value(f, req, ctx) {
    const limit = limitOf(req);
    const tau = divisorCount(f);
    return { divisor_count: tau, divisors: smallestDivisors(f, limit, () => ctx.checkpoint()), truncated: tau > BigInt(limit) };
  },
  check({ divisor_count, divisors, truncated }, { n, factors, request }) {
    let tau = 1n;
    for (const { exponent } of factors) tau *= BigInt(exponent + 1);
    if (tau !== divisor_count) return "τ(n) ≠ Π (e + 1)";
    const limit = BigInt(limitOf(request));
    const expectedLength = tau < limit ? tau : limit;
    if (BigInt(divisors.length) !== expectedLength) return "the list does not have min(τ(n), limit) entries";
    if (truncated !== tau > limit) return "truncated must be set exactly when τ(n) > limit";
    let prev = 0n;
    for (const d of divisors) {
      if (d <= prev) return "the divisors are not strictly ascending";
      if (n % d !== 0n) return `${d} does not divide n`;
      prev = d;
    }
    // Complete lists end with n itself; with the count and strict ascent this makes the list exactly the divisors.
    if (!truncated && divisors[divisors.length - 1] !== n) return "the complete list does not end with n";
    // The smallest divisors are closed under taking divisors: d/p is listed for every listed d and prime p | d.
    if (truncated) {
      const listed = new Set(divisors);
      for (const d of divisors) for (const { prime: p } of factors) if (d % p === 0n && !listed.has(d / p)) return `${d} is listed but its divisor ${d / p} is not`;
    }
    return null;
  },
  examples: [
    provenExample("the divisors of 60", { n: "60" }, { divisor_count: "12", divisors: ["1", "2", "3", "4", "5", "6", "10", "12", "15", "20", "30", "60"], truncated: false }, [[2, 2], [3, 1], [5, 1]]),
    provenExample("1 has one divisor", { n: "1" }, { divisor_count: "1", divisors: ["1"], truncated: false }, []),
    provenExample(
      "the 12 smallest of the 270 divisors of 10! = 3628800",
      { n: "3628800", limit: 12 },
      { divisor_count: "270", divisors: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "14"], truncated: true },
      [[2, 8], [3, 4], [5, 2], [7, 1]],
    ),
    provenExample(
      "negative n: the positive divisors of |n|; 2^64 + 1 has four",
      { n: "-18446744073709551617" },
      { divisor_count: "4", divisors: ["1", "274177", "67280421310721", "18446744073709551617"], truncated: false },
      [[274177, 1], ["67280421310721", 1]],
    ),
  ],
});
