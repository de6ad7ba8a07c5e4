import { expect } from "chai";
import fc from "fast-check";
import {
  bell, bellModPrime, bellTriangle, bernoulli, bernoulliQuotientModPrime, bernoulliTableModPrime, binomial, binomialModPrime, binomialModPrimes, catalan, derangements, derangementsModPrime, doubleFactorial, factorial, factorialModPrime, factorialModPrimes,
  fallingFactorial, fallingFactorialRational, fibonacci, fibonacciModPrime, invModSmall, log2Bell, log2BernoulliAbs, log2Big, log2Binomial, log2Factorial, log2Stirling1,
  log2Stirling2, lucas, multinomial, polyMulNonneg, primePowerProduct, productRange, rangeProductsModPrimes, residue, risingFactorial, risingFactorialRational, stirling1ModPrime, stirling1Plan,
  stirling1Unsigned, stirling2, stirling2ModPrime, stirling2Plan, vonStaudtPrimes,
} from "../../../domain/math/combinatorics.js";
import { rational, ratAdd, ratMul, type Rational } from "../../../domain/math/rational.js";

/** Naive references, independent of the module under test. */
function naiveFactorial(n: number): bigint {
  let r = 1n;
  for (let i = 2; i <= n; i++) r *= BigInt(i);
  return r;
}
/** Full tables c(n, k) and S(n, k) for n ≤ N by the defining recurrences. */
function stirlingTables(N: number): { c: bigint[][]; S: bigint[][] } {
  const c: bigint[][] = [[1n]], S: bigint[][] = [[1n]];
  for (let n = 1; n <= N; n++) {
    c.push(new Array(n + 1).fill(0n));
    S.push(new Array(n + 1).fill(0n));
    for (let k = 1; k <= n; k++) {
      c[n]![k] = BigInt(n - 1) * (c[n - 1]![k] ?? 0n) + c[n - 1]![k - 1]!;
      S[n]![k] = BigInt(k) * (S[n - 1]![k] ?? 0n) + S[n - 1]![k - 1]!;
    }
  }
  return { c, S };
}

describe("domain/math/combinatorics: factorials and binomials", () => {
  it("n! equals the naive product for n ≤ 600 and a few larger n (prime-power product)", () => {
    for (let n = 0; n <= 600; n++) expect(factorial(n), `${n}!`).to.equal(naiveFactorial(n));
    for (const n of [1000, 4097, 12_345]) expect(factorial(n)).to.equal(naiveFactorial(n));
  });

  it("primePowerProduct multiplies p^e for arbitrary exponents (including 2 and zeros)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 12 }), (es) => {
        const ps = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37].slice(0, es.length);
        let expected = 1n;
        ps.forEach((p, i) => (expected *= BigInt(p) ** BigInt(es[i]!)));
        return primePowerProduct(ps, es) === expected;
      }),
      { numRuns: 200 },
    );
  });

  it("property: Pascal's rule C(n, k) = C(n − 1, k − 1) + C(n − 1, k) for any integer n (negative n included) and the symmetry C(n, k) = C(n, n − k)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3000, max: 6000 }), fc.integer({ min: 1, max: 1500 }), (n, k) => {
        const N = BigInt(n), K = BigInt(k);
        if (binomial(N, K) !== binomial(N - 1n, K - 1n) + binomial(N - 1n, K)) return false;
        return n < 0 || k > n || binomial(N, K) === binomial(N, N - K);
      }),
      { numRuns: 150 },
    );
  });

  it("binomials with n beyond 2^53 (bigint range sieve) equal the falling factorial divided by k!", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n ** 53n, max: 10n ** 40n }), fc.integer({ min: 0, max: 300 }), (n, k) => {
        let num = 1n;
        for (let i = 0n; i < BigInt(k); i++) num *= n - i;
        return binomial(n, BigInt(k)) === num / naiveFactorial(k);
      }),
      { numRuns: 60 },
    );
  });

  it("C(n, k) is 0 for 0 ≤ n < k and for k < 0; C(n, 0) = 1; C(n, 1) = n", () => {
    expect(binomial(5n, 6n)).to.equal(0n);
    expect(binomial(0n, 1n)).to.equal(0n);
    expect(binomial(5n, -1n)).to.equal(0n);
    expect(binomial(-5n, 0n)).to.equal(1n);
    expect(binomial(-5n, 1n)).to.equal(-5n);
    expect(binomial(10n ** 50n, 1n)).to.equal(10n ** 50n);
  });

  it("property: multinomials are products of binomials in any order, and Σ over compositions of n into r parts is r^n", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 8 }), (ks) => {
        const big = ks.map(BigInt);
        let s = 0n, expected = 1n;
        for (const k of big) {
          s += k;
          expected *= binomial(s, k);
        }
        return multinomial(big) === expected && multinomial([...big].reverse()) === expected;
      }),
      { numRuns: 100 },
    );
    for (const [n, r] of [[6, 3], [5, 4], [8, 2]] as const) {
      let total = 0n;
      const rec = (left: number, parts: bigint[]) => {
        if (parts.length === r - 1) {
          total += multinomial([...parts, BigInt(left)]);
          return;
        }
        for (let k = 0; k <= left; k++) rec(left - k, [...parts, BigInt(k)]);
      };
      rec(n, []);
      expect(total).to.equal(BigInt(r) ** BigInt(n));
    }
  });

  it("property: n!!·(n − 1)!! = n!, and (2m)!! = 2^m m!", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), (n) => doubleFactorial(n) * doubleFactorial(n - 1) === factorial(n)),
      { numRuns: 80 },
    );
    expect(doubleFactorial(-1)).to.equal(1n);
    expect(doubleFactorial(0)).to.equal(1n);
  });

  it("property: Catalan C_n = C(2n, n)/(n + 1) and Segner's recurrence C_{n+1} = Σ C_i C_{n−i}", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6000 }), (n) => catalan(n) * BigInt(n + 1) === binomial(BigInt(2 * n), BigInt(n))),
      { numRuns: 60 },
    );
    const C = Array.from({ length: 41 }, (_, i) => catalan(i));
    for (let n = 0; n < 40; n++) {
      let s = 0n;
      for (let i = 0; i <= n; i++) s += C[i]! * C[n - i]!;
      expect(C[n + 1]).to.equal(s);
    }
  });

  it("property: falling/rising factorials: (x)_k = (−1)^k (−x)^(k), (x)_{j+k} = (x)_j (x − j)_k, (n)_k = C(n, k)·k!, 1^(k) = k!", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }), (x, j, k) => {
        const J = BigInt(j), K = BigInt(k);
        if (fallingFactorial(x, K) !== (k & 1 ? -risingFactorial(-x, K) : risingFactorial(-x, K))) return false;
        if (fallingFactorial(x, J + K) !== fallingFactorial(x, J) * fallingFactorial(x - J, K)) return false;
        return x < 0n || fallingFactorial(x, K) === binomial(x, K) * naiveFactorial(k);
      }),
      { numRuns: 100 },
    );
    // long ranges starting low (prime split) and at 1
    for (const [a, k] of [[1n, 3000n], [7n, 5000n], [1000n, 4000n], [2n ** 52n, 40n]] as const) {
      let p = 1n;
      for (let i = 0n; i < k; i++) p *= a + i;
      expect(productRange(a, a + k - 1n)).to.equal(p);
      expect(risingFactorial(a, k)).to.equal(p);
    }
  });

  it("property: rational falling factorials equal the product of the exact factors and are reduced", () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 60 }), (p, q, k) => {
        const x = rational(BigInt(p), BigInt(q));
        let f: Rational = { num: 1n, den: 1n }, r: Rational = { num: 1n, den: 1n };
        for (let i = 0; i < k; i++) {
          f = ratMul(f, ratAdd(x, rational(BigInt(-i))));
          r = ratMul(r, ratAdd(x, rational(BigInt(i))));
        }
        const F = fallingFactorialRational(x, BigInt(k)), R = risingFactorialRational(x, BigInt(k));
        return F.num === f.num && F.den === f.den && R.num === r.num && R.den === r.den;
      }),
      { numRuns: 150 },
    );
  });

  it("property: derangements satisfy !n = (n − 1)(!(n − 1) + !(n − 2)) and Σ_k C(n, k)·!k = n!", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3000 }), (n) => derangements(n) === BigInt(n - 1) * (derangements(n - 1) + derangements(n - 2))),
      { numRuns: 40 },
    );
    const n = 60;
    let s = 0n;
    for (let k = 0; k <= n; k++) s += binomial(BigInt(n), BigInt(k)) * derangements(k);
    expect(s).to.equal(factorial(n));
  });
});

describe("domain/math/combinatorics: Fibonacci, Lucas", () => {
  it("property: addition formula F_{m+n} = F_m F_{n+1} + F_{m−1} F_n, L_n = F_{n−1} + F_{n+1}, Cassini F_{n−1}F_{n+1} − F_n² = (−1)^n (negative indices included)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: -3000, max: 3000 }), (m, n) => {
        const M = BigInt(m), N = BigInt(n);
        if (fibonacci(M + N) !== fibonacci(M) * fibonacci(N + 1n) + fibonacci(M - 1n) * fibonacci(N)) return false;
        if (lucas(N) !== fibonacci(N - 1n) + fibonacci(N + 1n)) return false;
        return fibonacci(N - 1n) * fibonacci(N + 1n) - fibonacci(N) ** 2n === (n & 1 ? -1n : 1n);
      }),
      { numRuns: 150 },
    );
  });

  it("the first values and a long index against the plain recurrence", () => {
    let a = 0n, b = 1n;
    for (let n = 0; n <= 5000; n++) {
      if (n % 97 === 0 || n < 40) expect(fibonacci(BigInt(n)), `F_${n}`).to.equal(a);
      [a, b] = [b, a + b];
    }
    expect(lucas(0n)).to.equal(2n);
    expect(lucas(1n)).to.equal(1n);
    expect(lucas(-1n)).to.equal(-1n);
  });
});

describe("domain/math/combinatorics: Stirling and Bell numbers", () => {
  const { c, S } = stirlingTables(70);

  it("c(n, k) and S(n, k) equal the recurrence tables for every 0 ≤ k ≤ n ≤ 70 (both orientations and both methods)", () => {
    for (let n = 0; n <= 70; n++) {
      for (let k = 0; k <= n + 1; k++) {
        expect(stirling1Unsigned(n, k), `c(${n}, ${k})`).to.equal(c[n]![k] ?? 0n);
        expect(stirling2(n, k), `S(${n}, ${k})`).to.equal(S[n]![k] ?? 0n);
      }
    }
  });

  it("property: the Stirling recurrences hold at random (n, k) up to n = 400", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 }), (n, k0) => {
        const k = 1 + (k0 % n);
        if (stirling1Unsigned(n, k) !== BigInt(n - 1) * stirling1Unsigned(n - 1, k) + stirling1Unsigned(n - 1, k - 1)) return false;
        return stirling2(n, k) === BigInt(k) * stirling2(n - 1, k) + stirling2(n - 1, k - 1);
      }),
      { numRuns: 40 },
    );
  });

  it("both plans are exercised: the forward and reversed product trees, the explicit sum and the band", () => {
    expect(stirling1Plan(200, 5).reversed).to.equal(false);
    expect(stirling1Plan(200, 195).reversed).to.equal(true);
    expect(stirling2Plan(200, 5).method).to.equal("explicit");
    expect(stirling2Plan(2000, 1995).method).to.equal("band");
    // S(n, n − 2) = C(n, 3) + 3·C(n, 4); c(n, n − 2) = 2·C(n, 3) + 3·C(n, 4)
    const n = 2000n;
    expect(stirling2(2000, 1998)).to.equal(binomial(n, 3n) + 3n * binomial(n, 4n));
    expect(stirling1Unsigned(2000, 1998)).to.equal(2n * binomial(n, 3n) + 3n * binomial(n, 4n));
  });

  it("Kronecker-substituted polynomial products equal term-by-term products (truncated)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 90 }),
        (a, b, d) => {
          const expected: bigint[] = new Array(Math.min(a.length + b.length - 1, d + 1)).fill(0n);
          for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) if (i + j <= d) expected[i + j]! += a[i]! * b[j]!;
          const got = polyMulNonneg(a, b, d);
          return got.length === expected.length && got.every((v, i) => v === expected[i]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("property: Bell = Σ_k S(n, k) (both the triangle and the explicit sum), and B_{n+1} = Σ C(n, k) B_k", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 260 }), (n) => {
        let s = 0n;
        for (let k = 0; k <= n; k++) s += stirling2(n, k);
        return bell(n) === s && bellTriangle(n) === s;
      }),
      { numRuns: 25 },
    );
    const B = Array.from({ length: 151 }, (_, i) => bell(i));
    for (const n of [0, 10, 63, 64, 65, 100, 149]) {
      let s = 0n;
      for (let k = 0; k <= n; k++) s += binomial(BigInt(n), BigInt(k)) * B[k]!;
      expect(B[n + 1], `B_${n + 1}`).to.equal(s);
    }
  });
});

describe("domain/math/combinatorics: Bernoulli numbers", () => {
  const B: Rational[] = [];
  before(() => {
    for (let n = 0; n <= 420; n++) B.push(bernoulli(n));
  });

  it("property: the recurrence Σ_{j=0}^{m} C(m + 1, j) B_j = 0 holds (tangent numbers below 300, the ζ enclosure above)", () => {
    for (const m of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 31, 64, 150, 299, 300, 301, 302, 303, 360, 419, 420]) {
      let s: Rational = { num: 0n, den: 1n };
      for (let j = 0; j <= m; j++) s = ratAdd(s, ratMul(rational(binomial(BigInt(m + 1), BigInt(j))), B[j]!));
      expect(s.num, `m = ${m}`).to.equal(0n);
    }
  });

  it("the ζ enclosure agrees with the recurrence-derived values, has the von Staudt–Clausen denominators and alternating signs", () => {
    for (let n = 2; n <= 420; n += 2) {
      const b = B[n]!;
      expect(b.den, `den B_${n}`).to.equal(vonStaudtPrimes(n).reduce((d, p) => d * BigInt(p), 1n));
      expect(b.num > 0n, `sign B_${n}`).to.equal(n % 4 === 2);
    }
    // larger n: the integer N = |B_n|·D is the only integer of a proved enclosure; spot-check Kummer's congruence exactly.
    for (const n of [1000, 2002, 3000]) {
      const b = bernoulli(n);
      for (const p of [101, 103, 107]) {
        if (n % (p - 1) === 0 || n % p === 0) continue;
        const m = n % (p - 1);
        const t = bernoulliTableModPrime(m, p);
        const lhs = (((residue(b.num, p) * invModSmall(residue(b.den, p), p)) % p) * invModSmall(n % p, p)) % p;
        expect(lhs, `Kummer B_${n} mod ${p}`).to.equal((t[m]! * invModSmall(m, p)) % p);
      }
    }
  });
});

describe("domain/math/combinatorics: residues modulo small primes (the postconditions' independent routes)", () => {
  const { c, S } = stirlingTables(45);
  const primes = [2, 3, 5, 7, 11, 13, 31, 101];

  it("Stirling residues from the Lucas-type formulas equal the exact values reduced", () => {
    for (const p of primes) for (let n = 0; n <= 45; n++) for (let k = 0; k <= n + 1; k++) {
      expect(stirling1ModPrime(n, k, p), `c(${n},${k}) mod ${p}`).to.equal(residue(c[n]![k] ?? 0n, p));
      expect(stirling2ModPrime(n, k, p), `S(${n},${k}) mod ${p}`).to.equal(residue(S[n]![k] ?? 0n, p));
    }
    for (const [n, k] of [[1000, 7], [1000, 500], [700, 690]] as const) for (const p of [499, 503]) {
      expect(stirling1ModPrime(n, k, p)).to.equal(residue(stirling1Unsigned(n, k), p));
      expect(stirling2ModPrime(n, k, p)).to.equal(residue(stirling2(n, k), p));
    }
  });

  it("Lucas' theorem, Touchard's congruence, the Fibonacci matrix power, the derangement recurrence and the Bernoulli table agree with exact values", () => {
    const bells = Array.from({ length: 301 }, (_, n) => (n % 7 === 0 ? bell(n) : 0n));
    for (const p of [...primes, 401, 33_554_393]) {
      for (let n = 0; n <= 300; n += 7) {
        for (let k = 0; k <= n + 2; k += 5) expect(binomialModPrime(BigInt(n), BigInt(k), p)).to.equal(residue(binomial(BigInt(n), BigInt(k)), p));
        if (p < 1000 && (p < 200 || n % 49 === 0)) expect(bellModPrime(n, p), `B_${n} mod ${p}`).to.equal(residue(bells[n]!, p));
        expect(fibonacciModPrime(n, p)).to.equal(residue(fibonacci(BigInt(n)), p));
        expect(fibonacciModPrime(n, p, true)).to.equal(residue(lucas(BigInt(n)), p));
        expect(derangementsModPrime(n, p)).to.equal(residue(derangements(n), p));
        expect(factorialModPrime(n, p), `${n}! mod ${p}`).to.equal(residue(naiveFactorial(n), p));
      }
      if (p >= 5 && p < 1000) {
        const t = bernoulliTableModPrime(p - 3, p); // B_m for m ≤ p − 3 < 400: the tangent-number range
        for (let m = 0; m <= p - 3; m++) {
          const b = bernoulli(m);
          expect(t[m], `B_${m} mod ${p}`).to.equal((residue(b.num, p) * invModSmall(residue(b.den, p), p)) % p);
        }
      }
    }
    // factorials of both parities, and beyond the products' 2^26 bound of the primes (Wilson: (p − 1)! ≡ −1)
    for (const n of [4096, 4097, 12_345]) expect(factorialModPrime(n, 33_554_383)).to.equal(residue(factorial(n), 33_554_383));
    // three factors per reduction up to 208,062, pairs beyond: n on both sides of the bound, every n mod 3 and mod 2
    for (const n of [20, 21, 22, 23, 208_060, 208_061, 208_062, 208_063, 208_064, 208_065, 250_001]) {
      for (const p of [33_554_393, 67_108_859]) expect(factorialModPrime(n, p), `${n}! mod ${p}`).to.equal(residue(factorial(n), p));
    }
    for (const p of [101, 65_537, 33_554_393]) expect(factorialModPrime(p - 1, p)).to.equal(p - 1);
    expect(factorialModPrime(33_554_393, 33_554_393)).to.equal(0);
    // the three-factor products (a < 208,063) and the two-factor ones, on both sides of the bound, every remainder of m mod 3
    for (const [n, k] of [[1000, 499], [99_999, 3001], [100_000, 50_000], [208_062, 1000], [208_063, 1001], [208_064, 1002], [300_000, 2000]] as const) {
      for (const p of [33_554_393, 33_554_383]) expect(binomialModPrime(BigInt(n), BigInt(k), p), `C(${n}, ${k}) mod ${p}`).to.equal(residue(binomial(BigInt(n), BigInt(k)), p));
    }
    for (const p of [101, 33_554_393]) for (const k of [0n, 1n, 5n, 40n]) expect(binomialModPrime(10n ** 30n + 7n, k, p)).to.equal(residue(binomial(10n ** 30n + 7n, k), p));
  });

  it("the multi-prime chains (binomialModPrimes, factorialModPrimes, rangeProductsModPrimes) equal the exact values reduced, prime by prime", () => {
    // Small primes (p ≤ n gives 0 or Lucas digits), primes near 2^25 and just below 2^26 (the largest
    // the reciprocal reduction admits), mixed in one call.
    const primes = [2, 3, 101, 65_537, 33_554_393, 33_554_383, 67_108_859, 67_108_837];
    const bigPrimes = primes.slice(4);
    // n on both sides of the three-factor bound (208,063), every remainder mod 2 and mod 3.
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 97, 1000, 1001, 1002, 208_060, 208_061, 208_062, 208_063, 208_064, 250_001]) {
      const f = n <= 1002 ? naiveFactorial(n) : factorial(n);
      expect(factorialModPrimes(n, primes), `${n}!`).to.deep.equal(primes.map((p) => residue(f, p)));
    }
    for (const [n, k] of [[0, 0], [1, 0], [1, 1], [10, 3], [1000, 499], [1000, 501], [99_999, 3001], [100_000, 50_000], [208_062, 1000], [208_063, 1001], [208_064, 1002], [300_000, 2000], [300_000, 298_000], [5, 7]] as const) {
      const c = binomial(BigInt(n), BigInt(k));
      expect(binomialModPrimes(BigInt(n), BigInt(k), bigPrimes), `C(${n}, ${k})`).to.deep.equal(bigPrimes.map((p) => residue(c, p)));
      // primes ≤ n take the prime-by-prime Lucas route
      expect(binomialModPrimes(BigInt(n), BigInt(k), primes), `C(${n}, ${k}) with small primes`).to.deep.equal(primes.map((p) => residue(c, p)));
    }
    expect(binomialModPrimes(10n ** 30n + 7n, 40n, bigPrimes)).to.deep.equal(bigPrimes.map((p) => residue(binomial(10n ** 30n + 7n, 40n), p)));
    expect(binomialModPrimes(10n, -1n, bigPrimes)).to.deep.equal(bigPrimes.map(() => 0));
    // random ranges, both factor-packing regimes, against BigInt products
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 260_000 }), fc.integer({ min: 1, max: 260_000 }), fc.integer({ min: 0, max: 400 }), fc.subarray(bigPrimes, { minLength: 1 }), (a, b, len, ps) => {
        let x = 1n, y = 1n;
        for (let t = 0; t < len; t++) {
          x *= BigInt(a + t);
          y *= BigInt(b + t);
        }
        const [rx, ry] = rangeProductsModPrimes(a, b, len, ps);
        expect(rx).to.deep.equal(ps.map((p) => residue(x, p)));
        expect(ry).to.deep.equal(ps.map((p) => residue(y, p)));
      }),
      { numRuns: 300 },
    );
    // a range containing a multiple of p gives 0
    expect(rangeProductsModPrimes(33_554_390, 1, 5, [33_554_393])).to.deep.equal([[0], [120]]);
  });

  it("Voronoi's congruence gives B_m/m mod p equal to the recurrence's table, for every even m ≤ p − 3 and primes up to 619 (c = 2 fails where 2^m ≡ 1, e.g. p = 31, m = 10)", () => {
    for (const p of [5, 7, 11, 13, 17, 31, 73, 127, 499, 503, 509, 521, 523, 541, 547, 557, 563, 569, 571, 577, 587, 593, 599, 601, 607, 613, 617, 619]) {
      const t = bernoulliTableModPrime(p - 3, p);
      for (let m = 2; m <= p - 3; m += 2) expect(bernoulliQuotientModPrime(m, p), `B_${m}/${m} mod ${p}`).to.equal(mulmodRef(t[m]!, invModSmall(m, p), p));
    }
    expect(() => bernoulliQuotientModPrime(12, 13)).to.throw(RangeError);
  });
});

const mulmodRef = (a: number, b: number, p: number): number => Number((BigInt(a) * BigInt(b)) % BigInt(p));

describe("domain/math/combinatorics: size estimates (preflight) are upper bounds within a few bits", () => {
  const close = (estimate: number, actual: bigint, slack: number, what: string) => {
    const a = actual === 0n ? 0 : log2Big(actual);
    expect(estimate, `${what}: estimate ≥ log2`).to.be.at.least(a - 1e-6 * Math.max(1, a) - 0.01);
    expect(estimate, `${what}: estimate close`).to.be.at.most(a + slack);
  };

  it("factorial, binomial, Bernoulli: log-gamma estimates within a bit", () => {
    for (const n of [0, 1, 5, 100, 5000]) close(log2Factorial(n), factorial(n), 0.01, `${n}!`);
    for (const [n, k] of [[100n, 50n], [10n ** 20n, 5n], [5000n, 17n], [7n, 7n]] as const) close(log2Binomial(n, k), binomial(n, k), 0.5, `C(${n}, ${k})`);
    for (const n of [2, 10, 100, 1000]) {
      const b = bernoulli(n);
      const actual = log2Big(b.num) - log2Big(b.den);
      expect(log2BernoulliAbs(n) - actual, `log2|B_${n}|`).to.be.within(-1e-9 * Math.max(1, Math.abs(actual)), 0.1);
    }
  });

  it("Stirling and Bell: saddle-point bounds within O(log n) bits", () => {
    for (const [n, k] of [[10, 3], [100, 50], [300, 2], [300, 299], [400, 7], [400, 390]] as const) {
      close(log2Stirling1(n, k), stirling1Unsigned(n, k), 2 + 1.5 * Math.log2(n), `c(${n}, ${k})`);
      close(log2Stirling2(n, k), stirling2(n, k), 2 + 1.5 * Math.log2(n), `S(${n}, ${k})`);
    }
    for (const n of [2, 10, 100, 400]) close(log2Bell(n), bell(n), 2 + Math.log2(n), `B_${n}`);
  });
});
