import { type } from "arktype";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, request } from "../_support/kinds.js";
import { TOPOLOGICAL_KIND, topologicalShapes, type TopologicalValue } from "./shapes.js";
import { EdgeSet, graphBounds, graphChecker, graphField, indexOf, label, resolve } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "directed", loops: true, multi: true }, "the directed graph (weights are ignored)"),
  claim: claimOf(topologicalShapes(), TOPOLOGICAL_KIND, "the claim: the value of graph.topological_order.compute unchanged — { acyclic: true, order } or { acyclic: false, cycle }"),
});
type Req = { graph: Graph; claim: TopologicalValue };

const Bindings = type({
  "failure?": type("'unknown_vertex' | 'not_a_permutation' | 'backward_arc' | 'not_an_arc' | 'empty_cycle'").describe("why the claim was rejected"),
  "arc?": label().array().exactlyLength(2).describe("backward_arc: an arc u → v with v before u in the order; not_an_arc: consecutive cycle vertices [u, v] without an arc u → v"),
  "vertex?": label().describe("not_a_permutation: a vertex missing from the order or listed twice"),
});
type Bindings = typeof Bindings.infer;

export default graphChecker<Req>({
  id: "graph.topological_order.verify",
  title: "Verify a topological order or a directed cycle",
  summary:
    "Checks a claim about a directed graph — the value of graph.topological_order.compute as it is: an order is accepted when it lists every vertex once and every arc goes forward; " +
    "a directed cycle (which rules out every order) when each consecutive pair, the last to the first, is an arc. Rejects with the backward arc or the missing arc.",
  keywords: ["topological order", "topological sort", "verify", "check", "dag", "directed cycle", "certificate", "acyclic"],
  request: Request as never,
  bindings: Bindings,
  method: "Certificate check without sorting: positions of the claimed order, then one pass over the arcs (each must go forward); or, for a cycle, a hash lookup of each consecutive arc.",
  bounds: graphBounds(),
  cost_model: "units = n + m",
  budget: { max_units: 1e8, max_memory_bytes: 768 * 2 ** 20, timeout_ms: 30_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 40 * req.graph.n + 64 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} arcs` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.topological_order.compute" } } },
  execute(req): CheckerFinding {
    const g = req.graph, claim = req.claim, L = g.labels;
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    const idx = indexOf(g);
    if (claim.acyclic) {
      const order = resolve(idx, claim.order, "order");
      if (typeof order === "string") return reject({ failure: "unknown_vertex" }, order);
      const pos = new Int32Array(g.n).fill(-1);
      for (let i = 0; i < order.length; i++) {
        if (pos[order[i]!] !== -1) return reject({ failure: "not_a_permutation", vertex: L[order[i]!]! }, `${L[order[i]!]} is listed twice`);
        pos[order[i]!] = i;
      }
      for (let v = 0; v < g.n; v++) if (pos[v] === -1) return reject({ failure: "not_a_permutation", vertex: L[v]! }, `${L[v]} is missing from the order`);
      for (let e = 0; e < g.m; e++) {
        const u = g.src[e]!, v = g.dst[e]!;
        if (pos[u]! >= pos[v]!) return reject({ failure: "backward_arc", arc: [L[u]!, L[v]!] }, `the arc ${L[u]} → ${L[v]} does not go forward`);
      }
      return { verdict: "accepted", bindings: {} };
    }
    const c = resolve(idx, claim.cycle, "cycle");
    if (typeof c === "string") return reject({ failure: "unknown_vertex" }, c);
    if (c.length === 0) return reject({ failure: "empty_cycle" }, "the cycle has no vertices");
    const arcs = new EdgeSet(g);
    for (let i = 0; i < c.length; i++) {
      const u = c[i]!, v = c[(i + 1) % c.length]!;
      if (!arcs.has(u, v)) return reject({ failure: "not_an_arc", arc: [L[u]!, L[v]!] }, `${L[u]} → ${L[v]} is not an arc`);
    }
    return { verdict: "accepted", bindings: {} };
  },
  postcondition(_req, f) {
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    return (f.verdict === "accepted") === ((f.bindings as Bindings).failure === undefined) ? null : "a rejection names its failure, an acceptance none";
  },
  examples: [
    {
      title: "a valid order",
      payload: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["a", "c"], ["b", "c"]] }, claim: { acyclic: true, order: ["a", "b", "c"] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "an arc going backwards is the counterexample",
      payload: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["a", "c"], ["b", "c"]] }, claim: { acyclic: true, order: ["a", "c", "b"] } },
      expected: { verdict: "rejected", bindings: { failure: "backward_arc", arc: ["b", "c"] } },
    },
    {
      title: "a directed cycle proves there is no order",
      payload: { graph: { directed: true, vertices: ["x", "y"], edges: [["x", "y"], ["y", "x"]] }, claim: { acyclic: false, cycle: ["x", "y"] } },
      expected: { verdict: "accepted", bindings: {} },
    },
  ],
});
