import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";
import type { Piscina } from "piscina";
import { CheckedResult, type ExecuteRequest, type Executor } from "../../domain/ports.js";
import { AbortedError, JacobianError, type FailureCode } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";
import { abortReason, NEVER_ABORTED } from "../../application/execution.js";
import type { WorkerMessage, WorkerReply, WorkerTask } from "./worker.js";
import { InlineExecutor } from "./inline-executor.js";
import { pack } from "./transfer.js";

export interface PoolSettings {
  /** Work estimated at or below this many units runs inline on the event loop. */
  inline_max_units: number;
  threads: number;
  /** V8 old-generation heap limit per worker, MiB. */
  worker_heap_mb: number;
}

/** Raised when a worker dies (e.g. heap limit): no conclusion, reported as a provider failure. */
export class ProviderFailure extends Error {
  override name = "ProviderFailure";
}

/**
 * Runs expensive operations in a piscina worker pool. The worker also checks the result (the
 * declared type and the postcondition) and returns a CheckedResult: the parsed request crosses in
 * the transfer form (./transfer.ts), the checked wire value comes back as JSON text (as canonical JSON
 * bytes when it is too big to return inline). Aborting a task (cancellation or its
 * wall-time budget) makes piscina terminate the worker that runs it and start a fresh one, so
 * CPU is released at once and the event loop never blocks on mathematics.
 *
 * Node 20 aborts the whole process if a worker is terminated while it is still loading ES modules
 * (V8 `Module::IsGraphAsync` check). Three rules keep termination away from that window:
 * workers are created on demand (minThreads 0), so piscina only hands them tasks once their
 * module graph is loaded; an abort is forwarded only after the worker has said it started the
 * task (after any pack-module import); and close() waits for booting workers before destroying.
 */
export class PoolExecutor implements Executor {
  private poolInstance: Piscina<WorkerTask, WorkerReply> | undefined;
  private readonly inline = new InlineExecutor();
  private ready = 0;

  constructor(private readonly settings: PoolSettings) {}

  /** piscina is imported on first use: processes that never pool (one-shot CLI calls) never load it. */
  private async pool(): Promise<Piscina<WorkerTask, WorkerReply>> {
    if (!this.poolInstance) {
      const { Piscina } = await import("piscina");
      if (this.poolInstance) return this.poolInstance;
      const pool = new Piscina<WorkerTask, WorkerReply>({
        filename: new URL("./worker.js", import.meta.url).href,
        minThreads: 0,
        maxThreads: this.settings.threads,
        idleTimeout: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: this.settings.worker_heap_mb },
      });
      pool.on("workerCreate", () => this.ready++);
      pool.on("workerDestroy", () => this.ready--);
      this.poolInstance = pool;
    }
    return this.poolInstance;
  }

  /** Start one worker ahead of the first expensive call (servers call this at start-up). */
  async warm(): Promise<void> {
    await (await this.pool()).run({ opId: "", request: null, warmup: true });
  }

  async execute(job: ExecuteRequest): Promise<unknown> {
    // Only operations a worker can load by module URL are eligible for isolation.
    if (job.estimate.units <= this.settings.inline_max_units || (!job.module && !job.packModule)) return this.inline.execute(job);
    if (job.signal.aborted) throw new AbortedError("CANCELLED");
    // `signal` fires on the caller's cancellation or, once the task has started, on its time budget.
    const timer = new AbortController();
    const signal = job.signal === NEVER_ABORTED ? timer.signal : AbortSignal.any([job.signal, timer.signal]);
    let budgetTimer: NodeJS.Timeout | undefined;
    const channel = new MessageChannel();
    const inner = new AbortController();
    let started = false;
    let abortWhenStarted = false;
    const onMessage = (m: WorkerMessage) => {
      if (m.type === "started") {
        started = true;
        budgetTimer = setTimeout(() => timer.abort(new DOMException("operation time budget exceeded", "TimeoutError")), job.budget.timeout_ms);
        if (abortWhenStarted) inner.abort(signal.reason);
      } else if (m.type === "checkpoint") job.onCheckpoint?.(m.state as Json);
      else if (job.onProgress) job.onProgress(m.done, m.total, m.message);
    };
    channel.port1.on("message", onMessage);
    channel.port1.unref();
    const onAbort = () => {
      if (started) inner.abort(signal.reason);
      else abortWhenStarted = true; // queued or still loading: forward once it is safe to terminate
    };
    signal.addEventListener("abort", onAbort, { once: true });
    const task: WorkerTask = {
      opId: job.op.id,
      request: pack(job.request),
      progress: channel.port2,
      ...(job.module ? { module: job.module } : {}),
      ...(job.packModule ? { packModule: job.packModule } : {}),
      ...(job.resume !== undefined ? { resume: job.resume } : {}),
      ...(job.onCheckpoint ? { checkpoints: true } : {}),
      ...(job.stage ? { stage: job.stage } : {}),
      ...(job.inlineValueBytes !== undefined ? { inlineValueBytes: job.inlineValueBytes } : {}),
    };
    let reply: WorkerReply;
    const run = (await this.pool()).run(task, { signal: inner.signal, transferList: [channel.port2] });
    // The port stays open until the task settles: a deferred abort needs its `started` message.
    const settle = () => {
      // Messages the worker posted before it returned are already queued on port1 but may not have
      // been dispatched yet: deliver them (the final progress message among them) before closing.
      for (let m = receiveMessageOnPort(channel.port1); m; m = receiveMessageOnPort(channel.port1)) onMessage(m.message as WorkerMessage);
      channel.port1.close();
      clearTimeout(budgetTimer);
    };
    void run.then(settle, settle);
    try {
      // The caller gets its answer at once even if the worker is still loading; the abort is
      // forwarded to the worker as soon as it reports `started`.
      reply = await Promise.race([run, abortedBeforeStart(signal, () => started)]);
    } catch (e) {
      if (signal.aborted) throw new AbortedError(abortReason(signal));
      const msg = String((e as Error)?.message ?? e);
      const code = String((e as { code?: unknown })?.code ?? "");
      throw new ProviderFailure(code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory|heap limit/i.test(msg) ? `the worker exceeded its memory limit (${this.settings.worker_heap_mb} MiB)` : `the worker failed: ${msg.slice(0, 200)}`);
    }
    if (reply.ok) return "declined" in reply ? undefined : "canonical" in reply ? CheckedResult.fromCanonical(reply.canonical) : CheckedResult.fromText(reply.text);
    const err = reply.error;
    if (err.code) throw new JacobianError(err.code as FailureCode, err.message, { ...(err.path ? { path: err.path } : {}), ...(err.hint ? { hint: err.hint } : {}) });
    const e = new Error(err.message);
    e.name = err.name;
    throw e;
  }

  get threads(): number {
    return this.poolInstance?.threads.length ?? 0;
  }

  async close(): Promise<void> {
    const pool = this.poolInstance;
    if (!pool) return;
    this.poolInstance = undefined;
    // Let booting workers finish loading before they are terminated (see the class comment).
    const deadline = Date.now() + 10_000;
    while (pool.threads.length > this.ready && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await pool.destroy();
  }
}

/** Rejects (never resolves) when the caller aborts before the worker has started the task. */
function abortedBeforeStart(signal: AbortSignal, started: () => boolean): Promise<never> {
  return new Promise<never>((_, reject) => {
    const check = () => {
      if (!started()) reject(new AbortedError(abortReason(signal)));
    };
    if (signal.aborted) check();
    else signal.addEventListener("abort", check, { once: true });
  });
}
