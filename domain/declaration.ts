import type { TypedSchema } from "./schema.js";
import type { Json } from "./json.js";
import type { CheckerFinding } from "./outcome.js";

/**
 * The effect an operation has on the world beyond its result. `read_only`: none (the pipeline
 * may still publish content-addressed artifacts — large results, checker evidence — and the
 * published effect says so); `stateful`: it changes state of this runtime; `external`: it talks
 * to the outside world.
 */
export type Effect = "read_only" | "stateful" | "external";

/** The effect as published by inspection, aligned with MCP tool annotations. */
export interface PublishedEffect {
  class: Effect;
  read_only: boolean;
  destructive: boolean;
  idempotent: boolean;
  open_world: boolean;
  /** What the run may write: content-addressed artifacts (evidence, large results). */
  writes: string[];
}

/** A registered value kind (domain/kinds.ts) or a producer result kind (`family.object`). */
export type ValueKind = string;

export interface PortDeclaration {
  /**
   * The request (input) or result (output) field the port binds: a dotted path for nested
   * fields (`claim.factors`); for outputs `.` binds the whole result.
   */
  field: string;
  /** The value kind carried. Derived from the schema's field kinds when omitted. */
  kind?: ValueKind;
  description: string;
}

export interface ProviderRequirement {
  /** Provider id, e.g. "jacobian.builtin" or "pari-gp". */
  id: string;
  /** Why the operation needs it. */
  purpose: string;
}

/** A declared size bound, shown in inspection and enforced by the schema or preflight. */
export interface Bound {
  name: string;
  limit: number;
  unit: string;
  description: string;
}

/** Cost estimate made from the parsed request before any work starts. */
export interface CostEstimate {
  /** Abstract work units (documented per operation in `cost_model`). */
  units: number;
  /** Estimated peak memory in bytes. */
  memory_bytes: number;
  /** Human-readable basis of the estimate (sizes that went into it). */
  basis: string;
}

export interface Budget {
  /** Maximum work units accepted by preflight. */
  max_units: number;
  /** Maximum estimated memory accepted by preflight. */
  max_memory_bytes: number;
  /** Wall-time budget for one call, milliseconds. */
  timeout_ms: number;
}

/** What an executing operation may use. Everything here is a port: no I/O of its own. */
export interface ExecutionContext {
  readonly signal: AbortSignal;
  /**
   * Report progress of the current stage: `done` out of `total` in the operation's declared measure,
   * with a total only when the stage's work is known (reach it when the stage is done) and a message
   * a person can read ("ECM level 2: 120 of 480 curves"). A report whose `done` goes back or whose
   * total changes starts a new stage; the pipeline turns stages into one increasing stream.
   */
  progress(done: number, total?: number, message?: string): void;
  /** Throws AbortedError when the call was cancelled or timed out. Call it in long loops. */
  checkpoint(): void;
  /** Yield to the event loop (lets cancellation arrive) and then checkpoint. */
  yieldNow(): Promise<void>;
  /**
   * The state an earlier attempt of this very run saved with `saveCheckpoint` (distributed mode:
   * the run was taken over after its worker was lost); absent otherwise. It is data from outside
   * the operation: validate it, and ignore it when it does not fit.
   */
  readonly resumed?: Json;
  /**
   * Save state from which another attempt of this run can resume (operations declaring recovery
   * "checkpoint"). The latest state wins (a queue worker writes it at most every 250 ms); an
   * operation whose state is costly to copy saves about once a second. Absent where no one keeps
   * checkpoints (a self-contained process).
   */
  saveCheckpoint?(state: Json): void;
  /** Set when the operation's first attempt (ComputeDeclaration.attempt) ran and declined. */
  readonly attemptDeclined?: boolean;
}

/**
 * A declared example, in wire form (the build validates payload and expected value against the
 * operation's schemas, and the test suite runs every example).
 */
export interface Example<_Req = unknown, _Res = unknown> {
  title: string;
  payload: { [key: string]: Json };
  /** The exact expected result value (a checker's expected value includes its verdict). */
  expected: { [key: string]: Json };
  /** Fields of the expected value that are compared (defaults to all). */
  compare?: string[];
  /**
   * When several results are equally right (a basis, a witness, a graph up to vertex order): how
   * the example test decides that an actual result is equivalent to `expected` — stated in words
   * for inspection, decided by `equivalent`.
   */
  equivalence?: { description: string; equivalent(expected: Json, actual: Json): boolean };
}

interface DeclarationBase<Req, Res> {
  id: string;
  version: string;
  title: string;
  summary: string;
  keywords: string[];
  /**
   * Value kinds of the inputs the operation accepts (search `input_kind` filter). Derived from the
   * request schema's field kinds; declare it only for a request built without kinds.
   */
  input_kinds?: ValueKind[];
  /** Artifact types the operation can consume (search `artifact_type` filter). */
  accepted_artifact_types: string[];
  /** Artifact types the operation produces. */
  produced_artifact_types: string[];
  request: TypedSchema<Req>;
  effect: Effect;
  providers: ProviderRequirement[];
  bounds: Bound[];
  /** How preflight estimates cost, in words (published by inspection). */
  cost_model: string;
  /** The default budget for this operation; operators may override it. */
  budget: Budget;
  preflight(request: Req): CostEstimate;
  ports?: { inputs?: Record<string, PortDeclaration>; outputs?: Record<string, PortDeclaration> };
  /** Measure reported through `ctx.progress`, if the operation reports progress. */
  progress_measure?: string;
  /**
   * What a run does when the process executing it dies and another worker takes the job over
   * (distributed mode, docs/operator.md): `"restart"` (the default) starts again from the
   * beginning; `"checkpoint"` resumes from the state it last saved with `ctx.saveCheckpoint`.
   * Published by inspection as `preflight.recovery`.
   */
  recovery?: Recovery;
}

/** How an interrupted run continues on another worker (see `DeclarationBase.recovery`). */
export type Recovery = "restart" | "checkpoint";

export interface ComputeDeclaration<Req = any, Res = any> extends DeclarationBase<Req, Res> {
  kind: "compute";
  result: TypedSchema<Res>;
  execute(request: Req, ctx: ExecutionContext): Res | Promise<Res>;
  /**
   * A cheaper first attempt that settles the common case of its inputs (a normal form in the
   * generic case, a full-rank matrix) and declines (returns undefined) otherwise. Its preflight is
   * an upper bound of the attempt alone, so the executor places the attempt by that bound (on the
   * calling thread when it is small) and places `execute` — which then runs with
   * `ctx.attemptDeclined` set — by the whole estimate only when the attempt declines. A result of
   * the attempt is checked like any other.
   */
  attempt?: FirstAttempt<Req, Res>;
  /** Returns null when the request/result pair satisfies the postcondition, else why not. */
  postcondition(request: Req, result: Res): string | null;
  examples: Example<Req, Res>[];
}

/** See ComputeDeclaration.attempt. */
export interface FirstAttempt<Req = any, Res = any> {
  /** The attempt's own cost bound, or undefined when it cannot settle this request (it is then not run). */
  preflight(request: Req): CostEstimate | undefined;
  execute(request: Req, ctx: ExecutionContext): Res | undefined | Promise<Res | undefined>;
}

export interface CheckerDeclaration<Req = any> extends DeclarationBase<Req, CheckerFinding> {
  kind: "checker";
  /** Schema of the operation-specific `bindings` object of the verdict. */
  bindings: TypedSchema<Record<string, Json>>;
  execute(request: Req, ctx: ExecutionContext): CheckerFinding | Promise<CheckerFinding>;
  /** Consistency of the finding with the request (e.g. a rejection carries a counterexample). */
  postcondition(request: Req, finding: CheckerFinding): string | null;
  examples: Example[];
  /** The method used, stated so callers can see it is independent of the producer. */
  method: string;
}

export type OperationDeclaration = ComputeDeclaration | CheckerDeclaration;

/** A pack: a named, versioned group of declarations installed together. */
export interface OperationPack {
  name: string;
  version: string;
  description: string;
  operations: OperationDeclaration[];
  /**
   * URL of an ES module exporting this pack. Shipped packs need none; a custom pack that names
   * its module can run in the isolated worker pool, otherwise its operations run inline.
   */
  module?: string;
}

/** Helper for declaration files: keeps literal types and checks the shape. */
export function defineCompute<Req, Res>(d: Omit<ComputeDeclaration<Req, Res>, "kind">): ComputeDeclaration<Req, Res> {
  return { ...d, kind: "compute" };
}
export function defineChecker<Req>(d: Omit<CheckerDeclaration<Req>, "kind">): CheckerDeclaration<Req> {
  return { ...d, kind: "checker" };
}

export const OPERATION_ID = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*){2,}$/;

/**
 * A shipped pack as listed in source: its operations' modules (each module's default export is
 * one declaration). The build turns listings into the catalog manifest, so a runtime knows the
 * operations' metadata without loading their modules.
 */
export interface PackListing {
  name: string;
  version: string;
  description: string;
  /** Absolute module URLs. */
  modules: string[];
}

/** A pack file states its operations by file name (`gcd` for `./gcd.js`), relative to itself. */
export function listPack(base: string, spec: { name: string; version: string; description: string; operations: string[] }): PackListing {
  return { name: spec.name, version: spec.version, description: spec.description, modules: spec.operations.map((f) => new URL(`./${f}.js`, base).href) };
}
