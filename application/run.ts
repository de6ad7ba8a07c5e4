import type { CheckerDeclaration, ComputeDeclaration, CostEstimate, OperationDeclaration } from "../domain/declaration.js";
import { AbortedError, JacobianError, type FailureDetail, type NonConclusionCode } from "../domain/errors.js";
import { canonicalJson, utf8Length, type Json } from "../domain/json.js";
import type { CheckerFinding, RunOutcome } from "../domain/outcome.js";
import type { ArtifactStore, Digest, Executor, Logger, ProgressSink, RuntimeSettings, StoredValue, ValueStore } from "../domain/ports.js";
import { validateSync } from "../domain/schema.js";
import type { Catalog, InstalledOperation } from "./catalog.js";
import { CAPABILITY_ID_MAX, parseStrict, RunArguments } from "./contract.js";
import { unknownCapability } from "./find.js";

export const LIBRARY = { name: "jacobian", version: "0.1.0" } as const;

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: ProgressSink;
}

const RUN_HINT = 'math.run takes {"capability_id": "...", "payload": {...}, "inputs"?: {"<port>": {"value_ref": "value://..."}}}';

/** Outcome of a pipeline stage that stops the run early. */
class Stop {
  constructor(readonly outcome: { kind: "failed"; error: FailureDetail } | { kind: "non_conclusion"; code: NonConclusionCode; message: string }) {}
}

export interface RunDependencies {
  catalog: Catalog;
  values: ValueStore;
  artifacts: ArtifactStore;
  executor: Executor;
  digest: Digest;
  logger: Logger;
  settings: RuntimeSettings;
}

/**
 * The run use case: resolve input refs → assemble one request → parse it once → preflight →
 * execute one operation → check the postcondition → publish. Each stage is a named method.
 */
export class RunUseCase {
  constructor(private readonly deps: RunDependencies) {}

  async run(args: unknown, opts: RunOptions = {}): Promise<RunOutcome> {
    const started = performance.now();
    const sentId = (args as { capability_id?: unknown } | null)?.capability_id;
    let capabilityId = typeof sentId === "string" && sentId.length <= CAPABILITY_ID_MAX ? sentId : "";
    let provider = "none";
    const elapsed = () => ({ runtime_ms: Math.round((performance.now() - started) * 1000) / 1000, provider });
    try {
      const parsed = this.parseArguments(args);
      capabilityId = parsed.capability_id;
      const op = this.lookup(parsed.capability_id);
      provider = op.decl.providers.map((p) => p.id).join("+");
      this.checkProviders(op);
      const resolved = this.resolveInputs(op.decl, parsed.inputs ?? {});
      const assembled = this.assembleRequest(op.decl, parsed.payload, resolved);
      const request = this.parseRequest(op.decl, assembled);
      const estimate = this.preflight(op.decl, request);
      const result = await this.execute(op, request, estimate, opts);
      this.checkPostcondition(op.decl, request, result);
      const published = await this.publish(op.decl, assembled, result);
      return { capability_id: capabilityId, outcome: "completed", ...published, execution: elapsed() };
    } catch (e) {
      const stop = this.classify(e, capabilityId);
      if (stop.outcome.kind === "failed") return { capability_id: capabilityId, outcome: "failed", error: stop.outcome.error, execution: elapsed() };
      return { capability_id: capabilityId, outcome: "non_conclusion", reason: { code: stop.outcome.code, message: stop.outcome.message }, execution: elapsed() };
    }
  }

  parseArguments(args: unknown): RunArguments {
    return parseStrict(RunArguments, args, "", RUN_HINT);
  }

  lookup(id: string): InstalledOperation {
    const op = this.deps.catalog.get(id);
    if (!op) throw new Stop({ kind: "failed", error: unknownCapability(id) });
    return op;
  }

  checkProviders(op: InstalledOperation): void {
    const missing = this.deps.catalog.providerStatus(op.decl).filter((s) => !s.available);
    if (missing.length) {
      throw new Stop({ kind: "non_conclusion", code: "PROVIDER_UNAVAILABLE", message: `provider ${missing.map((m) => m.id + (m.detail ? ` (${m.detail})` : "")).join(", ")} is not available in this runtime` });
    }
  }

  /** Stage 1: resolve `inputs` references against this runtime's value store. */
  resolveInputs(decl: OperationDeclaration, inputs: Record<string, { value_ref: string }>): Record<string, StoredValue> {
    const out: Record<string, StoredValue> = {};
    for (const [port, { value_ref }] of Object.entries(inputs)) {
      const declared = decl.ports.inputs[port];
      if (!declared) {
        const ports = Object.keys(decl.ports.inputs);
        throw new JacobianError("UNKNOWN_ARGUMENT", `${decl.id} has no input port ${JSON.stringify(port)}`, {
          path: `inputs.${port}`,
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

  /** Stage 2: one request object from the payload and the resolved port values. */
  assembleRequest(decl: OperationDeclaration, payload: Record<string, unknown>, resolved: Record<string, StoredValue>): Record<string, Json> {
    const assembled: Record<string, Json> = { ...(payload as Record<string, Json>) };
    for (const [port, stored] of Object.entries(resolved)) {
      const field = decl.ports.inputs[port]!.field;
      if (field in assembled) {
        throw new JacobianError("INVALID_PAYLOAD", `payload.${field} is also bound by input port ${port}; give it once`, { path: `payload.${field}` });
      }
      assembled[field] = stored.value;
    }
    return assembled;
  }

  /** Stage 3: parse once with the operation's own strict type. */
  parseRequest(decl: OperationDeclaration, assembled: Record<string, Json>): unknown {
    return parseStrict(decl.request, assembled, "payload", `inspect ${decl.id} with math.find for its request schema and examples`);
  }

  /** Stage 4: refuse above budget before any work starts. */
  preflight(decl: OperationDeclaration, request: unknown): CostEstimate {
    const budget = this.deps.catalog.budget(decl);
    const est = decl.preflight(request);
    if (est.units > budget.max_units) {
      throw new Stop({ kind: "non_conclusion", code: "RESOURCE_REFUSED", message: `estimated cost ${fmt(est.units)} units exceeds the budget of ${fmt(budget.max_units)} units (${est.basis})` });
    }
    if (est.memory_bytes > budget.max_memory_bytes) {
      throw new Stop({ kind: "non_conclusion", code: "RESOURCE_REFUSED", message: `estimated memory ${fmt(est.memory_bytes)} bytes exceeds the budget of ${fmt(budget.max_memory_bytes)} bytes (${est.basis})` });
    }
    return est;
  }

  /** Stage 5: execute exactly one operation under its time budget and the caller's signal. */
  async execute(op: InstalledOperation, request: unknown, estimate: CostEstimate, opts: RunOptions): Promise<unknown> {
    const decl = op.decl;
    const budget = this.deps.catalog.budget(decl);
    // The executor applies budget.timeout_ms from the moment the operation actually starts.
    const signal = opts.signal ?? new AbortController().signal;
    if (signal.aborted) throw new AbortedError("CANCELLED");
    return this.deps.executor.execute({ op: decl, request, budget, signal, estimate, ...(op.module ? { packModule: op.module } : {}), ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
  }

  /** Stage 6: the result must satisfy the operation's result type and postcondition. */
  checkPostcondition(decl: OperationDeclaration, request: unknown, result: unknown): void {
    if (decl.kind === "compute") {
      const shape = validateSync(decl.result, result);
      if (shape.issues) throw new JacobianError("POSTCONDITION_VIOLATED", `${decl.id} produced a result outside its declared type: ${shape.issues[0]!.message}`);
      const why = (decl as ComputeDeclaration).postcondition(request, result);
      if (why) throw new JacobianError("POSTCONDITION_VIOLATED", `${decl.id}: ${why}`);
    } else {
      const finding = result as CheckerFinding;
      const shape = validateSync(decl.bindings, finding.bindings);
      if (shape.issues) throw new JacobianError("POSTCONDITION_VIOLATED", `${decl.id} produced bindings outside their declared type: ${shape.issues[0]!.message}`);
      const why = (decl as CheckerDeclaration).postcondition(request, finding);
      if (why) throw new JacobianError("POSTCONDITION_VIOLATED", `${decl.id}: ${why}`);
    }
  }

  /** Stage 7: inline value, value:// refs for output ports, artifacts for evidence and large values. */
  async publish(decl: OperationDeclaration, request: Record<string, Json>, result: unknown): Promise<{ value?: Json; value_artifact?: string; refs?: Record<string, string>; artifacts?: string[] }> {
    const artifacts: string[] = [];
    let value: Json;
    if (decl.kind === "checker") {
      const finding = result as CheckerFinding;
      const claim_digest = "sha256:" + this.deps.digest.sha256(canonicalJson({ capability_id: decl.id, request }));
      const bindings: Record<string, Json> = { ...finding.bindings, claim_digest, checker: `${decl.id}@${decl.version}` };
      if (finding.evidence !== undefined) {
        const uri = await this.deps.artifacts.put(this.manifest(decl, "evidence", request, { verdict: finding.verdict, claim_digest, evidence: finding.evidence }));
        bindings.evidence = uri;
        artifacts.push(uri);
      }
      value = { verdict: finding.verdict, bindings, ...(finding.reason ? { reason: finding.reason } : {}) };
    } else {
      value = result as Json;
    }
    const refs: Record<string, string> = {};
    for (const [port, p] of Object.entries(decl.ports.outputs)) {
      const v = (value as Record<string, Json>)[p.field];
      if (v !== undefined) refs[port] = this.deps.values.put({ kind: p.kind, value: v, producer: decl.id });
    }
    const out: { value?: Json; value_artifact?: string; refs?: Record<string, string>; artifacts?: string[] } = {};
    const text = canonicalJson(value);
    if (utf8Length(text) > this.deps.settings.inline_value_bytes) {
      const uri = await this.deps.artifacts.put(this.manifest(decl, "result", request, value));
      out.value_artifact = uri;
      artifacts.push(uri);
    } else {
      out.value = value;
    }
    if (Object.keys(refs).length) out.refs = refs;
    if (artifacts.length) out.artifacts = artifacts;
    return out;
  }

  /** The manifest stored with every artifact: enough to replay and audit it. */
  manifest(decl: OperationDeclaration, kind: "result" | "evidence", request: Json, result: Json): Json {
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

  private classify(e: unknown, capabilityId: string): Stop {
    if (e instanceof Stop) return e;
    if (e instanceof JacobianError) return new Stop({ kind: "failed", error: e.toDetail() });
    if (e instanceof AbortedError) {
      const op = this.deps.catalog.get(capabilityId);
      const code: NonConclusionCode = op?.decl.kind === "checker" ? "CHECKER_INTERRUPTED" : e.reason;
      return new Stop({ kind: "non_conclusion", code, message: op?.decl.kind === "checker" ? `the checker was interrupted (${e.reason.toLowerCase()}); no verdict` : e.message });
    }
    const name = (e as { name?: string })?.name;
    if (name === "ProviderFailure") return new Stop({ kind: "non_conclusion", code: "PROVIDER_FAILURE", message: String((e as Error).message) });
    this.deps.logger.error("internal_error", { capability_id: capabilityId, error: String((e as Error)?.message ?? e), ...(this.deps.logger.debug ? { stack: String((e as Error)?.stack) } : {}) });
    return new Stop({ kind: "failed", error: { code: "INTERNAL", message: "internal error while running the operation; it has been logged", hint: "report the capability id and payload to the operator" } });
  }
}

function fmt(n: number): string {
  return n >= 1e6 ? n.toExponential(2) : String(Math.round(n));
}
