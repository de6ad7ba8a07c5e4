import { expect } from "chai";
import fc from "fast-check";
import { abs, bitLength, decimalStringMod, extendedGcd, gcd, GCD_THRESHOLDS, integerRoot, isqrt, isSquare, jacobi, minimalBezout, mod, modInverse, modPow, moebiusSmall, perfectPower, product } from "../../../domain/math/integer.js";
import { gp, requireGp } from "../../support/gp.js";

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
  it("moebiusSmall matches Σ_{d | n} μ(d) = [n = 1] for n ≤ 2000", () => {
    // the defining identity determines μ recursively; checked for every n, with μ(1) = 1 and μ(p²) = 0
    const mu: number[] = [0];
    for (let n = 1; n <= 2000; n++) {
      let s = 0;
      for (let d = 1; d < n; d++) if (n % d === 0) s += mu[d]!;
      mu.push((n === 1 ? 1 : 0) - s);
      expect(moebiusSmall(n), `μ(${n})`).to.equal(mu[n]);
    }
  });

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
        fc.property(digits(1000, 2500), digits(1000, 2500), digits(1, 2500).map((g) => (g === 0n ? 1n : g)), (u, v, g) => {
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

    it("agrees with the classic algorithm on 10,000-digit operands (half-gcd path)", () => {
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

  describe("gcd / extendedGcd: half-gcd (subquadratic) paths", () => {
    /** A positive integer of exactly n bits, n drawn from [lo, hi]. */
    const bits = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).chain((n) => fc.bigInt({ min: 1n << BigInt(n - 1), max: (1n << BigInt(n)) - 1n }));
    /** Crossovers lowered so that operands of a few hundred bits recurse several levels deep. */
    const LOWERED = [
      { hgcdBase: 64, gcd: 130, extendedGcd: 130 },
      { hgcdBase: 110, gcd: 220, extendedGcd: 240 },
      { hgcdBase: 300, gcd: 700, extendedGcd: 500 },
    ];
    function withThresholds(t: Partial<typeof GCD_THRESHOLDS>, fn: () => void): void {
      const saved = { ...GCD_THRESHOLDS };
      Object.assign(GCD_THRESHOLDS, t);
      try {
        fn();
      } finally {
        Object.assign(GCD_THRESHOLDS, saved);
      }
    }
    /** gcd against naive Euclid and extendedGcd against the classic extended algorithm, exactly. */
    function agree(a: bigint, b: bigint): void {
      expect(gcd(a, b), `gcd of ${bitLength(a)}- and ${bitLength(b)}-bit operands`).to.equal(euclid(a, b));
      const r = extendedGcd(a, b);
      expect({ g: r.gcd, x: r.x, y: r.y }, `extendedGcd of ${bitLength(a)}- and ${bitLength(b)}-bit operands`).to.deep.equal(naiveExtended(a, b));
    }

    it("equal the classic algorithms on random operands (sizes, shared factors, signs, unbalanced) with lowered crossovers", () => {
      for (const t of LOWERED) {
        withThresholds(t, () => {
          fc.assert(
            fc.property(bits(1, 2500), bits(1, 2500), bits(1, 700), fc.integer({ min: 0, max: 3 }), (u, v, g, shape) => {
              if (shape === 0) agree(u, v);
              else if (shape === 1) agree(u * g, -(v * g));
              else if (shape === 2) agree(-(u * g), (v >> BigInt(bitLength(v) >> 1)) * g); // unbalanced
              else agree(u * g + 1n, u * g); // consecutive: every remainder is tiny
            }),
            { numRuns: 100 },
          );
        });
      }
    });

    it("handle the worst cases with lowered crossovers: Fibonacci neighbours, powers of two, Mersenne numbers, huge quotients, zero, equal operands", () => {
      for (const t of LOWERED) {
        withThresholds(t, () => {
          for (const n of [300, 1500, 5000]) {
            agree(fib(n + 1), fib(n)); // every quotient is 1: the longest Euclid for the size
            agree(fib(n), fib(n + 1));
            agree(fib(2 * n), fib(n));
          }
          for (const [x, y] of [[3000, 2000], [2999, 3001], [4096, 4095]] as const) {
            agree((1n << BigInt(x)) - 1n, (1n << BigInt(y)) - 1n); // gcd = 2^gcd(x,y) − 1
            agree(1n << BigInt(x), 1n << BigInt(y));
            agree((1n << BigInt(x)) * 3n ** 500n, (1n << BigInt(y)) * 3n ** 700n);
          }
          const b = fib(2000) * 7n;
          agree(b * (1n << 1500n) + 12345n, b); // a quotient of 1500 bits: divisions inside the reduction
          agree(b * ((1n << 90n) + 3n) + fib(700), b); // a 90-bit quotient: beyond one Lehmer run
          agree(b, b);
          agree(b, -b);
          agree(b * 5n, b);
          agree(b, 0n);
          agree(0n, -b);
        });
      }
    });

    it("agree with the classic algorithms on both sides of the default crossovers (3,200-bit leaves, 10,000 and 30,000 bits)", () => {
      const r = (n: number, seed: bigint) => (1n << BigInt(n - 1)) + ((seed * 0x9e3779b97f4a7c15n) ** BigInt(Math.ceil(n / 64)) % (1n << BigInt(n - 1)));
      for (const [na, nb] of [[9_800, 9_700], [10_300, 10_250], [12_000, 3_000], [31_000, 30_900]] as const) agree(r(na, BigInt(na)), r(nb, BigInt(nb) + 1n));
      for (const [na, nb] of [[29_500, 29_400], [30_500, 30_500], [45_000, 44_000]] as const) {
        const a = r(na, 3n) * 1_000_003n, b = r(nb, 5n) * 1_000_003n;
        expect(gcd(a, b)).to.equal(euclid(a, b));
      }
      const f = fib(45_000); // 31,200 bits, all quotients 1
      expect(gcd(fib(45_001), f)).to.equal(1n);
      const e = extendedGcd(fib(45_001), f);
      // Euclid's cofactors of (F(n+1), F(n)) are ±(F(n−2), −F(n−1)), the sign by d'Ocagne's identity.
      const s = fib(45_001) * fib(44_998) - f * fib(44_999);
      expect(s === 1n || s === -1n).to.equal(true);
      expect([e.gcd, e.x, e.y]).to.deep.equal([1n, s * fib(44_998), -s * fib(44_999)]);
    });

    it("proven Lehmer steps at the window edges (52, 53, 104, 105 bits) and in double precision", () => {
      for (const n of [52, 53, 103, 104, 105, 156, 157]) {
        const top = 1n << BigInt(n);
        for (const [a, b] of [[top - 1n, top - 2n], [top - 1n, (top >> 1n) + 1n], [top + 1n, top - 1n], [top - 1n, 1n], [(top * 3n) / 4n, top / 3n]] as const) agree(a, b);
      }
      fc.assert(
        fc.property(bits(40, 240), bits(40, 240), (a, b) => agree(a, b)),
        { numRuns: 300 },
      );
    });

    it("minimalBezout turns any Bezout pair into the Euclidean one", () => {
      fc.assert(
        fc.property(bits(1, 400), bits(1, 400), bits(1, 60), fc.bigInt({ min: -(1n << 300n), max: 1n << 300n }), (u, v, g, k) => {
          const [r0, r1] = u * g >= v * g ? [u * g, v * g] : [v * g, u * g];
          const e = naiveExtended(r0, r1);
          const m = r1 / e.g, w = r0 / e.g;
          // Every Bezout pair is (x + k·m, y − k·w); the minimal one comes back.
          expect(minimalBezout(r0, r1, e.g, e.x + k * m, e.y - k * w)).to.deep.equal({ x: e.x, y: e.y });
          expect(minimalBezout(r0, r1, e.g, e.x, e.y)).to.deep.equal({ x: e.x, y: e.y });
        }),
        { numRuns: 300 },
      );
      // m = r1/g = 2: x ∈ {−1, 1}, Euclid's is 1 (then |y| ≤ r0/2g).
      expect(minimalBezout(7n, 2n, 1n, -1n, 4n)).to.deep.equal({ x: 1n, y: -3n });
      // m = 1 (r1 = g): x = 0.
      expect(minimalBezout(12n, 4n, 4n, 5n, -14n)).to.deep.equal({ x: 0n, y: 1n });
    });
  });

  describe("decimalStringMod", () => {
    it("equals |n| mod m for decimal strings of every length (chunk boundaries at 9 digits) and moduli up to 2^23", () => {
      fc.assert(
        fc.property(signed(fc.oneof(fc.bigInt({ min: 0n, max: 1n << 70n }), digits(1, 400))), fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 2 ** 23 })), (n, m) => {
          expect(decimalStringMod(n.toString(), m)).to.equal(Number(abs(n) % BigInt(m)));
        }),
        { numRuns: 400 },
      );
      for (const len of [8, 9, 10, 17, 18, 19, 20_000]) {
        const s = "9".repeat(len);
        for (const m of [2 ** 23, 2 ** 23 - 1, 999_999_937]) if (m <= 2 ** 23) expect(decimalStringMod(s, m)).to.equal(Number(BigInt(s) % BigInt(m)));
      }
      expect(() => decimalStringMod("12", 0)).to.throw(RangeError);
      expect(() => decimalStringMod("12", 2 ** 23 + 1)).to.throw(RangeError);
      expect(() => decimalStringMod("12", 1.5)).to.throw(RangeError);
    });
  });

  describe("gcd / extendedGcd cross-checked with PARI/GP on 1,000–100,000-digit operands (one gp call)", function () {
    this.timeout(120_000);
    before(function () {
      requireGp(this);
    });

    it("agree exactly with gcd and gcdext (random, shared factors, unbalanced, Fibonacci neighbours, signs)", () => {
      let seed = 0x2545f4914f6cdd1dn;
      const digits = (d: number): bigint => {
        let s = "";
        while (s.length < d) {
          seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
          s += (seed >> 11n).toString().padStart(16, "0").slice(0, 16);
        }
        return BigInt("1" + s.slice(1, d));
      };
      const cases: [bigint, bigint][] = [
        [digits(1_000), digits(1_000)],
        [digits(5_000), -digits(4_990)],
        [digits(20_000), digits(20_000)],
        [-digits(12_000) * digits(8_000), digits(11_000) * digits(8_000)],
        [digits(50_000), digits(50_000)],
        [digits(100_000), digits(100_000)],
        [digits(100_000), digits(30_000)],
        [fib(60_000), fib(60_001)],
        [digits(25_000) * (1n << 20_000n), digits(24_000) * (1n << 30_000n)],
      ];
      const lines = gp(cases.map(([a, b]) => `print(gcd(${a}, ${b})); v = gcdext(${a}, ${b}); print(v[1]); print(v[2]); print(v[3])`).join("\n"));
      expect(lines.length).to.equal(4 * cases.length);
      cases.forEach(([a, b], i) => {
        const g = gcd(a, b);
        const e = extendedGcd(a, b);
        expect(g.toString(), `gcd, case ${i}`).to.equal(lines[4 * i]);
        expect([e.x.toString(), e.y.toString(), e.gcd.toString()], `gcdext, case ${i}`).to.deep.equal(lines.slice(4 * i + 1, 4 * i + 4));
      });
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
