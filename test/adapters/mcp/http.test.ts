/**
 * The HTTP front door: DNS-rebinding guards, routing, body limits, session handling and shutdown.
 */
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
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

  it("answers an over-size body with 413 and a JSON-RPC error even to a client that writes its whole body before reading", async () => {
    // Like Python's http.client: the whole body goes out before the response is read. A server
    // that answers and closes early makes these writes fail (EPIPE / ECONNRESET) instead.
    const u = new URL(http.url);
    const body = Buffer.from(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"integer.compute.gcd","payload":{"left":"${"1".repeat(8 * 1024 * 1024)}","right":"1"}}},"id":"big-1"}`);
    const socket = connect(Number(u.port), u.hostname);
    let received = "";
    socket.on("data", (d: Buffer) => (received += d.toString("utf8")));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    const write = (chunk: Buffer | string) => new Promise<void>((resolve, reject) => socket.write(chunk, (e) => (e ? reject(e) : resolve())));
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    await write(`POST ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n`);
    for (let i = 0; i < body.length; i += 256 * 1024) await write(body.subarray(i, i + 256 * 1024));
    await waitFor(() => received.includes("\r\n\r\n") && received.trimEnd().endsWith("}"), 10_000, "the 413 response");
    expect(received).to.match(/^HTTP\/1\.1 413 /);
    const json = JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4));
    expect(json).to.deep.include({ jsonrpc: "2.0", id: "big-1" });
    expect(json.error.code).to.equal(-32600);
    expect(json.error.message).to.include("4096");
    // The connection was drained, not dropped: it still serves a request (a parse error here).
    received = "";
    await write(`POST ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{not json`);
    await waitFor(() => received.trimEnd().endsWith("}"), 10_000, "the second response");
    expect(received).to.match(/^HTTP\/1\.1 400 /);
    socket.destroy();
    await closed;
  });

  it("refuses a declared length far beyond the limit at once (413, connection closed)", async () => {
    const u = new URL(http.url);
    const socket = connect(Number(u.port), u.hostname);
    let received = "";
    socket.on("data", (d: Buffer) => (received += d.toString("utf8")));
    socket.on("error", () => undefined);
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write(`POST ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n{"jsonrpc":`);
    await closed;
    expect(received).to.match(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4)).error.code).to.equal(-32600);
  });

  it("answers a 200,000-deep nested body with 400 Invalid Request (not 500), keeping its id", async () => {
    const h = JacobianHost.create({ packs: TEST_PACKS, artifactsDir: tempDir("jacobian-mcp-http-") }, "silent");
    const s = await startHttpServer(h, { port: 0 });
    try {
      await deepBodies(s.url);
    } finally {
      await s.close();
      await h.close();
    }
  });

  async function deepBodies(url: string): Promise<void> {
    for (const open of ["[", '{"a":']) {
      const deep = open.repeat(200_000) + "1" + (open === "[" ? "]" : "}").repeat(200_000);
      const r = await raw(url, { body: `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"integer.compute.gcd","payload":{"left":${deep},"right":"1"}}}}` });
      expect(r.status, open).to.equal(400);
      const json = JSON.parse(r.body);
      expect(json.id, open).to.equal(5);
      expect(json.error.code, open).to.equal(-32600);
      expect(json.error.message).to.include("1000 levels");
    }
    const bare = await raw(url, { body: "[".repeat(200_000) + "]".repeat(200_000) });
    expect(bare.status).to.equal(400);
    expect(JSON.parse(bare.body).id).to.equal(null);
  }

  it("still passes moderately nested arguments to the tool, which refuses them as INVALID_PAYLOAD", async () => {
    let nested: unknown = "1";
    for (let i = 0; i < 200; i++) nested = [nested];
    for (const kind of ["v2-legacy", "v2-modern"] as const) {
      const c = await connectHttp(kind, http.url);
      try {
        const out = envelope(await c.run("integer.compute.gcd", { left: nested, right: "1" }));
        expect(out.error, kind).to.include({ code: "INVALID_PAYLOAD", path: "payload.left" });
      } finally {
        await c.close();
      }
    }
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
