import type { Json } from "../domain/json.js";
import type { RunOutcome } from "../domain/outcome.js";
import type { ArtifactStore, ValueStore } from "../domain/ports.js";
import type { Catalog } from "./catalog.js";
import type { ArtifactsUseCase, ReplayReport } from "./artifacts.js";
import type { FindResult, FindUseCase } from "./find.js";
import { LIBRARY, type RunOptions, type RunUseCase } from "./run.js";

/**
 * One runtime's face onto the use cases: every adapter (MCP, CLI, JS API) calls exactly these.
 * A runtime owns its value store; closing it invalidates every value:// reference it issued.
 */
export class JacobianRuntime {
  private closed = false;
  constructor(
    private readonly catalogRef: Catalog,
    private readonly finder: FindUseCase,
    private readonly runner: RunUseCase,
    private readonly values: ValueStore,
    private readonly artifacts: ArtifactStore,
    readonly artifactOps: ArtifactsUseCase,
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
    return this.runner.run(args, opts);
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
  replay(uri: string): Promise<ReplayReport> {
    return this.artifactOps.replay(uri);
  }

  get valueCount(): number {
    return this.values.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.values.clear();
    await this.onClose();
  }
}
