import { expect } from "chai";
import { ffFactor, ffIsIrreducible, ffMul, ffPowMod } from "../../../../domain/math/poly/ffactor.js";
import { FlatKernel, type FlatPoly } from "../../../../domain/math/poly/fqflat.js";
import { factorK, gfpAdd, gfpMulMod, gfpNormalize, gfpSub, gfpXgcd, powmodK, xgcdK } from "../../../../domain/math/poly/gfp.js";
import { defaultField, extensionFieldRing } from "../../../../domain/math/poly/gfq.js";
import type { CoeffRing, ExtensionField, FieldElement } from "../../../../domain/math/poly/types.js";
import { SeededRandom } from "../../../../domain/math/seeded-random.js";
import { gp, requireGp } from "../../../support/gp.js";

/**
 * The reference: GF(p^k) = GF(p)[a]/(m) on bigint residues through gfp's public functions, and
 * schoolbook polynomial arithmetic over it — nothing of fqflat.ts (flat residue arrays, Kronecker
 * products, Barrett division, GF(p) Frobenius matrices) is shared.
 */
class Ref {
  constructor(
    readonly p: bigint,
    readonly m: readonly bigint[],
  ) {}
  add = (a: FieldElement, b: FieldElement): FieldElement => gfpAdd(a, b, this.p);
  sub = (a: FieldElement, b: FieldElement): FieldElement => gfpSub(a, b, this.p);
  mul = (a: FieldElement, b: FieldElement): FieldElement => gfpMulMod(a, b, [...this.m], this.p);
  pow(a: FieldElement, e: bigint): FieldElement {
    let acc: FieldElement = [1n], b = a;
    for (; e > 0n; e >>= 1n, b = this.mul(b, b)) if (e & 1n) acc = this.mul(acc, b);
    return acc;
  }
  inv(a: FieldElement): FieldElement {
    const r = gfpXgcd(a, [...this.m], this.p);
    if (r.gcd.length !== 1 || r.gcd[0] !== 1n) throw new Error("not invertible");
    return r.s;
  }
  trim(a: FieldElement[]): FieldElement[] {
    while (a.length && a[a.length - 1]!.length === 0) a.pop();
    return a;
  }
  pmul(a: FieldElement[], b: FieldElement[]): FieldElement[] {
    if (!a.length || !b.length) return [];
    const out: FieldElement[] = Array.from({ length: a.length + b.length - 1 }, () => []);
    a.forEach((x, i) => b.forEach((y, j) => (out[i + j] = this.add(out[i + j]!, this.mul(x, y)))));
    return this.trim(out);
  }
  padd(a: FieldElement[], b: FieldElement[]): FieldElement[] {
    return this.trim(Array.from({ length: Math.max(a.length, b.length) }, (_, i) => this.add(a[i] ?? [], b[i] ?? [])));
  }
  prem(a: FieldElement[], b: FieldElement[]): FieldElement[] {
    const r = a.map((x) => x.slice()), db = b.length - 1, li = this.inv(b[db]!);
    for (let i = r.length - 1; i >= db; i--) {
      const t = this.mul(r[i]!, li);
      for (let j = 0; j <= db; j++) r[i - db + j] = this.sub(r[i - db + j]!, this.mul(t, b[j]!));
    }
    return this.trim(r.slice(0, db));
  }
  ppowmod(a: FieldElement[], e: bigint, m: FieldElement[]): FieldElement[] {
    let acc: FieldElement[] = [[1n]], base = this.prem(a, m);
    for (; e > 0n; e >>= 1n) {
      if (e & 1n) acc = this.prem(this.pmul(acc, base), m);
      base = this.prem(this.pmul(base, base), m);
    }
    return acc;
  }
}

const key = (f: readonly FieldElement[]): string => JSON.stringify(f.map((e) => e.map(String)));

function randElement(rng: SeededRandom, p: bigint, k: number): FieldElement {
  const out: bigint[] = [];
  for (let i = 0; i < k; i++) out.push(((BigInt(rng.nextU32()) << 32n) | BigInt(rng.nextU32())) % p);
  return gfpNormalize(out, p);
}
function randPoly(rng: SeededRandom, p: bigint, k: number, deg: number, monic = false): FieldElement[] {
  const f = Array.from({ length: deg + 1 }, () => randElement(rng, p, k));
  if (monic) f[deg] = [1n];
  else if (!f[deg]!.length) f[deg] = [1n];
  return f;
}

/** Fields above the Zech tables' 2^16: both number paths (p < 2^26, split products above), p = 2 and 3, k = 2..17. */
const FIELDS: [bigint, number][] = [
  [1000003n, 2],
  [1000000007n, 2],
  [2147483647n, 3],
  [32771n, 4],
  [3n, 11],
  [2n, 17],
  [257n, 5],
];

/** p ≥ 2^31: ffactor's CoeffRing kernel with big-integer Kronecker products. */
const BIG_FIELDS: [bigint, number][] = [
  [2305843009213693951n, 2],
  [170141183460469231731687303715884105727n, 3],
  [115792089237316195423570985008687907853269984665640564039457584007908834671663n, 2],
];

describe("domain/math/poly/fqflat (GF(p^k) above the Zech tables)", () => {
  it("arithmetic agrees with schoolbook arithmetic over gfp's GF(p)[a]/(m): products, division, Barrett remainders, gcd cofactors, inverses, p-th roots", () => {
    const rng = new SeededRandom(2026);
    for (const [p, k] of FIELDS) {
      const F = defaultField(p, k);
      const K = new FlatKernel(F), R = new Ref(p, F.modulus);
      const from = (f: FieldElement[]): FlatPoly => K.fromPoly(f);
      const to = (f: FlatPoly): string => key(K.toPoly(f));
      for (let c = 0; c < 3; c++) {
        const a = randPoly(rng, p, k, 1 + rng.below(60)), b = randPoly(rng, p, k, 24 + rng.below(30));
        expect(to(K.mul(from(a), from(b))), `product over GF(${p}^${k})`).to.equal(key(R.pmul(a, b)));
        expect(to(K.sqr(from(a)))).to.equal(key(R.pmul(a, a)));
        const { q, r } = K.divrem(from(a), from(b));
        expect(key(R.padd(R.pmul(K.toPoly(q), b), K.toPoly(r)))).to.equal(key(a));
        expect(r.length).to.be.below(b.length);
        // One modulus, several remainders of products: schoolbook first, Barrett from the second on.
        const mb = from(b);
        for (let t = 0; t < 3; t++) {
          const u = randPoly(rng, p, k, b.length - 2), v = randPoly(rng, p, k, b.length - 2);
          const uv = R.pmul(u, v);
          expect(to(K.rem(K.mul(from(u), from(v)), mb)), `remainder ${t} modulo one degree-${b.length - 1} modulus`).to.equal(key(R.prem(uv, b)));
        }
        const { g, s, t } = xgcdK(K, from(a), from(b));
        expect(key(R.padd(R.pmul(K.toPoly(s), a), R.pmul(K.toPoly(t), b)))).to.equal(to(g));
        expect(R.prem(a, K.toPoly(g))).to.deep.equal([]);
        expect(R.prem(b, K.toPoly(g))).to.deep.equal([]);
        const e = randElement(rng, p, k);
        if (e.length) {
          const ie = K.toElement(K.invC(K.fromElement(e)));
          expect(R.mul(e, ie)).to.deep.equal([1n]);
          expect(R.pow(K.toElement(K.pthRootC(K.fromElement(e))), p), "p-th root").to.deep.equal(e);
        }
      }
    }
  });

  it("Frobenius matrices: h^q mod f by the GF(p) form and by the element form equal h^q computed by repeated squaring; the nullity counts the factors", () => {
    const rng = new SeededRandom(7);
    for (const [p, k] of FIELDS) {
      const F = defaultField(p, k);
      const R = new Ref(p, F.modulus);
      const f = randPoly(rng, p, k, 12 + rng.below(10), true), h = randPoly(rng, p, k, f.length - 2);
      const q = p ** BigInt(k);
      const expected = key(R.ppowmod(h, q, f));
      for (const limit of [undefined, 0]) {
        const K = new FlatKernel(F, limit);
        const mf = K.fromPoly(f), x = K.make([K.zero, K.one]);
        const xq = powmodK(K, x, q, mf);
        const rows: FlatPoly[] = [K.make([K.one])];
        for (let j = 1; j < f.length - 1; j++) rows.push(K.rem(K.mul(rows[j - 1]!, xq), mf));
        const M = K.frob(rows, f.length - 1);
        expect(key(K.toPoly(K.applyFrob(M, K.fromPoly(h)))), `GF(${p}^${k}), ${limit === 0 ? "element" : "GF(p)"} form`).to.equal(expected);
        // The factor count, independently: PARI cross-checks ffFactor below; here it must match it.
        const factors = factorK(K, mf, {}).factors;
        const squarefree = factors.every((x) => x.multiplicity === 1);
        if (squarefree) expect(K.frobNullity(M)).to.equal(factors.length);
      }
    }
  });

  it("p ≥ 2^31 (the CoeffRing kernel with Kronecker big-integer products and Barrett remainders): products and powers modulo a polynomial agree with schoolbook arithmetic", () => {
    const rng = new SeededRandom(61);
    for (const [p, k] of BIG_FIELDS) {
      const F = defaultField(p, k), R = new Ref(p, F.modulus), CR = extensionFieldRing(F) as CoeffRing<FieldElement>;
      for (let c = 0; c < 2; c++) {
        const a = randPoly(rng, p, k, 1 + rng.below(40)), b = randPoly(rng, p, k, 1 + rng.below(40));
        expect(key(ffMul(CR, a, b)), `product over GF(${p}^${k})`).to.equal(key(R.pmul(a, b)));
        expect(key(ffMul(CR, a, a))).to.equal(key(R.pmul(a, a)));
        const m = randPoly(rng, p, k, 9 + rng.below(12), true), h = randPoly(rng, p, k, m.length - 2);
        for (const e of [3n, 1000n + BigInt(rng.below(1000)), p + 1n]) expect(key(ffPowMod(CR, h, e, m)), `h^${e} mod m`).to.equal(key(R.ppowmod(h, e, m)));
      }
    }
  });

  describe("PARI/GP cross-checks", function () {
    before(function () {
      requireGp(this);
    });
    it("factorff on random, squareful and split polynomials of degree 20–120 over fields of order > 2^16 (both Frobenius forms)", function () {
      this.timeout(300_000);
      const rng = new SeededRandom(99);
      type Case = { F: ExtensionField; f: FieldElement[] };
      const cases: Case[] = [];
      for (const [p, k] of [...FIELDS, ...BIG_FIELDS]) {
        const F = defaultField(p, k), R = new Ref(p, F.modulus);
        const big = p >= 1n << 31n, n = big ? 20 : p === 2n || k >= 5 ? 40 : 90;
        cases.push({ F, f: randPoly(rng, p, k, n, true) });
        const g = randPoly(rng, p, k, big ? 4 : 6, true), h = randPoly(rng, p, k, big ? 2 : 3, true);
        cases.push({ F, f: R.pmul(R.pmul(R.pmul(g, g), R.pmul(h, R.pmul(h, h))), randPoly(rng, p, k, big ? 4 : 8, true)) });
        let split: FieldElement[] = [[1n]];
        for (let i = 0; i < (big ? 10 : 20); i++) split = R.pmul(split, [R.sub([], randElement(rng, p, k)), [1n]]);
        cases.push({ F, f: split });
      }
      const gpEl = (e: FieldElement): string => (e.length ? `Polrev([${e.join(",")}],t)` : "0");
      const gpPoly = (f: FieldElement[]): string => `Polrev([${f.map(gpEl).join(",")}],x)`;
      const lines = gp(
        cases
          .map(({ F, f }) => `F=factorff(${gpPoly(f)},${F.p},${gpEl([...F.modulus])}); print(vector(#F~,i,[apply(c->Vecrev(liftall(c)),Vecrev(F[i,1])),F[i,2]]))`)
          .join("\n"),
        280_000,
      );
      const el = (v: string[]): FieldElement => gfpNormalize(v.map(BigInt), 1n << 1024n);
      cases.forEach(({ F, f }, c) => {
        const theirs = (JSON.parse(lines[c]!.replace(/-?\d+/g, '"$&"')) as [string[][], string][]).map(([v, mult]) => `${key(v.map(el))}^${mult}`).sort();
        const R = extensionFieldRing(F) as CoeffRing<FieldElement>;
        const ours = ffFactor(R, f).factors.map((x) => `${key(x.factor)}^${x.multiplicity}`).sort();
        expect(ours, `factorff case ${c} over GF(${F.p}^${F.k}), degree ${f.length - 1}`).to.deep.equal(theirs);
        if (F.p < 1n << 31n) {
          const K0 = new FlatKernel(F, 0);
          const elementForm = factorK(K0, K0.fromPoly(f), {}).factors.map((x) => `${key(K0.toPoly(x.factor))}^${x.multiplicity}`).sort();
          expect(elementForm, `element-form Frobenius, case ${c}`).to.deep.equal(theirs);
        }
        expect(ffIsIrreducible(R, f)).to.equal(theirs.length === 1 && theirs[0]!.endsWith("^1"));
      });
    });
  });
});
