import { expect } from "chai";
import { SeededRandom } from "../../../../domain/math/seeded-random.js";
import { type Rational, rational, ratAdd, ratMul, ratSub, ratInv, ratEq, ratCompare } from "../../../../domain/math/rational.js";
import type { CoeffRing } from "../../../../domain/math/poly/types.js";
import {
  content, cyclotomic, discriminant, divExact, gcd, gcdWithCofactors, gcdWithCofactorsWithin, lcm, mul, resultant, squarefreeDecomposition, pack, unpack,
} from "../../../../domain/math/poly/zz.js";
import { countRealRoots, isolateRealRoots, rationalRoots, refine, rootMultiplicity } from "../../../../domain/math/poly/realroots.js";
import { interpolate } from "../../../../domain/math/poly/interpolate.js";
import { wordPrime } from "../../../../domain/math/poly/smallprime.js";
import { gp, requireGp } from "../../../support/gp.js";

const rng = new SeededRandom(20261201);
function randInt(bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(rng.below(65536));
  v &= (1n << BigInt(bits)) - 1n;
  return rng.below(2) ? -v : v;
}
function randPoly(deg: number, bits: number): bigint[] {
  const a = Array.from({ length: deg + 1 }, () => randInt(bits));
  while (a[deg] === 0n) a[deg] = randInt(bits);
  return a;
}
const toGp = (f: readonly bigint[]): string => `Polrev([${f.length ? f.join(",") : "0"}])`;
const parseVec = (line: string): bigint[] => {
  const body = line.replace(/^\[|\]~?$/g, "").trim();
  return body ? body.split(",").map((s) => BigInt(s.trim())) : [];
};
function naiveMul(a: bigint[], b: bigint[]): bigint[] {
  if (!a.length || !b.length) return [];
  const out = new Array<bigint>(a.length + b.length - 1).fill(0n);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j]! += x * y)));
  return out;
}

describe("domain/math/poly/zz", () => {
  it("Kronecker pack/unpack and multiplication agree with schoolbook", () => {
    for (let t = 0; t < 40; t++) {
      const a = randPoly(rng.below(40), 1 + rng.below(90)), b = randPoly(rng.below(40), 1 + rng.below(90));
      expect(mul(a, b)).to.deep.equal(naiveMul(a, b));
      const k = 100;
      expect(unpack(pack(a, k), k, a.length)).to.deep.equal(a);
      expect(divExact(mul(a, b), b)).to.deep.equal(a);
      const c = mul(a, b);
      c[0]! += 1n;
      expect(divExact(c, b)).to.equal(undefined);
    }
  });

  it("square-free decomposition reassembles the input", () => {
    for (let t = 0; t < 15; t++) {
      const a = randPoly(1 + rng.below(4), 8), b = randPoly(1 + rng.below(4), 8);
      let f = mul(mul(a, a), mul(mul(b, b), b));
      if (f[f.length - 1]! < 0n) f = f.map((x) => -x);
      const content = f.reduce((g, x) => { let u = g, v = x < 0n ? -x : x; while (v) [u, v] = [v, u % v]; return u; }, 0n);
      f = f.map((x) => x / content);
      const dec = squarefreeDecomposition(f);
      let prod = [1n];
      for (const { factor, multiplicity } of dec) for (let i = 0; i < multiplicity; i++) prod = mul(prod, factor);
      expect(prod).to.deep.equal(f);
    }
  });

  it("gcd with cofactors: products give the operands back and the cofactors are coprime (resultant ≠ 0)", () => {
    const p0 = BigInt(wordPrime(0)), p1 = BigInt(wordPrime(1));
    const cases: [bigint[], bigint[]][] = [[[0n, 0n, 5n], [0n, 10n]], [[7n], [14n, 21n]], [[-4n, 0n, 4n], [6n, -6n]]];
    for (let t = 0; t < 12; t++) {
      const c = randPoly(1 + rng.below(30), 1 + rng.below(40));
      const k = BigInt(1 + rng.below(5));
      cases.push([mul(c, [1n, 1n]).map((x) => x * k), mul(c, [1n + p0, 1n])]);
      cases.push([mul(c, [1n, p0 * p1]), mul(c, randPoly(1 + rng.below(6), 3))]);
      cases.push([mul(c, randPoly(rng.below(30), 1 + rng.below(200))), mul(c, randPoly(rng.below(30), 1 + rng.below(200)))]);
    }
    for (const [f, g] of cases) {
      const r = gcdWithCofactors(f, g);
      expect(mul(r.gcd, r.left), `f = g·left`).to.deep.equal(f);
      expect(mul(r.gcd, r.right), `g = g·right`).to.deep.equal(g);
      expect(resultant(r.left, r.right), "no common nonconstant factor").to.not.equal(0n);
      let u = content(r.left), v = content(r.right);
      while (v) [u, v] = [v, u % v];
      expect(u, "coprime contents").to.equal(1n);
    }
  });

  it("the bounded gcd (the first attempt of polynomial.gcd.compute) gives gcdWithCofactors' result exactly, or declines", () => {
    const r2 = new SeededRandom(919);
    const rp = (deg: number, bits: number): bigint[] => {
      const a = Array.from({ length: deg + 1 }, () => BigInt(r2.below(2 ** bits)) - BigInt(2 ** (bits - 1)));
      if (a[deg] === 0n) a[deg] = 1n;
      return a;
    };
    let settled = 0, declined = 0;
    for (let t = 0; t < 20; t++) {
      const c = rp(5 + r2.below(40), 8 + r2.below(20));
      const f = mul(c, rp(r2.below(30), 12)), g = mul(c, rp(r2.below(30), 12));
      const full = gcdWithCofactors(f, g);
      for (const primes of [1, 2, 3, 6]) {
        const r = gcdWithCofactorsWithin(f, g, primes, 1);
        if (r === undefined) declined++;
        else {
          settled++;
          expect(r, `case ${t} with ${primes} primes`).to.deep.equal(full);
        }
      }
      // no proof allowed: only the cases settled without one (a constant gcd, equal operands) return
      expect(gcdWithCofactorsWithin(f, g, 10, 0), "no proof budget").to.equal(undefined);
    }
    expect(settled, "settled attempts").to.be.above(20);
    expect(declined, "declined attempts").to.be.above(0);
    // a primitive gcd with 200-bit coefficients needs about 9 primes: 3 decline, 12 settle
    const big = mul([1n, ...rp(20, 30).map((x) => x << 170n)], [1n, 1n]), other = mul(big, [3n, 0n, 1n]);
    const h = mul(big, [5n, 1n]);
    expect(gcdWithCofactorsWithin(h, other, 3, 1)).to.equal(undefined);
    expect(gcdWithCofactorsWithin(h, other, 12, 1)).to.deep.equal(gcdWithCofactors(h, other));
  });

  it("a gcd with small coefficients and cofactors with large ones: the cofactors take further primes than the gcd", () => {
    const r3 = new SeededRandom(5150);
    const rp = (deg: number, bits: number): bigint[] => {
      // 24 random bits at a time
      const one = (): bigint => {
        let x = 0n;
        for (let k = 0; k < bits; k += 24) x = (x << 24n) | BigInt(r3.below(1 << 24));
        return BigInt.asIntN(bits, x);
      };
      const a = Array.from({ length: deg + 1 }, one);
      if (a[deg] === 0n) a[deg] = 1n;
      return a;
    };
    for (let t = 0; t < 6; t++) {
      const c = rp(40 + r3.below(40), 6), u = rp(20 + r3.below(30), 120), v = rp(20 + r3.below(30), 120);
      const f = mul(c, u), g = mul(c, v);
      const r = gcdWithCofactors(f, g);
      expect(mul(r.gcd, r.left), "f = gcd·left").to.deep.equal(f);
      expect(mul(r.gcd, r.right), "g = gcd·right").to.deep.equal(g);
      expect(resultant(r.left, r.right), "coprime cofactors").to.not.equal(0n);
      expect(gcdWithCofactorsWithin(f, g, 2, 1), "two primes cannot hold 120-bit cofactors").to.equal(undefined);
      expect(gcdWithCofactorsWithin(f, g, 12, 1)).to.deep.equal(r);
    }
  });

  describe("against PARI/GP", function () {
    before(function () { requireGp(this); });

    it("gcd and lcm", () => {
      const cases: [bigint[], bigint[]][] = [];
      for (let t = 0; t < 30; t++) {
        const c = randPoly(rng.below(12), 1 + rng.below(40));
        cases.push([mul(c, randPoly(rng.below(15), 20)).map((x) => x * BigInt(1 + rng.below(3))), mul(c, randPoly(rng.below(15), 20))]);
      }
      cases.push([[], [3n, 6n]], [[0n, 1n], [1n]], [randPoly(60, 64), randPoly(55, 64)]);
      // unlucky primes: cofactors x + 1 and x + 1 + p share a root modulo the first word primes p;
      // a leading coefficient divisible by them; tiny coefficients (the first image is already the
      // answer); large coefficients (many primes)
      const p0 = BigInt(wordPrime(0)), p1 = BigInt(wordPrime(1));
      for (let t = 0; t < 4; t++) {
        const c = randPoly(2 + rng.below(20), 1 + rng.below(30));
        cases.push([mul(c, [1n, 1n]), mul(c, [1n + p0 * p1, 1n])]);
        cases.push([mul(c, [1n, p0]), mul(c, [3n, p0 * p1])]);
        cases.push([mul(c, randPoly(3, 2)), mul(c, randPoly(4, 2))]);
        cases.push([mul(c, randPoly(5, 300)), mul(c, randPoly(7, 200))]);
      }
      const out = gp(cases.map(([a, b]) => `print(Vecrev(gcd(${toGp(a)},${toGp(b)})));print(Vecrev(lcm(${toGp(a)},${toGp(b)})))`).join("\n"));
      cases.forEach(([a, b], i) => {
        const pos = (v: bigint[]) => (v.length && v[v.length - 1]! < 0n ? v.map((x) => -x) : v);
        expect(gcd(a, b), `gcd case ${i}`).to.deep.equal(pos(parseVec(out[2 * i]!)));
        expect(lcm(a, b), `lcm case ${i}`).to.deep.equal(pos(parseVec(out[2 * i + 1]!)));
      });
    });

    it("resultant and discriminant", () => {
      const cases: [bigint[], bigint[]][] = [];
      for (let t = 0; t < 25; t++) cases.push([randPoly(rng.below(20), 1 + rng.below(60)), randPoly(rng.below(20), 1 + rng.below(60))]);
      const c = randPoly(3, 10);
      cases.push([mul(c, randPoly(4, 10)), mul(c, randPoly(5, 10))], [[5n], [1n, 2n, 3n]], [[2n, 4n], [6n, 3n]]);
      const out = gp(cases.map(([a, b]) => `print(polresultant(${toGp(a)},${toGp(b)}));print(poldisc(${toGp(a)}))`).join("\n"));
      cases.forEach(([a, b], i) => {
        expect(resultant(a, b), `res case ${i}`).to.equal(BigInt(out[2 * i]!));
        if (a.length >= 2) expect(discriminant(a), `disc case ${i}`).to.equal(BigInt(out[2 * i + 1]!));
      });
    });

    it("cyclotomic polynomials", () => {
      const ns = [1, 2, 3, 4, 6, 12, 30, 105, 210, 385, 1155, 720, 2310, 3003, 1024, 999];
      for (let t = 0; t < 20; t++) ns.push(1 + rng.below(2000));
      const out = gp(ns.map((n) => `print(Vecrev(polcyclo(${n})))`).join("\n"));
      ns.forEach((n, i) => expect(cyclotomic(n), `n=${n}`).to.deep.equal(parseVec(out[i]!)));
    });

    it("real root isolation and counting (polsturm, polrootsreal)", () => {
      const cases: bigint[][] = [];
      for (let t = 0; t < 25; t++) cases.push(randPoly(1 + rng.below(25), 1 + rng.below(30)));
      // with rational roots, repeated roots and close roots
      cases.push(mul(mul([-1n, 2n], [-1n, 2n]), mul([3n, 7n], [-5n, 0n, 1n])), [0n, 0n, -2n, 0n, 1n], mul([-10000n, 10001n], [-10001n, 10002n]));
      cases.push(mul(mul([-1n, 1n], [-2n, 1n]), mul([-3n, 1n], [-4n, 1n])));
      const out = gp(cases.map((f) => `print(polsturm(${toGp(f)}));print(apply(x->round(x*10^30),polrootsreal(${toGp(f)}/gcd(${toGp(f)},deriv(${toGp(f)})))));print(polsturm(${toGp(f)},[-1/3,5/2]))`).join("\n"));
      cases.forEach((f, i) => {
        const ivs = isolateRealRoots(f);
        expect(ivs.length, `count ${i}`).to.equal(Number(out[3 * i]!));
        const approx = parseVec(out[3 * i + 1]!);
        // each approximate root (×10^30) lies in the closure of its interval, ascending order
        ivs.forEach((iv, j) => {
          const x = rational(approx[j]!, 10n ** 30n);
          const slack = rational(1n, 10n ** 25n);
          expect(ratCompare(ratSub(iv.lo, slack), x) <= 0 && ratCompare(x, ratAdd(iv.hi, slack)) <= 0, `root ${j} of case ${i}`).to.equal(true);
        });
        for (let j = 1; j < ivs.length; j++) expect(ratCompare(ivs[j - 1]!.hi, ivs[j]!.lo) <= 0).to.equal(true);
        expect(countRealRoots(f, rational(-1n, 3n), rational(5n, 2n)), `interval count ${i}`).to.equal(Number(out[3 * i + 2]!));
        const w = rational(1n, 1n << 40n);
        for (const iv of ivs) {
          const r = refine(f, iv, w);
          expect(ratCompare(ratSub(r.hi, r.lo), w) <= 0).to.equal(true);
        }
      });
    });

    it("rational roots (nfroots) and multiplicities", () => {
      const cases: bigint[][] = [];
      for (let t = 0; t < 20; t++) {
        let f = randPoly(rng.below(6), 10);
        for (let k = 0; k < 1 + rng.below(4); k++) f = mul(f, [randInt(12), BigInt(1 + rng.below(30))]);
        cases.push(f);
      }
      cases.push(mul(mul([-1n, 3n], [-1n, 3n]), [2n, 0n, 1n]));
      // Many roots, large numerators and denominators (the p-adic lifting's bound), a zero root, squares.
      let big: bigint[] = [0n, 1n];
      for (const [u, v] of [[12345n, 997n], [-1n, 100000n], [987654321n, 1n], [-7n, 3n], [5n, 1234567n], [1n, 1n], [-1n, 1n]] as const) big = mul(mul(big, [-u, v]), [-u, v]);
      for (let k = 0; k < 20; k++) big = mul(big, [randInt(500), BigInt(1 + rng.below(60))]);
      cases.push(mul(big, [3n, 0n, 0n, 1n]));
      const out = gp(cases.map((f) => `print(apply(r->[numerator(r),denominator(r)],nfroots(,${toGp(f)})))`).join("\n"));
      cases.forEach((f, i) => {
        const expected = out[i]!.replace(/^\[|\]$/g, "").split(/\],\s*\[/).filter((s) => s.replace(/[[\]]/g, "").trim()).map((s) => {
          const [n, d] = s.replace(/[[\]]/g, "").split(",").map((x) => BigInt(x.trim()));
          return rational(n!, d!);
        });
        const got = rationalRoots(f);
        expect(got.length, `case ${i}`).to.equal(expected.length);
        got.forEach((r, j) => expect(ratEq(r, expected[j]!), `case ${i} root ${j}`).to.equal(true));
        for (const r of got) expect(rootMultiplicity(f, r)).to.be.greaterThan(0);
      });
    });

    it("interpolation over QQ (polinterpolate)", () => {
      const QQ = {
        name: "QQ", isField: true, characteristic: 0n, order: 0n, zero: rational(0n), one: rational(1n),
        add: ratAdd, sub: ratSub, mul: ratMul, neg: (a: Rational) => ratSub(rational(0n), a), isZero: (a: Rational) => a.num === 0n,
        eq: ratEq, inv: ratInv,
      } as unknown as CoeffRing<Rational>;
      for (let t = 0; t < 8; t++) {
        const n = 1 + rng.below(12);
        const xs: Rational[] = [];
        while (xs.length < n) {
          const x = rational(randInt(8), BigInt(1 + rng.below(5)));
          if (!xs.some((y) => ratEq(x, y))) xs.push(x);
        }
        const ys = xs.map(() => rational(randInt(10), BigInt(1 + rng.below(7))));
        const s = (r: Rational) => `${r.num}/${r.den}`;
        const [line] = gp(`print(apply(c->[numerator(c),denominator(c)],Vecrev(polinterpolate([${xs.map(s)}],[${ys.map(s)}]))))`);
        const got = interpolate(QQ, xs, ys).map((c) => `[${c.num}, ${c.den}]`).join(", ");
        expect(`[${got}]`).to.equal(line!.replace(/\s+/g, " ").replace(/\[ /g, "[").replace(/ \]/g, "]"));
      }
    });
  });
});
