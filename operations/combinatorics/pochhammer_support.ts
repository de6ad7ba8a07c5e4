/**
 * The falling and rising factorials share one declaration shape (a rational x and k ≥ 0); each
 * has its own declaration file built from here. (Not a declaration itself.)
 */
import { type } from "arktype";
import { defineCompute, type ComputeDeclaration } from "../../domain/declaration.js";
import {
  fallingFactorialRational, lnGamma, log2Big, mulUnits, risingFactorialRational,
} from "../../domain/math/combinatorics.js";
import { formatRational, type Rational } from "../../domain/math/rational.js";
import { parseRational } from "../../domain/values.js";
import { naturalString, rationalString, strict } from "../_support/wire.js";
import { BUDGET, CHECK_PRIMES, decimalResidue, PARAM_DIGITS, ratParts, RESULT_BOUND_DESCRIPTION, RESULT_CHARS, sized, small } from "./support.js";

const MAX_X_CHARS = 10_000;

/**
 * Upper estimate of log2 Π_{i<k} |x − i| for a rational x (as a double, possibly huge): the exact
 * sum for k ≤ 10^4; otherwise log-gamma products on both sides of x, or k·log2(|x| + k) when x
 * is beyond double precision.
 */
function log2AbsFalling(x: number, xBits: number, k: number): number {
  if (k === 0) return 0;
  if (k <= 10_000 && Number.isFinite(x)) {
    let s = 0;
    for (let i = 0; i < k; i++) {
      const t = Math.abs(x - i);
      s += Math.log2(Math.max(t, 1e-300));
    }
    return s;
  }
  if (!Number.isFinite(x) || Math.abs(x) > 2 ** 50) return k * (Math.max(xBits, Math.log2(k)) + 1);
  const lg = (v: number): number => lnGamma(v) / Math.LN2;
  if (x < 0) return lg(-x + k) - lg(-x); // Π (|x| + i)
  if (x >= k - 1) return lg(x + 1) - lg(x - k + 1);
  // 0 ≤ x < k − 1: factors x, x − 1, …, x − ⌊x⌋ ≥ 0 and then ⌊x⌋ + 1 − x, …, k − 1 − x > 0
  const f = Math.floor(x), frac = x - f;
  const left = frac === 0 ? Number.NEGATIVE_INFINITY : lg(x + 1) - lg(frac);
  const right = lg(k - x) - lg(f + 1 - x);
  return left + right;
}

type Kind = "falling" | "rising";

export function pochhammerDeclaration(kind: Kind): ComputeDeclaration<{ x: string; k: string }, Record<string, string>> {
  const field = kind === "falling" ? "falling_factorial" : "rising_factorial";
  const Request = strict(
    type({
      x: rationalString(MAX_X_CHARS).describe("x: an integer or a rational p/q (at most 10,000 characters)"),
      k: naturalString(PARAM_DIGITS).describe("the number of factors k ≥ 0"),
    }),
  );
  const Result = strict(
    type({
      [field]: rationalString(RESULT_CHARS).describe(
        kind === "falling" ? "(x)_k = x(x − 1)⋯(x − k + 1), canonical (an integer, or p/q reduced)" : "x^(k) = x(x + 1)⋯(x + k − 1), canonical (an integer, or p/q reduced)",
      ),
    }),
  );
  const sign = kind === "falling" ? -1n : 1n;
  /** The k factors are x + sign·i for i < k. */
  const compute = (x: Rational, k: bigint, pace?: Parameters<typeof fallingFactorialRational>[2]): Rational =>
    kind === "falling" ? fallingFactorialRational(x, k, pace) : risingFactorialRational(x, k, pace);
  const title = kind === "falling" ? "Falling factorial (x)_k" : "Rising factorial x^(k) (Pochhammer symbol)";
  const formula = kind === "falling" ? "(x)_k = x(x − 1)⋯(x − k + 1)" : "x^(k) = (x)^(k) = x(x + 1)⋯(x + k − 1)";
  const examples =
    kind === "falling"
      ? [
          { title: "(10)_3 = 10·9·8", payload: { x: "10", k: "3" }, expected: { [field]: "720" } },
          { title: "(3)_5 = 0 (a factor is 0)", payload: { x: "3", k: "5" }, expected: { [field]: "0" } },
          { title: "(−2)_3 = (−2)(−3)(−4)", payload: { x: "-2", k: "3" }, expected: { [field]: "-24" } },
          { title: "(1/2)_3 = (1/2)(−1/2)(−3/2)", payload: { x: "1/2", k: "3" }, expected: { [field]: "3/8" } },
          { title: "(x)_0 = 1", payload: { x: "-7/3", k: "0" }, expected: { [field]: "1" } },
        ]
      : [
          { title: "3^(4) = 3·4·5·6", payload: { x: "3", k: "4" }, expected: { [field]: "360" } },
          { title: "(1/2)^(3) = (1/2)(3/2)(5/2)", payload: { x: "1/2", k: "3" }, expected: { [field]: "15/8" } },
          { title: "(−3)^(5) = 0 (a factor is 0)", payload: { x: "-3", k: "5" }, expected: { [field]: "0" } },
          { title: "(−3)^(2) = (−3)(−2)", payload: { x: "-3", k: "2" }, expected: { [field]: "6" } },
          { title: "1^(20) = 20!", payload: { x: "1", k: "20" }, expected: { [field]: "2432902008176640000" } },
        ];

  return defineCompute<{ x: string; k: string }, Record<string, string>>({
    id: `combinatorics.${field}.compute`,
    version: "1.0.0",
    title,
    summary:
      `Exact ${formula} for a rational x (integer or p/q, up to 10,000 characters) and k ≥ 0 factors, with up to 1,000,000 result digits (numerator and denominator together); the empty product (k = 0) is 1. ` +
      (kind === "rising" ? "The rising factorial is the Pochhammer symbol (x)_k of hypergeometric series (PARI/GP: gamma(x+k)/gamma(x), SymPy: rf). " : "SymPy: ff; PARI/GP: prod(i=0,k-1,x-i). ") +
      "Integer x: a product of consecutive integers (split over the primes when it starts low, like n!), 0 when a factor vanishes. " +
      "Rational x = p/q in lowest terms: Π (p ± iq)/q^k, already reduced since gcd(p ± iq, q) = 1. Postcondition: recomputed modulo two primes by the plain product.",
    keywords: [
      kind === "falling" ? "falling factorial" : "rising factorial", kind === "falling" ? "descending factorial" : "ascending factorial", "pochhammer", "pochhammer symbol",
      kind === "falling" ? "ff" : "rf", "permutations", "k-permutations", "arrangements", "hypergeometric", "gamma ratio", "factorial", "combinatorics",
    ],
    input_kinds: ["integer", "rational"],
    accepted_artifact_types: [],
    produced_artifact_types: [],
    request: Request as never,
    result: Result as never,
    effect: "read_only",
    providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
    bounds: [
      { name: "x_chars", limit: MAX_X_CHARS, unit: "characters", description: "x has at most this many characters" },
      { name: "k_digits", limit: PARAM_DIGITS, unit: "decimal digits", description: "k is given with at most this many digits" },
      { name: "result_digits", limit: 1_000_000, unit: "decimal digits", description: RESULT_BOUND_DESCRIPTION },
    ],
    cost_model:
      "b = log2 of the numerator Π|x ± i|·q^k plus log2 q^k (exact sum for k ≤ 10^4, log-gamma otherwise); units = k·(3 + linear cost of one factor) + 3·M(b) + decimal conversion 3·M(b); " +
      "M as in combinatorics.factorial.compute. A result that is 0 costs nothing beyond parsing.",
    budget: BUDGET,
    progress_measure: "exponent bits of the prime-power product done",
    preflight(req) {
      const x = parseRational(req.x, "payload.x");
      const k = small(req.k);
      const basis = `x has ${req.x.length} characters, k = ${req.k}`;
      // x as seen by the falling factorial: rising x^(k) = (−1)^k (−x)_k
      const y = kind === "falling" ? x : { num: -x.num, den: x.den };
      if (y.den === 1n && y.num >= 0n && y.num < BigInt(k)) return sized(1, 10, 64, `${basis} (a factor is 0)`);
      const yf = Number(y.num) / Number(y.den);
      const xBits = log2Big(y.num) - log2Big(y.den);
      const denBits = k * log2Big(x.den);
      const numBits = log2AbsFalling(yf, xBits, k) + denBits + 1;
      const bits = numBits + denBits + 2;
      const factorBits = Math.max(xBits, Math.log2(k + 1)) + log2Big(x.den) + 1;
      return sized(bits, k * (3 + factorBits / 64) + 3 * mulUnits(bits), k * (factorBits / 8 + 32) + bits, basis);
    },
    ports: { inputs: {}, outputs: {} },
    execute(req, ctx) {
      const x = parseRational(req.x, "payload.x");
      return { [field]: formatRational(compute(x, BigInt(req.k), ctx)) };
    },
    postcondition(req, res) {
      const x = parseRational(req.x, "payload.x");
      const k = small(req.k);
      const { num, den } = ratParts(res[field]!);
      // zero exactly when some factor x + sign·i (i < k) vanishes
      const y = kind === "falling" ? x : { num: -x.num, den: x.den };
      const zero = y.den === 1n && y.num >= 0n && y.num < BigInt(k);
      if (zero) return num === "0" && den === "1" ? null : "the product has a zero factor";
      if (num === "0") return "no factor is 0 but the result is 0";
      for (const P of CHECK_PRIMES) {
        const Pb = BigInt(P);
        const p = Number(((x.num % Pb) + Pb) % Pb), q = Number(x.den % Pb);
        let r = 1, d = 1;
        for (let i = 0; i < k; i++) {
          const step = (i * q) % P;
          const factor = sign < 0n ? (p - step + P) % P : (p + step) % P;
          r = (r * factor) % P;
          d = (d * q) % P;
        }
        if (decimalResidue(num, P) !== r) return `the numerator mod ${P} differs from Π (p ${kind === "falling" ? "−" : "+"} iq) mod ${P}`;
        if (decimalResidue(den, P) !== d) return `the denominator mod ${P} differs from q^k mod ${P}`;
      }
      return null;
    },
    examples,
  });
}
