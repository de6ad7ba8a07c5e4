import { expect } from "chai";
import type { Json } from "../../../domain/json.js";
import { testJacobian } from "../../support/runtime.js";
import { randomGraph, Rng, wire } from "./random.js";

/**
 * The hard-problem and invariant operations through the pipeline on seeded random graphs: every
 * value is accepted by its checker (inline), the answers do not depend on labels or edge order,
 * corrupted claims are rejected with a counterexample, out-of-budget runs are INCOMPLETE with
 * valid bounds, and oversized or out-of-domain requests fail closed.
 */
describe("graph pack: hard problems through the pipeline", function () {
  this.timeout(600_000);
  const j = testJacobian({ packs: ["graph"], pool: false });
  after(() => j.close());
  const raw = async (id: string, payload: Record<string, unknown>): Promise<any> => (await j.run(id, payload as Record<string, Json>)) as any;
  const run = async (id: string, payload: Record<string, unknown>): Promise<any> => {
    const o = await raw(id, payload);
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
    return o.value;
  };
  const verdict = async (id: string, payload: Record<string, unknown>): Promise<any> => run(id, payload);
  const graphs = (count: number, seed: number, nMax: number, pMax: number) => {
    const rng = new Rng(seed);
    return Array.from({ length: count }, () => randomGraph(rng, { n: 1 + rng.int(nMax), p: 0.05 + rng.next() * pMax }));
  };
  /** The same graph with new labels, the vertex list reversed and the edges reversed. */
  const relabel = (w: ReturnType<typeof wire>) => {
    const names = new Map(w.vertices.map((v, i) => [v, `r${(i * 37) % 101}_${v}`]));
    return { directed: w.directed, vertices: [...w.vertices].reverse().map((v) => names.get(v)!), edges: [...w.edges].reverse().map((e) => [names.get(e[1]!)!, names.get(e[0]!)!, ...e.slice(2)]) };
  };

  const PRODUCERS: [string, string, (v: any) => string][] = [
    ["graph.chromatic_number.compute", "graph.chromatic_number.verify", (v) => v.chromatic_number],
    ["graph.maximum_clique.compute", "graph.maximum_clique.verify", (v) => v.clique_number],
    ["graph.maximum_independent_set.compute", "graph.maximum_independent_set.verify", (v) => v.independence_number],
    ["graph.minimum_vertex_cover.compute", "graph.minimum_vertex_cover.verify", (v) => v.vertex_cover_number],
    ["graph.minimum_dominating_set.compute", "graph.minimum_dominating_set.verify", (v) => v.domination_number],
    ["graph.hamiltonian_cycle.compute", "graph.hamiltonian_cycle.verify", (v) => v.status],
    ["graph.hamiltonian_path.compute", "graph.hamiltonian_path.verify", (v) => v.status],
    ["graph.planarity.compute", "graph.planarity.verify", (v) => String(v.planar)],
  ];

  for (const [producer, checker, answer] of PRODUCERS) {
    it(`${producer}: the checker accepts every value; the answer is invariant under relabelling`, async () => {
      for (const g of graphs(25, producer.length * 7919, 14, 0.6)) {
        const w = wire(g);
        const v = await run(producer, { graph: w });
        const f = await verdict(checker, { graph: w, claim: v });
        expect(f.verdict, `${checker} on ${JSON.stringify(w)}: ${JSON.stringify(f)}`).to.equal("accepted");
        const v2 = await run(producer, { graph: relabel(w) });
        expect(answer(v2), JSON.stringify(w)).to.equal(answer(v));
      }
    });
  }

  it("χ ≥ ω, α + τ = n, ω(G) = α(complement): the numbers agree across operations", async () => {
    for (const g of graphs(30, 4242, 13, 0.7)) {
      const w = wire(g);
      const chi = Number((await run("graph.chromatic_number.compute", { graph: w })).chromatic_number);
      const omega = Number((await run("graph.maximum_clique.compute", { graph: w })).clique_number);
      const alpha = Number((await run("graph.maximum_independent_set.compute", { graph: w })).independence_number);
      const tau = Number((await run("graph.minimum_vertex_cover.compute", { graph: w })).vertex_cover_number);
      expect(chi).to.be.at.least(omega);
      expect(alpha + tau).to.equal(g.n);
      const comp = await run("graph.complement.compute", { graph: w });
      expect(Number((await run("graph.maximum_independent_set.compute", { graph: comp.graph })).independence_number)).to.equal(omega);
    }
  });

  it("isomorphism: a relabelled copy maps (and the checker accepts the mapping); the canonical string and group order do not change", async () => {
    for (const g of graphs(25, 777, 16, 0.5)) {
      const w = wire(g), r = relabel(w);
      const v = await run("graph.isomorphism.compute", { graph: w, other: r });
      expect(v.isomorphic).to.equal(true);
      expect((await verdict("graph.isomorphism.verify", { graph: w, other: r, claim: v })).verdict).to.equal("accepted");
      const a = await run("graph.canonical_form.compute", { graph: w }), b = await run("graph.canonical_form.compute", { graph: r });
      expect(b.canonical).to.equal(a.canonical);
      expect(b.automorphism_group_order).to.equal(a.automorphism_group_order);
      const aut = await run("graph.automorphism_group.compute", { graph: w });
      expect(aut.order).to.equal(a.automorphism_group_order);
    }
  });

  it("isomorphism: graphs with equal degree sequences are told apart exactly when their canonical strings differ, and the checker accepts either verdict", async () => {
    const rng = new Rng(99);
    let differing = 0;
    for (let t = 0; t < 40; t++) {
      // Two random 2-regular graphs on the same vertices: disjoint unions of cycles of random lengths ≥ 3.
      const n = 9 + rng.int(6);
      const make = () => {
        const perm = Array.from({ length: n }, (_, i) => i);
        for (let i = n - 1; i > 0; i--) { const k = rng.int(i + 1); [perm[i], perm[k]] = [perm[k]!, perm[i]!]; }
        const edges: string[][] = [];
        let at = 0;
        while (at < n) {
          let len = 3 + rng.int(4);
          if (n - at - len < 3) len = n - at;
          for (let i = 0; i < len; i++) edges.push([`v${perm[at + i]}`, `v${perm[at + ((i + 1) % len)]}`]);
          at += len;
        }
        return { vertices: Array.from({ length: n }, (_, i) => `v${i}`), edges };
      };
      const g = make(), h = make();
      const v = await run("graph.isomorphism.compute", { graph: g, other: h });
      const a = await run("graph.canonical_form.compute", { graph: g }), b = await run("graph.canonical_form.compute", { graph: h });
      expect(v.isomorphic).to.equal(a.canonical === b.canonical);
      if (!v.isomorphic) differing++;
      expect((await verdict("graph.isomorphism.verify", { graph: g, other: h, claim: v })).verdict).to.equal("accepted");
    }
    expect(differing).to.be.greaterThan(0);
  });

  it("corrupted claims are rejected with a counterexample", async () => {
    const path5 = { vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "a"], ["a", "c"]] };
    const col = await run("graph.chromatic_number.compute", { graph: path5 });
    const bad = { ...col, colour_classes: [[...col.colour_classes[0], ...col.colour_classes[1]], ...col.colour_classes.slice(2)], upper_bound: String(col.colour_classes.length - 1) };
    expect((await verdict("graph.chromatic_number.verify", { graph: path5, claim: bad })).bindings.failure).to.equal("monochromatic_edge");
    const clique = await run("graph.maximum_clique.compute", { graph: path5 });
    const bigger = { ...clique, clique: [...clique.clique, ...path5.vertices.filter((v) => !clique.clique.includes(v)).slice(0, 1)], lower_bound: String(clique.clique.length + 1) };
    expect((await verdict("graph.maximum_clique.verify", { graph: path5, claim: bigger })).bindings.failure).to.equal("not_a_clique");
    const dom = await run("graph.minimum_dominating_set.compute", { graph: path5 });
    const smaller = { ...dom, dominating_set: dom.dominating_set.slice(1), upper_bound: String(dom.dominating_set.length - 1) };
    expect((await verdict("graph.minimum_dominating_set.verify", { graph: path5, claim: smaller })).verdict).to.equal("rejected");
    const ham = await run("graph.hamiltonian_cycle.compute", { graph: path5 });
    const swapped = { ...ham, cycle: [ham.cycle[1], ham.cycle[0], ...ham.cycle.slice(2)] };
    const hv = await verdict("graph.hamiltonian_cycle.verify", { graph: path5, claim: swapped });
    if (hv.verdict !== "accepted") expect(hv.bindings.failure).to.equal("not_adjacent");
    expect((await verdict("graph.hamiltonian_cycle.verify", { graph: path5, claim: { status: "NONE" } })).bindings.failure).to.equal("found");
    const k4 = { vertices: ["1", "2", "3", "4"], edges: [["1", "2"], ["1", "3"], ["1", "4"], ["2", "3"], ["2", "4"], ["3", "4"]] };
    const pl = await run("graph.planarity.compute", { graph: k4 });
    const rotated = { ...pl, embedding: pl.embedding.map(([v, r]: [string, string[]], i: number) => [v, i === 0 ? [r[1], r[0], r[2]] : r]) };
    expect((await verdict("graph.planarity.verify", { graph: k4, claim: rotated })).bindings.failure).to.equal("euler_fails");
    const k5 = { vertices: ["1", "2", "3", "4", "5"], edges: [["1", "2"], ["1", "3"], ["1", "4"], ["1", "5"], ["2", "3"], ["2", "4"], ["2", "5"], ["3", "4"], ["3", "5"], ["4", "5"]] };
    const np = await run("graph.planarity.compute", { graph: k5 });
    const cut = { ...np, kuratowski: { ...np.kuratowski, edges: np.kuratowski.edges.slice(1) } };
    expect((await verdict("graph.planarity.verify", { graph: k5, claim: cut })).verdict).to.equal("rejected");
    const iso = await run("graph.isomorphism.compute", { graph: path5, other: path5 });
    const wrong = { isomorphic: true, mapping: iso.mapping.map(([a]: string[], i: number) => [a, iso.mapping[(i + 1) % 5][1]]) };
    const iv = await verdict("graph.isomorphism.verify", { graph: path5, other: path5, claim: wrong });
    if (iv.verdict === "rejected") expect(iv.bindings.failure).to.equal("edge_not_preserved");
    expect((await verdict("graph.isomorphism.verify", { graph: path5, other: path5, claim: { isomorphic: false, invariant: "edges", graph_value: "6", other_value: "7" } })).bindings.failure).to.equal("invariant_agrees");
  });

  it("out of budget: INCOMPLETE with valid bounds and witnesses that the checker accepts", async () => {
    // G(70, 1/2): χ ≈ 12 against ω ≈ 9 — far beyond the quick effort's 10^5 nodes.
    const rng = new Rng(2024);
    const g = randomGraph(rng, { n: 70, p: 0.5 });
    const w = wire(g);
    const v = await run("graph.chromatic_number.compute", { graph: w, effort: "quick" });
    expect(v.status).to.equal("INCOMPLETE");
    expect(v.chromatic_number).to.equal(undefined);
    expect(Number(v.lower_bound)).to.be.lessThan(Number(v.upper_bound));
    expect((await verdict("graph.chromatic_number.verify", { graph: w, claim: v })).verdict).to.equal("accepted");
    const big = randomGraph(new Rng(7), { n: 400, p: 0.3 });
    const c = await run("graph.maximum_independent_set.compute", { graph: wire(big), effort: "quick" });
    expect(c.status).to.equal("INCOMPLETE");
    expect(Number(c.lower_bound)).to.be.lessThan(Number(c.upper_bound));
    expect(c.independent_set.length).to.equal(Number(c.lower_bound));
    const poly = await run("graph.chromatic_polynomial.compute", { graph: wire(randomGraph(rng, { n: 40, p: 0.5 })), effort: "quick" });
    expect(poly.status).to.equal("INCOMPLETE");
  });

  it("bounds and domains fail closed: caps at their paths, loops where refused, digraphs where refused, over-budget refused before work", async () => {
    const many = Array.from({ length: 2_001 }, (_, i) => String(i));
    const big = await raw("graph.chromatic_number.compute", { graph: { vertices: many, edges: [] } });
    expect([big.outcome, big.error.code, big.error.path]).to.deep.equal(["failed", "INVALID_PAYLOAD", "payload.graph.vertices"]);
    const loop = await raw("graph.maximum_clique.compute", { graph: { vertices: ["a"], edges: [["a", "a"]] } });
    expect([loop.error.code, loop.error.path]).to.deep.equal(["DOMAIN_ERROR", "payload.graph.edges[0]"]);
    const dir = await raw("graph.planarity.compute", { graph: { directed: true, vertices: ["a"], edges: [] } });
    expect(dir.error.code).to.equal("DOMAIN_ERROR");
    const tsp = await raw("graph.travelling_salesman.compute", { graph: { vertices: Array.from({ length: 21 }, (_, i) => `c${i}`), edges: [["c0", "c1", "1"]] } });
    expect([tsp.error.code, tsp.error.path]).to.deep.equal(["INVALID_PAYLOAD", "payload.graph.vertices"]);
    const unweighted = await raw("graph.travelling_salesman.compute", { graph: { vertices: ["a", "b"], edges: [["a", "b"]] } });
    expect(unweighted.outcome).to.equal("failed");
    const poly = await raw("graph.tutte_polynomial.compute", { graph: { vertices: Array.from({ length: 65 }, (_, i) => `v${i}`), edges: [] } });
    expect(poly.error.code).to.equal("INVALID_PAYLOAD");
    const effort = await raw("graph.chromatic_number.compute", { graph: { vertices: ["a"], edges: [] }, effort: "forever" });
    expect([effort.error.code, effort.error.path]).to.deep.equal(["INVALID_PAYLOAD", "payload.effort"]);
    // A spanning-tree count whose Laplacian core exceeds 500 vertices, a digraph6 canonical form of 30 000 vertices: refused before work.
    const cyc = Array.from({ length: 600 }, (_, i) => [String(i), String((i + 1) % 600)]);
    const trees = await raw("graph.spanning_tree_count.compute", { graph: { vertices: Array.from({ length: 600 }, (_, i) => String(i)), edges: cyc } });
    expect([trees.outcome, trees.reason?.code]).to.deep.equal(["non_conclusion", "RESOURCE_REFUSED"]);
    const dig = await raw("graph.canonical_form.compute", { graph: { directed: true, vertices: Array.from({ length: 30_000 }, (_, i) => String(i)), edges: [] } });
    expect([dig.outcome, dig.reason?.code]).to.deep.equal(["non_conclusion", "RESOURCE_REFUSED"]);
    const weighted = await raw("graph.spanning_tree_count.compute", { graph: { vertices: ["a", "b"], edges: [["a", "b"]] }, weighted: true });
    expect([weighted.error.code, weighted.error.path]).to.deep.equal(["DOMAIN_ERROR", "payload.graph.edges"]);
  });

  it("a 5000-vertex planar triangulation and a 1000-vertex cubic graph run through the pipeline", async () => {
    const n = 5000;
    const edges: string[][] = [["0", "1"], ["1", "2"], ["2", "0"]];
    const faces: [number, number, number][] = [[0, 1, 2], [0, 1, 2]];
    for (let v = 3; v < n; v++) {
      const i = (v * 104729) % faces.length;
      const [a, b, c] = faces[i]!;
      edges.push([String(v), String(a)], [String(v), String(b)], [String(v), String(c)]);
      faces[i] = [a, b, v];
      faces.push([b, c, v], [a, c, v]);
    }
    const g = { vertices: Array.from({ length: n }, (_, i) => String(i)), edges };
    const v = await run("graph.planarity.compute", { graph: g });
    expect([v.planar, v.faces]).to.deep.equal([true, String(2 * n - 4)]);
    expect((await verdict("graph.planarity.verify", { graph: g, claim: v })).bindings.faces).to.equal(String(2 * n - 4));
    // A random cubic graph and a relabelled copy.
    const rng = new Rng(31337);
    let cubic: string[][] = [];
    for (;;) {
      const pts = Array.from({ length: 3000 }, (_, i) => i % 1000);
      for (let i = pts.length - 1; i > 0; i--) { const k = rng.int(i + 1); [pts[i], pts[k]] = [pts[k]!, pts[i]!]; }
      const seen = new Set<string>();
      cubic = [];
      let ok = true;
      for (let i = 0; i < pts.length; i += 2) {
        const a = Math.min(pts[i]!, pts[i + 1]!), b = Math.max(pts[i]!, pts[i + 1]!);
        if (a === b || seen.has(`${a},${b}`)) { ok = false; break; }
        seen.add(`${a},${b}`);
        cubic.push([String(a), String(b)]);
      }
      if (ok) break;
    }
    const c = { vertices: Array.from({ length: 1000 }, (_, i) => String(i)), edges: cubic };
    const iso = await run("graph.isomorphism.compute", { graph: c, other: relabel({ directed: false, ...c }) });
    expect(iso.isomorphic).to.equal(true);
  });
  it("the headline number is checked, not only the bounds: a clique number, independence number, cover number or domination number other than the proved bound is rejected", async () => {
    const K3 = { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] };
    const cases: [string, Record<string, unknown>][] = [
      ["graph.maximum_clique.verify", { status: "EXACT", clique_number: "4", lower_bound: "3", upper_bound: "3", clique: ["a", "b", "c"], upper_bound_colouring: [["a"], ["b"], ["c"]] }],
      ["graph.maximum_clique.verify", { status: "EXACT", clique_number: "4", lower_bound: "3", upper_bound: "3", clique: ["a", "b", "c"] }],
      ["graph.maximum_clique.verify", { status: "EXACT", lower_bound: "3", upper_bound: "3", clique: ["a", "b", "c"] }],
      ["graph.maximum_clique.verify", { status: "INCOMPLETE", clique_number: "2", lower_bound: "3", upper_bound: "3", clique: ["a", "b", "c"] }],
      ["graph.maximum_independent_set.verify", { status: "EXACT", independence_number: "2", lower_bound: "1", upper_bound: "1", independent_set: ["a"], clique_cover: [["a", "b", "c"]] }],
      ["graph.minimum_vertex_cover.verify", { status: "EXACT", vertex_cover_number: "1", lower_bound: "2", upper_bound: "2", vertex_cover: ["a", "b"] }],
      ["graph.minimum_dominating_set.verify", { status: "INCOMPLETE", domination_number: "2", lower_bound: "1", upper_bound: "1", dominating_set: ["a"] }],
    ];
    for (const [id, claim] of cases) {
      const r = await verdict(id, { graph: K3, claim });
      expect([id, r.verdict, r.bindings.failure], JSON.stringify(claim)).to.deep.equal([id, "rejected", "inconsistent"]);
    }
    for (const [id, claim] of [
      ["graph.maximum_clique.verify", { status: "EXACT", clique_number: "3", lower_bound: "3", upper_bound: "3", clique: ["a", "b", "c"] }],
      ["graph.minimum_vertex_cover.verify", { status: "EXACT", vertex_cover_number: "2", lower_bound: "2", upper_bound: "2", vertex_cover: ["a", "b"] }],
    ] as const) expect((await verdict(id, { graph: K3, claim })).verdict).to.equal("accepted");
  });
  it("Hamiltonian cycle on 0 and 2 vertices: the checker agrees with the producer's NONE and rejects a FOUND claim (both were accepted)", async () => {
    const K2 = { vertices: ["a", "b"], edges: [["a", "b"]] }, K2multi = { vertices: ["a", "b"], edges: [["a", "b"], ["a", "b"]] }, E = { vertices: [], edges: [] };
    for (const graph of [K2, K2multi, E]) {
      const produced = await run("graph.hamiltonian_cycle.compute", { graph });
      expect(produced.status).to.equal("NONE");
      expect((await verdict("graph.hamiltonian_cycle.verify", { graph, claim: produced })).verdict).to.equal("accepted");
      const found = await verdict("graph.hamiltonian_cycle.verify", { graph, claim: { status: "FOUND", cycle: graph.vertices } });
      expect([found.verdict, found.bindings.failure]).to.deep.equal(["rejected", "too_short"]);
    }
    expect((await verdict("graph.hamiltonian_cycle.verify", { graph: { vertices: ["a"], edges: [] }, claim: { status: "FOUND", cycle: ["a"] } })).verdict).to.equal("accepted");
    expect((await verdict("graph.hamiltonian_path.verify", { graph: K2, claim: { status: "FOUND", path: ["a", "b"] } })).verdict).to.equal("accepted");
  });
  it("shortest_paths.verify: a negative cycle's claimed weight is checked (a wrong weight, or a non-negative choice among parallel arcs, was accepted)", async () => {
    const g = { directed: true, vertices: ["a", "b"], edges: [["a", "b", "5"], ["a", "b", "1"], ["b", "a", "-2"]] };
    const claim = (cycle_weight: string) => ({ status: "negative_cycle", source: "a", method: "bellman_ford", cycle: ["a", "b"], cycle_weight });
    const produced = await run("graph.shortest_paths.compute", { graph: g, source: "a" });
    expect((await verdict("graph.shortest_paths.verify", { graph: g, source: "a", claim: produced })).verdict).to.equal("accepted");
    for (const [w, want] of [["-1", "accepted"], ["-5", "rejected"], ["3", "rejected"], ["-2", "rejected"]] as const) {
      const f = await verdict("graph.shortest_paths.verify", { graph: g, source: "a", claim: claim(w) });
      expect([w, f.verdict, f.bindings.failure], w).to.deep.equal([w, want, want === "accepted" ? undefined : "wrong_weight"]);
    }
    const h = { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b", "-3"], ["b", "c", "1"], ["c", "a", "1"], ["c", "a", "-1"]] };
    expect((await verdict("graph.shortest_paths.verify", { graph: h, source: "a", claim: { ...claim("-1"), cycle: ["a", "b", "c"] } })).verdict).to.equal("accepted");
    expect((await verdict("graph.shortest_paths.verify", { graph: h, source: "a", claim: { ...claim("-3"), cycle: ["a", "b", "c"] } })).verdict).to.equal("accepted");
  });
  it("stated counts are checked: MST components and spanning_tree, isomorphism invariant values, Tutte–Berge odd component counts (wrong ones were accepted)", async () => {
    const forest = { vertices: ["a", "b", "c", "d"], edges: [["a", "b", "1"], ["c", "d", "2"]] };
    const mst = await run("graph.minimum_spanning_tree.compute", { graph: forest });
    expect((await verdict("graph.minimum_spanning_tree.verify", { graph: forest, claim: mst })).verdict).to.equal("accepted");
    for (const wrong of [{ components: "1" }, { spanning_tree: true }, { components: "3" }]) {
      const f = await verdict("graph.minimum_spanning_tree.verify", { graph: forest, claim: { ...mst, ...wrong } });
      expect([f.verdict, f.bindings.failure], JSON.stringify(wrong)).to.deep.equal(["rejected", "wrong_components"]);
    }
    for (const graph of [{ vertices: [], edges: [] }, { vertices: ["a"], edges: [] }]) {
      const v = await run("graph.minimum_spanning_tree.compute", { graph });
      expect((await verdict("graph.minimum_spanning_tree.verify", { graph, claim: v })).verdict).to.equal("accepted");
    }
    const g1 = { vertices: ["a", "b"], edges: [["a", "b"]] }, g2 = { vertices: ["x", "y"], edges: [] };
    const iso = await run("graph.isomorphism.compute", { graph: g1, other: g2 });
    expect((await verdict("graph.isomorphism.verify", { graph: g1, other: g2, claim: iso })).verdict).to.equal("accepted");
    const wrongIso = await verdict("graph.isomorphism.verify", { graph: g1, other: g2, claim: { ...iso, graph_value: "5" } });
    expect([wrongIso.verdict, wrongIso.bindings.failure]).to.deep.equal(["rejected", "wrong_value"]);
    const K3 = { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] };
    const ok = await verdict("graph.maximum_matching.verify", { graph: K3, claim: { size: "1", matching: [["a", "b"]], certificate: { tutte_berge_set: [], odd_components: "1" } } });
    expect(ok.verdict).to.equal("accepted");
    const bad = await verdict("graph.maximum_matching.verify", { graph: K3, claim: { size: "1", matching: [["a", "b"]], certificate: { tutte_berge_set: [], odd_components: "3" } } });
    expect([bad.verdict, bad.bindings.failure]).to.deep.equal(["rejected", "wrong_odd_components"]);
  });
});
