import type { Budget, CheckerDeclaration, OperationDeclaration, OperationPack } from "../domain/declaration.js";
import { OPERATION_ID } from "../domain/declaration.js";
import type { ProviderRegistry, ProviderStatus, RuntimeSettings } from "../domain/ports.js";
import { issuePath, validateSync } from "../domain/schema.js";
import { validateResultWire } from "./result.js";
export { validateResultWire };
import type { Json } from "../domain/json.js";
import { describeOperation, publishedEffect, type InspectionData, type OperationMetadata } from "../domain/metadata.js";

/** A declaration or example that is not valid: the runtime must not start with it. */
export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid operation catalog:\n- ${problems.join("\n- ")}`);
    this.name = "CatalogError";
  }
}

/**
 * One installable operation: its metadata (cheap, always in memory), its inspection data (schemas
 * and examples, read on first inspect) and its declaration (types and code, loaded on first run).
 */
export interface OperationSource {
  meta: OperationMetadata;
  /** URL of the ES module whose default export is the declaration (lets pool workers load it). */
  module?: string;
  load(): Promise<OperationDeclaration>;
  inspection(): InspectionData;
}

/** A pack whose operations are sources (shipped packs come from the build-time manifest). */
export interface SourcePack {
  name: string;
  version: string;
  description: string;
  operations: OperationSource[];
  /** Module exporting the pack, for custom packs run in the worker pool. */
  module?: string;
}

export interface InstalledOperation {
  pack: string;
  /** Module exporting the pack (custom packs only), so isolated workers can load it. */
  packModule?: string;
  meta: OperationMetadata;
  source: OperationSource;
}

/** Common bindings every checker verdict carries, added by the run pipeline. */
const COMMON_BINDINGS = {
  claim_digest: { type: "string", pattern: "^sha256:[0-9a-f]{64}$", description: "SHA-256 of the canonical claim (capability id + canonical request)" },
  checker: { type: "string", description: "Checker id and version that produced the verdict" },
  evidence: { type: "string", pattern: "^artifact://sha256/[0-9a-f]{64}$", description: "Durable evidence bound to the claim" },
} as const;

/** The inspection data of a loaded declaration. */
export function inspectionOf(decl: OperationDeclaration): InspectionData {
  return {
    request_schema: decl.request.toJsonSchema() as Json,
    result_schema: resultSchema(decl),
    bounds: decl.bounds.map((b) => ({ ...b })),
    cost_model: decl.cost_model,
    budget: { ...decl.budget },
    ...(decl.progress_measure ? { progress_measure: decl.progress_measure } : {}),
    recovery: decl.recovery ?? "restart",
    ...(decl.kind === "checker" ? { method: decl.method } : {}),
    examples: decl.examples.map((e) => ({ title: e.title, payload: e.payload, expected: e.expected as Json, ...(e.equivalence ? { equivalence: e.equivalence.description } : {}) })),
  };
}

/** A source for a declaration already in memory (custom packs given as objects). */
export function sourceOf(decl: OperationDeclaration, module?: string): { source: OperationSource; problems: string[] } {
  const { meta, problems } = describeOperation(decl);
  let inspection: InspectionData | undefined;
  return {
    source: {
      meta,
      ...(module ? { module } : {}),
      // Operation-specific MCP resources of an in-memory declaration (an adapter extension point).
      ...((decl as { resources?: unknown }).resources ? { resources: (decl as { resources?: unknown }).resources } : {}),
      load: async () => decl,
      inspection: () => (inspection ??= inspectionOf(decl)),
    },
    problems: [...problems, ...checkDeclaration(decl)],
  };
}

/** Turn an in-memory pack into a source pack, validating every declaration and example. */
export function sourcePack(pack: OperationPack): SourcePack {
  const problems: string[] = [];
  const operations = pack.operations.map((d) => {
    const r = sourceOf(d);
    problems.push(...r.problems);
    return r.source;
  });
  if (problems.length) throw new CatalogError(problems);
  return { name: pack.name, version: pack.version, description: pack.description, operations, ...(pack.module ? { module: pack.module } : {}) };
}

/** The installed inventory: exactly the operations of the installed packs. */
export class Catalog {
  private readonly ops = new Map<string, InstalledOperation>();
  private readonly loaded = new Map<string, Promise<OperationDeclaration>>();
  private sorted: InstalledOperation[] | undefined;
  readonly packs: { name: string; version: string; description: string; operations: number }[];

  constructor(
    packs: SourcePack[],
    private readonly providers: ProviderRegistry,
    private readonly settings: Pick<RuntimeSettings, "budgets" | "budget_scale">,
  ) {
    const problems: string[] = [];
    for (const pack of packs) {
      for (const source of pack.operations) {
        const id = source.meta.id;
        if (this.ops.has(id)) problems.push(`${id}: declared twice (packs ${this.ops.get(id)!.pack} and ${pack.name})`);
        this.ops.set(id, { pack: pack.name, meta: source.meta, source, ...(pack.module ? { packModule: pack.module } : {}) });
      }
    }
    if (problems.length) throw new CatalogError(problems);
    this.packs = packs.map((p) => ({ name: p.name, version: p.version, description: p.description, operations: p.operations.length }));
  }

  get(id: string): InstalledOperation | undefined {
    return this.ops.get(id);
  }

  ids(): string[] {
    return this.all().map((o) => o.meta.id);
  }

  all(): InstalledOperation[] {
    return (this.sorted ??= [...this.ops.values()].sort((a, b) => (a.meta.id < b.meta.id ? -1 : 1)));
  }

  /** The operation's declaration (types and code), loaded once on first use. */
  load(op: InstalledOperation): Promise<OperationDeclaration> {
    let p = this.loaded.get(op.meta.id);
    if (!p) {
      p = op.source.load().then((decl) => {
        if (decl.id !== op.meta.id) throw new Error(`module for ${op.meta.id} declares ${decl.id}`);
        return decl;
      });
      p.catch(() => this.loaded.delete(op.meta.id));
      this.loaded.set(op.meta.id, p);
    }
    return p;
  }

  providerStatus(meta: Pick<OperationMetadata, "providers">): ProviderStatus[] {
    return meta.providers.map((p) => this.providers.status(p.id));
  }

  available(meta: Pick<OperationMetadata, "providers">): boolean {
    return this.providerStatus(meta).every((s) => s.available);
  }

  /** The operator's budget for an operation: declared default, scaled, then per-op overrides. */
  budget(meta: { id: string; budget: Budget }): Budget {
    const s = this.settings.budget_scale;
    const base: Budget = {
      max_units: meta.budget.max_units * s,
      max_memory_bytes: meta.budget.max_memory_bytes * s,
      timeout_ms: meta.budget.timeout_ms * s,
    };
    return { ...base, ...(this.settings.budgets[meta.id] ?? {}) };
  }

  /** The catalog entry of an operation: factual metadata, no schemas. */
  entry(op: InstalledOperation): Record<string, Json> {
    const { meta } = op;
    const statuses = this.providerStatus(meta);
    return {
      id: meta.id,
      version: meta.version,
      pack: op.pack,
      kind: meta.kind,
      title: meta.title,
      summary: meta.summary,
      effect: publishedEffect(meta),
      input_kinds: meta.input_kinds,
      output_kinds: meta.output_kinds,
      accepted_artifact_types: meta.accepted_artifact_types,
      produced_artifact_types: meta.produced_artifact_types,
      ports: meta.ports as unknown as Json,
      providers: meta.providers.map((p, i) => providerJson(p.id, p.purpose, statuses[i]!)),
      available: statuses.every((s) => s.available),
    };
  }

  /**
   * Authoritative inspection: schemas, effect, providers, preflight, ports and examples. Keywords
   * feed the search index only; an agent reading an inspection has already found the operation.
   */
  inspect(op: InstalledOperation): Record<string, Json> {
    const { meta } = op;
    const data = op.source.inspection();
    const budget = this.budget({ id: meta.id, budget: data.budget });
    return {
      ...this.entry(op),
      request_schema: data.request_schema,
      result_schema: data.result_schema,
      ...(data.method ? { method: data.method } : {}),
      preflight: {
        bounds: data.bounds.map((b) => ({ ...b })),
        cost_model: data.cost_model,
        budget: { max_units: budget.max_units, max_memory_bytes: budget.max_memory_bytes, timeout_ms: budget.timeout_ms },
        ...(data.progress_measure ? { progress_measure: data.progress_measure } : {}),
        // Inspection files built before the field existed carry none: those operations restart.
        recovery: data.recovery ?? "restart",
      },
      examples: data.examples as unknown as Json,
    };
  }
}

function providerJson(id: string, purpose: string, s: ProviderStatus): Json {
  return { id, purpose, available: s.available, ...(s.version ? { version: s.version } : {}), ...(s.detail ? { detail: s.detail } : {}) };
}

/** JSON Schema of the `value` a completed run of this operation returns. */
export function resultSchema(decl: OperationDeclaration): Json {
  if (decl.kind === "compute") return decl.result.toJsonSchema() as Json;
  return checkerValueSchema(decl);
}

function checkerValueSchema(decl: CheckerDeclaration): Json {
  const own = decl.bindings.toJsonSchema() as { properties?: Record<string, Json>; required?: string[] };
  const { $schema: _ignored, ...rest } = own as Record<string, Json>;
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: {
      verdict: { enum: ["accepted", "rejected", "non_conclusion"] },
      bindings: {
        ...rest,
        type: "object",
        properties: { ...(own.properties ?? {}), ...COMMON_BINDINGS },
        required: [...(own.required ?? []), "claim_digest", "checker"],
        additionalProperties: false,
      },
      reason: { type: "string" },
    },
    required: ["verdict", "bindings"],
    additionalProperties: false,
  };
}

/** Static checks on one declaration, including its examples against its own schemas. */
export function checkDeclaration(decl: OperationDeclaration): string[] {
  const out: string[] = [];
  const id = decl.id;
  if (!OPERATION_ID.test(id)) out.push(`${id}: id must be lowercase dotted (family.object.verb)`);
  if (decl.kind === "checker" && !id.endsWith(".verify")) out.push(`${id}: checker ids end in .verify`);
  if (decl.kind === "compute" && id.endsWith(".verify")) out.push(`${id}: only checkers end in .verify`);
  if (!decl.examples.length) out.push(`${id}: declares no examples`);
  if (!decl.bounds.length) out.push(`${id}: declares no bounds`);
  if (!decl.providers.length) out.push(`${id}: declares no provider`);
  for (const [name, port] of Object.entries(decl.ports?.inputs ?? {})) {
    if (!schemaHasPath(decl.request.toJsonSchema(), port.field)) out.push(`${id}: input port ${name} binds unknown field ${port.field}`);
  }
  if (decl.kind === "compute") {
    for (const [name, port] of Object.entries(decl.ports?.outputs ?? {})) {
      if (port.field !== "." && !schemaHasPath(decl.result.toJsonSchema(), port.field)) out.push(`${id}: output port ${name} binds unknown result field ${port.field}`);
    }
  }
  decl.examples.forEach((ex, i) => {
    const where = `${id}: example ${i + 1} (${ex.title})`;
    try {
      const req = validateSync(decl.request, ex.payload);
      if (req.issues) out.push(`${where}: payload invalid at ${issuePath("payload", req.issues[0]!.path)}: ${req.issues[0]!.message}`);
    } catch (e) {
      out.push(`${where}: payload refused while parsing: ${(e as Error).message}`);
    }
    if (decl.kind === "compute") {
      const res = validateResultWire(decl.result, ex.expected);
      if (res.issues) out.push(`${where}: expected result invalid at ${issuePath("value", res.issues[0]!.path)}: ${res.issues[0]!.message}`);
    } else {
      const v = (ex.expected as { verdict?: unknown }).verdict;
      if (v !== "accepted" && v !== "rejected" && v !== "non_conclusion") out.push(`${where}: expected verdict must be accepted, rejected or non_conclusion`);
    }
  });
  return out;
}

/** Whether a dotted field path exists in an object JSON Schema. */
function schemaHasPath(schema: object, path: string): boolean {
  const [key, ...rest] = path.split(".");
  const node = schema as { properties?: Record<string, object>; anyOf?: object[]; oneOf?: object[]; allOf?: object[] };
  const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  if (branches.some((b) => schemaHasPath(b, path))) return true;
  const next = node.properties?.[key!];
  if (!next) return false;
  return rest.length ? schemaHasPath(next, rest.join(".")) : true;
}
