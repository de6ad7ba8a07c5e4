import { expect } from "chai";
import fc from "fast-check";
import {
  icbrtNumber, isqrtNumber, logIntegral, nextPrime, nthPrime, nthPrimeEstimate, previousPrime, primeFlagsInRange, primePi, primePiLmo, primesUpTo, riemannR,
} from "../../../domain/math/primes.js";

/* ---------- independent references ---------- */

function isPrimeTrial(m: number): boolean {
  if (m < 2) return false;
  for (let d = 2; d * d <= m; d++) if (m % d === 0) return false;
  return true;
}

/** π(v) for v ≤ LIMIT from a plain sieve of Eratosthenes over all numbers. */
const LIMIT = 4_000_000;
const PI_TABLE = (() => {
  const composite = new Uint8Array(LIMIT + 1);
  const pi = new Uint32Array(LIMIT + 1);
  let c = 0;
  for (let i = 2; i <= LIMIT; i++) {
    if (!composite[i]) {
      c++;
      for (let j = i * i; j <= LIMIT; j += i) composite[j] = 1;
    }
    pi[i] = c;
  }
  return pi;
})();

function isPrimeBig(n: bigint): boolean {
  if (n < 2n) return false;
  for (const p of [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n]) if (n % p === 0n) return n === p;
  let d = n - 1n, s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  const pow = (b: bigint, e: bigint): bigint => {
    let r = 1n;
    b %= n;
    while (e > 0n) {
      if (e & 1n) r = (r * b) % n;
      b = (b * b) % n;
      e >>= 1n;
    }
    return r;
  };
  // deterministic for n < 3.3·10^24 (bases 2..41)
  return [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n].every((a) => {
    let x = pow(a, d);
    if (x === 1n || x === n - 1n) return true;
    for (let i = 1; i < s; i++) {
      x = (x * x) % n;
      if (x === n - 1n) return true;
    }
    return false;
  });
}

describe("domain/math/primes", () => {
  it("primesUpTo agrees with trial division, including the edges", () => {
    for (const limit of [0, 1, 2, 3, 4, 5, 10, 11, 97, 100, 1000]) {
      const expected = Array.from({ length: limit + 1 }, (_, i) => i).filter(isPrimeTrial);
      expect([...primesUpTo(limit)], `limit ${limit}`).to.deep.equal(expected);
    }
    expect(primesUpTo(LIMIT).length).to.equal(PI_TABLE[LIMIT]);
  });

  it("isqrtNumber and icbrtNumber are exact floors, also next to perfect powers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 26 }), fc.integer({ min: -2, max: 2 }), (r, d) => {
        const x = Math.max(0, r * r + d);
        const s = isqrtNumber(x);
        expect(s * s <= x && (s + 1) * (s + 1) > x, `√${x}`).to.equal(true);
      }),
      { numRuns: 400, seed: 1 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 160_000 }), fc.integer({ min: -2, max: 2 }), (r, d) => {
        const x = Math.max(0, r * r * r + d);
        const c = icbrtNumber(x);
        expect(c ** 3 <= x && (c + 1) ** 3 > x, `∛${x}`).to.equal(true);
      }),
      { numRuns: 400, seed: 2 },
    );
  });

  it("primeFlagsInRange marks exactly the primes of random intervals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LIMIT - 5000 }), fc.integer({ min: 0, max: 4000 }), (lo, w) => {
        const flags = primeFlagsInRange(lo, lo + w);
        let count = 0;
        for (let i = 0; i < flags.length; i++) count += flags[i]!;
        expect(count, `[${lo}, ${lo + w}]`).to.equal(PI_TABLE[lo + w]! - (lo > 0 ? PI_TABLE[lo - 1]! : 0));
        for (let i = 0; i < flags.length; i += 97) expect(flags[i] === 1, `${lo + i}`).to.equal(isPrimeTrial(lo + i));
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it("primePiLmo equals the sieve count for every α ≥ 1, on random x and on squares, cubes and prime powers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: LIMIT }), fc.double({ min: 1, max: 30, noNaN: true }), (x, alpha) => {
        expect(primePiLmo(x, {}, alpha), `x = ${x}, α = ${alpha}`).to.equal(PI_TABLE[x]);
      }),
      { numRuns: 300, seed: 4 },
    );
    const special: number[] = [];
    for (const p of [31, 37, 101, 127, 499, 997, 1009, 1999]) for (const d of [-1, 0, 1]) special.push(p * p + d);
    for (const r of [10, 11, 13, 50, 99, 127, 150]) for (const d of [-1, 0, 1]) special.push(r ** 3 + d);
    special.push(30030, 30031, 510510, 999_983, 1_000_000, LIMIT);
    for (const x of special.filter((v) => v >= 1000 && v <= LIMIT)) {
      for (const alpha of [1, 2.5, 9]) expect(primePiLmo(x, {}, alpha), `x = ${x}, α = ${alpha}`).to.equal(PI_TABLE[x]);
    }
  });

  it("primePi at larger x is independent of α and matches published values", () => {
    // π(10^k) (OEIS A006880)
    const known: [number, number][] = [[1e7, 664579], [1e8, 5761455], [1e9, 50847534], [1e10, 455052511]];
    for (const [x, v] of known) expect(primePi(x), `π(${x})`).to.equal(v);
    const x = 3_141_592_653;
    expect(primePiLmo(x, {}, 2)).to.equal(primePiLmo(x, {}, 17));
    expect(primePi(0)).to.equal(0);
    expect(primePi(1)).to.equal(0);
    expect(primePi(2)).to.equal(1);
  });

  it("primePi reports monotone progress and stops when the checkpoint throws", () => {
    const seen: number[] = [];
    primePi(1e11, { progress: (d) => seen.push(d) });
    expect(seen.length).to.be.greaterThan(2);
    expect(seen).to.deep.equal([...seen].sort((a, b) => a - b));
    let calls = 0;
    expect(() => primePi(1e11, { checkpoint: () => { if (++calls > 3) throw new Error("stop"); } })).to.throw("stop");
  });

  it("li and Riemann's R are accurate; the p_n estimate is close", () => {
    expect(logIntegral(1e6)).to.be.closeTo(78627.5491594622, 1e-6);
    expect(riemannR(1e9)).to.be.closeTo(50847455.4277, 0.05); // truncated series: an estimate, used only as a starting point
    for (const n of [1e5, 1e7, 1e9]) {
      const est = nthPrimeEstimate(n);
      const p = nthPrime(n);
      expect(Math.abs(est - p) / p, `n = ${n}`).to.be.lessThan(1e-3);
    }
  });

  it("nthPrime inverts primePi (forward and backward from the estimate)", () => {
    for (let n = 1; n <= 2000; n++) {
      const p = nthPrime(n);
      expect(PI_TABLE[p], `p_${n}`).to.equal(n);
      expect(PI_TABLE[p - 1], `p_${n}`).to.equal(n - 1);
    }
    fc.assert(
      fc.property(fc.integer({ min: 10_001, max: PI_TABLE[LIMIT]! }), (n) => {
        const p = nthPrime(n);
        expect(PI_TABLE[p] === n && PI_TABLE[p - 1] === n - 1, `p_${n} = ${p}`).to.equal(true);
      }),
      { numRuns: 40, seed: 5 },
    );
    // well above the sieve table: π(p_n) = n, p_n prime
    for (const n of [123_456_789, 987_654_321]) {
      const p = nthPrime(n);
      expect(isPrimeBig(BigInt(p))).to.equal(true);
      expect(primePi(p)).to.equal(n);
      expect(primePi(p - 1)).to.equal(n - 1);
    }
  });

  it("nextPrime / previousPrime agree with the sieve below the table limit", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: LIMIT - 200 }), (n) => {
        const next = Number(nextPrime(BigInt(n)).prime);
        expect(next > n && isPrimeTrial(next) && PI_TABLE[next - 1] === (n < 0 ? 0 : PI_TABLE[n]), `next(${n})`).to.equal(true);
        const prev = previousPrime(BigInt(n));
        if (n <= 2) expect(prev).to.equal(undefined);
        else expect(Number(prev!.prime) < n && isPrimeTrial(Number(prev!.prime)) && PI_TABLE[Number(prev!.prime)] === PI_TABLE[n - 1], `prev(${n})`).to.equal(true);
      }),
      { numRuns: 500, seed: 6 },
    );
  });

  it("nextPrime / previousPrime above 2^40: consecutive primes with only composites between them", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n ** 40n, max: 2n ** 80n }), (n) => {
        const next = nextPrime(n);
        const prev = previousPrime(n)!;
        expect(isPrimeBig(next.prime) && isPrimeBig(prev.prime)).to.equal(true);
        expect(next.status).to.equal("PROVEN");
        for (let m = prev.prime + 1n; m < next.prime; m++) if (m !== n) expect(isPrimeBig(m), `${m} between`).to.equal(false);
        expect(prev.prime < n && next.prime > n).to.equal(true);
      }),
      { numRuns: 60, seed: 7 },
    );
    const big = 10n ** 40n;
    expect(nextPrime(big).status).to.equal("PROBABLE");
  });
});
