/**
 * Connections to the Redis of a distributed deployment. ioredis (and BullMQ, which builds on it)
 * is loaded on first use only: a process without `redis` configured never loads either.
 *
 * The command connection fails fast while Redis is unreachable (no offline queue, one retry), so a
 * call that needs Redis is answered at once with PROVIDER_UNAVAILABLE instead of hanging; ioredis
 * keeps reconnecting in the background and the next call after Redis is back succeeds. Blocking
 * roles (BullMQ workers, queue events, pub/sub) get dedicated connections that wait instead.
 */
import type { Redis, RedisOptions } from "ioredis";
import { ProviderUnavailableError } from "../../domain/errors.js";
import type { Logger } from "../../domain/ports.js";
import type { DistributedSettings } from "../config.js";

/** Reconnect quickly at first, then every half second: an outage ends for us within 0.5 s of Redis's return. */
const retryStrategy = (attempt: number) => Math.min(50 * attempt, 500);

/** Replies that mean "not now" (a restarting or loading Redis), not a wrong command. */
const TRANSIENT_REPLY = /^(LOADING|BUSY|MISCONF|READONLY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN)\b/;

/** True when an error says Redis could not be reached (rather than that a command was wrong). */
export function isUnavailable(e: unknown): boolean {
  const err = e as { name?: string; message?: string } | undefined;
  if (err?.name === "ReplyError") return TRANSIENT_REPLY.test(String(err.message ?? ""));
  return true;
}

/** The URL without credentials, for logs and `location`. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.toString().replace(/\/$/, "");
  } catch {
    return "redis://(invalid url)";
  }
}

export class RedisLink {
  private commandConn: Promise<Redis> | undefined;
  private readonly dedicatedConns = new Set<Redis>();
  private closed = false;
  readonly location: string;

  constructor(
    readonly settings: DistributedSettings,
    private readonly logger: Logger,
  ) {
    this.location = redactedUrl(settings.url);
  }

  /** A key under the deployment's prefix. */
  key(...parts: string[]): string {
    return [this.settings.prefix, ...parts].join(":");
  }

  /** The shared command connection (store, task records, cancellation): fails fast while Redis is down. */
  command(): Promise<Redis> {
    return (this.commandConn ??= this.open("command", { enableOfflineQueue: false, maxRetriesPerRequest: 1 }).then(async (r) => {
      await readyWithin(r, 2000); // a replica started while Redis is down serves PROVIDER_UNAVAILABLE
      return r;
    }));
  }

  /** A connection of its own for a blocking role; BullMQ requires `maxRetriesPerRequest: null` there. */
  async dedicated(role: string): Promise<Redis> {
    const r = await this.open(role, { maxRetriesPerRequest: null, enableOfflineQueue: true });
    this.dedicatedConns.add(r);
    return r;
  }

  /** Run `f`, reporting an unreachable Redis as ProviderUnavailableError naming `what`. */
  async guard<T>(what: string, f: (r: Redis) => Promise<T>): Promise<T> {
    try {
      return await f(await this.command());
    } catch (e) {
      if (e instanceof ProviderUnavailableError || !isUnavailable(e)) throw e;
      throw new ProviderUnavailableError(`${what} (${this.location}) is unavailable: ${String((e as Error)?.message ?? e).slice(0, 160)}`);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const conns = [...this.dedicatedConns, ...(this.commandConn ? [await this.commandConn] : [])];
    await Promise.all(conns.map((c) => c.quit().catch(() => c.disconnect())));
  }

  private async open(role: string, options: RedisOptions): Promise<Redis> {
    if (this.closed) throw new ProviderUnavailableError("the Redis link is closed");
    const { Redis } = await import("ioredis");
    const r = new Redis(this.settings.url, { retryStrategy, connectTimeout: 2000, connectionName: `jacobian-${role}`, ...options });
    // ioredis reports every failed reconnect: log the transitions only.
    let up: boolean | undefined;
    r.on("ready", () => {
      if (up !== true) this.logger.info("redis_ready", { role, url: this.location });
      up = true;
    });
    r.on("error", (e: Error) => {
      if (up !== false) this.logger.warn("redis_unavailable", { role, url: this.location, error: e.message.slice(0, 160) });
      up = false;
    });
    return r;
  }
}

/** Resolves when the connection is ready or after `ms`, whichever comes first. */
function readyWithin(r: Redis, ms: number): Promise<void> {
  if (r.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      r.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    r.once("ready", done);
  });
}
