import { type } from "arktype";
import { evaluate2, PolynomialBudgetError, tuttePolynomial } from "../../domain/math/graph/polynomials.js";
import { spanningTreeCount } from "../../domain/math/graph/spectral.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { oneOf, request } from "../_support/kinds.js";
import { bivariate, effortField, HARD_BUDGET, nodesFor, resultPolynomial, type Effort } from "./hard.js";
import { graphBounds, graphCompute, graphField } from "./support.js";

const MAX_VERTICES = 64;
const MAX_EDGES = 200;
const Request = request({
  graph: graphField({ maxVertices: MAX_VERTICES, maxEdges: MAX_EDGES, weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected multigraph (loops and parallel edges allowed; weights are ignored)"),
  "effort?": effortField(),
});
const Result = oneOf([
  { status: "'EXACT'", tutte_polynomial: resultPolynomial("T(G; x, y) over ZZ in the variables x, y") },
  { status: "'INCOMPLETE'", reason: type("string").atMostLength(200).describe("the deletion–contraction budget of the effort ran out") },
] as const);
type Req = { graph: Graph; effort?: Effort };
type Res = { status: "EXACT"; tutte_polynomial: Polynomial } | { status: "INCOMPLETE"; reason: string };

export default graphCompute<Req, Res>({
  id: "graph.tutte_polynomial.compute",
  title: "Tutte polynomial T(G; x, y) of a small multigraph",
  summary:
    "The Tutte polynomial T(G; x, y) of an undirected multigraph of at most 200 edges, exactly; it specialises to the chromatic and flow polynomials, the reliability polynomial, the number of spanning trees T(1, 1), " +
    "forests T(2, 1) and connected spanning subgraphs T(1, 2), and T(2, 2) = 2^m. Deletion–contraction over parallel classes, multiplicative over blocks (loops: factors y; bridges: x; cycles in closed form), " +
    "memoised on canonical forms (Haggard–Pearce–Royle). Out of the effort's budget: INCOMPLETE.",
  keywords: ["tutte polynomial", "tutte", "dichromatic polynomial", "deletion contraction", "graph polynomial", "reliability polynomial", "flow polynomial", "spanning subgraphs"],
  request: Request,
  result: Result as never,
  bounds: [...graphBounds(MAX_VERTICES, MAX_EDGES), { name: "recursion_nodes", limit: 20_000_000, unit: "nodes", description: "the thorough effort's budget of deletion–contraction steps plus the search nodes of the canonical labellings that key the memo" }],
  cost_model: "units = (nodes of the effort) × (m² + 64): a node is a deletion–contraction step (split a multigraph of m edges into blocks) or a search node of the canonical labelling of a block's subdivision graph that keys the memo",
  budget: HARD_BUDGET,
  progress_measure: "none (the recursion's size is not known in advance)",
  preflight: (req) => ({ units: nodesFor(req.effort) * (req.graph.m ** 2 + 64), memory_bytes: 512 * 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges; at most ${nodesFor(req.effort)} recursion nodes` }),
  execute(req, ctx) {
    const g = req.graph;
    const edges = Array.from({ length: g.m }, (_, e) => [g.src[e]!, g.dst[e]!] as [number, number]);
    try {
      const { coefficients } = tuttePolynomial(g.n, edges, { maxNodes: nodesFor(req.effort), tick: () => ctx.checkpoint() });
      return { status: "EXACT", tutte_polynomial: bivariate(coefficients, ["x", "y"]) };
    } catch (e) {
      if (!(e instanceof PolynomialBudgetError)) throw e;
      return { status: "INCOMPLETE", reason: `deletion–contraction stopped after ${e.nodes} nodes (${req.effort ?? "standard"} effort)` };
    }
  },
  postcondition(req, res) {
    if (res.status !== "EXACT") return null;
    // Independent facts: T(2, 2) = 2^m, and for a connected graph T(1, 1) = the number of spanning trees (matrix-tree theorem).
    const g = req.graph;
    const t: bigint[][] = [];
    for (const term of res.tutte_polynomial.terms) {
      const [i, j] = term.exponents as [number, number];
      (t[i] ??= [])[j] = term.coeff as bigint;
    }
    if (evaluate2(t, 2n, 2n) !== 2n ** BigInt(g.m)) return "T(2, 2) is not 2^m";
    const parent = Int32Array.from({ length: g.n }, (_, i) => i);
    const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
    for (let e = 0; e < g.m; e++) parent[find(g.src[e]!)] = find(g.dst[e]!);
    let c = 0;
    for (let v = 0; v < g.n; v++) if (find(v) === v) c++;
    if (c === 1 && evaluate2(t, 1n, 1n) !== spanningTreeCount(g, false).num) return "T(1, 1) is not the number of spanning trees";
    return null;
  },
  examples: [
    { title: "a triangle: x^2 + x + y", payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] } }, expected: {"status":"EXACT","tutte_polynomial":{"ring":"ZZ","variables":["x","y"],"expression":"x^2 + x + y","terms":[{"coefficient":"1","exponents":[2,0]},{"coefficient":"1","exponents":[1,0]},{"coefficient":"1","exponents":[0,1]}]}} },
    { title: "K4: x^3 + 3x^2 + 2x + 4xy + 2y + 3y^2 + y^3", payload: { graph: { vertices: ["1", "2", "3", "4"], edges: [["1", "2"], ["1", "3"], ["1", "4"], ["2", "3"], ["2", "4"], ["3", "4"]] } }, expected: {"status":"EXACT","tutte_polynomial":{"ring":"ZZ","variables":["x","y"],"expression":"x^3 + 3*x^2 + 4*x*y + 2*x + y^3 + 3*y^2 + 2*y","terms":[{"coefficient":"1","exponents":[3,0]},{"coefficient":"3","exponents":[2,0]},{"coefficient":"4","exponents":[1,1]},{"coefficient":"2","exponents":[1,0]},{"coefficient":"1","exponents":[0,3]},{"coefficient":"3","exponents":[0,2]},{"coefficient":"2","exponents":[0,1]}]}} },
    { title: "a loop and a bridge: x·y", payload: { graph: { vertices: ["a", "b"], edges: [["a", "a"], ["a", "b"]] } }, expected: {"status":"EXACT","tutte_polynomial":{"ring":"ZZ","variables":["x","y"],"expression":"x*y","terms":[{"coefficient":"1","exponents":[1,1]}]}} },
    { title: "the Petersen graph", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"status":"EXACT","tutte_polynomial":{"ring":"ZZ","variables":["x","y"],"expression":"x^9 + 6*x^8 + 21*x^7 + 56*x^6 + 12*x^5*y + 114*x^5 + 70*x^4*y + 170*x^4 + 30*x^3*y^2 + 170*x^3*y + 180*x^3 + 15*x^2*y^3 + 105*x^2*y^2 + 240*x^2*y + 120*x^2 + 10*x*y^4 + 65*x*y^3 + 171*x*y^2 + 168*x*y + 36*x + y^6 + 9*y^5 + 35*y^4 + 75*y^3 + 84*y^2 + 36*y","terms":[{"coefficient":"1","exponents":[9,0]},{"coefficient":"6","exponents":[8,0]},{"coefficient":"21","exponents":[7,0]},{"coefficient":"56","exponents":[6,0]},{"coefficient":"12","exponents":[5,1]},{"coefficient":"114","exponents":[5,0]},{"coefficient":"70","exponents":[4,1]},{"coefficient":"170","exponents":[4,0]},{"coefficient":"30","exponents":[3,2]},{"coefficient":"170","exponents":[3,1]},{"coefficient":"180","exponents":[3,0]},{"coefficient":"15","exponents":[2,3]},{"coefficient":"105","exponents":[2,2]},{"coefficient":"240","exponents":[2,1]},{"coefficient":"120","exponents":[2,0]},{"coefficient":"10","exponents":[1,4]},{"coefficient":"65","exponents":[1,3]},{"coefficient":"171","exponents":[1,2]},{"coefficient":"168","exponents":[1,1]},{"coefficient":"36","exponents":[1,0]},{"coefficient":"1","exponents":[0,6]},{"coefficient":"9","exponents":[0,5]},{"coefficient":"35","exponents":[0,4]},{"coefficient":"75","exponents":[0,3]},{"coefficient":"84","exponents":[0,2]},{"coefficient":"36","exponents":[0,1]}]}} },
  ],
});
