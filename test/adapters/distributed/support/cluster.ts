/**
 * A distributed deployment of real processes on loopback for the tests and benchmarks: a private
 * Redis, replicas (MCP over HTTP) and queue workers, each started by `node.ts` with the test packs.
 * Every process's structured log lines are kept, so tests wait on events (a job started, a
 * cancellation received) instead of on time.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startRedis, type TestRedis } from "../../../support/redis.js";
import { tempDir } from "../../../support/runtime.js";

const LAUNCHER = path.join(path.dirname(fileURLToPath(import.meta.url)), "node.js");

export interface LogLine {
  event: string;
  [key: string]: unknown;
}

export class Node {
  readonly logs: LogLine[] = [];
  /** The replica's MCP URL, or the worker's name (host:pid). */
  ready!: string;
  private readonly listeners = new Set<() => void>();
  private stderrTail = "";

  constructor(
    readonly role: "replica" | "worker",
    readonly proc: ChildProcess,
  ) {
    let buf = "";
    proc.stderr!.on("data", (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        this.stderrTail = (this.stderrTail + line + "\n").slice(-4000);
        if (line.startsWith("READY ")) this.ready = line.slice(6).trim();
        else if (line.startsWith("{")) {
          try {
            this.logs.push(JSON.parse(line) as LogLine);
          } catch {
            /* not a log line */
          }
        }
        for (const l of this.listeners) l();
      }
    });
  }

  get pid(): number {
    return this.proc.pid!;
  }

  get url(): string {
    return this.ready;
  }

  get alive(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Resolves with the first log line (past or future) that matches; rejects after `ms`. */
  waitFor(match: (l: LogLine) => boolean, ms = 60_000, what = "a log line"): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.logs.find(match);
        if (!hit) return false;
        cleanup();
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${this.role} ${this.pid}: no ${what} within ${ms} ms; stderr tail:\n${this.stderrTail}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = () => void check();
      this.listeners.add(listener);
      check();
    });
  }

  started(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.role} did not start:\n${this.stderrTail}`)), 60_000);
      const listener = () => {
        if (!this.ready) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve();
      };
      this.listeners.add(listener);
      this.proc.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`${this.role} exited (${code}) before it was ready:\n${this.stderrTail}`));
      });
      listener();
    });
  }

  kill(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    return new Promise((resolve) => {
      if (!this.alive) return resolve();
      this.proc.once("exit", () => resolve());
      this.proc.kill(signal);
    });
  }
}

export interface ClusterOptions {
  replicas: number;
  workers: number;
  /** The `distributed` section of the config file (snake_case, as an operator writes it). */
  distributed?: Record<string, unknown>;
  /** Other config file settings (pool, budgets…). */
  config?: Record<string, unknown>;
  /** Redis with AOF (fsync always): needed when a test restarts Redis and expects its data back. */
  aof?: boolean;
}

export class Cluster {
  readonly replicas: Node[] = [];
  readonly workers: Node[] = [];
  private constructor(
    readonly redis: TestRedis,
    readonly configFile: string,
  ) {}

  static async start(o: ClusterOptions): Promise<Cluster> {
    const redis = await startRedis({ aof: o.aof ?? false });
    const configFile = path.join(tempDir("jacobian-cluster-"), "jacobian.config.json");
    writeFileSync(configFile, JSON.stringify({ ...(o.config ?? {}), distributed: o.distributed ?? {} }));
    const c = new Cluster(redis, configFile);
    try {
      await Promise.all([...Array.from({ length: o.replicas }, () => c.add("replica")), ...Array.from({ length: o.workers }, () => c.add("worker"))]);
    } catch (e) {
      await c.stop();
      throw e;
    }
    return c;
  }

  async add(role: "replica" | "worker"): Promise<Node> {
    const proc = spawn(process.execPath, [LAUNCHER, role, this.redis.url, this.configFile], { stdio: ["ignore", "ignore", "pipe"] });
    const node = new Node(role, proc);
    (role === "replica" ? this.replicas : this.workers).push(node);
    await node.started();
    return node;
  }

  get nodes(): Node[] {
    return [...this.replicas, ...this.workers];
  }

  /** All log lines of every process (dead ones included) that match. */
  logs(match: (l: LogLine) => boolean): LogLine[] {
    return this.nodes.flatMap((n) => n.logs.filter(match));
  }

  /** Resolves with the first matching log line of any process. */
  waitForAny(match: (l: LogLine) => boolean, ms = 60_000, what = "a log line"): Promise<{ node: Node; line: LogLine }> {
    return Promise.any(this.nodes.map((node) => node.waitFor(match, ms, what).then((line) => ({ node, line })))).catch(() => {
      throw new Error(`no process logged ${what} within ${ms} ms`);
    });
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.kill("SIGTERM")));
    await this.redis.stop();
  }
}

/** Poll `f` until it returns a defined value (conditions, never durations, decide a test). */
export async function until<T>(f: () => Promise<T | undefined>, what: string, ms = 60_000, every = 50): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await f();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? `: ${String((last as Error).message ?? last)}` : ""}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
