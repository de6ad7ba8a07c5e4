import { expect } from "chai";
import fc from "fast-check";
import type { Json } from "../../../domain/json.js";
import { testJacobian } from "../../support/runtime.js";
import { randomGraph, Rng, wire, type GraphOptions } from "./random.js";

/**
 * Properties on random graphs (fast-check chooses the seed and the shape): invariance under
 * relabelling and edge reordering, the handshake lemma, max-flow = min-cut, König's theorem on
 * bipartite graphs, and every producer's value accepted by its checker.
 */
describe("graph pack: properties on random graphs", function () {
  this.timeout(300_000);
  const j = testJacobian({ packs: ["graph"], pool: false });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>): Promise<any> => {
    const o = (await j.run(id, payload as Record<string, Json>)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 300)}`).to.equal("completed");
    return o.value;
  };
  const arbGraph = (o: Partial<GraphOptions> = {}) =>
    fc.record({ seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }), n: fc.integer({ min: 1, max: 18 }), p: fc.double({ min: 0.05, max: 0.6, noNaN: true }) }).map(({ seed, n, p }) => {
      const rng = new Rng(seed);
      return { rng, g: randomGraph(rng, { n, p, ...o }) };
    });
  /** The same graph with labels renamed and the edge list reversed. */
  const relabel = (w: ReturnType<typeof wire>, rng: Rng) => {
    const names = new Map(w.vertices.map((v, i) => [v, `x${(i * 7919 + rng.int(1000)) % 100000}_${i}`]));
    return { directed: w.directed, vertices: [...w.vertices].reverse().map((v) => names.get(v)!), edges: [...w.edges].reverse().map((e) => [names.get(e[0]!)!, names.get(e[1]!)!, ...e.slice(2)]) };
  };

  it("handshake lemma: degrees sum to 2m (loops and parallel edges included)", async () => {
    await fc.assert(
      fc.asyncProperty(arbGraph({ multi: true, loops: true }), async ({ g }) => {
        const d = await run("graph.degree_sequence.compute", { graph: wire(g) });
        const sum = d.degrees.reduce((s: number, p: string[]) => s + Number(p[1]), 0);
        expect(sum).to.equal(2 * g.edges.length);
        expect(d.degree_sum).to.equal(String(2 * g.edges.length));
      }),
      { numRuns: 60 },
    );
  });

  it("invariants do not depend on labels or edge order", async () => {
    await fc.assert(
      fc.asyncProperty(arbGraph({ weights: "positive" }), async ({ g, rng }) => {
        const a = wire(g), b = relabel(a, rng);
        const inv = async (w: unknown) => {
          const s = g.labels.length ? (w as { vertices: string[] }).vertices : [];
          const first = (w as { vertices: string[]; edges: string[][] }) === a ? a.vertices[0] : undefined;
          void first;
          return [
            (await run("graph.connected_components.compute", { graph: w })).count,
            (await run("graph.triangle_count.compute", { graph: w })).triangles,
            (await run("graph.maximum_matching.compute", { graph: w })).size,
            (await run("graph.minimum_spanning_tree.compute", { graph: w })).total_weight,
            (await run("graph.girth.compute", { graph: w })).girth ?? "∞",
            (await run("graph.degree_sequence.compute", { graph: w })).sequence.join(","),
            (await run("graph.bipartite.compute", { graph: w })).bipartite,
            (await run("graph.edge_connectivity.compute", { graph: w })).edge_connectivity,
            s.length,
          ];
        };
        expect(await inv(b)).to.deep.equal(await inv(a));
      }),
      { numRuns: 25 },
    );
  });

  it("max-flow = min-cut, and the checker accepts the flow", async () => {
    await fc.assert(
      fc.asyncProperty(arbGraph({ weights: "rational", directed: true }), async ({ g }) => {
        if (g.n < 2) return;
        const w = wire(g), s = g.labels[0]!, t = g.labels[g.n - 1]!;
        const f = await run("graph.maximum_flow.compute", { graph: w, source: s, target: t });
        const c = await run("graph.minimum_cut.compute", { graph: w, source: s, target: t });
        expect(c.capacity).to.equal(f.value);
        expect(f.cut.capacity).to.equal(f.value);
        expect((await run("graph.maximum_flow.verify", { graph: w, source: s, target: t, claim: f })).verdict).to.equal("accepted");
      }),
      { numRuns: 40 },
    );
  });

  it("König: on bipartite graphs the maximum matching and the minimum vertex cover have equal size", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), async (seed, a, b) => {
        const rng = new Rng(seed);
        const vertices = [...Array.from({ length: a }, (_, i) => `l${i}`), ...Array.from({ length: b }, (_, i) => `r${i}`)];
        const edges: string[][] = [];
        for (let i = 0; i < a; i++) for (let k = 0; k < b; k++) if (rng.next() < 0.3) edges.push([`l${i}`, `r${k}`]);
        const m = await run("graph.maximum_matching.compute", { graph: { vertices, edges } });
        expect(m.certificate.vertex_cover.length).to.equal(Number(m.size));
        // The cover really covers: every edge has an end in it.
        const cover = new Set(m.certificate.vertex_cover);
        for (const [u, v] of edges) expect(cover.has(u) || cover.has(v)).to.equal(true);
        expect((await run("graph.maximum_matching.verify", { graph: { vertices, edges }, claim: m })).verdict).to.equal("accepted");
      }),
      { numRuns: 50 },
    );
  });

  it("general graphs: the Tutte–Berge certificate proves every matching", async () => {
    await fc.assert(
      fc.asyncProperty(arbGraph(), async ({ g }) => {
        const w = wire(g);
        const m = await run("graph.maximum_matching.compute", { graph: w });
        expect((await run("graph.maximum_matching.verify", { graph: w, claim: m })).verdict).to.equal("accepted");
      }),
      { numRuns: 60 },
    );
  });

  it("each producer's value is accepted by its checker (shortest paths, MST, topological order, Euler, bipartite)", async () => {
    await fc.assert(
      fc.asyncProperty(arbGraph({ weights: "int", directed: true }), arbGraph({ weights: "rational" }), async ({ g: d }, { g: u }) => {
        const dw = wire(d), uw = wire(u);
        const sp = await run("graph.shortest_paths.compute", { graph: dw, source: d.labels[0] });
        expect((await run("graph.shortest_paths.verify", { graph: dw, source: d.labels[0], claim: sp })).verdict).to.equal("accepted");
        const sp2 = await run("graph.shortest_paths.compute", { graph: uw, source: u.labels[0] });
        expect((await run("graph.shortest_paths.verify", { graph: uw, source: u.labels[0], claim: sp2 })).verdict).to.equal("accepted");
        const mst = await run("graph.minimum_spanning_tree.compute", { graph: uw });
        expect((await run("graph.minimum_spanning_tree.verify", { graph: uw, claim: mst })).verdict).to.equal("accepted");
        const t = await run("graph.topological_order.compute", { graph: dw });
        expect((await run("graph.topological_order.verify", { graph: dw, claim: t })).verdict).to.equal("accepted");
        const e = await run("graph.eulerian.compute", { graph: uw });
        expect((await run("graph.eulerian.verify", { graph: uw, claim: e })).verdict).to.equal("accepted");
        const b = await run("graph.bipartite.compute", { graph: uw });
        expect((await run("graph.bipartite.verify", { graph: uw, claim: b })).verdict).to.equal("accepted");
      }),
      { numRuns: 40 },
    );
  });

  it("checkers reject corrupted claims with a counterexample", async () => {
    await fc.assert(
      fc.asyncProperty(arbGraph({ weights: "positive" }), async ({ g, rng }) => {
        if (g.edges.length === 0) return;
        const w = wire(g);
        const s = g.labels[0]!;
        const sp = await run("graph.shortest_paths.compute", { graph: w, source: s });
        // Raise one reached non-source distance by 1: an edge or the tight tree refutes it.
        if (sp.distances.length > 1) {
          const k = 1 + rng.int(sp.distances.length - 1);
          const bad = { ...sp, distances: sp.distances.map((p: string[], i: number) => (i === k ? [p[0], String(Number(p[1]) + 1)] : p)) };
          const v = await run("graph.shortest_paths.verify", { graph: w, source: s, claim: bad });
          expect(v.verdict).to.equal("rejected");
          expect(["edge_violated", "not_tight"]).to.include(v.bindings.failure);
        }
        // A spanning forest with one edge swapped for a heavier non-forest edge on its cycle is refuted (when one exists).
        const mst = await run("graph.minimum_spanning_tree.compute", { graph: w });
        const flow = g.n >= 2 ? await run("graph.maximum_flow.compute", { graph: w, source: s, target: g.labels[g.n - 1] }) : null;
        if (flow && flow.value !== "0") {
          const k = flow.edge_flows.findIndex((x: string) => x !== "0");
          const bad = { ...flow, edge_flows: flow.edge_flows.map((x: string, i: number) => (i === k ? "0" : x)) };
          const v = await run("graph.maximum_flow.verify", { graph: w, source: s, target: g.labels[g.n - 1], claim: bad });
          expect(v.verdict).to.equal("rejected");
        }
        void mst;
      }),
      { numRuns: 40 },
    );
  });
});
