/**
 * Result shapes of the hard-problem producers and the claims of their checkers, built by the same
 * functions so that a checker takes its producer's value unchanged. (Not a declaration.)
 */
import { type } from "arktype";
import { bigCount, partition, smallCount, statusField, vertexSet } from "./hard.js";
import { edgeList, labelLists, labels, perVertex } from "./support.js";

/* ---------- chromatic number ---------- */
export const CHROMATIC_KIND = "graph.chromatic_number";
export const chromaticShape = () => ({
  status: statusField(),
  "chromatic_number?": smallCount("χ(G), present when EXACT"),
  lower_bound: smallCount("χ(G) ≥ lower_bound, proved by lower_bound_witness"),
  upper_bound: smallCount("χ(G) ≤ upper_bound: the colouring uses exactly this many colours"),
  colour_classes: partition("a proper colouring with upper_bound colours: its colour classes (independent sets), each in vertex order, ordered by their first vertex"),
  lower_bound_witness: {
    kind: type("'clique' | 'odd_cycle' | 'subgraph'").describe(
      "clique: lower_bound pairwise adjacent vertices; odd_cycle: an odd cycle in order (lower_bound = 3); subgraph: a vertex set whose induced subgraph has no proper colouring with lower_bound − 1 colours (vertex-critical: every vertex is needed)",
    ),
    vertices: vertexSet("the witness's vertices (a cycle in cycle order)"),
  },
});
export interface ChromaticValue {
  status: "EXACT" | "INCOMPLETE";
  chromatic_number?: string;
  lower_bound: string;
  upper_bound: string;
  colour_classes: string[][];
  lower_bound_witness: { kind: "clique" | "odd_cycle" | "subgraph"; vertices: string[] };
}

/* ---------- maximum clique / independent set, minimum vertex cover ---------- */
export const CLIQUE_KIND = "graph.maximum_clique";
export const cliqueShape = () => ({
  status: statusField(),
  "clique_number?": smallCount("ω(G), present when EXACT"),
  lower_bound: smallCount("ω(G) ≥ lower_bound: the size of the clique given"),
  upper_bound: smallCount("ω(G) ≤ upper_bound"),
  clique: vertexSet("a clique of lower_bound vertices, in vertex order"),
  "upper_bound_colouring?": partition("a proper colouring with upper_bound colours (a clique takes one vertex of each colour), when one was found: the certificate that no larger clique exists"),
});
export interface CliqueValue {
  status: "EXACT" | "INCOMPLETE";
  clique_number?: string;
  lower_bound: string;
  upper_bound: string;
  clique: string[];
  upper_bound_colouring?: string[][];
}

export const INDEPENDENT_KIND = "graph.maximum_independent_set";
export const independentShape = () => ({
  status: statusField(),
  "independence_number?": smallCount("α(G), present when EXACT"),
  lower_bound: smallCount("α(G) ≥ lower_bound: the size of the set given"),
  upper_bound: smallCount("α(G) ≤ upper_bound"),
  independent_set: vertexSet("an independent set of lower_bound vertices, in vertex order"),
  "clique_cover?": partition("a partition of the vertices into upper_bound cliques (an independent set takes at most one vertex of each), when one was found: the certificate that no larger independent set exists"),
});
export interface IndependentValue {
  status: "EXACT" | "INCOMPLETE";
  independence_number?: string;
  lower_bound: string;
  upper_bound: string;
  independent_set: string[];
  clique_cover?: string[][];
}

export const COVER_KIND = "graph.minimum_vertex_cover";
export const coverShape = () => ({
  status: statusField(),
  "vertex_cover_number?": smallCount("τ(G), present when EXACT"),
  lower_bound: smallCount("τ(G) ≥ lower_bound"),
  upper_bound: smallCount("τ(G) ≤ upper_bound: the size of the cover given"),
  vertex_cover: vertexSet("a vertex cover (every edge has an end in it) of upper_bound vertices, in vertex order"),
  "clique_cover?": partition("a partition of the vertices into n − lower_bound cliques, when one was found: a cover must take all but at most one vertex of each clique, so τ ≥ lower_bound"),
});
export interface CoverValue {
  status: "EXACT" | "INCOMPLETE";
  vertex_cover_number?: string;
  lower_bound: string;
  upper_bound: string;
  vertex_cover: string[];
  clique_cover?: string[][];
}

/* ---------- minimum dominating set ---------- */
export const DOMINATING_KIND = "graph.minimum_dominating_set";
export const dominatingShape = () => ({
  status: statusField(),
  "domination_number?": smallCount("γ(G), present when EXACT"),
  lower_bound: smallCount("γ(G) ≥ lower_bound"),
  upper_bound: smallCount("γ(G) ≤ upper_bound: the size of the set given"),
  dominating_set: vertexSet("a dominating set (every vertex is in it or adjacent to it) of upper_bound vertices, in vertex order"),
  "packing?": vertexSet("a 2-packing of lower_bound vertices (no two adjacent or with a common neighbour), when it proves the bound: no vertex dominates two of them"),
});
export interface DominatingValue {
  status: "EXACT" | "INCOMPLETE";
  domination_number?: string;
  lower_bound: string;
  upper_bound: string;
  dominating_set: string[];
  packing?: string[];
}

/* ---------- Hamiltonian cycles and paths ---------- */
export const HAMILTONIAN_CYCLE_KIND = "graph.hamiltonian_cycle";
export const HAMILTONIAN_PATH_KIND = "graph.hamiltonian_path";
export const hamiltonShapes = (what: "cycle" | "path") =>
  [
    {
      status: "'FOUND'",
      [what]: labels(what === "cycle" ? "a Hamiltonian cycle: every vertex once, consecutive vertices adjacent and the last adjacent to the first" : "a Hamiltonian path: every vertex once, consecutive vertices adjacent"),
    },
    {
      status: "'NONE'",
      "separator?": {
        vertices: vertexSet("a vertex set S whose removal leaves more components than a Hamiltonian " + what + " allows"),
        components: smallCount(`the number of components of G − S (more than ${what === "cycle" ? "max(|S|, 1)" : "|S| + 1"})`),
      },
    },
    { status: "'INCOMPLETE'", reason: type("string").atMostLength(200).describe("why the search stopped (the effort's budget)") },
  ] as const;
export type HamiltonValue =
  | { status: "FOUND"; cycle?: string[]; path?: string[] }
  | { status: "NONE"; separator?: { vertices: string[]; components: string } }
  | { status: "INCOMPLETE"; reason: string };

/* ---------- isomorphism ---------- */
export const ISOMORPHISM_KIND = "graph.isomorphism";
export const INVARIANTS = ["directed", "vertices", "edges", "degree_sequence", "triangles", "canonical_form"] as const;
export type InvariantName = (typeof INVARIANTS)[number];
export const isomorphismShapes = () =>
  [
    { isomorphic: "true", mapping: perVertex("an isomorphism: [vertex of graph, its image in other] for every vertex of graph, in graph's vertex order (edges map onto edges and non-edges onto non-edges)") },
    {
      isomorphic: "false",
      invariant: type("'directed' | 'vertices' | 'edges' | 'degree_sequence' | 'triangles' | 'canonical_form'").describe(
        "the first isomorphism invariant that differs: directedness, vertex count, edge count, sorted degree sequence (out/in for digraphs), triangle count, or only the canonical forms",
      ),
      "graph_value?": type("string").atMostLength(10_000_000).describe("the invariant's value for graph (degree sequences as comma-separated decimal numbers)"),
      "other_value?": type("string").atMostLength(10_000_000).describe("the invariant's value for other"),
    },
  ] as const;
export type IsomorphismValue = { isomorphic: true; mapping: [string, string][] } | { isomorphic: false; invariant: InvariantName; graph_value?: string; other_value?: string };

/* ---------- planarity ---------- */
export const PLANARITY_KIND = "graph.planarity";
export const planarityShapes = () =>
  [
    {
      planar: "true",
      embedding: perVertex("a planar embedding as a rotation system: [vertex, [its neighbours in clockwise order]] for every vertex, in vertex order"),
      faces: bigCount("the number of faces of the embedding (Euler: V − E + F = 1 + components)", 20),
    },
    {
      planar: "false",
      kuratowski: {
        type: type("'K5' | 'K3,3'").describe("which Kuratowski graph the subgraph subdivides"),
        branch_vertices: vertexSet("the 5 (K5) or 6 (K3,3: the first three one side, the last three the other) vertices of degree above two"),
        edges: edgeList("the edges of the subdivision: paths between the branch vertices, pairwise internally disjoint"),
      },
    },
  ] as const;
export type PlanarityValue =
  | { planar: true; embedding: [string, string[]][]; faces: string }
  | { planar: false; kuratowski: { type: "K5" | "K3,3"; branch_vertices: string[]; edges: [string, string][] } };

export { labelLists };
