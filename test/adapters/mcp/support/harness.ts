/**
 * Real MCP clients for the contract tests: the v2 client (2025 legacy handshake by default, or
 * 2026-07-28 with versionNegotiation auto) and the v1 SDK client, over stdio (spawned launcher)
 * or Streamable HTTP, behind one small interface.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { DEFAULT_PACKS } from "../../../../operations/packs.js";
import type { OperationPack } from "../../../../domain/declaration.js";
import type { LogRecord, Logger } from "../../../../domain/ports.js";
import { testPack } from "../../../support/packs.js";
import { mcpTestPack, type OpEvent } from "./mcp-pack.js";

export const TEST_PACKS: (string | OperationPack)[] = [...DEFAULT_PACKS, mcpTestPack, testPack];
export const LAUNCHER = path.join(path.dirname(fileURLToPath(import.meta.url)), "stdio-server.js");

export type Kind = "v2-legacy" | "v2-modern" | "v1";
export const KINDS: Kind[] = ["v2-legacy", "v2-modern", "v1"];

export interface ToolResult {
  content: { type: string; text?: string; uri?: string; name?: string; mimeType?: string }[];
  structuredContent?: any;
  isError?: boolean;
}
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}
export interface CallOptions {
  onprogress?: (p: Progress) => void;
  signal?: AbortSignal;
}

export interface TestClient {
  kind: Kind;
  call(name: string, args: unknown, opts?: CallOptions): Promise<ToolResult>;
  run(capability_id: string, payload: unknown, inputs?: Record<string, { value_ref: string }>, opts?: CallOptions): Promise<ToolResult>;
  find(request: unknown): Promise<ToolResult>;
  listTools(): Promise<any[]>;
  listResources(): Promise<{ uri: string; name?: string }[]>;
  listResourceTemplates(): Promise<{ uriTemplate: string }[]>;
  readResource(uri: string): Promise<{ contents: { uri: string; text?: string; mimeType?: string }[] }>;
  instructions(): string | undefined;
  era(): string | undefined;
  /** DELETE the HTTP session (2025-era HTTP only). */
  terminateSession(): Promise<void>;
  close(): Promise<void>;
}

export interface StdioEnv {
  artifactsDir: string;
  eventsFile?: string;
  maxRequestBytes?: number;
  /** Collects the server's stderr (structured log lines). */
  stderr?: string[];
}

function wrap(kind: Kind, client: any, transport: any): TestClient {
  const v1 = kind === "v1";
  const call = (name: string, args: unknown, opts: CallOptions = {}) => {
    const options = { ...(opts.onprogress ? { onprogress: opts.onprogress, resetTimeoutOnProgress: true } : {}), ...(opts.signal ? { signal: opts.signal } : {}), timeout: 30_000 };
    return (v1 ? client.callTool({ name, arguments: args }, undefined, options) : client.callTool({ name, arguments: args }, options)) as Promise<ToolResult>;
  };
  return {
    kind,
    call,
    run: (capability_id, payload, inputs, opts) => call("math.run", { capability_id, payload, ...(inputs ? { inputs } : {}) }, opts),
    find: (request) => call("math.find", { request }),
    listTools: async () => (await client.listTools()).tools,
    listResources: async () => (await client.listResources()).resources,
    listResourceTemplates: async () => (await client.listResourceTemplates()).resourceTemplates,
    readResource: (uri) => client.readResource({ uri }),
    instructions: () => client.getInstructions(),
    era: () => (v1 ? "legacy" : client.getProtocolEra()),
    terminateSession: () => transport.terminateSession(),
    close: () => client.close(),
  };
}

function newClient(kind: Kind): any {
  const info = { name: `jacobian-test-${kind}`, version: "1.0.0" };
  if (kind === "v1") return new ClientV1(info);
  return new ClientV2(info, kind === "v2-modern" ? { versionNegotiation: { mode: "auto" } } : {});
}

export async function connectStdio(kind: Kind, env: StdioEnv, command: string[] = [LAUNCHER]): Promise<TestClient> {
  const client = newClient(kind);
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    JACOBIAN_TEST_ARTIFACTS: env.artifactsDir,
    JACOBIAN_HOME: path.join(env.artifactsDir, "home"),
    ...(env.eventsFile ? { JACOBIAN_MCP_TEST_EVENTS: env.eventsFile } : {}),
    ...(env.maxRequestBytes ? { JACOBIAN_TEST_MAX_REQUEST_BYTES: String(env.maxRequestBytes) } : {}),
  };
  const params = { command: process.execPath, args: command, env: childEnv, stderr: "pipe" as const };
  const transport = kind === "v1" ? new StdioV1(params) : new StdioV2(params);
  const stderr = (transport as any).stderr as NodeJS.ReadableStream | null;
  stderr?.on("data", (d: Buffer) => env.stderr?.push(...d.toString("utf8").split("\n").filter(Boolean)));
  await client.connect(transport);
  return wrap(kind, client, transport);
}

export async function connectHttp(kind: Kind, url: string): Promise<TestClient> {
  const client = newClient(kind);
  const transport = kind === "v1" ? new HttpV1(new URL(url)) : new HttpV2(new URL(url));
  await client.connect(transport);
  return wrap(kind, client, transport);
}

/**
 * The outcome JSON of a tool result (structuredContent). The text content must agree: the same
 * JSON, or for a successful math.find the compact rendering that names every hit (search) or the
 * inspected id (inspect).
 */
export function envelope(r: ToolResult): any {
  const text = r.content.find((c) => c.type === "text")?.text;
  if (text === undefined) throw new Error("tool result has no text content");
  const sc = r.structuredContent;
  if (sc !== undefined && !r.isError && sc.op === "search" && Array.isArray(sc.hits)) {
    let at = 0;
    for (const h of sc.hits) {
      const i = text.indexOf(`. ${h.capability_id} — `, at);
      if (i < 0) throw new Error(`the text content does not list hit ${h.capability_id} in order`);
      at = i + 1;
    }
    return sc;
  }
  if (sc !== undefined && !r.isError && sc.op === "inspect") {
    if (!text.startsWith(`${sc.capability.id} — `)) throw new Error("the text content does not name the inspected operation");
    return sc;
  }
  const parsed = JSON.parse(text);
  if (sc !== undefined && JSON.stringify(parsed) !== JSON.stringify(sc)) {
    throw new Error("structuredContent and text content differ");
  }
  return sc ?? parsed;
}

export function readEvents(file: string): OpEvent[] {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as OpEvent);
  } catch {
    return [];
  }
}

export async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5000, what = "condition"): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reference gcd (Euclid on bigint) for checking results independently of the operation. */
export function euclid(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** A Logger that keeps every record (event name + fields) in memory. */
export function capturingLogger(): Logger & { lines: ({ event: string } & LogRecord)[] } {
  const lines: ({ event: string } & LogRecord)[] = [];
  const push = (event: string, fields?: LogRecord) => void lines.push({ event, ...fields });
  return { lines, debug: false, info: push, warn: push, error: push };
}
