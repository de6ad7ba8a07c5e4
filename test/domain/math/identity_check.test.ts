import { expect } from "chai";
import fc from "fast-check";
import { CHECK_PRIMES, checkPrimes, likelyPolynomialProducts, likelySumOfProducts } from "../../../domain/math/identity_check.js";
import { mul } from "../../../domain/math/poly/zz.js";
import { parsedRequest } from "../../support/parse.js";
import polyGcd from "../../../operations/polynomial/gcd_compute.js";
import { decidePrimality } from "../../../domain/math/primality.js";
import { extendedGcd } from "../../../domain/math/integer.js";
import egcd from "../../../operations/integer/extended_gcd_compute.js";

const big = (bits: number) => fc.bigInt({ min: -(1n << BigInt(bits)), max: 1n << BigInt(bits) });

describe("domain/math/identity_check: integer identities modulo random 62-bit primes", () => {
  it("draws distinct primes of [2^61, 2^62), proven prime", () => {
    for (let i = 0; i < 40; i++) {
      const ps = checkPrimes();
      expect(ps).to.have.length(CHECK_PRIMES);
      expect(new Set(ps).size).to.equal(ps.length);
      for (const p of ps) {
        expect(p >= 1n << 61n && p < 1n << 62n, String(p)).to.equal(true);
        expect(decidePrimality(p)).to.deep.include({ prime: true, status: "PROVEN" });
      }
    }
  });

  it("a true identity always passes; any perturbation of it fails (a false pass has probability < 10^-23)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(big(3000), big(3000)), { minLength: 1, maxLength: 4 }), fc.oneof(big(200), big(7000)).filter((d) => d !== 0n), (pairs, delta) => {
        const xs = pairs.map((p) => p[0]), ys = pairs.map((p) => p[1]);
        const z = xs.reduce((s, x, i) => s + x * ys[i]!, 0n);
        expect(likelySumOfProducts(xs, ys, z)).to.equal(true);
        expect(likelySumOfProducts(xs, ys, z + delta)).to.equal(false);
        // perturbations by multiples of 2^61 too (the check primes are odd)
        expect(likelySumOfProducts(xs, ys, z + delta * (1n << 61n))).to.equal(false);
      }),
      { numRuns: 150 },
    );
  });

  it("the extended gcd postcondition accepts Euclid's triple and rejects any other a·x + b·y", () => {
    fc.assert(
      fc.property(big(2000), big(2000), fc.bigInt({ min: 1n, max: 1n << 300n }), (a, b, d) => {
        const r = extendedGcd(a, b);
        const req = { left: a, right: b };
        expect(egcd.postcondition(req as never, r as never)).to.equal(null);
        expect(egcd.postcondition(req as never, { ...r, x: r.x + d } as never)).to.be.a("string");
        expect(egcd.postcondition(req as never, { ...r, y: r.y - d } as never)).to.be.a("string");
      }),
      { numRuns: 100 },
    );
  });

  const poly = (bits: number, maxLength: number) => fc.array(big(bits), { minLength: 1, maxLength });
  const trim = (a: bigint[]) => {
    let n = a.length;
    while (n > 0 && a[n - 1] === 0n) n--;
    return a.slice(0, n);
  };

  it("a true polynomial product always passes; a perturbed coefficient, degree or factor fails", () => {
    fc.assert(
      fc.property(poly(80, 40), poly(80, 40), fc.nat(90), fc.oneof(big(20), big(400)).filter((d) => d !== 0n), (a, b, at, delta) => {
        const f = mul(a, b);
        expect(likelyPolynomialProducts([{ left: a, right: b, product: f }])).to.equal(true);
        const g = f.slice();
        while (g.length <= at) g.push(0n);
        g[at] = g[at]! + delta;
        expect(likelyPolynomialProducts([{ left: a, right: b, product: trim(g) }])).to.equal(false);
        // a wrong factor, the same product (wrong only when b ≠ 0: (a + δ)·0 is still 0)
        const a2 = a.slice();
        a2[0] = a2[0]! + delta;
        expect(likelyPolynomialProducts([{ left: a, right: b, product: f }, { left: a2, right: b, product: f }])).to.equal(trim(b).length === 0);
      }),
      { numRuns: 150 },
    );
  });

  it("coefficients beyond 2^52 (limb images), zero polynomials and constants", () => {
    const a = [2n ** 200n + 7n, -(2n ** 90n), 3n], b = [-(2n ** 60n) + 1n, 5n];
    const f = mul(a, b);
    expect(likelyPolynomialProducts([{ left: a, right: b, product: f }])).to.equal(true);
    expect(likelyPolynomialProducts([{ left: a, right: b, product: [f[0]! + 2n ** 150n, ...f.slice(1)] }])).to.equal(false);
    expect(likelyPolynomialProducts([{ left: [], right: b, product: [] }])).to.equal(true);
    expect(likelyPolynomialProducts([{ left: [], right: b, product: [1n] }])).to.equal(false);
    expect(likelyPolynomialProducts([{ left: [6n], right: [7n], product: [42n] }])).to.equal(true);
    expect(likelyPolynomialProducts([{ left: [6n], right: [7n], product: [41n] }])).to.equal(false);
  });

  it("the ZZ polynomial gcd postcondition accepts the computed triple and rejects tampered cofactors", () => {
    const wire = (f: bigint[]) => ({ ring: "ZZ", variables: ["x"], terms: f.map((c, i) => ({ coefficient: String(c), exponents: [i] })).filter((t) => t.coefficient !== "0") });
    type Term = { exponents: number[]; coeff: bigint };
    /** p + delta·x^0, as a canonical Polynomial value (terms in descending order, no zeros). */
    const shift = (p: { terms: Term[] }, delta: bigint) => {
      const terms = p.terms.filter((t) => t.exponents[0] !== 0);
      const c = (p.terms.find((t) => t.exponents[0] === 0)?.coeff ?? 0n) + delta;
      return { ...p, terms: c === 0n ? terms : [...terms, { exponents: [0], coeff: c }] };
    };
    const ctx = { checkpoint() {}, progress() {}, signal: new AbortController().signal, async yieldNow() {} };
    fc.assert(
      fc.property(poly(30, 25), poly(30, 25), poly(30, 25), big(10).filter((d) => d !== 0n), (c, u, v, delta) => {
        const a = mul(c, u), b = mul(c, v);
        if (!trim(a).length || !trim(b).length) return;
        const req = parsedRequest(polyGcd, { left: wire(a), right: wire(b) });
        const res = polyGcd.execute(req, ctx as never) as unknown as Record<string, { terms: Term[] }>;
        expect(polyGcd.postcondition(req, res as never)).to.equal(null);
        expect(polyGcd.postcondition(req, { ...res, left_cofactor: shift(res.left_cofactor!, delta) } as never)).to.be.a("string");
        expect(polyGcd.postcondition(req, { ...res, right_cofactor: shift(res.right_cofactor!, delta) } as never)).to.be.a("string");
        expect(polyGcd.postcondition(req, { ...res, gcd: shift(res.gcd!, delta) } as never)).to.be.a("string");
      }),
      { numRuns: 60 },
    );
  });
});
