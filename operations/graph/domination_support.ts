/**
 * What the dominating-set producer and checker share: the graph field, and the check of a claimed
 * dominating set and its packing certificate. (Not a declaration.)
 */
import type { Graph } from "../../domain/math/graph/types.js";
import { MAX_COLOURING_VERTICES } from "./hard.js";
import type { DominatingValue } from "./hard_shapes.js";
import { graphField, indexOf, resolve } from "./support.js";

export interface DominationProblem {
  failure: "malformed" | "undominated" | "wrong_size" | "bad_packing" | "inconsistent";
  vertex?: string;
  pair?: [string, string];
  reason: string;
}

export const domination = {
  graphField: () =>
    graphField({ maxVertices: MAX_COLOURING_VERTICES, maxEdges: 500_000, weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph (weights are ignored; loops and parallel edges change nothing)"),

  /** Why the claim's set, sizes or packing are wrong, or null. */
  problem(g: Graph, v: DominatingValue): DominationProblem | null {
    const idx = indexOf(g), L = g.labels;
    const vs = resolve(idx, v.dominating_set, "dominating_set");
    if (typeof vs === "string") return { failure: "malformed", reason: vs };
    if (new Set(vs).size !== vs.length) return { failure: "malformed", reason: "the set lists a vertex twice" };
    const dom = new Uint8Array(g.n);
    for (const x of vs) dom[x] = 1;
    const covered = new Uint8Array(g.n);
    for (const x of vs) covered[x] = 1;
    for (let e = 0; e < g.m; e++) {
      const a = g.src[e]!, b = g.dst[e]!;
      if (dom[a]) covered[b] = 1;
      if (dom[b]) covered[a] = 1;
    }
    for (let x = 0; x < g.n; x++) if (!covered[x]) return { failure: "undominated", vertex: L[x]!, reason: `${L[x]} is neither in the set nor adjacent to it` };
    if (String(vs.length) !== v.upper_bound) return { failure: "wrong_size", reason: `the set has ${vs.length} vertices; the upper bound is ${v.upper_bound}` };
    if (Number(v.lower_bound) > Number(v.upper_bound)) return { failure: "inconsistent", reason: "the lower bound exceeds the upper bound" };
    if (v.status === "EXACT" && (v.lower_bound !== v.upper_bound || v.domination_number !== v.upper_bound)) return { failure: "inconsistent", reason: "an EXACT claim has equal bounds" };
    if (v.status === "INCOMPLETE" && v.domination_number !== undefined) return { failure: "inconsistent", reason: "an INCOMPLETE claim gives no domination number" };
    if (v.packing !== undefined) {
      const p = resolve(idx, v.packing, "packing");
      if (typeof p === "string") return { failure: "malformed", reason: p };
      if (new Set(p).size !== p.length) return { failure: "malformed", reason: "the packing lists a vertex twice" };
      // Pairwise: not adjacent and no common neighbour.
      const nbrs: Set<number>[] = Array.from({ length: g.n }, () => new Set<number>());
      for (let e = 0; e < g.m; e++) {
        nbrs[g.src[e]!]!.add(g.dst[e]!);
        nbrs[g.dst[e]!]!.add(g.src[e]!);
      }
      const owner = new Int32Array(g.n).fill(-1);
      for (const x of p) {
        for (const y of [x, ...nbrs[x]!]) {
          if (owner[y]! >= 0 && owner[y] !== x) return { failure: "bad_packing", pair: [L[owner[y]!]!, L[x]!], reason: `${L[owner[y]!]} and ${L[x]} can be dominated by one vertex (${L[y]})` };
          owner[y] = x;
        }
      }
      if (String(p.length) !== v.lower_bound) return { failure: "bad_packing", reason: `the packing has ${p.length} vertices; the lower bound is ${v.lower_bound}` };
    }
    return null;
  },
};
