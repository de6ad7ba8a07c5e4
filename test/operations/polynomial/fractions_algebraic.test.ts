/**
 * polynomial.partial_fractions.compute and polynomial.algebraic_combination.compute against
 * PARI/GP (one gp call each): the decomposition recombines to P/Q as a rational function in gp,
 * every factor is irreducible (polisirreducible) and every numerator of lower degree; the
 * resultant and its factors agree with polresultant/factor; with chosen real roots the minimal
 * polynomial vanishes at the numerical value of α∘β (polrootsreal, 120 digits) and the other
 * candidates do not. SymPy's apart, when /usr/bin/python3 has sympy, gives the same terms.
 */
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { SeededRandom } from "../../../domain/math/seeded-random.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";

type Wire = { ring: string; variables: string[]; expression: string; terms?: { coefficient: string; exponents: number[] }[] };
const P = (expression: string, ring = "QQ"): Wire => ({ ring, variables: ["x"], expression });
const toGp = (e: string) => e.replace(/\s+/g, "");

function randomPoly(rng: SeededRandom, deg: number, range = 7): string {
  const parts: string[] = [];
  for (let i = deg; i >= 0; i--) {
    let c = rng.below(2 * range + 1) - range;
    if (i === deg && c === 0) c = 1;
    if (c) parts.push(`(${c})*x^${i}`);
  }
  return parts.join(" + ") || "1";
}

describe("partial fractions and algebraic combinations", function () {
  this.timeout(300_000);
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const run = (id: string, payload: Record<string, unknown>) => j.run(id, payload) as Promise<any>;

  describe("PARI/GP cross-checks", function () {
    before(function () {
      requireGp(this);
    });

    it("partial fractions recombine to P/Q in gp, with irreducible factors and numerators of lower degree", async () => {
      const rng = new SeededRandom(515);
      const cases: { num: string; den: string; value: any }[] = [];
      for (let k = 0; k < 20; k++) {
        // denominators with repeated and shared factors
        const a = randomPoly(rng, 1 + rng.below(3)), b = randomPoly(rng, 1 + rng.below(2));
        const den = `(${a})^${1 + rng.below(3)}*(${b})*(${rng.below(3) + 1})`;
        const num = rng.below(3) === 0 ? `(${b})*(${randomPoly(rng, rng.below(6))})` : randomPoly(rng, rng.below(9));
        const o = await run("polynomial.partial_fractions.compute", { numerator: P(num, k % 2 ? "ZZ" : "QQ"), denominator: P(den, k % 2 ? "ZZ" : "QQ") });
        expect(o.outcome, JSON.stringify(o.error)).to.equal("completed");
        cases.push({ num, den, value: o.value });
      }
      const script = cases.map(({ num, den, value }, i) => {
        const sum = [`(${toGp(value.polynomial_part.expression)})`, ...value.terms.map((t: any) => `(${toGp(t.numerator.expression)})/(${toGp(t.factor.expression)})^${t.power}`)].join("+");
        const irr = value.terms.map((t: any) => `polisirreducible(${toGp(t.factor.expression)})`).join("*") || "1";
        const degs = value.terms.map((t: any) => `(poldegree(${toGp(t.numerator.expression)}) < poldegree(${toGp(t.factor.expression)}))`).join("*") || "1";
        return `print(${i}, ":", (${sum}) == (${toGp(num)})/(${toGp(den)}), ":", ${irr}, ":", ${degs})`;
      });
      const lines = gp(script.join("\n"));
      expect(lines).to.have.length(cases.length);
      for (const l of lines) expect(l, l).to.match(/^\d+:1:1:1$/);
    });

    it("resultants and their factors agree with polresultant/factor; chosen real roots pick the factor vanishing at α∘β", async () => {
      const rng = new SeededRandom(2718);
      const ops = ["sum", "difference", "product", "quotient"] as const;
      const gpExpr = { sum: "a+b", difference: "a-b", product: "a*b", quotient: "a/b" } as const;
      const gpRes = {
        sum: "polresultant(subst(Fx, x, y), subst(Gx, x, x - y), y)",
        difference: "polresultant(subst(Fx, x, y), subst(Gx, x, y - x), y)",
        product: "polresultant(subst(Fx, x, y), y^poldegree(Gx)*subst(Gx, x, x/y), y)",
        quotient: "polresultant(subst(Gx, x, y), subst(Fx, x, x*y), y)",
      } as const;
      const cases: { f: string; g: string; op: (typeof ops)[number]; ia: number; ib: number; value: any }[] = [];
      // each pool polynomial with its number of real roots
      const pool: [string, number][] = [["x^2 - 2", 2], ["x^2 - 3", 2], ["x^3 - 2", 1], ["x^2 - x - 1", 2], ["x^3 - 3*x + 1", 3], ["x^4 - 10*x^2 + 1", 4], ["2*x^2 - 5", 2], ["x^3 + x + 1", 1], ["x^2 + 1", 0]];
      for (let k = 0; k < 16; k++) {
        const [f, rootsF] = pool[rng.below(pool.length)]!, [g, rootsG] = pool[rng.below(pool.length)]!;
        const op = ops[k % 4]!;
        const choose = rootsF > 0 && rootsG > 0;
        const ia = choose ? rng.below(rootsF) : -1, ib = choose ? rng.below(rootsG) : -1;
        const payload = { operation: op, alpha: { polynomial: P(f, "ZZ"), ...(choose ? { real_root: ia } : {}) }, beta: { polynomial: P(g, "ZZ"), ...(choose ? { real_root: ib } : {}) } };
        const o = await run("polynomial.algebraic_combination.compute", payload);
        expect(o.outcome, JSON.stringify(o.error)).to.equal("completed");
        if (choose) expect(o.value.status).to.equal("DETERMINED");
        cases.push({ f, g, op, ia, ib, value: o.value });
      }
      const script = ["default(realprecision, 120);"];
      cases.forEach(({ f, g, op, ia, ib, value }, i) => {
        const cands = `[${value.candidates.map((c: any) => toGp(c.expression)).join(",")}]`;
        script.push(`Fx=${toGp(f)}; Gx=${toGp(g)}; R=${gpRes[op]}; Fa=factor(R)[,1]; C=${cands};`);
        // the same factors up to normalisation (monic), as sets
        script.push(`same=(Set(apply(h->h/pollead(h), Fa~)) == Set(apply(h->h/pollead(h), C)));`);
        if (ia >= 0) {
          const m = toGp(value.minimal_polynomial.expression);
          script.push(`a=polrootsreal(Fx)[${ia + 1}]; b=polrootsreal(Gx)[${ib + 1}]; v=${gpExpr[op]}; ok=(abs(subst(${m}, x, v)) < 1e-60) && #select(h->abs(subst(h, x, v)) < 1e-60, C) == 1;`);
        } else script.push("ok=1;");
        script.push(`print(${i}, ":", same, ":", ok)`);
      });
      const lines = gp(script.join("\n"));
      expect(lines).to.have.length(cases.length);
      for (const l of lines) expect(l, `${l}: ${JSON.stringify(cases[+l.split(":")[0]!])}`).to.match(/^\d+:1:1$/);
    });
  });

  it("partial fractions agree with SymPy's apart where sympy is installed", async function () {
    const probe = spawnSync("/usr/bin/python3", ["-c", "import sympy"], { encoding: "utf8" });
    if (probe.status !== 0) this.skip();
    const cases = [["x^5 + 2*x + 1", "2*x^4 + 2*x^2"], ["1", "x^3 - x"], ["3*x^2 + 1", "(x - 1)^3*(x^2 + x + 1)"], ["x^7", "(x^2 + 2)^2*(x + 3)"]];
    const ours: string[] = [];
    for (const [n, d] of cases) {
      const o = await run("polynomial.partial_fractions.compute", { numerator: P(n!), denominator: P(d!) });
      const v = o.value;
      ours.push([`(${v.polynomial_part.expression})`, ...v.terms.map((t: any) => `(${t.numerator.expression})/(${t.factor.expression})**${t.power}`)].join(" + ").replace(/\^/g, "**"));
    }
    const py = [
      "from sympy import symbols, apart, simplify, sympify, Add",
      "x = symbols('x')",
      ...cases.map(([n, d], i) => `e = sympify('(${n})/(${d})'.replace('^', '**')); a = apart(e, x); o = sympify('${ours[i]}'); print(simplify(a - o) == 0 and len(Add.make_args(a)) == len([t for t in Add.make_args(o) if t != 0]))`),
    ].join("\n");
    const r = spawnSync("/usr/bin/python3", ["-c", py], { encoding: "utf8", timeout: 120_000 });
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout.trim().split("\n")).to.deep.equal(cases.map(() => "True"));
  });

  it("fails closed: finite fields, a zero denominator, constants, out-of-range root indices, β = 0 in a quotient", async () => {
    const bad: [string, Record<string, unknown>, string][] = [
      ["polynomial.partial_fractions.compute", { numerator: P("1", "GF(7)"), denominator: P("x", "GF(7)") }, "payload.numerator.ring"],
      ["polynomial.partial_fractions.compute", { numerator: P("1"), denominator: P("0") }, "payload.denominator"],
      ["polynomial.algebraic_combination.compute", { operation: "sum", alpha: { polynomial: P("3") }, beta: { polynomial: P("x^2 - 2") } }, "payload.alpha.polynomial"],
      ["polynomial.algebraic_combination.compute", { operation: "sum", alpha: { polynomial: P("x^2 - 2"), real_root: 2 }, beta: { polynomial: P("x^2 - 2") } }, "payload.alpha.real_root"],
      ["polynomial.algebraic_combination.compute", { operation: "quotient", alpha: { polynomial: P("x^2 - 2") }, beta: { polynomial: P("x^3 - x"), real_root: 1 } }, "payload.beta.real_root"],
      ["polynomial.algebraic_combination.compute", { operation: "quotient", alpha: { polynomial: P("x^2 - 2") }, beta: { polynomial: P("x^4") } }, "payload.beta.polynomial"],
    ];
    for (const [id, payload, path] of bad) {
      const o = await run(id, payload);
      expect(o.outcome, JSON.stringify(payload)).to.equal("failed");
      expect(o.error, JSON.stringify(payload)).to.include({ code: "DOMAIN_ERROR", path });
    }
  });

  it("refuses above the budget in preflight (RESOURCE_REFUSED), before any work", async () => {
    const tight = testJacobian({
      packs: ["polynomial"],
      budgets: {
        "polynomial.algebraic_combination.compute": { max_units: 1e6 },
        "polynomial.partial_fractions.compute": { max_units: 1e6 },
        "polynomial.factorization.compute": { max_units: 1e6 },
      },
    });
    const deg30 = Array.from({ length: 31 }, (_, i) => `${"7".repeat(20)}*x^${i}`).join(" + ");
    const cases: [string, Record<string, unknown>][] = [
      ["polynomial.algebraic_combination.compute", { operation: "sum", alpha: { polynomial: P(deg30) }, beta: { polynomial: P(deg30) } }],
      ["polynomial.partial_fractions.compute", { numerator: P("1"), denominator: P(deg30) }],
      ["polynomial.factorization.compute", { polynomial: { ring: "ZZ", variables: ["x", "y", "z"], expression: "(x^20*y^20*z^20 + x*y + 1)*(x^10 + y^10 + z^10 + 7)" } }],
    ];
    for (const [id, payload] of cases) {
      const o = (await tight.run(id, payload as never)) as any;
      expect(o.outcome, id).to.equal("non_conclusion");
      expect(o.reason.code, id).to.equal("RESOURCE_REFUSED");
    }
    await tight.close();
  });

  it("zero roots: a product with α = 0 is 0; the x factor is a candidate; a quotient never divides by a zero root", async () => {
    const zero = await run("polynomial.algebraic_combination.compute", { operation: "product", alpha: { polynomial: P("x^3 - 2*x"), real_root: 1 }, beta: { polynomial: P("x^2 - 3"), real_root: 0 } });
    expect(zero.value.status).to.equal("DETERMINED");
    expect(zero.value.minimal_polynomial.expression).to.equal("x");
    const amb = await run("polynomial.algebraic_combination.compute", { operation: "product", alpha: { polynomial: P("x^3 - 2*x") }, beta: { polynomial: P("x^2 - 3") } });
    expect(amb.value.status).to.equal("AMBIGUOUS");
    expect(amb.value.candidates.map((c: any) => c.expression)).to.deep.equal(["x", "x^2 - 6"]);
    const q = await run("polynomial.algebraic_combination.compute", { operation: "quotient", alpha: { polynomial: P("x^2 - 8") }, beta: { polynomial: P("x^3 - 2*x") } });
    expect(q.value.candidates.map((c: any) => c.expression)).to.deep.equal(["x - 2", "x + 2"]);
    expect(q.value.status).to.equal("AMBIGUOUS");
  });
});
