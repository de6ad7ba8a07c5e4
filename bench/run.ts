/**
 * Benchmark harness: `npm run bench -- <workload> [more workloads] | all [--reps N] [--seed S] [--out DIR]`.
 * For each workload it times our JS API, PARI/GP and SymPy in the same run, prints one table row
 * per workload and writes the full record as JSON under the output directory (default
 * $TMPDIR/jacobian-bench; results stay out of the repository).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gpAvailable } from "./support/gp.js";
import { PYTHON, sympyAvailable } from "./support/python.js";
import { fmtMs, fmtRatio, median } from "./support/stats.js";
import type { Measurement, Workload, WorkloadResult } from "./types.js";
import { WORKLOADS } from "./workloads/index.js";

const USAGE = `usage: npm run bench -- <workload> [<workload> ...] | all [--reps N] [--warmups N] [--rounds R] [--seed S] [--out DIR] [--keep-temp]
       npm run bench -- --list`;

interface Args {
  names: string[];
  reps?: number;
  /** Untimed calls of our operation before the timed ones (JIT steady state); default 1. */
  warmups?: number;
  /** Times each workload is run in turn (ours, PARI, SymPy, then again): samples of the rounds are merged. */
  rounds: number;
  seed: number;
  out: string;
  keepTemp: boolean;
  list: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { names: [], rounds: 1, seed: 20240601, out: path.join(os.tmpdir(), "jacobian-bench"), keepTemp: false, list: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--reps") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error("--reps takes an integer 1..1000");
      args.reps = n;
    } else if (a === "--warmups") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error("--warmups takes an integer 1..1000");
      args.warmups = n;
    } else if (a === "--rounds") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 50) throw new Error("--rounds takes an integer 1..50");
      args.rounds = n;
    } else if (a === "--seed") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0 || n >= 2 ** 32) throw new Error("--seed takes an integer 0..2^32-1");
      args.seed = n;
    } else if (a === "--out") args.out = path.resolve(value());
    else if (a === "--keep-temp") args.keepTemp = true;
    else if (a === "--list") args.list = true;
    else if (a === "--help" || a === "-h") throw new Error("help");
    else if (a.startsWith("-")) throw new Error(`unknown option ${a}`);
    else args.names.push(a);
  }
  return args;
}

function cell(m: Measurement): string {
  switch (m.status) {
    case "ok":
      return fmtMs(m.median_ms);
    case "timeout":
      return `> ${m.limit_ms / 1000} s`;
    case "unavailable":
      return "unavailable";
    case "error":
      return "error";
    case "n/a":
      return "n/a";
  }
}

/** ours/other as a number, a bound ("< x" when the other timed out) or a dash. */
function ratio(ours: Measurement, other: Measurement): { text: string; value: number | null; bound?: "upper" } {
  if (ours.status !== "ok") return { text: other.status === "n/a" ? "n/a" : "—", value: null };
  if (other.status === "ok") {
    const r = ours.median_ms / other.median_ms;
    return { text: fmtRatio(r), value: r };
  }
  if (other.status === "timeout") {
    const r = ours.median_ms / other.limit_ms;
    return { text: `< ${fmtRatio(r)}`, value: r, bound: "upper" };
  }
  return { text: other.status === "n/a" ? "n/a" : "—", value: null };
}

/** Do all engines that produced a value agree on it? */
function agreement(r: WorkloadResult): { text: string; agree: boolean | null } {
  const values = (["ours", "pari", "sympy"] as const).flatMap((k) => {
    const m = r[k];
    return m.status === "ok" && m.result !== undefined ? [[k, m.result] as const] : [];
  });
  if (values.length < 2) return { text: "—", agree: null };
  const agree = values.every(([, v]) => v === values[0]![1]);
  return { text: agree ? `yes (${values.map(([k]) => k).join("/")})` : `NO (${values.map(([k, v]) => `${k}=${v.length > 24 ? v.slice(0, 24) + "…" : v}`).join(", ")})`, agree };
}

function environment(): Record<string, string> {
  const py = spawnSync(PYTHON, ["-c", "import sys; print(sys.version.split()[0])"], { encoding: "utf8", timeout: 10_000 });
  return {
    node: process.version,
    gp: gpAvailable() ?? "unavailable",
    sympy: sympyAvailable() ?? "unavailable",
    python: py.status === 0 ? `${PYTHON} ${py.stdout.trim()}` : "unavailable",
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpu: `${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}`,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((x, c) => (c === 0 || c === r.length - 1 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join("  ").trimEnd()).join("\n");
}

/** Engines whose round-1 outcome is final (a timeout, an error, unavailable): later rounds skip them. */
function settled(r: WorkloadResult): { ours?: Measurement; pari?: Measurement; sympy?: Measurement } {
  const out: { ours?: Measurement; pari?: Measurement; sympy?: Measurement } = {};
  for (const k of ["ours", "pari", "sympy"] as const) if (r[k].status !== "ok") out[k] = r[k];
  return out;
}

/**
 * Merge the rounds of one workload: the samples of every round are pooled and the median taken
 * over all of them, so a load spike during one engine's turn is spread over the engines.
 */
export function mergeRounds(rounds: WorkloadResult[]): WorkloadResult {
  const first = rounds[0]!;
  if (rounds.length === 1) return first;
  const merge = (k: "ours" | "pari" | "sympy"): Measurement => {
    const ms = rounds.map((r) => r[k]);
    if (ms.some((m) => m.status !== "ok")) return ms.find((m) => m.status !== "ok")!;
    const oks = ms as Extract<Measurement, { status: "ok" }>[];
    const samples = oks.flatMap((m) => m.samples_ms);
    const results = [...new Set(oks.map((m) => m.result))];
    // Extra figures (e.g. Singular's best-of time in the Gröbner workloads): the median over the rounds.
    const extra: Record<string, number | string> = {};
    for (const x of Object.keys(oks[0]!.extra ?? {})) {
      const vs = oks.map((m) => m.extra?.[x]);
      extra[x] = vs.every((v) => typeof v === "number") ? median(vs as number[]) : (vs[0] as string);
    }
    if (typeof extra.singular_ms === "number" && samples.length) extra.ours_over_singular = median(samples) / extra.singular_ms;
    const note = oks[0]!.note
      ?.replace(/Singular std [0-9.]+ ms/, `Singular std ${typeof extra.singular_ms === "number" ? extra.singular_ms.toFixed(1) : "?"} ms (median of ${oks.length} rounds' best)`)
      .replace(/ours\/Singular = [0-9.]+/, `ours/Singular = ${typeof extra.ours_over_singular === "number" ? extra.ours_over_singular.toFixed(2) : "?"}`);
    return { ...oks[0]!, median_ms: median(samples), samples_ms: samples, ...(results.length > 1 ? { result: results.join(" | ") } : {}), ...(Object.keys(extra).length ? { extra } : {}), ...(note ? { note } : {}) };
  };
  return { ours: merge("ours"), pari: merge("pari"), sympy: merge("sympy"), inputs: { ...first.inputs, rounds: rounds.length } };
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    const msg = (e as Error).message;
    if (msg !== "help") console.error(msg);
    console.error(USAGE);
    console.error(`workloads: ${WORKLOADS.map((w) => w.name).join(", ")}`);
    return msg === "help" ? 0 : 2;
  }
  if (args.list) {
    for (const w of WORKLOADS) console.log(`${w.name.padEnd(20)} ${w.description}`);
    return 0;
  }
  if (!args.names.length) {
    console.error(USAGE);
    console.error(`workloads: ${WORKLOADS.map((w) => w.name).join(", ")}`);
    return 2;
  }
  const selected: Workload[] = [];
  for (const name of args.names) {
    if (name === "all") selected.push(...WORKLOADS);
    else {
      const w = WORKLOADS.find((x) => x.name === name);
      if (!w) {
        console.error(`unknown workload "${name}"; known: ${WORKLOADS.map((x) => x.name).join(", ")}, all`);
        return 2;
      }
      selected.push(w);
    }
  }
  const unique = [...new Set(selected)];
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  const env = environment();
  const loadStart = os.loadavg()[0]!.toFixed(2);
  mkdirSync(args.out, { recursive: true });

  const header = ["workload", "ours ms", "PARI ms", "SymPy ms", "ours/PARI", "ours/SymPy", "results agree"];
  const rows: string[][] = [header];
  const notes: string[] = [];
  const files: string[] = [];
  let bad = false;

  for (const w of unique) {
    const tmpDir = mkdtempSync(path.join(os.tmpdir(), `jacobian-bench-${w.name}-`));
    const log = (m: string) => process.stderr.write(`[${w.name}] ${m}\n`);
    let r: WorkloadResult;
    try {
      const results: WorkloadResult[] = [];
      for (let round = 0; round < args.rounds; round++) {
        if (args.rounds > 1) log(`round ${round + 1} of ${args.rounds}`);
        // An engine that timed out or is unavailable in round 1 is not run again (its verdict stands).
        const skip = results.length ? settled(results[0]!) : {};
        results.push(await w.run({ seed: args.seed, ...(args.reps !== undefined ? { reps: args.reps } : {}), ...(args.warmups !== undefined ? { warmups: args.warmups } : {}), repoRoot, tmpDir, log, skip }));
      }
      r = mergeRounds(results);
    } catch (e) {
      const reason = `harness error: ${(e as Error).stack ?? String(e)}`;
      r = { ours: { status: "error", reason }, pari: { status: "error", reason }, sympy: { status: "error", reason }, inputs: {} };
    } finally {
      if (!args.keepTemp) rmSync(tmpDir, { recursive: true, force: true });
    }
    const rp = ratio(r.ours, r.pari);
    const rs = ratio(r.ours, r.sympy);
    const ag = agreement(r);
    rows.push([w.name, cell(r.ours), cell(r.pari), cell(r.sympy), rp.text, rs.text, ag.text]);
    for (const [engine, m] of [["ours", r.ours], ["PARI", r.pari], ["SymPy", r.sympy]] as const) {
      if (m.status === "unavailable" || m.status === "error") notes.push(`${w.name} / ${engine}: ${m.status}: ${m.reason}`);
      if (m.status === "timeout") notes.push(`${w.name} / ${engine}: exceeded ${m.limit_ms / 1000} s${m.note ? ` (${m.note})` : ""}`);
      if (m.status === "ok" && m.note) notes.push(`${w.name} / ${engine}: ${m.note}`);
      if (m.status === "ok" && typeof m.extra?.with_decimal_output_ms === "number") {
        notes.push(`${w.name} / ${engine}: with its decimal output (${m.extra.with_decimal_output_call}) ${fmtMs(m.extra.with_decimal_output_ms)} ms${r.ours.status === "ok" ? `; ours/that ${fmtRatio(r.ours.median_ms / m.extra.with_decimal_output_ms)}` : ""}`);
      }
      if (m.status === "error") bad = true;
    }
    if (ag.agree === false) bad = true;
    const record = {
      workload: w.name,
      description: w.description,
      measured_at: new Date().toISOString(),
      inputs: r.inputs,
      environment: env,
      method: w.method ?? "median wall-clock ms per call; ours via createJacobian().run(), PARI timed inside gp (getwalltime), SymPy inside python (perf_counter), each after one warm-up and batched when one call is shorter than 50 ms (sample = batch mean)",
      ours: r.ours,
      pari: r.pari,
      sympy: r.sympy,
      ratios: { ours_over_pari: rp.value, ours_over_pari_is_upper_bound: rp.bound === "upper", ours_over_sympy: rs.value, ours_over_sympy_is_upper_bound: rs.bound === "upper" },
      results_agree: ag.agree,
      load_average_1min_after: os.loadavg()[0],
    };
    const file = path.join(args.out, `${w.name}.json`);
    writeFileSync(file, JSON.stringify(record, null, 2) + "\n");
    files.push(file);
  }

  const loadEnd = os.loadavg()[0]!.toFixed(2);
  console.log(`\nJacobian benchmarks — node ${env.node}, gp ${env.gp}, sympy ${env.sympy}, ${env.cpu}; seed ${args.seed}; load average ${loadStart} at the start, ${loadEnd} at the end`);
  console.log("(median wall-clock milliseconds per call, all measured in this run; ratio < 1 means ours is faster)\n");
  console.log(table(rows));
  if (notes.length) console.log("\n" + notes.map((n) => `note: ${n}`).join("\n"));
  console.log("\nresults written to:\n" + files.map((f) => `  ${f}`).join("\n"));
  return bad ? 1 : 0;
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
