/**
 * Graphs made from graphs or from sequences: complement, line graph, the cartesian / tensor /
 * strong products, a realization of a degree sequence (Havel–Hakimi) or its Erdős–Gallai
 * obstruction, and Prüfer codes of labelled trees.
 *
 * New vertices named by pairs get the label JSON.stringify([a, b]) — an injective encoding, so
 * the labels are distinct whatever the input labels contain.
 */
import { buildGraph, type Graph } from "./types.js";
import { degrees } from "./degrees.js";

export const pairLabel = (a: string, b: string): string => JSON.stringify([a, b]);

/** The complement of a simple graph (directed: every missing arc u → v, u ≠ v), edges in (u, v) order. */
export function complement(g: Graph, tick: () => void = () => {}): Graph {
  const n = g.n;
  const mark = new Int32Array(n).fill(-1);
  const src: number[] = [], dst: number[] = [];
  for (let u = 0; u < n; u++) {
    tick();
    for (let i = g.adjStart[u]!; i < g.adjStart[u + 1]!; i++) mark[g.adjVertex[i]!] = u;
    for (let v = g.directed ? 0 : u + 1; v < n; v++) {
      if (v !== u && mark[v] !== u) {
        src.push(u);
        dst.push(v);
      }
    }
  }
  return buildGraph(g.directed, g.labels, Int32Array.from(src), Int32Array.from(dst), null);
}

/** Edges of the complement (for preflight): n(n−1)/2 − m undirected, n(n−1) − m directed (simple graphs). */
export const complementSize = (g: Graph): number => (g.directed ? g.n * (g.n - 1) : (g.n * (g.n - 1)) / 2) - g.m;

/**
 * The line graph of a simple undirected graph: a vertex per edge (in edge order, labelled
 * [u, v]), two adjacent when the edges share an end. Edges grouped by shared vertex, in vertex order.
 */
export function lineGraph(g: Graph, tick: () => void = () => {}): Graph {
  const labels = Array.from({ length: g.m }, (_, e) => pairLabel(g.labels[g.src[e]!]!, g.labels[g.dst[e]!]!));
  const src: number[] = [], dst: number[] = [];
  for (let v = 0; v < g.n; v++) {
    tick();
    const a = g.adjStart[v]!, b = g.adjStart[v + 1]!;
    for (let i = a; i < b; i++) for (let j = i + 1; j < b; j++) {
      const e = g.adjEdge[i]!, f = g.adjEdge[j]!;
      src.push(Math.min(e, f));
      dst.push(Math.max(e, f));
    }
  }
  return buildGraph(false, labels, Int32Array.from(src), Int32Array.from(dst), null);
}

/** Σ_v C(deg v, 2): the number of edges of the line graph. */
export function lineGraphSize(g: Graph): number {
  const d = degrees(g);
  let s = 0;
  for (let v = 0; v < g.n; v++) s += (d[v]! * (d[v]! - 1)) / 2;
  return s;
}

export type ProductKind = "cartesian" | "tensor" | "strong";

/** Edges of the product of simple undirected graphs G (n1, m1) and H (n2, m2). */
export function productSize(kind: ProductKind, g: Graph, h: Graph): number {
  const cart = g.n * h.m + h.n * g.m, tensor = 2 * g.m * h.m;
  return kind === "cartesian" ? cart : kind === "tensor" ? tensor : cart + tensor;
}

/**
 * G × H on vertices (a, b) in lexicographic order (a in G's order, then b), labelled [a, b]:
 * cartesian — a = a' and b ~ b', or a ~ a' and b = b'; tensor — a ~ a' and b ~ b'; strong — either.
 */
export function product(kind: ProductKind, g: Graph, h: Graph, tick: () => void = () => {}): Graph {
  const n2 = h.n;
  const id = (a: number, b: number): number => a * n2 + b;
  const labels: string[] = [];
  for (let a = 0; a < g.n; a++) for (let b = 0; b < n2; b++) labels.push(pairLabel(g.labels[a]!, h.labels[b]!));
  const src: number[] = [], dst: number[] = [];
  const add = (x: number, y: number) => {
    src.push(x);
    dst.push(y);
  };
  if (kind !== "tensor") {
    for (let a = 0; a < g.n; a++) {
      tick();
      for (let f = 0; f < h.m; f++) add(id(a, h.src[f]!), id(a, h.dst[f]!));
    }
    for (let e = 0; e < g.m; e++) {
      tick();
      for (let b = 0; b < n2; b++) add(id(g.src[e]!, b), id(g.dst[e]!, b));
    }
  }
  if (kind !== "cartesian") {
    for (let e = 0; e < g.m; e++) {
      tick();
      const a = g.src[e]!, a2 = g.dst[e]!;
      for (let f = 0; f < h.m; f++) {
        const b = h.src[f]!, b2 = h.dst[f]!;
        add(id(a, b), id(a2, b2));
        add(id(a, b2), id(a2, b));
      }
    }
  }
  return buildGraph(false, labels, Int32Array.from(src), Int32Array.from(dst), null);
}

/* ---------- degree sequences ---------- */

export type Realization =
  | { graphical: true; src: Int32Array; dst: Int32Array }
  | { graphical: false; reason: "odd_sum"; sum: bigint }
  | { graphical: false; reason: "degree_too_large"; vertex: number }
  | { graphical: false; reason: "erdos_gallai"; k: number; lhs: bigint; rhs: bigint };

/**
 * Whether a sequence of non-negative integers is the degree sequence of a simple graph, by the
 * Erdős–Gallai inequalities on the sorted sequence d1 ≥ … ≥ dn: Σ d even and for every k,
 * Σ_{i≤k} d_i ≤ k(k−1) + Σ_{i>k} min(d_i, k). When it is, a realization by Havel–Hakimi (join the
 * vertex of largest remaining degree to the next largest ones; ties by least index), O(m log n)
 * with a heap.
 */
export function realizeDegrees(d: readonly number[], tick: () => void = () => {}): Realization {
  const n = d.length;
  let sum = 0n;
  for (let v = 0; v < n; v++) {
    sum += BigInt(d[v]!);
    if (d[v]! > n - 1) return { graphical: false, reason: "degree_too_large", vertex: v };
  }
  if (sum & 1n) return { graphical: false, reason: "odd_sum", sum };
  const sorted = [...d].sort((a, b) => b - a);
  // Erdős–Gallai with a pointer: for each k, Σ_{i>k} min(d_i, k) splits at the last index with d_i ≥ k.
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + sorted[i]!;
  let p = n; // sorted[0..p−1] ≥ k
  for (let k = 1; k <= n; k++) {
    while (p > 0 && sorted[p - 1]! < k) p--;
    const q = Math.max(p, k);
    const rhs = k * (k - 1) + (q - k) * k + (prefix[n]! - prefix[q]!);
    const lhs = prefix[k]!;
    if (lhs > rhs) return { graphical: false, reason: "erdos_gallai", k, lhs: BigInt(lhs), rhs: BigInt(rhs) };
  }
  // Havel–Hakimi with a binary max-heap on (residual degree, −index).
  const residual = Int32Array.from(d);
  const heap = new Int32Array(n);
  let size = 0;
  const above = (a: number, b: number): boolean => residual[a]! > residual[b]! || (residual[a] === residual[b] && a < b);
  const push = (v: number) => {
    let i = size++;
    while (i > 0) {
      const q = (i - 1) >> 1;
      if (!above(v, heap[q]!)) break;
      heap[i] = heap[q]!;
      i = q;
    }
    heap[i] = v;
  };
  const pop = (): number => {
    const first = heap[0]!, last = heap[--size]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && above(heap[c + 1]!, heap[c]!)) c++;
      if (!above(heap[c]!, last)) break;
      heap[i] = heap[c]!;
      i = c;
    }
    heap[i] = last;
    return first;
  };
  for (let v = 0; v < n; v++) if (residual[v]! > 0) push(v);
  const src: number[] = [], dst: number[] = [];
  const chosen: number[] = [];
  while (size > 0) {
    tick();
    const v = pop();
    const need = residual[v]!;
    residual[v] = 0;
    chosen.length = 0;
    for (let k = 0; k < need; k++) {
      if (size === 0) throw new Error("Havel–Hakimi ran out of vertices on a graphical sequence");
      chosen.push(pop());
    }
    for (const w of chosen) {
      src.push(v);
      dst.push(w);
      if (--residual[w]! > 0) push(w);
    }
  }
  return { graphical: true, src: Int32Array.from(src), dst: Int32Array.from(dst) };
}

/* ---------- Prüfer codes ---------- */

/**
 * The Prüfer code of a labelled tree on n ≥ 2 vertices: n − 2 times, remove the leaf that comes
 * first in vertex order and record its neighbour. Linear time (the classical pointer method).
 */
export function pruferEncode(g: Graph): Int32Array {
  const n = g.n;
  const deg = degrees(g);
  const parentOf = (v: number): number => {
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) if (!removed[g.adjVertex[i]!]) return g.adjVertex[i]!;
    return -1;
  };
  const removed = new Uint8Array(n);
  const code = new Int32Array(Math.max(0, n - 2));
  let ptr = 0;
  while (ptr < n && deg[ptr] !== 1) ptr++;
  let leaf = ptr;
  for (let i = 0; i < n - 2; i++) {
    const p = parentOf(leaf);
    code[i] = p;
    removed[leaf] = 1;
    if (--deg[p]! === 1 && p < ptr) leaf = p;
    else {
      ptr++;
      while (ptr < n && deg[ptr] !== 1) ptr++;
      leaf = ptr;
    }
  }
  return code;
}

/** The tree with the given Prüfer code on n = code.length + 2 vertices (edges [leaf, neighbour] in removal order, then the last edge). */
export function pruferDecode(n: number, code: Int32Array): { src: Int32Array; dst: Int32Array } {
  const deg = new Int32Array(n).fill(1);
  for (let i = 0; i < code.length; i++) deg[code[i]!]!++;
  const src = new Int32Array(n - 1), dst = new Int32Array(n - 1);
  let ptr = 0;
  while (deg[ptr] !== 1) ptr++;
  let leaf = ptr;
  for (let i = 0; i < code.length; i++) {
    const p = code[i]!;
    src[i] = leaf;
    dst[i] = p;
    deg[leaf] = 0;
    if (--deg[p]! === 1 && p < ptr) leaf = p;
    else {
      ptr++;
      while (deg[ptr] !== 1) ptr++;
      leaf = ptr;
    }
  }
  // Two vertices of degree 1 remain: leaf and the last one.
  let last = n - 1;
  while (last === leaf || deg[last] !== 1) last--;
  src[n - 2] = Math.min(leaf, last);
  dst[n - 2] = Math.max(leaf, last);
  return { src, dst };
}
