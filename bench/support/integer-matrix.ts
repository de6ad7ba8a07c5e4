/** Random integer matrices for the lattice and normal-form workloads, and their renderings for each engine. */
import type { Prng } from "./prng.js";

export type IntRows = bigint[][];

/** Entries uniform in [−bound, bound]. */
export function smallIntegerRows(rng: Prng, rows: number, cols: number, bound: number): IntRows {
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => BigInt(rng.below(2 * bound + 1) - bound)));
}

/** Entries of magnitude below 2^bits with a random sign. */
export function signedBitRows(rng: Prng, rows: number, cols: number, bits: number): IntRows {
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => rng.signedBits(bits)));
}

export const wireInts = (m: IntRows): string[][] => m.map((r) => r.map(String));
/** A GP matrix literal (`matrix(r, c)` when empty). */
export const gpInts = (m: IntRows): string => (m.length && m[0]!.length ? `[${m.map((r) => r.join(", ")).join("; ")}]` : `matrix(${m.length}, ${m[0]?.length ?? 0})`);
export const pyInts = (m: IntRows): string[][] => wireInts(m);
/** GP's printed form of a matrix ("[1, 2; 3, 4]"). */
export const gpPrinted = (m: readonly (readonly (bigint | string)[])[]): string => `[${m.map((r) => r.join(", ")).join("; ")}]`;
