import { type } from "arktype";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { bigCount, partition } from "./hard.js";
import { canon, canonEstimate, isoGraph, MAX_ISO_EDGES } from "./iso_support.js";
import { EdgeSet, graphBounds, graphCompute, indexOf, names } from "./support.js";

/** Generators are listed by their moved points: up to n − 1 of them, so the vertex cap is lower than for canonical forms. */
const MAX_VERTICES = 20_000;

const Request = request({ graph: isoGraph() });
const Result = result({
  order: bigCount("|Aut(G)|, the number of automorphisms"),
  generators: type("unknown[]")
    .atMostLength(MAX_VERTICES)
    .describe("generators of Aut(G), each a permutation in cycle notation: a list of cycles, each a list of vertex labels [a, b, c] meaning a → b → c → a (fixed vertices omitted)"),
  orbits: partition("the orbits of Aut(G) on the vertices, each in vertex order, ordered by their first vertex"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.automorphism_group.compute",
  title: "Automorphism group of a graph: order, generators and orbits",
  summary:
    "The automorphism group of a simple graph or digraph — the vertex permutations that map edges onto edges — as its exact order, a set of generators in cycle notation, and the vertex orbits. " +
    "Individualisation–refinement in the style of nauty and bliss (equitable refinement, search tree, automorphism pruning); |Aut| is the product of the first path's orbit sizes (orbit–stabiliser theorem).",
  keywords: ["automorphism group", "automorphisms", "symmetry group", "graph symmetries", "group order", "orbits", "generators", "vertex transitive", "nauty", "bliss", "dreadnaut"],
  request: Request,
  result: Result,
  bounds: graphBounds(MAX_VERTICES, MAX_ISO_EDGES),
  cost_model: "units ≈ (n + 1)(n + m)·log2(n)/8 for the search (see graph.canonical_form.compute), plus the generators' moved points",
  budget: { max_units: 5e12, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const e = canonEstimate(req.graph);
    return req.graph.n > MAX_VERTICES ? { ...e, units: Infinity, basis: `${e.basis}; generators are listed only up to ${MAX_VERTICES} vertices` } : e;
  },
  ports: { inputs: { graph: { field: "graph", description: "the graph" } } },
  execute(req, ctx) {
    const g = req.graph;
    const c = canon(g, () => ctx.checkpoint(), true);
    const generators = c.generators.map((pairs) => {
      const img = new Map<number, number>();
      for (let i = 0; i < pairs.length; i += 2) img.set(pairs[i]!, pairs[i + 1]!);
      const done = new Set<number>();
      const cycles: string[][] = [];
      for (const start of [...img.keys()].sort((a, b) => a - b)) {
        if (done.has(start)) continue;
        const cyc: number[] = [];
        for (let v = start; !done.has(v); v = img.get(v)!) {
          done.add(v);
          cyc.push(v);
        }
        cycles.push(names(g, cyc));
      }
      return cycles;
    });
    const orbits = new Map<number, number[]>();
    for (let v = 0; v < g.n; v++) {
      let l = orbits.get(c.orbit[v]!);
      if (!l) orbits.set(c.orbit[v]!, (l = []));
      l.push(v);
    }
    return { order: c.groupOrder.toString(), generators, orbits: [...orbits.values()].map((o) => names(g, o)) };
  },
  postcondition(req, res) {
    // Every generator is an automorphism (an edge hash), independent of the search.
    const g = req.graph, idx = indexOf(g), edges = new EdgeSet(g);
    for (const gen of res.generators as string[][][]) {
      const f = Int32Array.from({ length: g.n }, (_, v) => v);
      for (const cyc of gen) for (let i = 0; i < cyc.length; i++) f[idx.get(cyc[i]!)] = idx.get(cyc[(i + 1) % cyc.length]!);
      for (let e = 0; e < g.m; e++) if (!edges.has(f[g.src[e]!]!, f[g.dst[e]!]!)) return "a generator does not map an edge onto an edge";
    }
    const order = BigInt(res.order);
    for (const o of res.orbits as string[][]) if (order % BigInt(o.length) !== 0n) return "an orbit's size does not divide the group order";
    return null;
  },
  examples: [
    { title: "the Petersen graph: the symmetric group S5 of order 120", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"order":"120","generators":[[["0","8"],["1","3"],["4","6"]],[["0","1"],["2","5"],["3","8"],["4","6"]],[["0","3"],["1","2"],["5","8"],["6","7"]],[["0","4","3","2","1"],["5","9","8","7","6"]]],"orbits":[["0","1","2","3","4","5","6","7","8","9"]]} },
    { title: "a 4-cycle: the dihedral group of order 8", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] } }, expected: {"order":"8","generators":[[["a","b"],["c","d"]],[["a","c"]],[["b","d"]]],"orbits":[["a","b","c","d"]]} },
    { title: "a spider with legs of lengths 1, 2, 3 (the smallest asymmetric tree): only the identity", payload: { graph: { vertices: ["c", "a1", "b1", "b2", "d1", "d2", "d3"], edges: [["c", "a1"], ["c", "b1"], ["b1", "b2"], ["c", "d1"], ["d1", "d2"], ["d2", "d3"]] } }, expected: {"order":"1","generators":[],"orbits":[["c"],["a1"],["b1"],["b2"],["d1"],["d2"],["d3"]]} },
    { title: "a spider with three legs of length 2: the symmetric group on the legs", payload: { graph: { vertices: ["1", "2", "3", "4", "5", "6", "7"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["3", "6"], ["6", "7"]] } }, expected: {"order":"6","generators":[[["4","6"],["5","7"]],[["1","5","7"],["2","4","6"]]],"orbits":[["1","5","7"],["2","4","6"],["3"]]} },
  ],
});
