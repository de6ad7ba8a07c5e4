/**
 * One McpServer instance = one serving unit (a stdio connection, a 2025-era HTTP session, or one
 * 2026-era HTTP request) = one JacobianRuntime. The runtime is opened lazily on first use and
 * closed when the instance closes, which invalidates the value:// references it issued.
 */
import { McpServer, type McpRequestContext, type McpServerFactory } from "@modelcontextprotocol/server";
import type { JacobianRuntime } from "../../application/service.js";
import { LIBRARY } from "../../domain/library.js";
import type { LogRecord, Logger } from "../../domain/ports.js";
import type { JacobianHost } from "../composition.js";
import { operationResources, registerOperationResources, registerResources } from "./resources.js";
import { registerTools, renderRunOutcome } from "./tools.js";
import { installTasks, TASK_CAPABILITIES, type Era } from "./tasks.js";

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

/**
 * What an MCP server needs of the process: the few settings its transport and middleware use at
 * once, a logger, and the composition root — which a stdio server creates only after it is up, so
 * that `initialize` and `tools/list` never wait for the catalog, the validation library or the
 * operations (tool calls and resource reads await it).
 */
export interface McpHost {
  readonly settings: { readonly maxRequestBytes: number; readonly debug: boolean };
  readonly logger: Logger;
  /** The composition root if it is ready. */
  current(): JacobianHost | undefined;
  /** The composition root, created on first need. */
  ready(): Promise<JacobianHost>;
}

/** An McpHost over a composition root that already exists (HTTP, tests). */
export function readyHost(host: JacobianHost): McpHost {
  return { settings: host.settings, logger: host.logger, current: () => host, ready: async () => host };
}

/** An McpHost whose composition root is made by `create` on first need (or when `start` is called). */
export function deferredHost(settings: McpHost["settings"], logger: Logger, create: () => Promise<JacobianHost>): McpHost & { start(): Promise<JacobianHost> } {
  let made: JacobianHost | undefined;
  let pending: Promise<JacobianHost> | undefined;
  const start = () => (pending ??= create().then((h) => (made = h)));
  return { settings, logger, current: () => made, ready: start, start };
}

export interface ServerOptions {
  /** Extra fields for this instance's log lines (transport, era, ...). */
  logFields?: LogRecord;
  /**
   * Issue value:// refs (default true). False for an instance that serves one request only
   * (stateless 2026-era HTTP): its runtime closes with the request, so a ref could never resolve.
   */
  issueRefs?: boolean;
  /**
   * The protocol era this instance serves, when known at creation: in distributed mode such an
   * instance serves math.run as tasks (adapters/mcp/tasks.ts).
   */
  era?: Era;
}

/**
 * Build one McpServer bound to its own runtime. `openRuntime` is called at most once, on first
 * use; the runtime is closed when the server closes.
 */
export function createMcpServer(host: McpHost | JacobianHost, openRuntime: (h: JacobianHost) => JacobianRuntime = (h) => h.openRuntime(), options: ServerOptions = {}): McpServer {
  const mh = asMcpHost(host);
  let runtime: Promise<JacobianRuntime> | undefined;
  let opened: JacobianRuntime | undefined;
  let closed = false;
  const lease = (): Promise<JacobianRuntime> => {
    if (closed) return Promise.reject(new Error("this MCP server instance is closed"));
    return (runtime ??= mh.ready().then((h) => {
      if (closed) throw new Error("this MCP server instance is closed");
      return (opened = openRuntime(h));
    }));
  };
  const now = mh.current();
  // Tasks need the shared queue, known only once the composition root exists (always, over HTTP).
  const tasksEra = options.era && now?.queue ? options.era : undefined;
  const server = new McpServer(
    { name: LIBRARY.name, version: LIBRARY.version, title: "Jacobian: exact mathematics" },
    // With tasks, the tool handlers are registered by registerTools below, after installTasks.
    { instructions: INSTRUCTIONS, capabilities: tasksEra ? { resources: {}, ...TASK_CAPABILITIES } : { tools: {}, resources: {} } },
  );
  const { settings, logger } = mh;
  const middleware = { logger, maxRequestBytes: settings.maxRequestBytes, debug: settings.debug, ...(options.logFields ? { fields: options.logFields } : {}) };
  if (tasksEra) installTasks(server, { era: tasksEra, lease, settings: middleware, render: renderRunOutcome });
  registerTools(server, lease, middleware, { issueRefs: options.issueRefs !== false, taskSupport: tasksEra !== undefined });
  registerResources(server, lease, now ? operationResources(now.catalog.all()) : []);
  if (!now) {
    void mh.ready().then(
      (h) => {
        const published = operationResources(h.catalog.all());
        if (published.length && !closed) registerOperationResources(server, lease, published);
      },
      () => {},
    );
  }
  const previous = server.server.onclose;
  server.server.onclose = () => {
    previous?.();
    closed = true;
    const r = opened;
    opened = undefined;
    if (r) Promise.resolve().then(() => r.close()).catch((e: unknown) => logger.error("mcp_runtime_close_failed", { error: String((e as Error)?.message ?? e) }));
  };
  return server;
}

function asMcpHost(h: McpHost | JacobianHost): McpHost {
  return typeof (h as McpHost).ready === "function" ? (h as McpHost) : readyHost(h as JacobianHost);
}

/**
 * The factory both SDK entry points take (serveStdio, createMcpHandler): a fresh McpServer per
 * serving unit, each owning the runtime `runtimeFor(host, ctx)` returns (default: a new host runtime).
 */
export function createServerFactory(
  host: McpHost | JacobianHost,
  runtimeFor: (h: JacobianHost, ctx: McpRequestContext) => JacobianRuntime = (h) => h.openRuntime(),
  logFields: LogRecord = {},
  options: Pick<ServerOptions, "issueRefs"> = {},
): McpServerFactory {
  return (ctx) => createMcpServer(host, (h) => runtimeFor(h, ctx), { ...options, era: ctx.era, logFields: { ...logFields, era: ctx.era } });
}
