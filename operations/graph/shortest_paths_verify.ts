import { type } from "arktype";
import { bfs } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { parseRationalWire } from "../../domain/kinds.js";
import { formatRational, ratAdd, ratCompare, ratEq, ZERO, type Rational } from "../../domain/math/rational.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, request } from "../_support/kinds.js";
import { SHORTEST_PATHS_KIND, shortestPathsShapes, type ShortestPathsValue } from "./shapes.js";
import { exact, graphBounds, graphChecker, graphField, indexOf, label, vertexOf } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "either", loops: true, multi: true }, "the graph; edge weights are lengths (unweighted: every edge has length 1)"),
  source: label().describe("the source vertex's label"),
  claim: claimOf(shortestPathsShapes(), SHORTEST_PATHS_KIND, "the claim: the value of graph.shortest_paths.compute unchanged (distances with a predecessor tree, or a negative cycle)"),
});
type Req = { graph: Graph; source: string; claim: ShortestPathsValue };

/** Distinct cycle weights tracked over parallel arcs before the weight check gives up. */
const CYCLE_TOTALS_MAX = 4096;

const Bindings = type({
  "failure?": type(
    "'malformed' | 'wrong_source' | 'source_distance' | 'not_covered' | 'edge_violated' | 'escapes_reached_set' | 'not_tight' | 'tree_cycle' | 'not_a_cycle' | 'not_negative' | 'wrong_weight' | 'not_reachable'",
  ).describe("why the claim was rejected"),
  "edge?": label().array().exactlyLength(2).describe("edge_violated: an edge [u, v] with d(u) + w < d(v); escapes_reached_set: an edge from a reached to a claimed-unreachable vertex; not_tight / not_a_cycle: the pair without a suitable edge"),
  "vertex?": label().describe("the vertex the failure is about"),
  "slack?": exact("edge_violated: d(v) − (d(u) + w) > 0"),
  "reached?": type("string").atMostLength(8).describe("accepted distances: the number of reached vertices"),
  "cycle_weight?": exact("negative_cycle: the cycle's weight recomputed from the graph's edges (the least weight among parallel arcs)"),
});
type Bindings = typeof Bindings.infer;

const METHOD =
  "Linear-time certificate check, no shortest-path search. Distances: d(source) = 0; every edge u → v (both ways when undirected) from a reached vertex satisfies d(v) ≤ d(u) + w (feasible potentials: " +
  "every walk from the source is at least as long as d says, and no negative cycle touches the reached set) and leads to a reached vertex (the unreachable set is closed); every predecessor p(v) " +
  "has an edge p(v) → v with d(v) = d(p(v)) + w, and the predecessors form a tree rooted at the source (so d(v) is the length of a real path). Together: d is exactly the distance. " +
  "Negative cycle: consecutive vertices joined by arcs, total weight (least parallel arc each) < 0, the claimed cycle_weight a negative weight of the cycle (the least one, or another choice among parallel arcs; " +
  "more than 4096 possible weights: non_conclusion), and the cycle reachable from the source (a breadth-first search). Rejections name the edge or vertex.";

export default graphChecker<Req>({
  id: "graph.shortest_paths.verify",
  title: "Verify single-source shortest-path distances (potentials and a tight tree) or a negative cycle",
  summary:
    "Checks a claim of single-source shortest-path distances — the value of graph.shortest_paths.compute as it is — by certificate: feasible potentials on every edge plus a tight predecessor tree rooted at " +
    "the source prove every distance exact; a claimed negative cycle is checked arc by arc and for reachability. Rejects with the violated edge.",
  keywords: ["shortest paths", "verify", "check", "distances", "potentials", "shortest path tree", "certificate", "negative cycle", "dijkstra", "bellman ford", "triangle inequality"],
  request: Request as never,
  bindings: Bindings,
  method: METHOD,
  bounds: graphBounds(),
  cost_model: "units = n + m (one pass over the edges with exact rational comparisons; a BFS for a negative cycle's reachability)",
  budget: { max_units: 1e8, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => ({ units: 4 * (req.graph.n + req.graph.m), memory_bytes: 80 * req.graph.n + 40 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.shortest_paths.compute" } } },
  execute(req, ctx): CheckerFinding {
    const g = req.graph, idx = indexOf(g), claim = req.claim;
    const s = vertexOf(g, req.source, "payload.source");
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    const L = g.labels;
    const ONE: Rational = { num: 1n, den: 1n };
    const wt = (e: number): Rational => (g.weight ? g.weight[e]! : ONE);
    if (claim.source !== req.source) return reject({ failure: "wrong_source" }, `the claim is about source ${JSON.stringify(claim.source)}, not ${JSON.stringify(req.source)}`);
    if (claim.status === "negative_cycle") {
      const cyc: number[] = [];
      for (const l of claim.cycle as unknown[]) {
        const v = typeof l === "string" ? idx.get(l) : -1;
        if (v < 0) return reject({ failure: "malformed" }, "a cycle vertex is not a vertex of the graph");
        cyc.push(v);
      }
      if (!cyc.length) return reject({ failure: "not_a_cycle" }, "the cycle is empty");
      // The least-weight arc u → v for each consecutive pair; and the weights the cycle can have
      // (parallel arcs of other weights give other totals), as long as there are few of them.
      let total = ZERO;
      let totals: Map<string, Rational> | undefined = new Map([["0", ZERO]]);
      for (let i = 0; i < cyc.length; i++) {
        const u = cyc[i]!, v = cyc[(i + 1) % cyc.length]!;
        let best: Rational | null = null;
        const options = new Map<string, Rational>();
        for (let k = g.adjStart[u]!; k < g.adjStart[u + 1]!; k++) {
          if (g.adjVertex[k] !== v) continue;
          const w = wt(g.adjEdge[k]!);
          options.set(formatRational(w), w);
          if (best === null || ratCompare(w, best) < 0) best = w;
        }
        if (best === null) return reject({ failure: "not_a_cycle", edge: [L[u]!, L[v]!] }, `no arc ${L[u]} → ${L[v]}`);
        total = ratAdd(total, best);
        if (totals) {
          const next = new Map<string, Rational>();
          for (const t of totals.values()) for (const w of options.values()) { const x = ratAdd(t, w); next.set(formatRational(x), x); }
          totals = next.size <= CYCLE_TOTALS_MAX ? next : undefined;
        }
      }
      if (total.num >= 0n) return reject({ failure: "not_negative", cycle_weight: formatRational(total) }, `the cycle weighs ${formatRational(total)} ≥ 0`);
      // The claimed weight is part of the claim: it must be a weight of this cycle, and negative.
      const claimed = claim.cycle_weight as unknown;
      const claimedText = typeof claimed === "string" ? claimed : formatRational(claimed as Rational);
      if (claimedText !== formatRational(total)) {
        const hit = totals?.get(claimedText);
        if (!hit || hit.num >= 0n) {
          if (!totals) return { verdict: "non_conclusion", bindings: { cycle_weight: formatRational(total) }, reason: `the cycle's parallel arcs allow more than ${CYCLE_TOTALS_MAX} weights; whether ${claimedText} is one was not decided` };
          return reject({ failure: "wrong_weight", cycle_weight: formatRational(total) }, `no choice of arcs gives the cycle the negative weight ${claimedText} (least-weight arcs: ${formatRational(total)})`);
        }
      }
      const from = bfs(g, s, () => ctx.checkpoint());
      if (from.dist[cyc[0]!] === -1) return reject({ failure: "not_reachable", vertex: L[cyc[0]!]!, cycle_weight: formatRational(total) }, "the cycle is not reachable from the source");
      return { verdict: "accepted", bindings: { cycle_weight: formatRational(total) } };
    }
    const dist: (Rational | null)[] = new Array(g.n).fill(null);
    const seen = new Uint8Array(g.n);
    for (const item of claim.distances as unknown[]) {
      if (!Array.isArray(item) || item.length !== 2 || typeof item[0] !== "string" || typeof item[1] !== "string") return reject({ failure: "malformed" }, "distances are [label, distance] pairs");
      const v = idx.get(item[0]);
      if (v < 0 || seen[v]) return reject({ failure: "malformed" }, `distances name ${JSON.stringify(String(item[0]).slice(0, 40))} twice or it is not a vertex`);
      seen[v] = 1;
      try {
        dist[v] = parseRationalWire(item[1], "distance");
      } catch {
        return reject({ failure: "malformed", vertex: L[v]! }, "a distance is not a rational string");
      }
    }
    for (const l of claim.unreachable as unknown[]) {
      const v = typeof l === "string" ? idx.get(l) : -1;
      if (v < 0 || seen[v]) return reject({ failure: "malformed" }, "an unreachable vertex is unknown or also has a distance");
      seen[v] = 2;
    }
    for (let v = 0; v < g.n; v++) if (!seen[v]) return reject({ failure: "not_covered", vertex: L[v]! }, `${L[v]} has neither a distance nor is it listed unreachable`);
    if (dist[s] === null || dist[s]!.num !== 0n) return reject({ failure: "source_distance", vertex: L[s]! }, "the source's distance must be 0");
    // Feasibility and closure of the reached set.
    for (let e = 0; e < g.m; e++) {
      if ((e & 4095) === 0) ctx.checkpoint();
      for (const [u, v] of g.directed ? [[g.src[e]!, g.dst[e]!]] : [[g.src[e]!, g.dst[e]!], [g.dst[e]!, g.src[e]!]]) {
        const du = dist[u!];
        if (du === null) continue;
        const dv = dist[v!];
        if (dv === null) return reject({ failure: "escapes_reached_set", edge: [L[u!]!, L[v!]!] }, `${L[v!]} is claimed unreachable but ${L[u!]} → ${L[v!]} is an edge from a reached vertex`);
        const bound = ratAdd(du, wt(e));
        if (ratCompare(dv, bound) > 0) {
          const slack = ratAdd(dv, { num: -bound.num, den: bound.den });
          return reject({ failure: "edge_violated", edge: [L[u!]!, L[v!]!], slack: formatRational(slack) }, `d(${L[v!]}) exceeds d(${L[u!]}) + w by ${formatRational(slack)}`);
        }
      }
    }
    // Tight predecessors forming a tree rooted at the source.
    const parent = new Int32Array(g.n).fill(-1);
    for (const item of claim.predecessors as unknown[]) {
      if (!Array.isArray(item) || item.length !== 2 || typeof item[0] !== "string" || typeof item[1] !== "string") return reject({ failure: "malformed" }, "predecessors are [label, label] pairs");
      const v = idx.get(item[0]), p = idx.get(item[1]);
      if (v < 0 || p < 0 || dist[v] === null || dist[p] === null || parent[v] !== -1 || v === s) return reject({ failure: "malformed" }, "a predecessor pair names an unknown, unreached or repeated vertex, or the source");
      parent[v] = p;
      let tight = false;
      const check = (k0: number, k1: number, adjV: Int32Array, adjE: Int32Array) => {
        for (let k = k0; k < k1 && !tight; k++) if (adjV[k] === v && ratEq(ratAdd(dist[p]!, wt(adjE[k]!)), dist[v]!)) tight = true;
      };
      check(g.adjStart[p]!, g.adjStart[p + 1]!, g.adjVertex, g.adjEdge);
      if (!tight) return reject({ failure: "not_tight", edge: [L[p]!, L[v]!] }, `no edge ${L[p]} → ${L[v]} with d(${L[v]}) = d(${L[p]}) + w`);
    }
    for (let v = 0; v < g.n; v++) if (dist[v] !== null && v !== s && parent[v] === -1) return reject({ failure: "not_covered", vertex: L[v]! }, `${L[v]} has a distance but no predecessor`);
    // Every predecessor chain reaches the source (state: 0 unknown, 1 on the chain, 2 reaches s).
    const state = new Uint8Array(g.n);
    state[s] = 2;
    for (let v = 0; v < g.n; v++) {
      if (dist[v] === null || state[v] === 2) continue;
      const chain: number[] = [];
      let x = v;
      while (state[x] === 0) {
        state[x] = 1;
        chain.push(x);
        x = parent[x]!;
      }
      if (state[x] === 1) return reject({ failure: "tree_cycle", vertex: L[x]! }, `the predecessors of ${L[x]} run in a cycle that never reaches the source`);
      for (const c of chain) state[c] = 2;
    }
    let reachedCount = 0;
    for (let v = 0; v < g.n; v++) if (dist[v] !== null) reachedCount++;
    return { verdict: "accepted", bindings: { reached: String(reachedCount) } };
  },
  postcondition(req, f) {
    if (f.verdict === "non_conclusion") return req.claim.status === "negative_cycle" ? null : "this checker always reaches a verdict on distances (only a negative cycle's weight over many parallel arcs can stay undecided)";
    const b = f.bindings as Bindings;
    if (f.verdict === "accepted") return b.failure === undefined ? null : "an acceptance carries no failure";
    if (b.failure === undefined) return "a rejection names its failure";
    if (b.failure === "edge_violated" && !(b.slack && !b.slack.startsWith("-") && b.slack !== "0")) return "a violated edge has positive slack";
    return null;
  },
  examples: [
    {
      title: "the producer's distances with their tree",
      payload: {
        graph: { vertices: ["s", "a", "b", "t"], edges: [["s", "a", "1/2"], ["a", "b", "1/3"], ["s", "b", "1"], ["b", "t", "2"]] },
        source: "s",
        claim: { status: "distances", source: "s", method: "dijkstra", distances: [["s", "0"], ["a", "1/2"], ["b", "5/6"], ["t", "17/6"]], predecessors: [["a", "s"], ["b", "a"], ["t", "b"]], unreachable: [] },
      },
      expected: { verdict: "accepted", bindings: { reached: "4" } },
    },
    {
      title: "a distance that is too large is refuted by an edge",
      payload: {
        graph: { vertices: ["s", "a", "b"], edges: [["s", "a", "1"], ["a", "b", "1"], ["s", "b", "3"]] },
        source: "s",
        claim: { status: "distances", source: "s", method: "dijkstra", distances: [["s", "0"], ["a", "1"], ["b", "3"]], predecessors: [["a", "s"], ["b", "s"]], unreachable: [] },
      },
      expected: { verdict: "rejected", bindings: { failure: "edge_violated", edge: ["a", "b"], slack: "1" } },
    },
    {
      title: "a negative cycle reachable from the source",
      payload: {
        graph: { directed: true, vertices: ["s", "a", "b"], edges: [["s", "a", "1"], ["a", "b", "-2"], ["b", "a", "1"]] },
        source: "s",
        claim: { status: "negative_cycle", source: "s", method: "bellman_ford", cycle: ["a", "b"], cycle_weight: "-1" },
      },
      expected: { verdict: "accepted", bindings: { cycle_weight: "-1" } },
    },
  ],
});
