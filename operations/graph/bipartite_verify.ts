import { type } from "arktype";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, request } from "../_support/kinds.js";
import { BIPARTITE_KIND, bipartiteShapes, type BipartiteValue } from "./shapes.js";
import { EdgeSet, graphBounds, graphChecker, graphField, indexOf, label, resolve } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph (weights are ignored)"),
  claim: claimOf(bipartiteShapes(), BIPARTITE_KIND, "the claim: the value of graph.bipartite.compute unchanged — { bipartite: true, sides: [left, right] } or { bipartite: false, odd_cycle }"),
});
type Req = { graph: Graph; claim: BipartiteValue };

const Bindings = type({
  "failure?": type("'unknown_vertex' | 'not_a_partition' | 'edge_within_side' | 'even_length' | 'not_adjacent' | 'empty_cycle'").describe("why the claim was rejected"),
  "edge?": label().array().exactlyLength(2).describe("edge_within_side: an edge [u, v] with both ends on one side; not_adjacent: consecutive cycle vertices [u, v] that are not adjacent"),
  "vertex?": label().describe("not_a_partition: a vertex on neither side or on both"),
  "cycle_length?": type("string").atMostLength(8).describe("the claimed cycle's length"),
});
type Bindings = typeof Bindings.infer;

const METHOD =
  "Certificate check, no search: a claimed bipartition must place every vertex on exactly one side and every edge between the sides (one pass over the edges); " +
  "a claimed odd cycle must have odd length and each pair of consecutive vertices (the last with the first) must be adjacent (a hash of the edge set), so it is a closed walk of odd length, " +
  "which contains an odd cycle, which no bipartite graph has. A rejection names the offending edge, vertex or pair.";

export default graphChecker<Req>({
  id: "graph.bipartite.verify",
  title: "Verify a bipartition or an odd cycle",
  summary:
    "Checks a claim about bipartiteness of an undirected graph — the value of graph.bipartite.compute as it is: a bipartition (every vertex on one side, every edge across) proves bipartite, " +
    "an odd closed walk proves not bipartite. Rejects with the edge inside a side, the uncovered vertex or the non-adjacent pair.",
  keywords: ["bipartite", "verify", "check", "bipartition", "odd cycle", "2-colouring", "certificate", "proper colouring", "two sides"],
  request: Request as never,
  bindings: Bindings,
  method: METHOD,
  bounds: graphBounds(),
  cost_model: "units = n + m + ℓ (one pass over the vertices and edges; ℓ the claimed cycle's length)",
  budget: { max_units: 1e8, max_memory_bytes: 768 * 2 ** 20, timeout_ms: 30_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 40 * req.graph.n + 64 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.bipartite.compute" } } },
  execute(req): CheckerFinding {
    const g = req.graph, idx = indexOf(g), claim = req.claim;
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    if (claim.bipartite) {
      const side = new Int8Array(g.n).fill(-1);
      for (const s of [0, 1] as const) {
        const list = claim.sides[s];
        const vs = resolve(idx, list, s ? "sides[1]" : "sides[0]");
        if (typeof vs === "string") return reject({ failure: "unknown_vertex" }, vs);
        for (const v of vs) {
          if (side[v] !== -1) return reject({ failure: "not_a_partition", vertex: g.labels[v]! }, `${g.labels[v]} is listed twice`);
          side[v] = s;
        }
      }
      if (claim.sides.length !== 2) return reject({ failure: "not_a_partition" }, "a bipartition has exactly two sides");
      for (let v = 0; v < g.n; v++) if (side[v] === -1) return reject({ failure: "not_a_partition", vertex: g.labels[v]! }, `${g.labels[v]} is on neither side`);
      for (let e = 0; e < g.m; e++) {
        const u = g.src[e]!, v = g.dst[e]!;
        if (side[u] === side[v]) return reject({ failure: "edge_within_side", edge: [g.labels[u]!, g.labels[v]!] }, `the edge ${g.labels[u]} – ${g.labels[v]} has both ends on one side`);
      }
      return { verdict: "accepted", bindings: {} };
    }
    const c = resolve(idx, claim.odd_cycle, "odd_cycle");
    if (typeof c === "string") return reject({ failure: "unknown_vertex" }, c);
    const length = String(c.length);
    if (c.length === 0) return reject({ failure: "empty_cycle", cycle_length: length }, "the cycle has no vertices");
    if (c.length % 2 === 0) return reject({ failure: "even_length", cycle_length: length }, `the cycle has even length ${c.length}`);
    const edges = new EdgeSet(g);
    for (let i = 0; i < c.length; i++) {
      const u = c[i]!, v = c[(i + 1) % c.length]!;
      if (!edges.has(u, v)) return reject({ failure: "not_adjacent", edge: [g.labels[u]!, g.labels[v]!], cycle_length: length }, `${g.labels[u]} and ${g.labels[v]} are not adjacent`);
    }
    return { verdict: "accepted", bindings: { cycle_length: length } };
  },
  postcondition(req, f) {
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    const b = f.bindings as Bindings;
    if (f.verdict === "accepted") return b.failure === undefined ? null : "an acceptance carries no failure";
    if (b.failure === undefined) return "a rejection names its failure";
    if (b.failure === "edge_within_side" || b.failure === "not_adjacent") {
      const [u, v] = b.edge ?? [];
      const idx = indexOf(req.graph);
      if (u === undefined || idx.get(u) < 0 || idx.get(v!) < 0) return "the named pair is not two vertices of the graph";
      if (b.failure === "not_adjacent" && new EdgeSet(req.graph).has(idx.get(u), idx.get(v!))) return "the named pair is adjacent";
    }
    return null;
  },
  examples: [
    {
      title: "a 2-colouring of a 4-cycle",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] }, claim: { bipartite: true, sides: [["a", "c"], ["b", "d"]] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a wrong colouring is rejected with the edge inside a side",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] }, claim: { bipartite: true, sides: [["a", "b"], ["c", "d"]] } },
      expected: { verdict: "rejected", bindings: { failure: "edge_within_side", edge: ["a", "b"] } },
    },
    {
      title: "a triangle proves a graph is not bipartite",
      payload: { graph: { vertices: ["x", "y", "z", "w"], edges: [["x", "y"], ["y", "z"], ["z", "x"], ["z", "w"]] }, claim: { bipartite: false, odd_cycle: ["x", "y", "z"] } },
      expected: { verdict: "accepted", bindings: { cycle_length: "3" } },
    },
    {
      title: "a claimed odd cycle with a missing edge is rejected",
      payload: { graph: { vertices: ["x", "y", "z", "w"], edges: [["x", "y"], ["y", "z"], ["z", "w"]] }, claim: { bipartite: false, odd_cycle: ["x", "y", "z"] } },
      expected: { verdict: "rejected", bindings: { failure: "not_adjacent", edge: ["z", "x"], cycle_length: "3" } },
    },
  ],
});
