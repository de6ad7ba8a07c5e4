/** Chromatic number of G(60, 1/2) with an optimal colouring and its lower-bound witness. */
import { defineGraphWorkload, labelled, type Edges } from "../support/graph-workload.js";

const N = 60;

export default defineGraphWorkload<{ g: Edges }>({
  name: "graph-chromatic-60",
  description: `chromatic number of a random graph G(${N}, 1/2) with an optimal colouring and a lower-bound witness (graph.chromatic_number.compute: DSATUR branch and bound from a maximum clique); NetworkX has no exact chromatic number (only greedy colourings), nauty none`,
  capabilityId: "graph.chromatic_number.compute",
  reps: 3,
  generate(rng) {
    const g: Edges = [];
    for (let a = 0; a < N; a++) for (let b = a + 1; b < N; b++) if (rng.below(2) === 1) g.push([a, b]);
    return { g };
  },
  describe: (i) => ({ vertices: N, edges: i.g.length }),
  ours: { payload: (i) => ({ graph: labelled(N, i.g) }), result: (v) => `${(v as { status: string }).status}:${(v as { upper_bound: string }).upper_bound}`, budgetMs: 300_000 },
  noNetworkx: "NetworkX has no exact chromatic number (nx.greedy_color gives upper bounds only)",
});
