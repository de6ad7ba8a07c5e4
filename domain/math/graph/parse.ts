/**
 * The graph wire parser: `{ directed?, vertices: [label, …], edges: [[u, v], [u, v, weight], …] }`
 * or one of `{ graph6 }`, `{ sparse6 }`, `{ digraph6 }` (labels "0" … "n−1"), into the CSR `Graph`.
 *
 * Everything is checked in one pass, with the JSON path of the first offence and a hint: the
 * vertex and edge caps (before anything is read), labels (strings of 1 to `maxLabelChars`
 * characters, distinct), edges (two labels and an optional weight, both ends declared), weights
 * (integer or rational strings — never JSON numbers or decimals — on every edge or on none, as
 * the operation declares), and loops and parallel edges where the operation does not take them.
 * Structural offences are INVALID_PAYLOAD; a well-formed graph outside the operation's domain (a
 * loop, a parallel edge, a directed graph for an undirected operation, a negative capacity) is
 * DOMAIN_ERROR.
 */
import { JacobianError } from "../../errors.js";
import { internedArray } from "../../interned.js";
import { rational, type Rational } from "../rational.js";
import { decodeDigraph6, decodeGraph6, decodeSparse6, type DecodedGraph, type NautyFormat } from "./nauty.js";
import { buildGraph, graphArray, type Graph } from "./types.js";

/** What one graph field of an operation admits. */
export interface GraphLimits {
  maxVertices: number;
  maxEdges: number;
  /** Characters of one label (default 100). */
  maxLabelChars?: number;
  /** Characters of one weight string (default 100). */
  maxWeightChars?: number;
  /** Characters of a graph6 / sparse6 / digraph6 string (default 10^7). */
  maxNautyChars?: number;
  /** Edge weights: refused, optional (on every edge or none), or required on every edge. */
  weights: "forbidden" | "allowed" | "required";
  /** Weights must be ≥ 0 or > 0 (default: any sign). */
  weightSign?: "nonnegative" | "positive";
  directed: "undirected" | "directed" | "either";
  /** Self-loops admitted (default false). */
  loops?: boolean;
  /** Parallel edges admitted (default false). */
  multi?: boolean;
}

export interface GraphWire {
  directed?: boolean;
  vertices?: unknown;
  edges?: unknown;
  graph6?: string;
  sparse6?: string;
  digraph6?: string;
}

export const DEFAULT_LABEL_CHARS = 100;
export const DEFAULT_WEIGHT_CHARS = 100;
export const DEFAULT_NAUTY_CHARS = 10_000_000;

const RATIONAL = /^(0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?$/;
const SMALL_INTEGER = /^(0|-?[1-9][0-9]{0,14})$/;
/** Weights 0 … 4095 are interned by value in an array (a Map lookup per edge cost ~20 ns more). */
const SMALL_TABLE = 4096;

const invalid = (path: string, message: string, hint?: string): JacobianError => new JacobianError("INVALID_PAYLOAD", message, { path, ...(hint ? { hint } : {}) });
const outside = (path: string, message: string, hint?: string): JacobianError => new JacobianError("DOMAIN_ERROR", message, { path, ...(hint ? { hint } : {}) });

const SHAPE_HINT = 'a graph is { "directed": false, "vertices": ["a", "b", …], "edges": [["a", "b"], ["b", "c", "3/2"], …] } or { "graph6": "…" } / { "sparse6": ":…" } / { "digraph6": "&…" }';
const WEIGHT_HINT = 'weights are exact: an integer or a rational as a string ("3", "-2", "3/2"), the third element of the edge; no JSON numbers, no decimals';

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === "string") return v.length > 40 ? `a string of ${v.length} characters` : JSON.stringify(v);
  if (typeof v === "number") return `the number ${String(v).slice(0, 30)}`;
  return typeof v;
}

/** Parse a graph field (see the module comment). `path` is the field's JSON path, e.g. "payload.graph". */
export function parseGraphWire(w: GraphWire, path: string, limits: GraphLimits): Graph {
  if (w === null || typeof w !== "object" || Array.isArray(w)) throw invalid(path, `${path} must be a graph object (was ${describe(w)})`, SHAPE_HINT);
  const nauty = (["graph6", "sparse6", "digraph6"] as const).filter((k) => w[k] !== undefined);
  if (nauty.length > 1) throw invalid(path, `${path} gives both ${nauty[0]} and ${nauty[1]}; give one encoding`, SHAPE_HINT);
  if (nauty.length === 1) {
    const others = (["directed", "vertices", "edges"] as const).filter((k) => w[k] !== undefined);
    if (others.length) throw invalid(`${path}.${others[0]}`, `${path}.${others[0]} cannot be combined with ${nauty[0]} (the ${nauty[0]} string fixes the vertices "0" … "n−1" and the edges)`, SHAPE_HINT);
    return fromNauty(nauty[0]!, w[nauty[0]!]!, `${path}.${nauty[0]}`, limits);
  }
  if (w.vertices === undefined) throw invalid(`${path}.vertices`, `${path}.vertices is missing`, SHAPE_HINT);
  if (w.edges === undefined) throw invalid(`${path}.edges`, `${path}.edges is missing (give [] for a graph without edges)`, SHAPE_HINT);
  if (w.directed !== undefined && typeof w.directed !== "boolean") throw invalid(`${path}.directed`, `${path}.directed must be a boolean`, SHAPE_HINT);
  const directed = w.directed === true;
  checkDirection(directed, `${path}.directed`, limits);
  const labels = parseLabels(w.vertices, `${path}.vertices`, limits);
  return parseEdges(directed, labels, w.edges, `${path}.edges`, limits);
}

function checkDirection(directed: boolean, path: string, limits: GraphLimits): void {
  if (directed && limits.directed === "undirected") throw outside(path, `${path}: this operation takes undirected graphs`, 'send "directed": false (or omit it); for directed graphs see the operations whose graph field admits them');
  if (!directed && limits.directed === "directed") throw outside(path, `${path}: this operation takes directed graphs`, 'send "directed": true (digraph6 strings are directed)');
}

function parseLabels(vertices: unknown, path: string, limits: GraphLimits): string[] {
  if (!Array.isArray(vertices)) throw invalid(path, `${path} must be an array of vertex labels (was ${describe(vertices)})`, SHAPE_HINT);
  if (vertices.length > limits.maxVertices) throw invalid(path, `${path} lists ${vertices.length} vertices; at most ${limits.maxVertices} are allowed here`, "send a smaller graph");
  const maxChars = limits.maxLabelChars ?? DEFAULT_LABEL_CHARS;
  // Filled by push: `new Array(n)` of 10^6 holes is a dictionary-mode array, ~50× slower to fill.
  const labels: string[] = [];
  for (let i = 0; i < vertices.length; i++) {
    const l = vertices[i];
    if (typeof l !== "string") throw invalid(`${path}[${i}]`, `${path}[${i}] must be a string label (was ${describe(l)})`, 'vertex labels are strings: "a", "v1", "0"');
    if (l.length === 0 || l.length > maxChars) throw invalid(`${path}[${i}]`, `${path}[${i}]: labels have 1 to ${maxChars} characters`);
    labels.push(l);
  }
  return labels;
}

/**
 * Label → vertex index. Labels "0" … "n−1" in order (graph6 conversions, generated graphs) are
 * read as numbers; others go through an open-addressing table of FNV-1a hashes over Int32Array.
 * (A Map<string, number> costs about 0.5–1 µs per lookup at 10^5 labels — cache misses on its
 * entries —, which dominated parsing 10^6 edges; this table is a few times faster.)
 */
export class LabelIndex {
  private readonly identity: boolean;
  private readonly mask: number;
  private readonly slots: Int32Array;

  constructor(private readonly labels: readonly string[], path: string) {
    const n = labels.length;
    let identity = true;
    for (let i = 0; i < n && identity; i++) identity = decimalValue(labels[i]!) === i;
    this.identity = identity;
    let size = 16;
    while (size < 2 * n) size *= 2;
    this.mask = size - 1;
    this.slots = new Int32Array(identity ? 0 : size);
    if (identity) return;
    for (let i = 0; i < n; i++) {
      const l = labels[i]!;
      let h = hashLabel(l) & this.mask;
      for (;;) {
        const at = this.slots[h]!;
        if (at === 0) {
          this.slots[h] = i + 1;
          break;
        }
        if (labels[at - 1] === l) throw invalid(`${path}[${i}]`, `${path}[${i}]: the label ${JSON.stringify(l.slice(0, 60))} is already vertex ${at - 1}`, "vertex labels must be distinct");
        h = (h + 1) & this.mask;
      }
    }
  }

  /** The vertex labelled `s`, or −1. */
  get(s: string): number {
    if (this.identity) {
      const v = decimalValue(s);
      return v < this.labels.length ? v : -1;
    }
    let h = hashLabel(s) & this.mask;
    for (;;) {
      const at = this.slots[h]!;
      if (at === 0) return -1;
      if (this.labels[at - 1] === s) return at - 1;
      h = (h + 1) & this.mask;
    }
  }
}

/** The value of a canonical decimal string below 2^31 ("0", "17"; not "017", "-1"), else −1. */
function decimalValue(s: string): number {
  const len = s.length;
  if (len === 0 || len > 10 || (len > 1 && s.charCodeAt(0) === 48)) return -1;
  let v = 0;
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v <= 0x7fffffff ? v : -1;
}

function hashLabel(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}

function parseEdges(directed: boolean, labels: string[], edges: unknown, path: string, limits: GraphLimits): Graph {
  if (!Array.isArray(edges)) throw invalid(path, `${path} must be an array of edges (was ${describe(edges)})`, SHAPE_HINT);
  const m = edges.length;
  if (m > limits.maxEdges) throw invalid(path, `${path} lists ${m} edges; at most ${limits.maxEdges} are allowed here`, "send a smaller graph");
  const index = new LabelIndex(labels, path.replace(/\.edges$/, ".vertices"));
  const src = graphArray(m), dst = graphArray(m);
  const weighted = m > 0 && Array.isArray(edges[0]) && (edges[0] as unknown[]).length === 3;
  if (weighted && limits.weights === "forbidden") throw invalid(`${path}[0][2]`, `${path}[0] carries a weight; this operation takes unweighted graphs`, "send edges as [u, v] pairs");
  if (!weighted && m > 0 && limits.weights === "required") throw invalid(`${path}[0]`, `${path}[0] has no weight; this operation needs a weight on every edge`, WEIGHT_HINT);
  // Repeated weights share one Rational: most weighted graphs use few distinct values. The weights
  // are kept as their distinct values (`table`) and each edge's position there (`ids`), and become an
  // interned array (domain/interned.ts): bulk passes over them work per distinct value.
  const table: Rational[] = [];
  const ids = graphArray(weighted ? m : 0);
  const interned = new Map<string, number>();
  const internedSmall = new Map<number, number>();
  // Weights 0 … SMALL_TABLE − 1 (capacities, lengths) are looked up by value in an array, not a Map
  // (position + 1; 0: not seen yet).
  const byValue = new Int32Array(weighted ? SMALL_TABLE : 0);
  const maxWeightChars = limits.maxWeightChars ?? DEFAULT_WEIGHT_CHARS;
  const loops = limits.loops === true;
  for (let e = 0; e < m; e++) {
    const item = edges[e];
    if (!Array.isArray(item) || (item.length !== 2 && item.length !== 3)) throw invalid(`${path}[${e}]`, `${path}[${e}] must be [u, v] or [u, v, weight] (was ${describe(item)})`, SHAPE_HINT);
    if (item.length === 3 !== weighted) {
      throw invalid(`${path}[${e}]`, weighted ? `${path}[${e}] has no weight but ${path}[0] has one` : `${path}[${e}] has a weight but ${path}[0] has none`, "give a weight on every edge or on none");
    }
    const a = item[0], b = item[1];
    if (typeof a !== "string") throw invalid(`${path}[${e}][0]`, `${path}[${e}][0] must be a vertex label string (was ${describe(a)})`);
    if (typeof b !== "string") throw invalid(`${path}[${e}][1]`, `${path}[${e}][1] must be a vertex label string (was ${describe(b)})`);
    const u = index.get(a), v = index.get(b);
    if (u < 0) throw invalid(`${path}[${e}][0]`, `${path}[${e}][0]: ${JSON.stringify(a.slice(0, 60))} is not a declared vertex`, "every edge end must be listed in vertices");
    if (v < 0) throw invalid(`${path}[${e}][1]`, `${path}[${e}][1]: ${JSON.stringify(b.slice(0, 60))} is not a declared vertex`, "every edge end must be listed in vertices");
    if (u === v && !loops) throw outside(`${path}[${e}]`, `${path}[${e}] is a self-loop at ${JSON.stringify(a.slice(0, 60))}; this operation takes graphs without loops`);
    src[e] = u;
    dst[e] = v;
    if (weighted) {
      const s = item[2];
      if (typeof s !== "string") throw invalid(`${path}[${e}][2]`, `${path}[${e}][2]: the weight must be a string (was ${describe(s)})`, WEIGHT_HINT);
      const small = smallInteger(s);
      const tabled = small !== undefined && small >= 0 && small < SMALL_TABLE;
      let k = tabled ? byValue[small]! - 1 : (small !== undefined ? internedSmall.get(small) : interned.get(s)) ?? -1;
      if (k < 0) {
        k = table.length;
        table.push(parseWeight(s, `${path}[${e}][2]`, maxWeightChars, limits.weightSign));
        if (tabled) byValue[small] = k + 1;
        else if (small !== undefined) {
          if (internedSmall.size < 65_536) internedSmall.set(small, k);
        } else if (interned.size < 65_536) interned.set(s, k);
      }
      ids[e] = k;
    }
  }
  const weight = weighted ? internedArray(table, ids) : null;
  // Nothing of `edges` is kept: the request copy shares the caller's wire object with this parser
  // (operations/_support/kinds.ts READ_IN_PLACE_KINDS).
  const g = buildGraph(directed, labels, src, dst, weight);
  if (!g.simple && limits.multi !== true) {
    const e = firstParallel(g);
    if (e >= 0) {
      throw outside(`${path}[${e}]`, `${path}[${e}] repeats the ${directed ? "arc" : "edge"} ${JSON.stringify(labels[src[e]!]!.slice(0, 60))}${directed ? " → " : " – "}${JSON.stringify(labels[dst[e]!]!.slice(0, 60))}; this operation takes graphs without parallel edges`);
    }
  }
  return g;
}

/** The value of a canonical integer string of at most 9 digits (sign allowed), else undefined. */
function smallInteger(s: string): number | undefined {
  const neg = s.charCodeAt(0) === 45;
  const v = decimalValue(neg ? s.slice(1) : s);
  if (v < 0 || s.length > (neg ? 10 : 9) || (neg && v === 0)) return undefined;
  return neg ? -v : v;
}

function parseWeight(s: string, path: string, maxChars: number, sign: GraphLimits["weightSign"]): Rational {
  if (s.length > maxChars) throw invalid(path, `${path}: the weight has ${s.length} characters; at most ${maxChars} are allowed`);
  let r: Rational;
  if (SMALL_INTEGER.test(s)) r = { num: BigInt(s), den: 1n };
  else {
    if (!RATIONAL.test(s)) throw invalid(path, `${path}: ${JSON.stringify(s.slice(0, 40))} is not an exact weight`, WEIGHT_HINT);
    const slash = s.indexOf("/");
    r = slash < 0 ? { num: BigInt(s), den: 1n } : rational(BigInt(s.slice(0, slash)), BigInt(s.slice(slash + 1)));
  }
  if (sign === "nonnegative" && r.num < 0n) throw outside(path, `${path}: the weight ${s} is negative; this operation takes non-negative weights`);
  if (sign === "positive" && r.num <= 0n) throw outside(path, `${path}: the weight ${s} is not positive; this operation takes positive weights`);
  return r;
}

/** The first edge (in input order) that repeats an earlier one, or −1; a loop counts as a repeat only when listed twice. */
function firstParallel(g: Graph): number {
  const seen = new Int32Array(g.n).fill(-1);
  const seenEdge = new Int32Array(g.n);
  let worst = -1;
  for (let v = 0; v < g.n; v++) {
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
      const w = g.adjVertex[i]!, e = g.adjEdge[i]!;
      if (seen[w] === v) {
        const later = Math.max(e, seenEdge[w]!);
        if (worst < 0 || later < worst) worst = later;
      } else {
        seen[w] = v;
        seenEdge[w] = e;
      }
    }
  }
  return worst;
}

function fromNauty(format: NautyFormat, s: unknown, path: string, limits: GraphLimits): Graph {
  if (typeof s !== "string") throw invalid(path, `${path} must be a string (was ${describe(s)})`, SHAPE_HINT);
  const maxChars = limits.maxNautyChars ?? DEFAULT_NAUTY_CHARS;
  if (s.length > maxChars) throw invalid(path, `${path} has ${s.length} characters; at most ${maxChars} are allowed here`, "send a smaller graph");
  if (limits.weights === "required") throw invalid(path, `${path}: ${format} graphs carry no weights; this operation needs a weight on every edge`, 'use the { "vertices", "edges": [[u, v, weight], …] } form');
  const directed = format === "digraph6";
  checkDirection(directed, path, limits);
  let d: DecodedGraph;
  if (format === "graph6") d = decodeGraph6(s, path, limits.maxVertices, limits.maxEdges);
  else if (format === "digraph6") d = decodeDigraph6(s, path, limits.maxVertices, limits.maxEdges);
  else d = decodeSparse6(s, path, limits.maxVertices, limits.maxEdges);
  const labels = Array.from({ length: d.n }, (_, i) => String(i));
  const src = Int32Array.from(d.src), dst = Int32Array.from(d.dst);
  if (limits.loops !== true) {
    for (let e = 0; e < src.length; e++) if (src[e] === dst[e]) throw outside(path, `${path}: the graph has a self-loop at vertex "${src[e]}"; this operation takes graphs without loops`);
  }
  const g = buildGraph(directed, labels, src, dst, null);
  if (!g.simple && limits.multi !== true) {
    const e = firstParallel(g);
    if (e >= 0) throw outside(path, `${path}: the graph repeats the edge "${src[e]}" – "${dst[e]}"; this operation takes graphs without parallel edges`);
  }
  return g;
}
