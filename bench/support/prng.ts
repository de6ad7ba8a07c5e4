/**
 * A small seeded PRNG so every engine gets identical, reproducible inputs.
 * Counter-based: state advances by the golden-ratio increment and each output is a 32-bit
 * avalanche mix of the state. Statistical quality is ample for benchmark inputs (not for crypto).
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Derive an independent stream from a seed and a label (e.g. the workload name). */
  static derive(seed: number, label: string): Prng {
    let h = (seed ^ 0x811c9dc5) >>> 0;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Prng(h);
  }

  nextU32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  /** Uniform integer in [0, n) for 1 <= n <= 2^32, by rejection (no modulo bias). */
  below(n: number): number {
    if (!(n >= 1 && n <= 2 ** 32 && Number.isInteger(n))) throw new RangeError(`below(${n})`);
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = this.nextU32();
      if (x < limit) return x % n;
    }
  }

  /** A uniformly random positive integer with exactly `digits` decimal digits, as a string. */
  decimalDigits(digits: number): string {
    if (!(digits >= 1 && Number.isInteger(digits))) throw new RangeError(`decimalDigits(${digits})`);
    const parts: string[] = [String(1 + this.below(9))];
    let left = digits - 1;
    while (left > 0) {
      const take = Math.min(9, left);
      parts.push(String(this.below(10 ** take)).padStart(take, "0"));
      left -= take;
    }
    return parts.join("");
  }

  /** A signed integer with magnitude uniform in [0, 2^bits) and a uniform random sign (bits <= 32). */
  signedBits(bits: number): bigint {
    const magnitude = bits === 32 ? this.nextU32() : this.below(2 ** bits);
    return (this.nextU32() & 1) === 1 ? -BigInt(magnitude) : BigInt(magnitude);
  }
}
