/**
 * Interned arrays: long arrays whose elements repeat a few shared objects (a graph's edge weights:
 * 10^6 edges, a few hundred distinct rationals) remember their distinct elements and each element's
 * position among them. Bulk passes then work per distinct element and read one Int32Array instead
 * of looking every element up by identity in a Map: scaling the weights to integers, the sign
 * check, the canonical encoding of a request, and the transfer to a pool worker (which rebuilds
 * the array interned on the other side).
 *
 * The index is attached weakly to the array object; an interned array must not be written to after
 * it is built (parsed values are immutable; the type says readonly).
 */

/** The distinct elements of an interned array (each occurs in it) and, per element, its position in `table`. */
export interface InternIndex<T> {
  readonly table: readonly T[];
  readonly index: Int32Array;
}

const INDEX = new WeakMap<readonly unknown[], InternIndex<unknown>>();

/** The array `table[index[i]]` (i = 0 … index.length − 1), registered as interned. */
export function internedArray<T>(table: readonly T[], index: Int32Array): readonly T[] {
  // A preallocated array filled in order stays a packed array here and is the cheapest to build.
  const out = new Array<T>(index.length);
  for (let i = 0; i < index.length; i++) out[i] = table[index[i]!]!;
  INDEX.set(out, { table, index });
  return out;
}

/** The intern index of an array built by `internedArray`, or undefined. */
export function internIndex<T>(a: readonly T[]): InternIndex<T> | undefined {
  return INDEX.get(a) as InternIndex<T> | undefined;
}
