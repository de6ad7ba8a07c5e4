/**
 * Minimum-cost flow by successive shortest paths with potentials (Edmonds–Karp / Tomizawa): each
 * round a Dijkstra on reduced costs c(u, v) + π(u) − π(v) ≥ 0 over the residual arcs finds a
 * cheapest augmenting path; potentials then grow by the distances, keeping every reduced cost
 * non-negative. Negative costs are allowed when there is no negative-cost cycle (Bellman–Ford
 * gives the first potentials). Exact bigint arithmetic on capacities and costs scaled to integers.
 *
 * The final potentials are the optimality certificate: a flow of value F is cheapest among flows
 * of value F iff some potentials make every residual arc's reduced cost ≥ 0 (no negative cycle in
 * the residual network).
 */
import type { Graph } from "./types.js";

export type MinCostResult =
  | { kind: "ok"; value: bigint; cost: bigint; flow: bigint[]; potential: bigint[] }
  | { kind: "negative_cycle"; arcs: number[] };

/** Directed graph, integer capacities `cap` ≥ 0 and costs `cost`, from s to t, at most `limit` units (null: maximum). */
export function minCostFlow(g: Graph, cap: readonly bigint[], cost: readonly bigint[], s: number, t: number, limit: bigint | null, tick: () => void = () => {}): MinCostResult {
  const n = g.n, m = g.m;
  // Residual arcs 2e (forward) and 2e + 1 (backward).
  const head = new Int32Array(2 * m), res: bigint[] = new Array(2 * m), c: bigint[] = new Array(2 * m);
  const start = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) {
    head[2 * e] = g.dst[e]!;
    head[2 * e + 1] = g.src[e]!;
    res[2 * e] = cap[e]!;
    res[2 * e + 1] = 0n;
    c[2 * e] = cost[e]!;
    c[2 * e + 1] = -cost[e]!;
    start[g.src[e]! + 1]!++;
    start[g.dst[e]! + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n), arcs = new Int32Array(2 * m);
  for (let e = 0; e < m; e++) {
    arcs[fill[g.src[e]!]!++] = 2 * e;
    arcs[fill[g.dst[e]!]!++] = 2 * e + 1;
  }
  const tail = (a: number) => head[a ^ 1]!;
  // Initial potentials: Bellman–Ford over arcs with capacity, from every vertex at 0.
  const pi: bigint[] = new Array(n).fill(0n);
  if (cost.some((x) => x < 0n)) {
    const parent = new Int32Array(n).fill(-1);
    let changed = true, round = 0;
    while (changed && round <= n) {
      changed = false;
      round++;
      tick();
      for (let a = 0; a < 2 * m; a++) {
        if (res[a]! <= 0n) continue;
        const u = tail(a), v = head[a]!;
        if (pi[u]! + c[a]! < pi[v]!) {
          pi[v] = pi[u]! + c[a]!;
          parent[v] = a;
          changed = true;
        }
      }
    }
    if (changed) {
      // Every cycle of the predecessor graph is negative; colour the functional graph v → tail(parent(v)).
      const state = new Uint8Array(n);
      for (let s0 = 0; s0 < n; s0++) {
        if (state[s0] || parent[s0]! < 0) continue;
        let y = s0;
        while (y >= 0 && state[y] === 0) {
          state[y] = 1;
          y = parent[y]! < 0 ? -1 : tail(parent[y]!);
        }
        if (y >= 0 && state[y] === 1) {
          const cyc: number[] = [];
          let z = y;
          do {
            cyc.push(parent[z]! >> 1);
            z = tail(parent[z]!);
          } while (z !== y);
          return { kind: "negative_cycle", arcs: cyc.reverse() };
        }
        for (let z = s0; z >= 0 && state[z] === 1; z = parent[z]! < 0 ? -1 : tail(parent[z]!)) state[z] = 2;
      }
      throw new Error("min-cost flow: Bellman–Ford kept improving but found no cycle");
    }
  }
  let value = 0n, total = 0n;
  const dist: (bigint | null)[] = new Array(n);
  const prevArc = new Int32Array(n);
  const done = new Uint8Array(n);
  while (limit === null || value < limit) {
    tick();
    dist.fill(null);
    done.fill(0);
    prevArc.fill(-1);
    dist[s] = 0n;
    // Dijkstra on reduced costs (a simple binary heap of [key, vertex]).
    const heapK: bigint[] = [0n], heapV: number[] = [s];
    while (heapK.length) {
      let i = 0;
      const k = heapK[0]!, v = heapV[0]!;
      const lk = heapK.pop()!, lv = heapV.pop()!;
      if (heapK.length) {
        for (;;) {
          let ch = 2 * i + 1;
          if (ch >= heapK.length) break;
          if (ch + 1 < heapK.length && heapK[ch + 1]! < heapK[ch]!) ch++;
          if (heapK[ch]! >= lk) break;
          heapK[i] = heapK[ch]!;
          heapV[i] = heapV[ch]!;
          i = ch;
        }
        heapK[i] = lk;
        heapV[i] = lv;
      }
      if (done[v] || k !== dist[v]) continue;
      done[v] = 1;
      for (let j = start[v]!; j < start[v + 1]!; j++) {
        const a = arcs[j]!;
        if (res[a]! <= 0n) continue;
        const w = head[a]!;
        const nd = k + c[a]! + pi[v]! - pi[w]!;
        if (dist[w] === null || nd < dist[w]!) {
          dist[w] = nd;
          prevArc[w] = a;
          let p = heapK.length;
          heapK.push(nd);
          heapV.push(w);
          while (p > 0) {
            const q = (p - 1) >> 1;
            if (heapK[q]! <= nd) break;
            heapK[p] = heapK[q]!;
            heapV[p] = heapV[q]!;
            p = q;
          }
          heapK[p] = nd;
          heapV[p] = w;
        }
      }
    }
    if (dist[t] === null) break;
    // Potentials: π += d for reached vertices, += d(t)… the largest finite distance for the rest keeps reduced costs ≥ 0.
    let maxD = 0n;
    for (let v = 0; v < n; v++) if (dist[v] !== null && dist[v]! > maxD) maxD = dist[v]!;
    for (let v = 0; v < n; v++) pi[v] = pi[v]! + (dist[v] !== null ? dist[v]! : maxD);
    let f = limit === null ? -1n : limit - value;
    for (let v = t; v !== s; v = tail(prevArc[v]!)) {
      const r = res[prevArc[v]!]!;
      if (f < 0n || r < f) f = r;
    }
    for (let v = t; v !== s; v = tail(prevArc[v]!)) {
      const a = prevArc[v]!;
      res[a] = res[a]! - f;
      res[a ^ 1] = res[a ^ 1]! + f;
      total += f * c[a]!;
    }
    value += f;
  }
  const flow = Array.from({ length: m }, (_, e) => res[2 * e + 1]!);
  return { kind: "ok", value, cost: total, flow, potential: pi };
}
