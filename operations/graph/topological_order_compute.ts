import { topologicalOrder } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { oneOf, request } from "../_support/kinds.js";
import { TOPOLOGICAL_KIND, topologicalShapes, type TopologicalValue } from "./shapes.js";
import { graphBounds, graphCompute, graphField, indexOf, lg, names, resolve } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "directed", loops: true, multi: true }, "the directed graph (weights are ignored)") });
const Result = oneOf(topologicalShapes(), TOPOLOGICAL_KIND);
type Req = { graph: Graph };

export default graphCompute<Req, TopologicalValue>({
  id: "graph.topological_order.compute",
  title: "Topological order of a directed graph, or a directed cycle",
  summary:
    "A topological order of a directed acyclic graph (every arc u → v has u first) — the least one in the graph's vertex order, so it is unique for a given input — or a directed cycle proving none exists. " +
    "Kahn's algorithm with a heap of ready vertices, O((n + m) log n). Checked by graph.topological_order.verify.",
  keywords: ["topological order", "topological sort", "toposort", "dag", "directed acyclic graph", "directed cycle", "dependency order", "kahn", "linear extension", "scheduling order"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = (n + m)·log2 n (Kahn's algorithm with a binary heap)",
  budget: { max_units: 5e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 30_000 },
  preflight: (req) => ({ units: (req.graph.n + req.graph.m) * lg(req.graph.n), memory_bytes: 40 * req.graph.n + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} arcs` }),
  ports: { outputs: { result: { field: ".", description: "the whole result { acyclic, order | cycle }: the claim of graph.topological_order.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const r = topologicalOrder(g, () => ctx.checkpoint());
    return "order" in r ? { acyclic: true, order: names(g, r.order) } : { acyclic: false, cycle: names(g, r.cycle) };
  },
  postcondition(req, res) {
    const g = req.graph;
    if (!res.acyclic) return res.cycle.length > 0 ? null : "a cycle has a vertex";
    const order = resolve(indexOf(g), res.order, "order");
    if (typeof order === "string") return order;
    const pos = new Int32Array(g.n).fill(-1);
    order.forEach((v, i) => (pos[v] = i));
    if (order.length !== g.n || pos.some((p) => p < 0)) return "the order lists every vertex once";
    for (let e = 0; e < g.m; e++) if (pos[g.src[e]!]! >= pos[g.dst[e]!]!) return "an arc goes backwards";
    return null;
  },
  examples: [
    {
      title: "a dependency graph: the least order in vertex order",
      payload: { graph: { directed: true, vertices: ["shirt", "tie", "jacket", "belt", "trousers"], edges: [["shirt", "tie"], ["tie", "jacket"], ["shirt", "belt"], ["belt", "jacket"], ["trousers", "belt"]] } },
      expected: { acyclic: true, order: ["shirt", "tie", "trousers", "belt", "jacket"] },
    },
    {
      title: "a directed cycle proves there is no order",
      payload: { graph: { directed: true, vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "b"]] } },
      expected: { acyclic: false, cycle: ["b", "c", "d"] },
    },
  ],
});
