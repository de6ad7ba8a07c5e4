import { expect } from "chai";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";
import gcdOp from "../../../operations/integer/compute_gcd.js";

/** Pairs covering small, medium and 1000–5000-digit operands, shared factors, zeros and unbalanced sizes. */
function gcdCases(seed: number, count: number): [bigint, bigint][] {
  const r = rng(seed);
  const cases: [bigint, bigint][] = [[0n, 0n], [0n, 5n], [-7n, 0n], [12n, -18n], [1n, 1n], [-1n, -1n]];
  while (cases.length < count) {
    const shape = r.int(0, 4);
    const g = r.digits(r.pick([1, 3, 20, 200, 1000]));
    if (shape === 0) cases.push([r.signedDigits(r.int(1, 40)), r.signedDigits(r.int(1, 40))]);
    else if (shape === 1) cases.push([r.signedDigits(r.int(50, 600)) * g, r.signedDigits(r.int(50, 600)) * g]);
    else if (shape === 2) cases.push([r.signedDigits(r.int(1000, 5000)) * g, r.signedDigits(r.int(1000, 5000)) * g]);
    else if (shape === 3) cases.push([r.signedDigits(r.int(3000, 5000)) * g, r.signedDigits(r.int(1, 60)) * g]);
    else {
      const a = r.signedDigits(r.int(100, 2000));
      cases.push([a * g, (a + BigInt(r.int(-5, 5))) * g]); // close operands: long Lehmer runs
    }
  }
  return cases;
}

describe("integer.compute.gcd cross-checked with PARI/GP", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["integer"] });
  after(() => j.close());

  async function compare(cases: [bigint, bigint][]): Promise<void> {
    const expected = gp(cases.map(([a, b]) => `print(gcd(${a}, ${b}))`).join("\n"));
    expect(expected.length).to.equal(cases.length);
    for (let i = 0; i < cases.length; i++) {
      const [a, b] = cases[i]!;
      const o = await j.run("integer.compute.gcd", { left: a.toString(), right: b.toString() });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      if (o.outcome !== "completed") return;
      expect((o.value as { gcd: string }).gcd, `gcd of case ${i} (${a.toString().length} and ${b.toString().length} digits)`).to.equal(expected[i]);
    }
  }

  it("agrees on 200 seeded pairs of 1–5000 digits (signs, zeros, shared factors, unbalanced and close operands)", async () => {
    await compare(gcdCases(20240601, 200));
  });

  it("agrees on 20,000-digit operands with a common factor of 5–12,000 digits", async () => {
    const r = rng(77);
    const cases: [bigint, bigint][] = [];
    for (const gd of [5, 2000, 12_000]) {
      const g = r.digits(gd);
      cases.push([r.digits(20_000 - gd) * g, -r.digits(20_000 - gd) * g]);
    }
    cases.push([r.digits(20_000), r.digits(20_000)]);
    await compare(cases);
  });
});

describe("integer.compute.gcd boundary", () => {
  const j = testJacobian({ packs: ["integer"] });
  after(() => j.close());

  it("refuses non-canonical integers and undeclared keys with INVALID_PAYLOAD and a path", async () => {
    for (const [payload, path] of [
      [{ left: "-0", right: "1" }, "payload.left"],
      [{ left: "007", right: "1" }, "payload.left"],
      [{ left: "1", right: "1e5" }, "payload.right"],
      [{ left: 84, right: "30" }, "payload.left"],
    ] as const) {
      const o = await j.run("integer.compute.gcd", payload as Record<string, unknown>);
      expect(o.outcome).to.equal("failed");
      if (o.outcome === "failed") {
        expect(o.error.code).to.equal("INVALID_PAYLOAD");
        expect(o.error.path).to.equal(path);
      }
    }
    const o = await j.run("integer.compute.gcd", { left: "1", right: "2", extra: "3" });
    expect(o.outcome).to.equal("failed");
  });

  it("accepts exactly the digit bound, signed or not", async () => {
    for (const left of ["9".repeat(100_000), "-" + "9".repeat(100_000)]) {
      const o = await j.run("integer.compute.gcd", { left, right: "3" });
      expect(o.outcome).to.equal("completed");
    }
  });

  it("refuses operands above the digit bound", async () => {
    for (const left of ["9".repeat(100_001), "-" + "9".repeat(100_001)]) {
      const o = await j.run("integer.compute.gcd", { left, right: "3" });
      expect(o.outcome).to.equal("failed");
      if (o.outcome === "failed") expect(o.error.code).to.equal("INVALID_PAYLOAD");
    }
  });
});

describe("integer.compute.gcd postcondition", () => {
  it("accepts true gcds and rejects non-divisors, small and large", () => {
    const big = 10n ** 40n + 7n; // above 2^23: the bigint path
    const a = big * 3n * 1_000_003n, b = -big * 5n * 1_000_003n;
    const post = (left: bigint, right: bigint, g: bigint) => gcdOp.postcondition({ left, right }, { gcd: g });
    expect(post(84n, 30n, 6n)).to.equal(null);
    expect(post(84n, -30n, 2n)).to.equal(null); // a common divisor passes this cheap check; PARI checks maximality above
    expect(post(84n, 30n, 4n)).to.be.a("string");
    expect(post(-(10n ** 20000n) - 1n, 10n ** 20000n, 1n)).to.equal(null);
    expect(post(10n ** 20000n + 2n, 10n ** 19999n * 3n, 3n)).to.equal(null);
    expect(post(10n ** 20000n + 2n, 10n ** 19999n * 3n + 1n, 3n)).to.be.a("string");
    expect(post(10n ** 20000n + 3n, 10n ** 19999n * 3n, 3n)).to.be.a("string");
    expect(post(a, b, big * 1_000_003n)).to.equal(null);
    expect(post(a, b + big, big * 1_000_003n)).to.be.a("string");
    expect(post(0n, 0n, 0n)).to.equal(null);
    expect(post(0n, 5n, 0n)).to.be.a("string");
    expect(post(0n, -5n, 5n)).to.equal(null);
  });
});
