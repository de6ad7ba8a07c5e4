/**
 * Exact vertex colouring: DSATUR branch and bound (Brélaz 1979, with the exact search of Sewell
 * 1996 / San Segundo 2012). A maximum clique K is coloured 0..|K|−1 first (the lower bound, and
 * the symmetry breaking of colour names); then the uncoloured vertex of highest saturation (number
 * of distinct colours on its neighbours; ties by most uncoloured neighbours, then by the PASS rule:
 * most shared available colours with the other tied vertices) takes each admissible colour in turn,
 * a new colour only while fewer than the incumbent's would result. The incumbent starts from
 * greedy DSATUR.
 *
 * Lower-bound witnesses for χ > ω: an odd cycle (χ = 3), or a vertex-critical subgraph found by
 * greedy deletion, each deletion proved by the same search; `colourabilityByInclusionExclusion` is
 * the independent check a verifier uses on such a subgraph (Björklund–Husfeldt–Koivisto 2009).
 */
import { maximumClique } from "./clique.js";
import { adjacencyLists, inducedDense, type DenseGraph } from "./dense.js";

export interface ColouringOptions {
  tick?: () => void;
  /** Branch-node budget of the whole computation (clique, search and witness). */
  maxNodes?: number;
}

export interface ColouringResult {
  /** colour[v] ∈ 0..colours−1, a proper colouring with `colours` colours. */
  colour: Int32Array;
  colours: number;
  /** χ ≥ lowerBound (= colours when complete). */
  lowerBound: number;
  complete: boolean;
  /** A maximum clique found (the clique bound). */
  clique: number[];
  nodes: number;
}

/** A shared node budget (branch nodes of every search it is handed to). */
export class Budget {
  used = 0;
  constructor(readonly max: number, readonly tick?: () => void) {}
  step(): boolean {
    this.used++;
    if ((this.used & 4095) === 0) this.tick?.();
    return this.used <= this.max;
  }
  get left(): number {
    return Math.max(0, this.max - this.used);
  }
}

/** DSATUR state shared by the greedy pass and the exact search. */
class Dsatur {
  readonly n: number;
  readonly adj: Int32Array[];
  readonly colour: Int32Array;
  readonly sat: Int32Array;
  readonly uncolDeg: Int32Array;
  forb: Int32Array;
  C: number;

  constructor(g: DenseGraph, maxColours: number) {
    this.n = g.n;
    this.adj = adjacencyLists(g);
    this.colour = new Int32Array(g.n).fill(-1);
    this.sat = new Int32Array(g.n);
    this.uncolDeg = Int32Array.from(g.degree);
    this.C = Math.max(1, maxColours);
    this.forb = new Int32Array(g.n * this.C);
  }

  assign(v: number, c: number): void {
    this.colour[v] = c;
    const { forb, sat, uncolDeg, colour, C } = this;
    for (const u of this.adj[v]!) {
      uncolDeg[u]!--;
      if (colour[u]! < 0 && forb[u * C + c]!++ === 0) sat[u]!++;
    }
  }

  unassign(v: number, c: number): void {
    const { forb, sat, uncolDeg, colour, C } = this;
    for (const u of this.adj[v]!) {
      uncolDeg[u]!++;
      if (colour[u]! < 0 && --forb[u * C + c]! === 0) sat[u]!--;
    }
    colour[v] = -1;
  }

  /** The uncoloured vertex to colour next (−1 when all are coloured). */
  select(limit: number): number {
    const { n, colour, sat, uncolDeg } = this;
    let v = -1, bs = -1, bd = -1, ties = 0;
    for (let u = 0; u < n; u++) {
      if (colour[u]! >= 0) continue;
      const s = sat[u]!, d = uncolDeg[u]!;
      if (s > bs || (s === bs && d > bd)) {
        v = u;
        bs = s;
        bd = d;
        ties = 1;
      } else if (s === bs && d === bd) ties++;
    }
    if (ties > 1 && bs > 0) v = this.pass(bs, bd, limit);
    return v;
  }

  /** PASS tie-break: among tied vertices, the one sharing most available colours with the others. */
  private pass(bs: number, bd: number, limit: number): number {
    const { n, colour, sat, uncolDeg, forb, C } = this;
    const tied: number[] = [];
    for (let u = 0; u < n; u++) if (colour[u]! < 0 && sat[u] === bs && uncolDeg[u] === bd) tied.push(u);
    let best = tied[0]!, bestScore = -1;
    const k = Math.min(limit, C);
    for (const u of tied) {
      let score = 0;
      for (const w of tied) {
        if (w === u) continue;
        for (let c = 0; c < k; c++) if (forb[u * C + c] === 0 && forb[w * C + c] === 0) score++;
      }
      if (score > bestScore) {
        bestScore = score;
        best = u;
      }
    }
    return best;
  }
}

/** Greedy DSATUR: a proper colouring (colour per vertex) and its number of colours. */
export function greedyDsatur(g: DenseGraph, precoloured: readonly number[] = []): { colour: Int32Array; colours: number } {
  const s = new Dsatur(g, g.n);
  let used = 0;
  for (const v of precoloured) s.assign(v, used++);
  for (let k = precoloured.length; k < g.n; k++) {
    const v = s.select(used);
    let c = 0;
    while (c < used && s.forb[v * s.C + c]! > 0) c++;
    s.assign(v, c);
    if (c === used) used++;
  }
  return { colour: s.colour.slice(), colours: used };
}

/**
 * Searches for a proper colouring with fewer than `upper` colours, the clique `fixed` precoloured
 * 0..|fixed|−1. Returns the best colouring found (or null), and whether the search was exhaustive.
 */
function dsaturSearch(g: DenseGraph, upper: number, lower: number, fixed: readonly number[], budget: Budget): { colour: Int32Array | null; colours: number; exhaustive: boolean } {
  const n = g.n;
  let UB = upper;
  let best: Int32Array | null = null;
  const s = new Dsatur(g, upper);
  let used = 0;
  for (const v of fixed) s.assign(v, used++);
  let out = false;
  const search = (coloured: number, usedColours: number): void => {
    if (!budget.step()) {
      out = true;
      return;
    }
    if (coloured === n) {
      UB = usedColours;
      best = s.colour.slice();
      return;
    }
    const v = s.select(UB - 1);
    const base = v * s.C;
    for (let c = 0; c < usedColours; c++) {
      if (s.forb[base + c]! > 0) continue;
      s.assign(v, c);
      search(coloured + 1, usedColours);
      s.unassign(v, c);
      if (out || UB <= lower || usedColours >= UB) return;
    }
    if (usedColours + 1 < UB) {
      s.assign(v, usedColours);
      search(coloured + 1, usedColours + 1);
      s.unassign(v, usedColours);
    }
  };
  if (used < UB) search(fixed.length, used);
  return { colour: best, colours: UB, exhaustive: !out };
}

/** χ(G) with an optimal colouring (or, out of budget, the best colouring and the clique bound). */
export function chromaticNumber(g: DenseGraph, opts: ColouringOptions = {}): ColouringResult {
  const n = g.n;
  const budget = new Budget(opts.maxNodes ?? Infinity, opts.tick);
  if (n === 0) return { colour: new Int32Array(0), colours: 0, lowerBound: 0, complete: true, clique: [], nodes: 0 };
  const cq = maximumClique(g, { tick: opts.tick, maxNodes: Math.max(1000, budget.left / 4) });
  budget.used += cq.nodes;
  const clique = cq.clique;
  const lower = clique.length;
  const greedy = greedyDsatur(g, clique);
  let colour = greedy.colour, colours = greedy.colours;
  let complete = colours === lower;
  if (!complete) {
    const r = dsaturSearch(g, colours, lower, clique, budget);
    if (r.colour) {
      colour = r.colour;
      colours = r.colours;
    }
    complete = r.exhaustive || colours === lower;
  }
  return { colour, colours, lowerBound: complete ? colours : lower, complete, clique, nodes: budget.used };
}

/**
 * Is G k-colourable? A colouring with at most k colours, false when proved impossible, or
 * undefined when the budget ran out first.
 */
export function kColouring(g: DenseGraph, k: number, budget: Budget): Int32Array | false | undefined {
  if (g.n === 0) return new Int32Array(0);
  if (k <= 0) return false;
  const cq = maximumClique(g, { tick: budget.tick, maxNodes: Math.max(1, budget.left / 4) });
  budget.used += cq.nodes;
  if (cq.clique.length > k) return false;
  const greedy = greedyDsatur(g, cq.clique);
  if (greedy.colours <= k) return greedy.colour;
  const r = dsaturSearch(g, k + 1, 0, cq.clique, budget);
  if (r.colour) return r.colour;
  return r.exhaustive ? false : undefined;
}

/** An odd cycle (vertex sequence) of a non-bipartite graph, or null when bipartite. */
export function oddCycle(g: DenseGraph): number[] | null {
  const n = g.n;
  const adj = adjacencyLists(g);
  const side = new Int8Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    if (side[s]! >= 0) continue;
    side[s] = 0;
    const queue = [s];
    for (let qi = 0; qi < queue.length; qi++) {
      const v = queue[qi]!;
      for (const u of adj[v]!) {
        if (side[u]! < 0) {
          side[u] = 1 - side[v]!;
          parent[u] = v;
          depth[u] = depth[v]! + 1;
          queue.push(u);
        } else if (side[u] === side[v]) {
          // Both BFS paths to the common ancestor, joined by the edge uv: an odd closed walk that is a cycle.
          let a = v, b = u;
          const left: number[] = [], right: number[] = [];
          while (depth[a]! > depth[b]!) { left.push(a); a = parent[a]!; }
          while (depth[b]! > depth[a]!) { right.push(b); b = parent[b]!; }
          while (a !== b) {
            left.push(a);
            right.push(b);
            a = parent[a]!;
            b = parent[b]!;
          }
          left.push(a);
          return left.concat(right.reverse());
        }
      }
    }
  }
  return null;
}

/**
 * A set S of vertices with χ(G[S]) = k (so χ(G) ≥ k), made vertex-critical by greedy deletion:
 * a vertex is dropped when G[S∖v] is proved not (k−1)-colourable. Low-degree vertices are tried
 * first. Returns the smallest S proved so far when the budget runs out (still a valid witness).
 */
export function criticalSubgraph(g: DenseGraph, k: number, budget: Budget): number[] {
  let S = Array.from({ length: g.n }, (_, i) => i);
  const order = S.slice().sort((a, b) => g.degree[a]! - g.degree[b]! || a - b);
  for (const v of order) {
    if (budget.left <= 0) break;
    const T = S.filter((u) => u !== v);
    // Building the induced bitset graph costs |T|² bit operations: about |T|²/1000 branch nodes.
    budget.used += Math.ceil((T.length * T.length) / 1000);
    const r = kColouring(inducedDense(g, T), k - 1, budget);
    if (r === false) S = T;
    else if (r === undefined) break;
  }
  return S;
}

/**
 * Decides whether G (at most 24 vertices) has a proper colouring with k colours, by counting
 * k-tuples of independent sets that cover V with inclusion–exclusion: c_k(G) = Σ_{X ⊆ V}
 * (−1)^{|V∖X|} i(X)^k, where i(X) counts the independent subsets of X; G is k-colourable iff
 * c_k(G) > 0. The count (at most 2^{nk}) is computed modulo primes below 2^26 until their product
 * exceeds it, so "not colourable" is exact. Independent of any search.
 */
export function colourableByInclusionExclusion(g: DenseGraph, k: number, tick: () => void = () => {}): boolean {
  const n = g.n;
  if (n > 24) throw new RangeError("inclusion–exclusion colourability is limited to 24 vertices");
  if (n === 0) return true;
  if (k <= 0) return false;
  const N = 1 << n;
  const nbrMask = new Int32Array(n);
  for (let v = 0; v < n; v++) nbrMask[v] = g.rows[v * g.W]!;
  const i = new Float64Array(N);
  const bits = n * k + 1;
  let productBits = 0;
  let p = (1 << 26) - 5;
  for (;;) {
    while (!isSmallPrime(p)) p -= 2;
    i[0] = 1;
    for (let X = 1; X < N; X++) {
      const v = 31 - Math.clz32(X);
      const rest = X & ~(1 << v);
      const x = i[rest]! + i[rest & ~nbrMask[v]!]!;
      i[X] = x >= p ? x - p : x;
      if ((X & 0xfffff) === 0) tick();
    }
    let total = 0;
    for (let X = 0; X < N; X++) {
      let t = powMod(i[X]!, k, p);
      if ((n - popcount32(X)) & 1) t = t === 0 ? 0 : p - t;
      total += t;
      if (total >= p) total -= p;
    }
    if (total !== 0) return true;
    productBits += 25;
    if (productBits > bits) return false;
    p -= 2;
  }
}

const popcount32 = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
};

function mulMod(a: number, b: number, p: number): number {
  // a, b < 2^26: the product is below 2^52, exact in a double.
  return (a * b) % p;
}

function powMod(a: number, e: number, p: number): number {
  let r = 1, b = a;
  while (e > 0) {
    if (e & 1) r = mulMod(r, b, p);
    b = mulMod(b, b, p);
    e >>>= 1;
  }
  return r;
}

function isSmallPrime(p: number): boolean {
  if (p < 2) return false;
  for (let d = 2; d * d <= p; d++) if (p % d === 0) return false;
  return true;
}
