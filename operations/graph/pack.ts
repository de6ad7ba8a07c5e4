import { listPack } from "../../domain/declaration.js";

/** The graph pack: one module per operation, listed by file name. */
export const graphPack = listPack(import.meta.url, {
  name: "graph",
  version: "0.1.0",
  description:
    "Exact graph algorithms on graphs with string labels and exact rational weights (or graph6 / sparse6 / digraph6): structure, shortest paths, flows, matchings, with certificate checkers",
  operations: ["degree_sequence_compute"],
});
