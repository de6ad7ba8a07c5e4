/**
 * Stateful behaviour through real clients: value:// chains within a session (stdio connection or
 * 2025-era HTTP session), their absence across 2026-era HTTP requests, progress notifications,
 * cancellation reaching the running operation, and runtime lifecycle.
 */
import path from "node:path";
import { expect } from "chai";
import { JacobianHost } from "../../../adapters/composition.js";
import { startHttpServer, type HttpServerHandle } from "../../../adapters/mcp/index.js";
import { tempDir } from "../../support/runtime.js";
import { capturingLogger, connectHttp, connectStdio, envelope, KINDS, readEvents, sleep, TEST_PACKS, waitFor, type Kind, type Progress, type TestClient } from "./support/harness.js";

const det2 = (m: string[][]) => BigInt(m[0]![0]!) * BigInt(m[1]![1]!) - BigInt(m[0]![1]!) * BigInt(m[1]![0]!);

describe("MCP adapter: sessions, progress and cancellation", function () {
  this.timeout(30_000);
  let artifactsDir: string;
  let eventsFile: string;
  let logger: ReturnType<typeof capturingLogger>;
  let host: JacobianHost;
  let http: HttpServerHandle;
  let tagCounter = 0;
  const tag = () => `t${process.pid}-${++tagCounter}-${Date.now()}`;

  before(async () => {
    artifactsDir = tempDir("jacobian-mcp-");
    eventsFile = path.join(artifactsDir, "events.jsonl");
    process.env.JACOBIAN_MCP_TEST_EVENTS = eventsFile; // in-process operations record here too (worker-safe)
    logger = capturingLogger();
    host = JacobianHost.create({ packs: TEST_PACKS, artifactsDir, logger }, "silent");
    http = await startHttpServer(host, { port: 0 });
  });
  after(async () => {
    delete process.env.JACOBIAN_MCP_TEST_EVENTS;
    await http?.close();
    await host?.close();
  });

  const connect = (transport: "stdio" | "http", kind: Kind) => (transport === "stdio" ? connectStdio(kind, { artifactsDir, eventsFile }) : connectHttp(kind, http.url));
  const opEvents = () => readEvents(eventsFile);

  const chains: [("stdio" | "http"), Kind][] = [
    ["stdio", "v2-legacy"],
    ["stdio", "v2-modern"],
    ["stdio", "v1"],
    ["http", "v2-legacy"],
    ["http", "v1"],
  ];

  for (const [transport, kind] of chains) {
    describe(`${kind} over ${transport} (one session)`, () => {
      let c: TestClient;
      before(async () => {
        c = await connect(transport, kind);
      });
      after(async () => {
        await c?.close();
      });

      it("chains a value:// reference from an output port into an input port", async () => {
        const n = 12345678901234567890n;
        const first = envelope(await c.run("mcptest.square.compute", { n: n.toString() }));
        expect(first.outcome).to.equal("completed");
        expect(first.value.square).to.equal((n * n).toString());
        const ref: string = first.refs.square;
        expect(ref).to.match(/^value:\/\/[A-Za-z0-9_-]{32}$/);
        const second = envelope(await c.run("mcptest.increment.compute", {}, { x: { value_ref: ref } }));
        expect(second.outcome).to.equal("completed");
        expect(second.value.next).to.equal((n * n + 1n).toString());
        const unknown = envelope(await c.run("mcptest.increment.compute", {}, { x: { value_ref: "value://" + "A".repeat(32) } }));
        expect(unknown.error).to.include({ code: "INVALID_INPUT_REF", path: "inputs.x.value_ref" });
      });

      it("chains matrix.multiply.compute → matrix.determinant.compute by reference (when installed)", async function () {
        const catalog = JSON.parse((await c.readResource("capability://catalog")).contents[0]!.text!);
        const ids = catalog.operations.map((o: { id: string }) => o.id);
        if (!ids.includes("matrix.multiply.compute") || !ids.includes("matrix.determinant.compute")) this.skip();
        const A = [["3", "1"], ["4", "2"]], B = [["12345678901234567890", "1"], ["2", "3"]];
        const product = envelope(await c.run("matrix.multiply.compute", { left: { ring: "ZZ", rows: A }, right: { ring: "ZZ", rows: B } }));
        expect(product.outcome).to.equal("completed");
        const det = envelope(await c.run("matrix.determinant.compute", {}, { matrix: { value_ref: product.refs.product } }));
        expect(det.outcome).to.equal("completed");
        expect(det.value.determinant).to.equal((det2(A) * det2(B)).toString());
      });

      it("sends a progress notification for every step (steps are slower than the throttle)", async () => {
        const seen: Progress[] = [];
        const out = envelope(await c.run("mcptest.wait.compute", { steps: "6", step_ms: "60", tag: tag() }, undefined, { onprogress: (p) => seen.push(p) }));
        expect(out.outcome).to.equal("completed");
        expect(seen.length).to.be.at.least(3);
        for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).to.be.greaterThan(seen[i - 1]!.progress);
        for (const p of seen) expect(p).to.deep.include({ total: 6, message: `step ${p.progress} of 6` });
        // The server sends the final 6/6 before the result (stdio.test.ts checks the wire order),
        // but both SDK clients handle a response synchronously and a notification one microtask
        // later, so when the two arrive in one read the final notification can be dropped on the
        // client side. Every earlier step must arrive.
        expect(seen.map((p) => p.progress)).to.deep.equal([1, 2, 3, 4, 5, 6].slice(0, Math.max(5, seen.length)));
      });

      it("cancellation reaches the running operation (it observes its signal aborted)", async () => {
        const t = tag();
        const ac = new AbortController();
        const pending = c.run("mcptest.wait.compute", { steps: "2000", step_ms: "10", tag: t }, undefined, { signal: ac.signal });
        await waitFor(() => opEvents().some((e) => e.tag === t && e.event === "started"), 5000, "the operation to start");
        const t0 = Date.now();
        ac.abort(new Error("user cancelled"));
        let rejected = false;
        await pending.catch(() => (rejected = true));
        expect(rejected).to.equal(true);
        const aborted = await waitFor(() => opEvents().find((e) => e.tag === t && e.event === "aborted"), 3000, "the operation to observe the abort");
        expect(Date.now() - t0).to.be.lessThan(3000);
        expect(aborted.step).to.be.lessThan(2000);
        expect(opEvents().some((e) => e.tag === t && e.event === "finished")).to.equal(false);
        // The session is still usable afterwards.
        expect(envelope(await c.run("integer.compute.gcd", { left: "84", right: "30" })).value.gcd).to.equal("6");
      });
    });
  }

  describe("2025-era HTTP sessions and runtimes", () => {
    it("keeps one runtime per session and closes it (and its references) on DELETE", async () => {
      const before = host.openRuntimes;
      const c = await connectHttp("v2-legacy", http.url);
      try {
        const ref = envelope(await c.run("mcptest.square.compute", { n: "7" })).refs.square;
        expect(http.sessions).to.be.at.least(1);
        expect(host.openRuntimes).to.equal(before + 1);
        await c.terminateSession();
        await waitFor(() => host.openRuntimes === before, 3000, "the session runtime to close");
        const other = await connectHttp("v1", http.url);
        try {
          const out = envelope(await other.run("mcptest.increment.compute", {}, { x: { value_ref: ref } }));
          expect(out.error.code).to.equal("INVALID_INPUT_REF");
        } finally {
          await other.close();
        }
      } finally {
        await c.close();
      }
    });

    it("lists to each session only the artifacts it produced; any artifact stays readable by its exact id", async () => {
      const a = await connectHttp("v2-legacy", http.url);
      const b = await connectHttp("v1", http.url);
      try {
        const produced = envelope(await a.run("test.slow.verify", { n: "4" }));
        const uri: string = produced.artifacts[0];
        expect(uri).to.match(/^artifact:\/\/sha256\/[0-9a-f]{64}$/);
        const listedByA = (await a.listResources()).map((r) => r.uri);
        const listedByB = (await b.listResources()).map((r) => r.uri);
        expect(listedByA).to.include(uri);
        expect(listedByB).to.not.include(uri);
        expect(listedByB.filter((u) => u.startsWith("artifact://"))).to.deep.equal([]);
        expect(listedByB).to.include("capability://catalog");
        const { contents } = await b.readResource(uri);
        expect(JSON.parse(contents[0]!.text!).kind).to.equal("evidence");
        // B's own artifact appears in B's listing only.
        const mine: string = envelope(await b.run("test.slow.verify", { n: "6" })).artifacts[0];
        expect((await b.listResources()).map((r) => r.uri)).to.include(mine);
        expect((await a.listResources()).map((r) => r.uri)).to.not.include(mine);
      } finally {
        await a.close();
        await b.close();
      }
    });

    it("logs the cancelled run as non_conclusion CANCELLED with the session id", async () => {
      const c = await connectHttp("v2-legacy", http.url);
      try {
        const t = tag();
        const ac = new AbortController();
        const pending = c.run("mcptest.wait.compute", { steps: "2000", step_ms: "10", tag: t }, undefined, { signal: ac.signal });
        await waitFor(() => opEvents().some((e) => e.tag === t && e.event === "started"), 5000, "start");
        ac.abort();
        await pending.catch(() => undefined);
        const line = await waitFor(() => logger.lines.find((l) => l.event === "mcp_tool_call" && l.capability_id === "mcptest.wait.compute" && l.code === "CANCELLED"), 3000, "the log line");
        expect(line).to.include({ tool: "math.run", outcome: "non_conclusion", transport: "http", era: "legacy" });
        expect(line.session).to.be.a("string");
      } finally {
        await c.close();
      }
    });
  });

  describe("2026-07-28 HTTP (stateless)", () => {
    let c: TestClient;
    before(async () => {
      c = await connectHttp("v2-modern", http.url);
    });
    after(async () => {
      await c?.close();
    });

    it("gives every request a fresh runtime, closed afterwards, and issues no refs that could never resolve", async () => {
      const before = host.openRuntimes;
      const first = envelope(await c.run("mcptest.square.compute", { n: "11" }));
      expect(first.value.square).to.equal("121");
      expect(first).to.not.have.property("refs");
      const second = envelope(await c.run("mcptest.increment.compute", {}, { x: { value_ref: "value://" + "A".repeat(32) } }));
      expect(second.outcome).to.equal("failed");
      expect(second.error.code).to.equal("INVALID_INPUT_REF");
      await waitFor(() => host.openRuntimes === before, 3000, "per-request runtimes to close");
    });

    it("cancellation (the client dropping the request) reaches the operation", async () => {
      const t = tag();
      const ac = new AbortController();
      const pending = c.run("mcptest.wait.compute", { steps: "2000", step_ms: "10", tag: t }, undefined, { signal: ac.signal });
      await waitFor(() => opEvents().some((e) => e.tag === t && e.event === "started"), 5000, "start");
      ac.abort();
      await pending.catch(() => undefined);
      await waitFor(() => opEvents().some((e) => e.tag === t && e.event === "aborted"), 3000, "the operation to observe the abort");
    });
  });

  it("the three client kinds all see progress over HTTP", async () => {
    for (const kind of KINDS) {
      const c = await connectHttp(kind, http.url);
      try {
        const seen: Progress[] = [];
        await c.run("mcptest.wait.compute", { steps: "4", step_ms: "60", tag: tag() }, undefined, { onprogress: (p) => seen.push(p) });
        expect(seen.length, kind).to.be.at.least(3);
        expect(seen.at(-1)!.progress, kind).to.be.at.least(3);
        expect(seen.at(-1)!.total, kind).to.equal(4);
      } finally {
        await c.close();
      }
    }
    await sleep(10);
  });
});
