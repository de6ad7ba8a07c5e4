import { expect } from "chai";
import fc from "fast-check";
import {
  bigOmega, carmichaelLambda, certifyPrimes, digitCountAndSum, digitsInBase, divisorCount, divisorSum, floorRoot, lcm, lcmAll, moebius, omega, parseBaseString,
  perfectPowerDecomposition, radical, signedFloorRoot, smallestDivisors, sqrtRem, toBaseString, totient, valuation, type PrimePowers,
} from "../../../domain/math/arithmetic.js";
import { factorInteger } from "../../../domain/math/factor.js";
import { integerRoot, perfectPower } from "../../../domain/math/integer.js";
import { decidePrimality } from "../../../domain/math/primality.js";

/* ---------- independent references (deliberately naive) ---------- */

const absN = (a: bigint): bigint => (a < 0n ? -a : a);
function euclid(a: bigint, b: bigint): bigint {
  a = absN(a);
  b = absN(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
/** Trial-division factorization of a small n ≥ 1. */
function trialFactor(n: number): PrimePowers {
  const out: { prime: bigint; exponent: number }[] = [];
  for (let p = 2; p * p <= n; p++) {
    let e = 0;
    while (n % p === 0) {
      n /= p;
      e++;
    }
    if (e) out.push({ prime: BigInt(p), exponent: e });
  }
  if (n > 1) out.push({ prime: BigInt(n), exponent: 1 });
  return out;
}
/** All divisors by trial up to √n, ascending. */
function allDivisors(n: number): number[] {
  const lo: number[] = [], hi: number[] = [];
  for (let d = 1; d * d <= n; d++) {
    if (n % d !== 0) continue;
    lo.push(d);
    if (d * d !== n) hi.push(n / d);
  }
  return lo.concat(hi.reverse());
}
const gcdNum = (a: number, b: number): number => (b === 0 ? a : gcdNum(b, a % b));
function powModNum(a: number, e: number, m: number): number {
  let r = 1 % m;
  for (let i = 0; i < e; i++) r = (r * a) % m;
  return r;
}
/** λ(n) by definition: the least m ≥ 1 with a^m ≡ 1 for every unit a (naive, small n). */
function lambdaBrute(n: number): number {
  if (n <= 2) return 1;
  const units = Array.from({ length: n }, (_, a) => a).filter((a) => gcdNum(a, n) === 1);
  for (let m = 1; ; m++) if (units.every((a) => powModNum(a, m, n) === 1)) return m;
}
/** Base-b digits by repeated division (least significant last after reversing). */
function naiveDigits(n: bigint, b: bigint): bigint[] {
  if (n === 0n) return [0n];
  const out: bigint[] = [];
  while (n > 0n) {
    out.push(n % b);
    n /= b;
  }
  return out.reverse();
}

/* ---------- arbitraries ---------- */

const digitsArb = (lo: number, hi: number) =>
  fc.integer({ min: lo, max: hi }).chain((d) => fc.bigInt({ min: d === 1 ? 0n : 10n ** BigInt(d - 1), max: 10n ** BigInt(d) - 1n }));
const signed = (arb: fc.Arbitrary<bigint>) => fc.tuple(arb, fc.boolean()).map(([v, neg]) => (neg ? -v : v));
const anyInt = fc.oneof(fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }), signed(digitsArb(15, 300)), fc.constantFrom(0n, 1n, -1n, 2n, (1n << 64n) - 1n));

describe("domain/math/arithmetic", () => {
  describe("lcm", () => {
    it("lcm(a, b)·gcd(a, b) = |a·b| and lcm is a common multiple", () => {
      fc.assert(
        fc.property(anyInt, anyInt, (a, b) => {
          const l = lcm(a, b);
          expect(l * euclid(a, b)).to.equal(absN(a * b));
          if (l !== 0n) expect(l % a === 0n && l % b === 0n).to.equal(true);
        }),
        { numRuns: 300 },
      );
    });

    it("lcmAll (balanced tree) equals the left fold of lcm", () => {
      fc.assert(
        fc.property(fc.array(fc.oneof(fc.bigInt({ min: -1000n, max: 1000n }), signed(digitsArb(5, 60))), { minLength: 1, maxLength: 30 }), (xs) => {
          expect(lcmAll(xs)).to.equal(xs.reduce((acc, x) => lcm(acc, x), 1n));
        }),
        { numRuns: 200 },
      );
      expect(() => lcmAll([])).to.throw(RangeError);
    });
  });

  describe("valuation", () => {
    it("matches repeated division for random n and bases 2..60 (powers of two included)", () => {
      fc.assert(
        fc.property(anyInt.filter((n) => n !== 0n), fc.integer({ min: 2, max: 60 }), fc.integer({ min: 0, max: 80 }), (u, b, v) => {
          const B = BigInt(b);
          const n = u * B ** BigInt(v);
          let m = n, count = 0n;
          while (m % B === 0n) {
            m /= B;
            count++;
          }
          expect(valuation(n, B)).to.deep.equal({ valuation: count, unit: m });
        }),
        { numRuns: 400 },
      );
    });

    it("handles large valuations (v_3(3^5000·2) = 5000) and refuses 0 and bases below 2", () => {
      expect(valuation(2n * 3n ** 5000n, 3n)).to.deep.equal({ valuation: 5000n, unit: 2n });
      expect(valuation(-(1n << 12345n) * 7n, 8n)).to.deep.equal({ valuation: 4115n, unit: -7n });
      expect(() => valuation(0n, 3n)).to.throw(RangeError);
      expect(() => valuation(5n, 1n)).to.throw(RangeError);
    });
  });

  describe("roots", () => {
    it("sqrtRem: r² ≤ n < (r + 1)², remainder n − r²", () => {
      fc.assert(
        fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 1n << 80n }), digitsArb(20, 800)), (n) => {
          const { root, remainder } = sqrtRem(n);
          expect(root * root + remainder).to.equal(n);
          expect((root + 1n) ** 2n > n).to.equal(true);
        }),
        { numRuns: 300 },
      );
    });

    it("floorRoot satisfies r^k ≤ n < (r + 1)^k and agrees with integer.ts's integerRoot", () => {
      fc.assert(
        fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 1n << 80n }), digitsArb(10, 600)), fc.integer({ min: 1, max: 400 }), (n, k) => {
          const r = floorRoot(n, k);
          const K = BigInt(k);
          expect(r ** K <= n && (r + 1n) ** K > n, `n=${n} k=${k} r=${r}`).to.equal(true);
          expect(r).to.equal(integerRoot(n, k));
        }),
        { numRuns: 300 },
      );
    });

    it("floorRoot is exact on perfect powers and their neighbours, for large k too", () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 2n, max: 1n << 200n }), fc.integer({ min: 2, max: 60 }), fc.integer({ min: -1, max: 1 }), (r, k, d) => {
          const n = r ** BigInt(k) + BigInt(d);
          expect(floorRoot(n, k)).to.equal(d < 0 ? r - 1n : r);
        }),
        { numRuns: 300 },
      );
      // large k with a root just above a power of two (a bad case for a power-of-two start)
      const r = (1n << 10n) + 1n;
      expect(floorRoot(r ** 3000n, 3000)).to.equal(r);
      expect(floorRoot(r ** 3000n - 1n, 3000)).to.equal(r - 1n);
      expect(floorRoot(12345n, 10 ** 9)).to.equal(1n);
    });

    it("signedFloorRoot takes the floor on the real line for negative n and odd k", () => {
      fc.assert(
        fc.property(fc.bigInt({ min: -(1n << 120n), max: -1n }), fc.integer({ min: 0, max: 20 }), (n, j) => {
          const k = 2 * j + 1;
          const { root, exact } = signedFloorRoot(n, k);
          const K = BigInt(k);
          expect(root ** K <= n && (root + 1n) ** K > n).to.equal(true);
          expect(exact).to.equal(root ** K === n);
        }),
        { numRuns: 300 },
      );
      expect(signedFloorRoot(-9n, 3)).to.deep.equal({ root: -3n, exact: false });
      expect(signedFloorRoot(-8n, 3)).to.deep.equal({ root: -2n, exact: true });
      expect(() => signedFloorRoot(-8n, 2)).to.throw(RangeError);
    });
  });

  describe("perfectPowerDecomposition", () => {
    it("agrees with integer.ts's perfectPower (an independent search) on random n and on constructed powers", () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.bigInt({ min: 2n, max: 1n << 90n }),
            fc.tuple(fc.bigInt({ min: 2n, max: 1n << 40n }), fc.integer({ min: 1, max: 12 })).map(([b, k]) => b ** BigInt(k)),
            fc.tuple(fc.bigInt({ min: 1000n, max: 1n << 30n }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 4 })).map(([b, k, j]) => (b * BigInt(j)) ** BigInt(k)),
          ),
          (n) => {
            const mine = perfectPowerDecomposition(n);
            const other = perfectPower(n);
            expect(mine.base ** mine.exponent).to.equal(n);
            expect(mine.exponent).to.equal(other ? BigInt(other.exponent) : 1n);
            if (other) expect(mine.base).to.equal(other.root);
          },
        ),
        { numRuns: 400 },
      );
    });

    it("finds large exponents and rejects near-powers with no small prime factor", () => {
      const p = 1000000000000000003n; // prime, so the base has no factor below 1000
      expect(perfectPowerDecomposition(p ** 210n)).to.deep.equal({ base: p, exponent: 210n });
      expect(perfectPowerDecomposition(p ** 210n + 2n).exponent).to.equal(1n);
      expect(perfectPowerDecomposition((6n * p) ** 35n)).to.deep.equal({ base: 6n * p, exponent: 35n });
      expect(perfectPowerDecomposition(2n ** 1024n)).to.deep.equal({ base: 2n, exponent: 1024n });
      expect(perfectPowerDecomposition(2n ** 1024n * 3n).exponent).to.equal(1n);
    });
  });

  describe("bases and digits", () => {
    it("parseBaseString inverts toBaseString in every base 2..36, either case, with leading zeros", () => {
      fc.assert(
        fc.property(anyInt, fc.integer({ min: 2, max: 36 }), fc.boolean(), fc.integer({ min: 0, max: 3 }), (n, b, upper, zeros) => {
          let s = toBaseString(n, b);
          if (upper) s = s.toUpperCase();
          s = n < 0n ? "-" + "0".repeat(zeros) + s.slice(1) : "0".repeat(zeros) + s;
          expect(parseBaseString(s, b)).to.deep.equal({ value: n });
          // naive Horner reading of the digits
          let v = 0n;
          for (const ch of s.replace("-", "")) v = v * BigInt(b) + BigInt(parseInt(ch, 36));
          expect(n < 0n ? -v : v).to.equal(n);
        }),
        { numRuns: 400 },
      );
    });

    it("parseBaseString names the first character that is not a digit of the base", () => {
      expect(parseBaseString("1012", 2)).to.deep.equal({ invalidAt: 3 });
      expect(parseBaseString("0x1f", 16)).to.deep.equal({ invalidAt: 1 });
      expect(parseBaseString("-", 10)).to.deep.equal({ invalidAt: 1 });
      expect(parseBaseString("12_3", 10)).to.deep.equal({ invalidAt: 2 });
      expect(parseBaseString("--1", 10)).to.deep.equal({ invalidAt: 1 });
      expect(parseBaseString("z", 35)).to.deep.equal({ invalidAt: 0 });
      expect(parseBaseString("Z", 36)).to.deep.equal({ value: 35n });
    });

    it("digitsInBase matches repeated division for small and large bases", () => {
      fc.assert(
        fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 1n << 70n }), digitsArb(10, 400)), fc.oneof(fc.bigInt({ min: 2n, max: 40n }), fc.bigInt({ min: 37n, max: 1n << 70n })), (n, b) => {
          const ds = naiveDigits(n, b);
          expect(digitsInBase(n, b)).to.deep.equal(ds);
          const { count, sum } = digitCountAndSum(-n, b);
          expect(count).to.equal(ds.length);
          expect(sum).to.equal(ds.reduce((s, d) => s + d, 0n));
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("functions of a factorization", () => {
    it("τ, σ_k, φ, λ, μ, rad, ω, Ω and the divisor list match brute force for n ≤ 3000", () => {
      for (let n = 1; n <= 3000; n += n < 400 ? 1 : 7) {
        const f = trialFactor(n);
        const divs = allDivisors(n);
        expect(divisorCount(f), `τ(${n})`).to.equal(BigInt(divs.length));
        for (const k of [0, 1, 2, 3]) expect(divisorSum(f, k), `σ_${k}(${n})`).to.equal(divs.reduce((s, d) => s + BigInt(d) ** BigInt(k), 0n));
        expect(totient(f), `φ(${n})`).to.equal(BigInt(Array.from({ length: n }, (_, i) => i + 1).filter((a) => gcdNum(a, n) === 1).length));
        if (n <= 300) expect(carmichaelLambda(f), `λ(${n})`).to.equal(BigInt(lambdaBrute(n)));
        const squarefree = divs.every((d) => d === 1 || n % (d * d) !== 0);
        const primes = divs.filter((d) => d > 1 && allDivisors(d).length === 2);
        expect(moebius(f), `μ(${n})`).to.equal(squarefree ? (primes.length % 2 === 0 ? 1 : -1) : 0);
        expect(radical(f), `rad(${n})`).to.equal(primes.reduce((s, p) => s * BigInt(p), 1n));
        expect(omega(f)).to.equal(primes.length);
        let m = n, count = 0;
        for (const p of primes) while (m % p === 0) {
          m /= p;
          count++;
        }
        expect(bigOmega(f)).to.equal(count);
        expect(smallestDivisors(f, 100_000)).to.deep.equal(divs.map(BigInt));
      }
    });

    it("smallestDivisors with a limit returns the smallest divisors (the truncated merge is exact)", () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 1, max: 60 }), (n, limit) => {
          const all = allDivisors(n).map(BigInt);
          expect(smallestDivisors(trialFactor(n), limit)).to.deep.equal(all.slice(0, limit));
        }),
        { numRuns: 150 },
      );
      // 2^3000: one prime with a large exponent
      const d = smallestDivisors([{ prime: 2n, exponent: 3000 }], 5);
      expect(d).to.deep.equal([1n, 2n, 4n, 8n, 16n]);
      expect(smallestDivisors([{ prime: 2n, exponent: 3000 }], 10_000).length).to.equal(3001);
    });
  });

  describe("certifyPrimes", () => {
    it("proves a BPSW-probable prime with a Pocklington certificate when p − 1 factors (2^127 − 1)", () => {
      const m127 = (1n << 127n) - 1n;
      const f = factorInteger(3n * m127);
      expect(f.factors.find((x) => x.prime === m127)?.status).to.equal("PROBABLE");
      expect(certifyPrimes(f)).to.deep.equal({ certainty: "PROVEN", probable: [] });
    });

    it("leaves a prime PROBABLE when p − 1 = 2ab with a, b two 30-digit primes (rho cannot split ab within budget)", () => {
      const nextPrime = (x: bigint): bigint => {
        while (!decidePrimality(x).prime) x++;
        return x;
      };
      const a = nextPrime(10n ** 29n + 12345n), b = nextPrime(2n * 10n ** 29n + 777n);
      let t = 1n;
      while (!decidePrimality(2n * a * b * t + 1n).prime) t++;
      const p = 2n * a * b * t + 1n;
      const f = factorInteger(p);
      expect(f.factors).to.have.length(1);
      expect(f.factors[0]!.status).to.equal("PROBABLE");
      expect(certifyPrimes(f, { work: 2e6 })).to.deep.equal({ certainty: "PROBABLE", probable: [p] });
    });
  });
});
