/**
 * Runs arktype in jitless mode: validators are interpreted instead of compiled with
 * `new Function`, so no code is generated at run time anywhere in the process (house rule), and
 * start-up is faster (no JIT compilation of ~100 operation schemas). Must be imported before the
 * first import of "arktype": every entry point (CLI, API, worker, test runner) imports it first.
 */
import { configure } from "arktype/config";

/*
 * `onUndeclaredKey: "reject"` makes every object type of the process refuse undeclared keys at
 * every depth — the boundary rule of the contract — so no schema needs its own deep
 * `onDeepUndeclaredKey` pass (which rebuilt each type once more at start-up). The catalog test
 * "every shipped request and result schema rejects undeclared keys at every depth" holds it.
 */
/*
 * `clone`: arktype copies the input before applying morphs. Its default deep copy reads every
 * property descriptor of every object; payloads are JSON data (plain objects and arrays of
 * strings, numbers, booleans), for which this copy is the same but takes a fast path — measured on
 * polynomial.gcd.compute with two 501-term operands: 18 ms of the call's main-thread time in the
 * default copy. Anything else is copied as arktype does: dates copied, other built-in objects
 * (Map, typed arrays…) kept, other prototypes kept with their own properties copied.
 */
configure({ jitless: true, onUndeclaredKey: "reject", clone: jsonFastClone });

function jsonFastClone<T>(input: T): T {
  return copy(input, new Map()) as T;
}

function copy(input: unknown, seen: Map<object, unknown>): unknown {
  if (typeof input !== "object" || input === null) return input;
  const hit = seen.get(input);
  if (hit !== undefined) return hit;
  if (Array.isArray(input)) {
    if (Object.getPrototypeOf(input) !== Array.prototype) return copyGeneric(input, seen);
    const out = new Array<unknown>(input.length);
    seen.set(input, out);
    for (let i = 0; i < input.length; i++) out[i] = copy(input[i], seen);
    return out;
  }
  if (Object.getPrototypeOf(input) !== Object.prototype) return copyGeneric(input, seen);
  const out: Record<string, unknown> = {};
  seen.set(input, out);
  for (const k of Object.keys(input)) {
    const d = Object.getOwnPropertyDescriptor(input, k)!;
    if (d.get || d.set) return copyGeneric(input, seen); // accessors are kept, not invoked
    out[k] = copy(d.value, seen);
  }
  return out;
}

function copyGeneric(input: object, seen: Map<object, unknown>): unknown {
  const ctor = (input as { constructor?: unknown }).constructor;
  if (input instanceof Date) return new Date(input.getTime());
  if (typeof ctor === "function" && ctor !== Object && ctor !== Array && /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(ctor))) return input;
  const out = Array.isArray(input) ? input.slice() : Object.create(Object.getPrototypeOf(input));
  seen.set(input, out);
  const ds = Object.getOwnPropertyDescriptors(input);
  for (const k of Object.keys(ds)) {
    const d = ds[k]!;
    if ("get" in d || "set" in d) continue;
    d.value = copy(d.value, seen);
  }
  Object.defineProperties(out, ds);
  return out;
}
