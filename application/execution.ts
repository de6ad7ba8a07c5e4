import { AbortedError } from "../domain/errors.js";
import type { ExecutionContext, OperationDeclaration } from "../domain/declaration.js";
import type { ProgressSink } from "../domain/ports.js";
import type { Json } from "../domain/json.js";

/**
 * Build the context an operation runs with: cooperative cancellation and progress (stageReports).
 * Used by every executor (inline or worker), so operations see one behaviour everywhere.
 */
export function createExecutionContext(signal: AbortSignal, onProgress?: ProgressSink, checkpoints: { resumed?: Json; save?: (state: Json) => void; attemptDeclined?: boolean } = {}): ExecutionContext {
  const staged = onProgress ? stageReports(onProgress) : undefined;
  const checkpoint = () => {
    if (signal.aborted) throw new AbortedError(abortReason(signal));
  };
  return {
    signal,
    checkpoint,
    ...(checkpoints.resumed !== undefined ? { resumed: checkpoints.resumed } : {}),
    ...(checkpoints.save ? { saveCheckpoint: checkpoints.save } : {}),
    ...(checkpoints.attemptDeclined ? { attemptDeclined: true } : {}),
    progress(done, total, message) {
      staged?.(done, total, message);
    },
    async yieldNow() {
      await new Promise<void>((resolve) => setImmediate(resolve));
      checkpoint();
    },
  };
}

/**
 * What an executor runs for a job's stage (ExecuteRequest.stage): the declaration's first attempt
 * (whose undefined means it declined) or its execute.
 */
export function stageRunner(op: OperationDeclaration, stage: "attempt" | "after_attempt" | undefined): (request: unknown, ctx: ExecutionContext) => unknown {
  if (stage !== "attempt") return (request, ctx) => op.execute(request as never, ctx);
  const attempt = op.kind === "compute" ? op.attempt : undefined;
  if (!attempt) throw new Error(`${op.id} declares no first attempt`);
  return (request, ctx) => attempt.execute(request as never, ctx);
}

export function abortReason(signal: AbortSignal): "TIMEOUT" | "CANCELLED" {
  const r = signal.reason as { name?: string } | undefined;
  return r && r.name === "TimeoutError" ? "TIMEOUT" : "CANCELLED";
}

/**
 * An operation reports progress per stage (ExecutionContext.progress): `done` out of the stage's
 * `total`, a total only when the stage's work is known, and a message a person can read. Callers
 * (the CLI line, the API's onProgress, the MCP bridge) get those reports as they are, without
 * repeats or non-finite numbers; a report whose `done` goes back or whose total changes starts a new
 * stage. Turning stages into one increasing stream is the MCP adapter's job (its protocol needs it).
 */
export function stageReports(sink: ProgressSink): ProgressSink {
  let last: [number, number | undefined, string | undefined] | undefined;
  return (done, total, message) => {
    if (!Number.isFinite(done) || (total !== undefined && !Number.isFinite(total))) return;
    if (last && last[0] === done && last[1] === total && last[2] === message) return;
    last = [done, total, message];
    sink(done, total, message);
  };
}
