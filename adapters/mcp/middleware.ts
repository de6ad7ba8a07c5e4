/**
 * The one place where cross-cutting concerns wrap both tool callbacks (the SDK has no middleware
 * API around tool calls, so every callback is wrapped at registration):
 *  - request-size limit: arguments larger than settings.maxRequestBytes get a failed envelope
 *    (INVALID_PAYLOAD with a hint) before anything looks inside them;
 *  - catch-all: any exception becomes a failed INTERNAL envelope; no message or stack of the
 *    exception reaches the wire (it is logged on stderr, the stack only with settings.debug);
 *  - one structured log line per call on stderr (request id, tool, capability id, outcome,
 *    duration, request/response bytes); argument and result values only with settings.debug;
 *  - rendering: structuredContent + text (the same JSON, or a compact rendering for math.find)
 *    + resource_link items for artifacts.
 */
import type { CallToolResult, ServerContext } from "@modelcontextprotocol/server";
import type { FailureDetail } from "../../domain/errors.js";
import { utf8Length, type Json } from "../../domain/json.js";
import type { LogRecord, Logger } from "../../domain/ports.js";

/** What a tool handler produces before rendering. */
export interface ToolReply {
  structured: { [key: string]: Json };
  isError: boolean;
  /** For the log line: "completed" | "non_conclusion" | "failed". */
  outcome: string;
  /** Stable failure or non-conclusion code, for the log line. */
  code?: string;
  capabilityId?: string;
  /** artifact:// URIs to link as resource_link content. */
  links: string[];
  /** The text content when it is a compact rendering; by default the same JSON as structuredContent. */
  text?: string;
}

export interface ToolDefinition {
  name: string;
  handle(args: unknown, ctx: ServerContext): Promise<ToolReply>;
  /** The tool's own failed shape for a failure detected outside its handler. */
  fail(error: FailureDetail, args: unknown): ToolReply;
}

export interface MiddlewareSettings {
  logger: Logger;
  maxRequestBytes: number;
  debug: boolean;
  /** Extra fields for every log line of this server instance (transport, era). */
  fields?: LogRecord;
}

type ToolCallback = (args: unknown, ctx: ServerContext) => Promise<CallToolResult>;

let sequence = 0;

export function withMiddleware(tool: ToolDefinition, settings: MiddlewareSettings): ToolCallback {
  return async (args, ctx) => {
    const started = performance.now();
    const requestBytes = byteSize(args);
    let reply: ToolReply;
    if (requestBytes > settings.maxRequestBytes) {
      reply = tool.fail(
        {
          code: "INVALID_PAYLOAD",
          message: Number.isFinite(requestBytes)
            ? `the ${tool.name} arguments are ${requestBytes} bytes; this server accepts at most ${settings.maxRequestBytes} bytes per call`
            : `the ${tool.name} arguments are nested too deeply to process`,
          hint: Number.isFinite(requestBytes) ? "send smaller inputs, or ask the operator to raise max_request_bytes" : "mathematical values are flat strings; see the operation's request schema",
        },
        args, // only its top-level capability_id / request.op are read, nothing is validated
      );
    } else {
      try {
        reply = await tool.handle(args, ctx);
      } catch (e) {
        settings.logger.error("mcp_tool_exception", {
          tool: tool.name,
          request_id: String(ctx.mcpReq.id),
          error: String((e as Error)?.message ?? e),
          ...(settings.debug ? { stack: String((e as Error)?.stack) } : {}),
        });
        reply = tool.fail({ code: "INTERNAL", message: "internal error in the MCP adapter; it has been logged", hint: "retry; if it persists, report the request to the operator" }, args);
      }
    }
    const result = render(reply);
    const text = (result.content[0] as { text: string }).text;
    settings.logger.info("mcp_tool_call", {
      ...settings.fields,
      call: ++sequence,
      request_id: String(ctx.mcpReq.id),
      ...(ctx.sessionId ? { session: ctx.sessionId } : {}),
      tool: tool.name,
      ...(reply.capabilityId ? { capability_id: reply.capabilityId } : {}),
      outcome: reply.outcome,
      ...(reply.code ? { code: reply.code } : {}),
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
      request_bytes: requestBytes,
      // The structured JSON, plus the text when it is a separate (compact) rendering.
      response_bytes: reply.text === undefined ? utf8Length(text) : utf8Length(JSON.stringify(reply.structured)) + utf8Length(text),
      ...(settings.debug ? { arguments: (requestBytes <= settings.maxRequestBytes ? args : "(too large)") as Json, response: reply.structured } : {}),
    });
    return result;
  };
}

/** structuredContent, text for clients that ignore structuredContent, links. */
export function render(reply: ToolReply): CallToolResult {
  const content: CallToolResult["content"] = [{ type: "text", text: reply.text ?? JSON.stringify(reply.structured) }];
  for (const uri of [...new Set(reply.links)]) {
    content.push({ type: "resource_link", uri, name: `artifact-${uri.slice(-64, -52)}`, title: "Jacobian artifact", mimeType: "application/json" });
  }
  return { structuredContent: reply.structured, content, ...(reply.isError ? { isError: true } : {}) };
}

function byteSize(args: unknown): number {
  try {
    return utf8Length(JSON.stringify(args ?? {}) ?? "");
  } catch {
    return Number.POSITIVE_INFINITY; // not serialisable (cannot happen for JSON-RPC input)
  }
}
