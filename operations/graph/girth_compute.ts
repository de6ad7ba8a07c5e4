import { type } from "arktype";
import { girth } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, EdgeSet, graphBounds, graphCompute, graphField, indexOf, labels, names, resolve } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "either" }, "the simple graph (weights are ignored: cycle length counts edges; directed: the shortest directed cycle)") });
const Result = result({
  acyclic: type("boolean").describe("true when the graph has no cycle (girth infinite)"),
  "girth?": count("the length of a shortest cycle"),
  "cycle?": labels("a shortest cycle, its vertices in order (the last adjacent to the first)"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.girth.compute",
  title: "Girth of a graph: the length of a shortest cycle, with the cycle",
  summary:
    "The girth of a simple graph (the length of its shortest cycle; directed graphs: of the shortest directed cycle) with one shortest cycle, or that the graph is acyclic. " +
    "A breadth-first search from every vertex that stops once it cannot improve the best cycle: O(n·m) worst case.",
  keywords: ["girth", "shortest cycle", "cycle length", "minimum cycle", "triangle free", "acyclic", "graph", "odd girth"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = n·(n + m): one breadth-first search per vertex in the worst case (early stops make it much less on graphs with short cycles)",
  budget: { max_units: 3e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => ({ units: req.graph.n * (req.graph.n + req.graph.m), memory_bytes: 32 * req.graph.n + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  execute(req, ctx) {
    const g = req.graph;
    const r = girth(g, () => ctx.checkpoint());
    return r ? { acyclic: false, girth: String(r.length), cycle: names(g, r.cycle) } : { acyclic: true };
  },
  postcondition(req, res) {
    if (res.acyclic) return null;
    const g = req.graph, c = resolve(indexOf(g), res.cycle, "cycle");
    if (typeof c === "string") return c;
    if (String(c.length) !== res.girth || new Set(c).size !== c.length) return "the cycle's length is not the girth or it repeats a vertex";
    const e = new EdgeSet(g);
    for (let i = 0; i < c.length; i++) if (!e.has(c[i]!, c[(i + 1) % c.length]!)) return "consecutive cycle vertices are not adjacent";
    return null;
  },
  examples: [
    { title: "the Petersen graph has girth 5", payload: { graph: { graph6: "IheA@GUAo" } }, expected: { acyclic: false, girth: "5", cycle: ["0", "1", "2", "3", "4"] } },
    { title: "a tree is acyclic", payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["a", "c"]] } }, expected: { acyclic: true } },
    {
      title: "directed: the shortest directed cycle",
      payload: { graph: { directed: true, vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["c", "a"]] } },
      expected: { acyclic: false, girth: "3", cycle: ["a", "b", "c"] },
    },
  ],
});
