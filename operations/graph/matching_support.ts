/** Certificate checks shared by the matching producer's postcondition and its checker. (Not a declaration.) */
import { components } from "../../domain/math/graph/traverse.js";
import { buildGraph, type Graph } from "../../domain/math/graph/types.js";

/** The number of odd components of G − U. */
export function oddComponentsWithout(g: Graph, removed: Uint8Array): number {
  const keep: number[] = [];
  const newIndex = new Int32Array(g.n).fill(-1);
  for (let v = 0; v < g.n; v++) if (!removed[v]) newIndex[v] = keep.push(v) - 1;
  const src: number[] = [], dst: number[] = [];
  for (let e = 0; e < g.m; e++) {
    const a = newIndex[g.src[e]!]!, b = newIndex[g.dst[e]!]!;
    if (a >= 0 && b >= 0) {
      src.push(a);
      dst.push(b);
    }
  }
  const h = buildGraph(false, keep.map(String), Int32Array.from(src), Int32Array.from(dst), null);
  const { comp, count } = components(h);
  const size = new Int32Array(count);
  for (let v = 0; v < h.n; v++) size[comp[v]!]!++;
  let odd = 0;
  for (let c = 0; c < count; c++) if (size[c]! % 2 === 1) odd++;
  return odd;
}

/** Whether `cover` covers every edge (loops included: a loop at v needs v). */
export function coversAll(g: Graph, inCover: Uint8Array): number {
  for (let e = 0; e < g.m; e++) if (!inCover[g.src[e]!] && !inCover[g.dst[e]!]) return e;
  return -1;
}
