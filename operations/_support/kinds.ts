/**
 * arktype field types for the registered value kinds (domain/kinds.ts). Each builder returns a
 * strict wire type that *parses* (an arktype morph) into the kind's domain type, so the pipeline
 * parses every value exactly once; `execute`, `preflight` and `postcondition` receive bigints,
 * rationals, rings and matrices. Declarations build their request and result types with
 * `request({...})` / `result({...})`, which record the kind of every field so that input kinds,
 * port kinds and output kinds are derived rather than written by hand.
 *
 * Published JSON Schemas bound lengths with `maxLength` and use patterns without repeat counts
 * (RE2-based validators reject counts above 1000).
 */
import { type, type Type } from "arktype";
import { JacobianError } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";
import {
  isRationalWire, parseIntegerWire, parseMatrixRingWire, parseMatrixWire, parseRationalWire, parseRingWire, parseVectorWire, toWire,
  type MatrixRing, type MatrixWire, type Ring, type TypedMatrix, type TypedVector, type VectorWire,
} from "../../domain/kinds.js";
import { parseDecimal } from "../../domain/math/decimal.js";
import type { Rational } from "../../domain/math/rational.js";
import { parsePolynomialWire, type PolyLimits } from "../../domain/math/poly/parse.js";
import { parsePolyRingWire } from "../../domain/math/poly/rings.js";
import type { Polynomial, PolyRing } from "../../domain/math/poly/types.js";
import type { KindedSchema } from "../../domain/schema.js";
import { markReadInPlace, withWireScope } from "../../domain/shared-wire.js";
import { DEFAULT_NAUTY_CHARS, parseGraphWire, type GraphLimits, type GraphWire } from "../../domain/math/graph/parse.js";
import type { Graph } from "../../domain/math/graph/types.js";

/** Which kind each built field type carries (for derivation of request/port kinds). */
const KIND_OF = new WeakMap<object, string>();
/** The shape of object types built with `object()`, so nested field kinds can be found. */
const SHAPE_OF = new WeakMap<object, Record<string, unknown>>();
/**
 * For a field type whose values are large (a matrix: up to 250,000 entry strings), a type that
 * parses a value the field's own type already allows, without checking it again: see `request`.
 */
const LEAN_OF = new WeakMap<object, { shallow: Type<any>; lean: Type<any>; entriesOk(rows: unknown): boolean }>();

/**
 * For a scalar field type (an integer string, a boolean), its parse as a plain function: the parsed
 * value when the field's arktype type certainly accepts the wire value (and then parses it to
 * exactly this), NOT_FAST otherwise (the full type then validates, for its errors). See `request`.
 */
const FAST_OF = new WeakMap<object, (v: unknown) => unknown>();
const NOT_FAST: unique symbol = Symbol("not fast");

/** For the same scalar field types: whether a wire value is certainly accepted by the type's wire side (false: ask the type). */
const WIRE_OF = new WeakMap<object, (v: unknown) => boolean>();

function fast<T extends object>(t: T, parse: (v: unknown) => unknown, wire: (v: unknown) => boolean): T {
  FAST_OF.set(t, parse);
  WIRE_OF.set(t, wire);
  return t;
}

/** The digits of an integer string s (its length without a leading "-"). */
const digitCount = (s: string): number => s.length - (s.charCodeAt(0) === 45 ? 1 : 0);

function kinded<T extends object>(t: T, kind: string): T {
  KIND_OF.set(t, kind);
  return t;
}

/** The JSON path of the value a morph is parsing (`payload.` + arktype's property path). */
function here(ctx: { propString: string }): string {
  return ctx.propString ? `payload.${ctx.propString}` : "payload";
}

const INTEGER_RE = /^(0|-?[1-9][0-9]*)$/;
const NATURAL_RE = /^(0|[1-9][0-9]*)$/;
const POSITIVE_RE = /^[1-9][0-9]*$/;
const RATIONAL_RE = /^(0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?$/;

/** An integer string of at most `maxDigits` digits, parsed to bigint. */
export function integer(maxDigits: number, description?: string) {
  // maxLength admits the sign; the digit count itself is checked before BigInt runs (a union of
  // the two signs would publish an exact length, but a failed union quotes the whole value).
  const t = kinded(
    type("string")
      .atMostLength(maxDigits + 1)
      .and(INTEGER_RE)
      .describe(description ?? `an integer as a decimal string (at most ${maxDigits} digits)`)
      .pipe((s: string, ctx) => (digitCount(s) > maxDigits ? ctx.error(`an integer of at most ${maxDigits} digits`) : parseDecimal(s))),
    "integer",
  );
  const wire = (v: unknown): v is string => typeof v === "string" && v.length <= maxDigits + 1 && INTEGER_RE.test(v);
  return fast(t, (v) => (wire(v) && digitCount(v) <= maxDigits ? parseDecimal(v) : NOT_FAST), wire);
}

/** A non-negative integer string, parsed to bigint. */
export function natural(maxDigits: number, description?: string) {
  const t = kinded(type("string").atMostLength(maxDigits).and(NATURAL_RE).describe(description ?? `a non-negative integer as a decimal string (at most ${maxDigits} digits)`).pipe((s: string): bigint => parseDecimal(s)), "integer");
  const wire = (v: unknown): v is string => typeof v === "string" && v.length <= maxDigits && NATURAL_RE.test(v);
  return fast(t, (v) => (wire(v) ? parseDecimal(v) : NOT_FAST), wire);
}

/** A positive integer string, parsed to bigint. */
export function positive(maxDigits: number, description?: string) {
  const t = kinded(type("string").atMostLength(maxDigits).and(POSITIVE_RE).describe(description ?? `a positive integer as a decimal string (at most ${maxDigits} digits)`).pipe((s: string): bigint => parseDecimal(s)), "integer");
  const wire = (v: unknown): v is string => typeof v === "string" && v.length <= maxDigits && POSITIVE_RE.test(v);
  return fast(t, (v) => (wire(v) ? parseDecimal(v) : NOT_FAST), wire);
}

/** A rational "p/q" (q > 0; unreduced accepted) or an integer string, parsed to lowest terms. */
export function rational(maxChars: number, description?: string) {
  return kinded(
    type("string").atMostLength(maxChars).and(RATIONAL_RE).describe(description ?? `a rational "p/q" or an integer, as a string (at most ${maxChars} characters)`).pipe((s: string, ctx): Rational => parseRationalWire(s, here(ctx))),
    "rational",
  );
}

/** A ring name, parsed to a Ring with GF(p)'s p proven prime. */
export function ring(maxPrimeDigits = 40) {
  return kinded(
    type("string").atMostLength(maxPrimeDigits + 4).and(/^(ZZ|QQ|GF\([1-9][0-9]*\))$/).describe(`a ring: "ZZ", "QQ" or "GF(p)" with p prime (at most ${maxPrimeDigits} digits)`).pipe((s: string, ctx): Ring => parseRingWire(s, here(ctx), maxPrimeDigits)),
    "ring",
  );
}

/** Characters of a polynomial ring string ("GF(p^k, modulus)" carries a modulus expression). */
const POLY_RING_CHARS = 4_000;

/**
 * A polynomial coefficient ring: "ZZ", "QQ", "GF(p)" or an extension field "GF(p^k)" (with an
 * optional explicit modulus), parsed to a PolyRing (p proven prime, a modulus proven irreducible).
 */
export function polyRing(maxPrimeDigits = 40) {
  return kinded(
    type("string").atMostLength(POLY_RING_CHARS).describe(`a coefficient ring: "ZZ", "QQ", "GF(p)" with p prime (at most ${maxPrimeDigits} digits) or "GF(p^k)"`).pipe((s: string, ctx): PolyRing => parsePolyRingWire(s, here(ctx), maxPrimeDigits)),
    "ring",
  );
}

/**
 * A polynomial `{ ring, variables, expression }` or `{ ring, variables, terms }` (or both, as the
 * canonical output carries them), parsed to the canonical sparse Polynomial with every limit
 * enforced while parsing (domain/math/poly/parse.ts).
 */
export function polynomial(limits: PolyLimits, description?: string) {
  const coefficientChars = Math.max(64, 2 * limits.maxCoeffDigits + 2);
  const wire = type({
    ring: type("string").atMostLength(POLY_RING_CHARS),
    variables: type("string").atMostLength(32).array().atMostLength(limits.maxVariables),
    "expression?": type("string").atMostLength(limits.maxChars),
    // Items are checked by the parser (one pass, exact paths): a per-item schema costs seconds for
    // 10^5 terms in arktype's jitless mode, on every request and again on every result.
    "terms?": type("unknown[]")
      .atMostLength(limits.maxTerms)
      .describe(`terms [{ "coefficient": string of at most ${coefficientChars} characters, "exponents": [one non-negative JSON integer per variable] }, …] (no other keys)`),
  });
  return kinded(
    wire
      .describe(
        description ??
          `a polynomial { ring, variables, expression } (e.g. { "ring": "QQ", "variables": ["x", "y"], "expression": "x^2 - 3*x*y + 1/2" }) or { ring, variables, terms: [{ coefficient, exponents }] }; at most ${limits.maxVariables} variables, ${limits.maxTerms} terms, degree ${limits.maxDegree}, ${limits.maxChars} characters`,
      )
      .pipe((w, ctx): Polynomial => parsePolynomialWire(w as never, here(ctx), limits)),
    "polynomial",
  );
}

/**
 * An element of a polynomial's coefficient ring, as a string read against that ring by the
 * operation (domain/math/poly/parse.ts `parseCoefficient`): an integer or "p/q" (GF(p): reduced
 * mod p), or for GF(p^k) an expression in the generator a ("a^2 + 1").
 */
export function ringElement(maxChars: number, description?: string) {
  return type("string").atMostLength(maxChars).describe(description ?? `an element of the polynomial's coefficient ring: an integer or "p/q" (GF(p^k): an expression in the generator a), at most ${maxChars} characters`);
}

const ENTRY_RE = RATIONAL_RE;
/** Entries of GF(p^k) matrices: rational strings, or expressions in the generator a (read by the element grammar). */
const FIELD_ENTRY_RE = /^((0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?|[-+*^ 0-9a]+)$/;
const PRIME_RING_RE = /^(ZZ|QQ|GF\([1-9][0-9]*\))$/;
/** "ZZ", "QQ", "GF(p)", "GF(p^k)" or "GF(p^k, modulus)" (the modulus is read by the element grammar). */
const MATRIX_RING_RE = /^(ZZ|QQ|GF\([1-9][0-9]*\)|GF\([ 0-9]+\^[ 0-9]+(,[-+*^ 0-9a]+)?\))$/;

/** Options of the matrix and vector kinds. */
export interface MatrixKindOptions {
  /** Also accept extension fields GF(p^k) (entries expressions in the generator a). Default false. */
  extension?: boolean;
  /** Digits of p in GF(p) (default 40). */
  maxPrimeDigits?: number;
}

function ringWire(o: MatrixKindOptions) {
  const digits = o.maxPrimeDigits ?? 40;
  return o.extension ? type("string").atMostLength(POLY_RING_CHARS).and(MATRIX_RING_RE) : type("string").atMostLength(digits + 4).and(PRIME_RING_RE);
}

const ringsIn = (o: MatrixKindOptions): string => (o.extension ? 'ring "ZZ", "QQ", "GF(p)" or "GF(p^k)" (entries of GF(p^k) are expressions in the generator a, e.g. "a^2 + 1")' : 'ring "ZZ", "QQ" or "GF(p)"');

/** A matrix `{ ring, rows }` of at most maxDim × maxDim entries, parsed to a TypedMatrix. */
export function matrix(maxDim: number, maxEntryChars: number, o: MatrixKindOptions = {}) {
  const entry = type("string").atMostLength(maxEntryChars).and(o.extension ? FIELD_ENTRY_RE : ENTRY_RE);
  const wire = type({ ring: ringWire(o), rows: entry.array().atMostLength(maxDim).array().atMostLength(maxDim) });
  const parse = (w: MatrixWire, ctx: { propString: string }): TypedMatrix => parseMatrixWire(w, here(ctx), o.maxPrimeDigits ?? 40);
  const full = kinded(wire.describe(`a matrix { ring, rows } of at most ${maxDim}×${maxDim} entries given as strings; ${ringsIn(o)}`).pipe(parse), "matrix");
  // The lean parse for a request (see `request`): `shallow` checks the ring and the row bounds without
  // walking the entries; `lean` checks every entry in one plain loop (string, length, grammar), then
  // parses. An entry the loop refuses sends the request to the full type, for its errors.
  const entryOk = o.extension
    ? (e: unknown) => typeof e === "string" && e.length <= maxEntryChars && FIELD_ENTRY_RE.test(e)
    : (e: unknown) => typeof e === "string" && e.length <= maxEntryChars && isRationalWire(e);
  const shallow = type({ ring: ringWire(o), rows: type("unknown[]").atMostLength(maxDim).array().atMostLength(maxDim) });
  const entriesOk = (rows: unknown): boolean => {
    if (!Array.isArray(rows)) return false;
    for (const row of rows) {
      if (!Array.isArray(row)) return false;
      for (const e of row) if (!entryOk(e)) return false;
    }
    return true;
  };
  const lean = type({ ring: "string", rows: "unknown[][]" }).pipe((w, ctx) => (entriesOk(w.rows) ? parse(w as MatrixWire, ctx) : ctx.error("entries as the full type checks them")));
  LEAN_OF.set(full, { shallow, lean, entriesOk });
  return full;
}

/** A vector `{ ring, entries }` of at most maxLen entries, parsed to a TypedVector. */
export function vector(maxLen: number, maxEntryChars: number, o: MatrixKindOptions = {}) {
  const entry = type("string").atMostLength(maxEntryChars).and(o.extension ? FIELD_ENTRY_RE : ENTRY_RE);
  const wire = type({ ring: ringWire(o), entries: entry.array().atMostLength(maxLen) });
  return kinded(wire.describe(`a vector { ring, entries } of at most ${maxLen} entries given as strings; ${ringsIn(o)}`).pipe((w: VectorWire, ctx): TypedVector => parseVectorWire(w, here(ctx), o.maxPrimeDigits ?? 40)), "vector");
}

/** The ring of a matrix: "ZZ", "QQ", "GF(p)" or "GF(p^k)" / "GF(p^k, modulus)", parsed (p proven prime, a modulus proven irreducible). */
export function matrixRing(maxPrimeDigits = 40) {
  return kinded(
    ringWire({ extension: true, maxPrimeDigits }).describe('a ring: "ZZ", "QQ", "GF(p)" with p prime, or "GF(p^k)" / "GF(p^k, modulus)"').pipe((s: string, ctx): MatrixRing => parseMatrixRingWire(s, here(ctx), maxPrimeDigits)),
    "ring",
  );
}

/**
 * An element of a matrix's ring as a string: an integer or "p/q" (parsed to a reduced Rational), or
 * a GF(p^k) expression in the generator a (kept as the string; the operation reads it against the
 * matrix's field with `readScalar`, since the field law is not known here).
 */
export function ringScalar(maxChars: number, description?: string) {
  return kinded(
    type("string")
      .atMostLength(maxChars)
      .and(FIELD_ENTRY_RE)
      .describe(description ?? `an element of the matrix's ring: an integer or "p/q", or for GF(p^k) an expression in the generator a (at most ${maxChars} characters)`)
      .pipe((s: string, ctx): Rational | string => (RATIONAL_RE.test(s) ? parseRationalWire(s, here(ctx)) : s)),
    "ring_element",
  );
}

/** What a graph field admits, in words (the field's description). */
export function graphAdmits(limits: GraphLimits): string {
  const dir = limits.directed === "either" ? "directed or undirected" : limits.directed;
  const w =
    limits.weights === "forbidden" ? "unweighted" : `${limits.weights === "required" ? "a weight on every edge" : "optional weights (on every edge or none)"}${limits.weightSign ? ` (${limits.weightSign === "positive" ? "> 0" : "≥ 0"})` : ""}`;
  const extras = [limits.loops ? "self-loops" : "", limits.multi ? "parallel edges" : ""].filter(Boolean);
  return `${dir}, ${w}, ${extras.length ? `${extras.join(" and ")} allowed` : "no self-loops or parallel edges"}; at most ${limits.maxVertices} vertices and ${limits.maxEdges} edges`;
}

/**
 * A graph `{ directed?, vertices, edges }` or `{ graph6 | sparse6 | digraph6 }`, parsed to the CSR
 * Graph (domain/math/graph/parse.ts) with the caps, labels, weights, loops and parallel edges
 * checked while parsing. The wire type bounds the list lengths; items are checked by the parser in
 * one pass with exact paths (a per-item schema costs seconds for 10^6 edges in arktype's jitless mode).
 */
export function graph(limits: GraphLimits, description?: string) {
  const nautyChars = limits.maxNautyChars ?? DEFAULT_NAUTY_CHARS;
  const wire = type({
    "directed?": type("boolean").describe("whether edges are arcs u → v (default false)"),
    "vertices?": type("unknown[]").atMostLength(limits.maxVertices).describe(`the vertex labels: distinct strings of 1 to ${limits.maxLabelChars ?? 100} characters (at most ${limits.maxVertices})`),
    "edges?": type("unknown[]")
      .atMostLength(limits.maxEdges)
      .describe(`the edges [u, v] or [u, v, weight] (labels of declared vertices; weight an integer or rational string such as "3/2", on every edge or none; at most ${limits.maxEdges})`),
    "graph6?": type("string").atMostLength(nautyChars).describe("an undirected simple graph in nauty's graph6 format (instead of vertices and edges; labels \"0\" … \"n−1\")"),
    "sparse6?": type("string").atMostLength(nautyChars).describe("an undirected graph in nauty's sparse6 format (starts with \":\")"),
    "digraph6?": type("string").atMostLength(nautyChars).describe("a directed graph in nauty's digraph6 format (starts with \"&\")"),
  });
  return kinded(
    wire
      .describe(description ?? `a graph { "directed": false, "vertices": ["a", "b"], "edges": [["a", "b"]] } or { "graph6": "…" }: ${graphAdmits(limits)}`)
      .pipe((w, ctx): Graph => parseGraphWire(w as GraphWire, here(ctx), limits)),
    "graph",
  );
}

/** A nested object whose fields may carry kinds (recorded so ports can bind `claim.factors`). */
export function object<const S extends Record<string, unknown>>(shape: S, kind?: string, description?: string) {
  // Registered after `describe`: every arktype method returns a new type, so a later
  // `.describe(...)` would lose the recorded kind.
  let t = (type as any)(shape) as Type<any>;
  if (description) t = t.describe(description);
  SHAPE_OF.set(t, shape);
  if (kind) KIND_OF.set(t, kind);
  return t as ReturnType<typeof type<S>>;
}

/**
 * `describe` returns a new arktype type, which would drop the value kind recorded by the
 * builders; this keeps it, so request and port kinds are still derived.
 */
export function described<T extends { describe(d: string): unknown }>(t: T, description: string): T {
  const kind = KIND_OF.get(t as unknown as object);
  const shape = SHAPE_OF.get(t as unknown as object);
  const lean = LEAN_OF.get(t as unknown as object);
  const quick = FAST_OF.get(t as unknown as object);
  const wire = WIRE_OF.get(t as unknown as object);
  const out = t.describe(description) as T & object;
  if (kind) KIND_OF.set(out, kind);
  if (shape) SHAPE_OF.set(out, shape);
  if (lean) LEAN_OF.set(out, lean);
  if (quick) FAST_OF.set(out, quick);
  if (wire) WIRE_OF.set(out, wire);
  return out;
}

type Infer<S> = ReturnType<typeof type<S>>["infer"];

function unionType(shapes: readonly Record<string, unknown>[]): Type<any> {
  let t = (type as any)(shapes[0]) as Type<any>;
  for (const s of shapes.slice(1)) t = t.or((type as any)(s));
  return t;
}

/**
 * A result schema that is a union of object shapes (a typed answer: solvable or not, complete or
 * not), with the field kinds of every branch recorded and, optionally, the whole-result kind
 * `family.object` that its checker's claim carries. `result` takes one shape; this is its union.
 */
export function oneOf<const S extends readonly Record<string, unknown>[]>(shapes: S, wholeKind?: string): Kinded<{ [K in keyof S]: Infer<S[K]> }[number]> {
  const kinds: Record<string, string> = {};
  for (const sh of shapes) Object.assign(kinds, fieldKinds(sh));
  return wrap(strict(unionType(shapes)), kinds, "in", wholeKind) as never;
}

/**
 * A checker's claim: the union of the claim shapes, described, carrying the producer's result kind
 * (so the checker's `claim` input port takes the producer's whole-result output port).
 */
export function claimOf<const S extends readonly Record<string, unknown>[]>(shapes: S, kind: string, description: string): Type<{ [K in keyof S]: Infer<S[K]> }[number]> {
  return kinded(unionType(shapes).describe(description), kind) as never;
}

/**
 * A list of at most `maxLen` elements. The list carries its elements' kind — or, for objects
 * whose fields all carry one kind (e.g. congruences of integers), that kind — so input kinds are
 * still derived for requests made of lists.
 */
export function list<T extends Type<any>>(element: T, maxLen: number, description?: string) {
  let t = (element as Type<any>).array().atMostLength(maxLen) as Type<any>;
  if (description) t = t.describe(description);
  const shape = SHAPE_OF.get(element);
  const kinds = shape ? [...new Set(Object.values(fieldKinds(shape)))] : [];
  const kind = KIND_OF.get(element) ?? (kinds.length === 1 ? kinds[0] : undefined);
  if (kind) KIND_OF.set(t, kind);
  return t as ReturnType<T["array"]>;
}

/** Mark any type (e.g. a whole result shape) as carrying a named kind. */
export function ofKind<T extends object>(t: T, kind: string): T {
  return kinded(t, kind);
}

/** The plain parse (or wire check) of a scalar field type (FAST_OF, WIRE_OF), or of a boolean type (kept as it is). */
function fastField(f: unknown, side: "parse" | "wire"): ((v: unknown) => unknown) | undefined {
  if (!f || (typeof f !== "object" && typeof f !== "function")) return undefined;
  if (side === "parse") {
    const quick = FAST_OF.get(f);
    if (quick) return quick;
  } else {
    const wire = WIRE_OF.get(f);
    if (wire) return (v) => (wire(v) ? v : NOT_FAST);
  }
  if ((f as { expression?: unknown }).expression === "boolean") return (v) => (typeof v === "boolean" ? v : NOT_FAST);
  return undefined;
}

const SCALAR_REQUESTS = new WeakSet<object>();
/** Whether a request schema parses (or a result schema checks) plain scalar values without arktype (`request`, `result`; for tests). */
export const hasScalarParse = (schema: object): boolean => SCALAR_REQUESTS.has(schema);

/**
 * For a shape made only of scalar fields (integer strings, booleans; optional or not): its parse
 * (or, side "wire", its check of a wire value) of a plain object whose every key is declared, every
 * required key present and every value certainly accepted by its field's type — the value the full
 * type would produce (a fresh object, the keys in the payload's order, each parsed once; the wire
 * side has no morphs and gives the values as they are). Undefined for anything else, which the full
 * type then validates (for its errors). arktype's jitless traversal of such a request costs about
 * ten times the parse itself (two integer fields: 10 µs against 1 µs).
 */
function scalarShapeParse(shape: Record<string, unknown>, side: "parse" | "wire"): ((value: unknown) => Record<string, unknown> | undefined) | undefined {
  const fields = new Map<string, (v: unknown) => unknown>();
  const required: string[] = [];
  for (const [raw, f] of Object.entries(shape)) {
    const parse = fastField(f, side);
    if (!parse) return undefined;
    const key = raw.endsWith("?") ? raw.slice(0, -1) : raw;
    if (key === "__proto__" || key.endsWith("?")) return undefined;
    fields.set(key, parse);
    if (!raw.endsWith("?")) required.push(key);
  }
  return (value) => {
    if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
    if (Object.getOwnPropertySymbols(value).length) return undefined;
    const out: Record<string, unknown> = {};
    let n = 0;
    for (const k in value) {
      const parse = fields.get(k);
      if (!parse || !Object.hasOwn(value, k)) return undefined;
      const x = parse((value as Record<string, unknown>)[k]);
      if (x === NOT_FAST) return undefined;
      out[k] = x;
      n++;
    }
    if (n < required.length) return undefined;
    for (const k of required) if (!Object.hasOwn(out, k)) return undefined;
    return out;
  };
}

/** Every field path of a shape whose type carries a kind, e.g. { "claim": "x.y", "claim.factors": "…" }. */
export function fieldKinds(shape: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rawKey, t] of Object.entries(shape)) {
    const key = rawKey.endsWith("?") ? rawKey.slice(0, -1) : rawKey;
    const path = prefix ? `${prefix}.${key}` : key;
    if (t && (typeof t === "object" || typeof t === "function")) {
      const k = KIND_OF.get(t as object);
      if (k) out[path] = k;
      const nested = SHAPE_OF.get(t as object) ?? (isPlainShape(t) ? (t as Record<string, unknown>) : undefined);
      if (nested) Object.assign(out, fieldKinds(nested, path));
    }
  }
  return out;
}

function isPlainShape(t: unknown): boolean {
  return !!t && typeof t === "object" && Object.getPrototypeOf(t) === Object.prototype;
}

/** Reject undeclared keys at every depth (the boundary rule for every request and result type). */
export function strict<T extends Type<any>>(t: T): T {
  // The process-wide arktype setting (adapters/ark-config.ts) already rejects undeclared keys at
  // every depth; this marks the boundary types explicitly and costs nothing.
  return t;
}

/**
 * A request schema: strict, parsing (morphs), with the kind of every field recorded. Its JSON
 * Schema is the wire (input) side.
 */
export function request<const S extends Record<string, unknown>>(shape: S) {
  const t = strict((type as any)(shape) as Type<any>);
  const wrapped = wrap<ReturnType<typeof type<S>>["infer"]>(t, fieldKinds(shape), "in");
  // A request made only of scalar fields (integer strings, booleans) is parsed by plain functions
  // when the payload is certainly valid; anything else goes through the full type, for its errors.
  const scalar = scalarShapeParse(shape, "parse");
  if (scalar) {
    const full = wrapped["~standard"].validate;
    const quick = { ...wrapped, "~standard": { ...wrapped["~standard"], validate: (value: unknown) => { const out = scalar(value); return (out !== undefined ? { value: out } : full(value)) as never; } } };
    SCALAR_REQUESTS.add(quick);
    return quick;
  }
  // Large fields (matrices) have a lean parse: a shallow type checks everything but their entries,
  // then a lean type checks the entries in one plain loop and parses them — without arktype's
  // per-element traversal, paths and error bookkeeping (100×120 rationals: 10–15 ms for the full
  // type, 4–5 ms with a boolean pass of it before the lean parse, less without that pass).
  // Anything either refuses goes through the full type, for its errors; the published schema is
  // the full type's.
  const entries = Object.entries(shape);
  if (!entries.some(([, f]) => LEAN_OF.has(f as object))) return wrapped;
  const shallow = ((type as any)(Object.fromEntries(entries.map(([k, f]) => [k, LEAN_OF.get(f as object)?.shallow ?? f]))) as any).in as Type<any>;
  const lean = strict((type as any)(Object.fromEntries(entries.map(([k, f]) => [k, LEAN_OF.get(f as object)?.lean ?? f]))) as Type<any>);
  const validate = (value: unknown) => {
    if (shallow.allows(value)) {
      const r = lean["~standard"].validate(value) as { issues?: unknown };
      if (!r.issues) return r as never;
    }
    return t["~standard"].validate(value) as never;
  };
  return { ...wrapped, "~standard": { ...wrapped["~standard"], validate } };
}

/**
 * A result schema: the wire side of the shape (what is published), with field kinds recorded.
 * Operations may return domain values (bigints, rationals, tagged composites); the pipeline
 * turns them into canonical wire form with `toWire` before this schema validates them.
 */
export function result<const S extends Record<string, unknown>>(shape: S, wholeKind?: string) {
  const t = strict((type as any)(shape) as Type<any>);
  const wrapped = wrap<ReturnType<typeof type<S>>["infer"]>(t, fieldKinds(shape), "in", wholeKind);
  // A result of scalar fields is checked by plain functions when certainly valid (the pipeline
  // checks every result it publishes), else by the type's wire side.
  const scalar = scalarShapeParse(shape, "wire");
  if (scalar) {
    const full = wrapped.validateWire;
    const quick = { ...wrapped, validateWire: (value: unknown) => (scalar(value) !== undefined ? { value } : full(value)) as never };
    SCALAR_REQUESTS.add(quick);
    return quick;
  }
  // Top-level matrix fields are checked like a request's (see `request`): a shallow type, then the
  // entries in one loop; anything refused goes through the full wire type, for its issues.
  const entries = Object.entries(shape);
  const leanFields = entries.flatMap(([k, f]) => {
    const l = LEAN_OF.get(f as object);
    return l ? [{ key: k.endsWith("?") ? k.slice(0, -1) : k, entriesOk: l.entriesOk }] : [];
  });
  if (!leanFields.length) return wrapped;
  const shallow = ((type as any)(Object.fromEntries(entries.map(([k, f]) => [k, LEAN_OF.get(f as object)?.shallow ?? f]))) as any).in as Type<any>;
  const validateWire = (value: unknown) => {
    if (shallow.allows(value) && leanFields.every(({ key, entriesOk }) => {
      const v = (value as Record<string, unknown>)[key];
      return v === undefined || entriesOk((v as { rows?: unknown }).rows);
    })) return { value } as never;
    return wrapped.validateWire(value);
  };
  return { ...wrapped, validateWire };
}

export type Kinded<T> = KindedSchema<T> & { readonly arktype: Type<any>; /** type-level only: the parsed type */ readonly infer: T };

/**
 * Kinds whose parser reads its wire value without writing into it or keeping any part of it: the
 * graph parser turns the vertex and edge lists into typed arrays and a fresh label array. The copy
 * made before parsing may share such values (domain/shared-wire.ts).
 */
const READ_IN_PLACE_KINDS = new Set(["graph"]);

/** The objects at the given field paths of a request (plain objects only), marked for this validation. */
function markInPlace(value: unknown, paths: readonly string[][]): void {
  for (const path of paths) {
    let node = value;
    for (const key of path) {
      if (node === null || typeof node !== "object" || Array.isArray(node) || !Object.hasOwn(node, key)) {
        node = undefined;
        break;
      }
      node = (node as Record<string, unknown>)[key];
    }
    if (node !== null && typeof node === "object" && !Array.isArray(node) && Object.getPrototypeOf(node) === Object.prototype) markReadInPlace(node);
  }
}

function wrap<T>(t: Type<any>, kinds: Record<string, string>, side: "in", wholeKind?: string): Kinded<T> {
  const wireSide = (t as any)[side] as Type<any>;
  let jsonSchema: object | undefined;
  const inPlace = Object.entries(kinds).filter(([, k]) => READ_IN_PLACE_KINDS.has(k)).map(([p]) => p.split("."));
  return {
    arktype: t,
    infer: undefined as unknown as T,
    fieldKinds: kinds,
    ...(wholeKind ? { kind: wholeKind } : {}),
    "~standard": {
      version: 1,
      vendor: "arktype",
      validate: (value: unknown) =>
        (inPlace.length
          ? withWireScope(() => {
              markInPlace(value, inPlace);
              return t["~standard"].validate(value);
            })
          : t["~standard"].validate(value)) as never,
    },
    validateWire: (value: unknown) => wireSide["~standard"].validate(value) as never,
    toJsonSchema: () => (jsonSchema ??= wireSide.toJsonSchema()),
  };
}

/** A request schema of an operation with a single `{ n }`-style shape built elsewhere. */
export type RequestOf<S> = S extends KindedSchema<infer T> ? T : never;

/** Domain → wire (re-exported so declarations can format intermediate values the same way). */
export { toWire };

/** A DOMAIN_ERROR at a payload path. */
export function domainAt(path: string, message: string, hint?: string): JacobianError {
  return new JacobianError("DOMAIN_ERROR", message, { path, ...(hint ? { hint } : {}) });
}

export type { Json };
