import { expect } from "chai";
import { SeededRandom } from "../../../domain/math/seeded-random.js";
import { cyclic, katsura, render } from "../../../bench/support/groebner-systems.js";
import { testJacobian } from "../../support/runtime.js";

/** A random polynomial expression in the variables with small coefficients. */
function randomExpr(rng: SeededRandom, vars: string[], terms: number, maxDeg: number, coeff: number): string {
  const parts: string[] = [];
  for (let t = 0; t < terms; t++) {
    const c = (rng.nextU32() % (2 * coeff + 1)) - coeff;
    if (c === 0) continue;
    const e = vars.map(() => 0);
    let d = rng.nextU32() % (maxDeg + 1);
    while (d-- > 0) e[rng.nextU32() % vars.length]!++;
    const mono = e.flatMap((x, i) => (x ? [x === 1 ? vars[i]! : `${vars[i]}^${x}`] : []));
    parts.push([`(${c})`, ...mono].join("*"));
  }
  return parts.length ? parts.join(" + ") : "1";
}

/** Evaluate an expression's polynomial (as canonical terms) at a point mod p. */
function evalTermsMod(terms: { coefficient: string; exponents: number[] }[], point: bigint[], p: bigint): bigint {
  let s = 0n;
  for (const t of terms) {
    let v = BigInt(t.coefficient);
    t.exponents.forEach((e, i) => {
      for (let k = 0; k < e; k++) v = (v * point[i]!) % p;
    });
    s = (s + v) % p;
  }
  return s;
}

describe("operations/polynomial Gröbner bases", function () {
  this.timeout(300_000);
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const run = (id: string, payload: Record<string, unknown>) => j.run(id, payload) as Promise<any>;

  it("groebner_basis.compute results are accepted by groebner_basis.verify; forged claims are rejected with a witness", async () => {
    const rng = new SeededRandom(99);
    for (let trial = 0; trial < 16; trial++) {
      const vars = ["x", "y", "z"].slice(0, 2 + (trial % 2));
      const ring = ["QQ", "GF(101)", "GF(32003)", "GF(1000000007)"][trial % 4]!;
      const order = ["grevlex", "grlex", "lex"][trial % 3]!;
      const generators = Array.from({ length: 2 + (trial % 2) }, () => ({ ring, variables: vars, expression: randomExpr(rng, vars, 3, 2, 6) }));
      const o = await run("polynomial.groebner_basis.compute", { generators, order });
      expect(o.outcome, JSON.stringify(o).slice(0, 400)).to.equal("completed");
      const claim = o.value;
      const ok = await run("polynomial.groebner_basis.verify", { generators, claim });
      expect(ok.value?.verdict, `trial ${trial} ${JSON.stringify(ok).slice(0, 300)}`).to.equal("accepted");
      if (claim.basis.length >= 2) {
        const dropped = await run("polynomial.groebner_basis.verify", { generators, claim: { ...claim, basis: claim.basis.slice(1) } });
        expect(dropped.value.verdict).to.equal("rejected");
      }
      if (claim.basis.length >= 1 && claim.basis[0].expression !== "1") {
        // add a constant 1 to the last element: a different (or non-reduced) set
        const last = claim.basis[claim.basis.length - 1];
        const forged = { ...claim, basis: [...claim.basis.slice(0, -1), { ring, variables: vars, expression: `${last.expression} + 1` }] };
        const r = await run("polynomial.groebner_basis.verify", { generators, claim: forged });
        expect(r.value.verdict, `trial ${trial}`).to.equal("rejected");
        expect(r.value.bindings.failed_check).to.be.a("string");
      }
    }
  });

  it("ZZ generators are read over QQ; mixing rings or variable lists fails closed with a path", async () => {
    const zz = await run("polynomial.groebner_basis.compute", { generators: [{ ring: "ZZ", variables: ["x"], expression: "2*x - 1" }] });
    expect(zz.value.basis[0].expression).to.equal("x - 1/2");
    const mixed = await run("polynomial.groebner_basis.compute", { generators: [{ ring: "QQ", variables: ["x"], expression: "x" }, { ring: "GF(5)", variables: ["x"], expression: "x" }] });
    expect(mixed.error).to.include({ code: "DOMAIN_ERROR", path: "payload.generators[1].ring" });
    const vars = await run("polynomial.groebner_basis.compute", { generators: [{ ring: "QQ", variables: ["x"], expression: "x" }, { ring: "QQ", variables: ["y"], expression: "y" }] });
    expect(vars.error).to.include({ code: "DOMAIN_ERROR", path: "payload.generators[1].variables" });
    const none = await run("polynomial.groebner_basis.compute", { generators: [] });
    expect(none.outcome).to.equal("failed");
  });

  it("bounds: too many variables or too high a degree fail closed; a hopeless lex system is refused in preflight", async () => {
    const v13 = Array.from({ length: 13 }, (_, i) => `x${i}`);
    const many = await run("polynomial.groebner_basis.compute", { generators: [{ ring: "QQ", variables: v13, expression: "x0" }] });
    expect(many.error).to.include({ code: "DOMAIN_ERROR" });
    const deg = await run("polynomial.groebner_basis.compute", { generators: [{ ring: "QQ", variables: ["x"], expression: "x^65" }] });
    expect(deg.error).to.include({ code: "DOMAIN_ERROR" });
    const v10 = Array.from({ length: 10 }, (_, i) => `x${i}`);
    const dense = v10.map((x, i) => ({ ring: "QQ", variables: v10, expression: `${x}^20 + ${v10[(i + 1) % 10]}^19*${v10[(i + 3) % 10]} - 1` }));
    const refused = await run("polynomial.groebner_basis.compute", { generators: dense, order: "lex" });
    expect(refused.outcome, JSON.stringify(refused).slice(0, 300)).to.equal("non_conclusion");
    expect(JSON.stringify(refused)).to.include("RESOURCE_REFUSED");
  });

  it("cyclic-5 over GF(32003) and katsura-4 over QQ: sizes as SymPy/Singular give them (20 and 13 elements)", async () => {
    for (const [sys, ring, count] of [[cyclic(5), "GF(32003)", 20], [katsura(4), "QQ", 13]] as const) {
      const n = sys[0]![0]!.e.length;
      const vars = Array.from({ length: n }, (_, i) => `x${i}`);
      const o = await run("polynomial.groebner_basis.compute", { generators: sys.map((f) => ({ ring, variables: vars, expression: render(f, vars) })) });
      expect(o.value.basis.length).to.equal(count);
    }
  });

  it("system_solutions over GF(p) equals brute force on random 2-variable systems", async () => {
    const rng = new SeededRandom(5);
    for (let trial = 0; trial < 20; trial++) {
      const p = [5n, 7n, 11n, 13n, 101n][trial % 5]!;
      const vars = ["x", "y"];
      const equations = Array.from({ length: 2 }, () => ({ ring: `GF(${p})`, variables: vars, expression: randomExpr(rng, vars, 3, 3, 9) }));
      const o = await run("polynomial.system_solutions.compute", { equations });
      if (o.outcome === "failed") {
        // positive-dimensional over a large field: allowed only when p ≥ 64
        expect(o.error.code).to.equal("DOMAIN_ERROR");
        expect(p >= 64n).to.equal(true);
        continue;
      }
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      const norm = await Promise.all(equations.map((e) => run("polynomial.normalize.compute", { polynomial: e })));
      const brute: string[][] = [];
      for (let a = 0n; a < p; a++)
        for (let b = 0n; b < p; b++) if (norm.every((f) => evalTermsMod(f.value.polynomial.terms, [a, b], p) === 0n)) brute.push([`${a}`, `${b}`]);
      expect(o.value.solutions, `trial ${trial} ${JSON.stringify(equations)}`).to.deep.equal(brute);
    }
  });

  it("system_solutions over QQ finds planted rational solutions and only true ones", async () => {
    const rng = new SeededRandom(8);
    for (let trial = 0; trial < 8; trial++) {
      // (x − a1)(x − a2) = 0, y = c·x + d, z^2 = y^2 (z = ±y)
      const r = () => BigInt((rng.nextU32() % 21) - 10);
      const a1 = r(), a2 = r(), c = r(), d = r(), den = BigInt(1 + (rng.nextU32() % 4));
      const vars = ["x", "y", "z"];
      const equations = [
        `(${den}*x - (${a1}))*(x - (${a2}))`,
        `y - (${c})*x - (${d}/${den})`,
        `z^2 - y^2`,
      ].map((expression) => ({ ring: "QQ", variables: vars, expression }));
      const o = await run("polynomial.system_solutions.compute", { equations });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      const xs = [...new Set([`${a1}/${den}`, `${a2}`])];
      const q = (s: string) => {
        const [n, m] = s.split("/");
        return Number(n) / Number(m ?? "1");
      };
      const expected = new Set<string>();
      for (const x of xs) {
        const y = Number(c) * q(x) + Number(d) / Number(den);
        for (const z of [y, -y]) expected.add([q(x), y, z].map((v) => (v + 0).toFixed(9)).join(","));
      }
      const got = new Set<string>(o.value.solutions.map((s: string[]) => s.map((v) => (q(v) + 0).toFixed(9)).join(",")));
      expect([...got].sort(), JSON.stringify(equations)).to.deep.equal([...expected].sort());
    }
  });

  it("normal_form and ideal_membership agree; elimination drops the named variables", async () => {
    const gens = [{ ring: "QQ", variables: ["x", "y", "z"], expression: "x^2 - y*z" }, { ring: "QQ", variables: ["x", "y", "z"], expression: "y^2 - x*z" }];
    const member = { ring: "QQ", variables: ["x", "y", "z"], expression: "(x^2 - y*z)*(x + 3*z) - 7*y*(y^2 - x*z)" };
    const non = { ring: "QQ", variables: ["x", "y", "z"], expression: "x*y*z - 1" };
    const m = await run("polynomial.ideal_membership.compute", { generators: gens, polynomials: [member, non] });
    expect(m.value.members).to.deep.equal([true, false]);
    const nf = await run("polynomial.normal_form.compute", { generators: gens, polynomials: [member, non] });
    expect(nf.value.normal_forms[0].terms).to.deep.equal([]);
    expect(nf.value.normal_forms[1].expression).to.equal(m.value.normal_forms[1].expression);
    const el = await run("polynomial.elimination.compute", { generators: gens, eliminate: ["x"] });
    expect(el.value.variables).to.deep.equal(["y", "z"]);
    for (const g of el.value.basis) expect(g.variables).to.deep.equal(["y", "z"]);
    const bad = await run("polynomial.elimination.compute", { generators: gens, eliminate: ["w"] });
    expect(bad.error).to.include({ code: "DOMAIN_ERROR", path: "payload.eliminate[0]" });
  });
});
