import { expect } from "chai";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import { toWire } from "../../../domain/kinds.js";
import { quadraticPower } from "../../../domain/math/diophantine.js";
import { isqrt } from "../../../domain/math/integer.js";
import type { CheckerFinding } from "../../../domain/outcome.js";
import pellCompute from "../../../operations/diophantine/pell_compute.js";
import pellVerify from "../../../operations/diophantine/pell_verify.js";
import { gp, requireGp } from "../../support/gp.js";
import { parsedRequest } from "../../support/parse.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "../integer/random.js";

const ctx = () => createExecutionContext(new AbortController().signal);
const nonSquare = (D: bigint) => D > 1n && isqrt(D) ** 2n !== D;
/** The producer on a wire payload (parsed once), its value in wire form. */
const compute = async (payload: Record<string, unknown>): Promise<Pell> => toWire(await pellCompute.execute(parsedRequest(pellCompute, payload), ctx())) as unknown as Pell;
/** The checker on a wire payload (parsed once), with its postcondition asserted. */
const verify = async (payload: Record<string, unknown>): Promise<CheckerFinding> => {
  const req = parsedRequest(pellVerify, payload);
  const f = await pellVerify.execute(req, ctx());
  expect(pellVerify.postcondition(req, f), `postcondition: ${JSON.stringify(f).slice(0, 200)}`).to.equal(null);
  return f;
};

interface Pell {
  status: string;
  x?: string;
  y?: string;
  period_length?: string;
  negative?: { solvable: boolean; x?: string; y?: string };
  steps?: string;
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
    // The period of √D by its complete quotients, written in GP; quadunit gives the unit itself.
    const per = "per(D)=my(a0=sqrtint(D),m=0,d=1,a=a0,l=0); until(d==1, m=d*a-m; d=(D-m^2)/d; a=(a0+m)\\d; l++); l;";
    const lines = gp(per + "\n" + Ds.map((D) => `u=quadunit(${4n * D}); n=norm(u); w=if(n==-1, u^2, u); print(real(w), " ", imag(w), " ", n, " ", real(u), " ", imag(u), " ", per(${D}))`).join("\n"), 120_000);
    expect(lines.length).to.equal(Ds.length);
    for (let i = 0; i < Ds.length; i++) {
      const D = Ds[i]!;
      const o = await j.run("diophantine.pell.compute", { D: D.toString(), include_negative: true, max_digits: 200_000 });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      const v = (o as unknown as { value: Pell }).value;
      const [x, y, n, a, b, ell] = lines[i]!.split(" ") as [string, string, string, string, string, string];
      expect(v.status, `D = ${D}`).to.equal("COMPLETE");
      expect([v.x, v.y], `D = ${D}`).to.deep.equal([x, y]);
      expect(v.negative!.solvable, `D = ${D}: −1 solvable`).to.equal(n === "-1");
      expect(v.period_length, `D = ${D}: period`).to.equal(ell);
      if (n === "-1") expect([v.negative!.x, v.negative!.y]).to.deep.equal([a, b]);
      await acceptsPariClaims(D, { x, y, n, a, b, ell });
    }
  }

  /**
   * diophantine.pell.verify on claims built from PARI's answers alone (not from the producer): every true claim is accepted —
   * whole, in parts, and status INCOMPLETE below the size of x — and what cannot be decided from the claim is a non_conclusion.
   */
  async function acceptsPariClaims(D: bigint, p: { x: string; y: string; n: string; a: string; b: string; ell: string }): Promise<void> {
    const negative = p.n === "-1" ? { solvable: true, x: p.a, y: p.b } : { solvable: false };
    const verdict = async (payload: Record<string, unknown>) => {
      const o = await j.run("diophantine.pell.verify", { D: D.toString(), ...payload });
      expect(o.outcome, `D = ${D}: ${JSON.stringify(payload).slice(0, 200)} → ${JSON.stringify(o).slice(0, 300)}`).to.equal("completed");
      return (o as unknown as { value: { verdict: string } }).value.verdict;
    };
    for (const claim of [
      { status: "COMPLETE", x: p.x, y: p.y, period_length: p.ell, negative },
      { x: p.x, y: p.y },
      { x: p.x, y: p.y, negative: { solvable: negative.solvable } },
      { period_length: p.ell, negative: { solvable: negative.solvable } },
      ...(p.n === "-1" ? [{ negative }] : []),
    ]) {
      expect(await verdict({ claim }), `D = ${D}: ${JSON.stringify(claim).slice(0, 200)}`).to.equal("accepted");
    }
    // Solvability of the −1 equation alone, with nothing to decide it from, is honestly undecided.
    expect(await verdict({ claim: { negative: { solvable: negative.solvable } } })).to.equal("non_conclusion");
    // INCOMPLETE: true below the number of digits of x, refuted at it.
    const digits = p.x.length;
    if (digits > 1 && digits <= 3000) expect(await verdict({ max_digits: digits - 1, claim: { status: "INCOMPLETE" } }), `D = ${D}: INCOMPLETE below ${digits} digits`).to.equal("accepted");
    if (digits <= 3000) expect(await verdict({ max_digits: digits, claim: { status: "INCOMPLETE" } })).to.equal("rejected");
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
  const D = fc.oneof(fc.bigInt({ min: 2n, max: 1000n }), fc.bigInt({ min: 10n ** 5n, max: 10n ** 7n }));

  it("the checker takes the producer's value unchanged, by value:// reference, and accepts it (status, steps, period and −1 solution included; INCOMPLETE too)", async () => {
    let incomplete = 0;
    await fc.assert(
      fc.asyncProperty(D, fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 60 }), fc.boolean(), async (d, neg, period, cap, capped) => {
        if (!nonSquare(d)) return;
        const payload = { D: d.toString(), include_negative: neg, include_period: period, ...(capped ? { max_digits: cap } : {}) };
        const produced = await j.run("diophantine.pell.compute", payload);
        expect(produced.outcome, JSON.stringify(produced).slice(0, 300)).to.equal("completed");
        if (produced.outcome !== "completed") return;
        if ((produced.value as { status: string }).status === "INCOMPLETE") incomplete++;
        const checked = await j.run("diophantine.pell.verify", payload, { inputs: { claim: { value_ref: produced.refs!.solution! } } });
        expect(checked.outcome === "completed" && (checked.value as { verdict: string }).verdict, `${JSON.stringify(payload)}: ${JSON.stringify(produced.value).slice(0, 200)} → ${JSON.stringify(checked).slice(0, 300)}`).to.equal("accepted");
      }),
      { numRuns: 80 },
    );
    expect(incomplete, "small caps give INCOMPLETE values").to.be.greaterThan(0);
  });

  it("the checker certifies every computed solution as fundamental (−1 solutions too)", async () => {
    await fc.assert(
      fc.asyncProperty(D, async (d) => {
        if (!nonSquare(d)) return;
        const req = parsedRequest(pellCompute, { D: d.toString(), include_negative: true, max_digits: 20_000 });
        const raw = await pellCompute.execute(req, ctx());
        expect(pellCompute.postcondition(req, raw)).to.equal(null);
        const res = toWire(raw) as unknown as Pell;
        if (res.status !== "COMPLETE") return;
        const f = await verify({ D: d.toString(), claim: { x: res.x!, y: res.y! } });
        expect(f.verdict, `D = ${d}: ${JSON.stringify(f).slice(0, 200)}`).to.equal("accepted");
        if (res.negative?.solvable) {
          expect((await verify({ D: d.toString(), claim: { negative: res.negative } })).verdict).to.equal("accepted");
          // the +1 fundamental solution is not a solution of the −1 equation
          const wrong = await verify({ D: d.toString(), claim: { negative: { solvable: true, x: res.x!, y: res.y! } } });
          expect(wrong.verdict).to.equal("rejected");
          expect((wrong.bindings as { failure: string; part: string })).to.include({ failure: "not_a_solution", part: "negative" });
        }
        // a wrong −1 solvability flag next to the fundamental solution is refuted
        const flipped = await verify({ D: d.toString(), claim: { x: res.x!, y: res.y!, negative: { solvable: !res.negative!.solvable } } });
        expect(flipped.verdict).to.equal("rejected");
        expect((flipped.bindings as { failure: string }).failure).to.equal(res.negative!.solvable ? "negative_solvable" : "negative_unsolvable");
      }),
      { numRuns: 60 },
    );
  });

  it("the checker rejects powers of the fundamental solution with a root witness, wrong periods with the true one, and non-solutions with the value", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.bigInt({ min: 2n, max: 1000n }), fc.bigInt({ min: 10n ** 3n, max: 10n ** 5n })), fc.integer({ min: 2, max: 12 }), async (d, e) => {
        if (!nonSquare(d)) return;
        const res = await compute({ D: d.toString(), include_period: true });
        if (res.status !== "COMPLETE") return;
        const [x, y] = quadraticPower(d, BigInt(res.x!), BigInt(res.y!), e);
        const claim = { x: x.toString(), y: y.toString() };
        const f = await verify({ D: d.toString(), claim });
        expect(f.verdict).to.equal("rejected");
        const b = f.bindings as { failure: string; root_x: string; root_y: string; root_exponent: string };
        expect(b.failure).to.equal("not_fundamental");
        expect(e % Number(b.root_exponent)).to.equal(0);
        const asSolution = await verify({ D: d.toString(), claim, fundamental: false });
        expect(asSolution.verdict).to.equal("accepted");
        expect((asSolution.bindings as { fundamental_x: string; fundamental_y: string })).to.include({ fundamental_x: res.x, fundamental_y: res.y });
        const off = await verify({ D: d.toString(), claim: { x: (x + 1n).toString(), y: y.toString() } });
        expect(off.verdict).to.equal("rejected");
        expect((off.bindings as { value: string }).value).to.equal(((x + 1n) ** 2n - d * y * y).toString());
        const ell = Number(res.period_length);
        for (const wrong of [ell + 1, ell > 1 ? ell - 1 : ell + 2]) {
          const w = await verify({ D: d.toString(), claim: { period_length: String(wrong) } });
          expect(w.verdict, `D = ${d}: period ${wrong} for ${ell}`).to.equal("rejected");
          expect((w.bindings as { failure: string }).failure).to.equal("wrong_period");
        }
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
    // the checker confirms the cap by the convergents (x has 1128 digits), and refutes it one digit higher
    expect((await verify({ D: "1000099", max_digits: 1127, claim: { status: "INCOMPLETE" } })).verdict).to.equal("accepted");
    const refuted = await verify({ D: "1000099", max_digits: 1128, claim: { status: "INCOMPLETE" } });
    expect(refuted.verdict).to.equal("rejected");
    expect((refuted.bindings as { fundamental_x: string }).fundamental_x.length).to.equal(1128);
    // D = 109: odd period 15; the −1 solution has 7 digits, the +1 solution 15: the period is known, the solution too large
    const odd = await compute({ D: "109", max_digits: 10, include_negative: true });
    expect(odd).to.deep.include({ status: "INCOMPLETE", period_length: "15", negative: { solvable: true } });
    expect(odd.x).to.equal(undefined);
    expect((await verify({ D: "109", max_digits: 10, include_negative: true, claim: odd })).verdict).to.equal("accepted");
    const full = await compute({ D: "1000099", max_digits: 1128 });
    expect(full.status).to.equal("COMPLETE");
    expect(full.x!.length).to.equal(1128);
    const req = parsedRequest(pellCompute, { D: "13", include_negative: true });
    const res = await pellCompute.execute(req, ctx());
    expect(pellCompute.postcondition(req, res)).to.equal(null);
    expect(pellCompute.postcondition(req, { ...res, x: 650n })).to.be.a("string");
    expect(pellCompute.postcondition(req, { ...res, negative: { solvable: false } })).to.be.a("string");
    expect(pellCompute.postcondition(req, { ...res, x: 842401n, y: 233640n })).to.be.a("string"); // ε² is a solution but not the −1 square
  });

  it("large D: D = n² + 1 and n² + 2 of 199 digits (closed forms), and a refused oversized cap", async () => {
    // n of 100 digits keeps D within the 200-digit bound (the request type refuses more).
    const n = 10n ** 99n + 12345n;
    const a = await compute({ D: (n * n + 1n).toString() });
    expect([a.x, a.y]).to.deep.equal([(2n * n * n + 1n).toString(), (2n * n).toString()]);
    const b = await compute({ D: (n * n + 2n).toString() });
    expect([b.x, b.y]).to.deep.equal([(n * n + 1n).toString(), n.toString()]);
    const f = await verify({ D: (n * n + 1n).toString(), claim: a });
    expect(f.verdict).to.equal("accepted");
    const refused = await j.run("diophantine.pell.compute", { D: "9" + "1".repeat(199), max_digits: 1_000_000 });
    expect(refused.outcome === "non_conclusion" && refused.reason.code).to.equal("RESOURCE_REFUSED");
    const refusedCheck = await j.run("diophantine.pell.verify", { D: "9" + "1".repeat(199), max_digits: 1_000_000, claim: { status: "INCOMPLETE" } });
    expect(refusedCheck.outcome === "non_conclusion" && refusedCheck.reason.code).to.equal("RESOURCE_REFUSED");
  });

  it("claims that state nothing checkable, or half a solution, fail with DOMAIN_ERROR at the claim", async () => {
    for (const [claim, path] of [
      [{ steps: "3" }, "payload.claim"],
      [{ status: "COMPLETE" }, "payload.claim"],
      [{ x: "649" }, "payload.claim.y"],
      [{ negative: { solvable: true, y: "5" } }, "payload.claim.negative.x"],
    ] as const) {
      const o = await j.run("diophantine.pell.verify", { D: "13", claim });
      expect(o.outcome === "failed" && o.error, JSON.stringify(claim)).to.include({ code: "DOMAIN_ERROR", path });
    }
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
