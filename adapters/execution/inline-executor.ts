import type { ExecuteRequest, Executor } from "../../domain/ports.js";
import { AbortedError } from "../../domain/errors.js";
import { abortReason, createExecutionContext, stageRunner } from "../../application/execution.js";

/**
 * Runs an operation on the calling thread. Cancellation and timeouts are cooperative: operations
 * call `ctx.checkpoint()` / `ctx.yieldNow()` in their loops, and the executor also races the
 * signal so an aborted call returns promptly even if the operation is between checkpoints.
 *
 * The operation's signal is one AbortController fed by the caller's signal and a timer, both
 * released when the call ends: AbortSignal.any and AbortSignal.timeout keep weak references and
 * finalizers per call, which cost a short call (a gcd of two words: 50 µs) about a third of its CPU
 * in creation and garbage collection.
 */
export class InlineExecutor implements Executor {
  async execute(job: ExecuteRequest): Promise<unknown> {
    if (job.signal.aborted) throw new AbortedError("CANCELLED");
    const controller = new AbortController();
    const signal = controller.signal;
    const onCallerAbort = () => controller.abort(job.signal.reason);
    job.signal.addEventListener("abort", onCallerAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new DOMException("operation time budget exceeded", "TimeoutError")), job.budget.timeout_ms);
    const ctx = createExecutionContext(signal, job.onProgress, { ...(job.resume !== undefined ? { resumed: job.resume } : {}), ...(job.onCheckpoint ? { save: job.onCheckpoint } : {}), ...(job.stage === "after_attempt" ? { attemptDeclined: true } : {}) });
    const run = stageRunner(job.op, job.stage);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new AbortedError(abortReason(signal)));
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([Promise.resolve().then(() => run(job.request, ctx)), aborted]);
    } finally {
      clearTimeout(timer);
      job.signal.removeEventListener("abort", onCallerAbort);
      signal.removeEventListener("abort", onAbort!);
      aborted.catch(() => {});
    }
  }
  async close(): Promise<void> {}
}
