import { expect } from "chai";
import { factorInteger } from "../../../domain/math/factor.js";
import { gf2IndexCalculusCost, gf2IndexCalculusPreferred, gf2PrimeOrderLog, GF2_IC_MAX_DEGREE } from "../../../domain/math/gf2_index_calculus.js";
import { gfpIsIrreducible } from "../../../domain/math/poly/gfp.js";
import { IndexCalculusExhausted, type Relation } from "../../../domain/math/index_calculus.js";
import { defaultModulus } from "../../../domain/math/poly/gfq.js";
import { rng } from "../../operations/integer/random.js";

/** GF(2)[x]/(f) by shift-and-add on bigints: an independent check of the module's own arithmetic. */
function field(n: number): { f: bigint; mul: (a: bigint, b: bigint) => bigint; pow: (a: bigint, e: bigint) => bigint } {
  const { modulus } = defaultModulus(2n, n);
  let f = 0n;
  modulus.forEach((c, i) => {
    if (c) f |= 1n << BigInt(i);
  });
  const mul = (a: bigint, b: bigint): bigint => {
    let r = 0n;
    for (let s = 0n; b; b >>= 1n, s++) if (b & 1n) r ^= a << s;
    for (let i = 2 * n; i >= n; i--) if ((r >> BigInt(i)) & 1n) r ^= f << BigInt(i - n);
    return r;
  };
  const pow = (a: bigint, e: bigint): bigint => {
    let r = 1n;
    for (; e; e >>= 1n, a = mul(a, a)) if (e & 1n) r = mul(r, a);
    return r;
  };
  return { f, mul, pow };
}

function largestPrime(m: bigint): bigint {
  const fac = factorInteger(m);
  if (fac.status !== "COMPLETE") throw new Error("test setup: 2^n − 1 not factored");
  return fac.factors.at(-1)!.prime;
}

describe("GF(2^n) index calculus", function () {
  this.timeout(120_000);

  for (const n of [31, 37, 49, 59, 61, 62]) {
    it(`n = ${n}: every relation holds in the field and the logarithm is right, for three seeds`, () => {
      const F = field(n);
      const order = (1n << BigInt(n)) - 1n;
      const ell = largestPrime(order);
      const gamma = F.pow(0b11n, order / ell); // (x + 1)^((2^n − 1)/ℓ): order ℓ (ℓ prime, gamma ≠ 1)
      expect(gamma).to.not.equal(1n);
      const r = rng(1000 + n);
      for (let seed = 1; seed <= 3; seed++) {
        const x = r.bits(n + 8) % ell;
        const t = F.pow(gamma, x);
        let checked = 0;
        const got = gf2PrimeOrderLog(n, F.f, gamma, t, ell, {
          seed,
          onRelations(polys: readonly number[], rels: readonly Relation[]) {
            for (const rel of rels.slice(checked)) {
              // Π p^e over e > 0 equals Π p^(−e) over e < 0
              let num = 1n, den = 1n;
              for (let i = 0; i < rel.cols.length; i++) {
                const p = BigInt(polys[rel.cols[i]!]!), e = rel.coefs[i]!;
                if (e > 0) num = F.mul(num, F.pow(p, BigInt(e)));
                else den = F.mul(den, F.pow(p, BigInt(-e)));
              }
              expect(num, `relation ${rel.cols.join(",")} / ${rel.coefs.join(",")}`).to.equal(den);
            }
            checked = rels.length;
          },
        });
        expect(checked).to.be.greaterThan(0);
        expect(F.pow(gamma, got)).to.equal(t);
        expect(got).to.equal(x);
      }
    });
  }

  it("takes its relations from reconstructions when the modulus has no low tail (no Coppersmith pairs)", () => {
    // x^61 + t with t of degree 60: the first irreducible from a seeded search
    const r = rng(61_061);
    let f = 0n;
    for (;;) {
      f = (1n << 61n) | (1n << 60n) | r.bits(60) | 1n;
      const coefs = Array.from({ length: 62 }, (_, i) => (f >> BigInt(i)) & 1n);
      if (gfpIsIrreducible(coefs, 2n)) break;
    }
    const ell = (1n << 61n) - 1n; // prime: every element ≠ 1 has order ℓ
    const mul = (a: bigint, b: bigint): bigint => {
      let p = 0n;
      for (let s = 0n; b; b >>= 1n, s++) if (b & 1n) p ^= a << s;
      for (let i = 120; i >= 61; i--) if ((p >> BigInt(i)) & 1n) p ^= f << BigInt(i - 61);
      return p;
    };
    const pow = (a: bigint, e: bigint): bigint => {
      let p = 1n;
      for (; e; e >>= 1n, a = mul(a, a)) if (e & 1n) p = mul(p, a);
      return p;
    };
    const x = r.bits(61) % ell;
    const gamma = 0b1011n;
    const t = pow(gamma, x);
    let rows = 0;
    const got = gf2PrimeOrderLog(61, f, gamma, t, ell, { seed: 1, onRelations: (_p, rels) => (rows = rels.length) });
    expect(rows).to.be.greaterThan(400);
    expect(got).to.equal(x);
    // the cost estimate sees the difference: the default modulus x^61 + x^5 + x^2 + x + 1 has Coppersmith pairs
    const fDefault = field(61).f;
    expect(gf2IndexCalculusCost(61, fDefault) * 3).to.be.lessThan(gf2IndexCalculusCost(61, f));
    expect(gf2IndexCalculusCost(61, f)).to.equal(gf2IndexCalculusCost(61));
  });

  it("stops with IndexCalculusExhausted when the allowance is too small", () => {
    const F = field(61);
    const ell = (1n << 61n) - 1n;
    expect(() => gf2PrimeOrderLog(61, F.f, 3n, F.pow(3n, 12345n), ell, { maxUnits: 10_000 })).to.throw(IndexCalculusExhausted);
  });

  it("is chosen only for 20 ≤ n ≤ 63, r ≥ 2^28 and where it beats 2√r steps", () => {
    expect(gf2IndexCalculusPreferred(61, (1n << 61n) - 1n)).to.equal(true);
    expect(gf2IndexCalculusPreferred(49, 4432676798593n)).to.equal(true);
    expect(gf2IndexCalculusPreferred(19, (1n << 19n) - 1n)).to.equal(false);
    expect(gf2IndexCalculusPreferred(63, 649657n)).to.equal(false);
    expect(gf2IndexCalculusPreferred(GF2_IC_MAX_DEGREE + 1, (1n << 61n) - 1n)).to.equal(false);
  });
});
