/**
 * The fuzz target: the real CLI (`jacobian serve --stdio`) spawned as a child process and driven by
 * the MCP client SDK v2, exactly as an agent host would. The session watches what a well-behaved
 * client cannot see in a single reply: the process exiting, bytes on stdout that are not JSON-RPC,
 * and error events in the structured log on stderr.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

export const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../../adapters/cli/main.js");

export interface ToolReplyRaw {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}

/** What one tools/call produced, as seen by the client. */
export type CallResult = { ok: true; result: ToolReplyRaw; ms: number } | { ok: false; error: string; errorCode?: number; ms: number };

export interface SessionOptions {
  /** "legacy" = 2025-11-25 initialize handshake (default); "modern" = 2026-07-28 server/discover. */
  era?: "legacy" | "modern";
  /** Extra CLI arguments after `serve --stdio`. */
  serveArgs?: string[];
}

const STDERR_KEEP = 200;

export class FuzzSession {
  private client!: Client;
  private transport!: StdioClientTransport;
  private closedByUs = false;
  private exit: string | undefined;
  readonly dir: string;
  /** The last stderr lines (for crash reports). */
  readonly stderrTail: string[] = [];
  /** Structured log events on stderr that mean something went wrong inside the server. */
  readonly errorEvents: { event: string; line: string }[] = [];
  /** Client-side errors: unparsable stdout lines, invalid JSON-RPC messages. */
  readonly clientErrors: string[] = [];
  /** Spawn generations (1 = the first server, each respawn after a crash or hang adds one). */
  generation = 0;

  private constructor(private readonly options: SessionOptions) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), "jacobian-fuzz-"));
  }

  static async start(options: SessionOptions = {}): Promise<FuzzSession> {
    const s = new FuzzSession(options);
    await s.spawn();
    return s;
  }

  /** (Re)start the server; the previous process, if any, must already be gone or is killed. */
  async spawn(): Promise<void> {
    if (this.transport) await this.kill();
    this.generation++;
    this.closedByUs = false;
    this.exit = undefined;
    const env: Record<string, string> = { ...(process.env as Record<string, string>), JACOBIAN_HOME: path.join(this.dir, "home") };
    delete env.JACOBIAN_CONFIG;
    const artifacts = path.join(this.dir, "artifacts");
    const args = [CLI, "serve", "--stdio", "--artifacts-dir", artifacts, ...(this.options.serveArgs ?? [])];
    this.transport = new StdioClientTransport({ command: process.execPath, args, env, stderr: "pipe", cwd: this.dir });
    const stderr = this.transport.stderr as NodeJS.ReadableStream | null;
    let partial = "";
    stderr?.on("data", (d: Buffer) => {
      const lines = (partial + d.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) this.onStderr(line);
    });
    const info = { name: "jacobian-fuzz", version: "1.0.0" };
    this.client = new Client(info, this.options.era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
    this.client.onerror = (e: Error) => {
      if (this.clientErrors.length < 1000) this.clientErrors.push(String(e?.message ?? e).slice(0, 500));
    };
    this.client.onclose = () => {
      if (!this.closedByUs && this.exit === undefined) this.exit = "connection closed";
    };
    await this.client.connect(this.transport);
    // tools/list once, so that the client validates every structuredContent against the tools' output schemas.
    await this.client.listTools();
  }

  private onStderr(line: string): void {
    if (!line) return;
    this.stderrTail.push(line.length > 2000 ? line.slice(0, 2000) + "…" : line);
    if (this.stderrTail.length > STDERR_KEEP) this.stderrTail.shift();
    if (!line.startsWith("{")) return;
    let event: string | undefined;
    try {
      event = (JSON.parse(line) as { event?: string }).event;
    } catch {
      return;
    }
    // Events the server logs when something failed inside it (not when a request was wrong).
    if (event === "internal_error" || event === "mcp_tool_exception" || event === "mcp_stdio_error" || event === "mcp_runtime_close_failed" || (event && /crash|uncaught|unhandled|worker_(error|exit)/.test(event))) {
      if (this.errorEvents.length < 1000) this.errorEvents.push({ event, line: line.slice(0, 2000) });
    }
  }

  get pid(): number | null {
    return this.transport?.pid ?? null;
  }

  /** Why the server is gone, or undefined while it is alive. */
  dead(): string | undefined {
    if (this.exit) return this.exit;
    const pid = this.pid;
    if (pid === null) return "the server process is gone";
    try {
      process.kill(pid, 0);
      return undefined;
    } catch {
      return `the server process ${pid} no longer exists`;
    }
  }

  /** Resident set size of the server process in bytes (Linux /proc), or undefined. */
  rss(): number | undefined {
    const pid = this.pid;
    if (pid === null) return undefined;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      return m ? Number(m[1]) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  async call(name: string, args: unknown, timeoutMs: number): Promise<CallResult> {
    const started = performance.now();
    try {
      const result = (await this.client.callTool({ name, arguments: args as Record<string, unknown> }, { timeout: timeoutMs, maxTotalTimeout: timeoutMs })) as ToolReplyRaw;
      return { ok: true, result, ms: performance.now() - started };
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      return { ok: false, error: String((e as Error)?.message ?? e).slice(0, 1000), ...(typeof code === "number" ? { errorCode: code } : {}), ms: performance.now() - started };
    }
  }

  async readResource(uri: string): Promise<string> {
    const r = await this.client.readResource({ uri });
    const text = (r.contents[0] as { text?: string } | undefined)?.text;
    if (text === undefined) throw new Error(`${uri} has no text content`);
    return text;
  }

  /** True when the server answers a ping within the time given. */
  async responsive(timeoutMs: number): Promise<boolean> {
    try {
      await this.client.ping({ timeout: timeoutMs });
      return true;
    } catch {
      return false;
    }
  }

  private async kill(): Promise<void> {
    this.closedByUs = true;
    const pid = this.pid;
    try {
      await Promise.race([this.client.close(), new Promise((r) => setTimeout(r, 5000).unref())]);
    } catch {
      /* already gone */
    }
    if (pid !== null) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* exited */
      }
    }
  }

  async close(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
