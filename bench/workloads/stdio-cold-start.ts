/**
 * Cold start of the MCP server over stdio: spawn `node dist/adapters/cli/main.js serve --stdio`,
 * speak raw JSON-RPC lines (initialize → notifications/initialized → tools/list) and measure the
 * wall time from spawn until the tools/list response line arrives. No PARI/SymPy counterpart.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { median } from "../support/stats.js";
import type { BenchContext, Measurement, Workload, WorkloadResult } from "../types.js";

const DEFAULT_REPS = 5;
const RUN_TIMEOUT_MS = 20_000;
const PROTOCOL_VERSION = "2025-11-25";

interface ColdStart {
  total_ms: number;
  initialize_ms: number;
  tools: string[];
}

/** The most telling part of the server's stderr: its first error line, else its tail. */
function stderrSummary(stderr: string): string {
  const lines = stderr.split("\n").map((l) => l.trim()).filter(Boolean);
  const err = lines.find((l) => /(^|\b)(\w*Error|error)\b/.test(l) && !l.startsWith("at "));
  return (err ?? lines.slice(-3).join(" | ")).slice(0, 400);
}

function line(message: unknown): string {
  return JSON.stringify(message) + "\n";
}

function coldStart(ctx: BenchContext, mainJs: string, home: string): Promise<ColdStart> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [mainJs, "serve", "--stdio"], {
      cwd: ctx.tmpDir,
      env: { ...process.env, JACOBIAN_HOME: home },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    let initializeMs = -1;
    let settled = false;
    const finish = (err: Error | null, value?: ColdStart) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Close stdin (the server ends the connection on EOF); kill our child if it lingers.
      child.stdin.end();
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      const done = () => {
        clearTimeout(killer);
        if (err) reject(err);
        else resolve(value!);
      };
      if (child.exitCode !== null || child.signalCode !== null) done();
      else child.once("exit", done);
    };
    const timer = setTimeout(() => finish(new Error(`no tools/list response within ${RUN_TIMEOUT_MS} ms; stderr: ${stderrSummary(stderr)}`)), RUN_TIMEOUT_MS);
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("error", (e) => finish(e));
    child.on("exit", (code, signal) => {
      if (!settled) finish(new Error(`the server exited (${code ?? signal}) before answering tools/list; stderr: ${stderrSummary(stderr)}`));
    });
    child.stdin.on("error", () => {}); // EPIPE if the server died; reported by the exit handler
    const rl = createInterface({ input: child.stdout });
    rl.on("line", (text) => {
      const now = performance.now();
      let msg: { id?: unknown; result?: unknown; error?: { code?: number; message?: string } };
      try {
        msg = JSON.parse(text);
      } catch {
        finish(new Error(`stdout carried a non-JSON line: ${text.slice(0, 200)}`));
        return;
      }
      if (msg.error) {
        finish(new Error(`JSON-RPC error for id ${String(msg.id)}: ${msg.error.code} ${msg.error.message}`));
        return;
      }
      if (msg.id === 1) {
        initializeMs = now - t0;
        child.stdin.write(line({ jsonrpc: "2.0", method: "notifications/initialized" }));
        child.stdin.write(line({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }));
      } else if (msg.id === 2) {
        const tools = (msg.result as { tools?: { name?: string }[] } | undefined)?.tools;
        if (!Array.isArray(tools)) {
          finish(new Error(`tools/list result has no tools array: ${text.slice(0, 200)}`));
          return;
        }
        finish(null, { total_ms: now - t0, initialize_ms: initializeMs, tools: tools.map((t) => String(t.name)).sort() });
      }
    });
    child.stdin.write(
      line({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "jacobian-bench", version: "0.1.0" } },
      }),
    );
  });
}

async function measure(ctx: BenchContext, reps: number): Promise<Measurement> {
  const mainJs = path.join(ctx.repoRoot, "dist", "adapters", "cli", "main.js");
  if (!existsSync(mainJs)) return { status: "unavailable", reason: `${mainJs} is missing (build first)` };
  const home = path.join(ctx.tmpDir, "home");
  mkdirSync(home, { recursive: true });
  const runs: ColdStart[] = [];
  try {
    await coldStart(ctx, mainJs, home); // warm-up: file-system cache, first-run directory creation
    for (let i = 0; i < reps; i++) runs.push(await coldStart(ctx, mainJs, home));
  } catch (e) {
    return { status: "unavailable", reason: `serve --stdio does not work yet: ${(e as Error).message}` };
  }
  const samples = runs.map((r) => r.total_ms);
  return {
    status: "ok",
    median_ms: median(samples),
    samples_ms: samples,
    batch: 1,
    warmups: 1,
    result: runs[0]!.tools.join(","),
    extra: { initialize_response_ms_median: median(runs.map((r) => r.initialize_ms)) },
  };
}

const workload: Workload = {
  name: "stdio-cold-start",
  method: "median of N cold starts (default 5, --reps; after one discarded start) of wall time from spawn() to the tools/list response line; the initialize response time is in extra",
  description: "spawn `serve --stdio`, initialize + notifications/initialized + tools/list over raw JSON-RPC lines; wall time from spawn to the tools/list response",
  async run(ctx: BenchContext): Promise<WorkloadResult> {
    ctx.log("spawning serve --stdio …");
    const ours = await measure(ctx, ctx.reps ?? DEFAULT_REPS);
    return {
      ours,
      pari: { status: "n/a" },
      sympy: { status: "n/a" },
      inputs: { command: "node dist/adapters/cli/main.js serve --stdio", protocol_version: PROTOCOL_VERSION, node: process.version },
    };
  },
};

export default workload;
