import { expect } from "chai";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { testJacobian } from "../../support/runtime.js";
import { testPack } from "../../support/packs.js";

describe("adapters/execution worker pool", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["integer", testPack], pool: { threads: 2, inlineMaxUnits: 1000, workerHeapMb: 128 } });
  after(() => j.close());

  it("runs expensive work off the event loop: the loop keeps turning while it runs", async () => {
    await j.run("test.spin.compute", { n: "20" }); // start a worker first (servers warm the pool at start-up)
    const h = monitorEventLoopDelay({ resolution: 5 });
    // The mechanism, not a timing: an operation on the event loop (a synchronous 600 ms spin) lets no
    // macrotask run until it returns; off the loop, setImmediate callbacks keep running meanwhile
    // (tens of thousands even on a loaded machine).
    let turns = 0;
    let spinning = true;
    const turn = (): void => {
      turns++;
      if (spinning) setImmediate(turn);
    };
    setImmediate(turn);
    h.enable();
    const o = await j.run("test.spin.compute", { n: "600" });
    h.disable();
    spinning = false;
    expect(o.outcome).to.equal("completed");
    console.log(`      event-loop lag during a 600 ms pooled operation: max ${(h.max / 1e6).toFixed(1)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms; ${turns} loop turns`);
    expect(turns).to.be.above(100);
  });

  it("cancelling terminates a worker that never checks for cancellation: its thread is gone", async () => {
    // The spinner runs for 20 s and never looks at its signal: an outcome before then means the
    // caller was not kept waiting, and the spinning thread leaving the process (Linux lists a
    // process's threads in /proc/self/task) means the worker was terminated, not abandoned.
    const ac = new AbortController();
    const before = threadTimes();
    const p = j.run("test.spin.compute", { n: "20000" }, { signal: ac.signal });
    await new Promise((r) => setTimeout(r, 300));
    const spinner = busiestThreadSince(before);
    const t0 = performance.now();
    ac.abort();
    const o = await p;
    const elapsed = performance.now() - t0;
    expect(o.outcome).to.equal("non_conclusion");
    expect((o as any).reason.code).to.equal("CANCELLED");
    expect(elapsed, "outcome long before the 20 s spin would end").to.be.below(10_000);
    if (spinner === undefined) return console.log("      (no /proc/self/task here: thread exit not observed)");
    let gone = false;
    for (let i = 0; i < 200 && !gone; i++) {
      gone = !existsSync(`/proc/self/task/${spinner}`);
      if (!gone) await new Promise((r) => setTimeout(r, 50));
    }
    console.log(`      cancel → outcome in ${elapsed.toFixed(1)} ms; spinning thread ${spinner} ${gone ? "exited" : "still present"}`);
    expect(gone, "the spinning worker thread exited").to.equal(true);
  });

  it("a wall-time overrun is non_conclusion TIMEOUT and the pool keeps serving", async () => {
    const jt = testJacobian({ packs: [testPack], pool: { threads: 1, inlineMaxUnits: 0, workerHeapMb: 128 }, budgets: { "test.spin.compute": { timeout_ms: 1500 } } });
    const t0 = performance.now();
    const o = await jt.run("test.spin.compute", { n: "20000" });
    console.log(`      timeout of 1500 ms → outcome after ${(performance.now() - t0).toFixed(0)} ms`);
    expect((o as any).reason.code).to.equal("TIMEOUT");
    const again = await jt.run("test.spin.compute", { n: "10" });
    expect(again.outcome).to.equal("completed");
    await jt.close();
  });

  it("a worker over its heap limit fails as PROVIDER_FAILURE and is replaced", async () => {
    const o = await j.run("test.hog.compute", { n: "100000" });
    expect(o.outcome).to.equal("non_conclusion");
    expect((o as any).reason.code).to.equal("PROVIDER_FAILURE");
    expect((o as any).reason.message).to.match(/memory/);
    expect((await j.run("test.spin.compute", { n: "5" })).outcome).to.equal("completed");
  });

  it("relays progress from the worker, up to and including its final message", async () => {
    // The worker posts its last progress message just before it returns; the port used to be
    // closed as soon as the task settled, dropping that message about one run in six.
    for (let round = 0; round < 5; round++) {
      const seen: number[] = [];
      const o = await j.run("test.slow.compute", { n: "30" }, { onProgress: (d) => seen.push(d) });
      expect(o.outcome).to.equal("completed");
      expect(seen.length).to.be.greaterThan(0);
      expect(seen[seen.length - 1], `round ${round}: ${seen.join(",")}`).to.equal(30);
    }
  });

  it("domain errors raised in a worker keep their code and path", async () => {
    const o = await j.run("test.liar.compute", { n: "1" });
    expect((o as any).error.code).to.equal("POSTCONDITION_VIOLATED");
  });
});

describe("checkpoints through the executors", function () {
  this.timeout(30_000);
  for (const pool of [false, { threads: 1, inlineMaxUnits: 0 }] as const) {
    it(`${pool ? "pool worker thread" : "inline"}: checkpoints reach the caller, and a resumed run starts where one left off`, async () => {
      const j = testJacobian({ packs: [testPack], pool });
      try {
        const states: { i: number }[] = [];
        const ac = new AbortController();
        const first = await j.run("test.checkpoint.compute", { n: "400" }, {
          signal: ac.signal,
          onCheckpoint: (s) => {
            states.push(s as { i: number });
            if ((s as { i: number }).i >= 20) ac.abort();
          },
        });
        expect(first).to.deep.include({ outcome: "non_conclusion" });
        const last = states.at(-1)!;
        expect(last.i).to.be.at.least(20);
        const second = await j.run("test.checkpoint.compute", { n: "400" }, { resume: last });
        expect((second as { value?: unknown }).value).to.deep.equal({ n: "400", resumed_from: String(last.i) });
      } finally {
        await j.close();
      }
    });
  }
});

/** CPU ticks (user + system) of each thread of this process, by thread id; empty where /proc is absent. */
function threadTimes(): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(tid, Number(fields[11]) + Number(fields[12])); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // the thread exited while listed
    }
  }
  return out;
}

/** The thread that used the most CPU since `before` (the spinning worker), if any was measured. */
function busiestThreadSince(before: Map<string, number>): string | undefined {
  let best: string | undefined;
  let most = 0;
  for (const [tid, t] of threadTimes()) {
    if (tid === String(process.pid)) continue; // the main thread
    const used = t - (before.get(tid) ?? 0);
    if (used > most) { most = used; best = tid; }
  }
  return best;
}

describe("a pooled result above the inline size", function () {
  this.timeout(60_000);

  it("comes back as its canonical bytes: the same artifact and value as computed inline, and its ref feeds the checker", async () => {
    const opts = { packs: ["graph"], inlineValueBytes: 1024 };
    const pooled = testJacobian({ ...opts, pool: { threads: 1, inlineMaxUnits: 1000, workerHeapMb: 256 } });
    const inline = testJacobian({ ...opts, pool: false });
    try {
      let seed = 12345;
      const next = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % k);
      const n = 300;
      const vertices = Array.from({ length: n }, (_, i) => `v${i}`);
      const edges = Array.from({ length: 1500 }, () => [vertices[next(n)]!, vertices[next(n)]!, next(4) ? String(next(50)) : `${next(50)}/${1 + next(6)}`]);
      const graph = { vertices, edges };
      const a = (await pooled.run("graph.shortest_paths.compute", { graph, source: "v0" })) as any;
      const b = (await inline.run("graph.shortest_paths.compute", { graph, source: "v0" })) as any;
      expect(a.outcome, JSON.stringify(a).slice(0, 300)).to.equal("completed");
      expect(a.value, "published as an artifact").to.equal(undefined);
      expect(a.value_artifact).to.be.a("string");
      expect(a.value_artifact, "content address").to.equal(b.value_artifact);
      const ma = (await pooled.artifact(a.value_artifact)) as any, mb = (await inline.artifact(b.value_artifact)) as any;
      expect(ma.result).to.deep.equal(mb.result);
      expect(ma.result.distances).to.have.length(n - ma.result.unreachable.length);
      // The pooled value is parsed from the worker's bytes when the checker's input port reads it.
      const checked = (await pooled.run("graph.shortest_paths.verify", { graph, source: "v0" }, { inputs: { claim: { value_ref: a.refs.result } } })) as any;
      expect(checked.outcome, JSON.stringify(checked).slice(0, 300)).to.equal("completed");
      expect(checked.value.verdict).to.equal("accepted");
    } finally {
      await pooled.close();
      await inline.close();
    }
  });
});
