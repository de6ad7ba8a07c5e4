/** Isomorphism of a strongly regular graph on 144 vertices (a random Latin square of order 12) and a relabelled copy. */
import { defineGraphWorkload, graph6, latinSquareGraph, randomPermutation, relabelled, type Edges } from "../support/graph-workload.js";

const ORDER = 12, N = ORDER * ORDER;

export default defineGraphWorkload<{ g: Edges; h: Edges }>({
  name: "graph-iso-srg-144",
  description: `isomorphism of the Latin-square graph of a random Latin square of order ${ORDER} (strongly regular (${N}, ${3 * (ORDER - 1)}, ${ORDER}, 6), trivial automorphism group) and a relabelled copy (graph.isomorphism.compute: two canonical labellings) vs nauty labelg on both and NetworkX is_isomorphic (VF2)`,
  capabilityId: "graph.isomorphism.compute",
  reps: 5,
  generate(rng) {
    const g = latinSquareGraph(rng, ORDER);
    return { g, h: relabelled(rng, g, randomPermutation(rng, N)) };
  },
  describe: (i) => ({ vertices: N, edges: i.g.length }),
  ours: { payload: (i) => ({ graph: { graph6: graph6(N, i.g) }, other: { graph6: graph6(N, i.h) } }), result: (v) => String((v as { isomorphic: boolean }).isomorphic) },
  nauty: { graphs: (i) => [graph6(N, i.g), graph6(N, i.h)], result: (c) => String(c[0] === c[1]) },
  networkx: {
    data: (i) => ({ g: i.g, h: i.h }),
    setup: "G = nx.Graph(); G.add_edges_from(map(tuple, data['g']))\nH = nx.Graph(); H.add_edges_from(map(tuple, data['h']))",
    call: "nx.is_isomorphic(G, H)",
    resultString: "str(r).lower()",
    budgetMs: 60_000,
    timeoutMs: 120_000,
    warmup: false,
  },
});
