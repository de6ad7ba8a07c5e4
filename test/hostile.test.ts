/**
 * Hostile inputs: each is refused or rejected cleanly and quickly, the process stays up and memory
 * stays bounded. Times are printed for the record.
 */
import { expect } from "chai";
import { testJacobian } from "./support/runtime.js";

/**
 * Memory a refusal may add beyond its own input, in MiB. Measured growth is ~0–50 MiB (the
 * garbage collector runs when it likes, and other tests' garbage may be collected meanwhile);
 * the head-room is for a loaded 2-core CI machine, and stays well below one extra copy of the
 * largest input plus its quoted message (the defect these bounds catch).
 */
const HEADROOM_MIB = 128;

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

  it("rejects a 10^7-digit integer and a 50 MB string before any arithmetic, in bounded memory", async () => {
    const before = process.memoryUsage().rss;
    await expectClean("10^7-digit integer", "integer.compute.gcd", { left: "9".repeat(10_000_000), right: "1" }, ["INVALID_PAYLOAD"], 2000);
    await expectClean("50 MB string", "integer.compute.gcd", { left: "1".repeat(50_000_000), right: "1" }, ["INVALID_PAYLOAD"], 5000);
    const grown = (process.memoryUsage().rss - before) / 2 ** 20;
    console.log(`      RSS growth after huge strings: ${grown.toFixed(0)} MiB (inputs: 57 MiB)`);
    // The inputs themselves are 57 MiB and may not be collected yet. A refusal must not copy them
    // again: quoting the value in the error message once cost ~170 MiB more (measured 223 MiB).
    expect(grown).to.be.below(57 + HEADROOM_MIB);
  });

  it("refuses a 5000×5000 matrix", async function () {
    if (!installed("matrix.determinant.compute")) this.skip();
    const row = Array.from({ length: 5000 }, () => "1");
    const rows = Array.from({ length: 5000 }, () => row);
    const before = process.memoryUsage().rss;
    await expectClean("5000×5000 matrix", "matrix.determinant.compute", { matrix: { ring: "ZZ", rows } }, ["INVALID_PAYLOAD", "RESOURCE_REFUSED"], 5000);
    const grown = (process.memoryUsage().rss - before) / 2 ** 20;
    console.log(`      RSS growth after the 5000×5000 matrix: ${grown.toFixed(0)} MiB`);
    expect(grown).to.be.below(HEADROOM_MIB); // the rows share one 5000-entry row: the input is tiny
  });

  it("refuses deeply nested payloads without recursion trouble", async () => {
    const before = process.memoryUsage().rss;
    let deep: any = "1";
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    await expectClean("100k-deep nesting", "integer.compute.gcd", { left: deep, right: "1" }, ["INVALID_PAYLOAD", "UNKNOWN_ARGUMENT"]);
    await expectClean("100k-deep unknown field", "integer.compute.gcd", { left: "1", right: "1", x: deep }, ["UNKNOWN_ARGUMENT"]);
    let arr: any = [];
    for (let i = 0; i < 100_000; i++) arr = [arr];
    await expectClean("100k-deep array", "integer.compute.gcd", { left: arr, right: "1" }, ["INVALID_PAYLOAD"]);
    const grown = (process.memoryUsage().rss - before) / 2 ** 20;
    console.log(`      RSS growth after deep nesting: ${grown.toFixed(0)} MiB`);
    expect(grown).to.be.below(HEADROOM_MIB);
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

  it("refuses huge exponents and astronomically large results before any work (RESOURCE_REFUSED or bounds)", async () => {
    const cases: [string, string, Record<string, string>][] = [
      ["2^(10^9) as a rational power", "rational.power.compute", { base: "2", exponent: "1000000000" }],
      ["10^7-digit modular exponent", "modular.power.compute", { base: "2", exponent: "9".repeat(10_000_000), modulus: "1000000007" }],
      ["(10^10)!", "combinatorics.factorial.compute", { n: "10000000000" }],
      ["F(10^12)", "combinatorics.fibonacci.compute", { n: "1000000000000" }],
      ["p(10^12)", "combinatorics.partition.compute", { n: "1000000000000" }],
      ["pi(10^20)", "integer.prime_count.compute", { x: "100000000000000000000" }],
    ];
    for (const [label, id, payload] of cases) {
      expect(installed(id), `${id} is installed (a silently skipped case asserts nothing)`).to.equal(true);
      // An operation's module loads on its first run (lazy catalog); that one-time cost is not
      // work on the request, so the timed call is the second.
      await j.run(id, payload);
      const o = await expectClean(label, id, payload, ["RESOURCE_REFUSED", "INVALID_PAYLOAD", "DOMAIN_ERROR"], label.startsWith("10^7") ? 2000 : 50);
      expect(o.outcome).to.be.oneOf(["failed", "non_conclusion"]);
    }
  });

  it("the process is still serving afterwards", async () => {
    const o: any = await j.run("integer.compute.gcd", { left: "84", right: "30" });
    expect(o.value).to.deep.equal({ gcd: "6" });
  });
});

describe("hostile inputs (MCP stdio face)", function () {
  this.timeout(60_000);
  it("answers a 200,000-deep nested argument with a clean failure and keeps serving", async () => {
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, ["dist/adapters/cli/main.js", "serve", "--stdio"], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, JACOBIAN_HOME: (await import("./support/runtime.js")).tempDir() } });
    const lines: any[] = [];
    let buf = "";
    child.stdout!.on("data", (d: Buffer) => {
      buf += d.toString();
      let i: number;
      while ((i = buf.indexOf("\n")) >= 0) {
        lines.push(JSON.parse(buf.slice(0, i)));
        buf = buf.slice(i + 1);
      }
    });
    child.stderr!.resume();
    const send = (s: string) => child.stdin!.write(s + "\n");
    send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }));
    send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    const initialized = Date.now() + 30_000;
    while (!lines.some((l) => l.id === 1) && Date.now() < initialized) await new Promise((r) => setTimeout(r, 20));
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const t0 = performance.now();
    send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"integer.compute.gcd","payload":{"left":${deep},"right":"1"}}}}`);
    send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"integer.compute.gcd","payload":{"left":"84","right":"30"}}}}`);
    const deadline = Date.now() + 30_000;
    while (lines.filter((l) => l.id === 2 || l.id === 3).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const ms = performance.now() - t0;
    child.kill();
    console.log(`      200k-deep argument over stdio: both replies in ${ms.toFixed(0)} ms`);
    const deepReply = lines.find((l) => l.id === 2);
    expect(deepReply.result.isError).to.equal(true);
    expect(deepReply.result.structuredContent.error.code).to.equal("INVALID_PAYLOAD");
    expect(JSON.stringify(deepReply).length).to.be.below(4000); // never echoes the input back
    expect(lines.find((l) => l.id === 3).result.structuredContent.value).to.deep.equal({ gcd: "6" });
    expect(ms).to.be.below(10_000); // measured 0.7–0.8 s; head-room for a loaded CI machine
  });
});
