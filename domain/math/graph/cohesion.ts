/**
 * Cohesion: core numbers (Batagelj–Zaversnik bucket peeling, O(n + m)) and triangle counts
 * (each edge oriented from the lower to the higher (degree, index) end, so every out-degree is at
 * most √(2m); a triangle is counted once at its lowest vertex: O(m·√m)). Simple undirected graphs.
 */
import { degrees } from "./degrees.js";
import type { Graph } from "./types.js";

/** core[v]: the largest k such that v lies in the k-core (the maximal subgraph of minimum degree ≥ k). */
export function coreNumbers(g: Graph, tick: () => void = () => {}): Int32Array {
  const n = g.n;
  const deg = degrees(g);
  let maxDeg = 0;
  for (let v = 0; v < n; v++) if (deg[v]! > maxDeg) maxDeg = deg[v]!;
  const binStart = new Int32Array(maxDeg + 2);
  for (let v = 0; v < n; v++) binStart[deg[v]! + 1]!++;
  for (let d = 0; d <= maxDeg; d++) binStart[d + 1]! += binStart[d]!;
  const pos = new Int32Array(n), vert = new Int32Array(n);
  const fill = binStart.slice(0, maxDeg + 1);
  for (let v = 0; v < n; v++) {
    pos[v] = fill[deg[v]!]!++;
    vert[pos[v]!] = v;
  }
  const bin = binStart.slice(0, maxDeg + 1);
  for (let i = 0; i < n; i++) {
    if ((i & 4095) === 0) tick();
    const v = vert[i]!;
    for (let k = g.adjStart[v]!; k < g.adjStart[v + 1]!; k++) {
      const u = g.adjVertex[k]!;
      if (deg[u]! > deg[v]!) {
        // Move u to the front of its bin, then shrink the bin: u's degree drops by one.
        const du = deg[u]!, pu = pos[u]!, pw = bin[du]!, w = vert[pw]!;
        if (u !== w) {
          pos[u] = pw;
          vert[pu] = w;
          pos[w] = pu;
          vert[pw] = u;
        }
        bin[du]!++;
        deg[u]!--;
      }
    }
  }
  return deg;
}

/** Triangles at every vertex and in total (each triangle counted once in the total, at each of its three vertices in `at`). */
export function triangles(g: Graph, tick: () => void = () => {}): { total: number; at: Float64Array } {
  const n = g.n;
  const deg = degrees(g);
  const rank = (v: number, w: number): boolean => deg[v]! < deg[w]! || (deg[v] === deg[w] && v < w);
  const outStart = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) if (rank(v, g.adjVertex[i]!)) outStart[v + 1]!++;
  for (let v = 0; v < n; v++) outStart[v + 1]! += outStart[v]!;
  const out = new Int32Array(outStart[n]!);
  const fill = outStart.slice(0, n);
  for (let v = 0; v < n; v++) for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) if (rank(v, g.adjVertex[i]!)) out[fill[v]!++] = g.adjVertex[i]!;
  const mark = new Int32Array(n).fill(-1);
  const at = new Float64Array(n);
  let total = 0;
  for (let v = 0; v < n; v++) {
    if ((v & 1023) === 0) tick();
    for (let i = outStart[v]!; i < outStart[v + 1]!; i++) mark[out[i]!] = v;
    for (let i = outStart[v]!; i < outStart[v + 1]!; i++) {
      const u = out[i]!;
      for (let j = outStart[u]!; j < outStart[u + 1]!; j++) {
        const w = out[j]!;
        if (mark[w] === v) {
          total++;
          at[v]!++;
          at[u]!++;
          at[w]!++;
        }
      }
    }
  }
  return { total, at };
}
