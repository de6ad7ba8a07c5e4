/**
 * What the fuzzer knows about the server, learned the way an agent learns it: the capability://catalog
 * resource for the ids, then math.find inspect for each operation's request schema, result schema,
 * budget, ports and examples. Nothing here is hard-coded per operation, so new operations are
 * fuzzed as soon as they are installed.
 */
import type { FuzzSession } from "./session.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = { [key: string]: any };

export interface Port {
  field: string;
  kind: string;
}

export interface OpModel {
  id: string;
  kind: "compute" | "checker";
  timeoutMs: number;
  requestSchema: JsonSchema;
  resultSchema: JsonSchema;
  examples: { [key: string]: Json }[];
  inputPorts: Record<string, Port>;
  outputPorts: Record<string, Port>;
  /**
   * Operations whose budget is a minute or more (factorization, primes, combinatorics): the
   * generators keep their in-bound values small so that the suite stays fast. Out-of-bound values
   * are refused before any work and stay in play for every operation.
   */
  expensive: boolean;
}

/** One example of an operation with an output port: run it to obtain a fresh value:// of `kind`. */
export interface Producer {
  opId: string;
  payload: { [key: string]: Json };
  port: string;
  kind: string;
}

export interface FuzzModel {
  ops: OpModel[];
  producers: Producer[];
  /** Words of titles, keywords and ids: the vocabulary of realistic search queries. */
  words: string[];
  /** input_kinds declared by the catalog. */
  kinds: string[];
  artifactTypes: string[];
}

const EXPENSIVE_TIMEOUT_MS = 60_000;

export async function loadModel(session: FuzzSession, timeoutMs = 30_000): Promise<FuzzModel> {
  const catalog = JSON.parse(await session.readResource("capability://catalog")) as { operations: { id: string }[] };
  const ops: OpModel[] = [];
  const words = new Set<string>();
  const kinds = new Set<string>();
  const artifactTypes = new Set<string>();
  for (const { id } of catalog.operations) {
    const r = await session.call("math.find", { request: { op: "inspect", capability_id: id } }, timeoutMs);
    if (!r.ok) throw new Error(`math.find inspect ${id} failed: ${r.error}`);
    const cap = (r.result.structuredContent as { capability?: any })?.capability;
    if (!cap) throw new Error(`math.find inspect ${id} returned no capability: ${JSON.stringify(r.result).slice(0, 500)}`);
    const ports = (side: "inputs" | "outputs"): Record<string, Port> =>
      Object.fromEntries(Object.entries((cap.ports?.[side] ?? {}) as Record<string, Port>).map(([name, p]) => [name, { field: p.field, kind: p.kind }]));
    const timeout = Number(cap.preflight?.budget?.timeout_ms);
    if (!Number.isFinite(timeout) || timeout <= 0) throw new Error(`${id}: inspect gives no preflight.budget.timeout_ms`);
    ops.push({
      id,
      kind: cap.kind,
      timeoutMs: timeout,
      requestSchema: cap.request_schema,
      resultSchema: cap.result_schema,
      examples: ((cap.examples ?? []) as { payload: { [key: string]: Json } }[]).map((e) => e.payload),
      inputPorts: ports("inputs"),
      outputPorts: ports("outputs"),
      expensive: timeout >= EXPENSIVE_TIMEOUT_MS,
    });
    for (const text of [cap.title, ...(cap.keywords ?? []), ...id.split(/[._]/)]) {
      for (const w of String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length > 1) words.add(w);
    }
    for (const k of cap.input_kinds ?? []) kinds.add(k);
    for (const a of [...(cap.accepted_artifact_types ?? []), ...(cap.produced_artifact_types ?? [])]) artifactTypes.add(a);
  }
  if (!ops.length) throw new Error("the catalog lists no operations");
  const producers: Producer[] = [];
  for (const op of ops) {
    for (const [port, p] of Object.entries(op.outputPorts)) {
      for (const payload of op.examples.slice(0, 2)) producers.push({ opId: op.id, payload, port, kind: p.kind });
    }
  }
  return { ops, producers, words: [...words].sort(), kinds: [...kinds].sort(), artifactTypes: [...artifactTypes].sort() };
}
