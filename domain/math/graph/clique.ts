/**
 * Maximum clique by bitset branch and bound with greedy-colouring bounds (Tomita's MCQ/MCS as
 * recast on bitsets by San Segundo, "BBMC", 2011): a candidate set P is coloured greedily in a
 * fixed vertex order (colour classes are independent sets, so a clique takes at most one vertex of
 * each), and only vertices whose colour number could still beat the incumbent are branched on,
 * highest colour first. Vertices are renumbered smallest-last (degeneracy order reversed) so that
 * the greedy colourings are tight.
 *
 * Independence number and vertex cover reduce to this on the complement, component by component.
 */
import { complementOf, denseComponents, inducedDense, lowBit, type DenseGraph } from "./dense.js";

export interface CliqueOptions {
  tick?: () => void;
  /** Stop after this many branch nodes: the result is then incomplete, with bounds. */
  maxNodes?: number;
  /** A clique known in advance (a lower bound to beat). */
  initial?: readonly number[];
}

export interface CliqueResult {
  /** The largest clique found (vertices increasing). */
  clique: number[];
  /** True when the search finished: `clique` is maximum. */
  complete: boolean;
  /** ω ≤ upperBound (equals clique.length when complete). */
  upperBound: number;
  nodes: number;
}

/** Smallest-last order: repeatedly remove a vertex of least remaining degree; returns the reverse. */
export function degeneracyOrder(d: DenseGraph): number[] {
  const n = d.n;
  const deg = Int32Array.from(d.degree);
  const removed = new Uint8Array(n);
  const order: number[] = [];
  // Bucket queue on degrees.
  const maxDeg = n;
  const buckets: number[][] = Array.from({ length: maxDeg + 1 }, () => []);
  for (let v = 0; v < n; v++) buckets[deg[v]!]!.push(v);
  let lo = 0;
  for (let k = 0; k < n; k++) {
    lo = Math.max(0, lo - 1);
    let v = -1;
    while (v < 0) {
      while (buckets[lo]!.length === 0) lo++;
      const u = buckets[lo]!.pop()!;
      if (!removed[u] && deg[u] === lo) v = u;
    }
    removed[v] = 1;
    order.push(v);
    for (let w = 0; w < d.W; w++) {
      let x = d.rows[v * d.W + w]!;
      while (x) {
        const u = (w << 5) | lowBit(x);
        x &= x - 1;
        if (!removed[u]) {
          deg[u]!--;
          buckets[deg[u]!]!.push(u);
        }
      }
    }
  }
  return order.reverse();
}

class NodeLimit extends Error {}

/** A maximum clique of a dense graph. */
export function maximumClique(g: DenseGraph, opts: CliqueOptions = {}): CliqueResult {
  const n = g.n;
  if (n === 0) return { clique: [], complete: true, upperBound: 0, nodes: 0 };
  // Renumber: position i holds original vertex perm[i].
  const perm = degeneracyOrder(g);
  const pos = new Int32Array(n);
  perm.forEach((v, i) => (pos[v] = i));
  const W = g.W;
  const rows = new Uint32Array(n * W);
  for (let i = 0; i < n; i++) {
    const v = perm[i]!;
    for (let w = 0; w < W; w++) {
      let x = g.rows[v * W + w]!;
      while (x) {
        const u = (w << 5) | lowBit(x);
        x &= x - 1;
        const j = pos[u]!;
        rows[i * W + (j >>> 5)]! |= 1 << (j & 31);
      }
    }
  }

  let best: number[] = opts.initial ? opts.initial.map((v) => pos[v]!) : [];
  const C: number[] = [];
  let nodes = 0;
  const maxNodes = opts.maxNodes ?? Infinity;
  // Per-depth scratch: candidate set, colouring work sets, the branching list.
  const Ps: Uint32Array[] = [];
  const scratchU = new Uint32Array(W), scratchQ = new Uint32Array(W);
  const lists: Int32Array[] = [];
  const colours: Int32Array[] = [];
  let rootColour = n; // colour number of the root vertex being branched on
  let rootUpper = n;

  const expand = (depth: number): void => {
    nodes++;
    if (nodes > maxNodes) throw new NodeLimit();
    if ((nodes & 1023) === 0) opts.tick?.();
    const P = Ps[depth]!;
    const list = (lists[depth] ??= new Int32Array(n));
    const col = (colours[depth] ??= new Int32Array(n));
    // Greedy colouring of P in vertex order; keep the vertices whose colour could improve on best.
    const kmin = best.length - C.length + 1;
    scratchU.set(P);
    let len = 0;
    let k = 0;
    let uEmpty = false;
    while (!uEmpty) {
      k++;
      scratchQ.set(scratchU);
      for (let w = 0; w < W; w++) {
        while (scratchQ[w]) {
          const b = lowBit(scratchQ[w]!);
          const v = (w << 5) | b;
          scratchU[w]! &= ~(1 << b);
          scratchQ[w]! &= ~(1 << b);
          const base = v * W;
          for (let x = w; x < W; x++) scratchQ[x]! &= ~rows[base + x]!;
          if (k >= kmin) {
            list[len] = v;
            col[len++] = k;
          }
        }
      }
      uEmpty = true;
      for (let w = 0; w < W; w++) if (scratchU[w]) { uEmpty = false; break; }
    }
    if (depth === 0) rootUpper = k;
    const next = (Ps[depth + 1] ??= new Uint32Array(W));
    for (let i = len - 1; i >= 0; i--) {
      if (C.length + col[i]! <= best.length) return;
      const v = list[i]!;
      if (depth === 0) rootColour = col[i]!;
      C.push(v);
      let empty = true;
      const base = v * W;
      for (let w = 0; w < W; w++) {
        const x = P[w]! & rows[base + w]!;
        next[w] = x;
        if (x) empty = false;
      }
      if (empty) {
        if (C.length > best.length) best = C.slice();
      } else {
        expand(depth + 1);
      }
      C.pop();
      P[v >>> 5]! &= ~(1 << (v & 31));
    }
  };

  const P0 = new Uint32Array(W);
  for (let v = 0; v < n; v++) P0[v >>> 5]! |= 1 << (v & 31);
  Ps[0] = P0;
  let complete = true;
  try {
    expand(0);
  } catch (e) {
    if (!(e instanceof NodeLimit)) throw e;
    complete = false;
  }
  const clique = best.map((i) => perm[i]!).sort((a, b) => a - b);
  // Interrupted while branching on a root vertex of colour c: every clique not yet excluded lies in
  // the candidates of colour ≤ c, so ω ≤ max(|best|, c).
  const upperBound = complete ? clique.length : Math.max(clique.length, Math.min(rootColour, rootUpper));
  return { clique, complete, upperBound, nodes };
}

/**
 * A maximum independent set: maximum cliques of the complement of each connected component
 * (independence number is additive over components). The node limit applies per component.
 */
export function maximumIndependentSet(g: DenseGraph, opts: Omit<CliqueOptions, "initial"> = {}): CliqueResult {
  const comps = denseComponents(g);
  const set: number[] = [];
  let complete = true, upper = 0, nodes = 0;
  for (const comp of comps) {
    if (comp.length === 1) {
      set.push(comp[0]!);
      upper++;
      continue;
    }
    const sub = complementOf(inducedDense(g, comp));
    const r = maximumClique(sub, opts);
    nodes += r.nodes;
    for (const i of r.clique) set.push(comp[i]!);
    upper += r.upperBound;
    complete &&= r.complete;
  }
  set.sort((a, b) => a - b);
  return { clique: set, complete, upperBound: upper, nodes };
}

/**
 * Is there a clique of at least `t` vertices? A plain Bron–Kerbosch enumeration with Tomita's
 * pivot and the size bound |R| + |P| < t (no colouring bound): the second algorithm a checker uses
 * against a claimed clique number. Returns such a clique, null when none exists, or undefined when
 * the node budget ran out.
 */
export function cliqueOfSize(g: DenseGraph, t: number, maxNodes: number, tick: () => void = () => {}): number[] | null | undefined {
  const { n, W, rows } = g;
  if (t <= 0) return [];
  if (t > n) return null;
  let nodes = 0;
  const R: number[] = [];
  const count = (s: Uint32Array): number => {
    let c = 0;
    for (let w = 0; w < W; w++) {
      let x = s[w]!;
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      c += (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
    }
    return c;
  };
  const rec = (P: Uint32Array, X: Uint32Array): number[] | null | undefined => {
    if (++nodes > maxNodes) return undefined;
    if ((nodes & 4095) === 0) tick();
    const pc = count(P);
    if (R.length >= t) return R.slice();
    if (R.length + pc < t) return null;
    // Pivot: the vertex of P ∪ X with most neighbours in P.
    let pivot = -1, best = -1;
    for (const S of [P, X]) for (let w = 0; w < W; w++) {
      let x = S[w]!;
      while (x) {
        const u = (w << 5) | lowBit(x);
        x &= x - 1;
        let c = 0;
        for (let k = 0; k < W; k++) {
          let y = P[k]! & rows[u * W + k]!;
          y -= (y >>> 1) & 0x55555555;
          y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
          c += (Math.imul((y + (y >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
        }
        if (c > best) { best = c; pivot = u; }
      }
    }
    const cand = new Uint32Array(W);
    for (let w = 0; w < W; w++) cand[w] = P[w]! & ~(pivot >= 0 ? rows[pivot * W + w]! : 0);
    for (let w = 0; w < W; w++) {
      let x = cand[w]!;
      while (x) {
        const v = (w << 5) | lowBit(x);
        x &= x - 1;
        const P2 = new Uint32Array(W), X2 = new Uint32Array(W);
        for (let k = 0; k < W; k++) {
          P2[k] = P[k]! & rows[v * W + k]!;
          X2[k] = X[k]! & rows[v * W + k]!;
        }
        R.push(v);
        const r = rec(P2, X2);
        R.pop();
        if (r !== null) return r;
        P[w]! &= ~(1 << (v & 31));
        X[w]! |= 1 << (v & 31);
      }
    }
    return null;
  };
  const P0 = new Uint32Array(W);
  for (let v = 0; v < n; v++) P0[v >>> 5]! |= 1 << (v & 31);
  const r = rec(P0, new Uint32Array(W));
  return r ? r.sort((a, b) => a - b) : r;
}
