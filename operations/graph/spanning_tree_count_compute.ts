import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { spanningTreeCount } from "../../domain/math/graph/spectral.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { graphBounds, graphCompute, graphField, exact } from "./support.js";

/** The Laplacian minor is a dense (k−1)×(k−1) determinant after pendant trees are stripped. */
const MAX_CORE = 500;

const Request = request({
  graph: graphField({ maxVertices: 100_000, maxEdges: 500_000, weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected multigraph (loops are ignored)"),
  "weighted?": type("boolean").describe("false (default): count spanning trees; true: the sum over spanning trees of the product of their edge weights (every edge needs a weight)"),
});
const Result = result({ spanning_trees: exact("the number of spanning trees (a parallel edge is a different choice), or with weighted = true the weighted sum; 0 when the graph is disconnected") });
type Req = { graph: Graph; weighted?: boolean };
type Res = { spanning_trees: string };

export default graphCompute<Req, Res>({
  id: "graph.spanning_tree_count.compute",
  title: "Number of spanning trees by Kirchhoff's matrix-tree theorem",
  summary:
    "The exact number of spanning trees of an undirected multigraph (parallel edges count separately; loops never lie on a tree), or with weights the sum over spanning trees of the products of their edge weights. " +
    "Kirchhoff's matrix-tree theorem: a principal minor of the Laplacian, after stripping the vertices of degree one (they lie on every tree), by the exact multimodular / Dixon determinant. A disconnected graph has 0.",
  keywords: ["spanning trees", "number of spanning trees", "spanning tree count", "matrix tree theorem", "kirchhoff", "laplacian", "tree number", "complexity of a graph", "weighted spanning trees", "tau"],
  request: Request,
  result: Result,
  bounds: [...graphBounds(100_000, 500_000), { name: "core_vertices", limit: MAX_CORE, unit: "vertices", description: "the graph left after stripping degree-one vertices has at most this many (its Laplacian minor is a dense determinant)" }],
  cost_model: "units ≈ k³/3·(⌈bits/22⌉ + 4): the determinant of the (k−1)×(k−1) Laplacian minor of the k-vertex core (degree-one vertices stripped) by multimodular elimination up to Hadamard's bound (bits ≈ k·log2(max degree)); plus n + m",
  budget: { max_units: 5e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const g = req.graph;
    // The core size is known only after stripping: estimate with the vertices of degree ≥ 2.
    const deg = new Int32Array(g.n);
    for (let e = 0; e < g.m; e++) if (g.src[e] !== g.dst[e]) { deg[g.src[e]!]!++; deg[g.dst[e]!]!++; }
    let k = 0, maxDeg = 1;
    for (let v = 0; v < g.n; v++) { if (deg[v]! >= 2) k++; if (deg[v]! > maxDeg) maxDeg = deg[v]!; }
    const bits = k * Math.log2(maxDeg + 1) + 64;
    const units = (k ** 3 / 3) * (Math.ceil(bits / 22) + 4) + g.n + g.m;
    return { units: k > MAX_CORE ? Infinity : units, memory_bytes: 8 * k * k * 4 + 64 * g.m + 2 ** 20, basis: `${g.n} vertices, ${g.m} edges, at most ${k} vertices of degree ≥ 2${k > MAX_CORE ? ` (more than ${MAX_CORE})` : ""}` };
  },
  execute(req) {
    const g = req.graph;
    if (req.weighted && !g.weight) throw domainError("weighted = true needs a weight on every edge", "payload.graph.edges", 'give edges as [u, v, weight], or leave weighted out to count trees');
    const r = spanningTreeCount(g, req.weighted === true && g.weight !== null);
    return { spanning_trees: r.den === 1n ? r.num.toString() : `${r.num}/${r.den}` };
  },
  postcondition(req, res) {
    // Independent small facts: a tree has exactly one spanning tree; a disconnected graph none.
    if (req.weighted) return null;
    const g = req.graph;
    const t = BigInt(res.spanning_trees.split("/")[0]!);
    if (t < 0n) return "a tree count is not negative";
    if (g.n > 1 && g.m < g.n - 1 && t !== 0n) return "fewer than n − 1 edges cannot span";
    return null;
  },
  examples: [
    { title: "K4 has 4^2 = 16 spanning trees (Cayley)", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["a", "c"], ["a", "d"], ["b", "c"], ["b", "d"], ["c", "d"]] } }, expected: {"spanning_trees":"16"} },
    { title: "the Petersen graph has 2000", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"spanning_trees":"2000"} },
    { title: "a triangle with a doubled edge: 5 (each parallel edge is a choice)", payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["a", "b"], ["b", "c"], ["c", "a"]] } }, expected: {"spanning_trees":"5"} },
    { title: "weighted: a triangle with weights 2, 3, 1/2 gives 2·3 + 3·(1/2) + (1/2)·2 = 17/2", payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b", "2"], ["b", "c", "3"], ["c", "a", "1/2"]] }, weighted: true }, expected: {"spanning_trees":"17/2"} },
    { title: "a disconnected graph has none", payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"]] } }, expected: {"spanning_trees":"0"} },
  ],
});
