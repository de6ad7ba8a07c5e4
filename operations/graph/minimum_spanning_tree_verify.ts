import { type } from "arktype";
import { fitsDoubles, scaleWeights } from "../../domain/math/graph/paths.js";
import { UnionFind } from "../../domain/math/graph/spanning.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational, ratAdd, ZERO } from "../../domain/math/rational.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { SPANNING_TREE_KIND, spanningShape, type SpanningValue } from "./shapes.js";
import { exact, graphBounds, graphChecker, graphField, lg } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph; edge weights are exact rationals (unweighted: weight 1)"),
  "maximize?": type("boolean").describe("the claim is of a maximum-weight forest (default false; the claim's own maximize field is used when present)"),
  claim: object(spanningShape(true), SPANNING_TREE_KIND, "the claim: the value of graph.minimum_spanning_tree.compute unchanged, or just { edges, total_weight }"),
});
type Req = { graph: Graph; maximize?: boolean; claim: SpanningValue };

const Bindings = type({
  "failure?": type("'bad_edge' | 'repeated_edge' | 'cycle' | 'not_spanning' | 'lighter_swap' | 'wrong_total' | 'wrong_tree' | 'wrong_components'").describe("why the claim was rejected"),
  "edge?": type("string").atMostLength(8).describe("the edge number at fault: for lighter_swap the non-forest edge that beats a forest edge on its cycle"),
  "replaced?": type("string").atMostLength(8).describe("lighter_swap: the forest edge on that edge's forest path it improves on"),
  "total_weight?": exact("the total weight of the claimed edges, recomputed"),
});
type Bindings = typeof Bindings.infer;

export default graphChecker<Req>({
  id: "graph.minimum_spanning_tree.verify",
  title: "Verify a minimum spanning tree / forest by the cycle property",
  summary:
    "Checks a claimed minimum (or maximum) spanning forest — the value of graph.minimum_spanning_tree.compute as it is: the edges form a forest that connects every component, its total weight is right, " +
    "and no other edge is lighter than the heaviest forest edge on the forest path between its ends (the cycle property, which characterizes minimum forests). Rejects with the improving swap.",
  keywords: ["minimum spanning tree", "mst", "verify", "check", "cycle property", "spanning forest", "certificate", "kruskal"],
  request: Request as never,
  bindings: Bindings,
  method:
    "No sorting and no Kruskal: union–find confirms the edges are distinct and acyclic and that every other edge joins vertices already connected by the forest (so it spans); then every non-forest " +
    "edge (u, v) is compared with the heaviest forest edge on the u–v path, found by binary lifting (ancestor tables with path maxima) on the rooted forest, in exact scaled integers. " +
    "An edge lighter than that maximum (heavier, for a maximum forest) gives a lighter forest by swapping: a counterexample.",
  bounds: graphBounds(),
  cost_model: "units = (n + m)·log2 n (ancestor tables and one path query per edge)",
  budget: { max_units: 1e9, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => ({ units: (req.graph.n + req.graph.m) * lg(req.graph.n), memory_bytes: 12 * req.graph.n * lg(req.graph.n) + 64 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.minimum_spanning_tree.compute" } } },
  execute(req, ctx): CheckerFinding {
    const g = req.graph, claim = req.claim, n = g.n;
    const maximize = claim.maximize ?? req.maximize ?? false;
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    const raw = claim.edges as unknown[];
    const inTree = new Uint8Array(g.m);
    const uf = new UnionFind(n);
    let total = ZERO;
    for (let i = 0; i < raw.length; i++) {
      const e = raw[i];
      if (typeof e !== "number" || !Number.isInteger(e) || e < 0 || e >= g.m) return reject({ failure: "bad_edge", edge: String(i) }, `entry ${i} is not an edge number`);
      if (inTree[e]) return reject({ failure: "repeated_edge", edge: String(e) }, `edge ${e} is listed twice`);
      inTree[e] = 1;
      if (!uf.union(g.src[e]!, g.dst[e]!)) return reject({ failure: "cycle", edge: String(e) }, `edge ${e} closes a cycle`);
      total = ratAdd(total, g.weight ? g.weight[e]! : { num: 1n, den: 1n });
    }
    for (let e = 0; e < g.m; e++) if (!inTree[e] && uf.find(g.src[e]!) !== uf.find(g.dst[e]!)) return reject({ failure: "not_spanning", edge: String(e) }, `edge ${e} joins two trees of the forest`);
    // A spanning forest of k edges leaves n − k components; the claim's count and spanning_tree flag must say so.
    const comps = n - raw.length;
    if (claim.components !== undefined && claim.components !== String(comps)) return reject({ failure: "wrong_components" }, `the forest has ${comps} components, not ${claim.components}`);
    if (claim.spanning_tree !== undefined && claim.spanning_tree !== (comps === 1)) return reject({ failure: "wrong_components" }, `the graph has ${comps} components, so spanning_tree is ${comps === 1}`);
    if (claim.total_weight !== formatRational(total)) return reject({ failure: "wrong_total", total_weight: formatRational(total) }, `the edges weigh ${formatRational(total)}, not ${claim.total_weight}`);
    if (claim.tree) {
      const t = claim.tree as unknown[];
      if (t.length !== raw.length) return reject({ failure: "wrong_tree" }, "tree and edges differ in length");
      for (let i = 0; i < t.length; i++) {
        const item = t[i] as unknown[], e = raw[i] as number;
        const w = formatRational(g.weight ? g.weight[e]! : { num: 1n, den: 1n });
        if (!Array.isArray(item) || item.length !== 3 || item[2] !== w || !((item[0] === g.labels[g.src[e]!] && item[1] === g.labels[g.dst[e]!]) || (item[1] === g.labels[g.src[e]!] && item[0] === g.labels[g.dst[e]!]))) {
          return reject({ failure: "wrong_tree", edge: String(e) }, `tree[${i}] does not describe edge ${e}`);
        }
      }
    }
    // Root the forest, build ancestor tables with the heaviest edge to each 2^k-th ancestor.
    const sw = scaleWeights(g);
    const key: Float64Array | bigint[] = fitsDoubles(sw.maxAbs) ? Float64Array.from(sw.big, Number) : sw.big;
    const sign = maximize ? -1 : 1;
    // better(a, b): edge a is strictly preferable to b in the objective (lighter for minimum).
    const cmp = (a: number, b: number): number => {
      const x = key[a]!, y = key[b]!;
      return sign * (x < y ? -1 : x > y ? 1 : 0);
    };
    const adjStart = new Int32Array(n + 1);
    for (let e = 0; e < g.m; e++) if (inTree[e]) { adjStart[g.src[e]! + 1]!++; adjStart[g.dst[e]! + 1]!++; }
    for (let v = 0; v < n; v++) adjStart[v + 1]! += adjStart[v]!;
    const adj = new Int32Array(adjStart[n]!), fill = adjStart.slice(0, n);
    for (let e = 0; e < g.m; e++) if (inTree[e]) { adj[fill[g.src[e]!]!++] = e; adj[fill[g.dst[e]!]!++] = e; }
    const LOG = Math.max(1, Math.ceil(Math.log2(Math.max(2, n))) + 1);
    const up = new Int32Array(LOG * n).fill(-1), upEdge = new Int32Array(LOG * n).fill(-1), depth = new Int32Array(n).fill(-1);
    const stack = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      if (depth[r] !== -1) continue;
      depth[r] = 0;
      let top = 0;
      stack[top++] = r;
      while (top > 0) {
        const v = stack[--top]!;
        for (let i = adjStart[v]!; i < adjStart[v + 1]!; i++) {
          const e = adj[i]!, w = g.src[e] === v ? g.dst[e]! : g.src[e]!;
          if (depth[w] !== -1) continue;
          depth[w] = depth[v]! + 1;
          up[w] = v;
          upEdge[w] = e;
          stack[top++] = w;
        }
      }
    }
    const worse = (a: number, b: number): number => (a < 0 ? b : b < 0 ? a : cmp(a, b) >= 0 ? a : b);
    for (let k = 1; k < LOG; k++) {
      ctx.checkpoint();
      for (let v = 0; v < n; v++) {
        const mid = up[(k - 1) * n + v]!;
        if (mid < 0) continue;
        up[k * n + v] = up[(k - 1) * n + mid]!;
        upEdge[k * n + v] = worse(upEdge[(k - 1) * n + v]!, upEdge[(k - 1) * n + mid]!);
      }
    }
    const pathWorst = (a: number, b: number): number => {
      let best = -1;
      if (depth[a]! < depth[b]!) [a, b] = [b, a];
      let diff = depth[a]! - depth[b]!;
      for (let k = 0; diff > 0; k++, diff >>= 1) if (diff & 1) {
        best = worse(best, upEdge[k * n + a]!);
        a = up[k * n + a]!;
      }
      if (a === b) return best;
      for (let k = LOG - 1; k >= 0; k--) {
        if (up[k * n + a] !== up[k * n + b]) {
          best = worse(best, worse(upEdge[k * n + a]!, upEdge[k * n + b]!));
          a = up[k * n + a]!;
          b = up[k * n + b]!;
        }
      }
      return worse(best, worse(upEdge[a]!, upEdge[b]!));
    };
    for (let e = 0; e < g.m; e++) {
      if (inTree[e] || g.src[e] === g.dst[e]) continue;
      if ((e & 4095) === 0) ctx.checkpoint();
      const f = pathWorst(g.src[e]!, g.dst[e]!);
      if (f >= 0 && cmp(e, f) < 0) return reject({ failure: "lighter_swap", edge: String(e), replaced: String(f) }, `swapping edge ${f} for edge ${e} gives a ${maximize ? "heavier" : "lighter"} forest`);
    }
    return { verdict: "accepted", bindings: { total_weight: formatRational(total) } };
  },
  postcondition(_req, f) {
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    return (f.verdict === "accepted") === ((f.bindings as Bindings).failure === undefined) ? null : "a rejection names its failure, an acceptance none";
  },
  examples: [
    {
      title: "the producer's tree",
      payload: {
        graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b", "1"], ["b", "c", "2"], ["c", "d", "1"], ["d", "a", "3"], ["a", "c", "1/2"]] },
        claim: { maximize: false, edges: [4, 0, 2], tree: [["a", "c", "1/2"], ["a", "b", "1"], ["c", "d", "1"]], total_weight: "5/2", components: "1", spanning_tree: true },
      },
      expected: { verdict: "accepted", bindings: { total_weight: "5/2" } },
    },
    {
      title: "a spanning tree that is not minimum: the swap is the counterexample",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b", "1"], ["b", "c", "2"], ["c", "d", "1"], ["d", "a", "3"], ["a", "c", "1/2"]] }, claim: { edges: [0, 1, 2], total_weight: "4" } },
      expected: { verdict: "rejected", bindings: { failure: "lighter_swap", edge: "4", replaced: "1" } },
    },
  ],
});
