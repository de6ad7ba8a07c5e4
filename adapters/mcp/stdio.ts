/**
 * MCP over stdio with serveStdio(factory): one connection per process, pinned to the era its
 * opening message selects (2025-11-25 `initialize` or 2026-07-28 `server/discover`), one
 * McpServer and one JacobianRuntime for the connection's lifetime. stdout carries protocol only:
 * logs go to stderr, and stray console.log/info/debug output is redirected to stderr while the
 * server runs.
 */
import type { Readable, Writable } from "node:stream";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/server";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import type { JacobianHost } from "../composition.js";
import { createServerFactory } from "./server.js";

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

export async function runStdioServer(host: JacobianHost, options: StdioOptions = {}): Promise<StdioServerHandle> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const restoreConsole = stdout === process.stdout ? redirectConsoleToStderr() : () => {};
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve)).then(restoreConsole);
  // A message somewhat over max_request_bytes must still reach the middleware, which answers it
  // with a clean INVALID_PAYLOAD outcome instead of the transport dropping the connection.
  const maxBufferSize = Math.max(STDIO_DEFAULT_MAX_BUFFER_SIZE, 2 * host.settings.maxRequestBytes + 65536);
  const transport = new TrackedStdioTransport(stdin, stdout, maxBufferSize, () => markClosed());
  const handle = serveStdio(createServerFactory(host, () => host.openRuntime(), { transport: "stdio" }), {
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

function redirectConsoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  return () => Object.assign(console, saved);
}
