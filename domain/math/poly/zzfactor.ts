/** Factorization over ZZ and QQ (placeholder until the Zassenhaus / van Hoeij code lands). */
export function factorOverIntegers(_f: bigint[]): never {
  throw new Error("not yet implemented");
}
export function factorOverRationals(_f: unknown): never {
  throw new Error("not yet implemented");
}
