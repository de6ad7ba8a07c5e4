/**
 * Multivariate gcd and factorization over ZZ and QQ (domain/math/poly/mgcd.ts, mfactor.ts) and the
 * operations on them: PARI/GP cross-checks of factor() on seeded random products, properties
 * (known irreducible factors are found; gcd of products with a common factor), both lifting
 * strategies (Wang's leading coefficients and the subset recombination), and the checker's
 * acceptance of the producer's answers and its rejections.
 */
import { expect } from "chai";
import fc from "fast-check";
import { formatExpression } from "../../../domain/math/poly/format.js";
import { gcdZ } from "../../../domain/math/poly/mgcd.js";
import { factorMultivariateZ } from "../../../domain/math/poly/mfactor.js";
import { primitiveZ, type ZTerms } from "../../../domain/math/poly/mpoly.js";
import { parsePolynomialWire } from "../../../domain/math/poly/parse.js";
import { integers } from "../../../domain/math/poly/rings.js";
import { spDivExact, spMul } from "../../../domain/math/poly/sparse.js";
import { SeededRandom } from "../../../domain/math/seeded-random.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";

const VARS = ["x", "y", "z", "w"];

const LIMITS = { maxChars: 1e7, maxVariables: 16, maxDegree: 1e6, maxTerms: 1e6, maxCoeffDigits: 1e5 };
const parse = (s: string, vars = VARS): ZTerms => parsePolynomialWire({ ring: "ZZ", variables: vars, expression: s }, "p", LIMITS).terms as ZTerms;
const show = (t: ZTerms, vars = VARS): string => formatExpression(integers, vars, t);
const normal = (t: ZTerms, vars = VARS): string => show(primitiveZ(t), vars);

function randomPoly(rng: SeededRandom, nv: number, deg: number, terms: number): string {
  const parts: string[] = [];
  for (let i = 0; i < terms; i++) {
    const c = rng.below(19) - 9 || 1;
    const mono: string[] = [];
    let left = deg;
    for (let v = 0; v < nv; v++) {
      const e = rng.below(left + 1);
      left -= e;
      if (e) mono.push(`${VARS[v]}^${e}`);
    }
    parts.push(`(${c})` + (mono.length ? "*" + mono.join("*") : ""));
  }
  return parts.join(" + ");
}

/** Seeded random products of 1–3 random factors (some squared) in 2–4 variables, nonzero. */
function randomProducts(seed: number, count: number, maxDeg: number): string[] {
  const rng = new SeededRandom(seed);
  const out: string[] = [];
  while (out.length < count) {
    const nv = 2 + rng.below(3);
    const k = 1 + rng.below(3);
    const fs: string[] = [];
    for (let j = 0; j < k; j++) fs.push(`(${randomPoly(rng, nv, 1 + rng.below(maxDeg), 2 + rng.below(4))})^${rng.below(4) === 0 ? 2 : 1}`);
    const f = parse(fs.join("*"));
    if (f.length) out.push(show(f));
  }
  return out;
}

const factorStrings = (f: ZTerms, opts = {}): string[] => factorMultivariateZ(f, VARS.length, opts).factors.map((x) => `${normal(x.factor)}^${x.multiplicity}`).sort();

describe("multivariate factorization and gcd over ZZ (domain)", function () {
  this.timeout(300_000);

  describe("PARI/GP cross-check of factor()", function () {
    before(function () {
      requireGp(this);
    });
    it("agrees with factor() on seeded random products in 2–4 variables (one gp call), with both lifting strategies", () => {
      const cases = randomProducts(20260901, 60, 3);
      const script = cases
        .map((e, i) => `F=iferr(alarm(4, factor(${e})), E, 0); s=""; if(type(F)=="t_MAT", for(r=1,#F~, if(type(F[r,1])=="t_POL", s=concat(s, concat([Str(F[r,1]), "##", Str(F[r,2]), "@@"]))))); print(${i}, ":", if(type(F)=="t_MAT", "ok", "timeout"), ":", s)`)
        .join("\n");
      const lines = new Map<number, { ok: boolean; factors: string[] }>();
      for (const l of gp(script, 600_000)) {
        const m = /^(\d+):(ok|timeout):(.*)$/.exec(l);
        if (!m) continue;
        const factors = m[3]!.split("@@").filter(Boolean).map((s) => {
          const [a, b] = s.split("##");
          return `${normal(parse(a!))}^${b}`;
        });
        lines.set(+m[1]!, { ok: m[2] === "ok", factors: factors.sort() });
      }
      let compared = 0;
      cases.forEach((e, i) => {
        const pari = lines.get(i);
        expect(pari, `gp answered case ${i}`).to.not.equal(undefined);
        const f = parse(e);
        const ours = factorStrings(f);
        expect(factorStrings(f, { recombinationOnly: true }), e).to.deep.equal(ours);
        if (!pari!.ok) return; // PARI's multivariate factor() can take minutes on some inputs
        compared++;
        expect(ours, e).to.deep.equal(pari!.factors);
      });
      expect(compared, "cases PARI answered within its time limit").to.be.at.least(45);
    });
  });

  it("finds known irreducible factors: products of factors linear in some variable (primitive, so irreducible)", () => {
    const coef = fc.integer({ min: -6, max: 6 });
    const linearIn = fc.record({ v: fc.integer({ min: 0, max: 2 }), lead: fc.array(coef, { minLength: 3, maxLength: 3 }), rest: fc.array(coef, { minLength: 4, maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(linearIn, { minLength: 1, maxLength: 3 }), (specs) => {
        // v·(a0 + a1·u + a2·u^2) + (b0 + b1·u + b2·u·w + b3·w^2), u, w the other variables
        const names = ["x", "y", "z"];
        const fs: ZTerms[] = [];
        for (const { v, lead, rest } of specs) {
          const [u, w] = names.filter((_, i) => i !== v);
          const e = `${names[v]}*(${lead[0]} + ${lead[1]}*${u} + ${lead[2]}*${u}^2) + (${rest[0]} + ${rest[1]}*${u} + ${rest[2]}*${u}*${w} + ${rest[3]}*${w}^2)`;
          const g = primitiveZ(parse(e, names));
          if (g.length < 2 || !g.some((t) => t.exponents[v]! > 0)) return; // not linear in v
          // primitive in v: content(lead, rest) must be 1 — skip when the two parts share a factor
          if (gcdZ(parse(`${lead[0]} + ${lead[1]}*${u} + ${lead[2]}*${u}^2`, names), parse(`${rest[0]} + ${rest[1]}*${u} + ${rest[2]}*${u}*${w} + ${rest[3]}*${w}^2`, names), 3).some((t) => t.exponents.some((x) => x > 0))) return;
          if (g.length === 1) return;
          fs.push(g);
        }
        if (!fs.length) return;
        const f = fs.reduce((a, b) => spMul(integers, a, b));
        const fz = factorMultivariateZ(f, 3);
        const got = new Set(fz.factors.map((x) => show(x.factor, names)));
        for (const g of fs) expect(got.has(show(primitiveZ(g), names)) || primitiveZ(g).length === 1, show(g, names)).to.equal(true);
        // and the product is f
        let prod: ZTerms = [{ exponents: [0, 0, 0], coeff: fz.unit }];
        for (const x of fz.factors) for (let k = 0; k < x.multiplicity; k++) prod = spMul(integers, prod, x.factor);
        expect(show(prod, names)).to.equal(show(f, names));
      }),
      { numRuns: 40, seed: 77 },
    );
  });

  it("gcd: gcd(a·g, b·g) is g times the gcd of a and b; the cofactors divide exactly", () => {
    const cases = randomProducts(4242, 24, 3);
    for (let i = 0; i + 2 < cases.length; i += 3) {
      const [a, b, g] = [parse(cases[i]!), parse(cases[i + 1]!), parse(cases[i + 2]!)];
      const A = spMul(integers, a, g), B = spMul(integers, b, g);
      const h = gcdZ(A, B, 4);
      expect(spDivExact(integers, h, primitiveZ(g)), `${show(h)} ⊇ ${show(g)}`).to.not.equal(undefined);
      expect(spDivExact(integers, A, h)).to.not.equal(undefined);
      expect(spDivExact(integers, B, h)).to.not.equal(undefined);
      // the cofactors have a constant gcd
      const ca = spDivExact(integers, A, h)!, cb = spDivExact(integers, B, h)!;
      expect(gcdZ(ca, cb, 4).every((t) => t.exponents.every((x) => x === 0))).to.equal(true);
    }
  });

  it("classic hard cases: a non-constant leading coefficient, repeated factors and contents, a leading-coefficient factor shared by two factors", () => {
    const cases: [string, string[]][] = [
      // Wang's leading coefficient y·z shared between factors
      ["(x^2*y*z + x*z - 3)*(x*y + 2*z + 1)*(x^3*z + y^2 - 1)", ["x*y + 2*z + 1^1", "x^2*y*z + x*z - 3^1", "x^3*z + y^2 - 1^1"]],
      ["(y^2 + 1)*(x*y - z)^3*(x + y + z)^2", ["x + y + z^2", "x*y - z^3", "y^2 + 1^1"]],
      ["(x^4 - 10*x^2*y^2 + y^4)*(x - y*z)", ["x - y*z^1", "x^4 - 10*x^2*y^2 + y^4^1"]],
      ["4*x^2*y^2 - 4*x*y*z^2 + z^4 - 1", ["2*x*y - z^2 - 1^1", "2*x*y - z^2 + 1^1"]],
    ];
    for (const [e, want] of cases) {
      expect(factorStrings(parse(e)), e).to.deep.equal(want.slice().sort());
      expect(factorStrings(parse(e), { recombinationOnly: true }), e).to.deep.equal(want.slice().sort());
    }
  });
});

describe("polynomial.factorization.compute / .verify with several variables", function () {
  this.timeout(300_000);
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const run = (id: string, payload: Record<string, unknown>) => j.run(id, payload) as Promise<any>;

  it("the checker accepts the producer's factorizations of seeded random products, over ZZ and QQ", async () => {
    const cases = randomProducts(31337, 16, 3);
    for (const [k, e] of cases.entries()) {
      const ring = k % 2 ? "QQ" : "ZZ";
      const expression = ring === "QQ" ? `1/3*(${e})` : e;
      const polynomial = { ring, variables: VARS, expression };
      const o = await run("polynomial.factorization.compute", { polynomial });
      expect(o.outcome, JSON.stringify(o.error)).to.equal("completed");
      const v = await run("polynomial.factorization.verify", { polynomial, claim: o.value });
      expect(v.outcome).to.equal("completed");
      expect(v.value.verdict, `${expression}: ${v.value.reason}`).to.equal("accepted");
    }
  });

  it("the checker rejects wrong claims only with a stated failure (and a divisor for a reducible factor)", async () => {
    const P = (expression: string) => ({ ring: "ZZ", variables: ["x", "y"], expression });
    const unit = { ring: "ZZ", variables: [], expression: "1" };
    const claim = (...fs: [string, number][]) => ({ unit, factors: fs.map(([e, m]) => ({ factor: P(e), multiplicity: m })) });
    const cases: [string, ReturnType<typeof claim>, string][] = [
      ["x^2 - y^2", claim(["x - y", 2]), "product_mismatch"],
      ["x^2*y - y", claim(["x^2 - 1", 1], ["y", 1]), "reducible_factor"],
      ["x^2 - y^2", claim(["-x + y", 1], ["x + y", 1]), "not_normalized"],
      ["x^2 - y^2", claim(["x - y", 1], ["x - y", 1]), "duplicate_factor"],
      ["x^2 - y^2", claim(["x - y", 1]), "degree_mismatch"],
      ["x*y + 1", claim(["x*y + 2", 1]), "product_mismatch"],
    ];
    for (const [f, c, failure] of cases) {
      const v = await run("polynomial.factorization.verify", { polynomial: P(f), claim: c });
      expect(v.value.verdict, `${f}: ${JSON.stringify(v.value)}`).to.equal("rejected");
      expect(v.value.bindings.failure).to.equal(failure);
    }
    const r = await run("polynomial.factorization.verify", { polynomial: P("x^2*y - y"), claim: claim(["x^2 - 1", 1], ["y", 1]) });
    expect(["x - 1", "x + 1"]).to.include(r.value.bindings.divisor);
    const wrongVars = await run("polynomial.factorization.verify", { polynomial: P("x*y"), claim: { unit, factors: [{ factor: { ring: "ZZ", variables: ["y", "x"], expression: "x*y" }, multiplicity: 1 }] } });
    expect(wrongVars.value.bindings.failure).to.equal("variable_mismatch");
  });

  it("polynomial.gcd.compute / lcm.compute with several variables agree with PARI's gcd and lcm; gcd.verify accepts them and rejects a non-greatest common divisor", async function () {
    requireGp(this);
    // small operands: PARI's multivariate gcd slows down sharply with the 512 MB stack of the gp helper
    const cases = randomProducts(777, 30, 2);
    const pairs: [string, string][] = [];
    for (let i = 0; i + 2 < cases.length; i += 3) pairs.push([show(spMul(integers, parse(cases[i]!), parse(cases[i + 2]!))), show(spMul(integers, parse(cases[i + 1]!), parse(cases[i + 2]!)))]);
    const lines = gp(pairs.map(([a, b], i) => `g=gcd(${a}, ${b}); l=lcm(${a}, ${b}); print(${i}, "|", g, "|", l)`).join("\n"));
    expect(lines).to.have.length(pairs.length);
    const sign = (t: ZTerms) => (t.length && t[0]!.coeff < 0n ? t.map((x) => ({ exponents: x.exponents, coeff: -x.coeff })) : t);
    for (const line of lines) {
      const [i, g, l] = line.split("|");
      const [a, b] = pairs[+i!]!;
      const W = (expression: string) => ({ ring: "ZZ", variables: VARS, expression });
      const o = await run("polynomial.gcd.compute", { left: W(a), right: W(b) });
      expect(o.outcome, JSON.stringify(o.error)).to.equal("completed");
      expect(o.value.gcd.expression, `gcd of ${a} and ${b}`).to.equal(show(sign(parse(g!))));
      const lc = await run("polynomial.lcm.compute", { left: W(a), right: W(b) });
      expect(lc.value.lcm.expression).to.equal(show(sign(parse(l!))));
      const v = await run("polynomial.gcd.verify", { left: W(a), right: W(b), claim: o.value });
      expect(v.value.verdict, JSON.stringify(v.value)).to.equal("accepted");
    }
    const W2 = (expression: string) => ({ ring: "QQ", variables: ["x", "y"], expression });
    const notGreatest = await run("polynomial.gcd.verify", { left: W2("x^2*y - y^3"), right: W2("x*y + y^2"), claim: { gcd: W2("x + y") } });
    expect(notGreatest.value.verdict).to.equal("rejected");
    expect(notGreatest.value.bindings.failure).to.equal("not_greatest");
    const notDivisor = await run("polynomial.gcd.verify", { left: W2("x^2*y - y^3"), right: W2("x*y + y^2"), claim: { gcd: W2("x - y") } });
    expect(notDivisor.value.bindings.failure).to.equal("not_a_divisor");
  });

  it("fails closed: the zero polynomial, degrees above the bound (several variables)", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ring: "GF(7)", variables: ["x", "y"], expression: "0" }, "payload.polynomial"],
      [{ ring: "GF(7)", variables: ["x", "y"], expression: "x^201*y + 1" }, "payload.polynomial"],
      [{ ring: "ZZ", variables: ["x", "y"], expression: "0" }, "payload.polynomial"],
      [{ ring: "ZZ", variables: ["x", "y"], expression: "x^201*y + 1" }, "payload.polynomial"],
    ];
    for (const [polynomial, path] of cases) {
      const o = await run("polynomial.factorization.compute", { polynomial });
      expect(o.outcome, JSON.stringify(polynomial)).to.equal("failed");
      expect(o.error).to.include({ code: "DOMAIN_ERROR", path });
    }
  });
});
