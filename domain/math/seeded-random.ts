/**
 * A small deterministic PRNG for the randomised factoring methods (ECM curve choice, SIQS
 * polynomial choice). Seeded explicitly, so every factorization is reproducible run to run.
 * splitmix32-style: a Weyl sequence with a 32-bit avalanche mix; ample for choosing curves and
 * factor-base subsets (not for cryptography).
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A seed derived from an integer and a label (e.g. n and the method name). */
  static forInteger(n: bigint, label: string): SeededRandom {
    let h = 0x811c9dc5;
    const s = (n & 0xffffffffffffffffn).toString(16) + ":" + label;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    return new SeededRandom(h);
  }

  nextU32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  /** Uniform integer in [0, n) for 1 ≤ n ≤ 2^32 (rejection sampling, no modulo bias). */
  below(n: number): number {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = this.nextU32();
      if (x < limit) return x % n;
    }
  }
}
