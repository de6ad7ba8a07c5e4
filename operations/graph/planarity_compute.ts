import { kuratowskiSubgraph, lrPlanarity } from "../../domain/math/graph/planarity.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { oneOf, request } from "../_support/kinds.js";
import { PLANARITY_KIND, planarityShapes, type PlanarityValue } from "./hard_shapes.js";
import { checkEmbedding, checkKuratowski, MAX_PLANAR_EDGES, MAX_PLANAR_VERTICES, planarGraph } from "./planarity_support.js";
import { graphBounds, graphCompute, lg, names } from "./support.js";

const Request = request({ graph: planarGraph() });
const Result = oneOf(planarityShapes(), PLANARITY_KIND);
type Req = { graph: Graph };

export default graphCompute<Req, PlanarityValue>({
  id: "graph.planarity.compute",
  title: "Planarity test with a planar embedding or a Kuratowski subgraph",
  summary:
    "Decides whether an undirected simple graph is planar and proves it either way: a planar embedding as a rotation system (the clockwise order of every vertex's neighbours), or a subgraph that subdivides K5 or K3,3 (Kuratowski). " +
    "Linear-time left–right planarity test (de Fraysseix–Rosenstiehl, as formulated by Brandes) with its embedding phase; the Kuratowski subgraph is extracted by repeated tests on shrinking edge sets. Checked by graph.planarity.verify.",
  keywords: ["planarity", "planar graph", "is planar", "planar embedding", "rotation system", "kuratowski", "k5", "k3,3", "left-right planarity", "boyer myrvold", "faces", "euler formula", "plane graph"],
  request: Request,
  result: Result as never,
  bounds: graphBounds(MAX_PLANAR_VERTICES, MAX_PLANAR_EDGES),
  cost_model:
    "units = 30·(n + m): the LR test, the embedding and the postcondition's face tracing are linear. A non-planar graph costs more for its Kuratowski subgraph: about log2(m) tests for the shortest non-planar prefix, " +
    "then about K·log2(m/K) tests on shrinking edge sets (K the subdivision's edge count); graphs with more than 3n − 6 edges are estimated at that.",
  budget: { max_units: 5e10, max_memory_bytes: 2048 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const { n, m } = req.graph;
    const linear = 30 * (n + m);
    const dense = n >= 3 && m > 3 * n - 6;
    return { units: dense ? linear * 2 * lg(m) : linear, memory_bytes: 200 * n + 120 * m + 2 ** 20, basis: `${n} vertices, ${m} edges${dense ? " (more than 3n − 6: not planar)" : ""}` };
  },
  ports: { inputs: { graph: { field: "graph", description: "the graph" } }, outputs: { result: { field: ".", description: "the whole result: the claim of graph.planarity.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const tick = () => ctx.checkpoint();
    const r = lrPlanarity(g.n, g.src, g.dst, true, tick);
    if (r.planar) {
      const { start, nbr } = r.rotation!;
      const L = g.labels;
      const embedding: [string, string[]][] = new Array(g.n);
      for (let v = 0; v < g.n; v++) {
        const list: string[] = new Array(start[v + 1]! - start[v]!);
        for (let i = start[v]!; i < start[v + 1]!; i++) list[i - start[v]!] = L[nbr[i]!]!;
        embedding[v] = [L[v]!, list];
      }
      let components = 0;
      const parent = Int32Array.from({ length: g.n }, (_, i) => i);
      const find = (x: number): number => {
        while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
        return x;
      };
      for (let e = 0; e < g.m; e++) parent[find(g.src[e]!)] = find(g.dst[e]!);
      for (let v = 0; v < g.n; v++) if (find(v) === v) components++;
      return { planar: true, embedding, faces: String(g.m - g.n + 1 + components) };
    }
    const k = kuratowskiSubgraph(g.n, g.src, g.dst, tick)!;
    return {
      planar: false,
      kuratowski: { type: k.type, branch_vertices: names(g, k.branch), edges: k.edges.map((e) => [g.labels[g.src[e]!]!, g.labels[g.dst[e]!]!] as [string, string]) },
    };
  },
  postcondition(req, res) {
    if (res.planar) {
      const c = checkEmbedding(req.graph, res.embedding, res.faces);
      return "failure" in c ? c.reason : null;
    }
    return checkKuratowski(req.graph, res.kuratowski)?.reason ?? null;
  },
  examples: [
    { title: "K4 is planar: an embedding with 4 faces", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["a", "c"], ["a", "d"], ["b", "c"], ["b", "d"], ["c", "d"]] } }, expected: {"planar":true,"embedding":[["a",["b","d","c"]],["b",["a","c","d"]],["c",["b","a","d"]],["d",["c","a","b"]]],"faces":"4"} },
    { title: "the Petersen graph is not planar: a K3,3 subdivision", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"planar":false,"kuratowski":{"type":"K3,3","branch_vertices":["0","2","8","1","3","5"],"edges":[["0","1"],["1","2"],["2","3"],["0","4"],["3","4"],["0","5"],["1","6"],["2","7"],["5","7"],["3","8"],["5","8"],["6","8"]]}} },
    {
      title: "K5 is not planar",
      payload: { graph: { vertices: ["1", "2", "3", "4", "5"], edges: [["1", "2"], ["1", "3"], ["1", "4"], ["1", "5"], ["2", "3"], ["2", "4"], ["2", "5"], ["3", "4"], ["3", "5"], ["4", "5"]] } },
      expected: {"planar":false,"kuratowski":{"type":"K5","branch_vertices":["1","2","3","4","5"],"edges":[["1","2"],["1","3"],["1","4"],["1","5"],["2","3"],["2","4"],["2","5"],["3","4"],["3","5"],["4","5"]]}},
    },
    { title: "a forest with an isolated vertex: faces = m − n + 1 + components = 1", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"]] } }, expected: {"planar":true,"embedding":[["a",["b"]],["b",["a","c"]],["c",["b"]],["d",[]]],"faces":"1"} },
  ],
});
