/**
 * The canonical wire form of a graph: `{ directed, vertices, edges }` with the vertices and edges
 * in the graph's own order (input order; for graph6 / sparse6 / digraph6 input the format's order
 * with labels "0" … "n−1"), each edge `[u, v]` or `[u, v, weight]` with the weight reduced. It
 * parses back to the same graph, so results that are graphs can be handed on unchanged.
 */
import { CanonicalJsonWriter } from "../../json.js";
import { internIndex } from "../../interned.js";
import { formatRational, type Rational } from "../rational.js";
import type { Graph } from "./types.js";

export type GraphEdgeWire = [string, string] | [string, string, string];
export interface CanonicalGraphWire {
  directed: boolean;
  vertices: string[];
  edges: GraphEdgeWire[];
}

export function formatGraph(g: Graph): CanonicalGraphWire {
  const edges: GraphEdgeWire[] = [];
  const L = g.labels, w = g.weight;
  if (w) {
    // Weights are interned by the parser: format each distinct Rational once.
    const text = new Map<object, string>();
    for (let e = 0; e < g.m; e++) {
      const r = w[e]!;
      let t = text.get(r);
      if (t === undefined) text.set(r, (t = formatRational(r)));
      edges.push([L[g.src[e]!]!, L[g.dst[e]!]!, t]);
    }
  } else for (let e = 0; e < g.m; e++) edges.push([L[g.src[e]!]!, L[g.dst[e]!]!]);
  return { directed: g.directed, vertices: [...L], edges };
}

/**
 * Writes the canonical JSON of `formatGraph(g)` straight from the typed arrays: each label and each
 * distinct weight is encoded once and copied per edge (10^6 edges: no edge arrays built).
 */
export function writeGraph(g: Graph, w: CanonicalJsonWriter): void {
  const labels = encodeAll(g.labels);
  const weights = g.weight ? encodeWeights(g.weight, g.m) : null;
  w.members(["directed", "edges", "vertices"], (key) => {
    if (key === "directed") w.value(g.directed);
    else if (key === "edges") writeEdges(w, g, labels, weights);
    else {
      w.byte(91);
      if (g.n > 0) w.copy(labels.bytes, 0, labels.at[g.n]! - 1);
      w.byte(93);
    }
  });
}

/** Weights are interned by the parser (domain/interned.ts): each distinct Rational is encoded once; `index` gives each edge's. */
function encodeWeights(weight: readonly Rational[], m: number): { bytes: Uint8Array; at: Int32Array; index: Int32Array } {
  const interned = internIndex(weight);
  if (interned) return { ...encodeAll(interned.table.map(formatRational)), index: interned.index };
  const seen = new Map<object, number>();
  const distinct: string[] = [];
  const index = new Int32Array(m);
  for (let e = 0; e < m; e++) {
    const r = weight[e]!;
    let k = seen.get(r);
    if (k === undefined) {
      k = distinct.length;
      distinct.push(formatRational(r));
      seen.set(r, k);
    }
    index[e] = k;
  }
  return { ...encodeAll(distinct), index };
}

function writeEdges(w: CanonicalJsonWriter, g: Graph, labels: { bytes: Uint8Array; at: Int32Array }, weights: { bytes: Uint8Array; at: Int32Array; index: Int32Array } | null): void {
  const lb = labels.bytes, la = labels.at, src = g.src, dst = g.dst, m = g.m;
  w.byte(91);
  // Labels "0" … "n−1" in order (generated graphs, nauty input) are written from the vertex numbers,
  // straight into the buffer: a label table lookup per edge end is a cache miss at 10^5 vertices.
  if (numberedLabels(g.labels)) {
    const wb = weights?.bytes, wa = weights?.at, wi = weights?.index;
    const widest = wa ? maxGap(wa) : 0;
    for (let e = 0; e < m; e++) {
      const b = w.reserve(32 + widest);
      let p = w.cursor;
      if (e > 0) b[p++] = 44;
      b[p++] = 91;
      b[p++] = 34;
      p = digits(b, p, src[e]!);
      b[p++] = 34;
      b[p++] = 44;
      b[p++] = 34;
      p = digits(b, p, dst[e]!);
      b[p++] = 34;
      if (wi) {
        const k = wi[e]!;
        b[p++] = 44;
        for (let i = wa![k]!, end = wa![k + 1]! - 1; i < end; i++) b[p++] = wb![i]!;
      }
      b[p++] = 93;
      w.advance(p);
    }
  } else if (weights) {
    const wb = weights.bytes, wa = weights.at, wi = weights.index;
    for (let e = 0; e < m; e++) {
      if (e > 0) w.byte(44);
      const u = src[e]!, v = dst[e]!, k = wi[e]!;
      w.byte(91);
      w.copy(lb, la[u]!, la[u + 1]! - 1);
      w.byte(44);
      w.copy(lb, la[v]!, la[v + 1]! - 1);
      w.byte(44);
      w.copy(wb, wa[k]!, wa[k + 1]! - 1);
      w.byte(93);
    }
  } else {
    for (let e = 0; e < m; e++) {
      if (e > 0) w.byte(44);
      const u = src[e]!, v = dst[e]!;
      w.byte(91);
      w.copy(lb, la[u]!, la[u + 1]! - 1);
      w.byte(44);
      w.copy(lb, la[v]!, la[v + 1]! - 1);
      w.byte(93);
    }
  }
  w.byte(93);
}

/** "00" … "99" as ASCII digit pairs. */
const PAIRS = Uint8Array.from({ length: 200 }, (_, i) => 48 + (i & 1 ? (i >> 1) % 10 : Math.floor((i >> 1) / 10)));

/** The decimal digits of a vertex number (0 ≤ n < 2^31) written at b[p…], two per division; returns the end. */
function digits(b: Uint8Array, p: number, n: number): number {
  const len = n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10_000 ? 4 : n < 100_000 ? 5 : n < 1_000_000 ? 6 : n < 10_000_000 ? 7 : n < 100_000_000 ? 8 : n < 1_000_000_000 ? 9 : 10;
  let q = p + len;
  while (n >= 100) {
    const d = (n / 100) | 0;
    const r = 2 * (n - 100 * d);
    b[--q] = PAIRS[r + 1]!;
    b[--q] = PAIRS[r]!;
    n = d;
  }
  if (n >= 10) {
    b[--q] = PAIRS[2 * n + 1]!;
    b[--q] = PAIRS[2 * n]!;
  } else b[--q] = 48 + n;
  return p + len;
}

/** The longest entry of an `encodeAll` list. */
function maxGap(at: Int32Array): number {
  let most = 0;
  for (let i = 0; i + 1 < at.length; i++) most = Math.max(most, at[i + 1]! - at[i]!);
  return most;
}

/** Whether labels[i] is the decimal string of i for every vertex. */
function numberedLabels(labels: readonly string[]): boolean {
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l.length === 0 || l.length > 10 || (l.length > 1 && l.charCodeAt(0) === 48)) return false;
    let v = 0;
    for (let j = 0; j < l.length; j++) {
      const c = l.charCodeAt(j) - 48;
      if (c < 0 || c > 9) return false;
      v = v * 10 + c;
    }
    if (v !== i) return false;
  }
  return true;
}

/** The strings as one comma-separated list of JSON strings, and where each starts (at[i + 1] − 1 is where it ends). */
function encodeAll(strings: readonly string[]): { bytes: Uint8Array; at: Int32Array } {
  const at = new Int32Array(strings.length + 1);
  const lw = new CanonicalJsonWriter(Math.max(1 << 12, 8 * strings.length));
  for (let i = 0; i < strings.length; i++) {
    if (i > 0) lw.byte(44);
    at[i] = lw.length;
    lw.string(strings[i]!);
  }
  at[strings.length] = lw.length + 1;
  return { bytes: lw.bytes(), at };
}
