import type { Json } from "./json.js";
import type { OperationDeclaration, Budget, CostEstimate } from "./declaration.js";

/** A value held for request-local handoff between calls of one runtime. */
export interface StoredValue {
  kind: string;
  value: Json;
  /** Operation that produced it. */
  producer: string;
}

/** Request-local value references (`value://…`), scoped to one runtime. */
export interface ValueStore {
  put(value: StoredValue): string;
  get(ref: string): StoredValue | undefined;
  clear(): void;
  readonly size: number;
}

/** The durable, content-addressed artifact store (`artifact://sha256/<hex>`). */
export interface ArtifactStore {
  /** Store canonical JSON content; returns the artifact URI. Idempotent. */
  put(content: Json): Promise<string>;
  /** Read and verify; undefined when absent. Throws when the stored bytes fail their hash. */
  get(uri: string): Promise<Json | undefined>;
  list(): Promise<string[]>;
  remove(uri: string): Promise<void>;
  /** Re-hash every stored artifact; returns the URIs whose bytes no longer match their id. */
  verifyAll(): Promise<{ checked: number; corrupt: string[] }>;
  /** Remove leftovers of interrupted writes, and artifacts older than `olderThanMs` if given. */
  gc(opts: { olderThanMs?: number }): Promise<{ removed: string[]; temporaries: number }>;
  readonly location: string;
}

export interface SearchDocument {
  id: string;
  title: string;
  summary: string;
  keywords: string[];
}

export interface SearchHitScore {
  id: string;
  score: number;
}

export interface SearchOptions {
  /** Only documents this accepts are ranked (called only for documents that would make the top `limit`). */
  accept?: (id: string) => boolean;
}

/** Lexical retrieval over the installed catalog. */
export interface SearchIndex {
  /** Build the index; called once with the whole installed catalog. */
  build(docs: SearchDocument[]): void;
  /** Query tokens after normalisation and stop-word removal (empty = unusable query). */
  tokens(query: string): string[];
  /**
   * The best `limit` documents by the index's relevance score, best first, equal scores by id.
   * Only documents containing at least one query term are ranked.
   */
  search(query: string, limit: number, options?: SearchOptions): SearchHitScore[];
  /**
   * Build ahead of the first query, in the background, without holding the event loop for long
   * (a server calls it once it is up); queries work without it, the first one then builds.
   */
  prepare?(): Promise<void>;
}

export interface ProviderStatus {
  id: string;
  available: boolean;
  version?: string;
  detail?: string;
}

export interface ProviderRegistry {
  status(id: string): ProviderStatus;
}

export interface LogRecord {
  [key: string]: Json | undefined;
}

export interface Logger {
  info(event: string, fields?: LogRecord): void;
  warn(event: string, fields?: LogRecord): void;
  error(event: string, fields?: LogRecord): void;
  readonly debug: boolean;
}

/** SHA-256 of a UTF-8 string, hex. */
export interface Digest {
  sha256(text: string): string;
}

export interface ProgressSink {
  (done: number, total: number | undefined, message: string | undefined): void;
}

export interface ExecuteRequest {
  op: OperationDeclaration;
  /** Module whose default export is the declaration (isolated executors load it by this URL). */
  module?: string;
  /** Module of a custom pack that declares the operation (for isolated executors). */
  packModule?: string;
  /** Preflight estimate: executors use it to decide between inline and isolated execution. */
  estimate: CostEstimate;
  request: unknown;
  /** Executors enforce `budget.timeout_ms`, counted from the start of the operation itself. */
  budget: Budget;
  /** The caller's cancellation signal. */
  signal: AbortSignal;
  onProgress?: ProgressSink;
}

/** Where operations run: in-process or in a killable worker. */
export interface Executor {
  execute(job: ExecuteRequest): Promise<unknown>;
  /** Prepare isolated capacity ahead of the first call (optional). */
  warm?(): Promise<void>;
  close(): Promise<void>;
}

/** Operator settings that bound the runtime; a caller can never raise them. */
export interface RuntimeSettings {
  /** Default budget overrides per operation id (merged onto the declaration's own). */
  budgets: Record<string, Partial<Budget>>;
  /** Multiplier an operator may apply to every declared budget (default 1). */
  budget_scale: number;
  /** Largest serialized value returned inline; bigger values go to an artifact. */
  inline_value_bytes: number;
  /** Largest accepted `math.run` / `math.find` argument object, bytes. */
  max_request_bytes: number;
}
