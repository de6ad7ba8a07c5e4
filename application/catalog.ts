import type { Budget, CheckerDeclaration, OperationDeclaration, OperationPack } from "../domain/declaration.js";
import { OPERATION_ID } from "../domain/declaration.js";
import type { ProviderRegistry, ProviderStatus, RuntimeSettings } from "../domain/ports.js";
import { issuePath, validateSync } from "../domain/schema.js";
import type { Json } from "../domain/json.js";

/** A declaration or example that is not valid: the runtime must not start with it. */
export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid operation catalog:\n- ${problems.join("\n- ")}`);
    this.name = "CatalogError";
  }
}

export interface InstalledOperation {
  pack: string;
  /** Module exporting the pack (custom packs only), so isolated workers can load it. */
  module?: string;
  decl: OperationDeclaration;
}

/** Common bindings every checker verdict carries, added by the run pipeline. */
const COMMON_BINDINGS = {
  claim_digest: { type: "string", pattern: "^sha256:[0-9a-f]{64}$", description: "SHA-256 of the canonical claim (capability id + request)" },
  checker: { type: "string", description: "Checker id and version that produced the verdict" },
  evidence: { type: "string", pattern: "^artifact://sha256/[0-9a-f]{64}$", description: "Durable evidence bound to the claim" },
} as const;

/** The installed inventory: exactly the operations of the installed packs. */
export class Catalog {
  private readonly ops = new Map<string, InstalledOperation>();
  readonly packs: { name: string; version: string; description: string; operations: number }[];

  constructor(
    packs: OperationPack[],
    private readonly providers: ProviderRegistry,
    private readonly settings: Pick<RuntimeSettings, "budgets" | "budget_scale">,
  ) {
    const problems: string[] = [];
    for (const pack of packs) {
      for (const decl of pack.operations) {
        if (this.ops.has(decl.id)) problems.push(`${decl.id}: declared twice (packs ${this.ops.get(decl.id)!.pack} and ${pack.name})`);
        this.ops.set(decl.id, { pack: pack.name, decl, ...(pack.module ? { module: pack.module } : {}) });
        problems.push(...checkDeclaration(decl));
      }
    }
    if (problems.length) throw new CatalogError(problems);
    this.packs = packs.map((p) => ({ name: p.name, version: p.version, description: p.description, operations: p.operations.length }));
  }

  get(id: string): InstalledOperation | undefined {
    return this.ops.get(id);
  }

  all(): InstalledOperation[] {
    return [...this.ops.values()].sort((a, b) => (a.decl.id < b.decl.id ? -1 : 1));
  }

  providerStatus(decl: OperationDeclaration): ProviderStatus[] {
    return decl.providers.map((p) => this.providers.status(p.id));
  }

  available(decl: OperationDeclaration): boolean {
    return this.providerStatus(decl).every((s) => s.available);
  }

  /** The operator's budget for an operation: declared default, scaled, then per-op overrides. */
  budget(decl: OperationDeclaration): Budget {
    const s = this.settings.budget_scale;
    const base: Budget = {
      max_units: decl.budget.max_units * s,
      max_memory_bytes: decl.budget.max_memory_bytes * s,
      timeout_ms: decl.budget.timeout_ms * s,
    };
    return { ...base, ...(this.settings.budgets[decl.id] ?? {}) };
  }

  /** The catalog entry of an operation: factual metadata, no schemas. */
  entry(op: InstalledOperation): Record<string, Json> {
    const { decl } = op;
    const statuses = this.providerStatus(decl);
    return {
      id: decl.id,
      version: decl.version,
      pack: op.pack,
      kind: decl.kind,
      title: decl.title,
      summary: decl.summary,
      effect: decl.effect,
      input_kinds: decl.input_kinds,
      accepted_artifact_types: decl.accepted_artifact_types,
      produced_artifact_types: decl.produced_artifact_types,
      ports: portsJson(decl),
      providers: decl.providers.map((p, i) => providerJson(p.id, p.purpose, statuses[i]!)),
      available: statuses.every((s) => s.available),
    };
  }

  /** Authoritative inspection: schemas, effect, providers, preflight, ports and examples. */
  inspect(op: InstalledOperation): Record<string, Json> {
    const { decl } = op;
    const budget = this.budget(decl);
    return {
      ...this.entry(op),
      keywords: decl.keywords,
      request_schema: decl.request.toJsonSchema() as Json,
      result_schema: resultSchema(decl),
      ...(decl.kind === "checker" ? { method: decl.method } : {}),
      preflight: {
        bounds: decl.bounds.map((b) => ({ ...b })),
        cost_model: decl.cost_model,
        budget: { max_units: budget.max_units, max_memory_bytes: budget.max_memory_bytes, timeout_ms: budget.timeout_ms },
        ...(decl.progress_measure ? { progress_measure: decl.progress_measure } : {}),
      },
      examples: decl.examples.map((e) => ({ title: e.title, payload: e.payload, expected: e.expected as Json })),
    };
  }
}

function providerJson(id: string, purpose: string, s: ProviderStatus): Json {
  return { id, purpose, available: s.available, ...(s.version ? { version: s.version } : {}), ...(s.detail ? { detail: s.detail } : {}) };
}

function portsJson(decl: OperationDeclaration): Json {
  const side = (ports: Record<string, { field: string; kind: string; description: string }>) =>
    Object.fromEntries(Object.entries(ports).map(([name, p]) => [name, { field: p.field, kind: p.kind, description: p.description }]));
  return { inputs: side(decl.ports.inputs), outputs: side(decl.ports.outputs) };
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
function checkDeclaration(decl: OperationDeclaration): string[] {
  const out: string[] = [];
  const id = decl.id;
  if (!OPERATION_ID.test(id)) out.push(`${id}: id must be lowercase dotted (family.object.verb)`);
  if (decl.kind === "checker" && !id.endsWith(".verify")) out.push(`${id}: checker ids end in .verify`);
  if (decl.kind === "compute" && id.endsWith(".verify")) out.push(`${id}: only checkers end in .verify`);
  if (!decl.examples.length) out.push(`${id}: declares no examples`);
  if (!decl.bounds.length) out.push(`${id}: declares no bounds`);
  if (!decl.providers.length) out.push(`${id}: declares no provider`);
  for (const [name, port] of Object.entries(decl.ports.inputs)) {
    const props = (decl.request.toJsonSchema() as { properties?: Record<string, unknown> }).properties ?? {};
    if (!(port.field in props)) out.push(`${id}: input port ${name} binds unknown field ${port.field}`);
  }
  decl.examples.forEach((ex, i) => {
    const where = `${id}: example ${i + 1} (${ex.title})`;
    const req = validateSync(decl.request, ex.payload);
    if (req.issues) out.push(`${where}: payload invalid at ${issuePath("payload", req.issues[0]!.path)}: ${req.issues[0]!.message}`);
    if (decl.kind === "compute") {
      const res = validateSync(decl.result, ex.expected);
      if (res.issues) out.push(`${where}: expected result invalid at ${issuePath("value", res.issues[0]!.path)}: ${res.issues[0]!.message}`);
    } else {
      const v = (ex.expected as { verdict?: unknown }).verdict;
      if (v !== "accepted" && v !== "rejected" && v !== "non_conclusion") out.push(`${where}: expected verdict must be accepted, rejected or non_conclusion`);
    }
  });
  return out;
}
