/**
 * The HTTP front door: DNS-rebinding guards, routing, body limits, session handling and shutdown.
 */
import { request as httpRequest } from "node:http";
import { expect } from "chai";
import { JacobianHost } from "../../../adapters/composition.js";
import { startHttpServer, type HttpServerHandle } from "../../../adapters/mcp/index.js";
import { tempDir } from "../../support/runtime.js";
import { connectHttp, envelope, TEST_PACKS, waitFor } from "./support/harness.js";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: opts.method ?? "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...opts.headers },
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

const INIT = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } } });

describe("MCP adapter: HTTP front door", function () {
  this.timeout(30_000);
  let host: JacobianHost;
  let http: HttpServerHandle;

  before(async () => {
    host = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir("jacobian-mcp-http-"), maxRequestBytes: 4096 }, "silent");
    http = await startHttpServer(host, { port: 0, allowedHosts: ["jacobian.test"] });
  });
  after(async () => {
    await http?.close();
    await host?.close();
  });

  it("binds 127.0.0.1 by default and serves /mcp", () => {
    expect(http.url).to.equal(`http://127.0.0.1:${http.port}/mcp`);
    expect(http.port).to.be.greaterThan(0);
  });

  it("rejects a foreign Host header with 403 (DNS rebinding) and accepts localhost and allowed hosts", async () => {
    const bad = await raw(http.url, { headers: { host: `evil.example:${http.port}` }, body: INIT });
    expect(bad.status).to.equal(403);
    expect(JSON.parse(bad.body).error.message).to.include("evil.example");
    for (const name of ["localhost", "127.0.0.1", "jacobian.test"]) {
      const ok = await raw(http.url, { headers: { host: `${name}:${http.port}` }, body: INIT });
      expect(ok.status, name).to.equal(200);
    }
  });

  it("rejects a foreign Origin with 403 and accepts a localhost Origin", async () => {
    expect((await raw(http.url, { headers: { origin: "http://evil.example" }, body: INIT })).status).to.equal(403);
    expect((await raw(http.url, { headers: { origin: "http://localhost:5173" }, body: INIT })).status).to.equal(200);
  });

  it("answers other paths with 404 and unsupported methods with 405", async () => {
    const other = await raw(http.url.replace("/mcp", "/other"), { body: INIT });
    expect(other.status).to.equal(404);
    expect((await raw(http.url, { method: "PUT", body: INIT })).status).to.equal(405);
  });

  it("refuses non-JSON content (415) and malformed JSON (400 parse error)", async () => {
    expect((await raw(http.url, { headers: { "content-type": "text/plain" }, body: INIT })).status).to.equal(415);
    const bad = await raw(http.url, { body: "{not json" });
    expect(bad.status).to.equal(400);
    expect(JSON.parse(bad.body).error.code).to.equal(-32700);
  });

  it("refuses a body above max_request_bytes with 413 before parsing it", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "math.run", arguments: { capability_id: "integer.compute.gcd", payload: { left: "1".repeat(5000), right: "1" } } } });
    const r = await raw(http.url, { body: big });
    expect(r.status).to.equal(413);
    expect(JSON.parse(r.body).error.message).to.include("4096");
  });

  it("an oversize call through a real client fails cleanly and the connection keeps working", async () => {
    for (const kind of ["v2-legacy", "v2-modern", "v1"] as const) {
      const c = await connectHttp(kind, http.url);
      try {
        let error: unknown;
        try {
          await c.run("integer.compute.gcd", { left: "1".repeat(5000), right: "1" });
        } catch (e) {
          error = e;
        }
        expect(error, kind).to.exist;
        expect(envelope(await c.run("integer.compute.gcd", { left: "84", right: "30" })).value.gcd).to.equal("6");
      } finally {
        await c.close();
      }
    }
  });

  it("answers 404 for an unknown session and 400 for a session request without one", async () => {
    const unknown = await raw(http.url, { headers: { "mcp-session-id": "no-such-session" }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
    expect(unknown.status).to.equal(404);
    const missing = await raw(http.url, { body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
    expect(missing.status).to.equal(400);
    expect((await raw(http.url, { method: "GET" })).status).to.equal(400);
    expect((await raw(http.url, { method: "DELETE", headers: { "mcp-session-id": "no-such-session" } })).status).to.equal(404);
  });

  it("issues an Mcp-Session-Id on initialize and ends the session on DELETE", async () => {
    const before = http.sessions;
    const init = await raw(http.url, { body: INIT });
    const sid = init.headers["mcp-session-id"] as string;
    expect(sid).to.match(/^[0-9a-f-]{36}$/);
    expect(http.sessions).to.equal(before + 1);
    expect((await raw(http.url, { method: "DELETE", headers: { "mcp-session-id": sid } })).status).to.equal(200);
    expect(http.sessions).to.equal(before);
    expect((await raw(http.url, { headers: { "mcp-session-id": sid }, body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }) })).status).to.equal(404);
  });

  it("closes a session idle for longer than sessionIdleMs, with its runtime", async () => {
    const h = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir("jacobian-mcp-http-") }, "silent");
    const s = await startHttpServer(h, { port: 0, sessionIdleMs: 150 });
    try {
      const c = await connectHttp("v1", s.url);
      await c.run("mcptest.square.compute", { n: "3" });
      expect(s.sessions).to.equal(1);
      expect(h.openRuntimes).to.equal(1);
      await waitFor(() => s.sessions === 0 && h.openRuntimes === 0, 3000, "the idle session to close");
      await c.close().catch(() => undefined);
    } finally {
      await s.close();
      await h.close();
    }
  });

  it("evicts the least recently used session above maxSessions and closes every session on close()", async () => {
    const h = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir("jacobian-mcp-http-") }, "silent");
    const s = await startHttpServer(h, { port: 0, maxSessions: 2 });
    try {
      const clients = [];
      for (let i = 0; i < 3; i++) {
        const c = await connectHttp("v2-legacy", s.url);
        await c.run("mcptest.square.compute", { n: String(i + 2) });
        clients.push(c);
      }
      expect(s.sessions).to.equal(2);
      await waitFor(() => h.openRuntimes === 2, 3000, "the evicted session's runtime to close");
      const evicted = await clients[0]!.run("integer.compute.gcd", { left: "4", right: "6" }).then(
        () => "served",
        () => "refused",
      );
      expect(evicted).to.equal("refused");
      await s.close();
      expect(s.sessions).to.equal(0);
      await waitFor(() => h.openRuntimes === 0, 3000, "every runtime to close");
      for (const c of clients) await c.close().catch(() => undefined);
    } finally {
      await s.close();
      await h.close();
    }
  });
});
