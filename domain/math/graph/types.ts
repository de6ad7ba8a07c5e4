import type { Rational } from "../rational.js";

/**
 * A finite graph as every graph algorithm here sees it: vertices are 0..n−1 (their wire labels in
 * `labels`), edges are numbered 0..m−1 in input order, and adjacency is compressed (CSR) so that
 * 10^6 edges cost a few typed arrays, not 10^6 objects.
 *
 * Undirected graphs list each edge in the adjacency of both ends (a self-loop once); directed graphs
 * list out-arcs in `adj*` and in-arcs in `in*`. Parallel edges and loops are representable; whether an
 * operation accepts them is its own declaration (`simple` below tells it without a scan).
 *
 * The `$kind` tag lets a parsed graph survive structured cloning into pool workers and be formatted
 * back to its canonical wire form.
 */
export interface Graph {
  readonly $kind: "graph";
  readonly directed: boolean;
  /** Number of vertices. */
  readonly n: number;
  /** Number of edges (arcs when directed). */
  readonly m: number;
  /** labels[v] is vertex v's wire label; labels are distinct. */
  readonly labels: readonly string[];
  /** Edge e joins src[e] → dst[e] (for undirected graphs the order is the input's). */
  readonly src: Int32Array;
  readonly dst: Int32Array;
  /** Exact edge weights in edge order, or null when no edge carries one. */
  readonly weight: readonly Rational[] | null;
  /** Out-adjacency (all adjacency when undirected): neighbours of v are adjVertex[adjStart[v] .. adjStart[v+1]−1]. */
  readonly adjStart: Int32Array;
  readonly adjVertex: Int32Array;
  /** adjEdge[i] is the edge number of the adjacency entry adjVertex[i]. */
  readonly adjEdge: Int32Array;
  /** In-adjacency of a directed graph (null when undirected). */
  readonly inStart: Int32Array | null;
  readonly inVertex: Int32Array | null;
  readonly inEdge: Int32Array | null;
  /** No loops and no parallel edges (for directed graphs: no repeated arc u→v). */
  readonly simple: boolean;
}

/** Arrays at least this long are allocated in shared memory (`graphArray`). */
const SHARED_MIN = 1 << 16;

/**
 * An Int32Array for a graph's structure (edge ends, adjacency). Long ones live in a
 * SharedArrayBuffer: a parsed graph crosses to a pool worker by reference instead of as a copy
 * (structured cloning shares such memory), which for 10^6 edges saves copying, serialising and
 * page-faulting some 30 MB per call. Graph arrays are never written after the graph is built.
 */
export function graphArray(length: number): Int32Array {
  return length >= SHARED_MIN ? new Int32Array(new SharedArrayBuffer(4 * length)) : new Int32Array(length);
}

function compress(n: number, from: Int32Array, to: Int32Array, both: boolean): [Int32Array, Int32Array, Int32Array] {
  const m = from.length;
  const start = graphArray(n + 1);
  for (let e = 0; e < m; e++) {
    start[from[e]! + 1]!++;
    if (both && from[e] !== to[e]) start[to[e]! + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  const total = start[n]!;
  const vertex = graphArray(total);
  const edge = graphArray(total);
  for (let e = 0; e < m; e++) {
    const u = from[e]!, w = to[e]!;
    let i = fill[u]!++;
    vertex[i] = w;
    edge[i] = e;
    if (both && u !== w) {
      i = fill[w]!++;
      vertex[i] = u;
      edge[i] = e;
    }
  }
  return [start, vertex, edge];
}

/**
 * Builds a graph from vertex labels and edges given as vertex indices (already checked to lie in
 * 0..n−1 by the caller's parser). Adjacency lists keep edge input order, so every algorithm that
 * walks them is deterministic.
 */
export function buildGraph(directed: boolean, labels: readonly string[], src: Int32Array, dst: Int32Array, weight: readonly Rational[] | null): Graph {
  const n = labels.length;
  const m = src.length;
  const [adjStart, adjVertex, adjEdge] = compress(n, src, dst, !directed);
  let inStart: Int32Array | null = null, inVertex: Int32Array | null = null, inEdge: Int32Array | null = null;
  if (directed) [inStart, inVertex, inEdge] = compress(n, dst, src, false);
  let simple = true;
  const seen = new Int32Array(n).fill(-1);
  for (let v = 0; v < n && simple; v++) {
    for (let i = adjStart[v]!; i < adjStart[v + 1]!; i++) {
      const w = adjVertex[i]!;
      if (w === v || seen[w] === v) {
        simple = false;
        break;
      }
      seen[w] = v;
    }
  }
  return { $kind: "graph", directed, n, m, labels, src, dst, weight, adjStart, adjVertex, adjEdge, inStart, inVertex, inEdge, simple };
}

/** Out-degree (degree when undirected; a loop counts once in the adjacency). */
export const outDegree = (g: Graph, v: number): number => g.adjStart[v + 1]! - g.adjStart[v]!;
