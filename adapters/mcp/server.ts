/**
 * One McpServer instance = one serving unit (a stdio connection, a 2025-era HTTP session, or one
 * 2026-era HTTP request) = one JacobianRuntime. The runtime is opened lazily on first use and
 * closed when the instance closes, which invalidates the value:// references it issued.
 */
import { McpServer, type McpRequestContext, type McpServerFactory } from "@modelcontextprotocol/server";
import { LIBRARY } from "../../application/run.js";
import type { JacobianRuntime } from "../../application/service.js";
import type { LogRecord } from "../../domain/ports.js";
import type { JacobianHost } from "../composition.js";
import { operationResources, registerResources } from "./resources.js";
import { registerTools } from "./tools.js";

export const INSTRUCTIONS = `Jacobian computes exact mathematics: arbitrary-size integers, exact rationals, finite fields and exact linear algebra. Nothing is approximated; there is no floating point.

Workflow:
1. math.find {"request": {"op": "search", "query": "<what you need, e.g. exact matrix determinant>"}} lists matching installed operations.
2. math.find {"request": {"op": "inspect", "capability_id": "<exact id>"}} gives that operation's request schema, result schema, bounds and worked examples.
3. math.run {"capability_id": "<exact id>", "payload": {...}} with a payload that matches the request schema exactly (unknown fields are refused).

Every mathematical value is a JSON string ("-12", "3/4", {"ring": "QQ", "rows": [["1", "2"], ["3", "4"]]}), never a JSON number.

math.run returns an outcome:
- "completed": value holds the exact result. Checker operations (ids ending in .verify) return a verdict (accepted, rejected or non_conclusion) with exact bindings to the claim checked.
- "non_conclusion": no mathematical conclusion was reached (timeout, cancellation, budget refusal, unavailable provider); this says nothing about the math.
- "failed": the request was wrong; error.code, error.path and error.hint say what to fix.

Operations with output ports return refs (value://...); pass one to a later math.run of the same session as "inputs": {"<port>": {"value_ref": "value://..."}}. References are session-local and may be evicted; stateless HTTP requests (protocol 2026-07-28) have no session, so no refs are returned there: pass values inline. Durable artifacts (results too large to inline, checker evidence) are resources at artifact://sha256/<hex>. The complete installed inventory is the resource capability://catalog.`;

export interface ServerOptions {
  /** Extra fields for this instance's log lines (transport, era, ...). */
  logFields?: LogRecord;
  /**
   * Issue value:// refs (default true). False for an instance that serves one request only
   * (stateless 2026-era HTTP): its runtime closes with the request, so a ref could never resolve.
   */
  issueRefs?: boolean;
}

/**
 * Build one McpServer bound to its own runtime. `openRuntime` is called at most once, on first
 * use; the runtime is closed when the server closes.
 */
export function createMcpServer(host: JacobianHost, openRuntime: () => JacobianRuntime = () => host.openRuntime(), options: ServerOptions = {}): McpServer {
  let runtime: JacobianRuntime | undefined;
  let closed = false;
  const lease = (): JacobianRuntime => {
    if (closed) throw new Error("this MCP server instance is closed");
    return (runtime ??= openRuntime());
  };
  const server = new McpServer(
    { name: LIBRARY.name, version: LIBRARY.version, title: "Jacobian: exact mathematics" },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } },
  );
  const { settings, logger } = host;
  registerTools(server, lease, { logger, maxRequestBytes: settings.maxRequestBytes, debug: settings.debug, ...(options.logFields ? { fields: options.logFields } : {}) }, { issueRefs: options.issueRefs !== false });
  registerResources(server, lease, operationResources(host.catalog.all()));
  const previous = server.server.onclose;
  server.server.onclose = () => {
    previous?.();
    closed = true;
    const r = runtime;
    runtime = undefined;
    if (r) Promise.resolve().then(() => r.close()).catch((e: unknown) => logger.error("mcp_runtime_close_failed", { error: String((e as Error)?.message ?? e) }));
  };
  return server;
}

/**
 * The factory both SDK entry points take (serveStdio, createMcpHandler): a fresh McpServer per
 * serving unit, each owning the runtime `runtimeFor(ctx)` returns (default: a new host runtime).
 */
export function createServerFactory(
  host: JacobianHost,
  runtimeFor: (ctx: McpRequestContext) => JacobianRuntime = () => host.openRuntime(),
  logFields: LogRecord = {},
  options: Pick<ServerOptions, "issueRefs"> = {},
): McpServerFactory {
  return (ctx) => createMcpServer(host, () => runtimeFor(ctx), { ...options, logFields: { ...logFields, era: ctx.era } });
}
