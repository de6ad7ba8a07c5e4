/**
 * Eulerian trails and circuits (Hierholzer, iterative, O(n + m)), loops and parallel edges
 * included. A graph has an Eulerian circuit iff every vertex has even degree (directed: in = out)
 * and the edges lie in one (weakly) connected component (isolated vertices do not matter; a graph
 * without edges has the empty circuit); a trail that is not a circuit iff
 * exactly two vertices have odd degree (directed: one with out − in = 1, the start, and one with
 * in − out = 1, the end) and the edges are connected. Otherwise the obstruction is returned.
 */
import { arcDegrees, degrees } from "./degrees.js";
import type { Graph } from "./types.js";

export type EulerResult =
  | { kind: "circuit" | "trail"; vertices: Int32Array; edges: Int32Array }
  | { kind: "none"; reason: "odd_degrees"; vertices: number[] }
  | { kind: "none"; reason: "unbalanced"; vertices: number[] }
  | { kind: "none"; reason: "disconnected"; vertices: [number, number] };

export function eulerian(g: Graph, tick: () => void = () => {}): EulerResult {
  const n = g.n, m = g.m;
  let start = -1;
  if (g.directed) {
    const { out, in: inn } = arcDegrees(g);
    const plus: number[] = [], minus: number[] = [], bad: number[] = [];
    for (let v = 0; v < n; v++) {
      const d = out[v]! - inn[v]!;
      if (d === 1) plus.push(v);
      else if (d === -1) minus.push(v);
      else if (d !== 0) bad.push(v);
    }
    if (bad.length || plus.length > 1 || minus.length > 1 || plus.length !== minus.length) {
      const all: number[] = [];
      for (let v = 0; v < n; v++) if (out[v] !== inn[v]) all.push(v);
      return { kind: "none", reason: "unbalanced", vertices: all };
    }
    start = plus.length ? plus[0]! : -1;
  } else {
    const d = degrees(g);
    const odd: number[] = [];
    for (let v = 0; v < n; v++) if (d[v]! & 1) odd.push(v);
    if (odd.length !== 0 && odd.length !== 2) return { kind: "none", reason: "odd_degrees", vertices: odd };
    start = odd.length ? odd[0]! : -1;
  }
  if (m === 0) return { kind: "circuit", vertices: new Int32Array(0), edges: new Int32Array(0) };
  if (start < 0) start = g.src[0]!;
  // Hierholzer: follow unused edges from the stack top; a vertex with none left goes to the output.
  const used = new Uint8Array(m);
  const next = g.adjStart.slice(0, n);
  const vStack = new Int32Array(m + 1), eStack = new Int32Array(m + 1);
  const outV = new Int32Array(m + 1), outE = new Int32Array(m);
  let top = 0, nv = 0, ne = 0, steps = 0;
  vStack[top] = start;
  eStack[top] = -1;
  top = 1;
  while (top > 0) {
    if ((++steps & 4095) === 0) tick();
    const v = vStack[top - 1]!;
    let i = next[v]!;
    const end = g.adjStart[v + 1]!;
    while (i < end && used[g.adjEdge[i]!]) i++;
    next[v] = i;
    if (i < end) {
      const e = g.adjEdge[i]!;
      used[e] = 1;
      next[v] = i + 1;
      vStack[top] = g.adjVertex[i]!;
      eStack[top] = e;
      top++;
    } else {
      top--;
      outV[nv++] = v;
      if (eStack[top]! >= 0) outE[ne++] = eStack[top]!;
    }
  }
  if (ne !== m) {
    // Some edge was not reached: the edges are not connected. Name a reached vertex and an end of a missed edge.
    let missed = 0;
    while (used[missed]) missed++;
    return { kind: "none", reason: "disconnected", vertices: [start, g.src[missed]!] };
  }
  // The output is the walk reversed.
  outV.subarray(0, nv).reverse();
  outE.subarray(0, ne).reverse();
  const closed = outV[0] === outV[nv - 1];
  return { kind: closed ? "circuit" : "trail", vertices: outV.subarray(0, nv), edges: outE.subarray(0, ne) };
}
