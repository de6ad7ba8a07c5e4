import type { ExecuteRequest, Executor } from "../../domain/ports.js";
import { AbortedError } from "../../domain/errors.js";
import { abortReason, CallAbort, createExecutionContext, NEVER_ABORTED, stageRunner } from "../../application/execution.js";

/**
 * Runs an operation on the calling thread. Cancellation and timeouts are cooperative: operations
 * call `ctx.checkpoint()` / `ctx.yieldNow()` in their loops, and the executor also races the
 * caller's signal and the time budget, so an aborted call returns promptly even if the operation
 * is between checkpoints.
 *
 * An operation that returns its value synchronously has finished before any timer or abort event
 * could be delivered (both need the event loop): such a call sets no timer, adds no listener and
 * builds no AbortController or race — a gcd of two words spent most of its 50 µs on those. Only
 * when the operation returns a promise does the executor start the budget timer (for what is left of
 * the budget), listen to the caller's signal and race the two; both are released when it settles.
 */
export class InlineExecutor implements Executor {
  async execute(job: ExecuteRequest): Promise<unknown> {
    if (job.signal.aborted) throw new AbortedError("CANCELLED");
    const started = performance.now();
    const abort = new CallAbort();
    const plain = job.resume === undefined && !job.onCheckpoint && job.stage !== "after_attempt";
    const ctx = createExecutionContext(abort, job.onProgress, plain ? NO_CHECKPOINTS : { ...(job.resume !== undefined ? { resumed: job.resume } : {}), ...(job.onCheckpoint ? { save: job.onCheckpoint } : {}), ...(job.stage === "after_attempt" ? { attemptDeclined: true } : {}) });
    const out = stageRunner(job.op, job.stage)(job.request, ctx);
    if (!isThenable(out)) return out;
    const timer = setTimeout(() => abort.abort(new DOMException("operation time budget exceeded", "TimeoutError")), Math.max(0, job.budget.timeout_ms - (performance.now() - started)));
    const caller = job.signal === NEVER_ABORTED ? undefined : job.signal;
    const onCallerAbort = () => abort.abort(caller!.reason);
    caller?.addEventListener("abort", onCallerAbort, { once: true });
    const aborted = new Promise<never>((_, reject) => {
      abort.onAbort = () => reject(new AbortedError(abortReason(abort)));
    });
    try {
      return await Promise.race([out, aborted]);
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
      abort.onAbort = undefined;
      aborted.catch(() => {});
    }
  }
  async close(): Promise<void> {}
}

const NO_CHECKPOINTS = Object.freeze({});

function isThenable(x: unknown): x is PromiseLike<unknown> {
  return x !== null && (typeof x === "object" || typeof x === "function") && typeof (x as { then?: unknown }).then === "function";
}
