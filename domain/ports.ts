import { utf8Length, type CanonicalContent, type Json } from "./json.js";
import type { OperationDeclaration, Budget, CostEstimate } from "./declaration.js";
import type { RunOutcome } from "./outcome.js";

/** A value held for request-local handoff between calls of one runtime. */
export interface StoredValue {
  kind: string;
  value: Json;
  /** Operation that produced it. */
  producer: string;
  /** UTF-8 bytes of the value's JSON text, when the producer has measured it already. */
  bytes?: number;
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
  put(content: CanonicalContent): Promise<string>;
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
  /** A checkpoint of an earlier attempt (ExecutionContext.resumed). */
  resume?: Json;
  /** Where the operation's checkpoints go (ExecutionContext.saveCheckpoint). */
  onCheckpoint?: (state: Json) => void;
  /**
   * "attempt": run the declaration's first attempt (ComputeDeclaration.attempt), whose preflight
   * `estimate` is; the executor returns undefined when it declines. "after_attempt": run `execute`
   * with ExecutionContext.attemptDeclined set. Absent: run `execute`.
   */
  stage?: "attempt" | "after_attempt";
  /**
   * Results whose JSON is longer than this many bytes are published as artifacts (settings
   * inline_value_bytes): an executor that checks results itself may return such a result as its
   * canonical bytes (CheckedResult.fromCanonical), which the manifest takes without re-encoding.
   */
  inlineValueBytes?: number;
}

/**
 * A result an executor has already taken through the pipeline's stage 6 where it computed it (a pool
 * worker checks the declared type and the postcondition off the event loop): its wire form as that
 * form's JSON text (`wireText`), or — for a value too big to return inline
 * (ExecuteRequest.inlineValueBytes) — as its canonical JSON bytes, which an artifact's manifest
 * takes as they are. The value itself is parsed from either on first use (a big value published as
 * an artifact is often never read back in this process). The pipeline checks any other value an
 * executor returns itself.
 */
export class CheckedResult {
  private parsed: Json | undefined;
  private constructor(
    /** The wire value's JSON text in its own key order, when the executor sent it. */
    readonly text: string | undefined,
    /** The wire value's canonical JSON (RFC 8785) as UTF-8, when the executor sent it. */
    readonly canonical: Uint8Array | undefined,
  ) {}

  static fromText(text: string): CheckedResult {
    return new CheckedResult(text, undefined);
  }

  static fromCanonical(bytes: Uint8Array): CheckedResult {
    return new CheckedResult(undefined, bytes);
  }

  /** The wire value (parsed once, when first asked for). */
  get value(): Json {
    if (this.parsed === undefined) this.parsed = JSON.parse(this.text ?? new TextDecoder().decode(this.canonical)) as Json;
    return this.parsed;
  }

  /** UTF-8 bytes of the value's JSON text (canonical JSON is exactly as long). */
  get bytes(): number {
    return this.canonical ? this.canonical.length : utf8Length(this.text!);
  }
}

/** Where operations run: in-process or in a killable worker. */
export interface Executor {
  /** The operation's raw result, or a CheckedResult when the executor ran stage 6 itself. */
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

/**
 * A run prepared by the pipeline up to its preflight, ready for another process: the operation id
 * and its request in canonical wire form (what a `math.run` payload of that request would be).
 */
export interface QueuedRun {
  capability_id: string;
  request: Json;
  /** The preflight estimate made where the call arrived. */
  estimate: CostEstimate;
}

/** Life of a queued run as the task protocol shows it; `completed` and `cancelled` are terminal. */
export type TaskStatus = "working" | "completed" | "cancelled";

/** The shared record of one queued run (an MCP task, or the job behind a waiting call). */
export interface TaskRecord {
  /** ≥ 192 random bits, url-safe: unguessable, so any replica may answer for it. */
  id: string;
  capability_id: string;
  status: TaskStatus;
  /** ISO 8601. */
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  /** Progress or the reason for the status, for people and models. */
  statusMessage?: string;
  /** The runtime that created it (lists its own tasks; gets value:// refs for its result). */
  owner?: string;
  /** Present once terminal: the run's outcome, exactly as a waiting call would have got it. */
  outcome?: RunOutcome;
}

export interface SubmitOptions {
  owner?: string;
  /** Requested time to live; the operator's maximum caps it. */
  ttlMs?: number;
  /** The caller waits for the outcome in this process: the worker delivers it here directly. */
  waiting?: boolean;
}

/**
 * Long work handed to a shared queue (distributed mode: BullMQ on Redis). Workers in any process
 * take jobs; the task records live in the shared store, so any replica answers for any task.
 * Methods throw ProviderUnavailableError when the queue cannot be reached.
 */
export interface JobQueue {
  /** True when work of this estimate goes to the queue instead of running where it arrived. */
  queues(estimate: CostEstimate): boolean;
  /** Enqueue a run; resolves once its record is durably created (a `get` finds it). */
  submit(run: QueuedRun, opts?: SubmitOptions): Promise<TaskRecord>;
  /** A terminal record for a run that stopped before it could be queued (a refused task). */
  record(capabilityId: string, outcome: RunOutcome, opts?: SubmitOptions): Promise<TaskRecord>;
  /**
   * Wait until the run is terminal, relaying its progress. Aborting the signal cancels the job and
   * resolves at once with a CANCELLED outcome — or, with `cancelOnAbort: false` (a task's result
   * awaited by one of its readers), only stops waiting, rejecting with an AbortedError.
   */
  wait(id: string, opts?: { signal?: AbortSignal; onProgress?: ProgressSink; cancelOnAbort?: boolean }): Promise<RunOutcome>;
  /** The current record, or undefined when unknown or expired. */
  get(id: string): Promise<TaskRecord | undefined>;
  /** Ask for cancellation; the record is terminal (`cancelled`, or what it already was) on return. */
  cancel(id: string): Promise<TaskRecord | undefined>;
  /** The owner's live records, newest first. */
  list(owner: string, limit: number): Promise<TaskRecord[]>;
  close(): Promise<void>;
}
