/** Planarity of a 10^5-vertex planar triangulation, with its embedding. */
import { defineGraphWorkload, labelled, randomPermutation, relabelled, type Edges } from "../support/graph-workload.js";

const N = 100_000;

export default defineGraphWorkload<{ g: Edges }>({
  name: "graph-planarity-1e5",
  description: `planarity test with a planar embedding of a random stacked triangulation on ${N} vertices (${3 * N - 6} edges, relabelled; graph.planarity.compute: left–right test, embedding, face-tracing postcondition) vs NetworkX check_planarity (which also builds an embedding)`,
  capabilityId: "graph.planarity.compute",
  reps: 3,
  generate(rng) {
    const edges: Edges = [[0, 1], [1, 2], [2, 0]];
    const faces: [number, number, number][] = [[0, 1, 2], [0, 1, 2]];
    for (let v = 3; v < N; v++) {
      const i = rng.below(faces.length);
      const [a, b, c] = faces[i]!;
      edges.push([v, a], [v, b], [v, c]);
      faces[i] = [a, b, v];
      faces.push([b, c, v], [a, c, v]);
    }
    return { g: relabelled(rng, edges, randomPermutation(rng, N)) };
  },
  describe: (i) => ({ vertices: N, edges: i.g.length }),
  ours: { payload: (i) => ({ graph: labelled(N, i.g) }), result: (v) => String((v as { planar: boolean }).planar) },
  networkx: {
    data: (i) => ({ g: i.g }),
    setup: "G = nx.Graph(); G.add_edges_from(map(tuple, data['g']))",
    call: "nx.check_planarity(G)[0]",
    resultString: "str(r).lower()",
    budgetMs: 120_000,
    timeoutMs: 600_000,
    warmup: false,
  },
});
