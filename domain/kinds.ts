/**
 * The value-kind registry: every mathematical value kind that travels on the wire is declared
 * here once — its wire shape (in words; the strict arktype wire types are built from these entries
 * in `operations/_support/kinds.ts`), its parsed domain type, its canonical wire form and a size
 * measure for preflight. Requests are parsed once into these domain types; digests and manifests
 * use the canonical form that `toWire` produces from them.
 *
 * Parsed values of composite kinds carry an enumerable `$kind` tag so that they survive structured
 * cloning into pool workers and can be turned back into canonical wire form without a schema.
 */
import { JacobianError } from "./errors.js";
import { CanonicalJsonWriter, concatChunks, type Json } from "./json.js";
import { decimalString, parseDecimal } from "./math/decimal.js";
import { formatRational, rational, type Rational } from "./math/rational.js";
import { proveFieldCharacteristic } from "./math/prime_fields.js";
// A cycle (poly/format → poly/rings → kinds): those modules use this one's exports only inside functions.
import { formatPolynomial } from "./math/poly/format.js";
import { formatPolyRing } from "./math/poly/rings.js";
import type { ExtensionField, FieldElement, Polynomial, PolyRing } from "./math/poly/types.js";
import { formatExtensionField, formatFieldElement, formatFieldValue, parseExtensionFieldWire, parseFieldElement, type FieldValue } from "./math/poly/gfq.js";
import { formatGraph, writeGraph } from "./math/graph/format.js";
import type { Graph } from "./math/graph/types.js";

/** A coefficient ring: ZZ, QQ or a prime field GF(p) with p proven prime. */
export type Ring = { readonly $kind: "ring"; readonly kind: "ZZ" } | { readonly $kind: "ring"; readonly kind: "QQ" } | { readonly $kind: "ring"; readonly kind: "GF"; readonly p: bigint };

export const ZZ: Ring = { $kind: "ring", kind: "ZZ" };
export const QQ: Ring = { $kind: "ring", kind: "QQ" };
export const GF = (p: bigint): Ring => ({ $kind: "ring", kind: "GF", p });

/** The entry ring of a matrix or vector: ZZ, QQ, GF(p) or an extension field GF(p^k). */
export type MatrixRing = Ring | ExtensionField;

/**
 * A matrix over ZZ, QQ, GF(p) or GF(p^k); GF(p) entries are reduced to 0..p−1, QQ entries are
 * canonical, GF(p^k) entries are FieldElements (residues little-endian in the generator a, trimmed).
 */
export type TypedMatrix =
  | { readonly $kind: "matrix"; ring: Ring & { kind: "ZZ" }; rows: bigint[][] }
  | { readonly $kind: "matrix"; ring: Ring & { kind: "QQ" }; rows: Rational[][] }
  | { readonly $kind: "matrix"; ring: Ring & { kind: "GF"; p: bigint }; rows: bigint[][] }
  | { readonly $kind: "matrix"; ring: ExtensionField; rows: FieldElement[][] };

/** A vector over ZZ, QQ, GF(p) or GF(p^k). */
export type TypedVector =
  | { readonly $kind: "vector"; ring: Ring & { kind: "ZZ" }; entries: bigint[] }
  | { readonly $kind: "vector"; ring: Ring & { kind: "QQ" }; entries: Rational[] }
  | { readonly $kind: "vector"; ring: Ring & { kind: "GF"; p: bigint }; entries: bigint[] }
  | { readonly $kind: "vector"; ring: ExtensionField; entries: FieldElement[] };

export interface MatrixWire {
  ring: string;
  rows: string[][];
}
export interface VectorWire {
  ring: string;
  entries: string[];
}

/** One registered value kind. */
export interface ValueKindSpec<Parsed = unknown, Wire extends Json = Json> {
  readonly name: string;
  /** The wire form in words (published in docs/contract.md and inspection). */
  readonly wire: string;
  /** The canonical wire form of a parsed value. */
  format(value: Parsed): Wire;
  /**
   * Writes the canonical JSON of `format(value)` without building it (for kinds whose values can be
   * big: a graph of 10^6 edges would otherwise build 10^6 edge arrays only to serialise them).
   */
  write?(value: Parsed, w: CanonicalJsonWriter): void;
  /** A size measure for preflight (digits, entries, …), stated in `measure`. */
  size(value: Parsed): number;
  readonly measure: string;
  /**
   * Members of the wire object whose items the kind's parser checks one by one, refusing any
   * nested value where it expects a string or a flat list of strings (a graph's vertices and edges):
   * the request's nesting guard need not walk them (10^6 edges are then read once, by the parser).
   */
  readonly itemChecked?: readonly string[];
}

export const INTEGER_PATTERN = /^(0|-?[1-9][0-9]*)$/;
export const RATIONAL_PATTERN = /^(0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?$/;

const decimalDigits = (n: bigint): number => (n < 0n ? -n : n).toString().length;

/**
 * The value of the decimal digits s[from, to) when they are 1–15 ASCII digits without a leading
 * zero ("0" itself when zeroOk), else −1: one pass over the characters instead of a regular
 * expression, slices and Number() — a matrix has tens of thousands of such entries.
 */
function smallDigits(s: string, from: number, to: number, zeroOk: boolean): number {
  const len = to - from;
  if (len < 1 || len > 15) return -1;
  let v = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return s.charCodeAt(from) === 48 && (len > 1 || !zeroOk) ? -1 : v;
}

/** BigInt(v) for |v| < 1024 from a table (matrix entries are mostly small): no allocation. */
const SMALL_BIGINTS = Array.from({ length: 2048 }, (_, i) => BigInt(i - 1024));
const big = (v: number): bigint => (v > -1024 && v < 1024 ? SMALL_BIGINTS[v + 1024]! : BigInt(v));

/** An integer string of at most 15 digits ("-42"), or undefined for anything else (then the general path decides). */
function smallInteger(s: string): bigint | undefined {
  const neg = s.charCodeAt(0) === 45;
  const v = smallDigits(s, neg ? 1 : 0, s.length, !neg);
  return v < 0 ? undefined : big(neg ? -v : v);
}

/** A rational "p/q" or integer string whose parts have at most 15 digits, reduced in doubles; undefined otherwise. */
function smallRational(s: string): Rational | undefined {
  const neg = s.charCodeAt(0) === 45;
  const start = neg ? 1 : 0;
  const slash = s.indexOf("/", start);
  const a = smallDigits(s, start, slash < 0 ? s.length : slash, !neg);
  if (a < 0) return undefined;
  if (slash < 0) return { num: big(neg ? -a : a), den: 1n };
  const b = smallDigits(s, slash + 1, s.length, false);
  if (b < 0) return undefined;
  let x = a, y = b;
  while (y) { const t = x % y; x = y; y = t; }
  return { num: big(neg ? -a / x : a / x), den: big(b / x) };
}

/**
 * Whether s matches RATIONAL_PATTERN ("0", "-12", "3/4", unreduced allowed, no leading zeros, no
 * "-0", a positive denominator): one pass over the characters, for the tens of thousands of
 * entries of a matrix request.
 */
export function isRationalWire(s: string): boolean {
  const n = s.length;
  let i = s.charCodeAt(0) === 45 ? 1 : 0;
  const c0 = s.charCodeAt(i) - 48;
  if (!(c0 >= 0 && c0 <= 9)) return false;
  if (c0 === 0) {
    if (i === 1) return false; // "-0…"
    i++;
  } else {
    for (i++; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 47) break;
      if (c < 48 || c > 57) return false;
    }
  }
  if (i === n) return true;
  if (s.charCodeAt(i) !== 47) return false;
  // the denominator: [1-9][0-9]*
  const d0 = s.charCodeAt(++i) - 48;
  if (!(d0 >= 1 && d0 <= 9)) return false;
  for (i++; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Parse an integer string already known to match INTEGER_PATTERN-like wire types. */
export function parseIntegerWire(s: string, path: string): bigint {
  const small = smallInteger(s);
  if (small !== undefined) return small;
  if (!INTEGER_PATTERN.test(s)) throw new JacobianError("INVALID_PAYLOAD", `${path} is not a canonical integer string`, { path, hint: 'integers are strings like "-42": ASCII digits, optional leading "-", no leading zeros, no "-0"' });
  return parseDecimal(s);
}

/** Parse a rational "p/q" (q > 0, unreduced allowed) or integer string into lowest terms. */
export function parseRationalWire(s: string, path: string): Rational {
  const small = smallRational(s);
  if (small !== undefined) return small;
  if (!RATIONAL_PATTERN.test(s)) throw new JacobianError("INVALID_PAYLOAD", `${path} is not a rational string`, { path, hint: 'rationals are strings like "-3/4" or "5" (denominator positive and non-zero)' });
  const slash = s.indexOf("/");
  if (slash < 0) return rational(parseDecimal(s));
  if (s.length <= 31 && slash <= 15 && s.length - slash <= 16) {
    // numerator and denominator below 10^15 < 2^53: reduce in doubles (a matrix has thousands of these)
    const a = Number(s.slice(0, slash)), b = Number(s.slice(slash + 1));
    let x = a < 0 ? -a : a, y = b;
    while (y) { const t = x % y; x = y; y = t; }
    return { num: BigInt(a / x), den: BigInt(b / x) };
  }
  return rational(parseDecimal(s.slice(0, slash)), parseDecimal(s.slice(slash + 1)));
}

/**
 * Parse "ZZ", "QQ" or "GF(p)"; p must be a proven prime of at most `maxPrimeDigits` digits. The
 * proof is cached per p, so a ring that appears in many values of one request is proven once.
 */
export function parseRingWire(s: string, path: string, maxPrimeDigits = 40): Ring {
  if (s === "ZZ") return ZZ;
  if (s === "QQ") return QQ;
  const m = /^GF\(([1-9][0-9]*)\)$/.exec(s);
  if (!m) throw new JacobianError("INVALID_PAYLOAD", `${path}: unknown ring ${JSON.stringify(s.slice(0, 40))}`, { path, hint: 'rings are "ZZ", "QQ" or "GF(p)" with p prime' });
  if (m[1]!.length > maxPrimeDigits) throw new JacobianError("INVALID_PAYLOAD", `${path}: field characteristic above ${maxPrimeDigits} digits`, { path });
  const p = BigInt(m[1]!);
  const verdict = proveFieldCharacteristic(p);
  if (verdict === "composite") throw new JacobianError("DOMAIN_ERROR", `${path}: GF(${p}) is not a field: ${p} is not prime`, { path, hint: "use a prime characteristic p in GF(p)" });
  if (verdict === "unproven") throw new JacobianError("DOMAIN_ERROR", `${path}: ${p} is a probable prime whose primality could not be proven within the parsing budget; refusing to treat GF(${p}) as a field`, { path });
  return GF(p);
}

export function formatRing(r: MatrixRing): string {
  return r.kind === "GFq" ? formatExtensionField(r) : r.kind === "GF" ? `GF(${r.p})` : r.kind;
}

const EXTENSION_RING = /^GF\(\s*[0-9]+\s*\^/;

/**
 * Parse the ring of a matrix or vector: "ZZ", "QQ", "GF(p)" (parseRingWire) or an extension field
 * "GF(p^k)" / "GF(p^k, modulus)" (p proven prime, an explicit modulus proven irreducible).
 */
export function parseMatrixRingWire(s: string, path: string, maxPrimeDigits = 40): MatrixRing {
  return EXTENSION_RING.test(s) ? parseExtensionFieldWire(s, path) : parseRingWire(s, path, maxPrimeDigits);
}

/** Parse the entries of one ring: ZZ/GF integers (GF reduced mod p), QQ rationals, GF(p^k) expressions in a. */
function parseEntries(ring: MatrixRing, entries: string[], path: (j: number) => string): bigint[] | Rational[] | FieldElement[] {
  if (ring.kind === "GFq") return entries.map((e, j) => parseFieldElement(ring, e, path(j)));
  if (ring.kind === "QQ") return entries.map((e, j) => parseRationalWire(e, path(j)));
  const ints = entries.map((e, j) => parseIntegerWire(e, path(j)));
  if (ring.kind === "GF") {
    const p = ring.p;
    return ints.map((v) => ((v % p) + p) % p);
  }
  return ints;
}

/**
 * An element of a matrix ring from a `ring_element` value (a reduced Rational, or a GF(p^k)
 * expression string): ZZ needs an integer, GF(p) an invertible denominator (reduced mod p),
 * GF(p^k) reads the expression with the field law (a rational is its image in the prime field).
 */
export function readRingScalar(ring: MatrixRing, v: Rational | string, path: string): bigint | Rational | FieldElement {
  if (typeof v === "string") {
    if (ring.kind !== "GFq") throw new JacobianError("INVALID_PAYLOAD", `${path} is an expression in the generator a, but the ring is ${formatRing(ring)}`, { path, hint: 'give an integer or "p/q"; expressions in a are elements of GF(p^k)' });
    return parseFieldElement(ring, v, path);
  }
  switch (ring.kind) {
    case "QQ":
      return v;
    case "ZZ":
      if (v.den !== 1n) throw new JacobianError("DOMAIN_ERROR", `${path}: ${formatRational(v)} is not an integer; the ring is ZZ`, { path, hint: "give an integer, or work over QQ" });
      return v.num;
    case "GF":
    case "GFq": {
      const p = ring.p;
      const d = ((v.den % p) + p) % p;
      if (d === 0n) throw new JacobianError("DOMAIN_ERROR", `${path}: the denominator ${v.den} is divisible by ${p}, so ${formatRational(v)} is not an element of ${formatRing(ring)}`, { path });
      let inv = 1n, b = d, e = p - 2n, m = p; // d^(p−2) mod p (p prime)
      for (; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) inv = (inv * b) % m;
      const r = ((((v.num % p) + p) % p) * inv) % p;
      return ring.kind === "GF" ? r : r === 0n ? [] : [r];
    }
  }
}

export function parseMatrixWire(w: MatrixWire, path: string, maxPrimeDigits = 40): TypedMatrix {
  const ring = parseMatrixRingWire(w.ring, `${path}.ring`, maxPrimeDigits);
  const cols = w.rows.length ? w.rows[0]!.length : 0;
  w.rows.forEach((row, i) => {
    if (row.length !== cols) throw new JacobianError("INVALID_PAYLOAD", `${path}.rows[${i}] has ${row.length} entries; row 0 has ${cols}`, { path: `${path}.rows[${i}]`, hint: "matrix rows must all have the same length" });
  });
  const rows = w.rows.map((row, i) => parseEntries(ring, row, (j) => `${path}.rows[${i}][${j}]`));
  return { $kind: "matrix", ring, rows } as TypedMatrix;
}

export function formatMatrix(m: TypedMatrix): MatrixWire {
  const ring = formatRing(m.ring);
  if (m.ring.kind === "QQ") return { ring, rows: (m.rows as Rational[][]).map((r) => r.map(formatRational)) };
  if (m.ring.kind === "GFq") return { ring, rows: (m.rows as FieldElement[][]).map((r) => r.map(formatFieldElement)) };
  return { ring, rows: (m.rows as bigint[][]).map((r) => r.map((v) => v.toString())) };
}

export function parseVectorWire(w: VectorWire, path: string, maxPrimeDigits = 40): TypedVector {
  const ring = parseMatrixRingWire(w.ring, `${path}.ring`, maxPrimeDigits);
  return { $kind: "vector", ring, entries: parseEntries(ring, w.entries, (j) => `${path}.entries[${j}]`) } as TypedVector;
}

export function formatVector(v: TypedVector): VectorWire {
  const ring = formatRing(v.ring);
  if (v.ring.kind === "QQ") return { ring, entries: (v.entries as Rational[]).map(formatRational) };
  if (v.ring.kind === "GFq") return { ring, entries: (v.entries as FieldElement[]).map(formatFieldElement) };
  return { ring, entries: (v.entries as bigint[]).map((x) => x.toString()) };
}

/** A rational in the domain's canonical representation (exactly `num` and `den`, both bigint). */
export function isRational(v: unknown): v is Rational {
  if (v === null || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  return keys.length === 2 && typeof o.num === "bigint" && typeof o.den === "bigint";
}

const REGISTRY = new Map<string, ValueKindSpec<any, any>>();

export function registerKind<P, W extends Json>(spec: ValueKindSpec<P, W>): ValueKindSpec<P, W> {
  if (REGISTRY.has(spec.name)) throw new Error(`value kind ${spec.name} registered twice`);
  REGISTRY.set(spec.name, spec);
  return spec;
}

export function kindSpec(name: string): ValueKindSpec | undefined {
  return REGISTRY.get(name);
}

export function registeredKinds(): ValueKindSpec[] {
  return [...REGISTRY.values()];
}

/** Result kinds name a producer's whole result, `family.object` (e.g. `integer.prime_factorization`). */
export const RESULT_KIND = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

/** A port kind is a registered value kind or a producer result kind. */
export function isKnownKind(name: string): boolean {
  return REGISTRY.has(name) || RESULT_KIND.test(name);
}

registerKind<bigint, string>({ name: "integer", wire: 'a decimal string "-42" (no leading zeros, no "-0")', format: decimalString, size: decimalDigits, measure: "decimal digits" });
registerKind<Rational, string>({ name: "rational", wire: 'a string "p/q" with q > 0 (reduced on output) or an integer string', format: formatRational, size: (r) => decimalDigits(r.num) + decimalDigits(r.den), measure: "decimal digits of numerator and denominator" });
registerKind<PolyRing, string>({ name: "ring", wire: '"ZZ", "QQ", "GF(p)" with p a proven prime, or "GF(p^k)" / "GF(p^k, modulus)" (polynomial and matrix rings)', format: formatPolyRing, size: (r) => (r.kind === "GF" ? decimalDigits(r.p) : 0), measure: "digits of the characteristic" });
registerKind<TypedMatrix, Json>({ name: "matrix", wire: '{ ring, rows: [[entry, …], …] } with entries as strings of the ring ("ZZ", "QQ", "GF(p)", or "GF(p^k)" with entries expressions in the generator a)', format: (m) => formatMatrix(m) as unknown as Json, size: (m) => m.rows.length * (m.rows[0]?.length ?? 0), measure: "entries" });
registerKind<TypedVector, Json>({ name: "vector", wire: "{ ring, entries: [entry, …] } with entries as strings of the ring (as for matrices)", format: (v) => formatVector(v) as unknown as Json, size: (v) => v.entries.length, measure: "entries" });
registerKind<Polynomial, Json>({
  name: "polynomial",
  wire: '{ ring, variables: ["x", …], expression: "x^2 - 3*x*y + 1/2" } or { ring, variables, terms: [{ coefficient, exponents: [2, 0] }, …] }; ring "ZZ", "QQ", "GF(p)" or "GF(p^k)"; output carries both expression and terms (descending lex order)',
  format: (p) => formatPolynomial(p) as unknown as Json,
  size: (p) => p.terms.length,
  measure: "terms",
});
registerKind<FieldValue, Json>({
  name: "field_element",
  wire: '{ field: "GF(p)" | "GF(p^k)" | "GF(p^k, modulus)", element: "a^2 + 3" } (GF(p): a residue string; GF(p^k): an expression in the generator a); output canonical',
  format: (v) => formatFieldValue(v) as unknown as Json,
  size: (v) => v.value.length,
  measure: "coefficients in the generator",
});
registerKind<Rational | string, string>({
  name: "ring_element",
  wire: 'an element of a matrix\'s ring as a string: an integer or "p/q" (ZZ, QQ, GF(p): residues 0..p−1 on output), or for GF(p^k) an expression in the generator a ("2*a^2 + a + 1")',
  format: (v) => (typeof v === "string" ? v : formatRational(v)),
  size: (v) => (typeof v === "string" ? v.length : decimalDigits(v.num) + decimalDigits(v.den)),
  measure: "characters (digits of numerator and denominator)",
});
registerKind<Graph, Json>({
  name: "graph",
  wire:
    '{ directed?: false, vertices: ["a", "b", …], edges: [["a", "b"], ["b", "c", "3/2"], …] } (string labels, distinct; an optional exact weight on every edge or none) or { graph6 } / { sparse6 } / { digraph6 } (nauty formats, labels "0" … "n−1"); ' +
    "output canonical: { directed, vertices, edges } in the graph's order, weights reduced",
  format: (g) => formatGraph(g) as unknown as Json,
  write: writeGraph,
  size: (g) => g.n + g.m,
  measure: "vertices + edges",
  itemChecked: ["vertices", "edges"],
});
registerKind<boolean, boolean>({ name: "boolean", wire: "a JSON boolean", format: (b) => b, size: () => 1, measure: "1" });

/**
 * The canonical wire form of a parsed value: bigints as decimal strings, rationals reduced as
 * "p/q", tagged composites by their kind's formatter, arrays and plain objects member-wise.
 * Wire values (strings, numbers, booleans, null, lists of strings) pass through unchanged.
 */
export function toWire(v: unknown): Json {
  if (typeof v === "bigint") return decimalString(v);
  if (v === null || typeof v !== "object") {
    if (v === undefined) return null;
    return v as Json;
  }
  if (Array.isArray(v)) {
    // A list of strings (a result's [label, value] pairs) is already wire: shared, not copied.
    let i = 0;
    while (i < v.length && typeof v[i] === "string") i++;
    return i === v.length ? (v as Json[]) : v.map(toWire);
  }
  const tag = (v as { $kind?: unknown }).$kind;
  if (typeof tag === "string") {
    const spec = REGISTRY.get(tag);
    if (!spec) throw new Error(`toWire: unregistered value kind ${tag}`);
    return spec.format(v);
  }
  if (isRational(v)) return formatRational(v);
  const out: Record<string, Json> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) out[k] = toWire(x);
  return out;
}

/**
 * The UTF-8 bytes of `canonicalJson(toWire(v))`, written as `toWire` walks (kinds with a `write`
 * write themselves): what digests and manifests of a parsed request hash.
 */
export function canonicalWireBytes(v: unknown): Uint8Array {
  return concatChunks(canonicalWireChunks(v));
}

/** `canonicalWireBytes` as the writer's chunks (a manifest splices them in without joining them). */
export function canonicalWireChunks(v: unknown): Uint8Array[] {
  const w = new CanonicalJsonWriter();
  writeWire(v, w);
  return w.chunks();
}

function writeWire(v: unknown, w: CanonicalJsonWriter): void {
  if (typeof v === "string") return w.string(v);
  if (typeof v === "bigint") return w.string(decimalString(v));
  if (v === null || typeof v !== "object") return w.value(v === undefined ? null : v);
  if (Array.isArray(v)) {
    w.byte(91);
    for (let i = 0; i < v.length; i++) {
      if (i > 0) w.byte(44);
      writeWire(v[i], w);
    }
    w.byte(93);
    return;
  }
  const tag = (v as { $kind?: unknown }).$kind;
  if (typeof tag === "string") {
    const spec = REGISTRY.get(tag);
    if (!spec) throw new Error(`toWire: unregistered value kind ${tag}`);
    return spec.write ? spec.write(v, w) : w.value(spec.format(v));
  }
  if (isRational(v)) return w.string(formatRational(v));
  const o = v as Record<string, unknown>;
  w.members(Object.keys(o).filter((k) => o[k] !== undefined), (k) => writeWire(o[k], w));
}
