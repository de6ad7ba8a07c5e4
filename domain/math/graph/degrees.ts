/**
 * Degrees. An undirected loop adds 2 to its vertex's degree (it has two ends there), a parallel
 * edge counts as often as it is listed, so Σ deg = 2m (the handshake lemma) holds for every graph.
 */
import type { Graph } from "./types.js";

/** Degree of every vertex of an undirected graph (loops count 2). */
export function degrees(g: Graph): Int32Array {
  const d = new Int32Array(g.n);
  for (let e = 0; e < g.m; e++) {
    d[g.src[e]!]!++;
    d[g.dst[e]!]!++;
  }
  return d;
}

/** Out- and in-degrees of a directed graph. */
export function arcDegrees(g: Graph): { out: Int32Array; in: Int32Array } {
  const out = new Int32Array(g.n), inn = new Int32Array(g.n);
  for (let e = 0; e < g.m; e++) {
    out[g.src[e]!]!++;
    inn[g.dst[e]!]!++;
  }
  return { out, in: inn };
}

/** The degrees sorted non-increasingly (counting sort: degrees are below 2m + 1). */
export function sortedDescending(d: Int32Array): Int32Array {
  let max = 0;
  for (let i = 0; i < d.length; i++) if (d[i]! > max) max = d[i]!;
  const count = new Int32Array(max + 1);
  for (let i = 0; i < d.length; i++) count[d[i]!]!++;
  const out = new Int32Array(d.length);
  let k = 0;
  for (let v = max; v >= 0; v--) for (let c = count[v]!; c > 0; c--) out[k++] = v;
  return out;
}
