import { expect } from "chai";
import { testJacobian } from "../support/runtime.js";
import { testPack } from "../support/packs.js";
import { defineCompute, type OperationPack } from "../../domain/declaration.js";
import gcd from "../../operations/integer/compute_gcd.js";

describe("application/find", () => {
  const j = testJacobian();
  after(() => j.close());

  it("ranks operations whose ids contain the query words first", () => {
    const r = j.find({ op: "search", query: "gcd of two integers", limit: 5 }) as any;
    expect(r.hits[0].capability_id).to.equal("integer.compute.gcd");
  });

  it("hits carry only factual metadata and an applicability status", () => {
    const r = j.find({ op: "search", query: "greatest common divisor" }) as any;
    const h = r.hits[0];
    expect(Object.keys(h).sort()).to.deep.equal(["applicability", "capability_id", "input_kinds", "provider", "score", "summary", "title"].sort());
    expect(h.applicability).to.deep.equal({ status: "NEEDS_MORE_TYPED_REQUIREMENTS" });
    expect(h.provider.available).to.equal(true);
    expect(JSON.stringify(r)).to.not.match(/confidence|next_operation|request_schema/);
  });

  it("marks declared mismatches INCOMPATIBLE with stable codes", () => {
    const byKind = j.find({ op: "search", query: "gcd", input_kind: "polynomial", limit: 20 }) as any;
    const hit = (id: string) => byKind.hits.find((h: any) => h.capability_id === id);
    expect(hit("integer.compute.gcd").applicability).to.include({ status: "INCOMPATIBLE", code: "INPUT_KIND_MISMATCH" });
    expect(hit("polynomial.gcd.compute").applicability).to.deep.equal({ status: "NEEDS_MORE_TYPED_REQUIREMENTS" });
    const byArtifact = j.find({ op: "search", query: "gcd", artifact_type: "matrix.lu" }) as any;
    expect(byArtifact.hits[0].applicability).to.include({ status: "INCOMPATIBLE", code: "ARTIFACT_TYPE_MISMATCH" });
  });

  it("refuses empty and stop-word-only queries instead of listing the inventory", () => {
    for (const query of ["the of and", "   ", "?"]) {
      const r = j.find({ op: "search", query }) as any;
      expect(r.error, query).to.include({ code: "INVALID_PAYLOAD", path: "request.query" });
      expect(r).to.not.have.property("hits");
    }
    const empty = j.find({ op: "search", query: "" }) as any;
    expect(empty.error.code).to.equal("INVALID_PAYLOAD");
  });

  it("bounds the query and the limit", () => {
    expect((j.find({ op: "search", query: "x".repeat(513) }) as any).error.path).to.equal("request.query");
    expect((j.find({ op: "search", query: "gcd", limit: 21 }) as any).error.path).to.equal("request.limit");
    expect((j.find({ op: "search", query: "gcd", limit: 0 }) as any).error.path).to.equal("request.limit");
  });

  it("keeps search-only fields off inspect and inspect ids off search", () => {
    const a = j.find({ op: "inspect", capability_id: "integer.compute.gcd", query: "x" } as any) as any;
    expect(a.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "request.query" });
    const b = j.find({ op: "search", query: "gcd", capability_id: "integer.compute.gcd" } as any) as any;
    expect(b.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "request.capability_id" });
  });

  it("inspects with schemas, effect, providers, preflight, ports and examples", () => {
    const r = j.inspect("integer.compute.gcd") as any;
    const c = r.capability;
    expect(c.request_schema.additionalProperties).to.equal(false);
    expect(c.result_schema.type).to.equal("object");
    // Every run may publish a content-addressed artifact (a result above the inline limit), so the
    // published effect is not read-only although the operation's own class is.
    expect(c.effect).to.deep.equal({ class: "read_only", read_only: false, destructive: false, idempotent: true, open_world: false, writes: ["artifact:large_result"] });
    expect(c.input_kinds).to.deep.equal(["integer"]);
    expect(c.output_kinds).to.deep.equal(["integer"]);
    expect(c.preflight.bounds[0]).to.include({ name: "digits" });
    expect(c.preflight.cost_model).to.be.a("string");
    expect(c.examples.length).to.be.greaterThan(0);
    expect(c.ports).to.deep.equal({ inputs: {}, outputs: {} });
  });

  it("inspection declares how an interrupted run continues on another worker (default: restart)", () => {
    expect((j.inspect("integer.compute.gcd") as any).capability.preflight.recovery).to.equal("restart");
    const t = testJacobian({ packs: [testPack] });
    const slow = (t.inspect("test.slow.compute") as any).capability.preflight;
    expect(slow).to.include({ progress_measure: "steps counted", recovery: "restart" });
    return t.close();
  });

  // Found by the MCP fuzzer: the literal check on `op` printed a 3,000-deep value into its message
  // (stack overflow), and find answered any non-JacobianError with "e.toDetail is not a function".
  it("refuses a deeply nested op as INVALID_PAYLOAD instead of failing internally", async () => {
    let op: unknown = "search";
    for (let i = 0; i < 5_000; i++) op = [op];
    const r = (await j.find({ op, query: "gcd" } as never)) as any;
    expect(r.error).to.include({ code: "INVALID_PAYLOAD", path: "request.op" });
  });

  it("inspecting an unknown id is UNKNOWN_CAPABILITY", () => {
    expect((j.inspect("integer.compute.nothing") as any).error.code).to.equal("UNKNOWN_CAPABILITY");
  });

  it("works with catalogs of fewer than three operations", () => {
    const tiny: OperationPack = { name: "tiny", version: "1", description: "one op", operations: [gcd] };
    const t = testJacobian({ packs: [tiny] });
    const r = t.find({ op: "search", query: "gcd" }) as any;
    expect(r.hits.map((h: any) => h.capability_id)).to.deep.equal(["integer.compute.gcd"]);
    void t.close();
  });

  it("ranks a .compute op above its .verify twin for compute-worded queries, and the reverse", () => {
    const twin = (id: string, kind: "compute" | "checker") => ({ ...gcd, id, kind, title: "Twin " + id, summary: "determinant of a thing, determinant check" }) as any;
    const pack: OperationPack = {
      name: "twins",
      version: "1",
      description: "twins",
      operations: [twin("thing.determinant.compute", "compute"), { ...twin("thing.determinant.verify", "checker"), bindings: gcd.result, method: "x", examples: [{ title: "t", payload: { left: "1", right: "1" }, expected: { verdict: "accepted" } }] }, ...testPack.operations.slice(0, 2)],
    };
    const t = testJacobian({ packs: [pack] });
    const compute = (t.find({ op: "search", query: "compute the determinant" }) as any).hits.map((h: any) => h.capability_id);
    expect(compute.indexOf("thing.determinant.compute")).to.be.lessThan(compute.indexOf("thing.determinant.verify"));
    const plain = (t.find({ op: "search", query: "determinant" }) as any).hits.map((h: any) => h.capability_id);
    expect(plain.indexOf("thing.determinant.compute")).to.be.lessThan(plain.indexOf("thing.determinant.verify"));
    const verify = (t.find({ op: "search", query: "verify a claimed determinant" }) as any).hits.map((h: any) => h.capability_id);
    expect(verify.indexOf("thing.determinant.verify")).to.be.lessThan(verify.indexOf("thing.determinant.compute"));
    void t.close();
  });
});

void defineCompute;
