/** Single-source shortest paths on a random sparse graph: 10^5 vertices, 10^6 weighted edges. */
import { defineGraphWorkload, sparseGraph } from "../support/graph-workload.js";

const N = 100_000, M = 1_000_000;

export default defineGraphWorkload({
  name: "graph-sssp-1e5",
  description: `single-source shortest paths (Dijkstra) on a random undirected graph with ${N} vertices and ${M} edges of integer weight 1..1000 (graph.shortest_paths.compute) vs NetworkX single_source_dijkstra_path_length`,
  capabilityId: "graph.shortest_paths.compute",
  reps: 5,
  generate: (rng) => sparseGraph(rng, N, M, 1000),
  describe: (g) => ({ vertices: g.n, edges: g.u.length, weights: "1..1000" }),
  ours: {
    payload: (g) => ({
      graph: { vertices: Array.from({ length: g.n }, (_, i) => String(i)), edges: Array.from(g.u, (a, e) => [String(a), String(g.v[e]), String(g.w[e])]) },
      source: "0",
    }),
    // The agreement string: how many vertices are reached and the sum of their distances.
    result: (v) => {
      const d = (v as { distances: [string, string][] }).distances;
      return `${d.length}:${d.reduce((s, p) => s + BigInt(p[1]), 0n)}`;
    },
  },
  networkx: {
    data: (g) => ({ n: g.n, u: Array.from(g.u), v: Array.from(g.v), w: Array.from(g.w) }),
    setup: "G = nx.MultiGraph()\nG.add_nodes_from(range(data['n']))\nG.add_weighted_edges_from(zip(data['u'], data['v'], data['w']))",
    call: "nx.single_source_dijkstra_path_length(G, 0)",
    resultString: "f'{len(r)}:{sum(r.values())}'",
  },
});
