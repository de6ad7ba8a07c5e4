import { triangles } from "../../domain/math/graph/cohesion.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphBounds, graphCompute, graphField, pairs, perVertex } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected" }, "the simple undirected graph (weights are ignored)") });
const Result = result({
  triangles: count("the number of triangles (3-cycles) of the graph"),
  at_vertex: perVertex("the number of triangles through every vertex (they sum to 3 × triangles)"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.triangle_count.compute",
  title: "Triangle count of a graph, in total and at every vertex",
  summary:
    "The number of triangles of a simple undirected graph and the number through every vertex (the local clustering numerators). Edges oriented from lower to higher (degree, index), " +
    "each triangle found once at its lowest vertex: O(m·√m).",
  keywords: ["triangles", "triangle count", "count triangles", "3-cycles", "clustering", "local clustering", "transitivity", "graph"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = m·√(2m) + n (each oriented edge's out-list has at most √(2m) entries)",
  budget: { max_units: 3e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => ({ units: req.graph.m * Math.sqrt(2 * req.graph.m) + req.graph.n, memory_bytes: 40 * req.graph.n + 8 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  execute(req, ctx) {
    const g = req.graph;
    const t = triangles(g, () => ctx.checkpoint());
    return { triangles: String(t.total), at_vertex: pairs(g, t.at) };
  },
  postcondition(req, res) {
    let s = 0;
    for (const p of res.at_vertex as [string, string][]) s += Number(p[1]);
    return s === 3 * Number(res.triangles) ? null : "the per-vertex counts must sum to three times the total";
  },
  examples: [
    { title: "K4 has four triangles", payload: { graph: { graph6: "C~" } }, expected: { triangles: "4", at_vertex: [["0", "3"], ["1", "3"], ["2", "3"], ["3", "3"]] } },
    { title: "the Petersen graph has none", payload: { graph: { graph6: "IheA@GUAo" } }, expected: { triangles: "0", at_vertex: [["0", "0"], ["1", "0"], ["2", "0"], ["3", "0"], ["4", "0"], ["5", "0"], ["6", "0"], ["7", "0"], ["8", "0"], ["9", "0"]] } },
    {
      title: "two triangles sharing an edge",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["b", "d"], ["c", "d"]] } },
      expected: { triangles: "2", at_vertex: [["a", "1"], ["b", "2"], ["c", "2"], ["d", "1"]] },
    },
  ],
});
