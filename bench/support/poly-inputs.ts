/** Inputs shared by the polynomial workloads (issue 9): random integer polynomials and Swinnerton-Dyer polynomials. */
import { mul } from "../../domain/math/poly/zz.js";
import type { Prng } from "./prng.js";

/** A random integer polynomial of exact degree `deg` with signed coefficients below 2^bits. */
export function randomZZPoly(rng: Prng, deg: number, bits: number, monic = false): bigint[] {
  const c = (): bigint => {
    let v = 0n;
    for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(rng.below(65536));
    v &= (1n << BigInt(bits)) - 1n;
    return rng.below(2) ? -v : v;
  };
  const a = Array.from({ length: deg + 1 }, c);
  if (monic) a[deg] = 1n;
  while (a[deg] === 0n) a[deg] = c();
  return a;
}

/** Swinnerton-Dyer S_k = Π (x ± √2 ± √3 ± … ± √p_k) (degree 2^k, irreducible), built as A² − p·B². */
export function swinnertonDyer(k: number): bigint[] {
  const ps = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n];
  let S: bigint[] = [-2n, 0n, 1n];
  const binom = (a: number, b: number): bigint => {
    let r = 1n;
    for (let i = 0; i < b; i++) r = (r * BigInt(a - i)) / BigInt(i + 1);
    return r;
  };
  for (let t = 1; t < k; t++) {
    const p = ps[t]!;
    const n = S.length - 1;
    const A = new Array<bigint>(n + 1).fill(0n), B = new Array<bigint>(n + 1).fill(0n);
    for (let m = 0; m <= n; m++) for (let i = m; i <= n; i++) {
      const c = binom(i, m) * S[i]!;
      if (m % 2 === 0) A[i - m]! += c * p ** BigInt(m / 2);
      else B[i - m]! -= c * p ** BigInt((m - 1) / 2);
    }
    const A2 = mul(A, A), B2 = mul(B, B);
    S = A2.map((c, i) => c - p * (B2[i] ?? 0n));
    while (S[S.length - 1] === 0n) S.pop();
  }
  return S;
}

/** "c0 + c1*x + …" in descending order for gp / SymPy ("x" variable). */
export function exprOf(f: readonly bigint[]): string {
  const parts: string[] = [];
  for (let i = f.length - 1; i >= 0; i--) if (f[i] !== 0n) parts.push(`(${f[i]})*x^${i}`);
  return parts.length ? parts.join(" + ") : "0";
}

export const gpPol = (f: readonly bigint[]): string => `Polrev([${f.join(",")}])`;
export { mul };
