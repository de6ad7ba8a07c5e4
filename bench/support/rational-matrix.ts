/** Random rational matrices for the linear-algebra workloads: numerators in [−99, 99], denominators in [1, 9]. */
import type { Prng } from "./prng.js";

export type RatRows = [num: number, den: number][][];

export function randomRationalRows(rng: Prng, rows: number, cols: number): RatRows {
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => [rng.below(199) - 99, 1 + rng.below(9)] as [number, number]));
}

export const wireRows = (m: RatRows): string[][] => m.map((r) => r.map(([p, q]) => (q === 1 ? String(p) : `${p}/${q}`)));
export const gpRows = (m: RatRows): string => `[${m.map((r) => r.map(([p, q]) => `${p}/${q}`).join(", ")).join("; ")}]`;
export const pyRows = (m: RatRows): [number, number][][] => m;

/** Sum of canonical rational strings "p/q" / "p", as a canonical string (the compared result of an RREF). */
export function sumRationalStrings(xs: readonly string[]): string {
  let num = 0n, den = 1n;
  for (const x of xs) {
    const [p, q = "1"] = x.split("/");
    const a = BigInt(p!), b = BigInt(q);
    num = num * b + a * den;
    den *= b;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  }
  return den === 1n ? num.toString() : `${num}/${den}`;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b) [a, b] = [b, a % b];
  return a;
}
