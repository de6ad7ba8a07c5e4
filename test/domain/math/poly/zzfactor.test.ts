import { expect } from "chai";
import { SeededRandom } from "../../../../domain/math/seeded-random.js";
import { rational } from "../../../../domain/math/rational.js";
import { cyclotomic, mul } from "../../../../domain/math/poly/zz.js";
import { ATTEMPT_CANDIDATES, factorOverIntegers, factorOverRationals, henselLift, SUBSET_SEARCH_MAX, type FactorStats } from "../../../../domain/math/poly/zzfactor.js";
import { gfpDerivative, gfpDistinctDegree, gfpEqualDegree, gfpGcd, gfpNormalize } from "../../../../domain/math/poly/gfp.js";
import { gp, requireGp } from "../../../support/gp.js";

const rng = new SeededRandom(424242);
function randInt(bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(rng.below(65536));
  v &= (1n << BigInt(bits)) - 1n;
  return rng.below(2) ? -v : v;
}
function randPoly(deg: number, bits: number, monic = false): bigint[] {
  const a = Array.from({ length: deg + 1 }, () => randInt(bits));
  if (monic) a[deg] = 1n;
  while (a[deg] === 0n) a[deg] = randInt(bits);
  return a;
}
function primitiveOf(a: bigint[]): bigint[] {
  let g = 0n;
  for (const c of a) {
    let x = c < 0n ? -c : c, y = g;
    while (y) [x, y] = [y, x % y];
    g = x;
  }
  return g > 1n ? a.map((c) => c / g) : a;
}
const toGp = (f: readonly bigint[]): string => `Polrev([${f.join(",")}])`;
const key = (f: readonly bigint[]) => f.join(",");

/** Swinnerton-Dyer polynomial S_k = Π (x ± √2 ± √3 ± … ± √p_k), via A² − p B². */
export function swinnertonDyer(k: number): bigint[] {
  const ps = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n];
  let S: bigint[] = [-2n, 0n, 1n];
  for (let t = 1; t < k; t++) {
    const p = ps[t]!;
    const n = S.length - 1;
    const A = new Array<bigint>(n + 1).fill(0n), B = new Array<bigint>(n + 1).fill(0n);
    const binom = (a: number, b: number) => { let r = 1n; for (let i = 0; i < b; i++) r = (r * BigInt(a - i)) / BigInt(i + 1); return r; };
    for (let m = 0; m <= n; m++) for (let i = m; i <= n; i++) {
      const c = binom(i, m) * S[i]!;
      if (m % 2 === 0) A[i - m]! += c * p ** BigInt(m / 2);
      else B[i - m]! -= c * p ** BigInt((m - 1) / 2);
    }
    const A2 = mul(A, A), B2 = mul(B, B);
    S = A2.map((c, i) => c - p * (B2[i] ?? 0n));
    while (S[S.length - 1] === 0n) S.pop();
  }
  return S;
}

describe("domain/math/poly/zzfactor", () => {
  it("the bounded first attempt returns exactly the full factorization, or declines (> SUBSET_SEARCH_MAX modular factors, a lift above maxBits)", () => {
    expect(SUBSET_SEARCH_MAX).to.equal(10);
    expect(ATTEMPT_CANDIDATES).to.be.greaterThan(0);
    let settled = 0, declined = 0;
    for (let t = 0; t < 40; t++) {
      // products of 1–5 random factors (some repeated, some with a power of x), degrees 1–40, coefficients of 2–80 bits
      let f: bigint[] = rng.below(4) === 0 ? [0n, 0n, 1n] : [1n];
      const k = 1 + rng.below(5);
      for (let i = 0; i < k; i++) {
        const g = randPoly(1 + rng.below(40), 2 + rng.below(78));
        f = mul(f, g);
        if (rng.below(5) === 0) f = mul(f, g);
      }
      if (rng.below(3) === 0) f = f.map((c) => c * -6n);
      const full = factorOverIntegers(f);
      const a = factorOverIntegers(f, { attempt: { maxBits: 1e9 } });
      if (a === undefined) { declined++; continue; }
      settled++;
      expect(a.unit).to.equal(full.unit);
      expect(a.factors.map((x) => [key(x.factor), x.multiplicity])).to.deep.equal(full.factors.map((x) => [key(x.factor), x.multiplicity]));
      // over QQ the same polynomial scaled by 1/7 gives the monic factors of the full path
      const q = f.map((c) => rational(c, 7n));
      const aq = factorOverRationals(q, { attempt: { maxBits: 1e9 } });
      const fq = factorOverRationals(q);
      expect(aq).to.not.equal(undefined);
      expect(aq!.factors.map((x) => [x.factor.map((c) => `${c.num}/${c.den}`).join(","), x.multiplicity])).to.deep.equal(fq.factors.map((x) => [x.factor.map((c) => `${c.num}/${c.den}`).join(","), x.multiplicity]));
    }
    expect(settled).to.be.greaterThan(20);
    // S_5: every prime splits it into ≥ 16 factors (degree ≤ 2), more than subset search takes
    expect(factorOverIntegers(swinnertonDyer(5), { attempt: { maxBits: 1e9 } })).to.equal(undefined);
    // a lifting precision above the allowed bits declines; the same polynomial with room settles
    const g = mul(randPoly(12, 30), randPoly(9, 30));
    expect(factorOverIntegers(g, { attempt: { maxBits: 20 } })).to.equal(undefined);
    expect(factorOverIntegers(g, { attempt: { maxBits: 1e9 } })?.factors.length).to.equal(factorOverIntegers(g).factors.length);
    expect(declined).to.be.lessThan(40);
  });

  it("Hensel lifting: the lifted factors multiply to f mod p^a, stay monic and reduce to the factors mod p", () => {
    const f = mul(mul([-2n, 0n, 1n], [1n, 1n, 1n]), [-3n, 0n, 0n, 1n]);
    const fz = factorOverIntegers(f);
    expect(fz.factors.map((x) => x.factor.length - 1).sort()).to.deep.equal([2, 2, 3]);
    // every precision (the lifting chain a, ⌈a/2⌉, …, whose last step lifts the factors only),
    // several primes, a non-monic f with large coefficients and many modular factors
    const cases: bigint[] [] = [f, mul(mul(randPoly(9, 40), randPoly(7, 30)), randPoly(12, 8)), mul(randPoly(20, 16), [5n, 0n, 3n])];
    for (const F of cases) for (const p of [5n, 7n, 13n, 101n]) {
      const ell = F[F.length - 1]!;
      if (ell % p === 0n) continue;
      const fp = gfpNormalize(F, p);
      if (gfpGcd(fp, gfpDerivative(fp, p), p).length > 1) continue;
      const mod: bigint[][] = [];
      for (const { factor, degree } of gfpDistinctDegree(fp, p)) for (const h of gfpEqualDegree(factor, degree, p)) mod.push(h);
      for (const a of [1, 2, 3, 5, 9, 17, 31]) {
        const P = p ** BigInt(a);
        const lifted = henselLift(F, mod, p, a);
        expect(lifted.length).to.equal(mod.length);
        let prod: bigint[] = [ell];
        lifted.forEach((h, i) => {
          expect(h[h.length - 1], "monic").to.equal(1n);
          expect(h.map((c) => ((c % p) + p) % p), "≡ the factor mod p").to.deep.equal(mod[i]);
          prod = mul(prod, h);
        });
        const r = (c: bigint) => ((c % P) + P) % P;
        expect(prod.map(r), `p=${p} a=${a}`).to.deep.equal(F.map(r));
      }
    }
  });

  it("factors with coefficients beyond 2^31 next to small ones: the quick lift (p^a < 2^31) splits off the small, the full lift finds the rest", () => {
    // each factor irreducible modulo 3 (a single distinct-degree block of its own degree, lc ≢ 0): irreducible over ZZ
    const irreducibleMod3 = (h: bigint[]): boolean => {
      if (h[h.length - 1]! % 3n === 0n) return false;
      const hp = gfpNormalize(h.map((c) => c * (h[h.length - 1]! % 3n === 1n ? 1n : 2n)), 3n);
      if (gfpGcd(hp, gfpDerivative(hp, 3n), 3n).length > 1) return false;
      const blocks = gfpDistinctDegree(hp, 3n);
      return blocks.length === 1 && blocks[0]!.degree === h.length - 1;
    };
    const draw = (deg: number, bits: number): bigint[] => {
      for (;;) {
        const h = primitiveOf(randPoly(deg, bits));
        if (irreducibleMod3(h)) return h;
      }
    };
    for (let t = 0; t < 12; t++) {
      const parts = [draw(4 + rng.below(8), 6), draw(3 + rng.below(6), 40 + rng.below(30)), draw(2 + rng.below(10), 4)];
      if (t % 2) parts.push(draw(5 + rng.below(5), 35));
      const f = parts.reduce((x, y) => mul(x, y), [1n]);
      const got = factorOverIntegers(f);
      const want = parts.map((h) => (h[h.length - 1]! < 0n ? h.map((c) => -c) : h)).map(key).sort();
      expect(got.factors.map((x) => key(x.factor)).sort(), `case ${t}`).to.deep.equal(want);
      expect(got.factors.every((x) => x.multiplicity === 1)).to.equal(true);
      expect(got.unit).to.equal(parts.reduce((u, h) => u * (h[h.length - 1]! < 0n ? -1n : 1n), 1n));
    }
  });

  it("Swinnerton-Dyer S_5 (degree 32, 16 modular factors) is irreducible; van Hoeij rounds run", () => {
    const S5 = swinnertonDyer(5);
    const stats: FactorStats = { modularFactors: [], primes: [], latticeRounds: 0 };
    const fz = factorOverIntegers(S5, { stats });
    expect(fz.factors.length).to.equal(1);
    expect(stats.modularFactors[0]).to.equal(16);
    expect(stats.latticeRounds).to.be.greaterThan(0);
  });

  it("x^n − 1 splits into cyclotomic polynomials (van Hoeij with many true factors)", () => {
    for (const n of [60, 105, 36]) {
      const f = [-1n, ...new Array<bigint>(n - 1).fill(0n), 1n];
      const fz = factorOverIntegers(f);
      const divisors = Array.from({ length: n }, (_, i) => i + 1).filter((d) => n % d === 0);
      expect(fz.factors.map((x) => key(x.factor)).sort()).to.deep.equal(divisors.map((d) => key(cyclotomic(d))).sort());
    }
  });

  it("factorOverRationals: monic factors, unit = leading coefficient", () => {
    const f = [rational(-1n, 2n), rational(0n), rational(1n, 2n)]; // (x² − 1)/2
    const r = factorOverRationals(f);
    expect(r.unit).to.deep.equal(rational(1n, 2n));
    expect(r.factors.map((x) => x.factor.map((c) => `${c.num}/${c.den}`).join(" "))).to.deep.equal(["-1/1 1/1", "1/1 1/1"]);
  });

  describe("against PARI/GP", function () {
    before(function () { requireGp(this); });
    it("random products with multiplicities (factor)", () => {
      const cases: bigint[][] = [];
      for (let t = 0; t < 25; t++) {
        let f: bigint[] = [BigInt(1 + rng.below(12)) * (rng.below(2) ? 1n : -1n)];
        const k = 1 + rng.below(4);
        for (let i = 0; i < k; i++) {
          const g = randPoly(1 + rng.below(8), 1 + rng.below(20), rng.below(2) === 0);
          f = mul(f, g);
          if (rng.below(4) === 0) f = mul(f, g);
        }
        if (rng.below(5) === 0) f = mul(f, [0n, 0n, 1n]);
        cases.push(f);
      }
      cases.push(swinnertonDyer(4), mul(swinnertonDyer(3), swinnertonDyer(3).map((c, i) => (i % 2 ? -c : c))));
      // Swinnerton-Dyer S_5, S_6 (16 and 32 modular factors: van Hoeij's lattice proves them
      // irreducible), a product of two of them (the lattice must find a true split), and
      // cyclotomic-like x^n − 1, x^n + 1, Φ_n(x^k) composites with many factors modulo every prime
      const S4 = swinnertonDyer(4);
      cases.push(swinnertonDyer(5), swinnertonDyer(6), mul(S4, S4.map((c, i) => c * 3n ** BigInt(i))));
      cases.push([-1n, ...new Array<bigint>(83).fill(0n), 1n], [1n, ...new Array<bigint>(47).fill(0n), 1n], mul([1n, 0n, 0n, 1n], [-1n, ...new Array<bigint>(35).fill(0n), 1n]).map((c, i) => c + (i === 1 ? 1n : 0n)));
      // a split whose few-factor side has the larger degree (tested through its complement: one
      // irreducible of degree 30 against several small factors), 9–10 modular factors (subset
      // search), non-monic factors, large coefficients, and products of degree-15 factors
      for (let t = 0; t < 4; t++) {
        let f = randPoly(30, 6, true);
        for (let i = 0; i < 3 + t; i++) f = mul(f, randPoly(1 + rng.below(2), 4));
        cases.push(f);
        let g: bigint[] = [1n];
        for (let i = 0; i < 3; i++) g = mul(g, randPoly(15, t === 3 ? 60 : 8, t % 2 === 0));
        cases.push(g);
      }
      const out = gp(cases.map((f) => `F=factor(${toGp(f)});print(vector(#F~,i,[Vecrev(F[i,1]),F[i,2]]))`).join("\n"));
      cases.forEach((f, i) => {
        const fz = factorOverIntegers(f);
        // PARI: constant factor -1 appears as a factor; other factors primitive with positive lc
        const parsed = JSON.parse(out[i]!.replace(/\]~/g, "]").replace(/(-?\d+)/g, '"$1"')) as [string[], string][];
        const theirs = parsed.filter(([v]) => v.length > 1).map(([v, m]) => `${v.join(",")}^${m}`).sort();
        const ours = fz.factors.map((x) => `${key(x.factor)}^${x.multiplicity}`).sort();
        expect(ours, `case ${i}`).to.deep.equal(theirs);
        // the unit times the product is f
        let prod = [fz.unit];
        for (const { factor, multiplicity } of fz.factors) for (let j = 0; j < multiplicity; j++) prod = mul(prod, factor);
        expect(prod).to.deep.equal(f);
      });
    });
  });
});
