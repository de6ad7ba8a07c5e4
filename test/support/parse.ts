/**
 * Tests call declarations' preflight and postcondition directly: these turn wire payloads and
 * results into the parsed values the pipeline hands them (parse once, as `math.run` does).
 */
import type { OperationDeclaration } from "../../domain/declaration.js";
import { validateSync } from "../../domain/schema.js";

export function parsedRequest<T = any>(decl: OperationDeclaration, payload: unknown): T {
  const r = validateSync(decl.request, payload);
  if (r.issues) throw new Error(`${decl.id}: payload does not parse: ${r.issues[0]!.message}`);
  return r.value as T;
}

/** A wire result parsed with the result schema's kinds (bigints, rationals, rings, matrices). */
export function parsedResult<T = any>(decl: OperationDeclaration, wire: unknown): T {
  if (decl.kind !== "compute") throw new Error(`${decl.id} is a checker`);
  const t = (decl.result as unknown as { arktype?: (v: unknown) => unknown }).arktype;
  if (!t) return wire as T;
  const v = t(wire);
  if (v && typeof v === "object" && (v as { summary?: unknown }).summary !== undefined && Array.isArray(v)) throw new Error(`${decl.id}: result does not parse`);
  return v as T;
}
