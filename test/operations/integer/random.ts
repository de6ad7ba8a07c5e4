/** Seeded random integers for the integer-pack tests (reproducible: every generator takes a seed). */

/** splitmix64 on bigints. */
export function rng(seed: number) {
  let state = BigInt.asUintN(64, BigInt(seed) * 0x9e3779b97f4a7c15n + 0x632be59bd9b4e019n);
  const next64 = (): bigint => {
    state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n);
    let z = state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  };
  const api = {
    /** Uniform in [0, 2^n). */
    bits(n: number): bigint {
      let v = 0n;
      for (let got = 0; got < n; got += 64) v = (v << 64n) | next64();
      return v & ((1n << BigInt(n)) - 1n);
    },
    /** Uniform integer in [lo, hi]. */
    int(lo: number, hi: number): number {
      return lo + Number(next64() % BigInt(hi - lo + 1));
    },
    /** A random integer with exactly d decimal digits (d ≥ 1), non-negative. */
    digits(d: number): bigint {
      const lo = d === 1 ? 0n : 10n ** BigInt(d - 1);
      const span = 10n ** BigInt(d) - lo;
      const bits = span.toString(2).length + 64;
      return lo + (api.bits(bits) % span);
    },
    /** The same with a random sign. */
    signedDigits(d: number): bigint {
      const v = api.digits(d);
      return api.int(0, 1) ? -v : v;
    },
    pick<T>(xs: readonly T[]): T {
      return xs[api.int(0, xs.length - 1)]!;
    },
  };
  return api;
}
