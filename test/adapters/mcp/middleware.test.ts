/**
 * The tool middleware (one place for logging, size limit and catch-all), exercised through a real
 * v2 client connected in memory to createMcpServer.
 */
import { expect } from "chai";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { JacobianHost } from "../../../adapters/composition.js";
import { createMcpServer, createServerFactory } from "../../../adapters/mcp/index.js";
import type { JacobianRuntime } from "../../../application/service.js";
import { tempDir } from "../../support/runtime.js";
import { capturingLogger, envelope, TEST_PACKS, waitFor, type ToolResult } from "./support/harness.js";

async function connect(host: JacobianHost, runtime?: () => JacobianRuntime) {
  const server = createMcpServer(host, runtime, { logFields: { transport: "memory" } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "middleware-test", version: "1" });
  await client.connect(clientSide);
  const call = (name: string, args: unknown) => client.callTool({ name, arguments: args as Record<string, unknown> }) as Promise<ToolResult>;
  return { server, client, call, close: () => client.close() };
}

describe("MCP adapter: middleware", function () {
  this.timeout(20_000);
  const secret = "1234567890987654321234567890";

  it("logs one structured line per call with sizes and duration, never the values", async () => {
    const logger = capturingLogger();
    const host = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir(), logger });
    const c = await connect(host);
    try {
      const args = { capability_id: "integer.compute.gcd", payload: { left: secret, right: "10" } };
      const r = await c.call("math.run", args);
      const lines = logger.lines.filter((l) => l.event === "mcp_tool_call");
      expect(lines).to.have.length(1);
      const line = lines[0]!;
      expect(line).to.include({ tool: "math.run", capability_id: "integer.compute.gcd", outcome: "completed", transport: "memory" });
      expect(line.request_id).to.be.a("string");
      expect(line.duration_ms).to.be.a("number").and.at.least(0);
      expect(line.request_bytes).to.equal(Buffer.byteLength(JSON.stringify(args)));
      expect(line.response_bytes).to.equal(Buffer.byteLength(r.content[0]!.text!));
      expect(JSON.stringify(logger.lines)).to.not.include(secret);
      await c.call("math.find", { request: { op: "inspect", capability_id: "integer.compute.gcd" } });
      expect(logger.lines.at(-1)).to.include({ tool: "math.find", capability_id: "integer.compute.gcd", outcome: "completed" });
    } finally {
      await c.close();
      await host.close();
    }
  });

  it("logs argument and result values only with settings.debug", async () => {
    const logger = capturingLogger();
    const host = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir(), logger, debug: true });
    const c = await connect(host);
    try {
      await c.call("math.run", { capability_id: "integer.compute.gcd", payload: { left: secret, right: "10" } });
      const line = logger.lines.find((l) => l.event === "mcp_tool_call")!;
      expect(JSON.stringify(line.arguments)).to.include(secret);
      expect(line.response).to.deep.include({ outcome: "completed" });
    } finally {
      await c.close();
      await host.close();
    }
  });

  it("refuses arguments above max_request_bytes with INVALID_PAYLOAD, for both tools", async () => {
    const logger = capturingLogger();
    const host = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir(), logger, maxRequestBytes: 300 });
    const c = await connect(host);
    try {
      const run = await c.call("math.run", { capability_id: "integer.compute.gcd", payload: { left: "7".repeat(400), right: "1" } });
      expect(run.isError).to.equal(true);
      const out = envelope(run);
      expect(out).to.deep.include({ capability_id: "integer.compute.gcd", outcome: "failed" });
      expect(out.error.code).to.equal("INVALID_PAYLOAD");
      expect(out.error.message).to.include("300");
      expect(out.error.hint).to.include("max_request_bytes");
      const find = await c.call("math.find", { request: { op: "search", query: "q".repeat(400) } });
      expect(find.isError).to.equal(true);
      expect(envelope(find)).to.deep.include({ op: "search" });
      expect(envelope(find).error.code).to.equal("INVALID_PAYLOAD");
      // Just under the limit is served.
      expect(envelope(await c.call("math.run", { capability_id: "integer.compute.gcd", payload: { left: "84", right: "30" } })).value.gcd).to.equal("6");
    } finally {
      await c.close();
      await host.close();
    }
  });

  it("turns any exception into a failed INTERNAL envelope without leaking its message", async () => {
    const logger = capturingLogger();
    const host = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir(), logger });
    const broken = {
      find: () => {
        throw new Error("secret detail /etc/shadow");
      },
      run: async () => {
        throw new TypeError("secret detail /etc/shadow");
      },
    } as unknown as JacobianRuntime;
    const c = await connect(host, () => broken);
    try {
      for (const [tool, args] of [
        ["math.run", { capability_id: "integer.compute.gcd", payload: {} }],
        ["math.find", { request: { op: "search", query: "gcd" } }],
      ] as const) {
        const r = await c.call(tool, args);
        expect(r.isError, tool).to.equal(true);
        const out = envelope(r);
        expect(out.error.code, tool).to.equal("INTERNAL");
        expect(JSON.stringify(r)).to.not.include("secret");
        expect(JSON.stringify(r)).to.not.include("at ");
      }
      expect(logger.lines.filter((l) => l.event === "mcp_tool_exception")).to.have.length(2);
      expect(String(logger.lines.find((l) => l.event === "mcp_tool_exception")!.error)).to.include("secret detail");
    } finally {
      await c.close();
      await host.close();
    }
  });

  it("the factory builds a fresh server per call, each owning one lazily opened runtime closed with it", async () => {
    const host = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir() });
    const factory = createServerFactory(host);
    const a = await factory({ era: "legacy" });
    const b = await factory({ era: "legacy" });
    expect(a).to.not.equal(b);
    expect(host.openRuntimes).to.equal(0); // nothing opened until first use
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await a.connect(serverSide);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(clientSide);
    await client.callTool({ name: "math.run", arguments: { capability_id: "integer.compute.gcd", payload: { left: "4", right: "6" } } });
    await client.readResource({ uri: "capability://catalog" });
    expect(host.openRuntimes).to.equal(1);
    await client.close();
    await waitFor(() => host.openRuntimes === 0, 2000, "the runtime to close with its server");
    await host.close();
  });
});
