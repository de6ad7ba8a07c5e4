/**
 * Catalog metadata of an operation: everything the catalog, search and the faces need without
 * loading the operation's types or code. It is derived from the declaration (input kinds from the
 * request's field kinds, port kinds from the schemas), never written twice by hand. Shipped packs
 * carry it in a manifest generated at build time, so start-up cost does not grow with the code of
 * the catalog; an operation's module is loaded on its first run.
 */
import type { Bound, Budget, Effect, OperationDeclaration, PortDeclaration, ProviderRequirement, Recovery } from "./declaration.js";
import type { Json } from "./json.js";
import { isKnownKind } from "./kinds.js";
import { isKindedSchema, type TypedSchema } from "./schema.js";

export interface PortMetadata {
  field: string;
  kind: string;
  description: string;
}

export interface OperationMetadata {
  id: string;
  version: string;
  kind: "compute" | "checker";
  title: string;
  summary: string;
  keywords: string[];
  input_kinds: string[];
  /** Kinds of the result (the whole-result kind and the kinds of result fields). */
  output_kinds: string[];
  accepted_artifact_types: string[];
  produced_artifact_types: string[];
  effect: Effect;
  providers: ProviderRequirement[];
  ports: { inputs: Record<string, PortMetadata>; outputs: Record<string, PortMetadata> };
}

/**
 * What inspection publishes beyond metadata: schemas, preflight facts and examples (for shipped
 * packs precomputed at build time, one file per operation, read on first inspect). Kept out of
 * the metadata so that a catalog of 10,000 operations stays small to load.
 */
export interface InspectionData {
  request_schema: Json;
  result_schema: Json;
  bounds: Bound[];
  cost_model: string;
  budget: Budget;
  progress_measure?: string;
  /** How an interrupted run continues on another worker (default "restart"). */
  recovery: Recovery;
  method?: string;
  examples: { title: string; payload: Json; expected: Json; equivalence?: string }[];
}

function kindsOf(schema: TypedSchema<unknown>): Record<string, string> {
  return isKindedSchema(schema) ? { ...schema.fieldKinds } : {};
}

/** Resolve one port's kind: declared, else the kind of the schema field it binds. */
function portKind(side: "input" | "output", name: string, port: PortDeclaration, fields: Record<string, string>, whole: string | undefined, problems: string[], id: string): string {
  const derived = port.field === "." ? whole : fields[port.field];
  if (port.kind && derived && port.kind !== derived) problems.push(`${id}: ${side} port ${name} declares kind ${port.kind} but field ${port.field} carries ${derived}`);
  const kind = port.kind ?? derived;
  if (!kind) {
    problems.push(`${id}: ${side} port ${name} binds ${port.field === "." ? "the whole result" : `field ${port.field}`}, which carries no value kind`);
    return "unknown";
  }
  if (!isKnownKind(kind)) problems.push(`${id}: ${side} port ${name} carries unregistered kind ${kind}`);
  return kind;
}

/** Metadata of a declaration, plus the problems found while deriving it (empty when sound). */
export function describeOperation(decl: OperationDeclaration): { meta: OperationMetadata; problems: string[] } {
  const problems: string[] = [];
  const requestKinds = kindsOf(decl.request);
  const resultSchema = decl.kind === "compute" ? decl.result : undefined;
  const resultKinds = resultSchema ? kindsOf(resultSchema) : {};
  const whole = resultSchema && isKindedSchema(resultSchema) ? resultSchema.kind : undefined;
  const topLevel = (m: Record<string, string>) => Object.entries(m).filter(([path]) => !path.includes(".")).map(([, k]) => k);
  const derivedInputs = [...new Set(topLevel(requestKinds))].sort();
  const input_kinds = decl.input_kinds ?? derivedInputs;
  if (decl.input_kinds && isKindedSchema(decl.request)) {
    const same = [...decl.input_kinds].sort().join(",") === derivedInputs.join(",");
    if (!same) problems.push(`${decl.id}: declared input_kinds [${decl.input_kinds.join(", ")}] differ from the request's kinds [${derivedInputs.join(", ")}]; drop the declared list`);
  }
  const inputs: Record<string, PortMetadata> = {};
  for (const [name, p] of Object.entries(decl.ports?.inputs ?? {})) {
    inputs[name] = { field: p.field, kind: portKind("input", name, p, requestKinds, undefined, problems, decl.id), description: p.description };
  }
  const outputs: Record<string, PortMetadata> = {};
  for (const [name, p] of Object.entries(decl.ports?.outputs ?? {})) {
    outputs[name] = { field: p.field, kind: portKind("output", name, p, resultKinds, whole, problems, decl.id), description: p.description };
  }
  const output_kinds = [...new Set([...(whole ? [whole] : []), ...topLevel(resultKinds), ...Object.values(outputs).map((o) => o.kind)])].sort();
  const meta: OperationMetadata = {
    id: decl.id,
    version: decl.version,
    kind: decl.kind,
    title: decl.title,
    summary: decl.summary,
    keywords: [...decl.keywords],
    input_kinds,
    output_kinds,
    accepted_artifact_types: [...decl.accepted_artifact_types],
    produced_artifact_types: [...decl.produced_artifact_types],
    effect: decl.effect,
    providers: decl.providers.map((p) => ({ ...p })),
    ports: { inputs, outputs },
  };
  return { meta, problems };
}

/**
 * The published effect. Every run may write content-addressed artifacts (a result above the
 * operator's inline limit; a checker's evidence), which are idempotent and never destructive.
 */
export function publishedEffect(meta: Pick<OperationMetadata, "effect" | "kind" | "produced_artifact_types">): Json {
  const writes = ["artifact:large_result"];
  if (meta.produced_artifact_types.length) writes.unshift(...meta.produced_artifact_types.map((t) => `artifact:${t}`));
  return {
    class: meta.effect,
    read_only: false,
    destructive: false,
    idempotent: meta.effect !== "stateful",
    open_world: meta.effect === "external",
    writes,
  };
}
