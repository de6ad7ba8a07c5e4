/**
 * The elementary integer operations (lcm, absolute value, sign, divides, valuation, sqrt, root,
 * perfect power, digits, base conversion): PARI/GP cross-checks on seeded random inputs (one gp
 * call per batch), property tests through the public API, and the boundary behaviour.
 */
import { expect } from "chai";
import fc from "fast-check";
import type { RunOutcome } from "../../../domain/outcome.js";
import { digitsOf } from "../../../operations/integer/arithmetic_support.js";
import { loadPack } from "../../../operations/packs.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";
import { checkPostconditionsOnExamples } from "./tamper.js";

const ELEMENTARY = ["lcm", "absolute_value", "sign", "divides", "valuation", "sqrt", "root", "perfect_power", "digits", "base_conversion"].map((o) => `integer.${o}.compute`);
const declarations = (await loadPack("integer")).operations.filter((d) => ELEMENTARY.includes(d.id));

type Value = Record<string, unknown>;

// Inline execution: these batches check the mathematics; running declared operations in the worker
// pool is covered by the runtime's tests and by the examples suite (several of these operations'
// examples are pooled), and a pool boot here would only add seconds.
const j = testJacobian({ packs: ["integer"], pool: false });
after(() => j.close());

async function value(id: string, payload: Record<string, unknown>): Promise<Value> {
  const o = await j.run(id, payload);
  expect(o.outcome, `${id} ${JSON.stringify(payload).slice(0, 200)} → ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
  return (o as { value: Value }).value;
}

async function failure(id: string, payload: Record<string, unknown>): Promise<RunOutcome> {
  return j.run(id, payload);
}

function expectFailed(o: RunOutcome, code: string, path?: string): void {
  expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("failed");
  if (o.outcome !== "failed") return;
  expect(o.error.code).to.equal(code);
  if (path) expect(o.error.path).to.equal(path);
}

function expectRefused(o: RunOutcome): void {
  expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("non_conclusion");
  if (o.outcome === "non_conclusion") expect(o.reason.code).to.equal("RESOURCE_REFUSED");
}

/** gp helper that renders |n| in base b with lowercase letters (independent of the library's radix code). */
const GP_TOBASE = `tobase(n,b)=if(n==0,return("0"));my(v=digits(abs(n),b),s=if(n<0,"-",""));for(i=1,#v,s=concat(s,Strchr(if(v[i]<10,48+v[i],87+v[i]))));s;`;

describe("integer arithmetic operations cross-checked with PARI/GP", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });

  it("integer.lcm.compute agrees with lcm on 120 seeded lists (signs, zeros, shared factors, 1–1500 digits)", async () => {
    const r = rng(101);
    const cases: bigint[][] = [[0n], [7n], [-7n, 0n], [1n, 1n]];
    while (cases.length < 120) {
      const g = r.digits(r.pick([1, 5, 40]));
      const len = r.int(1, 8);
      const big = r.int(0, 9) === 0;
      cases.push(Array.from({ length: len }, () => (r.int(0, 30) === 0 ? 0n : r.signedDigits(big ? r.int(200, 1500) : r.int(1, 30)) * (r.int(0, 1) ? g : 1n))));
    }
    const expected = gp(cases.map((xs) => `print(lcm([${xs.join(",")}]))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const v = await value("integer.lcm.compute", { values: cases[i]!.map(String) });
      expect(v.lcm, `case ${i}`).to.equal(expected[i]);
    }
  });

  it("integer.absolute_value.compute and integer.sign.compute agree with abs and sign", async () => {
    const r = rng(102);
    const cases = [0n, 1n, -1n, ...Array.from({ length: 40 }, () => r.signedDigits(r.int(1, 2000)))];
    const expected = gp(cases.map((n) => `print(abs(${n}), " ", sign(${n}))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const [a, s] = expected[i]!.split(" ");
      expect((await value("integer.absolute_value.compute", { n: cases[i]!.toString() })).absolute_value).to.equal(a);
      expect((await value("integer.sign.compute", { n: cases[i]!.toString() })).sign).to.equal(s);
    }
  });

  it("integer.divides.compute agrees with PARI's divisibility and quotient on 150 seeded pairs", async () => {
    const r = rng(103);
    const cases: [bigint, bigint][] = [[0n, 0n], [0n, 5n], [5n, 0n], [-3n, 6n], [1n, -9n]];
    while (cases.length < 150) {
      const a = r.signedDigits(r.int(1, r.pick([3, 30, 800])));
      const b = r.int(0, 1) ? a * r.signedDigits(r.int(1, 800)) : r.signedDigits(r.int(1, 1600)) + BigInt(r.int(0, 3));
      cases.push([r.int(0, 40) === 0 ? 0n : a, b]);
    }
    const expected = gp(cases.map(([a, b]) => `if(${a}==0, print(if(${b}==0,"1","0")), if(${b}%${a}==0, print("1 ", ${b}/${a}), print("0")))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const [a, b] = cases[i]!;
      const v = await value("integer.divides.compute", { divisor: a.toString(), dividend: b.toString() });
      const [d, q] = expected[i]!.split(" ");
      expect(v.divides, `case ${i}`).to.equal(d === "1");
      expect(v.quotient, `case ${i}`).to.equal(q);
    }
  });

  it("integer.valuation.compute agrees with valuation and the unit part on 150 seeded cases", async () => {
    const r = rng(104);
    const cases: [bigint, bigint][] = [[0n, 2n], [0n, 10n], [1n, 2n], [-1n, 3n]];
    while (cases.length < 150) {
      const p = r.pick([2n, 3n, 5n, 7n, 4n, 6n, 10n, 16n, 1000003n, r.digits(r.int(2, 30)) + 2n]);
      const v = r.int(0, r.pick([3, 40, 2000]));
      cases.push([r.signedDigits(r.int(1, 200)) * p ** BigInt(v) || 1n, p]);
    }
    const expected = gp(cases.map(([n, p]) => `if(${n}==0, print("+oo"), my(v=valuation(${n},${p})); print(v, " ", ${n}/${p}^v))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const [n, p] = cases[i]!;
      const v = await value("integer.valuation.compute", { n: n.toString(), p: p.toString() });
      const [val, unit] = expected[i]!.split(" ");
      expect(v.valuation, `case ${i}`).to.equal(val === "+oo" ? "infinity" : val);
      expect(v.unit_part, `case ${i}`).to.equal(unit);
    }
  });

  it("integer.sqrt.compute agrees with sqrtint and the remainder on 100 seeded cases up to 20,000 digits", async () => {
    const r = rng(105);
    const cases: bigint[] = [0n, 1n, 2n, 3n, 4n];
    while (cases.length < 100) {
      const x = r.digits(r.int(1, r.pick([10, 300, 10_000])));
      cases.push(r.int(0, 2) === 0 ? x * x + BigInt(r.int(-1, 1)) * (x > 0n ? 1n : 0n) : r.digits(r.int(1, r.pick([40, 2000, 20_000]))));
    }
    const expected = gp(cases.map((n) => `my(s=sqrtint(${n})); print(s, " ", ${n}-s^2, " ", issquare(${n}))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const v = await value("integer.sqrt.compute", { n: cases[i]!.toString() });
      const [s, rem, sq] = expected[i]!.split(" ");
      expect([v.root, v.remainder, v.exact], `case ${i}`).to.deep.equal([s, rem, sq === "1"]);
    }
  });

  it("integer.root.compute agrees with sqrtnint (and the real floor for negative n, odd k) on 150 seeded cases", async () => {
    const r = rng(106);
    const cases: [bigint, number][] = [[0n, 5], [1n, 100], [-1n, 3], [-2n, 1001], [7n, 3]];
    while (cases.length < 150) {
      const k = r.pick([2, 3, 5, 7, r.int(2, 60), r.int(60, 3000)]);
      const shape = r.int(0, 2);
      let n: bigint;
      if (shape === 0) n = r.digits(r.int(1, r.pick([30, 2000, 10_000])));
      else {
        const b = r.digits(r.int(1, Math.max(1, Math.floor(6000 / k))));
        n = b ** BigInt(k) + BigInt(shape === 1 ? 0 : r.int(-1, 1));
      }
      if (n < 0n) n = 0n;
      const neg = k % 2 === 1 && r.int(0, 2) === 0;
      cases.push([neg ? -n : n, k]);
    }
    const expected = gp(
      cases.map(([n, k]) => (n >= 0n ? `my(s=sqrtnint(${n},${k})); print(s, " ", s^${k}==${n})` : `my(s=-sqrtnint(${-n},${k})); if(s^${k}>${n}, s=s-1); print(s, " ", s^${k}==${n})`)).join("\n"),
    );
    for (let i = 0; i < cases.length; i++) {
      const [n, k] = cases[i]!;
      const v = await value("integer.root.compute", { n: n.toString(), k: String(k) });
      const [s, exact] = expected[i]!.split(" ");
      expect([v.root, v.exact], `case ${i}: n of ${n.toString().length} chars, k = ${k}`).to.deep.equal([s, exact === "1"]);
    }
  });

  it("integer.perfect_power.compute agrees with ispower and issquare on 150 seeded cases", async () => {
    const r = rng(107);
    const cases: bigint[] = [2n, 4n, 8n, -8n, -4n, 64n, -64n, 72n, 1n << 64n, -(1n << 63n), 3n ** 40n];
    while (cases.length < 150) {
      const shape = r.int(0, 3);
      if (shape === 0) cases.push(r.signedDigits(r.int(2, 400)));
      else {
        const k = r.pick([2, 3, 4, 5, 6, 7, 9, 12, 30, r.int(2, 200)]);
        const b = r.pick([r.digits(r.int(1, 3)) + 2n, r.digits(r.int(4, 30)) + 2n]);
        let n = b ** BigInt(k);
        if (shape === 3) n += 1n;
        cases.push(r.int(0, 3) === 0 ? -n : n);
      }
    }
    const expected = gp(cases.map((n) => `my(b, k=ispower(${n},,&b)); print(if(k, k, 1), " ", if(k, b, ${n}), " ", issquare(${n}))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const v = await value("integer.perfect_power.compute", { n: cases[i]!.toString() });
      const [k, b, sq] = expected[i]!.split(" ");
      expect([v.exponent, v.base, v.is_square, v.is_perfect_power], `case ${i}: ${cases[i]!.toString().slice(0, 60)}`).to.deep.equal([k, b, sq === "1", k !== "1"]);
    }
  });

  it("integer.digits.compute agrees with #digits, sumdigits and digits in bases 2..10^30", async () => {
    const r = rng(108);
    const cases: [bigint, bigint][] = [[1n, 10n], [-10n, 10n], [255n, 16n]];
    while (cases.length < 120) {
      const b = r.pick([2n, 3n, 7n, 10n, 16n, 36n, 37n, 1000n, BigInt(r.int(2, 100_000)), r.digits(r.int(2, 30)) + 2n]);
      cases.push([r.signedDigits(r.int(1, r.pick([20, 500, 5000]))) || 1n, b]);
    }
    const expected = gp(cases.map(([n, b]) => `my(v=digits(${n},${b})); print(#v, " ", sumdigits(${n},${b}), " ", strjoin(apply(x->Str(x), v), ","))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const [n, b] = cases[i]!;
      const [count, sum, list] = expected[i]!.split(" ");
      const withList = i % 3 === 0;
      const v = await value("integer.digits.compute", { n: n.toString(), base: b.toString(), ...(withList ? { include_digits: true } : {}) });
      expect([v.digit_count, v.digit_sum], `case ${i}`).to.deep.equal([count, sum]);
      if (withList) expect((v.digits as string[]).join(","), `case ${i}`).to.equal(list);
      else expect(v.digits).to.equal(undefined);
    }
    // n = 0: one digit "0" (PARI's digits(0) is empty)
    expect(await value("integer.digits.compute", { n: "0", base: "7", include_digits: true })).to.deep.equal({ base: "7", digit_count: "1", digit_sum: "0", digits: ["0"] });
  });

  it("integer.base_conversion.compute agrees with PARI's digits rendering between random bases", async () => {
    const r = rng(109);
    const cases: [bigint, number, number][] = [[0n, 2, 36], [-1n, 36, 2]];
    while (cases.length < 120) cases.push([r.signedDigits(r.int(1, r.pick([10, 200, 3000]))), r.int(2, 36), r.int(2, 36)]);
    const lines = gp(GP_TOBASE + "\n" + cases.map(([n, a, b]) => `print(tobase(${n},${a}), " ", tobase(${n},${b}))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const [n, a, b] = cases[i]!;
      const [inA, inB] = lines[i]!.split(" ");
      // the input in mixed case when the base has letters
      const input = a > 10 && i % 2 === 0 ? inA!.toUpperCase() : inA!;
      const v = await value("integer.base_conversion.compute", { value: input, from_base: a, to_base: b });
      expect(v, `case ${i}`).to.deep.equal({ value: inB, decimal: n.toString() });
    }
  });
});

describe("integer arithmetic operations: properties through the API", function () {
  this.timeout(60_000);

  it("sqrt, root, perfect_power and valuation are mutually consistent on random integers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 1n << 200n }), fc.integer({ min: 2, max: 9 }), async (b, k) => {
        const n = b ** BigInt(k);
        const root = await value("integer.root.compute", { n: n.toString(), k: String(k) });
        expect(root).to.deep.equal({ root: b.toString(), exact: true });
        const sq = await value("integer.sqrt.compute", { n: n.toString() });
        if (k % 2 === 0) expect(sq).to.deep.equal({ root: (b ** BigInt(k / 2)).toString(), remainder: "0", exact: true });
        if (n > 1n) {
          const pp = await value("integer.perfect_power.compute", { n: n.toString() });
          const e = BigInt(pp.exponent as string);
          expect(e % BigInt(k)).to.equal(0n);
          expect(BigInt(pp.base as string) ** e).to.equal(n);
        }
        if (b > 1n) {
          const v = await value("integer.valuation.compute", { n: n.toString(), p: b.toString() });
          expect(v).to.deep.equal({ valuation: String(k), unit_part: "1" });
        }
      }),
      { numRuns: 60 },
    );
  });

  it("lcm · gcd = |a·b| and divides(a, lcm) holds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: -(1n << 100n), max: 1n << 100n }), fc.bigInt({ min: 1n, max: 1n << 100n }), async (a, b) => {
        const l = BigInt((await value("integer.lcm.compute", { values: [a.toString(), b.toString()] })).lcm as string);
        const g = BigInt((await value("integer.compute.gcd", { left: a.toString(), right: b.toString() })).gcd as string);
        expect(l * g).to.equal(a < 0n ? -a * b : a * b);
        if (a !== 0n) expect((await value("integer.divides.compute", { divisor: a.toString(), dividend: l.toString() })).divides).to.equal(true);
      }),
      { numRuns: 60 },
    );
  });

  it("base_conversion round-trips and its decimal output feeds other operations by reference", async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: -(1n << 300n), max: 1n << 300n }), fc.integer({ min: 2, max: 36 }), async (n, b) => {
        const there = await value("integer.base_conversion.compute", { value: n.toString(), from_base: 10, to_base: b });
        const back = await value("integer.base_conversion.compute", { value: there.value as string, from_base: b, to_base: 10 });
        expect(back).to.deep.equal({ value: n.toString(), decimal: n.toString() });
      }),
      { numRuns: 60 },
    );
    const o = await j.run("integer.base_conversion.compute", { value: "ff", from_base: 16, to_base: 2 });
    expect(o.outcome).to.equal("completed");
    const ref = (o as { refs?: Record<string, string> }).refs?.decimal;
    expect(ref).to.match(/^value:\/\//);
    const s = await j.run("integer.sqrt.compute", {}, { inputs: { n: { value_ref: ref! } } });
    expect((s as { value: Value }).value).to.deep.equal({ root: "15", remainder: "30", exact: false });
  });
});

describe("integer arithmetic operations: postconditions", () => {
  it("accept each declared example's value and catch every single-field change of it", () => {
    expect(declarations.map((d) => d.id).sort()).to.deep.equal([...ELEMENTARY].sort());
    checkPostconditionsOnExamples(declarations);
  });
});

describe("decimal digit counts without formatting", () => {
  it("digitsOf(n) is the length of |n| in decimal, at and around the powers of 10 up to 10^1000 and a few up to 10^99999", () => {
    for (const k of [...Array.from({ length: 1001 }, (_, i) => i), 4999, 33_333, 99_999]) {
      const p = 10n ** BigInt(k);
      for (const n of [p - 1n, p, p + 1n, -p, 2n * p, 9n * p + p - 1n]) if (n !== 0n) expect(digitsOf(n), `${n.toString().slice(0, 30)}… (k = ${k})`).to.equal((n < 0n ? -n : n).toString().length);
    }
    fc.assert(fc.property(fc.bigInt({ min: -(1n << 6000n), max: 1n << 6000n }), (n) => digitsOf(n) === (n < 0n ? -n : n).toString().length), { numRuns: 200 });
  });
});

describe("integer arithmetic operations: boundaries", function () {
  this.timeout(60_000);

  it("refuses malformed values with INVALID_PAYLOAD and a path", async () => {
    expectFailed(await failure("integer.lcm.compute", { values: [] }), "INVALID_PAYLOAD");
    expectFailed(await failure("integer.lcm.compute", { values: ["1", "02"] }), "INVALID_PAYLOAD");
    expectFailed(await failure("integer.valuation.compute", { n: "12", p: "1" }), "INVALID_PAYLOAD", "payload.p");
    expectFailed(await failure("integer.valuation.compute", { n: "12", p: "-2" }), "INVALID_PAYLOAD", "payload.p");
    expectFailed(await failure("integer.root.compute", { n: "12", k: "0" }), "INVALID_PAYLOAD", "payload.k");
    expectFailed(await failure("integer.root.compute", { n: "12", k: "1000000001" }), "INVALID_PAYLOAD", "payload.k");
    expectFailed(await failure("integer.digits.compute", { n: "12", base: "1" }), "INVALID_PAYLOAD", "payload.base");
    expectFailed(await failure("integer.base_conversion.compute", { value: "12", from_base: 37, to_base: 10 }), "INVALID_PAYLOAD", "payload.from_base");
    expectFailed(await failure("integer.sign.compute", { n: "-0" }), "INVALID_PAYLOAD", "payload.n");
    expectFailed(await failure("integer.divides.compute", { divisor: "3", dividend: "6", quotient: "2" }), "UNKNOWN_ARGUMENT");
  });

  it("base_conversion enforces the digit alphabet of the source base and names the position", async () => {
    for (const [value, base, at] of [["1012", 2, 3], ["0x1f", 16, 1], ["12 3", 10, 2], ["-", 10, 1], ["+5", 10, 0], ["9", 8, 0]] as const) {
      const o = await failure("integer.base_conversion.compute", { value, from_base: base, to_base: 10 });
      expectFailed(o, "INVALID_PAYLOAD", "payload.value");
      if (o.outcome === "failed" && base !== 10) expect(o.error.message).to.contain(`position ${at}`);
    }
  });

  it("domain errors: even roots and square roots of negative numbers", async () => {
    expectFailed(await failure("integer.sqrt.compute", { n: "-4" }), "DOMAIN_ERROR", "payload.n");
    expectFailed(await failure("integer.root.compute", { n: "-16", k: "4" }), "DOMAIN_ERROR", "payload.n");
  });

  it("accepts the digit bound and refuses above it or above the declared size caps before any work", async () => {
    const big = "9".repeat(100_000);
    expect((await value("integer.sign.compute", { n: "-" + big })).sign).to.equal("-1");
    expect((await value("integer.root.compute", { n: big, k: "12345" })).exact).to.equal(false);
    expectFailed(await failure("integer.absolute_value.compute", { n: big + "9" }), "INVALID_PAYLOAD", "payload.n");
    expectRefused(await failure("integer.lcm.compute", { values: [big, big, big] }));
    // exactly 200,000 digits in all is within the bound
    expect((await value("integer.lcm.compute", { values: [big, "1" + "0".repeat(99_999)] })).lcm).to.equal(big + "0".repeat(99_999));
    expectRefused(await failure("integer.digits.compute", { n: big, base: "2", include_digits: true }));
    expectRefused(await failure("integer.base_conversion.compute", { value: "z".repeat(70_000), from_base: 36, to_base: 10 }));
  });

  it("huge root indices are cheap: the root of n < 2^k is 0, 1, −1 or −2", async () => {
    expect(await value("integer.root.compute", { n: "12345", k: "1000000000" })).to.deep.equal({ root: "1", exact: false });
    expect(await value("integer.root.compute", { n: "-12345", k: "999999999" })).to.deep.equal({ root: "-2", exact: false });
    expect(await value("integer.root.compute", { n: "-1", k: "999999999" })).to.deep.equal({ root: "-1", exact: true });
    expect(await value("integer.root.compute", { n: "0", k: "1000000000" })).to.deep.equal({ root: "0", exact: true });
  });
});
