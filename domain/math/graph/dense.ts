/**
 * Dense adjacency for the exponential-time searches (cliques, colourings, covers, Hamiltonian
 * cycles): one bitset row of ⌈n/32⌉ words per vertex, so "neighbours of v inside a candidate set"
 * is a word-wise AND. Built from the CSR graph of types.ts; loops are dropped and parallel edges
 * merged (callers that care refuse such graphs first).
 */
import type { Graph } from "./types.js";

export interface DenseGraph {
  readonly n: number;
  /** Words per row. */
  readonly W: number;
  /** Row v is rows[v*W .. v*W+W−1]; bit u set ⇔ u ~ v. */
  readonly rows: Uint32Array;
  readonly degree: Int32Array;
}

export function denseOf(g: Graph): DenseGraph {
  const n = g.n;
  const W = Math.max(1, (n + 31) >>> 5);
  const rows = new Uint32Array(n * W);
  for (let v = 0; v < n; v++) {
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
      const u = g.adjVertex[i]!;
      if (u === v) continue;
      rows[v * W + (u >>> 5)]! |= 1 << (u & 31);
      rows[u * W + (v >>> 5)]! |= 1 << (v & 31);
    }
  }
  return withDegrees(n, W, rows);
}

/** A dense graph from an edge list over 0..n−1. */
export function denseFromEdges(n: number, edges: readonly (readonly [number, number])[]): DenseGraph {
  const W = Math.max(1, (n + 31) >>> 5);
  const rows = new Uint32Array(n * W);
  for (const [u, v] of edges) {
    if (u === v) continue;
    rows[v * W + (u >>> 5)]! |= 1 << (u & 31);
    rows[u * W + (v >>> 5)]! |= 1 << (v & 31);
  }
  return withDegrees(n, W, rows);
}

function withDegrees(n: number, W: number, rows: Uint32Array): DenseGraph {
  const degree = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    let d = 0;
    for (let w = 0; w < W; w++) d += popcount(rows[v * W + w]!);
    degree[v] = d;
  }
  return { n, W, rows, degree };
}

/** The complement graph (no loops). */
export function complementOf(d: DenseGraph): DenseGraph {
  const { n, W } = d;
  const rows = new Uint32Array(n * W);
  for (let v = 0; v < n; v++) {
    for (let w = 0; w < W; w++) rows[v * W + w] = ~d.rows[v * W + w]! >>> 0;
    // Clear the loop and the bits beyond n.
    rows[v * W + (v >>> 5)]! &= ~(1 << (v & 31));
    const tail = n & 31;
    if (tail) rows[v * W + W - 1]! &= (1 << tail) - 1;
  }
  return withDegrees(n, W, rows);
}

/** The subgraph induced by `vertices` (renumbered 0..k−1 in the given order). */
export function inducedDense(d: DenseGraph, vertices: readonly number[]): DenseGraph {
  const k = vertices.length;
  const W = Math.max(1, (k + 31) >>> 5);
  const rows = new Uint32Array(k * W);
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) if (adjacent(d, vertices[i]!, vertices[j]!)) {
    rows[i * W + (j >>> 5)]! |= 1 << (j & 31);
    rows[j * W + (i >>> 5)]! |= 1 << (i & 31);
  }
  return withDegrees(k, W, rows);
}

export const adjacent = (d: DenseGraph, u: number, v: number): boolean => ((d.rows[u * d.W + (v >>> 5)]! >>> (v & 31)) & 1) === 1;

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a nonzero word. */
export const lowBit = (x: number): number => 31 - Math.clz32(x & -x);

/** Each vertex's neighbours in increasing order, from the bit rows. */
export const adjacencyLists = (g: DenseGraph): Int32Array[] =>
  Array.from({ length: g.n }, (_, v) => {
    const out: number[] = [];
    for (let w = 0; w < g.W; w++) {
      let x = g.rows[v * g.W + w]!;
      while (x) {
        out.push((w << 5) | lowBit(x));
        x &= x - 1;
      }
    }
    return Int32Array.from(out);
  });

/** The members of a bitset, increasing. */
export function members(set: Uint32Array, offset = 0, W = set.length): number[] {
  const out: number[] = [];
  for (let w = 0; w < W; w++) {
    let x = set[offset + w]!;
    while (x) {
      const b = lowBit(x);
      out.push((w << 5) | b);
      x &= x - 1;
    }
  }
  return out;
}

/** Connected components of a dense graph, each a list of vertices (increasing). */
export function denseComponents(d: DenseGraph): number[][] {
  const seen = new Uint8Array(d.n);
  const out: number[][] = [];
  for (let s = 0; s < d.n; s++) {
    if (seen[s]) continue;
    const comp = [s];
    seen[s] = 1;
    for (let i = 0; i < comp.length; i++) {
      const v = comp[i]!;
      for (let w = 0; w < d.W; w++) {
        let x = d.rows[v * d.W + w]!;
        while (x) {
          const u = (w << 5) | lowBit(x);
          x &= x - 1;
          if (!seen[u]) {
            seen[u] = 1;
            comp.push(u);
          }
        }
      }
    }
    comp.sort((a, b) => a - b);
    out.push(comp);
  }
  return out;
}
