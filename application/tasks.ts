import { AbortedError } from "../domain/errors.js";
import type { RunOutcome } from "../domain/outcome.js";
import type { JobQueue, SubmitOptions, TaskRecord } from "../domain/ports.js";
import type { RunUseCase } from "./run.js";

/**
 * When a `math.run` becomes a task: `"always"` when the client asked for one (the 2025-11-25
 * `task` parameter), `"long"` when the server decides (the 2026-07-28 tasks extension: only work
 * long enough for the shared queue gets a task; the rest is answered at once).
 */
export type TaskPolicy = "always" | "long";

/** What starting a task gave: a task, or an answer the caller gets without one. */
export type TaskStart = { task: TaskRecord } | { answer: "inline" } | { answer: "outcome"; outcome: RunOutcome };

/**
 * Long-running `math.run` calls as tasks (distributed mode): the run is prepared where the call
 * arrived (inputs resolved in the caller's runtime, parsed, preflighted), then queued; its record
 * lives in the shared store, so whichever replica a later request lands on answers for it.
 */
export class TasksUseCase {
  constructor(
    private readonly runner: RunUseCase,
    private readonly queue: JobQueue | null,
  ) {}

  /** Tasks exist only where there is a shared queue to hold them. */
  get enabled(): boolean {
    return this.queue !== null;
  }

  async start(args: unknown, policy: TaskPolicy, opts: SubmitOptions): Promise<TaskStart> {
    const queue = this.require();
    const prepared = await this.runner.prepareQueued(args);
    if ("stopped" in prepared) {
      // A refused or invalid call is answered by the pipeline as usual; a client that insisted on
      // a task gets a terminal one holding the same outcome.
      if (policy === "long") return { answer: "inline" };
      return this.orOutcome(() => queue.record(prepared.stopped.capability_id, prepared.stopped, opts), prepared.stopped);
    }
    if (policy === "long" && !queue.queues(prepared.run.estimate)) return { answer: "inline" };
    return this.orOutcome(() => queue.submit(prepared.run, opts), undefined, prepared.run.capability_id);
  }

  get(id: string): Promise<TaskRecord | undefined> {
    return this.require().get(id);
  }

  /** Wait until the task is terminal; undefined when it is unknown or expired. */
  async result(id: string, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    const queue = this.require();
    const now = await queue.get(id);
    if (!now || now.status !== "working") return now;
    await this.waitQuietly(queue, id, signal);
    return queue.get(id);
  }

  cancel(id: string): Promise<TaskRecord | undefined> {
    return this.require().cancel(id);
  }

  list(owner: string, limit: number): Promise<TaskRecord[]> {
    return this.require().list(owner, limit);
  }

  private require(): JobQueue {
    if (!this.queue) throw new Error("tasks need the shared job queue (distributed mode)");
    return this.queue;
  }

  /** Waiting for a task's result must not cancel it when the waiter goes away (unlike a plain call). */
  private async waitQuietly(queue: JobQueue, id: string, signal?: AbortSignal): Promise<void> {
    try {
      await queue.wait(id, { ...(signal ? { signal } : {}), cancelOnAbort: false });
    } catch (e) {
      if (!(e instanceof AbortedError)) throw e;
    }
  }

  /** The queue unreachable: no task can be created, so the call is answered with that outcome. */
  private async orOutcome(create: () => Promise<TaskRecord>, fallback?: RunOutcome, capabilityId?: string): Promise<TaskStart> {
    try {
      return { task: await create() };
    } catch (e) {
      if ((e as Error)?.name !== "ProviderUnavailable") throw e;
      const outcome: RunOutcome = fallback ?? {
        capability_id: capabilityId ?? "",
        outcome: "non_conclusion",
        reason: { code: "PROVIDER_UNAVAILABLE", message: (e as Error).message },
        execution: { runtime_ms: 0, provider: "none" },
      };
      return { answer: "outcome", outcome };
    }
  }
}
