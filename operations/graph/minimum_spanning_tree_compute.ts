import { type } from "arktype";
import { doubles, scaleWeights, fitsDoubles } from "../../domain/math/graph/paths.js";
import { kruskal } from "../../domain/math/graph/spanning.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, ratAdd, ZERO } from "../../domain/math/rational.js";
import { request, result } from "../_support/kinds.js";
import { SPANNING_TREE_KIND, spanningShape, type SpanningValue } from "./shapes.js";
import { edgeName, graphBounds, graphCompute, graphField, lg } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph; edge weights are exact rationals of any sign (unweighted: every weight 1)"),
  "maximize?": type("boolean").describe("find a maximum-weight spanning forest instead (default false)"),
});
const Result = result(spanningShape(false), SPANNING_TREE_KIND);
type Req = { graph: Graph; maximize?: boolean };

export default graphCompute<Req, SpanningValue>({
  id: "graph.minimum_spanning_tree.compute",
  title: "Minimum (or maximum) spanning tree / forest with exact weights (Kruskal)",
  summary:
    "A minimum-weight spanning forest of an undirected graph with exact integer or rational weights of any sign (a spanning tree when the graph is connected), its total weight and number of trees; " +
    "optionally of maximum weight. Kruskal's algorithm, ties broken by edge order, O(m log m). Checked by graph.minimum_spanning_tree.verify (cycle property).",
  keywords: ["minimum spanning tree", "mst", "spanning forest", "kruskal", "prim", "maximum spanning tree", "minimum weight spanning tree", "cycle property", "network design"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = 4·m·log2 m + n (sorting the edges, then near-constant union–find steps)",
  budget: { max_units: 5e8, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => ({ units: 4 * req.graph.m * lg(req.graph.m) + req.graph.n, memory_bytes: 24 * req.graph.n + 64 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { outputs: { result: { field: ".", description: "the whole result: the claim of graph.minimum_spanning_tree.verify" } } },
  execute(req, ctx) {
    const g = req.graph, maximize = req.maximize === true;
    const sw = scaleWeights(g);
    const chosen = kruskal(g, fitsDoubles(sw.maxAbs) ? doubles(sw) : sw.big, maximize, () => ctx.checkpoint());
    let total = ZERO;
    const tree = chosen.map((e) => {
      const w = g.weight ? g.weight[e]! : { num: 1n, den: 1n };
      total = ratAdd(total, w);
      return [...edgeName(g, e), formatRational(w)];
    });
    const components = g.n - chosen.length;
    return { maximize, edges: chosen, tree, total_weight: formatRational(total), components: String(components), spanning_tree: components === 1 };
  },
  postcondition(req, res) {
    const g = req.graph;
    return res.edges.length === g.n - Number(res.components) && new Set(res.edges).size === res.edges.length ? null : "a spanning forest has n − c distinct edges";
  },
  examples: [
    {
      title: "a weighted square with a diagonal",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b", "1"], ["b", "c", "2"], ["c", "d", "1"], ["d", "a", "3"], ["a", "c", "1/2"]] } },
      expected: { maximize: false, edges: [4, 0, 2], tree: [["a", "c", "1/2"], ["a", "b", "1"], ["c", "d", "1"]], total_weight: "5/2", components: "1", spanning_tree: true },
    },
    {
      title: "maximum spanning forest of two components, negative weights allowed",
      payload: { graph: { vertices: ["p", "q", "r", "x", "y"], edges: [["p", "q", "-1"], ["q", "r", "-2"], ["p", "r", "-5"], ["x", "y", "7"]] }, maximize: true },
      expected: { maximize: true, edges: [3, 0, 1], tree: [["x", "y", "7"], ["p", "q", "-1"], ["q", "r", "-2"]], total_weight: "4", components: "2", spanning_tree: false },
    },
  ],
});
