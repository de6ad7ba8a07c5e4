import { type } from "arktype";
import { coreNumbers } from "../../domain/math/graph/cohesion.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphBounds, graphCompute, graphField, labels, pairs, perVertex } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "undirected" }, "the simple undirected graph (weights are ignored)"),
  "k?": type("0 <= number.integer <= 1000000").describe("also return the k-core's vertices for this k (a JSON integer)"),
});
const Result = result({
  core_numbers: perVertex("the core number of every vertex: the largest k whose k-core contains it"),
  degeneracy: count("the largest core number (the graph's degeneracy)"),
  "k_core?": labels("when k is given: the vertices of the k-core (the largest subgraph of minimum degree ≥ k), in vertex order"),
});
type Req = { graph: Graph; k?: number };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.k_core.compute",
  title: "k-cores and core numbers of a graph",
  summary:
    "The core number of every vertex of a simple undirected graph (the largest k such that the vertex lies in the k-core, the maximal subgraph of minimum degree ≥ k), the degeneracy, " +
    "and optionally the vertices of the k-core for a given k. Batagelj–Zaversnik bucket peeling, O(n + m).",
  keywords: ["k-core", "core number", "coreness", "degeneracy", "k core decomposition", "shell", "peeling", "batagelj zaversnik", "graph"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = n + m",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 40 * req.graph.n + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  execute(req, ctx) {
    const g = req.graph;
    const core = coreNumbers(g, () => ctx.checkpoint());
    let degeneracy = 0;
    for (let v = 0; v < g.n; v++) if (core[v]! > degeneracy) degeneracy = core[v]!;
    const k = req.k;
    return {
      core_numbers: pairs(g, core),
      degeneracy: String(degeneracy),
      ...(k !== undefined ? { k_core: g.labels.filter((_, v) => core[v]! >= k) } : {}),
    };
  },
  postcondition(req, res) {
    // Independent check of the k-core property: inside {v : core ≥ c}, each vertex of core c has ≥ c neighbours of core ≥ c.
    const g = req.graph;
    const core = Int32Array.from(res.core_numbers as [string, string][], (p) => Number(p[1]));
    for (let v = 0; v < g.n; v++) {
      let inside = 0;
      for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) if (core[g.adjVertex[i]!]! >= core[v]!) inside++;
      if (inside < core[v]!) return "a vertex has fewer neighbours in its core than its core number";
    }
    return null;
  },
  examples: [
    {
      title: "a triangle with a pendant vertex: the triangle is the 2-core",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"]] }, k: 2 },
      expected: { core_numbers: [["a", "2"], ["b", "2"], ["c", "2"], ["d", "1"]], degeneracy: "2", k_core: ["a", "b", "c"] },
    },
    {
      title: "K4 is 3-degenerate",
      payload: { graph: { graph6: "C~" } },
      expected: { core_numbers: [["0", "3"], ["1", "3"], ["2", "3"], ["3", "3"]], degeneracy: "3" },
    },
  ],
});
