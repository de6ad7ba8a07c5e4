/**
 * Replica scale-out (not part of the test suite): `npm run bench:cluster [-- --calls 600 --clients 24]`.
 *
 * Throughput of the same mixed workload against 1 replica and against 3 replicas (distributed
 * mode on one private Redis, in the same run), clients sending stateless 2026-07-28 requests
 * round-robin over the replicas as a load balancer would. The work runs on the replicas
 * (queue_min_units above every call): this measures what adding replicas gives, not the queue.
 * Results are checked against one in-process runtime. Reports calls/s, the ratio, the CPU the
 * replica processes actually got (from /proc) and calls per CPU-second, the cores the machine
 * offers and its load average: replicas scale throughput only as far as there are cores for them.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import "../adapters/ark-config.js";
import { createJacobian } from "../adapters/api/index.js";
import { DEFAULT_PACKS } from "../operations/packs.js";
import { testPack } from "../test/support/packs.js";
import { tempDir } from "../test/support/runtime.js";
import { Cluster } from "../test/adapters/distributed/support/cluster.js";
import { modernRun } from "../test/adapters/distributed/support/wire.js";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const CALLS = opt("--calls", 600);
const CLIENTS = opt("--clients", 24);

function prng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const digits = (r: () => number, n: number) => String(1 + Math.floor(r() * 9)) + Array.from({ length: n - 1 }, () => Math.floor(r() * 10)).join("");
const matrix = (r: () => number, n: number) => ({ ring: "ZZ", rows: Array.from({ length: n }, () => Array.from({ length: n }, () => String(Math.floor(r() * 2001) - 1000))) });

/** The mixed workload: small and medium calls of four families, a few ms to a few tens of ms each. */
function workload(): { id: string; payload: Record<string, unknown> }[] {
  const r = prng(20261201);
  return Array.from({ length: CALLS }, (_, i) => {
    switch (i % 4) {
      case 0:
        return { id: "integer.compute.gcd", payload: { left: digits(r, 3000), right: digits(r, 3000) } };
      case 1:
        return { id: "matrix.determinant.compute", payload: { matrix: matrix(r, 30) } };
      case 2:
        return { id: "integer.prime_factorization.compute", payload: { n: String(BigInt(digits(r, 9)) * BigInt(digits(r, 9))) } };
      default:
        return { id: "matrix.rank.compute", payload: { matrix: matrix(r, 25) } };
    }
  });
}

async function throughput(cluster: Cluster, calls: ReturnType<typeof workload>): Promise<{ perSecond: number; values: unknown[] }> {
  const values: unknown[] = new Array(calls.length);
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < calls.length) {
        const i = next++;
        const url = cluster.replicas[i % cluster.replicas.length]!.url;
        const r = await modernRun(url, calls[i]!.id, calls[i]!.payload);
        const o = r.result?.structuredContent;
        if (o?.outcome !== "completed") throw new Error(`${calls[i]!.id}: ${JSON.stringify(o ?? r.error).slice(0, 300)}`);
        values[i] = o.value;
      }
    }),
  );
  return { perSecond: calls.length / ((performance.now() - t) / 1000), values };
}

const calls = workload();
const reference = createJacobian({ packs: [...DEFAULT_PACKS, testPack], pool: false, artifactsDir: tempDir() });
const expected = await Promise.all(calls.map(async (c) => ((await reference.run(c.id, c.payload)) as { value?: unknown }).value));
await reference.close();

/** CPU seconds (user + system) a process has used, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100 on Linux)
  } catch {
    return Number.NaN;
  }
}

const results: Record<number, { perSecond: number; cores: number }> = {};
for (const n of [1, 3]) {
  const cluster = await Cluster.start({ replicas: n, workers: 0, distributed: { queue_min_units: 1e15 } });
  try {
    await throughput(cluster, calls.slice(0, 60 * n)); // warm-up, 60 calls per replica: module loads, JIT, pool threads
    const cpu0 = cluster.replicas.reduce((a, r) => a + cpuSeconds(r.pid), 0);
    const t0 = performance.now();
    const run = await throughput(cluster, calls);
    const wall = (performance.now() - t0) / 1000;
    const cpu = cluster.replicas.reduce((a, r) => a + cpuSeconds(r.pid), 0) - cpu0;
    const wrong = run.values.findIndex((v, i) => JSON.stringify(v) !== JSON.stringify(expected[i]));
    if (wrong >= 0) throw new Error(`call ${wrong} (${calls[wrong]!.id}) differs from the in-process result`);
    results[n] = { perSecond: run.perSecond, cores: cpu / wall };
  } finally {
    await cluster.stop();
  }
}
const [l1, l5] = os.loadavg();
const line = (n: number) => `${results[n]!.perSecond.toFixed(1)} calls/s; the replicas got ${results[n]!.cores.toFixed(2)} cores on average (${(results[n]!.perSecond / results[n]!.cores).toFixed(0)} calls per CPU-second)`;
console.log(`replica scale-out: ${CALLS} mixed calls (gcd 3000 digits, det 30×30, factorization of 18 digits, rank 25×25), ${CLIENTS} clients, stateless HTTP`);
console.log(`1 replica : ${line(1)}`);
console.log(`3 replicas: ${line(3)}  (×${(results[3]!.perSecond / results[1]!.perSecond).toFixed(2)})`);
console.log(`machine: ${os.availableParallelism()} cores, load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} (1 / 5 min); every result identical to one in-process runtime`);
