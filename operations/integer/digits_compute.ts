import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { digitCountAndSum, digitsInBase } from "../../domain/math/arithmetic.js";
import { mod } from "../../domain/math/integer.js";
import { parseInteger } from "../../domain/values.js";
import { integerString, naturalString, strict } from "../_support/wire.js";

const MAX_DIGITS = 100_000;
/** Most digits listed when include_digits is set (a base-2 expansion of a 30,000-digit number). */
const MAX_LISTED = 100_000;

const Request = strict(
  type({
    n: integerString(MAX_DIGITS).describe("n: an integer as a decimal string (at most 100,000 digits); its sign is ignored"),
    "base?": type("string").atMostLength(MAX_DIGITS).and(/^([2-9]|[1-9][0-9]+)$/).describe('the base b ≥ 2 as a decimal string (default "10"; at most 100,000 digits)'),
    "include_digits?": type("boolean").describe(`also list the digits, most significant first (default false; at most ${MAX_LISTED} digits)`),
  }),
);
const Result = strict(
  type({
    base: naturalString(MAX_DIGITS).describe("the base b used"),
    digit_count: naturalString(7).describe("the number of base-b digits of |n| (1 for n = 0)"),
    digit_sum: naturalString(MAX_DIGITS + 7).describe("the sum of the base-b digits of |n|"),
    "digits?": naturalString(MAX_DIGITS).array().atMostLength(MAX_LISTED).describe('the base-b digits of |n|, most significant first, each as a decimal string in 0..b−1 (["0"] for n = 0); only with include_digits'),
  }),
);

/** Upper estimate of the number of base-b digits of a d-digit number. */
function estimatedCount(nDigits: number, base: string): number {
  const log10b = base.length - 1 + Math.log10(Number(base.slice(0, 15)) / 10 ** (Math.min(15, base.length) - 1));
  return Math.ceil(nDigits / Math.max(log10b, Math.log10(2))) + 1;
}

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.digits.compute",
  version: "1.0.0",
  title: "Digits of an integer: count, digit sum, and the digits in any base",
  summary:
    "The number of digits and the digit sum of |n| in base b (default 10; any b ≥ 2), for n of up to 100,000 digits, and optionally the digit list, most significant first " +
    `(at most ${MAX_LISTED} digits listed). n = 0 has one digit, 0 (PARI/GP's digits(0) is empty). ` +
    "Bases up to 36 use the engine's radix conversion; larger bases split by b^(2^i) recursively. For base-b strings use integer.base_conversion.compute.",
  keywords: ["digits", "digit sum", "sum of digits", "sumdigits", "number of digits", "digit count", "decimal digits", "length", "base b digits", "radix", "expansion", "casting out nines", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n and the base have at most this many digits" },
    { name: "listed_digits", limit: MAX_LISTED, unit: "digits", description: "at most this many digits are listed (preflight refuses include_digits above)" },
  ],
  cost_model: "units ≈ 64-bit limb operations: base 10 reads the decimal string (1 per character); other bases 4·L² for n of L limbs (radix conversion), plus 8 per listed digit",
  budget: { max_units: 2e9, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const nDigits = req.n.replace("-", "").length;
    const bits = nDigits * 3.33 + 8;
    const count = estimatedCount(nDigits, req.base ?? "10");
    if (req.include_digits && count > MAX_LISTED) return { units: Infinity, memory_bytes: 0, basis: `|n| has about ${count} base-${(req.base ?? "10").slice(0, 20)} digits, above the ${MAX_LISTED} that can be listed` };
    const L = bits / 64 + 1;
    const conversion = (req.base ?? "10") === "10" ? nDigits : 4 * L * L;
    return { units: conversion + (req.include_digits ? count * 8 : 0), memory_bytes: Math.ceil(bits / 8) * 16 + (req.include_digits ? count * 64 : 0), basis: `n of about ${Math.round(bits)} bits, about ${count} digits in base ${(req.base ?? "10").slice(0, 20)}` };
  },
  ports: { inputs: { n: { field: "n", kind: "integer", description: "the integer n" } }, outputs: { digit_sum: { field: "digit_sum", kind: "integer", description: "the digit sum" } } },
  execute(req, ctx) {
    if ((req.base ?? "10") === "10") {
      // Decimal: the wire string already is the digit string; no bigint conversion needed.
      const body = req.n.replace("-", "");
      let sum = 0;
      for (let i = 0; i < body.length; i++) sum += body.charCodeAt(i) - 48;
      return { base: "10", digit_count: String(body.length), digit_sum: String(sum), ...(req.include_digits ? { digits: body.split("") } : {}) };
    }
    const n0 = parseInteger(req.n, "payload.n");
    const n = n0 < 0n ? -n0 : n0;
    const b = parseInteger(req.base ?? "10", "payload.base");
    const checkpoint = () => ctx.checkpoint();
    if (req.include_digits) {
      const ds = digitsInBase(n, b, checkpoint);
      let sum = 0n;
      for (const d of ds) sum += d;
      return { base: b.toString(), digit_count: String(ds.length), digit_sum: sum.toString(), digits: ds.map(String) };
    }
    const { count, sum } = digitCountAndSum(n, b, checkpoint);
    return { base: b.toString(), digit_count: String(count), digit_sum: sum.toString() };
  },
  postcondition(req, res) {
    if (res.base === "10" && (req.base ?? "10") === "10") {
      // Decimal, without bigint conversions: the count is the length of the canonical string, and
      // the digit sum ≡ n (mod 9), with n mod 9 taken from 15-digit blocks read as numbers.
      const body = req.n.replace("-", "");
      if (res.digit_count !== String(body.length)) return "the digit count is not the length of n";
      let r = 0;
      for (let i = 0; i < body.length; i += 15) r = (r + Number(body.slice(i, i + 15))) % 9;
      const sum = BigInt(res.digit_sum);
      if (Number(sum % 9n) !== r) return "the digit sum is not ≡ n (mod 9)";
      if (sum > 9n * BigInt(body.length)) return "the digit sum is out of range";
      if (res.digits && res.digits.join("") !== body) return "the digits do not spell n";
      return null;
    }
    const n0 = BigInt(req.n);
    const n = n0 < 0n ? -n0 : n0;
    const b = BigInt(res.base), count = BigInt(res.digit_count), sum = BigInt(res.digit_sum);
    if (b !== BigInt(req.base ?? "10")) return "the base is not the one asked";
    // b^(count−1) ≤ |n| < b^count (count 1 for 0), and the digit sum ≡ |n| (mod b − 1) (casting out nines), with sum ≤ (b − 1)·count.
    if (count < 1n) return "at least one digit";
    if (n !== 0n && b ** (count - 1n) > n) return "too many digits";
    if (b ** count <= n) return "too few digits";
    if (b > 2n && mod(sum - n, b - 1n) !== 0n) return "the digit sum is not ≡ n (mod b − 1)";
    if (sum > (b - 1n) * count || (n !== 0n && sum < 1n)) return "the digit sum is out of range";
    if (res.digits) {
      if (BigInt(res.digits.length) !== count) return "the digit list does not have digit_count entries";
      // Recompose by a balanced tree of b-powers and compare with |n|.
      let layer = res.digits.map((d) => BigInt(d)).reverse();
      if (layer.some((d) => d >= b)) return "a digit is not below the base";
      if (layer.length > 1 && layer[layer.length - 1] === 0n) return "a leading zero digit";
      let power = b;
      while (layer.length > 1) {
        const next: bigint[] = [];
        for (let i = 0; i < layer.length; i += 2) next.push(i + 1 < layer.length ? layer[i]! + layer[i + 1]! * power : layer[i]!);
        layer = next;
        power *= power;
      }
      if (layer[0] !== n) return "the digits do not recompose to |n|";
    }
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
