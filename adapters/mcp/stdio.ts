/**
 * MCP over stdio with serveStdio(factory): one connection per process, pinned to the era its
 * opening message selects (2025-11-25 `initialize` or 2026-07-28 `server/discover`), one
 * McpServer and one JacobianRuntime for the connection's lifetime. stdout carries protocol only:
 * logs go to stderr, and stray console.log/info/debug output is redirected to stderr while the
 * server runs.
 *
 * stdin reaches the SDK through a LineLimiter: a message longer than the read limit is discarded
 * as it streams by and answered here with a JSON-RPC error (-32600, with the request's id when its
 * top level names one), and the connection keeps serving. Without it the SDK's transport closes
 * the whole connection when one line outgrows its read buffer.
 */
import type { Readable, Writable } from "node:stream";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/server";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import type { JacobianHost } from "../composition.js";
import { LineLimiter, type OversizeLine } from "./framing.js";
import { createServerFactory, readyHost, type McpHost } from "./server.js";

export interface StdioServerHandle {
  /** Tear the connection down (closes the server instance and its runtime). */
  close(): Promise<void>;
  /** Resolves when the connection has ended (stdin closed by the client, or close()). */
  closed: Promise<void>;
}

export interface StdioOptions {
  stdin?: Readable;
  stdout?: Writable;
}

/** Notifies when the SDK closes the transport (stdin EOF, error, or handle.close()). */
class TrackedStdioTransport extends StdioServerTransport {
  constructor(stdin: Readable, stdout: Writable, maxBufferSize: number, private readonly onClosed: () => void) {
    super(stdin, stdout, { maxBufferSize });
  }
  override async close(): Promise<void> {
    await super.close();
    this.onClosed();
  }
}

/** `host` may be deferred: the server answers initialize and tools/list before the catalog exists. */
export async function runStdioServer(hostOrRoot: McpHost | JacobianHost, options: StdioOptions = {}): Promise<StdioServerHandle> {
  const host: McpHost = typeof (hostOrRoot as McpHost).ready === "function" ? (hostOrRoot as McpHost) : readyHost(hostOrRoot as JacobianHost);
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const restoreConsole = stdout === process.stdout ? redirectConsoleToStderr() : () => {};
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve)).then(restoreConsole);
  // A message somewhat over max_request_bytes must still reach the middleware, which answers it
  // with a clean INVALID_PAYLOAD tool result; only beyond that is a line refused unread.
  const maxLineBytes = Math.max(STDIO_DEFAULT_MAX_BUFFER_SIZE, 2 * host.settings.maxRequestBytes + 65536);
  const limiter = new LineLimiter(maxLineBytes, (line) => answerOversize(stdout, line, maxLineBytes, host));
  stdin.pipe(limiter);
  const onStdinError = (e: Error) => limiter.destroy(e);
  stdin.on("error", onStdinError);
  const detach = () => {
    stdin.unpipe(limiter);
    stdin.off("error", onStdinError);
    if (stdin.listenerCount("data") === 0) stdin.pause();
  };
  // The limiter hands over one whole line per chunk, so the SDK's buffer never holds more than
  // one line: its own limit (which would close the connection) is set out of reach.
  const transport = new TrackedStdioTransport(limiter, stdout, 2 * maxLineBytes + 1024, () => {
    detach();
    markClosed();
  });
  const handle = serveStdio(createServerFactory(host, (h) => h.openRuntime(), { transport: "stdio" }), {
    transport,
    onerror: (e) => host.logger.warn("mcp_stdio_error", { error: e.message }),
  });
  host.logger.info("mcp_stdio_started", { pid: process.pid });
  return {
    closed,
    close: async () => {
      await handle.close();
      markClosed();
      await closed;
    },
  };
}

/** The JSON-RPC error for a discarded over-long line, written between the SDK's own messages. */
function answerOversize(stdout: Writable, line: OversizeLine, maxLineBytes: number, host: McpHost): void {
  host.logger.warn("mcp_stdio_oversize_message", { bytes: line.bytes, max_bytes: maxLineBytes, id: line.id === null ? null : String(line.id).slice(0, 64) });
  const message = `Invalid Request: the message is larger than ${maxLineBytes} bytes, the most this server reads per message; it was discarded unread. Send smaller inputs (tool arguments are limited to ${host.settings.maxRequestBytes} bytes).`;
  if (!stdout.writable) return;
  stdout.write(JSON.stringify({ jsonrpc: "2.0", id: line.id, error: { code: -32600, message, data: { max_message_bytes: maxLineBytes, max_request_bytes: host.settings.maxRequestBytes } } }) + "\n");
}

function redirectConsoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  return () => Object.assign(console, saved);
}
