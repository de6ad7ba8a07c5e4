import { AbortedError } from "../domain/errors.js";
import type { ExecutionContext, OperationDeclaration } from "../domain/declaration.js";
import type { ProgressSink } from "../domain/ports.js";
import type { Json } from "../domain/json.js";

/**
 * The signal of a call without a caller's signal: never aborted, shared by every such call (an
 * AbortController per call costs a short call a visible share of its time). Executors attach no
 * listener to it.
 */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;

/**
 * The abort state of one running call: a flag and a reason, set once by `abort`, and an
 * AbortSignal made only when someone reads `signal` (no operation does today), so a call that
 * ends without being aborted never builds one.
 */
export class CallAbort {
  aborted = false;
  reason: unknown = undefined;
  /** Called once, on the first abort. */
  onAbort: (() => void) | undefined = undefined;
  private controller: AbortController | undefined;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    this.onAbort?.();
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }
}

/**
 * Build the context an operation runs with: cooperative cancellation and progress (stageReports).
 * Used by every executor (inline or worker), so operations see one behaviour everywhere. The abort
 * state is an AbortSignal or a CallAbort (whose signal is built only if the operation reads it).
 */
export function createExecutionContext(abort: AbortSignal | CallAbort, onProgress?: ProgressSink, checkpoints: { resumed?: Json; save?: (state: Json) => void; attemptDeclined?: boolean } = {}): ExecutionContext {
  const staged = onProgress ? stageReports(onProgress) : undefined;
  const checkpoint = () => {
    if (abort.aborted) throw new AbortedError(abortReason(abort));
  };
  const ctx: { -readonly [K in keyof ExecutionContext]: ExecutionContext[K] } = {
    get signal() {
      return abort instanceof CallAbort ? abort.signal : abort;
    },
    checkpoint,
    progress(done, total, message) {
      staged?.(done, total, message);
    },
    async yieldNow() {
      await new Promise<void>((resolve) => setImmediate(resolve));
      checkpoint();
    },
  };
  // Set only when present (the context's optional members are absent otherwise, not undefined).
  if (checkpoints.resumed !== undefined) ctx.resumed = checkpoints.resumed;
  if (checkpoints.save) ctx.saveCheckpoint = checkpoints.save;
  if (checkpoints.attemptDeclined) ctx.attemptDeclined = true;
  return ctx;
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

export function abortReason(signal: { readonly reason: unknown }): "TIMEOUT" | "CANCELLED" {
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
