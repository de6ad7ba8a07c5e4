import { expect } from "chai";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { rational, ratCompare, ratDistance } from "../../../domain/math/rational.js";
import bestOp from "../../../operations/rational/best_approximation_compute.js";
import cfOp from "../../../operations/rational/continued_fraction_compute.js";
import { toWire } from "../../../domain/kinds.js";
import { gp, requireGp } from "../../support/gp.js";
import { parsedRequest } from "../../support/parse.js";
import { testJacobian } from "../../support/runtime.js";
import { randomRational, rng } from "./random.js";

const ctx = () => createExecutionContext(new AbortController().signal);
const parse = (s: string) => {
  const i = s.indexOf("/");
  return i < 0 ? rational(BigInt(s)) : rational(BigInt(s.slice(0, i)), BigInt(s.slice(i + 1)));
};

interface CfResult {
  terms: string[];
  convergents: string[];
  all_convergents: boolean;
}
interface Best {
  approximation: string;
  error: string;
  lower: string;
  upper: string;
  exact: boolean;
}

describe("rational.continued_fraction.compute and rational.best_approximation.compute cross-checked with PARI/GP", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["rational"], pool: false });
  after(() => j.close());
  /** The completed value, inline or from its artifact when too large to inline. */
  const valueOf = async (o: RunOutcome): Promise<Record<string, unknown>> => {
    if (o.outcome !== "completed") throw new Error(JSON.stringify(o).slice(0, 300));
    return (o.value ?? ((await j.artifact(o.value_artifact!)) as { result: Record<string, unknown> }).result) as Record<string, unknown>;
  };

  it("contfrac and contfracpnqn: 150 seeded values of up to 1500 digits (all convergents when there are at most 400)", async () => {
    const r = rng(31337);
    const xs = Array.from({ length: 150 }, () => randomRational(r, r.pick([2, 10, 60, 300, 1500])));
    const lines = gp(xs.map((x) => `v=contfrac(${x}); print(v); M=contfracpnqn(v, #v-1); print(vector(min(#v,400), i, M[1,i]/M[2,i]))`).join("\n"));
    expect(lines.length).to.equal(2 * xs.length);
    for (let i = 0; i < xs.length; i++) {
      const o = await j.run("rational.continued_fraction.compute", { value: xs[i]!, max_convergents: 400 });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      const v = (await valueOf(o)) as unknown as CfResult;
      expect(`[${v.terms.join(", ")}]`, `x = ${xs[i]!.slice(0, 60)}`).to.equal(lines[2 * i]);
      expect(`[${v.convergents.join(", ")}]`).to.equal(lines[2 * i + 1]);
      expect(v.all_convergents).to.equal(v.terms.length <= 400);
    }
  });

  it("bestappr: ours is never farther from x than PARI's answer, and equal when x's denominator is within the bound", async () => {
    const r = rng(4711);
    const cases = Array.from({ length: 200 }, () => {
      const x = randomRational(r, r.pick([4, 12, 40, 200]));
      const B = r.pick([1n, 2n, 3n, 10n, r.digits(r.int(1, 6)) + 1n, r.digits(r.int(10, 60)) + 1n]);
      return { x, B };
    });
    const lines = gp(cases.map(({ x, B }) => `print(bestappr(${x}, ${B}))`).join("\n"));
    let better = 0;
    for (let i = 0; i < cases.length; i++) {
      const { x, B } = cases[i]!;
      const o = await j.run("rational.best_approximation.compute", { value: x, max_denominator: B.toString() });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      const v = (await valueOf(o)) as unknown as Best;
      const X = parse(x), ours = parse(v.approximation), theirs = parse(lines[i]!);
      expect(theirs.den <= B && ours.den <= B).to.equal(true);
      const c = ratCompare(ratDistance(X, ours), ratDistance(X, theirs));
      expect(c, `x = ${x.slice(0, 60)}, B = ${B}: ours ${v.approximation}, PARI ${lines[i]}`).to.be.at.most(0);
      if (c < 0) better++;
      if (X.den <= B) expect(v.approximation).to.equal(lines[i]);
      // PARI's answer is one of the two Farey neighbours or farther: never strictly between them
      expect(ratCompare(theirs, parse(v.lower)) <= 0 || ratCompare(theirs, parse(v.upper)) >= 0).to.equal(true);
    }
    // PARI's bestappr returns a convergent, so some semiconvergent cases must differ (e.g. 2/3 with B = 2)
    expect(better).to.be.greaterThan(0);
  });
});

describe("rational continued fractions: properties and bounds", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["rational"], pool: false });
  after(() => j.close());

  const value = fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 30n })).map(([n, d]) => (n === 0n ? "0" : `${n}/${d}`));

  it("each convergent p_k/q_k (k ≥ 1) is the closest fraction with denominator ≤ q_k", async () => {
    await fc.assert(
      fc.asyncProperty(value, async (x) => {
        const req = parsedRequest(cfOp, { value: x, max_convergents: 10_000 });
        const cf = await cfOp.execute(req, ctx());
        expect(cfOp.postcondition(req, cf)).to.equal(null);
        for (const c of (toWire(cf) as unknown as CfResult).convergents.slice(1)) {
          const q = parse(c).den;
          const breq = parsedRequest(bestOp, { value: x, max_denominator: q.toString() });
          const best = await bestOp.execute(breq, ctx());
          expect(bestOp.postcondition(breq, best)).to.equal(null);
          // the closest fraction with denominator ≤ q_k is the convergent p_k/q_k itself (k ≥ 1)
          expect((toWire(best) as unknown as Best).approximation, `x = ${x}, q = ${q}`).to.equal(c);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("postconditions reject wrong expansions, convergents and approximations", async () => {
    const req = parsedRequest(cfOp, { value: "415/93" });
    const good = await cfOp.execute(req, ctx());
    const r = (p: bigint, q = 1n) => ({ num: p, den: q });
    expect(cfOp.postcondition(req, good)).to.equal(null);
    expect(cfOp.postcondition(req, { ...good, terms: [4n, 2n, 6n, 6n, 1n] })).to.be.a("string");
    expect(cfOp.postcondition(req, { ...good, terms: [4n, 2n, 7n] })).to.be.a("string");
    expect(cfOp.postcondition(req, { ...good, convergents: [r(4n), r(9n, 2n), r(57n, 13n), r(415n, 93n)] })).to.be.a("string");
    expect(cfOp.postcondition(req, { ...good, all_convergents: false })).to.be.a("string");
    const breq = parsedRequest(bestOp, { value: "2/3", max_denominator: "2" });
    const best = await bestOp.execute(breq, ctx());
    expect(bestOp.postcondition(breq, best)).to.equal(null);
    expect(bestOp.postcondition(breq, { ...best, approximation: r(1n), error: r(1n, 3n) })).to.be.a("string");
    expect(bestOp.postcondition(breq, { ...best, lower: r(0n), approximation: r(0n), error: r(2n, 3n) })).to.be.a("string");
    expect(bestOp.postcondition(breq, { ...best, error: r(1n, 5n) })).to.be.a("string");
    expect(bestOp.postcondition(breq, { ...best, error: r(2n, 12n) })).to.be.a("string"); // the right value, not in lowest terms
  });

  it("a 50,000-digit operand (about 97,000 terms) within budget; too many convergents are refused by preflight", async () => {
    const r = rng(5);
    const x = `${r.digits(50_000)}/${r.digits(50_000)}`;
    const o = await j.run("rational.continued_fraction.compute", { value: x, max_convergents: 3 });
    expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
    const refused = await j.run("rational.continued_fraction.compute", { value: x, max_convergents: 10_000 });
    expect(refused.outcome === "non_conclusion" && refused.reason.code).to.equal("RESOURCE_REFUSED");
    const best = await j.run("rational.best_approximation.compute", { value: x, max_denominator: "1" + "0".repeat(20_000) });
    expect(best.outcome, JSON.stringify(best).slice(0, 300)).to.equal("completed");
  });
});
