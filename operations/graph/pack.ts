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
    "shortest_paths_compute",
    "shortest_paths_verify",
    "shortest_path_compute",
    "distance_matrix_compute",
    "all_pairs_shortest_paths_compute",
    "eccentricities_compute",
    "diameter_compute",
    "girth_compute",
    "is_tree_compute",
    "topological_order_compute",
    "topological_order_verify",
    "transitive_closure_compute",
    "transitive_reduction_compute",
  ],
});
