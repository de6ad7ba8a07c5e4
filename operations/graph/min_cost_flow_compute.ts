import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { gcd } from "../../domain/math/integer.js";
import { minCostFlow } from "../../domain/math/graph/mincost.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, rational, ratAdd, ratCompare, ratMul, ratSub, ZERO, type Rational } from "../../domain/math/rational.js";
import { domainAt, rational as rationalField, request, result } from "../_support/kinds.js";
import { exact, graphBounds, graphCompute, graphField, label, lg, MAX_WEIGHT_CHARS, pairs, perVertex, vertexOf } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", weightSign: "nonnegative", directed: "directed", multi: true, maxEdges: 200_000, maxVertices: 100_000 }, "the directed network: edge weights are capacities ≥ 0 (unweighted: capacity 1)"),
  costs: rationalField(MAX_WEIGHT_CHARS).array().atMostLength(200_000).describe("the cost per unit of flow on every edge, in edge order (exact integers or rationals, any sign; no negative-cost cycle)"),
  source: label().describe("the source s"),
  target: label().describe("the sink t"),
  "value?": rationalField(MAX_WEIGHT_CHARS).describe("the amount of flow to send (default: a maximum flow)"),
});
const Result = result({
  status: type("'optimal' | 'infeasible'").describe("infeasible: the requested value exceeds the maximum flow"),
  value: exact("the flow sent (infeasible: the maximum flow value)"),
  "cost?": exact("the least total cost Σ cost(e)·flow(e) of a flow of that value"),
  "edge_flows?": type("unknown[]").describe("the flow on every edge, in edge order, as exact rational strings"),
  "potentials?": perVertex("vertex potentials π with cost(u, v) + π(u) − π(v) ≥ 0 on every residual arc: the certificate that no cheaper flow of this value exists"),
});
type Req = { graph: Graph; costs: Rational[]; source: string; target: string; value?: Rational };
type Res = typeof Result.infer;

const lcmDen = (rs: readonly Rational[]): bigint => rs.reduce((l, r) => (r.den === 1n ? l : (l / gcd(l, r.den)) * r.den), 1n);

export default graphCompute<Req, Res>({
  id: "graph.min_cost_flow.compute",
  title: "Minimum-cost flow with exact capacities and costs",
  summary:
    "A cheapest s–t flow of a given value (default: a cheapest maximum flow) in a directed network with exact capacities and per-unit costs (rationals; negative costs allowed without a negative cycle), " +
    "with the flow on every edge and vertex potentials certifying optimality (every residual arc has non-negative reduced cost). Successive shortest paths with potentials, exact arithmetic.",
  keywords: ["minimum cost flow", "min cost flow", "min-cost max-flow", "transportation problem", "successive shortest paths", "network simplex", "cost flow", "potentials", "optimal flow"],
  request: Request as never,
  result: Result as never,
  bounds: [...graphBounds(100_000, 200_000), { name: "costs", limit: 200_000, unit: "entries", description: "one cost per edge" }],
  cost_model: "units = A·(n + m)·log2 n·8 bigint steps, A the number of augmenting paths, charged as min(m, 1 + flow value in capacity units)",
  budget: { max_units: 3e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const g = req.graph;
    const rounds = Math.min(g.m + 1, req.value ? Number(req.value.num / req.value.den) + 2 : g.m + 1);
    return { units: 8 * rounds * (g.n + g.m) * lg(g.n), memory_bytes: 200 * g.n + 300 * g.m + 2 ** 20, basis: `${g.n} vertices, ${g.m} arcs, up to ${rounds} augmenting paths` };
  },
  execute(req, ctx) {
    const g = req.graph;
    if (req.costs.length !== g.m) throw domainAt("payload.costs", `${req.costs.length} costs for ${g.m} edges`, "give one cost per edge, in edge order");
    const s = vertexOf(g, req.source, "payload.source"), t = vertexOf(g, req.target, "payload.target");
    if (s === t) throw domainAt("payload.target", "the source and the sink must differ");
    const caps: Rational[] = g.weight ? [...g.weight] : new Array(g.m).fill({ num: 1n, den: 1n });
    const Lc = lcmDen(req.value ? [...caps, req.value] : caps), Lk = lcmDen(req.costs);
    const cap = caps.map((r) => r.num * (Lc / r.den)), cost = req.costs.map((r) => r.num * (Lk / r.den));
    const limit = req.value ? req.value.num * (Lc / req.value.den) : null;
    if (limit !== null && limit < 0n) throw domainAt("payload.value", "the flow value must be ≥ 0");
    const r = minCostFlow(g, cap, cost, s, t, limit, () => ctx.checkpoint());
    if (r.kind === "negative_cycle") {
      throw domainError(`the costs have a negative cycle through edges ${r.arcs.slice(0, 6).join(", ")}${r.arcs.length > 6 ? ", …" : ""}: circulating flow around it lowers every cost`, "payload.costs", "successive shortest paths needs costs without negative cycles");
    }
    const fmt = (x: bigint, d: bigint) => formatRational(rational(x, d));
    if (limit !== null && r.value < limit) return { status: "infeasible", value: fmt(r.value, Lc) };
    return {
      status: "optimal",
      value: fmt(r.value, Lc),
      cost: fmt(r.cost, Lc * Lk),
      edge_flows: r.flow.map((x) => fmt(x, Lc)),
      potentials: pairs(g, r.potential.map((p) => fmt(p, Lk))),
    };
  },
  postcondition(req, res) {
    if (res.status !== "optimal") return null;
    // Independent: reduced costs of residual arcs are ≥ 0 under the potentials; the cost adds up.
    const g = req.graph;
    const f = (res.edge_flows as string[]).map((x) => parse(x));
    const pi = (res.potentials as [string, string][]).map((p) => parse(p[1]));
    let total = ZERO;
    for (let e = 0; e < g.m; e++) {
      const c = req.costs[e]!, cap = g.weight ? g.weight[e]! : { num: 1n, den: 1n };
      const reduced = ratSub(ratAdd(c, pi[g.src[e]!]!), pi[g.dst[e]!]!);
      if (ratCompare(f[e]!, cap) < 0 && reduced.num < 0n) return "a residual forward arc has negative reduced cost";
      if (f[e]!.num > 0n && reduced.num > 0n) return "a residual backward arc has negative reduced cost";
      total = ratAdd(total, ratMul(c, f[e]!));
    }
    return formatRational(total) === res.cost ? null : "the cost is not Σ cost·flow";
  },
  examples: [
    {
      title: "send 4 units as cheaply as possible",
      payload: {
        graph: { directed: true, vertices: ["s", "a", "b", "t"], edges: [["s", "a", "3"], ["s", "b", "2"], ["a", "t", "2"], ["b", "t", "3"], ["a", "b", "2"]] },
        costs: ["1", "4", "3", "1", "1"],
        source: "s",
        target: "t",
        value: "4",
      },
      expected: { status: "optimal", value: "4", cost: "15", edge_flows: ["3", "1", "1", "3", "2"], potentials: [["s", "0"], ["a", "2"], ["b", "4"], ["t", "5"]] },
    },
    {
      title: "more than the maximum flow is infeasible",
      payload: { graph: { directed: true, vertices: ["s", "t"], edges: [["s", "t", "3/2"]] }, costs: ["2"], source: "s", target: "t", value: "2" },
      expected: { status: "infeasible", value: "3/2" },
    },
  ],
});

import { parseRationalWire } from "../../domain/kinds.js";
const parse = (s: string): Rational => parseRationalWire(s, "value");
