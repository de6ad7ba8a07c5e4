import type { Graph } from "../../domain/math/graph/types.js";
import { domainAt, request, result } from "../_support/kinds.js";
import { solveMaxFlow } from "./flow_support.js";
import { FLOW_KIND, flowShape, type FlowValue } from "./shapes.js";
import { edgeName, graphBounds, graphCompute, graphField, label, lg, names, vertexOf } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", weightSign: "nonnegative", directed: "either", loops: true, multi: true }, "the network: edge weights are capacities ≥ 0 (unweighted: every capacity is 1); undirected edges carry flow either way"),
  source: label().describe("the source vertex s"),
  target: label().describe("the sink vertex t (≠ s)"),
});
const Result = result(flowShape(false), FLOW_KIND);
type Req = { graph: Graph; source: string; target: string };

export default graphCompute<Req, FlowValue>({
  id: "graph.maximum_flow.compute",
  title: "Maximum flow and minimum cut with exact capacities (Dinic)",
  summary:
    "A maximum s–t flow in a network with exact integer or rational capacities (directed or undirected; unweighted edges have capacity 1) — its value, the flow on every edge — and a minimum s–t cut of equal " +
    "capacity, which proves the flow maximum (max-flow = min-cut). Dinic's algorithm on scaled integers. Checked by graph.maximum_flow.verify.",
  keywords: ["maximum flow", "max flow", "minimum cut", "min cut", "max-flow min-cut", "dinic", "network flow", "s-t cut", "capacities", "ford fulkerson", "edmonds karp"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model:
    "units = 50·(n + m)·log2 n: Dinic's phases cost O(n + m) each plus the blocking-flow paths, and sparse networks need few phases (18 on a random network of 10^5 vertices and 10^6 arcs); " +
    "the worst case O(n²·m) is bounded by the time budget, not charged in advance",
  budget: { max_units: 3e9, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const g = req.graph, n = g.n, m = g.m;
    return { units: 50 * (n + m) * lg(n), memory_bytes: 48 * n + 120 * m + 2 ** 20, basis: `${n} vertices, ${m} edges` };
  },
  ports: { outputs: { result: { field: ".", description: "the whole result { source, target, value, edge_flows, cut }: the claim of graph.maximum_flow.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const s = vertexOf(g, req.source, "payload.source"), t = vertexOf(g, req.target, "payload.target");
    if (s === t) throw domainAt("payload.target", "the source and the sink must differ");
    const f = solveMaxFlow(g, s, t, () => ctx.checkpoint());
    const side: number[] = [];
    for (let v = 0; v < g.n; v++) if (f.sourceSide[v]) side.push(v);
    const w = g.weight;
    return {
      source: req.source,
      target: req.target,
      value: f.value,
      edge_flows: f.edgeFlows,
      cut: { source_side: names(g, side), edges: f.cutEdges.map((e) => [...edgeName(g, e), w ? formatCap(w[e]!) : "1"]), capacity: f.cutCapacity },
    };
  },
  postcondition(req, res) {
    if (res.cut?.capacity !== res.value) return "the minimum cut's capacity must equal the flow value";
    return res.edge_flows.length === req.graph.m ? null : "one flow per edge";
  },
  examples: [
    {
      title: "a classic network: value 23 (CLRS)",
      payload: {
        graph: {
          directed: true,
          vertices: ["s", "v1", "v2", "v3", "v4", "t"],
          edges: [["s", "v1", "16"], ["s", "v2", "13"], ["v1", "v3", "12"], ["v2", "v1", "4"], ["v3", "v2", "9"], ["v2", "v4", "14"], ["v4", "v3", "7"], ["v3", "t", "20"], ["v4", "t", "4"]],
        },
        source: "s",
        target: "t",
      },
      expected: {
        source: "s",
        target: "t",
        value: "23",
        edge_flows: ["12", "11", "12", "0", "0", "11", "7", "19", "4"],
        cut: { source_side: ["s", "v1", "v2", "v4"], edges: [["v1", "v3", "12"], ["v4", "v3", "7"], ["v4", "t", "4"]], capacity: "23" },
      },
    },
    {
      title: "rational capacities on an undirected graph",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b", "1/2"], ["a", "c", "1/3"], ["b", "d", "1"], ["c", "d", "1/6"], ["b", "c", "1"]] }, source: "a", target: "d" },
      expected: {
        source: "a",
        target: "d",
        value: "5/6",
        edge_flows: ["1/2", "1/3", "2/3", "1/6", "-1/6"],
        cut: { source_side: ["a"], edges: [["a", "b", "1/2"], ["a", "c", "1/3"]], capacity: "5/6" },
      },
    },
  ],
});

import { formatRational, type Rational } from "../../domain/math/rational.js";
const formatCap = (r: Rational): string => formatRational(r);
