import { domainError } from "../../domain/errors.js";
import { bipartition } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, ratAdd, ratCompare, ZERO, type Rational } from "../../domain/math/rational.js";
import { request, result } from "../_support/kinds.js";
import { solveAssignment, unscaled } from "./assignment_support.js";
import { type } from "arktype";
import { count, edgeList, edgeName, exact, graphBounds, graphCompute, graphField, perVertex } from "./support.js";

const MAX_SIDE = 2_000;
/** General (non-bipartite) graphs: the O(n³) blossom algorithm. */
const MAX_GENERAL = 2_000;
const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected", multi: true, maxVertices: 2 * MAX_SIDE + 1_000_000 }, "an undirected graph; edge weights are exact rationals (unweighted: weight 1); edges of weight ≤ 0 are never needed") });
const Result = result({
  total_weight: exact("the largest total weight of a matching"),
  size: count("the number of matching edges"),
  matching: edgeList("the matching's edges [u, v, weight], in edge order"),
  potentials: perVertex("dual values y ≥ 0 for the vertices: with the blossom duals, y(u) + y(v) + Σ_{B ∋ u, v} z_B ≥ w(u, v) on every edge and Σ y + Σ z_B·⌊|B|/2⌋ = total_weight (LP duality): the optimality certificate"),
  "blossoms?": type("unknown[]").describe("general graphs: the odd vertex sets B with a positive dual, each { vertices: [labels], z: exact rational }"),
  method: type("'hungarian' | 'blossom'").describe("hungarian: bipartite graphs (Kuhn–Munkres on the two sides); blossom: Edmonds' weighted blossom algorithm (Galil's O(n³))"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.maximum_weight_matching.compute",
  title: "Maximum-weight matching (exact, with a dual certificate): Hungarian or weighted blossom",
  summary:
    "A matching of largest total weight in an undirected graph with exact rational weights (not necessarily perfect; edges of weight ≤ 0 are left out), with dual variables that prove it optimal " +
    "(vertex potentials, and odd-set duals on general graphs). Bipartite: Hungarian algorithm on the two sides (smaller side ≤ 2,000); general: Edmonds' weighted blossom algorithm, O(n³), n ≤ 2,000.",
  keywords: ["maximum weight matching", "weighted matching", "bipartite matching", "hungarian", "assignment", "optimal matching", "kuhn munkres", "maximum weight bipartite matching", "weighted blossom", "edmonds", "general graph matching"],
  request: Request as never,
  result: Result as never,
  bounds: [
    ...graphBounds(2 * MAX_SIDE + 1_000_000),
    { name: "smaller_side", limit: MAX_SIDE, unit: "vertices", description: "bipartite graphs: vertices on the smaller side of the bipartition" },
    { name: "general_vertices", limit: MAX_GENERAL, unit: "vertices", description: "non-bipartite graphs: vertices (the blossom algorithm is O(n³))" },
  ],
  cost_model: "units = a²·(a + b) + m for bipartite sides of a ≤ b vertices (Hungarian on an a × (a + b) profit matrix); n³ + n·m for general graphs (blossom)",
  budget: { max_units: 3e9, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const g = req.graph;
    const b = bipartition(g);
    if ("oddCycle" in b) {
      if (g.n > MAX_GENERAL) throw domainError(`payload.graph is not bipartite and has ${g.n} vertices; the weighted blossom algorithm is offered up to ${MAX_GENERAL}`, "payload.graph", "graph.maximum_matching.compute maximizes the number of edges on any graph size");
      return { units: g.n ** 3 + g.n * g.m, memory_bytes: 200 * g.n + 80 * g.m + 2 ** 20, basis: `${g.n} vertices, ${g.m} edges, general (blossom)` };
    }
    let left = 0;
    for (let v = 0; v < g.n; v++) if (b.side[v] === 0) left++;
    const a = Math.min(left, g.n - left), bb = g.n - a;
    if (a > MAX_SIDE) throw domainError(`the smaller side has ${a} vertices; at most ${MAX_SIDE} are supported`, "payload.graph");
    return { units: a * a * (a + bb) + g.m, memory_bytes: 24 * a * (a + bb) + 2 ** 20, basis: `sides of ${a} and ${bb} vertices, ${g.m} edges` };
  },
  execute(req, ctx) {
    const g = req.graph;
    const bp = bipartition(g);
    if ("oddCycle" in bp) return general(g, () => ctx.checkpoint());
    const b = bp as { side: Uint8Array };
    let L: number[] = [], R: number[] = [];
    for (let v = 0; v < g.n; v++) (b.side[v] ? R : L).push(v);
    if (L.length > R.length) [L, R] = [R, L];
    if (L.length === 0) return { total_weight: "0", size: "0", matching: [], potentials: g.labels.map((l) => [l, "0"]), method: "hungarian" as const };
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
      method: "hungarian",
    };
  },
  postcondition(req, res) {
    // The certificate: y ≥ 0, z ≥ 0, y(u) + y(v) + Σ_{B ∋ u, v} z_B ≥ w(e) on every edge, Σ y + Σ z_B·⌊|B|/2⌋ = total.
    const g = req.graph;
    const y = (res.potentials as [string, string][]).map((p) => parse(p[1]));
    const blossoms = ((res.blossoms ?? []) as { vertices: string[]; z: string }[]).map((b) => ({ vs: b.vertices, z: parse(b.z) }));
    const idx = new Map(g.labels.map((l, v) => [l, v]));
    const zAt: Rational[][] = blossoms.map(() => []);
    const member = blossoms.map((b) => new Set(b.vs.map((l) => idx.get(l)!)));
    let sum = ZERO;
    for (const x of y) {
      if (x.num < 0n) return "a potential is negative";
      sum = ratAdd(sum, x);
    }
    blossoms.forEach((b) => {
      sum = ratAdd(sum, { num: b.z.num * BigInt(Math.floor(b.vs.length / 2)), den: b.z.den });
    });
    void zAt;
    for (let e = 0; e < g.m; e++) {
      const w = g.weight ? g.weight[e]! : { num: 1n, den: 1n };
      let cover = ratAdd(y[g.src[e]!]!, y[g.dst[e]!]!);
      blossoms.forEach((b, i) => {
        if (member[i]!.has(g.src[e]!) && member[i]!.has(g.dst[e]!)) cover = ratAdd(cover, b.z);
      });
      if (ratCompare(cover, w) < 0) return "an edge is not covered by the duals";
    }
    return formatRational(sum) === res.total_weight ? null : "the duals do not sum to the weight";
  },
  examples: [
    {
      title: "the heavier pair of edges beats the single heaviest edge",
      payload: { graph: { vertices: ["a", "b", "x", "y"], edges: [["a", "x", "3"], ["a", "y", "2"], ["b", "x", "2"], ["b", "y", "-1"]] } },
      expected: { total_weight: "4", size: "2", matching: [["a", "y", "2"], ["b", "x", "2"]], potentials: [["a", "2"], ["b", "1"], ["x", "1"], ["y", "0"]], method: "hungarian" },
    },
    {
      title: "rational weights, one vertex left unmatched",
      payload: { graph: { vertices: ["p", "q", "r"], edges: [["p", "q", "1/2"], ["q", "r", "1/3"]] } },
      expected: { total_weight: "1/2", size: "1", matching: [["p", "q", "1/2"]], potentials: [["p", "0"], ["q", "1/2"], ["r", "0"]], method: "hungarian" },
    },
    {
      title: "a general graph: a triangle with a pendant edge (weighted blossom)",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b", "5"], ["b", "c", "4"], ["c", "a", "4"], ["c", "d", "3"]] } },
      expected: { total_weight: "8", size: "2", matching: [["a", "b", "5"], ["c", "d", "3"]], potentials: [["a", "5/2"], ["b", "5/2"], ["c", "3/2"], ["d", "3/2"]], blossoms: [], method: "blossom" },
    },
  ],
});

import { parseRationalWire } from "../../domain/kinds.js";
import { maxWeightMatching } from "../../domain/math/graph/weighted_matching.js";
import { fitsDoubles, scaleWeights } from "../../domain/math/graph/paths.js";
import { rational } from "../../domain/math/rational.js";
const parse = (s: string): Rational => parseRationalWire(s, "potential");

/** Non-bipartite graphs: the weighted blossom algorithm on doubled scaled integer weights (edges of weight ≤ 0 dropped). */
function general(g: Graph, tick: () => void) {
  const sw = scaleWeights(g);
  const keep: number[] = [];
  for (let e = 0; e < g.m; e++) if (sw.big[e]! > 0n && g.src[e] !== g.dst[e]) keep.push(e);
  const maxW = keep.reduce((x, e) => Math.max(x, 2 * Math.abs(Number(sw.big[e]!))), 0);
  if (!fitsDoubles(8 * Math.max(1, g.n) * maxW)) throw domainError("the weights are too large for the exact blossom implementation (n·max|w|·16 must stay below 2^53 after scaling to integers)", "payload.graph", "scale the weights down");
  const r = maxWeightMatching(g.n, Int32Array.from(keep, (e) => g.src[e]!), Int32Array.from(keep, (e) => g.dst[e]!), Float64Array.from(keep, (e) => 2 * Number(sw.big[e]!)), tick);
  // The matched edge between each pair: the heaviest parallel edge kept.
  const chosen: number[] = [];
  const best = new Map<number, number>();
  for (const e of keep) {
    const a = Math.min(g.src[e]!, g.dst[e]!), b = Math.max(g.src[e]!, g.dst[e]!);
    const key = a * g.n + b, cur = best.get(key);
    if (cur === undefined || sw.big[e]! > sw.big[cur]!) best.set(key, e);
  }
  let total = ZERO;
  for (let v = 0; v < g.n; v++) {
    const u = r.mate[v]!;
    if (u > v) {
      const e = best.get(v * g.n + u)!;
      chosen.push(e);
      total = ratAdd(total, g.weight ? g.weight[e]! : { num: 1n, den: 1n });
    }
  }
  chosen.sort((x, y) => x - y);
  const two = 2n * sw.scale;
  return {
    total_weight: formatRational(total),
    size: String(chosen.length),
    matching: chosen.map((e) => [...edgeName(g, e), formatRational(g.weight ? g.weight[e]! : { num: 1n, den: 1n })]),
    potentials: g.labels.map((l, v) => [l, formatRational(rational(BigInt(r.u[v]!), two))]),
    blossoms: r.blossoms.map((b) => ({ vertices: b.vertices.map((v) => g.labels[v]!), z: formatRational(rational(BigInt(b.z), sw.scale)) })),
    method: "blossom" as const,
  };
}
