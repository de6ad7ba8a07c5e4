/** Maximum flow on a random sparse directed network: 10^5 vertices, 10^6 arcs. */
import { defineGraphWorkload, sparseGraph } from "../support/graph-workload.js";

const N = 100_000, M = 1_000_000;

export default defineGraphWorkload({
  name: "graph-maxflow-1e5",
  description: `maximum s–t flow (Dinic) on a random directed network with ${N} vertices and ${M} arcs of integer capacity 1..100 (graph.maximum_flow.compute, flow on every arc and a minimum cut) vs NetworkX maximum_flow_value (preflow–push)`,
  capabilityId: "graph.maximum_flow.compute",
  reps: 3,
  generate: (rng) => sparseGraph(rng, N, M, 100),
  describe: (g) => ({ vertices: g.n, arcs: g.u.length, capacities: "1..100", source: "0", sink: String(g.n - 1) }),
  ours: {
    payload: (g) => ({
      graph: { directed: true, vertices: Array.from({ length: g.n }, (_, i) => String(i)), edges: Array.from(g.u, (a, e) => [String(a), String(g.v[e]), String(g.w[e])]) },
      source: "0",
      target: String(g.n - 1),
    }),
    result: (v) => (v as { value: string }).value,
  },
  networkx: {
    data: (g) => ({ n: g.n, u: Array.from(g.u), v: Array.from(g.v), w: Array.from(g.w) }),
    // Parallel arcs merge in a DiGraph: their capacities add up (the same network).
    setup:
      "G = nx.DiGraph()\nG.add_nodes_from(range(data['n']))\nfor a, b, c in zip(data['u'], data['v'], data['w']):\n    if G.has_edge(a, b): G[a][b]['capacity'] += c\n    else: G.add_edge(a, b, capacity=c)",
    call: "nx.maximum_flow_value(G, 0, data['n'] - 1)",
    resultString: "str(r)",
    warmup: false,
  },
});
