/** Operator configuration: a JSON file, CLI flags and API options, merged in that order. */
import { readFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type } from "arktype";
import { configFilePath, DEFAULT_MAX_REQUEST_BYTES } from "./config-peek.js";
import type { OperationPack } from "../domain/declaration.js";
import type { ArtifactStore, Digest, Executor, JobQueue, Logger, ProviderRegistry, SearchIndex, ValueStore } from "../domain/ports.js";

/** Built on first use: most processes read no config file and never need it. */
let configFileType: ReturnType<typeof makeConfigFileType> | undefined;
function makeConfigFileType() {
const BudgetOverride = type({ "max_units?": "number > 0", "max_memory_bytes?": "number > 0", "timeout_ms?": "number > 0" });

/** The config file schema; unknown keys are refused so typos never silently change limits. */
const ConfigFile = type({
  "packs?": "string[]",
  "artifacts_dir?": "string",
  "budget_scale?": "0 < number <= 1000",
  "budgets?": type({ "[string]": BudgetOverride }),
  "inline_value_bytes?": "1024 <= number.integer <= 67108864",
  "max_request_bytes?": "1024 <= number.integer <= 268435456",
  "value_store?": { "max_entries?": "1 <= number.integer <= 1000000", "max_bytes?": "number.integer >= 1024" },
  "disabled_providers?": "string[]",
  "pool?": { "threads?": "1 <= number.integer <= 64", "inline_max_units?": "number >= 0", "worker_heap_mb?": "64 <= number.integer <= 65536" },
  "http?": { "host?": "string", "port?": "0 <= number.integer <= 65535", "allowed_hosts?": "string[]" },
  "redis?": /^rediss?:\/\/\S+$/,
  "distributed?": {
    "prefix?": /^[A-Za-z0-9_.-]{1,64}$/,
    "queue_min_units?": "number >= 0",
    "replica_concurrency?": "0 <= number.integer <= 64",
    "worker_concurrency?": "1 <= number.integer <= 64",
    "lock_ms?": "1000 <= number.integer <= 3600000",
    "stalled_check_ms?": "500 <= number.integer <= 3600000",
    "max_stalled?": "0 <= number.integer <= 100",
    "task_ttl_ms?": "1000 <= number.integer <= 604800000",
    "poll_interval_ms?": "10 <= number.integer <= 600000",
    "start_timeout_ms?": "1000 <= number.integer <= 86400000",
  },
  "debug?": "boolean",
}).onDeepUndeclaredKey("reject");
return ConfigFile;
}
export type ConfigFile = ReturnType<typeof makeConfigFileType>["infer"];

export interface JacobianOptions {
  /** Packs to install: names of shipped packs and/or custom pack objects. Default: all shipped packs. */
  packs?: (string | OperationPack)[];
  /** Where durable artifacts live (default: $JACOBIAN_HOME/artifacts or ~/.jacobian/artifacts). */
  artifactsDir?: string;
  /** Multiply every declared budget (operators only). */
  budgetScale?: number;
  /** Per-operation budget overrides. */
  budgets?: Record<string, { max_units?: number; max_memory_bytes?: number; timeout_ms?: number }>;
  inlineValueBytes?: number;
  maxRequestBytes?: number;
  valueStore?: { maxEntries?: number; maxBytes?: number };
  /** Providers to treat as unavailable. */
  disabledProviders?: string[];
  /** The isolated worker pool for expensive operations; `false` runs everything inline. */
  pool?: false | { threads?: number; inlineMaxUnits?: number; workerHeapMb?: number };
  /** A config file to read first (JSON, see docs/operator.md). */
  configFile?: string;
  /** Logging: a Logger, "stderr" (default for servers) or "silent" (default for the API). */
  logger?: Logger | "stderr" | "silent";
  debug?: boolean;
  /**
   * Replace infrastructure behind its port (the composition root's registrations): an artifact
   * store, an executor, a search index, a logger, a value-store factory.
   */
  overrides?: {
    artifacts?: ArtifactStore;
    executor?: Executor;
    index?: SearchIndex;
    logger?: Logger;
    digest?: Digest;
    providers?: ProviderRegistry;
    values?: () => ValueStore;
    /** The shared job queue (null: none, even with `redis` set). */
    queue?: JobQueue | null;
  };
  /** A catalog manifest other than the shipped one (benchmarks, custom distributions). */
  catalogManifest?: string;
  /**
   * Distributed mode (docs/operator.md): a Redis URL (`redis://host:port/db`). Artifacts then live
   * in Redis and long work runs as jobs on a shared BullMQ queue. Absent: one self-contained process.
   */
  redis?: string;
  distributed?: Partial<Omit<DistributedSettings, "url">>;
}

/** Distributed mode: where the shared store is and how the job queue behaves. */
export interface DistributedSettings {
  url: string;
  /** Key prefix of everything Jacobian keeps in Redis (several deployments may share one Redis). */
  prefix: string;
  /** A run whose preflight estimate exceeds this many units is queued instead of run on the replica. */
  queueMinUnits: number;
  /** Jobs a replica runs itself (0: replicas only serve; `jacobian worker` processes run the jobs). */
  replicaConcurrency: number;
  /** Jobs one `jacobian worker` runs at a time. */
  workerConcurrency: number;
  /** A worker holds a job's lock this long and renews it; a killed worker's job is taken over after it lapses. */
  lockMs: number;
  /** How often workers look for jobs whose lock lapsed. */
  stalledCheckMs: number;
  /** How many times a job may be taken over before it is given up (a PROVIDER_FAILURE outcome). */
  maxStalled: number;
  /** Longest a task record is kept (a client's requested ttl is capped by it). */
  taskTtlMs: number;
  /** The polling interval suggested to task clients. */
  pollIntervalMs: number;
  /** A job no worker has started after this long is withdrawn (PROVIDER_UNAVAILABLE). */
  startTimeoutMs: number;
}

export interface ResolvedSettings {
  packs: (string | OperationPack)[] | undefined;
  artifactsDir: string;
  budgetScale: number;
  budgets: Record<string, { max_units?: number; max_memory_bytes?: number; timeout_ms?: number }>;
  inlineValueBytes: number;
  maxRequestBytes: number;
  valueStore: { maxEntries: number; maxBytes: number };
  disabledProviders: string[];
  pool: false | { threads: number; inlineMaxUnits: number; workerHeapMb: number };
  debug: boolean;
  http: { host: string; port: number; allowedHosts?: string[] };
  /** The catalog manifest to install from (default: the shipped one). */
  catalogManifest?: string;
  /** Distributed mode, when a Redis URL is configured. */
  distributed?: DistributedSettings;
}

export function defaultHome(): string {
  return process.env.JACOBIAN_HOME ?? path.join(os.homedir(), ".jacobian");
}

export function readConfigFile(file: string): ConfigFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`cannot read config file ${file}: ${(e as Error).message}`);
  }
  configFileType ??= makeConfigFileType();
  const r = configFileType(raw);
  if (r instanceof type.errors) throw new Error(`invalid config file ${file}: ${r.summary}`);
  return r;
}

/** Merge defaults ← config file ← explicit options. */
export function resolveSettings(opts: JacobianOptions): ResolvedSettings {
  const file = configFilePath(opts.configFile);
  const cfg: ConfigFile = file ? readConfigFile(file) : {};
  return {
    packs: opts.packs ?? cfg.packs,
    artifactsDir: opts.artifactsDir ?? cfg.artifacts_dir ?? path.join(defaultHome(), "artifacts"),
    budgetScale: opts.budgetScale ?? cfg.budget_scale ?? 1,
    budgets: { ...(cfg.budgets ?? {}), ...(opts.budgets ?? {}) },
    inlineValueBytes: opts.inlineValueBytes ?? cfg.inline_value_bytes ?? 256 * 1024,
    maxRequestBytes: opts.maxRequestBytes ?? cfg.max_request_bytes ?? DEFAULT_MAX_REQUEST_BYTES,
    valueStore: {
      maxEntries: opts.valueStore?.maxEntries ?? cfg.value_store?.max_entries ?? 1000,
      maxBytes: opts.valueStore?.maxBytes ?? cfg.value_store?.max_bytes ?? 64 * 1024 * 1024,
    },
    disabledProviders: opts.disabledProviders ?? cfg.disabled_providers ?? [],
    pool:
      opts.pool === false
        ? false
        : {
            threads: opts.pool?.threads ?? cfg.pool?.threads ?? Math.max(2, os.availableParallelism()),
            // ≈ 20 ms of work at ~1 ns per unit runs on the calling thread: a hand-off costs 0.1–0.6 ms
            // (1.3 ms for a pair of degree-500 polynomials) and a fresh worker 0.4–0.9 s of start-up
            // plus its JIT warm-up (measured with bench:pipeline, node 20), more than such work itself
            inlineMaxUnits: opts.pool?.inlineMaxUnits ?? cfg.pool?.inline_max_units ?? 2e7,
            workerHeapMb: opts.pool?.workerHeapMb ?? cfg.pool?.worker_heap_mb ?? 2048,
          },
    debug: opts.debug ?? cfg.debug ?? false,
    // JACOBIAN_CATALOG_MANIFEST: an operator switch for custom distributions and the start-up benchmark.
    ...((opts.catalogManifest ?? process.env.JACOBIAN_CATALOG_MANIFEST) ? { catalogManifest: (opts.catalogManifest ?? process.env.JACOBIAN_CATALOG_MANIFEST)! } : {}),
    http: { host: cfg.http?.host ?? "127.0.0.1", port: cfg.http?.port ?? 3917, ...(cfg.http?.allowed_hosts ? { allowedHosts: cfg.http.allowed_hosts } : {}) },
    ...distributed(opts, cfg),
  };
}

/** Distributed settings when a Redis URL is given (option, then config file); defaults per docs/operator.md. */
function distributed(opts: JacobianOptions, cfg: ConfigFile): { distributed?: DistributedSettings } {
  const url = opts.redis ?? cfg.redis;
  if (!url) return {};
  if (!/^rediss?:\/\/\S+$/.test(url)) throw new Error(`invalid Redis URL ${JSON.stringify(url.slice(0, 80))}: expected redis://host:port/db`);
  const o = opts.distributed ?? {};
  const c = cfg.distributed ?? {};
  return {
    distributed: {
      url,
      prefix: o.prefix ?? c.prefix ?? "jacobian",
      // ~1 s of work at the units most cost models use (about a nanosecond each).
      queueMinUnits: o.queueMinUnits ?? c.queue_min_units ?? 1e9,
      replicaConcurrency: o.replicaConcurrency ?? c.replica_concurrency ?? 0,
      workerConcurrency: o.workerConcurrency ?? c.worker_concurrency ?? Math.max(1, os.availableParallelism()),
      lockMs: o.lockMs ?? c.lock_ms ?? 30_000,
      stalledCheckMs: o.stalledCheckMs ?? c.stalled_check_ms ?? 15_000,
      maxStalled: o.maxStalled ?? c.max_stalled ?? 2,
      taskTtlMs: o.taskTtlMs ?? c.task_ttl_ms ?? 3_600_000,
      pollIntervalMs: o.pollIntervalMs ?? c.poll_interval_ms ?? 1000,
      startTimeoutMs: o.startTimeoutMs ?? c.start_timeout_ms ?? 300_000,
    },
  };
}
