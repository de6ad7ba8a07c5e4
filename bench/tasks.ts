/**
 * Task overhead of distributed mode (not part of the test suite): `npm run bench:tasks [-- --jobs 300]`.
 *
 * Starts a private Redis and one queue worker process, then times the same small call
 * (integer.compute.gcd) in this process three ways, in the same run:
 *   local   — a self-contained runtime (no Redis): the pipeline alone;
 *   queued  — a distributed runtime whose every call goes through the queue (queue_min_units -1):
 *             submit, a worker's pipeline, the task record, the completion event;
 *   the overhead per job is queued − local, sequentially (latency) and with 16 calls in flight
 *   (the amortized cost when the queue is busy).
 * Then it measures cancellation: a running 20 s job is cancelled and the worker's log gives the
 * delay from tasks/cancel's publish to the worker aborting the run, and to the run's end (the pool
 * terminating the thread).
 */
import os from "node:os";
import "../adapters/ark-config.js";
import { JacobianHost } from "../adapters/composition.js";
import { DEFAULT_PACKS } from "../operations/packs.js";
import { testPack } from "../test/support/packs.js";
import { tempDir } from "../test/support/runtime.js";
import { Cluster, until } from "../test/adapters/distributed/support/cluster.js";

const argv = process.argv.slice(2);
const JOBS = Number(argv[argv.indexOf("--jobs") + 1] || 300);
const payload = (i: number) => ({ left: String(123456789n * BigInt(i + 2)), right: String(987654321n * BigInt(i + 3)) });

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p50: q(0.5), p90: q(0.9), p99: q(0.99) };
}

async function sequential(host: JacobianHost, n: number): Promise<number[]> {
  const rt = host.openRuntime();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const o = await rt.run({ capability_id: "integer.compute.gcd", payload: payload(i) });
    out.push(performance.now() - t);
    if (o.outcome !== "completed") throw new Error(`call ${i}: ${JSON.stringify(o)}`);
  }
  return out;
}

async function concurrent(host: JacobianHost, n: number, inFlight: number): Promise<number> {
  const rt = host.openRuntime();
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) {
        const i = next++;
        const o = await rt.run({ capability_id: "integer.compute.gcd", payload: payload(i) });
        if (o.outcome !== "completed") throw new Error(`call ${i}: ${JSON.stringify(o)}`);
      }
    }),
  );
  return (performance.now() - t) / n;
}

const cluster = await Cluster.start({ replicas: 0, workers: 1, distributed: { queue_min_units: 0, worker_concurrency: 4, poll_interval_ms: 1000 } });
const packs = [...DEFAULT_PACKS, testPack];
const local = JacobianHost.create({ packs, artifactsDir: tempDir(), pool: false });
// Calls queued from here, taken by the worker process.
const queued = JacobianHost.create({ packs, pool: false, redis: cluster.redis.url, distributed: { queueMinUnits: -1 } });
// Calls queued and taken by a worker in this same process (a replica with replica_concurrency):
// the queue's own cost without a third process to wake on a busy machine.
const self = JacobianHost.create({ packs, pool: false, redis: cluster.redis.url, distributed: { queueMinUnits: -1, prefix: "bench-self" } });
await self.startWorker(4);
try {
  // Warm every path (module loads, connections, the worker's pool).
  for (const h of [local, queued, self]) await sequential(h, 20);
  const l = stats(await sequential(local, JOBS));
  const q = stats(await sequential(queued, JOBS));
  const m = stats(await sequential(self, JOBS));
  const lc = await concurrent(local, JOBS, 16);
  const qc = await concurrent(queued, JOBS, 16);
  const f = (x: number) => x.toFixed(3);
  const row = (name: string, x: ReturnType<typeof stats>) => console.log(`${name.padEnd(32)} ${f(x.mean).padStart(8)} ${f(x.p50).padStart(8)} ${f(x.p90).padStart(8)} ${f(x.p99).padStart(8)}`);
  const [l1] = os.loadavg();
  console.log(`task overhead, ${JOBS} sequential jobs of integer.compute.gcd, loopback Redis (${os.availableParallelism()} cores, load average ${l1!.toFixed(2)})`);
  console.log(`${"".padEnd(32)}  mean ms   p50 ms   p90 ms   p99 ms`);
  row("local (no queue)", l);
  row("queued, worker in this process", m);
  row("queued, worker process", q);
  console.log(`overhead per job, p50: ${f(m.p50 - l.p50)} ms (same process), ${f(q.p50 - l.p50)} ms (worker process); mean: ${f(m.mean - l.mean)} / ${f(q.mean - l.mean)} ms`);
  console.log(`16 in flight (worker process): local ${f(lc)} ms/call, queued ${f(qc)} ms/call → amortized overhead ${f(qc - lc)} ms per job`);

  // Cancellation latency, read from the worker's own log (same machine clock).
  const rt = queued.openRuntime();
  const start = await rt.startTask({ capability_id: "test.spin.compute", payload: { n: "20000" } }, "always");
  if (!("task" in start)) throw new Error("no task");
  const id = start.task.id;
  await until(async () => ((await rt.task(id))?.statusMessage?.startsWith("running") ? true : undefined), "the job to start");
  const cancelledAt = Date.now();
  await rt.cancelTask(id);
  const w = cluster.workers[0]!;
  const received = await w.waitFor((x) => x.event === "job_cancel_received" && x.task === id.slice(0, 8), 20_000);
  const finished = await w.waitFor((x) => x.event === "job_finished" && x.task === id.slice(0, 8), 20_000);
  console.log(`cancellation: worker aborted the run ${received.latency_ms} ms after tasks/cancel published; the run (pool thread) ended ${Date.parse(String(finished.ts)) - cancelledAt} ms after tasks/cancel`);
} finally {
  await self.close();
  await queued.close();
  await local.close();
  await cluster.stop();
}
