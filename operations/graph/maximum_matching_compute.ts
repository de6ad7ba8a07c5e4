import { edmonds, hopcroftKarp, type Matching } from "../../domain/math/graph/matching.js";
import { bipartition } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { coversAll, oddComponentsWithout } from "./matching_support.js";
import { MATCHING_KIND, matchingShape, type MatchingValue } from "./shapes.js";
import { EdgeSet, edgeName, graphBounds, graphCompute, graphField, indexOf, names, resolve } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph (weights are ignored: see graph.maximum_weight_matching.compute)") });
const Result = result(matchingShape(false), MATCHING_KIND);
type Req = { graph: Graph };

function edgesOf(g: Graph, M: Matching): number[] {
  const out: number[] = [];
  for (let v = 0; v < g.n; v++) if (M.mate[v]! > v) out.push(M.mateEdge[v]!);
  return out.sort((a, b) => a - b);
}

export default graphCompute<Req, MatchingValue>({
  id: "graph.maximum_matching.compute",
  title: "Maximum matching (Hopcroft–Karp, Edmonds' blossom) with a proof of optimality",
  summary:
    "A maximum-cardinality matching of an undirected graph with a certificate that none is larger: on bipartite graphs Hopcroft–Karp and a vertex cover of equal size (König), on general graphs " +
    "Edmonds' blossom algorithm and a Tutte–Berge set U with (n + |U| − odd(G − U))/2 equal to the size. Checked by graph.maximum_matching.verify.",
  keywords: ["maximum matching", "matching", "maximum cardinality matching", "hopcroft karp", "edmonds blossom", "bipartite matching", "konig", "tutte berge", "vertex cover", "perfect matching", "pairing"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = 10·m·√n (Hopcroft–Karp) on bipartite graphs; on general graphs a greedy start then one blossom search of O(n + m) (plus O(n) per contraction) per vertex left exposed, charged as 4·n·(n + m)/16",
  budget: { max_units: 3e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const g = req.graph, n = g.n, m = g.m;
    const bip = !("oddCycle" in bipartition(g));
    return { units: bip ? 10 * (m + n) * Math.sqrt(Math.max(1, n)) : (4 * n * (n + m)) / 16, memory_bytes: 80 * n + 16 * m + 2 ** 20, basis: `${n} vertices, ${m} edges, ${bip ? "bipartite (Hopcroft–Karp)" : "general (blossom)"}` };
  },
  ports: { outputs: { result: { field: ".", description: "the whole result { size, matching, certificate }: the claim of graph.maximum_matching.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const tick = () => ctx.checkpoint();
    const b = bipartition(g, tick);
    if ("side" in b) {
      const { matching, cover } = hopcroftKarp(g, b.side, tick);
      return { size: String(matching.size), matching: edgesOf(g, matching).map((e) => edgeName(g, e)), certificate: { vertex_cover: names(g, cover) } };
    }
    const { matching, tutteBerge } = edmonds(g, tick);
    const removed = new Uint8Array(g.n);
    for (const v of tutteBerge) removed[v] = 1;
    return {
      size: String(matching.size),
      matching: edgesOf(g, matching).map((e) => edgeName(g, e)),
      certificate: { tutte_berge_set: names(g, tutteBerge), odd_components: String(oddComponentsWithout(g, removed)) },
    };
  },
  postcondition(req, res) {
    const g = req.graph, idx = indexOf(g), size = Number(res.size);
    if (res.matching.length !== size) return "size counts the matching's edges";
    const used = new Uint8Array(g.n);
    const edges = new EdgeSet(g);
    for (const [u, v] of res.matching as [string, string][]) {
      const a = idx.get(u), b = idx.get(v);
      if (a < 0 || b < 0 || a === b || used[a] || used[b] || !edges.has(a, b)) return "the matching's edges share a vertex or are not edges";
      used[a] = used[b] = 1;
    }
    const c = res.certificate;
    if (c?.vertex_cover) {
      const cover = resolve(idx, c.vertex_cover, "vertex_cover");
      if (typeof cover === "string") return cover;
      const inC = new Uint8Array(g.n);
      for (const v of cover) inC[v] = 1;
      return cover.length === size && coversAll(g, inC) < 0 ? null : "the vertex cover does not certify the size";
    }
    const U = resolve(idx, c?.tutte_berge_set ?? [], "tutte_berge_set");
    if (typeof U === "string") return U;
    const removed = new Uint8Array(g.n);
    for (const v of U) removed[v] = 1;
    const odd = oddComponentsWithout(g, removed);
    return String(odd) === c?.odd_components && g.n + U.length - odd === 2 * size ? null : "the Tutte–Berge set does not certify the size";
  },
  examples: [
    {
      title: "bipartite: a 2×3 grid has a perfect matching, with a König cover",
      payload: { graph: { vertices: ["a1", "a2", "a3", "b1", "b2", "b3"], edges: [["a1", "a2"], ["a2", "a3"], ["b1", "b2"], ["b2", "b3"], ["a1", "b1"], ["a2", "b2"], ["a3", "b3"]] } },
      expected: { size: "3", matching: [["a1", "a2"], ["b1", "b2"], ["a3", "b3"]], certificate: { vertex_cover: ["a1", "a3", "b2"] } },
    },
    {
      title: "general: the Petersen graph has a perfect matching",
      payload: { graph: { graph6: "IheA@GUAo" } },
      expected: { size: "5", matching: [["0", "1"], ["2", "3"], ["5", "7"], ["6", "8"], ["4", "9"]], certificate: { tutte_berge_set: [], odd_components: "0" } },
    },
    {
      title: "a triangle with pendant vertices: Tutte–Berge proves 2 is the maximum",
      payload: { graph: { vertices: ["x", "y", "z", "p", "q", "r"], edges: [["x", "y"], ["y", "z"], ["z", "x"], ["x", "p"], ["x", "q"], ["x", "r"]] } },
      expected: { size: "2", matching: [["y", "z"], ["x", "p"]], certificate: { tutte_berge_set: ["x"], odd_components: "3" } },
    },
  ],
});
