import { expect } from "chai";
import fc from "fast-check";
import { CHECK_PRIMES, checkPrimes, likelySumOfProducts } from "../../../domain/math/identity_check.js";
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
});
