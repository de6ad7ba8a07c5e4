/**
 * Shortest paths with exact weights.
 *
 * Weights are rationals; they are scaled by the lcm L of their denominators to integers W_e, so
 * every distance is D/L with D an integer sum of W's. When every quantity an algorithm forms stays
 * below 2^53 in absolute value, doubles represent those integers exactly and the fast path runs on
 * Float64Array (`fitsDoubles` states the bound each caller uses); otherwise the same algorithm runs
 * on bigints. Either way the results are exact.
 *
 * - Dijkstra (non-negative weights): lazy binary heap, O((n + m) log n).
 * - Bellman–Ford (any weights, directed): FIFO queue with rounds; a queue still non-empty after n
 *   rounds means a negative cycle is reachable, and walking predecessors from a vertex updated in
 *   round n lands on one (every cycle of the predecessor graph is negative). O(n·m).
 */
import { internIndex } from "../../interned.js";
import { gcd } from "../integer.js";
import { rational, type Rational } from "../rational.js";
import type { Graph } from "./types.js";

export type Tick = () => void;
const TWO53 = 2 ** 53;

/** Integer weights W_e = w_e·L (unweighted graphs: W_e = 1, L = 1). */
export interface ScaledWeights {
  scale: bigint;
  /** The W_e as bigints (computed on first use). */
  readonly big: bigint[];
  /** The W_e as doubles when every |W_e| < 2^53 (exact), else null. */
  readonly num: Float64Array | null;
  /** max |W_e| and Σ |W_e| as doubles (for the exactness bounds; may round, used only against 2^53 with margin). */
  maxAbs: number;
  sumAbs: number;
}

const TWO53_BIG = 2n ** 53n;

export function scaleWeights(g: Graph): ScaledWeights {
  if (!g.weight) {
    let big: bigint[] | null = null;
    return { scale: 1n, get big() { return (big ??= new Array(g.m).fill(1n)); }, num: new Float64Array(g.m).fill(1), maxAbs: g.m ? 1 : 0, sumAbs: g.m };
  }
  let scale = 1n;
  const seen = new Set<bigint>();
  for (const r of internIndex(g.weight)?.table ?? g.weight) if (r.den !== 1n && !seen.has(r.den)) {
    seen.add(r.den);
    scale = (scale / gcd(scale, r.den)) * r.den;
  }
  // Weights are interned by the parser, so a cache by object identity converts each distinct one once.
  const cache = new Map<Rational, bigint>();
  const scaled = (r: Rational): bigint => {
    let b = cache.get(r);
    if (b === undefined) {
      b = scale === 1n ? r.num : r.num * (scale / r.den);
      cache.set(r, b);
    }
    return b;
  };
  let maxAbs = 0, sumAbs = 0, small = true;
  const num = new Float64Array(g.m);
  const w = g.weight;
  // NaN marks a weight beyond 2^53.
  const toNumber = (b: bigint): number => (b < TWO53_BIG && b > -TWO53_BIG ? Number(b) : NaN);
  const interned = internIndex(w);
  if (interned) {
    // Per distinct weight, then one read of its position per edge.
    const { table, index } = interned;
    const values = new Float64Array(table.length);
    for (let k = 0; k < table.length; k++) values[k] = toNumber(scaled(table[k]!));
    for (let e = 0; e < g.m; e++) {
      let x = values[index[e]!]!;
      if (x !== x) {
        small = false;
        x = Number(scaled(w[e]!));
      }
      num[e] = x;
      const a = x < 0 ? -x : x;
      if (a > maxAbs) maxAbs = a;
      sumAbs += a;
    }
  } else {
    // One lookup per edge, by object identity.
    const asNumber = new Map<Rational, number>();
    for (let e = 0; e < g.m; e++) {
      const r = w[e]!;
      let x = asNumber.get(r);
      if (x === undefined) asNumber.set(r, (x = toNumber(scaled(r))));
      if (x !== x) {
        small = false;
        x = Number(scaled(r));
      }
      num[e] = x;
      const a = x < 0 ? -x : x;
      if (a > maxAbs) maxAbs = a;
      sumAbs += a;
    }
  }
  let big: bigint[] | null = null;
  return { scale, get big() { return (big ??= w.map(scaled)); }, num: small ? num : null, maxAbs, sumAbs };
}

/**
 * Whether doubles are exact for an algorithm whose values are bounded by `bound` (an integer
 * magnitude estimate): with a factor 4 of margin for sums of two or three such values.
 */
export const fitsDoubles = (bound: number): boolean => bound * 4 < TWO53;

export const toDoubles = (big: readonly bigint[]): Float64Array => Float64Array.from(big, Number);

/** The scaled weights as exact doubles (callers have checked a bound that implies every |W| < 2^53). */
export const doubles = (sw: ScaledWeights): Float64Array => sw.num ?? toDoubles(sw.big);

/** D / L as a reduced rational. */
export const unscale = (d: bigint, scale: bigint): Rational => (scale === 1n ? { num: d, den: 1n } : rational(d, scale));

/** Distances in scaled integers: Float64Array (Infinity = unreached) or bigint[] (null = unreached). */
export type Distances = { kind: "num"; d: Float64Array } | { kind: "big"; d: (bigint | null)[] };

export interface PathTree {
  dist: Distances;
  /** parentEdge[v]: the edge by which v is reached (−1: the source or unreached). */
  parentEdge: Int32Array;
}

export const reached = (t: Distances, v: number): boolean => (t.kind === "num" ? t.d[v] !== Infinity : t.d[v] !== null);
export const distanceBig = (t: Distances, v: number): bigint => (t.kind === "num" ? BigInt(t.d[v]!) : t.d[v]!);

/** The other end of edge e from v (for undirected graphs walked in either direction). */
const other = (g: Graph, e: number, v: number): number => (g.src[e] === v ? g.dst[e]! : g.src[e]!);

/* ---------- a lazy binary heap on (key, vertex) ---------- */

class NumHeap {
  keys: Float64Array;
  vals: Int32Array;
  size = 0;
  constructor(cap: number) {
    this.keys = new Float64Array(Math.max(16, cap));
    this.vals = new Int32Array(Math.max(16, cap));
  }
  push(k: number, v: number): void {
    if (this.size === this.keys.length) {
      const nk = new Float64Array(this.size * 2);
      nk.set(this.keys);
      this.keys = nk;
      const nv = new Int32Array(this.size * 2);
      nv.set(this.vals);
      this.vals = nv;
    }
    const keys = this.keys, vals = this.vals;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= k) break;
      keys[i] = keys[p]!;
      vals[i] = vals[p]!;
      i = p;
    }
    keys[i] = k;
    vals[i] = v;
  }
  /** Pops the minimum; its key is left in `topKey`. */
  topKey = 0;
  pop(): number {
    const keys = this.keys, vals = this.vals;
    const v = vals[0]!;
    this.topKey = keys[0]!;
    const n = --this.size;
    const k = keys[n]!, x = vals[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
      if (keys[c]! >= k) break;
      keys[i] = keys[c]!;
      vals[i] = vals[c]!;
      i = c;
    }
    keys[i] = k;
    vals[i] = x;
    return v;
  }
}

class BigHeap {
  keys: bigint[] = [];
  vals: number[] = [];
  topKey = 0n;
  get size(): number {
    return this.keys.length;
  }
  push(k: bigint, v: number): void {
    const keys = this.keys, vals = this.vals;
    let i = keys.length;
    keys.push(k);
    vals.push(v);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= k) break;
      keys[i] = keys[p]!;
      vals[i] = vals[p]!;
      i = p;
    }
    keys[i] = k;
    vals[i] = v;
  }
  pop(): number {
    const keys = this.keys, vals = this.vals;
    const v = vals[0]!;
    this.topKey = keys[0]!;
    const k = keys.pop()!, x = vals.pop()!;
    const n = keys.length;
    if (n === 0) return v;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
      if (keys[c]! >= k) break;
      keys[i] = keys[c]!;
      vals[i] = vals[c]!;
      i = c;
    }
    keys[i] = k;
    vals[i] = x;
    return v;
  }
}

/* ---------- Dijkstra ---------- */

/**
 * Dijkstra from `source` along out-arcs (both directions when undirected) with non-negative
 * integer weights. Stops early once `target` is settled (−1: never). Ties are settled in heap order
 * (deterministic for a given graph).
 */
export function dijkstra(g: Graph, w: Float64Array | readonly bigint[], source: number, target = -1, tick: Tick = () => {}): PathTree {
  return w instanceof Float64Array ? dijkstraNum(g, w, source, target, tick) : dijkstraBig(g, w, source, target, tick);
}

function dijkstraNum(g: Graph, w: Float64Array, source: number, target: number, tick: Tick): PathTree {
  const n = g.n;
  const dist = new Float64Array(n).fill(Infinity);
  const parentEdge = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const heap = new NumHeap(Math.min(g.m + 1, 1 << 20));
  const start = g.adjStart, adjV = g.adjVertex, adjE = g.adjEdge;
  // The weights in adjacency order, gathered in one tight pass: the search then reads them
  // sequentially beside adjVertex (reading w[adjEdge[i]] there is a cache miss per relaxation).
  const adjW = target < 0 ? gather(w, adjE) : null;
  dist[source] = 0;
  heap.push(0, source);
  let steps = 0;
  while (heap.size > 0) {
    const v = heap.pop();
    if (done[v]) continue;
    done[v] = 1;
    if (v === target) break;
    if ((++steps & 4095) === 0) tick();
    const dv = dist[v]!;
    for (let i = start[v]!, end = start[v + 1]!; i < end; i++) {
      const u = adjV[i]!;
      const nd = dv + (adjW ? adjW[i]! : w[adjE[i]!]!);
      if (nd < dist[u]!) {
        dist[u] = nd;
        parentEdge[u] = adjE[i]!;
        heap.push(nd, u);
      }
    }
  }
  return { dist: { kind: "num", d: dist }, parentEdge };
}

/** w[index[i]] for every i. */
function gather(w: Float64Array, index: Int32Array): Float64Array {
  const out = new Float64Array(index.length);
  for (let i = 0; i < index.length; i++) out[i] = w[index[i]!]!;
  return out;
}

function dijkstraBig(g: Graph, w: readonly bigint[], source: number, target: number, tick: Tick): PathTree {
  const n = g.n;
  const dist: (bigint | null)[] = new Array(n).fill(null);
  const parentEdge = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const heap = new BigHeap();
  dist[source] = 0n;
  heap.push(0n, source);
  let steps = 0;
  while (heap.size > 0) {
    const v = heap.pop();
    if (done[v]) continue;
    done[v] = 1;
    if (v === target) break;
    if ((++steps & 1023) === 0) tick();
    const dv = dist[v]!;
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
      const e = g.adjEdge[i]!, u = g.adjVertex[i]!;
      const nd = dv + w[e]!;
      const du = dist[u];
      if (du === null || nd < du!) {
        dist[u] = nd;
        parentEdge[u] = e;
        heap.push(nd, u);
      }
    }
  }
  return { dist: { kind: "big", d: dist }, parentEdge };
}

/* ---------- Bellman–Ford ---------- */

export type BellmanFord = ({ negativeCycle: null } & PathTree) | { negativeCycle: number[] };

/**
 * Bellman–Ford from `source` on a directed graph (any integer weights; undirected graphs take Dijkstra);
 * source −1 starts every vertex at 0 (the potentials of Johnson's reweighting). Returns the shortest-path
 * tree, or the edges of a negative cycle reachable from the source, in cycle order.
 */
export function bellmanFord(g: Graph, w: Float64Array | readonly bigint[], source: number, tick: Tick = () => {}): BellmanFord {
  const n = g.n;
  const num = w instanceof Float64Array;
  const dn = num ? new Float64Array(n).fill(Infinity) : null;
  const db: (bigint | null)[] | null = num ? null : new Array(n).fill(null);
  const parentEdge = new Int32Array(n).fill(-1);
  const inQueue = new Uint8Array(n);
  let queue = new Int32Array(n), next = new Int32Array(n);
  let qn = 0, nn = 0;
  if (source >= 0) {
    if (dn) dn[source] = 0;
    else db![source] = 0n;
    queue[qn++] = source;
    inQueue[source] = 1;
  } else {
    // Johnson's potentials: a virtual source with a 0-arc to every vertex.
    for (let v = 0; v < n; v++) {
      if (dn) dn[v] = 0;
      else db![v] = 0n;
      queue[qn++] = v;
      inQueue[v] = 1;
    }
  }
  let round = 0, steps = 0;
  while (qn > 0) {
    if (round++ >= n) break;
    for (let k = 0; k < qn; k++) {
      const v = queue[k]!;
      inQueue[v] = 0;
      if ((++steps & 1023) === 0) tick();
      for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
        const e = g.adjEdge[i]!, u = g.adjVertex[i]!;
        let better: boolean;
        if (dn) {
          const nd = dn[v]! + (w as Float64Array)[e]!;
          better = nd < dn[u]!;
          if (better) dn[u] = nd;
        } else {
          const nd = db![v]! + (w as readonly bigint[])[e]!;
          const du = db![u];
          better = du === null || nd < du!;
          if (better) db![u] = nd;
        }
        if (better) {
          parentEdge[u] = e;
          if (!inQueue[u]) {
            inQueue[u] = 1;
            next[nn++] = u;
          }
        }
      }
    }
    [queue, next] = [next, queue];
    qn = nn;
    nn = 0;
  }
  if (qn === 0) return { negativeCycle: null, dist: dn ? { kind: "num", d: dn } : { kind: "big", d: db! }, parentEdge };
  // Updates in round n mean the predecessor graph has a cycle: were it a tree at the source, every
  // d(v) would be at least the length of v's tree path (d(v) ≥ d(parent) + w holds throughout, as
  // distances only decrease), a simple path, which no walk found in round n can beat. Every cycle of
  // the predecessor graph is negative. Find one by colouring the functional graph v → parent(v).
  const state = new Uint8Array(n); // 0 new, 1 on the current chain, 2 done
  for (let s0 = 0; s0 < n; s0++) {
    if (state[s0] || parentEdge[s0]! < 0) continue;
    let y = s0;
    while (y >= 0 && state[y] === 0) {
      state[y] = 1;
      y = parentEdge[y]! < 0 ? -1 : g.src[parentEdge[y]!]!;
    }
    if (y >= 0 && state[y] === 1) {
      const cycle: number[] = [];
      let z = y;
      do {
        const e = parentEdge[z]!;
        cycle.push(e);
        z = g.src[e]!;
      } while (z !== y);
      return { negativeCycle: cycle.reverse() };
    }
    for (let z = s0; z >= 0 && state[z] === 1; z = parentEdge[z]! < 0 ? -1 : g.src[parentEdge[z]!]!) state[z] = 2;
  }
  throw new Error("Bellman–Ford: updates after n rounds but no cycle in the predecessor graph");
}

/** The path source → v as vertices, by the tree's parent edges. */
export function treePath(g: Graph, parentEdge: Int32Array, source: number, v: number): number[] {
  const path = [v];
  while (v !== source) {
    const e = parentEdge[v]!;
    if (e < 0) return [];
    v = g.directed ? g.src[e]! : other(g, e, v);
    path.push(v);
  }
  return path.reverse();
}

/** The tree parent of v (−1 for the source and unreached vertices). */
export const treeParent = (g: Graph, parentEdge: Int32Array, v: number): number => {
  const e = parentEdge[v]!;
  return e < 0 ? -1 : g.directed ? g.src[e]! : other(g, e, v);
};
