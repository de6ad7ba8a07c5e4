import { expect } from "chai";
import { createJacobian } from "../../../adapters/api/index.js";
import { RedisLink } from "../../../adapters/distributed/redis.js";
import { RedisArtifactStore } from "../../../adapters/distributed/redis-artifact-store.js";
import { resolveSettings } from "../../../adapters/config.js";
import { FsArtifactStore } from "../../../adapters/stores/fs-artifact-store.js";
import type { Logger } from "../../../domain/ports.js";
import { testPack } from "../../support/packs.js";
import { startRedis, type TestRedis } from "../../support/redis.js";
import { tempDir } from "../../support/runtime.js";
import { until } from "./support/cluster.js";

const silent: Logger = { info() {}, warn() {}, error() {}, debug: false };

describe("adapters/distributed: the Redis artifact store", function () {
  this.timeout(60_000);
  let redis: TestRedis;
  let link: RedisLink;
  let store: RedisArtifactStore;

  before(async () => {
    redis = await startRedis();
    link = new RedisLink(resolveSettings({ redis: redis.url, distributed: { prefix: "store-test" } }).distributed!, silent);
    store = new RedisArtifactStore(link);
  });
  after(async () => {
    await link?.close();
    await redis?.stop();
  });

  it("gives the same ids as the directory store and re-hashes on read", async () => {
    const content = { kind: "result", operation: { id: "x.y.z", version: "1" }, request: { n: "-2" }, result: { digits: "9".repeat(1000) }, parents: [] };
    const fs = new FsArtifactStore(tempDir());
    const uri = await store.put(content);
    expect(uri).to.equal(await fs.put(content));
    expect(await store.put(content)).to.equal(uri); // idempotent
    expect(await store.get(uri)).to.deep.equal(content);
    expect(await store.list()).to.include(uri);
    expect(await store.get("artifact://sha256/" + "0".repeat(64))).to.equal(undefined);
    expect(await store.get("../../etc/passwd")).to.equal(undefined);
    expect(store.location).to.match(/^redis:\/\/127\.0\.0\.1:\d+\/0 \(prefix store-test\)$/);
  });

  it("refuses corrupt content and reports it in verify; gc drops index entries without content and old artifacts", async () => {
    const good = await store.put({ a: "1" });
    const bad = await store.put({ b: "2" });
    const r = await link.command();
    await r.set(link.key("artifact", bad.slice(-64)), '{"b":"3"}');
    let thrown: Error | undefined;
    await store.get(bad).catch((e: Error) => (thrown = e));
    expect(thrown?.message).to.match(/corrupt/);
    expect((await store.verifyAll()).corrupt).to.deep.equal([bad]);
    await r.del(link.key("artifact", bad.slice(-64)));
    expect(await store.gc({})).to.deep.include({ temporaries: 1, removed: [] });
    expect(await store.list()).to.not.include(bad);
    const gone = await store.gc({ olderThanMs: 0 });
    expect(gone.removed).to.include(good);
    expect(await store.list()).to.deep.equal([]);
  });

  it("an unreachable Redis is PROVIDER_UNAVAILABLE, not a crash or a hang; writes work again once it is back", async () => {
    const j = createJacobian({ packs: [testPack], pool: false, redis: redis.url, distributed: { prefix: "store-test-run" } });
    try {
      const ok = await j.run("test.big.compute", { n: "300000" });
      expect(ok.outcome).to.equal("completed");
      await redis.stop();
      let thrown: Error | undefined;
      await store.put({ c: "1" }).catch((e: Error) => (thrown = e));
      expect(thrown?.name).to.equal("ProviderUnavailable");
      const down = await j.run("test.big.compute", { n: "300001" });
      expect(down).to.deep.include({ outcome: "non_conclusion" });
      expect((down as { reason: { code: string; message: string } }).reason.code).to.equal("PROVIDER_UNAVAILABLE");
      expect((down as { reason: { message: string } }).reason.message).to.match(/shared artifact store \(redis:\/\/127\.0\.0\.1:\d+\/0\) is unavailable/);
      expect((await j.run("test.echo.compute", { n: "5" })).outcome).to.equal("completed"); // needs no Redis
      await redis.start();
      const back = await until(async () => {
        const o = await j.run("test.big.compute", { n: "300001" });
        return o.outcome === "completed" ? o : undefined;
      }, "a write after Redis restarted");
      expect((await j.artifact((back as { value_artifact: string }).value_artifact)) as unknown).to.have.nested.property("result.digits");
    } finally {
      await j.close();
    }
  });
});

describe("adapters/distributed: a replica that also runs jobs (replica_concurrency)", function () {
  this.timeout(60_000);
  it("a queued call is taken by the in-process worker and its value:// refs are issued by the calling runtime", async () => {
    const redis = await startRedis();
    const { JacobianHost } = await import("../../../adapters/composition.js");
    const lines: { event: string; fields?: Record<string, unknown> }[] = [];
    const logger: Logger = { debug: false, info: (event, fields) => void lines.push({ event, ...(fields ? { fields } : {}) }), warn() {}, error() {} };
    const host = JacobianHost.create({ packs: ["matrix"], pool: false, redis: redis.url, logger, distributed: { queueMinUnits: 0, prefix: "replica-consumes" } });
    try {
      await host.startWorker(1);
      const rt = host.openRuntime();
      const matrix = { ring: "ZZ", rows: [["2", "1"], ["1", "3"]] };
      const out = await rt.run({ capability_id: "matrix.determinant.compute", payload: { matrix } });
      expect(out).to.deep.include({ outcome: "completed", value: { determinant: "5", ring: "ZZ" } });
      expect(lines.some((l) => l.event === "job_finished")).to.equal(true);
      const ref = (out as { refs?: Record<string, string> }).refs?.determinant;
      expect(ref).to.match(/^value:\/\//);
      const verdict = await rt.run({ capability_id: "matrix.determinant.verify", payload: { matrix }, inputs: { claim: { value_ref: ref! } } });
      expect((verdict as { value?: { verdict?: string } }).value?.verdict).to.equal("accepted");
    } finally {
      await host.close();
      await redis.stop();
    }
  });
});

describe("jacobian serve --redis / jacobian worker (the shipped CLI)", function () {
  this.timeout(60_000);
  const CLI = new URL("../../../adapters/cli/main.js", import.meta.url).pathname;

  it("a worker needs --redis; with it, a replica's queued call runs on the worker", async () => {
    const { spawn, spawnSync } = await import("node:child_process");
    const usage = spawnSync(process.execPath, [CLI, "worker"], { encoding: "utf8", env: { ...process.env, JACOBIAN_CONFIG: "" } });
    expect(usage.status).to.equal(2);
    expect(usage.stderr).to.match(/needs distributed mode: give --redis/);
    expect(spawnSync(process.execPath, [CLI, "worker", "--concurrency", "0", "--redis", "redis://127.0.0.1:1"], { encoding: "utf8" }).status).to.equal(2);

    const redis = await startRedis();
    const { writeFileSync } = await import("node:fs");
    const config = `${tempDir()}/jacobian.config.json`;
    writeFileSync(config, JSON.stringify({ distributed: { queue_min_units: 0, prefix: "cli-test" } }));
    const procs = [spawn(process.execPath, [CLI, "worker", "--redis", redis.url, "--config", config, "--packs", "integer"], { stdio: ["ignore", "ignore", "pipe"] })];
    try {
      const stderr = (i: number) => {
        let text = "";
        procs[i]!.stderr!.on("data", (d: Buffer) => void (text += d.toString()));
        return () => text;
      };
      const workerLog = stderr(0);
      await until(async () => (/worker \S+ on redis:/.test(workerLog()) ? true : undefined), "the worker to start");
      procs.push(spawn(process.execPath, [CLI, "serve", "--http", "--port", "0", "--redis", redis.url, "--config", config, "--packs", "integer"], { stdio: ["ignore", "ignore", "pipe"] }));
      const replicaLog = stderr(1);
      const url = await until(async () => /MCP over Streamable HTTP at (\S+)/.exec(replicaLog())?.[1], "the replica to start");
      const { modernRun } = await import("./support/wire.js");
      const r = await modernRun(url, "integer.compute.gcd", { left: "84", right: "30" });
      expect(r.result.structuredContent.value).to.deep.equal({ gcd: "6" });
      await until(async () => (/"event":"job_finished"/.test(workerLog()) ? true : undefined), "the worker's job log");
      const doctor = spawnSync(process.execPath, [CLI, "doctor", "--redis", redis.url, "--config", config], { encoding: "utf8" });
      expect(JSON.parse(doctor.stdout).distributed).to.deep.include({ reachable: true });
    } finally {
      for (const p of procs) p.kill("SIGTERM");
      await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once("exit", r)))));
      await redis.stop();
    }
  });
});
