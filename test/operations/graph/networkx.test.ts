import { expect } from "chai";
import type { Json } from "../../../domain/json.js";
import { networkx, requireNetworkx } from "../../support/networkx.js";
import { testJacobian } from "../../support/runtime.js";
import { BUILD, forPython, randomGraph, Rng, wire, type GraphOptions, type RandomGraph } from "./random.js";

/**
 * Cross-checks against NetworkX on random graphs (labels shuffled, edge order shuffled), one
 * Python process per operation: every case's value is compared with NetworkX's, normalised.
 */
describe("graph pack cross-checked with NetworkX on random graphs", function () {
  this.timeout(600_000);
  const j = testJacobian({ packs: ["graph"], pool: false });
  after(() => j.close());
  before(function () {
    requireNetworkx(this);
  });

  const graphs = (seed: number, count: number, opts: (rng: Rng, i: number) => GraphOptions): RandomGraph[] => {
    const rng = new Rng(seed);
    return Array.from({ length: count }, (_, i) => randomGraph(rng, opts(rng, i)));
  };
  const run = async (id: string, payload: Record<string, unknown>): Promise<any> => {
    const o = (await j.run(id, payload as Record<string, Json>)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
    return o.value;
  };
  const sortedSets = (xs: string[][]) => xs.map((c) => [...c].sort().join(",")).sort();

  it("connected, strongly connected and biconnected components, articulation points, bridges", async () => {
    const und = graphs(1, 30, (r) => ({ n: 1 + r.int(25), p: 0.05 + r.next() * 0.2, multi: r.next() < 0.3 }));
    const dir = graphs(2, 30, (r) => ({ n: 1 + r.int(25), p: 0.05 + r.next() * 0.15, directed: true }));
    const py = networkx<any>(
      BUILD +
        `for c in cases:
    G = build(c, multi=not c["directed"])
    if c["directed"]:
        emit({"scc": [sorted(x) for x in nx.strongly_connected_components(G)], "wcc": [sorted(x) for x in nx.weakly_connected_components(G)]})
    else:
        S = nx.Graph(G)
        simple_bridges = set()
        for u, v in nx.bridges(S):
            if G.number_of_edges(u, v) == 1: simple_bridges.add(tuple(sorted((u, v))))
        emit({"cc": [sorted(x) for x in nx.connected_components(G)], "ap": sorted(nx.articulation_points(S)),
              "bridges": sorted(",".join(b) for b in simple_bridges), "blocks": [sorted(b) for b in nx.biconnected_components(S)]})`,
      [...und, ...dir].map(forPython),
    );
    for (let i = 0; i < und.length; i++) {
      const g = wire(und[i]!), p = py[i];
      expect(sortedSets((await run("graph.connected_components.compute", { graph: g })).components)).to.deep.equal(sortedSets(p.cc));
      const b = await run("graph.biconnected_components.compute", { graph: g });
      expect([...b.articulation_points].sort()).to.deep.equal(p.ap);
      expect(b.bridges.map((e: string[]) => [...e].sort().join(",")).sort()).to.deep.equal(p.bridges);
      expect(sortedSets(b.blocks)).to.deep.equal(sortedSets(p.blocks));
    }
    for (let i = 0; i < dir.length; i++) {
      const g = wire(dir[i]!), p = py[und.length + i];
      expect(sortedSets((await run("graph.strongly_connected_components.compute", { graph: g })).components)).to.deep.equal(sortedSets(p.scc));
      expect(sortedSets((await run("graph.connected_components.compute", { graph: g })).components)).to.deep.equal(sortedSets(p.wcc));
    }
  });

  it("bipartiteness, girth, triangles, k-cores, eccentricities and diameter", async () => {
    const gs = graphs(3, 40, (r) => ({ n: 2 + r.int(20), p: 0.1 + r.next() * 0.3 }));
    const py = networkx<any>(
      BUILD +
        `for c in cases:
    G = build(c)
    cyc = nx.minimum_cycle_basis(G)
    out = {"bip": nx.is_bipartite(G), "girth": min((len(x) for x in cyc), default=None), "tri": nx.triangles(G), "core": nx.core_number(G)}
    if nx.is_connected(G):
        out["ecc"] = nx.eccentricity(G); out["diam"] = nx.diameter(G); out["rad"] = nx.radius(G)
        out["center"] = sorted(nx.center(G)); out["per"] = sorted(nx.periphery(G))
        sp = dict(nx.all_pairs_dijkstra_path_length(G))
        out["wdiam"] = frac(max(max(d.values()) for d in sp.values()))
    emit(out)`,
      gs.map((g) => forPython({ ...g, edges: g.edges.map(([u, v], k) => [u, v, String(1 + ((k * 7) % 5))]) })),
    );
    for (let i = 0; i < gs.length; i++) {
      const g = wire(gs[i]!), p = py[i];
      expect((await run("graph.bipartite.compute", { graph: g })).bipartite).to.equal(p.bip);
      const gi = await run("graph.girth.compute", { graph: g });
      expect(gi.acyclic ? null : Number(gi.girth)).to.equal(p.girth);
      const t = await run("graph.triangle_count.compute", { graph: g });
      expect(Object.fromEntries(t.at_vertex.map(([l, x]: string[]) => [l, Number(x)]))).to.deep.equal(p.tri);
      const k = await run("graph.k_core.compute", { graph: g });
      expect(Object.fromEntries(k.core_numbers.map(([l, x]: string[]) => [l, Number(x)]))).to.deep.equal(p.core);
      const d = await run("graph.diameter.compute", { graph: g });
      if (p.diam === undefined) expect(d.status).to.equal("disconnected");
      else {
        expect([d.diameter, d.radius, [...d.center].sort(), [...d.periphery].sort()]).to.deep.equal([String(p.diam), String(p.rad), p.center, p.per]);
        const e = await run("graph.eccentricities.compute", { graph: g });
        expect(Object.fromEntries(e.eccentricities.map(([l, x]: string[]) => [l, Number(x)]))).to.deep.equal(p.ecc);
        const weighted = { ...g, edges: gs[i]!.edges.map(([u, v], kk) => [gs[i]!.labels[u]!, gs[i]!.labels[v]!, String(1 + ((kk * 7) % 5))]) };
        expect((await run("graph.diameter.compute", { graph: weighted })).diameter).to.equal(p.wdiam);
      }
    }
  });

  it("shortest paths with rational and negative weights, all pairs, negative cycles", async () => {
    const pos = graphs(4, 25, (r) => ({ n: 2 + r.int(25), p: 0.1 + r.next() * 0.2, weights: "rational", directed: r.next() < 0.5 }));
    const neg = graphs(5, 25, (r) => ({ n: 2 + r.int(15), p: 0.1 + r.next() * 0.2, weights: "int", directed: true }));
    const all = [...pos, ...neg];
    const py = networkx<any>(
      BUILD +
        `for c in cases:
    G = build(c)
    s = c["labels"][0]
    if nx.negative_edge_cycle(G):
        # A negative cycle somewhere: whether one is reachable from s, else the distances from s.
        R = G.subgraph(nx.descendants(G, s) | {s}).copy()
        neg = nx.negative_edge_cycle(R)
        out = {"negative": neg, "anywhere": True}
        if not neg: out["d"] = {v: frac(x) for v, x in nx.single_source_bellman_ford_path_length(R, s).items()}
        emit(out)
        continue
    d = nx.single_source_bellman_ford_path_length(G, s)
    ap = {u: {v: frac(x) for v, x in dd.items()} for u, dd in nx.all_pairs_bellman_ford_path_length(G)}
    emit({"negative": False, "anywhere": False, "d": {v: frac(x) for v, x in d.items()}, "ap": ap})`,
      all.map(forPython),
    );
    for (let i = 0; i < all.length; i++) {
      const g = wire(all[i]!), p = py[i], s = all[i]!.labels[0]!;
      const r = await run("graph.shortest_paths.compute", { graph: g, source: s });
      if (p.negative) {
        expect(r.status).to.equal("negative_cycle");
        const v = await run("graph.shortest_paths.verify", { graph: g, source: s, claim: r });
        expect(v.verdict).to.equal("accepted");
        continue;
      }
      expect(r.status, JSON.stringify(r).slice(0, 200)).to.equal("distances");
      expect(Object.fromEntries(r.distances)).to.deep.equal(p.d);
      expect((await run("graph.shortest_paths.verify", { graph: g, source: s, claim: r })).verdict).to.equal("accepted");
      if (p.anywhere) continue;
      const m = await run("graph.distance_matrix.compute", { graph: g });
      const mine: Record<string, Record<string, string>> = {};
      m.vertices.forEach((u: string, a: number) => {
        mine[u] = {};
        m.vertices.forEach((v: string, b: number) => {
          if (m.distances[a][b] !== null) mine[u]![v] = m.distances[a][b];
        });
      });
      expect(mine).to.deep.equal(p.ap);
    }
  });

  it("topological orders, transitive closure and reduction, Eulerian circuits", async () => {
    const dags = graphs(6, 25, (r) => ({ n: 1 + r.int(20), p: 0.1 + r.next() * 0.3, directed: true }));
    // Keep only arcs from lower to higher index half the time, so many are acyclic.
    dags.forEach((g, i) => {
      if (i % 2 === 0) g.edges = g.edges.filter(([u, v]) => u < v);
    });
    const py = networkx<any>(
      BUILD +
        `for c in cases:
    G = build(c)
    out = {"dag": nx.is_directed_acyclic_graph(G), "closure": sorted(u + "|" + v for u, v in nx.transitive_closure(G, reflexive=False).edges())}
    if out["dag"]:
        out["reduction"] = sorted(u + "|" + v for u, v in nx.transitive_reduction(G).edges())
    H = G.copy(); H.remove_nodes_from([v for v in list(H) if H.degree(v) == 0])
    out["euler_circuit"] = len(H) == 0 or nx.is_eulerian(H)
    out["euler_path"] = len(H) == 0 or nx.has_eulerian_path(H)
    emit(out)`,
      dags.map(forPython),
    );
    for (let i = 0; i < dags.length; i++) {
      const g = wire(dags[i]!), p = py[i];
      const t = await run("graph.topological_order.compute", { graph: g });
      expect(t.acyclic).to.equal(p.dag);
      expect((await run("graph.topological_order.verify", { graph: g, claim: t })).verdict).to.equal("accepted");
      const c = await run("graph.transitive_closure.compute", { graph: g });
      expect(c.graph.edges.map((e: string[]) => `${e[0]}|${e[1]}`).sort()).to.deep.equal(p.closure);
      if (p.dag) {
        const red = await run("graph.transitive_reduction.compute", { graph: g });
        expect(red.graph.edges.map((e: string[]) => `${e[0]}|${e[1]}`).sort()).to.deep.equal(p.reduction);
      }
      const e = await run("graph.eulerian.compute", { graph: g });
      expect(e.eulerian === "circuit", JSON.stringify(e).slice(0, 200)).to.equal(p.euler_circuit);
      expect(e.eulerian !== "none").to.equal(p.euler_path);
      expect((await run("graph.eulerian.verify", { graph: g, claim: e })).verdict).to.equal("accepted");
    }
  });

  it("complement, line graph, products, degree realization and Prüfer codes", async () => {
    const gs = graphs(7, 20, (r) => ({ n: 1 + r.int(12), p: 0.2 + r.next() * 0.4 }));
    const py = networkx<any>(
      BUILD +
        `import random
for i, c in enumerate(cases):
    G = build(c)
    H = build(cases[(i + 1) % len(cases)])
    L = nx.line_graph(G)
    seq = [d for _, d in G.degree()]
    rnd = random.Random(i); bad = [rnd.randrange(0, 6) for _ in range(rnd.randrange(1, 9))]
    n = 2 + i % 9
    T = nx.random_tree(n, seed=i) if hasattr(nx, "random_tree") else nx.path_graph(n)
    emit({"comp": sorted("|".join(sorted(e)) for e in nx.complement(G).edges()), "line": [L.number_of_nodes(), L.number_of_edges(), sorted(d for _, d in L.degree())],
          "cart": sorted(d for _, d in nx.cartesian_product(G, H).degree()), "tens": sorted(d for _, d in nx.tensor_product(G, H).degree()),
          "strong": sorted(d for _, d in nx.strong_product(G, H).degree()), "seq": seq, "bad": bad, "bad_graphical": nx.is_graphical(bad),
          "tree_n": n, "tree": [[str(u), str(v)] for u, v in T.edges()], "prufer": [str(x) for x in nx.to_prufer_sequence(T)] if n > 2 else []})`,
      gs.map(forPython),
    );
    const degreesOf = (gr: { vertices: string[]; edges: string[][] }) => {
      const d = new Map(gr.vertices.map((v) => [v, 0]));
      for (const [u, v] of gr.edges) {
        d.set(u!, d.get(u!)! + 1);
        d.set(v!, d.get(v!)! + 1);
      }
      return [...d.values()].sort((a, b) => a - b);
    };
    for (let i = 0; i < gs.length; i++) {
      const g = wire(gs[i]!), h = wire(gs[(i + 1) % gs.length]!), p = py[i];
      const c = await run("graph.complement.compute", { graph: g });
      expect(c.graph.edges.map((e: string[]) => [...e].sort().join("|")).sort()).to.deep.equal(p.comp);
      const l = (await run("graph.line_graph.compute", { graph: g })).graph;
      expect([l.vertices.length, l.edges.length, degreesOf(l)]).to.deep.equal(p.line);
      expect(degreesOf((await run("graph.cartesian_product.compute", { left: g, right: h })).graph)).to.deep.equal(p.cart);
      expect(degreesOf((await run("graph.tensor_product.compute", { left: g, right: h })).graph)).to.deep.equal(p.tens);
      expect(degreesOf((await run("graph.strong_product.compute", { left: g, right: h })).graph)).to.deep.equal(p.strong);
      const real = await run("graph.degree_realization.compute", { degrees: p.seq.map(String) });
      expect(real.graphical).to.equal(true);
      const bad = await run("graph.degree_realization.compute", { degrees: p.bad.map(String) });
      expect(bad.graphical).to.equal(p.bad_graphical);
      const tree = { vertices: Array.from({ length: p.tree_n }, (_, k) => String(k)), edges: p.tree };
      expect((await run("graph.prufer_code.compute", { graph: tree })).code).to.deep.equal(p.prufer);
      const back = (await run("graph.prufer_decode.compute", { vertices: tree.vertices, code: p.prufer })).tree;
      expect(back.edges.map((e: string[]) => [...e].sort().join("|")).sort()).to.deep.equal(p.tree.map((e: string[]) => [...e].sort().join("|")).sort());
    }
  });

  it("spanning trees, maximum flows, min-cost flows, matchings, assignments, connectivity", async () => {
    const gs = graphs(8, 30, (r) => ({ n: 2 + r.int(18), p: 0.15 + r.next() * 0.3, weights: "positive", directed: r.next() < 0.4 }));
    const py = networkx<any>(
      BUILD +
        `from itertools import permutations
for i, c in enumerate(cases):
    G = build(c)
    s, t = c["labels"][0], c["labels"][-1]
    for u, v, d in G.edges(data=True): d["capacity"] = d["weight"]
    out = {"flow": frac(nx.maximum_flow_value(G, s, t, capacity="capacity"))}
    U = nx.Graph()
    U.add_nodes_from(c["labels"])
    for u, v, w in c["und"]: U.add_edge(u, v, weight=Fraction(w))
    out["mst"] = frac(sum(d["weight"] for _, _, d in nx.minimum_spanning_edges(U, data=True)))
    M = nx.Graph(U)
    for u, v, d in M.edges(data=True): d["one"] = 1
    out["matching"] = len(nx.max_weight_matching(M, maxcardinality=True, weight="one"))
    out["lam"] = nx.edge_connectivity(G) if len(G) > 1 else 0
    if not c["directed"]:
        out["kappa"] = nx.node_connectivity(G) if len(G) > 1 else 0
    else:
        # NetworkX's node_connectivity skips ordered pairs on digraphs; the definition by brute force:
        # the least local connectivity over ordered pairs (u, v) without an arc u -> v (n - 1 when there is none).
        from networkx.algorithms.connectivity import local_node_connectivity
        ks = [local_node_connectivity(G, u, v) for u in G for v in G if u != v and not G.has_edge(u, v)]
        out["kappa"] = min(ks) if ks else len(G) - 1
    if c["directed"]:
        D = nx.DiGraph(G)
        for k, (u, v, d) in enumerate(D.edges(data=True)): d["cost"] = (k * 5) % 7; d["capacity"] = int(d["weight"])
        fl = nx.max_flow_min_cost(D, s, t, capacity="capacity", weight="cost")
        out["mincost"] = nx.cost_of_flow(D, fl, weight="cost")
        out["mincost_edges"] = [[u, v, str(d["capacity"]), str(d["cost"])] for u, v, d in D.edges(data=True)]
    emit(out)`,
      gs.map((g) => ({ ...forPython(g), und: dedupe(wire(g).edges) })),
    );
    for (let i = 0; i < gs.length; i++) {
      const g = wire(gs[i]!), p = py[i], s = gs[i]!.labels[0]!, t = gs[i]!.labels[gs[i]!.n - 1]!;
      const f = await run("graph.maximum_flow.compute", { graph: g, source: s, target: t });
      expect(f.value).to.equal(p.flow);
      expect((await run("graph.maximum_flow.verify", { graph: g, source: s, target: t, claim: f })).verdict).to.equal("accepted");
      const und = { ...g, directed: false, edges: dedupe(g.edges) };
      const mst = await run("graph.minimum_spanning_tree.compute", { graph: und });
      expect(mst.total_weight).to.equal(p.mst);
      expect((await run("graph.minimum_spanning_tree.verify", { graph: und, claim: mst })).verdict).to.equal("accepted");
      const mm = await run("graph.maximum_matching.compute", { graph: und });
      expect(Number(mm.size)).to.equal(p.matching);
      expect((await run("graph.maximum_matching.verify", { graph: und, claim: mm })).verdict).to.equal("accepted");
      expect(Number((await run("graph.edge_connectivity.compute", { graph: g })).edge_connectivity)).to.equal(p.lam);
      expect(Number((await run("graph.vertex_connectivity.compute", { graph: g })).vertex_connectivity)).to.equal(p.kappa);
      if (p.mincost !== undefined) {
        const arcs = p.mincost_edges as string[][];
        const mc = await run("graph.min_cost_flow.compute", {
          graph: { directed: true, vertices: g.vertices, edges: arcs.map((a) => [a[0]!, a[1]!, a[2]!]) },
          costs: arcs.map((a) => a[3]!),
          source: s,
          target: t,
        });
        expect(mc.cost).to.equal(String(p.mincost));
      }
    }
  });

  it("maximum-weight bipartite matchings and assignments agree with NetworkX and brute force", async () => {
    const rng = new Rng(9);
    const cases = Array.from({ length: 25 }, (_, i) => {
      const a = 1 + rng.int(6), b = a + rng.int(3);
      const rows = Array.from({ length: a }, () => Array.from({ length: b }, () => `${rng.int(19) - 9}/${1 + rng.int(3)}`));
      return { a, b, rows, maximize: i % 2 === 1 };
    });
    const py = networkx<any>(
      BUILD +
        `from itertools import permutations
for c in cases:
    rows = [[Fraction(x) for x in r] for r in c["rows"]]
    a, b = c["a"], c["b"]
    best = None
    for cols in permutations(range(b), a):
        tot = sum(rows[i][cols[i]] for i in range(a))
        if best is None or (tot > best if c["maximize"] else tot < best): best = tot
    B = nx.Graph()
    B.add_nodes_from([f"r{i}" for i in range(a)] + [f"c{j}" for j in range(b)])
    for i in range(a):
        for j in range(b):
            B.add_edge(f"r{i}", f"c{j}", weight=rows[i][j])
    mw = nx.max_weight_matching(B)
    emit({"best": frac(best), "mwm": frac(sum(B[u][v]["weight"] for u, v in mw))})`,
      cases,
    );
    for (let i = 0; i < cases.length; i++) {
      const c = cases[i]!;
      const r = await run("graph.assignment.compute", { costs: { ring: "QQ", rows: c.rows }, maximize: c.maximize });
      expect(r.total).to.equal(py[i].best);
      const B = {
        vertices: [...Array.from({ length: c.a }, (_, k) => `r${k}`), ...Array.from({ length: c.b }, (_, k) => `c${k}`)],
        edges: c.rows.flatMap((row, a) => row.map((w, b) => [`r${a}`, `c${b}`, w])),
      };
      expect((await run("graph.maximum_weight_matching.compute", { graph: B })).total_weight).to.equal(py[i].mwm);
    }
  });
});

describe("graph.maximum_weight_matching.compute on general graphs agrees with NetworkX (weighted blossom)", function () {
  this.timeout(300_000);
  const j = testJacobian({ packs: ["graph"], pool: false });
  after(() => j.close());
  before(function () {
    requireNetworkx(this);
  });

  it("random general graphs with rational weights: the same optimum, a valid dual certificate", async () => {
    const rng = new Rng(10);
    const gs = Array.from({ length: 60 }, (_, i) => randomGraph(rng, { n: 3 + rng.int(i < 40 ? 12 : 40), p: 0.15 + rng.next() * 0.5, weights: i % 3 === 0 ? "rational" : "int" }));
    const py = networkx<string>(
      BUILD +
        `for c in cases:
    G = build(c)
    M = nx.max_weight_matching(G)
    emit(frac(sum(G[u][v]["weight"] for u, v in M)))`,
      gs.map(forPython),
    );
    for (let i = 0; i < gs.length; i++) {
      const o = (await j.run("graph.maximum_weight_matching.compute", { graph: wire(gs[i]!) })) as any;
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      expect(o.value.total_weight, `case ${i}`).to.equal(py[i]);
    }
  });
});

/** Undirected simple version of an edge list: the first edge of each unordered pair, no loops. */
function dedupe(edges: string[][]): string[][] {
  const seen = new Set<string>();
  return edges.filter((e) => {
    if (e[0] === e[1]) return false;
    const k = [e[0], e[1]].sort().join("\u0000");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
