/**
 * Long work of a distributed deployment as BullMQ jobs, with one task record per job in Redis:
 *
 *  - `<prefix>:task:<id>` (hash): the task as every replica sees it — status, timestamps, ttl,
 *    status message, owner, and once terminal the run's outcome. The first terminal write wins
 *    (a Lua check), so a job run twice after a takeover, or cancelled while it finishes, is
 *    reported once. The hash expires with the task's ttl.
 *  - `<prefix>:runs:*`: the BullMQ queue; the job id is the task id (192 random bits).
 *  - `<prefix>:cancel` (pub/sub) and `<prefix>:cancel:<id>` (flag): cancellation reaches the
 *    worker running the job at once, and a worker about to start it sees the flag.
 *  - `<prefix>:reply:<process>` (pub/sub): the worker sends the job's progress and, with its
 *    terminal write, its outcome to the process that waits for it; `<prefix>:done` tells every
 *    replica which task just finished (readers of a task waiting on another replica).
 *
 * Messages are an optimisation (no round trip between a job's end and its caller's answer): a
 * waiter also re-reads the record at least every second, so a message lost in a reconnect costs
 * at most that, and the record is the truth. Records are
 * repaired when read: a job BullMQ gave up on (its worker lost more than `max_stalled` times), a
 * job gone from the queue, or a job no worker started within `start_timeout_ms` make the task
 * terminal with a non_conclusion outcome: no task stays "working" forever.
 */
import { randomBytes } from "node:crypto";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { AbortedError, ProviderUnavailableError, type NonConclusionCode } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";
import type { RunOutcome } from "../../domain/outcome.js";
import type { CostEstimate } from "../../domain/declaration.js";
import type { JobQueue, Logger, ProgressSink, QueuedRun, SubmitOptions, TaskRecord, TaskStatus } from "../../domain/ports.js";
import { isUnavailable, type RedisLink } from "./redis.js";

export const QUEUE_NAME = "runs";

/** What a job carries: the run in canonical wire form, and where its waiter listens. */
export interface JobData {
  capability_id: string;
  request: Json;
  /** Pub/sub channel of the process waiting for the outcome (absent for tasks nobody waits on here). */
  reply?: string;
}

/** Messages on a reply channel. */
type ReplyMessage = { t: "progress"; id: string; done: number; total?: number; message?: string } | { t: "done"; id: string; outcome: RunOutcome };

/** What a worker reports through the job while it runs. */
export interface JobProgress {
  done: number;
  total?: number;
  message?: string;
  attempt: number;
}

/**
 * Terminal write, only while the task is still working: the first one wins. With it, the outcome
 * goes to the waiting process (ARGV[5]: channel, ARGV[6]: message) and the id to every replica.
 */
const FINALIZE = `
if redis.call('HGET', KEYS[1], 'status') ~= 'working' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'outcome', ARGV[2], 'lastUpdatedAt', ARGV[3], 'statusMessage', ARGV[4])
if ARGV[5] ~= '' then redis.call('PUBLISH', ARGV[5], ARGV[6]) end
redis.call('PUBLISH', KEYS[2], ARGV[7])
return 1`;

/**
 * A worker starts a job: {-1} when it was cancelled first, {0} when the task is gone or terminal,
 * {1, checkpoint} to run it (the checkpoint an earlier attempt saved, if any).
 */
const START = `
if redis.call('EXISTS', KEYS[2]) == 1 then return {-1} end
if redis.call('HGET', KEYS[1], 'status') ~= 'working' then return {0} end
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return {1, redis.call('HGET', KEYS[1], 'checkpoint')}`;

/** A non-terminal update (started, progress), only while the task is still working. */
const UPDATE = `
if redis.call('HGET', KEYS[1], 'status') ~= 'working' then return 0 end
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1`;

/**
 * The three scripts as named commands of a connection (ioredis `defineCommand`: EVALSHA, loading the
 * script on NOSCRIPT), defined once per connection; pipelines made from it have them too. Arguments:
 * the keys (FINALIZE, START: 2; UPDATE: 1), then the script's ARGV.
 */
interface TaskScripts {
  jacobianFinalize(...args: (string | number)[]): Promise<number>;
  jacobianStart(...args: (string | number)[]): Promise<[number, string | null | undefined]>;
  jacobianUpdate(...args: (string | number)[]): Promise<number>;
}
const SCRIPTED = new WeakSet<Redis>();
function scripted(r: Redis): Redis & TaskScripts {
  if (!SCRIPTED.has(r)) {
    r.defineCommand("jacobianFinalize", { numberOfKeys: 2, lua: FINALIZE });
    r.defineCommand("jacobianStart", { numberOfKeys: 2, lua: START });
    r.defineCommand("jacobianUpdate", { numberOfKeys: 1, lua: UPDATE });
    SCRIPTED.add(r);
  }
  return r as Redis & TaskScripts;
}

const WAIT_RECHECK_MS = 1000;

type Waiter = { onProgress?: ProgressSink; recheck: () => void; deliver: (outcome: RunOutcome) => void };

export function nonConclusion(capabilityId: string, code: NonConclusionCode, message: string): RunOutcome {
  return { capability_id: capabilityId, outcome: "non_conclusion", reason: { code, message }, execution: { runtime_ms: 0, provider: "none" } };
}

export class RedisJobQueue implements JobQueue {
  private queueInstance: Promise<Queue> | undefined;
  private listening: Promise<void> | undefined;
  /** This process's reply channel. */
  private readonly reply: string;
  private readonly waiters = new Map<string, Set<Waiter>>();
  private closed = false;

  constructor(
    private readonly link: RedisLink,
    private readonly logger: Logger,
  ) {
    this.reply = link.key("reply", randomBytes(12).toString("base64url"));
  }

  private get s() {
    return this.link.settings;
  }

  queues(estimate: CostEstimate): boolean {
    return estimate.units > this.s.queueMinUnits;
  }

  private taskKey(id: string): string {
    return this.link.key("task", id);
  }

  private ownerKey(owner: string): string {
    return this.link.key("tasks-of", owner);
  }

  /** The BullMQ producer, on the fail-fast command connection (created once Redis has been reached). */
  async bull(): Promise<Queue> {
    const r = await this.link.command();
    if (r.status !== "ready") throw new ProviderUnavailableError(`the job queue (${this.link.location}) is unavailable: not connected`);
    return (this.queueInstance ??= import("bullmq").then(({ Queue }) => {
      const q = new Queue(QUEUE_NAME, { connection: r, prefix: this.s.prefix });
      q.on("error", (e) => this.logger.warn("job_queue_error", { error: String(e?.message ?? e).slice(0, 160) }));
      return q;
    }));
  }

  async submit(run: QueuedRun, opts: SubmitOptions = {}): Promise<TaskRecord> {
    const id = randomBytes(24).toString("base64url");
    const ttlMs = this.ttl(opts.ttlMs);
    const queue = await this.bull();
    const now = Date.now();
    await this.link.guard("the job queue", async (r) => {
      const key = this.taskKey(id);
      const tx = r.multi().hset(key, {
        capability_id: run.capability_id,
        status: "working",
        createdAt: now,
        lastUpdatedAt: now,
        ttlMs,
        pollIntervalMs: this.s.pollIntervalMs,
        statusMessage: "queued: waiting for a worker",
        job: "1",
        ...(opts.owner ? { owner: opts.owner } : {}),
      });
      tx.pexpire(key, ttlMs);
      if (opts.owner) tx.zadd(this.ownerKey(opts.owner), now, id).pexpire(this.ownerKey(opts.owner), this.s.taskTtlMs);
      const age = Math.ceil(ttlMs / 1000);
      const data: JobData = { capability_id: run.capability_id, request: run.request, ...(opts.waiting ? { reply: this.reply } : {}) };
      // One round trip: the queue shares this connection, so Redis runs the record's MULTI before
      // the job's insertion, and no worker can see the job without its record.
      // A completed job has nothing left to say (its outcome is in the record, written first); a
      // failed one keeps its reason for the record's repair.
      const [written] = await Promise.all([tx.exec(), queue.add("run", data, { jobId: id, attempts: 1, removeOnComplete: true, removeOnFail: { age } })]);
      const failed = written?.find(([err]) => err);
      if (!written || failed) throw failed?.[0] ?? new Error("the task record was not written");
    });
    this.logger.info("job_submitted", { task: id.slice(0, 8), capability_id: run.capability_id, units: run.estimate.units });
    const at = new Date(now).toISOString();
    return { id, capability_id: run.capability_id, status: "working", createdAt: at, lastUpdatedAt: at, ttlMs, pollIntervalMs: this.s.pollIntervalMs, statusMessage: "queued: waiting for a worker", ...(opts.owner ? { owner: opts.owner } : {}) };
  }

  async record(capabilityId: string, outcome: RunOutcome, opts: SubmitOptions = {}): Promise<TaskRecord> {
    const id = randomBytes(24).toString("base64url");
    const ttlMs = this.ttl(opts.ttlMs);
    await this.link.guard("the task store", async (r) => {
      const now = Date.now();
      const key = this.taskKey(id);
      const tx = r.multi().hset(key, {
        capability_id: capabilityId,
        status: "completed",
        createdAt: now,
        lastUpdatedAt: now,
        ttlMs,
        pollIntervalMs: this.s.pollIntervalMs,
        statusMessage: statusText(outcome),
        outcome: JSON.stringify(outcome),
        ...(opts.owner ? { owner: opts.owner } : {}),
      });
      tx.pexpire(key, ttlMs);
      if (opts.owner) tx.zadd(this.ownerKey(opts.owner), now, id).pexpire(this.ownerKey(opts.owner), this.s.taskTtlMs);
      await tx.exec();
    });
    return (await this.get(id))!;
  }

  async get(id: string): Promise<TaskRecord | undefined> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return undefined;
    const h = await this.link.guard("the task store", (r) => r.hgetall(this.taskKey(id)));
    if (!h.status) return undefined;
    if (h.status === "working" && (await this.repair(id, h))) return this.get(id);
    return toRecord(id, h);
  }

  /** Make a stuck record terminal; true when it changed. */
  private async repair(id: string, h: Record<string, string>): Promise<boolean> {
    const now = Date.now();
    const created = Number(h.createdAt);
    const cap = h.capability_id ?? "";
    if (now > created + Number(h.ttlMs)) return this.finalize(id, nonConclusion(cap, "TIMEOUT", `the task outlived its ttl of ${h.ttlMs} ms`));
    if (h.job !== "1") return false;
    if (!h.startedAt && now - created > this.s.startTimeoutMs) {
      await this.withdraw(id);
      return this.finalize(id, nonConclusion(cap, "PROVIDER_UNAVAILABLE", `no worker started this job within ${this.s.startTimeoutMs} ms; start \`jacobian worker\` processes (docs/operator.md)`));
    }
    const queue = await this.bull();
    const state = await this.link.guard("the job queue", () => queue.getJobState(id));
    // A job leaves the queue only after its terminal write (workers write the record first).
    if (state === "unknown" || state === "completed") return this.finalize(id, nonConclusion(cap, "PROVIDER_FAILURE", "the job is no longer in the queue (Redis lost it); run the call again"));
    if (state === "failed") {
      const job = await this.link.guard("the job queue", () => queue.getJob(id));
      return this.finalize(id, nonConclusion(cap, "PROVIDER_FAILURE", `the job could not be completed: ${String(job?.failedReason ?? "its workers were lost").slice(0, 200)}`));
    }
    return false;
  }

  /** The first terminal write wins; a cancelled task stays cancelled. `reply`: the waiting process's channel. */
  async finalize(id: string, outcome: RunOutcome, status: Exclude<TaskStatus, "working"> = "completed", reply?: string): Promise<boolean> {
    const text = JSON.stringify(outcome);
    const message = reply ? JSON.stringify({ t: "done", id, outcome } satisfies ReplyMessage) : "";
    const written = await this.link.guard("the task store", (r) =>
      scripted(r).jacobianFinalize(this.taskKey(id), this.link.key("done"), status, text, Date.now(), status === "cancelled" ? "cancelled" : statusText(outcome), reply ?? "", message, id),
    );
    if (written === 1) this.logger.info("task_finished", { task: id.slice(0, 8), status, outcome: outcome.outcome, ...(outcome.outcome === "non_conclusion" ? { code: outcome.reason.code } : outcome.outcome === "failed" ? { code: outcome.error.code } : {}) });
    return written === 1;
  }

  /**
   * Worker side: mark the job started by `worker` (attempt n). "cancelled": it was cancelled before
   * it started; "gone": its task is terminal or expired (nothing would read a result).
   */
  async start(id: string, worker: string, attempt: number): Promise<{ go: "run" | "cancelled" | "gone"; checkpoint?: Json }> {
    const message = attempt > 1 ? `running on ${worker}: attempt ${attempt}, taken over after its previous worker was lost` : `running on ${worker}`;
    const now = Date.now();
    const [r, saved] = (await this.link.guard("the task store", (c) => scripted(c).jacobianStart(this.taskKey(id), this.link.key("cancel", id), "startedAt", now, "lastUpdatedAt", now, "worker", worker, "attempt", attempt, "statusMessage", message))) as [number, string | null | undefined];
    if (r !== 1) return { go: r === -1 ? "cancelled" : "gone" };
    let checkpoint: Json | undefined;
    try {
      checkpoint = saved ? (JSON.parse(saved) as Json) : undefined;
    } catch {
      checkpoint = undefined; // unreadable: the run restarts
    }
    return { go: "run", ...(checkpoint !== undefined ? { checkpoint } : {}) };
  }

  /** Worker side: keep the run's latest checkpoint with its task (read by the worker that takes it over). */
  async checkpointed(id: string, state: Json): Promise<void> {
    await this.link.guard("the task store", (r) => scripted(r).jacobianUpdate(this.taskKey(id), "checkpoint", JSON.stringify(state)));
  }

  /** Worker side: progress to the waiting process (if any) and the latest message into the record. */
  async progressed(id: string, p: JobProgress, reply: string | undefined, message: string | undefined): Promise<void> {
    await this.link.guard("the task store", async (r) => {
      const tx = scripted(r).pipeline() as ReturnType<Redis["pipeline"]> & TaskScripts;
      if (reply) tx.publish(reply, JSON.stringify({ t: "progress", id, done: p.done, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message ? { message: p.message } : {}) } satisfies ReplyMessage));
      if (message) tx.jacobianUpdate(this.taskKey(id), "lastUpdatedAt", Date.now(), "statusMessage", message.slice(0, 500));
      await tx.exec();
    });
  }

  async cancel(id: string): Promise<TaskRecord | undefined> {
    const record = await this.get(id);
    if (!record || record.status !== "working") return record;
    await this.link.guard("the job queue", async (r) => {
      await r.multi().set(this.link.key("cancel", id), "1", "PX", record.ttlMs).publish(this.link.key("cancel"), `${id} ${Date.now()}`).exec();
    });
    await this.finalize(id, nonConclusion(record.capability_id, "CANCELLED", "the task was cancelled (tasks/cancel)"), "cancelled");
    await this.withdraw(id);
    return this.get(id);
  }

  /** Remove a job nobody has taken yet (an active job is stopped by its worker instead). */
  private async withdraw(id: string): Promise<void> {
    try {
      await (await this.bull()).remove(id);
    } catch (e) {
      if (!isUnavailable(e)) this.logger.warn("job_withdraw_failed", { task: id.slice(0, 8), error: String((e as Error)?.message ?? e).slice(0, 160) });
    }
  }

  async list(owner: string, limit: number): Promise<TaskRecord[]> {
    const ids = await this.link.guard("the task store", (r) => r.zrevrange(this.ownerKey(owner), 0, Math.max(0, limit - 1)));
    const records = await Promise.all(ids.map((id) => this.get(id)));
    return records.filter((r): r is TaskRecord => r !== undefined);
  }

  wait(id: string, opts: { signal?: AbortSignal; onProgress?: ProgressSink; cancelOnAbort?: boolean } = {}): Promise<RunOutcome> {
    return new Promise<RunOutcome>((resolve, reject) => {
      let settled = false;
      let checking = false;
      let again = false;
      const waiter: Waiter = { ...(opts.onProgress ? { onProgress: opts.onProgress } : {}), recheck: () => void check(), deliver: (outcome) => finish(() => resolve(outcome)) };
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        clearInterval(timer);
        opts.signal?.removeEventListener("abort", onAbort);
        const set = this.waiters.get(id);
        set?.delete(waiter);
        if (set && !set.size) this.waiters.delete(id);
        f();
      };
      const check = async (): Promise<void> => {
        if (settled) return;
        if (checking) return void (again = true);
        checking = true;
        try {
          const record = await this.get(id);
          if (!record) finish(() => resolve(nonConclusion("", "PROVIDER_FAILURE", "the task record expired or was lost before its result was delivered")));
          else if (record.outcome) finish(() => resolve(record.outcome!));
        } catch (e) {
          finish(() => reject(e));
        } finally {
          checking = false;
          if (again && !settled) {
            again = false;
            void check();
          }
        }
      };
      const onAbort = () => {
        if (opts.cancelOnAbort !== false) void this.cancel(id).catch(() => {});
        finish(() => reject(new AbortedError("CANCELLED")));
      };
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener("abort", onAbort, { once: true });
      const timer = setInterval(() => void check(), Math.min(WAIT_RECHECK_MS, this.s.pollIntervalMs));
      timer.unref();
      let set = this.waiters.get(id);
      if (!set) this.waiters.set(id, (set = new Set()));
      set.add(waiter);
      // Listen first, then look: a message between the two is caught by the look.
      this.listen().then(() => check(), (e) => finish(() => reject(e)));
    });
  }

  /** Subscribe this process to its reply channel and to the broadcast of finished tasks. */
  private listen(): Promise<void> {
    return (this.listening ??= (async () => {
      const sub = await this.link.dedicated("reply-subscriber"); // closed with the link
      sub.on("message", (channel: string, message: string) => {
        if (channel !== this.reply) {
          for (const w of this.waiters.get(message) ?? []) w.recheck(); // <prefix>:done: a task id
          return;
        }
        let m: ReplyMessage;
        try {
          m = JSON.parse(message) as ReplyMessage;
        } catch {
          return;
        }
        for (const w of [...(this.waiters.get(m.id) ?? [])]) {
          if (m.t === "progress") w.onProgress?.(m.done, m.total, m.message);
          else w.deliver(m.outcome);
        }
      });
      await sub.subscribe(this.reply, this.link.key("done"));
    })().catch((e) => {
      this.listening = undefined;
      throw isUnavailable(e) ? new ProviderUnavailableError(`the job queue (${this.link.location}) is unavailable: ${String((e as Error)?.message ?? e).slice(0, 160)}`) : e;
    }));
  }

  /** Connection options for BullMQ's blocking roles (it creates and closes those connections itself). */
  blockingOptions() {
    return { url: this.s.url, maxRetriesPerRequest: null, connectTimeout: 2000, retryStrategy: (n: number) => Math.min(50 * n, 500) };
  }

  private ttl(requested?: number): number {
    return Math.max(1000, Math.min(this.s.taskTtlMs, requested ?? this.s.taskTtlMs));
  }

  /** Queue counts for `jacobian doctor`. */
  async health(): Promise<Record<string, number>> {
    const queue = await this.bull();
    return this.link.guard("the job queue", () => queue.getJobCounts("waiting", "active", "delayed", "failed"));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const q = await this.queueInstance?.catch(() => undefined);
    await q?.close().catch(() => {});
  }
}

/** What the status message says about a terminal outcome. */
function statusText(o: RunOutcome): string {
  if (o.outcome === "completed") return "completed";
  if (o.outcome === "failed") return `failed: ${o.error.code}`;
  return `no conclusion: ${o.reason.code}`;
}

function toRecord(id: string, h: Record<string, string>): TaskRecord {
  const iso = (ms: string | undefined) => new Date(Number(ms)).toISOString();
  return {
    id,
    capability_id: h.capability_id ?? "",
    status: (h.status as TaskStatus) ?? "working",
    createdAt: iso(h.createdAt),
    lastUpdatedAt: iso(h.lastUpdatedAt ?? h.createdAt),
    ttlMs: Number(h.ttlMs),
    pollIntervalMs: Number(h.pollIntervalMs),
    ...(h.statusMessage ? { statusMessage: h.statusMessage } : {}),
    ...(h.owner ? { owner: h.owner } : {}),
    ...(h.outcome ? { outcome: JSON.parse(h.outcome) as RunOutcome } : {}),
  };
}
