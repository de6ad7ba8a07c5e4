import { expect } from "chai";
import { tempDir } from "../../support/runtime.js";

describe("adapters/api", () => {
  it('is importable by package name: import { createJacobian } from "jacobian"', async () => {
    const mod = await import("jacobian");
    expect(mod.createJacobian).to.be.a("function");
    const j = mod.createJacobian({ artifactsDir: tempDir() });
    const out = await j.run("integer.compute.gcd", { left: "84", right: "30" });
    expect(out).to.deep.include({ capability_id: "integer.compute.gcd", outcome: "completed", value: { gcd: "6" } });
    expect((j.find({ op: "search", query: "gcd" }) as any).hits[0].capability_id).to.equal("integer.compute.gcd");
    expect((j.inspect("integer.compute.gcd") as any).capability.id).to.equal("integer.compute.gcd");
    expect((j.catalog() as any).operations.length).to.be.greaterThan(3);
    await j.close();
  });

  it("returns the same objects as the CLI prints", async () => {
    const { spawnSync } = await import("node:child_process");
    const { createJacobian } = await import("jacobian");
    const home = tempDir();
    const j = createJacobian({ artifactsDir: home + "/artifacts" });
    const api = await j.run("integer.extended_gcd.compute", { left: "240", right: "46" });
    const cli = JSON.parse(spawnSync(process.execPath, ["dist/adapters/cli/main.js", "run", "integer.extended_gcd.compute", "--json", '{"left":"240","right":"46"}'], { encoding: "utf8", env: { ...process.env, JACOBIAN_HOME: home } }).stdout);
    // value:// refs are random and scoped to one runtime: the two runs issue different ones.
    const strip = ({ refs: _refs, ...o }: any) => ({ ...o, execution: { provider: o.execution.provider } });
    expect(strip(cli)).to.deep.equal(strip(api));
    await j.close();
  });
});
