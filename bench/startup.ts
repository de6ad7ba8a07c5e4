/**
 * Start-up benchmark (issue 7 §3): `npm run bench:startup [-- --reps N]`.
 *
 * Measured in the same run, samples interleaved so machine load hits every row alike:
 * - bare: a bare MCP SDK server with two tools over stdio (bench/support/bare-server.ts);
 * - ours: `jacobian serve --stdio` with the shipped catalog;
 * - ours-10k: the same with a synthetic 10,000-operation catalog manifest (JACOBIAN_CATALOG_MANIFEST);
 * each timed from spawn() to the tools/list response line (initialize → initialized → tools/list);
 * - cli-run: a one-shot `jacobian run integer.compute.gcd` (spawn to exit);
 * - cli-version: `jacobian --version`.
 * Ratios are ours / bare from the same run. Targets: ≤ 1.5× bare (both catalogs), cli-run ≤ 0.5 s.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { median } from "./support/stats.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const MAIN = path.join(ROOT, "dist", "adapters", "cli", "main.js");
const BARE = path.join(ROOT, "dist", "bench", "support", "bare-server.js");
const MANIFEST = path.join(ROOT, "dist", "operations", "manifest.json");

const line = (m: unknown) => JSON.stringify(m) + "\n";

/** Spawn a stdio MCP server and time spawn → tools/list response. */
function toolsListTime(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    const timer = setTimeout(() => done(new Error(`no tools/list within 30 s: ${stderr.slice(0, 300)}`)), 30_000);
    let settled = false;
    function done(err: Error | null, ms?: number) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdin.end();
      const killer = setTimeout(() => child.kill("SIGKILL"), 3000);
      child.once("exit", () => {
        clearTimeout(killer);
        if (err) reject(err);
        else resolve(ms!);
      });
      if (child.exitCode !== null) child.emit("exit");
    }
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdin.on("error", () => {});
    createInterface({ input: child.stdout }).on("line", (text) => {
      const msg = JSON.parse(text) as { id?: number; result?: { tools?: unknown[] } };
      if (msg.id === 1) {
        child.stdin.write(line({ jsonrpc: "2.0", method: "notifications/initialized" }));
        child.stdin.write(line({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }));
      } else if (msg.id === 2) {
        if (msg.result?.tools?.length !== 2) done(new Error(`tools/list did not list two tools: ${text.slice(0, 200)}`));
        else done(null, performance.now() - t0);
      }
    });
    child.stdin.write(line({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } } }));
  });
}

function processTime(args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { env, encoding: "utf8" });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
  return ms;
}

const WORDS = ["prime", "matrix", "field", "graph", "lattice", "ideal", "module", "series", "group", "ring", "norm", "trace", "orbit", "basis", "kernel", "image", "rank", "genus", "degree", "residue"];
const VERBS = ["compute", "verify"];

/** A 10,000-operation manifest: synthetic metadata (varied words), modules pointing at real ones. */
export function writeSyntheticManifest(dir: string, count = 10_000): string {
  const real = JSON.parse(readFileSync(MANIFEST, "utf8")) as { format: 1; packs: { name: string; version: string; description: string; operations: { meta: Record<string, unknown>; module: string }[] }[] };
  const template = real.packs.flatMap((p) => p.operations);
  const ops: { meta: Record<string, unknown>; module: string }[] = [];
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
  for (let i = 0; i < count; i++) {
    const t = template[i % template.length]!;
    const a = pick(), b = pick();
    const verb = VERBS[i % 2]!;
    const id = `synthetic${Math.floor(i / 500)}.${a}_${b}_${i}.${verb}`;
    ops.push({
      meta: { ...t.meta, id, kind: verb === "verify" ? "checker" : "compute", title: `Synthetic ${a} ${b} operation ${i}`, summary: `Computes the ${a} of a ${b} exactly (synthetic operation ${i} for start-up and search benchmarks).`, keywords: [a, b, `${a} ${b}`, "synthetic"] },
      module: path.relative(dir, path.resolve(path.dirname(MANIFEST), t.module)).split(path.sep).join("/"),
    });
  }
  // Synthetic operations are for start-up and search only: they have no inspection files.
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "manifest.json");
  writeFileSync(file, JSON.stringify({ format: 1, packs: [{ name: "synthetic", version: "0.0.0", description: "10,000 synthetic operations", operations: ops }] }));
  return file;
}

async function main(): Promise<void> {
  const repsArg = process.argv.indexOf("--reps");
  const reps = repsArg > 0 ? Number(process.argv[repsArg + 1]) : 9;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "jacobian-startup-"));
  const home = path.join(tmp, "home");
  mkdirSync(home);
  const env = { ...process.env, JACOBIAN_HOME: home };
  const synthetic = writeSyntheticManifest(path.join(tmp, "synthetic"));
  const env10k = { ...env, JACOBIAN_CATALOG_MANIFEST: synthetic };
  const rows: Record<string, number[]> = { bare: [], ours: [], "ours-10k": [], "cli-run": [], "cli-version": [] };
  const gcd = ["run", "integer.compute.gcd", "--json", '{"left":"84","right":"30"}'];
  // One discarded round warms the file-system cache.
  for (let r = -1; r < reps; r++) {
    const sample = {
      bare: await toolsListTime([BARE], env),
      ours: await toolsListTime([MAIN, "serve", "--stdio"], env),
      "ours-10k": await toolsListTime([MAIN, "serve", "--stdio"], env10k),
      "cli-run": processTime([MAIN, ...gcd], env),
      "cli-version": processTime([MAIN, "--version"], env),
    };
    if (r >= 0) for (const [k, v] of Object.entries(sample)) rows[k]!.push(v);
  }
  rmSync(tmp, { recursive: true, force: true });
  const bare = median(rows.bare!);
  console.log(`start-up, median of ${reps} interleaved samples (node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)})`);
  console.log("row           median ms   ours/bare");
  for (const [k, v] of Object.entries(rows)) {
    const m = median(v);
    const ratio = k.startsWith("ours") ? (m / bare).toFixed(2) + "×" : k === "bare" ? "1.00×" : "";
    console.log(`${k.padEnd(13)} ${m.toFixed(0).padStart(9)}   ${ratio}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
