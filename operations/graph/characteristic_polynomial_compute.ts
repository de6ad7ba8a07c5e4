import { type } from "arktype";
import { graphCharpoly, graphMatrix, type GraphMatrix } from "../../domain/math/graph/spectral.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { request, result } from "../_support/kinds.js";
import { resultPolynomial, univariate } from "./hard.js";
import { graphBounds, graphCompute, graphField } from "./support.js";

const MAX_VERTICES = 500;
const VARIABLE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

const Request = request({
  graph: graphField({ maxVertices: MAX_VERTICES, maxEdges: 250_000, weights: "allowed", directed: "either", loops: true, multi: true }, "the graph (directed or undirected; loops and parallel edges count)"),
  "matrix?": type("'adjacency' | 'laplacian' | 'signless_laplacian'").describe("which matrix M: adjacency A (default), Laplacian D − A, or signless Laplacian D + A (D the degrees; loops do not enter the Laplacian)"),
  "weighted?": type("boolean").describe("use the edge weights as the entries of A (default false: edge counts)"),
  "variable?": type("string").atMostLength(32).and(VARIABLE).describe('the variable of the result (default "x")'),
});
const Result = result({ characteristic_polynomial: resultPolynomial("det(xI − M): monic of degree n, over ZZ (over QQ for rational weights)") });
type Req = { graph: Graph; matrix?: GraphMatrix; weighted?: boolean; variable?: string };
type Res = { characteristic_polynomial: Polynomial };

export default graphCompute<Req, Res>({
  id: "graph.characteristic_polynomial.compute",
  title: "Characteristic polynomial of a graph's adjacency or Laplacian matrix",
  summary:
    "The characteristic polynomial det(xI − M) of a graph's adjacency matrix A, Laplacian D − A or signless Laplacian D + A, exactly (its roots are the graph's spectrum). " +
    "Multimodular Hessenberg reduction with Chinese remaindering to a proven coefficient bound; weighted graphs use their exact weights (over QQ). Directed graphs: A[u][v] counts arcs u → v, D the out-degrees.",
  keywords: ["characteristic polynomial", "graph spectrum", "adjacency matrix", "laplacian", "signless laplacian", "eigenvalues of a graph", "spectral graph theory", "kirchhoff matrix", "charpoly"],
  request: Request,
  result: Result,
  bounds: graphBounds(MAX_VERTICES, 250_000),
  cost_model: "units ≈ n³·k with k ≈ n·log2(max row sum)/26 + 2 primes below 2^26 (Hessenberg reduction modulo each) plus the CRT of n + 1 coefficients",
  budget: { max_units: 5e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const n = req.graph.n;
    const primes = (n * Math.log2(Math.max(2, req.graph.m / Math.max(1, n) + 2)) + n) / 26 + 2;
    return { units: n ** 3 * primes + req.graph.m, memory_bytes: 8 * n * n * 6 + 2 ** 20, basis: `${n} vertices, about ${Math.ceil(primes)} primes` };
  },
  execute(req, ctx) {
    const g = req.graph;
    const M = graphMatrix(g, req.matrix ?? "adjacency", req.weighted === true);
    return { characteristic_polynomial: univariate(graphCharpoly(M, () => ctx.checkpoint()), req.variable ?? "x") };
  },
  postcondition(req, res) {
    // Independent of the Hessenberg reduction: monic of degree n, x^{n−1} coefficient −trace(M).
    const p = res.characteristic_polynomial;
    const n = req.graph.n;
    if (!p.terms.length || p.terms[0]!.exponents[0] !== n) return "the degree is not n";
    const M = graphMatrix(req.graph, req.matrix ?? "adjacency", req.weighted === true);
    let trNum = 0n, trDen = 1n;
    for (let i = 0; i < n; i++) {
      const x = M[i]![i]!;
      trNum = trNum * x.den + x.num * trDen;
      trDen *= x.den;
    }
    const t = p.terms.find((t) => t.exponents[0] === n - 1);
    const c = t ? (typeof t.coeff === "bigint" ? { num: t.coeff, den: 1n } : (t.coeff as { num: bigint; den: bigint })) : { num: 0n, den: 1n };
    return c.num * trDen === -trNum * c.den ? null : "the x^(n−1) coefficient is not −trace(M)";
  },
  examples: [
    { title: "the Petersen graph: (x − 3)(x − 1)^5 (x + 2)^4", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"characteristic_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^10 - 15*x^8 + 75*x^6 - 24*x^5 - 165*x^4 + 120*x^3 + 120*x^2 - 160*x + 48","terms":[{"coefficient":"1","exponents":[10]},{"coefficient":"-15","exponents":[8]},{"coefficient":"75","exponents":[6]},{"coefficient":"-24","exponents":[5]},{"coefficient":"-165","exponents":[4]},{"coefficient":"120","exponents":[3]},{"coefficient":"120","exponents":[2]},{"coefficient":"-160","exponents":[1]},{"coefficient":"48","exponents":[0]}]}} },
    { title: "the Laplacian of a path on 3 vertices: x(x − 1)(x − 3)", payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] }, matrix: "laplacian" }, expected: {"characteristic_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^3 - 4*x^2 + 3*x","terms":[{"coefficient":"1","exponents":[3]},{"coefficient":"-4","exponents":[2]},{"coefficient":"3","exponents":[1]}]}} },
    { title: "a directed 3-cycle: x^3 − 1", payload: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] } }, expected: {"characteristic_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^3 - 1","terms":[{"coefficient":"1","exponents":[3]},{"coefficient":"-1","exponents":[0]}]}} },
    { title: "weighted: an edge of weight 1/2 gives x^2 − 1/4", payload: { graph: { vertices: ["a", "b"], edges: [["a", "b", "1/2"]] }, weighted: true, variable: "t" }, expected: {"characteristic_polynomial":{"ring":"QQ","variables":["t"],"expression":"t^2 - 1/4","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-1/4","exponents":[0]}]}} },
  ],
});
