/**
 * The properties every tool call must satisfy, whatever its arguments (CONTRACT.md):
 *  - the reply is a JSON-RPC result, never a protocol error, and a tool result with
 *    structuredContent whose text content carries the same JSON;
 *  - math.run: the outcome is completed / non_conclusion / failed with exactly the envelope's
 *    shape, a completed value matches the operation's inspected result schema, a failed outcome
 *    carries a stable code of the contract and never INTERNAL (nor POSTCONDITION_VIOLATED, which
 *    means an operation produced a result its own postcondition rejects);
 *  - math.find: a search, an inspect or a failed answer of the same stable shape;
 *  - the reply arrives within its budget (the operation's inspected timeout_ms plus a margin).
 * Liveness of the server process is checked by the runner.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import type { CallResult } from "./session.js";
import type { FuzzModel, Json, OpModel } from "./model.js";

export const FAILURE_CODES = ["UNKNOWN_CAPABILITY", "UNKNOWN_ARGUMENT", "INVALID_PAYLOAD", "INVALID_INPUT_REF", "DOMAIN_ERROR", "POSTCONDITION_VIOLATED", "INTERNAL"] as const;
export const NON_CONCLUSION_CODES = ["TIMEOUT", "CANCELLED", "RESOURCE_REFUSED", "PROVIDER_UNAVAILABLE", "PROVIDER_FAILURE", "CHECKER_INTERRUPTED"] as const;
/** Codes that are never an acceptable answer: they mean a defect in the server, not in the request. */
export const DEFECT_CODES = new Set(["INTERNAL", "POSTCONDITION_VIOLATED"]);

const RUN_KEYS = new Set(["capability_id", "outcome", "value", "value_artifact", "reason", "error", "refs", "artifacts", "execution"]);
const FIND_KEYS = new Set(["op", "hits", "capability", "error"]);
const ERROR_KEYS = new Set(["code", "message", "path", "hint"]);
const VALUE_REF = /^value:\/\/[A-Za-z0-9_-]{32}$/;
const ARTIFACT = /^artifact:\/\/sha256\/[0-9a-f]{64}$/;
/** The longest capability id the contract accepts; a longer one must not be echoed back in full. */
const ID_MAX = 200;

export interface Verdict {
  /** "run:completed", "run:failed:INVALID_PAYLOAD", "find:search", "find:failed:UNKNOWN_CAPABILITY", "protocol_error", … */
  outcome: string;
  violations: string[];
}

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export class Properties {
  private readonly validator = new AjvJsonSchemaValidator();
  private readonly resultValidators = new Map<string, (v: unknown) => { valid: boolean; errorMessage?: string | undefined }>();
  private readonly ops: Map<string, OpModel>;

  constructor(readonly model: FuzzModel, readonly marginMs: number) {
    this.ops = new Map(model.ops.map((o) => [o.id, o]));
  }

  /** The reply budget of a call: its operation's timeout_ms (none for find or an unknown id) plus the margin. */
  budgetMs(tool: string, args: unknown): number {
    const id = isObj(args) ? args.capability_id : undefined;
    const op = tool === "math.run" && typeof id === "string" ? this.ops.get(id) : undefined;
    return (op?.timeoutMs ?? 0) + this.marginMs;
  }

  check(tool: string, args: unknown, r: CallResult, budgetMs: number): Verdict {
    const violations: string[] = [];
    if (r.ms > budgetMs) violations.push(`reply after ${Math.round(r.ms)} ms, over its budget of ${budgetMs} ms`);
    if (!r.ok) {
      violations.push(`no tool result: ${r.error}${r.errorCode !== undefined ? ` (JSON-RPC/SDK code ${r.errorCode})` : ""}`);
      return { outcome: r.errorCode === -32001 ? "no_reply" : "protocol_error", violations };
    }
    const sc = this.toolResult(r.result, violations);
    if (!sc) return { outcome: tool === "math.run" ? "run:invalid" : "find:invalid", violations };
    const outcome = tool === "math.run" ? this.checkRun(args, sc, r.result.isError === true, r.result.content, violations) : this.checkFind(args, sc, r.result.isError === true, violations);
    return { outcome, violations };
  }

  /** structuredContent present, an object, and the first text content the same JSON (or math.find's compact rendering). */
  private toolResult(result: Obj, violations: string[]): Obj | undefined {
    const sc = result.structuredContent;
    if (!isObj(sc)) {
      violations.push(`tool result without an object structuredContent: ${JSON.stringify(result).slice(0, 300)}`);
      return undefined;
    }
    const content = result.content;
    const text = Array.isArray(content) ? (content.find((c) => isObj(c) && c.type === "text") as Obj | undefined)?.text : undefined;
    if (typeof text !== "string") violations.push("tool result has no text content");
    else if (result.isError !== true && (sc.op === "search" || sc.op === "inspect")) {
      // A successful math.find has a compact text rendering naming every hit (or the inspected id).
      const ids = sc.op === "search" ? (Array.isArray(sc.hits) ? sc.hits : []).map((h) => (isObj(h) ? h.capability_id : undefined)) : [isObj(sc.capability) ? sc.capability.id : undefined];
      for (const id of ids) if (typeof id !== "string" || !text.includes(`${id} — `)) violations.push(`the text content does not name ${JSON.stringify(id)}`);
    } else {
      try {
        if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(sc)) violations.push("text content and structuredContent differ");
      } catch {
        violations.push("text content is not JSON");
      }
    }
    if (result.isError !== undefined && typeof result.isError !== "boolean") violations.push("isError is not a boolean");
    return sc;
  }

  private checkRun(args: unknown, sc: Obj, isError: boolean, content: unknown, v: string[]): string {
    for (const k of Object.keys(sc)) if (!RUN_KEYS.has(k)) v.push(`envelope has an undeclared key ${JSON.stringify(k)}`);
    if (typeof sc.capability_id !== "string") v.push("capability_id is not a string");
    else {
      const sent = isObj(args) ? args.capability_id : undefined;
      // An over-long id is echoed as its first ID_MAX characters plus a "…(truncated, N characters)" marker.
      const truncated = typeof sent === "string" && sc.capability_id === `${sent.slice(0, ID_MAX)}…(truncated, ${sent.length} characters)`;
      if (sc.capability_id.length > ID_MAX && !truncated) v.push(`capability_id echoed with ${sc.capability_id.length} characters (the contract's ids have at most ${ID_MAX}, longer ones as a bounded prefix with a marker): a reply must not grow with a malformed request`);
      else if (typeof sent === "string" && sent.length <= ID_MAX && sc.capability_id !== sent && sc.capability_id !== "") v.push(`capability_id ${JSON.stringify(sc.capability_id)} differs from the request's ${JSON.stringify(sent)}`);
    }
    const exec = sc.execution;
    if (!isObj(exec) || typeof exec.runtime_ms !== "number" || !(exec.runtime_ms >= 0) || typeof exec.provider !== "string") v.push(`execution is not { runtime_ms ≥ 0, provider }: ${JSON.stringify(exec)}`);
    const outcome = sc.outcome;
    if (isError !== (outcome === "failed")) v.push(`isError is ${isError} for outcome ${String(outcome)}`);
    switch (outcome) {
      case "completed": {
        for (const k of ["reason", "error"]) if (k in sc) v.push(`completed outcome carries ${k}`);
        const hasValue = "value" in sc, hasArtifact = "value_artifact" in sc;
        if (hasValue === hasArtifact) v.push(`completed outcome must carry exactly one of value and value_artifact (value: ${hasValue}, value_artifact: ${hasArtifact})`);
        if (hasArtifact && (typeof sc.value_artifact !== "string" || !ARTIFACT.test(sc.value_artifact))) v.push(`value_artifact is not an artifact URI: ${JSON.stringify(sc.value_artifact)}`);
        if (hasArtifact && !(Array.isArray(sc.artifacts) && sc.artifacts.includes(sc.value_artifact))) v.push("value_artifact is not listed in artifacts");
        const op = typeof sc.capability_id === "string" ? this.ops.get(sc.capability_id) : undefined;
        if (!op) v.push(`completed outcome for an id that is not installed: ${JSON.stringify(sc.capability_id)}`);
        else {
          if (hasValue) this.checkValue(op, sc.value, v);
          if ("refs" in sc) {
            if (!isObj(sc.refs)) v.push("refs is not an object");
            else
              for (const [port, ref] of Object.entries(sc.refs)) {
                if (!(port in op.outputPorts)) v.push(`refs names ${JSON.stringify(port)}, not an output port of ${op.id}`);
                if (typeof ref !== "string" || !VALUE_REF.test(ref)) v.push(`refs.${port} is not a value:// reference: ${JSON.stringify(ref)}`);
              }
          }
        }
        if ("artifacts" in sc) {
          if (!Array.isArray(sc.artifacts) || !sc.artifacts.length || sc.artifacts.some((a) => typeof a !== "string" || !ARTIFACT.test(a))) v.push(`artifacts is not a non-empty list of artifact URIs: ${JSON.stringify(sc.artifacts).slice(0, 200)}`);
          else {
            const links = new Set(Array.isArray(content) ? content.filter((c) => isObj(c) && c.type === "resource_link").map((c) => (c as Obj).uri) : []);
            for (const a of sc.artifacts) if (!links.has(a)) v.push(`artifact ${a} has no resource_link content`);
          }
        }
        return "run:completed";
      }
      case "non_conclusion": {
        for (const k of ["value", "value_artifact", "error", "refs", "artifacts"]) if (k in sc) v.push(`non_conclusion outcome carries ${k}`);
        const reason = sc.reason;
        if (!isObj(reason) || typeof reason.message !== "string" || !(NON_CONCLUSION_CODES as readonly unknown[]).includes(reason.code)) {
          v.push(`non_conclusion reason is not { code of the contract, message }: ${JSON.stringify(reason)?.slice(0, 300)}`);
          return "run:non_conclusion:?";
        }
        for (const k of Object.keys(reason)) if (k !== "code" && k !== "message") v.push(`reason has an undeclared key ${JSON.stringify(k)}`);
        return `run:non_conclusion:${reason.code}`;
      }
      case "failed": {
        for (const k of ["value", "value_artifact", "reason", "refs", "artifacts"]) if (k in sc) v.push(`failed outcome carries ${k}`);
        return "run:" + this.checkError(sc.error, v);
      }
      default:
        v.push(`outcome is not completed, non_conclusion or failed: ${JSON.stringify(outcome)}`);
        return "run:invalid";
    }
  }

  private checkError(error: unknown, v: string[]): string {
    if (!isObj(error) || typeof error.message !== "string" || !error.message || !(FAILURE_CODES as readonly unknown[]).includes(error.code)) {
      v.push(`error is not { code of the contract, message }: ${JSON.stringify(error)?.slice(0, 300)}`);
      return "failed:?";
    }
    for (const k of Object.keys(error)) if (!ERROR_KEYS.has(k)) v.push(`error has an undeclared key ${JSON.stringify(k)}`);
    if ("path" in error && typeof error.path !== "string") v.push("error.path is not a string");
    if ("hint" in error && typeof error.hint !== "string") v.push("error.hint is not a string");
    if (DEFECT_CODES.has(error.code as string)) v.push(`failed with ${String(error.code)}: ${error.message}`);
    return `failed:${String(error.code)}`;
  }

  private checkValue(op: OpModel, value: unknown, v: string[]): void {
    let validate = this.resultValidators.get(op.id);
    if (!validate) {
      validate = this.validator.getValidator(op.resultSchema as never) as (x: unknown) => { valid: boolean; errorMessage?: string };
      this.resultValidators.set(op.id, validate);
    }
    const r = validate(value);
    if (!r.valid) v.push(`completed value does not match ${op.id}'s inspected result schema: ${String(r.errorMessage).slice(0, 300)}`);
  }

  private checkFind(args: unknown, sc: Obj, isError: boolean, v: string[]): string {
    for (const k of Object.keys(sc)) if (!FIND_KEYS.has(k)) v.push(`find result has an undeclared key ${JSON.stringify(k)}`);
    const op = sc.op;
    if (op !== "search" && op !== "inspect" && op !== "unknown") v.push(`find result op is ${JSON.stringify(op)}`);
    const request = isObj(args) && isObj(args.request) ? args.request : undefined;
    if (isError !== ("error" in sc)) v.push(`isError is ${isError} but error is ${"error" in sc ? "present" : "absent"}`);
    if ("error" in sc) {
      for (const k of ["hits", "capability"]) if (k in sc) v.push(`failed find result carries ${k}`);
      return "find:" + this.checkError(sc.error, v);
    }
    if (op === "search") {
      const limit = typeof request?.limit === "number" ? request.limit : 5;
      if (!Array.isArray(sc.hits)) v.push("search result has no hits list");
      else {
        if (sc.hits.length > limit) v.push(`search returned ${sc.hits.length} hits for limit ${limit}`);
        for (const h of sc.hits) if (!isObj(h) || typeof h.capability_id !== "string" || !this.ops.has(h.capability_id)) v.push(`search hit is not an installed operation: ${JSON.stringify(h)?.slice(0, 200)}`);
      }
      return "find:search";
    }
    if (op === "inspect") {
      const cap = sc.capability;
      if (!isObj(cap) || cap.id !== request?.capability_id || !isObj(cap.request_schema) || !isObj(cap.result_schema)) v.push(`inspect result is not the requested capability with its schemas: ${JSON.stringify(cap)?.slice(0, 200)}`);
      return "find:inspect";
    }
    v.push("find result is neither a search, an inspect nor a failure");
    return "find:invalid";
  }
}

export type { Json };
