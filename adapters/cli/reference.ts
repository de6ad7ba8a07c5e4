/** Renders docs/operations.md from the live catalog (a test fails when the committed file is stale). */
import type { Json } from "../../domain/json.js";
import type { JacobianRuntime } from "../../application/service.js";

type Entry = Record<string, any>;

export function renderOperationsReference(rt: JacobianRuntime): string {
  const catalog = rt.catalog() as { packs: Entry[]; operations: Entry[] };
  const out: string[] = [];
  out.push("# Operations reference", "");
  out.push("Generated from the catalog by `npm run docs` (`jacobian docs`); do not edit by hand.", "");
  out.push("| pack | version | operations | description |", "|---|---|---|---|");
  for (const p of catalog.packs) out.push(`| ${p.name} | ${p.version} | ${p.operations} | ${p.description} |`);
  out.push("");
  for (const entry of catalog.operations) {
    const found = rt.inspect(entry.id) as { capability: Entry };
    const c = found.capability;
    out.push(`## \`${c.id}\``, "");
    const e = c.effect as Entry;
    out.push(`**${c.title}** — ${c.kind}, effect \`${e.class}\` (writes ${list(e.writes)}; ${e.idempotent ? "idempotent" : "not idempotent"}), version ${c.version}, pack \`${c.pack}\`.`, "");
    out.push(c.summary, "");
    if (c.method) out.push(`Method: ${c.method}`, "");
    out.push(`- Input kinds: ${list(c.input_kinds)}; output kinds: ${list(c.output_kinds)}; accepted artifact types: ${list(c.accepted_artifact_types)}; produced artifact types: ${list(c.produced_artifact_types)}`);
    out.push(`- Providers: ${(c.providers as Entry[]).map((p) => `\`${p.id}\` (${p.purpose})`).join(", ")}`);
    const ports = c.ports as { inputs: Record<string, Entry>; outputs: Record<string, Entry> };
    const portList = (side: Record<string, Entry>) => Object.entries(side).map(([n, p]) => `\`${n}\` → \`${p.field}\` (${p.kind})`).join(", ") || "none";
    out.push(`- Input ports: ${portList(ports.inputs)}; output ports: ${portList(ports.outputs)}`);
    out.push(`- Bounds: ${(c.preflight.bounds as Entry[]).map((b) => `${b.name} ≤ ${b.limit} ${b.unit}`).join("; ")}`);
    out.push(`- Cost model: ${c.preflight.cost_model}`);
    const b = c.preflight.budget;
    out.push(`- Default budget: ${b.max_units} units, ${b.max_memory_bytes} bytes, ${b.timeout_ms} ms`);
    if (c.preflight.progress_measure) {
      out.push(`- Progress: ${c.preflight.progress_measure}; a run whose worker is lost ${c.preflight.recovery === "checkpoint" ? "resumes from its last checkpoint" : "restarts from the beginning"}`);
    }
    out.push("", "Request schema:", "", "```json", JSON.stringify(c.request_schema, null, 2), "```", "");
    out.push("Examples:", "");
    for (const ex of c.examples as Entry[]) {
      out.push(`- ${ex.title}: \`${short(ex.payload)}\` → \`${short(ex.expected)}\``);
    }
    out.push("");
  }
  return out.join("\n");
}

function list(xs: string[]): string {
  return xs.length ? xs.map((x) => `\`${x}\``).join(", ") : "none";
}

function short(v: Json): string {
  const s = JSON.stringify(v);
  return s.length > 300 ? s.slice(0, 297) + "..." : s;
}
