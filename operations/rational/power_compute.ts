import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { ratPow, type Rational } from "../../domain/math/rational.js";
import { integer, request, result } from "../_support/kinds.js";
import { BUILTIN, bitsOfChars, canonicalProblem, canonicalRational, described, log2Abs, LOG2_10, MAX_CHARS, MAX_POWER_CHARS, operand, operandUnits, residueField } from "./support.js";

const MAX_EXPONENT_DIGITS = 7;

const Request = request({
  base: operand('x: a rational "p/q" (q > 0, not necessarily in lowest terms) or an integer'),
  exponent: described(integer(MAX_EXPONENT_DIGITS), "e: an integer exponent as a decimal string (|e| < 10^7; negative needs x ≠ 0)"),
});
const Result = result({ power: canonicalRational(MAX_POWER_CHARS, "x^e, canonical (x^0 = 1, including 0^0 = 1)") });
type Req = typeof Request.infer;
type Res = { power: Rational };

/** Characters of x^e: Σ over numerator and denominator of ⌈|e|·log10(part)⌉ + 1 (x is in lowest terms, so so is x^e). */
const resultChars = (x: Rational, e: bigint): number => {
  const abs = Number(e < 0n ? -e : e);
  return [x.num, x.den].reduce((s, part) => s + (part === 0n ? 1 : Math.ceil((abs * log2Abs(part)) / LOG2_10 + 1e-9) + 1), 0) + 2;
};

export default defineCompute<Req, Res>({
  id: "rational.power.compute",
  ...BUILTIN,
  title: "Integer power x^e of a rational number",
  summary:
    "x^e for a rational x and an integer e with |e| < 10^7 (negative exponents invert x; 0^0 = 1); numerator and denominator are raised separately, so the result " +
    "stays in lowest terms. Results of more than 1,000,000 characters are refused by preflight; 0 to a negative power fails with DOMAIN_ERROR at payload.exponent.",
  keywords: ["rational", "fraction", "power", "exponent", "exponentiation", "pow", "raise", "integer power", "negative exponent", "square", "cube"],
  request: Request,
  result: Result,
  bounds: [
    { name: "chars", limit: MAX_CHARS, unit: "characters", description: "the base \"p/q\" has at most this many characters" },
    { name: "exponent_digits", limit: MAX_EXPONENT_DIGITS, unit: "decimal digits", description: "|e| < 10^7" },
    { name: "result_chars", limit: MAX_POWER_CHARS, unit: "characters", description: "preflight refuses a power estimated above this size (|e| × digits of the base)" },
  ],
  cost_model:
    "units = bits²/64 (the base in lowest terms) + 4·(result bits/64)^1.6 (square-and-multiply, dominated by the last squarings with Karatsuba multiplication); " +
    "result size ≈ |e| × digits of the base; above 1,000,000 characters the request is refused.",
  budget: { max_units: 2e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const chars = resultChars(req.base, req.exponent);
    const limbs = bitsOfChars(chars) / 64;
    const units = chars > MAX_POWER_CHARS ? Infinity : operandUnits(req.base) + 4 * limbs ** 1.6;
    return { units, memory_bytes: 16 * chars + 2 ** 20, basis: `a result of about ${chars} characters${chars > MAX_POWER_CHARS ? ` (more than the ${MAX_POWER_CHARS} allowed)` : ""}` };
  },
  ports: {
    inputs: { base: { field: "base", description: "x" } },
    outputs: { power: { field: "power", description: "x^e" } },
  },
  execute(req) {
    const x = req.base, e = req.exponent;
    if (x.num === 0n && e < 0n) throw domainError("0 has no negative powers (division by zero)", "payload.exponent", "use a non-negative exponent for base 0");
    return { power: ratPow(x, e) };
  },
  postcondition(req, res) {
    const bad = canonicalProblem(res.power);
    if (bad) return bad;
    const x = req.base, e = req.exponent;
    const inverse = { num: x.den, den: x.num === 0n ? 1n : x.num };
    const field = residueField([x, res.power, inverse]);
    if (!field) return null;
    // x^e mod P by square-and-multiply on the residue (e < 0: the residue of 1/x).
    let base = e < 0n ? field.of(inverse) : field.of(x);
    let k = e < 0n ? -e : e, acc = 1n;
    while (k > 0n) {
      if (k & 1n) acc = (acc * base) % field.P;
      base = (base * base) % field.P;
      k >>= 1n;
    }
    return acc === field.of(res.power) ? null : "the power is wrong modulo a Mersenne prime";
  },
  examples: [
    { title: "(2/3)^5 = 32/243", payload: { base: "2/3", exponent: "5" }, expected: { power: "32/243" } },
    { title: "a negative exponent inverts: (−2/3)^−3 = −27/8", payload: { base: "-2/3", exponent: "-3" }, expected: { power: "-27/8" } },
    { title: "x^0 = 1, including 0^0", payload: { base: "0", exponent: "0" }, expected: { power: "1" } },
    { title: "2^100", payload: { base: "2", exponent: "100" }, expected: { power: "1267650600228229401496703205376" } },
  ],
});
