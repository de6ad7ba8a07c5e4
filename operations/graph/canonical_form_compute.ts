import { type } from "arktype";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { bigCount, partition, vertexSet } from "./hard.js";
import { canon, canonEstimate, canonicalString, DENSE_FORMAT_MAX, isoGraph, MAX_ISO_EDGES, MAX_ISO_VERTICES } from "./iso_support.js";
import { graphBounds, graphCompute, names } from "./support.js";

const Request = request({ graph: isoGraph() });
const Result = result({
  format: type("'graph6' | 'sparse6' | 'digraph6'").describe(`the encoding of canonical: graph6 for undirected graphs of at most ${DENSE_FORMAT_MAX} vertices, sparse6 above, digraph6 for digraphs`),
  canonical: type("string").atMostLength(100_000_000).describe("the canonical form: the graph relabelled by its canonical order, encoded; equal strings ⇔ isomorphic graphs (for this library's labelling, which is not nauty's)"),
  order: vertexSet("the canonical order: the vertex placed at each canonical position 0, 1, …"),
  automorphism_group_order: bigCount("|Aut(G)|, the number of automorphisms"),
  orbits: partition("the orbits of Aut(G) on the vertices, each in vertex order, ordered by their first vertex"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.canonical_form.compute",
  title: "Canonical form of a graph, with its automorphism group order and orbits",
  summary:
    "A canonical labelling of a simple graph or digraph — a vertex order such that two graphs are isomorphic exactly when their relabelled graphs (given as graph6, sparse6 or digraph6 strings) are equal — " +
    "with the order of the automorphism group and its vertex orbits. Individualisation–refinement in the style of nauty and bliss: equitable refinement, the lexicographically greatest leaf by refinement traces, " +
    "automorphism pruning; |Aut| by the orbit–stabiliser theorem along the first path. The canonical strings are this library's, not nauty's labelg output.",
  keywords: ["canonical form", "canonical labelling", "canonical labeling", "graph6", "canonical graph", "isomorphism class", "automorphism group", "orbits", "nauty", "bliss", "labelg", "certificate"],
  request: Request,
  result: Result,
  bounds: graphBounds(MAX_ISO_VERTICES, MAX_ISO_EDGES),
  cost_model: "units ≈ (n + 1)(n + m)·log2(n)/8: about n children of the first level refined in O(m log n) each in the worst practical case (graphs with large automorphism groups need far fewer); digraph6 output needs n² bits",
  budget: { max_units: 5e12, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const e = canonEstimate(req.graph);
    if (req.graph.directed && req.graph.n > 20_000) return { ...e, units: Infinity, basis: `${e.basis}; a digraph6 string of ${req.graph.n} vertices would take n² bits` };
    return e;
  },
  ports: { inputs: { graph: { field: "graph", description: "the graph" } } },
  execute(req, ctx) {
    const g = req.graph;
    const c = canon(g, () => ctx.checkpoint());
    const orbits = new Map<number, number[]>();
    for (let v = 0; v < g.n; v++) {
      let l = orbits.get(c.orbit[v]!);
      if (!l) orbits.set(c.orbit[v]!, (l = []));
      l.push(v);
    }
    return {
      ...canonicalString(g, c),
      order: names(g, c.order),
      automorphism_group_order: c.groupOrder.toString(),
      orbits: [...orbits.values()].map((o) => names(g, o)),
    };
  },
  postcondition(req, res) {
    if (res.order.length !== req.graph.n || new Set(res.order).size !== req.graph.n) return "the canonical order is not a permutation of the vertices";
    const sizes = (res.orbits as string[][]).reduce((s, o) => s + o.length, 0);
    if (sizes !== req.graph.n) return "the orbits do not partition the vertices";
    // |Aut| is a multiple of every orbit's size (orbit–stabiliser).
    const order = BigInt(res.automorphism_group_order);
    for (const o of res.orbits as string[][]) if (order % BigInt(o.length) !== 0n) return "an orbit's size does not divide the group order";
    return null;
  },
  examples: [
    { title: "the Petersen graph: 120 automorphisms, one orbit", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"format":"graph6","canonical":"I@OZCMgs?","order":["9","1","3","8","0","5","2","7","4","6"],"automorphism_group_order":"120","orbits":[["0","1","2","3","4","5","6","7","8","9"]]} },
    { title: "a path on 4 vertices: the reflection, two orbits", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"]] } }, expected: {"format":"graph6","canonical":"CL","order":["a","d","c","b"],"automorphism_group_order":"2","orbits":[["a","d"],["b","c"]]} },
    { title: "the same path relabelled has the same canonical string", payload: { graph: { vertices: ["w", "x", "y", "z"], edges: [["x", "z"], ["z", "w"], ["w", "y"]] } }, expected: {"format":"graph6","canonical":"CL","order":["x","y","w","z"],"automorphism_group_order":"2","orbits":[["w","z"],["x","y"]]} },
    { title: "a directed 3-cycle: the rotations", payload: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] } }, expected: {"format":"digraph6","canonical":"&BP_","order":["a","b","c"],"automorphism_group_order":"3","orbits":[["a","b","c"]]} },
  ],
});
