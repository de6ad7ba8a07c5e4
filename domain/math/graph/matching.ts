/**
 * Maximum-cardinality matchings with certificates of optimality.
 *
 * - Bipartite graphs: Hopcroft–Karp, O(m·√n). The certificate is a vertex cover of the same size
 *   (König): Z = the vertices reachable from the free left vertices by alternating paths; the
 *   cover is (L \ Z) ∪ (R ∩ Z).
 * - General graphs: Edmonds' blossom algorithm (a breadth-first alternating forest per exposed
 *   vertex, odd cycles contracted through a base array, after a greedy start), O(n·(n + m))
 *   per search in the worst case. The certificate is a Tutte–Berge set: one more search grown
 *   from all exposed vertices at once marks D, the vertices some maximum matching misses (the even
 *   vertices of the final forest); with A = N(D) \ D, the number of odd components of G − A
 *   minus |A| is the deficiency n − 2|M| (Gallai–Edmonds), and every matching has at most
 *   (n + |A| − odd(G − A)) / 2 edges (Tutte–Berge), so M is maximum.
 *
 * Loops are ignored (a loop never belongs to a matching); parallel edges are harmless.
 */
import type { Graph } from "./types.js";

export interface Matching {
  /** mate[v]: the vertex v is matched to, or −1. */
  mate: Int32Array;
  /** mateEdge[v]: the edge matching v (−1 when exposed). */
  mateEdge: Int32Array;
  size: number;
}

function emptyMatching(n: number): Matching {
  return { mate: new Int32Array(n).fill(-1), mateEdge: new Int32Array(n).fill(-1), size: 0 };
}

function match(M: Matching, u: number, v: number, e: number): void {
  M.mate[u] = v;
  M.mate[v] = u;
  M.mateEdge[u] = e;
  M.mateEdge[v] = e;
}

/** The edge joining u and v (the first in u's adjacency). */
function edgeBetween(g: Graph, u: number, v: number): number {
  for (let i = g.adjStart[u]!; i < g.adjStart[u + 1]!; i++) if (g.adjVertex[i] === v) return g.adjEdge[i]!;
  return -1;
}

/* ---------- Hopcroft–Karp ---------- */

/** side[v] ∈ {0, 1} a bipartition (0 = left). Returns the matching and a minimum vertex cover. */
export function hopcroftKarp(g: Graph, side: Uint8Array, tick: () => void = () => {}): { matching: Matching; cover: number[] } {
  const n = g.n;
  const M = emptyMatching(n);
  const dist = new Int32Array(n);
  const queue = new Int32Array(n);
  const INF = 0x3fffffff;
  const left: number[] = [];
  for (let v = 0; v < n; v++) if (side[v] === 0) left.push(v);
  const bfs = (): boolean => {
    let qh = 0, qt = 0, found = false;
    for (const u of left) {
      if (M.mate[u] === -1) {
        dist[u] = 0;
        queue[qt++] = u;
      } else dist[u] = INF;
    }
    while (qh < qt) {
      const u = queue[qh++]!;
      for (let i = g.adjStart[u]!; i < g.adjStart[u + 1]!; i++) {
        const v = g.adjVertex[i]!;
        if (v === u) continue;
        const w = M.mate[v]!;
        if (w === -1) found = true;
        else if (dist[w] === INF) {
          dist[w] = dist[u]! + 1;
          queue[qt++] = w;
        }
      }
    }
    return found;
  };
  // Iterative DFS along layered alternating paths.
  const iter = new Int32Array(n);
  const stackU = new Int32Array(n), stackV = new Int32Array(n), stackE = new Int32Array(n);
  const dfs = (root: number): boolean => {
    let top = 0;
    stackU[top++] = root;
    while (top > 0) {
      const u = stackU[top - 1]!;
      let pushed = false;
      while (iter[u]! < g.adjStart[u + 1]!) {
        const i = iter[u]!++;
        const v = g.adjVertex[i]!;
        if (v === u) continue;
        const w = M.mate[v]!;
        if (w === -1) {
          stackV[top - 1] = v;
          stackE[top - 1] = g.adjEdge[i]!;
          // Flip the path: each stacked left vertex takes the right vertex it was extended through.
          for (let k = 0; k < top; k++) match(M, stackU[k]!, stackV[k]!, stackE[k]!);
          M.size++;
          return true;
        }
        if (dist[w] === dist[u]! + 1) {
          stackV[top - 1] = v;
          stackE[top - 1] = g.adjEdge[i]!;
          stackU[top++] = w;
          pushed = true;
          break;
        }
      }
      if (!pushed) {
        dist[u] = INF;
        top--;
      }
    }
    return false;
  };
  while (bfs()) {
    tick();
    for (let v = 0; v < n; v++) iter[v] = g.adjStart[v]!;
    for (const u of left) if (M.mate[u] === -1) dfs(u);
  }
  // König: alternating reachability from the free left vertices.
  const z = new Uint8Array(n);
  let qh = 0, qt = 0;
  for (const u of left) if (M.mate[u] === -1) {
    z[u] = 1;
    queue[qt++] = u;
  }
  while (qh < qt) {
    const u = queue[qh++]!;
    for (let i = g.adjStart[u]!; i < g.adjStart[u + 1]!; i++) {
      const v = g.adjVertex[i]!;
      if (v === u || z[v] || M.mate[u] === v) continue;
      z[v] = 1;
      const w = M.mate[v]!;
      if (w >= 0 && !z[w]) {
        z[w] = 1;
        queue[qt++] = w;
      }
    }
  }
  const cover: number[] = [];
  for (let v = 0; v < n; v++) if ((side[v] === 0 && !z[v]) || (side[v] === 1 && z[v])) cover.push(v);
  return { matching: M, cover };
}

/* ---------- Edmonds' blossom algorithm ---------- */

class Blossom {
  readonly base: Int32Array;
  readonly parent: Int32Array;
  readonly outer: Uint8Array;
  readonly inBlossom: Uint8Array;
  readonly queue: Int32Array;
  readonly mark: Int32Array;
  private stamp = 0;
  qh = 0;
  qt = 0;
  constructor(private readonly g: Graph, private readonly M: Matching) {
    const n = g.n;
    this.base = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.outer = new Uint8Array(n);
    this.inBlossom = new Uint8Array(n);
    this.queue = new Int32Array(n);
    this.mark = new Int32Array(n);
  }

  reset(): void {
    const n = this.g.n;
    for (let v = 0; v < n; v++) this.base[v] = v;
    this.parent.fill(-1);
    this.outer.fill(0);
    this.qh = this.qt = 0;
  }

  addRoot(r: number): void {
    this.outer[r] = 1;
    this.queue[this.qt++] = r;
  }

  private lca(a: number, b: number): number {
    const stamp = ++this.stamp;
    const { base, parent, mark } = this;
    const mate = this.M.mate;
    for (;;) {
      a = base[a]!;
      mark[a] = stamp;
      if (mate[a] === -1) break;
      a = parent[mate[a]!]!;
    }
    for (;;) {
      b = base[b]!;
      if (mark[b] === stamp) return b;
      b = parent[mate[b]!]!;
    }
  }

  private markPath(v: number, b: number, child: number): void {
    const { base, parent, inBlossom } = this;
    const mate = this.M.mate;
    while (base[v] !== b) {
      inBlossom[base[v]!] = inBlossom[base[mate[v]!]!] = 1;
      parent[v] = child;
      child = mate[v]!;
      v = parent[mate[v]!]!;
    }
  }

  private contract(v: number, u: number): void {
    const b = this.lca(v, u);
    this.inBlossom.fill(0);
    this.markPath(v, b, u);
    this.markPath(u, b, v);
    const n = this.g.n;
    for (let x = 0; x < n; x++) {
      if (this.inBlossom[this.base[x]!]) {
        this.base[x] = b;
        if (!this.outer[x]) {
          this.outer[x] = 1;
          this.queue[this.qt++] = x;
        }
      }
    }
  }

  /**
   * Grows the alternating tree of `root` (queued by addRoot). Returns the exposed vertex ending an
   * augmenting path, or −1 when there is none from this root.
   */
  grow(root: number, tick: () => void): number {
    const g = this.g, { base, parent, queue } = this;
    const mate = this.M.mate;
    let steps = 0;
    while (this.qh < this.qt) {
      const v = queue[this.qh++]!;
      if ((++steps & 1023) === 0) tick();
      for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
        const u = g.adjVertex[i]!;
        if (u === v || base[v] === base[u] || mate[v] === u) continue;
        if (u === root || (mate[u] !== -1 && parent[mate[u]!] !== -1)) this.contract(v, u);
        else if (parent[u] === -1) {
          parent[u] = v;
          if (mate[u] === -1) return u;
          const w = mate[u]!;
          this.outer[w] = 1;
          queue[this.qt++] = w;
        }
      }
    }
    return -1;
  }
}

/** A maximum matching of a general graph with its Tutte–Berge set. */
export function edmonds(g: Graph, tick: () => void = () => {}): { matching: Matching; tutteBerge: number[] } {
  const n = g.n;
  const M = emptyMatching(n);
  // Greedy start: match each vertex to its first free neighbour, low degrees first.
  const order = Array.from({ length: n }, (_, v) => v).sort((a, b) => g.adjStart[a + 1]! - g.adjStart[a]! - (g.adjStart[b + 1]! - g.adjStart[b]!) || a - b);
  for (const v of order) {
    if (M.mate[v] !== -1) continue;
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
      const u = g.adjVertex[i]!;
      if (u !== v && M.mate[u] === -1) {
        match(M, v, u, g.adjEdge[i]!);
        M.size++;
        break;
      }
    }
  }
  const B = new Blossom(g, M);
  for (let r = 0; r < n; r++) {
    if (M.mate[r] !== -1) continue;
    tick();
    B.reset();
    B.addRoot(r);
    const end = B.grow(r, tick);
    if (end < 0) continue;
    // Augment along parent/mate pointers from the exposed end back to the root.
    let v = end;
    while (v !== -1) {
      const pv = B.parent[v]!, ppv = M.mate[pv]!;
      match(M, v, pv, edgeBetween(g, v, pv));
      v = ppv;
    }
    M.size++;
  }
  // Gallai–Edmonds: grow one forest from all exposed vertices; its outer vertices are D.
  B.reset();
  for (let r = 0; r < n; r++) if (M.mate[r] === -1) B.addRoot(r);
  const d = new Uint8Array(n);
  if (B.qt > 0) {
    // With several roots, an outer–outer edge between different trees would be an augmenting path,
    // impossible for a maximum matching; within one tree it is a blossom, contracted as usual.
    multiRootGrow(g, M, B, tick);
    for (let v = 0; v < n; v++) if (B.outer[v]) d[v] = 1;
  }
  const inA = new Uint8Array(n);
  const tutteBerge: number[] = [];
  for (let v = 0; v < n; v++) {
    if (!d[v]) continue;
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
      const u = g.adjVertex[i]!;
      if (!d[u] && !inA[u]) {
        inA[u] = 1;
      }
    }
  }
  for (let v = 0; v < n; v++) if (inA[v]) tutteBerge.push(v);
  return { matching: M, tutteBerge };
}

/**
 * The alternating forest grown from every exposed vertex at once (used only once the matching is
 * maximum). Roots are recognised by being exposed; contraction uses each tree's own base chain.
 */
function multiRootGrow(g: Graph, M: Matching, B: Blossom, tick: () => void): void {
  const { base, parent, outer, queue } = B;
  const mate = M.mate;
  const n = g.n;
  const stampMark = new Int32Array(n);
  let stamp = 0;
  const lca = (a: number, b: number): number => {
    stamp++;
    for (;;) {
      a = base[a]!;
      stampMark[a] = stamp;
      if (mate[a] === -1) break;
      a = parent[mate[a]!]!;
    }
    for (;;) {
      b = base[b]!;
      if (stampMark[b] === stamp) return b;
      if (mate[b] === -1) return -1;
      b = parent[mate[b]!]!;
    }
  };
  const inBlossom = B.inBlossom;
  const markPath = (v: number, b: number, child: number) => {
    while (base[v] !== b) {
      inBlossom[base[v]!] = inBlossom[base[mate[v]!]!] = 1;
      parent[v] = child;
      child = mate[v]!;
      v = parent[mate[v]!]!;
    }
  };
  let steps = 0;
  while (B.qh < B.qt) {
    const v = queue[B.qh++]!;
    if ((++steps & 1023) === 0) tick();
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
      const u = g.adjVertex[i]!;
      if (u === v || base[v] === base[u] || mate[v] === u) continue;
      if (outer[u]) {
        const b = lca(v, u);
        if (b < 0) throw new Error("blossom: an augmenting path remains after the matching was maximum");
        inBlossom.fill(0);
        markPath(v, b, u);
        markPath(u, b, v);
        for (let x = 0; x < n; x++) {
          if (inBlossom[base[x]!]) {
            base[x] = b;
            if (!outer[x]) {
              outer[x] = 1;
              queue[B.qt++] = x;
            }
          }
        }
      } else if (parent[u] === -1) {
        if (mate[u] === -1) throw new Error("blossom: an augmenting path remains after the matching was maximum");
        parent[u] = v;
        const w = mate[u]!;
        outer[w] = 1;
        queue[B.qt++] = w;
      }
    }
  }
}
