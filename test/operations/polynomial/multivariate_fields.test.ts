/**
 * Several variables over GF(p), and the resultant / discriminant / square-free decomposition with
 * several variables over ZZ, QQ and GF(p) (domain/math/poly/mfield.ts, mfactorp.ts, mfactor.ts):
 * PARI/GP cross-checks (factor over GF(p) and ZZ, polresultant, poldisc, gcd) on seeded random
 * inputs, each batched into one gp call; second algorithms (the resultant against univariate
 * resultants at random points, and against the Sylvester determinant expanded by minors); and
 * properties (products factor back, square-free parts, resultants vanish iff a common factor).
 */
import { expect } from "chai";
import fc from "fast-check";
import { formatExpression } from "../../../domain/math/poly/format.js";
import { factorMultivariateModP, NoEvaluationPointError } from "../../../domain/math/poly/mfactorp.js";
import { squarefreeMultivariateZ } from "../../../domain/math/poly/mfactor.js";
import { discriminantInVariable, gcdField, monicTerms, resultantInVariable, resultantSubresultant, squarefreeField } from "../../../domain/math/poly/mfield.js";
import { primitiveZ, univariateImage, moveFirst, type ZTerms } from "../../../domain/math/poly/mpoly.js";
import { parsePolynomialWire } from "../../../domain/math/poly/parse.js";
import { integers, primeField } from "../../../domain/math/poly/rings.js";
import { degreeIn, spDerivative, spDivExact, spEq, spEvaluate, spMul, spSub, type Terms } from "../../../domain/math/poly/sparse.js";
import { resultantIn } from "../../../domain/math/poly/univariate.js";
import type { CoeffRing } from "../../../domain/math/poly/types.js";
import { SeededRandom } from "../../../domain/math/seeded-random.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";

const VARS = ["x", "y", "z"];
const LIMITS = { maxChars: 1e7, maxVariables: 16, maxDegree: 1e6, maxTerms: 1e6, maxCoeffDigits: 1e5 };
const ringName = (p: bigint | undefined) => (p === undefined ? "ZZ" : `GF(${p})`);
const parse = (s: string, p?: bigint, vars = VARS): ZTerms => parsePolynomialWire({ ring: ringName(p), variables: vars, expression: s }, "p", LIMITS).terms as ZTerms;
const ringOf = (p?: bigint): CoeffRing<bigint> => (p === undefined ? integers : primeField(p));
const show = (t: Terms<bigint>, p?: bigint, vars = VARS): string => formatExpression(ringOf(p), vars, t);

function randomPoly(rng: SeededRandom, nv: number, deg: number, terms: number, p?: bigint): string {
  const parts: string[] = [];
  for (let i = 0; i < terms; i++) {
    const c = p === undefined ? rng.below(19) - 9 || 1 : 1 + rng.below(Number(p < 1000n ? p - 1n : 999n));
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

/** Seeded random products of 1–3 random factors (some squared, over GF(p) some p-th powers) in 2–3 variables, nonconstant. */
function randomProducts(seed: number, count: number, maxDeg: number, p?: bigint): string[] {
  const rng = new SeededRandom(seed);
  const out: string[] = [];
  while (out.length < count) {
    const nv = 2 + rng.below(2);
    const k = 1 + rng.below(3);
    const fs: string[] = [];
    for (let j = 0; j < k; j++) {
      const e = rng.below(5) === 0 ? 2 : p !== undefined && p <= 3n && rng.below(6) === 0 ? Number(p) : 1;
      fs.push(`(${randomPoly(rng, nv, 1 + rng.below(maxDeg), 2 + rng.below(3), p)})^${e}`);
    }
    const f = parse(fs.join("*"), p);
    if (f.length && !(f.length === 1 && f[0]!.exponents.every((x) => x === 0))) out.push(show(f, p));
  }
  return out;
}

/** GP's factor matrix printed as "factor##multiplicity@@…" with lifted (integer) coefficients. */
const gpFactorLine = (i: number, expr: string) =>
  `F=iferr(alarm(5, factor(${expr})), E, 0); s=""; if(type(F)=="t_MAT", for(r=1,#F~, if(poldegree(F[r,1])>0 || type(F[r,1])=="t_POL", s=concat(s, concat([Str(lift(F[r,1])), "##", Str(F[r,2]), "@@"]))))); print(${i}, ":", if(type(F)=="t_MAT", "ok", "timeout"), ":", s)`;

function readGpFactors(lines: string[], norm: (s: string) => string): Map<number, { ok: boolean; factors: string[] }> {
  const out = new Map<number, { ok: boolean; factors: string[] }>();
  for (const l of lines) {
    const m = /^(\d+):(ok|timeout):(.*)$/.exec(l);
    if (!m) continue;
    const factors = m[3]!.split("@@").filter(Boolean).map((s) => {
      const [a, b] = s.split("##");
      return `${norm(a!)}^${b}`;
    }).filter((s) => !/^-?\d+\^/.test(s)); // constants (GP lists no unit factor for polynomials, but be safe)
    out.set(+m[1]!, { ok: m[2] === "ok", factors: factors.sort() });
  }
  return out;
}

const nonConstant = (t: Terms<bigint>) => t.some((x) => x.exponents.some((e) => e > 0));

describe("several variables over GF(p); resultants, discriminants and square-free parts with several variables (domain)", function () {
  this.timeout(300_000);

  describe("PARI/GP cross-checks", function () {
    before(function () {
      requireGp(this);
    });

    it("factorization over GF(p) agrees with factor(f·Mod(1, p)) for p = 2, 3, 5, 7, 101, 32003 (one gp call), with both lifting strategies", () => {
      const primes = [2n, 3n, 5n, 7n, 101n, 32003n];
      const cases: { p: bigint; e: string }[] = [];
      primes.forEach((p, k) => randomProducts(9100 + k, 10, 3, p).forEach((e) => cases.push({ p, e })));
      const lines = gp(cases.map(({ p, e }, i) => gpFactorLine(i, `(${e})*Mod(1, ${p})`)).join("\n"), 600_000);
      let compared = 0, refused = 0;
      cases.forEach(({ p, e }, i) => {
        const pari = readGpFactors(lines.filter((l) => l.startsWith(`${i}:`)), (s) => show(monicTerms(primeField(p), parse(s, p)), p)).get(i);
        expect(pari, `gp answered case ${i}`).to.not.equal(undefined);
        const f = parse(e, p);
        let ours: string[];
        try {
          const r = factorMultivariateModP(f, 3, p);
          ours = r.factors.map((x) => `${show(x.factor, p)}^${x.multiplicity}`).sort();
          const again = factorMultivariateModP(f, 3, p, { recombinationOnly: true }).factors.map((x) => `${show(x.factor, p)}^${x.multiplicity}`).sort();
          expect(again, `GF(${p}) ${e} (recombination)`).to.deep.equal(ours);
          // unit · Π factor^multiplicity = f
          let prod: Terms<bigint> = [{ exponents: [0, 0, 0], coeff: r.unit }];
          for (const x of r.factors) for (let k = 0; k < x.multiplicity; k++) prod = spMul(primeField(p), prod, x.factor);
          expect(spEq(primeField(p), prod, f), `GF(${p}) product of ${e}`).to.equal(true);
        } catch (err) {
          if (!(err instanceof NoEvaluationPointError)) throw err;
          refused++;
          return;
        }
        if (!pari!.ok) return;
        compared++;
        expect(ours, `GF(${p}) ${e}`).to.deep.equal(pari!.factors);
      });
      // tiny fields without an admissible evaluation point go through Kronecker substitution: nothing is refused;
      // PARI gives up (an error, or 5 s) on a few GF(2) inputs that are answered here
      expect(refused, "refused (no evaluation point and beyond the Kronecker fallback's limits)").to.equal(0);
      expect(compared).to.be.at.least(cases.length - refused - 4);
    });

    it("square-free decomposition over GF(p) and ZZ agrees with the multiplicities of PARI's factor()", () => {
      const cases: { p?: bigint; e: string }[] = [];
      for (const [k, p] of [3n, 5n, 7n, 32003n].entries()) randomProducts(9300 + k, 6, 3, p).forEach((e) => cases.push({ p, e }));
      randomProducts(9399, 8, 3).forEach((e) => cases.push({ e }));
      const lines = gp(cases.map(({ p, e }, i) => gpFactorLine(i, p === undefined ? e : `(${e})*Mod(1, ${p})`)).join("\n"), 600_000);
      for (const [i, { p, e }] of cases.entries()) {
        const m = new RegExp(`^${i}:(ok|timeout):(.*)$`).exec(lines.find((l) => l.startsWith(`${i}:`)) ?? "");
        expect(m, `gp answered case ${i}`).to.not.equal(null);
        if (m![1] !== "ok") continue;
        const R = ringOf(p);
        // PARI's irreducible factors multiplied together by multiplicity
        const want = new Map<number, Terms<bigint>>();
        for (const s of m![2]!.split("@@").filter(Boolean)) {
          const [a, b] = s.split("##");
          const g = parse(a!, p);
          if (!nonConstant(g)) continue;
          const cur = want.get(+b!);
          want.set(+b!, cur ? spMul(R, cur, g) : g);
        }
        const norm = (t: Terms<bigint>) => (p === undefined ? primitiveZ(t as ZTerms) : monicTerms(R, t));
        const f = parse(e, p);
        const got = p === undefined ? squarefreeMultivariateZ(f, 3).factors : squarefreeField(R, f, 3).factors;
        expect(got.map((x) => `${x.multiplicity}:${show(norm(x.factor), p)}`), `${ringName(p)} ${e}`).to.deep.equal(
          [...want.entries()].sort((a, b) => a[0] - b[0]).map(([k, g]) => `${k}:${show(norm(g), p)}`),
        );
      }
    });

    it("resultant and discriminant in each variable agree with polresultant and poldisc over ZZ and GF(p)", () => {
      const rng = new SeededRandom(4711);
      const cases: { p?: bigint; f: string; g: string; v: number }[] = [];
      for (const p of [undefined, 2n, 3n, 7n, 32003n, 1000000007n]) {
        for (let i = 0; i < 8; i++) {
          const nv = 2 + rng.below(2);
          cases.push({ p, f: show(parse(randomPoly(rng, nv, 1 + rng.below(4), 2 + rng.below(4), p), p), p), g: show(parse(randomPoly(rng, nv, 1 + rng.below(4), 2 + rng.below(4), p), p), p), v: rng.below(nv) });
        }
      }
      const M = (p: bigint | undefined, e: string) => (p === undefined ? `(${e})` : `(${e})*Mod(1, ${p})`);
      const script = cases.map(({ p, f, g, v }, i) => `print(${i}, "|", lift(polresultant(${M(p, f)}, ${M(p, g)}, ${VARS[v]})), "|", if(poldegree(${f}, ${VARS[v]}) > 0, lift(poldisc(${M(p, f)}, ${VARS[v]})), "none"))`).join("\n");
      const lines = gp(script);
      expect(lines).to.have.length(cases.length);
      for (const line of lines) {
        const [i, res, disc] = line.split("|");
        const { p, f, g, v } = cases[+i!]!;
        const R = ringOf(p);
        const F = parse(f, p), G = parse(g, p);
        expect(show(resultantInVariable(R, F, G, v, 3), p), `res_${VARS[v]}(${f}, ${g}) over ${ringName(p)}`).to.equal(show(parse(res!, p), p));
        if (disc !== "none") expect(show(discriminantInVariable(R, F, v, 3), p), `disc_${VARS[v]}(${f}) over ${ringName(p)}`).to.equal(show(parse(disc!, p), p));
      }
    });

    it("gcd over GF(p) agrees with PARI's gcd of the polynomials times Mod(1, p), for small and large p", () => {
      const cases: { p: bigint; a: string; b: string }[] = [];
      for (const [k, p] of [2n, 3n, 101n, 32003n, 1000000007n].entries()) {
        const xs = randomProducts(9500 + k, 9, 2, p);
        for (let i = 0; i + 2 < xs.length; i += 3) {
          const R = primeField(p);
          cases.push({ p, a: show(spMul(R, parse(xs[i]!, p), parse(xs[i + 2]!, p)), p), b: show(spMul(R, parse(xs[i + 1]!, p), parse(xs[i + 2]!, p)), p) });
        }
      }
      const lines = gp(cases.map(({ p, a, b }, i) => `print(${i}, "|", lift(gcd((${a})*Mod(1, ${p}), (${b})*Mod(1, ${p}))))`).join("\n"));
      expect(lines).to.have.length(cases.length);
      for (const line of lines) {
        const [i, g] = line.split("|");
        const { p, a, b } = cases[+i!]!;
        const R = primeField(p);
        expect(show(gcdField(R, parse(a, p), parse(b, p), 3), p), `gcd over GF(${p})`).to.equal(show(monicTerms(R, parse(g!, p)), p));
      }
    });
  });

  it("the resultant at a point is the univariate resultant of the specializations (when both leading coefficients survive), over ZZ, GF(7), GF(32003) and GF(10^9 + 7); evaluation/interpolation equals the subresultant sequence", () => {
    const term = fc.record({ c: fc.integer({ min: -5, max: 5 }), e: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })) });
    const poly = fc.array(term, { minLength: 1, maxLength: 5 }).map((ts) => ts.map(({ c, e }) => `(${c})*x^${e[0]}*y^${e[1]}*z^${e[2]}`).join(" + "));
    fc.assert(
      fc.property(poly, poly, fc.constantFrom(undefined, 7n, 32003n, 1000000007n), fc.tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 })), (a, b, p, [y0, z0]) => {
        const R = ringOf(p);
        const A = parse(a, p), B = parse(b, p);
        if (!A.length || !B.length) return;
        const res = resultantInVariable(R, A, B, 0, 3);
        // evaluation/interpolation (ZZ, GF(p) with enough points) against the subresultant sequence
        expect(spEq(R, res, resultantSubresultant(R, A, B, 0, 3)), `res_x(${a}, ${b}) over ${ringName(p)}: both algorithms`).to.equal(true);
        const pt = [R.fromInteger(BigInt(y0)), R.fromInteger(BigInt(z0))];
        const ia = univariateImage(R, A, pt), ib = univariateImage(R, B, pt);
        if (ia.length - 1 !== degreeIn(A, 0) || ib.length - 1 !== degreeIn(B, 0)) return;
        const direct = resultantIn(R, ia, ib);
        const value = spEvaluate(R, res, [R.zero, ...pt]);
        expect(R.eq(value, direct), `res_x(${a}, ${b}) at (${y0}, ${z0}) over ${ringName(p)}`).to.equal(true);
      }),
      { numRuns: 150, seed: 17 },
    );
  });

  it("the resultant equals the Sylvester determinant expanded by minors (degrees ≤ 3 in x, ZZ and GF(5))", () => {
    const rng = new SeededRandom(2029);
    for (let round = 0; round < 30; round++) {
      const p = round % 2 ? 5n : undefined;
      const R = ringOf(p);
      const A = parse(randomPoly(rng, 3, 1 + rng.below(3), 2 + rng.below(3), p), p), B = parse(randomPoly(rng, 3, 1 + rng.below(3), 2 + rng.below(3), p), p);
      const n = degreeIn(A, 0), m = degreeIn(B, 0);
      if (n < 1 || m < 1) continue;
      const coeff = (f: Terms<bigint>, k: number) => f.filter((t) => t.exponents[0] === k).map((t) => ({ exponents: [0, t.exponents[1]!, t.exponents[2]!], coeff: t.coeff }));
      const size = n + m;
      const rows: Terms<bigint>[][] = [];
      for (let i = 0; i < m; i++) rows.push(Array.from({ length: size }, (_, j) => (j - i >= 0 && j - i <= n ? coeff(A, n - (j - i)) : [])));
      for (let i = 0; i < n; i++) rows.push(Array.from({ length: size }, (_, j) => (j - i >= 0 && j - i <= m ? coeff(B, m - (j - i)) : [])));
      const det = (M: Terms<bigint>[][]): Terms<bigint> => {
        if (M.length === 1) return M[0]![0]!;
        let acc: Terms<bigint> = [];
        M[0]!.forEach((e, j) => {
          if (!e.length) return;
          const minor = M.slice(1).map((r) => r.filter((_, k) => k !== j));
          const t = spMul(R, e, det(minor));
          acc = j % 2 ? spSub(R, acc, t) : spSub(R, acc, spSub(R, [], t));
        });
        return acc;
      };
      expect(spEq(R, resultantInVariable(R, A, B, 0, 3), det(rows)), `res_x of ${show(A, p)} and ${show(B, p)}`).to.equal(true);
    }
  });

  it("properties: the resultant vanishes iff the operands share a factor involving the variable; products of random factors over GF(p) factor back", () => {
    const rng = new SeededRandom(5151);
    for (let round = 0; round < 24; round++) {
      const p = [undefined, 7n, 101n][round % 3];
      const R = ringOf(p);
      const [a, b, h] = [0, 1, 2].map(() => parse(randomPoly(rng, 3, 1 + rng.below(3), 2 + rng.below(3), p), p));
      if (!a!.length || !b!.length || !h!.length) continue;
      const g = p === undefined ? undefined : gcdField(R, a!, b!, 3);
      const r = resultantInVariable(R, a!, b!, 0, 3);
      // over a field, with both operands of positive degree in x: res_x = 0 ⟺ gcd of positive degree in x
      if (g && degreeIn(a!, 0) > 0 && degreeIn(b!, 0) > 0) expect(r.length === 0, `res_x(${show(a!, p)}, ${show(b!, p)}) = 0 iff deg_x gcd > 0`).to.equal(degreeIn(g, 0) > 0);
      if (degreeIn(h!, 0) > 0) expect(resultantInVariable(R, spMul(R, a!, h!), spMul(R, b!, h!), 0, 3), `common factor ${show(h!, p)}`).to.deep.equal([]);
    }
    // factor back: products of 2–3 random factors (one repeated) over GF(32003) and GF(7)
    for (const [k, p] of [7n, 32003n].entries()) {
      for (const e of randomProducts(7700 + k, 12, 3, p)) {
        const R = primeField(p);
        const f = parse(e, p);
        const r = factorMultivariateModP(f, 3, p);
        for (const { factor } of r.factors) expect(spDivExact(R, f, factor), `${show(factor, p)} divides ${e}`).to.not.equal(undefined);
        // the square-free decomposition's parts multiply to f / lc(f) and each is square-free
        const s = squarefreeField(R, f, 3);
        let prod: Terms<bigint> = [{ exponents: [0, 0, 0], coeff: s.unit }];
        for (const x of s.factors) {
          for (let i = 0; i < x.multiplicity; i++) prod = spMul(R, prod, x.factor);
          const d = [0, 1, 2].map((v) => spDerivative(R, x.factor, v)).reduce((acc, dv) => gcdField(R, acc, dv, 3), x.factor);
          expect(nonConstant(d), `part ${show(x.factor, p)} is square-free`).to.equal(false);
        }
        expect(spEq(R, prod, f), `parts of ${e}`).to.equal(true);
      }
    }
  });

  it("characteristic p: p-th powers, derivative-free factors and a main variable the field cannot separate", () => {
    const R = primeField(3n);
    const cases: [string, string[]][] = [
      ["(x^3 + y)^3*(x + y)^2*(x*y + 1)", ["x + y^2", "x*y + 1^1", "x^3 + y^3"]],
      ["x^3*y^3 + 1", ["x*y + 1^3"]],
      ["(x^3 + y)*(x + y^3)", ["x + y^3^1", "x^3 + y^1"]],
      ["(x^3 + y + 1)*(x + y)", ["x + y^1", "x^3 + y + 1^1"]],
    ];
    for (const [e, want] of cases) {
      const got = factorMultivariateModP(parse(e, 3n, ["x", "y"]), 2, 3n).factors.map((x) => `${show(x.factor, 3n, ["x", "y"])}^${x.multiplicity}`).sort();
      expect(got, e).to.deep.equal(want.slice().sort());
    }
    const s = squarefreeField(R, parse("(x^3 + y)^3*(x + y)^2*(x*y + 1)", 3n, ["x", "y"]), 2).factors.map((x) => `${x.multiplicity}:${show(x.factor, 3n, ["x", "y"])}`);
    expect(s).to.deep.equal(["1:x*y + 1", "2:x + y", "3:x^3 + y"]);
    // the discriminant with a derivative of lower degree (formal degree n − 1, as PARI)
    expect(show(discriminantInVariable(R, parse("y*x^3 + x^2 + y", 3n, ["x", "y"]), 0, 2), 3n, ["x", "y"])).to.equal("2*y");
    void moveFirst;
  });
});

describe("the operations with several variables over GF(p), and resultants / discriminants / square-free parts with several variables", function () {
  this.timeout(300_000);
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const run = (id: string, payload: Record<string, unknown>) => j.run(id, payload) as Promise<any>;

  it("factorization.verify accepts the producer's factorizations over GF(p); irreducibility.compute agrees; the gcd checker accepts the GF(p) gcd", async () => {
    for (const [k, p] of [2n, 3n, 5n, 7n, 32003n].entries()) {
      for (const e of randomProducts(6600 + k, 6, 3, p)) {
        const polynomial = { ring: `GF(${p})`, variables: VARS, expression: e };
        const o = await run("polynomial.factorization.compute", { polynomial });
        expect(o.outcome, JSON.stringify(o.error ?? o.reason)).to.equal("completed");
        const v = await run("polynomial.factorization.verify", { polynomial, claim: o.value });
        expect(v.outcome).to.equal("completed");
        expect(v.value.verdict, `GF(${p}) ${e}: ${v.value.reason}`).to.equal("accepted");
        const irr = await run("polynomial.irreducibility.compute", { polynomial });
        expect(irr.value.irreducible, e).to.equal(o.value.factors.length === 1 && o.value.factors[0].multiplicity === 1);
        if (o.value.factors.length >= 2) {
          const a = o.value.factors[0].factor, b = o.value.factors[1].factor;
          const left = { ring: polynomial.ring, variables: VARS, expression: `(${a.expression})*(${b.expression})` };
          const right = { ring: polynomial.ring, variables: VARS, expression: `(${a.expression})^2` };
          const g = await run("polynomial.gcd.compute", { left, right });
          expect(g.value.gcd.expression).to.equal(a.expression);
          const gv = await run("polynomial.gcd.verify", { left, right, claim: g.value });
          expect(gv.value.verdict, JSON.stringify(gv.value)).to.equal("accepted");
          const notGreatest = await run("polynomial.gcd.verify", { left: right, right, claim: { gcd: a } });
          expect(notGreatest.value.verdict).to.equal("rejected");
        }
      }
    }
  });

  it("over GF(2) and GF(3) the gcd checker accepts every gcd the producer gives (lines over an extension field where GF(p) has none) and rejects a common divisor that is not the greatest", async () => {
    const arb = (p: bigint) => fc.array(fc.tuple(fc.integer({ min: 1, max: Number(p) - 1 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 6 })
      .map((ts) => ts.map(([c, a, b]) => `${c}*x^${a}*y^${b}`).join(" + "));
    for (const p of [2n, 3n]) {
      const ring = `GF(${p})`;
      await fc.assert(
        fc.asyncProperty(arb(p), arb(p), arb(p), async (c, u, w) => {
          const left = { ring, variables: ["x", "y"], expression: `(${c})*(${u})` };
          const right = { ring, variables: ["x", "y"], expression: `(${c})*(${w})` };
          const g = await run("polynomial.gcd.compute", { left, right });
          expect(g.outcome, JSON.stringify(g.error ?? g.reason)).to.equal("completed");
          const v = await run("polynomial.gcd.verify", { left, right, claim: g.value });
          expect(v.value.verdict, `${ring} ${left.expression} | ${right.expression}: ${v.value.reason}`).to.equal("accepted");
          const f = await run("polynomial.factorization.compute", { polynomial: g.value.gcd });
          if (f.outcome === "completed" && f.value.factors.length) {
            // dropping one irreducible factor of the gcd leaves a common divisor that is not the greatest
            const [drop, ...rest] = f.value.factors as { factor: { expression: string }; multiplicity: number }[];
            const smaller = [...(drop!.multiplicity > 1 ? [`(${drop!.factor.expression})^${drop!.multiplicity - 1}`] : []), ...rest.map((x) => `(${x.factor.expression})^${x.multiplicity}`)].join("*") || "1";
            const claim = await run("polynomial.normalize.compute", { polynomial: { ring, variables: ["x", "y"], expression: smaller } });
            const bad = await run("polynomial.gcd.verify", { left, right, claim: { gcd: claim.value.polynomial ?? claim.value } });
            expect(bad.value.verdict, JSON.stringify(bad.value)).to.equal("rejected");
          }
        }),
        { numRuns: 40 },
      );
    }
  });

  it("factorization.verify rejects wrong claims over GF(p) with a stated failure and a checkable divisor", async () => {
    const P = (expression: string) => ({ ring: "GF(7)", variables: ["x", "y"], expression });
    const unit = { ring: "GF(7)", variables: [], expression: "1" };
    const claim = (...fs: [string, number][]) => ({ unit, factors: fs.map(([e, m]) => ({ factor: P(e), multiplicity: m })) });
    const cases: [string, ReturnType<typeof claim>, string][] = [
      ["x^2 - y^2", claim(["x - y", 2]), "product_mismatch"],
      ["x^2*y - y", claim(["x^2 - 1", 1], ["y", 1]), "reducible_factor"],
      ["x^2 - y^2", claim(["3*x + 4*y", 1], ["5*x + 5*y", 1]), "not_normalized"],
      ["x^2 + 2*x*y + y^2", claim(["x + y", 1], ["x + y", 1]), "duplicate_factor"],
      ["x^2 - y^2", claim(["x + 6*y", 1]), "degree_mismatch"],
    ];
    for (const [f, c, failure] of cases) {
      const v = await run("polynomial.factorization.verify", { polynomial: P(f), claim: c });
      expect(v.value.verdict, `${f}: ${JSON.stringify(v.value)}`).to.equal("rejected");
      expect(v.value.bindings.failure).to.equal(failure);
    }
    const r = await run("polynomial.factorization.verify", { polynomial: P("x^2*y - y"), claim: claim(["x^2 - 1", 1], ["y", 1]) });
    expect(["x + 1", "x + 6"]).to.include(r.value.bindings.divisor);
  });

  it("a field too small for any evaluation point: factorization by Kronecker substitution, and its checker accepts it", async () => {
    // over GF(2), f(x, b) for b ∈ {0, 1} and f(a, y) for a ∈ {0, 1} are all squares or lose degree
    const polynomial = { ring: "GF(2)", variables: ["x", "y"], expression: "(x^2 + x*y + y)*(x^2 + x + y^2 + y + 1)*(x*y + x + y)" };
    const o = await run("polynomial.factorization.compute", { polynomial });
    expect(o.outcome, JSON.stringify(o.reason ?? o.error)).to.equal("completed");
    expect(o.value.factors.map((x: any) => `${x.multiplicity}:${x.factor.expression}`)).to.have.members(["1:x*y + x + y", "1:x^2 + x*y + y", "1:x^2 + x + y^2 + y + 1"]);
    const v = await run("polynomial.factorization.verify", { polynomial, claim: o.value });
    expect(v.value.verdict, JSON.stringify(v.value)).to.equal("accepted");
    const irr = await run("polynomial.irreducibility.compute", { polynomial: { ring: "GF(2)", variables: ["x", "y"], expression: "x^2 + x + y^2 + y + 1" } });
    expect(irr.value.irreducible, JSON.stringify(irr)).to.equal(true);
    // a wrong claim (a reducible "factor") is rejected with the divisor found by the same search
    const F = (e: string, m = 1) => ({ factor: { ring: "GF(2)", variables: ["x", "y"], expression: e }, multiplicity: m });
    const bad = await run("polynomial.factorization.verify", {
      polynomial: { ring: "GF(2)", variables: ["x", "y"], expression: "(x*y + 1)*((y + 1)*x + y)" },
      claim: { unit: { ring: "GF(2)", variables: [], expression: "1" }, factors: [F("x^2*y^2 + x^2*y + x*y^2 + x*y + x + y")] },
    });
    expect(bad.value.verdict, JSON.stringify(bad.value)).to.equal("rejected");
    expect(bad.value.bindings.failure).to.equal("reducible_factor");
  });

  it("square-free, resultant and discriminant operations with several variables (ZZ, QQ, GF(p)) and their refusals above the size bounds", async () => {
    const sq = await run("polynomial.squarefree.compute", { polynomial: { ring: "QQ", variables: ["x", "y"], expression: "1/2*(x - y)^3*(x*y + 1)^2*x" } });
    expect(sq.outcome, JSON.stringify(sq.error)).to.equal("completed");
    expect(sq.value.unit.expression).to.equal("1/2");
    expect(sq.value.factors.map((x: any) => `${x.multiplicity}:${x.factor.expression}`)).to.deep.equal(["1:x", "2:x*y + 1", "3:x - y"]);
    expect(sq.value.squarefree).to.equal(false);
    const res = await run("polynomial.resultant.compute", { left: { ring: "ZZ", variables: ["x", "y"], expression: "x^2 + y^2 - 1" }, right: { ring: "ZZ", variables: ["x", "y"], expression: "x - y" }, variable: "x" });
    expect(res.value).to.include({ resultant: "2*y^2 - 1", ring: "ZZ" });
    expect(res.value.polynomial.variables).to.deep.equal(["y"]);
    // over QQ through the integer associates: res_x(x/2 + y, x^2 − y/3) = (1/2)^2·((−2y)^2 − y/3)
    const resQ = await run("polynomial.resultant.compute", { left: { ring: "QQ", variables: ["x", "y"], expression: "1/2*x + y" }, right: { ring: "QQ", variables: ["x", "y"], expression: "x^2 - 1/3*y" }, variable: "x" });
    expect(resQ.value.resultant).to.equal("y^2 - 1/12*y");
    const disc = await run("polynomial.discriminant.compute", { polynomial: { ring: "GF(101)", variables: ["x", "a", "b"], expression: "x^3 + a*x + b" }, variable: "x" });
    expect(disc.value.discriminant).to.equal("97*a^3 + 74*b^2");
    const big = { ring: "ZZ", variables: ["x", "y", "z"], expression: "x^150*y^150*z^150 + x + y + z" };
    const refused = await run("polynomial.resultant.compute", { left: big, right: big, variable: "x" });
    expect(refused.outcome).to.equal("non_conclusion");
    expect(refused.reason.code).to.equal("RESOURCE_REFUSED");
    const refusedDisc = await run("polynomial.discriminant.compute", { polynomial: big, variable: "z" });
    expect(refusedDisc.reason.code).to.equal("RESOURCE_REFUSED");
  });
});
