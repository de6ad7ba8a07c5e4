/**
 * The canonical wire form of a graph: `{ directed, vertices, edges }` with the vertices and edges
 * in the graph's own order (input order; for graph6 / sparse6 / digraph6 input the format's order
 * with labels "0" … "n−1"), each edge `[u, v]` or `[u, v, weight]` with the weight reduced. It
 * parses back to the same graph, so results that are graphs can be handed on unchanged.
 */
import { formatRational } from "../rational.js";
import type { Graph } from "./types.js";

export type GraphEdgeWire = [string, string] | [string, string, string];
export interface CanonicalGraphWire {
  directed: boolean;
  vertices: string[];
  edges: GraphEdgeWire[];
}

/**
 * Graphs whose input was already canonical (the parser's own copy of the wire arrays, which nothing
 * else holds or mutates): formatting returns it instead of building 10^6 new edge arrays.
 */
const CANONICAL = new WeakMap<Graph, CanonicalGraphWire>();

export function rememberCanonical(g: Graph, wire: CanonicalGraphWire): void {
  CANONICAL.set(g, wire);
}

export function formatGraph(g: Graph): CanonicalGraphWire {
  const known = CANONICAL.get(g);
  if (known) return known;
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
