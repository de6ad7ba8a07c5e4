import { expect } from "chai";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";

interface Egcd {
  gcd: string;
  x: string;
  y: string;
}

describe("integer.extended_gcd.compute cross-checked with PARI/GP (gcdext)", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["integer"] });
  after(() => j.close());

  /** PARI's gcdext returns [u, v, d] with the same normalisation (Euclid's cofactors, signs carried): compared exactly. */
  async function compare(cases: [bigint, bigint][]): Promise<void> {
    const lines = gp(cases.map(([a, b]) => `v = gcdext(${a}, ${b}); print(v[3], " ", v[1], " ", v[2])`).join("\n"));
    expect(lines.length).to.equal(cases.length);
    for (let i = 0; i < cases.length; i++) {
      const [a, b] = cases[i]!;
      const o = await j.run("integer.extended_gcd.compute", { left: a.toString(), right: b.toString() });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      if (o.outcome !== "completed") return;
      const v = o.value as unknown as Egcd;
      const [d, u, w] = lines[i]!.split(" ");
      expect([v.gcd, v.x, v.y], `case ${i}: ${a.toString().slice(0, 40)}…, ${b.toString().slice(0, 40)}…`).to.deep.equal([d, u, w]);
      expect(a * BigInt(v.x) + b * BigInt(v.y)).to.equal(BigInt(v.gcd));
    }
  }

  it("agrees exactly on edge cases: zeros, units, equal absolute values, divisibility, all sign combinations", async () => {
    const base: [bigint, bigint][] = [[0n, 0n], [0n, 7n], [7n, 0n], [1n, 1n], [5n, 5n], [6n, 3n], [3n, 6n], [2n, 1n], [1n, 2n], [240n, 46n], [17n, 120n], [12n, 12n]];
    const cases: [bigint, bigint][] = [];
    for (const [a, b] of base) for (const sa of [1n, -1n]) for (const sb of [1n, -1n]) cases.push([sa * a, sb * b]);
    await compare(cases);
  });

  it("agrees exactly on 150 seeded pairs of 1–3000 digits with shared factors and unbalanced sizes", async () => {
    const r = rng(424242);
    const cases: [bigint, bigint][] = [];
    while (cases.length < 150) {
      const g = r.digits(r.pick([1, 2, 10, 100, 800]));
      const shape = r.int(0, 3);
      if (shape === 0) cases.push([r.signedDigits(r.int(1, 30)), r.signedDigits(r.int(1, 30))]);
      else if (shape === 1) cases.push([r.signedDigits(r.int(30, 600)) * g, r.signedDigits(r.int(30, 600)) * g]);
      else if (shape === 2) cases.push([r.signedDigits(r.int(1000, 3000)) * g, r.signedDigits(r.int(1000, 3000)) * g]);
      else cases.push([r.signedDigits(r.int(1000, 3000)) * g, r.signedDigits(r.int(1, 50)) * g]);
    }
    await compare(cases);
  });

  it("agrees exactly on 20,000-digit operands and one pair of 60,000 digits", async () => {
    const r = rng(99);
    const g = r.digits(3000);
    await compare([
      [r.digits(20_000), -r.digits(20_000)],
      [r.digits(17_000) * g, r.digits(17_000) * g],
      [r.digits(60_000), r.digits(60_000)],
    ]);
  });
});

describe("integer.extended_gcd.compute inspection and bounds", () => {
  const j = testJacobian({ packs: ["integer"] });
  after(() => j.close());

  it("documents its normalisation and bounds in the inspection", () => {
    const ins = j.inspect("integer.extended_gcd.compute") as unknown as { capability: { summary: string; preflight: { bounds: { name: string; limit: number }[] } } };
    expect(ins.capability.summary).to.match(/sign\(a\)/).and.to.match(/\|x\| ≤ \|b\|\/\(2g\)/);
    expect(ins.capability.preflight.bounds[0]).to.include({ name: "digits", limit: 100_000 });
  });

  it("refuses malformed operands with INVALID_PAYLOAD", async () => {
    for (const payload of [{ left: "1.5", right: "2" }, { left: "1", right: "+2" }, { left: "1" }]) {
      const o = await j.run("integer.extended_gcd.compute", payload);
      expect(o.outcome).to.equal("failed");
      if (o.outcome === "failed") expect(o.error.code).to.equal("INVALID_PAYLOAD");
    }
    const o = await j.run("integer.extended_gcd.compute", { left: "1", right: "2", modulus: "3" });
    expect(o.outcome).to.equal("failed");
    if (o.outcome === "failed") expect(o.error.code).to.equal("UNKNOWN_ARGUMENT");
  });
});
