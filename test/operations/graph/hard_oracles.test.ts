import { expect } from "chai";
import type { Json } from "../../../domain/json.js";
import { encodeDigraph6, encodeGraph6 } from "../../../domain/math/graph/nauty.js";
import { networkx, requireNetworkx } from "../../support/networkx.js";
import { countg, labelg, requireNauty } from "../../support/nauty.js";
import { testJacobian } from "../../support/runtime.js";
import { BUILD, forPython, randomGraph, Rng, wire, type RandomGraph } from "./random.js";

/**
 * Cross-checks of the hard-problem and invariant operations against NetworkX (clique and
 * independence numbers, planarity, isomorphism, chromatic and Tutte polynomials, spectra, tree
 * counts, domination) and nauty (automorphism group orders, clique and independence numbers,
 * canonical labelling classes), each in one external call per batch.
 */
describe("graph pack: hard problems against NetworkX and nauty", function () {
  this.timeout(600_000);
  const j = testJacobian({ packs: ["graph"], pool: false });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>): Promise<any> => {
    const o = (await j.run(id, payload as Record<string, Json>)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 300)}`).to.equal("completed");
    return o.value;
  };
  const rng = new Rng(1_111);
  const cases: RandomGraph[] = Array.from({ length: 36 }, (_, i) => randomGraph(rng, { n: 1 + rng.int(i < 18 ? 8 : 13), p: 0.1 + rng.next() * 0.7 }));
  /** graph6 of a random graph with vertices in index order. */
  const g6 = (g: RandomGraph) => encodeGraph6(g.n, g.edges.map(([u, v]) => [u, v] as [number, number]));

  describe("NetworkX", () => {
    before(function () {
      requireNetworkx(this);
    });

    it("clique, independence and domination numbers, planarity, chromatic and Tutte polynomials, adjacency spectrum, spanning trees", async () => {
      const nx = networkx<{ omega: number; alpha: number; gamma: number; planar: boolean; chrom: string | null; tutte: string | null; charpoly: string; trees: string }>(
        BUILD +
          `
import itertools, sympy
x, y = sympy.symbols("x y")
for c in cases:
    G = build(c)
    n = G.number_of_nodes()
    omega = max((len(q) for q in nx.find_cliques(G)), default=0)
    alpha = max((len(q) for q in nx.find_cliques(nx.complement(G))), default=0)
    gamma = next(k for k in range(n + 1) if any(nx.is_dominating_set(G, s) for s in itertools.combinations(G.nodes, k))) if n else 0
    chrom = str(sympy.expand(nx.chromatic_polynomial(G))) if n <= 7 and G.number_of_edges() <= 12 else None
    tutte = str(sympy.expand(nx.tutte_polynomial(G))) if n <= 6 and G.number_of_edges() <= 9 and nx.is_connected(G) else None
    A = sympy.Matrix(nx.to_numpy_array(G, nodelist=c["labels"], weight=None).astype(int).tolist())
    L = sympy.Matrix(nx.laplacian_matrix(G, nodelist=c["labels"], weight=None).toarray().astype(int).tolist())
    trees = str(L[1:, 1:].det()) if n > 1 else "1"
    emit({"omega": omega, "alpha": alpha, "gamma": gamma, "planar": nx.check_planarity(G)[0], "chrom": chrom, "tutte": tutte,
          "charpoly": str(sympy.expand(A.charpoly(x).as_expr())), "trees": trees})
`,
        cases.map(forPython),
      );
      const sympyForm = (s: string) => s.replace(/\s+/g, "").replace(/\*\*/g, "^");
      const ours = (p: { expression: string }) => p.expression.replace(/\s+/g, "");
      for (let i = 0; i < cases.length; i++) {
        const w = wire(cases[i]!), want = nx[i]!;
        const label = JSON.stringify(w);
        expect((await run("graph.maximum_clique.compute", { graph: w })).clique_number, label).to.equal(String(want.omega));
        expect((await run("graph.maximum_independent_set.compute", { graph: w })).independence_number, label).to.equal(String(want.alpha));
        expect((await run("graph.minimum_dominating_set.compute", { graph: w })).domination_number, label).to.equal(String(want.gamma));
        expect((await run("graph.planarity.compute", { graph: w })).planar, label).to.equal(want.planar);
        expect((await run("graph.spanning_tree_count.compute", { graph: w })).spanning_trees, label).to.equal(want.trees);
        const cp = (await run("graph.characteristic_polynomial.compute", { graph: w })).characteristic_polynomial;
        expect(await sameExpression(ours(cp), sympyForm(want.charpoly)), `${label}: ${cp.expression} vs ${want.charpoly}`).to.equal(true);
        if (want.chrom !== null) {
          const p = (await run("graph.chromatic_polynomial.compute", { graph: w })).chromatic_polynomial;
          expect(await sameExpression(ours(p), sympyForm(want.chrom)), `${label}: ${p.expression} vs ${want.chrom}`).to.equal(true);
        }
        if (want.tutte !== null) {
          const t = (await run("graph.tutte_polynomial.compute", { graph: w })).tutte_polynomial;
          expect(await sameExpression(ours(t), sympyForm(want.tutte)), `${label}: ${t.expression} vs ${want.tutte}`).to.equal(true);
        }
      }
    });

    it("isomorphism of random pairs with equal degree sequences (degree-preserving edge switches) agrees with VF2", async () => {
      const pairs: [RandomGraph, RandomGraph][] = [];
      const r = new Rng(5);
      for (let t = 0; t < 30; t++) {
        const g = randomGraph(r, { n: 6 + r.int(8), p: 0.3 + r.next() * 0.3 });
        // A double edge switch a–b, c–d → a–d, c–b (when legal) keeps the degrees.
        const h: RandomGraph = { ...g, edges: g.edges.map((e) => [...e] as [number, number]) };
        const key = (a: number, b: number) => `${Math.min(a, b)},${Math.max(a, b)}`;
        const present = new Set(h.edges.map(([a, b]) => key(a, b)));
        for (let k = 0; k < 20 && h.edges.length >= 2; k++) {
          const i = r.int(h.edges.length), jj = r.int(h.edges.length);
          const [a, b] = h.edges[i]!, [c, d] = h.edges[jj]!;
          if (new Set([a, b, c, d]).size < 4 || present.has(key(a, d)) || present.has(key(c, b))) continue;
          present.delete(key(a, b));
          present.delete(key(c, d));
          h.edges[i] = [a, d];
          h.edges[jj] = [c, b];
          present.add(key(a, d));
          present.add(key(c, b));
          if (r.next() < 0.3) break;
        }
        pairs.push([g, h]);
      }
      const want = networkx<boolean>(BUILD + "for c in cases:\n    emit(nx.is_isomorphic(build(c[0]), build(c[1])))\n", pairs.map(([a, b]) => [forPython(a), forPython(b)]));
      let differ = 0;
      for (let i = 0; i < pairs.length; i++) {
        const [a, b] = pairs[i]!;
        const v = await run("graph.isomorphism.compute", { graph: wire(a), other: wire(b) });
        expect(v.isomorphic, JSON.stringify([wire(a), wire(b)])).to.equal(want[i]);
        if (!want[i]) differ++;
      }
      expect(differ).to.be.greaterThan(0);
    });
  });

  describe("nauty", () => {
    before(function () {
      requireNauty(this);
    });

    it("automorphism group orders, clique and independence numbers match countg", async () => {
      const structured: string[] = [
        "IheA@GUAo", // Petersen
        "O~`HW}GPHDaNaGPCcPWaN", // 4×4 rook's graph
        "OlfJHsHBGK_\\oHWKeBK_\\", // Shrikhande graph
      ];
      const strings = [...cases.filter((g) => g.n > 0).map(g6), ...structured];
      const want = countg(strings, ["a", "k", "h"]);
      for (let i = 0; i < strings.length; i++) {
        const graph = { graph6: strings[i]! };
        const aut = await run("graph.automorphism_group.compute", { graph });
        const expected = want[i]!["groupsize"]!;
        if (/^[0-9]+$/.test(expected)) expect(aut.order, strings[i]).to.equal(expected);
        else expect(Number(aut.order) / Number(expected), strings[i]).to.be.closeTo(1, 1e-9);
        expect((await run("graph.maximum_clique.compute", { graph })).clique_number, strings[i]).to.equal(want[i]!["maxclique"]);
        expect((await run("graph.maximum_independent_set.compute", { graph })).independence_number, strings[i]).to.equal(want[i]!["maxindset"]);
      }
    });

    it("canonical forms separate exactly the isomorphism classes labelg separates (graphs and digraphs)", async () => {
      const r = new Rng(77);
      const graphs: RandomGraph[] = [];
      for (let t = 0; t < 40; t++) {
        const directed = t % 4 === 3;
        const g = randomGraph(r, { n: 5 + r.int(6), p: 0.3 + r.next() * 0.4, directed });
        graphs.push(g);
        // A relabelled copy and an independent graph of the same size.
        const perm = Array.from({ length: g.n }, (_, i) => i).sort(() => r.next() - 0.5);
        graphs.push({ ...g, edges: g.edges.map(([u, v]) => [perm[u]!, perm[v]!] as [number, number]) });
        graphs.push(randomGraph(r, { n: g.n, p: g.edges.length / Math.max(1, (g.n * (g.n - 1)) / (directed ? 1 : 2)), directed }));
      }
      const encode = (g: RandomGraph) => (g.directed ? encodeDigraph6(g.n, g.edges.map(([u, v]) => [u, v] as [number, number])) : g6(g));
      const theirs = labelg(graphs.map(encode));
      const ours: string[] = [];
      for (const g of graphs) ours.push((await run("graph.canonical_form.compute", { graph: wire(g) })).canonical);
      for (let a = 0; a < graphs.length; a++) for (let b = a + 1; b < graphs.length; b++) {
        if (graphs[a]!.directed !== graphs[b]!.directed) continue;
        expect(ours[a] === ours[b], `${encode(graphs[a]!)} vs ${encode(graphs[b]!)}`).to.equal(theirs[a] === theirs[b]);
      }
    });

    it("a random Latin-square graph (strongly regular, 144 vertices) and a relabelled copy: isomorphic, with nauty's group order", async () => {
      const n = 12;
      const L = latinSquare(n, new Rng(3));
      const edges: [number, number][] = [];
      for (let a = 0; a < n * n; a++) for (let b = a + 1; b < n * n; b++) {
        const [i, jj] = [Math.floor(a / n), a % n], [k, l] = [Math.floor(b / n), b % n];
        if (i === k || jj === l || L[i]![jj] === L[k]![l]) edges.push([a, b]);
      }
      const s = encodeGraph6(n * n, edges);
      const perm = Array.from({ length: n * n }, (_, i) => (i * 97 + 13) % (n * n));
      const t = encodeGraph6(n * n, edges.map(([a, b]) => [perm[a]!, perm[b]!] as [number, number]));
      const v = await run("graph.isomorphism.compute", { graph: { graph6: s }, other: { graph6: t } });
      expect(v.isomorphic).to.equal(true);
      expect((await run("graph.isomorphism.verify", { graph: { graph6: s }, other: { graph6: t }, claim: v })).verdict).to.equal("accepted");
      const [want] = countg([s], ["a"]);
      expect((await run("graph.automorphism_group.compute", { graph: { graph6: s } })).order).to.equal(want!["groupsize"]);
    });
  });
});

/** Two polynomial expressions in x, y (ours: "3*x^2 - y"; SymPy's with ** already turned into ^) are equal as polynomials. */
async function sameExpression(a: string, b: string): Promise<boolean> {
  return normalise(a) === normalise(b);
}

/** Monomial → coefficient map of a sum of terms c*x^i*y^j (signs and implicit coefficients handled). */
function normalise(s: string): string {
  const terms = new Map<string, bigint>();
  const parts = s.replace(/-/g, "+-").split("+").filter((t) => t.length > 0);
  for (const part of parts) {
    let coeff = 1n, sign = 1n;
    let rest = part;
    if (rest.startsWith("-")) {
      sign = -1n;
      rest = rest.slice(1);
    }
    const exps: Record<string, number> = {};
    for (const f of rest.split("*")) {
      if (/^[0-9]+$/.test(f)) coeff *= BigInt(f);
      else {
        const [v, e] = f.split("^");
        exps[v!] = (exps[v!] ?? 0) + Number(e ?? 1);
      }
    }
    const key = Object.keys(exps).sort().map((v) => `${v}${exps[v]}`).join("");
    terms.set(key, (terms.get(key) ?? 0n) + sign * coeff);
  }
  return [...terms.entries()].filter(([, c]) => c !== 0n).sort(([p], [q]) => (p < q ? -1 : 1)).map(([k, c]) => `${c}${k}`).join(";");
}

/** A random Latin square by the Jacobson–Matthews Markov chain (seeded). */
function latinSquare(n: number, r: Rng, moves = 20_000): number[][] {
  const c = new Int8Array(n * n * n);
  const at = (i: number, j: number, k: number) => (i * n + j) * n + k;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) c[at(i, j, (i + j) % n)] = 1;
  let improper: [number, number, number] | null = null;
  for (let step = 0; step < moves || improper; step++) {
    let i: number, j: number, k: number, i2: number, j2: number, k2: number;
    if (!improper) {
      do {
        i = r.int(n);
        j = r.int(n);
        k = r.int(n);
      } while (c[at(i, j, k)] !== 0);
      i2 = 0;
      while (c[at(i2, j, k)] !== 1) i2++;
      j2 = 0;
      while (c[at(i, j2, k)] !== 1) j2++;
      k2 = 0;
      while (c[at(i, j, k2)] !== 1) k2++;
    } else {
      [i, j, k] = improper;
      const pick = (f: (x: number) => boolean): number => {
        const xs = Array.from({ length: n }, (_, x) => x).filter(f);
        return xs[r.int(xs.length)]!;
      };
      i2 = pick((x) => c[at(x, j, k)] === 1);
      j2 = pick((x) => c[at(i, x, k)] === 1);
      k2 = pick((x) => c[at(i, j, x)] === 1);
    }
    c[at(i, j, k)]!++;
    c[at(i, j2, k2)]!++;
    c[at(i2, j, k2)]!++;
    c[at(i2, j2, k)]!++;
    c[at(i, j, k2)]!--;
    c[at(i, j2, k)]!--;
    c[at(i2, j, k)]!--;
    c[at(i2, j2, k2)]!--;
    improper = c[at(i2, j2, k2)] === -1 ? [i2, j2, k2] : null;
  }
  const L = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) if (c[at(i, j, k)] === 1) L[i]![j] = k;
  return L;
}
