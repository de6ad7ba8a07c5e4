import { type } from "arktype";
import { findIsomorphism } from "../../domain/math/graph/isomorphism_check.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, request } from "../_support/kinds.js";
import { ISOMORPHISM_KIND, isomorphismShapes, type IsomorphismValue } from "./hard_shapes.js";
import { invariantValue, isoGraph, MAX_ISO_EDGES, MAX_ISO_VERTICES } from "./iso_support.js";
import { EdgeSet, graphBounds, graphChecker, indexOf, label } from "./support.js";

/** Search nodes of the checker's own backtracking for a claim resting on canonical forms alone. */
const SEARCH_NODES = 5_000_000;
const SEARCH_MAX_VERTICES = 2_000;

const Request = request({ graph: isoGraph("the first graph"), other: isoGraph("the second graph"), claim: claimOf(isomorphismShapes(), ISOMORPHISM_KIND, "the claim: the value of graph.isomorphism.compute unchanged") });
type Req = { graph: Graph; other: Graph; claim: IsomorphismValue };

const Bindings = type({
  "failure?": type("'malformed' | 'not_a_bijection' | 'edge_not_preserved' | 'edge_counts_differ' | 'invariant_agrees' | 'wrong_value' | 'isomorphism_found'").describe("why the claim was rejected"),
  "edge?": label().array().exactlyLength(2).describe("edge_not_preserved: an edge of graph whose image is not an edge of other"),
  "vertex?": label().describe("not_a_bijection: a vertex mapped twice, not mapped, or a repeated image"),
  "graph_value?": type("string").atMostLength(10_000_000).describe("invariant_agrees: the invariant's value, equal for both graphs"),
  "mapping?": label().array().array().describe("isomorphism_found: an isomorphism the checker found ([vertex, image] pairs), refuting a claim of non-isomorphism"),
  "proved_by?": type("'mapping' | 'invariant' | 'exhaustive_search'").describe("accepted: the checked mapping, the recomputed invariant, or the checker's own exhaustive backtracking"),
});
type Bindings = typeof Bindings.infer;

export default graphChecker<Req>({
  id: "graph.isomorphism.verify",
  title: "Verify a graph isomorphism mapping, or a claim of non-isomorphism",
  summary:
    "Checks a claim that two graphs are or are not isomorphic — the value of graph.isomorphism.compute as it is: a mapping must be a bijection sending every edge onto an edge with equal edge counts " +
    "(so non-edges go to non-edges); a non-isomorphism claim is proved by recomputing the named invariant or, for canonical forms alone, by the checker's own exhaustive search.",
  keywords: ["graph isomorphism", "verify", "check", "isomorphic", "mapping", "certificate", "non-isomorphic", "invariant"],
  request: Request as never,
  bindings: Bindings,
  method:
    "A mapping: every vertex of graph mapped once onto distinct vertices of other, equal vertex and edge counts and directedness, and every edge (arc) of graph sent onto an edge (arc) of other (an edge hash); " +
    "since the map is a bijection on vertices and injective on edges with equal counts, it is onto the edges, so non-edges map onto non-edges. Non-isomorphism by an invariant: the checker recomputes it " +
    "(directedness, counts, sorted degree sequence, triangle count) for both graphs. By canonical forms alone: a plain backtracking search (breadth-first vertex order, degree and adjacency consistency, " +
    `no refinement — unlike the producer's canonical labelling), on graphs of at most ${SEARCH_MAX_VERTICES} vertices within ${SEARCH_NODES} nodes: an isomorphism found refutes the claim; an exhausted search proves it; else non_conclusion.`,
  bounds: graphBounds(MAX_ISO_VERTICES, MAX_ISO_EDGES),
  cost_model: `units = n + m (a mapping or counts), m^1.5 (triangles), or up to ${SEARCH_NODES} backtracking nodes × n² for a canonical-form claim`,
  budget: { max_units: 1e13, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight: (req) => {
    const n = Math.max(req.graph.n, req.other.n), m = Math.max(req.graph.m, req.other.m);
    const search = !req.claim.isomorphic && req.claim.invariant === "canonical_form" && n <= SEARCH_MAX_VERTICES;
    return { units: n + m + m ** 1.5 + (search ? SEARCH_NODES * n : 0), memory_bytes: 64 * n + 64 * m + (search ? (n * n) / 4 : 0) + 2 ** 20, basis: `${n} vertices, ${m} edges` };
  },
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.isomorphism.compute" } } },
  execute(req, ctx): CheckerFinding {
    const g = req.graph, h = req.other, claim = req.claim;
    const tick = () => ctx.checkpoint();
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    if (claim.isomorphic) {
      if (g.directed !== h.directed || g.n !== h.n) return reject({ failure: "not_a_bijection" }, "the graphs differ in directedness or vertex count");
      if (g.m !== h.m) return reject({ failure: "edge_counts_differ" }, `graph has ${g.m} edges and other ${h.m}`);
      const gi = indexOf(g), hi = indexOf(h);
      const f = new Int32Array(g.n).fill(-1), hit = new Uint8Array(h.n);
      if (!Array.isArray(claim.mapping)) return reject({ failure: "malformed" }, "the mapping is not a list");
      for (const pair of claim.mapping as unknown[]) {
        if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== "string" || typeof pair[1] !== "string") return reject({ failure: "malformed" }, "a mapping entry is not [vertex, image]");
        const a = gi.get(pair[0]), b = hi.get(pair[1]);
        if (a < 0 || b < 0) return reject({ failure: "malformed" }, `${JSON.stringify(pair).slice(0, 80)} names a vertex the graphs do not have`);
        if (f[a] !== -1) return reject({ failure: "not_a_bijection", vertex: pair[0] }, `${pair[0]} is mapped twice`);
        if (hit[b]) return reject({ failure: "not_a_bijection", vertex: pair[1] }, `${pair[1]} is the image of two vertices`);
        f[a] = b;
        hit[b] = 1;
      }
      for (let v = 0; v < g.n; v++) if (f[v] === -1) return reject({ failure: "not_a_bijection", vertex: g.labels[v]! }, `${g.labels[v]} is not mapped`);
      const eh = new EdgeSet(h);
      for (let e = 0; e < g.m; e++) {
        const u = g.src[e]!, v = g.dst[e]!;
        if (!eh.has(f[u]!, f[v]!)) return reject({ failure: "edge_not_preserved", edge: [g.labels[u]!, g.labels[v]!] }, `${g.labels[u]} – ${g.labels[v]} maps to ${h.labels[f[u]!]} – ${h.labels[f[v]!]}, which is not an edge of other`);
      }
      return { verdict: "accepted", bindings: { proved_by: "mapping" } };
    }
    if (claim.invariant !== "canonical_form") {
      const a = invariantValue(g, claim.invariant, tick), b = invariantValue(h, claim.invariant, tick);
      if (a === b) return reject({ failure: "invariant_agrees", graph_value: a.slice(0, 10_000) }, `the ${claim.invariant} is the same for both graphs`);
      // The stated values are part of the claim: they must be the recomputed ones.
      if ((claim.graph_value !== undefined && claim.graph_value !== a) || (claim.other_value !== undefined && claim.other_value !== b)) return reject({ failure: "wrong_value" }, `the ${claim.invariant} values are ${a.slice(0, 200)} and ${b.slice(0, 200)}, not the claimed ones`);
      return { verdict: "accepted", bindings: { proved_by: "invariant" } };
    }
    if (Math.max(g.n, h.n) > SEARCH_MAX_VERTICES) return { verdict: "non_conclusion", bindings: {}, reason: `the claim rests on canonical forms alone, and the graphs have more than ${SEARCH_MAX_VERTICES} vertices for the checker's own search` };
    const f = findIsomorphism(g, h, SEARCH_NODES, tick);
    if (f === undefined) return { verdict: "non_conclusion", bindings: {}, reason: `the checker's own isomorphism search ran out of its ${SEARCH_NODES} nodes` };
    if (f) return reject({ failure: "isomorphism_found", mapping: Array.from(f, (x, v) => [g.labels[v]!, h.labels[x]!]) }, "the checker found an isomorphism");
    return { verdict: "accepted", bindings: { proved_by: "exhaustive_search" } };
  },
  postcondition(_req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "rejected" && b.failure === undefined) return "a rejection names its failure";
    if (f.verdict === "accepted" && b.proved_by === undefined) return "an acceptance says what proved it";
    return null;
  },
  examples: [
    {
      title: "a relabelled path is isomorphic by the mapping",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] }, other: { vertices: ["x", "y", "z"], edges: [["y", "z"], ["z", "x"]] }, claim: { isomorphic: true, mapping: [["a", "y"], ["b", "z"], ["c", "x"]] } },
      expected: {"verdict":"accepted","bindings":{"proved_by":"mapping"}},
    },
    {
      title: "a mapping that breaks an edge is rejected with the edge",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] }, other: { vertices: ["x", "y", "z"], edges: [["y", "z"], ["z", "x"]] }, claim: { isomorphic: true, mapping: [["a", "x"], ["b", "y"], ["c", "z"]] } },
      expected: {"verdict":"rejected","bindings":{"failure":"edge_not_preserved","edge":["a","b"]}},
    },
    {
      title: "a claim of non-isomorphism by canonical forms is refuted when the checker finds a mapping",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] }, other: { vertices: ["x", "y", "z"], edges: [["y", "z"], ["z", "x"]] }, claim: { isomorphic: false, invariant: "canonical_form" } },
      expected: {"verdict":"rejected","bindings":{"failure":"isomorphism_found","mapping":[["a","x"],["b","z"],["c","y"]]}},
    },
  ],
});
