import { expect } from "chai";
import fc from "fast-check";
import { abs, bitLength, extendedGcd, gcd, integerRoot, isqrt, isSquare, jacobi, mod, modInverse, modPow, perfectPower, product } from "../../../domain/math/integer.js";

/* ---------- independent references (deliberately naive) ---------- */

function euclid(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Classic extended Euclid on |a|, |b| with the signs carried to the coefficients (the documented normalisation). */
function naiveExtended(a: bigint, b: bigint): { g: bigint; x: bigint; y: bigint } {
  let [r0, r1] = [a < 0n ? -a : a, b < 0n ? -b : b];
  let [s0, s1, t0, t1] = [1n, 0n, 0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  if (r0 === 0n) return { g: 0n, x: 0n, y: 0n };
  return { g: r0, x: a < 0n ? -s0 : s0, y: b < 0n ? -t0 : t0 };
}

/** Right-to-left binary exponentiation (a different loop from the library's left-to-right windows). */
function powmodRL(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n % m;
  b = ((b % m) + m) % m;
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}

function sieve(limit: number): number[] {
  const composite = new Uint8Array(limit + 1);
  const out: number[] = [];
  for (let i = 2; i <= limit; i++) {
    if (composite[i]) continue;
    out.push(i);
    for (let j = i * i; j <= limit; j += i) composite[j] = 1;
  }
  return out;
}

/* ---------- arbitraries ---------- */

/** A non-negative integer with between lo and hi decimal digits. */
const digits = (lo: number, hi: number) =>
  fc.integer({ min: lo, max: hi }).chain((d) => fc.bigInt({ min: d === 1 ? 0n : 10n ** BigInt(d - 1), max: 10n ** BigInt(d) - 1n }));
const signed = (arb: fc.Arbitrary<bigint>) => fc.tuple(arb, fc.boolean()).map(([v, neg]) => (neg ? -v : v));
const small = fc.bigInt({ min: -(1n << 70n), max: 1n << 70n });
const medium = signed(digits(15, 200));
const anyInt = fc.oneof(small, medium, fc.constantFrom(0n, 1n, -1n, 2n, (1n << 52n) - 1n, 1n << 52n, (1n << 53n) + 1n, (1n << 64n) - 1n));

function fib(n: number): bigint {
  let [a, b] = [0n, 1n];
  for (let i = 0; i < n; i++) [a, b] = [b, a + b];
  return a;
}

describe("domain/math/integer", () => {
  describe("gcd (Lehmer)", () => {
    it("matches naive Euclid on random integers of every size class, with common factors", () => {
      fc.assert(
        fc.property(anyInt, anyInt, signed(digits(1, 40)), (a, b, g) => {
          expect(gcd(a, b)).to.equal(euclid(a, b));
          expect(gcd(a * g, b * g)).to.equal(euclid(a * g, b * g));
        }),
        { numRuns: 400 },
      );
    });

    it("matches naive Euclid on 1000–5000-digit operands sharing a large factor", () => {
      fc.assert(
        fc.property(digits(1000, 2500), digits(1000, 2500), digits(1, 2500), (u, v, g) => {
          const a = u * g, b = -(v * g);
          const r = gcd(a, b);
          expect(r).to.equal(euclid(a, b));
          expect(a % r).to.equal(0n);
          expect(b % r).to.equal(0n);
          expect(r % g).to.equal(0n);
        }),
        { numRuns: 12 },
      );
    });

    it("matches naive Euclid on unbalanced sizes (plain steps then Lehmer steps)", () => {
      fc.assert(
        fc.property(digits(2000, 5000), digits(1, 120), digits(1, 30), (u, v, g) => {
          expect(gcd(u * g, v * g)).to.equal(euclid(u * g, v * g));
          expect(gcd(v * g, u * g)).to.equal(euclid(u * g, v * g));
        }),
        { numRuns: 10 },
      );
    });

    it("handles the classic worst cases and edge values", () => {
      // Consecutive Fibonacci numbers: every Euclid quotient is 1.
      for (const n of [80, 81, 300, 1000, 3000]) {
        expect(gcd(fib(n + 1), fib(n))).to.equal(1n);
        expect(gcd(fib(2 * n), fib(n))).to.equal(fib(n)); // F(n) | F(2n)
        expect(gcd(fib(3 * n), fib(2 * n))).to.equal(fib(n)); // gcd(F(a), F(b)) = F(gcd(a, b))
      }
      expect(gcd(0n, 0n)).to.equal(0n);
      expect(gcd(0n, -7n)).to.equal(7n);
      expect(gcd(-7n, 0n)).to.equal(7n);
      expect(gcd(-12n, -18n)).to.equal(6n);
      const big = 10n ** 3000n + 7n;
      expect(gcd(big, big)).to.equal(big);
      expect(gcd(big, -big)).to.equal(big);
      expect(gcd(big * 3n, big)).to.equal(big);
      // Powers of two and Mersenne numbers: gcd(2^a − 1, 2^b − 1) = 2^gcd(a,b) − 1.
      for (const [x, y] of [[4000, 6000], [3001, 2999], [52, 104], [53, 106], [9000, 12345]] as const) {
        expect(gcd((1n << BigInt(x)) - 1n, (1n << BigInt(y)) - 1n)).to.equal((1n << BigInt(euclidNum(x, y))) - 1n);
        expect(gcd(1n << BigInt(x), 1n << BigInt(y))).to.equal(1n << BigInt(Math.min(x, y)));
      }
    });

    it("operands close to each other in the Lehmer window (2^52 boundary)", () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 1n << 40n, max: 1n << 60n }), fc.bigInt({ min: 0n, max: 1n << 30n }), digits(20, 60), (a, d, g) => {
          expect(gcd(a * g, (a + d) * g)).to.equal(euclid(a * g, (a + d) * g));
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("extendedGcd", () => {
    it("returns the Euclidean cofactors with signs carried (equal to the classic algorithm)", () => {
      fc.assert(
        fc.property(anyInt, anyInt, signed(digits(1, 30)), (a, b, g) => {
          for (const [u, v] of [[a, b], [a * g, b * g]] as const) {
            const r = extendedGcd(u, v);
            const n = naiveExtended(u, v);
            expect({ g: r.gcd, x: r.x, y: r.y }).to.deep.equal(n);
          }
        }),
        { numRuns: 400 },
      );
    });

    it("satisfies the identity and the minimality bounds, also on 1000–3000-digit operands", () => {
      const check = (a: bigint, b: bigint) => {
        const { gcd: g, x, y } = extendedGcd(a, b);
        expect(a * x + b * y).to.equal(g);
        expect(g).to.equal(euclid(a, b));
        if (g === 0n) {
          expect([x, y]).to.deep.equal([0n, 0n]);
        } else if (b === 0n) {
          expect([x, y]).to.deep.equal([a < 0n ? -1n : 1n, 0n]);
        } else if (a === 0n || abs(a) === abs(b)) {
          expect([x, y]).to.deep.equal([0n, b < 0n ? -1n : 1n]);
        } else {
          expect(2n * g * abs(x) <= abs(b), "|x| ≤ |b|/2g").to.equal(true);
          expect(2n * g * abs(y) <= abs(a), "|y| ≤ |a|/2g").to.equal(true);
        }
      };
      fc.assert(fc.property(anyInt, anyInt, check), { numRuns: 500 });
      fc.assert(
        fc.property(signed(digits(1000, 3000)), signed(digits(1000, 3000)), digits(1, 1000), (a, b, g) => {
          check(a * g, b * g);
          check(a, b);
        }),
        { numRuns: 8 },
      );
      for (const [a, b] of [[0n, 0n], [0n, 5n], [5n, 0n], [-5n, 0n], [0n, -5n], [5n, 5n], [5n, -5n], [-5n, -5n], [6n, 3n], [3n, 6n], [2n, 1n], [1n, 2n], [fib(200), fib(199)]] as const) check(a, b);
    });

    it("agrees with the classic algorithm on 10,000-digit operands (Lehmer path)", () => {
      const a = 7n ** 11833n + 12345n; // ≈ 10,000 digits
      const b = 3n ** 20953n - 987n; // ≈ 10,000 digits
      const r = extendedGcd(a * 91n, b * 91n);
      expect(r.gcd).to.equal(91n * euclid(a, b));
      expect(a * 91n * r.x + b * 91n * r.y).to.equal(r.gcd);
      const n = naiveExtended(a * 91n, b * 91n);
      expect([r.x, r.y]).to.deep.equal([n.x, n.y]);
    });

    it("modInverse inverts modulo m when gcd is 1", () => {
      fc.assert(
        fc.property(anyInt, fc.bigInt({ min: 2n, max: 1n << 100n }), (a, m) => {
          const inv = modInverse(a, m);
          if (euclid(a, m) !== 1n) expect(inv).to.equal(undefined);
          else {
            expect(inv! >= 0n && inv! < m).to.equal(true);
            expect(mod(a * inv!, m)).to.equal(1n % m);
          }
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("modPow", () => {
    it("matches right-to-left exponentiation for small and large bases and exponents", () => {
      fc.assert(
        fc.property(anyInt, fc.oneof(fc.bigInt({ min: 0n, max: 300n }), digits(20, 400)), fc.oneof(fc.bigInt({ min: 1n, max: 1000n }), digits(10, 300).map((m) => m + 1n)), (b, e, m) => {
          expect(modPow(b, e, m)).to.equal(powmodRL(b, e, m));
        }),
        { numRuns: 300 },
      );
    });

    it("edge cases: m = 1, exponent 0, base 0 and 1, negative base, rejected arguments", () => {
      expect(modPow(5n, 3n, 1n)).to.equal(0n);
      expect(modPow(0n, 0n, 7n)).to.equal(1n);
      expect(modPow(0n, 5n, 7n)).to.equal(0n);
      expect(modPow(1n, 10n ** 50n, 7n)).to.equal(1n);
      expect(modPow(-2n, 3n, 7n)).to.equal(6n);
      expect(() => modPow(2n, -1n, 7n)).to.throw(RangeError);
      expect(() => modPow(2n, 1n, 0n)).to.throw(RangeError);
    });

    it("Fermat's little theorem holds for primes from a sieve and for Mersenne primes (window path)", () => {
      for (const p of sieve(3000).slice(0, 300)) {
        const P = BigInt(p);
        for (const a of [2n, 3n, 10n ** 30n + 1n]) if (a % P !== 0n) expect(modPow(a, P - 1n, P)).to.equal(1n);
      }
      for (const e of [61n, 89n, 127n, 521n, 607n]) {
        const p = (1n << e) - 1n;
        expect(modPow(3n, p - 1n, p)).to.equal(1n);
        expect(modPow(p / 3n + 17n, p - 1n, p)).to.equal(1n);
      }
    });
  });

  describe("isqrt / isSquare", () => {
    it("r² ≤ n < (r + 1)² on random values of every size", () => {
      fc.assert(
        fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 1n << 60n }), digits(1, 3000)), (n) => {
          const r = isqrt(n);
          expect(r * r <= n && n < (r + 1n) * (r + 1n)).to.equal(true);
        }),
        { numRuns: 300 },
      );
    });

    it("exact on squares and their neighbours", () => {
      fc.assert(
        fc.property(fc.oneof(fc.bigInt({ min: 1n, max: 1n << 40n }), digits(2, 1500)), (r) => {
          expect(isqrt(r * r)).to.equal(r);
          expect(isqrt(r * r - 1n)).to.equal(r - 1n);
          expect(isqrt(r * r + 2n * r)).to.equal(r);
          expect(isSquare(r * r)).to.equal(true);
          expect(isSquare(r * r + 1n)).to.equal(r === 0n);
        }),
        { numRuns: 200 },
      );
      expect(isqrt(0n)).to.equal(0n);
      expect(isqrt(1n)).to.equal(1n);
      expect(isqrt(3n)).to.equal(1n);
      expect(isSquare(-4n)).to.equal(false);
      expect(() => isqrt(-1n)).to.throw(RangeError);
    });
  });

  describe("integerRoot / perfectPower", () => {
    it("r^k ≤ n < (r + 1)^k", () => {
      fc.assert(
        fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 1n << 70n }), digits(1, 1500)), fc.integer({ min: 1, max: 40 }), (n, k) => {
          const r = integerRoot(n, k);
          const K = BigInt(k);
          expect(r ** K <= n && n < (r + 1n) ** K, `${k}-th root of ${n}`).to.equal(true);
        }),
        { numRuns: 300 },
      );
      expect(integerRoot(10n ** 300n, 3)).to.equal(10n ** 100n);
      expect(integerRoot(10n ** 300n - 1n, 3)).to.equal(10n ** 100n - 1n);
      expect(integerRoot(5n, 1000)).to.equal(1n);
      expect(() => integerRoot(-8n, 3)).to.throw(RangeError);
      expect(() => integerRoot(8n, 0)).to.throw(RangeError);
    });

    it("finds the largest exponent of perfect powers and nothing else", () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 2n, max: 10n ** 12n }), fc.integer({ min: 2, max: 30 }), (r, k) => {
          const n = r ** BigInt(k);
          const pp = perfectPower(n)!;
          expect(pp).to.not.equal(undefined);
          expect(pp.root ** BigInt(pp.exponent)).to.equal(n);
          expect(pp.exponent % k).to.equal(0); // r may itself be a power
          expect(perfectPower(pp.root)).to.equal(undefined);
          const off = perfectPower(n + 1n);
          if (off) expect(off.root ** BigInt(off.exponent)).to.equal(n + 1n);
        }),
        { numRuns: 200 },
      );
      expect(perfectPower(64n)).to.deep.equal({ root: 2n, exponent: 6 });
      expect(perfectPower(1000003n ** 2n * 1000033n ** 2n)).to.deep.equal({ root: 1000003n * 1000033n, exponent: 2 });
      expect(perfectPower(72n)).to.equal(undefined);
      expect(perfectPower(3n)).to.equal(undefined);
      expect(perfectPower(((1n << 61n) - 1n) ** 5n, 1000n)).to.deep.equal({ root: (1n << 61n) - 1n, exponent: 5 });
    });
  });

  describe("jacobi", () => {
    const primes = sieve(2000).slice(1); // odd primes
    const bigPrimes = [(1n << 61n) - 1n, (1n << 89n) - 1n, (1n << 127n) - 1n, 1_000_000_007n, 998_244_353n];

    it("equals Euler's criterion a^((p−1)/2) mod p for odd primes", () => {
      for (const p of primes) {
        const P = BigInt(p);
        for (let a = -5; a < Math.min(p + 5, 60); a++) {
          const e = powmodRL(BigInt(a), (P - 1n) / 2n, P);
          const expected = e === 0n ? 0 : e === 1n ? 1 : -1;
          expect(e === 0n || e === 1n || e === P - 1n).to.equal(true);
          expect(jacobi(BigInt(a), P), `(${a}/${p})`).to.equal(expected);
        }
      }
      fc.assert(
        fc.property(fc.constantFrom(...bigPrimes), digits(1, 100), (p, a) => {
          const e = powmodRL(a, (p - 1n) / 2n, p);
          expect(jacobi(a, p)).to.equal(e === 0n ? 0 : e === 1n ? 1 : -1);
        }),
        { numRuns: 200 },
      );
    });

    it("is multiplicative in the modulus and periodic in a; rejects even or non-positive n", () => {
      fc.assert(
        fc.property(fc.constantFrom(...primes.slice(0, 80)), fc.constantFrom(...primes.slice(0, 80)), fc.bigInt({ min: -(1n << 80n), max: 1n << 80n }), (p, q, a) => {
          const P = BigInt(p), Q = BigInt(q);
          expect(jacobi(a, P * Q)).to.equal(jacobi(a, P) * jacobi(a, Q));
          expect(jacobi(a + P * Q, P * Q)).to.equal(jacobi(a, P * Q));
        }),
        { numRuns: 300 },
      );
      expect(jacobi(5n, 1n)).to.equal(1);
      expect(() => jacobi(3n, 4n)).to.throw(RangeError);
      expect(() => jacobi(3n, -3n)).to.throw(RangeError);
    });
  });

  describe("bitLength / product", () => {
    it("bitLength equals the binary string length", () => {
      fc.assert(
        fc.property(signed(fc.oneof(fc.bigInt({ min: 0n, max: 1n << 70n }), digits(1, 2000))), (n) => {
          expect(bitLength(n)).to.equal(n === 0n ? 0 : abs(n).toString(2).length);
        }),
        { numRuns: 300 },
      );
    });

    it("product equals the left fold", () => {
      fc.assert(
        fc.property(fc.array(anyInt, { maxLength: 40 }), (xs) => {
          expect(product(xs)).to.equal(xs.reduce((s, v) => s * v, 1n));
        }),
        { numRuns: 200 },
      );
    });
  });
});

function euclidNum(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}
