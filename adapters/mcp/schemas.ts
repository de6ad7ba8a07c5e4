/**
 * The JSON Schemas the MCP server publishes for its two tools.
 *
 * Input schemas are the authoritative strict types of application/contract.ts, projected to JSON
 * Schema 2020-12 (additionalProperties: false at every depth). They are wrapped with a validator
 * that accepts everything: the SDK advertises the strict schema, and the application's boundary
 * shim (runtime.find / runtime.run) does the one and only validation, answering with a stable
 * code + JSON path + hint instead of the SDK's generic "Input validation error" text.
 *
 * Output schemas describe the result objects (structuredContent). They are deliberately open at
 * the root (no additionalProperties: false) so the envelope can grow without breaking clients
 * that validate structuredContent.
 */
import { readFileSync } from "node:fs";
import { fromJsonSchema, type JsonSchemaType, type JsonSchemaValidator, type jsonSchemaValidator } from "@modelcontextprotocol/server";

/** Accepts every value unchanged: validation belongs to the application's boundary shim. */
export const passThroughValidator: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input: unknown) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

const publish = (schema: object) => fromJsonSchema(schema as JsonSchemaType, passThroughValidator);

/** Built once per process and shared by every server instance (they are stateless wrappers). */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * The tool argument schemas, projected from application/contract.ts's arktype types by the build
 * (`adapters/catalog/manifest.ts` writes them next to this module): a server answers tools/list
 * without loading the validation library. A test holds the file equal to a fresh projection.
 */
export const TOOL_SCHEMAS_FILE = new URL("./tool-schemas.json", import.meta.url);
const toolSchemas = once(() => JSON.parse(readFileSync(TOOL_SCHEMAS_FILE, "utf8")) as { find: object; run: object });
export const findInputSchema = once(() => publish(toolSchemas().find));
export const runInputSchema = once(() => publish(toolSchemas().run));

const failureDetail = {
  type: "object",
  properties: {
    code: { type: "string", description: "Stable failure code, e.g. UNKNOWN_ARGUMENT, INVALID_PAYLOAD, UNKNOWN_CAPABILITY" },
    message: { type: "string" },
    path: { type: "string", description: "JSON path of the offending argument, e.g. payload.left" },
    hint: { type: "string", description: "How to fix the request" },
  },
  required: ["code", "message"],
} as const;

const ARTIFACT_URI = "^artifact://sha256/[0-9a-f]{64}$";

export const findOutputJsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    op: { enum: ["search", "inspect", "unknown"], description: "The request kind that was answered" },
    hits: {
      type: "array",
      description: "search: installed operations in relevance order, compact: capability_id, title, summary (first sentence), score, applicability, provider, input_kinds, artifact types when declared",
      items: { type: "object", properties: { capability_id: { type: "string" } }, required: ["capability_id"] },
    },
    capability: { type: "object", description: "inspect: the authoritative request/result schemas, effect, providers, preflight, ports and examples" },
    error: failureDetail,
  },
  required: ["op"],
} as const;

export const runOutputJsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    capability_id: { type: "string" },
    outcome: { enum: ["completed", "non_conclusion", "failed"] },
    value: { description: "completed: the exact result, typed by the operation's result schema (a checker returns { verdict, bindings, reason? })" },
    value_artifact: { type: "string", pattern: ARTIFACT_URI, description: "completed: the result was too large to inline and is this artifact" },
    reason: {
      type: "object",
      description: "non_conclusion: why no mathematical conclusion was reached",
      properties: { code: { enum: ["TIMEOUT", "CANCELLED", "RESOURCE_REFUSED", "PROVIDER_UNAVAILABLE", "PROVIDER_FAILURE", "CHECKER_INTERRUPTED"] }, message: { type: "string" } },
      required: ["code", "message"],
    },
    error: failureDetail,
    refs: { type: "object", additionalProperties: { type: "string", pattern: "^value://" }, description: "Output port → request-local value:// reference" },
    artifacts: { type: "array", items: { type: "string", pattern: ARTIFACT_URI } },
    execution: {
      type: "object",
      properties: { runtime_ms: { type: "number" }, provider: { type: "string" } },
      required: ["runtime_ms", "provider"],
    },
  },
  required: ["capability_id", "outcome", "execution"],
} as const;

export const findOutputSchema = once(() => fromJsonSchema(findOutputJsonSchema as unknown as JsonSchemaType));
export const runOutputSchema = once(() => fromJsonSchema(runOutputJsonSchema as unknown as JsonSchemaType));
