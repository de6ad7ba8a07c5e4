/**
 * Worker-thread entry point of the execution pool. Looks the operation up by id among the shipped
 * packs (and the named pack module, if any), runs it, checks its result (the pipeline's stage 6,
 * application/result.ts) and reports progress over a MessagePort. The request arrives in the
 * transfer form (./transfer.ts); the checked result goes back as its JSON text, one string to copy
 * instead of an object graph (or, above the inline size, as its canonical JSON bytes). Errors travel back as plain data; the main thread rebuilds them.
 */
import "../ark-config.js";
import type { MessagePort } from "node:worker_threads";
import type { OperationDeclaration, OperationPack } from "../../domain/declaration.js";
import { JacobianError } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";
import { canonicalJsonBytes, utf8Length, wireText } from "../../domain/json.js";
import { createExecutionContext, stageRunner } from "../../application/execution.js";
import { checkResult } from "../../application/result.js";
import { unpack } from "./transfer.js";

export interface WorkerTask {
  opId: string;
  /** Module whose default export is the declaration (shipped operations). */
  module?: string;
  /** Module exporting a custom pack that declares the operation. */
  packModule?: string;
  /** The parsed request in the transfer form (`pack`). */
  request: unknown;
  progress?: MessagePort;
  /** A checkpoint of an earlier attempt (ExecutionContext.resumed). */
  resume?: unknown;
  /** Post the operation's checkpoints on the progress port. */
  checkpoints?: boolean;
  /** A no-op task that only makes the pool start (and fully load) a worker. */
  warmup?: boolean;
  /** Which part of the operation to run (ExecuteRequest.stage). */
  stage?: "attempt" | "after_attempt";
  /** A compute result whose JSON is longer comes back as canonical bytes (ExecuteRequest.inlineValueBytes). */
  inlineValueBytes?: number;
}

/** Messages a worker posts on the task's port: `started` once loading is over, then progress. */
export type WorkerMessage = { type: "started" } | { type: "progress"; done: number; total?: number; message?: string } | { type: "checkpoint"; state: unknown };

export type WorkerReply =
  /** The checked result's wire form as JSON text (`wireText`). */
  | { ok: true; text: string }
  /** A compute result above the inline size: its canonical JSON bytes (`canonicalJsonBytes`). */
  | { ok: true; canonical: Uint8Array }
  /** The first attempt declined (ExecuteRequest.stage "attempt"). */
  | { ok: true; declined: true }
  | { ok: false; error: { name: string; message: string; code?: string; path?: string; hint?: string } };

const cache = new Map<string, OperationDeclaration>();

/** Load the declaration by its module (each worker loads only the operations it runs). */
async function find(task: WorkerTask): Promise<OperationDeclaration | undefined> {
  const key = `${task.module ?? ""}|${task.packModule ?? ""}#${task.opId}`;
  if (cache.has(key)) return cache.get(key);
  if (task.module) {
    const decl = ((await import(task.module)) as { default?: OperationDeclaration }).default;
    if (decl?.id === task.opId) cache.set(key, decl);
  } else if (task.packModule) {
    const mod = (await import(task.packModule)) as Record<string, unknown>;
    const packs = Object.values(mod).filter((v): v is OperationPack => !!v && typeof v === "object" && Array.isArray((v as OperationPack).operations));
    for (const p of packs) for (const op of p.operations) if (op.id === task.opId) cache.set(key, op);
  }
  return cache.get(key);
}

export default async function run(task: WorkerTask): Promise<WorkerReply> {
  if (task.warmup) return { ok: true, text: "null" };
  const op = await find(task);
  // Every module this task needs is loaded now: from here on the worker may be terminated safely.
  task.progress?.postMessage({ type: "started" } satisfies WorkerMessage);
  if (!op) return { ok: false, error: { name: "Error", message: `operation ${task.opId} is not available in the worker` } };
  const port = task.progress;
  const ctx = createExecutionContext(new AbortController().signal, port ? (done, total, message) => port.postMessage({ type: "progress", done, total, message } satisfies WorkerMessage) : undefined, {
    ...(task.resume !== undefined ? { resumed: task.resume as Json } : {}),
    ...(port && task.checkpoints ? { save: (state: Json) => port.postMessage({ type: "checkpoint", state } satisfies WorkerMessage) } : {}),
    ...(task.stage === "after_attempt" ? { attemptDeclined: true } : {}),
  });
  try {
    const request = unpack(task.request);
    const result = await stageRunner(op, task.stage)(request, ctx);
    if (result === undefined && task.stage === "attempt") return { ok: true, declined: true };
    const wire = checkResult(op, request, result);
    const text = wireText(wire);
    // A value the caller's runtime publishes as an artifact is encoded here once, canonically (the
    // manifest takes these bytes as they are; canonical JSON is exactly as long as wireText's, so
    // the text measures it and a value shown inline is never encoded twice).
    if (op.kind === "compute" && task.inlineValueBytes !== undefined && utf8Length(text) > task.inlineValueBytes) return { ok: true, canonical: canonicalJsonBytes(wire) };
    return { ok: true, text };
  } catch (e) {
    if (e instanceof JacobianError) return { ok: false, error: { name: e.name, message: e.message, code: e.code, ...(e.path ? { path: e.path } : {}), ...(e.hint ? { hint: e.hint } : {}) } };
    return { ok: false, error: { name: (e as Error)?.name ?? "Error", message: String((e as Error)?.message ?? e) } };
  } finally {
    task.progress?.close();
  }
}
