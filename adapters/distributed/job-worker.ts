/**
 * The consuming side of the shared queue (`jacobian worker`, or a replica with
 * `replica_concurrency` > 0): a BullMQ worker whose processor runs each job through the ordinary
 * pipeline of a local runtime — the same isolated pool, budgets and cancellation as a direct call —
 * and writes the outcome into the task record.
 *
 * A worker holds each job's lock and renews it every `lock_ms`/2; a worker killed outright (kill
 * -9) stops renewing, and after at most `lock_ms` + `stalled_check_ms` another worker's stalled-job
 * check puts the job back in the queue and a worker runs it again (`recovery` of the operation
 * says whether that resumes or restarts). Cancellation arrives on a pub/sub channel and aborts the
 * run's signal: the pool terminates the worker thread running it, which frees its CPU at once.
 */
import os from "node:os";
import type { Job, Worker } from "bullmq";
import type { JacobianRuntime } from "../../application/service.js";
import type { Json } from "../../domain/json.js";
import type { RunOutcome } from "../../domain/outcome.js";
import type { Logger } from "../../domain/ports.js";
import { nonConclusion, QUEUE_NAME, type JobData, type JobProgress, type RedisJobQueue } from "./job-queue.js";
import type { RedisLink } from "./redis.js";

/** Progress goes to Redis at most this often (a stage's end always goes). */
const PROGRESS_INTERVAL_MS = 100;
/** A run's latest checkpoint is written at most this often. */
const CHECKPOINT_WRITE_MS = 250;

export class JobWorker {
  readonly name = `${os.hostname()}:${process.pid}`;
  private worker: Worker | undefined;
  private readonly active = new Map<string, AbortController>();
  private subscriber: Awaited<ReturnType<RedisLink["dedicated"]>> | undefined;

  constructor(
    private readonly link: RedisLink,
    private readonly queue: RedisJobQueue,
    private readonly runtime: JacobianRuntime,
    private readonly logger: Logger,
    private readonly concurrency: number,
  ) {}

  async start(): Promise<void> {
    const s = this.link.settings;
    this.subscriber = await this.link.dedicated("cancel-subscriber");
    this.subscriber.on("message", (_channel: string, message: string) => this.onCancel(message));
    await this.subscriber.subscribe(this.link.key("cancel"));
    const { Worker } = await import("bullmq");
    this.worker = new Worker(QUEUE_NAME, (job: Job) => this.process(job), {
      connection: this.queue.blockingOptions(),
      prefix: s.prefix,
      concurrency: this.concurrency,
      lockDuration: s.lockMs,
      stalledInterval: s.stalledCheckMs,
      maxStalledCount: s.maxStalled,
      name: this.name,
    });
    this.worker.on("error", (e) => this.logger.warn("job_worker_error", { error: String(e?.message ?? e).slice(0, 160) }));
    this.worker.on("stalled", (jobId) => this.logger.warn("job_stalled", { task: String(jobId).slice(0, 8), detail: "its worker stopped renewing the lock; the job goes back to the queue" }));
    await this.worker.waitUntilReady();
    this.logger.info("job_worker_started", { worker: this.name, concurrency: this.concurrency, url: this.link.location });
  }

  private onCancel(message: string): void {
    const [id, at] = message.split(" ");
    const run = id ? this.active.get(id) : undefined;
    if (!run) return;
    run.abort();
    this.logger.info("job_cancel_received", { task: id!.slice(0, 8), worker: this.name, latency_ms: Date.now() - Number(at) });
  }

  private async process(job: Job): Promise<unknown> {
    const id = job.id!;
    const data = job.data as JobData;
    const attempt = Math.max(1, job.attemptsStarted ?? 1);
    const abort = new AbortController();
    this.active.set(id, abort);
    const started = performance.now();
    try {
      const { go, checkpoint } = await this.queue.start(id, this.name, attempt);
      if (go !== "run") {
        // Cancelled before it started, or its task already terminal (cancelled, expired): nothing to run.
        const outcome = nonConclusion(data.capability_id, "CANCELLED", "the task was cancelled before it started");
        if (go === "cancelled") await this.queue.finalize(id, outcome, "cancelled", data.reply);
        this.logger.info("job_skipped", { task: id.slice(0, 8), worker: this.name, reason: go });
        return outcome;
      }
      this.logger.info("job_started", { task: id.slice(0, 8), capability_id: data.capability_id, worker: this.name, attempt, ...(checkpoint !== undefined ? { resumed: true } : {}) });
      let checkpoints = 0;
      let pending: Json | undefined;
      let writing: NodeJS.Timeout | undefined;
      const writeCheckpoint = () => {
        writing = undefined;
        const state = pending;
        pending = undefined;
        if (state === undefined || abort.signal.aborted) return;
        void this.queue.checkpointed(id, state).then(
          () => void (checkpoints++ === 0 && this.logger.info("job_checkpoint", { task: id.slice(0, 8), worker: this.name, attempt })),
          () => {},
        );
      };
      let last = 0;
      let stageTotal: number | undefined;
      const outcome = await this.runtime.run(
        { capability_id: data.capability_id, payload: data.request },
        {
          signal: abort.signal,
          issueRefs: false,
          local: true,
          ...(checkpoint !== undefined ? { resume: checkpoint } : {}),
          onCheckpoint: (state) => {
            pending = state;
            writing ??= setTimeout(writeCheckpoint, CHECKPOINT_WRITE_MS);
          },
          onProgress: (done, total, message) => {
            const now = performance.now();
            const stageEnd = total !== undefined && done >= total;
            if (now - last < PROGRESS_INTERVAL_MS && !stageEnd && total === stageTotal) return;
            last = now;
            stageTotal = total;
            const progress: JobProgress = { done, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}), attempt };
            const status = message ? (attempt > 1 ? `${message} (attempt ${attempt})` : message) : undefined;
            void this.queue.progressed(id, progress, data.reply, status).catch(() => {});
          },
        },
      );
      clearTimeout(writing);
      const cancelled = abort.signal.aborted;
      await this.finalize(id, outcome, cancelled ? "cancelled" : "completed", data.reply);
      this.logger.info("job_finished", { task: id.slice(0, 8), worker: this.name, outcome: outcome.outcome, duration_ms: Math.round(performance.now() - started), ...(cancelled ? { cancelled: true } : {}) });
      return { outcome: outcome.outcome };
    } finally {
      this.active.delete(id);
    }
  }

  /**
   * The terminal write survives a short Redis outage: it is retried for up to one lock period.
   * Past that the job fails here and is taken over (a restart), so the result is never silently lost.
   */
  private async finalize(id: string, outcome: RunOutcome, status: "completed" | "cancelled", reply: string | undefined): Promise<void> {
    const deadline = Date.now() + this.link.settings.lockMs;
    for (;;) {
      try {
        await this.queue.finalize(id, outcome, status, reply);
        return;
      } catch (e) {
        if ((e as Error)?.name !== "ProviderUnavailable" || Date.now() > deadline) throw e;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }

  /** Jobs this worker is running now. */
  get running(): number {
    return this.active.size;
  }

  /** Stops taking jobs and lets the running ones finish (a killed worker's jobs are taken over instead). */
  async close(): Promise<void> {
    await this.worker?.close().catch(() => {});
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
