import { expect } from "chai";
import { compareGfp, gfpMul } from "../../../domain/math/poly/gfp.js";
import { SeededRandom } from "../../../domain/math/seeded-random.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";

type Wire = { ring: string; variables: string[]; expression?: string; terms?: { coefficient: string; exponents: number[] }[] };
const dense = (w: Wire): bigint[] => {
  const out: bigint[] = [];
  for (const t of w.terms ?? []) {
    const e = t.exponents[0] ?? 0;
    while (out.length <= e) out.push(0n);
    out[e] = BigInt(t.coefficient);
  }
  return out;
};
const poly = (ring: string, coeffs: readonly bigint[]): Wire => ({
  ring,
  variables: ["x"],
  terms: coeffs.map((c, i) => ({ coefficient: c.toString(), exponents: [i] })).filter((t) => t.coefficient !== "0").reverse(),
});
const gpPoly = (f: readonly bigint[]): string => `Polrev([${f.join(",")}])`;
const parseGp = (line: string): unknown => JSON.parse(line.replace(/-?\d+/g, '"$&"'));
function randPoly(rng: SeededRandom, deg: number, p: bigint): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i < deg; i++) out.push(((BigInt(rng.nextU32()) << 32n) | BigInt(rng.nextU32())) % p);
  out.push(1n + (BigInt(rng.nextU32()) % (p - 1n)));
  return out;
}

describe("operations/polynomial factorization, roots, irreducibility, square-free", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const run = (id: string, payload: Record<string, unknown>) => j.run(id, payload) as Promise<any>;

  it("fails closed: the zero polynomial, rings other than GF(p), degree above the bound", async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["polynomial.squarefree.compute", { polynomial: { ring: "GF(5)", variables: ["x", "y"], expression: "0" } }, "DOMAIN_ERROR", "payload.polynomial"],
      ["polynomial.factorization.compute", { polynomial: { ring: "GF(5)", variables: ["x"], expression: "0" } }, "DOMAIN_ERROR", "payload.polynomial"],
      ["polynomial.roots.compute", { polynomial: { ring: "GF(5)", variables: ["x"], expression: "5*x" } }, "DOMAIN_ERROR", "payload.polynomial"],
      ["polynomial.factorization.compute", { polynomial: { ring: "QQ", variables: [], expression: "3" } }, "DOMAIN_ERROR", "payload.polynomial.variables"],
      ["polynomial.irreducibility.compute", { polynomial: { ring: "GF(5)", variables: ["x"], expression: "x^1001 + 1" } }, "DOMAIN_ERROR", "payload.polynomial"],
      ["polynomial.squarefree.compute", { polynomial: { ring: "GF(6)", variables: ["x"], expression: "x" } }, "DOMAIN_ERROR", "payload.polynomial.ring"],
    ];
    for (const [id, payload, code, path] of cases) {
      const o = await run(id, payload);
      expect(o.outcome, JSON.stringify(payload)).to.equal("failed");
      expect(o.error, JSON.stringify(payload)).to.include({ code, path });
    }
  });

  it("refuses by preflight what exceeds the budget, before any work", async () => {
    const tight = testJacobian({ packs: ["polynomial"], budgets: { "polynomial.factorization.compute": { max_units: 1e6 } } });
    const t0 = performance.now();
    const o = (await tight.run("polynomial.factorization.compute", { polynomial: { ring: "GF(1000003)", variables: ["x"], expression: "x^999 + x + 1" } })) as any;
    expect(o.outcome).to.equal("non_conclusion");
    expect(o.reason.code).to.equal("RESOURCE_REFUSED");
    expect(performance.now() - t0).to.be.below(5_000);
    await tight.close();
  });

  describe("PARI/GP cross-checks", function () {
    before(function () {
      requireGp(this);
    });
    it("factorization, roots, irreducibility and square-free parts agree with factormod, polrootsmod, polisirreducible; the checkers accept the producers' answers", async () => {
      const rng = new SeededRandom(99);
      const cases: { p: bigint; f: bigint[] }[] = [];
      for (const p of [2n, 3n, 13n, 1000003n, 67108879n, 340282366920938463463374607431768211297n]) {
        for (let k = 0; k < 3; k++) {
          let f = randPoly(rng, 2 + rng.below(30), p);
          if (k === 1) f = gfpMul(f, gfpMul(randPoly(rng, 2, p), randPoly(rng, 2, p), p), p);
          if (k === 2) f = gfpMul(f, gfpMul([1n, 1n], [1n, 1n], p), p);
          cases.push({ p, f });
        }
      }
      const lines = gp(
        cases
          .map(({ p, f }) =>
            [
              `F=factormod(${gpPoly(f)},${p}); print(vector(#F~,i,[Vecrev(lift(F[i,1])),F[i,2]]))`,
              `print(Vec(lift(polrootsmod(${gpPoly(f)},${p}))))`,
              `print(polisirreducible(Mod(1,${p})*${gpPoly(f)}))`,
            ].join("\n"),
          )
          .join("\n"),
      );
      for (const [c, { p, f }] of cases.entries()) {
        const ring = `GF(${p})`;
        const [fl, rl, il] = lines.slice(3 * c, 3 * c + 3);
        const theirs = (parseGp(fl!) as [string[], string][]).map(([v, m]) => ({ factor: v.map(BigInt), multiplicity: Number(m) })).sort((u, v) => compareGfp(u.factor, v.factor));
        const fac = await run("polynomial.factorization.compute", { polynomial: poly(ring, f) });
        expect(fac.outcome, `${ring} ${f}`).to.equal("completed");
        expect(fac.value.factors.map((x: { factor: Wire; multiplicity: number }) => ({ factor: dense(x.factor), multiplicity: x.multiplicity }))).to.deep.equal(theirs);
        expect(dense(fac.value.unit)).to.deep.equal([f[f.length - 1]!]);
        const ver = await run("polynomial.factorization.verify", { polynomial: poly(ring, f), claim: fac.value });
        expect(ver.value.verdict).to.equal("accepted");

        const roots = await run("polynomial.roots.compute", { polynomial: poly(ring, f) });
        const rs = roots.value.roots.map((r: { root: Wire }) => dense(r.root)[0] ?? 0n);
        expect(rs).to.deep.equal((parseGp(rl!) as string[]).map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        const rv = await run("polynomial.roots.verify", { polynomial: poly(ring, f), claim: roots.value });
        expect(rv.value.verdict).to.equal("accepted");

        const irr = await run("polynomial.irreducibility.compute", { polynomial: poly(ring, f) });
        expect(irr.value.irreducible ? "1" : "0").to.equal(il);

        const sq = await run("polynomial.squarefree.compute", { polynomial: poly(ring, f) });
        const expectSq = new Map<number, bigint[]>();
        for (const t of theirs) expectSq.set(t.multiplicity, gfpMul(expectSq.get(t.multiplicity) ?? [1n], t.factor, p));
        expect(sq.value.factors.map((x: { factor: Wire; multiplicity: number }) => [x.multiplicity, dense(x.factor)])).to.deep.equal([...expectSq.entries()].sort((a, b) => a[0] - b[0]));
        expect(sq.value.squarefree).to.equal(theirs.every((t) => t.multiplicity === 1));
      }
    });
  });

  it("the factorization checker refutes forged claims with checkable counterexamples", async () => {
    const ring = "GF(101)";
    const f = gfpMul([3n, 0n, 1n], [5n, 1n], 101n); // (x^2 + 3)(x + 5); −3 is a square mod 101? decided below by the checker
    const fac = await run("polynomial.factorization.compute", { polynomial: poly(ring, f) });
    const ok = await run("polynomial.factorization.verify", { polynomial: poly(ring, f), claim: fac.value });
    expect(ok.value.verdict).to.equal("accepted");
    // Claim the whole polynomial as irreducible.
    const forged = { unit: fac.value.unit, factors: [{ factor: poly(ring, f), multiplicity: 1 }] };
    const bad = await run("polynomial.factorization.verify", { polynomial: poly(ring, f), claim: forged });
    expect(bad.value.verdict).to.equal("rejected");
    expect(bad.value.bindings).to.include({ failure: "reducible_factor", factor_index: 0 });
    // A wrong unit.
    const wrongUnit = { ...fac.value, unit: { ring, variables: [], expression: "2" } };
    const bu = await run("polynomial.factorization.verify", { polynomial: poly(ring, f), claim: wrongUnit });
    expect(bu.value.bindings).to.include({ failure: "product_mismatch" });
  });

  describe("ZZ and QQ (zz's factorization) against PARI/GP", function () {
    before(function () {
      requireGp(this);
    });
    it("factor over ZZ, rational roots over QQ, irreducibility; the checkers accept, Swinnerton-Dyer-like inputs included", async () => {
      const rng = new SeededRandom(7);
      const small = (deg: number): bigint[] => {
        const out: bigint[] = [];
        for (let i = 0; i <= deg; i++) out.push(BigInt(rng.below(19)) - 9n);
        if (out[deg] === 0n) out[deg] = 1n;
        return out;
      };
      const mulZ = (a: bigint[], b: bigint[]) => {
        const c = new Array<bigint>(a.length + b.length - 1).fill(0n);
        a.forEach((x, i) => b.forEach((y, j) => (c[i + j]! += x * y)));
        return c;
      };
      const cases: bigint[][] = [];
      for (let k = 0; k < 8; k++) cases.push(mulZ(mulZ(small(1 + rng.below(3)), small(1)), k % 2 ? small(1 + rng.below(4)) : [BigInt(2 + rng.below(5))]));
      const lines = gp(cases.map((f) => `F=factor(${gpPoly(f)}); print(vector(#F~,i,[Vecrev(F[i,1]),F[i,2]]))`).join("\n"));
      for (const [c, f] of cases.entries()) {
        const theirs = (parseGp(lines[c]!) as [string[], string][]).map(([v, m]) => ({ factor: v.map(BigInt), multiplicity: Number(m) })).filter((x) => x.factor.length > 1);
        const o = await run("polynomial.factorization.compute", { polynomial: poly("ZZ", f) });
        expect(o.outcome).to.equal("completed");
        const ours = o.value.factors.map((x: { factor: Wire; multiplicity: number }) => ({ factor: dense(x.factor), multiplicity: x.multiplicity }));
        const key = (xs: { factor: bigint[]; multiplicity: number }[]) => xs.map((x) => `${x.factor.join(",")}^${x.multiplicity}`).sort();
        expect(key(ours), `factor(${gpPoly(f)})`).to.deep.equal(key(theirs));
        const v = await run("polynomial.factorization.verify", { polynomial: poly("ZZ", f), claim: o.value });
        expect(v.value.verdict).to.equal("accepted");
        const qr = await run("polynomial.roots.compute", { polynomial: poly("QQ", f) });
        const linear = theirs.filter((x) => x.factor.length === 2).map((x) => ({ num: -x.factor[0]!, den: x.factor[1]! }));
        expect(qr.value.roots.length).to.equal(linear.length);
        const rv = await run("polynomial.roots.verify", { polynomial: poly("QQ", f), claim: qr.value });
        expect(rv.value.verdict).to.equal("accepted");
      }
      const sd = { ring: "ZZ", variables: ["x"], expression: "x^4 - 10*x^2 + 1" };
      const claim = { unit: { ring: "ZZ", variables: [], expression: "1" }, factors: [{ factor: sd, multiplicity: 1 }] };
      const nc = await run("polynomial.factorization.verify", { polynomial: sd, claim });
      expect(nc.value.verdict).to.equal("accepted"); // splits modulo every prime: proven by exhaustive recombination
      const irr = { ring: "ZZ", variables: ["x"], expression: "x^5 - x + 1" };
      const ok = await run("polynomial.factorization.verify", { polynomial: irr, claim: { ...claim, factors: [{ factor: irr, multiplicity: 1 }] } });
      expect(ok.value.verdict).to.equal("accepted");
      const red = { ring: "ZZ", variables: ["x"], expression: "x^4 + 4" }; // (x^2 − 2x + 2)(x^2 + 2x + 2)
      const bad = await run("polynomial.factorization.verify", { polynomial: red, claim: { ...claim, factors: [{ factor: red, multiplicity: 1 }] } });
      expect(bad.value.verdict).to.equal("rejected");
      expect(bad.value.bindings.failure).to.equal("reducible_factor");
    });
  });
  it("over ZZ and QQ, polynomials that split modulo every prime (x^4 + 1, Swinnerton-Dyer, x^16 + 1) are proven irreducible by exhaustive recombination: the producer's value is accepted (was non_conclusion), products claimed irreducible are still rejected", async () => {
    const poly = (ring: string, expression: string, variables = ["x"]) => ({ ring, variables, expression });
    for (const [ring, e, vars] of [["ZZ", "x^4 + 1"], ["QQ", "x^4 + 1"], ["ZZ", "x^4 - 10*x^2 + 1"], ["ZZ", "x^8 - 40*x^6 + 352*x^4 - 960*x^2 + 576"], ["ZZ", "x^16 + 1"], ["ZZ", "(x^4 + 1)*(x^2 + 1)^2"], ["ZZ", "3*x^4 - 3*x^2 + 3"], ["ZZ", "x^4 + y^4", ["x", "y"]]] as [string, string, string[]?][]) {
      const c = await run("polynomial.factorization.compute", { polynomial: poly(ring, e, vars) });
      expect(c.outcome, e).to.equal("completed");
      const f = await run("polynomial.factorization.verify", { polynomial: poly(ring, e, vars), claim: c.value });
      expect([e, f.value.verdict], JSON.stringify(f.value)).to.deep.equal([e, "accepted"]);
    }
    for (const e of ["x^8 + 4*x^4 + 16", "(x^4 + 1)*(x^4 - 10*x^2 + 1)", "x^4 + 4", "x^4 + 3*x^2 + 2"]) {
      const claim = { unit: { ring: "ZZ", variables: [], expression: "1" }, factors: [{ factor: poly("ZZ", e), multiplicity: 1 }] };
      const f = await run("polynomial.factorization.verify", { polynomial: poly("ZZ", e), claim });
      expect([e, f.value.verdict, f.value.bindings.failure]).to.deep.equal([e, "rejected", "reducible_factor"]);
    }
  });
});
