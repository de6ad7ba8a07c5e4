import { expect } from "chai";
import fc from "fast-check";
import {
  compareGfp, gfpAdd, gfpDerivative, gfpDistinctDegree, gfpDivRem, gfpEqualDegree, gfpEvaluate, gfpFactor, gfpGcd, gfpIsIrreducible,
  gfpMonic, gfpMul, gfpMulMod, gfpNormalize, gfpPowMod, gfpRem, gfpRoots, gfpSqr, gfpSquarefree, gfpSub, gfpXgcd, residuePolyKernel,
} from "../../../../domain/math/poly/gfp.js";
import { Gf2Kernel } from "../../../../domain/math/poly/gf2x.js";
import { SeededRandom } from "../../../../domain/math/seeded-random.js";
import { gp, requireGp } from "../../../support/gp.js";

/* ---------- deliberately naive references ---------- */

function trim(a: bigint[]): bigint[] {
  while (a.length && a[a.length - 1] === 0n) a.pop();
  return a;
}
function naiveMul(f: bigint[], g: bigint[], p: bigint): bigint[] {
  if (!f.length || !g.length) return [];
  const c = new Array<bigint>(f.length + g.length - 1).fill(0n);
  f.forEach((a, i) => g.forEach((b, j) => (c[i + j] = (c[i + j]! + a * b) % p)));
  return trim(c);
}
function randPoly(rng: SeededRandom, deg: number, p: bigint, monic = false): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i <= deg; i++) out.push(((BigInt(rng.nextU32()) << 32n) | BigInt(rng.nextU32())) % p);
  if (monic) out[deg] = 1n;
  return trim(out);
}
const gpPoly = (f: bigint[]): string => (f.length ? `Polrev([${f.join(",")}])` : "0");
/** PARI prints vectors as [1, 2]; quote the integers so bigints survive JSON. */
const parseGp = (line: string): unknown => JSON.parse(line.replace(/-?\d+/g, '"$&"'));
const big = (v: unknown): bigint[] => (v as string[]).map((s) => BigInt(s));

const PRIMES = [2n, 3n, 5n, 7n, 101n, 65537n, 1000003n, 67108859n /* < 2^26 */, 67108879n /* > 2^26: split path */, 1000000007n, 2147483647n /* < 2^31: split path */, 2147483659n /* > 2^31: bigint path */, 18446744073709551557n];

describe("domain/math/poly/gfp", () => {
  describe("arithmetic (properties)", () => {
    const arb = (p: bigint) => fc.array(fc.bigInt({ min: 0n, max: p - 1n }), { maxLength: 90 }).map((a) => trim(a));
    for (const p of [2n, 7n, 1000003n, 67108859n, 67108879n, 2147483647n, 2147483659n, 18446744073709551557n]) {
      it(`mul (incl. Karatsuba sizes), divrem, gcd/xgcd over GF(${p})`, () => {
        fc.assert(
          fc.property(arb(p), arb(p), (f, g) => {
            expect(gfpMul(f, g, p)).to.deep.equal(naiveMul(f, g, p));
            expect(gfpSqr(f, p)).to.deep.equal(naiveMul(f, f, p));
            if (g.length) {
              const { quotient, remainder } = gfpDivRem(f, g, p);
              expect(remainder.length).to.be.lessThan(g.length);
              expect(gfpAdd(gfpMul(quotient, g, p), remainder, p)).to.deep.equal(f);
            }
            const { gcd, s, t } = gfpXgcd(f, g, p);
            expect(gcd).to.deep.equal(gfpGcd(f, g, p));
            expect(gfpAdd(gfpMul(s, f, p), gfpMul(t, g, p), p)).to.deep.equal(gcd);
            if (gcd.length) {
              expect(gcd[gcd.length - 1]).to.equal(1n);
              expect(gfpRem(f, gcd, p)).to.deep.equal([]);
              expect(gfpRem(g, gcd, p)).to.deep.equal([]);
            }
          }),
          { numRuns: 40, seed: 9 },
        );
      });
    }
    it("long products: Karatsuba agrees with the schoolbook reference (degree 300, unbalanced)", () => {
      const rng = new SeededRandom(3);
      for (const p of [1000003n, 67108859n, 2147483647n]) {
        const f = randPoly(rng, 300, p), g = randPoly(rng, 170, p);
        expect(gfpMul(f, g, p)).to.deep.equal(naiveMul(f, g, p));
        expect(gfpMul(f, f, p)).to.deep.equal(naiveMul(f, f, p));
      }
    });
    it("residuePolyKernel: products, sums and division by a monic divisor modulo composite m < 2^31 (prime powers, both number paths)", () => {
      const rng = new SeededRandom(31);
      for (const m of [4n, 19n ** 5n, 3n ** 16n /* < 2^26 */, 19n ** 7n /* > 2^26: split path */, 2n ** 30n, 1000n * 1000n * 2000n]) {
        const K = residuePolyKernel(m);
        for (let t = 0; t < 4; t++) {
          const f = randPoly(rng, 10 + rng.below(60), m), g = randPoly(rng, 5 + rng.below(50), m), h = randPoly(rng, 1 + rng.below(20), m, true);
          expect(K.to(K.mul(K.from(f), K.from(g))), `mul mod ${m}`).to.deep.equal(naiveMul(f, g, m));
          expect(K.to(K.add(K.from(f), K.from(g)))).to.deep.equal(trim(Array.from({ length: Math.max(f.length, g.length) }, (_, i) => ((f[i] ?? 0n) + (g[i] ?? 0n)) % m)));
          expect(K.to(K.sub(K.from(f), K.from(g)))).to.deep.equal(trim(Array.from({ length: Math.max(f.length, g.length) }, (_, i) => ((((f[i] ?? 0n) - (g[i] ?? 0n)) % m) + m) % m)));
          // f = q·h + r with deg r < deg h, checked by multiplying back
          const { q, r } = K.divrem(K.from(f), K.from(h));
          expect(r.length).to.be.lessThan(h.length);
          const back = naiveMul(K.to(q), h, m);
          const rr = K.to(r);
          expect(trim(Array.from({ length: Math.max(back.length, rr.length) }, (_, i) => ((back[i] ?? 0n) + (rr[i] ?? 0n)) % m)), `divrem mod ${m}`).to.deep.equal(f);
        }
      }
      expect(() => residuePolyKernel(2n ** 31n)).to.throw(RangeError);
    });
    it("normalizes inputs, derivative, evaluation, powmod", () => {
      expect(gfpNormalize([-1n, 7n, 14n, 0n], 7n)).to.deep.equal([6n]);
      expect(gfpDerivative([1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n], 7n)).to.deep.equal([1n, 2n, 3n, 4n, 5n, 6n]);
      expect(gfpEvaluate([1n, 0n, 1n], 3n, 7n)).to.equal(3n);
      expect(gfpMonic([2n, 4n], 7n)).to.deep.equal([4n, 1n]);
      expect(gfpSub([1n], [1n], 5n)).to.deep.equal([]);
      // x^p ≡ x mod (x^2 + 1) over GF(3)? x^3 = −x there.
      expect(gfpPowMod([0n, 1n], 3n, [1n, 0n, 1n], 3n)).to.deep.equal([0n, 2n]);
      expect(gfpPowMod([5n], 0n, [1n, 1n], 7n)).to.deep.equal([1n]);
      expect(gfpMulMod([0n, 1n], [0n, 1n], [1n, 0n, 1n], 7n)).to.deep.equal([6n]);
    });
  });

  describe("factorization (structure)", () => {
    it("rebuilds f from the factors; factors are irreducible (Rabin) and sorted", () => {
      const rng = new SeededRandom(17);
      for (const p of PRIMES) {
        for (let k = 0; k < 4; k++) {
          const a = randPoly(rng, 1 + rng.below(6), p), b = randPoly(rng, 1 + rng.below(4), p);
          const f = gfpMul(gfpMul(a, gfpSqr(b, p), p), randPoly(rng, rng.below(20), p), p);
          if (!f.length) continue;
          const { unit, factors } = gfpFactor(f, p);
          let prod = [unit];
          for (const { factor, multiplicity } of factors) for (let i = 0; i < multiplicity; i++) prod = gfpMul(prod, factor, p);
          expect(prod).to.deep.equal(f);
          for (const { factor } of factors) expect(gfpIsIrreducible(factor, p), `${factor} mod ${p}`).to.equal(true);
          for (let i = 1; i < factors.length; i++) expect(compareGfp(factors[i - 1]!.factor, factors[i]!.factor)).to.be.lessThan(0);
        }
      }
    });
    it("GF(2): Berlekamp's count (the half-size system) equals n − rank(Q − I) by a naive elimination of the whole matrix", () => {
      // Naive: rows x^(2j) mod f by bigint powmod, Q − I as arrays of 0/1, Gauss over GF(2).
      const naiveNullity = (f: bigint[]): number => {
        const n = f.length - 1;
        const A = Array.from({ length: n }, (_, j) => {
          const row = gfpPowMod([0n, 1n], 2n * BigInt(j), f, 2n);
          const out = Array.from({ length: n }, (_, i) => Number(row[i] ?? 0n));
          out[j]! ^= 1;
          return out;
        });
        let rank = 0;
        for (let c = 0; c < n; c++) {
          const r = A.findIndex((row, i) => i >= rank && row[c] === 1);
          if (r < 0) continue;
          [A[rank], A[r]] = [A[r]!, A[rank]!];
          for (let i = 0; i < n; i++) if (i !== rank && A[i]![c] === 1) A[i] = A[i]!.map((v, k) => v ^ A[rank]![k]!);
          rank++;
        }
        return n - rank;
      };
      const K = new Gf2Kernel();
      const rng = new SeededRandom(99);
      const polys: bigint[][] = [];
      for (let k = 0; k < 60; k++) polys.push(randPoly(rng, 2 + rng.below(k < 40 ? 40 : 150), 2n, true));
      // Squareful and structured ones: the count is a property of Q, square-free or not.
      polys.push(gfpMul(gfpSqr(randPoly(rng, 30, 2n, true), 2n), randPoly(rng, 25, 2n, true), 2n));
      polys.push([...new Array<bigint>(64).fill(0n), 1n], gfpAdd([...new Array<bigint>(128).fill(0n), 1n], [0n, 1n], 2n));
      for (const f of polys) {
        const m = K.from(f);
        expect(K.frobNullity(K.frobMatrix!(m, () => {}).F), `degree ${f.length - 1}`).to.equal(naiveNullity(f));
      }
    });
    it("p-th powers and high multiplicities in small characteristic", () => {
      // (x+1)^9 (x^2+x+2)^3 (x)^4 over GF(3)
      let f: bigint[] = [1n];
      for (let i = 0; i < 9; i++) f = gfpMul(f, [1n, 1n], 3n);
      for (let i = 0; i < 3; i++) f = gfpMul(f, [2n, 1n, 1n], 3n);
      for (let i = 0; i < 4; i++) f = gfpMul(f, [0n, 1n], 3n);
      const r = gfpFactor(gfpMul(f, [2n], 3n), 3n);
      expect(r.unit).to.equal(2n);
      expect(r.factors).to.deep.equal([
        { factor: [0n, 1n], multiplicity: 4 },
        { factor: [1n, 1n], multiplicity: 9 },
        { factor: [2n, 1n, 1n], multiplicity: 3 },
      ]);
      expect(gfpRoots(f, 3n)).to.deep.equal([{ root: 0n, multiplicity: 4 }, { root: 2n, multiplicity: 9 }]);
      expect(gfpSquarefree(f, 3n).map((s) => s.multiplicity)).to.have.members([3, 4, 9].filter((m) => m !== 3).concat([3]));
    });
    it("constants: no factors, no roots; zero is refused", () => {
      expect(gfpFactor([5n], 7n)).to.deep.equal({ unit: 5n, factors: [] });
      expect(gfpRoots([5n], 7n)).to.deep.equal([]);
      expect(gfpIsIrreducible([5n], 7n)).to.equal(false);
      expect(() => gfpFactor([], 7n)).to.throw(RangeError);
      expect(() => gfpRoots([7n], 7n)).to.throw(RangeError);
    });
    it("DDF and EDF pieces", () => {
      // x^4 − 1 over GF(7): (x−1)(x+1)(x^2+1)
      const ddf = gfpDistinctDegree([6n, 0n, 0n, 0n, 1n], 7n);
      expect(ddf).to.deep.equal([{ factor: [6n, 0n, 1n], degree: 1 }, { factor: [1n, 0n, 1n], degree: 2 }]);
      expect(gfpEqualDegree([6n, 0n, 1n], 1, 7n)).to.deep.equal([[1n, 1n], [6n, 1n]]);
      // x^16 − x over GF(2) = product of all irreducibles of degree 1, 2, 4
      const x16 = [0n, 1n, ...new Array(14).fill(0n), 1n];
      const deg4 = gfpDistinctDegree(x16, 2n).find((d) => d.degree === 4)!;
      expect(gfpEqualDegree(deg4.factor, 4, 2n)).to.have.length(3);
    });
  });

  describe("PARI/GP cross-checks", function () {
    before(function () {
      requireGp(this);
    });
    it("factormod, polrootsmod, polisirreducible, gcd on random polynomials", function () {
      this.timeout(120_000);
      const rng = new SeededRandom(2026);
      const cases: { f: bigint[]; g: bigint[]; p: bigint }[] = [];
      for (const p of PRIMES) {
        for (let k = 0; k < 6; k++) {
          const n = 1 + rng.below(p < 10n ? 30 : 24);
          let f = randPoly(rng, n, p);
          if (k % 3 === 1) f = gfpMul(f, gfpSqr(randPoly(rng, 1 + rng.below(3), p), p), p);
          if (k % 3 === 2) f = gfpMul(f, randPoly(rng, 1, p, true), p);
          if (f.length < 2) continue;
          const common = randPoly(rng, rng.below(4), p, true);
          cases.push({ f, g: gfpMul(randPoly(rng, rng.below(12), p), common.length ? common : [1n], p), p });
        }
      }
      const script = cases
        .map(({ f, g, p }) => {
          const F = `Mod(1,${p})*${gpPoly(f)}`;
          return [
            `F=factormod(${gpPoly(f)},${p}); print(vector(#F~,i,[Vecrev(lift(F[i,1])),F[i,2]]))`,
            `print(Vec(lift(polrootsmod(${gpPoly(f)},${p}))))`,
            `print(polisirreducible(${F}))`,
            `G=gcd(${F}, Mod(1,${p})*${gpPoly(g)}); print(Vecrev(lift(if(G==0,0,G/pollead(G)))))`,
          ].join("\n");
        })
        .join("\n");
      const lines = gp(script);
      expect(lines).to.have.length(cases.length * 4);
      cases.forEach(({ f, g, p }, c) => {
        const [fl, rl, il, gl] = lines.slice(4 * c, 4 * c + 4).map((l) => parseGp(l));
        const ours = gfpFactor(f, p);
        const theirs = (fl as [string[], string][]).map(([v, m]) => ({ factor: big(v), multiplicity: Number(m) }));
        theirs.sort((u, v) => compareGfp(u.factor, v.factor));
        expect(ours.factors, `factormod(${gpPoly(f)}, ${p})`).to.deep.equal(theirs);
        const roots = gfpRoots(f, p);
        expect(roots.map((r) => r.root), `polrootsmod(${gpPoly(f)}, ${p})`).to.deep.equal(big(rl).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        for (const r of roots) expect(r.multiplicity).to.equal(ours.factors.find((x) => x.factor.length === 2 && x.factor[0] === (p - r.root) % p)!.multiplicity);
        expect(gfpIsIrreducible(f, p) ? "1" : "0").to.equal(il);
        const gg = gfpGcd(f, g, p);
        expect(gg.length ? gg : [0n]).to.deep.equal(big(gl).length ? big(gl) : [0n]);
      });
    });
    it("large degrees and special shapes (GF(2) bit-packed kernel, GF(3), large p): random, repeated, linear products, irreducible", function () {
      this.timeout(120_000);
      const rng = new SeededRandom(17);
      // Irreducible inputs from PARI's ffinit (odd, even and prime degrees).
      const irr = gp(["ffinit(2,997)", "ffinit(2,512)", "ffinit(2,300)*ffinit(2,301)", "ffinit(3,250)"].map((e) => `print(Vecrev(lift(${e})))`).join("\n")).map((l) => big(parseGp(l)));
      const monomial = (k: number): bigint[] => [...new Array<bigint>(k).fill(0n), 1n];
      const power = (g: bigint[], e: number, p: bigint): bigint[] => {
        let f: bigint[] = [1n];
        for (let i = 0; i < e; i++) f = gfpMul(f, g, p);
        return f;
      };
      const linears = (p: bigint, count: number): bigint[] => {
        let f: bigint[] = [1n];
        for (let i = 0; i < count; i++) f = gfpMul(f, [BigInt(rng.below(Number(p < 1000n ? p : 1000n))) * (p / 1000n + 1n) % p, 1n], p);
        return f;
      };
      const cases: { f: bigint[]; p: bigint }[] = [
        { p: 2n, f: randPoly(rng, 1000, 2n, true) },
        { p: 2n, f: randPoly(rng, 777, 2n, true) },
        { p: 2n, f: randPoly(rng, 64, 2n, true) },
        { p: 2n, f: irr[0]! },
        { p: 2n, f: irr[1]! },
        { p: 2n, f: irr[2]! },
        // Repeated factors: squares, cubes, p-th powers, x^k·(x+1)^j.
        { p: 2n, f: gfpMul(gfpSqr(randPoly(rng, 90, 2n, true), 2n), gfpMul(gfpSqr(randPoly(rng, 40, 2n, true), 2n), randPoly(rng, 40, 2n, true), 2n), 2n) },
        { p: 2n, f: gfpMul(monomial(37), gfpMul(power([1n, 1n], 65, 2n), randPoly(rng, 200, 2n, true), 2n), 2n) },
        // Many irreducible factors (Berlekamp's kernel of dimension 36 and 60): x^(2^8) + x, x^(2^9) + x.
        { p: 2n, f: gfpAdd(monomial(256), [0n, 1n], 2n) },
        { p: 2n, f: gfpAdd(monomial(512), [0n, 1n], 2n) },
        { p: 3n, f: randPoly(rng, 300, 3n, true) },
        { p: 3n, f: irr[3]! },
        { p: 3n, f: gfpMul(linears(3n, 40), gfpSqr(randPoly(rng, 30, 3n, true), 3n), 3n) },
        { p: 1000003n, f: linears(1000003n, 80) },
        { p: 2305843009213693951n, f: gfpMul(linears(2305843009213693951n, 25), randPoly(rng, 20, 2305843009213693951n, true), 2305843009213693951n) },
      ];
      const lines = gp(
        cases
          .map(({ f, p }) => [`F=factormod(${gpPoly(f)},${p}); print(vector(#F~,i,[Vecrev(lift(F[i,1])),F[i,2]]))`, `print(Vec(lift(polrootsmod(${gpPoly(f)},${p}))))`].join("\n"))
          .join("\n"),
      );
      cases.forEach(({ f, p }, c) => {
        const theirs = (parseGp(lines[2 * c]!) as [string[], string][]).map(([v, m]) => ({ factor: big(v), multiplicity: Number(m) }));
        theirs.sort((u, v) => compareGfp(u.factor, v.factor));
        const ours = gfpFactor(f, p);
        expect(ours.factors, `factormod of case ${c} (degree ${f.length - 1}, p = ${p})`).to.deep.equal(theirs);
        expect(gfpIsIrreducible(f, p), `polisirreducible of case ${c}`).to.equal(theirs.length === 1 && theirs[0]!.multiplicity === 1);
        expect(gfpRoots(f, p).map((r) => r.root), `polrootsmod of case ${c}`).to.deep.equal(big(parseGp(lines[2 * c + 1]!)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      });
    });
    it("factormod over GF(2) of random polynomials of degree 1..1500, square-free and squareful", function () {
      this.timeout(120_000);
      const rng = new SeededRandom(1500);
      const cases: bigint[][] = [];
      for (let k = 0; k < 36; k++) {
        const n = k < 12 ? 1 + rng.below(40) : k < 24 ? 40 + rng.below(400) : 400 + rng.below(1101);
        let f = randPoly(rng, n, 2n, true);
        // Every third one squareful: times a square (or a 4th power) of a random factor.
        if (k % 3 === 1) f = gfpMul(f, gfpSqr(randPoly(rng, 1 + rng.below(Math.max(1, n >> 2)), 2n, true), 2n), 2n);
        if (k % 3 === 2 && n > 8) f = gfpMul(f, gfpSqr(gfpSqr(randPoly(rng, 1 + rng.below(8), 2n, true), 2n), 2n), 2n);
        cases.push(f.length > 1501 ? f.slice(0, 1500).concat([1n]) : f);
      }
      const lines = gp(cases.map((f) => `F=factormod(${gpPoly(f)},2); print(vector(#F~,i,[Vecrev(lift(F[i,1])),F[i,2]]))`).join("\n"));
      expect(lines).to.have.length(cases.length);
      cases.forEach((f, c) => {
        const theirs = (parseGp(lines[c]!) as [string[], string][]).map(([v, m]) => ({ factor: big(v), multiplicity: Number(m) }));
        theirs.sort((u, v) => compareGfp(u.factor, v.factor));
        expect(gfpFactor(f, 2n).factors, `factormod of case ${c} (degree ${f.length - 1})`).to.deep.equal(theirs);
      });
    });
    it("Rabin's test over GF(2) past degree 96 (the tabulated Frobenius steps): polisirreducible on irreducibles, products of two and random polynomials", function () {
      this.timeout(60_000);
      const rng = new SeededRandom(96);
      const exprs = ["ffinit(2,96)", "ffinit(2,97)", "ffinit(2,255)", "ffinit(2,401)", "ffinit(2,50)*ffinit(2,53)", "ffinit(2,127)*ffinit(2,128)", "ffinit(2,150)*ffinit(2,150)", "ffinit(2,96)*(x+1)"];
      const polys = gp(exprs.map((e) => `print(Vecrev(lift(${e})))`).join("\n")).map((l) => big(parseGp(l)));
      for (let k = 0; k < 12; k++) polys.push(randPoly(rng, 96 + rng.below(400), 2n, true));
      const lines = gp(polys.map((f) => `print(polisirreducible(Mod(1,2)*${gpPoly(f)}))`).join("\n"));
      expect(lines).to.have.length(polys.length);
      polys.forEach((f, i) => expect(gfpIsIrreducible(f, 2n) ? "1" : "0", `polisirreducible of case ${i} (degree ${f.length - 1})`).to.equal(lines[i]));
      expect(lines.slice(0, 4)).to.deep.equal(["1", "1", "1", "1"]);
    });
    it("factormod of degree 60–120 polynomials over GF(1000003) and GF(2^61−1)", function () {
      this.timeout(120_000);
      const rng = new SeededRandom(7);
      const cases = [1000003n, 1000003n, 2305843009213693951n, 3n, 1000000007n, 2147483647n].map((p, i) => ({ p, f: randPoly(rng, 60 + 20 * (i % 4), p, true) }));
      const lines = gp(cases.map(({ f, p }) => `F=factormod(${gpPoly(f)},${p}); print(vector(#F~,i,[Vecrev(lift(F[i,1])),F[i,2]]))`).join("\n"));
      cases.forEach(({ f, p }, c) => {
        const theirs = (parseGp(lines[c]!) as [string[], string][]).map(([v, m]) => ({ factor: big(v), multiplicity: Number(m) }));
        theirs.sort((u, v) => compareGfp(u.factor, v.factor));
        expect(gfpFactor(f, p).factors).to.deep.equal(theirs);
      });
    });
  });
});
