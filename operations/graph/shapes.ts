/**
 * Result shapes shared by a producer and its checker: the producer's result and the checker's
 * claim are built from the same functions, so the checker takes the producer's value unchanged
 * (by reference on its `claim` port). (Not a declaration.)
 */
import { type } from "arktype";
import { edgeList, exact, labelLists, labels, perVertex } from "./support.js";

/* ---------- bipartiteness ---------- */
export const BIPARTITE_KIND = "graph.bipartite";
export const bipartiteShapes = () =>
  [
    { bipartite: "true", sides: labelLists("the two sides [left, right] of a bipartition, each in vertex order; the first vertex of every component is on the left") },
    { bipartite: "false", odd_cycle: labels("an odd cycle, its vertices in cycle order (the last is adjacent to the first; a loop is the cycle [v])") },
  ] as const;
export type BipartiteValue = { bipartite: true; sides: string[][] } | { bipartite: false; odd_cycle: string[] };

/* ---------- topological order ---------- */
export const TOPOLOGICAL_KIND = "graph.topological_order";
export const topologicalShapes = () =>
  [
    { acyclic: "true", order: labels("a topological order: every arc u → v has u before v (the least such order in vertex order)") },
    { acyclic: "false", cycle: labels("a directed cycle, its vertices in order (the last has an arc to the first; a loop is [v])") },
  ] as const;
export type TopologicalValue = { acyclic: true; order: string[] } | { acyclic: false; cycle: string[] };

/* ---------- Eulerian trails ---------- */
export const EULERIAN_KIND = "graph.eulerian";
export const eulerianShapes = () =>
  [
    {
      eulerian: "'circuit' | 'trail'",
      vertices: labels("the walk's vertices in order (m + 1 of them; a circuit ends where it starts; empty for a graph without edges)"),
      edges: type("unknown[]").describe("the walk's edges as 0-based positions in the input edge list (JSON integers), each exactly once"),
    },
    {
      eulerian: "'none'",
      reason: type("'odd_degrees' | 'unbalanced' | 'disconnected'").describe("odd_degrees: more than two vertices of odd degree; unbalanced (directed): in ≠ out beyond one start and one end; disconnected: the edges are not in one component"),
      witness: labels("odd_degrees / unbalanced: the vertices of odd degree (directed: with in ≠ out); disconnected: two vertices with edges in different components"),
    },
  ] as const;
export type EulerianValue =
  | { eulerian: "circuit" | "trail"; vertices: string[]; edges: number[] }
  | { eulerian: "none"; reason: "odd_degrees" | "unbalanced" | "disconnected"; witness: string[] };

/* ---------- shortest paths ---------- */
export const SHORTEST_PATHS_KIND = "graph.shortest_paths";

/* ---------- spanning forests ---------- */
export const SPANNING_TREE_KIND = "graph.minimum_spanning_tree";

/* ---------- flows ---------- */
export const FLOW_KIND = "graph.maximum_flow";

/* ---------- matchings ---------- */
export const MATCHING_KIND = "graph.maximum_matching";

export { edgeList, exact, perVertex };
