import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { ExecuteRequest, Executor } from "../../domain/ports.js";
import { AbortedError, JacobianError, type FailureCode } from "../../domain/errors.js";
import { abortReason } from "../../application/execution.js";
import type { WorkerReply, WorkerTask } from "./worker.js";
import { InlineExecutor } from "./inline-executor.js";

export interface PoolSettings {
  /** Work estimated at or below this many units runs inline on the event loop. */
  inline_max_units: number;
  threads: number;
  /** V8 old-generation heap limit per worker, MiB. */
  worker_heap_mb: number;
  /** Pack modules that workers may import (custom packs); shipped packs are always available. */
  pool_eligible: (job: ExecuteRequest) => boolean;
}

/** Raised when a worker dies (e.g. heap limit): no conclusion, reported as a provider failure. */
export class ProviderFailure extends Error {
  override name = "ProviderFailure";
}

/**
 * Runs expensive operations in a piscina worker pool. Aborting a task (cancellation or its
 * wall-time budget) makes piscina terminate the worker that runs it and start a fresh one, so
 * CPU is released at once and the event loop never blocks on mathematics.
 */
export class PoolExecutor implements Executor {
  private poolInstance: Piscina<WorkerTask, WorkerReply> | undefined;
  private readonly inline = new InlineExecutor();

  constructor(private readonly settings: PoolSettings) {}

  /** Workers start on the first pooled task, so short-lived commands never pay for them. */
  private get pool(): Piscina<WorkerTask, WorkerReply> {
    this.poolInstance ??= new Piscina<WorkerTask, WorkerReply>({
      filename: new URL("./worker.js", import.meta.url).href,
      minThreads: 1,
      maxThreads: this.settings.threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: this.settings.worker_heap_mb },
    });
    return this.poolInstance;
  }

  async execute(job: ExecuteRequest): Promise<unknown> {
    if (job.estimate.units <= this.settings.inline_max_units || !this.settings.pool_eligible(job)) return this.inline.execute(job);
    const { signal } = job;
    if (signal.aborted) throw new AbortedError(abortReason(signal));
    const channel = job.onProgress ? new MessageChannel() : undefined;
    if (channel) {
      channel.port1.on("message", (m: { done: number; total?: number; message?: string }) => job.onProgress!(m.done, m.total, m.message));
      channel.port1.unref();
    }
    const task: WorkerTask = { opId: job.op.id, request: job.request, ...(job.packModule ? { packModule: job.packModule } : {}), ...(channel ? { progress: channel.port2 } : {}) };
    let reply: WorkerReply;
    try {
      reply = await this.pool.run(task, { signal, ...(channel ? { transferList: [channel.port2] } : {}) });
    } catch (e) {
      if (signal.aborted) throw new AbortedError(abortReason(signal));
      const msg = String((e as Error)?.message ?? e);
      throw new ProviderFailure(/memory|ERR_WORKER_OUT_OF_MEMORY/i.test(msg) ? `the worker exceeded its memory limit (${this.settings.worker_heap_mb} MiB)` : `the worker failed: ${msg.slice(0, 200)}`);
    } finally {
      channel?.port1.close();
    }
    if (reply.ok) return reply.result;
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
    await this.poolInstance?.destroy();
    this.poolInstance = undefined;
  }
}
