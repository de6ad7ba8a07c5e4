import { distanceBig, reached, treeParent, unscale } from "../../domain/math/graph/paths.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, ratAdd, ZERO } from "../../domain/math/rational.js";
import { oneOf, request } from "../_support/kinds.js";
import { chooseMethod, singleSource, singleSourceUnits } from "./paths_support.js";
import { SHORTEST_PATHS_KIND, shortestPathsShapes, type ShortestPathsValue } from "./shapes.js";
import { graphBounds, graphCompute, graphField, label, vertexOf } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "either", loops: true, multi: true }, "the graph; edge weights are lengths (unweighted: every edge has length 1)"),
  source: label().describe("the source vertex's label"),
});
const Result = oneOf(shortestPathsShapes(), SHORTEST_PATHS_KIND);
type Req = { graph: Graph; source: string };

export default graphCompute<Req, ShortestPathsValue>({
  id: "graph.shortest_paths.compute",
  title: "Single-source shortest paths with exact weights (Dijkstra, Bellman–Ford)",
  summary:
    "Exact distances from a source to every vertex of a graph with integer or rational edge lengths, with a shortest-path tree (each reached vertex's predecessor), or a negative cycle reachable from the source. " +
    "Breadth-first search without weights, Dijkstra for non-negative weights, Bellman–Ford on directed graphs with negative weights; undirected graphs need non-negative weights. Checked by graph.shortest_paths.verify.",
  keywords: [
    "shortest path", "shortest paths", "single source shortest paths", "dijkstra", "bellman ford", "distances", "negative cycle", "shortest path tree", "weighted graph", "exact distances",
    "sssp", "predecessors",
  ],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model:
    "units = n + m (BFS), 2·(n + m)·log2 n (Dijkstra with a binary heap), n·m (Bellman–Ford's worst case); integer weights scaled by the lcm of the denominators run on doubles when n·max|W| < 2^51, else on bigints",
  budget: { max_units: 3e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const g = req.graph, method = chooseMethod(g);
    return { units: singleSourceUnits(g, method), memory_bytes: 64 * g.n + 40 * g.m + 2 ** 20, basis: `${g.n} vertices, ${g.m} edges, ${method}` };
  },
  ports: { outputs: { result: { field: ".", description: "the whole result: the claim of graph.shortest_paths.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const s = vertexOf(g, req.source, "payload.source");
    const r = singleSource(g, s, chooseMethod(g), () => ctx.checkpoint());
    if (r.cycle) {
      const vs = r.cycle.map((e) => g.labels[g.src[e]!]!);
      let total = ZERO;
      for (const e of r.cycle) total = ratAdd(total, g.weight![e]!);
      return { status: "negative_cycle", source: req.source, method: r.method, cycle: vs, cycle_weight: formatRational(total) };
    }
    const t = r.tree;
    const distances: [string, string][] = [], predecessors: [string, string][] = [], unreachable: string[] = [];
    const text = new Map<bigint, string>();
    // Integer distances on doubles (exact below 2^53) print as they are: no bigint per vertex.
    const plain = t.dist.kind === "num" && r.sw.scale === 1n ? t.dist.d : null;
    for (let v = 0; v < g.n; v++) {
      if (!reached(t.dist, v)) {
        unreachable.push(g.labels[v]!);
        continue;
      }
      let f: string | undefined;
      if (plain) f = String(plain[v]!);
      else {
        const d = distanceBig(t.dist, v);
        f = text.get(d);
        if (f === undefined) text.set(d, (f = formatRational(unscale(d, r.sw.scale))));
      }
      distances.push([g.labels[v]!, f]);
      if (v !== s) predecessors.push([g.labels[v]!, g.labels[treeParent(g, t.parentEdge, v)]!]);
    }
    return { status: "distances", source: req.source, method: r.method, distances, predecessors, unreachable };
  },
  postcondition(req, res) {
    if (res.status === "negative_cycle") return res.cycle.length > 0 && res.cycle_weight.startsWith("-") ? null : "a negative cycle has vertices and a negative weight";
    const reachedCount = res.distances.length + res.unreachable.length;
    if (reachedCount !== req.graph.n) return "every vertex is either reached or unreachable";
    if (res.predecessors.length !== res.distances.length - 1) return "every reached vertex but the source has a predecessor";
    return null;
  },
  examples: [
    {
      title: "rational weights: the direct edge is longer than the detour",
      payload: { graph: { vertices: ["s", "a", "b", "t"], edges: [["s", "a", "1/2"], ["a", "b", "1/3"], ["s", "b", "1"], ["b", "t", "2"]] }, source: "s" },
      expected: { status: "distances", source: "s", method: "dijkstra", distances: [["s", "0"], ["a", "1/2"], ["b", "5/6"], ["t", "17/6"]], predecessors: [["a", "s"], ["b", "a"], ["t", "b"]], unreachable: [] },
    },
    {
      title: "a directed graph with a negative arc (Bellman–Ford) and an unreachable vertex",
      payload: { graph: { directed: true, vertices: ["s", "x", "y", "z"], edges: [["s", "x", "4"], ["s", "y", "2"], ["y", "x", "-3"], ["z", "s", "1"]] }, source: "s" },
      expected: { status: "distances", source: "s", method: "bellman_ford", distances: [["s", "0"], ["x", "-1"], ["y", "2"]], predecessors: [["x", "y"], ["y", "s"]], unreachable: ["z"] },
    },
    {
      title: "a negative cycle reachable from the source",
      payload: { graph: { directed: true, vertices: ["s", "a", "b"], edges: [["s", "a", "1"], ["a", "b", "-2"], ["b", "a", "1"]] }, source: "s" },
      expected: { status: "negative_cycle", source: "s", method: "bellman_ford", cycle: ["a", "b"], cycle_weight: "-1" },
    },
    {
      title: "unweighted: breadth-first hop counts",
      payload: { graph: { vertices: ["1", "2", "3", "4"], edges: [["1", "2"], ["2", "3"], ["1", "3"], ["3", "4"]] }, source: "1" },
      expected: { status: "distances", source: "1", method: "bfs", distances: [["1", "0"], ["2", "1"], ["3", "1"], ["4", "2"]], predecessors: [["2", "1"], ["3", "1"], ["4", "3"]], unreachable: [] },
    },
  ],
});
