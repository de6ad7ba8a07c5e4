/**
 * Edge and vertex connectivity by unit-capacity maximum flows (domain/math/graph/flow.ts), with a
 * minimum cut as the witness. (Not a declaration.)
 *
 * Edge connectivity λ: with s the first vertex, λ = min over t ≠ s of the s–t maximum flow
 * (directed graphs: of both the s–t and the t–s flows), every edge of capacity 1.
 * Vertex connectivity κ (Even's algorithm): κ(K_n) = n − 1; otherwise κ is the least local
 * connectivity κ(v_i, v_j) over non-adjacent pairs with i ≤ κ (checking i = 0, 1, … while i is at
 * most the best value so far suffices: some separator misses one of the first κ + 1 vertices),
 * each a maximum flow in the split graph (v_in → v_out of capacity 1, edges of capacity n).
 */
import type { Example } from "../../domain/declaration.js";
import { maxFlowNum, residualNetwork } from "../../domain/math/graph/flow.js";
import { buildGraph, type Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, edgeList, edgeName, EdgeSet, graphBounds, graphCompute, graphField, labels, names } from "./support.js";

type Req = { graph: Graph };
type Which = "edge_connectivity" | "vertex_connectivity";

const SHAPES = {
  edge_connectivity: result({
    edge_connectivity: count("λ(G): the fewest edges whose removal disconnects the graph (0 when it is disconnected or has fewer than two vertices)"),
    cut: edgeList("a minimum edge cut [u, v] (empty when λ = 0)"),
    side: labels("one side of that cut (containing the first vertex)"),
  }),
  vertex_connectivity: result({
    vertex_connectivity: count("κ(G): the fewest vertices whose removal disconnects the graph or leaves one vertex (n − 1 for a complete graph)"),
    separator: labels("a minimum vertex separator (empty for complete and disconnected graphs)"),
    "separated?": labels("two vertices the separator disconnects"),
  }),
};

const TEXT = {
  edge_connectivity: {
    title: "Edge connectivity of a graph, with a minimum edge cut",
    summary:
      "The edge connectivity λ of a graph (directed: strong edge connectivity), the fewest edges whose removal disconnects it, with a minimum edge cut as witness. " +
      "Unit-capacity maximum flows (Dinic) from the first vertex to every other; weights are ignored (graph.minimum_cut.compute takes capacities).",
    keywords: ["edge connectivity", "lambda", "k-edge-connected", "minimum edge cut", "global minimum cut", "edge disjoint paths", "menger", "network reliability"],
  },
  vertex_connectivity: {
    title: "Vertex connectivity of a graph, with a minimum separator",
    summary:
      "The vertex connectivity κ of a graph (directed: strong), the fewest vertices whose removal disconnects it (n − 1 for a complete graph), with a minimum vertex separator and two vertices it separates. " +
      "Even's algorithm: unit-capacity flows in the split graph between non-adjacent pairs (Menger).",
    keywords: ["vertex connectivity", "kappa", "k-connected", "vertex separator", "vertex cut", "minimum separator", "menger", "vertex disjoint paths", "biconnected", "triconnected"],
  },
};

function lambda(g: Graph, tick: () => void) {
  const n = g.n;
  if (n < 2) return { value: 0, cut: [] as number[], side: [0].slice(0, n) };
  const net = residualNetwork(g);
  const cap = new Float64Array(g.m).fill(1);
  let best = Infinity, bestSide: Uint8Array | null = null;
  const consider = (s: number, t: number) => {
    const r = maxFlowNum(g, net, cap, s, t, tick);
    if (r.value < best) {
      best = r.value;
      bestSide = r.sourceSide;
    }
  };
  for (let t = 1; t < n && best > 0; t++) {
    consider(0, t);
    if (g.directed && best > 0) consider(t, 0);
  }
  const side = bestSide!;
  const cut: number[] = [];
  for (let e = 0; e < g.m; e++) {
    const a = side[g.src[e]!], b = side[g.dst[e]!];
    if (g.src[e] !== g.dst[e] && ((a && !b) || (!g.directed && b && !a))) cut.push(e);
  }
  const sideVs: number[] = [];
  for (let v = 0; v < n; v++) if (side[v]) sideVs.push(v);
  return { value: best, cut, side: sideVs };
}

function kappa(g: Graph, tick: () => void) {
  const n = g.n;
  const adj = new EdgeSet(g);
  // Split graph: v_in = 2v, v_out = 2v + 1.
  const src: number[] = [], dst: number[] = [], caps: number[] = [];
  for (let v = 0; v < n; v++) {
    src.push(2 * v);
    dst.push(2 * v + 1);
    caps.push(1);
  }
  for (let e = 0; e < g.m; e++) {
    const u = g.src[e]!, v = g.dst[e]!;
    if (u === v) continue;
    src.push(2 * u + 1);
    dst.push(2 * v);
    caps.push(n);
    if (!g.directed) {
      src.push(2 * v + 1);
      dst.push(2 * u);
      caps.push(n);
    }
  }
  const h = buildGraph(true, Array.from({ length: 2 * n }, (_, i) => String(i)), Int32Array.from(src), Int32Array.from(dst), null);
  const net = residualNetwork(h);
  const cap = Float64Array.from(caps);
  let best = n - 1;
  let bestSide: Uint8Array | null = null, pair: [number, number] | null = null;
  const consider = (s: number, t: number) => {
    const r = maxFlowNum(h, net, cap, 2 * s + 1, 2 * t, tick);
    if (r.value < best) {
      best = r.value;
      bestSide = r.sourceSide;
      pair = [s, t];
    }
  };
  for (let i = 0; i < n && i <= best; i++) {
    for (let j = i + 1; j < n; j++) {
      if (!adj.has(i, j)) consider(i, j);
      if (g.directed && !adj.has(j, i)) consider(j, i);
    }
  }
  const separator: number[] = [];
  if (bestSide) for (let v = 0; v < n; v++) if ((bestSide as Uint8Array)[2 * v] && !(bestSide as Uint8Array)[2 * v + 1]) separator.push(v);
  return { value: best, separator, pair: pair as [number, number] | null };
}

export function connectivityOp(which: Which, examples: Example[]) {
  const Request = request({ graph: graphField({ weights: "allowed", directed: "either", multi: which === "edge_connectivity", maxVertices: 100_000, maxEdges: 1_000_000 }, "the graph (weights are ignored)") });
  return graphCompute<Req, Record<string, unknown>>({
    id: `graph.${which}.compute`,
    ...TEXT[which],
    request: Request as never,
    result: SHAPES[which] as never,
    bounds: graphBounds(100_000, 1_000_000),
    cost_model:
      which === "edge_connectivity"
        ? "units = (n − 1)·(2 directed) maximum flows of 4·(n + m)·√m each (unit capacities)"
        : "units = (κ + 1)·n maximum flows of 4·(n + m)·√n each on the split graph, with κ ≤ the least degree",
    budget: { max_units: 3e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
    preflight(req) {
      const g = req.graph, n = g.n, m = g.m;
      let minDeg = n ? Infinity : 0;
      for (let v = 0; v < n; v++) minDeg = Math.min(minDeg, g.adjStart[v + 1]! - g.adjStart[v]!);
      const flows = which === "edge_connectivity" ? (g.directed ? 2 : 1) * Math.max(0, n - 1) : (Math.min(minDeg, n) + 1) * n * (g.directed ? 2 : 1);
      const per = which === "edge_connectivity" ? 4 * (n + m) * Math.sqrt(Math.max(1, m)) : 4 * (n + m) * Math.sqrt(Math.max(1, n));
      return { units: flows * per, memory_bytes: 100 * n + 120 * m + 2 ** 20, basis: `${n} vertices, ${m} edges: ${flows} maximum flows` };
    },
    execute(req, ctx) {
      const g = req.graph;
      const tick = () => ctx.checkpoint();
      if (which === "edge_connectivity") {
        const r = lambda(g, tick);
        return { edge_connectivity: String(r.value), cut: r.cut.map((e) => edgeName(g, e)), side: names(g, r.side) };
      }
      const r = kappa(g, tick);
      return { vertex_connectivity: String(r.value), separator: names(g, r.separator), ...(r.pair ? { separated: names(g, r.pair) } : {}) };
    },
    postcondition(req, res) {
      if (which === "edge_connectivity") return (res.cut as unknown[]).length === Number(res.edge_connectivity) ? null : "the cut has λ edges";
      if ((res.separator as unknown[]).length !== (res.separated ? Number(res.vertex_connectivity) : 0)) return "the separator has κ vertices";
      if (!res.separated) return null;
      // The separator really separates: no path from the first separated vertex to the second avoiding it.
      const g = req.graph, idx = new Map(g.labels.map((l, v) => [l, v]));
      const blocked = new Uint8Array(g.n);
      for (const l of res.separator as string[]) blocked[idx.get(l)!] = 1;
      const [a, b] = (res.separated as string[]).map((l) => idx.get(l)!);
      const seen = new Uint8Array(g.n);
      const stack = [a!];
      seen[a!] = 1;
      while (stack.length) {
        const v = stack.pop()!;
        if (v === b) return "the separator does not separate the two vertices";
        for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
          const w = g.adjVertex[i]!;
          if (!seen[w] && !blocked[w]) {
            seen[w] = 1;
            stack.push(w);
          }
        }
      }
      return null;
    },
    examples,
  });
}
