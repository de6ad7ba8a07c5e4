import { type } from "arktype";
import { parseRationalWire } from "../../domain/kinds.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, ratAdd, ratCompare, ratNeg, ratSub, ZERO, type Rational } from "../../domain/math/rational.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { FLOW_KIND, flowShape, type FlowValue } from "./shapes.js";
import { exact, graphBounds, graphChecker, graphField, indexOf, label, resolve, vertexOf } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", weightSign: "nonnegative", directed: "either", loops: true, multi: true }, "the network: edge weights are capacities ≥ 0 (unweighted: capacity 1)"),
  source: label().describe("the source s"),
  target: label().describe("the sink t"),
  claim: object(flowShape(true), FLOW_KIND, "the claim: the value of graph.maximum_flow.compute unchanged ({ source, target, value, edge_flows, cut }), the cut optional"),
});
type Req = { graph: Graph; source: string; target: string; claim: FlowValue };

const Bindings = type({
  "failure?": type("'malformed' | 'wrong_terminals' | 'over_capacity' | 'negative_flow' | 'not_conserved' | 'wrong_value' | 'augmenting_path' | 'bad_cut' | 'cut_capacity' | 'cut_not_minimum'").describe(
    "why the claim was rejected",
  ),
  "edge?": type("string").atMostLength(8).describe("the edge number at fault"),
  "vertex?": label().describe("not_conserved: a vertex whose inflow ≠ outflow"),
  "excess?": exact("not_conserved: inflow − outflow at the vertex"),
  "path?": label().array().describe("augmenting_path: an s–t path in the residual network (so the flow is not maximum)"),
  "residual_cut?": exact("the capacity of the cut formed by the residual-reachable set, equal to the value when accepted"),
});
type Bindings = typeof Bindings.infer;

const ONE: Rational = { num: 1n, den: 1n };

export default graphChecker<Req>({
  id: "graph.maximum_flow.verify",
  title: "Verify a maximum flow (conservation, capacities, and a cut of equal capacity)",
  summary:
    "Checks a claimed maximum s–t flow — the value of graph.maximum_flow.compute as it is: capacity and conservation constraints on every edge and vertex, the value as the net outflow of s, and " +
    "optimality by a cut of equal capacity (the vertices reachable from s in the residual network; a claimed cut is checked too). Rejects with an augmenting path, a violated constraint or a wrong cut.",
  keywords: ["maximum flow", "max flow", "verify", "check", "minimum cut", "certificate", "flow conservation", "augmenting path", "max-flow min-cut"],
  request: Request as never,
  bindings: Bindings,
  method:
    "Exact rational arithmetic, no flow algorithm: 0 ≤ f(e) ≤ c(e) (undirected |f| ≤ c), inflow = outflow at every vertex but s and t, value = outflow(s) − inflow(s); then one breadth-first search of " +
    "the residual network from s: reaching t exhibits an augmenting path (rejected); otherwise the reached set S is a cut whose capacity equals the value, so by weak duality no flow is larger. " +
    "A claimed cut must contain s, not t, and have capacity = value.",
  bounds: graphBounds(),
  cost_model: "units = 5·(n + m) exact rational operations",
  budget: { max_units: 2e8, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 120_000 },
  preflight: (req) => ({ units: 5 * (req.graph.n + req.graph.m), memory_bytes: 100 * req.graph.n + 200 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.maximum_flow.compute" } } },
  execute(req, ctx): CheckerFinding {
    const g = req.graph, claim = req.claim, L = g.labels;
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    const s = vertexOf(g, req.source, "payload.source"), t = vertexOf(g, req.target, "payload.target");
    if (claim.source !== req.source || claim.target !== req.target) return reject({ failure: "wrong_terminals" }, "the claim is about other terminals");
    const cap = (e: number): Rational => (g.weight ? g.weight[e]! : ONE);
    const raw = claim.edge_flows as unknown[];
    if (!Array.isArray(raw) || raw.length !== g.m) return reject({ failure: "malformed" }, `edge_flows needs one entry per edge (${g.m})`);
    const f: Rational[] = [];
    for (let e = 0; e < g.m; e++) {
      const x = raw[e];
      if (typeof x !== "string") return reject({ failure: "malformed", edge: String(e) }, `edge_flows[${e}] is not a string`);
      try {
        f.push(parseRationalWire(x, `edge_flows[${e}]`));
      } catch {
        return reject({ failure: "malformed", edge: String(e) }, `edge_flows[${e}] is not a rational`);
      }
    }
    let value: Rational;
    try {
      value = parseRationalWire(claim.value, "value");
    } catch {
      return reject({ failure: "malformed" }, "the value is not a rational");
    }
    const excess: Rational[] = new Array(g.n).fill(ZERO);
    for (let e = 0; e < g.m; e++) {
      if ((e & 4095) === 0) ctx.checkpoint();
      const c = cap(e), x = f[e]!;
      if (g.directed && x.num < 0n) return reject({ failure: "negative_flow", edge: String(e) }, `edge ${e} carries negative flow on an arc`);
      if (ratCompare(x.num < 0n ? ratNeg(x) : x, c) > 0) return reject({ failure: "over_capacity", edge: String(e) }, `edge ${e} carries more than its capacity`);
      excess[g.src[e]!] = ratSub(excess[g.src[e]!]!, x);
      excess[g.dst[e]!] = ratAdd(excess[g.dst[e]!]!, x);
    }
    for (let v = 0; v < g.n; v++) {
      if (v !== s && v !== t && excess[v]!.num !== 0n) return reject({ failure: "not_conserved", vertex: L[v]!, excess: formatRational(excess[v]!) }, `inflow ≠ outflow at ${L[v]}`);
    }
    if (ratCompare(ratNeg(excess[s]!), value) !== 0) return reject({ failure: "wrong_value" }, `the net outflow of the source is ${formatRational(ratNeg(excess[s]!))}, not ${claim.value}`);
    // Residual search from s.
    const from = new Int32Array(g.n).fill(-1);
    from[s] = s;
    const queue = [s];
    for (let qh = 0; qh < queue.length; qh++) {
      const v = queue[qh]!;
      for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
        const e = g.adjEdge[i]!, w = g.adjVertex[i]!;
        if (from[w] !== -1) continue;
        // Residual capacity in the direction v → w along edge e.
        const forward = g.src[e] === v;
        const r = forward ? ratSub(cap(e), f[e]!) : g.directed ? ZERO : ratAdd(cap(e), f[e]!);
        if (r.num > 0n) {
          from[w] = v;
          queue.push(w);
        }
      }
      if (g.directed) {
        for (let i = g.inStart![v]!; i < g.inStart![v + 1]!; i++) {
          const e = g.inEdge![i]!, w = g.inVertex![i]!;
          if (from[w] === -1 && f[e]!.num > 0n) {
            from[w] = v;
            queue.push(w);
          }
        }
      }
    }
    if (from[t] !== -1) {
      const path = [t];
      for (let v = t; v !== s; v = from[v]!) path.push(from[v]!);
      return reject({ failure: "augmenting_path", path: path.reverse().map((v) => L[v]!) }, "the residual network has an s–t path: the flow can be increased");
    }
    const cutOf = (inS: (v: number) => boolean): Rational => {
      let c = ZERO;
      for (let e = 0; e < g.m; e++) {
        const a = inS(g.src[e]!), b = inS(g.dst[e]!);
        if ((a && !b) || (!g.directed && b && !a)) c = ratAdd(c, cap(e));
      }
      return c;
    };
    const residualCut = cutOf((v) => from[v] !== -1);
    if (ratCompare(residualCut, value) !== 0) return reject({ failure: "wrong_value", residual_cut: formatRational(residualCut) }, "the residual cut's capacity differs from the value");
    if (claim.cut) {
      const side = resolve(indexOf(g), claim.cut.source_side, "cut.source_side");
      if (typeof side === "string") return reject({ failure: "bad_cut" }, side);
      const inS = new Uint8Array(g.n);
      for (const v of side) inS[v] = 1;
      if (!inS[s] || inS[t]) return reject({ failure: "bad_cut" }, "a cut's source side contains s and not t");
      const c = cutOf((v) => inS[v] === 1);
      if (claim.cut.capacity !== formatRational(c)) return reject({ failure: "cut_capacity" }, `the cut's capacity is ${formatRational(c)}, not ${claim.cut.capacity}`);
      if (ratCompare(c, value) !== 0) return reject({ failure: "cut_not_minimum", residual_cut: formatRational(residualCut) }, `the maximum flow value is ${claim.value}, below the cut's capacity ${formatRational(c)}`);
    }
    return { verdict: "accepted", bindings: { residual_cut: formatRational(residualCut) } };
  },
  postcondition(_req, f) {
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    return (f.verdict === "accepted") === ((f.bindings as Bindings).failure === undefined) ? null : "a rejection names its failure, an acceptance none";
  },
  examples: [
    {
      title: "a maximum flow with its cut",
      payload: {
        graph: { directed: true, vertices: ["s", "a", "b", "t"], edges: [["s", "a", "2"], ["s", "b", "1"], ["a", "t", "1"], ["b", "t", "2"], ["a", "b", "1"]] },
        source: "s",
        target: "t",
        claim: { source: "s", target: "t", value: "3", edge_flows: ["2", "1", "1", "2", "1"], cut: { source_side: ["s"], edges: [["s", "a", "2"], ["s", "b", "1"]], capacity: "3" } },
      },
      expected: { verdict: "accepted", bindings: { residual_cut: "3" } },
    },
    {
      title: "a feasible but not maximum flow is refuted by an augmenting path",
      payload: {
        graph: { directed: true, vertices: ["s", "a", "b", "t"], edges: [["s", "a", "2"], ["s", "b", "1"], ["a", "t", "1"], ["b", "t", "2"], ["a", "b", "1"]] },
        source: "s",
        target: "t",
        claim: { source: "s", target: "t", value: "2", edge_flows: ["1", "1", "1", "1", "0"] },
      },
      expected: { verdict: "rejected", bindings: { failure: "augmenting_path", path: ["s", "a", "b", "t"] } },
    },
    {
      title: "flow not conserved at a vertex",
      payload: {
        graph: { directed: true, vertices: ["s", "a", "t"], edges: [["s", "a", "5"], ["a", "t", "5"]] },
        source: "s",
        target: "t",
        claim: { source: "s", target: "t", value: "5", edge_flows: ["5", "4"] },
      },
      expected: { verdict: "rejected", bindings: { failure: "not_conserved", vertex: "a", excess: "1" } },
    },
  ],
});
