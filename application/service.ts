import type { Json } from "../domain/json.js";
import type { RunOutcome } from "../domain/outcome.js";
import type { ArtifactStore, TaskRecord, ValueStore } from "../domain/ports.js";
import type { Catalog } from "./catalog.js";
import type { ArtifactsUseCase, ReplayReport } from "./artifacts.js";
import type { FindResult, FindUseCase } from "./find.js";
import { LIBRARY, type RunOptions, type RunUseCase } from "./run.js";
import type { TaskPolicy, TaskStart, TasksUseCase } from "./tasks.js";

/** How many produced artifact URIs a runtime remembers for listing. */
export const PRODUCED_ARTIFACTS_MAX = 1000;

/**
 * One runtime's face onto the use cases: every adapter (MCP, CLI, JS API) calls exactly these.
 * A runtime owns its value store; closing it invalidates every value:// reference it issued.
 */
export class JacobianRuntime {
  private closed = false;
  /** artifact:// URIs this runtime's runs published, oldest first, at most PRODUCED_ARTIFACTS_MAX. */
  private readonly produced = new Set<string>();
  /** This runtime as the owner of the tasks it starts (random; never derived from a session id). */
  readonly id: string = globalThis.crypto.randomUUID();
  constructor(
    private readonly catalogRef: Catalog,
    private readonly finder: FindUseCase,
    private readonly runner: RunUseCase,
    private readonly values: ValueStore,
    private readonly artifacts: ArtifactStore,
    readonly artifactOps: ArtifactsUseCase,
    private readonly tasks: TasksUseCase,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  /** math.find: `{ request: { op: "search", ... } | { op: "inspect", ... } }`. */
  find(args: unknown): FindResult {
    return this.finder.find(args);
  }

  /** Shorthand for an inspect request. */
  inspect(capabilityId: string): FindResult {
    return this.finder.find({ request: { op: "inspect", capability_id: capabilityId } });
  }

  /** math.run. */
  async run(args: unknown, opts: RunOptions = {}): Promise<RunOutcome> {
    if (this.closed) throw new Error("this Jacobian runtime is closed");
    return this.remember(await this.runner.run(args, opts));
  }

  /** Whether this runtime can run math.run as tasks (distributed mode). */
  get tasksEnabled(): boolean {
    return this.tasks.enabled;
  }

  /** math.run as a task owned by this runtime (see TasksUseCase.start). */
  startTask(args: unknown, policy: TaskPolicy, ttlMs?: number): Promise<TaskStart> {
    if (this.closed) throw new Error("this Jacobian runtime is closed");
    return this.tasks.start(args, policy, { owner: this.id, ...(ttlMs !== undefined ? { ttlMs } : {}) });
  }

  task(id: string): Promise<TaskRecord | undefined> {
    return this.tasks.get(id);
  }

  /**
   * Wait for a task's outcome. Delivered to the runtime that started it, the outcome gets this
   * runtime's value:// refs and its artifacts join this runtime's listing; anywhere else it is
   * delivered as stored (refs never cross runtimes).
   */
  async taskResult(id: string, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    const record = await this.tasks.result(id, signal);
    if (!record?.outcome || record.owner !== this.id || this.closed) return record;
    return { ...record, outcome: this.remember(await this.runner.adopt(record.outcome)) };
  }

  /** Wait until a task is terminal (without adopting its outcome); undefined when unknown or expired. */
  awaitTask(id: string, signal?: AbortSignal): Promise<TaskRecord | undefined> {
    return this.tasks.result(id, signal);
  }

  cancelTask(id: string): Promise<TaskRecord | undefined> {
    return this.tasks.cancel(id);
  }

  listTasks(limit: number): Promise<TaskRecord[]> {
    return this.tasks.list(this.id, limit);
  }

  /** Track the artifacts a completed outcome published (for this runtime's own listing). */
  private remember(outcome: RunOutcome): RunOutcome {
    if (outcome.outcome === "completed") {
      for (const uri of [...(outcome.artifacts ?? []), ...(outcome.value_artifact ? [outcome.value_artifact] : [])]) {
        this.produced.delete(uri); // re-inserted as the most recent
        this.produced.add(uri);
      }
      for (const uri of this.produced) {
        if (this.produced.size <= PRODUCED_ARTIFACTS_MAX) break;
        this.produced.delete(uri);
      }
    }
    return outcome;
  }

  /**
   * The artifacts this runtime produced (the most recent PRODUCED_ARTIFACTS_MAX), for listing to
   * its own client; every artifact stays readable by its exact URI through readArtifact.
   */
  producedArtifacts(): string[] {
    return [...this.produced];
  }

  /** The installed inventory (the capability://catalog resource). */
  catalog(): Json {
    return {
      library: { ...LIBRARY },
      packs: this.catalogRef.packs.map((p) => ({ ...p })),
      operations: this.catalogRef.all().map((op) => this.catalogRef.entry(op)),
    };
  }

  /** Read a durable artifact by URI (hash-verified); undefined when absent. */
  readArtifact(uri: string): Promise<Json | undefined> {
    return this.artifacts.get(uri);
  }

  listArtifacts(): Promise<string[]> {
    return this.artifacts.list();
  }

  /** Re-run the request recorded in an artifact and report whether the result is identical. */
  replay(uri: string, opts: { issueRefs?: boolean } = {}): Promise<ReplayReport> {
    return this.artifactOps.replay(uri, opts);
  }

  get valueCount(): number {
    return this.values.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.values.clear();
    this.produced.clear();
    await this.onClose();
  }
}
