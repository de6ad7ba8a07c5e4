/**
 * Algebraic invariants from the graph's matrices, computed exactly with the linear-algebra kernel
 * (domain/math/linalg):
 * - spanning tree count by Kirchhoff's matrix-tree theorem: τ(G) = det of the Laplacian with one
 *   row and column deleted (multigraphs count each choice of parallel edge; loops never lie on a
 *   tree and are dropped; a disconnected graph has none). Vertices of degree one are stripped
 *   first (they lie on every spanning tree: τ unchanged), which shrinks trees and pendant paths.
 *   Weighted graphs give Σ_T Π_{e ∈ T} w(e) (the weighted Laplacian, over QQ).
 * - characteristic polynomials det(xI − M) of the adjacency matrix A, the Laplacian D − A and the
 *   signless Laplacian D + A (multimodular Hessenberg, charpoly.ts).
 */
import { integerDeterminant } from "../linalg/determinant.js";
import { integerCharpoly, rationalCharpoly } from "../linalg/charpoly.js";
import { ratAdd, ratNeg, rational, ZERO, type Rational } from "../rational.js";
import { lcm } from "../matrix.js";
import type { Graph } from "./types.js";

/** Kirchhoff: the number of spanning trees (weighted: the sum of the trees' weight products). */
export function spanningTreeCount(g: Graph, useWeights: boolean): Rational {
  const n = g.n;
  if (n <= 1) return rational(1n);
  // Strip degree-one vertices repeatedly (loops ignored).
  const deg = new Int32Array(n);
  for (let e = 0; e < g.m; e++) {
    if (g.src[e] === g.dst[e]) continue;
    deg[g.src[e]!]!++;
    deg[g.dst[e]!]!++;
  }
  const gone = new Uint8Array(n);
  const edgeGone = new Uint8Array(g.m);
  let factor: Rational = rational(1n);
  const queue: number[] = [];
  for (let v = 0; v < n; v++) if (deg[v] === 1) queue.push(v);
  let alive = n;
  while (queue.length && alive > 1) {
    const v = queue.pop()!;
    if (gone[v] || deg[v] !== 1) continue;
    // Its one edge.
    for (let i = g.adjStart[v]!; i < g.adjStart[v + 1]!; i++) {
      const e = g.adjEdge[i]!, u = g.adjVertex[i]!;
      if (edgeGone[e] || u === v) continue;
      edgeGone[e] = 1;
      if (useWeights && g.weight) factor = mulR(factor, g.weight[e]!);
      gone[v] = 1;
      alive--;
      deg[u]!--;
      if (deg[u] === 1) queue.push(u);
      break;
    }
  }
  const keep: number[] = [];
  for (let v = 0; v < n; v++) if (!gone[v]) keep.push(v);
  if (keep.length === 1) return factor;
  if (keep.some((v) => deg[v] === 0)) return rational(0n);
  const idx = new Map<number, number>();
  keep.forEach((v, i) => idx.set(v, i));
  const k = keep.length;
  if (useWeights && g.weight) {
    const L: Rational[][] = Array.from({ length: k }, () => new Array<Rational>(k).fill(ZERO));
    for (let e = 0; e < g.m; e++) {
      if (edgeGone[e] || g.src[e] === g.dst[e]) continue;
      const a = idx.get(g.src[e]!)!, b = idx.get(g.dst[e]!)!;
      const w = g.weight[e]!;
      L[a]![a] = ratAdd(L[a]![a]!, w);
      L[b]![b] = ratAdd(L[b]![b]!, w);
      L[a]![b] = ratAdd(L[a]![b]!, ratNeg(w));
      L[b]![a] = ratAdd(L[b]![a]!, ratNeg(w));
    }
    // Clear denominators row by row of the (k−1)×(k−1) minor: det = det(integer rows) / Π d_i.
    let scale = 1n;
    const M: bigint[][] = [];
    for (let i = 1; i < k; i++) {
      const row = L[i]!.slice(1);
      let d = 1n;
      for (const x of row) d = lcm(d, x.den);
      scale *= d;
      M.push(row.map((x) => (x.num * d) / x.den));
    }
    return mulR(factor, rational(integerDeterminant(M), scale));
  }
  const L: bigint[][] = Array.from({ length: k }, () => new Array<bigint>(k).fill(0n));
  for (let e = 0; e < g.m; e++) {
    if (edgeGone[e] || g.src[e] === g.dst[e]) continue;
    const a = idx.get(g.src[e]!)!, b = idx.get(g.dst[e]!)!;
    L[a]![a]!++;
    L[b]![b]!++;
    L[a]![b]!--;
    L[b]![a]!--;
  }
  const minor = L.slice(1).map((r) => r.slice(1));
  return mulR(factor, rational(integerDeterminant(minor)));
}

const mulR = (a: Rational, b: Rational): Rational => rational(a.num * b.num, a.den * b.den);

export type GraphMatrix = "adjacency" | "laplacian" | "signless_laplacian";

/**
 * The matrix of a graph: adjacency A (A[u][v] = number of edges u → v, or their total weight; an
 * undirected loop counts once on the diagonal), Laplacian D − A, signless Laplacian D + A with D
 * the diagonal of row sums of A without loops. Directed graphs: out-degrees.
 */
export function graphMatrix(g: Graph, which: GraphMatrix, useWeights: boolean): Rational[][] {
  const n = g.n;
  const A: Rational[][] = Array.from({ length: n }, () => new Array<Rational>(n).fill(ZERO));
  const one = rational(1n);
  for (let e = 0; e < g.m; e++) {
    const u = g.src[e]!, v = g.dst[e]!;
    const w = useWeights && g.weight ? g.weight[e]! : one;
    A[u]![v] = ratAdd(A[u]![v]!, w);
    if (!g.directed && u !== v) A[v]![u] = ratAdd(A[v]![u]!, w);
  }
  if (which === "adjacency") return A;
  const sign = which === "laplacian" ? -1 : 1;
  const M: Rational[][] = A.map((row) => row.map((x) => (sign < 0 ? ratNeg(x) : x)));
  for (let v = 0; v < n; v++) {
    let d: Rational = ZERO;
    for (let u = 0; u < n; u++) if (u !== v) d = ratAdd(d, A[v]![u]!);
    // The loop's own entry cancels in D − A (a loop does not change the Laplacian).
    M[v]![v] = sign < 0 ? d : ratAdd(d, A[v]![v]!);
  }
  return M;
}

/** det(xI − M), little-endian coefficients (integers when M is integral). */
export function graphCharpoly(M: Rational[][], tick: () => void = () => {}): Rational[] {
  if (M.every((r) => r.every((x) => x.den === 1n))) return integerCharpoly(M.map((r) => r.map((x) => x.num)), tick).map((c) => rational(c));
  return rationalCharpoly(M, tick);
}
