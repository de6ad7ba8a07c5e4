/**
 * The composition root: the only module that knows the dependency-injection container.
 * Use cases and adapters are classes whose constructor parameters are bound to tokens here (the
 * application layer stays free of the container: `injectable`/`inject` are applied to its classes
 * in this file). The root container holds what a process shares (catalog, search index, artifact
 * store, executor, logger); each runtime is a child container with its own value store and its
 * own use-case instances. Every infrastructure registration can be swapped through
 * `JacobianOptions.overrides` (tests swap in a memory artifact store, a recording logger, …).
 */
import "./ark-config.js";
import "reflect-metadata";
import { createHash } from "node:crypto";
import { container as rootContainer, inject, injectable, instanceCachingFactory, Lifecycle, type DependencyContainer } from "tsyringe";
import type { OperationPack } from "../domain/declaration.js";
import type { ArtifactStore, Digest, Executor, JobQueue, Logger, ProviderRegistry, RuntimeSettings, SearchIndex, ValueStore } from "../domain/ports.js";
import { Catalog, sourcePack, type SourcePack } from "../application/catalog.js";
import { FindUseCase } from "../application/find.js";
import { ArtifactsUseCase } from "../application/artifacts.js";
import { RunUseCase } from "../application/run.js";
import { TasksUseCase } from "../application/tasks.js";
import { JacobianRuntime } from "../application/service.js";
import { readManifest } from "./catalog/manifest.js";
import { resolveSettings, type JacobianOptions, type ResolvedSettings } from "./config.js";
import { InlineExecutor } from "./execution/inline-executor.js";
import { PoolExecutor } from "./execution/pool-executor.js";
import { StderrLogger } from "./logging/stderr-logger.js";
import { DefaultProviderRegistry } from "./providers/registry.js";
import { Bm25SearchIndex } from "./search/bm25-index.js";
import { FsArtifactStore } from "./stores/fs-artifact-store.js";
import { RedisLink } from "./distributed/redis.js";
import { RedisArtifactStore } from "./distributed/redis-artifact-store.js";
import { RedisJobQueue } from "./distributed/job-queue.js";
import type { JobWorker } from "./distributed/job-worker.js";
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
  queue: Symbol("JobQueue"),
  onClose: Symbol("RuntimeOnClose"),
} as const;

/** Bind constructor parameters of a class to tokens (decorators applied as functions). */
function bind(cls: new (...args: any[]) => unknown, tokens: (symbol | (new (...args: any[]) => unknown))[]): void {
  // Injection tokens must be recorded before `injectable` reads them.
  tokens.forEach((t, i) => inject(t as never)(cls, undefined as never, i));
  injectable()(cls as never);
}
bind(FindUseCase, [TOKENS.catalog, TOKENS.index]);
bind(RunUseCase, [TOKENS.catalog, TOKENS.values, TOKENS.artifacts, TOKENS.executor, TOKENS.digest, TOKENS.logger, TOKENS.settings, TOKENS.queue]);
bind(ArtifactsUseCase, [TOKENS.catalog, TOKENS.artifacts, RunUseCase]);
bind(TasksUseCase, [RunUseCase, TOKENS.queue]);
bind(JacobianRuntime, [TOKENS.catalog, FindUseCase, RunUseCase, TOKENS.values, TOKENS.artifacts, ArtifactsUseCase, TasksUseCase, TOKENS.onClose]);

const sha256: Digest = { sha256: (text) => createHash("sha256").update(text, "utf8").digest("hex") };


/** The installed packs: shipped ones from the build-time manifest, custom ones validated in memory. */
export function selectPacks(requested: (string | OperationPack)[] | undefined, manifestFile?: string): SourcePack[] {
  if (!requested) return readManifest(undefined, manifestFile);
  const names = requested.filter((p): p is string => typeof p === "string");
  const shipped = names.length ? new Map(readManifest(names, manifestFile).map((p) => [p.name, p])) : new Map<string, SourcePack>();
  return requested.map((p) => (typeof p === "string" ? shipped.get(p)! : sourcePack(p)));
}

/** Shared services of one process, able to open any number of isolated runtimes. */
export class JacobianHost {
  private readonly runtimes = new Set<JacobianRuntime>();
  private readonly workers: JobWorker[] = [];
  private constructor(
    private readonly container: DependencyContainer,
    readonly settings: ResolvedSettings,
    /** Distributed mode: the Redis connections (undefined for a self-contained process). */
    private readonly link: RedisLink | undefined,
  ) {}

  static create(options: JacobianOptions = {}, defaultLogger: "stderr" | "silent" = "silent"): JacobianHost {
    const resolved = resolveSettings(options);
    const o = options.overrides ?? {};
    const c = rootContainer.createChildContainer();
    const loggerOpt = options.logger ?? defaultLogger;
    const runtimeSettings: RuntimeSettings = {
      budgets: resolved.budgets,
      budget_scale: resolved.budgetScale,
      inline_value_bytes: resolved.inlineValueBytes,
      max_request_bytes: resolved.maxRequestBytes,
    };
    c.register(TOKENS.resolved, { useValue: resolved });
    c.register(TOKENS.settings, { useValue: runtimeSettings });
    c.register(TOKENS.logger, { useValue: o.logger ?? (typeof loggerOpt === "object" ? loggerOpt : new StderrLogger(resolved.debug, loggerOpt === "silent")) });
    c.register(TOKENS.digest, { useValue: o.digest ?? sha256 });
    c.register(TOKENS.providers, { useValue: o.providers ?? new DefaultProviderRegistry(new Set(resolved.disabledProviders)) });
    // The catalog reads the manifest now (a bad pack name fails at creation); nothing loads an operation.
    c.register(TOKENS.catalog, { useValue: new Catalog(selectPacks(resolved.packs, resolved.catalogManifest), c.resolve<ProviderRegistry>(TOKENS.providers), runtimeSettings) });
    c.register(TOKENS.index, {
      useFactory: instanceCachingFactory((dc) => {
        const index = o.index ?? new Bm25SearchIndex();
        index.build(dc.resolve<Catalog>(TOKENS.catalog).all().map(({ meta }) => ({ id: meta.id, title: meta.title, summary: meta.summary, keywords: meta.keywords })));
        return index;
      }),
    });
    // Distributed mode (`redis` set): artifacts in Redis, long work on the shared job queue. The
    // Redis client libraries load on first use, so a self-contained process never loads them.
    const logger = c.resolve<Logger>(TOKENS.logger);
    const link = resolved.distributed ? new RedisLink(resolved.distributed, logger) : undefined;
    c.register(TOKENS.artifacts, { useFactory: instanceCachingFactory(() => o.artifacts ?? (link ? new RedisArtifactStore(link) : new FsArtifactStore(resolved.artifactsDir))) });
    const queue: JobQueue | null = o.queue !== undefined ? o.queue : link ? new RedisJobQueue(link, logger) : null;
    c.register(TOKENS.queue, { useFactory: () => queue }); // (tsyringe treats a null useValue as unregistered)
    c.register(TOKENS.executor, {
      useFactory: instanceCachingFactory<Executor>(() => {
        if (o.executor) return o.executor;
        const pool = resolved.pool;
        return pool ? new PoolExecutor({ threads: pool.threads, inline_max_units: pool.inlineMaxUnits, worker_heap_mb: pool.workerHeapMb }) : new InlineExecutor();
      }),
    });
    // Per runtime (child container): a value store and one instance of each use case.
    c.register(TOKENS.values, { useFactory: () => (o.values ? o.values() : new MemoryValueStore({ max_entries: resolved.valueStore.maxEntries, max_bytes: resolved.valueStore.maxBytes })) });
    c.register(FindUseCase, { useClass: FindUseCase }, { lifecycle: Lifecycle.ContainerScoped });
    c.register(RunUseCase, { useClass: RunUseCase }, { lifecycle: Lifecycle.ContainerScoped });
    c.register(ArtifactsUseCase, { useClass: ArtifactsUseCase }, { lifecycle: Lifecycle.ContainerScoped });
    c.register(TasksUseCase, { useClass: TasksUseCase }, { lifecycle: Lifecycle.ContainerScoped });
    c.register(JacobianRuntime, { useClass: JacobianRuntime }, { lifecycle: Lifecycle.ContainerScoped });
    return new JacobianHost(c, resolved, link);
  }

  /** The shared job queue (distributed mode), or null. */
  get queue(): JobQueue | null {
    return this.container.resolve<JobQueue | null>(TOKENS.queue);
  }

  /**
   * Consume the shared queue in this process (`jacobian worker`, or a replica with
   * `replica_concurrency`): up to `concurrency` jobs at a time, each run by a local runtime.
   */
  async startWorker(concurrency: number): Promise<JobWorker> {
    const queue = this.queue;
    if (!this.link || !(queue instanceof RedisJobQueue)) throw new Error("a job worker needs distributed mode: configure `redis` (--redis redis://host:port)");
    const { JobWorker } = await import("./distributed/job-worker.js");
    const worker = new JobWorker(this.link, queue, this.openRuntime(), this.logger, concurrency);
    await worker.start();
    this.workers.push(worker);
    return worker;
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
    child.register(TOKENS.values, { useValue: this.container.resolve<ValueStore>(TOKENS.values) });
    let runtime: JacobianRuntime | undefined;
    child.register(TOKENS.onClose, { useValue: async () => void this.runtimes.delete(runtime!) });
    runtime = child.resolve(JacobianRuntime);
    this.runtimes.add(runtime);
    return runtime;
  }

  /** Build the search index in the background, in short slices (servers do this once they are up). */
  async prepareSearch(): Promise<void> {
    await this.container.resolve<SearchIndex>(TOKENS.index).prepare?.();
  }

  /** Start execution capacity ahead of the first call (servers do this at start-up). */
  async warm(): Promise<void> {
    await this.container.resolve<Executor>(TOKENS.executor).warm?.();
  }

  get openRuntimes(): number {
    return this.runtimes.size;
  }

  async close(): Promise<void> {
    for (const w of this.workers.splice(0)) await w.close();
    for (const r of [...this.runtimes]) await r.close();
    await this.container.resolve<Executor>(TOKENS.executor).close();
    await this.queue?.close();
    await this.link?.close();
  }
}
