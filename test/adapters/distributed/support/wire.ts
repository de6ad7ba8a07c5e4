/**
 * Raw MCP over HTTP for the distributed tests: JSON-RPC requests of either protocol era, sent with
 * fetch exactly as a client (or a load balancer in front of replicas) would, so that a task created
 * on one replica can be polled on another. No SDK client is involved: the SDK clients (2.4.0) do
 * not speak the task extension, and a 2025-era session is bound to the replica that opened it.
 */
export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

export interface RpcReply {
  status: number;
  result?: any;
  error?: { code: number; message: string; data?: unknown };
  /** notifications the server sent on the request's stream, in order. */
  notifications: { method: string; params: any }[];
}

let nextId = 1;

/** Read a JSON or SSE response body: the response to `id` plus any notifications before it. */
async function readReply(res: Response, id: number): Promise<RpcReply> {
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  const messages: any[] = [];
  if (type.includes("text/event-stream")) {
    for (const block of text.split(/\r?\n\r?\n/)) {
      const data = block.split(/\r?\n/).filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
      if (data) messages.push(JSON.parse(data));
    }
  } else if (text) messages.push(JSON.parse(text));
  const reply = messages.find((m) => m.id === id) ?? messages.find((m) => "error" in m && m.id === null);
  return { status: res.status, ...(reply?.result !== undefined ? { result: reply.result } : {}), ...(reply?.error ? { error: reply.error } : {}), notifications: messages.filter((m) => m.method && m.id === undefined) };
}

export interface ModernOptions {
  /** Declare the tasks extension in the per-request client capabilities. */
  tasks?: boolean;
  progressToken?: string | number;
  signal?: AbortSignal;
}

/** One stateless 2026-07-28 request (every request stands alone; any replica may answer it). */
export async function modern(url: string, method: string, params: Record<string, unknown> = {}, o: ModernOptions = {}): Promise<RpcReply> {
  const id = nextId++;
  const meta: Record<string, unknown> = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientInfo": { name: "jacobian-distributed-test", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": o.tasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {},
    ...(o.progressToken !== undefined ? { progressToken: o.progressToken } : {}),
  };
  const name = typeof params.name === "string" ? params.name : typeof params.taskId === "string" ? params.taskId : typeof params.uri === "string" ? params.uri : undefined;
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": method, ...(name !== undefined ? { "mcp-name": name } : {}) },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: meta } }),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  return readReply(res, id);
}

/** A 2025-11-25 session on one replica (initialize, then requests carrying its Mcp-Session-Id). */
export class LegacySession {
  private sessionId: string | undefined;
  constructor(readonly url: string) {}

  async open(capabilities: Record<string, unknown> = { tasks: {} }): Promise<RpcReply> {
    const r = await this.request("initialize", { protocolVersion: LEGACY, capabilities, clientInfo: { name: "jacobian-distributed-test", version: "1" } });
    await this.notify("notifications/initialized");
    return r;
  }

  async request(method: string, params: Record<string, unknown> = {}, signal?: AbortSignal): Promise<RpcReply> {
    const id = nextId++;
    const res = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(this.sessionId ? { "mcp-session-id": this.sessionId, "mcp-protocol-version": LEGACY } : {}) },
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      ...(signal ? { signal } : {}),
    });
    this.sessionId ??= res.headers.get("mcp-session-id") ?? undefined;
    return readReply(res, id);
  }

  async notify(method: string, params: Record<string, unknown> = {}): Promise<void> {
    const res = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(this.sessionId ? { "mcp-session-id": this.sessionId, "mcp-protocol-version": LEGACY } : {}) },
      body: JSON.stringify({ jsonrpc: "2.0", method, params }),
    });
    await res.text();
  }

  /** tools/call math.run; `task` asks for a task (2025-11-25 task augmentation). */
  run(capability_id: string, payload: unknown, o: { inputs?: Record<string, { value_ref: string }>; task?: { ttl?: number }; progressToken?: string | number } = {}): Promise<RpcReply> {
    return this.request("tools/call", {
      name: "math.run",
      arguments: { capability_id, payload, ...(o.inputs ? { inputs: o.inputs } : {}) },
      ...(o.task ? { task: o.task } : {}),
      ...(o.progressToken !== undefined ? { _meta: { progressToken: o.progressToken } } : {}),
    });
  }

  async close(): Promise<void> {
    if (!this.sessionId) return;
    await fetch(this.url, { method: "DELETE", headers: { "mcp-session-id": this.sessionId, "mcp-protocol-version": LEGACY } }).then((r) => r.text()).catch(() => {});
  }
}

/** math.run over a stateless 2026-07-28 request. */
export function modernRun(url: string, capability_id: string, payload: unknown, o: ModernOptions = {}): Promise<RpcReply> {
  return modern(url, "tools/call", { name: "math.run", arguments: { capability_id, payload } }, o);
}
