import { minimumDominatingSet, packingLowerBound } from "../../domain/math/graph/domination.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { dense, effortField, HARD_BUDGET, MAX_COLOURING_VERTICES, nodesFor, searchEstimate, sortedNames, type Effort } from "./hard.js";
import { DOMINATING_KIND, dominatingShape, type DominatingValue } from "./hard_shapes.js";
import { domination } from "./domination_support.js";
import { graphBounds, graphCompute } from "./support.js";

const Request = request({ graph: domination.graphField(), "effort?": effortField() });
const Result = result(dominatingShape(), DOMINATING_KIND);
type Req = { graph: Graph; effort?: Effort };

export default graphCompute<Req, DominatingValue>({
  id: "graph.minimum_dominating_set.compute",
  title: "Domination number and a minimum dominating set",
  summary:
    "The domination number γ(G) of an undirected graph and a minimum dominating set (every vertex in the set or adjacent to one in it), with a 2-packing of γ vertices as the certificate when one exists. " +
    "Branch and bound on the set-cover form: the undominated vertex with fewest candidate dominators is covered in every way, tried candidates excluded afterwards; bounds by the largest coverage and by a packing " +
    "of undominated vertices with disjoint dominators; greedy incumbent. Out of the effort's budget the result is INCOMPLETE with the best set and a packing bound. Checked by graph.minimum_dominating_set.verify.",
  keywords: ["minimum dominating set", "domination number", "dominating set", "gamma", "set cover", "2-packing", "covering vertices", "branch and bound"],
  request: Request,
  result: Result as never,
  bounds: [...graphBounds(MAX_COLOURING_VERTICES, 500_000), { name: "search_nodes", limit: 20_000_000, unit: "branch nodes", description: "the thorough effort's budget of branch nodes; beyond it the result is INCOMPLETE with its bounds" }],
  cost_model: "units = (search nodes of the effort) × (n + 32)·(n/32 + 1): each node recomputes the coverage of every candidate over a bitset of n/32 words",
  budget: HARD_BUDGET,
  progress_measure: "none (the search's size is not known in advance)",
  preflight: (req) => searchEstimate(req.graph, req.effort, (req.graph.n + 32) * (Math.ceil(req.graph.n / 32) + 1)),
  ports: { outputs: { result: { field: ".", description: "the whole result: the claim of graph.minimum_dominating_set.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const d = dense(g);
    const r = minimumDominatingSet(d, { maxNodes: nodesFor(req.effort), tick: () => ctx.checkpoint() });
    const packing = packingLowerBound(d);
    const exact = r.complete || packing.length === r.set.length;
    const lower = exact ? r.set.length : Math.max(r.lowerBound, packing.length);
    return {
      status: exact ? "EXACT" : "INCOMPLETE",
      ...(exact ? { domination_number: String(r.set.length) } : {}),
      lower_bound: String(lower),
      upper_bound: String(r.set.length),
      dominating_set: sortedNames(g, r.set),
      ...(packing.length === lower ? { packing: sortedNames(g, packing) } : {}),
    };
  },
  postcondition(req, res) {
    return domination.problem(req.graph, res)?.reason ?? null;
  },
  examples: [
    { title: "the Petersen graph: γ = 3", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"status":"EXACT","domination_number":"3","lower_bound":"3","upper_bound":"3","dominating_set":["0","2","6"]} },
    {
      title: "a path of 7 vertices: γ = 3, certified by a 2-packing of 3 vertices",
      payload: { graph: { vertices: ["1", "2", "3", "4", "5", "6", "7"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "6"], ["6", "7"]] } },
      expected: {"status":"EXACT","domination_number":"3","lower_bound":"3","upper_bound":"3","dominating_set":["2","5","6"],"packing":["1","4","7"]},
    },
    { title: "isolated vertices dominate only themselves", payload: { graph: { vertices: ["x", "y"], edges: [] } }, expected: {"status":"EXACT","domination_number":"2","lower_bound":"2","upper_bound":"2","dominating_set":["x","y"],"packing":["x","y"]} },
  ],
});
