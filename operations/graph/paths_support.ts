/**
 * The shortest-path family's shared parts: algorithm choice, cost estimates, result assembly.
 * (Not a declaration.)
 *
 * Choice: no weights → breadth-first search; every weight ≥ 0 → Dijkstra; a negative weight on a
 * directed graph → Bellman–Ford (with a negative-cycle certificate); a negative weight on an
 * undirected graph is refused (walking that edge back and forth is a negative closed walk, so no
 * shortest walks exist). Scaled integer weights run on doubles when n·max|W| < 2^51 (every
 * distance and every sum d(u) + W the algorithms form is then an exactly represented integer),
 * else on bigints.
 */
import { domainError } from "../../domain/errors.js";
import { internIndex } from "../../domain/interned.js";
import { bellmanFord, dijkstra, doubles, fitsDoubles, scaleWeights, type PathTree, type ScaledWeights } from "../../domain/math/graph/paths.js";
import { bfs } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { lg } from "./support.js";

export type Method = "bfs" | "dijkstra" | "bellman_ford";

export function hasNegative(g: Graph): boolean {
  if (!g.weight) return false;
  // A parsed graph's weights are interned: their distinct values decide.
  for (const r of internIndex(g.weight)?.table ?? g.weight) if (r.num < 0n) return true;
  return false;
}

export function chooseMethod(g: Graph, field = "payload.graph"): Method {
  if (!g.weight) return "bfs";
  if (!hasNegative(g)) return "dijkstra";
  if (!g.directed) {
    const e = g.weight.findIndex((r) => r.num < 0n);
    throw domainError(`${field}.edges[${e}] has a negative weight in an undirected graph: walking it back and forth is a negative closed walk, so no shortest paths exist`, `${field}.edges[${e}][2]`, "use non-negative weights, or a directed graph (Bellman–Ford then gives distances or a negative cycle)");
  }
  return "bellman_ford";
}

/** Work units of one single-source run. */
export function singleSourceUnits(g: Graph, method: Method): number {
  const n = g.n, m = g.m;
  if (method === "bfs") return n + m;
  if (method === "dijkstra") return (n + m) * lg(n) * 2;
  return n * Math.max(m, 1);
}

/** The scaled weights as the algorithms take them: doubles when exact, else bigints. */
export function algorithmWeights(g: Graph, sw: ScaledWeights): Float64Array | bigint[] {
  return fitsDoubles(Math.max(1, g.n) * sw.maxAbs) ? doubles(sw) : sw.big;
}

export type SingleSource = { method: Method; sw: ScaledWeights; tree: PathTree; cycle: null } | { method: Method; sw: ScaledWeights; tree: null; cycle: number[] };

export function singleSource(g: Graph, source: number, method: Method, tick: () => void, target = -1): SingleSource {
  const sw = scaleWeights(g);
  if (method === "bfs") {
    const r = bfs(g, source, tick);
    const dist = new Float64Array(g.n);
    const parentEdge = new Int32Array(g.n).fill(-1);
    for (let v = 0; v < g.n; v++) dist[v] = r.dist[v] === -1 ? Infinity : r.dist[v]!;
    // BFS parents as edges: the first edge from the parent, as BFS scanned it.
    for (let i = 0; i < r.reached; i++) {
      const v = r.order[i]!;
      for (let k = g.adjStart[v]!; k < g.adjStart[v + 1]!; k++) {
        const u = g.adjVertex[k]!;
        if (r.parent[u] === v && parentEdge[u] === -1 && u !== source) parentEdge[u] = g.adjEdge[k]!;
      }
    }
    return { method, sw, tree: { dist: { kind: "num", d: dist }, parentEdge }, cycle: null };
  }
  const w = algorithmWeights(g, sw);
  if (method === "dijkstra") return { method, sw, tree: dijkstra(g, w, source, target, tick), cycle: null };
  const r = bellmanFord(g, w, source, tick);
  return r.negativeCycle ? { method, sw, tree: null, cycle: r.negativeCycle } : { method, sw, tree: r, cycle: null };
}
