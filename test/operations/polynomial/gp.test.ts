/**
 * PARI/GP cross-checks of the polynomial operations on seeded random inputs, each operation's cases
 * batched into one gp call. Univariate results are compared as dense coefficient vectors; multivariate
 * ones by re-reading GP's printed polynomial with our parser and comparing canonical forms.
 */
import { expect } from "chai";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { denseString, gpCoeffs, randomMultivariate, randomUnivariate, Rng } from "./random.js";

const RINGS = ["ZZ", "QQ", "GF(2)", "GF(101)", "GF(1000003)", "GF(340282366920938463463374607431768211297)"];
const FIELDS = RINGS.filter((r) => r !== "ZZ");

describe("operations/polynomial: PARI/GP cross-checks", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>) => {
    const o = (await j.run(id, payload)) as any;
    if (o.outcome === "completed" && o.value_artifact) return ((await j.artifact(o.value_artifact)) as any).result;
    if (o.outcome !== "completed" || !o.value) throw new Error(`${id}: ${JSON.stringify(o).slice(0, 2000)}`);
    return o.value;
  };

  /** Run `cases` through an operation and compare each field's dense coefficients with GP's. */
  async function univariateCheck(id: string, cases: { payload: Record<string, unknown>; gp: string[]; fields: string[] }[]) {
    const lines = gp(cases.flatMap((c) => c.gp).join("\n"));
    expect(lines.length).to.equal(cases.reduce((n, c) => n + c.gp.length, 0));
    let k = 0;
    for (const c of cases) {
      const v = await run(id, c.payload);
      for (const f of c.fields) expect(denseString(v[f]), `${id} ${f} of ${JSON.stringify(c.payload).slice(0, 300)}`).to.equal(lines[k++]);
    }
  }

  it("multiply: products of random univariate polynomials (including degrees 0 and Kronecker sizes)", async () => {
    const r = new Rng(1);
    const cases = [];
    for (const ring of RINGS) {
      for (let k = 0; k < 6; k++) {
        const a = randomUnivariate(r, ring, r.int(k < 3 ? 8 : 120), 1 + r.int(200));
        const b = randomUnivariate(r, ring, r.int(k < 3 ? 8 : 120), 1 + r.int(200));
        cases.push({ payload: { left: a.wire, right: b.wire }, gp: [gpCoeffs(`${a.gp}*${b.gp}`)], fields: ["product"] });
      }
    }
    await univariateCheck("polynomial.multiply.compute", cases);
  });

  it("power: small powers of random polynomials", async () => {
    const r = new Rng(2);
    const cases = [];
    for (const ring of RINGS) {
      for (let k = 0; k < 4; k++) {
        const a = randomUnivariate(r, ring, 1 + r.int(12), 1 + r.int(40));
        const e = r.int(12);
        cases.push({ payload: { polynomial: a.wire, exponent: e }, gp: [gpCoeffs(`(${a.gp})^${e}`)], fields: ["power"] });
      }
    }
    await univariateCheck("polynomial.power.compute", cases);
  });

  it("division: divrem over QQ and prime fields", async () => {
    const r = new Rng(3);
    const cases = [];
    for (const ring of FIELDS) {
      for (let k = 0; k < 5; k++) {
        const a = randomUnivariate(r, ring, r.int(60), 1 + r.int(100));
        const b = randomUnivariate(r, ring, r.int(20), 1 + r.int(100));
        cases.push({ payload: { dividend: a.wire, divisor: b.wire }, gp: [gpCoeffs(`divrem(${a.gp},${b.gp})[1]`), gpCoeffs(`divrem(${a.gp},${b.gp})[2]`)], fields: ["quotient", "remainder"] });
      }
    }
    await univariateCheck("polynomial.division.compute", cases);
  });

  it("pseudo_remainder: lc(b)^(da−db+1)·a = q·b + r over ZZ", async () => {
    const r = new Rng(4);
    const cases = [];
    for (let k = 0; k < 12; k++) {
      const a = randomUnivariate(r, "ZZ", 3 + r.int(30), 1 + r.int(80));
      const b = randomUnivariate(r, "ZZ", 1 + r.int(5), 1 + r.int(30));
      const m = `pollead(${b.gp})^(max(0,poldegree(${a.gp})-poldegree(${b.gp})+1))`;
      cases.push({ payload: { dividend: a.wire, divisor: b.wire }, gp: [gpCoeffs(`(${m}*${a.gp})\\${b.gp}`), gpCoeffs(`(${m}*${a.gp})%${b.gp}`)], fields: ["quotient", "remainder"] });
    }
    await univariateCheck("polynomial.pseudo_remainder.compute", cases);
  });

  it("derivative, integral (intformal), shift (subst x+c) and composition (subst) agree with GP", async () => {
    const r = new Rng(5);
    const d = [], i = [], s = [], c = [];
    for (const ring of RINGS) {
      for (let k = 0; k < 3; k++) {
        const a = randomUnivariate(r, ring, r.int(50), 1 + r.int(100));
        d.push({ payload: { polynomial: a.wire }, gp: [gpCoeffs(`deriv(${a.gp})`)], fields: ["derivative"] });
        if (ring !== "GF(2)") i.push({ payload: { polynomial: a.wire }, gp: [gpCoeffs(`intformal(${a.gp})`)], fields: ["integral"] });
        const shift = ring === "QQ" ? "-7/3" : ring === "ZZ" ? "-12345" : "5";
        s.push({ payload: { polynomial: a.wire, shift }, gp: [gpCoeffs(`subst(${a.gp},x,x+(${shift}))`)], fields: ["shifted"] });
        const f = randomUnivariate(r, ring, r.int(9), 1 + r.int(20));
        const g = randomUnivariate(r, ring, r.int(9), 1 + r.int(20));
        c.push({ payload: { outer: f.wire, inner: g.wire }, gp: [gpCoeffs(`subst(${f.gp},x,${g.gp})`)], fields: ["composition"] });
      }
    }
    await univariateCheck("polynomial.derivative.compute", d);
    await univariateCheck("polynomial.integral.compute", i);
    await univariateCheck("polynomial.shift.compute", s);
    await univariateCheck("polynomial.composition.compute", c);
  });

  it("a long Taylor shift (degree 300, divide and conquer) agrees with GP", async () => {
    const r = new Rng(6);
    const a = randomUnivariate(r, "ZZ", 300, 64);
    await univariateCheck("polynomial.shift.compute", [{ payload: { polynomial: a.wire, shift: "-3" }, gp: [gpCoeffs(`subst(${a.gp},x,x-3)`)], fields: ["shifted"] }]);
  });

  it("content (ZZ, QQ) and evaluation (subst of values) agree with GP", async () => {
    const r = new Rng(7);
    const cs: string[] = [], payloads: Record<string, unknown>[] = [];
    for (const ring of ["ZZ", "QQ"]) {
      for (let k = 0; k < 8; k++) {
        // univariate: GP's content of a multivariate polynomial is taken over the lower variables
        const a = randomUnivariate(r, ring, r.int(10), 1 + r.int(60));
        // a common factor makes the content interesting
        const f = ring === "ZZ" ? `${1 + r.int(1000)}` : `${1 + r.int(1000)}/${1 + r.int(1000)}`;
        payloads.push({ polynomial: { ring, variables: ["x"], expression: `${f}*${a.gp}` } });
        cs.push(`print(content(${f}*${a.gp}))`);
      }
    }
    const lines = gp(cs.join("\n"));
    for (let k = 0; k < payloads.length; k++) {
      const p = payloads[k] as any;
      const v = await run("polynomial.content.compute", p);
      expect(v.content, JSON.stringify(p)).to.equal(lines[k]);
    }
    const ev: string[] = [], evp: Record<string, unknown>[] = [];
    for (const ring of RINGS) {
      for (let k = 0; k < 4; k++) {
        const a = randomMultivariate(r, ring, ["x", "y", "z"], 1 + r.int(12), 8, 1 + r.int(60));
        const vals = ring === "ZZ" || ring === "QQ" ? [`${r.int(2000) - 1000}/${1 + r.int(50)}`, `${r.int(100) - 50}`, `-${1 + r.int(7)}`] : [`${r.int(1000)}`, `${r.int(1000)}`, `${r.int(1000)}`];
        evp.push({ polynomial: a.wire, values: vals });
        ev.push(`print(lift(subst(subst(subst(${a.gp},x,${vals[0]}),y,${vals[1]}),z,${vals[2]})))`);
      }
    }
    const evl = gp(ev.join("\n"));
    for (let k = 0; k < evp.length; k++) {
      const v = await run("polynomial.evaluation.compute", evp[k]!);
      expect(v.value, JSON.stringify(evp[k])).to.equal(evl[k]);
    }
  });

  it("multivariate multiply, power and substitution agree with GP (re-read through normalize)", async () => {
    const r = new Rng(8);
    const cases: { id: string; payload: Record<string, unknown>; field: string; ring: string; vars: string[] }[] = [];
    const scripts: string[] = [];
    for (const ring of RINGS) {
      const vars = ["x", "y", "z"];
      const a = randomMultivariate(r, ring, vars, 1 + r.int(15), 5, 1 + r.int(50));
      const b = randomMultivariate(r, ring, vars, 1 + r.int(15), 5, 1 + r.int(50));
      cases.push({ id: "polynomial.multiply.compute", payload: { left: a.wire, right: b.wire }, field: "product", ring, vars });
      scripts.push(`print(lift(${a.gp}*${b.gp}))`);
      cases.push({ id: "polynomial.power.compute", payload: { polynomial: a.wire, exponent: 3 }, field: "power", ring, vars });
      scripts.push(`print(lift((${a.gp})^3))`);
      const q = randomMultivariate(r, ring, ["x", "z"], 1 + r.int(4), 3, 1 + r.int(10));
      cases.push({ id: "polynomial.substitution.compute", payload: { polynomial: a.wire, variable: "y", value: q.wire }, field: "result", ring, vars: ["x", "z"] });
      scripts.push(`print(lift(subst(${a.gp},y,${q.gp})))`);
    }
    const lines = gp(scripts.join("\n"));
    for (let k = 0; k < cases.length; k++) {
      const c = cases[k]!;
      const ours = (await run(c.id, c.payload))[c.field];
      const theirs = (await run("polynomial.normalize.compute", { polynomial: { ring: c.ring, variables: ours.variables, expression: lines[k]! } })).polynomial;
      expect(ours, `${c.id} ${c.ring}`).to.deep.equal(theirs);
    }
  });

  it("exact division recovers a factor; a non-divisor fails with DOMAIN_ERROR", async () => {
    const r = new Rng(9);
    for (const ring of RINGS) {
      const a = randomMultivariate(r, ring, ["x", "y"], 1 + r.int(8), 4, 1 + r.int(40));
      const b = randomMultivariate(r, ring, ["x", "y"], 1 + r.int(8), 4, 1 + r.int(40));
      const prod = (await run("polynomial.multiply.compute", { left: a.wire, right: b.wire })).product;
      const q = (await run("polynomial.exact_division.compute", { dividend: prod, divisor: b.wire })).quotient;
      const want = (await run("polynomial.normalize.compute", { polynomial: a.wire })).polynomial;
      expect(q).to.deep.equal(want);
    }
    const o = (await j.run("polynomial.exact_division.compute", { dividend: { ring: "ZZ", variables: ["x"], expression: "x^2 + 1" }, divisor: { ring: "ZZ", variables: ["x"], expression: "x + 1" } })) as any;
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.divisor" });
  });
});
