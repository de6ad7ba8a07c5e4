/**
 * Minimum dominating sets (every vertex in the set or adjacent to it) by branch and bound on the
 * set-cover formulation: the undominated vertex with fewest remaining dominators is covered in
 * every possible way — each candidate dominator in turn, candidates already tried in an earlier
 * branch being excluded afterwards (so no set is enumerated twice). Bound: the vertices still
 * undominated need at least ⌈|U| / (largest coverage of one candidate)⌉ more, and at least the size
 * of a set of undominated vertices no two of which share a candidate dominator (a packing, built
 * greedily). The incumbent starts from the greedy set-cover heuristic.
 *
 * `packingLowerBound` also serves as a certificate: a 2-packing (vertices pairwise at distance ≥ 3)
 * of size k proves γ ≥ k, since no vertex dominates two of them.
 */
import { lowBit, popcount, type DenseGraph } from "./dense.js";

export interface DominationResult {
  set: number[];
  complete: boolean;
  lowerBound: number;
  nodes: number;
}

/** Closed neighbourhoods N[v] as bitsets. */
function closed(g: DenseGraph): Uint32Array {
  const { n, W } = g;
  const N = new Uint32Array(n * W);
  N.set(g.rows);
  for (let v = 0; v < n; v++) N[v * W + (v >>> 5)]! |= 1 << (v & 31);
  return N;
}

const bits = (set: Uint32Array, off: number, W: number): number => {
  let c = 0;
  for (let w = 0; w < W; w++) c += popcount(set[off + w]!);
  return c;
};

export function minimumDominatingSet(g: DenseGraph, opts: { maxNodes?: number; tick?: () => void } = {}): DominationResult {
  const { n, W } = g;
  if (n === 0) return { set: [], complete: true, lowerBound: 0, nodes: 0 };
  const N = closed(g);
  const maxNodes = opts.maxNodes ?? Infinity;
  // Greedy incumbent.
  let best: number[] = [];
  {
    const U = new Uint32Array(W);
    for (let v = 0; v < n; v++) U[v >>> 5]! |= 1 << (v & 31);
    while (U.some((x) => x !== 0)) {
      let bv = -1, bc = -1;
      for (let v = 0; v < n; v++) {
        let c = 0;
        for (let w = 0; w < W; w++) c += popcount(N[v * W + w]! & U[w]!);
        if (c > bc) { bc = c; bv = v; }
      }
      best.push(bv);
      for (let w = 0; w < W; w++) U[w]! &= ~N[bv * W + w]!;
    }
  }
  const chosen: number[] = [];
  const excluded = new Uint8Array(n);
  let nodes = 0;
  let out = false;
  const tmp = new Uint32Array(W);
  const stack: Uint32Array[] = [];
  const search = (depth: number, U: Uint32Array): void => {
    if (++nodes > maxNodes) { out = true; return; }
    if ((nodes & 1023) === 0) opts.tick?.();
    let left = 0;
    for (let w = 0; w < W; w++) left += popcount(U[w]!);
    if (left === 0) {
      if (chosen.length < best.length) best = chosen.slice();
      return;
    }
    if (chosen.length + 1 >= best.length) return;
    // Coverage bound and the undominated vertex with fewest candidate dominators.
    let maxCover = 0;
    const cover = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      if (excluded[v]) continue;
      let c = 0;
      for (let w = 0; w < W; w++) c += popcount(N[v * W + w]! & U[w]!);
      cover[v] = c;
      if (c > maxCover) maxCover = c;
    }
    if (maxCover === 0) return;
    if (chosen.length + Math.ceil(left / maxCover) >= best.length) return;
    let pick = -1, pickCount = Infinity;
    // Packing bound: undominated vertices with pairwise disjoint candidate sets.
    let packing = 0;
    tmp.fill(0);
    for (let w = 0; w < W; w++) {
      let x = U[w]!;
      while (x) {
        const u = (w << 5) | lowBit(x);
        x &= x - 1;
        let cands = 0, disjoint = true;
        for (let k = 0; k < W; k++) {
          const c = N[u * W + k]!;
          if (c & tmp[k]!) disjoint = false;
        }
        for (let k = 0; k < W; k++) {
          let c = N[u * W + k]!;
          while (c) {
            const v = (k << 5) | lowBit(c);
            c &= c - 1;
            if (!excluded[v]) cands++;
          }
        }
        if (cands === 0) return;
        if (cands < pickCount) { pickCount = cands; pick = u; }
        if (disjoint) {
          packing++;
          // Later vertices sharing a dominator with u are no longer disjoint from the packing.
          for (let k = 0; k < W; k++) tmp[k]! |= N[u * W + k]!;
        }
      }
    }
    // (tmp holds the union of the packed vertices' candidate dominators; a later vertex is packed
    // only when none of its dominators is among them.)
    if (chosen.length + packing >= best.length) return;
    const cands: number[] = [];
    for (let k = 0; k < W; k++) {
      let c = N[pick * W + k]!;
      while (c) {
        const v = (k << 5) | lowBit(c);
        c &= c - 1;
        if (!excluded[v]) cands.push(v);
      }
    }
    cands.sort((a, b) => cover[b]! - cover[a]! || a - b);
    const next = (stack[depth] ??= new Uint32Array(W));
    const tried: number[] = [];
    for (const v of cands) {
      chosen.push(v);
      for (let w = 0; w < W; w++) next[w] = U[w]! & ~N[v * W + w]!;
      search(depth + 1, next.slice());
      chosen.pop();
      excluded[v] = 1;
      tried.push(v);
      if (out) break;
    }
    for (const v of tried) excluded[v] = 0;
  };
  const U0 = new Uint32Array(W);
  for (let v = 0; v < n; v++) U0[v >>> 5]! |= 1 << (v & 31);
  search(0, U0);
  best.sort((a, b) => a - b);
  const pack = packingLowerBound(g);
  return { set: best, complete: !out, lowerBound: out ? Math.max(pack.length, 1) : best.length, nodes };
}

/**
 * A 2-packing (pairwise distance ≥ 3) found greedily, least degree first: a lower bound on γ that
 * a checker can verify by distances alone.
 */
export function packingLowerBound(g: DenseGraph): number[] {
  const { n, W } = g;
  const N = closed(g);
  const blocked = new Uint8Array(n);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => g.degree[a]! - g.degree[b]! || a - b);
  const out: number[] = [];
  for (const v of order) {
    if (blocked[v]) continue;
    out.push(v);
    // Block everything within distance 2 of v.
    for (let w = 0; w < W; w++) {
      let x = N[v * W + w]!;
      while (x) {
        const u = (w << 5) | lowBit(x);
        x &= x - 1;
        for (let k = 0; k < W; k++) {
          let y = N[u * W + k]!;
          while (y) {
            blocked[(k << 5) | lowBit(y)] = 1;
            y &= y - 1;
          }
        }
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/** Is `set` dominating? Returns an undominated vertex, or −1. */
export function undominated(g: DenseGraph, set: readonly number[]): number {
  const { n, W } = g;
  const D = new Uint32Array(W);
  for (const v of set) {
    D[v >>> 5]! |= 1 << (v & 31);
    for (let w = 0; w < W; w++) D[w]! |= g.rows[v * W + w]!;
  }
  for (let v = 0; v < n; v++) if (!((D[v >>> 5]! >>> (v & 31)) & 1)) return v;
  return -1;
}

export { bits as bitCount };

/**
 * Is there a dominating set of exactly `t` vertices (n ≤ 32)? Enumerates every t-subset (in
 * lexicographic order) and ORs the closed neighbourhoods as 32-bit masks: no branching rule, no
 * bounds — the second algorithm a checker runs. A set, null when none exists (a smaller dominating
 * set extends to one of size t), or undefined when there are more than `maxSubsets` subsets.
 */
export function dominatingSetOfSize(g: DenseGraph, t: number, maxSubsets: number, tick: () => void = () => {}): number[] | null | undefined {
  const n = g.n;
  if (n > 32) throw new RangeError("subset enumeration is limited to 32 vertices");
  if (t >= n) return Array.from({ length: n }, (_, i) => i);
  if (t <= 0) return n === 0 ? [] : null;
  let total = 1;
  for (let i = 0; i < t; i++) total = (total * (n - i)) / (i + 1);
  if (total > maxSubsets) return undefined;
  const N = new Int32Array(n);
  for (let v = 0; v < n; v++) N[v] = g.rows[v * g.W]! | (1 << v);
  const full = n === 32 ? -1 : (1 << n) - 1;
  const chosen: number[] = [];
  let leaves = 0;
  const rec = (from: number, left: number, mask: number): boolean => {
    if (left === 0) {
      if ((++leaves & 0xffff) === 0) tick();
      return (mask | 0) === full;
    }
    for (let v = from; v <= n - left; v++) {
      chosen.push(v);
      if (rec(v + 1, left - 1, mask | N[v]!)) return true;
      chosen.pop();
    }
    return false;
  };
  return rec(0, t, 0) ? chosen.slice() : null;
}
