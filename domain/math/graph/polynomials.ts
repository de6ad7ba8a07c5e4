/**
 * Chromatic and Tutte polynomials by deletion–contraction with memoisation on canonical forms
 * (Haggard, Pearce and Royle, "Computing Tutte polynomials", 2010), over small graphs.
 *
 * Chromatic polynomial P(G; x), simple graphs:
 * - multiplicative over components; over the blocks of a connected graph P(G) = Π P(B) / x^{b−1};
 * - a simplicial vertex v of degree d (its neighbours form a clique) gives P(G) = (x − d)·P(G − v);
 * - otherwise P(G) = P(G − e) − P(G / e) for an edge e (sparse graphs), or, when more than half of
 *   the pairs are edges, P(G) = P(G + e) + P(G / e) for a non-edge e (dense graphs, ending at
 *   complete graphs), each subgraph looked up by its canonical form first.
 *
 * Tutte polynomial T(G; x, y), multigraphs with loops:
 * - a loop contributes a factor y; T is multiplicative over blocks; a block of k parallel edges is
 *   x + y + … + y^{k−1}; a cycle of length k is x + x² + … + x^{k−1} + y;
 * - otherwise, for a class of k parallel edges u–v inside a block,
 *   T(G) = T(G − class) + (1 + y + … + y^{k−1})·T(G / class)
 *   (delete the copies one at a time: the last deletion leaves u and v connected inside the block).
 *
 * Coefficients are bigints; polynomials are dense little-endian arrays (Tutte: [i][j] is the
 * coefficient of x^i y^j).
 */
import { canonicalLabelling, type SearchGraph } from "./canon.js";
import { biconnected } from "./traverse.js";
import { buildGraph } from "./types.js";

export class PolynomialBudgetError extends Error {
  constructor(readonly nodes: number) {
    super(`deletion–contraction node budget reached after ${nodes} nodes`);
  }
}

export interface PolyOptions {
  tick?: () => void;
  maxNodes?: number;
}

/* ---------- dense univariate bigint polynomials ---------- */

export type Poly = bigint[];

const trim = (a: Poly): Poly => {
  let k = a.length;
  while (k > 0 && a[k - 1] === 0n) k--;
  return k === a.length ? a : a.slice(0, k);
};
export function polyAdd(a: Poly, b: Poly, sign = 1n): Poly {
  const out = new Array<bigint>(Math.max(a.length, b.length)).fill(0n);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!;
  for (let i = 0; i < b.length; i++) out[i] = out[i]! + sign * b[i]!;
  return trim(out);
}
export function polyMul(a: Poly, b: Poly): Poly {
  if (!a.length || !b.length) return [];
  const out = new Array<bigint>(a.length + b.length - 1).fill(0n);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0n) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = out[i + j]! + a[i]! * b[j]!;
  }
  return trim(out);
}
/** a / x^k (exact: the low coefficients must vanish). */
function divXPower(a: Poly, k: number): Poly {
  for (let i = 0; i < k; i++) if ((a[i] ?? 0n) !== 0n) throw new Error("divXPower: not divisible");
  return a.slice(k);
}
const xPower = (k: number): Poly => [...new Array<bigint>(k).fill(0n), 1n];

/* ---------- small simple graphs as adjacency bit rows (n ≤ a few hundred) ---------- */

/** A small simple graph: adj[v] is the set of neighbours (as a sorted array). */
interface Small {
  n: number;
  adj: number[][];
}

function smallFromEdges(n: number, edges: readonly (readonly [number, number])[]): Small {
  const sets = Array.from({ length: n }, () => new Set<number>());
  for (const [u, v] of edges) {
    if (u === v) continue;
    sets[u]!.add(v);
    sets[v]!.add(u);
  }
  return { n, adj: sets.map((s) => [...s].sort((a, b) => a - b)) };
}

const edgeCount = (g: Small): number => g.adj.reduce((s, a) => s + a.length, 0) / 2;

function induced(g: Small, keep: readonly number[]): Small {
  const idx = new Map<number, number>();
  keep.forEach((v, i) => idx.set(v, i));
  return { n: keep.length, adj: keep.map((v) => g.adj[v]!.filter((u) => idx.has(u)).map((u) => idx.get(u)!).sort((a, b) => a - b)) };
}

function componentsOf(g: Small): number[][] {
  const seen = new Uint8Array(g.n);
  const out: number[][] = [];
  for (let s = 0; s < g.n; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    const c = [s];
    for (let i = 0; i < c.length; i++) for (const u of g.adj[c[i]!]!) if (!seen[u]) { seen[u] = 1; c.push(u); }
    out.push(c.sort((a, b) => a - b));
  }
  return out;
}

function searchGraph(g: Small): SearchGraph {
  const start = new Int32Array(g.n + 1);
  for (let v = 0; v < g.n; v++) start[v + 1] = start[v]! + g.adj[v]!.length;
  const nbr = new Int32Array(start[g.n]!);
  for (let v = 0; v < g.n; v++) nbr.set(g.adj[v]!, start[v]!);
  return { n: g.n, directed: false, start, nbr, inStart: null, inNbr: null };
}

/**
 * A memo key: the canonical form (relabelled adjacency) and, when coloured, the colours in
 * canonical order. The canonical labelling's search nodes are charged to the budget: on dense
 * graphs of 30–60 vertices one labelling costs tens of refinements, more than the recursion step.
 */
function canonicalKey(sg: SearchGraph, counter: Counter, colours?: ArrayLike<number>): string {
  const c = canonicalLabelling(sg, { ...(colours ? { colours } : {}), keepGenerators: false });
  counter.charge(c.nodes);
  let key = `${sg.n}:${c.certificate.join(",")}`;
  if (colours) key += "|" + Array.from(c.order, (v) => colours[v]).join(",");
  return key;
}

/* ---------- chromatic polynomial ---------- */

class Counter {
  nodes = 0;
  constructor(private readonly opts: PolyOptions) {}
  step(): void {
    this.charge(1);
  }
  charge(k: number): void {
    const before = this.nodes;
    this.nodes += k;
    if (this.nodes >> 8 !== before >> 8) this.opts.tick?.();
    if (this.opts.maxNodes !== undefined && this.nodes > this.opts.maxNodes) throw new PolynomialBudgetError(this.nodes);
  }
}

/** P(G; x) of a simple graph on vertices 0..n−1 (loops and repeated edges are ignored by the caller's choice). */
export function chromaticPolynomial(n: number, edges: readonly (readonly [number, number])[], opts: PolyOptions = {}): { coefficients: Poly; nodes: number } {
  const counter = new Counter(opts);
  const memo = new Map<string, Poly>();
  const result = chromatic(smallFromEdges(n, edges), memo, counter);
  return { coefficients: result, nodes: counter.nodes };
}

function chromatic(g: Small, memo: Map<string, Poly>, counter: Counter): Poly {
  counter.step();
  if (g.n === 0) return [1n];
  const comps = componentsOf(g);
  if (comps.length > 1) return comps.reduce<Poly>((acc, c) => polyMul(acc, chromatic(induced(g, c), memo, counter)), [1n]);
  // Connected. Peel simplicial vertices: (x − d) each.
  let factor: Poly = [1n];
  let cur = g;
  for (;;) {
    if (cur.n === 1) return polyMul(factor, [0n, 1n]);
    const v = simplicialVertex(cur);
    if (v < 0) break;
    factor = polyMul(factor, [BigInt(-cur.adj[v]!.length), 1n]);
    cur = induced(cur, range(cur.n).filter((u) => u !== v));
  }
  if (cur !== g) return polyMul(factor, chromatic(cur, memo, counter));
  // Blocks: P(G) = Π P(B) / x^{b−1}.
  const blocks = blockVertexSets(cur);
  if (blocks.length > 1) {
    let p: Poly = [1n];
    for (const b of blocks) p = polyMul(p, chromatic(induced(cur, b), memo, counter));
    return divXPower(p, blocks.length - 1);
  }
  const key = canonicalKey(searchGraph(cur), counter);
  const hit = memo.get(key);
  if (hit) return hit;
  const m = edgeCount(cur);
  const pairs = (cur.n * (cur.n - 1)) / 2;
  let p: Poly;
  if (2 * m > pairs) {
    // Addition–contraction on a non-edge u, w: P(G) = P(G + uw) + P(G / uw).
    const [u, w] = nonEdge(cur);
    p = polyAdd(chromatic(withEdge(cur, u, w), memo, counter), chromatic(contract(cur, u, w), memo, counter));
  } else {
    // Deletion–contraction on an edge at a vertex of least degree (its deletion drives it toward simplicial).
    let v = 0;
    for (let i = 1; i < cur.n; i++) if (cur.adj[i]!.length < cur.adj[v]!.length) v = i;
    let u = cur.adj[v]![0]!;
    for (const x of cur.adj[v]!) if (cur.adj[x]!.length > cur.adj[u]!.length) u = x;
    p = polyAdd(chromatic(withoutEdge(cur, u, v), memo, counter), chromatic(contract(cur, u, v), memo, counter), -1n);
  }
  memo.set(key, p);
  return p;
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

function simplicialVertex(g: Small): number {
  // Least degree first: cheap to test and the likeliest to be simplicial.
  const order = range(g.n).sort((a, b) => g.adj[a]!.length - g.adj[b]!.length);
  const sets = g.adj.map((a) => new Set(a));
  for (const v of order) {
    const nb = g.adj[v]!;
    if (nb.length > 12 && nb.length * nb.length > 4 * edgeCount(g)) continue;
    let ok = true;
    for (let i = 0; i < nb.length && ok; i++) for (let j = i + 1; j < nb.length; j++) if (!sets[nb[i]!]!.has(nb[j]!)) { ok = false; break; }
    if (ok) return v;
  }
  return -1;
}

function nonEdge(g: Small): [number, number] {
  // The non-adjacent pair with the largest degree sum (addition moves fastest toward a clique).
  let best: [number, number] = [0, 1], bs = -1;
  const sets = g.adj.map((a) => new Set(a));
  for (let u = 0; u < g.n; u++) for (let w = u + 1; w < g.n; w++) if (!sets[u]!.has(w)) {
    const s = g.adj[u]!.length + g.adj[w]!.length;
    if (s > bs) { bs = s; best = [u, w]; }
  }
  return best;
}

function withEdge(g: Small, u: number, w: number): Small {
  const adj = g.adj.map((a) => a.slice());
  adj[u]!.push(w);
  adj[w]!.push(u);
  adj[u]!.sort((a, b) => a - b);
  adj[w]!.sort((a, b) => a - b);
  return { n: g.n, adj };
}

function withoutEdge(g: Small, u: number, w: number): Small {
  const adj = g.adj.map((a) => a.slice());
  adj[u] = adj[u]!.filter((x) => x !== w);
  adj[w] = adj[w]!.filter((x) => x !== u);
  return { n: g.n, adj };
}

/** Merges w into u (simple: the union of neighbourhoods), renumbering to 0..n−2. */
function contract(g: Small, u: number, w: number): Small {
  const map = (x: number): number => (x === w ? (u < w ? u : u - 1) : x < w ? x : x - 1);
  const sets = Array.from({ length: g.n - 1 }, () => new Set<number>());
  for (let a = 0; a < g.n; a++) for (const b of g.adj[a]!) {
    const x = map(a), y = map(b);
    if (x !== y) sets[x]!.add(y);
  }
  return { n: g.n - 1, adj: sets.map((s) => [...s].sort((a, b) => a - b)) };
}

/** The vertex sets of the blocks of a connected simple graph. */
function blockVertexSets(g: Small): number[][] {
  const src: number[] = [], dst: number[] = [];
  for (let v = 0; v < g.n; v++) for (const u of g.adj[v]!) if (v < u) { src.push(v); dst.push(u); }
  const G = buildGraph(false, range(g.n).map(String), Int32Array.from(src), Int32Array.from(dst), null);
  const { blocks } = biconnected(G);
  return blocks.map((edgesOfBlock) => {
    const s = new Set<number>();
    for (const e of edgesOfBlock) { s.add(src[e]!); s.add(dst[e]!); }
    return [...s].sort((a, b) => a - b);
  });
}

/* ---------- Tutte polynomial ---------- */

/** Bivariate: t[i][j] is the coefficient of x^i y^j. */
export type Poly2 = bigint[][];

const p2 = (i: number, j: number): Poly2 => {
  const t: Poly2 = Array.from({ length: i + 1 }, () => []);
  t[i]![j] = 1n;
  return norm2(t);
};
function norm2(t: Poly2): Poly2 {
  const out: Poly2 = t.map((row) => {
    const r = Array.from({ length: row.length }, (_, j) => row[j] ?? 0n);
    return trim(r);
  });
  let k = out.length;
  while (k > 0 && out[k - 1]!.length === 0) k--;
  return out.slice(0, k);
}
function add2(a: Poly2, b: Poly2): Poly2 {
  const out: Poly2 = Array.from({ length: Math.max(a.length, b.length) }, () => []);
  for (const s of [a, b]) s.forEach((row, i) => row.forEach((c, j) => (out[i]![j] = (out[i]![j] ?? 0n) + c)));
  return norm2(out);
}
function mul2(a: Poly2, b: Poly2): Poly2 {
  if (!a.length || !b.length) return [];
  const out: Poly2 = Array.from({ length: a.length + b.length - 1 }, () => []);
  a.forEach((ra, i) => ra.forEach((ca, j) => {
    if (ca === 0n) return;
    b.forEach((rb, k) => rb.forEach((cb, l) => {
      if (cb !== 0n) out[i + k]![j + l] = (out[i + k]![j + l] ?? 0n) + ca * cb;
    }));
  }));
  return norm2(out);
}
/** 1 + y + … + y^{k−1}. */
const yGeometric = (k: number): Poly2 => [new Array<bigint>(k).fill(1n)];

/** A multigraph for the Tutte recursion: edge list over 0..n−1, loops and repeats allowed. */
interface Multi {
  n: number;
  edges: [number, number][];
}

/** T(G; x, y) of a multigraph (loops and parallel edges allowed). */
export function tuttePolynomial(n: number, edges: readonly (readonly [number, number])[], opts: PolyOptions = {}): { coefficients: Poly2; nodes: number } {
  const counter = new Counter(opts);
  const memo = new Map<string, Poly2>();
  const t = tutte({ n, edges: edges.map(([u, v]) => [u, v] as [number, number]) }, memo, counter);
  return { coefficients: t, nodes: counter.nodes };
}

function tutte(g: Multi, memo: Map<string, Poly2>, counter: Counter): Poly2 {
  counter.step();
  let loops = 0;
  const rest: [number, number][] = [];
  for (const [u, v] of g.edges) {
    if (u === v) loops++;
    else rest.push(u < v ? [u, v] : [v, u]);
  }
  let result: Poly2 = loops ? p2(0, loops) : [[1n]];
  if (rest.length === 0) return result;
  const G = buildGraph(false, range(g.n).map(String), Int32Array.from(rest, (e) => e[0]), Int32Array.from(rest, (e) => e[1]), null);
  for (const block of biconnected(G).blocks) {
    result = mul2(result, tutteBlock(Array.from(block, (e) => rest[e]!), memo, counter));
  }
  return result;
}

/** T of a 2-connected multigraph (or a single edge class) given by its edges. */
function tutteBlock(edges: [number, number][], memo: Map<string, Poly2>, counter: Counter): Poly2 {
  // Renumber the block's vertices, group parallel edges into classes.
  const ids = new Map<number, number>();
  const id = (v: number): number => {
    let i = ids.get(v);
    if (i === undefined) ids.set(v, (i = ids.size));
    return i;
  };
  const classes = new Map<number, { u: number; v: number; k: number }>();
  for (const [a, b] of edges) {
    const u = id(a), v = id(b);
    const key = Math.min(u, v) * 1_000_003 + Math.max(u, v);
    const c = classes.get(key);
    if (c) c.k++;
    else classes.set(key, { u: Math.min(u, v), v: Math.max(u, v), k: 1 });
  }
  const k = ids.size;
  const cls = [...classes.values()];
  if (cls.length === 1) {
    // k parallel edges (a bridge when k = 1): x + y + … + y^{k−1}.
    return add2(p2(1, 0), cls[0]!.k > 1 ? [[0n, ...new Array<bigint>(cls[0]!.k - 1).fill(1n)]] : []);
  }
  const degree = new Int32Array(k);
  for (const c of cls) { degree[c.u]!++; degree[c.v]!++; }
  if (cls.every((c) => c.k === 1) && degree.every((d) => d === 2)) {
    // A cycle of length k.
    const t: Poly2 = [[0n, 1n]];
    for (let i = 1; i < k; i++) t[i] = [1n];
    return norm2(t);
  }
  // Memo on the canonical form of the subdivision graph: class c becomes a vertex coloured by its multiplicity.
  const sub: [number, number][] = [];
  cls.forEach((c, i) => { sub.push([c.u, k + i]); sub.push([c.v, k + i]); });
  const colours = [...new Array<number>(k).fill(0), ...cls.map((c) => c.k)];
  const key = canonicalKey(searchGraph(smallFromEdges(k + cls.length, sub)), counter, colours);
  const hit = memo.get(key);
  if (hit) return hit;
  // Branch on the class at a vertex of greatest degree, largest multiplicity first.
  let hub = 0;
  for (let v = 1; v < k; v++) if (degree[v]! > degree[hub]!) hub = v;
  let pick = cls.find((c) => c.u === hub || c.v === hub)!;
  for (const c of cls) if ((c.u === hub || c.v === hub) && c.k > pick.k) pick = c;
  const deleted: [number, number][] = [], contracted: [number, number][] = [];
  for (const c of cls) {
    if (c === pick) continue;
    for (let t = 0; t < c.k; t++) deleted.push([c.u, c.v]);
    const mu = c.u === pick.v ? pick.u : c.u, mv = c.v === pick.v ? pick.u : c.v;
    for (let t = 0; t < c.k; t++) contracted.push([mu, mv]);
  }
  const t = add2(tutte({ n: k, edges: deleted }, memo, counter), mul2(yGeometric(pick.k), tutte({ n: k, edges: contracted }, memo, counter)));
  memo.set(key, t);
  return t;
}

/** Evaluate a bivariate polynomial at integers (tests, checks). */
export function evaluate2(t: Poly2, x: bigint, y: bigint): bigint {
  let s = 0n;
  t.forEach((row, i) => row.forEach((c, j) => (s += c * x ** BigInt(i) * y ** BigInt(j))));
  return s;
}

export { xPower };
