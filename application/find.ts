import type { Json } from "../domain/json.js";
import type { OperationDeclaration } from "../domain/declaration.js";
import type { SearchIndex } from "../domain/ports.js";
import { JacobianError, type FailureDetail } from "../domain/errors.js";
import type { Catalog, InstalledOperation } from "./catalog.js";
import { type FindArguments, parseFindArguments, SEARCH_LIMIT_DEFAULT } from "./contract.js";

export type FindResult =
  | { op: "search"; query: string; hits: Json[] }
  | { op: "inspect"; capability: Record<string, Json> }
  | { op: "search" | "inspect" | "unknown"; error: FailureDetail };

const FIND_HINT = 'math.find takes {"request": {"op": "search", "query": "..."}} or {"request": {"op": "inspect", "capability_id": "..."}}';

/** The search and inspect use cases over the installed catalog. */
export class FindUseCase {
  constructor(
    private readonly catalog: Catalog,
    private readonly index: SearchIndex,
  ) {}

  find(args: unknown): FindResult {
    let parsed: FindArguments;
    try {
      parsed = parseFindArguments(args, FIND_HINT);
    } catch (e) {
      const op = opOf(args);
      return { op, error: (e as JacobianError).toDetail() };
    }
    const req = parsed.request;
    if (req.op === "inspect") {
      const op = this.catalog.get(req.capability_id);
      return op ? { op: "inspect", capability: this.catalog.inspect(op) } : { op: "inspect", error: unknownCapability(req.capability_id, "request.capability_id") };
    }
    try {
      return { op: "search", query: req.query, hits: this.search(req.query, req.limit ?? SEARCH_LIMIT_DEFAULT, req.input_kind, req.artifact_type) };
    } catch (e) {
      if (e instanceof JacobianError) return { op: "search", error: e.toDetail() };
      throw e;
    }
  }

  /**
   * Ranked by the search index's one relevance score (reported as `score`; see docs/contract.md).
   * Declared compatibility is applied after relevance: the best compatible operations first, then,
   * if fewer than `limit` are compatible, the best incompatible ones.
   */
  search(query: string, limit: number, inputKind?: string, artifactType?: string): Json[] {
    const tokens = this.index.tokens(query);
    if (!tokens.length) {
      throw new JacobianError("INVALID_PAYLOAD", "the query has no searchable words (empty or only stop words); search never lists the inventory", {
        path: "request.query",
        hint: "name the mathematical object or task, e.g. \"exact matrix determinant\"; the full inventory is the capability://catalog resource",
      });
    }
    const installed = (id: string) => this.catalog.get(id) !== undefined;
    const compatible = (id: string) => {
      const op = this.catalog.get(id);
      return op !== undefined && fits(op.decl, inputKind, artifactType);
    };
    const filtered = inputKind !== undefined || artifactType !== undefined;
    const hits = this.index.search(query, limit, { accept: filtered ? compatible : installed });
    if (filtered && hits.length < limit) hits.push(...this.index.search(query, limit - hits.length, { accept: (id) => installed(id) && !compatible(id) }));
    return hits.map((h) => this.hit(this.catalog.get(h.id)!, h.score, inputKind, artifactType));
  }

  private hit(op: InstalledOperation, score: number, inputKind?: string, artifactType?: string): Json {
    const { decl } = op;
    const statuses = this.catalog.providerStatus(decl);
    return {
      capability_id: decl.id,
      kind: decl.kind,
      title: decl.title,
      summary: decl.summary,
      score: Math.round(score * 10000) / 10000,
      applicability: applicability(decl, inputKind, artifactType),
      provider: { available: statuses.every((s) => s.available), providers: statuses.map((s) => ({ id: s.id, available: s.available })) },
      input_kinds: decl.input_kinds,
      accepted_artifact_types: decl.accepted_artifact_types,
      produced_artifact_types: decl.produced_artifact_types,
    };
  }
}

/** Whether an operation's declared input kinds and artifact types fit the search filters. */
function fits(decl: OperationDeclaration, inputKind?: string, artifactType?: string): boolean {
  return (inputKind === undefined || decl.input_kinds.includes(inputKind)) && (artifactType === undefined || decl.accepted_artifact_types.includes(artifactType));
}

function applicability(decl: OperationDeclaration, inputKind?: string, artifactType?: string): Json {
  if (inputKind !== undefined && !decl.input_kinds.includes(inputKind)) {
    return { status: "INCOMPATIBLE", code: "INPUT_KIND_MISMATCH", detail: `accepts input kinds ${decl.input_kinds.join(", ")}; not ${inputKind}` };
  }
  if (artifactType !== undefined && !decl.accepted_artifact_types.includes(artifactType)) {
    return {
      status: "INCOMPATIBLE",
      code: "ARTIFACT_TYPE_MISMATCH",
      detail: decl.accepted_artifact_types.length ? `accepts artifact types ${decl.accepted_artifact_types.join(", ")}; not ${artifactType}` : `accepts no artifact types`,
    };
  }
  return { status: "NEEDS_MORE_TYPED_REQUIREMENTS" };
}

export function unknownCapability(id: string, path = "capability_id"): FailureDetail {
  return {
    code: "UNKNOWN_CAPABILITY",
    message: `no installed operation has the id ${JSON.stringify(id)}`,
    path,
    hint: "search the installed operations with math.find (op: search) or read capability://catalog",
  };
}

function opOf(args: unknown): "search" | "inspect" | "unknown" {
  const op = (args as { request?: { op?: unknown } } | null)?.request?.op;
  return op === "search" || op === "inspect" ? op : "unknown";
}
