import { type } from "arktype";
import { JacobianError } from "../../domain/errors.js";
import { parseBaseString, toBaseString } from "../../domain/math/arithmetic.js";
import { request, result } from "../_support/kinds.js";
import { arithmetic, integerField } from "./arithmetic_support.js";

/** Characters of the input string; the value is further bounded to about 100,000 decimal digits (preflight). */
const MAX_CHARS = 340_000;
const MAX_BITS = 332_200;
const MAX_DECIMAL = 100_001;

const BaseNumber = type("2 <= number.integer <= 36");

// The value is written in from_base, not in the decimal wire form of the integer kind: it is read by execute.
const Request = request({
  value: type("string")
    .atLeastLength(1)
    .atMostLength(MAX_CHARS)
    .and(/^-?[0-9a-zA-Z]+$/)
    .describe(`the integer written in from_base: an optional "-", then digits 0-9 and letters a-z (or A-Z) for 10..35, each below from_base; no prefix, spaces or separators; leading zeros allowed (at most ${MAX_CHARS} characters)`),
  from_base: BaseNumber.describe("the base the value is written in, 2..36 (a JSON integer)"),
  to_base: BaseNumber.describe("the base to write it in, 2..36 (a JSON integer)"),
});
const Result = result({
  value: type("string").atMostLength(MAX_BITS + 2).and(/^(0|-?[1-9a-z][0-9a-z]*)$/).describe("the integer in to_base: lowercase digits, no leading zeros, \"-\" for negatives, \"0\" for zero"),
  decimal: integerField(MAX_DECIMAL, "the same integer as a canonical decimal string"),
});

const bitsOf = (req: { value: string; from_base: number }): number => req.value.replace("-", "").length * Math.log2(req.from_base);

export default arithmetic<typeof Request.infer, typeof Result.infer>({
  id: "integer.base_conversion.compute",
  title: "Convert an integer between bases 2..36",
  summary:
    "Reads an integer written in base from_base and writes it in base to_base (both 2..36; base 10 is decimal). Digits are 0-9 then a-z for 10..35; " +
    "input letters may be either case, output is lowercase and canonical (no leading zeros, \"-\" sign). The alphabet is strict: a character that is not a digit of from_base " +
    "(a prefix such as 0x, a space, an underscore, \"8\" in octal) is an INVALID_PAYLOAD naming its position. The decimal form is returned too. Up to about 100,000 decimal digits (332,200 bits).",
  keywords: ["base conversion", "radix", "convert base", "change of base", "binary", "octal", "hexadecimal", "hex", "base 36", "positional notation", "to binary", "from hex", "integer"],
  request: Request,
  result: Result,
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint radix conversion" }],
  bounds: [
    { name: "characters", limit: MAX_CHARS, unit: "characters", description: "the input string has at most this many characters" },
    { name: "bits", limit: MAX_BITS, unit: "bits", description: "the value has at most about this many bits (about 100,000 decimal digits; preflight)" },
  ],
  cost_model: "units ≈ 64-bit limb operations: 4·L² + characters for a value of L limbs — two radix conversions (chunked parsing with a balanced product tree, the engine's toString)",
  budget: { max_units: 2e9, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const bits = bitsOf(req);
    if (bits > MAX_BITS) return { units: Infinity, memory_bytes: 0, basis: `the value has up to ${Math.round(bits)} bits, above the ${MAX_BITS}-bit bound` };
    const L = bits / 64 + 1;
    return { units: 4 * L * L + req.value.length, memory_bytes: req.value.length * 16 + Math.ceil(bits) * 4, basis: `a value of up to ${Math.round(bits)} bits` };
  },
  ports: { outputs: { decimal: { field: "decimal", description: "the value as a decimal integer" } } },
  execute(req) {
    const parsed = parseBaseString(req.value, req.from_base);
    if ("invalidAt" in parsed) {
      const ch = req.value[parsed.invalidAt] ?? "";
      throw new JacobianError("INVALID_PAYLOAD", `payload.value: ${ch ? `character ${JSON.stringify(ch)} at position ${parsed.invalidAt}` : "no digits after the sign"} is not a base-${req.from_base} digit`, {
        path: "payload.value",
        hint: `base-${req.from_base} digits are ${req.from_base <= 10 ? `0-${req.from_base - 1}` : `0-9 and a-${String.fromCharCode(86 + req.from_base)} (either case)`}; no prefix (0x, 0b), sign other than a leading "-", spaces or separators`,
      });
    }
    const v = parsed.value;
    return { value: toBaseString(v, req.to_base), decimal: v };
  },
  postcondition(req, res) {
    // Read the output back: the parser is not the formatter that wrote it.
    const back = parseBaseString(res.value, req.to_base);
    if ("invalidAt" in back || back.value !== res.decimal) return "the output does not read back as the decimal value";
    if (res.value !== res.value.toLowerCase()) return "the output is not lowercase";
    return null;
  },
  examples: [
    { title: "255 to hexadecimal", payload: { value: "255", from_base: 10, to_base: 16 }, expected: { value: "ff", decimal: "255" } },
    { title: "hexadecimal in either case, to binary", payload: { value: "-FfA0", from_base: 16, to_base: 2 }, expected: { value: "-1111111110100000", decimal: "-65440" } },
    { title: "leading zeros are read and dropped", payload: { value: "000101", from_base: 2, to_base: 10 }, expected: { value: "5", decimal: "5" } },
    { title: "base 36", payload: { value: "zz", from_base: 36, to_base: 10 }, expected: { value: "1295", decimal: "1295" } },
    { title: "2^64 from base 7 to base 3", payload: { value: "45012021522523134134602", from_base: 7, to_base: 3 }, expected: { value: "11112220022122120101211020120210210211221", decimal: "18446744073709551616" } },
  ],
});
