/**
 * HTTP load test (not part of the test suite): `npm run bench:load [-- --clients 50 --calls 100]`.
 * Starts `jacobian serve --http` as a separate process on a free loopback port, then runs N
 * concurrent MCP clients (2025-11-25 sessions, SDK v2) each making M mixed calls. Reports errors,
 * p50/p99 latency and throughput, and checks that no client can resolve another client's
 * value:// reference.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { mkdtempSync } from "node:fs";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const CLIENTS = opt("--clients", 50);
const CALLS = opt("--calls", 100);

function rand(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const digits = (r: () => number, n: number) => String(1 + Math.floor(r() * 9)) + Array.from({ length: n - 1 }, () => Math.floor(r() * 10)).join("");
const matrix = (r: () => number, n: number) => ({ ring: "ZZ", rows: Array.from({ length: n }, () => Array.from({ length: n }, () => String(Math.floor(r() * 2001) - 1000))) });

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const main = path.resolve("dist/adapters/cli/main.js");
  const child = spawn(process.execPath, [main, "serve", "--http", "--port", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, JACOBIAN_HOME: mkdtempSync(path.join(os.tmpdir(), "jacobian-load-")) },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = "";
    child.stderr!.on("data", (d: Buffer) => {
      buf += d.toString();
      const m = /MCP over Streamable HTTP at (\S+)/.exec(buf);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (c) => reject(new Error(`server exited (${c}): ${buf.slice(-500)}`)));
  });
  child.stderr!.resume();
  return { url, stop: () => child.kill("SIGTERM") };
}

interface Call {
  name: string;
  args: Record<string, unknown>;
}

async function runClient(url: string, id: number, latencies: number[], errors: string[], refs: string[][]): Promise<void> {
  const r = rand(1000 + id);
  const client = new Client({ name: `load-${id}`, version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const mine: string[] = [];
  refs[id] = mine;
  for (let i = 0; i < CALLS; i++) {
    const kind = i % 5;
    let call: Call;
    if (kind === 0) call = { name: "math.find", args: { request: { op: "search", query: ["gcd", "determinant", "factorization check", "matrix product"][i % 4] } } };
    else if (kind === 1) call = { name: "math.run", args: { capability_id: "integer.compute.gcd", payload: { left: digits(r, 200), right: digits(r, 200) } } };
    else if (kind === 2) call = { name: "math.run", args: { capability_id: "integer.extended_gcd.compute", payload: { left: digits(r, 50), right: digits(r, 40) } } };
    else if (kind === 3) call = { name: "math.run", args: { capability_id: "matrix.multiply.compute", payload: { left: matrix(r, 6), right: matrix(r, 6) } } };
    else call = mine.length ? { name: "math.run", args: { capability_id: "matrix.determinant.compute", payload: {}, inputs: { matrix: { value_ref: mine[mine.length - 1]! } } } } : { name: "math.find", args: { request: { op: "inspect", capability_id: "matrix.determinant.compute" } } };
    const t0 = performance.now();
    try {
      const res = (await client.callTool({ name: call.name, arguments: call.args })) as { isError?: boolean; structuredContent?: any };
      latencies.push(performance.now() - t0);
      const sc = res.structuredContent;
      if (res.isError || (sc?.outcome && sc.outcome !== "completed")) errors.push(`client ${id} call ${i} ${call.name}: ${JSON.stringify(sc?.error ?? sc?.reason ?? sc).slice(0, 200)}`);
      if (sc?.refs?.product) mine.push(sc.refs.product);
    } catch (e) {
      latencies.push(performance.now() - t0);
      errors.push(`client ${id} call ${i}: ${String(e).slice(0, 200)}`);
    }
  }
  await client.close();
}

async function leakCheck(url: string, refs: string[][]): Promise<{ attempts: number; leaks: number }> {
  const client = new Client({ name: "leak-check", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  let attempts = 0, leaks = 0;
  for (const list of refs.slice(0, 10)) {
    for (const ref of (list ?? []).slice(0, 3)) {
      attempts++;
      const res = (await client.callTool({ name: "math.run", arguments: { capability_id: "matrix.determinant.compute", payload: {}, inputs: { matrix: { value_ref: ref } } } })) as any;
      if (res.structuredContent?.error?.code !== "INVALID_INPUT_REF") leaks++;
    }
  }
  await client.close();
  return { attempts, leaks };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

const server = await startServer();
try {
  const latencies: number[] = [];
  const errors: string[] = [];
  const refs: string[][] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => runClient(server.url, i, latencies, errors, refs)));
  const wall = (performance.now() - t0) / 1000;
  const leak = await leakCheck(server.url, refs);
  const report = {
    clients: CLIENTS,
    calls_per_client: CALLS,
    total_calls: latencies.length,
    errors: errors.length,
    p50_ms: +pct(latencies, 50).toFixed(1),
    p99_ms: +pct(latencies, 99).toFixed(1),
    max_ms: +Math.max(...latencies).toFixed(1),
    throughput_calls_per_s: +(latencies.length / wall).toFixed(1),
    wall_s: +wall.toFixed(2),
    cross_client_ref_attempts: leak.attempts,
    cross_client_ref_leaks: leak.leaks,
  };
  console.log(JSON.stringify(report, null, 2));
  for (const e of errors.slice(0, 10)) console.log("error:", e);
  process.exitCode = errors.length || leak.leaks ? 1 : 0;
} finally {
  server.stop();
}
