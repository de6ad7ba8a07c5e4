import { components, groupBy } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphBounds, graphCompute, graphField, indexOf, labelLists, names } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "either", loops: true, multi: true }, "the graph (weights are ignored; a directed graph's weakly connected components)") });
const Result = result({
  count: count("the number of connected components (0 for the graph without vertices)"),
  connected: "boolean",
  components: labelLists("the components, each a list of its vertices in vertex order, ordered by their first vertex"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.connected_components.compute",
  title: "Connected components of a graph",
  summary:
    "The connected components of an undirected graph (of a directed graph: its weakly connected components), each as the list of its vertices, and whether the graph is connected. " +
    "Components are ordered by their first vertex in the graph's vertex order; the graph without vertices has none and is not called connected. Depth-first search, O(n + m).",
  keywords: ["connected components", "connectivity", "is connected", "weakly connected components", "component", "graph", "reachability", "union find"],
  request: Request,
  result: Result,
  bounds: graphBounds(),
  cost_model: "units = n + m (one depth-first pass)",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 40 * req.graph.n + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  execute(req, ctx) {
    const g = req.graph;
    const { comp, count } = components(g, () => ctx.checkpoint());
    return { count: String(count), connected: count === 1, components: groupBy(comp, count).map((c) => names(g, c)) };
  },
  postcondition(req, res) {
    const g = req.graph;
    const comp = new Int32Array(g.n).fill(-1);
    const idx = indexOf(g);
    (res.components as string[][]).forEach((c, i) => c.forEach((l) => (comp[idx.get(l)] = i)));
    if (comp.some((c) => c < 0)) return "a vertex is in no component";
    for (let e = 0; e < g.m; e++) if (comp[g.src[e]!] !== comp[g.dst[e]!]) return "an edge joins two components";
    return res.connected === (res.components.length === 1) ? null : "connected must mean exactly one component";
  },
  examples: [
    {
      title: "two components and an isolated vertex",
      payload: { graph: { vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["c", "d"], ["b", "a"]] } },
      expected: { count: "3", connected: false, components: [["a", "b"], ["c", "d"], ["e"]] },
    },
    {
      title: "a directed path is weakly connected",
      payload: { graph: { directed: true, vertices: ["x", "y", "z"], edges: [["x", "y"], ["z", "y"]] } },
      expected: { count: "1", connected: true, components: [["x", "y", "z"]] },
    },
  ],
});
