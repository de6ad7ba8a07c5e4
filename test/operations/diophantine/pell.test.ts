import { expect } from "chai";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import { quadraticPower } from "../../../domain/math/diophantine.js";
import { isqrt } from "../../../domain/math/integer.js";
import pellCompute from "../../../operations/diophantine/pell_compute.js";
import pellVerify from "../../../operations/diophantine/pell_verify.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "../integer/random.js";

const ctx = () => createExecutionContext(new AbortController().signal);
const nonSquare = (D: bigint) => D > 1n && isqrt(D) ** 2n !== D;

interface Pell {
  status: string;
  x?: string;
  y?: string;
  period_length?: string;
  negative?: { solvable: boolean; x?: string; y?: string };
}

describe("diophantine.pell.compute cross-checked with PARI/GP (quadunit of discriminant 4D)", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["diophantine"], pool: false });
  after(() => j.close());

  /**
   * quadunit(4D) is the fundamental unit u = a + b·√D of the order Z[√D] (any non-square D, squarefree or not).
   * If N(u) = −1, u is the least solution of x² − D·y² = −1 and u² that of the +1 equation; otherwise u solves the +1 equation and the −1 equation has no solution.
   */
  async function compare(Ds: bigint[]): Promise<void> {
    const lines = gp(Ds.map((D) => `u=quadunit(${4n * D}); n=norm(u); w=if(n==-1, u^2, u); print(real(w), " ", imag(w), " ", n, " ", real(u), " ", imag(u))`).join("\n"), 120_000);
    expect(lines.length).to.equal(Ds.length);
    for (let i = 0; i < Ds.length; i++) {
      const D = Ds[i]!;
      const o = await j.run("diophantine.pell.compute", { D: D.toString(), include_negative: true, max_digits: 200_000 });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      const v = (o as unknown as { value: Pell }).value;
      const [x, y, n, a, b] = lines[i]!.split(" ");
      expect(v.status, `D = ${D}`).to.equal("COMPLETE");
      expect([v.x, v.y], `D = ${D}`).to.deep.equal([x, y]);
      expect(v.negative!.solvable, `D = ${D}: −1 solvable`).to.equal(n === "-1");
      if (n === "-1") expect([v.negative!.x, v.negative!.y]).to.deep.equal([a, b]);
    }
  }

  it("agrees for every non-square D < 300", async () => {
    const Ds: bigint[] = [];
    for (let D = 2n; D < 300n; D++) if (nonSquare(D)) Ds.push(D);
    await compare(Ds);
  });

  it("agrees for 60 seeded D of 4 to 9 digits (squarefree or not) and for D with large squares", async () => {
    const r = rng(61);
    const Ds: bigint[] = [];
    while (Ds.length < 60) {
      const D = r.pick([r.digits(r.int(4, 7)), r.digits(r.int(8, 9)), r.digits(4) * r.pick([4n, 9n, 25n, 121n])]);
      if (nonSquare(D)) Ds.push(D);
    }
    await compare(Ds);
  });
});

describe("diophantine.pell.compute and .verify: properties, bounds and the pool", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["diophantine"], pool: false });
  after(() => j.close());

  it("the checker certifies every computed solution as fundamental (−1 solutions too)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.bigInt({ min: 2n, max: 1000n }), fc.bigInt({ min: 10n ** 5n, max: 10n ** 7n })), async (D) => {
        if (!nonSquare(D)) return;
        const req = { D: D.toString(), include_negative: true, max_digits: 20_000 };
        const res = await pellCompute.execute(req, ctx());
        expect(pellCompute.postcondition(req, res)).to.equal(null);
        if (res.status !== "COMPLETE") return;
        const claim = { D: req.D, x: res.x!, y: res.y! };
        const f = await pellVerify.execute(claim, ctx());
        expect(f.verdict, `D = ${D}: ${JSON.stringify(f).slice(0, 200)}`).to.equal("accepted");
        expect(pellVerify.postcondition(claim, f)).to.equal(null);
        if (res.negative?.solvable) {
          const neg = { D: req.D, x: res.negative.x!, y: res.negative.y!, rhs: "-1" as const };
          expect((await pellVerify.execute(neg, ctx())).verdict).to.equal("accepted");
          // the +1 fundamental solution is not a solution of the −1 equation
          expect((await pellVerify.execute({ ...claim, rhs: "-1" }, ctx())).verdict).to.equal("rejected");
        }
      }),
      { numRuns: 60 },
    );
  });

  it("the checker rejects powers of the fundamental solution with a root witness, and non-solutions with the value", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.bigInt({ min: 2n, max: 1000n }), fc.bigInt({ min: 10n ** 3n, max: 10n ** 5n })), fc.integer({ min: 2, max: 12 }), async (D, e) => {
        if (!nonSquare(D)) return;
        const res = await pellCompute.execute({ D: D.toString() }, ctx());
        if (res.status !== "COMPLETE") return;
        const [x, y] = quadraticPower(D, BigInt(res.x!), BigInt(res.y!), e);
        const claim = { D: D.toString(), x: x.toString(), y: y.toString() };
        const f = await pellVerify.execute(claim, ctx());
        expect(f.verdict).to.equal("rejected");
        const b = f.bindings as { failure: string; root_x: string; root_y: string; root_exponent: string };
        expect(b.failure).to.equal("not_fundamental");
        expect(e % Number(b.root_exponent)).to.equal(0);
        expect(pellVerify.postcondition(claim, f)).to.equal(null);
        const asSolution = await pellVerify.execute({ ...claim, claim: "solution" }, ctx());
        expect(asSolution.verdict).to.equal("accepted");
        const off = { D: D.toString(), x: (x + 1n).toString(), y: y.toString() };
        const g = await pellVerify.execute(off, ctx());
        expect(g.verdict).to.equal("rejected");
        expect((g.bindings as { value: string }).value).to.equal(((x + 1n) ** 2n - D * y * y).toString());
      }),
      { numRuns: 80 },
    );
  });

  it("a perfect square D fails with DOMAIN_ERROR; the size cap gives INCOMPLETE; postconditions reject tampering", async () => {
    const sq = await j.run("diophantine.pell.compute", { D: "144" });
    expect(sq.outcome === "failed" && sq.error).to.include({ code: "DOMAIN_ERROR", path: "payload.D" });
    const cut = await j.run("diophantine.pell.compute", { D: "1000099", max_digits: 1127, include_negative: true });
    expect(cut.outcome).to.equal("completed");
    const v = (cut as unknown as { value: Pell }).value;
    expect(v.status).to.equal("INCOMPLETE");
    expect(v.x).to.equal(undefined);
    expect(v.period_length).to.equal(undefined); // the cap was certainly exceeded before the period ended
    // D = 109: odd period 15; the −1 solution has 7 digits, the +1 solution 15: the period is known, the solution too large
    const odd = await pellCompute.execute({ D: "109", max_digits: 10, include_negative: true }, ctx());
    expect(odd).to.deep.include({ status: "INCOMPLETE", period_length: "15", negative: { solvable: true } });
    expect(odd.x).to.equal(undefined);
    const full = await pellCompute.execute({ D: "1000099", max_digits: 1128 }, ctx());
    expect(full.status).to.equal("COMPLETE");
    expect(full.x!.length).to.equal(1128);
    const req = { D: "13", include_negative: true };
    const res = await pellCompute.execute(req, ctx());
    expect(pellCompute.postcondition(req, res)).to.equal(null);
    expect(pellCompute.postcondition(req, { ...res, x: "650" })).to.be.a("string");
    expect(pellCompute.postcondition(req, { ...res, negative: { solvable: false } })).to.be.a("string");
    expect(pellCompute.postcondition(req, { ...res, x: "842401", y: "233640" })).to.be.a("string"); // ε² is a solution but not the −1 square
  });

  it("large D: D = n² + 1 and n² + 2 of 150 digits (closed forms), and a refused oversized cap", async () => {
    const n = 10n ** 149n + 12345n;
    const a = await pellCompute.execute({ D: (n * n + 1n).toString() }, ctx());
    expect([a.x, a.y]).to.deep.equal([(2n * n * n + 1n).toString(), (2n * n).toString()]);
    const b = await pellCompute.execute({ D: (n * n + 2n).toString() }, ctx());
    expect([b.x, b.y]).to.deep.equal([(n * n + 1n).toString(), n.toString()]);
    const f = await pellVerify.execute({ D: (n * n + 1n).toString(), x: a.x!, y: a.y! }, ctx());
    expect(f.verdict).to.equal("accepted");
    const refused = await j.run("diophantine.pell.compute", { D: "9" + "1".repeat(199), max_digits: 1_000_000 });
    expect(refused.outcome === "non_conclusion" && refused.reason.code).to.equal("RESOURCE_REFUSED");
  });

  it("runs in the worker pool with progress for a large cap (D = 1000000000039: period 532,572, x of 274,428 digits)", async () => {
    const pooled = testJacobian({ packs: ["diophantine"] });
    try {
      const progress: number[] = [];
      const o = await pooled.run("diophantine.pell.compute", { D: "1000000000039", max_digits: 300_000 }, { onProgress: (done: number) => progress.push(done) });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      const value = (o.outcome === "completed" && (o.value ?? ((await pooled.artifact(o.value_artifact!)) as { result: unknown }).result)) as Pell;
      if (value.status === "COMPLETE") {
        const x = BigInt(value.x!), y = BigInt(value.y!);
        expect(x * x - 1000000000039n * y * y).to.equal(1n);
      }
      expect(progress.length).to.be.greaterThan(0);
    } finally {
      await pooled.close();
    }
  });
});
