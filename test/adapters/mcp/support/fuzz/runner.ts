/**
 * The fuzz loop: fast-check drives the generated calls (fixed seed, FUZZ_SEED to change it) one at a
 * time through a real stdio client, checks every reply, and keeps the figures of the run.
 *
 * Two modes:
 *  - "assert" (the test suite): the first violation fails the property; fast-check shrinks it and
 *    reports the seed, the replay path and the counterexample;
 *  - "collect" (`npm run fuzz`): every violation is recorded with its run index and the run goes on;
 *    `FUZZ_SEED=<seed> FUZZ_PATH=<index>` replays one call exactly.
 * A server that dies or stops answering is a violation; the runner then starts a fresh server so
 * that shrinking (or the rest of the run) can go on, and counts it.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { callArbitrary, describeArgs, REF_PLACEHOLDER, type FuzzCall } from "./generators.js";
import { loadModel, type FuzzModel, type Json } from "./model.js";
import { Properties } from "./properties.js";
import { FuzzSession, type SessionOptions } from "./session.js";

export const DEFAULT_SEED = 20260728;
/**
 * Added to each operation's inspected timeout_ms (and the whole budget of a math.find call). The
 * timeout starts when the operation starts; the margin covers what comes before, chiefly a pool
 * worker's first task (2 s idle, up to 9 s measured on a loaded 2-core machine).
 */
export const DEFAULT_MARGIN_MS = 10_000;

export interface FuzzOptions {
  seed?: number;
  calls: number;
  mode: "assert" | "collect";
  /** Replay one run (fast-check path, e.g. "1234" or "1234:0:2"). */
  path?: string;
  marginMs?: number;
  session?: SessionOptions;
  /** Called every `progressEvery` calls. */
  onProgress?: (s: FuzzSummary) => void;
  progressEvery?: number;
}

export interface Violation {
  index: number;
  label: string;
  tool: string;
  args: string;
  outcome: string;
  problems: string[];
  file?: string;
}

export interface Slow {
  ms: number;
  index: number;
  label: string;
  tool: string;
  args: string;
  outcome: string;
}

export interface FuzzSummary {
  seed: number;
  calls: number;
  /** Helper calls that obtained fresh value:// refs (checked too, not counted in `calls`). */
  producerCalls: number;
  elapsedMs: number;
  outcomes: Record<string, number>;
  labels: Record<string, number>;
  maxLatency: Slow;
  /** The ten slowest calls, slowest first. */
  slowest: Slow[];
  latencyP50: number;
  latencyP99: number;
  crashes: number;
  hangs: number;
  respawns: number;
  /** The first 200 violations (violationCount counts them all). */
  violations: Violation[];
  violationCount: number;
  serverErrorEvents: { event: string; line: string }[];
  clientErrors: string[];
  rss: { startBytes?: number; endBytes?: number; maxBytes?: number };
  operations: number;
}

class Runner {
  readonly summary: FuzzSummary;
  private latencies: number[] = [];
  private index = 0;

  constructor(
    private readonly session: FuzzSession,
    private readonly model: FuzzModel,
    private readonly props: Properties,
    private readonly options: FuzzOptions,
    seed: number,
  ) {
    this.summary = {
      seed,
      calls: 0,
      producerCalls: 0,
      elapsedMs: 0,
      outcomes: {},
      labels: {},
      maxLatency: { ms: 0, index: -1, label: "", tool: "", args: "", outcome: "" },
      slowest: [],
      latencyP50: 0,
      latencyP99: 0,
      crashes: 0,
      hangs: 0,
      respawns: 0,
      violations: [],
      violationCount: 0,
      serverErrorEvents: session.errorEvents,
      clientErrors: session.clientErrors,
      rss: {},
      operations: model.ops.length,
    };
  }

  /** Run one generated call and return the violations (empty when every property holds). */
  async run(call: FuzzCall): Promise<{ outcome: string; problems: string[]; file?: string }> {
    const index = this.index++;
    const producerProblems: string[] = [];
    const args = call.refs ? await this.materialize(call.args, producerProblems) : call.args;
    const budget = this.props.budgetMs(call.tool, args);
    const eventsBefore = this.session.errorEvents.length, clientErrorsBefore = this.session.clientErrors.length;
    const result = await this.session.call(call.tool, args, budget + 2_000);
    const verdict = this.props.check(call.tool, args, result, budget);
    const problems = [...producerProblems, ...verdict.violations];
    await this.liveness(problems, verdict.outcome === "no_reply");
    // Events logged while this call ran (stderr can lag a little; the summary lists them all).
    for (const e of this.session.errorEvents.slice(eventsBefore, eventsBefore + 3)) problems.push(`server error event during the call: ${e.line.slice(0, 300)}`);
    for (const e of this.session.clientErrors.slice(clientErrorsBefore, clientErrorsBefore + 3)) problems.push(`client error during the call (bad bytes on stdout?): ${e.slice(0, 300)}`);

    const s = this.summary;
    s.calls++;
    s.outcomes[verdict.outcome] = (s.outcomes[verdict.outcome] ?? 0) + 1;
    s.labels[call.label] = (s.labels[call.label] ?? 0) + 1;
    this.latencies.push(result.ms);
    if (s.slowest.length < 10 || result.ms > s.slowest[s.slowest.length - 1]!.ms) {
      s.slowest.push({ ms: result.ms, index, label: call.label, tool: call.tool, args: describeArgs(args).slice(0, 400), outcome: verdict.outcome });
      s.slowest.sort((a, b) => b.ms - a.ms);
      s.slowest.length = Math.min(s.slowest.length, 10);
      s.maxLatency = s.slowest[0]!;
    }
    const rss = this.session.rss();
    if (rss !== undefined) {
      s.rss.startBytes ??= rss;
      s.rss.endBytes = rss;
      s.rss.maxBytes = Math.max(s.rss.maxBytes ?? 0, rss);
    }
    let file: string | undefined;
    if (problems.length) {
      s.violationCount++;
      const v: Violation = { index, label: call.label, tool: call.tool, args: describeArgs(args).slice(0, 2000), outcome: verdict.outcome, problems };
      if (s.violations.length < 200) {
        file = v.file = saveCounterexample(s.seed, index, call, args);
        s.violations.push(v);
      }
    }
    if (this.options.onProgress && s.calls % (this.options.progressEvery ?? 1000) === 0) this.options.onProgress(this.finish());
    return { outcome: verdict.outcome, problems, ...(file ? { file } : {}) };
  }

  /** A dead or unresponsive server is a violation of its own; a fresh one takes over. */
  private async liveness(problems: string[], noReply: boolean): Promise<void> {
    let why = this.session.dead();
    if (why) this.summary.crashes++;
    else if (noReply && !(await this.session.responsive(5_000))) {
      this.summary.hangs++;
      why = "the server stopped answering (not even ping within 5 s)";
    }
    if (!why) return;
    problems.push(`server not alive after the call: ${why}; last stderr: ${this.session.stderrTail.slice(-5).join(" | ").slice(0, 1500)}`);
    this.summary.respawns++;
    await this.session.spawn();
  }

  /** Replace ref placeholders by fresh value:// refs, each from running its producer example now. */
  private async materialize(args: Json, problems: string[]): Promise<Json> {
    const cache = new Map<string, string>();
    const resolve = async (placeholder: string): Promise<string> => {
      const hit = cache.get(placeholder);
      if (hit) return hit;
      const producer = this.model.producers[Number(placeholder.slice(REF_PLACEHOLDER.length))];
      let ref = "value://" + "Z".repeat(32); // a well-formed ref that resolves nowhere
      if (producer) {
        const pargs = { capability_id: producer.opId, payload: producer.payload };
        const budget = this.props.budgetMs("math.run", pargs);
        const r = await this.session.call("math.run", pargs, budget + 2_000);
        this.summary.producerCalls++;
        const verdict = this.props.check("math.run", pargs, r, budget);
        for (const v of verdict.violations) problems.push(`while obtaining a value:// from ${producer.opId}'s example: ${v}`);
        const refs = r.ok ? (r.result.structuredContent as { refs?: Record<string, string> })?.refs : undefined;
        if (refs?.[producer.port]) ref = refs[producer.port]!;
      }
      cache.set(placeholder, ref);
      return ref;
    };
    const walk = async (v: Json): Promise<Json> => {
      if (typeof v === "string") return v.startsWith(REF_PLACEHOLDER) ? resolve(v) : v;
      if (Array.isArray(v)) return Promise.all(v.map(walk));
      if (v && typeof v === "object") {
        const out: { [key: string]: Json } = {};
        for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: await walk(v[k]!), enumerable: true, writable: true, configurable: true });
        return out;
      }
      return v;
    };
    // Placeholders are only ever generated inside `inputs`; the rest may be deeply nested.
    if (!args || typeof args !== "object" || Array.isArray(args) || !("inputs" in args)) return args;
    const out: { [key: string]: Json } = {};
    for (const k of Object.keys(args)) Object.defineProperty(out, k, { value: k === "inputs" ? await walk(args[k]!) : args[k], enumerable: true, writable: true, configurable: true });
    return out;
  }

  finish(): FuzzSummary {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    this.summary.latencyP50 = sorted[Math.floor(sorted.length * 0.5)] ?? 0;
    this.summary.latencyP99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    return this.summary;
  }
}

/** Where the full arguments of a failing call go (they can be megabytes). */
function saveCounterexample(seed: number, index: number, call: FuzzCall, args: Json): string | undefined {
  const file = path.join(os.tmpdir(), `jacobian-fuzz-${seed}-${index}.json`);
  try {
    writeFileSync(file, JSON.stringify({ seed, index, tool: call.tool, label: call.label, arguments: args }));
    return file;
  } catch {
    return undefined;
  }
}

export function marginFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FUZZ_MARGIN_MS;
  const n = raw ? Number(raw) : DEFAULT_MARGIN_MS;
  if (!Number.isFinite(n) || n < 0) throw new Error(`FUZZ_MARGIN_MS must be a non-negative number, not ${JSON.stringify(raw)}`);
  return n;
}

export function seedFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FUZZ_SEED;
  if (raw === undefined || raw === "") return DEFAULT_SEED;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`FUZZ_SEED must be an integer, not ${JSON.stringify(raw)}`);
  return n | 0;
}

/** Run the fuzzer; in assert mode a violation rejects with fast-check's report (seed, path, counterexample). */
export async function fuzz(options: FuzzOptions): Promise<FuzzSummary> {
  const seed = options.seed ?? DEFAULT_SEED;
  const started = performance.now();
  const session = await FuzzSession.start(options.session ?? {});
  try {
    const model = await loadModel(session);
    const props = new Properties(model, options.marginMs ?? marginFromEnv());
    const runner = new Runner(session, model, props, options, seed);
    const arb = callArbitrary(model).map((c) => Object.assign(c, { [fc.toStringMethod]: () => `${c.tool} ${describeArgs(c.args)} (${c.label})` }));
    const property = fc.asyncProperty(arb, async (call) => {
      const { outcome, problems, file } = await runner.run(call);
      if (problems.length && options.mode === "assert") {
        throw new Error(`${call.tool} → ${outcome}:\n  - ${problems.join("\n  - ")}${file ? `\n  full arguments: ${file}` : ""}\n  (replay with FUZZ_SEED=${seed} and FUZZ_PATH set to the path fast-check reports)`);
      }
    });
    await fc.assert(property, {
      seed,
      numRuns: options.calls,
      ...(options.path ? { path: options.path } : {}),
      verbose: 1,
    });
    const summary = runner.finish();
    summary.elapsedMs = performance.now() - started;
    return summary;
  } finally {
    await session.close();
  }
}

/** A human-readable summary (the `npm run fuzz` report and the test's log line). */
export function formatSummary(s: FuzzSummary): string {
  const lines: string[] = [];
  const mb = (b?: number) => (b === undefined ? "n/a" : `${(b / 1024 / 1024).toFixed(1)} MB`);
  lines.push(`fuzz seed ${s.seed}: ${s.calls} calls (+${s.producerCalls} ref-producing calls) over ${s.operations} operations in ${(s.elapsedMs / 1000).toFixed(1)} s`);
  lines.push(`latency: p50 ${s.latencyP50.toFixed(1)} ms, p99 ${s.latencyP99.toFixed(1)} ms, max ${s.maxLatency.ms.toFixed(1)} ms (${s.maxLatency.label} → ${s.maxLatency.outcome}: ${s.maxLatency.args.slice(0, 200)})`);
  lines.push(`crashes ${s.crashes}, hangs ${s.hangs}, server restarts ${s.respawns}, violations ${s.violationCount}, server error events ${s.serverErrorEvents.length}, client errors ${s.clientErrors.length}`);
  lines.push(`server RSS: start ${mb(s.rss.startBytes)}, end ${mb(s.rss.endBytes)}, max ${mb(s.rss.maxBytes)}`);
  lines.push("slowest calls:");
  for (const w of s.slowest) lines.push(`  ${w.ms.toFixed(0).padStart(7)} ms  run ${w.index} [${w.label}] → ${w.outcome}: ${w.args.slice(0, 200)}`);
  lines.push("outcomes:");
  for (const [k, n] of Object.entries(s.outcomes).sort((a, b) => b[1] - a[1])) lines.push(`  ${String(n).padStart(7)}  ${k}`);
  const byFamily: Record<string, number> = {};
  for (const [k, n] of Object.entries(s.labels)) {
    const family = k.split(".").slice(0, 2).join(".");
    byFamily[family] = (byFamily[family] ?? 0) + n;
  }
  lines.push("generators: " + Object.entries(byFamily).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(", "));
  // One entry per distinct defect: same tool, operation and first problem (numbers blurred).
  const groups = new Map<string, Violation[]>();
  for (const v of s.violations) {
    const id = /"capability_id": "([^"]{1,80})"/.exec(v.args)?.[1] ?? "";
    const key = `${v.tool} ${id} ${v.problems[0]!.replace(/\d+/g, "N").slice(0, 160)}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  if (groups.size) lines.push(`distinct violations: ${groups.size}`);
  for (const vs of [...groups.values()].slice(0, 30)) {
    const v = vs[0]!;
    lines.push(`VIOLATION ×${vs.length}, first at run ${v.index} (replay: FUZZ_SEED=${s.seed} FUZZ_PATH=${v.index}) ${v.tool} [${v.label}] → ${v.outcome}`);
    for (const p of v.problems) lines.push(`    - ${p}`);
    lines.push(`    arguments: ${v.args.slice(0, 800)}`);
    if (v.file) lines.push(`    full arguments: ${v.file}`);
  }
  if (s.violationCount > s.violations.length) lines.push(`(${s.violationCount - s.violations.length} further violations not kept)`);
  for (const e of s.serverErrorEvents.slice(0, 10)) lines.push(`server error event: ${e.line.slice(0, 400)}`);
  for (const e of s.clientErrors.slice(0, 10)) lines.push(`client error: ${e.slice(0, 400)}`);
  return lines.join("\n");
}
