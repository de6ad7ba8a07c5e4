/** Properties of the dense and sparse polynomial arithmetic (fast-check, seeded). */
import { expect } from "chai";
import fc from "fast-check";
import {
  dAdd, dCompose, dDerivative, dDivExact, dDivRem, dEvaluate, dIntegral, dMul, dPow, dPseudoDivRem, dScale, dSub, dTaylorShift, dXgcd, kroneckerSigned, mulGeneric, mulModP,
} from "../../../../domain/math/poly/dense.js";
import { integers, primeField, rationals } from "../../../../domain/math/poly/rings.js";
import { spDivExact, spEvaluate, spMul, spMulAuto, spPowAuto, spPow, sortTerms } from "../../../../domain/math/poly/sparse.js";
import { rational, type Rational } from "../../../../domain/math/rational.js";

const RUNS = { seed: 42, numRuns: 150 };
const int = (bits: number) => fc.bigInt(-(1n << BigInt(bits)), 1n << BigInt(bits));
const trimZ = (a: bigint[]) => {
  let n = a.length;
  while (n && a[n - 1] === 0n) n--;
  return a.slice(0, n);
};
const zz = (maxLen: number, bits: number) => fc.array(int(bits), { maxLength: maxLen }).map(trimZ);
const P = 1000003n;
const GF = primeField(P);
const gfp = (maxLen: number) => fc.array(fc.bigInt(0n, P - 1n), { maxLength: maxLen }).map(trimZ);
const qq = (maxLen: number) =>
  fc.array(fc.tuple(int(40), fc.bigInt(1n, 1000n)), { maxLength: maxLen }).map((xs) => {
    const a = xs.map(([n, d]) => rational(n, d));
    let k = a.length;
    while (k && a[k - 1]!.num === 0n) k--;
    return a.slice(0, k);
  });

function naive(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  if (!a.length || !b.length) return [];
  const out = new Array<bigint>(a.length + b.length - 1).fill(0n);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j] = out[i + j]! + x * y)));
  return trimZ(out);
}

describe("domain/math/poly dense arithmetic", () => {
  it("Kronecker substitution over ZZ equals the schoolbook product (signs, sizes 0..200, up to 300 bits)", () => {
    fc.assert(fc.property(zz(200, 300), zz(60, 300), (a, b) => {
      expect(kroneckerSigned(a, b)).to.deep.equal(naive(a, b));
    }), RUNS);
  });

  it("Kronecker substitution over GF(p) and Karatsuba (generic) equal the schoolbook product", () => {
    fc.assert(
      fc.property(gfp(150), gfp(150), (a, b) => {
        const want = trimZ(naive(a, b).map((x) => x % P));
        expect(mulModP(a, b, P)).to.deep.equal(want);
        expect(trimZ(mulGeneric(GF, a, b))).to.deep.equal(want);
      }),
      RUNS,
    );
  });

  it("rational products (cleared denominators) equal the generic product", () => {
    fc.assert(
      fc.property(qq(60), qq(60), (a, b) => {
        const g = mulGeneric(rationals, a, b);
        let k = g.length;
        while (k && g[k - 1]!.num === 0n) k--;
        expect(dMul(rationals, a, b)).to.deep.equal(g.slice(0, k));
      }),
      RUNS,
    );
  });

  it("division with remainder: a = q·b + r, deg r < deg b (QQ and GF(p))", () => {
    fc.assert(
      fc.property(qq(40), qq(15), (a, b) => {
        fc.pre(b.length > 0);
        const { q, r } = dDivRem(rationals, a, b);
        expect(r.length).to.be.below(b.length);
        expect(dAdd(rationals, dMul(rationals, q, b), r)).to.deep.equal(a);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(gfp(80), gfp(30), (a, b) => {
        fc.pre(b.length > 0);
        const { q, r } = dDivRem(GF, a, b);
        expect(r.length).to.be.below(b.length);
        expect(dAdd(GF, dMul(GF, q, b), r)).to.deep.equal(a);
        expect(dDivExact(GF, dMul(GF, a, b), b)).to.deep.equal(a);
      }),
      RUNS,
    );
  });

  it("Newton division (large quotient and divisor) satisfies a = q·b + r over GF(p) and over ZZ with a monic divisor", () => {
    const big = (n: number, m: number) => fc.array(fc.bigInt(0n, P - 1n), { minLength: n, maxLength: m });
    fc.assert(
      fc.property(big(300, 500), big(100, 200), (a0, b0) => {
        const a = trimZ(a0), b = trimZ([...b0, 1n]);
        const { q, r } = dDivRem(GF, a, b);
        expect(r.length).to.be.below(b.length);
        expect(dAdd(GF, dMul(GF, q, b), r)).to.deep.equal(a);
      }),
      { seed: 44, numRuns: 20 },
    );
    fc.assert(
      fc.property(fc.array(int(64), { minLength: 300, maxLength: 400 }), fc.array(int(20), { minLength: 100, maxLength: 150 }), (a0, b0) => {
        const a = trimZ([...a0, 5n]), b = [...b0, -1n];
        const { q, r } = dDivRem(integers, a, b);
        expect(r.length).to.be.below(b.length);
        expect(dAdd(integers, dMul(integers, q, b), r)).to.deep.equal(a);
      }),
      { seed: 45, numRuns: 20 },
    );
  });

  it("pseudo-division over ZZ: lc(b)^(da−db+1)·a = q·b + r and exact division of a product", () => {
    fc.assert(
      fc.property(zz(30, 64), zz(8, 64), (a, b) => {
        fc.pre(b.length > 0);
        const { q, r, multiplier } = dPseudoDivRem(integers, a, b);
        expect(r.length).to.be.below(b.length);
        expect(dAdd(integers, dMul(integers, q, b), r)).to.deep.equal(dScale(integers, a, multiplier));
        expect(dDivExact(integers, dMul(integers, a, b), b)).to.deep.equal(a);
      }),
      RUNS,
    );
  });

  it("extended gcd over GF(p): s·a + t·b = g and g divides a and b", () => {
    fc.assert(
      fc.property(gfp(30), gfp(30), gfp(5), (a0, b0, c) => {
        const a = dMul(GF, a0, c), b = dMul(GF, b0, c);
        const { g, s, t } = dXgcd(GF, a, b);
        expect(dAdd(GF, dMul(GF, s, a), dMul(GF, t, b))).to.deep.equal(g);
        if (g.length) {
          expect(dDivRem(GF, a, g).r).to.deep.equal([]);
          expect(dDivRem(GF, b, g).r).to.deep.equal([]);
          expect(g.length).to.be.at.least(c.length);
        }
      }),
      RUNS,
    );
  });

  it("Taylor shift equals composition with x + c; integral then derivative is the identity; Horner is a homomorphism", () => {
    fc.assert(
      fc.property(zz(90, 100), int(40), int(30), zz(20, 50), (a, c, x, b) => {
        expect(dTaylorShift(integers, a, c)).to.deep.equal(dCompose(integers, a, trimZ([c, 1n])));
        expect(dEvaluate(integers, dMul(integers, a, b), x)).to.equal(dEvaluate(integers, a, x) * dEvaluate(integers, b, x));
        expect(dEvaluate(integers, dCompose(integers, a, b), x)).to.equal(dEvaluate(integers, a, dEvaluate(integers, b, x)));
        const aq: Rational[] = a.map((n) => rational(n));
        expect(dDerivative(rationals, dIntegral(rationals, aq)!)).to.deep.equal(aq);
        expect(dSub(integers, dPow(integers, a, 3), dMul(integers, a, dMul(integers, a, a)))).to.deep.equal([]);
      }),
      { seed: 43, numRuns: 100 },
    );
  });
});

describe("domain/math/poly sparse arithmetic", () => {
  const term = (n: number, bits: number) => fc.record({ exponents: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }), coeff: int(bits) });
  const poly = (n: number, maxTerms: number, bits = 60) =>
    fc.array(term(n, bits), { maxLength: maxTerms }).map((ts) => {
      const m = new Map<string, { exponents: number[]; coeff: bigint }>();
      for (const t of ts) {
        const k = t.exponents.join(",");
        const cur = m.get(k);
        m.set(k, { exponents: t.exponents, coeff: (cur?.coeff ?? 0n) + t.coeff });
      }
      return sortTerms([...m.values()].filter((t) => t.coeff !== 0n));
    });

  it("packed, hashed and Kronecker products agree; exact division recovers a factor; evaluation is a homomorphism", () => {
    fc.assert(
      fc.property(poly(3, 25), poly(3, 25), fc.array(int(20), { minLength: 3, maxLength: 3 }), (a, b, pt) => {
        const p1 = spMul(integers, a, b), p2 = spMulAuto(integers, a, b);
        expect(p2).to.deep.equal(p1);
        expect(spEvaluate(integers, p1, pt)).to.equal(spEvaluate(integers, a, pt) * spEvaluate(integers, b, pt));
        if (b.length) expect(spDivExact(integers, p1, b)).to.deep.equal(a);
        expect(spPowAuto(integers, a, 3, 3)).to.deep.equal(spPow(integers, a, 3, 3));
      }),
      RUNS,
    );
  });
});
