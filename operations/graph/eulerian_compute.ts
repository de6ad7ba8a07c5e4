import { eulerian } from "../../domain/math/graph/euler.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { oneOf, request } from "../_support/kinds.js";
import { EULERIAN_KIND, eulerianShapes, type EulerianValue } from "./shapes.js";
import { graphBounds, graphCompute, graphField, names } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "either", loops: true, multi: true }, "the graph (weights are ignored; loops and parallel edges allowed)") });
const Result = oneOf(eulerianShapes(), EULERIAN_KIND);
type Req = { graph: Graph };

export default graphCompute<Req, EulerianValue>({
  id: "graph.eulerian.compute",
  title: "Eulerian circuit or trail (Hierholzer), or why none exists",
  summary:
    "An Eulerian circuit (every edge once, back to the start) or Eulerian trail of a graph, directed or not, loops and parallel edges included, as its vertex sequence and edge positions; " +
    "otherwise the obstruction: the vertices of odd degree (directed: unbalanced in/out degrees) or two edges in different components. Hierholzer's algorithm, O(n + m). Checked by graph.eulerian.verify.",
  keywords: ["eulerian circuit", "eulerian path", "eulerian trail", "euler tour", "hierholzer", "every edge once", "seven bridges", "euler", "odd degree", "chinese postman"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = n + m",
  budget: { max_units: 1e8, max_memory_bytes: 768 * 2 ** 20, timeout_ms: 30_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 16 * req.graph.n + 40 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { outputs: { result: { field: ".", description: "the whole result: the claim of graph.eulerian.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const r = eulerian(g, () => ctx.checkpoint());
    if (r.kind === "none") return { eulerian: "none", reason: r.reason, witness: names(g, r.vertices) };
    return { eulerian: r.kind, vertices: names(g, r.vertices), edges: Array.from(r.edges) };
  },
  postcondition(req, res) {
    if (res.eulerian === "none") return res.witness.length > 0 ? null : "an obstruction names vertices";
    if (res.edges.length !== req.graph.m || new Set(res.edges).size !== req.graph.m) return "a trail uses every edge exactly once";
    return res.vertices.length === (req.graph.m ? req.graph.m + 1 : 0) ? null : "a trail of m edges has m + 1 vertices";
  },
  examples: [
    {
      title: "a bowtie has an Eulerian circuit",
      payload: { graph: { vertices: ["a", "b", "x", "c", "d"], edges: [["a", "b"], ["b", "x"], ["x", "a"], ["x", "c"], ["c", "d"], ["d", "x"]] } },
      expected: { eulerian: "circuit", vertices: ["a", "b", "x", "c", "d", "x", "a"], edges: [0, 1, 3, 4, 5, 2] },
    },
    {
      title: "a path has a trail between its odd ends",
      payload: { graph: { vertices: ["p", "q", "r"], edges: [["p", "q"], ["q", "r"]] } },
      expected: { eulerian: "trail", vertices: ["p", "q", "r"], edges: [0, 1] },
    },
    {
      title: "the Königsberg multigraph: four odd vertices",
      payload: { graph: { vertices: ["A", "B", "C", "D"], edges: [["A", "B"], ["A", "B"], ["A", "C"], ["A", "C"], ["A", "D"], ["B", "D"], ["C", "D"]] } },
      expected: { eulerian: "none", reason: "odd_degrees", witness: ["A", "B", "C", "D"] },
    },
    {
      title: "directed: a circuit following the arcs",
      payload: { graph: { directed: true, vertices: ["1", "2", "3"], edges: [["1", "2"], ["2", "3"], ["3", "1"], ["1", "3"], ["3", "1"]] } },
      expected: { eulerian: "circuit", vertices: ["1", "2", "3", "1", "3", "1"], edges: [0, 1, 2, 3, 4] },
    },
  ],
});
