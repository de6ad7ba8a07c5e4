import { expect } from "chai";
import type { Json } from "../../../domain/json.js";
import { loadPack } from "../../../operations/packs.js";
import { testJacobian } from "../../support/runtime.js";

/** Caps fail closed with paths; over-budget requests are refused before any work; big polynomial inputs are admitted. */
describe("graph pack: bounds, refusals and domain errors", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["graph"], pool: false });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>) => (await j.run(id, payload as Record<string, Json>)) as any;

  it("every graph operation is registered in the graph pack with bounds, a cost model and examples", async () => {
    const pack = await loadPack("graph");
    expect(pack.operations.length).to.be.greaterThan(40);
    for (const d of pack.operations) {
      expect(d.id, d.id).to.match(/^graph\.[a-z_]+\.(compute|verify)$/);
      expect(d.bounds.length, d.id).to.be.greaterThan(0);
      expect(d.examples.length, d.id).to.be.greaterThan(0);
    }
  });

  it("a vertex or edge list above the operation's cap is INVALID_PAYLOAD at its path", async () => {
    const vertices = Array.from({ length: 2_001 }, (_, i) => String(i));
    const o = await run("graph.distance_matrix.compute", { graph: { vertices, edges: [] } });
    expect([o.outcome, o.error.code, o.error.path]).to.deep.equal(["failed", "INVALID_PAYLOAD", "payload.graph.vertices"]);
    const e = await run("graph.min_cost_flow.compute", { graph: { directed: true, vertices: ["a", "b"], edges: new Array(200_001).fill(["a", "b"]) }, costs: [], source: "a", target: "b" });
    expect([e.outcome, e.error.code, e.error.path]).to.deep.equal(["failed", "INVALID_PAYLOAD", "payload.graph.edges"]);
  });

  it("nested values in a graph's vertex and edge lists (left to the graph parser by the nesting guard) fail closed at their path; elsewhere the guard still refuses deep nesting", async () => {
    let deep: unknown = "a";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const inEdge = await run("graph.shortest_paths.compute", { graph: { vertices: ["a", "b"], edges: [["a", "b", "1"], ["a", deep, "2"]] }, source: "a" });
    expect([inEdge.outcome, inEdge.error.code, inEdge.error.path]).to.deep.equal(["failed", "INVALID_PAYLOAD", "payload.graph.edges[1][1]"]);
    const inWeight = await run("graph.shortest_paths.compute", { graph: { vertices: ["a", "b"], edges: [["a", "b", deep]] }, source: "a" });
    expect([inWeight.error.code, inWeight.error.path]).to.deep.equal(["INVALID_PAYLOAD", "payload.graph.edges[0][2]"]);
    const asEdge = await run("graph.shortest_paths.compute", { graph: { vertices: ["a", "b"], edges: [deep] }, source: "a" });
    expect([asEdge.error.code, asEdge.error.path]).to.deep.equal(["INVALID_PAYLOAD", "payload.graph.edges[0]"]);
    const inVertices = await run("graph.shortest_paths.compute", { graph: { vertices: ["a", deep], edges: [] }, source: "a" });
    expect([inVertices.error.code, inVertices.error.path]).to.deep.equal(["INVALID_PAYLOAD", "payload.graph.vertices[1]"]);
    const inSource = await run("graph.shortest_paths.compute", { graph: { vertices: ["a"], edges: [] }, source: deep });
    expect([inSource.error.code, inSource.error.message]).to.satisfy(([c, m]: [string, string]) => c === "INVALID_PAYLOAD" && /nests deeper/.test(m));
    const beside = await run("graph.shortest_paths.compute", { graph: { vertices: ["a"], edges: [], extra: deep }, source: "a" });
    expect([beside.outcome, beside.error.code]).to.deep.equal(["failed", "INVALID_PAYLOAD"]);
  });

  it("loops, parallel edges, direction and weights outside an operation's domain are DOMAIN_ERROR or INVALID_PAYLOAD with the edge's path", async () => {
    const loop = await run("graph.k_core.compute", { graph: { vertices: ["a"], edges: [["a", "a"]] } });
    expect([loop.error.code, loop.error.path]).to.deep.equal(["DOMAIN_ERROR", "payload.graph.edges[0]"]);
    const multi = await run("graph.triangle_count.compute", { graph: { vertices: ["a", "b"], edges: [["a", "b"], ["b", "a"]] } });
    expect([multi.error.code, multi.error.path]).to.deep.equal(["DOMAIN_ERROR", "payload.graph.edges[1]"]);
    const dir = await run("graph.topological_order.compute", { graph: { vertices: ["a"], edges: [] } });
    expect([dir.error.code, dir.error.path]).to.deep.equal(["DOMAIN_ERROR", "payload.graph.directed"]);
    const negCap = await run("graph.maximum_flow.compute", { graph: { vertices: ["s", "t"], edges: [["s", "t", "-1"]] }, source: "s", target: "t" });
    expect([negCap.error.code, negCap.error.path]).to.deep.equal(["DOMAIN_ERROR", "payload.graph.edges[0][2]"]);
    const negUnd = await run("graph.shortest_paths.compute", { graph: { vertices: ["s", "t"], edges: [["s", "t", "-1"]] }, source: "s" });
    expect([negUnd.error.code, negUnd.error.path]).to.deep.equal(["DOMAIN_ERROR", "payload.graph.edges[0][2]"]);
    const noSource = await run("graph.shortest_paths.compute", { graph: { vertices: ["s"], edges: [] }, source: "nope" });
    expect([noSource.error.code, noSource.error.path]).to.deep.equal(["DOMAIN_ERROR", "payload.source"]);
    const cyc = await run("graph.transitive_reduction.compute", { graph: { directed: true, vertices: ["a", "b"], edges: [["a", "b"], ["b", "a"]] } });
    expect(cyc.error.code).to.equal("DOMAIN_ERROR");
    const float = await run("graph.minimum_spanning_tree.compute", { graph: { vertices: ["a", "b"], edges: [["a", "b", 0.5]] } });
    expect([float.error.code, float.error.path]).to.deep.equal(["INVALID_PAYLOAD", "payload.graph.edges[0][2]"]);
    // A general graph takes the blossom algorithm up to 2,000 vertices; a larger non-bipartite one is refused with a hint.
    const tri = await run("graph.maximum_weight_matching.compute", { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] } });
    expect([tri.value.method, tri.value.total_weight]).to.deep.equal(["blossom", "1"]);
    const vs = Array.from({ length: 2_001 }, (_, i) => String(i));
    const big = await run("graph.maximum_weight_matching.compute", { graph: { vertices: vs, edges: [["0", "1"], ["1", "2"], ["2", "0"]] } });
    expect([big.outcome, big.error?.code]).to.deep.equal(["failed", "DOMAIN_ERROR"]);
  });

  it("over budget is RESOURCE_REFUSED before any work; a 10^5-vertex linear-time request is admitted", async () => {
    const n = 100_000;
    const vertices = Array.from({ length: n }, (_, i) => String(i));
    const edges = Array.from({ length: n - 1 }, (_, i) => [String(i), String(i + 1)]);
    const refused = await run("graph.eccentricities.compute", { graph: { vertices, edges } });
    expect([refused.outcome, refused.reason?.code]).to.deep.equal(["non_conclusion", "RESOURCE_REFUSED"]);
    const ok = await run("graph.shortest_paths.compute", { graph: { vertices, edges }, source: "0" });
    expect(ok.outcome).to.equal("completed");
    const done = await run("graph.connected_components.compute", { graph: { vertices, edges } });
    expect(done.outcome).to.equal("completed");
  });

  it("exact weights beyond 2^53 stay exact (the bigint paths)", async () => {
    const big = "9007199254740993"; // 2^53 + 1
    const g = { directed: true, vertices: ["s", "a", "t"], edges: [["s", "a", big], ["a", "t", big], ["s", "t", "18014398509481987"]] };
    const sp = (await run("graph.shortest_path.compute", { graph: g, source: "s", target: "t" })).value;
    expect([sp.distance, sp.path]).to.deep.equal(["18014398509481986", ["s", "a", "t"]]);
    const f = (await run("graph.maximum_flow.compute", { graph: g, source: "s", target: "t" })).value;
    expect(f.value).to.equal("27021597764222980");
    const m = (await run("graph.minimum_spanning_tree.compute", { graph: { ...g, directed: false } })).value;
    expect(m.total_weight).to.equal("18014398509481986");
    const a = (await run("graph.assignment.compute", { costs: { ring: "ZZ", rows: [[big, "1"], ["1", big]] } })).value;
    expect(a.total).to.equal("2");
  });
});
