/**
 * Traversal-based structure: breadth-first distances, connected / strongly connected /
 * biconnected components, bipartiteness with an odd cycle, cycles of forests, girth, topological
 * order with a directed cycle, transitive closure and reduction. Every function walks the CSR
 * arrays with explicit stacks (no recursion: 10^6 vertices would overflow the JS stack) and typed
 * arrays, and is deterministic: vertices and adjacency are visited in input order.
 *
 * `tick` is called every few thousand steps so the caller can check for cancellation.
 */
import type { Graph } from "./types.js";

export type Tick = () => void;
const noTick: Tick = () => {};
const TICK = 4096;

/** Neighbours of v ignoring direction: out-arcs, then in-arcs (directed), i.e. the underlying undirected graph. */
function eachNeighbour(g: Graph, v: number, f: (w: number, e: number) => void): void {
  for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) f(g.adjVertex[i]!, g.adjEdge[i]!);
  if (g.directed) for (let i = g.inStart![v]!; i < g.inStart![v + 1]!; i++) f(g.inVertex![i]!, g.inEdge![i]!);
}

/* ---------- breadth-first search ---------- */

/**
 * Hop distances from `source` (−1 when unreachable) along out-arcs, with the BFS parent of every
 * reached vertex (−1 for the source) and the visiting order.
 */
export function bfs(g: Graph, source: number, tick: Tick = noTick): { dist: Int32Array; parent: Int32Array; order: Int32Array; reached: number } {
  const dist = new Int32Array(g.n).fill(-1);
  const parent = new Int32Array(g.n).fill(-1);
  const queue = new Int32Array(g.n);
  let head = 0, tail = 0;
  dist[source] = 0;
  queue[tail++] = source;
  const start = g.adjStart, adj = g.adjVertex;
  while (head < tail) {
    const v = queue[head++]!;
    if ((head & (TICK - 1)) === 0) tick();
    const dv = dist[v]! + 1;
    for (let i = start[v]!, end = start[v + 1]!; i < end; i++) {
      const w = adj[i]!;
      if (dist[w] === -1) {
        dist[w] = dv;
        parent[w] = v;
        queue[tail++] = w;
      }
    }
  }
  return { dist, parent, order: queue.subarray(0, tail), reached: tail };
}

/* ---------- connected components ---------- */

/**
 * Components of the underlying undirected graph: comp[v] ∈ 0..count−1, numbered by their least
 * vertex, so components come in vertex order.
 */
export function components(g: Graph, tick: Tick = noTick): { comp: Int32Array; count: number } {
  const comp = new Int32Array(g.n).fill(-1);
  const stack = new Int32Array(g.n);
  let count = 0, steps = 0;
  for (let s = 0; s < g.n; s++) {
    if (comp[s] !== -1) continue;
    let top = 0;
    stack[top++] = s;
    comp[s] = count;
    while (top > 0) {
      const v = stack[--top]!;
      if ((++steps & (TICK - 1)) === 0) tick();
      for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
        const w = g.adjVertex[i]!;
        if (comp[w] === -1) {
          comp[w] = count;
          stack[top++] = w;
        }
      }
      if (g.directed) {
        for (let i = g.inStart![v]!; i < g.inStart![v + 1]!; i++) {
          const w = g.inVertex![i]!;
          if (comp[w] === -1) {
            comp[w] = count;
            stack[top++] = w;
          }
        }
      }
    }
    count++;
  }
  return { comp, count };
}

/** Groups vertices by a component array: groups[c] lists c's vertices in vertex order. */
export function groupBy(comp: Int32Array, count: number): Int32Array[] {
  const size = new Int32Array(count);
  for (let v = 0; v < comp.length; v++) size[comp[v]!]!++;
  const groups = Array.from(size, (s) => new Int32Array(s));
  const fill = new Int32Array(count);
  for (let v = 0; v < comp.length; v++) groups[comp[v]!]![fill[comp[v]!]!++] = v;
  return groups;
}

/* ---------- strongly connected components (Tarjan, iterative) ---------- */

/**
 * Strongly connected components of a directed graph. comp[v] numbers them in a topological order
 * of the condensation (every arc goes from a lower or equal number to a higher or equal one).
 */
export function stronglyConnected(g: Graph, tick: Tick = noTick): { comp: Int32Array; count: number } {
  const n = g.n;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const callV = new Int32Array(n), callI = new Int32Array(n);
  const tarjan = new Int32Array(n).fill(-1);
  let sp = 0, counter = 0, found = 0, steps = 0;
  for (let s = 0; s < n; s++) {
    if (index[s] !== -1) continue;
    let depth = 0;
    callV[0] = s;
    callI[0] = g.adjStart[s]!;
    index[s] = low[s] = counter++;
    stack[sp++] = s;
    onStack[s] = 1;
    while (depth >= 0) {
      if ((++steps & (TICK - 1)) === 0) tick();
      const v = callV[depth]!;
      const i = callI[depth]!;
      if (i < g.adjStart[v + 1]!) {
        callI[depth] = i + 1;
        const w = g.adjVertex[i]!;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          depth++;
          callV[depth] = w;
          callI[depth] = g.adjStart[w]!;
        } else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
        continue;
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack[--sp]!;
          onStack[w] = 0;
          tarjan[w] = found;
        } while (w !== v);
        found++;
      }
      depth--;
      if (depth >= 0) {
        const u = callV[depth]!;
        if (low[v]! < low[u]!) low[u] = low[v]!;
      }
    }
  }
  // Tarjan finds sinks first: reverse for a topological order.
  const comp = new Int32Array(n);
  for (let v = 0; v < n; v++) comp[v] = found - 1 - tarjan[v]!;
  return { comp, count: found };
}

/* ---------- biconnected components, articulation points, bridges ---------- */

export interface Biconnected {
  /** blocks[b] lists the edges of block b (its 2-connected component, or a bridge); loops belong to none. */
  blocks: Int32Array[];
  articulation: Uint8Array;
  bridge: Uint8Array;
}

/**
 * Hopcroft–Tarjan on the underlying undirected graph, iteratively, with an edge stack. The DFS
 * skips the tree edge by its number, not its other end, so parallel edges are handled exactly (two
 * parallel edges are never a bridge).
 */
export function biconnected(g: Graph, tick: Tick = noTick): Biconnected {
  const n = g.n;
  const disc = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const articulation = new Uint8Array(n);
  const bridge = new Uint8Array(g.m);
  const callV = new Int32Array(n), callI = new Int32Array(n), callE = new Int32Array(n);
  const edgeStack = new Int32Array(g.m);
  const onEdgeStack = new Uint8Array(g.m);
  const blocks: Int32Array[] = [];
  let esp = 0, time = 0, steps = 0;
  for (let s = 0; s < n; s++) {
    if (disc[s] !== -1) continue;
    disc[s] = low[s] = time++;
    let depth = 0, rootChildren = 0;
    callV[0] = s;
    callI[0] = g.adjStart[s]!;
    callE[0] = -1;
    while (depth >= 0) {
      if ((++steps & (TICK - 1)) === 0) tick();
      const v = callV[depth]!;
      const i = callI[depth]!;
      if (i < g.adjStart[v + 1]!) {
        callI[depth] = i + 1;
        const w = g.adjVertex[i]!, e = g.adjEdge[i]!;
        if (w === v || e === callE[depth]) continue;
        if (disc[w] === -1) {
          edgeStack[esp++] = e;
          onEdgeStack[e] = 1;
          disc[w] = low[w] = time++;
          if (depth === 0) rootChildren++;
          depth++;
          callV[depth] = w;
          callI[depth] = g.adjStart[w]!;
          callE[depth] = e;
        } else if (disc[w]! < disc[v]!) {
          if (!onEdgeStack[e]) {
            edgeStack[esp++] = e;
            onEdgeStack[e] = 1;
          }
          if (disc[w]! < low[v]!) low[v] = disc[w]!;
        }
        continue;
      }
      depth--;
      if (depth < 0) break;
      const u = callV[depth]!, te = callE[depth + 1]!;
      if (low[v]! < low[u]!) low[u] = low[v]!;
      if (low[v]! >= disc[u]!) {
        if (depth > 0) articulation[u] = 1;
        if (low[v]! > disc[u]!) bridge[te] = 1;
        let k = esp;
        while (edgeStack[k - 1] !== te) k--;
        k--;
        blocks.push(edgeStack.slice(k, esp));
        esp = k;
      }
    }
    if (rootChildren > 1) articulation[s] = 1;
  }
  return { blocks, articulation, bridge };
}

/* ---------- bipartiteness ---------- */

/**
 * A 2-colouring of the underlying undirected graph (side[v] ∈ {0, 1}, the least vertex of every
 * component on side 0), or an odd cycle (vertices in cycle order; a loop is a cycle of length 1).
 */
export function bipartition(g: Graph, tick: Tick = noTick): { side: Uint8Array } | { oddCycle: number[] } {
  const n = g.n;
  const side = new Int8Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const queue = new Int32Array(n);
  let steps = 0;
  for (let s = 0; s < n; s++) {
    if (side[s] !== -1) continue;
    side[s] = 0;
    let head = 0, tail = 0;
    queue[tail++] = s;
    while (head < tail) {
      const v = queue[head++]!;
      if ((++steps & (TICK - 1)) === 0) tick();
      let conflict = -1;
      eachNeighbour(g, v, (w) => {
        if (conflict >= 0) return;
        if (side[w] === -1) {
          side[w] = (1 - side[v]!) as 0 | 1;
          parent[w] = v;
          depth[w] = depth[v]! + 1;
          queue[tail++] = w;
        } else if (side[w] === side[v]) conflict = w;
      });
      if (conflict >= 0) return { oddCycle: treeCycle(v, conflict, parent, depth) };
    }
  }
  return { side: Uint8Array.from(side) };
}

/** The cycle formed by the tree paths to a and b and the edge a–b: a … lca … b. */
function treeCycle(a: number, b: number, parent: Int32Array, depth: Int32Array): number[] {
  const up: number[] = [], down: number[] = [];
  let x = a, y = b;
  while (depth[x]! > depth[y]!) {
    up.push(x);
    x = parent[x]!;
  }
  while (depth[y]! > depth[x]!) {
    down.push(y);
    y = parent[y]!;
  }
  while (x !== y) {
    up.push(x);
    down.push(y);
    x = parent[x]!;
    y = parent[y]!;
  }
  up.push(x);
  return up.concat(down.reverse());
}

/* ---------- forests ---------- */

/**
 * A cycle of the underlying undirected graph (vertices in order; a loop gives [v], a parallel
 * pair [u, v]) or null when the graph is a forest. Depth-first, skipping the tree edge by number.
 */
export function findCycle(g: Graph, tick: Tick = noTick): number[] | null {
  const n = g.n;
  for (let e = 0; e < g.m; e++) if (g.src[e] === g.dst[e]) return [g.src[e]!];
  const parent = new Int32Array(n).fill(-1), parentEdge = new Int32Array(n).fill(-1), depth = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let steps = 0;
  for (let s = 0; s < n; s++) {
    if (depth[s] !== -1) continue;
    depth[s] = 0;
    let top = 0;
    stack[top++] = s;
    while (top > 0) {
      const v = stack[--top]!;
      if ((++steps & (TICK - 1)) === 0) tick();
      let found: number[] | null = null;
      eachNeighbour(g, v, (w, e) => {
        if (found || e === parentEdge[v]) return;
        if (depth[w] === -1) {
          depth[w] = depth[v]! + 1;
          parent[w] = v;
          parentEdge[w] = e;
          stack[top++] = w;
        } else found = treeCycle(v, w, parent, depth);
      });
      if (found) return found;
    }
  }
  return null;
}

/* ---------- girth ---------- */

/**
 * The length of a shortest cycle and one such cycle, or null for an acyclic graph. Undirected
 * (simple): a BFS from every vertex r, each non-tree edge u–v closing a walk of length
 * d(u) + d(v) + 1; the least over all r is the girth, and its walk is a simple cycle (a shorter
 * cycle would be found from one of its own vertices). A BFS stops once its depth can no longer
 * improve the best. Directed: the shortest cycle through r is 1 + d(r, u) over arcs u → r.
 */
export function girth(g: Graph, tick: Tick = noTick): { length: number; cycle: number[] } | null {
  const n = g.n;
  const dist = new Int32Array(n).fill(-1), parent = new Int32Array(n).fill(-1), queue = new Int32Array(n);
  let best = Infinity, bestCycle: number[] = [];
  for (let r = 0; r < n; r++) {
    tick();
    let head = 0, tail = 0;
    dist[r] = 0;
    parent[r] = -1;
    queue[tail++] = r;
    while (head < tail) {
      const v = queue[head++]!;
      const dv = dist[v]!;
      if (g.directed ? dv + 1 >= best : 2 * dv + 1 >= best) break;
      for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
        const w = g.adjVertex[i]!;
        if (g.directed) {
          if (w === r) {
            if (dv + 1 < best) {
              best = dv + 1;
              bestCycle = [];
              for (let x = v; x !== -1; x = parent[x]!) bestCycle.push(x);
              bestCycle.reverse();
            }
          } else if (dist[w] === -1) {
            dist[w] = dv + 1;
            parent[w] = v;
            queue[tail++] = w;
          }
        } else if (dist[w] === -1) {
          dist[w] = dv + 1;
          parent[w] = v;
          queue[tail++] = w;
        } else if (w !== parent[v] && dist[w]! >= dv) {
          const len = dv + dist[w]! + 1;
          if (len < best) {
            best = len;
            const a: number[] = [], b: number[] = [];
            for (let x = v; x !== -1; x = parent[x]!) a.push(x);
            for (let x = w; x !== -1; x = parent[x]!) b.push(x);
            // Both paths end at r; the walk is r … v, w … (back to r).
            a.reverse();
            b.pop();
            bestCycle = a.concat(b);
          }
        }
      }
    }
    for (let k = 0; k < tail; k++) dist[queue[k]!] = -1;
  }
  return best === Infinity ? null : { length: best, cycle: bestCycle };
}

/* ---------- topological order ---------- */

/**
 * The least topological order in vertex order (Kahn's algorithm with a binary heap of ready
 * vertices), or a directed cycle (vertices in cycle order; a loop gives [v]) when there is none.
 */
export function topologicalOrder(g: Graph, tick: Tick = noTick): { order: Int32Array } | { cycle: number[] } {
  const n = g.n;
  const indeg = new Int32Array(n);
  for (let e = 0; e < g.m; e++) indeg[g.dst[e]!]!++;
  const heap = new Int32Array(n);
  let size = 0;
  const push = (v: number) => {
    let i = size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p]! <= v) break;
      heap[i] = heap[p]!;
      i = p;
    }
    heap[i] = v;
  };
  const pop = (): number => {
    const top = heap[0]!, last = heap[--size]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && heap[c + 1]! < heap[c]!) c++;
      if (heap[c]! >= last) break;
      heap[i] = heap[c]!;
      i = c;
    }
    heap[i] = last;
    return top;
  };
  for (let v = 0; v < n; v++) if (indeg[v] === 0) push(v);
  const order = new Int32Array(n);
  let k = 0;
  while (size > 0) {
    const v = pop();
    if ((k & (TICK - 1)) === 0) tick();
    order[k++] = v;
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) if (--indeg[g.adjVertex[i]!]! === 0) push(g.adjVertex[i]!);
  }
  if (k === n) return { order };
  // Every remaining vertex has an in-arc from a remaining vertex: walk backwards until a repeat.
  let v = 0;
  while (indeg[v] === 0) v++;
  const seenAt = new Int32Array(n).fill(-1);
  const walk: number[] = [];
  for (;;) {
    seenAt[v] = walk.length;
    walk.push(v);
    let u = -1;
    for (let i = g.inStart![v]!; i < g.inStart![v + 1]!; i++) {
      if (indeg[g.inVertex![i]!]! > 0) {
        u = g.inVertex![i]!;
        break;
      }
    }
    if (seenAt[u] !== -1) {
      const cycle = walk.slice(seenAt[u]!).reverse();
      // Start at the cycle's least vertex (a canonical rotation).
      let at = 0;
      for (let i = 1; i < cycle.length; i++) if (cycle[i]! < cycle[at]!) at = i;
      return { cycle: cycle.slice(at).concat(cycle.slice(0, at)) };
    }
    v = u;
  }
}

/* ---------- transitive closure and reduction ---------- */

/**
 * Reachability bitsets by SCC condensation: reach(v) is the set of vertices w reachable from v by
 * a walk of length ≥ 1 (v itself exactly when v lies on a cycle or has a loop). Words of 32 bits
 * per row: memory n²/8 bytes.
 */
export function reachability(g: Graph, tick: Tick = noTick): { words: number; rows: Uint32Array } {
  const n = g.n, words = (n + 31) >>> 5;
  const { comp, count } = stronglyConnected(g, tick);
  const members = groupBy(comp, count);
  const compRows = new Uint32Array(count * words);
  const cyclic = new Uint8Array(count);
  for (let e = 0; e < g.m; e++) if (comp[g.src[e]!] === comp[g.dst[e]!]) cyclic[comp[g.src[e]!]!] = 1;
  // Components in reverse topological order: successors are complete when a component is reached.
  for (let c = count - 1; c >= 0; c--) {
    tick();
    const row = c * words;
    for (const v of members[c]!) {
      if (cyclic[c]) compRows[row + (v >>> 5)]! |= 1 << (v & 31);
      for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
        const w = g.adjVertex[i]!, d = comp[w]!;
        if (d === c) continue;
        compRows[row + (w >>> 5)]! |= 1 << (w & 31);
        const other = d * words;
        for (let k = 0; k < words; k++) compRows[row + k]! |= compRows[other + k]!;
      }
    }
  }
  const rows = new Uint32Array(n * words);
  for (let v = 0; v < n; v++) rows.set(compRows.subarray(comp[v]! * words, comp[v]! * words + words), v * words);
  return { words, rows };
}

export const hasBit = (rows: Uint32Array, words: number, v: number, w: number): boolean => ((rows[v * words + (w >>> 5)]! >>> (w & 31)) & 1) === 1;

/**
 * The transitive reduction of a DAG: the arcs u → v (one of each parallel group) for which no
 * other out-neighbour w of u reaches v. It is the unique least subgraph with the same reachability.
 */
export function transitiveReductionDag(g: Graph, tick: Tick = noTick): number[] {
  const n = g.n;
  const { words, rows } = reachability(g, tick);
  const via = new Uint32Array(words);
  const seen = new Int32Array(n).fill(-1);
  const kept: number[] = [];
  for (let u = 0; u < n; u++) {
    tick();
    via.fill(0);
    for (let i = g.adjStart[u]!; i < g.adjStart[u + 1]!; i++) {
      const w = g.adjVertex[i]!;
      for (let k = 0; k < words; k++) via[k]! |= rows[w * words + k]!;
    }
    for (let i = g.adjStart[u]!; i < g.adjStart[u + 1]!; i++) {
      const v = g.adjVertex[i]!;
      if (seen[v] === u) continue;
      seen[v] = u;
      if (((via[v >>> 5]! >>> (v & 31)) & 1) === 0) kept.push(g.adjEdge[i]!);
    }
  }
  return kept.sort((a, b) => a - b);
}
