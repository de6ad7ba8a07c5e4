/**
 * Progress: operations report per stage (application stageReports); the MCP bridge turns stages
 * into one strictly increasing stream (wireProgress) that ends at its total when a run completes.
 */
import { expect } from "chai";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { JacobianHost } from "../../../adapters/composition.js";
import { createMcpServer } from "../../../adapters/mcp/index.js";
import { stageReports } from "../../../application/execution.js";
import { wireProgress } from "../../../adapters/mcp/progress.js";
import { tempDir } from "../../support/runtime.js";

type Report = [number, number | undefined, string | undefined];

function wire(reports: Report[], complete = false): Report[] {
  const out: Report[] = [];
  const w = wireProgress((p, t, m) => out.push([p, t, m]));
  for (const [d, t, m] of reports) w.sink(d, t, m);
  if (complete) w.finish();
  return out;
}

const FACTORING: Report[] = [
  [1, undefined, "trial division done"],
  [600, undefined, "rho: 600 iterations"],
  [0, 25, "ECM level 1: 0 of 25 curves"],
  [10, 25, "ECM level 1: 10 of 25 curves"],
  [0, 90, "ECM level 2: 0 of 90 curves"],
  [45, 90, "ECM level 2: 45 of 90 curves"],
  [0, 3000, "SIQS: 0 of 3000 relations"],
  [1500, 3000, "SIQS: 1500 of 3000 relations"],
  [3000, 3000, "SIQS: 3000 of 3000 relations"],
];

describe("progress: stages on the MCP wire", () => {
  it("the application passes stage reports through, without repeats or non-finite numbers", () => {
    const seen: Report[] = [];
    const sink = stageReports((d, t, m) => seen.push([d, t, m]));
    for (const [d, t, m] of [[0, 4, "a"], [0, 4, "a"], [2, 4, "b"], [NaN, 4, "x"], [0, 9, "stage 2"]] as Report[]) sink(d, t, m);
    expect(seen).to.deep.equal([[0, 4, "a"], [2, 4, "b"], [0, 9, "stage 2"]]);
  });

  it("passes a single stage with a known total through unchanged", () => {
    expect(wire([[0, 4, "a"], [1, 4, "b"], [4, 4, "c"]], true)).to.deep.equal([[0, 4, "a"], [1, 4, "b"], [4, 4, "c"]]);
  });

  it("makes stages one strictly increasing stream, every message sent, each stage's share about right", () => {
    const out = wire(FACTORING, true);
    expect(out.slice(0, FACTORING.length).map(([, , m]) => m)).to.deep.equal(FACTORING.map(([, , m]) => m));
    for (let i = 1; i < out.length; i++) expect(out[i]![0], String(i)).to.be.greaterThan(out[i - 1]![0]);
    for (const [p, t] of out) if (t !== undefined) expect(t).to.be.at.least(p);
    for (const [p] of out) expect(Number.isInteger(p)).to.equal(true);
    // No total while the work is unknown (trial division, rho).
    expect(out[0]![1]).to.equal(undefined);
    expect(out[1]![1]).to.equal(undefined);
    // A bar shows each stage's own share within 20 %: ECM level 2 at 45 of 90, SIQS at 1500 of 3000.
    for (const i of [5, 7]) expect(out[i]![0] / out[i]![1]!, FACTORING[i]![2]).to.be.within(0.5, 0.6);
    expect(out.at(-1)![0]).to.equal(out.at(-1)![1]);
  });

  it("ends a completed run at its total, also after a stage ended early or had no total", () => {
    const early = wire([[0, 25, "ECM: 0 of 25"], [3, 25, "ECM: 3 of 25 (factor found)"]], true);
    expect(early.at(-1)).to.deep.equal([25, 25, "done"]);
    const open = wire([[5, undefined, "searched 5 windows"], [9, undefined, "searched 9 windows"]], true);
    expect(open.at(-1)![0]).to.equal(open.at(-1)![1]);
    expect(open.at(-1)![2]).to.equal("done");
    expect(wire([[3, 3, "3 of 3"]], true)).to.deep.equal([[3, 3, "3 of 3"]]); // already full: nothing more
    expect(wire([], true)).to.deep.equal([]); // nothing reported: nothing to finish
  });

  it("stays strictly increasing and below 2^53 over hundreds of stages", () => {
    const reports: Report[] = [];
    for (let s = 0; s < 300; s++) reports.push([0, 10 + (s % 7), `stage ${s}`], [5, 10 + (s % 7), `stage ${s}`]);
    const out = wire(reports, true);
    for (let i = 1; i < out.length; i++) expect(out[i]![0]).to.be.greaterThan(out[i - 1]![0]);
    expect(out.at(-1)![1]!).to.be.below(2 ** 53);
  });
});

describe("progress: a factorization through a real MCP client", function () {
  this.timeout(60_000);

  it("notifications strictly increase, name the stage, never use the work budget as a total, and end full", async () => {
    const host = JacobianHost.create({ packs: ["integer"], artifactsDir: tempDir() }, "silent");
    const server = createMcpServer(host);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "progress-test", version: "1" });
    await client.connect(clientSide);
    const seen: { progress: number; total?: number; message?: string }[] = [];
    try {
      // 10^21 + 12,501 times 3·10^22 + 781, both prime: SIQS after an ECM pretest.
      const r = (await client.callTool(
        { name: "math.run", arguments: { capability_id: "integer.prime_factorization.compute", payload: { n: "30000000000000000375811000000000000009763281" } } },
        { onprogress: (p: { progress: number; total?: number; message?: string }) => seen.push(p), timeout: 60_000 },
      )) as { structuredContent: { outcome: string; value: { factors: { prime: string }[] } } };
      expect(r.structuredContent.outcome).to.equal("completed");
      expect(r.structuredContent.value.factors.map((f) => f.prime)).to.deep.equal(["1000000000000000012501", "30000000000000000000781"]);
      await new Promise((resolve) => setTimeout(resolve, 50)); // the client handles notifications a microtask after the response
    } finally {
      await client.close();
      await host.close();
    }
    expect(seen.length).to.be.greaterThan(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).to.be.greaterThan(seen[i - 1]!.progress);
    for (const p of seen) if (p.total !== undefined) expect(p.total).to.be.at.least(p.progress).and.not.equal(3e7);
    expect(seen.some((p) => /SIQS on a 44-digit part: \d+ of \d+ relations/.test(p.message ?? "")), seen.map((p) => p.message).join("\n")).to.equal(true);
    expect(seen.at(-1)!.progress).to.equal(seen.at(-1)!.total);
  });
});
