/**
 * Maximum flow (Dinic: breadth-first level graphs, blocking flows by an iterative depth-first
 * search with current-arc pointers; O(n²·m), far less in practice) with exact integer capacities —
 * rational capacities are scaled by the lcm of their denominators first. Doubles carry the
 * capacities when Σ c < 2^51 (every residual and every flow value is then an exact integer),
 * bigints otherwise.
 *
 * Residual arcs: edge e gives arc 2e (src → dst, capacity c) and arc 2e + 1 (dst → src, capacity
 * 0 for a directed edge, c for an undirected one). The flow on e (from src to dst; negative when an
 * undirected edge carries it the other way) is c − residual(2e).
 */
import type { Graph } from "./types.js";

export interface Residual {
  n: number;
  head: Int32Array;
  start: Int32Array;
  arcs: Int32Array;
}

export function residualNetwork(g: Graph): Residual {
  const n = g.n, m = g.m;
  const head = new Int32Array(2 * m);
  const start = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) {
    head[2 * e] = g.dst[e]!;
    head[2 * e + 1] = g.src[e]!;
    start[g.src[e]! + 1]!++;
    start[g.dst[e]! + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  const arcs = new Int32Array(2 * m);
  for (let e = 0; e < m; e++) {
    arcs[fill[g.src[e]!]!++] = 2 * e;
    arcs[fill[g.dst[e]!]!++] = 2 * e + 1;
  }
  return { n, head, start, arcs };
}

export interface FlowResult<T> {
  value: T;
  /** Residual capacities after the flow. */
  residual: T extends number ? Float64Array : bigint[];
  /** The source side of a minimum cut: vertices reachable from s in the final residual network. */
  sourceSide: Uint8Array;
}

/** Dinic on doubles (exact while every capacity sum stays below 2^53). */
export function maxFlowNum(g: Graph, net: Residual, cap: Float64Array, s: number, t: number, tick: () => void = () => {}): FlowResult<number> {
  const n = g.n;
  const res = new Float64Array(2 * g.m);
  for (let e = 0; e < g.m; e++) {
    res[2 * e] = cap[e]!;
    res[2 * e + 1] = g.directed ? 0 : cap[e]!;
  }
  const { head, start, arcs } = net;
  const level = new Int32Array(n), iter = new Int32Array(n), queue = new Int32Array(n);
  const pathArc = new Int32Array(n);
  let value = 0, steps = 0;
  const bfs = (): boolean => {
    level.fill(-1);
    let qh = 0, qt = 0;
    level[s] = 0;
    queue[qt++] = s;
    while (qh < qt) {
      const v = queue[qh++]!;
      // Vertices at t's level or beyond lead nowhere useful in this phase (only t's level matters).
      if (level[t] !== -1 && level[v]! >= level[t]!) continue;
      for (let i = start[v]!, end = start[v + 1]!; i < end; i++) {
        const a = arcs[i]!;
        if (res[a]! > 0 && level[head[a]!] === -1) {
          level[head[a]!] = level[v]! + 1;
          queue[qt++] = head[a]!;
        }
      }
    }
    return level[t] !== -1;
  };
  if (s !== t) {
    while (bfs()) {
      tick();
      for (let v = 0; v < n; v++) iter[v] = start[v]!;
      // Iterative DFS: pathArc[0..depth−1] are the arcs from s to the current vertex.
      let depth = 0, v = s;
      for (;;) {
        if ((++steps & 8191) === 0) tick();
        if (v === t) {
          let f = Infinity, cut = 0;
          for (let k = 0; k < depth; k++) if (res[pathArc[k]!]! < f) f = res[pathArc[k]!]!;
          for (let k = 0; k < depth; k++) {
            const a = pathArc[k]!;
            res[a]! -= f;
            res[a ^ 1]! += f;
          }
          value += f;
          for (let k = 0; k < depth; k++) if (res[pathArc[k]!] === 0) {
            cut = k;
            break;
          }
          depth = cut;
          v = depth === 0 ? s : head[pathArc[depth - 1]!]!;
          continue;
        }
        let advanced = false;
        for (let i = iter[v]!, end = start[v + 1]!; i < end; i++) {
          const a = arcs[i]!, w = head[a]!;
          if (res[a]! > 0 && level[w] === level[v]! + 1) {
            iter[v] = i;
            pathArc[depth++] = a;
            v = w;
            advanced = true;
            break;
          }
        }
        if (advanced) continue;
        iter[v] = start[v + 1]!;
        level[v] = -1;
        if (depth === 0) break;
        depth--;
        const a = pathArc[depth]!;
        v = head[a ^ 1]!;
        iter[v]!++;
      }
    }
  }
  const sourceSide = new Uint8Array(n);
  for (let v = 0; v < n; v++) sourceSide[v] = level[v] !== -1 || v === s ? 1 : 0;
  // The last BFS failed to reach t: its levels mark exactly the residual-reachable set.
  if (s === t) sourceSide.fill(0), (sourceSide[s] = 1);
  return { value, residual: res, sourceSide } as FlowResult<number>;
}

/** Dinic on bigints (any capacities). */
export function maxFlowBig(g: Graph, net: Residual, cap: readonly bigint[], s: number, t: number, tick: () => void = () => {}): FlowResult<bigint> {
  const n = g.n;
  const res: bigint[] = new Array(2 * g.m);
  for (let e = 0; e < g.m; e++) {
    res[2 * e] = cap[e]!;
    res[2 * e + 1] = g.directed ? 0n : cap[e]!;
  }
  const { head, start, arcs } = net;
  const level = new Int32Array(n), iter = new Int32Array(n), queue = new Int32Array(n);
  const pathArc = new Int32Array(n);
  let value = 0n, steps = 0;
  const bfs = (): boolean => {
    level.fill(-1);
    let qh = 0, qt = 0;
    level[s] = 0;
    queue[qt++] = s;
    while (qh < qt) {
      const v = queue[qh++]!;
      if (level[t] !== -1 && level[v]! >= level[t]!) continue;
      for (let i = start[v]!; i < start[v + 1]!; i++) {
        const a = arcs[i]!;
        if (res[a]! > 0n && level[head[a]!] === -1) {
          level[head[a]!] = level[v]! + 1;
          queue[qt++] = head[a]!;
        }
      }
    }
    return level[t] !== -1;
  };
  if (s !== t) {
    while (bfs()) {
      tick();
      for (let v = 0; v < n; v++) iter[v] = start[v]!;
      let depth = 0, v = s;
      for (;;) {
        if ((++steps & 4095) === 0) tick();
        if (v === t) {
          let f = res[pathArc[0]!]!, cut = 0;
          for (let k = 1; k < depth; k++) if (res[pathArc[k]!]! < f) f = res[pathArc[k]!]!;
          for (let k = 0; k < depth; k++) {
            const a = pathArc[k]!;
            res[a] = res[a]! - f;
            res[a ^ 1] = res[a ^ 1]! + f;
          }
          value += f;
          for (let k = 0; k < depth; k++) if (res[pathArc[k]!] === 0n) {
            cut = k;
            break;
          }
          depth = cut;
          v = depth === 0 ? s : head[pathArc[depth - 1]!]!;
          continue;
        }
        let advanced = false;
        for (let i = iter[v]!; i < start[v + 1]!; i++) {
          const a = arcs[i]!, w = head[a]!;
          if (res[a]! > 0n && level[w] === level[v]! + 1) {
            iter[v] = i;
            pathArc[depth++] = a;
            v = w;
            advanced = true;
            break;
          }
        }
        if (advanced) continue;
        iter[v] = start[v + 1]!;
        level[v] = -1;
        if (depth === 0) break;
        depth--;
        const a = pathArc[depth]!;
        v = head[a ^ 1]!;
        iter[v]!++;
      }
    }
  }
  const sourceSide = new Uint8Array(n);
  for (let v = 0; v < n; v++) sourceSide[v] = level[v] !== -1 ? 1 : 0;
  sourceSide[s] = 1;
  if (s === t) sourceSide.fill(0), (sourceSide[s] = 1);
  return { value, residual: res, sourceSide } as FlowResult<bigint>;
}
