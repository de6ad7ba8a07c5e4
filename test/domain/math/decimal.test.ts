import { expect } from "chai";
import fc from "fast-check";
import { decimalString, reuseDecimalString } from "../../../domain/math/decimal.js";

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

describe("decimal strings of large integers (divide and conquer by powers of 5 with Barrett reciprocals)", function () {
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
    // The splits are at h = 512·2^j digits and the top level covers up to 2h digits.
    for (let j = 0; j <= 7; j++) {
      const h = 512 * 2 ** j;
      for (const e of [h - 1, h, h + 1, 2 * h - 1, 2 * h, 2 * h + 1]) {
        if (e < 6000) continue; // below the threshold toString is used as is
        const t = 10n ** BigInt(e);
        cases.push(t, t - 1n, t + 1n, 5n ** BigInt(e) * 2n ** BigInt(e + 3) - 1n, 3n * t + 7n);
      }
    }
    // the two top levels a million-digit result uses, at their boundary only
    for (const e of [262_144, 524_288]) cases.push(10n ** BigInt(e) - 1n);
    const nines = 10n ** 30000n - 1n;
    cases.push(nines * 10n ** 25000n, nines * 10n ** 25000n + 10n ** 24999n, 10n ** 60000n + nines, 7n * 10n ** 100000n);
    for (const x of cases) {
      for (const v of [x, -x]) expect(decimalString(v), `a ${v.toString().length}-character value`).to.equal(v.toString());
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
});
