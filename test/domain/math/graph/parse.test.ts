import { expect } from "chai";
import fc from "fast-check";
import { formatGraph } from "../../../../domain/math/graph/format.js";
import { decodeGraph6, decodeSparse6, encodeDigraph6, encodeGraph6, encodeSparse6 } from "../../../../domain/math/graph/nauty.js";
import { parseGraphWire, type GraphLimits } from "../../../../domain/math/graph/parse.js";
import { networkx, requireNetworkx } from "../../../support/networkx.js";
import { testJacobian } from "../../../support/runtime.js";

const ANY: GraphLimits = { maxVertices: 1000, maxEdges: 5000, weights: "allowed", directed: "either", loops: true, multi: true };
const SIMPLE: GraphLimits = { maxVertices: 1000, maxEdges: 5000, weights: "allowed", directed: "either" };
const parse = (w: unknown, limits: GraphLimits = SIMPLE) => parseGraphWire(w as never, "payload.graph", limits);
const fails = (w: unknown, code: string, path: string, limits: GraphLimits = SIMPLE) => {
  try {
    parse(w, limits);
  } catch (e) {
    expect((e as { code: string }).code, (e as Error).message).to.equal(code);
    expect((e as { path: string }).path, (e as Error).message).to.equal(path);
    expect((e as { hint?: string; message: string }).message.length).to.be.lessThan(400);
    return;
  }
  expect.fail(`expected ${code} at ${path}`);
};

describe("domain/math/graph/parse: the graph wire parser", () => {
  it("parses labels, edges and exact weights into CSR adjacency, and formats back canonically", () => {
    const g = parse({ vertices: ["a", "b", "c"], edges: [["a", "b", "4/2"], ["b", "c", "-3/6"]] });
    expect([g.n, g.m, g.directed, g.simple]).to.deep.equal([3, 2, false, true]);
    expect(Array.from(g.adjStart)).to.deep.equal([0, 1, 3, 4]);
    expect(g.weight).to.deep.equal([{ num: 2n, den: 1n }, { num: -1n, den: 2n }]);
    expect(formatGraph(g)).to.deep.equal({ directed: false, vertices: ["a", "b", "c"], edges: [["a", "b", "2"], ["b", "c", "-1/2"]] });
    const d = parse({ directed: true, vertices: ["x", "y"], edges: [["x", "y"], ["y", "x"]] });
    expect([d.directed, d.simple, Array.from(d.inStart!)]).to.deep.equal([true, true, [0, 1, 2]]);
  });

  it("fails closed with the path of the first offence", () => {
    fails({ vertices: ["a", "a"], edges: [] }, "INVALID_PAYLOAD", "payload.graph.vertices[1]");
    fails({ vertices: ["a"], edges: [["a", "b"]] }, "INVALID_PAYLOAD", "payload.graph.edges[0][1]");
    fails({ vertices: ["a", "b"], edges: [["a", "b", 1.5]] }, "INVALID_PAYLOAD", "payload.graph.edges[0][2]");
    fails({ vertices: ["a", "b"], edges: [["a", "b", "1.5"]] }, "INVALID_PAYLOAD", "payload.graph.edges[0][2]");
    fails({ vertices: ["a", "b"], edges: [["a", "b", "1/0"]] }, "INVALID_PAYLOAD", "payload.graph.edges[0][2]");
    fails({ vertices: ["a", "b"], edges: [["a", "b", "1"], ["b", "a"]] }, "INVALID_PAYLOAD", "payload.graph.edges[1]");
    fails({ vertices: ["a", "b"], edges: [["a", "a"]] }, "DOMAIN_ERROR", "payload.graph.edges[0]");
    fails({ vertices: ["a", "b"], edges: [["a", "b"], ["b", "a"]] }, "DOMAIN_ERROR", "payload.graph.edges[1]");
    fails({ vertices: ["a", "b"], edges: [["a", "b"], ["a", "b"], ["b", "a"]] }, "DOMAIN_ERROR", "payload.graph.edges[1]");
    fails({ vertices: [1], edges: [] }, "INVALID_PAYLOAD", "payload.graph.vertices[0]");
    fails({ vertices: [""], edges: [] }, "INVALID_PAYLOAD", "payload.graph.vertices[0]");
    fails({ vertices: ["a"], edges: [["a"]] }, "INVALID_PAYLOAD", "payload.graph.edges[0]");
    fails({ vertices: ["a"] }, "INVALID_PAYLOAD", "payload.graph.edges");
    fails({ graph6: "A_", vertices: [] }, "INVALID_PAYLOAD", "payload.graph.vertices");
    fails({ graph6: "A_", sparse6: ":A_" }, "INVALID_PAYLOAD", "payload.graph");
    fails({ graph6: "A_!" }, "INVALID_PAYLOAD", "payload.graph.graph6");
    fails({ graph6: "B" }, "INVALID_PAYLOAD", "payload.graph.graph6");
    fails({ graph6: "A`" }, "INVALID_PAYLOAD", "payload.graph.graph6"); // a non-zero padding bit
    fails({ vertices: ["a", "b"], edges: [["a", "b", "1"]] }, "INVALID_PAYLOAD", "payload.graph.edges[0][2]", { ...SIMPLE, weights: "forbidden" });
    fails({ vertices: ["a", "b"], edges: [["a", "b"]] }, "INVALID_PAYLOAD", "payload.graph.edges[0]", { ...SIMPLE, weights: "required" });
    fails({ vertices: ["a", "b"], edges: [["a", "b", "-1"]] }, "DOMAIN_ERROR", "payload.graph.edges[0][2]", { ...SIMPLE, weightSign: "nonnegative" });
    fails({ directed: true, vertices: [], edges: [] }, "DOMAIN_ERROR", "payload.graph.directed", { ...SIMPLE, directed: "undirected" });
    fails({ digraph6: "&A_" }, "DOMAIN_ERROR", "payload.graph.digraph6", { ...SIMPLE, directed: "undirected" });
    fails({ sparse6: ":A_" }, "DOMAIN_ERROR", "payload.graph.sparse6"); // K2 with its edge three times
  });

  it("labels are data: __proto__ and constructor are ordinary labels", () => {
    const g = parse({ vertices: ["__proto__", "constructor"], edges: [["__proto__", "constructor"]] });
    expect(formatGraph(g).edges).to.deep.equal([["__proto__", "constructor"]]);
  });

  it("caps are checked before items: too many vertices or edges, and graph6 headers above the cap", () => {
    const small: GraphLimits = { ...SIMPLE, maxVertices: 10, maxEdges: 3 };
    fails({ vertices: Array.from({ length: 11 }, (_, i) => String(i)), edges: [] }, "INVALID_PAYLOAD", "payload.graph.vertices", small);
    fails({ vertices: ["a", "b"], edges: new Array(4).fill(["a", "b"]) }, "INVALID_PAYLOAD", "payload.graph.edges", small);
    fails({ graph6: "J" + "~".repeat(9) }, "INVALID_PAYLOAD", "payload.graph.graph6", small); // 11 vertices
    fails({ graph6: encodeGraph6(5, [[0, 1], [1, 2], [2, 3], [3, 4]]) }, "INVALID_PAYLOAD", "payload.graph.graph6", small); // 4 edges
    // A header claiming 2^36 − 1 vertices is refused from the header.
    fails({ graph6: "~~" + "~".repeat(6) }, "INVALID_PAYLOAD", "payload.graph.graph6", small);
  });

  it("graph6, sparse6 and digraph6 decode what the encoders wrote (random graphs)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 70 }), fc.array(fc.tuple(fc.nat(69), fc.nat(69)), { maxLength: 200 }), (n, raw) => {
        const pairs = n === 0 ? [] : raw.map(([a, b]) => [a % n, b % n] as [number, number]);
        const simple = [...new Map(pairs.filter(([a, b]) => a !== b).map(([a, b]) => [`${Math.min(a, b)},${Math.max(a, b)}`, [Math.min(a, b), Math.max(a, b)] as [number, number]])).values()];
        const g6 = parse({ graph6: encodeGraph6(n, simple) });
        expect(new Set(formatGraph(g6).edges.map((e) => e.join(",")))).to.deep.equal(new Set(simple.map(([a, b]) => `${a},${b}`)));
        const s6 = parse({ sparse6: encodeSparse6(n, pairs) }, ANY);
        const key = (e: readonly (string | number)[]) => [Number(e[0]), Number(e[1])].sort((x, y) => x - y).join(",");
        expect(formatGraph(s6).edges.map(key).sort()).to.deep.equal(pairs.map(key).sort());
        const arcs = [...new Map(pairs.map(([a, b]) => [`${a},${b}`, [a, b] as [number, number]])).values()];
        const d6 = parse({ digraph6: encodeDigraph6(n, arcs) }, ANY);
        expect(d6.directed).to.equal(true);
        expect(formatGraph(d6).edges.map((e) => e.join(",")).sort()).to.deep.equal(arcs.map(([a, b]) => `${a},${b}`).sort());
      }),
      { numRuns: 150 },
    );
  });

  it("sparse6 padding: the special case n = 2^k with vertex n − 2 last does not read as a loop", () => {
    for (const n of [2, 4, 8, 16]) {
      const s = encodeSparse6(n, [[0, n - 2]]);
      const d = decodeSparse6(s, "p", 100, 100);
      expect([d.src, d.dst], `n = ${n}: ${s}`).to.deep.equal([[0], [n - 2]]);
    }
    expect(decodeGraph6(">>graph6<<Bg", "p", 10, 10)).to.deep.equal({ n: 3, src: [0, 1], dst: [1, 2] });
  });
});

describe("domain/math/graph/parse: nauty strings agree with NetworkX", function () {
  this.timeout(120_000);
  before(function () {
    requireNetworkx(this);
  });

  it("random graphs written by NetworkX decode to the same edge sets", () => {
    const cases = Array.from({ length: 40 }, (_, i) => ({ n: 1 + ((i * 7) % 90), p: 0.05 + (i % 5) * 0.1, seed: i }));
    const out = networkx<{ g6: string; s6: string; d6: string; edges: [number, number][]; arcs: [number, number][] }>(
      `for c in cases:
    g = nx.gnp_random_graph(c["n"], c["p"], seed=c["seed"])
    d = nx.gnp_random_graph(c["n"], c["p"], seed=c["seed"] + 1000, directed=True)
    m = nx.MultiGraph(g)
    for (u, v) in list(g.edges())[:3]:
        m.add_edge(u, v)
    m.add_edge(0, 0)
    emit({"g6": nx.to_graph6_bytes(g, header=False).decode().strip(), "s6": nx.to_sparse6_bytes(m, header=False).decode().strip(),
          "d6": "", "edges": [list(e) for e in g.edges()], "arcs": [list(e) for e in m.edges()]})`,
      cases,
    );
    const key = (e: readonly (string | number)[]) => [Number(e[0]), Number(e[1])].sort((x, y) => x - y).join(",");
    for (const c of out) {
      expect(formatGraph(parse({ graph6: c.g6 })).edges.map(key).sort()).to.deep.equal(c.edges.map(key).sort());
      expect(formatGraph(parse({ sparse6: c.s6 }, ANY)).edges.map(key).sort()).to.deep.equal(c.arcs.map(key).sort());
    }
  });
});

describe("graph kind through the API: hostile graphs fail closed quickly", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["graph"], pool: false });
  after(() => j.close());

  it("10^7 edges are refused at the edge cap, with the path", async () => {
    const edges = new Array(10_000_000).fill(["a", "b"]);
    const o = (await j.run("graph.degree_sequence.compute", { graph: { vertices: ["a", "b"], edges } })) as any;
    expect(o.outcome).to.equal("failed");
    expect(o.error.code).to.equal("INVALID_PAYLOAD");
    expect(o.error.path).to.equal("payload.graph.edges");
  });

  it("float weights, duplicate labels and undeclared ends are refused with their paths", async () => {
    const cases: [unknown, string][] = [
      [{ vertices: ["a", "b"], edges: [["a", "b", 2.5]] }, "payload.graph.edges[0][2]"],
      [{ vertices: ["a", "a"], edges: [] }, "payload.graph.vertices[1]"],
      [{ vertices: ["a"], edges: [["a", "z"]] }, "payload.graph.edges[0][1]"],
      [{ vertices: ["a"], edges: [], extra: 1 }, "payload.graph.extra"],
    ];
    for (const [graph, path] of cases) {
      const o = (await j.run("graph.degree_sequence.compute", { graph })) as any;
      expect(o.outcome, JSON.stringify(o)).to.equal("failed");
      expect(o.error.path, JSON.stringify(o.error)).to.equal(path);
    }
  });

  it("weights read through the small-value table, the small-integer map and the string map equal an independent reading, and repeats share one object", () => {
    const weight = fc.oneof(
      fc.integer({ min: 0, max: 5000 }).map(String),
      fc.integer({ min: -100_000, max: 100_000 }).map(String),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 40 })).map(([p, q]) => `${p}/${q}`),
      fc.constantFrom("4095", "4096", "0", "-1", "999999999", "1000000000"),
    );
    fc.assert(
      fc.property(fc.array(weight, { minLength: 1, maxLength: 80 }), (ws) => {
        const vertices = ["a", "b"];
        const g = parse({ vertices, edges: ws.map((w) => ["a", "b", w]) }, ANY);
        ws.forEach((w, e) => {
          const [p, q = "1"] = w.split("/");
          const num = BigInt(p!), den = BigInt(q);
          const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
          const d = gcd(num, den);
          expect(g.weight![e]).to.deep.equal(num === 0n ? { num: 0n, den: 1n } : { num: num / d, den: den / d });
          const first = ws.indexOf(w);
          expect(g.weight![e] === g.weight![first], `weight ${w} shared`).to.equal(true);
        });
      }),
      { numRuns: 300 },
    );
    for (const [w, code] of [["007", "INVALID_PAYLOAD"], ["-0", "INVALID_PAYLOAD"], ["1.5", "INVALID_PAYLOAD"], ["4096/0", "INVALID_PAYLOAD"], ["", "INVALID_PAYLOAD"], ["+3", "INVALID_PAYLOAD"]] as const) {
      fails({ vertices: ["a", "b"], edges: [["a", "b", "3"], ["a", "b", w]] }, code, "payload.graph.edges[1][2]", ANY);
    }
    fails({ vertices: ["a", "b"], edges: [["a", "b", "3"], ["a", "b", "-3"]] }, "DOMAIN_ERROR", "payload.graph.edges[1][2]", { ...ANY, weightSign: "nonnegative" });
    fails({ vertices: ["a", "b"], edges: [["a", "b", "3"], ["a", "b", "0"]] }, "DOMAIN_ERROR", "payload.graph.edges[1][2]", { ...ANY, weightSign: "positive" });
  });
});
