import { distanceBig, reached, treePath, unscale } from "../../domain/math/graph/paths.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, ratAdd, ZERO } from "../../domain/math/rational.js";
import { request, result } from "../_support/kinds.js";
import { chooseMethod, singleSource, singleSourceUnits } from "./paths_support.js";
import { exact, graphBounds, graphCompute, graphField, label, labels, names, vertexOf } from "./support.js";
import { type } from "arktype";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "either", loops: true, multi: true }, "the graph; edge weights are lengths (unweighted: every edge has length 1)"),
  source: label().describe("the start vertex's label"),
  target: label().describe("the end vertex's label"),
});
const Result = result({
  status: type("'path' | 'unreachable' | 'negative_cycle'").describe("path: a shortest path exists; unreachable: the target cannot be reached; negative_cycle: a negative cycle reachable from the source makes walks arbitrarily short"),
  "distance?": exact("the length of a shortest path"),
  "path?": labels("a shortest path from source to target, its vertices in order"),
  "cycle?": labels("negative_cycle: a negative cycle reachable from the source"),
  method: type("'bfs' | 'dijkstra' | 'bellman_ford'"),
});
type Req = { graph: Graph; source: string; target: string };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.shortest_path.compute",
  title: "Shortest path between two vertices with exact weights",
  summary:
    "A shortest path from a source to a target vertex and its exact length, on a graph with integer or rational edge lengths (or none: hop count). " +
    "Dijkstra stops when the target is settled; Bellman–Ford on directed graphs with negative weights reports a negative cycle reachable from the source instead.",
  keywords: ["shortest path", "path between two vertices", "dijkstra", "distance", "route", "single pair shortest path", "bellman ford", "weighted graph", "point to point"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "as graph.shortest_paths.compute: n + m (BFS), 2·(n + m)·log2 n (Dijkstra), n·m (Bellman–Ford)",
  budget: { max_units: 3e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const g = req.graph, method = chooseMethod(g);
    return { units: singleSourceUnits(g, method), memory_bytes: 64 * g.n + 40 * g.m + 2 ** 20, basis: `${g.n} vertices, ${g.m} edges, ${method}` };
  },
  execute(req, ctx) {
    const g = req.graph;
    const s = vertexOf(g, req.source, "payload.source"), t = vertexOf(g, req.target, "payload.target");
    const method = chooseMethod(g);
    const r = singleSource(g, s, method, () => ctx.checkpoint(), method === "dijkstra" ? t : -1);
    if (r.cycle) return { status: "negative_cycle", cycle: r.cycle.map((e) => g.labels[g.src[e]!]!), method };
    if (!reached(r.tree.dist, t)) return { status: "unreachable", method };
    const path = treePath(g, r.tree.parentEdge, s, t);
    return { status: "path", distance: formatRational(unscale(distanceBig(r.tree.dist, t), r.sw.scale)), path: names(g, path), method };
  },
  postcondition(req, res) {
    if (res.status !== "path") return null;
    const g = req.graph, p = res.path as string[];
    if (p[0] !== req.source || p[p.length - 1] !== req.target) return "the path must run from source to target";
    // The path's own length, recomputed from the least-weight edge between consecutive vertices, is the distance.
    const idx = new Map(p.map((l) => [l, -1]));
    for (let v = 0; v < g.n; v++) if (idx.has(g.labels[v]!)) idx.set(g.labels[v]!, v);
    let total = ZERO;
    for (let i = 0; i + 1 < p.length; i++) {
      const u = idx.get(p[i]!)!, v = idx.get(p[i + 1]!)!;
      let best: { num: bigint; den: bigint } | null = null;
      for (let k = g.adjStart[u]!; k < g.adjStart[u + 1]!; k++) {
        if (g.adjVertex[k] !== v) continue;
        const w = g.weight ? g.weight[g.adjEdge[k]!]! : { num: 1n, den: 1n };
        if (best === null || w.num * best.den < best.num * w.den) best = w;
      }
      if (!best) return "consecutive path vertices are not adjacent";
      total = ratAdd(total, best);
    }
    return formatRational(total) === res.distance ? null : "the path's length differs from the distance";
  },
  examples: [
    {
      title: "rational lengths: the detour is shorter",
      payload: { graph: { vertices: ["s", "a", "b", "t"], edges: [["s", "a", "1/2"], ["a", "b", "1/3"], ["s", "b", "1"], ["b", "t", "2"]] }, source: "s", target: "t" },
      expected: { status: "path", distance: "17/6", path: ["s", "a", "b", "t"], method: "dijkstra" },
    },
    {
      title: "no path between components",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"]] }, source: "a", target: "c" },
      expected: { status: "unreachable", method: "bfs" },
    },
    {
      title: "a negative arc on a directed graph",
      payload: { graph: { directed: true, vertices: ["s", "x", "y"], edges: [["s", "x", "4"], ["s", "y", "2"], ["y", "x", "-3"]] }, source: "s", target: "x" },
      expected: { status: "path", distance: "-1", path: ["s", "y", "x"], method: "bellman_ford" },
    },
  ],
});
