/**
 * `math.run` as MCP tasks (distributed mode), in both protocol eras:
 *
 *  - 2025-11-25 (tasks in core): the server declares `capabilities.tasks` and `math.run` declares
 *    `execution.taskSupport: "optional"`. A `tools/call` with a `task` parameter gets a
 *    CreateTaskResult (`{ task }`) as soon as the run is queued; `tasks/get`, `tasks/result`
 *    (waits), `tasks/list` (the session's own tasks) and `tasks/cancel` follow the task. A tool
 *    result with `isError` makes the task `failed`, as that revision says. When the task ends, the
 *    session that created it gets `notifications/tasks/status` (on its standalone stream).
 *  - 2026-07-28 (the `io.modelcontextprotocol/tasks` extension, declared in `server/discover`): a
 *    client that declares the extension in its per-request capabilities gets a task handle
 *    (`resultType: "task"`) for work long enough for the shared queue, and a plain result for the
 *    rest; `tasks/get` (the result inlined once completed), `tasks/update` and `tasks/cancel`.
 *
 * Task records live in Redis (application/tasks.ts, adapters/distributed/job-queue.ts), so any
 * replica answers any of these requests: a stateless client may poll whichever replica its load
 * balancer picks. Task ids carry 192 random bits; they are the capability to a task.
 *
 * The SDK (2.4.0) carries the task wire schemas but no task runtime, and its `tools/call` wrapper
 * validates every result as a CallToolResult. The one seam used is the protocol's documented
 * subclass hook `_wrapHandler`, set on this instance before the tool handlers are registered: it
 * answers task-augmented `math.run` calls and hands every other call to the SDK's own handler.
 */
import { type } from "arktype";
import { CancelTaskRequestSchema, GetTaskPayloadRequestSchema, GetTaskRequestSchema, ListTasksRequestSchema } from "@modelcontextprotocol/core";
import { MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY, type CallToolResult, type McpServer, type ServerContext } from "@modelcontextprotocol/server";
import type { JacobianRuntime } from "../../application/service.js";
import { utf8Length } from "../../domain/json.js";
import type { RunOutcome } from "../../domain/outcome.js";
import type { TaskRecord } from "../../domain/ports.js";
import type { MiddlewareSettings } from "./middleware.js";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
/** tasks/list answers at most this many of the session's tasks (newest first). */
export const TASK_LIST_LIMIT = 1000;

export type Era = "legacy" | "modern";

/** The capabilities a task-serving instance adds (each era's codec drops the other era's entry). */
export const TASK_CAPABILITIES = {
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
  extensions: { [TASKS_EXTENSION]: {} },
};

type Handler = (request: { method: string; params?: Record<string, unknown> }, ctx: ServerContext) => Promise<unknown>;
interface ProtocolSeam {
  _wrapHandler(method: string, handler: Handler): Handler;
  setRequestHandler(method: string, schemas: { params: unknown }, handler: (params: any, ctx: ServerContext) => unknown): void;
}

const UpdateParams = type({ taskId: "string", "inputResponses?": "object", "_meta?": "object" });

export interface TaskAdapterOptions {
  era: Era;
  lease: () => Promise<JacobianRuntime>;
  settings: MiddlewareSettings;
  /** The tool result of a math.run outcome, exactly as the tool itself renders it. */
  render: (outcome: RunOutcome) => CallToolResult;
}

/** Must run before the first registerTool (the tools/call handler is wrapped when it is registered). */
export function installTasks(server: McpServer, o: TaskAdapterOptions): void {
  const seam = server.server as unknown as ProtocolSeam;
  const wrap = seam._wrapHandler.bind(seam);
  // Status notifications of the session's own tasks stop with the session.
  const closed = new AbortController();
  const previous = server.server.onclose;
  server.server.onclose = () => {
    previous?.();
    closed.abort();
  };
  const notifyWhenDone = (id: string) => {
    void o
      .lease()
      .then((rt) => rt.awaitTask(id, closed.signal))
      .then((t) => {
        if (!t || t.status === "working" || closed.signal.aborted) return;
        // Not in the SDK's typed notification surface (2.4.0 has no task runtime); the 2025 codec carries it.
        const notify = server.server.notification.bind(server.server) as (n: { method: string; params: object }) => Promise<void>;
        return notify({ method: "notifications/tasks/status", params: wire2025(t) });
      })
      .catch(() => {
        /* the session went away, or Redis did: the client polls */
      });
  };
  seam._wrapHandler = (method, handler) => {
    const wrapped = wrap(method, handler);
    if (method !== "tools/call") return wrapped;
    return async (request, ctx) => {
      const started = await startTask(request.params ?? {}, ctx, o);
      const id = (started as { task?: { taskId?: string; status?: string } } | undefined)?.task;
      if (o.era === "legacy" && id?.taskId && id.status === "working") notifyWhenDone(id.taskId);
      return started ?? wrapped(request, ctx);
    };
  };

  const find = async (id: unknown, ctx: ServerContext): Promise<TaskRecord> => {
    requireExtension(o.era, ctx);
    const record = typeof id === "string" ? await (await o.lease()).task(id) : undefined;
    if (!record) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found (unknown, or expired after its ttl)");
    return record;
  };
  const wire = (t: TaskRecord) => (o.era === "legacy" ? wire2025(t) : wire2026(t, o.render));

  seam.setRequestHandler("tasks/get", { params: GetTaskRequestSchema.shape.params }, async (p: { taskId: string }, ctx) => guarded(() => find(p.taskId, ctx).then(wire)));
  seam.setRequestHandler("tasks/cancel", { params: CancelTaskRequestSchema.shape.params }, async (p: { taskId: string }, ctx) =>
    guarded(async () => {
      const before = await find(p.taskId, ctx);
      // 2025-11-25: cancelling a terminal task is an error; 2026-07-28: always acknowledged.
      if (o.era === "legacy" && before.status !== "working") throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cannot cancel task: it is already ${wire2025(before).status}`);
      const after = (await (await o.lease()).cancelTask(p.taskId)) ?? before;
      o.settings.logger.info("mcp_task_cancelled", { ...o.settings.fields, task: p.taskId.slice(0, 8), status: after.status });
      return o.era === "legacy" ? wire2025(after) : {};
    }),
  );
  if (o.era === "legacy") {
    seam.setRequestHandler("tasks/result", { params: GetTaskPayloadRequestSchema.shape.params }, async (p: { taskId: string }, ctx) =>
      guarded(async () => {
        await find(p.taskId, ctx);
        const done = await (await o.lease()).taskResult(p.taskId, ctx.mcpReq.signal);
        if (!done?.outcome) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found (expired after its ttl)");
        const result = o.render(done.outcome);
        return { ...result, _meta: { ...(result._meta ?? {}), [RELATED_TASK_META_KEY]: { taskId: p.taskId } } };
      }),
    );
    seam.setRequestHandler("tasks/list", { params: ListTasksRequestSchema.shape.params }, async () =>
      guarded(async () => ({ tasks: (await (await o.lease()).listTasks(TASK_LIST_LIMIT)).map(wire2025) })),
    );
  } else {
    // The extension's input_required state never occurs here (no operation asks the client for
    // input), so an update is acknowledged and has nothing to deliver.
    seam.setRequestHandler("tasks/update", { params: UpdateParams }, async (p: { taskId: string }, ctx) => guarded(() => find(p.taskId, ctx).then(() => ({}))));
  }
}

/** A task for this call, or undefined when it is answered as a plain call. */
async function startTask(params: Record<string, unknown>, ctx: ServerContext, o: TaskAdapterOptions): Promise<unknown> {
  if (params.name !== "math.run") return undefined;
  const requested = o.era === "legacy" ? params.task !== undefined : declaresExtension(ctx);
  if (!requested) return undefined;
  const args = params.arguments;
  // Over-size arguments get the middleware's INVALID_PAYLOAD answer from the plain path.
  if (utf8Length(JSON.stringify(args ?? {}) ?? "") > o.settings.maxRequestBytes) return undefined;
  const runtime = await o.lease();
  if (!runtime.tasksEnabled) return undefined;
  const ttl = (params.task as { ttl?: unknown } | undefined)?.ttl;
  const started = await guarded(() => runtime.startTask(args, o.era === "legacy" ? "always" : "long", typeof ttl === "number" && ttl > 0 ? ttl : undefined));
  if ("answer" in started) return started.answer === "outcome" ? o.render(started.outcome) : undefined;
  const t = started.task;
  o.settings.logger.info("mcp_task_created", { ...o.settings.fields, request_id: String(ctx.mcpReq.id), task: t.id.slice(0, 8), capability_id: t.capability_id, status: t.status });
  return o.era === "legacy" ? { task: wire2025(t) } : { resultType: "task", ...wire2026(t, o.render, false) };
}

function declaresExtension(ctx: ServerContext): boolean {
  const envelope = (ctx.mcpReq as { envelope?: Record<string, unknown> }).envelope;
  const caps = envelope?.["io.modelcontextprotocol/clientCapabilities"] as { extensions?: Record<string, unknown> } | undefined;
  return caps?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** 2026-07-28: task methods are only for clients that declare the extension on the request. */
function requireExtension(era: Era, ctx: ServerContext): void {
  if (era === "modern" && !declaresExtension(ctx)) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
}

/** Failures of the shared store are JSON-RPC internal errors here (there is no tool result to carry them). */
async function guarded<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof ProtocolError) throw e;
    if ((e as Error)?.name === "ProviderUnavailable") throw new ProtocolError(ProtocolErrorCode.InternalError, `${(e as Error).message}; retry later`);
    throw new ProtocolError(ProtocolErrorCode.InternalError, "internal error while handling the task; it has been logged");
  }
}

/** The task as 2025-11-25 shows it. */
export function wire2025(t: TaskRecord) {
  const status = t.status === "completed" && t.outcome?.outcome === "failed" ? "failed" : t.status;
  return { taskId: t.id, status, ...(t.statusMessage ? { statusMessage: t.statusMessage } : {}), createdAt: t.createdAt, lastUpdatedAt: t.lastUpdatedAt, ttl: t.ttlMs, pollInterval: t.pollIntervalMs };
}

/** The task as the 2026-07-28 extension shows it; `tasks/get` inlines a completed task's result. */
export function wire2026(t: TaskRecord, render: (o: RunOutcome) => CallToolResult, detailed = true) {
  return {
    taskId: t.id,
    status: t.status,
    ...(t.statusMessage ? { statusMessage: t.statusMessage } : {}),
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttlMs: t.ttlMs,
    pollIntervalMs: t.pollIntervalMs,
    ...(detailed && t.status === "completed" && t.outcome ? { result: render(t.outcome) } : {}),
  };
}
