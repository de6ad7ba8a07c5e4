import { complement, complementSize } from "../../domain/math/graph/construct.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphBounds, graphCompute, graphField, graphResult } from "./support.js";

const MAX_N = 2_000;
const Request = request({ graph: graphField({ weights: "allowed", directed: "either", maxVertices: MAX_N }, "the simple graph (weights are ignored)") });
const Result = result({ graph: graphResult("the complement (same vertices; edges in (u, v) order of the vertex order)"), edges: count("its number of edges") });
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.complement.compute",
  title: "Complement of a graph",
  summary:
    "The complement of a simple graph: the same vertices, an edge exactly where the graph has none (directed: every missing arc u → v with u ≠ v); no loops. " +
    "At most 2,000 vertices (≈ 2·10^6 edges out).",
  keywords: ["complement", "complement graph", "inverse graph", "non-edges", "missing edges", "graph complement"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(MAX_N),
  cost_model: "units = n² (every pair is examined once)",
  budget: { max_units: 1e8, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 30_000 },
  preflight: (req) => ({ units: req.graph.n * req.graph.n, memory_bytes: 120 * complementSize(req.graph) + 2 ** 20, basis: `${req.graph.n} vertices: ${complementSize(req.graph)} edges out` }),
  execute(req, ctx) {
    const c = complement(req.graph, () => ctx.checkpoint());
    return { graph: c, edges: String(c.m) };
  },
  postcondition(req, res) {
    const c = res.graph as unknown as Graph;
    return c.m === complementSize(req.graph) ? null : "the complement has n(n−1)/2 − m edges";
  },
  examples: [
    {
      title: "the complement of a path P4 is a P4",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"]] } },
      expected: { graph: { directed: false, vertices: ["a", "b", "c", "d"], edges: [["a", "c"], ["a", "d"], ["b", "d"]] }, edges: "3" },
    },
    {
      title: "directed: the missing arcs",
      payload: { graph: { directed: true, vertices: ["x", "y", "z"], edges: [["x", "y"], ["y", "z"], ["z", "x"]] } },
      expected: { graph: { directed: true, vertices: ["x", "y", "z"], edges: [["x", "z"], ["y", "x"], ["z", "y"]] }, edges: "3" },
    },
  ],
});
