import { type } from "arktype";
import { dominatingSetOfSize } from "../../domain/math/graph/domination.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { dense, MAX_COLOURING_VERTICES } from "./hard.js";
import { DOMINATING_KIND, dominatingShape, type DominatingValue } from "./hard_shapes.js";
import { domination } from "./domination_support.js";
import { graphBounds, graphChecker, label, names } from "./support.js";

/** Without a packing certificate, the checker enumerates (lower_bound − 1)-subsets of graphs this small. */
const ENUMERATION_MAX_VERTICES = 32;
const MAX_SUBSETS = 20_000_000;

const Request = request({ graph: domination.graphField(), claim: object(dominatingShape(), DOMINATING_KIND, "the claim: the value of graph.minimum_dominating_set.compute unchanged") });
type Req = { graph: Graph; claim: DominatingValue };

const Bindings = type({
  "failure?": type("'malformed' | 'undominated' | 'wrong_size' | 'bad_packing' | 'inconsistent' | 'smaller_found'").describe("why the claim was rejected"),
  "vertex?": label().describe("undominated: a vertex neither in the set nor adjacent to it"),
  "pair?": label().array().exactlyLength(2).describe("bad_packing: two packing vertices one vertex dominates"),
  "smaller?": label().array().describe("smaller_found: a dominating set below the claimed lower bound"),
  "lower_bound_by?": type("'packing' | 'enumeration'").describe("accepted: what proved the lower bound"),
});
type Bindings = typeof Bindings.infer;

export default graphChecker<Req>({
  id: "graph.minimum_dominating_set.verify",
  title: "Verify a minimum dominating set claim: the set and the bound on every dominating set",
  summary:
    "Checks a claimed domination number — the value of graph.minimum_dominating_set.compute as it is: every vertex is in the set or adjacent to it, and no smaller dominating set exists, by the claim's 2-packing " +
    "or, on graphs of at most 32 vertices, by enumerating every smaller vertex set; a smaller dominating set found is the counterexample.",
  keywords: ["minimum dominating set", "domination number", "verify", "check", "certificate", "dominating set", "2-packing"],
  request: Request as never,
  bindings: Bindings,
  method:
    "Domination by marking the set and its neighbours (one pass over the edges). The lower bound by the claim's packing: vertices no two of which are adjacent or share a neighbour need distinct dominators " +
    `(checked by marking each one's closed neighbourhood). Otherwise, on graphs of at most ${ENUMERATION_MAX_VERTICES} vertices, every vertex set of size lower_bound − 1 is enumerated with 32-bit closed-neighbourhood masks ` +
    `(no branching rule and no bound, unlike the producer's branch and bound), up to ${MAX_SUBSETS} sets: one that dominates is the counterexample; none proves the bound; more sets, or larger graphs, give non_conclusion.`,
  bounds: [...graphBounds(MAX_COLOURING_VERTICES, 500_000), { name: "enumeration_vertices", limit: ENUMERATION_MAX_VERTICES, unit: "vertices", description: "without a packing, the checker enumerates smaller sets only up to this size" }],
  cost_model: `units = n + m, plus C(n, lower_bound − 1) · (lower_bound) mask operations (at most ${MAX_SUBSETS} sets) without a packing`,
  budget: { max_units: 1e10, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 120_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m + (req.claim.packing ? 0 : MAX_SUBSETS * 4), memory_bytes: 64 * req.graph.n + 64 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.minimum_dominating_set.compute" } } },
  execute(req, ctx): CheckerFinding {
    const g = req.graph, claim = req.claim;
    const p = domination.problem(g, claim);
    if (p) return { verdict: "rejected", bindings: { failure: p.failure, ...(p.vertex ? { vertex: p.vertex } : {}), ...(p.pair ? { pair: p.pair } : {}) }, reason: p.reason };
    if (claim.packing !== undefined) return { verdict: "accepted", bindings: { lower_bound_by: "packing" } };
    const lower = Number(claim.lower_bound);
    if (lower <= 1) return g.n === 0 || lower === 1 ? { verdict: "accepted", bindings: { lower_bound_by: "enumeration" } } : { verdict: "non_conclusion", bindings: {}, reason: "a nonempty graph needs a dominating vertex" };
    if (g.n > ENUMERATION_MAX_VERTICES) return { verdict: "non_conclusion", bindings: {}, reason: `no packing certificate, and the graph has more than ${ENUMERATION_MAX_VERTICES} vertices to enumerate` };
    const found = dominatingSetOfSize(dense(g), lower - 1, MAX_SUBSETS, () => ctx.checkpoint());
    if (found === undefined) return { verdict: "non_conclusion", bindings: {}, reason: `no packing certificate, and there are more than ${MAX_SUBSETS} vertex sets of size ${lower - 1} to enumerate` };
    if (found) return { verdict: "rejected", bindings: { failure: "smaller_found", smaller: names(g, found) }, reason: `${found.length} vertices dominate the graph, below the claimed lower bound ${lower}` };
    return { verdict: "accepted", bindings: { lower_bound_by: "enumeration" } };
  },
  postcondition(_req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "rejected" && b.failure === undefined) return "a rejection names its failure";
    if (f.verdict === "accepted" && (b.failure !== undefined || b.lower_bound_by === undefined)) return "an acceptance says what proved the lower bound";
    return null;
  },
  examples: [
    {
      title: "a path of 7 vertices: 3 dominators, and a 2-packing of 3 vertices",
      payload: {
        graph: { vertices: ["1", "2", "3", "4", "5", "6", "7"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "6"], ["6", "7"]] },
        claim: { status: "EXACT", domination_number: "3", lower_bound: "3", upper_bound: "3", dominating_set: ["2", "5", "7"], packing: ["1", "4", "7"] },
      },
      expected: {"verdict":"accepted","bindings":{"lower_bound_by":"packing"}},
    },
    {
      title: "a set that leaves a vertex undominated is rejected",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"]] }, claim: { status: "EXACT", domination_number: "1", lower_bound: "1", upper_bound: "1", dominating_set: ["b"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"undominated","vertex":"d"}},
    },
    {
      title: "a 5-cycle claimed to need 3: two vertices dominate it",
      payload: { graph: { vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "a"]] }, claim: { status: "EXACT", domination_number: "3", lower_bound: "3", upper_bound: "3", dominating_set: ["a", "b", "d"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"smaller_found","smaller":["a","c"]}},
    },
  ],
});
