/**
 * What the planarity producer and checker share: the graph field, the check of a rotation system by
 * Euler's formula and the check of a Kuratowski subdivision. (Not a declaration.)
 */
import { subdivisionPaths, traceFaces } from "../../domain/math/graph/planarity.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { graphField, indexOf } from "./support.js";

export const MAX_PLANAR_VERTICES = 1_000_000;
export const MAX_PLANAR_EDGES = 3_000_000;

export const planarGraph = () =>
  graphField({ maxVertices: MAX_PLANAR_VERTICES, maxEdges: MAX_PLANAR_EDGES, weights: "allowed", directed: "undirected", loops: false, multi: false }, "the undirected simple graph (weights are ignored)");

export interface PlanarProblem {
  failure: "malformed" | "not_a_rotation_system" | "euler_fails" | "wrong_face_count" | "not_an_edge" | "wrong_branch_vertices" | "not_a_subdivision";
  vertex?: string;
  edge?: [string, string];
  reason: string;
}

/** Checks a rotation system by tracing its faces; returns the face count or the defect. */
export function checkEmbedding(g: Graph, embedding: unknown, faces?: string): { faces: number } | PlanarProblem {
  const idx = indexOf(g), L = g.labels;
  if (!Array.isArray(embedding) || embedding.length !== g.n) return { failure: "malformed", reason: `the embedding must list every vertex once (${g.n} entries)` };
  // The rotation system in CSR form, read from the labels in one pass (lengths first).
  const at = new Int32Array(g.n).fill(-1);
  const start = new Int32Array(g.n + 1);
  for (let i = 0; i < embedding.length; i++) {
    const item = embedding[i];
    if (!Array.isArray(item) || item.length !== 2 || typeof item[0] !== "string" || !Array.isArray(item[1])) return { failure: "malformed", reason: `embedding[${i}] is not [vertex, [neighbours]]` };
    const v = idx.get(item[0]);
    if (v < 0) return { failure: "malformed", reason: `embedding[${i}] names an unknown vertex` };
    if (at[v]! >= 0) return { failure: "malformed", vertex: L[v]!, reason: `${L[v]} is listed twice` };
    at[v] = i;
    start[v + 1] = item[1].length;
  }
  for (let v = 0; v < g.n; v++) start[v + 1]! += start[v]!;
  const nbr = new Int32Array(start[g.n]!);
  for (let v = 0; v < g.n; v++) {
    const list = (embedding[at[v]!] as [string, unknown[]])[1];
    for (let k = 0; k < list.length; k++) {
      const w = typeof list[k] === "string" ? idx.get(list[k] as string) : -1;
      if (w < 0) return { failure: "malformed", vertex: L[v]!, reason: `the rotation of ${L[v]} names an unknown vertex` };
      nbr[start[v]! + k] = w;
    }
  }
  const rotation = { start, nbr };
  const t = traceFaces(g.n, g.src, g.dst, rotation);
  if ("defect" in t) return { failure: "not_a_rotation_system", vertex: L[t.vertex]!, reason: `${t.defect} (at ${L[t.vertex]})` };
  let total = 1;
  for (const c of t.components) {
    if (c.vertices - c.edges + c.faces !== 2) return { failure: "euler_fails", reason: `a component with ${c.vertices} vertices and ${c.edges} edges has ${c.faces} faces in this rotation system; a plane embedding has ${2 - c.vertices + c.edges} (genus ${(2 - c.vertices + c.edges - c.faces) / 2})` };
    total += c.faces - 1;
  }
  if (faces !== undefined && String(total) !== faces) return { failure: "wrong_face_count", reason: `the embedding has ${total} faces, not ${faces}` };
  return { faces: total };
}

/** Checks a Kuratowski subdivision: edges of G, branch vertices of the right degree, paths joining the right pairs. */
export function checkKuratowski(g: Graph, k: { type: "K5" | "K3,3"; branch_vertices: unknown; edges: unknown }): PlanarProblem | null {
  const idx = indexOf(g), L = g.labels;
  if (!Array.isArray(k.edges) || !Array.isArray(k.branch_vertices)) return { failure: "malformed", reason: "the subdivision needs branch_vertices and edges lists" };
  // Edge ids of G by endpoint pair.
  const byPair = new Map<number, number>();
  for (let e = 0; e < g.m; e++) {
    const a = Math.min(g.src[e]!, g.dst[e]!), b = Math.max(g.src[e]!, g.dst[e]!);
    byPair.set(a * g.n + b, e);
  }
  const used: number[] = [];
  const seen = new Set<number>();
  for (const item of k.edges as unknown[]) {
    if (!Array.isArray(item) || item.length < 2 || typeof item[0] !== "string" || typeof item[1] !== "string") return { failure: "malformed", reason: "an edge is not [u, v]" };
    const u = idx.get(item[0]), v = idx.get(item[1]);
    const e = u < 0 || v < 0 ? undefined : byPair.get(Math.min(u, v) * g.n + Math.max(u, v));
    if (e === undefined) return { failure: "not_an_edge", edge: [String(item[0]).slice(0, 100), String(item[1]).slice(0, 100)], reason: `${item[0]} – ${item[1]} is not an edge of the graph` };
    if (seen.has(e)) return { failure: "malformed", reason: `${item[0]} – ${item[1]} is listed twice` };
    seen.add(e);
    used.push(e);
  }
  const deg = new Map<number, number>();
  for (const e of used) for (const v of [g.src[e]!, g.dst[e]!]) deg.set(v, (deg.get(v) ?? 0) + 1);
  const want = k.type === "K5" ? { count: 5, degree: 4 } : { count: 6, degree: 3 };
  const branch: number[] = [];
  for (const l of k.branch_vertices as unknown[]) {
    const v = typeof l === "string" ? idx.get(l) : -1;
    if (v < 0) return { failure: "malformed", reason: "a branch vertex is not a vertex of the graph" };
    branch.push(v);
  }
  const branchSet = new Set(branch);
  if (branch.length !== want.count || branchSet.size !== want.count) return { failure: "wrong_branch_vertices", reason: `a ${k.type} subdivision has ${want.count} distinct branch vertices` };
  for (const [v, d] of deg) {
    if (branchSet.has(v) ? d !== want.degree : d !== 2) return { failure: "wrong_branch_vertices", vertex: L[v]!, reason: `${L[v]} has degree ${d} in the subgraph; ${branchSet.has(v) ? `a branch vertex of ${k.type} has ${want.degree}` : "a subdivision vertex has 2"}` };
  }
  for (const v of branch) if (!deg.has(v)) return { failure: "wrong_branch_vertices", vertex: L[v]!, reason: `${L[v]} is on no edge of the subgraph` };
  // The paths between branch vertices: each pair once (K5), each left–right pair once (K3,3), and nothing else.
  const ends = subdivisionPaths(used, g.src, g.dst, branchSet);
  const need = k.type === "K5" ? 10 : 9;
  const pairs = new Map<string, number>();
  for (const [a, b] of ends) {
    if (!branchSet.has(b) || a === b) return { failure: "not_a_subdivision", reason: "a path from a branch vertex does not end at another branch vertex" };
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  if (pairs.size !== need) return { failure: "not_a_subdivision", reason: `the paths join ${pairs.size} pairs of branch vertices; ${k.type} has ${need}` };
  for (const [key, c] of pairs) {
    if (c !== 1) return { failure: "not_a_subdivision", reason: "two paths join the same pair of branch vertices" };
    if (k.type === "K3,3") {
      const [a, b] = key.split(",").map(Number) as [number, number];
      const side = (v: number) => (branch.indexOf(v) < 3 ? 0 : 1);
      if (side(a) === side(b)) return { failure: "not_a_subdivision", reason: `a path joins ${L[a]} and ${L[b]}, which are on the same side of K3,3` };
    }
  }
  // Every edge lies on one of the paths (no stray cycle of subdivision vertices).
  if (ends.walked !== used.length) return { failure: "not_a_subdivision", reason: `${used.length - (ends.walked ?? 0)} edges lie on no path between branch vertices` };
  return null;
}
