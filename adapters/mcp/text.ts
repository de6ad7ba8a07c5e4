/**
 * The text content of math.find results. Real clients (SDK v1 and v2) read structuredContent; the
 * text is for models and clients that see only text, and it costs their context: a search is one
 * line per hit, an inspect the few facts needed to write a first payload. Failures and math.run
 * outcomes are small and stay the same JSON as structuredContent.
 */
import type { FindResult } from "../../application/find.js";
import type { Json } from "../../domain/json.js";

type Obj = { [key: string]: Json };

/** The text content of a math.find result. */
export function findText(r: FindResult): string {
  if ("error" in r) return JSON.stringify(r);
  if (r.op === "search") return searchText(r.hits as Obj[]);
  return inspectText((r as { capability: Obj }).capability);
}

function searchText(hits: Obj[]): string {
  const lines = hits.map((h, i) => {
    const a = h.applicability as Obj;
    const flags = [a.status === "INCOMPATIBLE" ? `INCOMPATIBLE ${String(a.code)}` : "", (h.provider as Obj).available ? "" : "provider unavailable"].filter(Boolean);
    return `${i + 1}. ${String(h.capability_id)} — ${String(h.title)}${flags.length ? ` [${flags.join("; ")}]` : ""}`;
  });
  const head = hits.length ? `${hits.length} hit${hits.length === 1 ? "" : "s"}, best first (the order is relevance, not a recommendation):` : "no installed operation matches these words";
  return [head, ...lines, 'schemas and examples of one: math.find {"request": {"op": "inspect", "capability_id": "<id>"}}'].join("\n");
}

function inspectText(c: Obj): string {
  const schema = c.request_schema as { properties?: Record<string, Obj>; required?: string[] };
  const required = new Set(schema.required ?? []);
  const fields = Object.keys(schema.properties ?? {}).map((k) => (required.has(k) ? k : `${k}?`));
  const examples = (c.examples as Obj[] | undefined) ?? [];
  const ex = examples[0];
  const ports = c.ports as { inputs?: Record<string, Obj>; outputs?: Record<string, Obj> } | undefined;
  const bounds = ((c.preflight as Obj | undefined)?.bounds as Obj[] | undefined) ?? [];
  const lines = [
    `${String(c.id)} — ${String(c.title)}`,
    `payload fields: ${fields.join(", ") || "(none)"}; unknown fields are refused; mathematical values are strings`,
    ...(ex ? [`example (${String(ex.title)}): math.run {"capability_id": ${JSON.stringify(c.id)}, "payload": ${JSON.stringify(ex.payload)}} → ${JSON.stringify(ex.expected)}`] : []),
    ...(bounds.length ? [`bounds: ${bounds.map((b) => `${String(b.name)} ≤ ${String(b.limit)}`).join(", ")}`] : []),
    ...(ports && Object.keys(ports.inputs ?? {}).length ? [`input ports: ${Object.keys(ports.inputs!).join(", ")}`] : []),
    ...(ports && Object.keys(ports.outputs ?? {}).length ? [`output ports: ${Object.keys(ports.outputs!).join(", ")}`] : []),
    `structuredContent holds the full summary, request and result schemas, cost model, budget and all ${examples.length} examples`,
  ];
  return lines.join("\n");
}
