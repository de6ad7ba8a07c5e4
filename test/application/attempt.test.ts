import { expect } from "chai";
import { testJacobian } from "../support/runtime.js";
import { testPack } from "../support/packs.js";

/**
 * First attempts (ComputeDeclaration.attempt): placed by their own bound, the full execute by the
 * whole estimate and only when the attempt declines. Asserted by mechanism — which part ran, on
 * which thread, what it was told — never by timing.
 */
describe("application/run first attempts", function () {
  this.timeout(60_000);
  const pooled = testJacobian({ packs: [testPack], pool: { threads: 1, inlineMaxUnits: 1000, workerHeapMb: 128 } });
  const isolated = testJacobian({ packs: [testPack], pool: { threads: 1, inlineMaxUnits: 0, workerHeapMb: 128 } });
  const inline = testJacobian({ packs: [testPack], pool: false });
  after(async () => {
    await pooled.close();
    await isolated.close();
    await inline.close();
  });
  const value = (o: unknown) => {
    expect((o as { outcome: string }).outcome, JSON.stringify(o)).to.equal("completed");
    return (o as { value: Record<string, unknown> }).value;
  };

  it("an attempt within the inline limit settles on the calling thread, though the whole estimate is pooled", async () => {
    expect(value(await pooled.run("test.staged.compute", { n: "2" }))).to.deep.equal({ n: "2", stage: "attempt", thread: "main", declined: false });
  });

  it("a declined attempt hands the call to execute, placed by the whole estimate and told the attempt declined", async () => {
    expect(value(await pooled.run("test.staged.compute", { n: "3" }))).to.deep.equal({ n: "3", stage: "execute", thread: "worker", declined: true });
  });

  it("a request the attempt cannot settle (its preflight gives no bound) goes straight to execute", async () => {
    expect(value(await pooled.run("test.staged.compute", { n: "1001" }))).to.deep.equal({ n: "1001", stage: "execute", thread: "worker", declined: false });
  });

  it("an attempt above the inline limit runs in a worker, and a decline there comes back as a decline", async () => {
    expect(value(await isolated.run("test.staged.compute", { n: "4" }))).to.deep.equal({ n: "4", stage: "attempt", thread: "worker", declined: false });
    expect(value(await isolated.run("test.staged.compute", { n: "5" }))).to.deep.equal({ n: "5", stage: "execute", thread: "worker", declined: true });
  });

  it("without a pool both parts run inline", async () => {
    expect(value(await inline.run("test.staged.compute", { n: "6" }))).to.deep.equal({ n: "6", stage: "attempt", thread: "main", declined: false });
    expect(value(await inline.run("test.staged.compute", { n: "7" }))).to.deep.equal({ n: "7", stage: "execute", thread: "main", declined: true });
  });

  it("a whole estimate above the budget refuses nothing the attempt settles; the rest is refused before it starts", async () => {
    expect(value(await pooled.run("test.staged.compute", { n: "600" }))).to.deep.equal({ n: "600", stage: "attempt", thread: "main", declined: false });
    const o = (await pooled.run("test.staged.compute", { n: "601" })) as { outcome: string; reason: { code: string; message: string } };
    expect(o.outcome).to.equal("non_conclusion");
    expect(o.reason.code).to.equal("RESOURCE_REFUSED");
    expect(o.reason.message).to.match(/first attempt did not settle/);
  });

  it("an attempt's result is checked like any other, inline and in a worker", async () => {
    for (const j of [pooled, isolated]) {
      const o = await j.run("test.staged.compute", { n: "42" });
      expect(o.outcome).to.equal("failed");
      expect((o as { error: { code: string } }).error.code).to.equal("POSTCONDITION_VIOLATED");
    }
  });
});
