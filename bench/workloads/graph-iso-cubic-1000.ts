/** Isomorphism of a random 3-regular graph on 1000 vertices and a relabelled copy. */
import { defineGraphWorkload, graph6, randomCubic, randomPermutation, relabelled, type Edges } from "../support/graph-workload.js";

const N = 1000;

export default defineGraphWorkload<{ g: Edges; h: Edges }>({
  name: "graph-iso-cubic-1000",
  description: `isomorphism of a random 3-regular graph on ${N} vertices and a relabelled copy (graph.isomorphism.compute: two canonical labellings) vs nauty labelg on both and NetworkX is_isomorphic (VF2)`,
  capabilityId: "graph.isomorphism.compute",
  reps: 7,
  generate(rng) {
    const g = randomCubic(rng, N);
    return { g, h: relabelled(rng, g, randomPermutation(rng, N)) };
  },
  describe: (i) => ({ vertices: N, edges: i.g.length }),
  ours: { payload: (i) => ({ graph: { graph6: graph6(N, i.g) }, other: { graph6: graph6(N, i.h) } }), result: (v) => String((v as { isomorphic: boolean }).isomorphic) },
  nauty: { graphs: (i) => [graph6(N, i.g), graph6(N, i.h)], result: (c) => String(c[0] === c[1]), copies: 5 },
  networkx: {
    data: (i) => ({ g: i.g, h: i.h }),
    setup: "G = nx.Graph(); G.add_edges_from(map(tuple, data['g']))\nH = nx.Graph(); H.add_edges_from(map(tuple, data['h']))",
    call: "nx.is_isomorphic(G, H)",
    resultString: "str(r).lower()",
    budgetMs: 60_000,
    timeoutMs: 300_000,
    warmup: false,
  },
});
