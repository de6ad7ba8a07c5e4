import { type } from "arktype";
import { digitCountAndSum, digitsInBase } from "../../domain/math/arithmetic.js";
import { bitLength, mod } from "../../domain/math/integer.js";
import { request, result } from "../_support/kinds.js";
import { abs, arithmetic, atLeastTwoField, digitsAtMost, digitsBound, integerField, naturalField } from "./arithmetic_support.js";

const MAX_DIGITS = 100_000;
/** Most digits listed when include_digits is set (a base-2 expansion of a 30,000-digit number). */
const MAX_LISTED = 100_000;

const Request = request({
  n: integerField(MAX_DIGITS, "n: an integer as a decimal string (at most 100,000 digits); its sign is ignored"),
  "base?": atLeastTwoField(MAX_DIGITS, 'the base b ≥ 2 as a decimal string (default "10"; at most 100,000 digits)'),
  "include_digits?": type("boolean").describe(`also list the digits, most significant first (default false; at most ${MAX_LISTED} digits)`),
});
const Result = result({
  base: naturalField(MAX_DIGITS, "the base b used"),
  digit_count: naturalField(7, "the number of base-b digits of |n| (1 for n = 0)"),
  digit_sum: naturalField(MAX_DIGITS + 7, "the sum of the base-b digits of |n|"),
  "digits?": naturalField(MAX_DIGITS, "a digit in 0..b−1")
    .array()
    .atMostLength(MAX_LISTED)
    .describe('the base-b digits of |n|, most significant first, each as a decimal string in 0..b−1 (["0"] for n = 0); only with include_digits'),
});

/** log10 of b ≥ 2, from its leading 53 bits. */
function log10(b: bigint): number {
  const bits = bitLength(b);
  if (bits <= 53) return Math.log10(Number(b));
  return Math.log10(Number(b >> BigInt(bits - 53))) + (bits - 53) * Math.log10(2);
}

/** Upper estimate of the number of base-b digits of a d-digit number. */
const estimatedCount = (nDigits: number, b: bigint): number => Math.ceil(nDigits / log10(b)) + 1;

/** The ten decimal digits as bigints (shared, so listing 100,000 of them allocates nothing per digit). */
const DECIMAL = Array.from({ length: 10 }, (_, i) => BigInt(i));

export default arithmetic<typeof Request.infer, typeof Result.infer>({
  id: "integer.digits.compute",
  title: "Digits of an integer: count, digit sum, and the digits in any base",
  summary:
    "The number of digits and the digit sum of |n| in base b (default 10; any b ≥ 2), for n of up to 100,000 digits, and optionally the digit list, most significant first " +
    `(at most ${MAX_LISTED} digits listed). n = 0 has one digit, 0 (PARI/GP's digits(0) is empty). ` +
    "Bases up to 36 use the engine's radix conversion; larger bases split by b^(2^i) recursively.",
  keywords: ["digits", "digit sum", "sum of digits", "sumdigits", "number of digits", "digit count", "decimal digits", "length", "base b digits", "radix", "expansion", "casting out nines", "integer"],
  request: Request,
  result: Result,
  bounds: [
    digitsBound(MAX_DIGITS, "n and the base have at most this many digits"),
    { name: "listed_digits", limit: MAX_LISTED, unit: "digits", description: "at most this many digits are listed (preflight refuses include_digits above)" },
  ],
  cost_model: "units ≈ 64-bit limb operations: base 10 one decimal conversion (1 per digit); other bases 4·L² for n of L limbs (radix conversion), plus 8 per listed digit",
  budget: { max_units: 2e9, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const b = req.base ?? 10n;
    const nDigits = digitsAtMost(req.n);
    const bits = bitLength(req.n) + 8;
    const count = estimatedCount(nDigits, b);
    const named = b.toString().slice(0, 20);
    if (req.include_digits && count > MAX_LISTED) return { units: Infinity, memory_bytes: 0, basis: `|n| has about ${count} base-${named} digits, above the ${MAX_LISTED} that can be listed` };
    const L = bits / 64 + 1;
    const conversion = b === 10n ? nDigits : 4 * L * L;
    return { units: conversion + (req.include_digits ? count * 8 : 0), memory_bytes: Math.ceil(bits / 8) * 16 + (req.include_digits ? count * 64 : 0), basis: `n of ${bits - 8} bits, about ${count} digits in base ${named}` };
  },
  ports: { inputs: { n: { field: "n", description: "the integer n" } }, outputs: { digit_sum: { field: "digit_sum", description: "the digit sum" } } },
  execute(req, ctx) {
    const n = abs(req.n);
    const b = req.base ?? 10n;
    if (b === 10n) {
      // Decimal: one conversion to a string, then characters.
      const s = n.toString();
      const digits: bigint[] | undefined = req.include_digits ? new Array(s.length) : undefined;
      let sum = 0;
      for (let i = 0; i < s.length; i++) {
        const d = s.charCodeAt(i) - 48;
        sum += d;
        if (digits) digits[i] = DECIMAL[d]!;
      }
      return { base: b, digit_count: BigInt(s.length), digit_sum: BigInt(sum), ...(digits ? { digits } : {}) };
    }
    const checkpoint = () => ctx.checkpoint();
    if (req.include_digits) {
      const ds = digitsInBase(n, b, checkpoint);
      let sum = 0n;
      for (const d of ds) sum += d;
      return { base: b, digit_count: BigInt(ds.length), digit_sum: sum, digits: ds };
    }
    const { count, sum } = digitCountAndSum(n, b, checkpoint);
    return { base: b, digit_count: BigInt(count), digit_sum: sum };
  },
  postcondition(req, res) {
    const n = abs(req.n);
    const { base: b, digit_count: count, digit_sum: sum, digits } = res;
    if (b !== (req.base ?? 10n)) return "the base is not the one asked";
    if (count < 1n) return "at least one digit";
    if (digits) {
      // The listed digits recompose to |n|: that settles the count, and the sum is theirs.
      if (BigInt(digits.length) !== count) return "the digit list does not have digit_count entries";
      if (digits.some((d) => d >= b)) return "a digit is not below the base";
      if (digits.length > 1 && digits[0] === 0n) return "a leading zero digit";
      if (digits.reduce((s, d) => s + d, 0n) !== sum) return "the digit sum is not the sum of the digits";
      return recompose(digits, b) === n ? null : "the digits do not recompose to |n|";
    }
    // b^(count−1) ≤ |n| < b^count (count 1 for 0), and the digit sum ≡ |n| (mod b − 1) (casting out nines), with sum ≤ (b − 1)·count.
    if (n !== 0n && b ** (count - 1n) > n) return "too many digits";
    if (b ** count <= n) return "too few digits";
    if (b > 2n && mod(sum - n, b - 1n) !== 0n) return "the digit sum is not ≡ n (mod b − 1)";
    if (sum > (b - 1n) * count || (n !== 0n && sum < 1n)) return "the digit sum is out of range";
    return null;
  },
  examples: [
    { title: "2^1000 has 302 decimal digits summing to 1366", payload: { n: "10715086071862673209484250490600018105614048117055336074437503883703510511249361224931983788156958581275946729175531468251871452856923140435984577574698574803934567774824230985421074605062371141877954182153046474983581941267398767559165543946077062914571196477686542167660429831652624386837205668069376" }, expected: { base: "10", digit_count: "302", digit_sum: "1366" } },
    { title: "255 in base 16: digits 15, 15", payload: { n: "255", base: "16", include_digits: true }, expected: { base: "16", digit_count: "2", digit_sum: "30", digits: ["15", "15"] } },
    { title: "a base above 36: 123456789 in base 1000", payload: { n: "123456789", base: "1000", include_digits: true }, expected: { base: "1000", digit_count: "3", digit_sum: "1368", digits: ["123", "456", "789"] } },
    { title: "the sign is ignored", payload: { n: "-4096", include_digits: true }, expected: { base: "10", digit_count: "4", digit_sum: "19", digits: ["4", "0", "9", "6"] } },
    { title: "0 has one digit", payload: { n: "0", include_digits: true }, expected: { base: "10", digit_count: "1", digit_sum: "0", digits: ["0"] } },
    { title: "2^64 in base 2^32", payload: { n: "18446744073709551616", base: "4294967296", include_digits: true }, expected: { base: "4294967296", digit_count: "3", digit_sum: "1", digits: ["1", "0", "0"] } },
  ],
});

/**
 * The integer with these digits (most significant first): decimal digits are read back as one
 * string (parsing, not the formatting that produced them); other bases by a balanced tree of
 * b-powers.
 */
function recompose(digits: bigint[], b: bigint): bigint {
  if (b === 10n) return BigInt(digits.join(""));
  let layer = [...digits].reverse();
  let power = b;
  while (layer.length > 1) {
    const next: bigint[] = [];
    for (let i = 0; i < layer.length; i += 2) next.push(i + 1 < layer.length ? layer[i]! + layer[i + 1]! * power : layer[i]!);
    layer = next;
    power *= power;
  }
  return layer[0]!;
}
