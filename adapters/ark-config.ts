/**
 * Runs arktype in jitless mode: validators are interpreted instead of compiled with
 * `new Function`, so no code is generated at run time anywhere in the process (house rule), and
 * start-up is faster (no JIT compilation of ~100 operation schemas). Must be imported before the
 * first import of "arktype": every entry point (CLI, API, worker, test runner) imports it first.
 */
import { configure } from "arktype/config";
import { isReadInPlace } from "../domain/shared-wire.js";

/**
 * The copy arktype makes of a value before its morphs (the kind parsers) write their results into
 * it, so that a caller's payload and a stored value are never mutated. arktype's default deep clone
 * reads every property descriptor: about 4 µs per node, seconds for a graph of 10^6 edges. This one
 * copies plain objects and arrays member-wise (shared references stay shared — except short arrays
 * of primitives inside arrays, a graph's edges, and small records of those, polynomial terms, which
 * are copied without the bookkeeping: a shared one costs at most a few words per reference, while a
 * shared long row stays one copy —, own "__proto__"
 * keys stay data, other objects are kept as they are, Dates copied) at a few tens of ns per node.
 * Depth is bounded before any request is parsed (application/run.ts refuses nesting beyond 32).
 */
/** Arrays of at most this many primitives are copied per reference (no identity map). */
const SHORT = 8;

function isFlat(a: unknown[]): boolean {
  for (let j = 0; j < a.length; j++) {
    const x = a[j];
    if (x !== null && typeof x === "object") return false;
  }
  return true;
}

/**
 * A copy of a small record of primitives and short flat arrays (a polynomial term, a sparse
 * entry), or undefined for anything else. Such a record is copied per reference without the
 * identity map: a shared one costs at most SHORT·(SHORT + 1) members per reference, and skipping
 * the map halves the copy of 10^3–10^5 such records (measured: 1,000 terms 180 → 80 µs).
 */
function copyLeaf(v: object): Record<string, unknown> | undefined {
  if (Object.getPrototypeOf(v) !== Object.prototype) return undefined;
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const k in v) {
    if (++n > SHORT || k === "__proto__") return undefined;
    let x = (v as Record<string, unknown>)[k];
    if (typeof x === "object" && x !== null) {
      if (!Array.isArray(x) || x.length > SHORT || !isFlat(x)) return undefined;
      x = x.slice();
    }
    out[k] = x;
  }
  return out;
}

/** Thrown inside `cloneWire` when a value read in place is reached twice: then everything is copied. */
const ALIASED = Symbol("aliased");

/**
 * Values their kind's parser reads in place (domain/shared-wire.ts: a graph's wire object) are
 * shared, not copied — unless one is reached twice (the caller passed the same object in two
 * fields): another field's morphs might then write into it, so the whole request is copied instead.
 */
function cloneWire<T>(root: T): T {
  try {
    return cloneWith(root, true);
  } catch (e) {
    if (e !== ALIASED) throw e;
    return cloneWith(root, false);
  }
}

function cloneWith<T>(root: T, share: boolean): T {
  const seen = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (typeof v !== "object" || v === null) return v;
    const hit = seen.get(v);
    if (hit !== undefined) {
      if (share && hit === v && isReadInPlace(v)) throw ALIASED;
      return hit;
    }
    if (share && isReadInPlace(v)) {
      seen.set(v, v);
      return v;
    }
    if (Array.isArray(v)) {
      const out = v.slice();
      seen.set(v, out);
      for (let i = 0; i < out.length; i++) {
        const x: unknown = out[i];
        if (typeof x === "object" && x !== null) out[i] = Array.isArray(x) ? (x.length <= SHORT && isFlat(x) ? x.slice() : copy(x)) : (copyLeaf(x) ?? copy(x));
      }
      return out;
    }
    if (v instanceof Date) return new Date(v.getTime());
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
    seen.set(v, out);
    for (const k of Object.keys(v)) {
      const x = copy((v as Record<string, unknown>)[k]);
      if (k === "__proto__") Object.defineProperty(out, k, { value: x, writable: true, enumerable: true, configurable: true });
      else out[k] = x;
    }
    return out;
  };
  return copy(root) as T;
}

/*
 * `onUndeclaredKey: "reject"` makes every object type of the process refuse undeclared keys at
 * every depth — the boundary rule of the contract — so no schema needs its own deep
 * `onDeepUndeclaredKey` pass (which rebuilt each type once more at start-up). The catalog test
 * "every shipped request and result schema rejects undeclared keys at every depth" holds it.
 */
configure({ jitless: true, onUndeclaredKey: "reject", clone: cloneWire });
