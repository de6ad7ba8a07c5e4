/**
 * Hamiltonian cycles and paths.
 *
 * Search: depth-first extension of a path from a start vertex (for cycles one of least degree,
 * which every Hamiltonian cycle passes through), with the pruning rules of backtracking solvers:
 * every unvisited vertex needs two usable neighbours (one when it may end the path), a vertex left
 * with exactly one way out forces the next step, and the unvisited vertices must stay connected to
 * the path's end (checked every few steps). Candidates are tried fewest-onward-neighbours first
 * (Warnsdorff's rule).
 *
 * Non-existence certificates (each checked by counting components): a set S whose removal leaves
 * more than |S| components rules out a Hamiltonian cycle, more than |S| + 1 a Hamiltonian path
 * (a cycle through all vertices, cut at the |S| vertices of S, falls into at most |S| arcs). The
 * producer tries S = ∅ (disconnected), cut vertices and the smaller side of an unbalanced
 * bipartition.
 *
 * `hamiltonianByDp` is the independent subset dynamic programme (Bellman; Held–Karp) a checker
 * runs: reach[S] = the set of vertices at which a path through exactly S can end.
 */
import { adjacencyLists, adjacent, lowBit, type DenseGraph } from "./dense.js";

export type HamiltonKind = "cycle" | "path";

export interface HamiltonSearch {
  /** The cycle (first vertex not repeated) or path, when found. */
  found: number[] | null;
  /** True when the search finished (found === null then proves there is none). */
  complete: boolean;
  nodes: number;
}

/**
 * Pósa's rotation–extension heuristic (seeded, so deterministic): extend the path's end to an
 * unvisited neighbour when there is one, otherwise rotate — for a neighbour x of the end on the
 * path, reverse the segment after x, so x's successor becomes the end. Finds Hamiltonian cycles of
 * random and cubic graphs in near-linear time; proves nothing when it fails.
 */
export function posaHeuristic(g: DenseGraph, kind: HamiltonKind, maxSteps: number, seed = 0x9e3779b9): number[] | null {
  const n = g.n;
  if (n < 3) return null;
  const adj = adjacencyLists(g);
  let state = seed >>> 0;
  const rand = (k: number): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) % k;
  };
  const pos = new Int32Array(n);
  const path = new Int32Array(n);
  let steps = 0;
  while (steps < maxSteps) {
    pos.fill(-1);
    let len = 1;
    path[0] = rand(n);
    pos[path[0]!] = 0;
    const budget = steps + Math.max(10 * n, 1000);
    while (steps < budget && steps < maxSteps) {
      steps++;
      const v = path[len - 1]!;
      const nb = adj[v]!;
      if (len === n) {
        if (kind === "path" || adjacent(g, v, path[0]!)) return Array.from(path);
      } else {
        // Extend to the unvisited neighbour with fewest unvisited neighbours.
        let best = -1, bestFree = Infinity;
        for (const u of nb) {
          if (pos[u]! >= 0) continue;
          let f = 0;
          for (const w of adj[u]!) if (pos[w]! < 0) f++;
          if (f < bestFree) { bestFree = f; best = u; }
        }
        if (best >= 0) {
          pos[best] = len;
          path[len++] = best;
          continue;
        }
      }
      // Rotate at a random path neighbour x of v (not its predecessor).
      const choices: number[] = [];
      for (const u of nb) if (pos[u]! >= 0 && pos[u]! < len - 2) choices.push(u);
      if (!choices.length) break;
      const x = choices[rand(choices.length)]!;
      let i = pos[x]! + 1, j = len - 1;
      while (i < j) {
        const a = path[i]!, b = path[j]!;
        path[i] = b; pos[b] = i;
        path[j] = a; pos[a] = j;
        i++; j--;
      }
    }
  }
  return null;
}

/** Backtracking search for a Hamiltonian cycle or path. */
export function hamiltonianSearch(g: DenseGraph, kind: HamiltonKind, opts: { maxNodes?: number; tick?: () => void } = {}): HamiltonSearch {
  const n = g.n;
  if (n === 0) return { found: kind === "path" ? [] : null, complete: true, nodes: 0 };
  if (n === 1) return { found: [0], complete: true, nodes: 0 };
  if (kind === "cycle" && n === 2) return { found: null, complete: true, nodes: 0 };
  const adj = adjacencyLists(g);
  const maxNodes = opts.maxNodes ?? Infinity;
  const visited = new Uint8Array(n);
  // free[v]: unvisited neighbours of v.
  const free = Int32Array.from(adj, (a) => a.length);
  const path: number[] = [];
  let nodes = 0;
  let out = false;
  let start = 0;
  const starts: number[] = [];
  if (kind === "cycle") {
    for (let v = 1; v < n; v++) if (adj[v]!.length < adj[start]!.length) start = v;
    starts.push(start);
  } else {
    // A path starts at some vertex: a degree-1 vertex must be an end; otherwise try every start
    // (least degree first).
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => adj[a]!.length - adj[b]!.length || a - b);
    const ones = order.filter((v) => adj[v]!.length <= 1);
    if (ones.length > 2) return { found: null, complete: true, nodes: 0 };
    starts.push(...(ones.length ? [ones[0]!] : order));
  }

  const visit = (v: number): void => {
    visited[v] = 1;
    path.push(v);
    for (const u of adj[v]!) free[u]!--;
  };
  const unvisit = (v: number): void => {
    visited[v] = 0;
    path.pop();
    for (const u of adj[v]!) free[u]!++;
  };
  const stamp = new Int32Array(n);
  let stampNo = 0;
  const queue = new Int32Array(n);
  /** Unvisited vertices all reachable from v through unvisited vertices? */
  const connectedFrom = (v: number, remaining: number): boolean => {
    stampNo++;
    let h = 0, t = 0, count = 0;
    for (const u of adj[v]!) if (!visited[u] && stamp[u] !== stampNo) { stamp[u] = stampNo; queue[t++] = u; }
    while (h < t) {
      const x = queue[h++]!;
      count++;
      for (const u of adj[x]!) if (!visited[u] && stamp[u] !== stampNo) { stamp[u] = stampNo; queue[t++] = u; }
    }
    return count === remaining;
  };

  const extend = (v: number): boolean => {
    if (++nodes > maxNodes) {
      out = true;
      return false;
    }
    if ((nodes & 4095) === 0) opts.tick?.();
    const remaining = n - path.length;
    if (remaining === 0) return kind === "path" || adjacent(g, v, start);
    if (kind === "cycle" && free[start] === 0) return false;
    // In the finished cycle (path) every unvisited vertex has two neighbours (one for the path's
    // other end) among its unvisited neighbours, the current end v and, for a cycle, the start.
    let forced = -1, ends = 0;
    for (let u = 0; u < n; u++) {
      if (visited[u]) continue;
      const nv = adjacent(g, u, v) ? 1 : 0;
      const ns = kind === "cycle" && v !== start && adjacent(g, u, start) ? 1 : 0;
      const usable = free[u]! + nv + ns;
      if (kind === "cycle") {
        if (usable < 2) return false;
        // u's two cycle neighbours include v, whose predecessor is fixed: u comes next.
        if (nv && usable === 2 && v !== start && remaining > 1) {
          if (forced >= 0 && forced !== u) return false;
          forced = u;
        }
      } else {
        if (usable < 1) return false;
        if (usable === 1) {
          if (++ends > 1) return false;
          // Reachable only from v: it must come next and be the last vertex.
          if (nv) {
            if (remaining > 1) return false;
            forced = u;
          }
        }
      }
    }
    if ((path.length & 7) === 0 && !connectedFrom(v, remaining)) return false;
    const cand: number[] = [];
    if (forced >= 0) cand.push(forced);
    else for (const u of adj[v]!) if (!visited[u]) cand.push(u);
    cand.sort((a, b) => free[a]! - free[b]! || a - b);
    for (const u of cand) {
      visit(u);
      if (extend(u)) return true;
      unvisit(u);
      if (out) return false;
    }
    return false;
  };

  for (const s of starts) {
    start = s;
    visit(s);
    if (extend(s)) return { found: path.slice(), complete: true, nodes };
    unvisit(s);
    if (out) return { found: null, complete: false, nodes };
  }
  return { found: null, complete: true, nodes };
}

/**
 * A set S of vertices whose removal leaves more than |S| (cycle) or |S| + 1 (path) components,
 * which proves there is no Hamiltonian cycle (path); null when none of the cheap candidates works.
 */
export function toughnessWitness(g: DenseGraph, kind: HamiltonKind): { separator: number[]; components: number } | null {
  const n = g.n;
  if (n <= 1 || (kind === "cycle" && n === 2)) return null;
  const check = (S: number[]): { separator: number[]; components: number } | null => {
    const c = componentsWithout(g, S);
    return c > allowedComponents(kind, S.length) ? { separator: S, components: c } : null;
  };
  const none = check([]);
  if (none) return none;
  for (let v = 0; v < n; v++) {
    const w = check([v]);
    if (w) return w;
  }
  // An unbalanced bipartition: removing the smaller side leaves the larger one as isolated vertices.
  const side = bipartiteSides(g);
  if (side) {
    const a: number[] = [], b: number[] = [];
    for (let v = 0; v < n; v++) (side[v] ? b : a).push(v);
    const small = a.length <= b.length ? a : b;
    const w = check(small);
    if (w) return w;
  }
  return null;
}

/**
 * The most components G − S can have when G has a Hamiltonian cycle (max(|S|, 1)) or path
 * (|S| + 1): more is a certificate that there is none.
 */
export const allowedComponents = (kind: HamiltonKind, size: number): number => (kind === "cycle" ? Math.max(size, 1) : size + 1);

/** Number of connected components of G − S (S a vertex list). */
export function componentsWithout(g: DenseGraph, S: readonly number[]): number {
  const n = g.n;
  const removed = new Uint8Array(n);
  for (const v of S) removed[v] = 1;
  const seen = new Uint8Array(n);
  let comps = 0;
  const stack: number[] = [];
  for (let s = 0; s < n; s++) {
    if (removed[s] || seen[s]) continue;
    comps++;
    seen[s] = 1;
    stack.push(s);
    while (stack.length) {
      const v = stack.pop()!;
      for (let w = 0; w < g.W; w++) {
        let x = g.rows[v * g.W + w]!;
        while (x) {
          const u = (w << 5) | lowBit(x);
          x &= x - 1;
          if (!removed[u] && !seen[u]) {
            seen[u] = 1;
            stack.push(u);
          }
        }
      }
    }
  }
  return comps;
}

function bipartiteSides(g: DenseGraph): Uint8Array | null {
  const n = g.n;
  const side = new Int8Array(n).fill(-1);
  for (let s = 0; s < n; s++) {
    if (side[s]! >= 0) continue;
    side[s] = 0;
    const q = [s];
    for (let i = 0; i < q.length; i++) {
      const v = q[i]!;
      for (let w = 0; w < g.W; w++) {
        let x = g.rows[v * g.W + w]!;
        while (x) {
          const u = (w << 5) | lowBit(x);
          x &= x - 1;
          if (side[u]! < 0) {
            side[u] = 1 - side[v]!;
            q.push(u);
          } else if (side[u] === side[v]) return null;
        }
      }
    }
  }
  return Uint8Array.from(side);
}

/** Largest n the subset dynamic programme takes (2^n words of reachable end vertices). */
export const DP_MAX_VERTICES = 24;

/**
 * Subset DP: for kind "cycle", paths from vertex 0; reach[S] (a bitmask of end vertices) for every
 * S ∋ 0. Returns a Hamiltonian cycle/path reconstructed from the table, or null when none exists.
 */
export function hamiltonianByDp(g: DenseGraph, kind: HamiltonKind, tick: () => void = () => {}): number[] | null {
  const n = g.n;
  if (n > DP_MAX_VERTICES) throw new RangeError(`the subset DP is limited to ${DP_MAX_VERTICES} vertices`);
  if (n === 0) return kind === "path" ? [] : null;
  if (n === 1) return [0];
  if (kind === "cycle" && n === 2) return null;
  const nbr = new Int32Array(n);
  for (let v = 0; v < n; v++) nbr[v] = g.rows[v * g.W]!;
  const full = n === 32 ? -1 : (1 << n) - 1;
  const N = 1 << n;
  const reach = new Int32Array(N);
  if (kind === "cycle") reach[1] = 1;
  else for (let v = 0; v < n; v++) reach[1 << v] = 1 << v;
  for (let S = 1; S < N; S++) {
    if ((S & 0xffff) === 0) tick();
    const r = reach[S]!;
    if (!r || (kind === "cycle" && !(S & 1))) continue;
    // Extend every end vertex v by a neighbour outside S.
    let ends = r;
    while (ends) {
      const v = lowBit(ends);
      ends &= ends - 1;
      let ext = nbr[v]! & ~S;
      while (ext) {
        const u = lowBit(ext);
        ext &= ext - 1;
        reach[S | (1 << u)]! |= 1 << u;
      }
    }
  }
  let endMask = reach[full & (N - 1)]!;
  if (kind === "cycle") endMask &= nbr[0]!;
  if (!endMask) return null;
  // Walk back: the end v of S, then an end of S − v adjacent to v.
  const out: number[] = [];
  let S = full & (N - 1);
  let v = lowBit(endMask);
  for (;;) {
    out.push(v);
    const T = S & ~(1 << v);
    if (T === 0) break;
    const prev = reach[T]! & nbr[v]!;
    v = lowBit(prev);
    S = T;
  }
  return out.reverse();
}
