import { type } from "arktype";
import {
  bernoulli, bernoulliQuotientModPrime, BERNOULLI_ZETA_MIN, invModSmall, linUnits, log2BernoulliAbs, log2Factorial, mulUnits, vonStaudtPrimes,
} from "../../domain/math/combinatorics.js";
import type { Rational } from "../../domain/math/rational.js";
import { rational, request, result } from "../_support/kinds.js";
import { combinatoricsOperation, described, indexBound, naturalIndex, resultBound } from "./factory.js";
import { residue, RESULT_CHARS, sized, small } from "./support.js";

/** Candidate primes of the Kummer-congruence postcondition (three are used: (p − 1) ∤ n and p² ∤ n). */
const KUMMER_PRIMES = [499, 503, 509, 521, 523, 541, 547, 557, 563, 569, 571, 577, 587, 593, 599, 601, 607, 613, 617, 619];

const Request = request({
  n: naturalIndex(),
  // B_1's convention is a choice between two named values, not a free rational: a plain enum.
  "b1?": type("'-1/2' | '1/2'").describe('the value of B_1: "-1/2" (default; generating function t/(e^t − 1), PARI/GP bernfrac, Mathematica) or "1/2" (t/(1 − e^{−t}), SymPy ≥ 1.12)'),
});
const Result = result({ bernoulli: described(rational(RESULT_CHARS), "rational", 'B_n as a reduced rational "p/q" (or an integer: 1, 0)') });
type Req = typeof Request.infer;

const B1 = (req: Req): Rational => ({ num: req.b1 === "1/2" ? 1n : -1n, den: 2n });
const same = (a: Rational, b: Rational): boolean => a.num === b.num && a.den === b.den;

/** Result bits: numerator and denominator together (for even n ≥ 2). */
function resultBits(n: number): number {
  const den = vonStaudtPrimes(n).reduce((s, p) => s + Math.log2(p), 0);
  return log2BernoulliAbs(n) + 2 * den + 4;
}

export default combinatoricsOperation<Req, typeof Result.infer>({
  object: "bernoulli",
  title: "Bernoulli number B_n (exact rational)",
  summary:
    "Exact Bernoulli number B_n as a reduced rational for n ≥ 0 (n up to about 180,000 within the work budget; B_10000 in about half a second, B_50000 in some seconds). B_0 = 1, B_1 = −1/2 by default " +
    '(the convention of PARI/GP bernfrac; "b1": "1/2" selects B_1 = +1/2), B_n = 0 for odd n ≥ 3. n < 300: tangent numbers (Brent–Harvey, integers only). ' +
    "Larger n: |B_n| = 2·n!·ζ(n)/(2π)^n with the denominator Π_{(p−1)|n} p (von Staudt–Clausen); the numerator is enclosed by rigorous interval arithmetic (π, (2π)^n, the Euler product of ζ(n) " +
    "with a tail bound) and accepted only when exactly one integer lies in the enclosure: proved, not probable. " +
    "Postcondition: the denominator is the von Staudt–Clausen product, the sign is (−1)^{n/2+1}, and Kummer's congruence B_n/n ≡ B_m/m (mod p), m = n mod (p − 1), holds for three primes p ≈ 500 " +
    "(B_m/m mod p from Voronoi's congruence (c^m − 1)·B_m/m ≡ c^{m−1}·Σ_j j^{m−1}⌊jc/p⌋).",
  keywords: ["bernoulli", "bernoulli number", "bernfrac", "zeta", "zeta values", "von staudt clausen", "kummer congruence", "tangent numbers", "euler maclaurin", "faulhaber", "rational", "number theory"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic (interval arithmetic with proved enclosures)",
  bounds: [indexBound("n_digits", "n is given with at most this many digits"), resultBound("numerator and denominator together")],
  cost_model:
    "b = log2|B_n| + 2·log2 D (|B_n| = 2·n!ζ(n)/(2π)^n, D the von Staudt–Clausen denominator). n < 300: (n/2)²/2 word multiplications and additions of b-bit numbers. " +
    "Otherwise at working precision W = b + 24 + 2·log2 n: units = (16·log2 n + 600)·M(W) (π by Chudnovsky with a square root, π^n by a squaring chain with a proved error bound, " +
    "the Euler product of ζ(n) with one division per prime at the precision that prime needs, the final enclosure; calibrated on measured times) + 3·M(n·log2 n) for n! " +
    "+ decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
  progress_measure: "stages done (π, π^n, ζ(n), enclosure)",
  preflight(req) {
    const n = small(req.n);
    const basis = `n = ${req.n}`;
    if (n < 2 || n % 2 === 1) return sized(2, 10, 64, basis);
    if (log2BernoulliAbs(n) > 4e6) return sized(log2BernoulliAbs(n), 0, 0, basis);
    const bits = resultBits(n);
    if (n < BERNOULLI_ZETA_MIN) return sized(bits, ((n * n) / 8) * 2 * linUnits(bits), (n / 2) * (bits / 8 + 48), basis);
    const W = bits + 24 + 2 * Math.log2(n);
    return sized(bits, (16 * Math.log2(n) + 600) * mulUnits(W) + 3 * mulUnits(log2Factorial(n)), 40 * W, basis);
  },
  execute(req, ctx) {
    const n = small(req.n);
    return { bernoulli: n === 1 ? B1(req) : bernoulli(n, ctx) };
  },
  postcondition(req, res) {
    const n = small(req.n);
    const { num, den } = res.bernoulli;
    if (n === 0) return same(res.bernoulli, { num: 1n, den: 1n }) ? null : "B_0 = 1";
    if (n === 1) return same(res.bernoulli, B1(req)) ? null : "B_1 differs from the requested convention";
    if (n % 2 === 1) return same(res.bernoulli, { num: 0n, den: 1n }) ? null : "B_n = 0 for odd n ≥ 3";
    const primes = vonStaudtPrimes(n);
    const D = primes.reduce((d, p) => d * BigInt(p), 1n);
    if (den !== D) return `the denominator must be Π_{(p−1)|n} p = ${D} (von Staudt–Clausen)`;
    if (num < 0n !== (n % 4 === 0)) return "B_n < 0 exactly when 4 | n (n ≥ 2 even)";
    for (const p of primes) if (residue(num, p) === 0) return `the fraction is not reduced: ${p} divides the numerator`;
    let checked = 0;
    for (const p of KUMMER_PRIMES) {
      if (checked === 3) break;
      if (n % (p - 1) === 0 || n % (p * p) === 0) continue;
      const m = n % (p - 1); // even, 2 ≤ m ≤ p − 3
      const expected = bernoulliQuotientModPrime(m, p); // B_m/m mod p (Voronoi's congruence)
      let actual: number;
      const Dp = Number(D % BigInt(p));
      if (n % p !== 0) {
        actual = (((residue(num, p) * invModSmall(Dp, p)) % p) * invModSmall(n % p, p)) % p;
      } else {
        const r = residue(num, p * p);
        if (r % p !== 0) return `B_n/n is p-integral for (p − 1) ∤ n, so ${p} must divide the numerator`;
        actual = (((r / p) * invModSmall(Dp, p)) % p * invModSmall((n / p) % p, p)) % p;
      }
      if (actual !== expected) return `Kummer's congruence B_n/n ≡ B_${m}/${m} (mod ${p}) fails`;
      checked++;
    }
    return checked > 0 ? null : "no prime available for the Kummer check";
  },
  examples: [
    { title: "B_0 = 1", payload: { n: "0" }, expected: { bernoulli: "1" } },
    { title: "B_1 = −1/2 (default convention)", payload: { n: "1" }, expected: { bernoulli: "-1/2" } },
    { title: "B_1 = +1/2 on request", payload: { n: "1", b1: "1/2" }, expected: { bernoulli: "1/2" } },
    { title: "B_12 = −691/2730", payload: { n: "12" }, expected: { bernoulli: "-691/2730" } },
    { title: "odd n ≥ 3 gives 0", payload: { n: "7" }, expected: { bernoulli: "0" } },
    { title: "B_60", payload: { n: "60" }, expected: { bernoulli: "-1215233140483755572040304994079820246041491/56786730" } },
  ],
});
