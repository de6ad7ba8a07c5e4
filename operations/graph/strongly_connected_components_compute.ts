import { groupBy, stronglyConnected } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, edgeList, graphBounds, graphCompute, graphField, indexOf, labelLists, names } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "directed", loops: true, multi: true }, "the directed graph (weights are ignored)") });
const Result = result({
  count: count("the number of strongly connected components"),
  strongly_connected: "boolean",
  components: labelLists("the strongly connected components in a topological order of the condensation (every arc between two of them goes from an earlier to a later one), each in vertex order"),
  condensation: edgeList("the arcs of the condensation DAG as [i, j] pairs of component positions (0-based JSON integers), each once, in increasing order"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.strongly_connected_components.compute",
  title: "Strongly connected components of a directed graph",
  summary:
    "The strongly connected components of a directed graph (maximal sets of mutually reachable vertices) in a topological order of the condensation, with the condensation DAG's arcs. " +
    "Tarjan's algorithm (iterative), O(n + m). Ties in the order are broken by Tarjan's discovery from the vertices in vertex order.",
  keywords: ["strongly connected components", "scc", "tarjan", "condensation", "directed graph", "mutually reachable", "strong connectivity", "kosaraju", "digraph"],
  request: Request,
  result: Result,
  bounds: graphBounds(),
  cost_model: "units = n + m (one depth-first pass)",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 60 * req.graph.n + 16 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} arcs` }),
  execute(req, ctx) {
    const g = req.graph;
    const { comp, count } = stronglyConnected(g, () => ctx.checkpoint());
    const keys = new Set<number>();
    for (let e = 0; e < g.m; e++) {
      const a = comp[g.src[e]!]!, b = comp[g.dst[e]!]!;
      if (a !== b) keys.add(a * count + b);
    }
    const condensation = [...keys].sort((x, y) => x - y).map((k) => [Math.floor(k / count), k % count]);
    return { count: String(count), strongly_connected: count === 1, components: groupBy(comp, count).map((c) => names(g, c)), condensation };
  },
  postcondition(req, res) {
    const g = req.graph;
    const pos = new Int32Array(g.n).fill(-1);
    const idx = indexOf(g);
    (res.components as string[][]).forEach((c, i) => c.forEach((l) => (pos[idx.get(l)] = i)));
    if (pos.some((c) => c < 0)) return "a vertex is in no component";
    for (let e = 0; e < g.m; e++) if (pos[g.src[e]!]! > pos[g.dst[e]!]!) return "an arc goes from a later component to an earlier one";
    return null;
  },
  examples: [
    {
      title: "a 3-cycle feeding a 2-cycle, and a sink",
      payload: { graph: { directed: true, vertices: ["a", "b", "c", "d", "e", "f"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"], ["d", "e"], ["e", "d"], ["e", "f"]] } },
      expected: { count: "3", strongly_connected: false, components: [["a", "b", "c"], ["d", "e"], ["f"]], condensation: [[0, 1], [1, 2]] },
    },
    {
      title: "a directed cycle is strongly connected",
      payload: { graph: { directed: true, vertices: ["1", "2", "3"], edges: [["1", "2"], ["2", "3"], ["3", "1"]] } },
      expected: { count: "1", strongly_connected: true, components: [["1", "2", "3"]], condensation: [] },
    },
  ],
});
