/**
 * A plain backtracking isomorphism search (Ullmann-style, without refinement): vertices of G in
 * breadth-first order, each mapped to an unused vertex of H with the same degrees whose adjacency
 * to the images of the earlier vertices matches exactly. It shares nothing with the canonical
 * labelling of canon.ts — the second algorithm a checker runs on a claim that two graphs are not
 * isomorphic. Simple graphs or digraphs with the same vertex count.
 */
import type { Graph } from "./types.js";

function bitRows(g: Graph): { W: number; rows: Uint32Array } {
  const W = Math.max(1, (g.n + 31) >>> 5);
  const rows = new Uint32Array(g.n * W);
  for (let e = 0; e < g.m; e++) {
    const u = g.src[e]!, v = g.dst[e]!;
    rows[u * W + (v >>> 5)]! |= 1 << (v & 31);
    if (!g.directed) rows[v * W + (u >>> 5)]! |= 1 << (u & 31);
  }
  return { W, rows };
}

/** An isomorphism G → H (f[v] = image), null when none exists, undefined when the node budget ran out. */
export function findIsomorphism(g: Graph, h: Graph, maxNodes: number, tick: () => void = () => {}): Int32Array | null | undefined {
  const n = g.n;
  if (h.n !== n || h.m !== g.m || h.directed !== g.directed) return null;
  const G = bitRows(g), H = bitRows(h);
  const W = G.W;
  const has = (R: { rows: Uint32Array }, u: number, v: number): boolean => ((R.rows[u * W + (v >>> 5)]! >>> (v & 31)) & 1) === 1;
  const degKey = (x: Graph, R: { rows: Uint32Array }, v: number): number => {
    let out = 0, inn = 0;
    for (let u = 0; u < n; u++) {
      if (has(R, v, u)) out++;
      if (x.directed && has(R, u, v)) inn++;
    }
    return out * (n + 1) + inn;
  };
  const dg = Int32Array.from({ length: n }, (_, v) => degKey(g, G, v));
  const dh = Int32Array.from({ length: n }, (_, v) => degKey(h, H, v));
  // Breadth-first order of G (each new vertex adjacent to an earlier one when possible).
  const order: number[] = [];
  const seen = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    order.push(s);
    for (let i = order.length - 1; i < order.length; i++) {
      const v = order[i]!;
      for (let u = 0; u < n; u++) if (!seen[u] && (has(G, v, u) || has(G, u, v))) { seen[u] = 1; order.push(u); }
    }
  }
  const f = new Int32Array(n).fill(-1);
  const used = new Uint8Array(n);
  let nodes = 0;
  const rec = (k: number): boolean | undefined => {
    if (k === n) return true;
    if (++nodes > maxNodes) return undefined;
    if ((nodes & 4095) === 0) tick();
    const v = order[k]!;
    for (let x = 0; x < n; x++) {
      if (used[x] || dh[x] !== dg[v]) continue;
      let ok = true;
      for (let j = 0; j < k && ok; j++) {
        const u = order[j]!, y = f[u]!;
        if (has(G, v, u) !== has(H, x, y) || (g.directed && has(G, u, v) !== has(H, y, x))) ok = false;
      }
      if (!ok) continue;
      f[v] = x;
      used[x] = 1;
      const r = rec(k + 1);
      if (r !== false) return r;
      used[x] = 0;
      f[v] = -1;
    }
    return false;
  };
  const r = rec(0);
  return r === undefined ? undefined : r ? f : null;
}
