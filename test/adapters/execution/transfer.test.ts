import { expect } from "chai";
import fc from "fast-check";
import { PACKED_TAG, pack, unpack } from "../../../adapters/execution/transfer.js";
import { internedArray, internIndex } from "../../../domain/interned.js";
import { parseGraphWire, type GraphLimits } from "../../../domain/math/graph/parse.js";
import { parsedRequest } from "../../support/parse.js";
import gcdCompute from "../../../operations/polynomial/gcd_compute.js";
import rankCompute from "../../../operations/matrix/rank_compute.js";

/**
 * Structural equality as a structured clone keeps it: same prototype class (plain object, null
 * prototype, array), same own keys in the same order, holes where there were holes, bigints by
 * value, numbers by Object.is (−0 and NaN), typed arrays by content. chai's deep equality does not
 * tell a hole from an undefined member, nor key order.
 */
function same(a: unknown, b: unknown, at = "v"): string | null {
  if (typeof a !== typeof b) return `${at}: ${typeof a} vs ${typeof b}`;
  if (typeof a !== "object" || a === null || b === null) return Object.is(a, b) ? null : `${at}: ${String(a)} vs ${String(b)}`;
  if (ArrayBuffer.isView(a)) {
    if (!ArrayBuffer.isView(b) || a.constructor !== b.constructor) return `${at}: typed array class`;
    const x = a as unknown as ArrayLike<unknown>, y = b as unknown as ArrayLike<unknown>;
    if (x.length !== y.length) return `${at}: length`;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return `${at}[${i}]`;
    return null;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs object`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: prototype`;
  if (Array.isArray(a)) {
    const y = b as unknown[];
    if (a.length !== y.length) return `${at}: length ${a.length} vs ${y.length}`;
    for (let i = 0; i < a.length; i++) {
      if (i in a !== i in y) return `${at}[${i}]: hole vs member`;
      const d = same(a[i], y[i], `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const ka = Object.keys(a), kb = Object.keys(b as object);
  if (ka.join("\u0001") !== kb.join("\u0001")) return `${at}: keys ${JSON.stringify(ka)} vs ${JSON.stringify(kb)}`;
  for (const k of ka) {
    const d = same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    if (d) return d;
  }
  return null;
}

/** pack → a real structured clone (what postMessage does) → unpack. */
const roundTrip = (v: unknown): unknown => unpack(structuredClone(pack(v)));

/**
 * Both directions of the contract: unpack(pack(v)) is v, and across a clone the value arrives as a
 * structured clone of v itself would (which, for one, gives null-prototype objects Object.prototype).
 */
function check(v: unknown): string | null {
  return same(v, unpack(pack(v)), "direct") ?? same(structuredClone(v), roundTrip(v), "cloned");
}

/** Keys that collide with the format's own names, the tag itself and JS's special key. */
const KEY = fc.oneof(fc.constantFrom(PACKED_TAG, "__proto__", "num", "den", "exponents", "coeff", "keys", "cols", "n", "data", "stride", "value", "0", "1", "length"), fc.string({ maxLength: 4 }));
const BIG = fc.oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }), fc.constantFrom(2n ** 63n, -(2n ** 63n) - 1n, 2n ** 64n, 0n, -1n));
const LEAF = fc.oneof(BIG, fc.double(), fc.integer(), fc.string({ maxLength: 6 }), fc.boolean(), fc.constant(null), fc.constant(undefined));

/** An object built key by key (own "__proto__" keys stay data, as JSON.parse makes them), plain or null-prototype. */
function objectOf(entries: [string, unknown][], nullProto: boolean): Record<string, unknown> {
  const o: Record<string, unknown> = nullProto ? Object.create(null) : {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  return o;
}

const { value: VALUE } = fc.letrec<{ value: unknown; bulk: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    LEAF,
    tie("bulk"),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.sparseArray(tie("value"), { maxLength: 20 }),
    fc.tuple(fc.array(fc.tuple(KEY, tie("value")), { maxLength: 5 }), fc.boolean()).map(([e, n]) => objectOf(e, n)),
  ),
  // Arrays long enough to be packed: records of one key list (nested values inside), bigint and
  // number columns, exponent vectors (stride 0 included), and near misses of each.
  bulk: fc.oneof(
    fc.tuple(fc.uniqueArray(KEY, { minLength: 1, maxLength: 3 }), fc.integer({ min: 16, max: 40 })).chain(([keys, n]) =>
      fc.array(fc.tuple(...keys.map(() => tie("value"))).map((vals) => objectOf(keys.map((k, i) => [k, vals[i]]), false)), { minLength: n, maxLength: n }),
    ),
    fc.array(fc.record({ num: BIG, den: BIG }), { minLength: 16, maxLength: 40 }),
    fc.array(fc.record({ exponents: fc.array(fc.nat(), { minLength: 2, maxLength: 2 }), coeff: BIG }), { minLength: 16, maxLength: 40 }),
    fc.array(BIG, { minLength: 16, maxLength: 40 }),
    fc.array(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { minLength: 16, maxLength: 40 }),
    fc.integer({ min: 0, max: 3 }).chain((stride) => fc.array(fc.array(fc.double(), { minLength: stride, maxLength: stride }), { minLength: 16, maxLength: 40 })),
    fc.sparseArray(BIG, { minNumElements: 16, maxLength: 40 }),
  ),
}));

describe("adapters/execution/transfer: the pool's transfer form", () => {
  it("unpack(structuredClone(pack(v))) is v, structurally: keys in order, holes, bigints beyond 64 bits, nested records, keys named like the tag", () => {
    fc.assert(
      fc.property(VALUE, (v) => {
        const d = check(v);
        if (d) throw new Error(d);
      }),
      { numRuns: 400 },
    );
  });

  it("bulk columns become flat typed arrays (what makes the clone cheap)", () => {
    const terms = Array.from({ length: 100 }, (_, i) => ({ exponents: [i, 2 * i], coeff: BigInt(i) * 1234567890123n }));
    const p = pack({ $kind: "polynomial", terms }) as { terms: { keys: string[]; cols: { data: unknown }[] } };
    expect(p.terms.keys).to.deep.equal(["exponents", "coeff"]);
    expect(p.terms.cols[0]!.data).to.be.instanceOf(Float64Array);
    expect(p.terms.cols[1]!.data).to.be.instanceOf(BigInt64Array);
    expect(check({ $kind: "polynomial", terms })).to.equal(null);
  });

  it("edge cases: a record whose key is the tag, empty vectors, a bigint one past 64 bits, holes in long arrays", () => {
    const tagged = Array.from({ length: 20 }, (_, i) => ({ [PACKED_TAG]: 1, cols: [i], keys: ["x"], n: 3 }));
    const cases: unknown[] = [
      { [PACKED_TAG]: 1, keys: ["a"], cols: [[1]], n: 1 },
      { [PACKED_TAG]: 4, value: { a: 1 } },
      tagged,
      Array.from({ length: 20 }, () => []),
      [...Array.from({ length: 19 }, (_, i) => BigInt(i)), 2n ** 63n],
      (() => {
        const a = new Array(30);
        a[3] = 1n;
        a[29] = { num: 1n, den: 2n };
        return a;
      })(),
      Object.create(null),
      JSON.parse('{"__proto__": {"x": 1}, "y": [1, 2]}'),
      Array.from({ length: 20 }, () => JSON.parse('{"__proto__": 1}')),
    ];
    for (const v of cases) expect(check(v), JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x))).to.equal(null);
  });

  it("parsed requests of real operations cross unchanged (polynomials, rational matrices)", () => {
    const terms = Array.from({ length: 60 }, (_, i) => ({ coefficient: String((i % 7) - 3 || 1) + "123456789012345678901234567890", exponents: [i] }));
    const poly = parsedRequest(gcdCompute, { left: { ring: "ZZ", variables: ["x"], terms }, right: { ring: "ZZ", variables: ["x"], expression: "x^20 - 3" } });
    expect(same(poly, roundTrip(poly))).to.equal(null);
    expect(same(poly, unpack(pack(poly)))).to.equal(null);
    const rows = Array.from({ length: 20 }, (_, i) => Array.from({ length: 20 }, (_, j) => `${(i * j) % 11 - 5}/${(i + j) % 4 + 1}`));
    const matrix = parsedRequest(rankCompute, { matrix: { ring: "QQ", rows } });
    expect(same(matrix, roundTrip(matrix))).to.equal(null);
    expect(same(matrix, unpack(pack(matrix)))).to.equal(null);
  });

  it("a big parsed graph's structure crosses by reference (shared memory), a small one's as a copy; both come back equal", () => {
    const limits: GraphLimits = { maxVertices: 1000, maxEdges: 100_000, weights: "allowed", directed: "either", loops: true, multi: true };
    for (const m of [100, 70_000]) {
      const vertices = Array.from({ length: 1000 }, (_, i) => `v${i}`);
      const edges = Array.from({ length: m }, (_, e) => [vertices[(e * 7919) % 1000]!, vertices[(e * 104_729) % 1000]!, String(e % 17)]);
      const g = parseGraphWire({ vertices, edges } as never, "payload.graph", limits);
      const back = unpack(structuredClone(pack({ graph: g }))) as { graph: typeof g };
      expect(same({ graph: g }, back)).to.equal(null);
      const shared = m >= 1 << 16;
      for (const k of ["src", "dst", "adjVertex", "adjEdge"] as const) {
        expect(back.graph[k].buffer instanceof SharedArrayBuffer, `${m} edges: ${k}`).to.equal(shared);
      }
      // Shared: the same memory on both sides (written here only to show it; graphs are never written).
      const before = g.src[0]!;
      back.graph.src[0] = before + 1;
      expect(g.src[0], `${m} edges`).to.equal(shared ? before + 1 : before);
    }
  });

  it("long arrays that repeat a few objects cross as a table and indices, and come back sharing them (a graph's interned weights)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.record({ num: BIG, den: BIG }), fc.array(fc.integer(), { maxLength: 3 }), fc.record({ [PACKED_TAG]: fc.nat() })), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 128, maxLength: 400 }),
        (pool, picks) => {
          const a = picks.map((i) => pool[i % pool.length]!);
          const packed = pack({ weight: a }) as { weight: { index?: Int32Array } };
          expect(packed.weight.index).to.be.instanceOf(Int32Array);
          expect(check({ weight: a })).to.equal(null);
          const back = (unpack(structuredClone(packed)) as { weight: unknown[] }).weight;
          for (let i = 1; i < a.length; i++) expect(back[i] === back[i - 1], `element ${i}`).to.equal(a[i] === a[i - 1]);
        },
      ),
      { numRuns: 60 },
    );
    // An interned array (a parsed graph's weights) crosses by its own index, even when its repeats
    // come late, and comes back interned: the same positions, sharing as it left.
    const table = Array.from({ length: 40 }, (_, i) => ({ num: BigInt(i - 20), den: BigInt(1 + (i % 3)) }));
    const index = Int32Array.from({ length: 300 }, (_, i) => (i < 40 ? i : (i * 7) % 40));
    const interned = internedArray(table, index) as unknown[];
    const crossed = pack({ weight: interned }) as { weight: { index?: Int32Array } };
    expect(crossed.weight.index).to.equal(index);
    const back = (unpack(structuredClone(crossed)) as { weight: unknown[] }).weight;
    expect(same(interned, back)).to.equal(null);
    expect([...internIndex(back)!.index]).to.deep.equal([...index]);
    for (let i = 0; i < back.length; i++) expect(back[i]).to.equal(internIndex(back)!.table[index[i]!]);
    // Distinct elements, or a repeat only after the probe, or a primitive among them: the plain forms.
    const distinct = Array.from({ length: 300 }, (_, i) => ({ num: BigInt(i), den: 1n }));
    expect((pack(distinct) as { index?: unknown }).index).to.equal(undefined);
    expect(check(distinct)).to.equal(null);
    const late = [...distinct.slice(0, 100), ...Array.from({ length: 200 }, () => distinct[0]!)];
    expect((pack(late) as { index?: unknown }).index).to.equal(undefined);
    expect(check(late)).to.equal(null);
    const one = { num: 1n, den: 2n };
    const mixed: unknown[] = Array.from({ length: 200 }, () => one);
    mixed[150] = "x";
    expect((pack(mixed) as { index?: unknown }).index).to.equal(undefined);
    expect(check(mixed)).to.equal(null);
    const holes: unknown[] = Array.from({ length: 200 }, () => one);
    delete holes[170];
    expect(check(holes)).to.equal(null);
  });
});
