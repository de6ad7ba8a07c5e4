import { AbortedError } from "../domain/errors.js";
import type { ExecutionContext } from "../domain/declaration.js";
import type { ProgressSink } from "../domain/ports.js";

/**
 * Build the context an operation runs with: cooperative cancellation and monotone progress.
 * Used by every executor (inline or worker), so operations see one behaviour everywhere.
 */
export function createExecutionContext(signal: AbortSignal, onProgress?: ProgressSink): ExecutionContext {
  let last = -Infinity;
  const checkpoint = () => {
    if (signal.aborted) throw new AbortedError(abortReason(signal));
  };
  return {
    signal,
    checkpoint,
    progress(done, total, message) {
      if (!onProgress || !(done > last)) return; // progress is monotone: drop repeats and regressions
      last = done;
      onProgress(done, total, message);
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
