import { domainError } from "../../domain/errors.js";
import { bipartition } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, ratAdd, ratCompare, ZERO, type Rational } from "../../domain/math/rational.js";
import { request, result } from "../_support/kinds.js";
import { solveAssignment, unscaled } from "./assignment_support.js";
import { count, edgeList, edgeName, exact, graphBounds, graphCompute, graphField, perVertex } from "./support.js";

const MAX_SIDE = 2_000;
const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected", multi: true, maxVertices: 2 * MAX_SIDE + 1_000_000 }, "a bipartite undirected graph; edge weights are exact rationals (unweighted: weight 1); edges of weight ≤ 0 are never needed") });
const Result = result({
  total_weight: exact("the largest total weight of a matching"),
  size: count("the number of matching edges"),
  matching: edgeList("the matching's edges [u, v, weight], in edge order"),
  potentials: perVertex("dual values y ≥ 0 with y(u) + y(v) ≥ w(u, v) on every edge and Σ y = total_weight (LP duality for bipartite matching): the optimality certificate"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.maximum_weight_matching.compute",
  title: "Maximum-weight matching of a bipartite graph (exact, with dual certificate)",
  summary:
    "A matching of largest total weight in a bipartite graph with exact rational weights (not necessarily perfect; edges of weight ≤ 0 are left out), with vertex potentials that prove it optimal " +
    "(y(u) + y(v) ≥ w on every edge, Σ y = the weight). Hungarian algorithm on the two sides, O(a²·b) for sides of a ≤ b vertices (a ≤ 2,000). General graphs are refused with a hint.",
  keywords: ["maximum weight matching", "weighted matching", "bipartite matching", "hungarian", "assignment", "optimal matching", "kuhn munkres", "maximum weight bipartite matching"],
  request: Request as never,
  result: Result as never,
  bounds: [...graphBounds(2 * MAX_SIDE + 1_000_000), { name: "smaller_side", limit: MAX_SIDE, unit: "vertices", description: "vertices on the smaller side of the bipartition" }],
  cost_model: "units = a²·(a + b) + m for sides of a ≤ b vertices (Hungarian algorithm on an a × (a + b) profit matrix)",
  budget: { max_units: 3e9, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const g = req.graph;
    const b = bipartition(g);
    if ("oddCycle" in b) {
      throw domainError("payload.graph is not bipartite (it has an odd cycle); maximum-weight matching is provided for bipartite graphs", "payload.graph", "graph.bipartite.compute shows an odd cycle; graph.maximum_matching.compute maximizes the number of edges on any graph");
    }
    let left = 0;
    for (let v = 0; v < g.n; v++) if (b.side[v] === 0) left++;
    const a = Math.min(left, g.n - left), bb = g.n - a;
    if (a > MAX_SIDE) throw domainError(`the smaller side has ${a} vertices; at most ${MAX_SIDE} are supported`, "payload.graph");
    return { units: a * a * (a + bb) + g.m, memory_bytes: 24 * a * (a + bb) + 2 ** 20, basis: `sides of ${a} and ${bb} vertices, ${g.m} edges` };
  },
  execute(req, ctx) {
    const g = req.graph;
    const b = bipartition(g) as { side: Uint8Array };
    let L: number[] = [], R: number[] = [];
    for (let v = 0; v < g.n; v++) (b.side[v] ? R : L).push(v);
    if (L.length > R.length) [L, R] = [R, L];
    const posL = new Int32Array(g.n).fill(-1), posR = new Int32Array(g.n).fill(-1);
    L.forEach((v, i) => (posL[v] = i));
    R.forEach((v, j) => (posR[v] = j));
    const a = L.length, k = R.length + L.length;
    // Profit of pairing row i with column j: the heaviest positive edge between them, else 0; columns ≥ |R| are "unmatched".
    const profit: Rational[][] = Array.from({ length: a }, () => new Array(k).fill(ZERO));
    const best: Int32Array[] = Array.from({ length: a }, () => new Int32Array(R.length).fill(-1));
    for (let e = 0; e < g.m; e++) {
      const w = g.weight ? g.weight[e]! : { num: 1n, den: 1n };
      if (w.num <= 0n) continue;
      let u = g.src[e]!, v = g.dst[e]!;
      if (posL[u]! < 0) [u, v] = [v, u];
      const i = posL[u]!, j = posR[v]!;
      if (ratCompare(w, profit[i]![j]!) > 0) {
        profit[i]![j] = w;
        best[i]![j] = e;
      }
    }
    const s = solveAssignment(profit, true, () => ctx.checkpoint());
    const chosen: number[] = [];
    let total = ZERO;
    for (let i = 0; i < a; i++) {
      const j = s.colOf[i]!;
      if (j < R.length && best[i]![j]! >= 0) {
        chosen.push(best[i]![j]!);
        total = ratAdd(total, profit[i]![j]!);
      }
    }
    chosen.sort((x, y) => x - y);
    // Duals for the matching LP: y(row i) = u_i, y(column j) = v_j, both ≥ 0 for this profit matrix.
    const y: string[] = new Array(g.n).fill("0");
    L.forEach((v, i) => (y[v] = formatRational(unscaled(s.u[i]!, s.scale))));
    R.forEach((v, j) => (y[v] = formatRational(unscaled(s.v[j]!, s.scale))));
    return {
      total_weight: formatRational(total),
      size: String(chosen.length),
      matching: chosen.map((e) => [...edgeName(g, e), formatRational(g.weight ? g.weight[e]! : { num: 1n, den: 1n })]),
      potentials: g.labels.map((l, v) => [l, y[v]!]),
    };
  },
  postcondition(req, res) {
    // The certificate: y ≥ 0, y(u) + y(v) ≥ w(e) on every edge, Σ y = total.
    const g = req.graph;
    const y = (res.potentials as [string, string][]).map((p) => parse(p[1]));
    let sum = ZERO;
    for (const x of y) {
      if (x.num < 0n) return "a potential is negative";
      sum = ratAdd(sum, x);
    }
    for (let e = 0; e < g.m; e++) {
      const w = g.weight ? g.weight[e]! : { num: 1n, den: 1n };
      if (ratCompare(ratAdd(y[g.src[e]!]!, y[g.dst[e]!]!), w) < 0) return "an edge is not covered by the potentials";
    }
    return formatRational(sum) === res.total_weight ? null : "the potentials do not sum to the weight";
  },
  examples: [
    {
      title: "the heavier pair of edges beats the single heaviest edge",
      payload: { graph: { vertices: ["a", "b", "x", "y"], edges: [["a", "x", "3"], ["a", "y", "2"], ["b", "x", "2"], ["b", "y", "-1"]] } },
      expected: { total_weight: "4", size: "2", matching: [["a", "y", "2"], ["b", "x", "2"]], potentials: [["a", "2"], ["b", "1"], ["x", "1"], ["y", "0"]] },
    },
    {
      title: "rational weights, one vertex left unmatched",
      payload: { graph: { vertices: ["p", "q", "r"], edges: [["p", "q", "1/2"], ["q", "r", "1/3"]] } },
      expected: { total_weight: "1/2", size: "1", matching: [["p", "q", "1/2"]], potentials: [["p", "0"], ["q", "1/2"], ["r", "0"]] },
    },
  ],
});

import { parseRationalWire } from "../../domain/kinds.js";
const parse = (s: string): Rational => parseRationalWire(s, "potential");
