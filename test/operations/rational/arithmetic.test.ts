import { expect } from "chai";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import sumOp from "../../../operations/rational/sum_compute.js";
import productOp from "../../../operations/rational/product_compute.js";
import quotientOp from "../../../operations/rational/quotient_compute.js";
import powerOp from "../../../operations/rational/power_compute.js";
import floorOp from "../../../operations/rational/floor_compute.js";
import compareOp from "../../../operations/rational/compare_compute.js";
import canonicalOp from "../../../operations/rational/canonical_compute.js";
import type { OperationDeclaration } from "../../../domain/declaration.js";
import { toWire } from "../../../domain/kinds.js";
import { gp, requireGp } from "../../support/gp.js";
import { parsedRequest, parsedResult } from "../../support/parse.js";
import { testJacobian } from "../../support/runtime.js";
import { randomRational, rng } from "./random.js";

const ctx = () => createExecutionContext(new AbortController().signal);
/** One operation on a wire payload, as the pipeline runs it (parse once, execute, canonical wire result): the one field asked for. */
const run = async (op: OperationDeclaration, payload: Record<string, unknown>, field: string): Promise<string> =>
  (toWire(await op.execute(parsedRequest(op, payload), ctx())) as Record<string, string>)[field]!;
/** The postcondition on a wire payload and a wire result (both parsed as the pipeline parses them). */
const post = (op: OperationDeclaration, payload: Record<string, unknown>, result: Record<string, unknown>) =>
  op.kind === "compute" ? op.postcondition(parsedRequest(op, payload), parsedResult(op, result)) : "not a compute operation";

interface Case {
  a: string;
  b: string;
  e: number;
  list: string[];
}

/** PARI reads "p/q" directly; an unreduced input is reduced by PARI itself. */
const gpValue = (s: string) => `(${s})`;

describe("rational pack cross-checked with PARI/GP", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["rational"], pool: false });
  after(() => j.close());

  async function value(id: string, payload: Record<string, unknown>): Promise<Record<string, unknown> | "E"> {
    const o = await j.run(id, payload);
    if (o.outcome === "failed" && o.error.code === "DOMAIN_ERROR") return "E";
    expect(o.outcome, `${id} ${JSON.stringify(payload).slice(0, 200)}: ${JSON.stringify(o).slice(0, 300)}`).to.equal("completed");
    return (o as { value: Record<string, unknown> }).value;
  }

  it("agrees exactly on 120 seeded cases: every operation, unreduced inputs of 1–600 digits", async () => {
    const r = rng(2024);
    const cases: Case[] = [];
    for (let i = 0; i < 120; i++) {
      const size = r.pick([3, 20, 80, 600]);
      cases.push({ a: randomRational(r, size), b: randomRational(r, size), e: r.int(-6, 6), list: Array.from({ length: r.int(1, 8) }, () => randomRational(r, r.pick([3, 30, 200]))) });
    }
    const script = cases
      .map(({ a, b, e, list }) => {
        const A = gpValue(a), B = gpValue(b), v = `[${list.map(gpValue).join(",")}]`;
        return [
          `a=${A}; b=${B}; v=${v};`,
          "print(a)", "print(a+b)", "print(a-b)", "print(a*b)", 'if(b, print(a/b), print("E"))', "print(-a)", 'if(a, print(1/a), print("E"))', "print(abs(a))",
          "print(floor(a))", "print(ceil(a))", "print(sign(a-b))", `if(a==0 && ${e}<0, print("E"), print(a^(${e})))`, "print(vecsum(v))", "print(prod(i=1,#v,v[i]))",
        ].join("\n");
      })
      .join("\n");
    const lines = gp(script);
    const PER = 14;
    expect(lines.length).to.equal(cases.length * PER);
    for (let i = 0; i < cases.length; i++) {
      const { a, b, e, list } = cases[i]!;
      const want = lines.slice(i * PER, (i + 1) * PER);
      const got = [
        ((await value("rational.canonical.compute", { value: a })) as { value: string }).value,
        ((await value("rational.sum.compute", { terms: [a, b] })) as { sum: string }).sum,
        ((await value("rational.difference.compute", { left: a, right: b })) as { difference: string }).difference,
        ((await value("rational.product.compute", { factors: [a, b] })) as { product: string }).product,
        await value("rational.quotient.compute", { left: a, right: b }).then((v) => (v === "E" ? v : (v as { quotient: string }).quotient)),
        ((await value("rational.negation.compute", { value: a })) as { negation: string }).negation,
        await value("rational.reciprocal.compute", { value: a }).then((v) => (v === "E" ? v : (v as { reciprocal: string }).reciprocal)),
        ((await value("rational.absolute_value.compute", { value: a })) as { absolute_value: string }).absolute_value,
        ((await value("rational.floor.compute", { value: a })) as { floor: string }).floor,
        ((await value("rational.ceiling.compute", { value: a })) as { ceiling: string }).ceiling,
        ((await value("rational.compare.compute", { left: a, right: b })) as { comparison: string }).comparison,
        await value("rational.power.compute", { base: a, exponent: String(e) }).then((v) => (v === "E" ? v : (v as { power: string }).power)),
        ((await value("rational.sum.compute", { terms: list })) as { sum: string }).sum,
        ((await value("rational.product.compute", { factors: list })) as { product: string }).product,
      ];
      expect(got, `case ${i}: a = ${a.slice(0, 50)}, b = ${b.slice(0, 50)}, e = ${e}`).to.deep.equal(want);
    }
  });

  it("agrees on long sums (harmonic numbers H(n)) and products of 2,000 terms", async () => {
    const n = 2000;
    const terms = Array.from({ length: n }, (_, k) => `1/${k + 1}`);
    const factors = Array.from({ length: n }, (_, k) => `${2 * k + 1}/${2 * k + 2}`);
    const [h, p] = gp(`print(sum(k=1,${n},1/k))\nprint(prod(k=0,${n - 1},(2*k+1)/(2*k+2)))`);
    expect(((await value("rational.sum.compute", { terms })) as { sum: string }).sum).to.equal(h);
    expect(((await value("rational.product.compute", { factors })) as { product: string }).product).to.equal(p);
  });
});

describe("rational pack: properties, failures and bounds", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["rational"], pool: false });
  after(() => j.close());

  const digits = (lo: number, hi: number) =>
    fc.integer({ min: lo, max: hi }).chain((d) => fc.bigInt({ min: d === 1 ? 1n : 10n ** BigInt(d - 1), max: 10n ** BigInt(d) - 1n }));
  const wire = fc.tuple(fc.oneof(fc.bigInt({ min: -99n, max: 99n }), digits(1, 40)), fc.oneof(fc.bigInt({ min: 1n, max: 99n }), digits(1, 40)), fc.bigInt({ min: 1n, max: 1000n })).map(
    ([n, d, k]) => (n === 0n ? "0" : `${n * k}/${d * k}`),
  );

  it("sum, product, quotient and power satisfy their algebra (fast-check through execute and postcondition)", async () => {
    await fc.assert(
      fc.asyncProperty(wire, wire, wire, async (a, b, c) => {
        const sum = (terms: string[]) => run(sumOp, { terms }, "sum");
        const product = (factors: string[]) => run(productOp, { factors }, "product");
        const s1 = await sum([a, b, c]);
        const s2 = await sum([await sum([c, b]), a]);
        expect(s1).to.equal(s2);
        const p1 = await product([a, await sum([b, c])]);
        const p2 = await sum([await product([a, b]), await product([a, c])]);
        expect(p1, "distributivity").to.equal(p2);
        if (b !== "0") {
          const q = await run(quotientOp, { left: a, right: b }, "quotient");
          expect(await product([q, b])).to.equal(await run(canonicalOp, { value: a }, "value"));
        }
        expect(await run(powerOp, { base: a, exponent: "2" }, "power")).to.equal(await product([a, a]));
        const f = BigInt(await run(floorOp, { value: a }, "floor"));
        expect(await run(compareOp, { left: f.toString(), right: a }, "comparison")).to.not.equal("1");
        expect(await run(compareOp, { left: (f + 1n).toString(), right: a }, "comparison")).to.equal("1");
      }),
      { numRuns: 150 },
    );
  });

  it("postconditions reject wrong or non-canonical results", () => {
    expect(post(sumOp, { terms: ["1/2", "1/3"] }, { sum: "5/6" })).to.equal(null);
    expect(post(sumOp, { terms: ["1/2", "1/3"] }, { sum: "7/6" })).to.be.a("string");
    expect(post(productOp, { factors: ["2/3", "9/4"] }, { product: "3/2" })).to.equal(null);
    expect(post(productOp, { factors: ["2/3", "9/4"] }, { product: "-3/2" })).to.be.a("string");
    expect(post(quotientOp, { left: "3/4", right: "9/8" }, { quotient: "3/2" })).to.be.a("string");
    expect(post(powerOp, { base: "2/3", exponent: "-3" }, { power: "27/8" })).to.equal(null);
    expect(post(powerOp, { base: "2/3", exponent: "-3" }, { power: "8/27" })).to.be.a("string");
    expect(post(floorOp, { value: "-7/2" }, { floor: "-3" })).to.be.a("string");
    expect(post(compareOp, { left: "1/3", right: "1/2" }, { comparison: "1" })).to.be.a("string");
    expect(post(canonicalOp, { value: "4/6" }, { value: "2/3", numerator: "2", denominator: "3" })).to.equal(null);
    expect(post(canonicalOp, { value: "4/6" }, { value: "2/3", numerator: "4", denominator: "6" })).to.be.a("string");
    // An unreduced result can only come from execute as a Rational (a wire "10/12" would be parsed to 5/6
    // before the postcondition sees it), so the lowest-terms checks are exercised on Rationals.
    const sumReq = parsedRequest(sumOp, { terms: ["1/2", "1/3"] });
    expect(sumOp.postcondition(sumReq, { sum: { num: 10n, den: 12n } })).to.be.a("string");
    expect(sumOp.postcondition(sumReq, { sum: { num: 5n, den: 6n } })).to.equal(null);
    expect(canonicalOp.postcondition(parsedRequest(canonicalOp, { value: "4/6" }), { value: { num: 4n, den: 6n }, numerator: 4n, denominator: 6n })).to.be.a("string");
    expect(productOp.postcondition(parsedRequest(productOp, { factors: ["0", "3"] }), { product: { num: 0n, den: 3n } })).to.be.a("string");
  });

  it("the result types publish the canonical form: an unreduced or sign-on-denominator string is outside them", () => {
    for (const [op, field] of [[sumOp, "sum"], [quotientOp, "quotient"], [powerOp, "power"]] as const) {
      const wire = (op as unknown as { result: { validateWire(v: unknown): { issues?: unknown } } }).result;
      expect(wire.validateWire({ [field]: "-5/6" }).issues, `${op.id}: -5/6`).to.equal(undefined);
      for (const bad of ["5/1", "5/-6", "-0", "0/3", "05/6"]) expect(wire.validateWire({ [field]: bad }).issues, `${op.id}: ${bad}`).to.not.equal(undefined);
    }
  });

  it("division by zero fails with DOMAIN_ERROR, a path and a hint", async () => {
    for (const [id, payload, path] of [
      ["rational.quotient.compute", { left: "1/2", right: "0/5" }, "payload.right"],
      ["rational.reciprocal.compute", { value: "0" }, "payload.value"],
      ["rational.power.compute", { base: "0/3", exponent: "-2" }, "payload.exponent"],
    ] as const) {
      const o = await j.run(id, payload);
      expect(o.outcome, id).to.equal("failed");
      if (o.outcome === "failed") {
        expect(o.error).to.include({ code: "DOMAIN_ERROR", path });
        expect(o.error.hint).to.be.a("string");
      }
    }
  });

  it("malformed rationals and undeclared fields fail closed", async () => {
    for (const value of ["1/0", "1/-2", "-0", "+1", "1.5", "01/2", "1/02", " 1/2", "1//2", "", "1/2/3", "-0/5"]) {
      const o = await j.run("rational.floor.compute", { value });
      expect(o.outcome, value).to.equal("failed");
      if (o.outcome === "failed") expect(o.error.code, value).to.equal("INVALID_PAYLOAD");
    }
    const o = await j.run("rational.sum.compute", { terms: [] });
    expect(o.outcome === "failed" && o.error.code).to.equal("INVALID_PAYLOAD");
    const u = await j.run("rational.negation.compute", { value: "1", extra: "2" });
    expect(u.outcome === "failed" && u.error.code).to.equal("UNKNOWN_ARGUMENT");
  });

  it("preflight refuses oversized work before computing", async () => {
    const big = "9".repeat(60_000);
    const terms = Array.from({ length: 4 }, () => `${big}/7`);
    let o = await j.run("rational.sum.compute", { terms });
    expect(o.outcome === "non_conclusion" && o.reason.code).to.equal("RESOURCE_REFUSED");
    o = await j.run("rational.power.compute", { base: "3/7", exponent: "9999999" });
    expect(o.outcome === "non_conclusion" && o.reason.code).to.equal("RESOURCE_REFUSED");
    o = await j.run("rational.power.compute", { base: "1/7", exponent: "-9999999" });
    expect(o.outcome === "non_conclusion" && o.reason.code).to.equal("RESOURCE_REFUSED");
    // 1 to any power is tiny and allowed
    o = await j.run("rational.power.compute", { base: "-1", exponent: "9999999" });
    expect(o.outcome === "completed" && (o.value as { power: string }).power).to.equal("-1");
  });

  it("handles 50,000-digit operands within budget", async () => {
    const r = rng(7);
    const a = `${r.digits(50_000)}/${r.digits(50_000)}`, b = `${r.digits(50_000)}/${r.digits(50_000)}`;
    const o = await j.run("rational.sum.compute", { terms: [a, b] });
    expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
  });
});
