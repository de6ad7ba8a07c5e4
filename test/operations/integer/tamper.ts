/**
 * Postconditions on the declared examples, called directly on parsed values: each example's
 * expected value passes, and every single-field change of it is caught. Status and certainty are
 * left alone (a changed status is another branch of the result type; certainty states how the
 * primes were proven, which a postcondition cannot redo).
 */
import { expect } from "chai";
import type { ComputeDeclaration, OperationDeclaration } from "../../../domain/declaration.js";
import { parsedRequest, parsedResult } from "../../support/parse.js";

/** Another value of a result's literal fields ("unbounded" and "infinity" become finite). */
const OTHER: Record<string, unknown> = { "-1": "0", "0": "1", "1": "-1", unbounded: 7n, infinity: 5n };

function changed(v: unknown): unknown {
  if (typeof v === "bigint") return v + 1n;
  if (typeof v === "boolean") return !v;
  if (typeof v === "string") return v in OTHER ? OTHER[v] : v + "1";
  return undefined;
}

/** Every single-field change of a parsed result: scalar fields, the first entry of a list, the first exponent of a factorization. */
export function tamperings(value: Record<string, unknown>): { what: string; value: Record<string, unknown> }[] {
  const out: { what: string; value: Record<string, unknown> }[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === "status" || k === "certainty") continue;
    if (Array.isArray(v)) {
      if (!v.length) continue;
      const first = v[0];
      const next = first && typeof first === "object" ? { ...first, exponent: (first as { exponent: bigint }).exponent + 1n } : changed(first);
      out.push({ what: `${k}[0]`, value: { ...value, [k]: [next, ...v.slice(1)] } });
      continue;
    }
    const next = changed(v);
    if (next !== undefined) out.push({ what: k, value: { ...value, [k]: next } });
  }
  return out;
}

export function checkPostconditionsOnExamples(decls: OperationDeclaration[]): void {
  for (const decl of decls) {
    const d = decl as ComputeDeclaration;
    for (const ex of d.examples) {
      const req = parsedRequest(d, ex.payload);
      const res = parsedResult<Record<string, unknown>>(d, ex.expected);
      expect(d.postcondition(req, res), `${d.id}: ${ex.title}`).to.equal(null);
      for (const t of tamperings(res)) expect(d.postcondition(req, t.value), `${d.id}: ${ex.title}, ${t.what} changed`).to.be.a("string");
    }
  }
}
