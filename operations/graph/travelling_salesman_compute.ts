import { type } from "arktype";
import { heldKarp } from "../../domain/math/graph/tsp.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, ratAdd, ratCompare, ZERO, type Rational } from "../../domain/math/rational.js";
import { oneOf, request } from "../_support/kinds.js";
import { exact, graphBounds, graphCompute, graphField, indexOf, labels, names, resolve } from "./support.js";

/** Held–Karp keeps 2^(n−1)·(n−1) partial tour weights: 20 vertices is 10^7 doubles. */
const MAX_VERTICES = 20;

const Request = request({
  graph: graphField({ maxVertices: MAX_VERTICES, maxEdges: 1_000, weights: "required", directed: "either", loops: true, multi: true }, "the weighted graph (undirected: symmetric; directed: asymmetric costs; missing edges cannot be used, loops are ignored, the lightest parallel edge counts)"),
});
const Result = oneOf([
  {
    status: "'OPTIMAL'",
    tour: labels("a tour of least weight: every vertex once, starting at the first vertex, returning to it from the last"),
    weight: exact("the tour's total weight (exact)"),
  },
  { status: "'NO_TOUR'", reason: type("string").atMostLength(200).describe("why no tour exists: the graph has no Hamiltonian cycle") },
] as const);
type Req = { graph: Graph };
type Res = { status: "OPTIMAL"; tour: string[]; weight: string } | { status: "NO_TOUR"; reason: string };

/** The least weight of an arc u → v (both directions for undirected edges), or null. */
function arcWeights(g: Graph): (Rational | null)[][] {
  const W: (Rational | null)[][] = Array.from({ length: g.n }, () => new Array<Rational | null>(g.n).fill(null));
  for (let e = 0; e < g.m; e++) {
    const u = g.src[e]!, v = g.dst[e]!, w = g.weight![e]!;
    if (u === v) continue;
    for (const [a, b] of g.directed ? [[u, v]] : [[u, v], [v, u]]) {
      const cur = W[a!]![b!];
      if (cur === null || cur === undefined || ratCompare(w, cur) < 0) W[a!]![b!] = w;
    }
  }
  return W;
}

export default graphCompute<Req, Res>({
  id: "graph.travelling_salesman.compute",
  title: "Travelling salesman: an optimal tour of a small weighted graph (Held–Karp)",
  summary:
    "A tour of least total weight through every vertex of a weighted graph of at most 20 vertices, returning to its start, with exact rational weights (negative weights allowed); directed graphs give the asymmetric problem. " +
    "The Held–Karp dynamic programme over vertex subsets, O(2^n·n²), in exact integers after scaling by the common denominator (doubles while every tour weight stays below 2^52, bigints beyond). " +
    "Missing edges cannot be used: with no Hamiltonian cycle the result is NO_TOUR.",
  keywords: ["travelling salesman", "traveling salesman", "tsp", "optimal tour", "held karp", "shortest tour", "hamiltonian cycle of minimum weight", "route", "asymmetric tsp", "dynamic programming"],
  request: Request,
  result: Result as never,
  bounds: graphBounds(MAX_VERTICES, 1_000),
  cost_model: "units = 2^(n−1)·(n−1)²: every (subset, end) state extends to every vertex outside the subset (bigint steps count 20 when tour weights may exceed 2^52)",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const n = req.graph.n;
    const states = n > 1 ? 2 ** (n - 1) * (n - 1) : 1;
    return { units: states * Math.max(1, n - 1), memory_bytes: states * 9 + 2 ** 20, basis: `${n} vertices: ${states} subset states` };
  },
  execute(req, ctx) {
    const g = req.graph;
    const W = arcWeights(g);
    const arcs: { u: number; v: number; w: Rational }[] = [];
    W.forEach((row, u) => row.forEach((w, v) => { if (w) arcs.push({ u, v, w }); }));
    const r = heldKarp({ n: g.n, arcs }, () => ctx.checkpoint());
    if (!r.tour) return { status: "NO_TOUR", reason: g.n === 0 ? "the graph has no vertices" : "the graph has no Hamiltonian cycle" };
    return { status: "OPTIMAL", tour: names(g, r.tour), weight: formatRational(r.weight!) };
  },
  postcondition(req, res) {
    if (res.status !== "OPTIMAL") return null;
    const g = req.graph, W = arcWeights(g);
    const t = resolve(indexOf(g), res.tour, "tour");
    if (typeof t === "string") return t;
    if (t.length !== g.n || new Set(t).size !== g.n) return "the tour does not visit every vertex once";
    let sum: Rational = ZERO;
    for (let i = 0; i < t.length; i++) {
      if (t.length === 1) break;
      const w = W[t[i]!]![t[(i + 1) % t.length]!];
      if (!w) return "the tour uses a missing edge";
      sum = ratAdd(sum, w);
    }
    return formatRational(sum) === res.weight ? null : "the tour's weight is not the sum of its edges";
  },
  examples: [
    {
      title: "four cities on a square with expensive diagonals",
      payload: { graph: { vertices: ["A", "B", "C", "D"], edges: [["A", "B", "1"], ["B", "C", "1"], ["C", "D", "1"], ["D", "A", "1"], ["A", "C", "5/2"], ["B", "D", "5/2"]] } },
      expected: {"status":"OPTIMAL","tour":["A","D","C","B"],"weight":"4"},
    },
    {
      title: "asymmetric costs: going round one way is cheaper",
      payload: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b", "1"], ["b", "c", "1"], ["c", "a", "1"], ["b", "a", "10"], ["c", "b", "10"], ["a", "c", "10"]] } },
      expected: {"status":"OPTIMAL","tour":["a","b","c"],"weight":"3"},
    },
    { title: "a star has no tour", payload: { graph: { vertices: ["c", "x", "y", "z"], edges: [["c", "x", "1"], ["c", "y", "1"], ["c", "z", "1"]] } }, expected: {"status":"NO_TOUR","reason":"the graph has no Hamiltonian cycle"} },
  ],
});
