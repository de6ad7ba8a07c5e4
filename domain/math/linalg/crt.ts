/**
 * Chinese remaindering of residues modulo word-size primes, and rational reconstruction.
 */
import { abs, gcd, isqrt } from "../integer.js";
import { invModW } from "./wordsize.js";

/**
 * Incremental CRT (Garner): after add(r_i, p_i) for distinct primes, `value` ≡ r_i mod p_i with
 * 0 ≤ value < modulus = ∏ p_i. Residues are combined two primes at a time in doubles first
 * (p_i·p_j < 2^52), halving the bigint steps.
 */
export class Crt {
  value = 0n;
  modulus = 1n;
  count = 0;
  private pending: { r: number; p: number } | undefined;

  add(r: number, p: number): void {
    this.count++;
    if (!this.pending) { this.pending = { r, p }; return; }
    const { r: r1, p: p1 } = this.pending;
    this.pending = undefined;
    // x ≡ r1 (p1), x ≡ r (p): x = r1 + p1·((r − r1)·p1⁻¹ mod p) < p1·p < 2^52
    const t = redMul(((r - (r1 % p)) % p + p) % p, invModW(p1 % p, p), p);
    this.combine(BigInt(r1 + p1 * t), BigInt(p1 * p));
  }

  private combine(r: bigint, q: bigint): void {
    if (this.modulus === 1n) { this.value = r; this.modulus = q; return; }
    const vm = this.value % q;
    const mInv = modInvBig(this.modulus % q, q);
    let t = ((r - vm) * mInv) % q;
    if (t < 0n) t += q;
    this.value += this.modulus * t;
    this.modulus *= q;
  }

  /** Fold in a pending single residue (call before reading value/modulus). */
  flush(): this {
    if (this.pending) {
      const { r, p } = this.pending;
      this.pending = undefined;
      this.combine(BigInt(r), BigInt(p));
    }
    return this;
  }

  /** The representative in (−modulus/2, modulus/2]. */
  symmetric(): bigint {
    this.flush();
    return 2n * this.value > this.modulus ? this.value - this.modulus : this.value;
  }
}

function redMul(a: number, b: number, p: number): number {
  const x = a * b;
  const r = x - Math.floor(x / p) * p;
  return r < 0 ? r + p : r >= p ? r - p : r;
}

function modInvBig(a: bigint, m: bigint): bigint {
  let [r0, r1, t0, t1] = [m, ((a % m) + m) % m, 0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  if (r0 !== 1n) throw new RangeError("not invertible");
  return t0 < 0n ? t0 + m : t0;
}

/**
 * Rational reconstruction: the unique n/d with |n| ≤ N, 0 < d ≤ D, n ≡ d·u (mod m), gcd(n, d) = 1,
 * when 2·N·D < m (Wang's bounds); undefined when none exists. Default N = D = ⌊√(m/2)⌋.
 */
export function rationalReconstruct(u: bigint, m: bigint, N?: bigint, D?: bigint): { num: bigint; den: bigint } | undefined {
  const bound = N ?? isqrt(m / 2n);
  const dBound = D ?? bound;
  let r0 = m, r1 = ((u % m) + m) % m;
  let t0 = 0n, t1 = 1n;
  while (r1 > bound) {
    const q = r0 / r1;
    const r2 = r0 - q * r1; r0 = r1; r1 = r2;
    const t2 = t0 - q * t1; t0 = t1; t1 = t2;
  }
  if (t1 === 0n || abs(t1) > dBound) return undefined;
  let num = r1, den = t1;
  if (den < 0n) { num = -num; den = -den; }
  if (gcd(num, den) !== 1n) return undefined;
  return { num, den };
}

/**
 * CRT of a whole vector of residues at once (Garner, primes paired in doubles as in Crt): the
 * inverse of the running modulus is computed once per pair of primes for all entries.
 */
export class VectorCrt {
  readonly values: bigint[];
  modulus = 1n;
  count = 0;
  private pending: { r: Float64Array; p: number } | undefined;

  constructor(readonly size: number) {
    this.values = new Array<bigint>(size).fill(0n);
  }

  add(r: Float64Array, p: number): void {
    this.count++;
    if (!this.pending) { this.pending = { r: Float64Array.from(r), p }; return; }
    const { r: r1, p: p1 } = this.pending;
    this.pending = undefined;
    const inv = invModW(p1 % p, p);
    const combined: bigint[] = new Array(this.size);
    for (let i = 0; i < this.size; i++) {
      const a = r1[i]!;
      const t = redMul((((r[i]! - (a % p)) % p) + p) % p, inv, p);
      combined[i] = BigInt(a + p1 * t);
    }
    this.combine(combined, BigInt(p1 * p));
  }

  private combine(r: bigint[], q: bigint): void {
    const v = this.values;
    if (this.modulus === 1n) {
      for (let i = 0; i < this.size; i++) v[i] = r[i]!;
      this.modulus = q;
      return;
    }
    const M = this.modulus;
    const mInv = modInvBig(M % q, q);
    for (let i = 0; i < this.size; i++) {
      let t = ((r[i]! - (v[i]! % q)) * mInv) % q;
      if (t < 0n) t += q;
      if (t !== 0n) v[i] = v[i]! + M * t;
    }
    this.modulus = M * q;
  }

  flush(): this {
    if (this.pending) {
      const { r, p } = this.pending;
      this.pending = undefined;
      this.combine(Array.from(r, (x) => BigInt(x)), BigInt(p));
    }
    return this;
  }

  /** Entry i in (−modulus/2, modulus/2]. */
  symmetric(i: number): bigint {
    const v = this.values[i]!;
    return 2n * v > this.modulus ? v - this.modulus : v;
  }
}
