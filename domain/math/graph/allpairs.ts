/**
 * Distances from every vertex: n breadth-first searches (no weights), n Dijkstra runs (weights ≥ 0),
 * or Johnson's reweighting for directed graphs with negative weights: potentials h from
 * Bellman–Ford with a virtual source, then Dijkstra on W'(u, v) = W + h(u) − h(v) ≥ 0 and
 * d(s, v) = d'(s, v) − h(s) + h(v). A negative cycle anywhere is reported instead.
 */
import { bellmanFord, dijkstra, doubles, fitsDoubles, scaleWeights, toDoubles, treeParent, type ScaledWeights } from "./paths.js";
import { bfs } from "./traverse.js";
import type { Graph } from "./types.js";

export type Row = ({ kind: "num"; d: Float64Array } | { kind: "big"; d: (bigint | null)[] }) & { /** predecessor of v on a shortest path from the source (−1: source or unreached) */ parent: Int32Array };

export interface AllPairsSolver {
  method: "bfs" | "dijkstra" | "johnson";
  sw: ScaledWeights;
  /** Scaled distances from `source` (Infinity / null = unreachable). */
  row(source: number, tick: () => void): Row;
}

export function allPairsSolver(g: Graph, tick: () => void = () => {}): AllPairsSolver | { negativeCycle: number[] } {
  const sw = scaleWeights(g);
  if (!g.weight) {
    return {
      method: "bfs",
      sw,
      row(source, t) {
        const r = bfs(g, source, t);
        return { kind: "num", d: Float64Array.from(r.dist, (x) => (x < 0 ? Infinity : x)), parent: r.parent };
      },
    };
  }
  const negative = sw.big.some((b) => b < 0n);
  if (!negative) {
    const w = fitsDoubles(Math.max(1, g.n) * sw.maxAbs) ? doubles(sw) : sw.big;
    return {
      method: "dijkstra",
      sw,
      row(source, t) {
        const tree = dijkstra(g, w, source, -1, t);
        return { ...tree.dist, parent: parents(g, tree.parentEdge) };
      },
    };
  }
  const bf = bellmanFord(g, fitsDoubles(Math.max(1, g.n) * sw.maxAbs) ? doubles(sw) : sw.big, -1, tick);
  if (bf.negativeCycle) return { negativeCycle: bf.negativeCycle };
  const h: bigint[] = [];
  for (let v = 0; v < g.n; v++) h.push(bf.dist.kind === "num" ? BigInt(bf.dist.d[v]!) : bf.dist.d[v]!);
  const reweighted = sw.big.map((b, e) => b + h[g.src[e]!]! - h[g.dst[e]!]!);
  let maxRe = 0;
  for (const b of reweighted) maxRe = Math.max(maxRe, Math.abs(Number(b)));
  const useNum = fitsDoubles(3 * Math.max(1, g.n) * Math.max(sw.maxAbs, maxRe));
  const w = useNum ? toDoubles(reweighted) : reweighted;
  return {
    method: "johnson",
    sw,
    row(source, t) {
      const tree = dijkstra(g, w, source, -1, t);
      const d = tree.dist, parent = parents(g, tree.parentEdge);
      if (d.kind === "num") {
        const hs = Number(h[source]!);
        const out = new Float64Array(g.n);
        for (let v = 0; v < g.n; v++) out[v] = d.d[v] === Infinity ? Infinity : d.d[v]! - hs + Number(h[v]!);
        return { kind: "num", d: out, parent };
      }
      return { kind: "big", d: d.d.map((x, v) => (x === null ? null : x - h[source]! + h[v]!)), parent };
    },
  };
}

const parents = (g: Graph, parentEdge: Int32Array): Int32Array => Int32Array.from({ length: g.n }, (_, v) => treeParent(g, parentEdge, v));
