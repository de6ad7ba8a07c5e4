import { expect } from "chai";
import { testJacobian } from "../support/runtime.js";
import { testPack } from "../support/packs.js";
import { JacobianHost } from "../../adapters/composition.js";
import { tempDir } from "../support/runtime.js";

describe("application/run pipeline", () => {
  const j = testJacobian({ packs: ["integer", testPack] });
  after(() => j.close());

  it("completes an operation with an exact value and execution info", async () => {
    const o = await j.run("integer.compute.gcd", { left: "84", right: "30" });
    expect(o.outcome).to.equal("completed");
    expect(o).to.have.property("value").that.deep.equals({ gcd: "6" });
    expect(o.execution.provider).to.equal("jacobian.builtin");
    expect(o.execution.runtime_ms).to.be.a("number");
  });

  it("fails closed on unknown top-level arguments with the path", async () => {
    const host = JacobianHost.create({ packs: ["integer"], artifactsDir: tempDir() });
    const rt = host.openRuntime();
    const o = await rt.run({ capability_id: "integer.compute.gcd", payload: { left: "1", right: "2" }, extra: true });
    expect(o.outcome).to.equal("failed");
    if (o.outcome !== "failed") return;
    expect(o.error.code).to.equal("UNKNOWN_ARGUMENT");
    expect(o.error.path).to.equal("extra");
    expect(o.error.hint).to.be.a("string");
    await host.close();
  });

  it("fails closed on unknown payload fields at any depth", async () => {
    const o = await j.run("integer.compute.gcd", { left: "1", right: "2", modulus: "5" });
    expect(o).to.deep.include({ outcome: "failed" });
    expect((o as any).error).to.include({ code: "UNKNOWN_ARGUMENT", path: "payload.modulus" });
  });

  it("rejects non-string numbers, leading zeros, -0 and unicode digits", async () => {
    for (const bad of [84, "084", "-0", "８４", "1e3", " 84", "0x54", ""]) {
      const o = await j.run("integer.compute.gcd", { left: bad, right: "30" });
      expect(o.outcome, JSON.stringify(bad)).to.equal("failed");
      expect((o as any).error.code).to.equal("INVALID_PAYLOAD");
      expect((o as any).error.path).to.equal("payload.left");
    }
  });

  it("names an unknown capability and points to search", async () => {
    const o = await j.run("integer.compute.nope", {});
    expect((o as any).error).to.include({ code: "UNKNOWN_CAPABILITY", path: "capability_id" });
    expect((o as any).error.hint).to.match(/math\.find/);
  });

  // Found by the MCP fuzzer: a 1 MB capability_id came back in full in the failed envelope.
  it("echoes a capability_id longer than any valid id only as a bounded prefix with a marker", async () => {
    for (const id of ["a." + "b".repeat(199), "a." + "b".repeat(1_000_000)]) {
      const o = await j.run(id, { left: "1", right: "2" });
      expect(o.outcome).to.equal("failed");
      expect((o as any).error.code).to.equal("INVALID_PAYLOAD");
      expect((o as any).error.path).to.equal("capability_id");
      expect(o.capability_id).to.equal(`a.${"b".repeat(198)}…(truncated, ${id.length} characters)`);
      expect(JSON.stringify(o).length).to.be.below(2000);
    }
    const atLimit = "a." + "b".repeat(198);
    expect((await j.run(atLimit, {})).capability_id).to.equal(atLimit);
  });

  // Found by the MCP fuzzer: a deeply nested value where a literal is expected made the issue
  // message print the value recursively: seconds of CPU at 2,000 levels, INTERNAL (stack overflow) at 3,000.
  it("refuses a deeply nested value in a literal field quickly as INVALID_PAYLOAD", async () => {
    let deep: unknown = "pocklington";
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? { a: deep } : [deep];
    for (const depth of [2_000, 3_000, 100_000]) {
      let v: unknown = deep;
      for (let i = depth; i < 100_000; i++) v = Array.isArray(v) ? v[0] : (v as { a: unknown }).a;
      const started = performance.now();
      const o = await j.run("integer.primality_certificate.verify", { n: "7", certificate: { format: v, steps: [] } });
      expect(performance.now() - started, `${depth} levels`).to.be.below(500);
      expect(o.outcome).to.equal("failed");
      expect((o as any).error.code).to.equal("INVALID_PAYLOAD");
      expect((o as any).error.path).to.match(/^payload\.certificate/);
    }
  });

  it("reports a missing provider as non_conclusion PROVIDER_UNAVAILABLE", async () => {
    const o = await j.run("test.external.compute", { n: "1" });
    expect(o.outcome).to.equal("non_conclusion");
    expect((o as any).reason.code).to.equal("PROVIDER_UNAVAILABLE");
  });

  it("turns a postcondition violation into failed POSTCONDITION_VIOLATED, never a value", async () => {
    const o = await j.run("test.liar.compute", { n: "1" });
    expect(o.outcome).to.equal("failed");
    expect((o as any).error.code).to.equal("POSTCONDITION_VIOLATED");
    expect(o).to.not.have.property("value");
  });

  it("hides internal errors behind INTERNAL without stack or message leakage", async () => {
    const o = await j.run("test.crash.compute", { n: "1" });
    expect((o as any).error.code).to.equal("INTERNAL");
    expect(JSON.stringify(o)).to.not.match(/passwd|TypeError|at .*\.js/);
  });

  it("refuses above budget before starting, naming the bound", async () => {
    const t0 = performance.now();
    const o = await j.run("test.slow.compute", { n: "99999999" });
    expect(performance.now() - t0).to.be.below(50);
    expect(o.outcome).to.equal("non_conclusion");
    expect((o as any).reason.code).to.equal("RESOURCE_REFUSED");
    expect((o as any).reason.message).to.match(/exceeds the budget of/);
  });

  it("a timeout is non_conclusion TIMEOUT", async () => {
    const jt = testJacobian({ packs: [testPack], budgets: { "test.slow.compute": { timeout_ms: 30 } } });
    const o = await jt.run("test.slow.compute", { n: "5000" });
    expect(o.outcome).to.equal("non_conclusion");
    expect((o as any).reason.code).to.equal("TIMEOUT");
    await jt.close();
  });

  it("cancellation is non_conclusion CANCELLED and stops the work", async () => {
    const ac = new AbortController();
    let last = 0;
    const p = j.run("test.slow.compute", { n: "5000" }, { signal: ac.signal, onProgress: (d) => (last = d) });
    setTimeout(() => ac.abort(), 40);
    const o = await p;
    expect((o as any).reason.code).to.equal("CANCELLED");
    const seen = last;
    await new Promise((r) => setTimeout(r, 50));
    expect(last).to.equal(seen); // no progress after cancellation: the loop stopped
  });

  it("an interrupted checker gives CHECKER_INTERRUPTED and no verdict", async () => {
    const ac = new AbortController();
    const p = j.run("test.slow.verify", { n: "5000" }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 30);
    const o = await p;
    expect(o.outcome).to.equal("non_conclusion");
    expect((o as any).reason.code).to.equal("CHECKER_INTERRUPTED");
  });

  it("reports monotone progress", async () => {
    const seen: number[] = [];
    const o = await j.run("test.slow.compute", { n: "20" }, { onProgress: (d) => seen.push(d) });
    expect(o.outcome).to.equal("completed");
    expect(seen.length).to.be.greaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).to.be.greaterThan(seen[i - 1]!);
  });

  it("binds a checker verdict to its claim and stores evidence as an artifact", async () => {
    const o = await j.run("test.slow.verify", { n: "4" });
    expect(o.outcome).to.equal("completed");
    const v = (o as any).value;
    expect(v.verdict).to.equal("accepted");
    expect(v.bindings.claim_digest).to.match(/^sha256:[0-9a-f]{64}$/);
    expect(v.bindings.checker).to.equal("test.slow.verify@1.0.0");
    expect(v.bindings.evidence).to.match(/^artifact:\/\/sha256\/[0-9a-f]{64}$/);
    expect((o as any).artifacts).to.deep.equal([v.bindings.evidence]);
    const art = (await j.artifact(v.bindings.evidence)) as any;
    expect(art.kind).to.equal("evidence");
    expect(art.result.claim_digest).to.equal(v.bindings.claim_digest);
    const other = await j.run("test.slow.verify", { n: "6" });
    expect((other as any).value.bindings.claim_digest).to.not.equal(v.bindings.claim_digest);
  });

  it("publishes values above the inline limit as a durable artifact", async () => {
    const jb = testJacobian({ packs: [testPack], inlineValueBytes: 1024 });
    const o = await jb.run("test.big.compute", { n: "5000" });
    expect(o.outcome).to.equal("completed");
    expect(o).to.not.have.property("value");
    const uri = (o as any).value_artifact as string;
    expect(uri).to.match(/^artifact:\/\/sha256\//);
    const art = (await jb.artifact(uri)) as any;
    expect(art.result.digits).to.have.length(5000);
    expect(art.operation.id).to.equal("test.big.compute");
    const again = await jb.run("test.big.compute", { n: "5000" });
    expect((again as any).value_artifact).to.equal(uri); // same content, same id
    await jb.close();
  });
});
