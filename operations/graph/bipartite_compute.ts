import { bipartition } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { oneOf, request } from "../_support/kinds.js";
import { BIPARTITE_KIND, bipartiteShapes, type BipartiteValue } from "./shapes.js";
import { EdgeSet, graphBounds, graphCompute, graphField, indexOf, names, resolve } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph (weights are ignored)") });
const Result = oneOf(bipartiteShapes(), BIPARTITE_KIND);
type Req = { graph: Graph };

export default graphCompute<Req, BipartiteValue>({
  id: "graph.bipartite.compute",
  title: "Bipartiteness test: a 2-colouring or an odd cycle",
  summary:
    "Decides whether an undirected graph is bipartite and proves it either way: a bipartition into two sides with every edge between them, or an odd cycle (which no bipartite graph has). " +
    "Breadth-first 2-colouring, O(n + m); the first vertex of every component goes to the left side; a loop is an odd cycle of length 1. Checked by graph.bipartite.verify.",
  keywords: ["bipartite", "bipartiteness", "2-colouring", "two-colouring", "2-coloring", "odd cycle", "bipartition", "two sides", "graph", "is bipartite"],
  request: Request,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = n + m (one breadth-first pass)",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 40 * req.graph.n + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { outputs: { result: { field: ".", description: "the whole result { bipartite, sides | odd_cycle }: the claim of graph.bipartite.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const r = bipartition(g, () => ctx.checkpoint());
    if ("oddCycle" in r) return { bipartite: false, odd_cycle: names(g, r.oddCycle) };
    const left: number[] = [], right: number[] = [];
    for (let v = 0; v < g.n; v++) (r.side[v] ? right : left).push(v);
    return { bipartite: true, sides: [names(g, left), names(g, right)] };
  },
  postcondition(req, res) {
    const g = req.graph, idx = indexOf(g);
    if (res.bipartite) {
      const side = new Int8Array(g.n).fill(-1);
      for (const s of [0, 1] as const) {
        const vs = resolve(idx, res.sides[s], "side");
        if (typeof vs === "string") return vs;
        for (const v of vs) side[v] = s;
      }
      if (side.some((s) => s < 0)) return "a vertex is on neither side";
      for (let e = 0; e < g.m; e++) if (side[g.src[e]!] === side[g.dst[e]!]) return "an edge joins two vertices of one side";
      return null;
    }
    const c = resolve(idx, res.odd_cycle, "odd_cycle");
    if (typeof c === "string") return c;
    if (c.length % 2 === 0) return "the cycle has even length";
    const edges = new EdgeSet(g);
    for (let i = 0; i < c.length; i++) if (!edges.has(c[i]!, c[(i + 1) % c.length]!)) return "consecutive cycle vertices are not adjacent";
    return null;
  },
  examples: [
    {
      title: "a 4-cycle with a pendant vertex is bipartite",
      payload: { graph: { vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["c", "e"]] } },
      expected: { bipartite: true, sides: [["a", "c"], ["b", "d", "e"]] },
    },
    {
      title: "a 5-cycle is not: the cycle itself is the witness",
      payload: { graph: { vertices: ["1", "2", "3", "4", "5"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "1"]] } },
      expected: { bipartite: false, odd_cycle: ["3", "2", "1", "5", "4"] },
    },
    { title: "the Petersen graph (graph6) contains 5-cycles", payload: { graph: { graph6: "IheA@GUAo" } }, expected: { bipartite: false, odd_cycle: ["2", "1", "0", "4", "3"] } },
  ],
});
