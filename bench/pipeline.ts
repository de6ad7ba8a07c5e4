/**
 * Pipeline overhead benchmark: `npm run bench:pipeline [-- <workload> ... | --rounds R --warmups W]`.
 *
 * What a `run` call costs around its mathematics, stage by stage. For every case (a bench workload's
 * call, or `gcd-tiny`: integer.compute.gcd of 84 and 30) three things are timed in the same process,
 * samples interleaved (math, inline, pooled, math, …) so machine load hits them alike:
 * - math: the operation's `execute` alone on the already parsed request, on this thread;
 * - inline: a whole `run` with every operation executed on the calling thread;
 * - pooled: a whole `run` with every operation sent to the worker pool (inline threshold 0).
 * The stages of `run` (application/run.ts) are timed by wrapping the use case's stage methods here,
 * in the benchmark only. Reported per case and mode (medians, ms): the whole call, each stage, the
 * overhead (call − math) and for pooled calls the hand-off (execute stage − math: cloning the
 * request to the worker, waking it, cloning the reply back). `cpu` is the process CPU time of the
 * call (all threads), less sensitive to other processes than wall time on a shared machine.
 */
import os from "node:os";
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createJacobian, type Jacobian } from "../adapters/api/index.js";
import { createExecutionContext } from "../application/execution.js";
import { RunUseCase } from "../application/run.js";
import type { OperationDeclaration } from "../domain/declaration.js";
import { fmtMs, median } from "./support/stats.js";
import { WORKLOADS } from "./workloads/index.js";

const DEFAULT_CASES = ["gcd-tiny", "gcd-20k", "poly-gcd-500", "poly-factor-60", "poly-resultant-100", "rank-100x120", "solve-100"];
/** Stage methods of RunUseCase, in pipeline order (those present are timed). */
const STAGES = ["parseArguments", "lookup", "checkProviders", "resolveInputs", "assembleRequest", "parseRequest", "preflight", "execute", "checkPostcondition", "publish"] as const;
const SHOWN: { label: string; stages: string[] }[] = [
  { label: "args", stages: ["parseArguments", "lookup", "checkProviders", "resolveInputs", "assembleRequest"] },
  { label: "parse", stages: ["parseRequest"] },
  { label: "preflight", stages: ["preflight"] },
  { label: "execute", stages: ["execute"] },
  { label: "post", stages: ["checkPostcondition"] },
  { label: "publish", stages: ["publish"] },
];

type Sample = { total: number; cpu: number; stages: Record<string, number> };

/** The stage timings of the call in progress (one call at a time). */
let current: Record<string, number> | undefined;
let captured: { decl: OperationDeclaration; request: unknown } | undefined;

function instrument(): void {
  const proto = RunUseCase.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of STAGES) {
    const original = proto[name];
    if (typeof original !== "function") continue;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      const sink = current;
      const t0 = performance.now();
      const done = (x: unknown) => {
        if (sink) sink[name] = (sink[name] ?? 0) + performance.now() - t0;
        return x;
      };
      const r = original.apply(this, args);
      if (name === "parseRequest") captured = { decl: args[0] as OperationDeclaration, request: r };
      return r instanceof Promise ? r.then(done) : done(r);
    };
  }
}

function parseArgs(argv: string[]): { cases: string[]; rounds: number; warmups: number } {
  const out = { cases: [] as string[], rounds: 9, warmups: 5 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--rounds" || a === "--warmups") {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`${a} takes an integer 1..1000`);
      out[a === "--rounds" ? "rounds" : "warmups"] = n;
    } else if (a.startsWith("-")) throw new Error(`unknown option ${a}`);
    else out.cases.push(a);
  }
  if (!out.cases.length) out.cases = DEFAULT_CASES;
  return out;
}

function callOf(name: string, seed: number): { capabilityId: string; payload: Record<string, unknown> } {
  if (name === "gcd-tiny") return { capabilityId: "integer.compute.gcd", payload: { left: "84", right: "30" } };
  const w = WORKLOADS.find((x) => x.name === name);
  if (!w?.call) throw new Error(`no pipeline case ${name}: known are gcd-tiny and ${WORKLOADS.filter((x) => x.call).map((x) => x.name).join(", ")}`);
  return w.call(seed);
}

async function timedRun(jac: Jacobian, id: string, payload: Record<string, unknown>): Promise<Sample> {
  const stages: Record<string, number> = {};
  current = stages;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const o = await jac.run(id, payload);
  const total = performance.now() - t0;
  const c = process.cpuUsage(c0);
  current = undefined;
  if (o.outcome !== "completed") throw new Error(`${id}: ${o.outcome} ${JSON.stringify(o.outcome === "failed" ? o.error : o.reason)}`);
  return { total, cpu: (c.user + c.system) / 1000, stages };
}

async function timedMath(decl: OperationDeclaration, request: unknown): Promise<Sample> {
  const ctx = createExecutionContext(new AbortController().signal);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await decl.execute(request as never, ctx);
  const total = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { total, cpu: (c.user + c.system) / 1000, stages: {} };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  instrument();
  const dir = mkdtempSync(path.join(os.tmpdir(), "jacobian-pipeline-"));
  const inline = createJacobian({ artifactsDir: path.join(dir, "a"), pool: { inlineMaxUnits: Number.POSITIVE_INFINITY } });
  const pooled = createJacobian({ artifactsDir: path.join(dir, "b"), pool: { inlineMaxUnits: 0 } });
  const load0 = os.loadavg()[0]!.toFixed(2);
  try {
    const cases = args.cases.map((name) => ({ name, ...callOf(name, 20240601) }));
    const prepared: { name: string; id: string; payload: Record<string, unknown>; decl: OperationDeclaration; request: unknown }[] = [];
    for (const c of cases) {
      process.stderr.write(`[pipeline] warming ${c.name} …\n`);
      for (let i = 0; i < args.warmups; i++) {
        await timedRun(inline, c.capabilityId, c.payload);
        await timedRun(pooled, c.capabilityId, c.payload);
      }
      const { decl, request } = captured!;
      for (let i = 0; i < args.warmups; i++) await timedMath(decl, request);
      prepared.push({ name: c.name, id: c.capabilityId, payload: c.payload, decl, request });
    }
    const samples = new Map<string, { math: Sample[]; inline: Sample[]; pooled: Sample[] }>(prepared.map((c) => [c.name, { math: [], inline: [], pooled: [] }]));
    for (let r = 0; r < args.rounds; r++) {
      process.stderr.write(`[pipeline] round ${r + 1} of ${args.rounds}\n`);
      for (const c of prepared) {
        const s = samples.get(c.name)!;
        s.math.push(await timedMath(c.decl, c.request));
        s.inline.push(await timedRun(inline, c.id, c.payload));
        s.pooled.push(await timedRun(pooled, c.id, c.payload));
      }
    }
    const load1 = os.loadavg()[0]!.toFixed(2);
    console.log(`\nJacobian pipeline overhead — node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}; ${args.rounds} rounds, ${args.warmups} warm-ups; load average ${load0} at the start, ${load1} at the end`);
    console.log("(median wall-clock ms per call; overhead = call − math; hand-off = execute stage − math; cpu = process CPU ms, all threads)\n");
    const header = ["case", "mode", "call", "math", "overhead", ...SHOWN.map((s) => s.label), "hand-off", "cpu", "math cpu"];
    const rows: string[][] = [header];
    for (const c of prepared) {
      const s = samples.get(c.name)!;
      const math = median(s.math.map((x) => x.total));
      const mathCpu = median(s.math.map((x) => x.cpu));
      for (const mode of ["inline", "pooled"] as const) {
        const xs = s[mode];
        const total = median(xs.map((x) => x.total));
        const stage = (names: string[]) => median(xs.map((x) => names.reduce((a, n) => a + (x.stages[n] ?? 0), 0)));
        const execute = stage(["execute"]);
        rows.push([c.name, mode, fmtMs(total), fmtMs(math), fmtMs(total - math), ...SHOWN.map((g) => fmtMs(stage(g.stages))), mode === "pooled" ? fmtMs(execute - math) : "", fmtMs(median(xs.map((x) => x.cpu))), fmtMs(mathCpu)]);
      }
    }
    const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const r of rows) console.log(r.map((x, i) => (i < 2 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join("  "));
    return 0;
  } finally {
    await inline.close();
    await pooled.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(e);
    process.exitCode = 1;
  },
);
