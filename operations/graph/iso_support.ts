/**
 * What the isomorphism, canonical-form and automorphism operations share: the graph field (simple
 * graphs and digraphs), the canonical labelling call, the invariants that separate graphs cheaply,
 * and the canonical string. (Not a declaration.)
 */
import { canonicalLabelling, searchGraphOf, type CanonResult } from "../../domain/math/graph/canon.js";
import { triangles } from "../../domain/math/graph/cohesion.js";
import { encodeDigraph6, encodeGraph6, encodeSparse6 } from "../../domain/math/graph/nauty.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { InvariantName } from "./hard_shapes.js";
import { graphField } from "./support.js";

export const MAX_ISO_VERTICES = 100_000;
export const MAX_ISO_EDGES = 1_000_000;
/** graph6 (n² bits) up to this many vertices, sparse6 above; digraph6 only up to it. */
export const DENSE_FORMAT_MAX = 2_000;

export const isoGraph = (what = "the graph") =>
  graphField({ maxVertices: MAX_ISO_VERTICES, maxEdges: MAX_ISO_EDGES, weights: "allowed", directed: "either", loops: false, multi: false }, `${what} (simple, directed or undirected; weights are ignored)`);

export const canon = (g: Graph, tick: () => void, keepGenerators = false): CanonResult => canonicalLabelling(searchGraphOf(g), { tick, keepGenerators });

/** Sorted degree sequence as a string (digraphs: out/in pairs). */
export function degreeSequence(g: Graph): string {
  const out = new Int32Array(g.n), inn = new Int32Array(g.n);
  for (let e = 0; e < g.m; e++) {
    out[g.src[e]!]!++;
    (g.directed ? inn : out)[g.dst[e]!]!++;
  }
  const keys = Array.from({ length: g.n }, (_, v) => (g.directed ? [out[v]!, inn[v]!] : [out[v]!]));
  keys.sort((a, b) => b[0]! - a[0]! || (b[1] ?? 0) - (a[1] ?? 0));
  return keys.map((k) => k.join("/")).join(",");
}

/** The first cheap invariant (in the order of INVARIANTS) that differs, with both values. */
export function differingInvariant(g: Graph, h: Graph, tick: () => void): { invariant: InvariantName; graph_value: string; other_value: string } | null {
  const pairs: [InvariantName, () => [string, string]][] = [
    ["directed", () => [String(g.directed), String(h.directed)]],
    ["vertices", () => [String(g.n), String(h.n)]],
    ["edges", () => [String(g.m), String(h.m)]],
    ["degree_sequence", () => [degreeSequence(g), degreeSequence(h)]],
    ["triangles", () => (g.directed ? ["", ""] : [String(triangles(g, tick).total), String(triangles(h, tick).total)])],
  ];
  for (const [invariant, value] of pairs) {
    const [a, b] = value();
    if (a !== b) return { invariant, graph_value: a, other_value: b };
  }
  return null;
}

/** The invariant's value (for the checker). */
export function invariantValue(g: Graph, name: InvariantName, tick: () => void): string {
  switch (name) {
    case "directed": return String(g.directed);
    case "vertices": return String(g.n);
    case "edges": return String(g.m);
    case "degree_sequence": return degreeSequence(g);
    case "triangles": return g.directed ? "" : String(triangles(g, tick).total);
    case "canonical_form": return "";
  }
}

/** The canonical string of a canonically labelled graph: graph6 / sparse6 / digraph6. */
export function canonicalString(g: Graph, c: CanonResult): { format: "graph6" | "sparse6" | "digraph6"; canonical: string } {
  const edges: [number, number][] = [];
  for (let e = 0; e < g.m; e++) edges.push([c.canonicalIndex[g.src[e]!]!, c.canonicalIndex[g.dst[e]!]!]);
  if (g.directed) return { format: "digraph6", canonical: encodeDigraph6(g.n, edges) };
  if (g.n <= DENSE_FORMAT_MAX) return { format: "graph6", canonical: encodeGraph6(g.n, edges) };
  return { format: "sparse6", canonical: encodeSparse6(g.n, edges) };
}

/** Cost of a canonical labelling: refinements of O(m log n) per search node, a few nodes per vertex of the first level in the worst practical case. */
export const canonEstimate = (g: Graph, copies = 1) => ({
  units: copies * (g.n + 1) * (g.n + g.m) * Math.max(1, Math.log2(g.n + 2)) / 8 + g.m,
  memory_bytes: copies * (80 * g.n + 16 * g.m) + 2 ** 20,
  basis: `${g.n} vertices, ${g.m} edges (about n refinements of O(m log n) each)`,
});
