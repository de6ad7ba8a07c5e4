/**
 * The form in which parsed values cross to a pool worker and back. Structured cloning copies an
 * object graph node by node, writing and re-reading every property name: a 100×120 rational matrix
 * (12,000 `{ num, den }` objects) takes about 8 ms to clone and rebuild, a pair of degree-500
 * polynomials 2 ms — more than the rank or the gcd itself. `pack` rewrites the bulky parts of a value
 * into what the clone copies as flat memory, and `unpack` rebuilds the same value on the other side:
 * - an array of records with the same keys in the same order (rationals, polynomial terms, edges)
 *   becomes one column per key;
 * - a column of bigints that all fit in 64 signed bits becomes a BigInt64Array;
 * - a column of arrays of numbers of one length (exponent vectors) becomes one Float64Array;
 * everything else is copied member-wise (and cloned as before). The result of `unpack(pack(v))` is
 * structurally equal to `v` (same keys in the same order, same bigints, numbers, strings, undefined
 * members and holes), as a structured clone is. Object identity is kept where it matters, among the
 * elements of one long array: an array whose elements repeat a few objects (a graph's interned edge
 * weights: 10^6 edges, a few hundred distinct rationals) crosses as its distinct elements plus an
 * Int32Array of indices, and comes back sharing them as it left (code on the other side may key caches
 * by identity), as an interned array (domain/interned.ts; an array already interned crosses by its own
 * index, without a lookup per element); identity between other parts of one value is not kept (values are immutable once
 * parsed, and a clone already loses identity with everything outside the message).
 */

import { internedArray, internIndex } from "../../domain/interned.js";

/** Marks a packed node; a record that itself has this key is wrapped (`ESCAPED`). */
export const PACKED_TAG = "\u0000jacobian.packed";
const TAG = PACKED_TAG;
const RECORDS = 1;
const INT64 = 2;
const VECTORS = 3;
const ESCAPED = 4;
const SHARED = 5;

/** How many leading elements are looked at for a repeated object before an array is deduplicated. */
const SHARED_PROBE = 64;

/** Arrays shorter than this are copied as they are: packing pays off on bulk. */
const MIN_PACKED = 16;

const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;

type Packed = { [TAG]: typeof RECORDS; keys: string[]; cols: unknown[]; n: number } | { [TAG]: typeof INT64; data: BigInt64Array } | { [TAG]: typeof VECTORS; n: number; stride: number; data: Float64Array } | { [TAG]: typeof ESCAPED; value: Record<string, unknown> } | { [TAG]: typeof SHARED; table: unknown; index: Int32Array };

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The common keys of an array of plain records, in order, or undefined. */
function recordKeys(a: unknown[]): string[] | undefined {
  const first = a[0];
  if (typeof first !== "object" || first === null || Object.getPrototypeOf(first) !== Object.prototype) return undefined;
  const keys = Object.keys(first);
  if (!keys.length || keys.includes(TAG) || keys.includes("__proto__")) return undefined;
  for (let i = 1; i < a.length; i++) {
    const x = a[i];
    if (typeof x !== "object" || x === null || Object.getPrototypeOf(x) !== Object.prototype) return undefined;
    // for-in over a plain object lists its own enumerable string keys in order (Object.prototype
    // has none) without allocating an array per record
    let j = 0;
    for (const k in x) if (k !== keys[j++]) return undefined;
    if (j !== keys.length) return undefined;
  }
  return keys;
}

function allInt64(a: unknown[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (typeof x !== "bigint" || x < MIN_I64 || x > MAX_I64) return false;
  }
  return true;
}

/** The common length of an array of arrays of numbers, or -1. */
function vectorStride(a: unknown[]): number {
  const first = a[0];
  if (!Array.isArray(first)) return -1;
  const stride = first.length;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (!Array.isArray(x) || x.length !== stride) return -1;
    for (let j = 0; j < stride; j++) if (typeof x[j] !== "number") return -1;
  }
  return stride;
}

/**
 * An array of objects that repeat (at most half of its elements distinct) as its distinct elements and
 * an index per element, or undefined. Only probed when the first elements already repeat one.
 */
function packShared(a: unknown[]): Packed | undefined {
  // An interned array (a parsed graph's weights) knows its distinct elements and indices already.
  const known = internIndex(a);
  if (known && 2 * known.table.length <= a.length) return { [TAG]: SHARED, table: packArray(known.table as unknown[]), index: known.index };
  if (a.length < SHARED_PROBE * 2) return undefined;
  const probe = new Set<unknown>();
  for (let i = 0; i < SHARED_PROBE; i++) {
    const x = a[i];
    if (typeof x !== "object" || x === null || !(i in a)) return undefined;
    probe.add(x);
  }
  if (probe.size === SHARED_PROBE) return undefined;
  const at = new Map<unknown, number>();
  const table: unknown[] = [];
  const index = new Int32Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (typeof x !== "object" || x === null || !(i in a)) return undefined;
    let k = at.get(x);
    if (k === undefined) {
      k = table.length;
      if (2 * k >= a.length) return undefined;
      table.push(x);
      at.set(x, k);
    }
    index[i] = k;
  }
  return { [TAG]: SHARED, table: packArray(table), index };
}

/** Whether every element is a primitive (no objects, no holes): such a list packs and unpacks as itself. */
function primitives(a: unknown[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if ((typeof x === "object" && x !== null) || (x === undefined && !(i in a))) return false;
  }
  return true;
}

function packArray(a: unknown[]): unknown {
  if (a.length >= MIN_PACKED) {
    const shared = packShared(a);
    if (shared) return shared;
    const keys = recordKeys(a);
    if (keys) {
      const cols = keys.map((k) => {
        const col = new Array<unknown>(a.length);
        for (let i = 0; i < a.length; i++) col[i] = (a[i] as Record<string, unknown>)[k];
        return packArray(col);
      });
      return { [TAG]: RECORDS, keys, cols, n: a.length } satisfies Packed;
    }
    if (typeof a[0] === "bigint" && allInt64(a)) {
      const data = new BigInt64Array(a.length);
      for (let i = 0; i < a.length; i++) data[i] = a[i] as bigint;
      return { [TAG]: INT64, data } satisfies Packed;
    }
    const stride = vectorStride(a);
    if (stride >= 0) {
      const data = new Float64Array(a.length * stride);
      for (let i = 0; i < a.length; i++) {
        const x = a[i] as number[];
        for (let j = 0; j < stride; j++) data[i * stride + j] = x[j]!;
      }
      return { [TAG]: VECTORS, n: a.length, stride, data } satisfies Packed;
    }
  }
  // A list of primitives without holes (a graph's labels) clones as it is.
  if (primitives(a)) return a;
  const out = new Array<unknown>(a.length);
  // `in` keeps holes holes (a structured clone keeps them too)
  for (let i = 0; i < a.length; i++) if (i in a) out[i] = pack(a[i]);
  return out;
}

/** A value that clones cheaply and `unpack`s to one structurally equal to `v`. */
export function pack(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return packArray(v);
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = Object.getPrototypeOf(v) === null ? Object.create(null) : {};
  for (const k of Object.keys(v)) {
    const x = pack(v[k]);
    if (k === "__proto__") Object.defineProperty(out, k, { value: x, writable: true, enumerable: true, configurable: true });
    else out[k] = x;
  }
  return TAG in v ? ({ [TAG]: ESCAPED, value: out } satisfies Packed) : out;
}

function unpackArray(p: Packed & { [TAG]: typeof RECORDS | typeof INT64 | typeof VECTORS | typeof SHARED }): unknown[] {
  switch (p[TAG]) {
    case SHARED: {
      // Rebuilt interned, as a parsed graph's weights are on the calling side.
      return internedArray(unpack(p.table) as unknown[], p.index) as unknown[];
    }
    case INT64: {
      const d = p.data;
      const out = new Array<bigint>(d.length);
      for (let i = 0; i < d.length; i++) out[i] = d[i]!;
      return out;
    }
    case VECTORS: {
      const { n, stride, data } = p;
      const out = new Array<number[]>(n);
      for (let i = 0; i < n; i++) {
        const x = new Array<number>(stride);
        for (let j = 0; j < stride; j++) x[j] = data[i * stride + j]!;
        out[i] = x;
      }
      return out;
    }
    case RECORDS: {
      const cols = p.cols.map((c) => unpack(c) as unknown[]);
      const { keys, n } = p;
      const out = new Array<Record<string, unknown>>(n);
      // The two bulk shapes get an object literal each: one site per shape keeps V8's property
      // stores monomorphic (a shared generic site goes megamorphic, 10× slower per record).
      if (keys.length === 2 && keys[0] === "num" && keys[1] === "den") {
        const [num, den] = cols as [bigint[], bigint[]];
        for (let i = 0; i < n; i++) out[i] = { num: num[i], den: den[i] };
        return out;
      }
      if (keys.length === 2 && keys[0] === "exponents" && keys[1] === "coeff") {
        const [exponents, coeff] = cols as [unknown[], unknown[]];
        for (let i = 0; i < n; i++) out[i] = { exponents: exponents[i], coeff: coeff[i] };
        return out;
      }
      for (let i = 0; i < n; i++) {
        const o: Record<string, unknown> = {};
        for (let j = 0; j < keys.length; j++) o[keys[j]!] = cols[j]![i];
        out[i] = o;
      }
      return out;
    }
  }
}

/** The value `pack` was given (structurally). */
export function unpack(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    if (primitives(v)) return v;
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) if (i in v) out[i] = unpack(v[i]);
    return out;
  }
  if (!isPlainObject(v)) return v;
  const tag = (v as Partial<Packed>)[TAG];
  if (tag === RECORDS || tag === INT64 || tag === VECTORS || tag === SHARED) return unpackArray(v as Packed & { [TAG]: typeof RECORDS });
  const src = tag === ESCAPED ? (v as { value: Record<string, unknown> }).value : v;
  const out: Record<string, unknown> = Object.getPrototypeOf(src) === null ? Object.create(null) : {};
  for (const k of Object.keys(src)) {
    const x = unpack(src[k]);
    if (k === "__proto__") Object.defineProperty(out, k, { value: x, writable: true, enumerable: true, configurable: true });
    else out[k] = x;
  }
  return out;
}
