/**
 * Result shapes shared by a producer and its checker: the producer's result and the checker's
 * claim are built from the same functions, so the checker takes the producer's value unchanged
 * (by reference on its `claim` port). (Not a declaration.)
 */
import { type } from "arktype";
import { edgeList, exact, label, labelLists, labels, perVertex } from "./support.js";

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
const method = () => type("'bfs' | 'dijkstra' | 'bellman_ford'").describe("the algorithm used: breadth-first search (no weights), Dijkstra (weights ≥ 0) or Bellman–Ford (negative weights, directed)");
export const shortestPathsShapes = () =>
  [
    {
      status: "'distances'",
      source: label(),
      method: method(),
      distances: perVertex("the distance from the source to every reached vertex, [label, distance] in vertex order (an exact rational)"),
      predecessors: perVertex("a shortest-path tree: [label, predecessor label] for every reached vertex but the source, in vertex order"),
      unreachable: labels("the vertices not reachable from the source, in vertex order"),
    },
    {
      status: "'negative_cycle'",
      source: label(),
      method: method(),
      cycle: labels("a directed cycle of negative weight reachable from the source, its vertices in order (the last has an arc to the first)"),
      cycle_weight: exact("the cycle's total weight (negative)"),
    },
  ] as const;
export type ShortestPathsValue =
  | { status: "distances"; source: string; method: "bfs" | "dijkstra" | "bellman_ford"; distances: [string, string][]; predecessors: [string, string][]; unreachable: string[] }
  | { status: "negative_cycle"; source: string; method: "bfs" | "dijkstra" | "bellman_ford"; cycle: string[]; cycle_weight: string };

/* ---------- spanning forests ---------- */
export const SPANNING_TREE_KIND = "graph.minimum_spanning_tree";
export const spanningShape = (claim: boolean) => ({
  [claim ? "maximize?" : "maximize"]: type("boolean").describe("whether the forest is of maximum rather than minimum weight"),
  edges: type("unknown[]").describe("the forest's edges as 0-based positions in the input edge list (JSON integers), in the order Kruskal chose them"),
  [claim ? "tree?" : "tree"]: edgeList("the forest's edges [u, v, weight] in the same order"),
  total_weight: exact("the forest's total weight"),
  [claim ? "components?" : "components"]: type("string").atMostLength(8).describe("the number of trees (connected components of the graph)"),
  [claim ? "spanning_tree?" : "spanning_tree"]: type("boolean").describe("true when the graph is connected, so the forest is a spanning tree"),
});
export type SpanningValue = { maximize?: boolean; edges: number[]; tree?: string[][]; total_weight: string; components?: string; spanning_tree?: boolean };

/* ---------- flows ---------- */
export const FLOW_KIND = "graph.maximum_flow";
export const flowShape = (claim: boolean) => ({
  source: label(),
  target: label(),
  value: exact("the flow value: the net flow out of the source"),
  edge_flows: type("unknown[]").describe(
    "the flow on every edge, in edge order, as exact rational strings: from the edge's first end to its second (undirected edges: negative when it runs the other way); 0 ≤ flow ≤ capacity",
  ),
  [claim ? "cut?" : "cut"]: {
    source_side: labels("the source side S of a minimum cut (the vertices reachable from the source in the residual network), in vertex order"),
    edges: edgeList("the cut edges [u, v, capacity] leaving S (undirected: crossing S), in edge order"),
    capacity: exact("the cut's capacity, equal to the flow value"),
  },
});
export type FlowValue = {
  source: string;
  target: string;
  value: string;
  edge_flows: string[];
  cut?: { source_side: string[]; edges: string[][]; capacity: string };
};

/* ---------- matchings ---------- */
export const MATCHING_KIND = "graph.maximum_matching";
export const matchingShape = (claim: boolean) => ({
  size: type("string").atMostLength(8).describe("the number of matching edges"),
  matching: edgeList("the matching's edges [u, v] (no two share a vertex), in edge order"),
  [claim ? "certificate?" : "certificate"]: type({
    "vertex_cover?": labels("a vertex cover with as many vertices as the matching has edges (König; bipartite graphs): every edge has an end in it, so no matching is larger"),
    "tutte_berge_set?": labels("a set U with (n + |U| − odd(G − U)) / 2 = size (Tutte–Berge; general graphs): every matching has at most that many edges"),
    "odd_components?": type("string").atMostLength(8).describe("the number of odd components of G − U"),
  }).describe("why no larger matching exists"),
});
export type MatchingValue = { size: string; matching: string[][]; certificate?: { vertex_cover?: string[]; tutte_berge_set?: string[]; odd_components?: string } };

export { edgeList, exact, perVertex };
