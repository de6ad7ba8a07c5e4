/**
 * Polynomial interpolation over any field given as a CoeffRing (QQ, GF(p), GF(p^k)): Newton's
 * divided differences, O(n²) field operations. Dense little-endian result, trimmed.
 *
 * Each level of divided differences divides by n − j differences of nodes; over finite fields
 * they are inverted together (Montgomery's trick: one inversion and 3(n − j) products a level),
 * since an inversion costs an extended gcd — n²/2 of them were 85 % of 1000 points over
 * GF(1000003). GF(p) with p < 2^26 runs on doubles (products exact below 2^52).
 */
import { domainError } from "../../errors.js";
import { invModP, SMALL_PRIME_LIMIT } from "./smallprime.js";
import type { CoeffRing } from "./types.js";

const coincide = (i: number, j: number): Error => domainError(`interpolation nodes ${i} and ${j} coincide`, `/points/${j}`, "the x-coordinates must be pairwise distinct");

/** interpolate over GF(p), p < 2^26, on residues as doubles. */
function interpolateSmallP(xs: readonly bigint[], ys: readonly bigint[], pb: bigint, checkpoint: () => void): bigint[] {
  const p = Number(pb), pinv = 1 / p, n = xs.length;
  // a·b mod p for residues (a·b < 2^52): a floating quotient estimate, off by at most one (fmod is ~4× slower).
  const mul = (a: number, b: number): number => {
    const t = a * b, r = t - Math.floor(t * pinv) * p;
    return r < 0 ? r + p : r >= p ? r - p : r;
  };
  const red = (v: bigint): number => Number(((v % pb) + pb) % pb);
  const x = xs.map(red), c = ys.map(red), pre = new Float64Array(n), d = new Float64Array(n);
  for (let j = 1; j < n; j++) {
    checkpoint();
    let acc = 1;
    for (let i = j; i < n; i++) {
      let di = x[i]! - x[i - j]!;
      if (di < 0) di += p;
      if (di === 0) throw coincide(i - j, i);
      d[i] = di;
      pre[i] = acc;
      acc = mul(acc, di);
    }
    let ia = invModP(acc, p);
    for (let i = n - 1; i >= j; i--) {
      const inv = mul(ia, pre[i]!);
      ia = mul(ia, d[i]!);
      let diff = c[i]! - c[i - 1]!;
      if (diff < 0) diff += p;
      c[i] = mul(diff, inv);
    }
  }
  // Horner on the Newton form, in place: poly ← poly·(x − x_i) + c_i.
  const poly = new Float64Array(n);
  let len = 0;
  if (n) (poly[0] = c[n - 1]!), (len = 1);
  for (let i = n - 2; i >= 0; i--) {
    if ((i & 63) === 0) checkpoint();
    const nxi = x[i] === 0 ? 0 : p - x[i]!;
    poly[len] = poly[len - 1]!;
    for (let k = len - 1; k >= 1; k--) {
      const v = poly[k - 1]! + mul(nxi, poly[k]!);
      poly[k] = v >= p ? v - p : v;
    }
    const v0 = mul(nxi, poly[0]!) + c[i]!;
    poly[0] = v0 >= p ? v0 - p : v0;
    len++;
  }
  while (len > 0 && poly[len - 1] === 0) len--;
  return Array.from(poly.subarray(0, len), (v) => BigInt(v));
}

/**
 * The unique polynomial of degree < n through the n points (xs[i], ys[i]); the xs must be
 * pairwise distinct (DOMAIN_ERROR naming the repeated pair otherwise).
 */
export function interpolate<T>(R: CoeffRing<T>, xs: readonly T[], ys: readonly T[], checkpoint: () => void = () => {}): T[] {
  const n = xs.length;
  if (ys.length !== n) throw new RangeError("interpolate: xs and ys differ in length");
  const F = R.ring as CoeffRing<T>["ring"] | undefined;
  if (F?.kind === "GF" && F.p < BigInt(SMALL_PRIME_LIMIT)) return interpolateSmallP(xs as unknown as bigint[], ys as unknown as bigint[], F.p, checkpoint) as unknown as T[];
  const c = ys.slice();
  // QQ inverts by swapping numerator and denominator: no batching there.
  const batch = R.characteristic > 0n;
  const pre = new Array<T>(n), d = new Array<T>(n);
  for (let j = 1; j < n; j++) {
    checkpoint();
    if (batch) {
      let acc = R.one;
      for (let i = j; i < n; i++) {
        d[i] = R.sub(xs[i]!, xs[i - j]!);
        if (R.isZero(d[i]!)) throw coincide(i - j, i);
        pre[i] = acc;
        acc = R.mul(acc, d[i]!);
      }
      let ia = R.inv(acc);
      for (let i = n - 1; i >= j; i--) {
        const inv = R.mul(ia, pre[i]!);
        ia = R.mul(ia, d[i]!);
        c[i] = R.mul(R.sub(c[i]!, c[i - 1]!), inv);
      }
      continue;
    }
    for (let i = n - 1; i >= j; i--) {
      const di = R.sub(xs[i]!, xs[i - j]!);
      if (R.isZero(di)) throw coincide(i - j, i);
      c[i] = R.mul(R.sub(c[i]!, c[i - 1]!), R.inv(di));
    }
  }
  // Horner on the Newton form: p = c[n−1]; p = p·(x − x_i) + c[i]
  let p: T[] = n ? [c[n - 1]!] : [];
  for (let i = n - 2; i >= 0; i--) {
    checkpoint();
    const next: T[] = new Array<T>(p.length + 1).fill(R.zero);
    const xi = xs[i]!;
    for (let k = 0; k < p.length; k++) {
      next[k + 1] = R.add(next[k + 1]!, p[k]!);
      next[k] = R.sub(next[k]!, R.mul(xi, p[k]!));
    }
    next[0] = R.add(next[0]!, c[i]!);
    p = next;
  }
  let len = p.length;
  while (len > 0 && R.isZero(p[len - 1]!)) len--;
  p.length = len;
  return p;
}
