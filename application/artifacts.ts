import { canonicalJson, type Json } from "../domain/json.js";
import type { RunOutcome } from "../domain/outcome.js";
import type { ArtifactStore } from "../domain/ports.js";
import type { Catalog } from "./catalog.js";
import type { RunUseCase } from "./run.js";

export interface ReplayReport {
  artifact: string;
  kind: string;
  operation: { id: string; recorded_version: string; installed_version: string | null };
  /** True when the re-run reproduced exactly the recorded result (or the same artifact). */
  identical: boolean;
  detail: string;
  outcome?: RunOutcome;
}

interface Manifest {
  kind: "result" | "evidence";
  operation: { id: string; version: string };
  request: Record<string, Json>;
  result: Json;
}

/** Operator use cases over durable artifacts: replay, verify, list and garbage collection. */
export class ArtifactsUseCase {
  constructor(
    private readonly catalog: Catalog,
    private readonly store: ArtifactStore,
    private readonly runner: RunUseCase,
  ) {}

  /** `issueRefs: false` where the runtime ends with the command (the CLI): a ref could never resolve. */
  async replay(uri: string, opts: { issueRefs?: boolean } = {}): Promise<ReplayReport> {
    const content = (await this.store.get(uri)) as Manifest | undefined;
    if (!content) throw new Error(`no artifact ${uri} in ${this.store.location}`);
    if (!content.operation || !content.request || (content.kind !== "result" && content.kind !== "evidence")) {
      throw new Error(`${uri} is not a replayable manifest`);
    }
    const op = this.catalog.get(content.operation.id);
    const operation = { id: content.operation.id, recorded_version: content.operation.version, installed_version: op?.meta.version ?? null };
    const base = { artifact: uri, kind: content.kind, operation };
    if (!op) return { ...base, identical: false, detail: "the recording operation is not installed in this runtime" };
    const outcome = await this.runner.run({ capability_id: content.operation.id, payload: content.request }, opts.issueRefs === false ? { issueRefs: false } : {});
    if (outcome.outcome !== "completed") return { ...base, identical: false, detail: `the re-run did not complete (${outcome.outcome})`, outcome };
    // A re-run that publishes the same content publishes the same artifact id.
    const republished = new Set(outcome.artifacts ?? []);
    if (republished.has(uri)) return { ...base, identical: true, detail: "the re-run published the identical artifact", outcome };
    if (content.kind === "result" && outcome.value !== undefined && canonicalJson(outcome.value) === canonicalJson(content.result)) {
      return { ...base, identical: true, detail: "the re-run produced the identical value", outcome };
    }
    return { ...base, identical: false, detail: "the re-run produced a different result", outcome };
  }

  list(): Promise<string[]> {
    return this.store.list();
  }

  verify(): Promise<{ checked: number; corrupt: string[] }> {
    return this.store.verifyAll();
  }

  gc(opts: { olderThanMs?: number }): Promise<{ removed: string[]; temporaries: number }> {
    return this.store.gc(opts);
  }
}
