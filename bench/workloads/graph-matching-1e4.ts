/** Maximum-cardinality matching on a random general graph: 10^4 vertices, 5·10^4 edges. */
import { defineGraphWorkload, sparseGraph } from "../support/graph-workload.js";

const N = 10_000, M = 50_000;

export default defineGraphWorkload({
  name: "graph-matching-1e4",
  description: `maximum matching (Edmonds' blossom with a Tutte–Berge certificate) on a random general graph with ${N} vertices and ${M} edges (graph.maximum_matching.compute) vs NetworkX max_weight_matching(maxcardinality=True) with unit weights`,
  capabilityId: "graph.maximum_matching.compute",
  reps: 3,
  generate: (rng) => {
    const g = sparseGraph(rng, N, M, 1);
    // A simple graph: drop repeated pairs (both engines then see the same edge set).
    const seen = new Set<number>();
    const keep: number[] = [];
    for (let e = 0; e < M; e++) {
      const a = Math.min(g.u[e]!, g.v[e]!), b = Math.max(g.u[e]!, g.v[e]!);
      if (!seen.has(a * N + b)) {
        seen.add(a * N + b);
        keep.push(e);
      }
    }
    return { n: N, u: Int32Array.from(keep, (e) => g.u[e]!), v: Int32Array.from(keep, (e) => g.v[e]!) };
  },
  describe: (g) => ({ vertices: g.n, edges: g.u.length }),
  ours: {
    payload: (g) => ({ graph: { vertices: Array.from({ length: g.n }, (_, i) => String(i)), edges: Array.from(g.u, (a, e) => [String(a), String(g.v[e])]) } }),
    result: (v) => (v as { size: string }).size,
  },
  networkx: {
    data: (g) => ({ n: g.n, u: Array.from(g.u), v: Array.from(g.v) }),
    // NetworkX's blossom recursion goes deeper than Python's default limit of 1000 frames on this graph.
    setup: "import sys\nsys.setrecursionlimit(1000000)\nG = nx.Graph()\nG.add_nodes_from(range(data['n']))\nG.add_edges_from(zip(data['u'], data['v']))",
    call: "nx.max_weight_matching(G, maxcardinality=True, weight=None)",
    resultString: "str(len(r))",
    warmup: false,
    timeoutMs: 900_000,
  },
});
