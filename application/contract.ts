/**
 * The two tool argument types of the public contract (math.find, math.run). These are the
 * authoritative schemas: the MCP adapter publishes their JSON Schema and every face validates
 * with them, so unknown arguments fail closed in exactly one place.
 */
import { type } from "arktype";
import { validateSync, type SchemaIssue, type TypedSchema } from "../domain/schema.js";
import { JacobianError } from "../domain/errors.js";

export const SEARCH_QUERY_MAX = 512;
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 5;

/**
 * The argument types, built on first use: a process that only lists tools, or only runs, builds
 * only what it needs (type construction is a visible share of a one-shot CLI call).
 */
function buildFindTypes() {
  const OperationId = type(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/).and("string <= 200");
  const Token = type(/^[a-z][a-z0-9_.:-]*$/).and("string <= 64");
  const SearchRequest = type({
    op: "'search'",
    query: type("string >= 1").and(`string <= ${SEARCH_QUERY_MAX}`),
    "limit?": `1 <= number.integer <= ${SEARCH_LIMIT_MAX}`,
    "input_kind?": Token,
    "artifact_type?": Token,
  });
  const InspectRequest = type({ op: "'inspect'", capability_id: OperationId });
  return {
    FindArguments: type({ request: SearchRequest.or(InspectRequest) }).onDeepUndeclaredKey("reject"),
    FindEnvelope: type({ request: { op: "'search' | 'inspect'", "[string]": "unknown" } }).onUndeclaredKey("reject"),
    StrictSearch: type({ request: SearchRequest }).onDeepUndeclaredKey("reject"),
    StrictInspect: type({ request: InspectRequest }).onDeepUndeclaredKey("reject"),
  };
}

function buildRunArguments() {
  const OperationId = type(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/).and("string <= 200");
  const ValueRef = type(/^value:\/\/[A-Za-z0-9_-]{32}$/);
  return type({
    capability_id: OperationId,
    payload: "Record<string, unknown>",
    "inputs?": type({ "[string]": { value_ref: ValueRef } }),
  }).onDeepUndeclaredKey("reject");
}

let findTypes: ReturnType<typeof buildFindTypes> | undefined;
let runArguments: ReturnType<typeof buildRunArguments> | undefined;
/** The math.find argument type (also projected to the published JSON Schema by the build). */
export const findArgumentsType = () => (findTypes ??= buildFindTypes()).FindArguments;
/** The math.run argument type (also projected to the published JSON Schema by the build). */
export const runArgumentsType = () => (runArguments ??= buildRunArguments());

export type FindArguments = ReturnType<typeof buildFindTypes>["FindArguments"]["infer"];
export type RunArguments = ReturnType<typeof buildRunArguments>["infer"];

/**
 * Parse math.find arguments, discriminating on `request.op` first so that every issue names the
 * exact field (a union validated as a whole can only blame `request`).
 */
export function parseFindArguments(args: unknown, hint: string): FindArguments {
  const t = (findTypes ??= buildFindTypes());
  const op = (args as { request?: { op?: unknown } } | null)?.request?.op;
  if (op === "search") return parseStrict(t.StrictSearch, args, "", hint);
  if (op === "inspect") return parseStrict(t.StrictInspect, args, "", hint);
  return parseStrict(t.FindEnvelope, args, "", hint) as never;
}

const OPERATION_ID_RE = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/**
 * The common math.run arguments `{ capability_id, payload }` without `inputs`, checked by hand: a
 * plain object with exactly those two keys, a well-formed id of at most 200 characters and a plain
 * object as payload — arguments the run type certainly accepts, and returns as they are (it has no
 * morphs). Anything else goes through the type, for its errors.
 */
function isPlainRunArguments(args: unknown): args is RunArguments {
  if (args === null || typeof args !== "object" || Object.getPrototypeOf(args) !== Object.prototype) return false;
  let n = 0;
  for (const k in args) {
    if ((k !== "capability_id" && k !== "payload") || !Object.hasOwn(args, k)) return false;
    n++;
  }
  if (n !== 2 || Object.getOwnPropertySymbols(args).length) return false;
  const { capability_id: id, payload } = args as { capability_id?: unknown; payload?: unknown };
  if (typeof id !== "string" || id.length > 200 || !OPERATION_ID_RE.test(id)) return false;
  if (payload === null || typeof payload !== "object") return false;
  const proto = Object.getPrototypeOf(payload);
  return proto === Object.prototype || proto === null;
}

/**
 * Parse math.run arguments. The payload must be a JSON object: an array also passes the record
 * check (arrays are objects) and would otherwise surface later as undeclared fields "0", "1".
 */
export function parseRunArguments(args: unknown, hint: string): RunArguments {
  if (isPlainRunArguments(args)) return args;
  const parsed = parseStrict(runArgumentsType(), args, "", hint);
  if (Array.isArray(parsed.payload)) {
    return fail("INVALID_PAYLOAD", "payload must be an object of the operation's request fields (was an array)", "payload", hint);
  }
  return parsed;
}

/**
 * The boundary shim: validate arguments against a strict type and turn the issues into one stable
 * failure with its path. A value of the wrong JSON type is reported first (INVALID_PAYLOAD at that
 * value, saying what was expected): it explains every other issue beneath it, e.g. an array given
 * for an object shows up as undeclared keys "0", "1". Then undeclared keys (UNKNOWN_ARGUMENT,
 * listing the declared and the missing required fields, with a "did you mean" for near misses),
 * then every other issue (INVALID_PAYLOAD).
 */
export function parseStrict<T>(schema: TypedSchema<T>, value: unknown, prefix: string, hint: string): T {
  const r = validateSync(schema, value);
  if (!r.issues) return r.value;
  // Checked before any issue is examined: arktype prints the offending value into its messages,
  // which costs seconds at ~2,000 levels of nesting and overflows the stack at ~3,000.
  if (nestingBeyond(value, MAX_NESTING) !== undefined) {
    const path = renderPath(prefix, segments(r.issues[0]!.path));
    return fail("INVALID_PAYLOAD", `${path || "(root)"}: the arguments are nested more than ${MAX_NESTING} levels deep`, path, "mathematical values are strings, lists and small objects; see the request schema");
  }
  const issues: Located[] = r.issues.map((i) => ({ issue: i, segs: segments(i.path), undeclared: isUndeclaredKey(i), code: (i as { code?: unknown }).code }));
  const json = jsonSchemaOf(schema);

  const mismatches = typeMismatches(issues, value, json);
  if (mismatches.length) {
    const shown = mismatches.slice(0, 3).map((m) => `${renderPath(prefix, m.segs) || "(root)"} must be ${m.expected} (was ${m.actual})`);
    const more = mismatches.length > 3 ? ` (and ${mismatches.length - 3} more)` : "";
    return fail("INVALID_PAYLOAD", bounded(shown.join("; ") + more), renderPath(prefix, mismatches[0]!.segs), hint);
  }

  const unknown = issues.filter((i) => i.undeclared);
  if (unknown.length) return failUnknown(unknown, issues, value, json, prefix, hint);

  const path = renderPath(prefix, issues[0]!.segs);
  const messages = issues.slice(0, 3).map((i) => describeIssue(i, value, prefix));
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
  return fail("INVALID_PAYLOAD", bounded(messages.join("; ") + more), path, hint);
}

/**
 * "<path> must be <expected> (was <short description of the value>)". The validator's own message
 * quotes the whole offending value (50 MB in, 50 MB message, built anew on every read), so it is
 * used only when the issue has no structured expectation and the value is small.
 */
function describeIssue(i: Located, value: unknown, prefix: string): string {
  const where = renderPath(prefix, i.segs) || "(root)";
  const actual = i.code === "required" ? undefined : valueAt(value, i.segs);
  const expected = expectedOf(i.issue);
  if (expected === undefined) {
    const small = actual === undefined || (typeof actual !== "object" && (typeof actual !== "string" || actual.length <= 1000));
    return `${where}: ${small ? truncate(i.issue.message) : "does not match its declared type"}`;
  }
  return `${where} must be ${truncate(expected)} (was ${describeActual(actual)})`;
}

/**
 * What the validator expected, from its structured fields. A union or intersection's own
 * `expected` is a whole message quoting the value, so it is rebuilt from its branches (all at the
 * issue's own path; branches that fail deeper inside the value leave it undefined).
 */
function expectedOf(issue: SchemaIssue, depth = 0): string | undefined {
  const { code, expected, errors } = issue as { code?: unknown; expected?: unknown; errors?: unknown };
  if (code === "intersection" || code === "union") {
    if (!Array.isArray(errors) || !errors.length || depth > 4) return undefined;
    const here = JSON.stringify(segments(issue.path));
    const parts: string[] = [];
    for (const e of errors as SchemaIssue[]) {
      const part = JSON.stringify(segments(e.path)) === here ? expectedOf(e, depth + 1) : undefined;
      if (part === undefined) return undefined;
      if (!parts.includes(part)) parts.push(part);
    }
    return parts.join(code === "union" ? " or " : " and ");
  }
  return typeof code === "string" && typeof expected === "string" && expected ? expected : undefined;
}

/** The caller's value in a few words: short values quoted, long strings by a prefix and length. */
function describeActual(v: unknown): string {
  if (v === undefined) return "missing";
  if (typeof v === "string") return v.length <= 40 ? JSON.stringify(v) : `${JSON.stringify(v.slice(0, 20))}… (${v.length} characters)`;
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  return Array.isArray(v) ? `an array of ${v.length} items` : "an object";
}

/**
 * The echo of a caller's capability id in outcomes and messages: ids are at most 200 characters,
 * so anything longer is cut there with a marker (a 1 MB id must not make a 1 MB reply).
 */
export { echoId } from "./echo.js";

type Seg = string | number;
interface Located {
  issue: SchemaIssue;
  segs: Seg[];
  /** An undeclared key (arktype: code "predicate", expected "removed"). */
  undeclared: boolean;
  code: unknown;
}
interface Mismatch {
  segs: Seg[];
  expected: string;
  actual: string;
}

/** Deeper than any declared request or argument type (the deepest nest is well under ten levels). */
export const MAX_NESTING = 64;

/**
 * The path of the first array/object nested deeper than `limit` levels below `root` (named
 * `rootPath`). The walk recurses at most `limit` levels (it stops there, however deep the value
 * goes) and builds the path only for the offending branch: a payload of 10^7 small arrays (a
 * graph's edges) is walked in well under a second. Objects in `skip` are not walked (lists whose
 * items a parser checks one by one, refusing nested values: ValueKindSpec.itemChecked).
 */
export function nestingBeyond(root: unknown, limit: number, rootPath = "", skip?: ReadonlySet<unknown>): string | undefined {
  const segs = deepBranch(root, 0, limit, skip);
  if (!segs) return undefined;
  let path = rootPath;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!;
    path = typeof s === "number" ? `${path}[${s}]` : path ? `${path}.${s}` : s;
  }
  return path;
}

function isFlat(a: unknown[]): boolean {
  for (let j = 0; j < a.length; j++) {
    const x = a[j];
    if (x !== null && typeof x === "object") return false;
  }
  return true;
}

/** The segments (innermost first) from `node` down to a value at depth `limit`, or undefined. */
function deepBranch(node: unknown, depth: number, limit: number, skip: ReadonlySet<unknown> | undefined): (string | number)[] | undefined {
  if (node === null || typeof node !== "object" || skip?.has(node)) return undefined;
  if (depth >= limit) return [];
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const c: unknown = node[i];
      if (c === null || typeof c !== "object") continue;
      // Leaf arrays (a graph's edges, a matrix's rows) are scanned here, without a call each.
      if (Array.isArray(c) && depth + 1 < limit && isFlat(c)) continue;
      const r = deepBranch(c, depth + 1, limit, skip);
      if (r) {
        r.push(i);
        return r;
      }
    }
    return undefined;
  }
  for (const k of Object.keys(node)) {
    const c = (node as Record<string, unknown>)[k];
    if (c === null || typeof c !== "object") continue;
    const r = deepBranch(c, depth + 1, limit, skip);
    if (r) {
      r.push(k);
      return r;
    }
  }
  return undefined;
}

function fail(code: "UNKNOWN_ARGUMENT" | "INVALID_PAYLOAD", message: string, path: string, hint: string): never {
  throw new JacobianError(code, message, { ...(path ? { path } : {}), hint });
}

/** Messages can quote the offending value; never echo more than a short prefix of it. */
function truncate(message: string): string {
  return message.length > 240 ? message.slice(0, 200) + "…(truncated)" : message;
}

/** Composed messages quote field names the caller chose; cap the whole. */
function bounded(message: string): string {
  return message.length > 1200 ? message.slice(0, 1200) + "…(truncated)" : message;
}

function segments(path: SchemaIssue["path"]): Seg[] {
  return (path ?? []).map((seg) => {
    const key = typeof seg === "object" && seg !== null ? (seg as { key: PropertyKey }).key : seg;
    return typeof key === "number" ? key : String(key);
  });
}

const KEY_ECHO_MAX = 64;

/** A JSON path such as `payload.rows[2][0]`; caller-chosen keys are cut to a short prefix. */
function renderPath(prefix: string, segs: Seg[]): string {
  let out = prefix;
  for (const seg of segs) {
    if (typeof seg === "number") out += `[${seg}]`;
    else {
      const key = seg.length > KEY_ECHO_MAX ? seg.slice(0, KEY_ECHO_MAX) + "…" : seg;
      out += out ? `.${key}` : key;
    }
  }
  return out;
}

function quoteKey(key: string): string {
  return JSON.stringify(key.length > KEY_ECHO_MAX ? key.slice(0, KEY_ECHO_MAX) + "…" : key);
}

function isUndeclaredKey(issue: SchemaIssue): boolean {
  const { code, expected } = issue as { code?: unknown; expected?: unknown };
  // The code is a plain field; the message is composed on every read, so it is the fallback only.
  if (typeof code === "string") return code === "predicate" && expected === "removed";
  return / must be removed$/.test(issue.message);
}

/** The caller's value at a path (own properties only: `__proto__` is data here, not a prototype). */
function valueAt(root: unknown, segs: Seg[]): unknown {
  let v = root;
  for (const seg of segs) {
    if (v === null || typeof v !== "object") return undefined;
    const key = Array.isArray(v) && typeof seg === "string" && /^(0|[1-9][0-9]*)$/.test(seg) ? Number(seg) : seg;
    if (!Object.prototype.hasOwnProperty.call(v, key)) return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

type JsonKind = "string" | "number" | "boolean" | "null" | "array" | "object";

function kindOf(v: unknown): JsonKind {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  const t = typeof v;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}

const A_KIND: Record<JsonKind, string> = { string: "a string", number: "a number", boolean: "a boolean", null: "null", array: "an array", object: "an object" };

/** Values whose JSON type differs from every type the schema allows at their path. */
function typeMismatches(issues: Located[], value: unknown, json: SchemaNode | undefined): Mismatch[] {
  const found = new Map<string, Mismatch>();
  const add = (m: Mismatch) => {
    const key = JSON.stringify(m.segs);
    if (!found.has(key)) found.set(key, m);
  };
  for (const { issue, segs, undeclared, code } of issues) {
    if (undeclared) {
      // An array where an object is expected passes the object check (arrays are objects) and
      // then has "undeclared keys" 0, 1, ...: the real error is the array itself.
      const parent = segs.slice(0, -1);
      const holder = valueAt(value, parent);
      if (!Array.isArray(holder)) continue;
      const nodes = json ? schemaAt(json, parent) : [];
      const kinds = expectedKinds(json, nodes);
      if (kinds && kinds.has("array")) continue;
      add({ segs: parent, expected: describeExpected(json, nodes, "an object"), actual: "an array" });
      continue;
    }
    if (code === "required") continue;
    const actual = valueAt(value, segs);
    if (actual === undefined) continue;
    const nodes = json ? schemaAt(json, segs) : [];
    const kinds = expectedKinds(json, nodes);
    const wrongKind = kinds ? !kinds.has(kindOf(actual)) : code === "domain" || code === "proto";
    if (!wrongKind) continue;
    const expected = expectedOf(issue) ?? describeExpected(json, nodes, "a different type");
    add({ segs, expected: truncate(withFields(expected, json, nodes)), actual: A_KIND[kindOf(actual)] });
  }
  return [...found.values()];
}

function failUnknown(unknown: Located[], issues: Located[], value: unknown, json: SchemaNode | undefined, prefix: string, hint: string): never {
  const parent = unknown[0]!.segs.slice(0, -1);
  const sameLevel = (segs: Seg[]) => segs.length === parent.length + 1 && segs.slice(0, -1).every((s, k) => s === parent[k]);
  const here = unknown.filter((u) => sameLevel(u.segs));
  const keys = here.map((u) => String(u.segs.at(-1)));
  const holder = valueAt(value, parent);
  const present = holder !== null && typeof holder === "object" && !Array.isArray(holder) ? new Set(Object.keys(holder)) : new Set<string>();
  const nodes = json ? schemaAt(json, parent) : [];
  const declared = declaredFields(json, nodes);
  const missing = new Set<string>();
  for (const i of issues) if (i.code === "required" && sameLevel(i.segs)) missing.add(String(i.segs.at(-1)));
  for (const name of requiredFields(json, nodes)) if (!present.has(name)) missing.add(name);

  const level = renderPath(prefix, parent);
  const listed = keys.slice(0, 5).map((k) => {
    const near = declared ? nearest(k, declared.filter((d) => !present.has(d)), [...missing]) : undefined;
    return renderPath(prefix, [...parent, k]) + (near ? ` (did you mean ${quoteKey(near)}?)` : "");
  });
  const more = keys.length > 5 ? ` and ${keys.length - 5} more` : "";
  let message = `unknown field${keys.length > 1 ? "s" : ""} ${listed.join(", ")}${more}`;
  const where = level || "the arguments";
  if (declared) message += `; ${where} ${declared.length ? `declares ${listNames(declared)}` : "declares no fields"}`;
  if (missing.size) message += `; missing required: ${listNames([...missing])}`;
  if (!declared && !missing.size) message += `: this request accepts only its declared fields`;
  return fail("UNKNOWN_ARGUMENT", bounded(message), renderPath(prefix, unknown[0]!.segs), hint);
}

function listNames(names: string[]): string {
  const shown = names.slice(0, 20).map((n) => (n.length > KEY_ECHO_MAX ? n.slice(0, KEY_ECHO_MAX) + "…" : n));
  return shown.join(", ") + (names.length > 20 ? ` and ${names.length - 20} more` : "");
}

/**
 * The declared field a misspelt key most likely meant: one within a small edit distance, or a
 * prefix of it (or it of the key) of at least three letters. Missing required fields win ties.
 */
function nearest(key: string, candidates: string[], missing: string[]): string | undefined {
  if (key.length > KEY_ECHO_MAX) return undefined;
  const k = key.toLowerCase();
  let best: { name: string; score: number } | undefined;
  for (const name of candidates) {
    const n = name.toLowerCase();
    let score: number;
    if (n === k) score = 0;
    else if (Math.min(n.length, k.length) >= 3 && (n.startsWith(k) || k.startsWith(n))) score = 1;
    else {
      const limit = Math.max(1, Math.floor(Math.max(n.length, k.length) / 3));
      const d = editDistance(k, n, limit);
      if (d > limit) continue;
      score = d;
    }
    if (missing.includes(name)) score -= 0.5;
    if (!best || score < best.score) best = { name, score };
  }
  return best?.name;
}

/**
 * Optimal-string-alignment distance (a transposition counts as one edit), or `limit + 1` as soon
 * as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  if (scratch.length < 3 * width) scratch = new Int32Array(3 * width * 2);
  // Three rolling rows (i - 2, i - 1, i) in one reused buffer: this runs once per distinct
  // installed id word when an unknown id is looked up, so it must not allocate.
  let prev2 = 0, prev = width, cur = 2 * width;
  for (let j = 0; j < width; j++) scratch[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    scratch[cur] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(scratch[prev + j]! + 1, scratch[cur + j - 1]! + 1, scratch[prev + j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) d = Math.min(d, scratch[prev2 + j - 2]! + 1);
      scratch[cur + j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return scratch[prev + width - 1]!;
}
let scratch = new Int32Array(256);

/* ---- The published JSON Schema of a type, walked along an issue path ---- */

interface SchemaNode {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: SchemaNode | boolean;
  patternProperties?: Record<string, SchemaNode>;
  items?: SchemaNode | boolean;
  prefixItems?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
}

const projections = new WeakMap<object, SchemaNode | null>();

/** The type's JSON Schema (computed once per type, and only when a request has failed). */
function jsonSchemaOf(schema: TypedSchema<unknown>): SchemaNode | undefined {
  let s = projections.get(schema);
  if (s === undefined) {
    try {
      s = schema.toJsonSchema() as SchemaNode;
    } catch {
      s = null; // a type without a JSON Schema projection: fall back to the validator's own codes
    }
    projections.set(schema, s);
  }
  return s ?? undefined;
}

const MAX_EXPANSION = 8;

/** The alternatives a node stands for: $ref resolved, anyOf/oneOf/allOf flattened (bounded). */
function alternatives(root: SchemaNode, node: SchemaNode | boolean | undefined, depth = 0): SchemaNode[] {
  if (!node || node === true || depth > MAX_EXPANSION) return [];
  if (node.$ref !== undefined) {
    const m = /^#\/\$defs\/(.+)$/.exec(node.$ref);
    return m && root.$defs?.[m[1]!] ? alternatives(root, root.$defs[m[1]!], depth + 1) : [];
  }
  const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  if (!branches.length) return [node];
  const own = node.type !== undefined || node.properties !== undefined ? [node] : [];
  return [...own, ...branches.flatMap((b) => alternatives(root, b, depth + 1))];
}

function schemaAt(root: SchemaNode, segs: Seg[]): SchemaNode[] {
  let nodes = alternatives(root, root);
  for (const seg of segs) {
    const next: SchemaNode[] = [];
    for (const n of nodes) {
      const index = typeof seg === "number" ? seg : /^(0|[1-9][0-9]*)$/.test(seg) ? Number(seg) : undefined;
      if (index !== undefined && (n.items !== undefined || n.prefixItems !== undefined)) {
        next.push(...alternatives(root, n.prefixItems?.[index] ?? n.items));
      }
      if (typeof seg === "string" && (n.properties || n.additionalProperties || n.patternProperties)) {
        const own = n.properties && Object.prototype.hasOwnProperty.call(n.properties, seg) ? n.properties[seg] : undefined;
        const extra = n.additionalProperties;
        next.push(...alternatives(root, own ?? (typeof extra === "object" ? extra : undefined)));
      }
    }
    nodes = next;
    if (!nodes.length) break;
  }
  return nodes;
}

/** JSON types the nodes allow, or undefined when any of them leaves the type open. */
function expectedKinds(root: SchemaNode | undefined, nodes: SchemaNode[]): Set<JsonKind> | undefined {
  if (!root || !nodes.length) return undefined;
  const kinds = new Set<JsonKind>();
  for (const n of nodes) {
    if (n.type !== undefined) {
      for (const t of Array.isArray(n.type) ? n.type : [n.type]) kinds.add(t === "integer" ? "number" : (t as JsonKind));
    } else if ("const" in n) kinds.add(kindOf(n.const));
    else if (n.enum) for (const v of n.enum) kinds.add(kindOf(v));
    else if (n.properties) kinds.add("object");
    else return undefined;
  }
  return kinds;
}

function describeExpected(root: SchemaNode | undefined, nodes: SchemaNode[], fallback: string): string {
  const described = nodes.find((n) => n.description)?.description;
  const kinds = expectedKinds(root, nodes);
  const kindText = kinds ? [...kinds].map((k) => A_KIND[k]).join(" or ") : fallback;
  return withFields(described ? `${kindText} (${described})` : kindText, root, nodes);
}

function withFields(expected: string, root: SchemaNode | undefined, nodes: SchemaNode[]): string {
  const fields = declaredFields(root, nodes);
  return fields?.length ? `${expected} with fields ${listNames(fields)}` : expected;
}

/** Field names declared at a level (every object alternative), or undefined when unknown. */
function declaredFields(root: SchemaNode | undefined, nodes: SchemaNode[]): string[] | undefined {
  if (!root) return undefined;
  const objects = nodes.filter((n) => n.properties || n.type === "object");
  if (!objects.length) return undefined;
  if (objects.some((n) => !n.properties && n.additionalProperties !== false)) return undefined; // an open map
  return [...new Set(objects.flatMap((n) => Object.keys(n.properties ?? {})))];
}

/** Required fields, when the level has exactly one object alternative (a union does not say which). */
function requiredFields(root: SchemaNode | undefined, nodes: SchemaNode[]): string[] {
  if (!root) return [];
  const objects = nodes.filter((n) => n.properties || n.type === "object");
  return objects.length === 1 ? (objects[0]!.required ?? []) : [];
}
