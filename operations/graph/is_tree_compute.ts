import { type } from "arktype";
import { components, findCycle } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphBounds, graphCompute, graphField, labels, names } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph (weights are ignored)") });
const Result = result({
  tree: type("boolean").describe("connected and acyclic (at least one vertex)"),
  forest: type("boolean").describe("acyclic"),
  components: count("the number of connected components"),
  "cycle?": labels("when not a forest: a cycle, its vertices in order (a loop is [v], a doubled edge [u, v])"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.is_tree.compute",
  title: "Tree and forest test, with a cycle when the graph has one",
  summary:
    "Whether an undirected graph is a tree (connected and acyclic) or a forest (acyclic), with its number of components, and a cycle as witness when it is not a forest " +
    "(a forest has m = n − c edges). Depth-first search, O(n + m); loops and parallel edges are cycles.",
  keywords: ["tree", "is tree", "forest", "acyclic", "cycle detection", "spanning tree", "connected acyclic", "find a cycle", "graph"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = n + m",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 48 * req.graph.n + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  execute(req, ctx) {
    const g = req.graph;
    const { count: c } = components(g, () => ctx.checkpoint());
    const cycle = findCycle(g, () => ctx.checkpoint());
    return { tree: !cycle && c === 1, forest: !cycle, components: String(c), ...(cycle ? { cycle: names(g, cycle) } : {}) };
  },
  postcondition(req, res) {
    const g = req.graph;
    // Independent: a graph is a forest iff m = n − c.
    return res.forest === (g.m === g.n - Number(res.components)) ? null : "forest must mean m = n − c";
  },
  examples: [
    { title: "a star is a tree", payload: { graph: { vertices: ["c", "x", "y", "z"], edges: [["c", "x"], ["c", "y"], ["c", "z"]] } }, expected: { tree: true, forest: true, components: "1" } },
    { title: "two paths form a forest", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["c", "d"]] } }, expected: { tree: false, forest: true, components: "2" } },
    {
      title: "a cycle is found",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"]] } },
      expected: { tree: false, forest: false, components: "1", cycle: ["c", "a", "b"] },
    },
  ],
});
