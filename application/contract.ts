/**
 * The two tool argument types of the public contract (math.find, math.run). These are the
 * authoritative schemas: the MCP adapter publishes their JSON Schema and every face validates
 * with them, so unknown arguments fail closed in exactly one place.
 */
import { type } from "arktype";
import { issuePath, validateSync, type SchemaIssue, type TypedSchema } from "../domain/schema.js";
import { JacobianError } from "../domain/errors.js";

export const SEARCH_QUERY_MAX = 512;
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 5;

/** The longest capability id accepted; a longer one is never echoed back (a reply must not grow with a bad request). */
export const CAPABILITY_ID_MAX = 200;

const OperationId = type(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/).and(`string <= ${CAPABILITY_ID_MAX}`);
const Token = type(/^[a-z][a-z0-9_.:-]*$/).and("string <= 64");

export const SearchRequest = type({
  op: "'search'",
  query: type("string >= 1").and(`string <= ${SEARCH_QUERY_MAX}`),
  "limit?": `1 <= number.integer <= ${SEARCH_LIMIT_MAX}`,
  "input_kind?": Token,
  "artifact_type?": Token,
});

export const InspectRequest = type({ op: "'inspect'", capability_id: OperationId });

export const FindArguments = type({ request: SearchRequest.or(InspectRequest) }).onDeepUndeclaredKey("reject");
export type FindArguments = typeof FindArguments.infer;

const FindEnvelope = type({ request: { op: "'search' | 'inspect'", "[string]": "unknown" } }).onUndeclaredKey("reject");
const StrictSearch = type({ request: SearchRequest }).onDeepUndeclaredKey("reject");
const StrictInspect = type({ request: InspectRequest }).onDeepUndeclaredKey("reject");

/**
 * Parse math.find arguments, discriminating on `request.op` first so that every issue names the
 * exact field (a union validated as a whole can only blame `request`).
 */
export function parseFindArguments(args: unknown, hint: string): FindArguments {
  const op = (args as { request?: { op?: unknown } } | null)?.request?.op;
  if (op === "search") return parseStrict(StrictSearch, args, "", hint);
  if (op === "inspect") return parseStrict(StrictInspect, args, "", hint);
  return parseStrict(FindEnvelope, args, "", hint) as never;
}

export const ValueRef = type(/^value:\/\/[A-Za-z0-9_-]{32}$/);

export const RunArguments = type({
  capability_id: OperationId,
  payload: "Record<string, unknown>",
  "inputs?": type({ "[string]": { value_ref: ValueRef } }),
}).onDeepUndeclaredKey("reject");
export type RunArguments = typeof RunArguments.infer;

/**
 * The boundary shim: validate arguments against a strict type and turn the first issue into a
 * stable failure (UNKNOWN_ARGUMENT for undeclared keys, INVALID_PAYLOAD otherwise) with its path.
 */
export function parseStrict<T>(schema: TypedSchema<T>, value: unknown, prefix: string, hint: string): T {
  const r = validateSync(schema, value);
  if (!r.issues) return r.value;
  const first = r.issues[0]!;
  const path = issuePath(prefix, first.path);
  const unknownKey = r.issues.find(isUndeclaredKey);
  if (unknownKey) {
    const p = issuePath(prefix, unknownKey.path);
    return fail("UNKNOWN_ARGUMENT", `unknown field ${p}: this request accepts only its declared fields`, p, hint);
  }
  // Checked before any issue message is read: arktype prints the offending value into its
  // messages, which costs seconds at ~2,000 levels and overflows the stack at ~3,000.
  if (nestedDeeperThan(value, MAX_NESTING)) {
    return fail("INVALID_PAYLOAD", `${path || "(root)"}: the arguments are nested more than ${MAX_NESTING} levels deep`, path, "mathematical values are strings, lists and small objects; see the request schema");
  }
  const messages = r.issues.slice(0, 3).map((i) => `${issuePath(prefix, i.path) || "(root)"}: ${truncate(i.message)}`);
  const more = r.issues.length > 3 ? ` (and ${r.issues.length - 3} more)` : "";
  return fail("INVALID_PAYLOAD", messages.join("; ") + more, path, hint);
}

/** arktype's issue for an undeclared key; unlike `message`, reading `code` and `expected` never prints the data. */
function isUndeclaredKey(issue: SchemaIssue): boolean {
  const i = issue as { code?: unknown; expected?: unknown };
  return i.code === "predicate" && i.expected === "removed";
}

/** Deeper than any declared request or argument type (the deepest nest well under ten levels). */
export const MAX_NESTING = 64;

/** Whether arrays/objects nest more than `limit` levels (iterative: the value may be arbitrarily deep). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

function fail(code: "UNKNOWN_ARGUMENT" | "INVALID_PAYLOAD", message: string, path: string, hint: string): never {
  throw new JacobianError(code, message, { ...(path ? { path } : {}), hint });
}

/** Messages can quote the offending value; never echo more than a short prefix of it. */
function truncate(message: string): string {
  return message.length > 240 ? message.slice(0, 200) + "…(truncated)" : message;
}
