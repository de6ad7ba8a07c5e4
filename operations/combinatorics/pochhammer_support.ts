/**
 * The falling and rising factorials share one declaration shape (a rational x and k ≥ 0 factors
 * x ± i); each declaration file states its direction, words and examples. (Not a declaration itself.)
 */
import type { ComputeDeclaration, ExecutionContext, Example } from "../../domain/declaration.js";
import { lnGamma, log2Big, mulUnits } from "../../domain/math/combinatorics.js";
import { bitLength } from "../../domain/math/integer.js";
import type { Rational } from "../../domain/math/rational.js";
import { natural, rational, request, result } from "../_support/kinds.js";
import { combinatoricsOperation, described, indexBound, resultBound } from "./factory.js";
import { checkPrimes, checkPrimeCount, LOG10_2, PARAM_DIGITS, residue, RESULT_CHARS, sized, small } from "./support.js";

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

export interface PochhammerSpec {
  /** The result field and id object. */
  field: "falling_factorial" | "rising_factorial";
  /** −1: the factors are x, x − 1, …; +1: x, x + 1, …. */
  step: -1 | 1;
  title: string;
  /** The product in symbols, e.g. "(x)_k = x(x − 1)⋯(x − k + 1)". */
  formula: string;
  /** Names of the same product elsewhere (PARI/GP, SymPy), for the summary. */
  elsewhere: string;
  keywords: string[];
  compute(x: Rational, k: bigint, ctx: ExecutionContext): Rational;
  examples: Example[];
}

type Req = { x: Rational; k: bigint };

export function pochhammer(spec: PochhammerSpec): ComputeDeclaration<Req, Record<string, Rational>> {
  const { field, step } = spec;
  const Request = request({
    x: described(rational(MAX_X_CHARS), "rational", "x: an integer or a rational p/q (at most 10,000 characters)"),
    k: described(natural(PARAM_DIGITS), "integer", "the number of factors k ≥ 0"),
  });
  const Result = result({ [field]: described(rational(RESULT_CHARS), "rational", `${spec.formula}, canonical (an integer, or p/q reduced)`) });
  /** x as seen by the falling factorial: the rising x^(k) is (−1)^k (−x)_k, so both vanish when this is an integer in [0, k). */
  const fallingBase = (x: Rational): Rational => (step < 0 ? x : { num: -x.num, den: x.den });
  const hasZeroFactor = (x: Rational, k: bigint): boolean => {
    const y = fallingBase(x);
    return y.den === 1n && y.num >= 0n && y.num < k;
  };
  return combinatoricsOperation<Req, Record<string, Rational>>({
    object: field,
    title: spec.title,
    summary:
      `Exact ${spec.formula} for a rational x (integer or p/q, up to 10,000 characters) and k ≥ 0 factors, with up to 1,000,000 result digits (numerator and denominator together); the empty product (k = 0) is 1. ` +
      `${spec.elsewhere} ` +
      "Integer x: a product of consecutive integers (split over the primes when it starts low, like n!), 0 when a factor vanishes. " +
      `Rational x = p/q in lowest terms: Π (p ${step < 0 ? "−" : "+"} iq)/q^k, already reduced since gcd(p ${step < 0 ? "−" : "+"} iq, q) = 1. Postcondition: recomputed modulo random primes of [2^25, 2^26) drawn per call (enough that a wrong value passes with probability below 2^−32) by the plain product.`,
    keywords: spec.keywords,
    request: Request as never,
    result: Result as never,
    bounds: [
      { name: "x_chars", limit: MAX_X_CHARS, unit: "characters", description: "x has at most this many characters" },
      indexBound("k_digits", "k is given with at most this many digits"),
      resultBound(),
    ],
    cost_model:
      "b = log2 of the numerator Π|x ± i|·q^k plus log2 q^k (exact sum for k ≤ 10^4, log-gamma otherwise); units = k·(3 + linear cost of one factor) + 3·M(b) + decimal conversion 3·M(b); " +
      "M as in combinatorics.factorial.compute. A result that is 0 costs nothing beyond parsing.",
    progress_measure: "exponent bits of the prime-power product done",
    preflight({ x, k: kb }) {
      const k = small(kb);
      const basis = `x of about ${Math.max(1, Math.ceil((log2Big(x.num) + log2Big(x.den)) * LOG10_2))} digits, k = ${kb}`;
      if (hasZeroFactor(x, kb)) return sized(1, 10, 64, `${basis} (a factor is 0)`);
      const y = fallingBase(x);
      const yf = Number(y.num) / Number(y.den);
      const xBits = log2Big(y.num) - log2Big(y.den);
      const denBits = k * log2Big(x.den);
      const numBits = log2AbsFalling(yf, xBits, k) + denBits + 1;
      const bits = numBits + denBits + 2;
      const factorBits = Math.max(xBits, Math.log2(k + 1)) + log2Big(x.den) + 1;
      return sized(bits, k * (3 + factorBits / 64) + 3 * mulUnits(bits), k * (factorBits / 8 + 32) + bits, basis);
    },
    execute: (req, ctx) => ({ [field]: spec.compute(req.x, req.k, ctx) }),
    postcondition({ x, k: kb }, res) {
      const r = res[field]!;
      const k = small(kb);
      if (hasZeroFactor(x, kb)) return r.num === 0n && r.den === 1n ? null : "the product has a zero factor";
      if (r.num === 0n) return "no factor is 0 but the result is 0";
      // |p ± iq| ≤ |p| + k·q for i < k: an upper bound on the numerator's bits; the denominator has k·log2 q.
      const factorBits = Math.max(log2Big(x.num), Math.log2(k + 1) + log2Big(x.den)) + 1;
      const bits = Math.max(bitLength(r.num), bitLength(r.den), k * factorBits);
      for (const P of checkPrimes(checkPrimeCount(bits))) {
        const p = residue(x.num, P), q = residue(x.den, P);
        let num = 1, den = 1;
        for (let i = 0; i < k; i++) {
          const shift = (i * q) % P;
          num = (num * (step < 0 ? (p - shift + P) % P : (p + shift) % P)) % P;
          den = (den * q) % P;
        }
        if (residue(r.num, P) !== num) return `the numerator mod ${P} differs from Π (p ${step < 0 ? "−" : "+"} iq) mod ${P}`;
        if (residue(r.den, P) !== den) return `the denominator mod ${P} differs from q^k mod ${P}`;
      }
      return null;
    },
    examples: spec.examples,
  });
}
