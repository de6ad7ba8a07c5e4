/**
 * Certificates for integer matrices that the checkers share: unimodularity (det = ±1) proven by
 * determinants modulo primes below 2^26 up to Hadamard's bound, and exact products.
 */
import { bitLength, product } from "../integer.js";
import { gaussianDeterminantModSmallPrime, hadamardBound, ResidueSource, smallModulus } from "../matrix.js";

export type UnimodularVerdict =
  | { unimodular: true; determinant: 1n | -1n; moduli: number; hadamardBits: number }
  | { unimodular: false; prime: number; residue: number; reason: string };

/**
 * Decide det(U) ∈ {1, −1} for a square integer matrix. det(U) mod p is computed for consecutive
 * primes p < 2^26; a residue that is neither 1 nor p − 1, or residues that disagree on the sign,
 * prove det ≠ ±1 (a counterexample); agreement with s ∈ {±1} modulo primes whose product M exceeds
 * H + 1 (H Hadamard's bound) proves det = s, since |det − s| ≤ H + 1 < M.
 */
export function checkUnimodular(U: bigint[][], tick: () => void = () => {}): UnimodularVerdict {
  const n = U.length;
  if (n === 0) return { unimodular: true, determinant: 1n, moduli: 0, hadamardBits: 0 };
  const H = hadamardBound(U);
  const target = H + 2n;
  const src = new ResidueSource(U);
  let sign: 1 | -1 | 0 = 0;
  let M = 1n;
  let k = 0;
  for (; M <= target; k++) {
    tick();
    const p = smallModulus(k);
    const d = gaussianDeterminantModSmallPrime(src.reduce(p), p);
    const s = d === 1 ? 1 : d === p - 1 ? -1 : 0;
    if (s === 0) return { unimodular: false, prime: p, residue: d, reason: `det ≡ ${d} (mod ${p}), neither 1 nor −1` };
    if (sign !== 0 && s !== sign) return { unimodular: false, prime: p, residue: d, reason: `det ≡ ${s} (mod ${p}) but ≡ ${sign} modulo an earlier prime, so det is not ±1` };
    sign = s;
    M *= BigInt(p);
  }
  return { unimodular: true, determinant: sign === -1 ? -1n : 1n, moduli: k, hadamardBits: bitLength(H) };
}

export { product };

/** A·B over ZZ. */
export function mulInt(A: readonly (readonly bigint[])[], B: readonly (readonly bigint[])[], colsB = B.length ? B[0]!.length : 0): bigint[][] {
  return A.map((ai) => {
    const row: bigint[] = new Array(colsB).fill(0n);
    for (let t = 0; t < ai.length; t++) {
      const v = ai[t]!;
      if (v === 0n) continue;
      const bt = B[t]!;
      for (let j = 0; j < colsB; j++) if (bt[j] !== 0n) row[j] += v * bt[j]!;
    }
    return row;
  });
}

/** First (i, j) where A ≠ B, or undefined. */
export function firstDifference(A: readonly (readonly bigint[])[], B: readonly (readonly bigint[])[]): [number, number] | undefined {
  for (let i = 0; i < A.length; i++) for (let j = 0; j < A[i]!.length; j++) if (A[i]![j] !== B[i]?.[j]) return [i, j];
  return undefined;
}
