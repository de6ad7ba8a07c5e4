/**
 * The two MCP tools. Each handler only calls the runtime (the use cases) and maps the result to a
 * ToolReply; validation, math and publication all happen behind runtime.find / runtime.run.
 */
import type { CallToolResult, McpServer, ServerContext } from "@modelcontextprotocol/server";
import type { JacobianRuntime } from "../../application/service.js";
import type { FindResult } from "../../application/find.js";
import { echoId } from "../../application/echo.js";
import type { FailureDetail } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";
import type { RunOutcome } from "../../domain/outcome.js";
import type { ProgressSink } from "../../domain/ports.js";
import { findText } from "./text.js";
import { wireProgress } from "./progress.js";
import { render, withMiddleware, type MiddlewareSettings, type ToolDefinition, type ToolReply } from "./middleware.js";
import { findInputSchema, findOutputSchema, runInputSchema, runOutputSchema } from "./schemas.js";

export const FIND_DESCRIPTION = [
  "Search the installed exact-math operations, or inspect one operation by its exact id.",
  'Search: {"request": {"op": "search", "query": "exact matrix determinant", "limit"?: 1-20, "input_kind"?: "matrix", "artifact_type"?: "..."}} returns compact ranked hits (id, title, one-sentence summary, score, applicability, provider availability, input kinds).',
  'Inspect: {"request": {"op": "inspect", "capability_id": "integer.compute.gcd"}} returns the authoritative request and result schemas, bounds, cost model, ports and runnable examples.',
  "Search never lists the whole inventory; read the capability://catalog resource for that.",
].join(" ");

export const RUN_DESCRIPTION = [
  "Execute one installed operation exactly.",
  'Arguments: {"capability_id": "<exact id from math.find>", "payload": {...matching the operation\'s request schema...}, "inputs"?: {"<input port>": {"value_ref": "value://..."}}}.',
  'Mathematical values are strings ("123456789012345678901234567890", "-3/4"); unknown fields are refused.',
  'Returns an outcome envelope: "completed" with value (checkers, ids ending in .verify, return a verdict with exact bindings),',
  '"non_conclusion" with reason (timeout, cancellation, budget refusal, unavailable provider: no mathematical conclusion), or',
  '"failed" with error { code, message, path, hint } (fix the request and retry). Progress is reported when the client asks for it; cancellation is honoured.',
].join(" ");

const PROGRESS_INTERVAL_MS = 50;
const FLUSH_LIMIT_MS = 1000;

function findTool(runtime: () => Promise<JacobianRuntime>): ToolDefinition {
  const reply = (r: FindResult): ToolReply => {
    const failed = "error" in r;
    return {
      structured: r as unknown as { [key: string]: Json },
      ...(failed ? {} : { text: findText(r) }),
      isError: failed,
      outcome: failed ? "failed" : "completed",
      ...(failed ? { code: r.error.code } : {}),
      ...("capability" in r ? { capabilityId: String(r.capability.id) } : {}),
      links: [],
    };
  };
  return {
    name: "math.find",
    handle: async (args) => reply((await runtime()).find(args)),
    fail: (error: FailureDetail, args) => {
      const op = (args as { request?: { op?: unknown } } | undefined)?.request?.op;
      return reply({ op: op === "search" || op === "inspect" ? op : "unknown", error });
    },
  };
}

/** The reply of math.run for an outcome. */
function runReply(o: RunOutcome): ToolReply {
  return {
    structured: o as unknown as { [key: string]: Json },
    isError: o.outcome === "failed",
    outcome: o.outcome,
    ...(o.outcome === "failed" ? { code: o.error.code } : o.outcome === "non_conclusion" ? { code: o.reason.code } : {}),
    ...(o.capability_id ? { capabilityId: o.capability_id } : {}),
    links: o.outcome === "completed" ? [...(o.artifacts ?? []), ...(o.value_artifact ? [o.value_artifact] : [])] : [],
  };
}

/** The tool result of a math.run outcome (a task's result is rendered exactly as the call's would be). */
export function renderRunOutcome(o: RunOutcome): CallToolResult {
  return render(runReply(o));
}

function runTool(runtime: () => Promise<JacobianRuntime>, issueRefs: boolean): ToolDefinition {
  const reply = runReply;
  return {
    name: "math.run",
    handle: async (args, ctx) => {
      const progress = progressBridge(ctx);
      const outcome = await (await runtime()).run(args, { signal: ctx.mcpReq.signal, issueRefs, ...(progress ? { onProgress: progress.sink } : {}) });
      if (outcome.outcome === "completed") progress?.finish(); // every bar ends full
      await progress?.flush(); // notifications must precede the result, or the client drops them
      return reply(outcome);
    },
    fail: (error: FailureDetail, args) => {
      const id = (args as { capability_id?: unknown } | undefined)?.capability_id;
      return reply({ capability_id: echoId(id), outcome: "failed", error, execution: { runtime_ms: 0, provider: "none" } });
    },
  };
}

/**
 * notifications/progress for a client that sent a progress token: the operation's stages as one
 * increasing stream (wireProgress), throttled (a stage's end and the final step always go).
 */
function progressBridge(ctx: ServerContext): { sink: ProgressSink; finish(): void; flush(): Promise<void> } | undefined {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let last = Number.NEGATIVE_INFINITY;
  let sent: Promise<void> = Promise.resolve();
  const wire = wireProgress((done, total, message) => {
    const now = performance.now();
    if (now - last < PROGRESS_INTERVAL_MS && !(total !== undefined && done >= total)) return;
    last = now;
    const params = { progressToken, progress: done, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) };
    const notified = ctx.mcpReq.notify({ method: "notifications/progress", params }).catch(() => {
      /* the client went away; the run's signal handles that */
    });
    sent = sent.then(() => notified);
  });
  return {
    sink: wire.sink,
    finish: wire.finish,
    // Bounded: a notification stuck on a dead stream must not hold the result back.
    flush: () => Promise.race([sent, new Promise<void>((resolve) => setTimeout(resolve, FLUSH_LIMIT_MS).unref())]),
  };
}

/**
 * `issueRefs: false` where the runtime ends with the request (stateless 2026-era HTTP);
 * `taskSupport` where math.run may run as a task (distributed mode, adapters/mcp/tasks.ts).
 */
export function registerTools(server: McpServer, runtime: () => Promise<JacobianRuntime>, settings: MiddlewareSettings, options: { issueRefs?: boolean; taskSupport?: boolean } = {}): void {
  server.registerTool(
    "math.find",
    {
      title: "Find exact-math operations",
      description: FIND_DESCRIPTION,
      inputSchema: findInputSchema(),
      outputSchema: findOutputSchema(),
      annotations: { title: "Find exact-math operations", readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
    },
    withMiddleware(findTool(runtime), settings),
  );
  const run = server.registerTool(
    "math.run",
    {
      title: "Run an exact-math operation",
      description: RUN_DESCRIPTION,
      inputSchema: runInputSchema(),
      outputSchema: runOutputSchema(),
      annotations: { title: "Run an exact-math operation", readOnlyHint: false, idempotentHint: false, destructiveHint: false, openWorldHint: false },
    },
    withMiddleware(runTool(runtime, options.issueRefs !== false), settings),
  );
  // registerTool takes no `execution` (2.4.0 has no task runtime); the registered tool carries it
  // into tools/list. 2025-11-25 clients read it; the 2026-07-28 codec drops it (the extension
  // needs no per-tool declaration).
  if (options.taskSupport) run.execution = { taskSupport: "optional" };
}
