/**
 * Travelling salesman by the Held–Karp dynamic programme (Bellman 1962; Held and Karp 1962):
 * cost[S][j] = the least weight of a path from vertex 0 through exactly the vertices S ∪ {0},
 * ending at j ∈ S; the optimal tour closes the best full path back to 0. O(2^n n²) time,
 * O(2^n n) memory.
 *
 * Exact: rational weights are scaled by the least common multiple L of their denominators to
 * integers; when every tour weight fits below 2^53 the table is kept in doubles (exact integers),
 * otherwise in bigints. Missing arcs are absent (not "infinite weights"): when no tour exists the
 * result says so. Directed graphs give the asymmetric problem.
 */
import { gcd } from "../integer.js";
import { rational, type Rational } from "../rational.js";

export interface TspInput {
  n: number;
  /** Arcs u → v with weights (both directions for an undirected edge); the least weight of parallel arcs counts. */
  arcs: readonly { u: number; v: number; w: Rational }[];
}

export interface TspResult {
  /** The tour as a vertex order starting at 0 (closing back to it), or null when there is none. */
  tour: number[] | null;
  /** Its weight (exact). */
  weight: Rational | null;
}

export function heldKarp(input: TspInput, tick: () => void = () => {}): TspResult {
  const n = input.n;
  if (n === 0) return { tour: null, weight: null };
  if (n === 1) return { tour: [0], weight: rational(0n) };
  let L = 1n;
  for (const a of input.arcs) L = (L / gcd(L, a.w.den)) * a.w.den;
  // Integer weights W[u][v] (null: no arc), least over parallel arcs.
  const W: (bigint | null)[][] = Array.from({ length: n }, () => new Array<bigint | null>(n).fill(null));
  let maxAbs = 0n;
  for (const a of input.arcs) {
    if (a.u === a.v) continue;
    const x = (a.w.num * L) / a.w.den;
    const cur = W[a.u]![a.v];
    if (cur === null || cur === undefined || x < cur) W[a.u]![a.v] = x;
    const ab = x < 0n ? -x : x;
    if (ab > maxAbs) maxAbs = ab;
  }
  if (n === 2) {
    const a = W[0]![1], b = W[1]![0];
    if (a === null || a === undefined || b === null || b === undefined) return { tour: null, weight: null };
    return { tour: [0, 1], weight: rational(a + b, L) };
  }
  const fits = maxAbs * BigInt(n) < 2n ** 52n;
  return fits ? heldKarpDouble(n, W, L, tick) : heldKarpBig(n, W, L, tick);
}

/** Subsets S of {1..n−1} as bitmasks over n − 1 bits (bit j−1 for vertex j). */
function heldKarpDouble(n: number, Wb: (bigint | null)[][], L: bigint, tick: () => void): TspResult {
  const k = n - 1;
  const N = 1 << k;
  const W = new Float64Array(n * n).fill(Infinity);
  for (let u = 0; u < n; u++) for (let v = 0; v < n; v++) {
    const x = Wb[u]![v];
    if (x !== null && x !== undefined) W[u * n + v] = Number(x);
  }
  const cost = new Float64Array(N * k).fill(Infinity);
  const parent = new Int8Array(N * k).fill(-1);
  for (let j = 0; j < k; j++) cost[(1 << j) * k + j] = W[0 * n + j + 1]!;
  for (let S = 1; S < N; S++) {
    if ((S & 0x3fff) === 0) tick();
    const base = S * k;
    for (let j = 0; j < k; j++) {
      const c = cost[base + j]!;
      if (c === Infinity || !(S & (1 << j))) continue;
      let rest = (N - 1) & ~S;
      while (rest) {
        const t = 31 - Math.clz32(rest & -rest);
        rest &= rest - 1;
        const w = W[(j + 1) * n + t + 1]!;
        if (w === Infinity) continue;
        const T = S | (1 << t);
        const idx = T * k + t;
        const cand = c + w;
        // Ties go to the smaller predecessor, so the tour is deterministic.
        if (cand < cost[idx]! || (cand === cost[idx]! && j < parent[idx]!)) {
          cost[idx] = cand;
          parent[idx] = j;
        }
      }
    }
  }
  let best = Infinity, end = -1;
  const full = N - 1;
  for (let j = 0; j < k; j++) {
    const c = cost[full * k + j]! + W[(j + 1) * n + 0]!;
    if (c < best) {
      best = c;
      end = j;
    }
  }
  if (end < 0) return { tour: null, weight: null };
  return { tour: tourFrom(parent, full, end, k), weight: rational(BigInt(best), L) };
}

function heldKarpBig(n: number, W: (bigint | null)[][], L: bigint, tick: () => void): TspResult {
  const k = n - 1;
  const N = 1 << k;
  const cost: (bigint | null)[] = new Array(N * k).fill(null);
  const parent = new Int8Array(N * k).fill(-1);
  for (let j = 0; j < k; j++) cost[(1 << j) * k + j] = W[0]![j + 1] ?? null;
  for (let S = 1; S < N; S++) {
    if ((S & 0xfff) === 0) tick();
    for (let j = 0; j < k; j++) {
      const c = cost[S * k + j];
      if (c === null || c === undefined || !(S & (1 << j))) continue;
      for (let t = 0; t < k; t++) {
        if (S & (1 << t)) continue;
        const w = W[j + 1]![t + 1];
        if (w === null || w === undefined) continue;
        const idx = (S | (1 << t)) * k + t;
        const cand = c + w;
        const cur = cost[idx];
        if (cur === null || cur === undefined || cand < cur || (cand === cur && j < parent[idx]!)) {
          cost[idx] = cand;
          parent[idx] = j;
        }
      }
    }
  }
  let best: bigint | null = null, end = -1;
  for (let j = 0; j < k; j++) {
    const c = cost[(N - 1) * k + j], w = W[j + 1]![0];
    if (c === null || c === undefined || w === null || w === undefined) continue;
    if (best === null || c + w < best) {
      best = c + w;
      end = j;
    }
  }
  if (best === null) return { tour: null, weight: null };
  return { tour: tourFrom(parent, N - 1, end, k), weight: rational(best, L) };
}

/** The tour 0 → … → end + 1 read back from the Held–Karp parents of the subsets of {1, …, k}. */
function tourFrom(parent: ArrayLike<number>, full: number, end: number, k: number): number[] {
  const tour: number[] = [];
  let S = full, j = end;
  while (j >= 0) {
    tour.push(j + 1);
    const p = parent[S * k + j]!;
    S &= ~(1 << j);
    j = S ? p : -1;
  }
  tour.push(0);
  return tour.reverse();
}
