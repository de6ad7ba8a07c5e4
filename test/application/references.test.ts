import { expect } from "chai";
import { JacobianHost } from "../../adapters/composition.js";
import { testPack } from "../support/packs.js";
import { tempDir, testJacobian } from "../support/runtime.js";

describe("value:// references and replay", () => {
  it("chains an output port into an input port within one runtime", async () => {
    const j = testJacobian({ packs: [testPack] });
    const first = await j.run("test.echo.compute", { n: "41" });
    const ref = (first as any).refs.n as string;
    expect(ref).to.match(/^value:\/\/[A-Za-z0-9_-]{32}$/);
    const second = await j.run("test.echo.compute", {}, { inputs: { n: { value_ref: ref } } });
    expect((second as any).value).to.deep.equal({ n: "41" });
    await j.close();
  });

  it("refuses foreign, evicted and closed-runtime references, naming the port", async () => {
    const host = JacobianHost.create({ packs: [testPack], artifactsDir: tempDir(), valueStore: { maxEntries: 2 } });
    const a = host.openRuntime();
    const b = host.openRuntime();
    const ref = ((await a.run({ capability_id: "test.echo.compute", payload: { n: "1" } })) as any).refs.n;
    const foreign = await b.run({ capability_id: "test.echo.compute", payload: {}, inputs: { n: { value_ref: ref } } });
    expect((foreign as any).error).to.include({ code: "INVALID_INPUT_REF", path: "inputs.n.value_ref" });
    expect((foreign as any).error.message).to.match(/input port n/);
    for (let i = 0; i < 3; i++) await a.run({ capability_id: "test.echo.compute", payload: { n: String(i) } });
    const evicted = await a.run({ capability_id: "test.echo.compute", payload: {}, inputs: { n: { value_ref: ref } } });
    expect((evicted as any).error.code).to.equal("INVALID_INPUT_REF");
    const fresh = ((await a.run({ capability_id: "test.echo.compute", payload: { n: "9" } })) as any).refs.n;
    await a.close();
    const c = host.openRuntime();
    expect(((await c.run({ capability_id: "test.echo.compute", payload: {}, inputs: { n: { value_ref: fresh } } })) as any).error.code).to.equal("INVALID_INPUT_REF");
    let closedErr: unknown;
    try {
      await a.run({ capability_id: "test.echo.compute", payload: { n: "1" } });
    } catch (e) {
      closedErr = e;
    }
    expect(String(closedErr)).to.match(/closed/);
    await host.close();
  });

  it("bounds the value store by bytes as well as count", async () => {
    const host = JacobianHost.create({ packs: [testPack], artifactsDir: tempDir(), valueStore: { maxEntries: 1000, maxBytes: 2048 } });
    const rt = host.openRuntime();
    for (let i = 0; i < 200; i++) await rt.run({ capability_id: "test.echo.compute", payload: { n: String(10n ** 18n + BigInt(i)) } });
    expect(rt.valueCount).to.be.below(200);
    await host.close();
  });

  it("rejects an input port the operation does not declare, and a field given twice", async () => {
    const j = testJacobian({ packs: [testPack] });
    const ref = ((await j.run("test.echo.compute", { n: "1" })) as any).refs.n;
    expect(((await j.run("test.echo.compute", {}, { inputs: { m: { value_ref: ref } } })) as any).error).to.include({ code: "UNKNOWN_ARGUMENT", path: "inputs.m" });
    expect(((await j.run("test.echo.compute", { n: "2" }, { inputs: { n: { value_ref: ref } } })) as any).error).to.include({ code: "INVALID_PAYLOAD", path: "payload.n" });
    expect(((await j.run("test.echo.compute", {}, { inputs: { n: { value_ref: "value://short" } } })) as any).error.code).to.equal("INVALID_PAYLOAD");
    await j.close();
  });

  it("replays an artifact and reports whether the result is identical", async () => {
    const j = testJacobian({ packs: [testPack], inlineValueBytes: 1024 });
    const big = await j.run("test.big.compute", { n: "3000" });
    const r1 = await j.replay((big as any).value_artifact);
    expect(r1.identical).to.equal(true);
    const checked = await j.run("test.slow.verify", { n: "8" });
    const r2 = await j.replay((checked as any).value.bindings.evidence);
    expect(r2).to.include({ identical: true, kind: "evidence" });
    await j.close();
  });
});
