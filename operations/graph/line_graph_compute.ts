import { lineGraph, lineGraphSize } from "../../domain/math/graph/construct.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphBounds, graphCompute, graphField, graphResult, MAX_EDGES } from "./support.js";

const OUT_EDGES = 5_000_000;
const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected", maxLabelChars: 100 }, "the simple undirected graph (weights are ignored; labels of at most 100 characters, so the pair labels fit)") });
const Result = result({ graph: graphResult("the line graph: a vertex per edge, labelled by the JSON text of [u, v], in edge order"), edges: count("its number of edges, Σ C(deg v, 2)") });
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.line_graph.compute",
  title: "Line graph of a graph",
  summary:
    "The line graph L(G) of a simple undirected graph: one vertex per edge (labelled with the JSON text of [u, v], e.g. \"[\\\"a\\\",\\\"b\\\"]\"), two adjacent when their edges share an end. " +
    "Σ C(deg v, 2) edges, refused above 5·10^6.",
  keywords: ["line graph", "edge graph", "interchange graph", "adjacent edges", "derived graph", "L(G)"],
  request: Request as never,
  result: Result as never,
  bounds: [...graphBounds(), { name: "output_edges", limit: OUT_EDGES, unit: "edges", description: "edges of the line graph (Σ C(deg v, 2)), refused before building when above" }],
  cost_model: "units = m + Σ C(deg v, 2) (the output size, computed from the degrees in preflight)",
  budget: { max_units: OUT_EDGES + MAX_EDGES, max_memory_bytes: 2048 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => {
    const out = lineGraphSize(req.graph);
    return { units: req.graph.m + out, memory_bytes: 120 * out + 300 * req.graph.m + 2 ** 20, basis: `${req.graph.m} edges: ${out} edges out` };
  },
  execute(req, ctx) {
    const l = lineGraph(req.graph, () => ctx.checkpoint());
    return { graph: l, edges: String(l.m) };
  },
  postcondition(req, res) {
    const l = res.graph as unknown as Graph;
    return l.n === req.graph.m && l.m === lineGraphSize(req.graph) ? null : "L(G) has m vertices and Σ C(deg, 2) edges";
  },
  examples: [
    {
      title: "the line graph of a star K1,3 is a triangle",
      payload: { graph: { vertices: ["c", "x", "y", "z"], edges: [["c", "x"], ["c", "y"], ["c", "z"]] } },
      expected: { graph: { directed: false, vertices: ['["c","x"]', '["c","y"]', '["c","z"]'], edges: [['["c","x"]', '["c","y"]'], ['["c","x"]', '["c","z"]'], ['["c","y"]', '["c","z"]']] }, edges: "3" },
    },
    {
      title: "the line graph of a path is a shorter path",
      payload: { graph: { vertices: ["1", "2", "3", "4"], edges: [["1", "2"], ["2", "3"], ["3", "4"]] } },
      expected: { graph: { directed: false, vertices: ['["1","2"]', '["2","3"]', '["3","4"]'], edges: [['["1","2"]', '["2","3"]'], ['["2","3"]', '["3","4"]']] }, edges: "2" },
    },
  ],
});
