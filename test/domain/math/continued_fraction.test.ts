import { expect } from "chai";
import fc from "fast-check";
import {
  bestApproximation, continuedFraction, convergentMatrix, convergents, evaluateContinuedFraction, fareyNeighbours, SqrtContinuedFraction,
} from "../../../domain/math/continued_fraction.js";
import { isqrt } from "../../../domain/math/integer.js";
import { ratCompare, ratDistance, rational, type Rational } from "../../../domain/math/rational.js";

/* ---------- independent references ---------- */

/** Plain Euclid with floor quotients (no Lehmer runs). */
function naiveExpansion(x: Rational): bigint[] {
  let p = x.num, q = x.den;
  const out: bigint[] = [];
  while (q !== 0n) {
    let a = p / q;
    if (p - a * q < 0n) a -= 1n;
    out.push(a);
    [p, q] = [q, p - a * q];
  }
  return out;
}

/** All fractions with denominator ≤ B nearest to x from below and above, by scanning every denominator. */
function bruteNeighbours(x: Rational, B: number): { lower: Rational; upper: Rational } {
  let lower: Rational | undefined, upper: Rational | undefined;
  for (let q = 1n; q <= BigInt(B); q++) {
    let f = (x.num * q) / x.den;
    if (f * x.den > x.num * q) f -= 1n;
    const lo = rational(f, q);
    const up = f * x.den === x.num * q ? lo : rational(f + 1n, q);
    if (!lower || ratCompare(lo, lower) > 0) lower = lo;
    if (!upper || ratCompare(up, upper) < 0) upper = up;
  }
  return { lower: lower!, upper: upper! };
}

/** Naive √D continued fraction with bigints (the same recurrence, no double path). */
function naiveSqrtPeriod(D: bigint): bigint[] {
  const a0 = isqrt(D);
  let m = 0n, d = 1n, a = a0;
  const out: bigint[] = [];
  do {
    m = d * a - m;
    d = (D - m * m) / d;
    a = (a0 + m) / d;
    out.push(a);
  } while (d !== 1n);
  return out;
}

const digits = (lo: number, hi: number) =>
  fc.integer({ min: lo, max: hi }).chain((d) => fc.bigInt({ min: d === 1 ? 1n : 10n ** BigInt(d - 1), max: 10n ** BigInt(d) - 1n }));
const rat = fc.tuple(fc.oneof(fc.bigInt({ min: -500n, max: 500n }), digits(1, 400), digits(1, 400).map((v) => -v)), fc.oneof(fc.bigInt({ min: 1n, max: 500n }), digits(1, 400))).map(([n, d]) => rational(n, d));

describe("domain/math/continued_fraction", () => {
  it("the Lehmer-accelerated expansion equals plain Euclid, is canonical, and evaluates back to x", () => {
    fc.assert(
      fc.property(rat, (x) => {
        const cf = continuedFraction(x);
        expect(cf).to.deep.equal(naiveExpansion(x));
        for (let i = 1; i < cf.length; i++) expect(cf[i]! >= 1n).to.equal(true);
        if (cf.length > 1) expect(cf[cf.length - 1]! >= 2n).to.equal(true);
        expect(evaluateContinuedFraction(cf)).to.deep.equal({ num: x.num, den: x.den });
        const [p, pp, q, qq] = convergentMatrix(cf);
        expect({ num: p, den: q }).to.deep.equal({ num: x.num, den: x.den });
        expect(p * qq - pp * q).to.equal(cf.length % 2 === 1 ? -1n : 1n);
      }),
      { numRuns: 300 },
    );
  });

  it("handles Fibonacci ratios (the longest expansions) and huge partial quotients", () => {
    let a = 1n, b = 1n;
    for (let i = 0; i < 3000; i++) [a, b] = [b, a + b];
    const cf = continuedFraction(rational(b, a));
    expect(cf.length).to.equal(3000);
    expect(cf.slice(0, -1).every((t) => t === 1n) && cf[cf.length - 1] === 2n).to.equal(true);
    const big = 10n ** 500n + 7n;
    expect(continuedFraction(rational(big * big + 1n, big))).to.deep.equal([big, big]);
  });

  it("convergents follow the recurrence and consecutive ones are adjacent", () => {
    fc.assert(
      fc.property(rat, (x) => {
        const cf = continuedFraction(x);
        const cs = convergents(cf);
        expect(cs.length).to.equal(cf.length);
        expect(cs[cs.length - 1]).to.deep.equal({ p: x.num, q: x.den });
        for (let k = 1; k < cs.length; k++) expect(cs[k]!.p * cs[k - 1]!.q - cs[k - 1]!.p * cs[k]!.q).to.equal(k % 2 === 1 ? 1n : -1n);
        expect(convergents(cf, 2).length).to.equal(Math.min(2, cf.length));
      }),
    );
  });

  it("Farey neighbours and the best approximation agree with a scan of every denominator", () => {
    const small = fc.tuple(fc.bigInt({ min: -3000n, max: 3000n }), fc.bigInt({ min: 1n, max: 400n })).map(([n, d]) => rational(n, d));
    fc.assert(
      fc.property(small, fc.integer({ min: 1, max: 60 }), (x, B) => {
        const nb = fareyNeighbours(x, BigInt(B));
        const brute = bruteNeighbours(x, B);
        expect({ lower: nb.lower, upper: nb.upper }).to.deep.equal(brute);
        const { best, error } = bestApproximation(x, BigInt(B));
        const dl = ratDistance(x, brute.lower), du = ratDistance(x, brute.upper);
        const c = ratCompare(dl, du);
        const want = c < 0 ? brute.lower : c > 0 ? brute.upper : brute.upper.den < brute.lower.den ? brute.upper : brute.lower;
        expect(best).to.deep.equal(want);
        expect(error).to.deep.equal(ratDistance(x, want));
      }),
      { numRuns: 500 },
    );
  });

  it("ties: the smaller denominator, and n for B = 1, x = n + 1/2", () => {
    expect(bestApproximation(rational(3n, 4n), 2n).best).to.deep.equal(rational(1n));
    expect(bestApproximation(rational(1n, 2n), 1n).best).to.deep.equal(rational(0n));
    expect(bestApproximation(rational(-1n, 2n), 1n).best).to.deep.equal(rational(-1n));
    expect(bestApproximation(rational(7n, 2n), 1n).best).to.deep.equal(rational(3n));
  });

  it("the √D expansion matches a bigint reference on both the double and the bigint paths", () => {
    const check = (D: bigint) => {
      const cf = new SqrtContinuedFraction(D);
      const got: bigint[] = [];
      for (;;) {
        const t = cf.next();
        got.push(t.a);
        if (t.end) break;
      }
      expect(got, `D = ${D}`).to.deep.equal(naiveSqrtPeriod(D));
      expect(got[got.length - 1]).to.equal(2n * cf.a0);
    };
    for (let D = 2n; D < 400n; D++) if (isqrt(D) ** 2n !== D) check(D);
    fc.assert(fc.property(fc.bigInt({ min: 2n, max: 10n ** 6n }), (D) => { if (isqrt(D) ** 2n !== D) check(D); }), { numRuns: 40 });
    // above 2^52: the bigint path
    for (const D of [2n ** 60n + 1n, 10n ** 30n + 1n, 10n ** 40n - 1n, (10n ** 20n + 3n) ** 2n + 2n, 2n ** 60n + 2n ** 30n, 3n * 2n ** 53n + 80n]) check(D);
    expect(() => new SqrtContinuedFraction(49n)).to.throw(RangeError);
  });
});
