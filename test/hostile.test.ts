/**
 * Hostile inputs: each is refused or rejected cleanly and quickly, the process stays up and memory
 * stays bounded. Times are printed for the record.
 */
import { expect } from "chai";
import { testJacobian } from "./support/runtime.js";

describe("hostile inputs (API face)", function () {
  this.timeout(120_000);
  const j = testJacobian();
  after(() => j.close());
  const installed = (id: string) => ((j.catalog() as any).operations as any[]).some((o) => o.id === id);

  async function expectClean(label: string, id: string, payload: unknown, codes: string[], maxMs = 500) {
    const t0 = performance.now();
    const o: any = await j.run(id, payload as Record<string, unknown>);
    const ms = performance.now() - t0;
    const code = o.error?.code ?? o.reason?.code;
    console.log(`      ${label}: ${o.outcome}/${code} in ${ms.toFixed(1)} ms`);
    expect(o.outcome, label).to.be.oneOf(["failed", "non_conclusion"]);
    expect(codes, label).to.include(code);
    expect(ms, label).to.be.below(maxMs);
    expect(JSON.stringify(o).length, label).to.be.below(4000); // never echoes the input back
    return o;
  }

  it("refuses towers, exponents and non-decimal notations as integers", async () => {
    for (const s of ["10^10^10", "9**999999", "1e1000000", "Infinity", "NaN", "0x10", "1_000", "+5", "٣"]) {
      await expectClean(`integer ${s}`, "integer.compute.gcd", { left: s, right: "1" }, ["INVALID_PAYLOAD"]);
    }
  });

  it("rejects a 10^7-digit integer and a 50 MB string before any arithmetic", async () => {
    const before = process.memoryUsage().rss;
    await expectClean("10^7-digit integer", "integer.compute.gcd", { left: "9".repeat(10_000_000), right: "1" }, ["INVALID_PAYLOAD"], 2000);
    await expectClean("50 MB string", "integer.compute.gcd", { left: "1".repeat(50_000_000), right: "1" }, ["INVALID_PAYLOAD"], 5000);
    const grown = (process.memoryUsage().rss - before) / 2 ** 20;
    console.log(`      RSS growth after huge strings: ${grown.toFixed(0)} MiB`);
  });

  it("refuses a 5000×5000 matrix", async function () {
    if (!installed("matrix.determinant.compute")) this.skip();
    const row = Array.from({ length: 5000 }, () => "1");
    const rows = Array.from({ length: 5000 }, () => row);
    await expectClean("5000×5000 matrix", "matrix.determinant.compute", { matrix: { ring: "ZZ", rows } }, ["INVALID_PAYLOAD", "RESOURCE_REFUSED"], 5000);
  });

  it("refuses deeply nested payloads without recursion trouble", async () => {
    let deep: any = "1";
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    await expectClean("100k-deep nesting", "integer.compute.gcd", { left: deep, right: "1" }, ["INVALID_PAYLOAD", "UNKNOWN_ARGUMENT"]);
    await expectClean("100k-deep unknown field", "integer.compute.gcd", { left: "1", right: "1", x: deep }, ["UNKNOWN_ARGUMENT"]);
    let arr: any = [];
    for (let i = 0; i < 100_000; i++) arr = [arr];
    await expectClean("100k-deep array", "integer.compute.gcd", { left: arr, right: "1" }, ["INVALID_PAYLOAD"]);
  });

  it("rejects non-string numbers, unicode digits, leading zeros and -0", async () => {
    for (const v of [12, 1.5, -0, "٤٢", "１２", "007", "-0", true, null, ["1"]]) {
      await expectClean(`value ${JSON.stringify(v)}`, "integer.compute.gcd", { left: v, right: "1" }, ["INVALID_PAYLOAD"]);
    }
  });

  it("rejects prototype-pollution keys as unknown fields", async () => {
    const payload = JSON.parse('{"left":"1","right":"1","__proto__":{"polluted":"yes"}}');
    await expectClean("__proto__ key", "integer.compute.gcd", payload, ["UNKNOWN_ARGUMENT"]);
    expect(({} as any).polluted).to.equal(undefined);
  });

  it("the process is still serving afterwards", async () => {
    const o: any = await j.run("integer.compute.gcd", { left: "84", right: "30" });
    expect(o.value).to.deep.equal({ gcd: "6" });
  });
});
