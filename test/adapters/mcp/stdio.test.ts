/**
 * stdio at the byte level: stdout carries only JSON-RPC (even when an operation writes to
 * console.log), oversize arguments get a clean failed envelope, progress precedes the result,
 * logs go to stderr without values, and the process exits cleanly on stdin EOF. Also the real
 * CLI entry point (`jacobian serve --stdio`).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { tempDir } from "../../support/runtime.js";
import { connectStdio, envelope, LAUNCHER, waitFor } from "./support/harness.js";

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../adapters/cli/main.js");

describe("MCP adapter: stdio wire", function () {
  this.timeout(30_000);

  it("writes only JSON-RPC on stdout, answers oversize arguments cleanly and exits on stdin EOF", async () => {
    const dir = tempDir("jacobian-mcp-stdio-");
    const child = spawn(process.execPath, [LAUNCHER], {
      env: { ...process.env, JACOBIAN_TEST_ARTIFACTS: dir, JACOBIAN_HOME: path.join(dir, "home"), JACOBIAN_TEST_MAX_REQUEST_BYTES: "2048" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const send = (m: object) => child.stdin.write(JSON.stringify(m) + "\n");
    const call = (id: number, name: string, args: unknown, meta?: object) => send({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } });
    // Only complete lines: a large message (the catalog) arrives in several chunks.
    const messages = () => stdout.slice(0, stdout.lastIndexOf("\n") + 1).split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const response = (id: number) => messages().find((m) => m.id === id && ("result" in m || "error" in m));

    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } } });
    await waitFor(() => response(1), 10_000, "initialize");
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    const secret = "987654321987654321987654321";
    call(3, "math.run", { capability_id: "integer.compute.gcd", payload: { left: secret, right: "3" } });
    call(4, "math.run", { capability_id: "mcptest.noisy.compute", payload: { n: "7" } });
    call(5, "math.run", { capability_id: "integer.compute.gcd", payload: { left: "1".repeat(3000), right: "3" } });
    call(6, "math.find", { request: { op: "search", query: "x".repeat(3000) } });
    call(7, "math.run", { capability_id: "mcptest.wait.compute", payload: { steps: "3", step_ms: "20", tag: "stdio-raw" } }, { progressToken: "tok-7" });
    child.stdin.write("this is not json\n");
    send({ jsonrpc: "2.0", id: 8, method: "resources/read", params: { uri: "capability://catalog" } });
    await waitFor(() => [2, 3, 4, 5, 6, 7, 8].every((id) => response(id)), 10_000, "all responses");
    child.stdin.end();
    expect(await exited).to.equal(0);

    for (const line of stdout.split("\n").filter(Boolean)) {
      const m = JSON.parse(line);
      expect(m.jsonrpc, line.slice(0, 80)).to.equal("2.0");
      expect("id" in m || "method" in m, line.slice(0, 80)).to.equal(true);
    }
    expect(stdout).to.not.include("noise");
    expect(stderr).to.include("noise from an operation");

    expect(response(2).result.tools.map((t: { name: string }) => t.name).sort()).to.deep.equal(["math.find", "math.run"]);
    expect(response(3).result.structuredContent.value).to.deep.equal({ gcd: (BigInt(secret) % 3n === 0n ? 3n : 1n).toString() });
    expect(response(4).result.structuredContent.value).to.deep.equal({ n: "7" });
    const big = response(5).result;
    expect(big.isError).to.equal(true);
    expect(big.structuredContent).to.deep.include({ outcome: "failed", capability_id: "integer.compute.gcd" });
    expect(big.structuredContent.error.code).to.equal("INVALID_PAYLOAD");
    expect(big.structuredContent.error.hint).to.be.a("string");
    expect(response(6).result.isError).to.equal(true);
    expect(response(6).result.structuredContent.error.code).to.equal("INVALID_PAYLOAD");

    // Progress notifications for token tok-7 all precede the result, the last one at the total.
    const all = messages();
    const resultAt = all.findIndex((m) => m.id === 7 && "result" in m);
    const progress = all.map((m, i) => ({ m, i })).filter(({ m }) => m.method === "notifications/progress" && m.params.progressToken === "tok-7");
    expect(progress.length).to.be.at.least(2);
    for (const { i } of progress) expect(i).to.be.lessThan(resultAt);
    expect(progress.at(-1)!.m.params).to.deep.include({ progress: 3, total: 3 });

    const catalog = JSON.parse(response(8).result.contents[0].text);
    expect(catalog.operations.map((o: { id: string }) => o.id)).to.include("mcptest.wait.compute");

    // Structured log lines on stderr, one per call, without argument values.
    const logs = stderr.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    const calls = logs.filter((l) => l.event === "mcp_tool_call");
    expect(calls.length).to.equal(5);
    const gcdLine = calls.find((l) => l.request_id === "3")!;
    expect(gcdLine).to.include({ tool: "math.run", capability_id: "integer.compute.gcd", outcome: "completed", transport: "stdio", era: "legacy" });
    expect(gcdLine.duration_ms).to.be.a("number");
    expect(gcdLine.request_bytes).to.be.greaterThan(secret.length);
    expect(gcdLine.response_bytes).to.be.greaterThan(0);
    expect(calls.find((l) => l.request_id === "5")).to.include({ outcome: "failed", code: "INVALID_PAYLOAD" });
    expect(stderr).to.not.include(secret);
  });

  it("answers a message over the read limit with a JSON-RPC error and keeps serving (real client)", async () => {
    const dir = tempDir("jacobian-mcp-stdio-");
    for (const kind of ["v2-legacy", "v1"] as const) {
      const c = await connectStdio(kind, { artifactsDir: dir });
      try {
        // A 2000×2000 matrix is ~16 MB on the wire: above the 10 MB the server reads per message.
        const row = Array.from({ length: 2000 }, () => "1");
        let error: any;
        const t0 = performance.now();
        try {
          await c.run("matrix.determinant.compute", { matrix: { ring: "ZZ", rows: Array.from({ length: 2000 }, () => row) } });
        } catch (e) {
          error = e;
        }
        const ms = performance.now() - t0;
        expect(error, kind).to.exist;
        expect(error.code, kind).to.equal(-32600);
        expect(String(error.message), kind).to.include("larger than 10485760 bytes");
        expect(ms, kind).to.be.below(15_000);
        expect(envelope(await c.run("integer.compute.gcd", { left: "84", right: "30" })).value, kind).to.deep.equal({ gcd: "6" });
      } finally {
        await c.close();
      }
    }
  });

  it("recovers the id of an over-long message wherever its top level puts it, else answers with a null id", async () => {
    const dir = tempDir("jacobian-mcp-stdio-");
    const child = spawn(process.execPath, [LAUNCHER], {
      env: { ...process.env, JACOBIAN_TEST_ARTIFACTS: dir, JACOBIAN_HOME: path.join(dir, "home") },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const write = (text: string) => new Promise<void>((resolve, reject) => child.stdin.write(text, (e) => (e ? reject(e) : resolve())));
    // Only complete lines: a large message (the catalog) arrives in several chunks.
    const messages = () => stdout.slice(0, stdout.lastIndexOf("\n") + 1).split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const errors = () => messages().filter((m) => "error" in m);
    const response = (id: unknown) => messages().find((m) => m.id === id && ("result" in m || "error" in m));

    await write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } } }) + "\n");
    await waitFor(() => response(1), 10_000, "initialize");
    await write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    const filler = "7".repeat(11 * 1024 * 1024);
    // The id after 11 MB of params, with decoy "id" members nested inside them.
    await write(`{"jsonrpc":"2.0","method":"tools/call","params":{"id":"decoy","name":"math.run","arguments":{"capability_id":"integer.compute.gcd","payload":{"left":"${filler}","right":"1","id":[1]}}},"id":"late-id"}\n`);
    // No top-level id at all (not even JSON): a null id.
    await write("x".repeat(11 * 1024 * 1024) + "\n");
    // Chunked across many small writes, and a \r\n line end: still one message, still refused.
    const head = `{"id": 77, "jsonrpc":"2.0","method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"integer.compute.gcd","payload":{"left":"`;
    await write(head);
    for (let i = 0; i < 11; i++) await write("9".repeat(1024 * 1024));
    await write(`","right":"1"}}}}\r\n`);
    await write(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "math.run", arguments: { capability_id: "integer.compute.gcd", payload: { left: "84", right: "30" } } } }) + "\n");
    await waitFor(() => response(5), 20_000, "the call after the over-long messages");
    child.stdin.end();
    expect(await exited).to.equal(0);

    expect(errors().map((m) => m.id)).to.deep.equal(["late-id", null, 77]);
    for (const m of errors()) {
      expect(m.jsonrpc).to.equal("2.0");
      expect(m.error.code).to.equal(-32600);
      expect(m.error.data.max_message_bytes).to.equal(10 * 1024 * 1024);
      expect(JSON.stringify(m).length).to.be.below(1000);
    }
    expect(response(5).result.structuredContent.value).to.deep.equal({ gcd: "6" });
    const logged = stderr.split("\n").filter((l) => l.includes("mcp_stdio_oversize_message")).map((l) => JSON.parse(l));
    expect(logged.map((l) => l.id)).to.deep.equal(["late-id", null, "77"]);
    expect(stderr).to.not.include("7777777777");
  });

  it("`jacobian serve --stdio` (the CLI entry point) serves both eras", async function () {
    if (!existsSync(CLI)) this.skip();
    const dir = tempDir("jacobian-mcp-cli-");
    for (const kind of ["v2-legacy", "v2-modern"] as const) {
      const c = await connectStdio(kind, { artifactsDir: dir }, [CLI, "serve", "--stdio", "--artifacts-dir", dir]);
      try {
        expect(c.era()).to.equal(kind === "v2-modern" ? "modern" : "legacy");
        expect(envelope(await c.run("integer.compute.gcd", { left: "84", right: "30" })).value).to.deep.equal({ gcd: "6" });
      } finally {
        await c.close();
      }
    }
  });
});
