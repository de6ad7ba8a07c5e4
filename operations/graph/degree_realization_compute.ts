import { type } from "arktype";
import { realizeDegrees } from "../../domain/math/graph/construct.js";
import { LabelIndex } from "../../domain/math/graph/parse.js";
import { buildGraph, type Graph } from "../../domain/math/graph/types.js";
import { degrees as degreesOf } from "../../domain/math/graph/degrees.js";
import { domainAt, natural, object, request, result } from "../_support/kinds.js";
import { count, graphCompute, graphResult, label, lg } from "./support.js";

const MAX_N = 100_000;
const MAX_DEGREE_SUM = 2_000_000;
const Request = request({
  degrees: natural(7).array().atMostLength(MAX_N).describe(`the degree sequence d1, …, dn (non-negative integers as strings, any order; at most ${MAX_N} entries, Σ d ≤ ${MAX_DEGREE_SUM})`),
  "labels?": label().array().atMostLength(MAX_N).describe('labels for the vertices, one per degree (default "0" … "n−1")'),
});
const Result = result({
  graphical: type("boolean").describe("whether some simple graph has exactly these degrees"),
  "graph?": graphResult("a simple graph with these degrees (Havel–Hakimi), vertex i of degree d_i"),
  "obstruction?": object(
    {
      reason: type("'odd_sum' | 'degree_too_large' | 'erdos_gallai'").describe("odd_sum: Σ d is odd; degree_too_large: some d_i > n − 1; erdos_gallai: the k-th inequality fails"),
      "k?": count("erdos_gallai: the k whose inequality Σ_{i≤k} d_i ≤ k(k−1) + Σ_{i>k} min(d_i, k) fails, on the sequence sorted non-increasingly"),
      "lhs?": count("Σ_{i≤k} d_i"),
      "rhs?": count("k(k−1) + Σ_{i>k} min(d_i, k)"),
      "vertex?": label().describe("degree_too_large: the vertex"),
      "sum?": count("odd_sum: Σ d"),
    },
    undefined,
    "when not graphical: why (an exact obstruction)",
  ),
});
type Req = { degrees: bigint[]; labels?: string[] };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.degree_realization.compute",
  title: "Realize a degree sequence as a simple graph (Havel–Hakimi), or prove it impossible (Erdős–Gallai)",
  summary:
    "Decides whether a sequence of non-negative integers is graphical (the degree sequence of a simple graph) and proves it either way: a realizing graph built by Havel–Hakimi, or the failing " +
    "Erdős–Gallai inequality (or an odd sum, or a degree above n − 1). O(n log n + Σd log n).",
  keywords: ["degree sequence", "graphical sequence", "havel hakimi", "erdos gallai", "realization", "realize degree sequence", "graphic", "construct graph with degrees"],
  request: Request as never,
  result: Result as never,
  bounds: [
    { name: "vertices", limit: MAX_N, unit: "entries", description: "length of the degree sequence" },
    { name: "degree_sum", limit: MAX_DEGREE_SUM, unit: "", description: "Σ d (twice the edges of a realization)" },
  ],
  cost_model: "units = (n + Σ d)·log2 n (a heap of residual degrees)",
  budget: { max_units: 1e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const n = req.degrees.length;
    const sum = req.degrees.reduce((s, d) => s + Number(d), 0);
    if (sum > MAX_DEGREE_SUM) throw domainAt("payload.degrees", `the degrees sum to ${sum}; at most ${MAX_DEGREE_SUM} are realized`);
    return { units: (n + sum) * lg(n), memory_bytes: 200 * (n + sum) + 2 ** 20, basis: `${n} degrees summing to ${sum}` };
  },
  execute(req, ctx) {
    const n = req.degrees.length;
    const labels = req.labels ?? Array.from({ length: n }, (_, i) => String(i));
    if (labels.length !== n) throw domainAt("payload.labels", `${labels.length} labels for ${n} degrees`, "give one label per degree");
    new LabelIndex(labels, "payload.labels");
    const r = realizeDegrees(req.degrees.map(Number), () => ctx.checkpoint());
    if (r.graphical) return { graphical: true, graph: buildGraph(false, labels, r.src, r.dst, null) };
    if (r.reason === "odd_sum") return { graphical: false, obstruction: { reason: "odd_sum", sum: String(r.sum) } };
    if (r.reason === "degree_too_large") return { graphical: false, obstruction: { reason: "degree_too_large", vertex: labels[r.vertex]! } };
    return { graphical: false, obstruction: { reason: "erdos_gallai", k: String(r.k), lhs: String(r.lhs), rhs: String(r.rhs) } };
  },
  postcondition(req, res) {
    if (!res.graphical) return null;
    const g = res.graph as unknown as Graph;
    if (!g.simple) return "the realization is not simple";
    const d = degreesOf(g);
    for (let v = 0; v < g.n; v++) if (BigInt(d[v]!) !== req.degrees[v]) return "a vertex has the wrong degree";
    return null;
  },
  examples: [
    {
      title: "3, 3, 2, 2, 2 is graphical",
      payload: { degrees: ["3", "3", "2", "2", "2"], labels: ["a", "b", "c", "d", "e"] },
      expected: { graphical: true, graph: { directed: false, vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["a", "c"], ["a", "d"], ["b", "e"], ["b", "c"], ["d", "e"]] } },
    },
    {
      title: "3, 3, 3, 1 fails Erdős–Gallai at k = 2",
      payload: { degrees: ["3", "3", "3", "1"] },
      expected: { graphical: false, obstruction: { reason: "erdos_gallai", k: "2", lhs: "6", rhs: "5" } },
    },
    { title: "an odd degree sum", payload: { degrees: ["1", "1", "1"] }, expected: { graphical: false, obstruction: { reason: "odd_sum", sum: "3" } } },
  ],
});
