import { expect } from "chai";
import fc from "fast-check";
import {
  ceilDiv, floorDiv, formatRational, isCanonical, ratAbs, ratAdd, ratCeil, ratCompare, ratDiv, ratFloor, ratInv, ratMul, ratNeg, ratPow, ratProductAll, ratSub, ratSumAll, rational,
  type Rational,
} from "../../../domain/math/rational.js";

/* ---------- independent references: the textbook formulas, reduced by plain Euclid ---------- */

function euclid(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
function reduce(n: bigint, d: bigint): Rational {
  if (d < 0n) [n, d] = [-n, -d];
  const g = euclid(n, d);
  return g <= 1n ? { num: n, den: d } : { num: n / g, den: d / g };
}
const naiveAdd = (a: Rational, b: Rational) => reduce(a.num * b.den + b.num * a.den, a.den * b.den);
const naiveMul = (a: Rational, b: Rational) => reduce(a.num * b.num, a.den * b.den);

/* ---------- arbitraries ---------- */

const digits = (lo: number, hi: number) =>
  fc.integer({ min: lo, max: hi }).chain((d) => fc.bigInt({ min: d === 1 ? 0n : 10n ** BigInt(d - 1), max: 10n ** BigInt(d) - 1n }));
const signed = (arb: fc.Arbitrary<bigint>) => fc.tuple(arb, fc.boolean()).map(([v, neg]) => (neg ? -v : v));
const smallInt = fc.bigInt({ min: -40n, max: 40n });
/** Rationals with shared factors between numerators and denominators of different operands (to exercise the gcd shortcuts). */
const rat: fc.Arbitrary<Rational> = fc
  .tuple(fc.oneof(smallInt, signed(digits(1, 60))), fc.oneof(fc.bigInt({ min: 1n, max: 30n }), digits(1, 60)), fc.constantFrom(1n, 2n, 6n, 36n, 2n ** 64n, 10n ** 30n))
  .filter(([, d]) => d > 0n)
  .map(([n, d, k]) => rational(n * k, d * (k === 1n ? 1n : 3n)));

describe("domain/math/rational", () => {
  it("rational() reduces and normalises the sign; zero is 0/1", () => {
    expect(rational(84n, -36n)).to.deep.equal({ num: -7n, den: 3n });
    expect(rational(0n, -5n)).to.deep.equal({ num: 0n, den: 1n });
    expect(() => rational(1n, 0n)).to.throw(RangeError);
  });

  it("sums, differences, products and quotients agree with the textbook formulas and stay canonical", () => {
    fc.assert(
      fc.property(rat, rat, (a, b) => {
        const s = ratAdd(a, b), d = ratSub(a, b), p = ratMul(a, b);
        expect(s).to.deep.equal(naiveAdd(a, b));
        expect(d).to.deep.equal(naiveAdd(a, { num: -b.num, den: b.den }));
        expect(p).to.deep.equal(naiveMul(a, b));
        for (const r of [s, d, p]) expect(isCanonical(r), formatRational(r)).to.equal(true);
        if (b.num !== 0n) {
          const q = ratDiv(a, b);
          expect(q).to.deep.equal(reduce(a.num * b.den, a.den * b.num));
          expect(ratMul(q, b)).to.deep.equal(a);
        } else expect(() => ratDiv(a, b)).to.throw(RangeError);
      }),
      { numRuns: 400 },
    );
  });

  it("negation, reciprocal and absolute value", () => {
    fc.assert(
      fc.property(rat, (a) => {
        expect(ratAdd(a, ratNeg(a))).to.deep.equal({ num: 0n, den: 1n });
        expect(ratAbs(a).num >= 0n && (ratAbs(a).num === a.num || ratAbs(a).num === -a.num)).to.equal(true);
        if (a.num !== 0n) {
          expect(ratMul(a, ratInv(a))).to.deep.equal({ num: 1n, den: 1n });
          expect(ratInv(a).den > 0n).to.equal(true);
        } else expect(() => ratInv(a)).to.throw(RangeError);
      }),
    );
  });

  it("compare agrees with the sign of the difference", () => {
    fc.assert(
      fc.property(rat, rat, (a, b) => {
        const d = naiveAdd(a, { num: -b.num, den: b.den });
        expect(ratCompare(a, b)).to.equal(d.num < 0n ? -1 : d.num > 0n ? 1 : 0);
        expect(ratCompare(b, a)).to.equal(-ratCompare(a, b) || 0);
      }),
    );
  });

  it("floor and ceiling bracket the value; floorDiv/ceilDiv match the definitions", () => {
    fc.assert(
      fc.property(rat, (a) => {
        const f = ratFloor(a), c = ratCeil(a);
        expect(f * a.den <= a.num && a.num < (f + 1n) * a.den).to.equal(true);
        expect((c - 1n) * a.den < a.num && a.num <= c * a.den).to.equal(true);
        expect(c - f).to.equal(a.den === 1n ? 0n : 1n);
      }),
    );
    expect([floorDiv(-7n, 2n), ceilDiv(-7n, 2n), floorDiv(7n, 2n), ceilDiv(7n, 2n), floorDiv(-6n, 2n)]).to.deep.equal([-4n, -3n, 3n, 4n, -3n]);
    expect(() => floorDiv(1n, 0n)).to.throw(RangeError);
  });

  it("powers agree with repeated multiplication, negative exponents invert", () => {
    fc.assert(
      fc.property(rat, fc.integer({ min: -6, max: 6 }), (a, e) => {
        if (a.num === 0n && e < 0) {
          expect(() => ratPow(a, BigInt(e))).to.throw(RangeError);
          return;
        }
        let r: Rational = { num: 1n, den: 1n };
        const base = e < 0 ? ratInv(a) : a;
        for (let i = 0; i < Math.abs(e); i++) r = naiveMul(r, base);
        expect(ratPow(a, BigInt(e))).to.deep.equal(r);
      }),
    );
  });

  it("balanced sums and products equal left folds", () => {
    fc.assert(
      fc.property(fc.array(rat, { minLength: 0, maxLength: 40 }), (xs) => {
        expect(ratSumAll(xs)).to.deep.equal(xs.reduce(naiveAdd, { num: 0n, den: 1n }));
        expect(ratProductAll(xs)).to.deep.equal(xs.reduce(naiveMul, { num: 1n, den: 1n }));
      }),
      { numRuns: 150 },
    );
  });
});
