import { type } from "arktype";
import { arcDegrees, degrees } from "../../domain/math/graph/degrees.js";
import { components } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, request } from "../_support/kinds.js";
import { EULERIAN_KIND, eulerianShapes, type EulerianValue } from "./shapes.js";
import { graphBounds, graphChecker, graphField, indexOf, label, resolve } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "either", loops: true, multi: true }, "the graph (weights are ignored)"),
  claim: claimOf(eulerianShapes(), EULERIAN_KIND, "the claim: the value of graph.eulerian.compute unchanged — a circuit or trail { eulerian, vertices, edges }, or { eulerian: 'none', reason, witness }"),
});
type Req = { graph: Graph; claim: EulerianValue };

const Bindings = type({
  "failure?": type("'unknown_vertex' | 'bad_edge' | 'edge_repeated' | 'edge_missing' | 'walk_broken' | 'not_closed' | 'witness_insufficient' | 'connected'").describe("why the claim was rejected"),
  "position?": type("string").atMostLength(8).describe("the position in the walk (or the edge number) at fault"),
});
type Bindings = typeof Bindings.infer;

export default graphChecker<Req>({
  id: "graph.eulerian.verify",
  title: "Verify an Eulerian circuit or trail, or an obstruction to one",
  summary:
    "Checks a claim about Eulerian walks — the value of graph.eulerian.compute as it is: a circuit or trail must use every edge exactly once, consecutive edges meeting at the listed vertices " +
    "(and a circuit must end where it starts); an obstruction must show more than two odd-degree vertices (directed: an imbalance no trail allows) or two edges in different components.",
  keywords: ["eulerian circuit", "eulerian trail", "verify", "check", "euler tour", "certificate", "odd degree", "hierholzer"],
  request: Request as never,
  bindings: Bindings,
  method:
    "Walk check: each listed edge position is a valid edge, used once, every edge used, and edge i joins vertices[i] and vertices[i + 1] (directed: from, to). Obstructions: degrees counted for the witnessed " +
    "vertices (odd degrees: at least three odd; directed: an |out − in| ≥ 2, or two vertices with out − in = 1, or two with −1); disconnection by a component labelling of the underlying graph.",
  bounds: graphBounds(),
  cost_model: "units = n + m",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 30_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 16 * req.graph.n + 8 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.eulerian.compute" } } },
  execute(req): CheckerFinding {
    const g = req.graph, claim = req.claim, idx = indexOf(g);
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    if (claim.eulerian === "none") {
      const w = resolve(idx, claim.witness, "witness");
      if (typeof w === "string") return reject({ failure: "unknown_vertex" }, w);
      const distinct = [...new Set(w)];
      if (claim.reason === "odd_degrees") {
        if (g.directed) return reject({ failure: "witness_insufficient" }, "odd degrees are the undirected obstruction; a directed graph's is unbalanced");
        const d = degrees(g);
        const odd = distinct.filter((v) => d[v]! % 2 === 1).length;
        return odd >= 3 ? { verdict: "accepted", bindings: {} } : reject({ failure: "witness_insufficient" }, `only ${odd} of the witnessed vertices have odd degree; more than two are needed`);
      }
      if (claim.reason === "unbalanced") {
        if (!g.directed) return reject({ failure: "witness_insufficient" }, "unbalanced degrees are the directed obstruction");
        const { out, in: inn } = arcDegrees(g);
        let plus = 0, minus = 0, big = false;
        for (const v of distinct) {
          const x = out[v]! - inn[v]!;
          if (x === 1) plus++;
          else if (x === -1) minus++;
          else if (x !== 0) big = true;
        }
        return big || plus >= 2 || minus >= 2 ? { verdict: "accepted", bindings: {} } : reject({ failure: "witness_insufficient" }, "the witnessed imbalances allow a trail");
      }
      if (distinct.length !== 2) return reject({ failure: "witness_insufficient" }, "disconnection is witnessed by two vertices");
      const d = g.directed ? (() => { const a = arcDegrees(g); return a.out.map((x, v) => x + a.in[v]!); })() : degrees(g);
      if (!d[distinct[0]!] || !d[distinct[1]!]) return reject({ failure: "witness_insufficient" }, "both witnessed vertices must have edges");
      const { comp } = components(g);
      return comp[distinct[0]!] !== comp[distinct[1]!] ? { verdict: "accepted", bindings: {} } : reject({ failure: "connected" }, "the two vertices are in one component");
    }
    const vs = resolve(idx, claim.vertices, "vertices");
    if (typeof vs === "string") return reject({ failure: "unknown_vertex" }, vs);
    const es = claim.edges as unknown[];
    const used = new Uint8Array(g.m);
    if (vs.length !== (es.length ? es.length + 1 : 0)) return reject({ failure: "walk_broken" }, "a walk of k edges lists k + 1 vertices");
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      if (typeof e !== "number" || !Number.isInteger(e) || e < 0 || e >= g.m) return reject({ failure: "bad_edge", position: String(i) }, `position ${i} is not an edge number`);
      if (used[e]) return reject({ failure: "edge_repeated", position: String(i) }, `edge ${e} is used twice`);
      used[e] = 1;
      const a = vs[i]!, b = vs[i + 1]!, u = g.src[e]!, v = g.dst[e]!;
      const ok = g.directed ? a === u && b === v : (a === u && b === v) || (a === v && b === u);
      if (!ok) return reject({ failure: "walk_broken", position: String(i) }, `edge ${e} does not join the walk's vertices ${i} and ${i + 1}`);
    }
    for (let e = 0; e < g.m; e++) if (!used[e]) return reject({ failure: "edge_missing", position: String(e) }, `edge ${e} is not used`);
    if (claim.eulerian === "circuit" && vs.length && vs[0] !== vs[vs.length - 1]) return reject({ failure: "not_closed" }, "a circuit ends where it starts");
    return { verdict: "accepted", bindings: {} };
  },
  postcondition(_req, f) {
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    return (f.verdict === "accepted") === ((f.bindings as Bindings).failure === undefined) ? null : "a rejection names its failure, an acceptance none";
  },
  examples: [
    {
      title: "a triangle's circuit",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] }, claim: { eulerian: "circuit", vertices: ["a", "b", "c", "a"], edges: [0, 1, 2] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a walk that skips an edge is rejected",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] }, claim: { eulerian: "trail", vertices: ["a", "b", "c"], edges: [0, 1] } },
      expected: { verdict: "rejected", bindings: { failure: "edge_missing", position: "2" } },
    },
    {
      title: "the Königsberg obstruction: four odd vertices",
      payload: { graph: { vertices: ["A", "B", "C", "D"], edges: [["A", "B"], ["A", "B"], ["A", "C"], ["A", "C"], ["A", "D"], ["B", "D"], ["C", "D"]] }, claim: { eulerian: "none", reason: "odd_degrees", witness: ["A", "B", "C", "D"] } },
      expected: { verdict: "accepted", bindings: {} },
    },
  ],
});
