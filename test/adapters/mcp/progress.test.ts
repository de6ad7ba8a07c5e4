/**
 * Progress: operations report per stage (application stageReports); the MCP bridge turns stages
 * into one strictly increasing stream (wireProgress) that ends at its total when a run completes.
 */
import { expect } from "chai";
import { stageReports } from "../../../application/execution.js";
import { wireProgress } from "../../../adapters/mcp/progress.js";

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
