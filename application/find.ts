import type { Json } from "../domain/json.js";
import type { OperationMetadata } from "../domain/metadata.js";
import type { SearchIndex } from "../domain/ports.js";
import { JacobianError, type FailureDetail } from "../domain/errors.js";
import type { Catalog, InstalledOperation } from "./catalog.js";
import { echoId, editDistance, type FindArguments, parseFindArguments, SEARCH_LIMIT_DEFAULT } from "./contract.js";

export type FindResult =
  | { op: "search"; hits: Json[] }
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
      if (!(e instanceof JacobianError)) throw e;
      return { op: opOf(args), error: e.toDetail() };
    }
    const req = parsed.request;
    if (req.op === "inspect") {
      const op = this.catalog.get(req.capability_id);
      return op ? { op: "inspect", capability: this.catalog.inspect(op) } : { op: "inspect", error: unknownCapability(req.capability_id, "request.capability_id", installedIds(this.catalog)) };
    }
    try {
      return { op: "search", hits: this.search(req.query, req.limit ?? SEARCH_LIMIT_DEFAULT, req.input_kind, req.artifact_type) };
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
      return op !== undefined && fits(op.meta, inputKind, artifactType);
    };
    const filtered = inputKind !== undefined || artifactType !== undefined;
    const hits = this.index.search(query, limit, { accept: filtered ? compatible : installed });
    if (filtered && hits.length < limit) hits.push(...this.index.search(query, limit - hits.length, { accept: (id) => installed(id) && !compatible(id) }));
    return withinBytes(hits.map((h) => this.hit(this.catalog.get(h.id)!, h.score, inputKind, artifactType)), HIT_BYTES * limit);
  }

  /**
   * A hit carries what choosing needs and no more (search results are read by agents whose context
   * is the budget): id, title, the summary's first sentence, score, applicability, provider
   * availability and the declared input kinds and artifact types (the latter only when declared).
   * The whole summary, schemas and examples are inspect's.
   */
  private hit(op: InstalledOperation, score: number, inputKind?: string, artifactType?: string): Json {
    const decl = op.meta;
    const statuses = this.catalog.providerStatus(decl);
    const missing = statuses.filter((s) => !s.available).map((s) => s.id);
    return {
      capability_id: decl.id,
      title: decl.title,
      summary: firstSentence(decl.summary),
      score: Math.round(score * 100) / 100,
      applicability: applicability(decl, inputKind, artifactType),
      provider: { available: missing.length === 0, ...(missing.length ? { unavailable: missing } : {}) },
      input_kinds: decl.input_kinds,
      ...(decl.accepted_artifact_types.length ? { accepted_artifact_types: decl.accepted_artifact_types } : {}),
      ...(decl.produced_artifact_types.length ? { produced_artifact_types: decl.produced_artifact_types } : {}),
    };
  }
}

/**
 * What a search answer may cost an agent's context: at most this many UTF-8 bytes per requested
 * hit (5 hits ≤ 2 KB, 20 hits ≤ 8 KB with the envelope). Summaries give way first (longest first,
 * at a word), never below HIT_SUMMARY_MIN characters; everything else in a hit is required.
 */
export const HIT_BYTES = 400;
const HIT_SUMMARY_MIN = 48;

const encoder = new TextEncoder();
const utf8 = (v: unknown): number => encoder.encode(JSON.stringify(v)).length;

/** Shortens the longest summaries until the hits fit `budget` bytes (or every summary is at its floor). */
function withinBytes(hits: Json[], budget: number): Json[] {
  let excess = utf8(hits) - budget;
  const rows = hits as { summary: string }[];
  while (excess > 0) {
    let longest = -1;
    for (let i = 0; i < rows.length; i++) if (rows[i]!.summary.length > HIT_SUMMARY_MIN && (longest < 0 || rows[i]!.summary.length > rows[longest]!.summary.length)) longest = i;
    if (longest < 0) break;
    const s = rows[longest]!.summary;
    const before = utf8(s);
    rows[longest]!.summary = shortenAtWord(s, Math.max(HIT_SUMMARY_MIN, s.length - Math.max(8, Math.ceil(excess / 2))));
    excess -= before - utf8(rows[longest]!.summary);
  }
  return hits;
}

/** A word-boundary cut to at most `max` characters, marked with "…". */
function shortenAtWord(s: string, max: number): string {
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:(—–…-]+$/, "") + "…";
}

/** Longest summary sentence a search hit carries (characters). */
export const HIT_SUMMARY_MAX = 160;
/** A first sentence longer than this is shortened to its main clause when it has one. */
const HIT_LONG_SENTENCE = 120;

const sentenceCache = new Map<string, string>();

/**
 * The first sentence of a summary, at most HIT_SUMMARY_MAX characters: a long sentence is cut
 * after its main clause (or, above the maximum, at a word) and marked with "…". A sentence ends at ". " followed by a capital letter or at the end: "e.g."
 * and "gcd(0, 0) = 0. Subquadratic" are told apart by what follows the full stop.
 */
export function firstSentence(summary: string): string {
  let s = sentenceCache.get(summary);
  if (s !== undefined) return s;
  const text = summary.trim().replace(/\s+/g, " ");
  const end = /[.!?](?=\s+[A-Z(\u0391-\u03a9|])/.exec(text);
  s = end && !/\b(e\.g|i\.e|cf|vs|resp)\.$/.test(text.slice(0, end.index + 1)) ? text.slice(0, end.index + 1) : text;
  if (s.length > HIT_LONG_SENTENCE) {
    // A long sentence keeps its main clause (up to the first "; ", " — " or ": " after 40
    // characters) rather than a word-cut tail of its qualifications.
    const cut = s.slice(0, HIT_SUMMARY_MAX - 1);
    const clause = /(; | — |: )/g;
    let at = -1;
    for (let m = clause.exec(cut); m; m = clause.exec(cut)) if (m.index >= 40) { at = m.index; break; }
    const space = cut.lastIndexOf(" ");
    if (at >= 0) s = cut.slice(0, at).replace(/[\s,;:(—–-]+$/, "") + "…";
    else if (s.length > HIT_SUMMARY_MAX) s = (space > HIT_SUMMARY_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:(—–-]+$/, "") + "…";
  }
  if (sentenceCache.size < 100_000) sentenceCache.set(summary, s);
  return s;
}

/** Whether an operation's declared input kinds and artifact types fit the search filters. */
function fits(decl: OperationMetadata, inputKind?: string, artifactType?: string): boolean {
  return (inputKind === undefined || decl.input_kinds.includes(inputKind)) && (artifactType === undefined || decl.accepted_artifact_types.includes(artifactType));
}

function applicability(decl: OperationMetadata, inputKind?: string, artifactType?: string): Json {
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

/**
 * UNKNOWN_CAPABILITY, naming up to three installed ids close to the one asked for. The echo of
 * the asked id is bounded (echoId).
 */
export function unknownCapability(id: string, path = "capability_id", installed: readonly string[] = []): FailureDetail {
  const near = nearestIds(id, installed);
  const shown = JSON.stringify(echoId(id));
  return {
    code: "UNKNOWN_CAPABILITY",
    message: `no installed operation has the id ${shown}` + (near.length ? `; nearest installed ids: ${near.join(", ")}` : ""),
    path,
    hint: (near.length ? `did you mean ${near[0]}? Otherwise search` : "search") + " the installed operations with math.find (op: search) or read capability://catalog",
  };
}

const installedIdCache = new WeakMap<Catalog, readonly string[]>();

/** The installed ids of a catalog (listed once per catalog). */
export function installedIds(catalog: Catalog): readonly string[] {
  let ids = installedIdCache.get(catalog);
  if (!ids) installedIdCache.set(catalog, (ids = catalog.all().map((op) => op.meta.id)));
  return ids;
}

/**
 * Installed ids nearest to `id`, compared word by word (words split at "." and "_", in any
 * order): a word matches exactly, as a prefix of at least three letters, or within a small edit
 * distance; id words the query does not name cost half a word. Scores are normalised by the
 * longer word count and kept at or below 0.4, best first, at most three.
 */
export function nearestIds(id: string, installed: readonly string[], limit = 3): string[] {
  if (id.length > 200 || !installed.length) return [];
  const query = id.toLowerCase().split(/[._]+/).filter(Boolean).slice(0, 16);
  if (!query.length) return [];
  // Distances are computed once per distinct installed word, not once per id.
  const wordCost = new Map<string, number[]>();
  const costs = (w: string): number[] => {
    let c = wordCost.get(w);
    if (!c) wordCost.set(w, (c = query.map((q) => wordDistance(q, w))));
    return c;
  };
  const scored: { id: string; score: number }[] = [];
  for (const candidate of installed) {
    const table = idWords(candidate).map(costs);
    let total = 0;
    const used = new Set<number>();
    for (let qi = 0; qi < query.length; qi++) {
      let best = 1, at = -1;
      for (let wi = 0; wi < table.length; wi++) if (table[wi]![qi]! < best) (best = table[wi]![qi]!), (at = wi);
      total += best;
      if (at >= 0) used.add(at);
    }
    total += 0.5 * (table.length - used.size);
    const score = total / Math.max(query.length, table.length);
    if (score <= 0.4) scored.push({ id: candidate, score });
  }
  scored.sort((a, b) => a.score - b.score || (a.id < b.id ? -1 : 1));
  return scored.slice(0, limit).map((s) => s.id);
}

const wordsOfId = new Map<string, string[]>();

/** An installed id's words (memoised: installed ids are few and fixed, queries are many). */
function idWords(id: string): string[] {
  let words = wordsOfId.get(id);
  if (!words) {
    words = id.toLowerCase().split(/[._]+/).filter(Boolean);
    if (wordsOfId.size < 100_000) wordsOfId.set(id, words);
  }
  return words;
}

function wordDistance(q: string, w: string): number {
  if (q === w) return 0;
  if (Math.min(q.length, w.length) >= 3 && (q.startsWith(w) || w.startsWith(q))) return 0.3;
  const limit = Math.max(1, Math.floor(Math.max(q.length, w.length) / 3));
  const d = editDistance(q, w, limit);
  return d > limit ? 1 : d / Math.max(q.length, w.length);
}

function opOf(args: unknown): "search" | "inspect" | "unknown" {
  const op = (args as { request?: { op?: unknown } } | null)?.request?.op;
  return op === "search" || op === "inspect" ? op : "unknown";
}
