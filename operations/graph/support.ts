/**
 * What the graph declarations share (not a declaration; the pack lists its operations):
 * version, provider and effect; the class caps; the graph field builder with the family's
 * conventions; and the shapes of vertex-named results.
 *
 * Output conventions (docs/contract.md, "Graphs"): vertices are named by their labels; a vertex
 * set is a list of labels in the graph's vertex order; a path or an order is a list of labels in
 * its own order; an edge is [u, v] (with its weight as a third element where the operation is
 * about weights), in the graph's edge order unless the order means something; a per-vertex value
 * is a list of [label, value] pairs in the graph's vertex order. Numbers that are mathematical
 * values (degrees, distances, counts) are strings; a graph result is a canonical graph value.
 */
import { type } from "arktype";
import { JacobianError } from "../../domain/errors.js";
import { defineChecker, defineCompute, type CheckerDeclaration, type ComputeDeclaration } from "../../domain/declaration.js";
import { LabelIndex, type GraphLimits } from "../../domain/math/graph/parse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { graph, graphAdmits, ofKind } from "../_support/kinds.js";

/** Vertices and edges of the largest graph any graph operation takes (operations may cap lower). */
export const MAX_VERTICES = 1_000_000;
export const MAX_EDGES = 1_000_000;
/** Characters of a vertex label: room for a pair label JSON.stringify([a, b]) of two 100-character labels (line graphs, products). */
export const MAX_LABEL_CHARS = 256;
/** Characters of a weight, and of weights and sums the results carry. */
export const MAX_WEIGHT_CHARS = 100;
export const MAX_VALUE_CHARS = 4_000;

type Defaulted = "kind" | "version" | "accepted_artifact_types" | "produced_artifact_types" | "effect" | "providers";
const PROVIDERS = [{ id: "jacobian.builtin", purpose: "graph algorithms on compressed adjacency arrays with exact integer and rational weights" }];

export function graphCompute<Req, Res>(d: Omit<ComputeDeclaration<Req, Res>, Defaulted>): ComputeDeclaration<Req, Res> {
  return defineCompute<Req, Res>({ version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only", providers: PROVIDERS, ...d });
}

export function graphChecker<Req>(d: Omit<CheckerDeclaration<Req>, Defaulted>): CheckerDeclaration<Req> {
  return defineChecker<Req>({ version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only", providers: PROVIDERS, ...d });
}

/** The family's graph field: class caps unless the operation sets lower ones. */
export function graphField(limits: Partial<GraphLimits> & Pick<GraphLimits, "weights" | "directed">, what = "the graph") {
  const full: GraphLimits = { maxVertices: MAX_VERTICES, maxEdges: MAX_EDGES, maxLabelChars: MAX_LABEL_CHARS, maxWeightChars: MAX_WEIGHT_CHARS, ...limits };
  return graph(full, `${what}: { "directed": false, "vertices": ["a", "b", …], "edges": [["a", "b"], …] } or { "graph6": "…" } (also sparse6, digraph6); ${graphAdmits(full)}`);
}

/** The size bounds every graph operation states (with its own caps). */
export function graphBounds(maxVertices = MAX_VERTICES, maxEdges = MAX_EDGES) {
  return [
    { name: "vertices", limit: maxVertices, unit: "vertices", description: "vertices of the input graph" },
    { name: "edges", limit: maxEdges, unit: "edges", description: "edges (arcs) of the input graph" },
    { name: "label_chars", limit: MAX_LABEL_CHARS, unit: "characters", description: "characters of one vertex label" },
  ];
}

/* ---------- result shapes ---------- */

// Lists that can hold 10^6 items are typed `unknown[]` with their item shape in the description:
// a per-item schema costs about a second per 10^6 items in arktype's jitless mode, on every result.
// The postcondition checks the items against the graph.

/** A vertex label. */
export const label = () => type("string").atMostLength(MAX_LABEL_CHARS).describe("a vertex label");
/** A list of vertex labels (a set in vertex order, a path or an order in its own order). */
export const labels = (what: string, max = MAX_VERTICES) => type("unknown[]").atMostLength(max).describe(`${what}: a list of vertex labels (strings)`);
/** A list of lists of labels (a partition, a list of cycles). */
export const labelLists = (what: string, max = MAX_VERTICES) => type("unknown[]").atMostLength(max).describe(`${what}: a list of lists of vertex labels`);
/** A list of edges [u, v] (or [u, v, weight]). */
export const edgeList = (what: string, max = MAX_EDGES) => type("unknown[]").atMostLength(max).describe(`${what}: a list of edges [u, v] (or [u, v, weight]) named by their vertex labels`);
/** Per-vertex values: [label, value] pairs in the graph's vertex order. */
export const perVertex = (what: string, max = MAX_VERTICES) => type("unknown[]").atMostLength(max).describe(`${what}: a list of [vertex label, value] pairs in the graph's vertex order, values as strings`);
/** A count or another non-negative integer value, as a string. */
export const count = (what: string) => type("string").atMostLength(20).and(/^(0|[1-9][0-9]*)$/).describe(`${what} (a non-negative integer as a decimal string)`);
/** An exact rational value (a weight, a distance, a flow) as a string. */
export const exact = (what: string) => type("string").atMostLength(MAX_VALUE_CHARS).and(/^(0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?$/).describe(`${what} (an integer or a reduced rational "p/q", as a string)`);
/** A graph result (canonical graph value). */
export const graphResult = (what: string) => graph({ maxVertices: MAX_VERTICES, maxEdges: 10 * MAX_EDGES, weights: "allowed", directed: "either", loops: true, multi: true }, `${what}: a graph in canonical form { directed, vertices, edges }`);

/** Mark a whole-result type with the producer's result kind (what its checker's claim takes). */
export { ofKind };

/** log2 for cost models (at least 1). */
export const lg = (x: number): number => Math.max(1, Math.log2(Math.max(2, x)));

/* ---------- naming results ---------- */

/** Labels of vertices. */
export const names = (g: Graph, vs: ArrayLike<number>): string[] => Array.from(vs, (v) => g.labels[v]!);
/** An edge as [u, v] by labels. */
export const edgeName = (g: Graph, e: number): [string, string] => [g.labels[g.src[e]!]!, g.labels[g.dst[e]!]!];
/** [label, String(value)] for every vertex, in vertex order. */
export const pairs = (g: Graph, values: ArrayLike<number | string>): [string, string][] => Array.from({ length: g.n }, (_, v) => [g.labels[v]!, String(values[v])]);

/** Label → vertex lookups for postconditions and checkers (built once per call). */
export const indexOf = (g: Graph): LabelIndex => new LabelIndex(g.labels, "graph.vertices");

/** The vertex a request field names, or DOMAIN_ERROR at that field. */
export function vertexOf(g: Graph, l: string, path: string): number {
  const v = new LabelIndex(g.labels, "graph.vertices").get(l);
  if (v < 0) throw new JacobianError("DOMAIN_ERROR", `${path}: ${JSON.stringify(l.slice(0, 60))} is not a vertex of the graph`, { path, hint: "name a vertex by its label as listed in graph.vertices (nauty strings: \"0\" … \"n−1\")" });
  return v;
}

/** Vertices named by a list of labels, or a reason they are not (unknown label, wrong type). */
export function resolve(index: LabelIndex, list: unknown, what: string): number[] | string {
  if (!Array.isArray(list)) return `${what} is not a list`;
  const out: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const l = list[i];
    if (typeof l !== "string") return `${what}[${i}] is not a label`;
    const v = index.get(l);
    if (v < 0) return `${what}[${i}] (${JSON.stringify(l.slice(0, 40))}) is not a vertex of the graph`;
    out.push(v);
  }
  return out;
}

/** Edge lookups u → v (directed) or {u, v}: a hash of the packed pair to a count. */
export class EdgeSet {
  private readonly map = new Map<number, number>();
  constructor(private readonly g: Graph) {
    for (let e = 0; e < g.m; e++) this.add(g.src[e]!, g.dst[e]!);
  }
  private key(u: number, v: number): number {
    if (!this.g.directed && u > v) [u, v] = [v, u];
    return u * this.g.n + v;
  }
  add(u: number, v: number): void {
    const k = this.key(u, v);
    this.map.set(k, (this.map.get(k) ?? 0) + 1);
  }
  has(u: number, v: number): boolean {
    return (this.map.get(this.key(u, v)) ?? 0) > 0;
  }
}
