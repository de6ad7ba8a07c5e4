/**
 * MCP over Streamable HTTP on node:http, serving both protocol eras at one path (/mcp):
 *
 *  - 2026-07-28 requests (the per-request `_meta` envelope) go to createMcpHandler(factory,
 *    { legacy: "reject" }). That era is stateless by design: every request gets a fresh McpServer
 *    and a fresh JacobianRuntime, so value:// references do NOT survive from one request to the
 *    next (pass values inline, or use artifacts). Cancellation reaches the operation when the
 *    client drops the request's stream.
 *  - 2025-11-25 clients (`initialize`) get a SESSIONFUL NodeStreamableHTTPServerTransport: one
 *    McpServer + one JacobianRuntime per Mcp-Session-Id, so value:// references chain across the
 *    calls of a session and notifications/cancelled reaches the running operation. A session ends
 *    on DELETE, on server close, after `sessionIdleMs` without requests, or when `maxSessions` is
 *    exceeded (least recently used first); its references die with it.
 *
 * In front of both: Host and Origin validation (DNS rebinding; localhost names plus the
 * operator's allowedHosts), a body-size limit (settings.maxRequestBytes → 413 with a JSON-RPC
 * error, sent once the body has been drained), JSON Content-Type (415), nesting depth
 * (MAX_JSON_NESTING → 400 Invalid Request) and JSON syntax (400 Parse error) checks. The era is decided by the SDK's own classifier
 * (isLegacyRequest). Binds 127.0.0.1 unless told otherwise.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, isInitializeRequest, isJsonContentType, isLegacyRequest, localhostAllowedHostnames, type McpServer } from "@modelcontextprotocol/server";
import { hostHeaderValidation, NodeStreamableHTTPServerTransport, originValidation, toNodeHandler, toWebRequest } from "@modelcontextprotocol/node";
import type { JacobianHost } from "../composition.js";
import { jsonNestingExceeds, topLevelId, TopLevelIdScanner, type JsonRpcId } from "./framing.js";
import { createMcpServer, createServerFactory } from "./server.js";

export interface HttpServerOptions {
  host?: string;
  port?: number;
  /** Extra Host/Origin hostnames to accept (localhost, 127.0.0.1 and [::1] always are). */
  allowedHosts?: string[];
  /** 2025-era sessions kept at most (least recently used closed first). Default 256. */
  maxSessions?: number;
  /** A 2025-era session idle this long is closed. Default 30 minutes. */
  sessionIdleMs?: number;
}

export interface HttpServerHandle {
  url: string;
  port: number;
  /** Open 2025-era sessions. */
  readonly sessions: number;
  close(): Promise<void>;
}

export const MCP_PATH = "/mcp";

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  lastSeen: number;
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}, id: JsonRpcId = null): void {
  if (res.headersSent) return void res.end();
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id });
  res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

type Body = { ok: true; text: string } | { ok: false };

/**
 * An over-size body is still read to its end (and discarded, keeping only its top-level id) before
 * the 413 goes out: a client that writes its whole body before reading (most HTTP libraries do)
 * would otherwise see its connection reset instead of the answer. Past this many bytes, or a
 * declared length above it, the connection is closed after the 413 instead.
 */
export function discardLimit(limit: number): number {
  return Math.max(64 * 1024 * 1024, 4 * limit);
}

/** Objects/arrays nested deeper than this are refused (400): the SDK serialises bodies recursively. */
export const MAX_JSON_NESTING = 1000;

/** Read at most `limit` bytes; past that, discard the rest and answer 413. */
function readBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Body> {
  const discard = discardLimit(limit);
  const tooLarge = (id: JsonRpcId, close: boolean): Body => {
    jsonRpcError(res, 413, -32600, `Request body too large: this server accepts at most ${limit} bytes per request`, close ? { connection: "close" } : {}, id);
    if (close) res.once("finish", () => req.socket.destroySoon());
    return { ok: false };
  };
  if (Number(req.headers["content-length"] ?? 0) > discard) return Promise.resolve(tooLarge(null, true));
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let scanner: TopLevelIdScanner | undefined;
    const stop = () => void req.off("data", onData).off("end", onEnd).off("error", onError);
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > discard) {
        stop();
        req.resume(); // keep draining until the socket closes; nothing more is kept
        return resolve(tooLarge(null, true));
      }
      if (scanner) return scanner.feed(c);
      if (size > limit) {
        scanner = new TopLevelIdScanner();
        for (const p of chunks) scanner.feed(p);
        scanner.feed(c);
        chunks = [];
        return;
      }
      chunks.push(c);
    };
    const onEnd = () => {
      stop();
      resolve(scanner ? tooLarge(scanner.id(), false) : { ok: true, text: Buffer.concat(chunks).toString("utf8") });
    };
    const onError = (e: Error) => {
      stop();
      reject(e);
    };
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

export async function startHttpServer(host: JacobianHost, opts: HttpServerOptions = {}): Promise<HttpServerHandle> {
  const bind = opts.host ?? host.settings.http.host;
  const limit = host.settings.maxRequestBytes;
  const maxSessions = opts.maxSessions ?? 256;
  const idleMs = opts.sessionIdleMs ?? 30 * 60_000;
  const { logger } = host;
  const allowed = [...localhostAllowedHostnames(), ...(opts.allowedHosts ?? host.settings.http.allowedHosts ?? [])];
  const validHost = hostHeaderValidation(allowed);
  const validOrigin = originValidation(allowed);
  const onerror = (e: Error) => logger.warn("mcp_http_error", { error: e.message });

  // One request per instance: its runtime closes with the request, so it issues no value:// refs.
  const modern = createMcpHandler(createServerFactory(host, (h) => h.openRuntime(), { transport: "http" }, { issueRefs: false }), { legacy: "reject", maxRequestBodySize: limit, onerror });
  const serveModern = toNodeHandler(modern, { maxRequestBodySize: limit, onerror });

  const sessions = new Map<string, Session>();
  const closeSession = async (id: string, s: Session) => {
    sessions.delete(id);
    await s.server.close().catch(onerror);
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, s] of sessions) if (now - s.lastSeen > idleMs) void closeSession(id, s);
  }, Math.min(idleMs, 60_000));
  sweep.unref();

  async function openSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (sessions.size >= maxSessions) {
      const [id, s] = [...sessions].reduce((a, b) => (b[1].lastSeen < a[1].lastSeen ? b : a));
      await closeSession(id, s);
    }
    const server = createMcpServer(host, (h) => h.openRuntime(), { era: "legacy", logFields: { transport: "http", era: "legacy" } });
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { transport, server, lastSeen: Date.now() }),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId));
    transport.onerror = onerror;
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    if (!transport.sessionId || !sessions.has(transport.sessionId)) await server.close(); // the handshake failed
  }

  async function serveLegacy(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const sid = req.headers["mcp-session-id"];
    if (typeof sid === "string" && sid) {
      const s = sessions.get(sid);
      if (!s) return jsonRpcError(res, 404, -32001, "Session not found");
      s.lastSeen = Date.now();
      return s.transport.handleRequest(req, res, body);
    }
    if (req.method === "POST" && isInitializeRequest(body)) return openSession(req, res, body);
    return jsonRpcError(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!validHost(req, res) || !validOrigin(req, res)) return; // answered 403
    if (new URL(req.url ?? "/", "http://localhost").pathname !== MCP_PATH) return jsonRpcError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (req.method === "GET" || req.method === "DELETE") return serveLegacy(req, res, undefined);
    if (req.method !== "POST") return jsonRpcError(res, 405, -32000, "Method not allowed", { allow: "GET, POST, DELETE" });
    if (!isJsonContentType(req.headers["content-type"] ?? null)) return jsonRpcError(res, 415, -32000, "Unsupported Media Type: Content-Type must be application/json");
    const read = await readBody(req, res, limit);
    if (!read.ok) return;
    if (jsonNestingExceeds(read.text, MAX_JSON_NESTING)) {
      return jsonRpcError(res, 400, -32600, `Invalid Request: the JSON body nests objects or arrays more than ${MAX_JSON_NESTING} levels deep`, {}, topLevelId(read.text));
    }
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      return jsonRpcError(res, 400, -32700, "Parse error: the request body is not valid JSON");
    }
    const legacy = await isLegacyRequest(await toWebRequest(req, body), body, { maxRequestBodySize: limit });
    return legacy ? serveLegacy(req, res, body) : serveModern(req, res, body);
  }

  const httpServer = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      logger.error("mcp_http_internal", { error: String((e as Error)?.message ?? e) });
      jsonRpcError(res, 500, -32603, "Internal server error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(opts.port ?? host.settings.http.port, bind, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const shown = bind === "0.0.0.0" ? "127.0.0.1" : bind === "::" ? "[::1]" : bind.includes(":") ? `[${bind}]` : bind;
  const url = `http://${shown}:${port}${MCP_PATH}`;
  logger.info("mcp_http_started", { url, bind });

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    get sessions() {
      return sessions.size;
    },
    close: () =>
      (closing ??= (async () => {
        clearInterval(sweep);
        const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await modern.close();
        await Promise.all([...sessions].map(([id, s]) => closeSession(id, s)));
        httpServer.closeAllConnections();
        await stopped;
      })()),
  };
}
