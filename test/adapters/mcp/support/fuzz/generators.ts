/**
 * fast-check generators of math.find / math.run arguments, derived from the inspected request
 * schemas and examples: valid examples, examples with one (or two) fields mutated, schema-driven
 * payloads, random JSON, random and near-miss capability ids, malformed find requests and bad
 * `inputs` / value refs. Values inside the bounds of an expensive operation stay small so that a
 * 5,000-call run stays fast; values beyond a bound, which must be refused before any work, are in
 * play for every operation.
 */
import fc from "fast-check";
import type { FuzzModel, Json, JsonSchema, OpModel } from "./model.js";

/** A value:// placeholder: resolved at call time by running producer #n (a fresh, valid ref). */
export const REF_PLACEHOLDER = "\u0000fuzz-ref:";

export interface FuzzCall {
  tool: "math.find" | "math.run";
  args: { [key: string]: Json };
  /** The generator that made the call: the summary counts calls per label. */
  label: string;
  /** True when args hold REF_PLACEHOLDER strings. */
  refs?: boolean;
}

type Path = (string | number)[];
const DELETE = Symbol("delete");
type Mutated = { name: string; value: Json | typeof DELETE };

/** The server's default max_request_bytes (4 MiB): larger arguments get a clean INVALID_PAYLOAD. */
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/**
 * The stdio transport's read buffer (the SDK's 10 MiB default) less room for the JSON-RPC envelope:
 * calls stay within it. Today a message over it closes the connection: a transport defect of its
 * own (answered by its own test once fixed), not what these calls probe.
 */
const TRANSPORT_LIMIT_BYTES = 10 * 1024 * 1024 - 64 * 1024;

// ---------------------------------------------------------------------------------------------
// Small building blocks

const SMALL_PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 65537];
const SPECIAL_INTS = ["0", "1", "-1", "2", "-2", "4", "6", "12", "30", "36", "60", "91", "97", "100", "561", "1024", "1105", "4096", "65535", "65536", "65537", "2147483647", "2147483648", "4294967296", "9007199254740991", "9007199254740993", "18446744073709551615", "18446744073709551617", "170141183460469231731687303715884105727", "340282366920938463463374607431768211457"];

/** Numeric strings an agent (or a careless program) might send instead of a canonical integer. */
const NON_CANONICAL = [
  "", " ", "-", "+", "+1", "+0", "-0", "00", "007", "-007", " 12", "12 ", "1 2", "\t3", "3\n", "1_000", "1,000", "1e3", "1E3", "2e-3", "0x1f", "0b101", "0o17",
  "1.0", "1.5", "-.5", ".5", "5.", "NaN", "Infinity", "-Infinity", "∞", "null", "true", "undefined", "0".repeat(40) + "7", "--1", "-+1", "1-", "١٢٣", "۱۲۳", "१२३",
  "১২৩", "１２３", "𝟏𝟐𝟑", "¹²", "Ⅻ", "߁߂", "๑๒", "12\u200b", "\u202e12", "1\u00002", "½", "⅓", "1/0", "0/0", "-4/2", "4/-2", "-4/-2", "6/4", "3/1", "0/5", "-0/5",
  "1//2", "1/2/3", "1/ 2", " 1/2", "1/2 ", "1/+2", "1.5/2", "/2", "2/", "a", "x", "ZZ", "QQ", "GF(7)", "GF(0)", "GF(1)", "GF(4)", "GF(-7)", "gf(7)", "GF(7^2)", "GF(2^8)",
  "Z", "R", "CC", "GF()", "GF(7", "GF(١١)",
];

const ODD_KEYS = ["extra", "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "", " ", "$ref", "0", "-1", "payload", "capability_id", "value_ref", "n ", "N", "Left", "ring ", "rows\u0000", "𝑥", "é"];

/**
 * Small integers. For expensive operations "small" stays below 2,000: a count of 10^5 is a valid,
 * in-budget request for several of them that still takes tens of seconds (Bernoulli numbers).
 */
function smallInt(op?: OpModel): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.integer({ min: -20, max: 20 }).map(String), weight: 4 },
    { arbitrary: (op?.expensive ? fc.integer({ min: -2_000, max: 2_000 }) : fc.integer({ min: -100_000, max: 100_000 })).map(String), weight: 3 },
    { arbitrary: fc.constantFrom(...SMALL_PRIMES).map(String), weight: 2 },
    { arbitrary: fc.constantFrom(...SPECIAL_INTS.slice(0, 20)), weight: 2 },
  );
}

function digits(n: number, lead = "1", fill = "0"): string {
  return n <= 0 ? "" : lead + fill.repeat(n - 1);
}

const randomDigits = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.boolean()).map(([n, first, seed, negative]) => {
    // A cheap deterministic digit stream (an LCG): fast-check's own string generators are far too slow for 10^5 digits.
    let x = seed >>> 0;
    let s = String(first);
    for (let i = 1; i < n; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      s += String((x >>> 16) % 10);
    }
    return (negative ? "-" : "") + s;
  });

/**
 * Long strings, sized by their JSON encoding ("\u0000" takes 6 bytes on the wire): from 1 KB up to
 * just over max_request_bytes, always within the stdio transport's buffer. Digits in bulk are valid
 * in-bound numbers for some expensive operations (a 1000-digit factorization), so those get digit
 * strings only where the length is beyond every bound.
 */
function longString(op?: OpModel): fc.Arbitrary<string> {
  return fc
    .oneof(
      { arbitrary: fc.constantFrom(1_000, 10_000, 65_536), weight: 6 },
      { arbitrary: fc.constantFrom(300_000, 1_000_000), weight: 2 },
      // Just under and just over the server's max_request_bytes (the reply must still be a clean envelope).
      { arbitrary: fc.constantFrom(MAX_REQUEST_BYTES - 4096, MAX_REQUEST_BYTES + 4096), weight: 1 },
    )
    .chain((bytes) => {
      const chars = op?.expensive && bytes < 200_000 ? ["a", "é", "\u0000", " ", "1/"] : ["9", "a", "é", "𝟗", "\u0000", " ", "1/"];
      return fc.constantFrom(...chars).map((c) => c.repeat(Math.max(1, Math.floor(bytes / (Buffer.byteLength(JSON.stringify(c)) - 2)))));
    });
}

function nested(depth: number, leaf: Json, objects: boolean): Json {
  let v: Json = leaf;
  for (let i = 0; i < depth; i++) v = objects && i % 2 ? { a: v } : [v];
  return v;
}

// The client serialises with JSON.stringify, which recurses: a few thousand levels is its limit.
const deepNesting = fc.tuple(fc.constantFrom(8, 64, 65, 500, 2000, 3000), fc.boolean(), fc.constantFrom<Json>("1", 1, null, {})).map(([d, o, leaf]) => nested(d, leaf, o));

const wrongType = fc.constantFrom<Json>(null, true, false, 0, 1, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, [], {}, ["1"], { value: "1" }, "", "x", [[]], [null]);

const randomJson: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;

const unicodeString = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.string({ maxLength: 20 }),
);

// ---------------------------------------------------------------------------------------------
// Paths and schemas

/** Paths to the nodes of a value, breadth-first, down to a bounded depth (a mutation may have nested it deeply). */
function listPaths(root: Json, limit = 300, maxDepth = 24): Path[] {
  const out: Path[] = [];
  const queue: [Json, Path][] = [[root, []]];
  while (queue.length && out.length < limit) {
    const [v, path] = queue.shift()!;
    out.push(path);
    if (path.length >= maxDepth) continue;
    if (Array.isArray(v)) v.forEach((x, i) => queue.push([x, [...path, i]]));
    else if (v && typeof v === "object") for (const k of Object.keys(v)) queue.push([v[k]!, [...path, k]]);
  }
  return out;
}

function getAt(v: Json, path: Path): Json {
  let cur: any = v;
  for (const k of path) cur = cur?.[k];
  return cur as Json;
}

/** A copy of root with the value at path replaced (or deleted): only the containers on the path are copied. */
function setAt(root: Json, path: Path, value: Json | typeof DELETE): Json {
  if (!path.length) return value === DELETE ? {} : value;
  const [k, ...rest] = path;
  const child = rest.length ? setAt((root as any)?.[k!] as Json, rest, value) : value;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (child === DELETE) copy.splice(Number(k), 1);
    else copy[Number(k)] = child;
    return copy;
  }
  const copy: { [key: string]: Json } = {};
  for (const key of Object.keys(root ?? {})) if (key !== k) define(copy, key, (root as { [key: string]: Json })[key]!);
  if (child !== DELETE) define(copy, String(k), child);
  return copy;
}

/** Plain assignment would make "__proto__" a prototype change instead of a key on the wire. */
function define(o: { [key: string]: Json }, k: string, v: Json): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** The schema node describing the value at `path` (first matching anyOf branch), if any. */
function schemaAt(schema: JsonSchema | undefined, path: Path, root: Json): JsonSchema | undefined {
  let s = schema;
  let v: any = root;
  for (const k of path) {
    if (!s) return undefined;
    if (s.anyOf) s = pickBranch(s.anyOf, v);
    if (!s) return undefined;
    s = typeof k === "number" ? s.items : s.properties?.[k];
    v = v?.[k];
  }
  if (s?.anyOf) s = pickBranch(s.anyOf, v) ?? s;
  return s;
}

function pickBranch(branches: JsonSchema[], v: any): JsonSchema | undefined {
  return (
    branches.find((b) => b.type === "object" && v && typeof v === "object" && !Array.isArray(v) && Object.entries(b.properties ?? {}).every(([k, p]: [string, any]) => p.const === undefined || v[k] === p.const)) ??
    branches.find((b) => (b.type === "array") === Array.isArray(v)) ??
    branches[0]
  );
}

/** Cap regex repeat counts so that fast-check generates short matching strings. */
function capRepeats(pattern: string): string {
  return pattern.replace(/\{(\d+),(\d*)\}/g, (_, m: string, n: string) => `{${m},${Math.min(n === "" ? Number(m) + 3 : Number(n), Number(m) + 3)}}`);
}

const patternCache = new Map<string, fc.Arbitrary<string>>();

/** Values the schema accepts, kept small (repeat counts, array lengths and integers capped). */
export function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<Json> {
  if (!s || depth > 8) return randomJson;
  if (s.const !== undefined) return fc.constant(s.const as Json);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as JsonSchema[]).map((b) => fromSchema(b, depth + 1)));
  switch (s.type) {
    case "object": {
      const props = Object.fromEntries(Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(([k, p]) => [k, fromSchema(p, depth + 1)]));
      return fc.record(props, { requiredKeys: (s.required ?? []) as string[] }) as fc.Arbitrary<Json>;
    }
    case "array": {
      const min = Number(s.minItems ?? 0);
      const max = Math.min(Number(s.maxItems ?? 4), Math.max(min, 4));
      return fc.array(fromSchema(s.items, depth + 1), { minLength: min, maxLength: max });
    }
    case "string": {
      if (typeof s.pattern === "string") {
        let arb = patternCache.get(s.pattern);
        if (!arb) {
          arb = fc.stringMatching(new RegExp(capRepeats(s.pattern)));
          patternCache.set(s.pattern, arb);
        }
        return arb;
      }
      return fc.string({ minLength: Number(s.minLength ?? 0), maxLength: Math.min(Number(s.maxLength ?? 12), 12) });
    }
    case "integer":
    case "number": {
      const lo = Math.max(Number(s.minimum ?? -1000), -1000);
      let hi = Math.min(Number(s.maximum ?? 1000), 1000);
      if (s.exclusiveMaximum !== undefined) hi = Math.min(hi, Number(s.exclusiveMaximum) - 1);
      return fc.integer({ min: Math.min(lo, hi), max: hi });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return randomJson;
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations of one value

function numericMutations(v: string, node: JsonSchema | undefined, op: OpModel): fc.Arbitrary<Mutated> {
  const maxLength = Number(node?.maxLength ?? 0);
  const arbs: { arbitrary: fc.Arbitrary<Mutated>; weight: number }[] = [
    { arbitrary: smallInt(op).map((value) => ({ name: "small_integer", value })), weight: 8 },
    { arbitrary: fc.constantFrom(...NON_CANONICAL).map((value) => ({ name: "non_canonical_numeric", value })), weight: 6 },
    { arbitrary: fc.constantFrom<Mutated>({ name: "negated", value: v.startsWith("-") ? v.slice(1) : "-" + v }, { name: "empty", value: "" }, { name: "zero", value: "0" }), weight: 3 },
    {
      arbitrary: fc.integer({ min: 1, max: 9 }).map((k) => {
        const n = BigInt(v.split("/")[0]!.replace(/^-$/, "0") || "0");
        return { name: "shifted", value: String(n + BigInt(k) * (k % 2 ? 1n : -1n)) + (v.includes("/") ? "/" + v.split("/")[1] : "") };
      }),
      weight: 2,
    },
    // In-bound but large: small for expensive operations, up to thousands of digits otherwise.
    { arbitrary: randomDigits(12, op.expensive ? 28 : 60).map((value) => ({ name: "large_integer", value })), weight: 2 },
  ];
  if (!op.expensive) arbs.push({ arbitrary: randomDigits(200, 3000).map((value) => ({ name: "huge_in_bound", value })), weight: 1 });
  if (maxLength > 0 && maxLength < 2_000_000) {
    arbs.push({ arbitrary: fc.constantFrom<Mutated>({ name: "beyond_bound", value: digits(maxLength + 1) }, { name: "beyond_bound", value: "-" + digits(maxLength + 1, "9", "9") }), weight: 2 });
  }
  if (/^-?\d+$/.test(v)) {
    arbs.push({ arbitrary: fc.tuple(smallInt(op), fc.constantFrom("1", "2", "-3", "0", "4")).map(([p, q]) => ({ name: "rational_for_integer", value: `${p}/${q}` })), weight: 1 });
  }
  return fc.oneof(...arbs);
}

function valueMutations(v: Json, node: JsonSchema | undefined, op: OpModel): fc.Arbitrary<Mutated> {
  const generic: { arbitrary: fc.Arbitrary<Mutated>; weight: number }[] = [
    { arbitrary: wrongType.map((value) => ({ name: "wrong_type", value })), weight: 6 },
    { arbitrary: fc.constant<Mutated>({ name: "null", value: null }), weight: 2 },
    { arbitrary: fc.constant<Mutated>({ name: "missing", value: DELETE }), weight: 4 },
    { arbitrary: deepNesting.map((value) => ({ name: "deep_nesting", value })), weight: 1 },
    { arbitrary: randomJson.map((value) => ({ name: "random_json", value })), weight: 2 },
    { arbitrary: longString(op).map((value) => ({ name: "long_string", value })), weight: 1 },
    { arbitrary: fromSchema(node).map((value) => ({ name: "schema_value", value })), weight: 2 },
  ];
  if (typeof v === "string") {
    if (/^-?\d+(\/-?\d+)?$/.test(v)) generic.push({ arbitrary: numericMutations(v, node, op), weight: 16 });
    else {
      generic.push({
        arbitrary: fc.oneof(
          fc.constantFrom<Mutated>({ name: "upper_case", value: v.toUpperCase() }, { name: "padded", value: ` ${v} ` }, { name: "empty", value: "" }, { name: "truncated", value: v.slice(0, -1) }),
          unicodeString.map((value) => ({ name: "unicode_string", value })),
          fc.constantFrom(...NON_CANONICAL).map((value) => ({ name: "non_canonical_string", value })),
        ),
        weight: 8,
      });
    }
  } else if (typeof v === "number") {
    generic.push({
      arbitrary: fc.oneof(
        fc.constantFrom<Json>(0, -1, 1, 2, 3, 36, 37, 1.5, -0.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324).map((value) => ({ name: "structural_number", value })),
        fc.integer({ min: -50, max: 100 }).map((value) => ({ name: "structural_number", value })),
        fc.constant<Mutated>({ name: "number_as_string", value: String(v) }),
      ),
      weight: 10,
    });
  } else if (Array.isArray(v)) {
    const maxItems = Number(node?.maxItems ?? 0);
    generic.push({
      arbitrary: fc.oneof(
        fc.constant<Mutated>({ name: "empty_array", value: [] }),
        fc.constant<Mutated>({ name: "array_as_object", value: Object.fromEntries(v.map((x, i) => [String(i), x])) }),
        fc.constant<Mutated>({ name: "first_element", value: v[0] ?? null }),
        fc.constant<Mutated>({ name: "dropped_element", value: v.slice(1) }),
        fc.constant<Mutated>({ name: "duplicated_element", value: v.length ? [...v, v[v.length - 1]!] : [] }),
        fc.constant<Mutated>({ name: "jagged", value: v.map((x, i) => (Array.isArray(x) && i === v.length - 1 ? x.slice(1) : x)) }),
        fc.constantFrom(50, 500, ...(maxItems > 0 && maxItems <= 20_000 ? [maxItems + 1] : [])).map((n) => ({ name: "many_elements", value: Array.from({ length: n }, (_, i) => v[i % Math.max(1, v.length)] ?? "1") })),
        randomJson.map((x) => ({ name: "appended_random", value: [...v, x] })),
      ),
      weight: 10,
    });
  } else if (v && typeof v === "object") {
    const keys = Object.keys(v);
    generic.push({
      arbitrary: fc.oneof(
        fc.constant<Mutated>({ name: "object_as_array", value: Object.values(v) }),
        fc.constant<Mutated>({ name: "wrapped_in_array", value: [v] }),
        fc.constant<Mutated>({ name: "empty_object", value: {} }),
        fc.tuple(fc.constantFrom(...ODD_KEYS, ...keys.map((k) => k.toUpperCase())), randomJson).map(([k, x]) => ({ name: "extra_key", value: withKey(v, k, x) })),
        ...(keys.length ? [fc.constantFrom(...keys).map((k) => ({ name: "missing_key", value: withoutKey(v, k) }))] : []),
      ),
      weight: 10,
    });
  }
  return fc.oneof(...generic);
}

function withKey(v: { [key: string]: Json }, k: string, x: Json): Json {
  const copy: { [key: string]: Json } = { ...v };
  define(copy, k, x);
  return copy;
}

function withoutKey(v: { [key: string]: Json }, k: string): Json {
  const copy: { [key: string]: Json } = { ...v };
  delete copy[k];
  return copy;
}

/** One mutation at a random path of the payload (the root included). */
function mutatePayload(payload: Json, op: OpModel): fc.Arbitrary<{ name: string; payload: Json }> {
  const paths = listPaths(payload);
  return fc.constantFrom(...paths).chain((path) => {
    const node = schemaAt(op.requestSchema, path, payload);
    return valueMutations(getAt(payload, path), node, op).map((m) => ({ name: m.name, payload: setAt(payload, path, m.value) }));
  });
}

// ---------------------------------------------------------------------------------------------
// Call generators

/** Operations, cheap ones three times as often as expensive ones (the suite's time goes to the latter). */
function opArb(model: FuzzModel): fc.Arbitrary<OpModel> {
  const cheap = model.ops.filter((o) => !o.expensive), expensive = model.ops.filter((o) => o.expensive);
  if (!cheap.length || !expensive.length) return fc.constantFrom(...model.ops);
  return fc.oneof({ arbitrary: fc.constantFrom(...cheap), weight: 3 }, { arbitrary: fc.constantFrom(...expensive), weight: 1 });
}
const exampleOf = (op: OpModel) => (op.examples.length ? fc.constantFrom(...op.examples) : fromSchema(op.requestSchema)) as fc.Arbitrary<Json>;

function runCall(capability_id: Json, payload: Json, label: string, extra: { [key: string]: Json } = {}): FuzzCall {
  return { tool: "math.run", args: { capability_id, payload, ...extra }, label };
}

function exampleCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  return opArb(model).chain((op) => exampleOf(op).map((p) => runCall(op.id, p, "run.example")));
}

function mutatedCalls(model: FuzzModel, times: 1 | 2): fc.Arbitrary<FuzzCall> {
  return opArb(model).chain((op) =>
    exampleOf(op).chain((p) =>
      times === 1
        ? mutatePayload(p, op).map((m) => runCall(op.id, m.payload, `run.mutate.${m.name}`))
        : mutatePayload(p, op).chain((m1) => mutatePayload(m1.payload, op).map((m2) => runCall(op.id, m2.payload, `run.mutate2.${m1.name}+${m2.name}`))),
    ),
  );
}

function schemaCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  return opArb(model).chain((op) => fromSchema(op.requestSchema).map((p) => runCall(op.id, p, "run.schema")));
}

function nearMiss(id: string): fc.Arbitrary<string> {
  const parts = id.split(".");
  return fc.oneof(
    fc.constantFrom(
      id.toUpperCase(),
      id + " ",
      " " + id,
      id + ".",
      id.replace(/\./g, "_"),
      id.replace(/\./g, "/"),
      parts.slice(0, -1).join("."),
      [...parts.slice(0, -1), parts.at(-1) === "compute" ? "verify" : "compute"].join("."),
      [...parts, "compute"].join("."),
      id.replace(/compute/, "computer"),
      parts.reverse().join("."),
      id + "\u0000",
      id.replace(/e/, "е"), // Cyrillic е
    ),
    fc.integer({ min: 0, max: Math.max(0, id.length - 1) }).map((i) => id.slice(0, i) + id.slice(i + 1)),
    fc.tuple(fc.integer({ min: 0, max: id.length }), fc.constantFrom("a", "_", ".", "9", "Z")).map(([i, c]) => id.slice(0, i) + c + id.slice(i)),
  );
}

const capabilityIds = (model: FuzzModel): fc.Arbitrary<{ name: string; id: Json }> =>
  fc.oneof(
    { arbitrary: opArb(model).chain((op) => nearMiss(op.id)).map((id) => ({ name: "near_miss", id })), weight: 5 },
    { arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}(\.[a-z][a-z0-9_]{0,8}){1,3}$/).map((id) => ({ name: "unknown_well_formed", id })), weight: 3 },
    { arbitrary: unicodeString.map((id) => ({ name: "unicode", id })), weight: 1 },
    { arbitrary: wrongType.map((id) => ({ name: "wrong_type", id })), weight: 2 },
    { arbitrary: fc.constantFrom(201, 10_000, 1_000_000).map((n) => ({ name: "long", id: "a." + "b".repeat(n) })), weight: 1 },
    { arbitrary: fc.constantFrom("", ".", "a.", ".a", "a..b", "a", "integer", "capability://catalog", "math.run", "math.find").map((id) => ({ name: "malformed", id })), weight: 2 },
  );

function capabilityCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  return fc.tuple(capabilityIds(model), opArb(model).chain(exampleOf)).map(([c, p]) => runCall(c.id, p, `run.capability.${c.name}`));
}

function randomRunCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  return fc.oneof(
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("capability_id", "payload", "inputs")), randomJson, { maxKeys: 4 }).map((args) => ({ tool: "math.run" as const, args, label: "run.random.arguments" })),
    fc.tuple(opArb(model), fc.dictionary(fc.string({ maxLength: 12 }), randomJson, { maxKeys: 4 })).map(([op, p]) => runCall(op.id, p, "run.random.payload")),
    fc.tuple(opArb(model), randomJson).map(([op, p]) => runCall(op.id, p, "run.random.payload_any")),
  );
}

/** Mutations of the math.run envelope around a valid payload. */
function envelopeCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  return opArb(model).chain((op) =>
    exampleOf(op).chain((p) =>
      fc.oneof(
        fc.constant<FuzzCall>({ tool: "math.run", args: { capability_id: op.id }, label: "run.envelope.missing_payload" }),
        fc.constant<FuzzCall>({ tool: "math.run", args: { payload: p }, label: "run.envelope.missing_capability" }),
        fc.constant<FuzzCall>({ tool: "math.run", args: {}, label: "run.envelope.empty" }),
        wrongType.map((w) => runCall(op.id, w, "run.envelope.payload_wrong_type")),
        fc.tuple(fc.constantFrom(...ODD_KEYS.filter((k) => k !== "payload" && k !== "capability_id")), randomJson).map(([k, x]) => ({ ...runCall(op.id, p, "run.envelope.extra_key"), args: withKey({ capability_id: op.id, payload: p }, k, x) as { [key: string]: Json } })),
        wrongType.map((w) => runCall(op.id, p, "run.envelope.inputs_wrong_type", { inputs: w })),
        fc.constant(runCall(op.id, p, "run.envelope.inputs_empty", { inputs: {} })),
        fc.constant<FuzzCall>({ tool: "math.run", args: { request: { capability_id: op.id, payload: p } }, label: "run.envelope.find_shape" }),
        fc.constant<FuzzCall>({ tool: "math.find", args: { capability_id: op.id, payload: p }, label: "find.run_shape" }),
      ),
    ),
  );
}

const FAKE_REFS: Json[] = [
  "value://" + "A".repeat(32),
  "value://" + "_-".repeat(16),
  "value://" + "A".repeat(31),
  "value://" + "A".repeat(33),
  "value://" + "A".repeat(31) + "=",
  "value://" + "A".repeat(31) + "/",
  "value:/" + "A".repeat(32),
  "VALUE://" + "A".repeat(32),
  "artifact://sha256/" + "0".repeat(64),
  "capability://catalog",
  "",
  "value://",
  "value://" + "A".repeat(1000),
];

/** Bad and good `inputs`: fresh refs of the right or wrong kind, fakes, malformed entries, unknown ports, conflicts. */
function inputCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  const withPorts = model.ops.filter((o) => Object.keys(o.inputPorts).length);
  if (!withPorts.length || !model.producers.length) return envelopeCalls(model);
  const producerIndex = (kind: string | undefined, sameKind: boolean) => {
    const idx = model.producers.map((p, i) => ({ p, i })).filter(({ p }) => (kind === undefined ? true : sameKind ? p.kind === kind : p.kind !== kind)).map(({ i }) => i);
    return idx.length ? fc.constantFrom(...idx) : fc.integer({ min: 0, max: model.producers.length - 1 });
  };
  return fc.constantFrom(...withPorts).chain((op) =>
    exampleOf(op).chain((example) =>
      fc.subarray(Object.keys(op.inputPorts), { minLength: 1 }).chain((ports) =>
        fc.tuple(...ports.map((port) => portBinding(op, port, producerIndex))).map((bindings) => {
          let payload = example as { [key: string]: Json };
          const inputs: { [key: string]: Json } = {};
          const names: string[] = [];
          for (const b of bindings) {
            names.push(b.name);
            if (b.dropField && payload && typeof payload === "object" && !Array.isArray(payload)) payload = withoutKey(payload, b.dropField) as { [key: string]: Json };
            inputs[b.port] = b.entry;
          }
          return { tool: "math.run" as const, args: { capability_id: op.id, payload, inputs }, label: `run.inputs.${[...new Set(names)].sort().join("+")}`, refs: true };
        }),
      ),
    ),
  );
}

function portBinding(op: OpModel, port: string, producerIndex: (kind: string | undefined, same: boolean) => fc.Arbitrary<number>): fc.Arbitrary<{ port: string; entry: Json; dropField?: string; name: string }> {
  const field = op.inputPorts[port]!.field;
  const kind = op.inputPorts[port]!.kind;
  const ref = (i: number) => REF_PLACEHOLDER + i;
  return fc.oneof(
    { arbitrary: producerIndex(kind, true).map((i) => ({ port, entry: { value_ref: ref(i) }, dropField: field, name: "fresh_ref" })), weight: 5 },
    { arbitrary: producerIndex(kind, false).map((i) => ({ port, entry: { value_ref: ref(i) }, dropField: field, name: "fresh_ref_other_kind" })), weight: 2 },
    { arbitrary: producerIndex(kind, true).map((i) => ({ port, entry: { value_ref: ref(i) }, name: "ref_and_payload_field" })), weight: 2 },
    { arbitrary: fc.constantFrom(...FAKE_REFS).map((r) => ({ port, entry: { value_ref: r }, dropField: field, name: "fake_ref" })), weight: 3 },
    { arbitrary: wrongType.map((w) => ({ port, entry: { value_ref: w }, dropField: field, name: "ref_wrong_type" })), weight: 1 },
    { arbitrary: wrongType.map((w) => ({ port, entry: w, dropField: field, name: "entry_wrong_type" })), weight: 1 },
    { arbitrary: producerIndex(kind, true).map((i) => ({ port, entry: { value_ref: ref(i), extra: 1 }, dropField: field, name: "entry_extra_key" })), weight: 1 },
    { arbitrary: fc.constant({ port, entry: {}, dropField: field, name: "entry_missing_ref" }), weight: 1 },
    { arbitrary: fc.tuple(fc.constantFrom(...ODD_KEYS, port.toUpperCase(), port + "s"), producerIndex(undefined, true)).map(([p, i]) => ({ port: p, entry: { value_ref: ref(i) }, name: "unknown_port" })), weight: 2 },
  );
}

// ----- math.find

const SEARCH_LIMIT_MAX = 20;

function searchCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  const words = model.words.length ? model.words : ["integer"];
  const query = fc.oneof(
    { arbitrary: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }).map((w) => w.join(" ")), weight: 8 },
    { arbitrary: fc.constantFrom("is a number prime", "factorize 91", "integer square root", "exact matrix determinant", "verify a claimed gcd", "GCD!!!", "déterminant", "素因数分解", "x^2 + 1 mod 7"), weight: 2 },
    { arbitrary: unicodeString.filter((s) => s.length > 0), weight: 2 },
  );
  const optional = fc.record(
    {
      limit: fc.integer({ min: 1, max: SEARCH_LIMIT_MAX }),
      input_kind: model.kinds.length ? fc.constantFrom(...model.kinds, "graph", "polynomial") : fc.constant("integer"),
      artifact_type: fc.constantFrom(...model.artifactTypes, "certificate", "proof"),
    },
    { requiredKeys: [] },
  );
  return fc.tuple(query, optional).map(([q, o]) => ({ tool: "math.find" as const, args: { request: { op: "search", query: q, ...o } }, label: "find.search" }));
}

function inspectCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  return fc.oneof(
    { arbitrary: opArb(model).map((op) => ({ tool: "math.find" as const, args: { request: { op: "inspect", capability_id: op.id } }, label: "find.inspect" })), weight: 3 },
    { arbitrary: capabilityIds(model).map((c) => ({ tool: "math.find" as const, args: { request: { op: "inspect", capability_id: c.id } }, label: `find.inspect.${c.name}` })), weight: 3 },
  );
}

function malformedFindCalls(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  const id = opArb(model).map((o) => o.id);
  const find = (args: { [key: string]: Json }, name: string): FuzzCall => ({ tool: "math.find", args, label: `find.malformed.${name}` });
  return fc.oneof(
    fc.constant(find({}, "no_request")),
    wrongType.map((r) => find({ request: r }, "request_wrong_type")),
    fc.constantFrom<Json>("SEARCH", "Search", "list", "run", "", 1, null, ["search"], { op: "search" }, "inspect ").map((op) => find({ request: { op, query: "gcd" } }, "bad_op")),
    fc.constant(find({ request: { query: "gcd" } }, "missing_op")),
    fc.constant(find({ request: { op: "search" } }, "missing_query")),
    fc.constant(find({ request: { op: "inspect" } }, "missing_capability_id")),
    fc.tuple(fc.constantFrom(...ODD_KEYS), randomJson).map(([k, x]) => find(withKey({ request: { op: "search", query: "gcd" } }, k === "request" ? "request2" : k, x) as { [key: string]: Json }, "extra_root_key")),
    fc.tuple(fc.constantFrom(...ODD_KEYS.filter((k) => k !== "")), randomJson).map(([k, x]) => find({ request: withKey({ op: "search", query: "gcd" }, k, x) }, "extra_request_key")),
    id.map((c) => find({ request: { op: "search", query: "gcd", capability_id: c } }, "search_with_id")),
    id.map((c) => find({ request: { op: "inspect", capability_id: c, query: "gcd" } }, "inspect_with_query")),
    id.map((c) => find({ request: { op: "inspect", capability_id: c, limit: 3 } }, "inspect_with_limit")),
    fc.constantFrom<Json>(0, 21, -1, 1.5, "5", null, 1e9, true, [5], 2 ** 53).map((limit) => find({ request: { op: "search", query: "prime", limit } }, "bad_limit")),
    fc.constantFrom<Json>(5, null, ["a"], {}, true).map((query) => find({ request: { op: "search", query } }, "query_wrong_type")),
    fc.constantFrom("", " ", "\n\t", "the of and a", "?", "...", "x".repeat(512), "x".repeat(513), "prime ".repeat(100), "\u0000").map((query) => find({ request: { op: "search", query } }, "odd_query")),
    longString().map((query) => find({ request: { op: "search", query } }, "long_query")),
    fc.constantFrom<Json>("Matrix", "", "a b", "x".repeat(65), 5, null, "integer;", "INTEGER", "ünicode").map((input_kind) => find({ request: { op: "search", query: "gcd", input_kind } }, "bad_input_kind")),
    fc.constantFrom<Json>("Evidence", "", "a b", "x".repeat(65), 5, null).map((artifact_type) => find({ request: { op: "search", query: "gcd", artifact_type } }, "bad_artifact_type")),
    deepNesting.map((d) => find({ request: { op: "search", query: "gcd", limit: d } }, "deep_nesting")),
    fc.dictionary(fc.string({ maxLength: 10 }), randomJson, { maxKeys: 4 }).map((args) => find(args, "random_arguments")),
    fc.dictionary(fc.string({ maxLength: 10 }), randomJson, { maxKeys: 4 }).map((request) => find({ request }, "random_request")),
  );
}

/** Every kind of call, weighted so that most calls are cheap: 5,000 of them take about a minute. */
export function callArbitrary(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  return anyCall(model).filter((c) => Buffer.byteLength(JSON.stringify(c.args)) <= TRANSPORT_LIMIT_BYTES);
}

function anyCall(model: FuzzModel): fc.Arbitrary<FuzzCall> {
  return fc.oneof(
    { arbitrary: exampleCalls(model), weight: 10 },
    { arbitrary: mutatedCalls(model, 1), weight: 30 },
    { arbitrary: mutatedCalls(model, 2), weight: 5 },
    { arbitrary: schemaCalls(model), weight: 8 },
    { arbitrary: inputCalls(model), weight: 8 },
    { arbitrary: capabilityCalls(model), weight: 5 },
    { arbitrary: randomRunCalls(model), weight: 4 },
    { arbitrary: envelopeCalls(model), weight: 5 },
    { arbitrary: searchCalls(model), weight: 9 },
    { arbitrary: inspectCalls(model), weight: 5 },
    { arbitrary: malformedFindCalls(model), weight: 8 },
  );
}

/** A short, bounded description of arguments (long strings and deep nesting abbreviated). */
export function describeArgs(v: unknown, depth = 0): string {
  if (typeof v === "string") {
    if (v.length <= 120) return JSON.stringify(v);
    const chars = [...new Set(v.slice(0, 64))].join("");
    return `<string of ${v.length} chars starting ${JSON.stringify(v.slice(0, 40))}${chars.length === 1 ? `, all ${JSON.stringify(chars)}` : ""}>`;
  }
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? String(v);
  if (depth > 12) return `<nested ${nestingDepth(v)} more levels>`;
  if (Array.isArray(v)) {
    const items = v.slice(0, 8).map((x) => describeArgs(x, depth + 1));
    return `[${items.join(", ")}${v.length > 8 ? `, … ${v.length - 8} more` : ""}]`;
  }
  const entries = Object.keys(v).slice(0, 12).map((k) => `${JSON.stringify(k)}: ${describeArgs((v as Record<string, unknown>)[k], depth + 1)}`);
  return `{${entries.join(", ")}${Object.keys(v).length > 12 ? ", …" : ""}}`;
}

function nestingDepth(v: unknown): number {
  let d = 0;
  let cur: unknown = v;
  while (cur && typeof cur === "object") {
    const vals = Object.values(cur as object);
    if (!vals.length) break;
    cur = vals[0];
    d++;
  }
  return d;
}
