import type { Budget, CostEstimate, OperationDeclaration } from "../domain/declaration.js";
import { AbortedError, JacobianError, ProviderUnavailableError, type FailureDetail, type NonConclusionCode } from "../domain/errors.js";
import { canonicalJson, EncodedJson, utf8Length, wireText, type CanonicalContent, type Json } from "../domain/json.js";
import type { RunOutcome } from "../domain/outcome.js";
import { CheckedResult, type ArtifactStore, type Digest, type ExecuteRequest, type Executor, type JobQueue, type Logger, type ProgressSink, type QueuedRun, type RuntimeSettings, type StoredValue, type ValueStore } from "../domain/ports.js";
import { canonicalWireChunks, kindSpec, toWire } from "../domain/kinds.js";
import { isKindedSchema } from "../domain/schema.js";
import type { OperationMetadata } from "../domain/metadata.js";
import type { Catalog, InstalledOperation } from "./catalog.js";
import { checkResult } from "./result.js";
import { NEVER_ABORTED } from "./execution.js";
import { echoId, nestingBeyond, parseRunArguments, parseStrict, type RunArguments } from "./contract.js";
import { installedIds, unknownCapability } from "./find.js";

import { LIBRARY } from "../domain/library.js";
export { LIBRARY };

export interface RunOptions {
  signal?: AbortSignal;
  /** Progress per stage as the operation reports it (application/execution.ts stageReports). */
  onProgress?: ProgressSink;
  /**
   * Issue value:// refs for output ports (default true). Faces whose runtime ends with the call
   * (a CLI command, a stateless 2026-era HTTP request) pass false: a ref there could never resolve.
   */
  issueRefs?: boolean;
  /**
   * Execute here even when the work is long enough for the shared job queue (distributed mode):
   * the queue's own workers run their jobs with this set.
   */
  local?: boolean;
  /** A checkpoint of an earlier attempt of this run (a queue worker taking over a job). */
  resume?: Json;
  /** Receives the operation's checkpoints (a queue worker keeps them with the job). */
  onCheckpoint?: (state: Json) => void;
}

/** A call that passed stages 0–4: the operation, its parsed request and the preflight estimate. */
export interface PreparedRun {
  op: InstalledOperation;
  decl: OperationDeclaration;
  request: unknown;
  estimate: CostEstimate;
}

/** Tracks what an outcome reports about its call: the id echoed, the provider, the wall time. */
class Call {
  private readonly started = performance.now();
  capabilityId: string;
  provider = "none";
  constructor(args: unknown) {
    this.capabilityId = echoId((args as { capability_id?: unknown } | null)?.capability_id);
  }
  elapsed() {
    return { runtime_ms: Math.round((performance.now() - this.started) * 1000) / 1000, provider: this.provider };
  }
}

const RUN_HINT = 'math.run takes {"capability_id": "...", "payload": {...}, "inputs"?: {"<port>": {"value_ref": "value://..."}}}';

/** Outcome of a pipeline stage that stops the run early. */
class Stop {
  constructor(readonly outcome: { kind: "failed"; error: FailureDetail } | { kind: "non_conclusion"; code: NonConclusionCode; message: string }) {}
}


/**
 * The run use case: resolve input refs → assemble one request → parse it once → preflight →
 * execute one operation → check the postcondition → publish. Each stage is a named method.
 */
export class RunUseCase {
  private readonly deps: { catalog: Catalog; values: ValueStore; artifacts: ArtifactStore; executor: Executor; digest: Digest; logger: Logger; settings: RuntimeSettings; queue: JobQueue | null };
  constructor(catalog: Catalog, values: ValueStore, artifacts: ArtifactStore, executor: Executor, digest: Digest, logger: Logger, settings: RuntimeSettings, queue: JobQueue | null = null) {
    this.deps = { catalog, values, artifacts, executor, digest, logger, settings, queue };
  }

  async run(args: unknown, opts: RunOptions = {}): Promise<RunOutcome> {
    const call = new Call(args);
    try {
      const ready = await this.prepare(args, call);
      const queue = opts.local ? null : this.deps.queue;
      if (queue?.queues(ready.estimate)) return await this.dispatch(queue, ready, opts, call);
      const { op, decl, request, estimate } = ready;
      const result = await this.execute(op, decl, request, estimate, opts);
      // A pool worker has checked the result itself and sends its wire form as JSON text or bytes.
      const checked = result instanceof CheckedResult ? result : this.checkPostcondition(decl, request, result);
      const published = await this.publish(op.meta, decl, request, checked, opts.issueRefs !== false);
      return { capability_id: call.capabilityId, outcome: "completed", ...published, execution: call.elapsed() };
    } catch (e) {
      return this.stopped(e, call);
    }
  }

  /**
   * A run prepared for the shared queue (an MCP task): the queued form of the call, or the outcome
   * of the stage that stopped it (a bad payload, a refusal) — nothing is queued for those.
   */
  async prepareQueued(args: unknown): Promise<{ run: QueuedRun } | { stopped: RunOutcome }> {
    const call = new Call(args);
    try {
      const { decl, request, estimate } = await this.prepare(args, call);
      return { run: { capability_id: decl.id, request: toWire(request), estimate } };
    } catch (e) {
      return { stopped: this.stopped(e, call) };
    }
  }

  /** Stages 0–4: arguments, the operation and its providers, inputs, one parsed request, preflight. */
  private async prepare(args: unknown, call: Call): Promise<PreparedRun> {
    const parsed = this.parseArguments(args);
    call.capabilityId = parsed.capability_id;
    const op = this.lookup(parsed.capability_id);
    call.provider = op.meta.providers.map((p) => p.id).join("+");
    this.checkProviders(op);
    const decl = await this.deps.catalog.load(op);
    const resolved = this.resolveInputs(op.meta, parsed.inputs ?? {});
    const assembled = this.assembleRequest(op.meta, parsed.payload, resolved);
    const request = this.parseRequest(decl, assembled);
    const estimate = this.preflight(decl, request);
    return { op, decl, request, estimate };
  }

  parseArguments(args: unknown): RunArguments {
    return parseRunArguments(args, RUN_HINT);
  }

  lookup(id: string): InstalledOperation {
    const op = this.deps.catalog.get(id);
    if (!op) throw new Stop({ kind: "failed", error: unknownCapability(id, "capability_id", installedIds(this.deps.catalog)) });
    return op;
  }

  checkProviders(op: InstalledOperation): void {
    const missing = this.deps.catalog.providerStatus(op.meta).filter((s) => !s.available);
    if (missing.length) {
      throw new Stop({ kind: "non_conclusion", code: "PROVIDER_UNAVAILABLE", message: `provider ${missing.map((m) => m.id + (m.detail ? ` (${m.detail})` : "")).join(", ")} is not available in this runtime` });
    }
  }

  /** Stage 1: resolve `inputs` references against this runtime's value store. */
  resolveInputs(meta: OperationMetadata, inputs: Record<string, { value_ref: string }>): Record<string, StoredValue> {
    const out: Record<string, StoredValue> = {};
    for (const [port, { value_ref }] of Object.entries(inputs)) {
      const declared = meta.ports.inputs[port];
      if (!declared) {
        const ports = Object.keys(meta.ports.inputs);
        throw new JacobianError("UNKNOWN_ARGUMENT", `${meta.id} has no input port ${JSON.stringify(port.slice(0, 64))}`, {
          path: `inputs.${port.slice(0, 64)}`,
          hint: ports.length ? `declared input ports: ${ports.join(", ")}` : "this operation declares no input ports; pass values in payload",
        });
      }
      const stored = this.deps.values.get(value_ref);
      if (!stored) {
        throw new JacobianError("INVALID_INPUT_REF", `input port ${port}: ${value_ref} does not resolve in this runtime (unknown, evicted, or from another session)`, {
          path: `inputs.${port}.value_ref`,
          hint: "re-run the producing operation in this session, or pass the value inline in payload",
        });
      }
      if (stored.kind !== declared.kind) {
        throw new JacobianError("INVALID_INPUT_REF", `input port ${port} takes a ${declared.kind}; ${value_ref} holds a ${stored.kind}`, { path: `inputs.${port}.value_ref` });
      }
      out[port] = stored;
    }
    return out;
  }

  /** Stage 2: one request object from the payload and the resolved port values (ports may bind nested fields). */
  assembleRequest(meta: OperationMetadata, payload: Record<string, unknown>, resolved: Record<string, StoredValue>): Record<string, Json> {
    const assembled: Record<string, Json> = { ...(payload as Record<string, Json>) };
    for (const [port, stored] of Object.entries(resolved)) {
      const keys = meta.ports.inputs[port]!.field.split(".");
      let node: Record<string, Json> = assembled;
      for (let i = 0; i < keys.length - 1; i++) {
        const k = keys[i]!;
        const next = node[k];
        if (next === undefined) node[k] = {};
        else if (next === null || typeof next !== "object" || Array.isArray(next)) {
          throw new JacobianError("INVALID_PAYLOAD", `payload.${keys.slice(0, i + 1).join(".")} must be an object: input port ${port} binds ${meta.ports.inputs[port]!.field}`, { path: `payload.${keys.slice(0, i + 1).join(".")}` });
        } else node[k] = { ...(next as Record<string, Json>) };
        node = node[k] as Record<string, Json>;
      }
      const last = keys[keys.length - 1]!;
      if (last in node) {
        throw new JacobianError("INVALID_PAYLOAD", `payload.${keys.join(".")} is also bound by input port ${port}; give it once`, { path: `payload.${keys.join(".")}` });
      }
      node[last] = stored.value;
    }
    return assembled;
  }

  /** Stage 3: parse once with the operation's own strict type: wire values become domain values. */
  parseRequest(decl: OperationDeclaration, assembled: Record<string, Json>): unknown {
    // No wire value nests deeper than a few levels; refusing absurd depth first keeps every later
    // recursive pass (validation, the parser's defensive copy, digests) far from the stack limit.
    const tooDeep = nestingBeyond(assembled, MAX_PAYLOAD_DEPTH, "payload", itemCheckedLists(decl, assembled));
    if (tooDeep !== undefined) {
      const field = tooDeep.slice("payload.".length).split(/[.[]/)[0]!;
      const declared = Object.keys((decl.request.toJsonSchema() as { properties?: object }).properties ?? {});
      if (!declared.includes(field)) {
        throw new JacobianError("UNKNOWN_ARGUMENT", `unknown field payload.${field.slice(0, 64)}: this request accepts only its declared fields`, { path: `payload.${field.slice(0, 64)}`, hint: `declared fields: ${declared.join(", ")}` });
      }
      throw new JacobianError("INVALID_PAYLOAD", `payload.${field} nests deeper than ${MAX_PAYLOAD_DEPTH} levels (at ${tooDeep.slice(0, 200)})`, { path: `payload.${field}`, hint: `inspect ${decl.id} with math.find for its request schema; no field nests that deep` });
    }
    return parseStrict(decl.request, assembled, "payload", `inspect ${decl.id} with math.find for its request schema and examples`);
  }

  /**
   * Stage 4: refuse above budget before any work starts. A first attempt (ComputeDeclaration.attempt)
   * within the budget still runs when the whole estimate is above it; the rest is then refused
   * before it starts, if the attempt declines (stage 5).
   */
  preflight(decl: OperationDeclaration, request: unknown): CostEstimate {
    const budget = this.deps.catalog.budget(decl);
    const est = decl.preflight(request);
    const over = overBudget(est, budget);
    if (over === undefined) return est;
    const first = decl.kind === "compute" ? decl.attempt?.preflight(request) : undefined;
    if (first === undefined || overBudget(first, budget) !== undefined) throw new Stop({ kind: "non_conclusion", code: "RESOURCE_REFUSED", message: over });
    return est;
  }

  /**
   * Stage 5 for long work in a distributed deployment: the request (inputs already resolved here,
   * in this runtime) goes to the shared queue in canonical wire form; a worker runs the whole
   * pipeline on it and publishes the outcome. value:// refs are issued here, in the caller's
   * runtime, never by the worker.
   */
  async dispatch(queue: JobQueue, ready: PreparedRun, opts: RunOptions, call: Call = new Call({ capability_id: ready.decl.id })): Promise<RunOutcome> {
    const job = await queue.submit({ capability_id: ready.decl.id, request: toWire(ready.request), estimate: ready.estimate }, { waiting: true });
    const outcome = await queue.wait(job.id, { ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
    const adopted = opts.issueRefs === false ? outcome : await this.adopt(outcome);
    // The caller sees the wall time of its call (queueing included), under its own id echo.
    return { ...adopted, capability_id: call.capabilityId, execution: call.elapsed() };
  }

  /**
   * Issue this runtime's value:// refs for the output ports of an outcome computed elsewhere (a
   * queued run's result delivered to the runtime that asked for it).
   */
  async adopt(outcome: RunOutcome): Promise<RunOutcome> {
    if (outcome.outcome !== "completed" || outcome.refs) return outcome;
    const op = this.deps.catalog.get(outcome.capability_id);
    const ports = Object.entries(op?.meta.ports.outputs ?? {});
    if (!op || !ports.length) return outcome;
    let value = outcome.value;
    if (value === undefined && outcome.value_artifact) value = ((await this.deps.artifacts.get(outcome.value_artifact)) as { result?: Json } | undefined)?.result;
    if (value === undefined) return outcome;
    const refs: Record<string, string> = {};
    for (const [port, p] of ports) {
      const v = p.field === "." ? value : pathValue(value, p.field);
      if (v !== undefined) refs[port] = this.deps.values.put({ kind: p.kind, value: v, producer: op.meta.id });
    }
    return Object.keys(refs).length ? { ...outcome, refs } : outcome;
  }

  /** Stage 5: execute exactly one operation under its time budget and the caller's signal. */
  async execute(op: InstalledOperation, decl: OperationDeclaration, request: unknown, estimate: CostEstimate, opts: RunOptions): Promise<unknown> {
    const budget = this.deps.catalog.budget(decl);
    // The executor applies budget.timeout_ms from the moment the operation actually starts.
    const signal = opts.signal ?? NEVER_ABORTED;
    if (signal.aborted) throw new AbortedError("CANCELLED");
    const job: ExecuteRequest = {
      op: decl,
      request,
      budget,
      signal,
      estimate,
      ...(op.source.module ? { module: op.source.module } : {}),
      ...(op.packModule ? { packModule: op.packModule } : {}),
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      ...(opts.resume !== undefined ? { resume: opts.resume } : {}),
      ...(opts.onCheckpoint ? { onCheckpoint: opts.onCheckpoint } : {}),
      inlineValueBytes: this.deps.settings.inline_value_bytes,
    };
    // A first attempt is placed by its own bound (often inline: no hand-off, the calling thread's
    // JIT-warm code), the rest by the whole estimate and only when the attempt declines; the rest
    // gets what is left of the time budget.
    const attempt = decl.kind === "compute" ? decl.attempt : undefined;
    const first = attempt?.preflight(request);
    if (!first || first.units >= estimate.units) return this.deps.executor.execute(job);
    const started = performance.now();
    const settled = await this.deps.executor.execute({ ...job, estimate: first, stage: "attempt" });
    if (settled !== undefined) return settled;
    if (signal.aborted) throw new AbortedError("CANCELLED");
    const over = overBudget(estimate, budget);
    if (over !== undefined) throw new Stop({ kind: "non_conclusion", code: "RESOURCE_REFUSED", message: `the first attempt did not settle this request, and the rest: ${over}` });
    const left = Math.max(1, budget.timeout_ms - (performance.now() - started));
    return this.deps.executor.execute({ ...job, budget: { ...budget, timeout_ms: left }, stage: "after_attempt" });
  }

  /**
   * Stage 6: the result, in canonical wire form, must satisfy the declared result type, and the
   * request/result pair the postcondition (which sees parsed values). Returns the wire value. A
   * pool worker runs the same check (application/result.ts) where it computed the result.
   */
  checkPostcondition(decl: OperationDeclaration, request: unknown, result: unknown): Json {
    return checkResult(decl, request, result);
  }

  /**
   * Stage 7: inline value, value:// refs for output ports, artifacts for evidence and large values.
   * `result` is the checked wire value, or an executor's CheckedResult: its text or canonical bytes
   * are measured and written as they are, and parsed only where a value is needed (inline, a checker's
   * verdict, a ref when it is resolved).
   */
  async publish(meta: OperationMetadata, decl: OperationDeclaration, parsedRequest: unknown, result: Json | CheckedResult, issueRefs = true): Promise<{ value?: Json; value_artifact?: string; refs?: Record<string, string>; artifacts?: string[] }> {
    const artifacts: string[] = [];
    // Digests and manifests use the canonical form of the parsed request ("-4/2" and "-2" agree),
    // encoded once, when first needed (a 20,000-digit operand costs milliseconds to format), as bytes
    // written by the request's kinds (a graph of 10^6 edges is never built as edge arrays).
    let canonical: EncodedJson | undefined;
    const canonicalRequest = () => (canonical ??= new EncodedJson(canonicalWireChunks(parsedRequest)));
    const checked = result instanceof CheckedResult ? result : undefined;
    // The published value: the result as it is, or a checker's verdict built from its finding.
    let value: (() => Json) | Json;
    if (decl.kind === "checker") {
      const request = canonicalRequest();
      const finding = (checked ? checked.value : result) as { verdict: string; bindings: Record<string, Json>; reason?: string; evidence?: Json };
      const claim_digest = "sha256:" + this.deps.digest.sha256(canonicalJson({ capability_id: decl.id, request }));
      const bindings: Record<string, Json> = { ...finding.bindings, claim_digest, checker: `${decl.id}@${decl.version}` };
      if (finding.evidence !== undefined) {
        const uri = await this.deps.artifacts.put(this.manifest(decl, "evidence", request, { verdict: finding.verdict, claim_digest, evidence: finding.evidence }));
        bindings.evidence = uri;
        artifacts.push(uri);
      }
      value = { verdict: finding.verdict, bindings, ...(finding.reason ? { reason: finding.reason } : {}) };
    } else {
      value = checked ? () => checked.value : (result as Json);
    }
    const valueNow = (): Json => (typeof value === "function" ? value() : value);
    // The size of the value's canonical JSON, read from its JSON text in its own key order (the same
    // length); the canonical text itself is built only for an artifact's content address.
    const bytes = typeof value === "function" ? checked!.bytes : utf8Length(wireText(value));
    const refs: Record<string, string> = {};
    for (const [port, p] of issueRefs ? Object.entries(meta.ports.outputs) : []) {
      const whole = p.field === ".";
      if (whole) refs[port] = this.deps.values.put(storedValue(p.kind, valueNow, decl.id, bytes));
      else {
        const v = pathValue(valueNow(), p.field);
        if (v !== undefined) refs[port] = this.deps.values.put({ kind: p.kind, value: v, producer: decl.id });
      }
    }
    const out: { value?: Json; value_artifact?: string; refs?: Record<string, string>; artifacts?: string[] } = {};
    if (bytes > this.deps.settings.inline_value_bytes) {
      // A worker's canonical bytes are the manifest's result as they are (no parse, no second encoding).
      const encoded = typeof value === "function" && checked!.canonical ? new EncodedJson(checked!.canonical) : valueNow();
      const uri = await this.deps.artifacts.put(this.manifest(decl, "result", canonicalRequest(), encoded));
      out.value_artifact = uri;
      artifacts.push(uri);
    } else {
      out.value = valueNow();
    }
    if (Object.keys(refs).length) out.refs = refs;
    if (artifacts.length) out.artifacts = artifacts;
    return out;
  }

  /** The manifest stored with every artifact: enough to replay and audit it. */
  manifest(decl: OperationDeclaration, kind: "result" | "evidence", request: Json | EncodedJson, result: Json | EncodedJson): CanonicalContent {
    return {
      kind,
      operation: { id: decl.id, version: decl.version },
      request,
      result,
      providers: this.deps.catalog.providerStatus(decl).map((p) => ({ id: p.id, ...(p.version ? { version: p.version } : {}) })),
      library: { ...LIBRARY },
      parents: [],
    };
  }

  /** The outcome of a run stopped by `e` at any stage. */
  private stopped(e: unknown, call: Call): RunOutcome {
    const stop = this.classify(e, call.capabilityId);
    if (stop.outcome.kind === "failed") return { capability_id: call.capabilityId, outcome: "failed", error: stop.outcome.error, execution: call.elapsed() };
    return { capability_id: call.capabilityId, outcome: "non_conclusion", reason: { code: stop.outcome.code, message: stop.outcome.message }, execution: call.elapsed() };
  }

  private classify(e: unknown, capabilityId: string): Stop {
    if (e instanceof Stop) return e;
    if (e instanceof ProviderUnavailableError) return new Stop({ kind: "non_conclusion", code: "PROVIDER_UNAVAILABLE", message: e.message });
    if (e instanceof JacobianError) return new Stop({ kind: "failed", error: e.toDetail() });
    if (e instanceof AbortedError) {
      const op = this.deps.catalog.get(capabilityId);
      const code: NonConclusionCode = op?.meta.kind === "checker" ? "CHECKER_INTERRUPTED" : e.reason;
      return new Stop({ kind: "non_conclusion", code, message: op?.meta.kind === "checker" ? `the checker was interrupted (${e.reason.toLowerCase()}); no verdict` : e.message });
    }
    const name = (e as { name?: string })?.name;
    if (name === "ProviderFailure") return new Stop({ kind: "non_conclusion", code: "PROVIDER_FAILURE", message: String((e as Error).message) });
    this.deps.logger.error("internal_error", { capability_id: capabilityId, error: String((e as Error)?.message ?? e), ...(this.deps.logger.debug ? { stack: String((e as Error)?.stack) } : {}) });
    return new Stop({ kind: "failed", error: { code: "INTERNAL", message: "internal error while running the operation; it has been logged", hint: "report the capability id and payload to the operator" } });
  }
}

/** A value-store entry whose value is produced (and, from a worker's text or bytes, parsed) when first read. */
function storedValue(kind: string, value: () => Json, producer: string, bytes: number): StoredValue {
  let v: Json | undefined;
  return {
    kind,
    producer,
    bytes,
    get value() {
      return (v ??= value());
    },
  };
}

/** Deepest nesting of objects and arrays accepted in a payload (wire values need fewer than 10). */
const MAX_PAYLOAD_DEPTH = 32;

/**
 * The lists of a request whose kinds' parsers check every item (ValueKindSpec.itemChecked: a graph
 * field's vertices and edges), which the nesting guard leaves to them.
 */
function itemCheckedLists(decl: OperationDeclaration, assembled: Record<string, Json>): Set<unknown> | undefined {
  if (!isKindedSchema(decl.request)) return undefined;
  let lists: Set<unknown> | undefined;
  for (const [field, kind] of Object.entries(decl.request.fieldKinds)) {
    const members = kindSpec(kind)?.itemChecked;
    if (!members) continue;
    const node = pathValue(assembled, field);
    if (node === null || typeof node !== "object" || Array.isArray(node)) continue;
    for (const m of members) {
      const list = node[m];
      if (Array.isArray(list)) (lists ??= new Set()).add(list);
    }
  }
  return lists;
}

function pathValue(value: Json, path: string): Json | undefined {
  let node: Json | undefined = value;
  for (const key of path.split(".")) {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return undefined;
    node = (node as Record<string, Json>)[key];
  }
  return node;
}

/** Why an estimate is above the budget, or undefined when it is within. */
function overBudget(est: CostEstimate, budget: Budget): string | undefined {
  if (est.units > budget.max_units) return `estimated cost ${fmt(est.units)} units exceeds the budget of ${fmt(budget.max_units)} units (${est.basis})`;
  if (est.memory_bytes > budget.max_memory_bytes) return `estimated memory ${fmt(est.memory_bytes)} bytes exceeds the budget of ${fmt(budget.max_memory_bytes)} bytes (${est.basis})`;
  return undefined;
}

function fmt(n: number): string {
  return n >= 1e6 ? n.toExponential(2) : String(Math.round(n));
}
