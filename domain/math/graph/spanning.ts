/**
 * Minimum spanning forests (Kruskal: edges sorted by scaled integer weight, ties by edge number;
 * union–find with path halving and union by size; O(m log m)) and the path-maximum queries the
 * cycle-property check needs (binary lifting over the forest: O((n + q) log n)).
 */
import type { Graph } from "./types.js";

export class UnionFind {
  readonly parent: Int32Array;
  private readonly size: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
    this.size = new Int32Array(n).fill(1);
  }
  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]!]!;
      x = p[x]!;
    }
    return x;
  }
  union(a: number, b: number): boolean {
    a = this.find(a);
    b = this.find(b);
    if (a === b) return false;
    if (this.size[a]! < this.size[b]!) [a, b] = [b, a];
    this.parent[b] = a;
    this.size[a]! += this.size[b]!;
    return true;
  }
}

/** Kruskal over integer keys (doubles exact, or bigints); `maximize` sorts descending. Returns the forest's edges in the order chosen. */
export function kruskal(g: Graph, key: Float64Array | readonly bigint[], maximize: boolean, tick: () => void = () => {}): number[] {
  const m = g.m;
  const order = Array.from({ length: m }, (_, e) => e);
  if (key instanceof Float64Array) order.sort((a, b) => (maximize ? key[b]! - key[a]! : key[a]! - key[b]!) || a - b);
  else order.sort((a, b) => {
    const x = key[a]!, y = key[b]!;
    const c = x < y ? -1 : x > y ? 1 : 0;
    return (maximize ? -c : c) || a - b;
  });
  const uf = new UnionFind(g.n);
  const chosen: number[] = [];
  for (let i = 0; i < m && chosen.length < g.n - 1; i++) {
    if ((i & 65535) === 0) tick();
    const e = order[i]!;
    if (uf.union(g.src[e]!, g.dst[e]!)) chosen.push(e);
  }
  return chosen;
}
