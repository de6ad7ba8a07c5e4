import { expect } from "chai";
import { SeededRandom } from "../../../domain/math/seeded-random.js";
import { mul } from "../../../domain/math/poly/zz.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";

type Wire = { ring: string; variables: string[]; expression?: string; terms?: { coefficient: string; exponents: number[] }[] };
const poly = (ring: string, coeffs: readonly bigint[]): Wire => ({
  ring,
  variables: ["x"],
  terms: coeffs.map((c, i) => ({ coefficient: c.toString(), exponents: [i] })).filter((t) => t.coefficient !== "0").reverse(),
});
const coeffs = (w: Wire): string[] => {
  const out: string[] = [];
  for (const t of w.terms ?? []) {
    const e = t.exponents[0] ?? 0;
    while (out.length <= e) out.push("0");
    out[e] = t.coefficient;
  }
  return out;
};
const gpPoly = (f: readonly bigint[]): string => `Polrev([${f.join(",")}])`;
const rng = new SeededRandom(909);
function randInt(bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(rng.below(65536));
  v &= (1n << BigInt(bits)) - 1n;
  return rng.below(2) ? -v : v;
}
function randPoly(deg: number, bits: number): bigint[] {
  const a = Array.from({ length: deg + 1 }, () => randInt(bits));
  while (a[deg] === 0n) a[deg] = randInt(bits);
  return a;
}
const modp = (f: bigint[], p: bigint) => f.map((c) => ((c % p) + p) % p);

describe("operations/polynomial gcd, lcm, resultant, discriminant, real roots, interpolation, cyclotomic", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const run = (id: string, payload: Record<string, unknown>) => j.run(id, payload) as Promise<any>;

  it("fails closed with stable codes and paths", async () => {
    const cases: [string, Record<string, unknown>, string, string | undefined][] = [
      // several variables: ZZ, QQ and GF(p) only
      ["polynomial.resultant.compute", { left: { ring: "ZZ", variables: ["x", "y"], expression: "x*y" }, right: { ring: "ZZ", variables: ["x", "y"], expression: "x" } }, "DOMAIN_ERROR", "payload.variable"],
      ["polynomial.resultant.compute", { left: { ring: "ZZ", variables: ["x", "y"], expression: "x*y" }, right: { ring: "ZZ", variables: ["x", "y"], expression: "x" }, variable: "t" }, "DOMAIN_ERROR", "payload.variable"],
      ["polynomial.discriminant.compute", { polynomial: { ring: "ZZ", variables: ["x", "y"], expression: "x*y" } }, "DOMAIN_ERROR", "payload.variable"],
      ["polynomial.discriminant.compute", { polynomial: { ring: "GF(5)", variables: ["x", "y"], expression: "0" }, variable: "x" }, "DOMAIN_ERROR", "payload.polynomial"],
      ["polynomial.gcd.compute", { left: { ring: "ZZ", variables: ["x"], expression: "x" }, right: { ring: "QQ", variables: ["x"], expression: "x" } }, "DOMAIN_ERROR", "payload.right.ring"],
      ["polynomial.real_roots.compute", { polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^2 - 2" } }, "DOMAIN_ERROR", "payload.polynomial.ring"],
      ["polynomial.real_roots.compute", { polynomial: { ring: "ZZ", variables: ["x"], expression: "0" } }, "DOMAIN_ERROR", "payload.polynomial"],
      ["polynomial.root_count.compute", { polynomial: { ring: "ZZ", variables: ["x"], expression: "x" }, lower: "2", upper: "1" }, "DOMAIN_ERROR", "payload.upper"],
      ["polynomial.interpolation.compute", { ring: "QQ", points: [{ x: "1", y: "2" }, { x: "1", y: "3" }] }, "DOMAIN_ERROR", "/points/1"],
      ["polynomial.interpolation.compute", { ring: "GF(5)", points: [{ x: "1/5", y: "2" }] }, "DOMAIN_ERROR", "payload.points.0.x"],
      ["polynomial.cyclotomic.compute", { n: 0 }, "INVALID_PAYLOAD", undefined],
    ];
    for (const [id, payload, code, path] of cases) {
      const o = await run(id, payload);
      expect(o.outcome, JSON.stringify(payload)).to.equal("failed");
      expect(o.error.code, JSON.stringify(payload)).to.equal(code);
      if (path) expect(o.error.path, JSON.stringify(payload)).to.equal(path);
    }
  });

  it("refuses a resultant above its size bound in preflight", async () => {
    const big = { ring: "ZZ", variables: ["x"], terms: [{ coefficient: "1", exponents: [900000] }, { coefficient: "9".repeat(15000), exponents: [0] }] };
    const o = await run("polynomial.resultant.compute", { left: big, right: { ring: "ZZ", variables: ["x"], expression: "x^900 + 3" } });
    expect(o.outcome).to.equal("non_conclusion");
    expect(o.reason.code).to.equal("RESOURCE_REFUSED");
  });

  it("gcd.verify with an operand 0: gcd(0, f) is f normalised — a proper divisor of f is rejected in every ring and with one or several variables; the producer's value is accepted", async () => {
    const cases: [string, string[], string, string][] = [
      ["ZZ", ["x"], "0", "x"], ["ZZ", ["x", "y"], "0", "x*y"], ["ZZ", ["x"], "-3*x^2", "0"], ["QQ", ["x", "y"], "x + y", "0"],
      ["GF(5)", ["x"], "0", "x"], ["GF(2)", ["x", "y"], "0", "x*y + 1"], ["GF(3^2)", ["x"], "0", "a*x"], ["ZZ", ["x", "y"], "0", "2*y"],
    ];
    for (const [ring, variables, l, r] of cases) {
      const left = { ring, variables, expression: l }, right = { ring, variables, expression: r };
      const g = await run("polynomial.gcd.compute", { left, right });
      expect(g.outcome, JSON.stringify(g.error)).to.equal("completed");
      const ok = await run("polynomial.gcd.verify", { left, right, claim: g.value });
      expect(ok.value.verdict, `${ring} gcd(${l}, ${r}) = ${g.value.gcd.expression}`).to.equal("accepted");
      const wrong = await run("polynomial.gcd.verify", { left, right, claim: { gcd: { ring, variables, expression: "1" } } });
      expect(wrong.value.verdict, `${ring} gcd(${l}, ${r}) claimed 1: ${JSON.stringify(wrong.value)}`).to.equal("rejected");
      expect(wrong.value.bindings.failure).to.equal("not_greatest");
    }
    // both operands 0: the gcd is 0, and 1 is not it
    const zero = { ring: "GF(7)", variables: ["x", "y"], expression: "0" };
    expect((await run("polynomial.gcd.verify", { left: zero, right: zero, claim: { gcd: { ...zero, expression: "1" } } })).value.verdict).to.equal("rejected");
    expect((await run("polynomial.gcd.verify", { left: zero, right: zero, claim: { gcd: zero } })).value.verdict).to.equal("accepted");
  });

  it("gcd.verify rejects a non-divisor, a non-greatest divisor and a non-normalised gcd; accepts the producer's value", async () => {
    const left = { ring: "ZZ", variables: ["x"], expression: "(x - 1)^2*(x + 2)*6" };
    const right = { ring: "ZZ", variables: ["x"], expression: "(x - 1)*(x + 2)*(x + 5)*4" };
    const prod = await run("polynomial.gcd.compute", { left, right });
    expect(prod.outcome).to.equal("completed");
    expect(prod.value.gcd.expression).to.equal("2*x^2 + 2*x - 4");
    const ok = await run("polynomial.gcd.verify", { left, right, claim: prod.value });
    expect(ok.verdict ?? ok.value?.verdict ?? ok.finding?.verdict).to.not.equal(undefined);
    const verdictOf = (o: any) => o.verdict ?? o.value?.verdict ?? o.finding?.verdict;
    expect(verdictOf(ok)).to.equal("accepted");
    for (const [expr, failure] of [["x^2 + x - 2", "not_greatest"], ["2*x - 2", "not_greatest"], ["x + 7", "not_a_divisor"], ["-2*x^2 - 2*x + 4", "normalisation"]] as const) {
      const o = await run("polynomial.gcd.verify", { left, right, claim: { gcd: { ring: "ZZ", variables: ["x"], expression: expr } } });
      expect(verdictOf(o), expr).to.equal("rejected");
      expect((o.bindings ?? o.value?.bindings ?? o.finding?.bindings).failure, expr).to.equal(failure);
    }
  });

  describe("PARI/GP cross-checks", function () {
    before(function () {
      requireGp(this);
    });

    it("gcd, lcm and resultant over ZZ, QQ and GF(p) agree with gcd, lcm, polresultant", async () => {
      const cases: { ring: string; a: bigint[]; b: bigint[]; p?: bigint }[] = [];
      for (let t = 0; t < 6; t++) {
        const c = randPoly(1 + rng.below(5), 10);
        cases.push({ ring: "ZZ", a: mul(c, randPoly(rng.below(8), 12)), b: mul(c, randPoly(rng.below(8), 12)) });
      }
      for (const p of [7n, 1000003n, 340282366920938463463374607431768211297n]) {
        const c = modp(randPoly(1 + rng.below(4), 20), p);
        cases.push({ ring: `GF(${p})`, a: modp(mul(c, randPoly(rng.below(6), 20)), p), b: modp(mul(c, randPoly(rng.below(6), 20)), p), p });
      }
      const script = cases.map(({ a, b, p }) => {
        const A = p ? `Mod(1,${p})*${gpPoly(a)}` : gpPoly(a), B = p ? `Mod(1,${p})*${gpPoly(b)}` : gpPoly(b);
        const norm = p ? "g=gcd(A,B); g=g/pollead(g); l=lcm(A,B); l=l/pollead(l);" : "g=gcd(A,B); if(pollead(g)<0,g=-g); l=lcm(A,B); if(pollead(l)<0,l=-l);";
        return `A=${A};B=${B};${norm}print(apply(c->lift(c),Vecrev(g)));print(apply(c->lift(c),Vecrev(l)));print(lift(polresultant(A,B)))`;
      }).join("\n");
      const out = gp(script);
      for (let i = 0; i < cases.length; i++) {
        const { ring, a, b } = cases[i]!;
        const g = await run("polynomial.gcd.compute", { left: poly(ring, a), right: poly(ring, b) });
        expect(g.outcome, ring).to.equal("completed");
        expect(`[${coeffs(g.value.gcd).join(", ")}]`, `gcd case ${i}`).to.equal(out[3 * i]);
        const l = await run("polynomial.lcm.compute", { left: poly(ring, a), right: poly(ring, b) });
        expect(`[${coeffs(l.value.lcm).join(", ")}]`, `lcm case ${i}`).to.equal(out[3 * i + 1]);
        const r = await run("polynomial.resultant.compute", { left: poly(ring, a), right: poly(ring, b) });
        expect(r.value.resultant, `res case ${i}`).to.equal(out[3 * i + 2]);
        const v = await run("polynomial.gcd.verify", { left: poly(ring, a), right: poly(ring, b), claim: g.value });
        expect(v.verdict ?? v.value?.verdict ?? v.finding?.verdict, `verify case ${i}`).to.equal("accepted");
      }
    });

    it("discriminants over QQ and GF(p), real roots and root counts, interpolation over GF(p) agree with poldisc, polsturm, polinterpolate", async () => {
      const fs: bigint[][] = [];
      for (let t = 0; t < 6; t++) fs.push(randPoly(2 + rng.below(12), 16));
      const lines = gp(fs.map((f) => `print(poldisc(${gpPoly(f)}/7));print(lift(poldisc(Mod(1,101)*${gpPoly(f)})));print(polsturm(${gpPoly(f)}));print(polsturm(${gpPoly(f)},[-1/2,3]))`).join("\n"));
      for (let i = 0; i < fs.length; i++) {
        const f = fs[i]!;
        const qq: Wire = { ring: "QQ", variables: ["x"], terms: f.map((c, k) => ({ coefficient: `${c}/7`, exponents: [k] })).filter((t) => !t.coefficient.startsWith("0/")) };
        const d = await run("polynomial.discriminant.compute", { polynomial: qq });
        expect(d.value.discriminant, `disc QQ ${i}`).to.equal(lines[4 * i]);
        if (f[f.length - 1]! % 101n !== 0n) {
          const dp = await run("polynomial.discriminant.compute", { polynomial: poly("GF(101)", modp(f, 101n)) });
          expect(dp.value.discriminant, `disc GF(101) ${i}`).to.equal(lines[4 * i + 1]);
        }
        const rr = await run("polynomial.real_roots.compute", { polynomial: poly("ZZ", f), width: "1/1000000" });
        expect(rr.value.count, `real roots ${i}`).to.equal(Number(lines[4 * i + 2]));
        expect(rr.value.roots.length).to.equal(rr.value.count);
        const rc = await run("polynomial.root_count.compute", { polynomial: poly("ZZ", f), lower: "-1/2", upper: "3" });
        expect(rc.value.count, `root count ${i}`).to.equal(Number(lines[4 * i + 3]));
      }
      const xs = [0, 3, 5, 8, 13, 21], ys = [4, 1, 0, 9, 2, 30];
      const [interp] = gp(`print(apply(c->lift(c),Vecrev(polinterpolate(${JSON.stringify(xs)},${JSON.stringify(ys)})*Mod(1,31))))`);
      const o = await run("polynomial.interpolation.compute", { ring: "GF(31)", points: xs.map((x, k) => ({ x: String(x), y: String(ys[k]) })) });
      expect(`[${coeffs(o.value.polynomial).join(", ")}]`).to.equal(interp);
      // Many nodes: the double-precision path (p < 2^26), the batched-inverse path (p ≥ 2^26) and QQ, all against polinterpolate.
      for (const [ring, p, n] of [["GF(1000003)", 1000003n, 300], ["GF(2147483647)", 2147483647n, 120], ["QQ", 0n, 12]] as const) {
        const nodes = new Set<bigint>();
        while (nodes.size < n) nodes.add(BigInt(rng.below(1_000_000)) - 500_000n);
        const X = [...nodes], Y = X.map(() => BigInt(rng.below(1_000_000)) - 500_000n);
        const [want] = gp(p ? `print(apply(c->lift(c),Vecrev(polinterpolate([${X.join(",")}]*Mod(1,${p}),[${Y.join(",")}]*Mod(1,${p})))))` : `print(Vecrev(polinterpolate([${X.join(",")}],[${Y.join(",")}])))`);
        const got = await run("polynomial.interpolation.compute", { ring, points: X.map((x, k) => ({ x: String(x), y: String(Y[k]) })) });
        expect(got.outcome, JSON.stringify(got.error)).to.equal("completed");
        expect(`[${coeffs(got.value.polynomial).join(", ")}]`, `${n} nodes over ${ring}`).to.equal(want);
      }
      const clash = await run("polynomial.interpolation.compute", { ring: "GF(7)", points: [{ x: "1", y: "2" }, { x: "3", y: "1" }, { x: "8", y: "4" }] });
      expect(clash.error?.code).to.equal("DOMAIN_ERROR");
      expect(clash.error?.path).to.equal("/points/2");
      const cyc = await run("polynomial.cyclotomic.compute", { n: 360 });
      const [c360] = gp("print(Vecrev(polcyclo(360)))");
      expect(`[${coeffs(cyc.value.polynomial).join(", ")}]`).to.equal(c360);
    });
  });
});
