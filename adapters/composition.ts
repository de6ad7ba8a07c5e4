/**
 * The composition root: the only module that knows the dependency-injection container.
 * One root container holds what a process shares (catalog, search index, artifact store,
 * executor); each runtime is a child container with its own value store.
 */
import "./ark-config.js";
import "reflect-metadata";
import { createHash } from "node:crypto";
import { container as rootContainer, type DependencyContainer } from "tsyringe";
import type { OperationPack } from "../domain/declaration.js";
import type { ArtifactStore, Digest, Executor, Logger, ProviderRegistry, RuntimeSettings, SearchIndex, ValueStore } from "../domain/ports.js";
import { Catalog } from "../application/catalog.js";
import { FindUseCase } from "../application/find.js";
import { ArtifactsUseCase } from "../application/artifacts.js";
import { RunUseCase } from "../application/run.js";
import { JacobianRuntime } from "../application/service.js";
import { AVAILABLE_PACKS, DEFAULT_PACKS } from "../operations/packs.js";
import { resolveSettings, type JacobianOptions, type ResolvedSettings } from "./config.js";
import { InlineExecutor } from "./execution/inline-executor.js";
import { PoolExecutor } from "./execution/pool-executor.js";
import { StderrLogger } from "./logging/stderr-logger.js";
import { DefaultProviderRegistry } from "./providers/registry.js";
import { Bm25SearchIndex } from "./search/bm25-index.js";
import { FsArtifactStore } from "./stores/fs-artifact-store.js";
import { MemoryValueStore } from "./stores/memory-value-store.js";

export const TOKENS = {
  settings: Symbol("RuntimeSettings"),
  resolved: Symbol("ResolvedSettings"),
  catalog: Symbol("Catalog"),
  index: Symbol("SearchIndex"),
  artifacts: Symbol("ArtifactStore"),
  executor: Symbol("Executor"),
  digest: Symbol("Digest"),
  logger: Symbol("Logger"),
  providers: Symbol("ProviderRegistry"),
  values: Symbol("ValueStore"),
  runtime: Symbol("JacobianRuntime"),
} as const;

const sha256: Digest = { sha256: (text) => createHash("sha256").update(text, "utf8").digest("hex") };

export function selectPacks(requested: (string | OperationPack)[] | undefined): OperationPack[] {
  const list = requested ?? DEFAULT_PACKS;
  return list.map((p) => {
    if (typeof p !== "string") return p;
    const pack = AVAILABLE_PACKS[p];
    if (!pack) throw new Error(`unknown pack ${JSON.stringify(p)}; available: ${Object.keys(AVAILABLE_PACKS).join(", ")}`);
    return pack;
  });
}

/** Shared services of one process, able to open any number of isolated runtimes. */
export class JacobianHost {
  private readonly runtimes = new Set<JacobianRuntime>();
  private constructor(
    private readonly container: DependencyContainer,
    readonly settings: ResolvedSettings,
  ) {}

  static create(options: JacobianOptions = {}, defaultLogger: "stderr" | "silent" = "silent"): JacobianHost {
    const resolved = resolveSettings(options);
    const c = rootContainer.createChildContainer();
    const loggerOpt = options.logger ?? defaultLogger;
    const logger: Logger = typeof loggerOpt === "object" ? loggerOpt : new StderrLogger(resolved.debug, loggerOpt === "silent");
    const runtimeSettings: RuntimeSettings = {
      budgets: resolved.budgets,
      budget_scale: resolved.budgetScale,
      inline_value_bytes: resolved.inlineValueBytes,
      max_request_bytes: resolved.maxRequestBytes,
    };
    c.register(TOKENS.resolved, { useValue: resolved });
    c.register(TOKENS.settings, { useValue: runtimeSettings });
    c.register(TOKENS.logger, { useValue: logger });
    c.register(TOKENS.digest, { useValue: sha256 });
    c.register(TOKENS.providers, { useValue: new DefaultProviderRegistry(new Set(resolved.disabledProviders)) });
    c.register(TOKENS.catalog, { useValue: new Catalog(selectPacks(resolved.packs), c.resolve<ProviderRegistry>(TOKENS.providers), runtimeSettings) });
    const index = new Bm25SearchIndex();
    index.build(c.resolve<Catalog>(TOKENS.catalog).all().map(({ decl }) => ({ id: decl.id, title: decl.title, summary: decl.summary, keywords: decl.keywords })));
    c.register(TOKENS.index, { useValue: index });
    c.register(TOKENS.artifacts, { useValue: new FsArtifactStore(resolved.artifactsDir) });
    const shipped = new Set<unknown>(Object.values(AVAILABLE_PACKS).flatMap((p) => p.operations));
    const pool = resolved.pool;
    const executor: Executor = pool
      ? new PoolExecutor({
          threads: pool.threads,
          inline_max_units: pool.inlineMaxUnits,
          worker_heap_mb: pool.workerHeapMb,
          pool_eligible: (job) => job.packModule !== undefined || shipped.has(job.op),
        })
      : new InlineExecutor();
    c.register(TOKENS.executor, { useValue: executor });
    return new JacobianHost(c, resolved);
  }

  get catalog(): Catalog {
    return this.container.resolve<Catalog>(TOKENS.catalog);
  }
  get logger(): Logger {
    return this.container.resolve<Logger>(TOKENS.logger);
  }
  get artifacts(): ArtifactStore {
    return this.container.resolve<ArtifactStore>(TOKENS.artifacts);
  }

  /** A new runtime with its own value store (one per MCP session, CLI command or API handle). */
  openRuntime(): JacobianRuntime {
    const child = this.container.createChildContainer();
    child.register(TOKENS.values, { useValue: new MemoryValueStore({ max_entries: this.settings.valueStore.maxEntries, max_bytes: this.settings.valueStore.maxBytes }) });
    const values = child.resolve<ValueStore>(TOKENS.values);
    const catalog = child.resolve<Catalog>(TOKENS.catalog);
    const artifacts = child.resolve<ArtifactStore>(TOKENS.artifacts);
    const finder = new FindUseCase(catalog, child.resolve<SearchIndex>(TOKENS.index));
    const runner = new RunUseCase({
      catalog,
      values,
      artifacts,
      executor: child.resolve<Executor>(TOKENS.executor),
      digest: child.resolve<Digest>(TOKENS.digest),
      logger: child.resolve<Logger>(TOKENS.logger),
      settings: child.resolve<RuntimeSettings>(TOKENS.settings),
    });
    const artifactOps = new ArtifactsUseCase(catalog, artifacts, runner);
    const runtime: JacobianRuntime = new JacobianRuntime(catalog, finder, runner, values, artifacts, artifactOps, async () => {
      this.runtimes.delete(runtime);
    });
    this.runtimes.add(runtime);
    return runtime;
  }

  /** Start execution capacity ahead of the first call (servers do this at start-up). */
  async warm(): Promise<void> {
    await this.container.resolve<Executor>(TOKENS.executor).warm?.();
  }

  get openRuntimes(): number {
    return this.runtimes.size;
  }

  async close(): Promise<void> {
    for (const r of [...this.runtimes]) await r.close();
    await this.container.resolve<Executor>(TOKENS.executor).close();
  }
}
