import { AbortedError } from "../domain/errors.js";
import type { ExecutionContext } from "../domain/declaration.js";
import type { ProgressSink } from "../domain/ports.js";

/**
 * Build the context an operation runs with: cooperative cancellation and progress (see
 * stagedProgress for how an operation's per-stage reports become one monotone stream).
 * Used by every executor (inline or worker), so operations see one behaviour everywhere.
 */
export function createExecutionContext(signal: AbortSignal, onProgress?: ProgressSink): ExecutionContext {
  const staged = onProgress ? stagedProgress(onProgress) : undefined;
  const checkpoint = () => {
    if (signal.aborted) throw new AbortedError(abortReason(signal));
  };
  return {
    signal,
    checkpoint,
    progress(done, total, message) {
      staged?.(done, total, message);
    },
    async yieldNow() {
      await new Promise<void>((resolve) => setImmediate(resolve));
      checkpoint();
    },
  };
}

export function abortReason(signal: AbortSignal): "TIMEOUT" | "CANCELLED" {
  const r = signal.reason as { name?: string } | undefined;
  return r && r.name === "TimeoutError" ? "TIMEOUT" : "CANCELLED";
}

/**
 * An operation reports progress per stage: `done` out of the stage's `total`, with a total only
 * when the stage's work is known (the primes of a multimodular loop, the curves of an ECM level),
 * and a message a person can read ("ECM level 2: 120 of 480 curves"). A report whose `done` goes
 * back, or whose total differs from the previous one, starts a new stage.
 *
 * The wire (MCP notifications/progress, the CLI line) needs one stream whose progress strictly
 * increases. Each stage continues where the previous one ended: progress = offset + done, total =
 * offset + stage total, the offset being the progress reached so far (one more when the new stage
 * starts at 0, so its first message is not lost). A client's bar thus shows the share of the work
 * known so far, exactly the stage's share while there is one stage. Repeats are dropped.
 */
export function stagedProgress(sink: ProgressSink): ProgressSink {
  let wire = -Infinity; // last progress sent
  let offset = 0;
  let stageDone = -Infinity;
  let stageTotal: number | undefined;
  let first = true;
  return (done, total, message) => {
    if (!Number.isFinite(done) || (total !== undefined && !Number.isFinite(total))) return;
    if (!first && (done < stageDone || total !== stageTotal)) offset = wire + (done > 0 ? 0 : 1); // a new stage
    first = false;
    stageDone = done;
    stageTotal = total;
    const progress = offset + done;
    if (!(progress > wire)) return;
    wire = progress;
    sink(progress, total === undefined ? undefined : offset + Math.max(done, total), message);
  };
}

/**
 * Watches the wire stream of one run so that a completed run ends its progress at its total: a
 * client's bar reaches 100 % when the work is done, even when the last stage ended early (a factor
 * found before the last curve of an ECM level) or had no total.
 */
export function finishingProgress(sink: ProgressSink): { sink: ProgressSink; finish(): void } {
  let last: { progress: number; total?: number } | undefined;
  return {
    sink(progress, total, message) {
      last = { progress, ...(total !== undefined ? { total } : {}) };
      sink(progress, total, message);
    },
    finish() {
      if (!last || (last.total !== undefined && last.progress >= last.total)) return;
      const end = last.total ?? last.progress + 1;
      last = { progress: end, total: end };
      sink(end, end, "done");
    },
  };
}
