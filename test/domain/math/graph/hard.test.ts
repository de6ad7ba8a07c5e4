import { expect } from "chai";
import fc from "fast-check";
import { canonicalLabelling, searchGraphOf } from "../../../../domain/math/graph/canon.js";
import { cliqueOfSize, maximumClique, maximumIndependentSet } from "../../../../domain/math/graph/clique.js";
import { Budget, chromaticNumber, colourableByInclusionExclusion, criticalSubgraph, kColouring, oddCycle } from "../../../../domain/math/graph/colouring.js";
import { adjacent, complementOf, denseFromEdges, inducedDense, type DenseGraph } from "../../../../domain/math/graph/dense.js";
import { dominatingSetOfSize, minimumDominatingSet, packingLowerBound, undominated } from "../../../../domain/math/graph/domination.js";
import { allowedComponents, componentsWithout, hamiltonianByDp, hamiltonianSearch, posaHeuristic, toughnessWitness } from "../../../../domain/math/graph/hamiltonian.js";
import { findIsomorphism } from "../../../../domain/math/graph/isomorphism_check.js";
import { kuratowskiSubgraph, lrPlanarity, traceFaces } from "../../../../domain/math/graph/planarity.js";
import { chromaticPolynomial, evaluate2, tuttePolynomial } from "../../../../domain/math/graph/polynomials.js";
import { spanningTreeCount } from "../../../../domain/math/graph/spectral.js";
import { heldKarp } from "../../../../domain/math/graph/tsp.js";
import { buildGraph, type Graph } from "../../../../domain/math/graph/types.js";
import { rational } from "../../../../domain/math/rational.js";

/**
 * The hard-problem algorithms against brute force or an independent second algorithm on small
 * random graphs (fast-check with a fixed seed, so every run checks the same cases).
 */
const SEED = 20_260_11;
type E = [number, number][];

const arbGraph = (maxN: number, pMax = 0.9) =>
  fc.record({ n: fc.integer({ min: 1, max: maxN }), p: fc.double({ min: 0, max: pMax, noNaN: true }), bits: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: (maxN * (maxN - 1)) / 2, maxLength: (maxN * (maxN - 1)) / 2 }) }).map(({ n, p, bits }) => {
    const edges: E = [];
    let k = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (bits[k++]! < p) edges.push([i, j]);
    return { n, edges };
  });

const graphOf = (n: number, edges: E, directed = false): Graph =>
  buildGraph(directed, Array.from({ length: n }, (_, i) => `v${i}`), Int32Array.from(edges, (e) => e[0]), Int32Array.from(edges, (e) => e[1]), null);

const subsets = (n: number): number[][] => Array.from({ length: 1 << n }, (_, m) => Array.from({ length: n }, (_, i) => i).filter((i) => (m >> i) & 1));
const isClique = (d: DenseGraph, s: number[]) => s.every((a, i) => s.slice(i + 1).every((b) => adjacent(d, a, b)));
const permute = (n: number, edges: E, perm: number[]): E => edges.map(([a, b]) => [perm[a]!, perm[b]!] as [number, number]).reverse();
const arbPerm = (n: number) => fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n });

describe("graph hard problems: domain algorithms", function () {
  this.timeout(300_000);

  it("canonical labelling: relabelled copies get the same certificate and group order; generators are automorphisms", () => {
    fc.assert(
      fc.property(arbGraph(12).chain((g) => arbPerm(g.n).map((perm) => ({ ...g, perm }))), ({ n, edges, perm }) => {
        const a = canonicalLabelling(searchGraphOf(graphOf(n, edges)));
        const b = canonicalLabelling(searchGraphOf(graphOf(n, permute(n, edges, perm))));
        expect(Array.from(b.certificate)).to.deep.equal(Array.from(a.certificate));
        expect(b.groupOrder).to.equal(a.groupOrder);
        const set = new Set(edges.map(([u, v]) => `${Math.min(u, v)},${Math.max(u, v)}`));
        for (const gen of a.generators) {
          const f = Int32Array.from({ length: n }, (_, i) => i);
          for (let i = 0; i < gen.length; i += 2) f[gen[i]!] = gen[i + 1]!;
          for (const [u, v] of edges) expect(set.has(`${Math.min(f[u]!, f[v]!)},${Math.max(f[u]!, f[v]!)}`)).to.equal(true);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("canonical labelling: equal certificates exactly when the backtracking search finds an isomorphism", () => {
    fc.assert(
      fc.property(arbGraph(8), arbGraph(8), ({ n, edges }, h) => {
        const m = Math.min(n, h.n);
        const e1 = edges.filter(([a, b]) => a < m && b < m), e2 = h.edges.filter(([a, b]) => a < m && b < m);
        const G = graphOf(m, e1), H = graphOf(m, e2);
        const same = canonicalLabelling(searchGraphOf(G)).certificate.join() === canonicalLabelling(searchGraphOf(H)).certificate.join();
        expect(same).to.equal(findIsomorphism(G, H, 1e7) !== null);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it("digraphs: relabelled copies get the same certificate", () => {
    fc.assert(
      fc.property(arbGraph(9).chain((g) => arbPerm(g.n).map((perm) => ({ ...g, perm }))), ({ n, edges, perm }) => {
        const arcs: E = edges.map(([a, b], i) => (i % 3 === 0 ? [b, a] : [a, b]));
        const a = canonicalLabelling(searchGraphOf(graphOf(n, arcs, true)));
        const b = canonicalLabelling(searchGraphOf(graphOf(n, permute(n, arcs, perm), true)));
        expect(b.certificate.join()).to.equal(a.certificate.join());
        expect(b.groupOrder).to.equal(a.groupOrder);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("maximum clique and independent set match brute force; τ = n − α; the checker's search agrees", () => {
    fc.assert(
      fc.property(arbGraph(11), ({ n, edges }) => {
        const d = denseFromEdges(n, edges);
        const best = Math.max(...subsets(n).filter((s) => isClique(d, s)).map((s) => s.length));
        const c = maximumClique(d);
        expect(c.complete).to.equal(true);
        expect(c.clique.length).to.equal(best);
        expect(isClique(d, c.clique)).to.equal(true);
        expect(cliqueOfSize(d, best + 1, 1e7)).to.equal(null);
        expect(cliqueOfSize(d, best, 1e7)!.length).to.equal(best);
        const comp = complementOf(d);
        const alpha = Math.max(...subsets(n).filter((s) => isClique(comp, s)).map((s) => s.length));
        const is = maximumIndependentSet(d);
        expect(is.clique.length).to.equal(alpha);
        expect(isClique(comp, is.clique)).to.equal(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("chromatic number: a proper colouring, χ ≥ ω, optimal by inclusion–exclusion; witnesses prove the bound", () => {
    fc.assert(
      fc.property(arbGraph(10), ({ n, edges }) => {
        const d = denseFromEdges(n, edges);
        const r = chromaticNumber(d);
        expect(r.complete).to.equal(true);
        for (const [a, b] of edges) expect(r.colour[a]).to.not.equal(r.colour[b]);
        expect(new Set(r.colour).size).to.equal(r.colours);
        expect(r.colours).to.be.at.least(r.clique.length);
        expect(colourableByInclusionExclusion(d, r.colours)).to.equal(true);
        if (r.colours > 0) expect(colourableByInclusionExclusion(d, r.colours - 1)).to.equal(false);
        if (r.colours > r.clique.length) {
          if (r.colours === 3) expect(oddCycle(d)!.length % 2).to.equal(1);
          const S = criticalSubgraph(d, r.colours, new Budget(Infinity));
          expect(colourableByInclusionExclusion(inducedDense(d, S), r.colours - 1)).to.equal(false);
          // Vertex-critical: dropping any vertex makes it (χ − 1)-colourable.
          for (const v of S) expect(colourableByInclusionExclusion(inducedDense(d, S.filter((u) => u !== v)), r.colours - 1)).to.equal(true);
        }
        expect(kColouring(d, r.colours, new Budget(Infinity))).to.not.equal(false);
      }),
      { seed: SEED, numRuns: 250 },
    );
  });

  it("G(40, 1/2): the exact search agrees with inclusion–exclusion on its critical subgraph", () => {
    const rng = fc.sample(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 780, maxLength: 780 }), { seed: SEED, numRuns: 1 })[0]!;
    const edges: E = [];
    let k = 0;
    for (let i = 0; i < 40; i++) for (let j = i + 1; j < 40; j++) if (rng[k++]! < 0.5) edges.push([i, j]);
    const d = denseFromEdges(40, edges);
    const r = chromaticNumber(d);
    expect(r.complete).to.equal(true);
    for (const [a, b] of edges) expect(r.colour[a]).to.not.equal(r.colour[b]);
    const S = criticalSubgraph(d, r.colours, new Budget(5e6));
    if (S.length <= 20) expect(colourableByInclusionExclusion(inducedDense(d, S), r.colours - 1)).to.equal(false);
    expect(kColouring(inducedDense(d, S), r.colours - 1, new Budget(5e6))).to.equal(false);
  });

  it("minimum dominating set matches enumeration; packings are lower bounds", () => {
    fc.assert(
      fc.property(arbGraph(11, 0.6), ({ n, edges }) => {
        const d = denseFromEdges(n, edges);
        const r = minimumDominatingSet(d);
        expect(undominated(d, r.set)).to.equal(-1);
        expect(dominatingSetOfSize(d, r.set.length, 1e7)).to.not.equal(null);
        if (r.set.length > 1) expect(dominatingSetOfSize(d, r.set.length - 1, 1e7)).to.equal(null);
        expect(packingLowerBound(d).length).to.be.at.most(r.set.length);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("Hamiltonian cycles and paths: search, heuristic and subset DP agree; separators are sound", () => {
    fc.assert(
      fc.property(arbGraph(10, 0.8), ({ n, edges }) => {
        const d = denseFromEdges(n, edges);
        for (const kind of ["cycle", "path"] as const) {
          const s = hamiltonianSearch(d, kind);
          const dp = hamiltonianByDp(d, kind);
          expect(s.complete).to.equal(true);
          expect(s.found !== null).to.equal(dp !== null);
          for (const w of [s.found, dp, posaHeuristic(d, kind, 10_000)]) {
            if (!w) continue;
            expect(new Set(w).size).to.equal(n);
            for (let i = 0; i + 1 < w.length; i++) expect(adjacent(d, w[i]!, w[i + 1]!)).to.equal(true);
            if (kind === "cycle" && n > 1) expect(adjacent(d, w[0]!, w[n - 1]!)).to.equal(true);
          }
          const t = toughnessWitness(d, kind);
          if (t) {
            expect(dp).to.equal(null);
            expect(componentsWithout(d, t.separator)).to.be.greaterThan(allowedComponents(kind, t.separator.length));
          }
        }
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it("planarity: embeddings satisfy Euler's formula; non-planar graphs give edge-minimal K5 / K3,3 subdivisions; more than 3n − 6 edges is never planar", () => {
    fc.assert(
      fc.property(arbGraph(11, 0.6), ({ n, edges }) => {
        const src = Int32Array.from(edges, (e) => e[0]), dst = Int32Array.from(edges, (e) => e[1]);
        const r = lrPlanarity(n, src, dst, true);
        if (r.planar) {
          const f = traceFaces(n, src, dst, r.rotation!);
          expect("components" in f).to.equal(true);
          if ("components" in f) for (const c of f.components) expect(c.vertices - c.edges + c.faces).to.equal(2);
        } else {
          const k = kuratowskiSubgraph(n, src, dst)!;
          const deg = new Map<number, number>();
          for (const e of k.edges) for (const v of [src[e]!, dst[e]!]) deg.set(v, (deg.get(v) ?? 0) + 1);
          const branch = [...deg.values()].filter((x) => x > 2);
          expect(k.type === "K5" ? branch.length === 5 && branch.every((x) => x === 4) : branch.length === 6 && branch.every((x) => x === 3)).to.equal(true);
          // Edge-minimal: removing any edge of it leaves a planar graph.
          for (const e of k.edges.slice(0, 4)) {
            const rest = k.edges.filter((x) => x !== e);
            expect(lrPlanarity(n, Int32Array.from(rest, (x) => src[x]!), Int32Array.from(rest, (x) => dst[x]!), false).planar).to.equal(true);
          }
        }
        if (n >= 3 && edges.length > 3 * n - 6) expect(r.planar).to.equal(false);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it("planarity on larger graphs: stacked triangulations are planar with 2n − 4 faces; one extra edge makes them non-planar", () => {
    const tri = (n: number): E => {
      const edges: E = [[0, 1], [1, 2], [2, 0]];
      const faces: [number, number, number][] = [[0, 1, 2], [0, 1, 2]];
      for (let v = 3; v < n; v++) {
        const i = (v * 7919) % faces.length;
        const [a, b, c] = faces[i]!;
        edges.push([v, a], [v, b], [v, c]);
        faces[i] = [a, b, v];
        faces.push([b, c, v], [a, c, v]);
      }
      return edges;
    };
    for (const n of [10, 200, 5000]) {
      const edges = tri(n);
      const src = Int32Array.from(edges, (e) => e[0]), dst = Int32Array.from(edges, (e) => e[1]);
      const r = lrPlanarity(n, src, dst, true);
      expect(r.planar).to.equal(true);
      const f = traceFaces(n, src, dst, r.rotation!);
      expect("components" in f && f.components[0]!.faces).to.equal(2 * n - 4);
      // A maximal planar graph plus any new edge is not planar.
      const adj = new Set(edges.map(([a, b]) => `${Math.min(a, b)},${Math.max(a, b)}`));
      let extra: [number, number] = [0, 0];
      for (let v = 3; v < n && extra[1] === 0; v++) if (!adj.has(`0,${v}`)) extra = [0, v];
      const e2 = [...edges, extra];
      const s2 = Int32Array.from(e2, (e) => e[0]), d2 = Int32Array.from(e2, (e) => e[1]);
      if (n <= 200) expect(kuratowskiSubgraph(n, s2, d2)).to.not.equal(null);
      else expect(lrPlanarity(n, s2, d2, false).planar).to.equal(false);
    }
  });

  it("chromatic and Tutte polynomials: P(G; x) = (−1)^(n−c) x^c T(1 − x, 0), T(2, 2) = 2^m, T(1, 1) = spanning trees of a connected graph", () => {
    fc.assert(
      fc.property(arbGraph(8), ({ n, edges }) => {
        const P = chromaticPolynomial(n, edges).coefficients;
        const T = tuttePolynomial(n, edges).coefficients;
        const parent = Array.from({ length: n }, (_, i) => i);
        const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
        for (const [a, b] of edges) parent[find(a)] = find(b);
        const c = new Set(Array.from({ length: n }, (_, v) => find(v))).size;
        for (let x = 0n; x <= 5n; x++) {
          const lhs = P.reduce((s, co, k) => s + co * x ** BigInt(k), 0n);
          const rhs = ((n - c) % 2 ? -1n : 1n) * x ** BigInt(c) * evaluate2(T, 1n - x, 0n);
          expect(lhs).to.equal(rhs);
        }
        expect(evaluate2(T, 2n, 2n)).to.equal(2n ** BigInt(edges.length));
        if (c === 1) expect(evaluate2(T, 1n, 1n)).to.equal(spanningTreeCount(graphOf(n, edges), false).num);
        // P(G; k) counts proper k-colourings: brute force for k = 3.
        let count = 0n;
        for (let code = 0; code < 3 ** n; code++) {
          const col = Array.from({ length: n }, (_, i) => Math.floor(code / 3 ** i) % 3);
          if (edges.every(([a, b]) => col[a] !== col[b])) count++;
        }
        expect(P.reduce((s, co, k) => s + co * 3n ** BigInt(k), 0n)).to.equal(count);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it("Tutte polynomial of multigraphs with loops: T(2, 2) = 2^m, T(1, 1) = spanning trees of a connected multigraph", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })), { maxLength: 9 }), (n, raw) => {
        const edges = raw.map(([a, b]) => [a % n, b % n] as [number, number]);
        const T = tuttePolynomial(n, edges).coefficients;
        expect(evaluate2(T, 2n, 2n)).to.equal(2n ** BigInt(edges.length));
        // T(1, 1) counts spanning forests of maximal size (spanning trees of each component, multiplied).
        const g = graphOf(n, edges);
        const parent = Array.from({ length: n }, (_, i) => i);
        const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
        for (const [a, b] of edges) parent[find(a)] = find(b);
        if (new Set(Array.from({ length: n }, (_, v) => find(v))).size === 1) expect(evaluate2(T, 1n, 1n)).to.equal(spanningTreeCount(g, false).num);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("spanning tree counts: brute force over edge subsets; Cayley n^(n−2) for complete graphs", () => {
    fc.assert(
      fc.property(arbGraph(7), ({ n, edges }) => {
        let count = 0n;
        const m = edges.length;
        for (let mask = 0; mask < 1 << m; mask++) {
          const chosen = edges.filter((_, i) => (mask >> i) & 1);
          if (chosen.length !== n - 1) continue;
          const parent = Array.from({ length: n }, (_, i) => i);
          const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
          let ok = true;
          for (const [a, b] of chosen) {
            const ra = find(a), rb = find(b);
            if (ra === rb) ok = false;
            parent[ra] = rb;
          }
          if (ok) count++;
        }
        expect(spanningTreeCount(graphOf(n, edges), false).num).to.equal(n === 1 ? 1n : count);
      }),
      { seed: SEED, numRuns: 150 },
    );
    for (const n of [2, 5, 9, 30]) {
      const edges: E = [];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j]);
      expect(spanningTreeCount(graphOf(n, edges), false).num).to.equal(BigInt(n) ** BigInt(n - 2));
    }
  });

  it("Held–Karp matches brute force over permutations, with rational and negative weights, directed and not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.boolean(), fc.array(fc.tuple(fc.integer({ min: -20, max: 40 }), fc.integer({ min: 1, max: 4 }), fc.boolean()), { minLength: 49, maxLength: 49 }), (n, directed, ws) => {
        const arcs: { u: number; v: number; w: ReturnType<typeof rational> }[] = [];
        const W: (ReturnType<typeof rational> | null)[][] = Array.from({ length: n }, () => new Array(n).fill(null));
        for (let u = 0; u < n; u++) for (let v = 0; v < n; v++) {
          if (u === v || (!directed && v < u)) continue;
          const [num, den, present] = ws[u * 7 + v]!;
          if (!present) continue;
          const w = rational(BigInt(num), BigInt(den));
          arcs.push({ u, v, w });
          W[u]![v] = w;
          if (!directed) {
            arcs.push({ u: v, v: u, w });
            W[v]![u] = w;
          }
        }
        const r = heldKarp({ n, arcs });
        // Brute force: tours from 0.
        let best: number | null = null;
        const perm = Array.from({ length: n - 1 }, (_, i) => i + 1);
        const visit = (k: number): void => {
          if (k === perm.length) {
            const tour = [0, ...perm];
            let s = 0;
            for (let i = 0; i < n; i++) {
              if (n === 1) break;
              const w = W[tour[i]!]![tour[(i + 1) % n]!];
              if (!w) return;
              s += Number(w.num) / Number(w.den);
            }
            if (best === null || s < best - 1e-9) best = s;
            return;
          }
          for (let i = k; i < perm.length; i++) {
            [perm[k], perm[i]] = [perm[i]!, perm[k]!];
            visit(k + 1);
            [perm[k], perm[i]] = [perm[i]!, perm[k]!];
          }
        };
        visit(0);
        if (best === null) expect(r.tour).to.equal(null);
        else expect(Number(r.weight!.num) / Number(r.weight!.den)).to.be.closeTo(best, 1e-9);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
