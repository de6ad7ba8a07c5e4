import { expect } from "chai";
import { ffFactor, ffGcd, ffIsIrreducible, ffMul, ffRoots, ffSquarefree, ffXgcd } from "../../../../domain/math/poly/ffactor.js";
import { gfpAdd, gfpIsIrreducible, gfpMulMod, gfpNeg, gfpNormalize, gfpSub, gfpXgcd } from "../../../../domain/math/poly/gfp.js";
import type { CoeffRing, ExtensionField, FieldElement } from "../../../../domain/math/poly/types.js";
import { SeededRandom } from "../../../../domain/math/seeded-random.js";
import { defaultField, extensionFieldRing, makeExtensionField } from "../../../../domain/math/poly/gfq.js";
import { gp, requireGp } from "../../../support/gp.js";

/** GF(p^k) = GF(p)[a]/(m) built from the gfp kernel: an independent stand-in for ff's extensionFieldRing. */
function testField(p: bigint, m: bigint[]): CoeffRing<FieldElement> {
  const k = m.length - 1;
  const ring: ExtensionField = { $kind: "ring", kind: "GFq", p, k, modulus: m, defaultModulus: false };
  const eq = (a: FieldElement, b: FieldElement) => a.length === b.length && a.every((c, i) => c === b[i]);
  return {
    name: `GF(${p}^${k})`,
    ring,
    isField: true,
    characteristic: p,
    order: p ** BigInt(k),
    zero: [],
    one: [1n],
    generator: [0n, 1n],
    add: (a, b) => gfpAdd(a, b, p),
    sub: (a, b) => gfpSub(a, b, p),
    neg: (a) => gfpNeg(a, p),
    mul: (a, b) => gfpMulMod(a, b, m, p),
    isZero: (a) => a.length === 0,
    eq,
    inv: (a) => {
      const r = gfpXgcd(a, m, p);
      if (r.gcd.length !== 1) throw new Error("not invertible");
      return r.s;
    },
    divExact: () => undefined,
    fromInteger: (n) => gfpNormalize([n], p),
    fromRational: () => undefined,
    format: (a) => (a.length ? a.map((c, i) => `${c}*a^${i}`).reverse().join(" + ") : "0"),
    bits: () => 64,
  };
}

function randElement(rng: SeededRandom, p: bigint, k: number): FieldElement {
  const out: bigint[] = [];
  for (let i = 0; i < k; i++) out.push(BigInt(rng.nextU32()) % p);
  return gfpNormalize(out, p);
}
function randIrreducible(rng: SeededRandom, p: bigint, k: number): bigint[] {
  for (;;) {
    const m = [...randElement(rng, p, k), 0n];
    while (m.length < k) m.push(0n);
    m.length = k;
    m.push(1n);
    if (gfpIsIrreducible(m, p)) return m;
  }
}
const gpEl = (e: FieldElement): string => (e.length ? `Polrev([${e.join(",")}],t)` : "0");
const gpPoly = (f: FieldElement[]): string => `Polrev([${f.map(gpEl).join(",")}],x)`;
const parseGp = (line: string): unknown => JSON.parse(line.replace(/-?\d+/g, '"$&"'));
const el = (v: string[]): FieldElement => gfpNormalize(v.map(BigInt), 1n << 200n);
const key = (f: FieldElement[]) => JSON.stringify(f.map((e) => e.map(String)));

describe("domain/math/poly/ffactor (GF(p^k))", () => {
  it("factors multiply back, are irreducible, and square-free parts are coprime (small fields)", () => {
    const rng = new SeededRandom(5);
    for (const [p, k] of [[2n, 3], [3n, 2], [5n, 2], [2n, 4]] as const) {
      const R = testField(p, randIrreducible(rng, p, k));
      for (let c = 0; c < 4; c++) {
        const g = Array.from({ length: 3 + rng.below(4) }, () => randElement(rng, p, k));
        g.push([1n]);
        const f = ffMul(R, ffMul(R, g, g), Array.from({ length: 2 + rng.below(5) }, () => randElement(rng, p, k)).concat([[1n]]));
        const { unit, factors } = ffFactor(R, f);
        let prod: FieldElement[] = [unit];
        for (const { factor, multiplicity } of factors) {
          expect(ffIsIrreducible(R, factor)).to.equal(true);
          for (let i = 0; i < multiplicity; i++) prod = ffMul(R, prod, factor);
        }
        expect(key(prod)).to.equal(key(f));
        const sq = ffSquarefree(R, f);
        for (let i = 0; i < sq.length; i++) for (let j = i + 1; j < sq.length; j++) expect(ffGcd(R, sq[i]!.factor, sq[j]!.factor)).to.deep.equal([[1n]]);
        const { gcd, s, t } = ffXgcd(R, f, g);
        const sf = ffMul(R, s, f), tg = ffMul(R, t, g);
        const comb = Array.from({ length: Math.max(sf.length, tg.length) }, (_, i) => R.add(sf[i] ?? [], tg[i] ?? []));
        while (comb.length && R.isZero(comb[comb.length - 1]!)) comb.pop();
        expect(key(comb)).to.equal(key(gcd));
        expect(key(gcd)).to.equal(key(ffGcd(R, f, g)));
      }
    }
  });

  describe("PARI/GP cross-checks", function () {
    before(function () {
      requireGp(this);
    });
    it("larger degrees over GF(2^8), GF(3^5), GF(3^2) (Zech tables), non-primitive moduli, GF(p^2) with p ≈ 10^9: random, repeated, linear products", function () {
      this.timeout(120_000);
      const rng = new SeededRandom(77);
      type Case = { R: CoeffRing<FieldElement>; p: bigint; m: readonly bigint[]; f: FieldElement[] };
      const cases: Case[] = [];
      const random = (p: bigint, k: number, n: number): FieldElement[] => [...Array.from({ length: n }, () => randElement(rng, p, k)), [1n]];
      const linears = (R: CoeffRing<FieldElement>, p: bigint, k: number, count: number): FieldElement[] => {
        let f: FieldElement[] = [[1n]];
        // Few distinct roots: repeated linear factors too.
        const roots = Array.from({ length: Math.max(1, count >> 1) }, () => randElement(rng, p, k));
        for (let i = 0; i < count; i++) f = ffMul(R, f, [R.neg(roots[rng.below(roots.length)]!), [1n]]);
        return f;
      };
      const fields: [bigint, number, bigint[] | undefined, number][] = [
        [2n, 8, undefined, 150],
        [3n, 5, undefined, 120],
        [3n, 2, undefined, 200],
        [3n, 2, [1n, 0n, 1n], 60] /* a^2 + 1: a has order 4, not primitive */,
        [2n, 4, [1n, 1n, 1n, 1n, 1n], 60] /* a^4 + a^3 + a^2 + a + 1: a has order 5 */,
        [1000000007n, 2, undefined, 10],
      ];
      for (const [p, k, mod, n] of fields) {
        const F = mod ? makeExtensionField(p, mod, false) : defaultField(p, k);
        const R = extensionFieldRing(F) as CoeffRing<FieldElement>;
        const m = F.modulus;
        cases.push({ R, p, m, f: random(p, k, n) });
        const g = random(p, k, Math.max(2, n >> 3)), h = random(p, k, Math.max(1, n >> 4));
        cases.push({ R, p, m, f: ffMul(R, ffMul(R, g, g), ffMul(R, h, ffMul(R, h, h))) });
        cases.push({ R, p, m, f: ffMul(R, linears(R, p, k, Math.min(40, n >> 1)), random(p, k, 3)) });
      }
      const lines = gp(
        cases
          .map(({ p, m, f }) =>
            [
              `F=factorff(${gpPoly(f)},${p},${gpEl([...m])}); print(vector(#F~,i,[apply(c->Vecrev(liftall(c)),Vecrev(F[i,1])),F[i,2]]))`,
              `print(apply(c->Vecrev(liftall(c)),Vec(polrootsff(${gpPoly(f)},${p},${gpEl([...m])}))))`,
            ].join("\n"),
          )
          .join("\n"),
      );
      cases.forEach(({ R, p, m, f }, c) => {
        const theirs = (parseGp(lines[2 * c]!) as [string[][], string][]).map(([v, mult]) => `${key(v.map(el))}^${mult}`).sort();
        const ours = ffFactor(R, f);
        expect(ours.factors.map((x) => `${key(x.factor)}^${x.multiplicity}`).sort(), `factorff case ${c} over GF(${p}^${m.length - 1}), degree ${f.length - 1}`).to.deep.equal(theirs);
        expect(ffIsIrreducible(R, f)).to.equal(theirs.length === 1 && theirs[0]!.endsWith("^1"));
        const theirRoots = (parseGp(lines[2 * c + 1]!) as string[][]).map((v) => key([el(v)])).sort();
        expect(ffRoots(R, f).map((r) => key([r.root])).sort(), `polrootsff case ${c}`).to.deep.equal(theirRoots);
        const sq = ffSquarefree(R, f);
        expect(sq.map((x) => x.multiplicity)).to.deep.equal([...new Set(ours.factors.map((x) => x.multiplicity))].sort((a, b) => a - b));
      });
    });
    it("factorff and polrootsff on random polynomials over GF(p^k)", function () {
      this.timeout(120_000);
      const rng = new SeededRandom(31);
      const cases: { p: bigint; m: bigint[]; f: FieldElement[] }[] = [];
      for (const [p, k] of [[2n, 3], [2n, 5], [3n, 2], [3n, 3], [7n, 2], [101n, 2], [1000003n, 2], [65537n, 3]] as const) {
        const m = randIrreducible(rng, p, k);
        for (let c = 0; c < 3; c++) {
          const n = 2 + rng.below(p < 10n ? 14 : 9);
          let f = Array.from({ length: n }, () => randElement(rng, p, k));
          f.push([1n]);
          if (c === 1) {
            const R = testField(p, m);
            const g = [randElement(rng, p, k), [1n]];
            f = ffMul(R, ffMul(R, f, g), g);
          }
          cases.push({ p, m, f });
        }
      }
      const lines = gp(
        cases
          .map(({ p, m, f }) =>
            [
              `F=factorff(${gpPoly(f)},${p},${gpEl(m)}); print(vector(#F~,i,[apply(c->Vecrev(liftall(c)),Vecrev(F[i,1])),F[i,2]]))`,
              `print(apply(c->Vecrev(liftall(c)),Vec(polrootsff(${gpPoly(f)},${p},${gpEl(m)}))))`,
            ].join("\n"),
          )
          .join("\n"),
      );
      cases.forEach(({ p, m, f }, c) => {
        // ff's GF(p^k) arithmetic (domain/math/poly/gfq.ts) for odd cases, the gfp-based stand-in for even ones: both must agree with PARI.
        const R = c % 2 ? (extensionFieldRing(makeExtensionField(p, m, false)) as CoeffRing<FieldElement>) : testField(p, m);
        const theirs = (parseGp(lines[2 * c]!) as [string[][], string][]).map(([v, mult]) => `${key(v.map(el))}^${mult}`).sort();
        const ours = ffFactor(R, f).factors.map((x) => `${key(x.factor)}^${x.multiplicity}`).sort();
        expect(ours, `factorff over GF(${p}^${m.length - 1})`).to.deep.equal(theirs);
        const theirRoots = (parseGp(lines[2 * c + 1]!) as string[][]).map((v) => key([el(v)])).sort();
        expect(ffRoots(R, f).map((r) => key([r.root])).sort()).to.deep.equal(theirRoots);
        expect(ffIsIrreducible(R, f)).to.equal(theirs.length === 1 && theirs[0]!.endsWith("^1"));
      });
    });
  });
});
