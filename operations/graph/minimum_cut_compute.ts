import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational } from "../../domain/math/rational.js";
import { domainAt, request, result } from "../_support/kinds.js";
import { solveMaxFlow } from "./flow_support.js";
import { edgeList, edgeName, exact, graphBounds, graphCompute, graphField, label, labels, lg, names, vertexOf } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", weightSign: "nonnegative", directed: "either", loops: true, multi: true }, "the network: edge weights are capacities ≥ 0 (unweighted: every capacity is 1)"),
  source: label().describe("the vertex s on the source side"),
  target: label().describe("the vertex t on the other side"),
});
const Result = result({
  capacity: exact("the minimum cut capacity (= the maximum flow value)"),
  source_side: labels("the source side S, in vertex order (the least minimum cut: the vertices reachable from s in a maximum flow's residual network)"),
  sink_side: labels("the other vertices, in vertex order"),
  edges: edgeList("the cut edges [u, v, capacity] from S to the rest (undirected: crossing), in edge order"),
});
type Req = { graph: Graph; source: string; target: string };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.minimum_cut.compute",
  title: "Minimum s–t cut with exact capacities",
  summary:
    "A minimum s–t cut of a network with exact integer or rational capacities (unweighted: the fewest edges separating s from t): its source side, cut edges and capacity — the source-side-minimal one, " +
    "from a maximum flow (Dinic; max-flow = min-cut). graph.maximum_flow.compute gives the flow as its certificate.",
  keywords: ["minimum cut", "min cut", "s-t cut", "minimum edge cut", "separating edges", "max-flow min-cut", "network", "dinic", "capacity"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "as graph.maximum_flow.compute: 50·(n + m)·log2 n (few Dinic phases on sparse networks; the worst case is bounded by the time budget)",
  budget: { max_units: 3e9, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 120_000 },
  preflight: (req) => ({ units: 50 * (req.graph.n + req.graph.m) * lg(req.graph.n), memory_bytes: 48 * req.graph.n + 120 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  execute(req, ctx) {
    const g = req.graph;
    const s = vertexOf(g, req.source, "payload.source"), t = vertexOf(g, req.target, "payload.target");
    if (s === t) throw domainAt("payload.target", "the two sides must be named by different vertices");
    const f = solveMaxFlow(g, s, t, () => ctx.checkpoint());
    const S: number[] = [], T: number[] = [];
    for (let v = 0; v < g.n; v++) (f.sourceSide[v] ? S : T).push(v);
    return { capacity: f.cutCapacity, source_side: names(g, S), sink_side: names(g, T), edges: f.cutEdges.map((e) => [...edgeName(g, e), g.weight ? formatRational(g.weight[e]!) : "1"]) };
  },
  postcondition: (req, res) => ((res.source_side as string[]).includes(req.source) && (res.sink_side as string[]).includes(req.target) ? null : "s and t are on their sides"),
  examples: [
    {
      title: "the bottleneck of a network",
      payload: { graph: { directed: true, vertices: ["s", "a", "b", "t"], edges: [["s", "a", "3"], ["s", "b", "2"], ["a", "b", "5"], ["a", "t", "2"], ["b", "t", "3"]] }, source: "s", target: "t" },
      expected: { capacity: "5", source_side: ["s"], sink_side: ["a", "b", "t"], edges: [["s", "a", "3"], ["s", "b", "2"]] },
    },
    {
      title: "unweighted: two edge-disjoint paths",
      payload: { graph: { vertices: ["u", "x", "y", "v"], edges: [["u", "x"], ["u", "y"], ["x", "v"], ["y", "v"], ["x", "y"]] }, source: "u", target: "v" },
      expected: { capacity: "2", source_side: ["u"], sink_side: ["x", "y", "v"], edges: [["u", "x", "1"], ["u", "y", "1"]] },
    },
  ],
});
