import type { CheckerDeclaration, ComputeDeclaration, OperationDeclaration } from "../domain/declaration.js";
import { JacobianError } from "../domain/errors.js";
import type { Json } from "../domain/json.js";
import { toWire } from "../domain/kinds.js";
import type { CheckerFinding } from "../domain/outcome.js";
import { isKindedSchema, issuePath, validateSync, type SchemaResult, type TypedSchema } from "../domain/schema.js";

/** Validate a result in wire form (kinded results validate their wire side, without parsing). */
export function validateResultWire(schema: TypedSchema<unknown>, value: unknown): SchemaResult<unknown> {
  if (isKindedSchema(schema)) {
    const r = schema.validateWire(value);
    if (r instanceof Promise) throw new Error("asynchronous schema validation is not supported");
    return r;
  }
  return validateSync(schema, value);
}

/**
 * Stage 6 of the run pipeline: the result, in canonical wire form, must satisfy the declared result
 * type, and the request/result pair the postcondition (which sees parsed values). Returns the wire
 * value. One function wherever the operation ran: on the calling thread (application/run.ts) or in
 * the pool worker that computed it (adapters/execution/worker.ts).
 */
export function checkResult(decl: OperationDeclaration, request: unknown, result: unknown): Json {
  if (decl.kind === "compute") {
    const wire = toWire(result);
    const shape = validateResultWire(decl.result, wire);
    if (shape.issues) throw new JacobianError("POSTCONDITION_VIOLATED", `${decl.id} produced a result outside its declared type: ${issuePath("value", shape.issues[0]!.path)}: ${shape.issues[0]!.message}`);
    const why = (decl as ComputeDeclaration).postcondition(request, result);
    if (why) throw new JacobianError("POSTCONDITION_VIOLATED", `${decl.id}: ${why}`);
    return wire;
  }
  const finding = result as CheckerFinding;
  const bindings = toWire(finding.bindings) as Record<string, Json>;
  const shape = validateSync(decl.bindings, bindings);
  if (shape.issues) throw new JacobianError("POSTCONDITION_VIOLATED", `${decl.id} produced bindings outside their declared type: ${issuePath("bindings", shape.issues[0]!.path)}: ${shape.issues[0]!.message}`);
  const why = (decl as CheckerDeclaration).postcondition(request, finding);
  if (why) throw new JacobianError("POSTCONDITION_VIOLATED", `${decl.id}: ${why}`);
  return {
    verdict: finding.verdict,
    bindings,
    ...(finding.reason ? { reason: finding.reason } : {}),
    ...(finding.evidence !== undefined ? { evidence: toWire(finding.evidence) } : {}),
  };
}
