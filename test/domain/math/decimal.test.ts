import { expect } from "chai";
import fc from "fast-check";
import { decimalString, parseDecimal, reuseDecimalString } from "../../../domain/math/decimal.js";

/** A random integer of exactly `bits` bits from 32-bit chunks (fast-check's bigInt is slow at this size). */
function randomBits(bits: number, seed: number): bigint {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>>= 0);
  };
  let x = 1n;
  for (let b = 1; b < bits; b += 32) x = (x << BigInt(Math.min(32, bits - b))) | BigInt(next() >>> (32 - Math.min(32, bits - b)));
  return x;
}

describe("decimal strings of large integers (divide and conquer by powers of 5 with Barrett reciprocals, remainders modulo 2^w)", function () {
  this.timeout(120_000);

  it("agrees with BigInt.prototype.toString on random integers from 1 to 700,000 bits, both signs", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 700_000 }), fc.integer(), fc.boolean(), (bits, seed, negative) => {
        const x = (negative ? -1n : 1n) * randomBits(bits, seed);
        expect(decimalString(x)).to.equal(x.toString());
      }),
      { numRuns: 60 },
    );
  });

  it("agrees on the edges of every split: 10^e and 10^e ± 1, 5^e·2^f ± 1, runs of nines and of zeros, digit counts at each level boundary", () => {
    const cases: bigint[] = [];
    // The splits are at h = 256·2^j digits and the top level covers up to 2h digits; below about
    // 1,500 digits (5,000 bits) toString is used as is.
    for (let j = 0; j <= 8; j++) {
      const h = 256 * 2 ** j;
      for (const e of [h - 1, h, h + 1, 2 * h - 1, 2 * h, 2 * h + 1]) {
        if (e < 1400) continue;
        const t = 10n ** BigInt(e);
        cases.push(t, t - 1n, t + 1n, 5n ** BigInt(e) * 2n ** BigInt(e + 3) - 1n, 3n * t + 7n);
      }
    }
    // the two top levels a million-digit result uses, at their boundary only
    for (const e of [262_144, 524_288]) cases.push(10n ** BigInt(e) - 1n);
    const nines = 10n ** 30000n - 1n;
    cases.push(nines * 10n ** 25000n, nines * 10n ** 25000n + 10n ** 24999n, 10n ** 60000n + nines, 7n * 10n ** 100000n);
    // around the toString threshold, and powers of 2 (their digits are far from any structure of 10^h)
    for (const b of [4990, 4999, 5000, 5001, 5010, 8191, 8192, 65_536, 300_007]) cases.push(1n << BigInt(b), (1n << BigInt(b)) - 1n, (1n << BigInt(b)) + 1n);
    // quotients that are exactly at a power of 10 with the lower half all nines or all zeros
    for (const h of [512, 4096, 32_768]) {
      const t = 10n ** BigInt(h);
      cases.push(t * t - 1n, (t - 1n) * t, (t - 1n) * t + t - 1n, t * (t - 1n) + 1n, (t / 2n) * t - 1n);
    }
    for (const x of cases) {
      for (const v of [x, -x]) expect(decimalString(v), `a ${v.toString().length}-character value`).to.equal(v.toString());
    }
  });

  it("agrees on 600 random integers of 4,000 to 40,000 bits and on their neighbours with runs of nines or zeros below a random position", () => {
    let seed = 12345;
    for (let i = 0; i < 600; i++) {
      const bits = 4_000 + ((i * 7919) % 36_000);
      const x = randomBits(bits, seed++);
      expect(decimalString(x)).to.equal(x.toString());
      // values with long runs of nines or zeros below a random digit position
      const z = 10n ** BigInt(1 + (i % 997) * 7);
      for (const v of [x - (x % z) - 1n, x - (x % z)]) if (v > 0n) expect(decimalString(v)).to.equal(v.toString());
    }
  });

  it("reuseDecimalString returns the digits of the value asked for, whether or not the last conversion was of it", () => {
    const a = randomBits(90_000, 7), b = randomBits(90_000, 8);
    expect(decimalString(a)).to.equal(a.toString());
    expect(reuseDecimalString(a)).to.equal(a.toString()); // reused
    expect(reuseDecimalString(a)).to.equal(a.toString()); // converted anew (the memory is taken once)
    decimalString(a);
    expect(reuseDecimalString(b)).to.equal(b.toString()); // another value: converted
    expect(reuseDecimalString(12345n)).to.equal("12345");
  });

  it("parseDecimal equals BigInt(string) on random digit strings of 1 to 300,000 digits, both signs, with runs of zeros and nines at the split points", () => {
    let seed = 99;
    const digit = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return String.fromCharCode(48 + (seed % 10));
    };
    const lengths = [1, 9, 3999, 4000, 4001, 8192, 20_000, 65_537, 100_000, 300_000];
    for (let i = 0; i < 40; i++) lengths.push(1 + ((i * 104_729) % 150_000));
    for (const n of lengths) {
      for (const pattern of ["random", "zeros", "nines"]) {
        const body: string[] = ["1"];
        for (let i = 1; i < n; i++) body.push(pattern === "random" || i % 1000 < 500 ? digit() : pattern === "zeros" ? "0" : "9");
        const s = body.join("");
        expect(parseDecimal(s) === BigInt(s), `${n} digits, ${pattern}`).to.equal(true);
        expect(parseDecimal("-" + s) === -BigInt(s)).to.equal(true);
      }
    }
    for (const e of [4096, 8192, 16_384, 65_536]) {
      const t = 10n ** BigInt(e);
      for (const v of [t, t - 1n, t + 1n, t * 7n - 1n]) expect(parseDecimal(v.toString()) === v).to.equal(true);
    }
    expect(parseDecimal("0")).to.equal(0n);
  });
});
