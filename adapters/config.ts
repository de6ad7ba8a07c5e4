/** Operator configuration: a JSON file, CLI flags and API options, merged in that order. */
import { readFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type } from "arktype";
import { configFilePath, DEFAULT_MAX_REQUEST_BYTES } from "./config-peek.js";
import type { OperationPack } from "../domain/declaration.js";
import type { ArtifactStore, Digest, Executor, Logger, ProviderRegistry, SearchIndex, ValueStore } from "../domain/ports.js";

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
  };
  /** A catalog manifest other than the shipped one (benchmarks, custom distributions). */
  catalogManifest?: string;
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
            inlineMaxUnits: opts.pool?.inlineMaxUnits ?? cfg.pool?.inline_max_units ?? 2e6,
            workerHeapMb: opts.pool?.workerHeapMb ?? cfg.pool?.worker_heap_mb ?? 2048,
          },
    debug: opts.debug ?? cfg.debug ?? false,
    // JACOBIAN_CATALOG_MANIFEST: an operator switch for custom distributions and the start-up benchmark.
    ...((opts.catalogManifest ?? process.env.JACOBIAN_CATALOG_MANIFEST) ? { catalogManifest: (opts.catalogManifest ?? process.env.JACOBIAN_CATALOG_MANIFEST)! } : {}),
    http: { host: cfg.http?.host ?? "127.0.0.1", port: cfg.http?.port ?? 3917, ...(cfg.http?.allowed_hosts ? { allowedHosts: cfg.http.allowed_hosts } : {}) },
  };
}
