/**
 * Wire values that a kind's parser reads without writing to them or keeping any part of them (a
 * graph's vertex and edge lists become typed arrays and a fresh label array). While a request is
 * validated, such a parser marks its wire value here, and the copy the validator makes before its
 * morphs write parsed values (adapters/ark-config.ts) shares the marked value instead of copying it:
 * for a graph of 10^6 edges that is 10^6 arrays not allocated per call. Marks live only for one
 * validation (`withWireScope`, opened by the request schemas of operations/_support/kinds.ts around
 * their validation); outside a scope nothing is marked, so a validator called another way copies
 * everything as before.
 */
let scope: Set<object> | null = null;

/** Run one validation with its own (empty) set of read-only wire values. */
export function withWireScope<T>(f: () => T): T {
  const outer = scope;
  scope = new Set();
  try {
    return f();
  } finally {
    scope = outer;
  }
}

/** Mark `v` as read in place by its parser (no-op outside a validation scope). */
export function markReadInPlace(v: unknown): void {
  if (scope !== null && typeof v === "object" && v !== null) scope.add(v);
}

/** Whether `v` was marked in the current validation. */
export function isReadInPlace(v: object): boolean {
  return scope !== null && scope.has(v);
}
