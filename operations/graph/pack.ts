import { listPack } from "../../domain/declaration.js";

/** The graph pack: one module per operation, listed by file name. */
export const graphPack = listPack(import.meta.url, {
  name: "graph",
  version: "0.1.0",
  description:
    "Exact graph algorithms on graphs with string labels and exact rational weights (or graph6 / sparse6 / digraph6): structure, shortest paths, flows, matchings, with certificate checkers",
  operations: [
    "degree_sequence_compute",
    "connected_components_compute",
    "strongly_connected_components_compute",
    "biconnected_components_compute",
    "articulation_points_compute",
    "bridges_compute",
    "bipartite_compute",
    "bipartite_verify",
  ],
});
