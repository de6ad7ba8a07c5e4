/**
 * How the boundary reports a bad request (issue 7 §6): a value of the wrong JSON type is named at
 * its own path before any undeclared key, unknown fields come with the declared and missing
 * fields and a "did you mean", unknown ids with the nearest installed ids, and nothing the caller
 * sent is echoed beyond a short prefix.
 */
import { expect } from "chai";
import { JacobianHost } from "../../adapters/composition.js";
import { editDistance } from "../../application/contract.js";
import { nearestIds } from "../../application/find.js";
import { testPack } from "../support/packs.js";
import { tempDir, testJacobian } from "../support/runtime.js";

describe("application boundary: error reporting", () => {
  const j = testJacobian({ packs: ["integer", "matrix", testPack] });
  after(() => j.close());
  const error = async (id: string, payload: unknown) => {
    const o: any = await j.run(id, payload as Record<string, unknown>);
    expect(o.outcome, JSON.stringify(o)).to.equal("failed");
    return o.error as { code: string; message: string; path?: string; hint?: string };
  };

  it("reports a bare array given for the matrix object as INVALID_PAYLOAD at payload.matrix", async () => {
    const e = await error("matrix.determinant.compute", { matrix: [["1", "2"], ["3", "4"]] });
    expect(e).to.include({ code: "INVALID_PAYLOAD", path: "payload.matrix" });
    expect(e.message).to.match(/must be an object/);
    expect(e.message).to.match(/fields ring, rows/);
    expect(e.message).to.match(/\(was an array\)/);
  });

  it("lets a type error win over an unknown key anywhere in the request", async () => {
    const e = await error("integer.compute.gcd", { left: 84, right: "30", extra: "1" });
    expect(e).to.include({ code: "INVALID_PAYLOAD", path: "payload.left" });
    expect(e.message).to.match(/was a number/);
    const nested = await error("matrix.determinant.compute", { matrix: { ring: "ZZ", rows: [["1", ["2"]], ["3", "4"]] }, extra: 1 });
    expect(nested).to.include({ code: "INVALID_PAYLOAD", path: "payload.matrix.rows[0][1]" });
    expect(nested.message).to.match(/must be a string \(was an array\)/);
  });

  it("refuses an array as the whole payload at path payload", async () => {
    const o: any = await j.run("integer.compute.gcd", ["84", "30"] as never);
    expect(o.error).to.include({ code: "INVALID_PAYLOAD", path: "payload" });
    expect(o.error.message).to.match(/was an array/);
  });

  it("names the declared fields, the missing required ones and the near miss of an unknown field", async () => {
    const e = await error("integer.compute.gcd", { left: "84", rigth: "30" });
    expect(e).to.include({ code: "UNKNOWN_ARGUMENT", path: "payload.rigth" });
    expect(e.message).to.include('did you mean "right"?');
    expect(e.message).to.include("payload declares left, right");
    expect(e.message).to.include("missing required: right");
    const deep = await error("matrix.determinant.compute", { matrix: { ring: "ZZ", row: [["1"]] } });
    expect(deep).to.include({ code: "UNKNOWN_ARGUMENT", path: "payload.matrix.row" });
    expect(deep.message).to.include('did you mean "rows"?');
    expect(deep.message).to.include("payload.matrix declares ring, rows");
    expect(deep.message).to.include("missing required: rows");
    // A key that resembles nothing gets no suggestion, but still the declared fields.
    const far = await error("integer.compute.gcd", { left: "1", right: "2", zzzzzz: "1" });
    expect(far.message).to.not.include("did you mean");
    expect(far.message).to.include("declares left, right");
    expect(far.message).to.not.include("missing required");
  });

  it("explains unknown top-level arguments and math.find fields the same way", async () => {
    const host = JacobianHost.create({ packs: ["integer"], artifactsDir: tempDir() });
    try {
      const rt = host.openRuntime();
      const o: any = await rt.run({ capability_id: "integer.compute.gcd", payload: { left: "1", right: "2" }, input: {} });
      expect(o.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "input" });
      expect(o.error.message).to.include('did you mean "inputs"?');
      expect(o.error.message).to.include("the arguments declare");
      const f: any = rt.find({ request: { op: "search", query: "gcd", limt: 3 } });
      expect(f.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "request.limt" });
      expect(f.error.message).to.include('did you mean "limit"?');
    } finally {
      await host.close();
    }
  });

  it("suggests the nearest installed ids for an unknown capability (run and inspect)", async () => {
    const typo = await error("integer.compute.gdc", { left: "1", right: "2" });
    expect(typo.code).to.equal("UNKNOWN_CAPABILITY");
    expect(typo.message).to.match(/nearest installed ids: integer\.compute\.gcd\b/);
    expect(typo.hint).to.match(/^did you mean integer\.compute\.gcd\?/);
    expect(typo.hint).to.match(/math\.find/);
    const short = await error("matrix.determinant", {});
    expect(short.message).to.include("matrix.determinant.compute");
    expect(short.message).to.include("matrix.determinant.verify");
    const inspected: any = j.inspect("integer.gcd.compute");
    expect(inspected.error.code).to.equal("UNKNOWN_CAPABILITY");
    expect(inspected.error.message).to.include("integer.compute.gcd");
    const nothing = await error("zebra.quux.frobnicate", {});
    expect(nothing.message).to.not.include("nearest");
    expect(nothing.hint).to.match(/^search the installed operations/);
  });

  it("bounds every echo of caller data: a 1 MB capability id, a 1 MB key, a 1 MB value", async () => {
    const huge = "a".repeat(1_000_000);
    for (const id of [huge, "integer.compute." + huge, "Integer.Compute.GCD" + "x".repeat(300)]) {
      const o: any = await j.run(id, {});
      const text = JSON.stringify(o);
      expect(text.length, id.slice(0, 30)).to.be.below(2000);
      expect(o.capability_id.length).to.be.at.most(260);
      expect(o.capability_id).to.include("…(truncated");
      expect(o.error.code).to.equal("INVALID_PAYLOAD");
      expect(o.error.path).to.equal("capability_id");
    }
    const inspected = JSON.stringify(j.inspect(huge));
    expect(inspected.length).to.be.below(2000);
    const key = await error("integer.compute.gcd", { left: "1", right: "2", [huge]: "1" });
    expect(key.code).to.equal("UNKNOWN_ARGUMENT");
    expect(JSON.stringify(key).length).to.be.below(2000);
    const value = await error("integer.compute.gcd", { left: "x" + huge, right: "2" });
    expect(JSON.stringify(value).length).to.be.below(2000);
    const many: Record<string, string> = { left: "1", right: "2" };
    for (let i = 0; i < 10_000; i++) many[`extra_${i}_` + "k".repeat(100)] = "1";
    const lots = await error("integer.compute.gcd", many);
    expect(lots.message).to.include("and 9995 more");
    expect(JSON.stringify(lots).length).to.be.below(2000);
  });

  it("edit distance counts a transposition as one edit and stops at its limit", () => {
    expect(editDistance("gdc", "gcd", 1)).to.equal(1);
    expect(editDistance("rigth", "right", 1)).to.equal(1);
    expect(editDistance("kitten", "sitting", 5)).to.equal(3);
    expect(editDistance("abc", "xyz", 1)).to.equal(2); // limit + 1
    expect(editDistance("a", "abcdef", 2)).to.equal(3);
  });

  it("nearestIds matches id words in any order, by prefix or small edits, best first, at most three", () => {
    const ids = ["integer.compute.gcd", "integer.compute.lcm", "integer.extended_gcd.compute", "matrix.determinant.compute", "matrix.determinant.verify", "matrix.multiply.compute"];
    expect(nearestIds("integer.compute.gdc", ids)[0]).to.equal("integer.compute.gcd");
    expect(nearestIds("integer.gcd.compute", ids)[0]).to.equal("integer.compute.gcd");
    expect(nearestIds("matrix.det.compute", ids)[0]).to.equal("matrix.determinant.compute");
    expect(nearestIds("matrix.determinent.verify", ids)[0]).to.equal("matrix.determinant.verify");
    expect(nearestIds("integer.compute.gcd", ids, 3).length).to.be.at.most(3);
    expect(nearestIds("polynomial.roots.compute", ids)).to.deep.equal([]);
    expect(nearestIds("x".repeat(201), ids)).to.deep.equal([]);
  });

  it("nearestIds finds the near miss among 10,000 installed ids", () => {
    const words = ["integer", "matrix", "polynomial", "graph", "rational", "modular", "field", "vector", "series", "group"];
    const ids: string[] = [];
    for (let i = 0; i < 10_000; i++) ids.push(`${words[i % 10]}.object_${i}.${i % 2 ? "compute" : "verify"}`);
    ids.push("integer.compute.gcd");
    // No timing assertion (a loaded CI machine makes those flaky): ~85 ms cold, ~6 ms warm here.
    const near = nearestIds("integer.compute.gdc", ids);
    expect(near[0]).to.equal("integer.compute.gcd");
  });
});

describe("application boundary: refs and produced artifacts", () => {
  it("omits refs (and stores no value) when the run is told not to issue them", async () => {
    const host = JacobianHost.create({ packs: [testPack], artifactsDir: tempDir() });
    try {
      const rt = host.openRuntime();
      const kept: any = await rt.run({ capability_id: "test.echo.compute", payload: { n: "5" } });
      expect(kept.refs.n).to.match(/^value:\/\//);
      expect(rt.valueCount).to.equal(1);
      const none: any = await rt.run({ capability_id: "test.echo.compute", payload: { n: "6" } }, { issueRefs: false });
      expect(none.outcome).to.equal("completed");
      expect(none.value).to.deep.equal({ n: "6" });
      expect(none).to.not.have.property("refs");
      expect(rt.valueCount).to.equal(1);
    } finally {
      await host.close();
    }
  });

  it("each runtime knows only the artifacts its own runs produced; all stay readable by id", async () => {
    const host = JacobianHost.create({ packs: [testPack], artifactsDir: tempDir() });
    try {
      const a = host.openRuntime();
      const b = host.openRuntime();
      const out: any = await a.run({ capability_id: "test.slow.verify", payload: { n: "4" } });
      const uri: string = out.artifacts[0];
      expect(uri).to.match(/^artifact:\/\/sha256\//);
      expect(a.producedArtifacts()).to.deep.equal([uri]);
      expect(b.producedArtifacts()).to.deep.equal([]);
      expect(await b.readArtifact(uri)).to.not.equal(undefined);
      expect(await b.listArtifacts()).to.include(uri); // the operator's listing still sees the whole store
    } finally {
      await host.close();
    }
  });
});
