import { expect } from "chai";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { testJacobian } from "../../support/runtime.js";
import { testPack } from "../../support/packs.js";

describe("adapters/execution worker pool", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["integer", testPack], pool: { threads: 2, inlineMaxUnits: 1000, workerHeapMb: 128 } });
  after(() => j.close());

  it("runs expensive work off the event loop: lag stays under 20 ms", async () => {
    await j.run("test.spin.compute", { n: "20" }); // start a worker first (servers warm the pool at start-up)
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    const o = await j.run("test.spin.compute", { n: "600" });
    h.disable();
    expect(o.outcome).to.equal("completed");
    const maxMs = h.max / 1e6;
    console.log(`      event-loop lag during a 600 ms pooled operation: max ${maxMs.toFixed(1)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms`);
    // The mechanism is asserted with head-room for a loaded 2-core machine: an operation on the
    // event loop would push p99 to ~600 ms; off the loop it stays near the timer resolution
    // (the figure on a quiet machine is reported in the issue notes; the goal is < 20 ms).
    expect(h.percentile(99) / 1e6).to.be.below(50);
  });

  it("cancelling terminates a worker that never checks for cancellation; CPU is free within 100 ms", async () => {
    const ac = new AbortController();
    const p = j.run("test.spin.compute", { n: "20000" }, { signal: ac.signal });
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    ac.abort();
    const o = await p;
    const elapsed = performance.now() - t0;
    expect(o.outcome).to.equal("non_conclusion");
    expect((o as any).reason.code).to.equal("CANCELLED");
    // process.cpuUsage counts every thread: were the spinner alive it would add ~100% of wall time.
    // The window opens 100 ms after the abort; a replacement worker may still be booting then.
    await new Promise((r) => setTimeout(r, Math.max(0, 100 - elapsed)));
    const cpu0 = process.cpuUsage();
    const w0 = performance.now();
    await new Promise((r) => setTimeout(r, 1000));
    const used = process.cpuUsage(cpu0);
    const cpuMs = (used.user + used.system) / 1000;
    const wall = performance.now() - w0;
    console.log(`      cancel → outcome in ${elapsed.toFixed(1)} ms; CPU from 100 ms after cancel over ${wall.toFixed(0)} ms: ${cpuMs.toFixed(0)} ms (all threads)`);
    expect(elapsed).to.be.below(100);
    expect(cpuMs).to.be.below(wall * 0.6); // the spinning worker is gone
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
