/**
 * Polynomial interpolation over any field given as a CoeffRing (QQ, GF(p), GF(p^k)): Newton's
 * divided differences, O(n²) field operations. Dense little-endian result, trimmed.
 */
import { domainError } from "../../errors.js";
import type { CoeffRing } from "./types.js";

/**
 * The unique polynomial of degree < n through the n points (xs[i], ys[i]); the xs must be
 * pairwise distinct (DOMAIN_ERROR naming the repeated pair otherwise).
 */
export function interpolate<T>(R: CoeffRing<T>, xs: readonly T[], ys: readonly T[], checkpoint: () => void = () => {}): T[] {
  const n = xs.length;
  if (ys.length !== n) throw new RangeError("interpolate: xs and ys differ in length");
  const c = ys.slice();
  for (let j = 1; j < n; j++) {
    checkpoint();
    for (let i = n - 1; i >= j; i--) {
      const d = R.sub(xs[i]!, xs[i - j]!);
      if (R.isZero(d)) throw domainError(`interpolation nodes ${i - j} and ${i} coincide`, `/points/${i}`, "the x-coordinates must be pairwise distinct");
      c[i] = R.mul(R.sub(c[i]!, c[i - 1]!), R.inv(d));
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
