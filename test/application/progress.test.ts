import { expect } from "chai";
import { finishingProgress, stagedProgress } from "../../application/execution.js";

type Report = [number, number | undefined, string | undefined];

/** The wire stream stagedProgress makes of an operation's per-stage reports. */
function wire(reports: Report[]): Report[] {
  const out: Report[] = [];
  const sink = stagedProgress((p, t, m) => out.push([p, t, m]));
  for (const [d, t, m] of reports) sink(d, t, m);
  return out;
}

describe("application/execution: progress", () => {
  it("passes one stage with a known total through unchanged and drops repeats", () => {
    expect(wire([[0, 4, "a"], [1, 4, "b"], [1, 4, "b"], [4, 4, "c"]])).to.deep.equal([[0, 4, "a"], [1, 4, "b"], [4, 4, "c"]]);
  });

  it("continues a new stage (done back to 0, or another total) where the previous one ended, strictly increasing", () => {
    const out = wire([
      [1, undefined, "trial division"],
      [600, undefined, "rho: 600 iterations"],
      [0, 25, "ECM level 1: 0 of 25 curves"],
      [10, 25, "ECM level 1: 10 of 25 curves"],
      [0, 90, "ECM level 2: 0 of 90 curves"],
      [45, 90, "ECM level 2: 45 of 90 curves"],
      [0, 3000, "SIQS: 0 of 3000 relations"],
      [3000, 3000, "SIQS: 3000 of 3000 relations"],
    ]);
    expect(out.map(([, , m]) => m)).to.deep.equal([
      "trial division",
      "rho: 600 iterations",
      "ECM level 1: 0 of 25 curves",
      "ECM level 1: 10 of 25 curves",
      "ECM level 2: 0 of 90 curves",
      "ECM level 2: 45 of 90 curves",
      "SIQS: 0 of 3000 relations",
      "SIQS: 3000 of 3000 relations",
    ]);
    for (let i = 1; i < out.length; i++) expect(out[i]![0]).to.be.greaterThan(out[i - 1]![0]);
    for (const [p, t] of out) if (t !== undefined) expect(t).to.be.at.least(p);
    // The stage's own share is exact: ECM level 2 at 45 of 90 is offset + 45 of offset + 90.
    const [p, t] = out[5]!;
    expect(t! - p).to.equal(45);
    expect(out.at(-1)![0]).to.equal(out.at(-1)![1]); // the last stage reached its total
  });

  it("ends a completed run at its total, with or without one", () => {
    const seen: Report[] = [];
    const f = finishingProgress((p, t, m) => seen.push([p, t, m]));
    f.sink(3, 10, "3 of 10");
    f.finish();
    expect(seen.at(-1)).to.deep.equal([10, 10, "done"]);
    const open: Report[] = [];
    const g = finishingProgress((p, t, m) => open.push([p, t, m]));
    g.sink(7, undefined, "searched 7 windows");
    g.finish();
    expect(open.at(-1)).to.deep.equal([8, 8, "done"]);
    const quiet: Report[] = [];
    const h = finishingProgress((p, t, m) => quiet.push([p, t, m]));
    h.finish(); // nothing reported: nothing to finish
    h.sink(5, 5, "5 of 5");
    h.finish(); // already at its total
    expect(quiet).to.deep.equal([[5, 5, "5 of 5"]]);
  });
});
