import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { tempDir, testJacobian } from "../support/runtime.js";

const MAIN = path.resolve("dist/adapters/cli/main.js");
const home = tempDir();
function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: "utf8", input, env: { ...process.env, JACOBIAN_HOME: home, FORCE_COLOR: "1" } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("adapters/cli", () => {
  it("run --json prints the outcome envelope and exits 0 on completed", () => {
    const r = cli(["run", "integer.compute.gcd", "--json", '{"left":"84","right":"30"}']);
    expect(r.code).to.equal(0);
    expect(JSON.parse(r.out)).to.deep.include({ outcome: "completed", value: { gcd: "6" } });
  });

  it("run --file reads the payload from a file (and '-' from stdin)", () => {
    const f = path.join(tempDir(), "p.json");
    writeFileSync(f, '{"left":"12","right":"18"}');
    expect(JSON.parse(cli(["run", "integer.compute.gcd", "--file", f]).out).value).to.deep.equal({ gcd: "6" });
    expect(JSON.parse(cli(["run", "integer.compute.gcd", "--file", "-"], '{"left":"7","right":"21"}').out).value).to.deep.equal({ gcd: "7" });
  });

  it("exits 4 on failed, 3 on non_conclusion, 2 on usage errors", () => {
    expect(cli(["run", "integer.compute.gcd", "--json", '{"left":"x","right":"1"}']).code).to.equal(4);
    expect(cli(["run", "integer.compute.gcd", "--budget-scale", "0.0000000001", "--json", `{"left":"${"7".repeat(5000)}","right":"1"}`]).code).to.equal(3);
    expect(cli(["run", "integer.compute.gcd"]).code).to.equal(2);
    expect(cli(["run", "integer.compute.gcd", "--json", "{not json"]).code).to.equal(2);
    expect(cli(["frobnicate"]).code).to.equal(2);
    expect(cli(["catalog", "--packs", "nope"]).code).to.equal(2);
  });

  it("catalog and inspect print the same objects as the API, without ANSI colour when piped", () => {
    const cat = cli(["catalog"]);
    expect(cat.code).to.equal(0);
    expect(JSON.parse(cat.out).operations.map((o: any) => o.id)).to.include("integer.compute.gcd");
    const ins = cli(["inspect", "integer.compute.gcd"]);
    expect(JSON.parse(ins.out).capability.id).to.equal("integer.compute.gcd");
    expect(cli(["inspect", "no.such.op"]).code).to.equal(4);
    for (const s of [cat.out, ins.out, cli(["frobnicate"]).err]) expect(s).to.not.match(/\u001b\[/);
  });

  it("run prints no value:// refs: the command's runtime closes when it exits, so none could resolve", async () => {
    const payload = { left: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, right: { ring: "ZZ", rows: [["5"], ["6"]] } };
    const r = cli(["run", "matrix.multiply.compute", "--json", JSON.stringify(payload)]);
    expect(r.code).to.equal(0);
    const out = JSON.parse(r.out);
    expect(out.value.product.rows).to.deep.equal([["17"], ["39"]]);
    expect(out).to.not.have.property("refs");
    expect(r.out).to.not.include("value://");
    // The JS API (a runtime that lives on) still issues the ref for the same call.
    const j = testJacobian({ packs: ["matrix"] });
    try {
      const o: any = await j.run("matrix.multiply.compute", payload);
      expect(o.refs.product).to.match(/^value:\/\//);
    } finally {
      await j.close();
    }
  });

  it("bounds the echo of a huge capability id", () => {
    const r = cli(["run", "x".repeat(100_000), "--json", "{}"]);
    expect(r.code).to.equal(4);
    expect(r.out.length).to.be.below(2000);
  });

  it("--packs chooses the installed membership", () => {
    const cat = JSON.parse(cli(["catalog", "--packs", "integer"]).out);
    expect(cat.packs.map((p: any) => p.name)).to.deep.equal(["integer"]);
  });

  it("has no per-operation commands", () => {
    expect(cli(["gcd", "84", "30"]).code).to.equal(2);
  });
});
