import { type } from "arktype";
import { bipartition } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { coversAll, oddComponentsWithout } from "./matching_support.js";
import { MATCHING_KIND, matchingShape, type MatchingValue } from "./shapes.js";
import { EdgeSet, graphBounds, graphChecker, graphField, indexOf, label, resolve } from "./support.js";

const Request = request({
  graph: graphField({ weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph (weights are ignored)"),
  claim: object(matchingShape(true), MATCHING_KIND, "the claim: the value of graph.maximum_matching.compute unchanged ({ size, matching, certificate })"),
});
type Req = { graph: Graph; claim: MatchingValue };

const Bindings = type({
  "failure?": type("'malformed' | 'not_an_edge' | 'shared_vertex' | 'wrong_size' | 'wrong_odd_components' | 'augmenting_path'").describe("why the claim was rejected"),
  "edge?": label().array().exactlyLength(2).describe("the offending pair"),
  "path?": label().array().describe("augmenting_path: an alternating path between two exposed vertices (bipartite graphs): the matching is not maximum"),
  "upper_bound?": type("string").atMostLength(8).describe("the bound the certificate proves: |cover|, or (n + |U| − odd(G − U)) / 2"),
  "certified_by?": type("'vertex_cover' | 'tutte_berge' | 'no_augmenting_path'").describe("accepted: which certificate proved maximality (no_augmenting_path: on a bipartite graph, Berge's theorem after an alternating search)"),
});
type Bindings = typeof Bindings.infer;

export default graphChecker<Req>({
  id: "graph.maximum_matching.verify",
  title: "Verify a maximum matching by a König cover or a Tutte–Berge set",
  summary:
    "Checks a claimed maximum matching — the value of graph.maximum_matching.compute as it is: the edges exist and share no vertex, and the certificate bounds every matching by the claimed size: " +
    "a vertex cover of that size (König) or a Tutte–Berge set U with (n + |U| − odd(G − U))/2 equal to it. An uncertified claim on a bipartite graph is refuted by an augmenting path when there is one.",
  keywords: ["maximum matching", "verify", "check", "konig", "vertex cover", "tutte berge", "certificate", "augmenting path", "perfect matching"],
  request: Request as never,
  bindings: Bindings,
  method:
    "Weak duality, no matching algorithm: every matching has at most |C| edges for a vertex cover C (each edge of a matching needs its own cover vertex), and at most (n + |U| − odd(G − U))/2 for any U " +
    "(each odd component of G − U leaves a vertex exposed unless matched into U). The checker verifies the matching (edges exist, pairwise disjoint), then the cover (every edge covered) or counts the odd " +
    "components of G − U by a component labelling, and accepts when the bound equals the size. If the certificate does not prove it and the graph is bipartite, an alternating breadth-first search looks " +
    "for an augmenting path (a counterexample); otherwise the verdict is non_conclusion.",
  bounds: graphBounds(),
  cost_model: "units = 4·(n + m)",
  budget: { max_units: 1e8, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => ({ units: 4 * (req.graph.n + req.graph.m), memory_bytes: 80 * req.graph.n + 64 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.maximum_matching.compute" } } },
  execute(req): CheckerFinding {
    const g = req.graph, claim = req.claim, idx = indexOf(g), L = g.labels;
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    const mate = new Int32Array(g.n).fill(-1);
    const edges = new EdgeSet(g);
    const list = claim.matching as unknown[];
    for (const item of list) {
      if (!Array.isArray(item) || item.length < 2 || typeof item[0] !== "string" || typeof item[1] !== "string") return reject({ failure: "malformed" }, "matching edges are [u, v] pairs");
      const a = idx.get(item[0]), b = idx.get(item[1]);
      if (a < 0 || b < 0) return reject({ failure: "malformed" }, "a matching edge names an unknown vertex");
      if (a === b || !edges.has(a, b)) return reject({ failure: "not_an_edge", edge: [L[a]!, L[b]!] }, `${L[a]} – ${L[b]} is not an edge`);
      if (mate[a] !== -1 || mate[b] !== -1) return reject({ failure: "shared_vertex", edge: [L[a]!, L[b]!] }, `${L[a]} – ${L[b]} shares a vertex with another matching edge`);
      mate[a] = b;
      mate[b] = a;
    }
    if (claim.size !== String(list.length)) return reject({ failure: "wrong_size" }, `the matching has ${list.length} edges, not ${claim.size}`);
    const size = list.length;
    const c = claim.certificate;
    let bound = Infinity, by: "vertex_cover" | "tutte_berge" | undefined;
    if (c?.vertex_cover) {
      const cover = resolve(idx, c.vertex_cover, "vertex_cover");
      if (typeof cover !== "string") {
        const inC = new Uint8Array(g.n);
        for (const v of cover) inC[v] = 1;
        const distinct = inC.reduce((s, x) => s + x, 0);
        if (coversAll(g, inC) < 0) {
          bound = distinct;
          by = "vertex_cover";
        }
      }
    }
    if (by === undefined && c?.tutte_berge_set) {
      const U = resolve(idx, c.tutte_berge_set, "tutte_berge_set");
      if (typeof U !== "string") {
        const removed = new Uint8Array(g.n);
        for (const v of U) removed[v] = 1;
        const u = removed.reduce((s, x) => s + x, 0);
        const odd = oddComponentsWithout(g, removed);
        // The stated count is part of the claim: it must be the recomputed one.
        if (c.odd_components !== undefined && c.odd_components !== String(odd)) return reject({ failure: "wrong_odd_components" }, `G − U has ${odd} odd components, not ${c.odd_components}`);
        const b = (g.n + u - odd) / 2;
        if (b < bound) {
          bound = b;
          by = "tutte_berge";
        }
      }
    }
    if (by !== undefined && bound === size) return { verdict: "accepted", bindings: { upper_bound: String(bound), certified_by: by } };
    // No proof. On a bipartite graph, look for an augmenting path (alternating BFS from the exposed left vertices).
    const bp = bipartition(g);
    if ("side" in bp) {
      const from = new Int32Array(g.n).fill(-2);
      const queue: number[] = [];
      for (let v = 0; v < g.n; v++) if (bp.side[v] === 0 && mate[v] === -1) {
        from[v] = -1;
        queue.push(v);
      }
      for (let qh = 0; qh < queue.length; qh++) {
        const u = queue[qh]!;
        for (let i = g.adjStart[u]!; i < g.adjStart[u + 1]!; i++) {
          const v = g.adjVertex[i]!;
          if (v === u || from[v] !== -2 || mate[u] === v) continue;
          from[v] = u;
          if (mate[v] === -1) {
            const path = [v];
            for (let x = u; x !== -1; x = from[x]!) path.push(x);
            return reject({ failure: "augmenting_path", path: path.reverse().map((x) => L[x]!) }, "an augmenting path exists: the matching is not maximum");
          }
          const w = mate[v]!;
          if (from[w] === -2) {
            from[w] = v;
            queue.push(w);
          }
        }
      }
      return { verdict: "accepted", bindings: { certified_by: "no_augmenting_path" }, reason: "no augmenting path on a bipartite graph (Berge): the matching is maximum" };
    }
    return { verdict: "non_conclusion", bindings: by ? { upper_bound: String(bound), certified_by: by } : {}, reason: "the certificate does not bound every matching by the claimed size" };
  },
  postcondition(_req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "rejected") return b.failure ? null : "a rejection names its failure";
    return b.failure === undefined ? null : "only rejections carry a failure";
  },
  examples: [
    {
      title: "a perfect matching of a 4-cycle with a cover of size 2",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] }, claim: { size: "2", matching: [["a", "b"], ["c", "d"]], certificate: { vertex_cover: ["a", "c"] } } },
      expected: { verdict: "accepted", bindings: { upper_bound: "2", certified_by: "vertex_cover" } },
    },
    {
      title: "a matching that can be augmented (bipartite) is rejected with the path",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"]] }, claim: { size: "1", matching: [["b", "c"]] } },
      expected: { verdict: "rejected", bindings: { failure: "augmenting_path", path: ["a", "b", "c", "d"] } },
    },
    {
      title: "a triangle: a single edge is maximum (Tutte–Berge with U = ∅)",
      payload: { graph: { vertices: ["x", "y", "z"], edges: [["x", "y"], ["y", "z"], ["z", "x"]] }, claim: { size: "1", matching: [["x", "y"]], certificate: { tutte_berge_set: [] } } },
      expected: { verdict: "accepted", bindings: { upper_bound: "1", certified_by: "tutte_berge" } },
    },
  ],
});
