import type { ExecuteRequest, Executor } from "../../domain/ports.js";
import { AbortedError } from "../../domain/errors.js";
import { abortReason, createExecutionContext } from "../../application/execution.js";

/**
 * Runs an operation on the calling thread. Cancellation and timeouts are cooperative: operations
 * call `ctx.checkpoint()` / `ctx.yieldNow()` in their loops, and the executor also races the
 * signal so an aborted call returns promptly even if the operation is between checkpoints.
 */
export class InlineExecutor implements Executor {
  async execute(job: ExecuteRequest): Promise<unknown> {
    if (job.signal.aborted) throw new AbortedError("CANCELLED");
    const signal = AbortSignal.any([job.signal, AbortSignal.timeout(job.budget.timeout_ms)]);
    const ctx = createExecutionContext(signal, job.onProgress, { ...(job.resume !== undefined ? { resumed: job.resume } : {}), ...(job.onCheckpoint ? { save: job.onCheckpoint } : {}) });
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new AbortedError(abortReason(signal)));
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([Promise.resolve().then(() => job.op.execute(job.request, ctx)), aborted]);
    } finally {
      signal.removeEventListener("abort", onAbort!);
      aborted.catch(() => {});
    }
  }
  async close(): Promise<void> {}
}
