import { type } from "arktype";
import { chromaticPolynomial, PolynomialBudgetError } from "../../domain/math/graph/polynomials.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { oneOf, request } from "../_support/kinds.js";
import { bipartition } from "../../domain/math/graph/traverse.js";
import { effortField, HARD_BUDGET, nodesFor, resultPolynomial, univariate, type Effort } from "./hard.js";
import { graphBounds, graphCompute, graphField } from "./support.js";

const MAX_VERTICES = 64;
const Request = request({
  graph: graphField({ maxVertices: MAX_VERTICES, maxEdges: 2_016, weights: "allowed", directed: "undirected", loops: false, multi: true }, "the undirected graph (weights are ignored, parallel edges count once)"),
  "effort?": effortField(),
});
const Result = oneOf([
  { status: "'EXACT'", chromatic_polynomial: resultPolynomial("P(G; x): the number of proper colourings with x colours, monic of degree n, over ZZ in the variable x") },
  { status: "'INCOMPLETE'", reason: type("string").atMostLength(200).describe("the deletion–contraction budget of the effort ran out") },
] as const);
type Req = { graph: Graph; effort?: Effort };
type Res = { status: "EXACT"; chromatic_polynomial: Polynomial } | { status: "INCOMPLETE"; reason: string };

export default graphCompute<Req, Res>({
  id: "graph.chromatic_polynomial.compute",
  title: "Chromatic polynomial P(G; x): the number of proper colourings with x colours",
  summary:
    "The chromatic polynomial P(G; x) of an undirected graph of at most 64 vertices, exactly: P(G; k) counts the proper colourings with k colours. " +
    "Deletion–contraction (addition–contraction on dense graphs) with memoisation on canonical forms, products over components and blocks, and simplicial vertices peeled as factors (x − d). " +
    "Out of the effort's budget: INCOMPLETE.",
  keywords: ["chromatic polynomial", "number of colourings", "number of colorings", "proper colourings", "deletion contraction", "graph polynomial", "birkhoff", "colouring count"],
  request: Request,
  result: Result as never,
  bounds: [...graphBounds(MAX_VERTICES, 2_016), { name: "recursion_nodes", limit: 20_000_000, unit: "nodes", description: "the thorough effort's budget of deletion–contraction steps plus the search nodes of the canonical labellings that key the memo" }],
  cost_model: "units = (nodes of the effort) × (n² + m·log2 n + 64): a node is a deletion–contraction step (reduce and split a graph of at most n vertices) or a search node of the canonical labelling that keys the memo (one refinement)",
  budget: HARD_BUDGET,
  progress_measure: "none (the recursion's size is not known in advance)",
  preflight: (req) => ({ units: nodesFor(req.effort) * (req.graph.n ** 2 + req.graph.m * Math.log2(req.graph.n + 2) + 64), memory_bytes: 256 * 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges; at most ${nodesFor(req.effort)} recursion nodes` }),
  execute(req, ctx) {
    const g = req.graph;
    const edges = Array.from({ length: g.m }, (_, e) => [g.src[e]!, g.dst[e]!] as [number, number]);
    try {
      const { coefficients } = chromaticPolynomial(g.n, edges, { maxNodes: nodesFor(req.effort), tick: () => ctx.checkpoint() });
      return { status: "EXACT", chromatic_polynomial: univariate(coefficients, "x") };
    } catch (e) {
      if (!(e instanceof PolynomialBudgetError)) throw e;
      return { status: "INCOMPLETE", reason: `deletion–contraction stopped after ${e.nodes} nodes (${req.effort ?? "standard"} effort)` };
    }
  },
  postcondition(req, res) {
    if (res.status !== "EXACT") return null;
    // Independent facts: monic of degree n; P(G; 2) = 2^c for a bipartite graph with c components, else 0.
    const g = req.graph, p = res.chromatic_polynomial;
    if (g.n > 0 && (p.terms[0]?.exponents[0] !== g.n || p.terms[0]?.coeff !== 1n)) return "not monic of degree n";
    const at2 = p.terms.reduce((s, t) => s + (t.coeff as bigint) * 2n ** BigInt(t.exponents[0]!), 0n);
    const b = bipartition(g);
    if (!("side" in b)) return at2 === 0n ? null : "a non-bipartite graph has no 2-colouring";
    const parent = Int32Array.from({ length: g.n }, (_, i) => i);
    const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
    for (let e = 0; e < g.m; e++) parent[find(g.src[e]!)] = find(g.dst[e]!);
    let c = 0;
    for (let v = 0; v < g.n; v++) if (find(v) === v) c++;
    return at2 === 2n ** BigInt(c) ? null : "P(G; 2) is not 2^(number of components) for a bipartite graph";
  },
  examples: [
    { title: "the Petersen graph", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"status":"EXACT","chromatic_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^10 - 15*x^9 + 105*x^8 - 455*x^7 + 1353*x^6 - 2861*x^5 + 4275*x^4 - 4305*x^3 + 2606*x^2 - 704*x","terms":[{"coefficient":"1","exponents":[10]},{"coefficient":"-15","exponents":[9]},{"coefficient":"105","exponents":[8]},{"coefficient":"-455","exponents":[7]},{"coefficient":"1353","exponents":[6]},{"coefficient":"-2861","exponents":[5]},{"coefficient":"4275","exponents":[4]},{"coefficient":"-4305","exponents":[3]},{"coefficient":"2606","exponents":[2]},{"coefficient":"-704","exponents":[1]}]}} },
    { title: "a 4-cycle: (x − 1)^4 + (x − 1)", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] } }, expected: {"status":"EXACT","chromatic_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^4 - 4*x^3 + 6*x^2 - 3*x","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"-4","exponents":[3]},{"coefficient":"6","exponents":[2]},{"coefficient":"-3","exponents":[1]}]}} },
    { title: "a tree on 4 vertices: x(x − 1)^3", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["a", "c"], ["a", "d"]] } }, expected: {"status":"EXACT","chromatic_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^4 - 3*x^3 + 3*x^2 - x","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"-3","exponents":[3]},{"coefficient":"3","exponents":[2]},{"coefficient":"-1","exponents":[1]}]}} },
    { title: "K4: x(x − 1)(x − 2)(x − 3)", payload: { graph: { vertices: ["1", "2", "3", "4"], edges: [["1", "2"], ["1", "3"], ["1", "4"], ["2", "3"], ["2", "4"], ["3", "4"]] } }, expected: {"status":"EXACT","chromatic_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^4 - 6*x^3 + 11*x^2 - 6*x","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"-6","exponents":[3]},{"coefficient":"11","exponents":[2]},{"coefficient":"-6","exponents":[1]}]}} },
  ],
});
