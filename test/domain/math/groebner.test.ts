import { expect } from "chai";
import {
  buchberger, compareExponents, eliminate, f4, gfpField, GREVLEX, GRLEX, groebnerBasis, groebnerQQ, LEX, Monos, modPolyFromTerms, normalForms, qqField,
  rationalReconstruct, type GPoly, type MonomialOrder,
} from "../../../domain/math/poly/groebner.js";
import type { Polynomial, Term } from "../../../domain/math/poly/types.js";
import { SeededRandom } from "../../../domain/math/seeded-random.js";
import type { Rational } from "../../../domain/math/rational.js";
import { cyclic, katsura } from "../../../bench/support/groebner-systems.js";
import { requireSympy, sympy } from "../../support/sympy.js";

type RawPoly = { c: bigint; e: number[] }[];

function randomSystem(rng: SeededRandom, n: number, count: number, maxDeg: number, terms: number, coeff: number): RawPoly[] {
  const out: RawPoly[] = [];
  for (let k = 0; k < count; k++) {
    const f: RawPoly = [];
    for (let t = 0; t < terms; t++) {
      const e = Array.from({ length: n }, () => 0);
      let d = rng.nextU32() % (maxDeg + 1);
      while (d-- > 0) e[rng.nextU32() % n]!++;
      const c = BigInt((rng.nextU32() % (2 * coeff + 1)) - coeff);
      if (c !== 0n) f.push({ c, e });
    }
    if (f.length) out.push(f);
  }
  return out;
}

function combine(f: RawPoly): RawPoly {
  const m = new Map<string, { c: bigint; e: number[] }>();
  for (const t of f) {
    const k = t.e.join(",");
    const x = m.get(k);
    if (x) x.c += t.c;
    else m.set(k, { c: t.c, e: t.e });
  }
  return [...m.values()].filter((t) => t.c !== 0n).sort((a, b) => compareExponents(LEX, b.e, a.e));
}

const vars = (n: number) => Array.from({ length: n }, (_, i) => `x${i}`);

function qqPoly(f: RawPoly, n: number): Polynomial<Rational> {
  const terms: Term<Rational>[] = combine(f).map((t) => ({ exponents: t.e, coeff: { num: t.c, den: 1n } }));
  return { $kind: "polynomial", ring: { $kind: "ring", kind: "QQ" }, variables: vars(n), terms };
}

function gfPoly(f: RawPoly, n: number, p: bigint): Polynomial<bigint> {
  const terms: Term<bigint>[] = combine(f.map((t) => ({ c: ((t.c % p) + p) % p, e: t.e })))
    .map((t) => ({ exponents: t.e, coeff: t.c % p }))
    .filter((t) => t.coeff !== 0n);
  return { $kind: "polynomial", ring: { $kind: "ring", kind: "GF", p }, variables: vars(n), terms };
}

/** A canonical string of a basis: element by element, terms in lex order. */
function canon(basis: Polynomial<unknown>[]): string {
  return basis
    .map((g) => g.terms.map((t) => `${typeof t.coeff === "bigint" ? t.coeff : `${(t.coeff as Rational).num}/${(t.coeff as Rational).den}`}*[${t.exponents.join(",")}]`).join(" + "))
    .join(" ; ");
}

function genericBasis<T>(R: ReturnType<typeof qqField> | ReturnType<typeof gfpField>, polys: Polynomial<T>[], order: MonomialOrder): string {
  const n = polys[0]!.variables.length;
  const ctx = new Monos(n, order);
  const input: GPoly<unknown>[] = polys.map((f) => {
    const ts = f.terms.map((t) => [ctx.intern(t.exponents), t.coeff] as const).sort((a, b) => ctx.cmp(b[0], a[0]));
    return { m: ts.map((x) => x[0]), c: ts.map((x) => x[1]) };
  });
  const B = buchberger(ctx, R as never, input as never) as GPoly<unknown>[];
  const polysOut: Polynomial<unknown>[] = B.map((g) => ({
    $kind: "polynomial",
    ring: polys[0]!.ring,
    variables: polys[0]!.variables,
    terms: g.m.map((m, k) => ({ exponents: ctx.expsOf(m), coeff: g.c[k] })).sort((a, b) => compareExponents(LEX, b.exponents, a.exponents)),
  }));
  return canon(polysOut);
}

const ORDERS: MonomialOrder[] = [LEX, GRLEX, GREVLEX, { name: "eliminate", k: 1 }];

describe("domain/math/poly/groebner", () => {
  it("rational reconstruction", () => {
    const m = 1000003n * 999983n;
    for (const [n, d] of [[3n, 7n], [-22n, 91n], [0n, 1n], [1n, 1n], [-1n, 500n]] as const) {
      let [r0, r1, t0, t1] = [m, d % m, 0n, 1n];
      while (r1 !== 0n) {
        const q = r0 / r1;
        [r0, r1] = [r1, r0 - q * r1];
        [t0, t1] = [t1, t0 - q * t1];
      }
      const inv = ((t0 % m) + m) % m;
      const x = (((n * inv) % m) + m) % m;
      expect(rationalReconstruct(x, m)).to.deep.equal([n, d]);
    }
  });

  it("F4 over GF(p) equals Buchberger over GF(p) (bigint) on random systems, four orders", () => {
    const rng = new SeededRandom(9091);
    const p = 32003n;
    for (let trial = 0; trial < 40; trial++) {
      const order = ORDERS[trial % ORDERS.length]!;
      // (random lex bases in 4 variables are huge: keep lex to 3 variables)
      const n = order.name === "lex" ? 2 + (trial % 2) : 2 + (trial % 3);
      const sys = randomSystem(rng, n, 2 + (trial % 3), 3, 3 + (trial % 3), 20).map((f) => gfPoly(f, n, p)).filter((f) => f.terms.length);
      if (!sys.length) continue;
      const fast = groebnerBasis(gfpField(p), sys, order);
      expect(fast.method).to.equal("f4");
      expect(canon(fast.basis), `trial ${trial}`).to.equal(genericBasis(gfpField(p), sys, order));
    }
  });

  it("modular QQ equals Buchberger over QQ (exact rationals) on random systems", function () {
    this.timeout(120_000);
    const rng = new SeededRandom(4242);
    for (let trial = 0; trial < 24; trial++) {
      const n = 2 + (trial % 2);
      const sys = randomSystem(rng, n, 2 + (trial % 2), 3, 3, 9).map((f) => qqPoly(f, n)).filter((f) => f.terms.length);
      if (!sys.length) continue;
      const order = ORDERS[trial % ORDERS.length]!;
      const fast = groebnerBasis(qqField(), sys, order);
      expect(canon(fast.basis), `trial ${trial}`).to.equal(genericBasis(qqField(), sys, order));
    }
  });

  it("cyclic-4 and katsura-3: the modular result is proven and matches Buchberger", () => {
    for (const sys of [cyclic(4), katsura(3)]) {
      const n = sys[0]![0]!.e.length;
      const polys = sys.map((f) => qqPoly(f, n));
      const fast = groebnerBasis(qqField(), polys, GREVLEX);
      expect(fast.method).to.equal("modular");
      expect(canon(fast.basis)).to.equal(genericBasis(qqField(), polys, GREVLEX));
    }
  });

  it("unit and zero ideals", () => {
    const one = (c: bigint, e: number[]) => ({ c, e });
    const sys = [[one(1n, [1, 0]), one(-1n, [0, 0])], [one(1n, [1, 0])]].map((f) => qqPoly(f, 2));
    expect(canon(groebnerBasis(qqField(), sys, GREVLEX).basis)).to.equal("1/1*[0,0]");
    expect(canon(groebnerBasis(gfpField(7n), sys.map((f) => gfPoly(f.terms.map((t) => ({ c: t.coeff.num, e: [...t.exponents] })), 2, 7n)), LEX).basis)).to.equal("1*[0,0]");
  });

  it("normal forms: f − NF(f) is in the ideal and NF is reduced (QQ and GF(p))", () => {
    const rng = new SeededRandom(777);
    for (let trial = 0; trial < 12; trial++) {
      const n = 2 + (trial % 2);
      const sys = randomSystem(rng, n, 2, 3, 3, 5).map((f) => qqPoly(f, n)).filter((f) => f.terms.length);
      const fs = randomSystem(rng, n, 2, 4, 4, 5).map((f) => qqPoly(f, n));
      if (!sys.length) continue;
      const { normalForms: nfs, basis } = normalForms(qqField(), sys, fs, GREVLEX);
      for (let k = 0; k < fs.length; k++) {
        // NF(f − NF(f)) = 0 and NF(NF(f)) = NF(f)
        const diff: RawPoly = [...fs[k]!.terms.map((t) => ({ c: t.coeff.num, e: [...t.exponents] }))];
        const nf = nfs[k]!;
        const L = nf.terms.reduce((l, t) => (l * t.coeff.den) / gcd(l, t.coeff.den), 1n);
        const scaled = diff.map((t) => ({ c: t.c * L, e: t.e }));
        for (const t of nf.terms) scaled.push({ c: -(t.coeff.num * (L / t.coeff.den)), e: [...t.exponents] });
        const again = normalForms(qqField(), sys, [qqPoly(scaled, n), nf], GREVLEX).normalForms;
        expect(again[0]!.terms.length, `trial ${trial}`).to.equal(0);
        expect(canon([again[1]!])).to.equal(canon([nf]));
      }
      void basis;
    }
  });

  it("elimination: the eliminated basis has no first variable and generates the same elimination ideal as lex", () => {
    const rng = new SeededRandom(31337);
    for (let trial = 0; trial < 10; trial++) {
      const sys = randomSystem(rng, 3, 3, 2, 3, 5).map((f) => gfPoly(f, 3, 101n)).filter((f) => f.terms.length);
      if (!sys.length) continue;
      const el = eliminate(gfpField(101n), sys, 1);
      const lex = groebnerBasis(gfpField(101n), sys, LEX).basis.filter((g) => g.terms.every((t) => t.exponents[0] === 0));
      // Same ideal of K[x1,x2]: compare the reduced lex bases of both.
      const rest = (ps: Polynomial<bigint>[]) => ps.map((g) => ({ ...g, variables: ["x1", "x2"], terms: g.terms.map((t) => ({ exponents: t.exponents.slice(g.variables.length - 2), coeff: t.coeff })) }));
      const a = el.basis.length ? canon(groebnerBasis(gfpField(101n), rest(el.basis), LEX).basis) : "";
      const b = lex.length ? canon(groebnerBasis(gfpField(101n), rest(lex), LEX).basis) : "";
      expect(a, `trial ${trial}`).to.equal(b);
    }
  });

  describe("cross-check against SymPy", function () {
    before(function () {
      requireSympy(this);
    });
    it("random systems over QQ and GF(32003), lex and grevlex", function () {
      this.timeout(300_000);
      const rng = new SeededRandom(2026);
      const cases: { n: number; order: "lex" | "grevlex" | "grlex"; p: number; polys: [string, number[]][][] }[] = [];
      const ours: string[] = [];
      for (let trial = 0; trial < 30; trial++) {
        const order = (["lex", "grevlex", "grlex"] as const)[trial % 3]!;
        const n = order === "lex" ? 2 + (trial % 2) : 2 + (trial % 3);
        const p = trial % 2 ? 32003 : 0;
        const raw = randomSystem(rng, n, 2 + (trial % 2), 3, 3, 9).map(combine).filter((f) => f.length);
        if (!raw.length) continue;
        const mo = order === "lex" ? LEX : order === "grlex" ? GRLEX : GREVLEX;
        const res = p ? groebnerBasis(gfpField(BigInt(p)), raw.map((f) => gfPoly(f, n, BigInt(p))).filter((f) => f.terms.length), mo) : groebnerBasis(qqField(), raw.map((f) => qqPoly(f, n)), mo);
        if (p && !res.basis.length && raw.every((f) => gfPoly(f, n, BigInt(p)).terms.length === 0)) continue;
        cases.push({ n, order, p, polys: raw.map((f) => f.map((t) => [t.c.toString(), t.e])) });
        ours.push(canon(res.basis).split(" ; ").sort().join(" ; "));
      }
      const lines = sympy(
        `
from sympy import groebner, symbols, Poly, Rational, GF, QQ
out = []
for case in data:
    n = case['n']; X = symbols('x0:%d' % n)
    F = []
    for f in case['polys']:
        e = 0
        for c, ex in f:
            t = Rational(int(c))
            for i, k in enumerate(ex): t = t * X[i]**k
            e += t
        F.append(e)
    kw = dict(order=case['order'])
    if case['p']: kw['modulus'] = case['p']
    G = groebner(F, *X, **kw)
    polys = []
    polys = []
    for g in G.exprs:
        P = Poly(g, *X, domain=QQ)
        terms = P.terms(order=case['order'])
        lc = terms[0][1]
        if case['p']:
            p = case['p']
            inv = pow(int(lc) % p, p - 2, p)
            ts = sorted([(list(m), (int(c) * inv) % p) for m, c in terms], reverse=True)
        else:
            ts = sorted([(list(m), c / lc) for m, c in terms], reverse=True)
        polys.append((None, ts))
    def fmt(c):
        if case['p']: return str(c)
        c = Rational(c); return '%d/%d' % (c.p, c.q)
    print(' ; '.join(sorted(' + '.join('%s*[%s]' % (fmt(c), ','.join(map(str, m))) for m, c in ts if c != 0) for _, ts in polys)))
`,
        cases,
      );
      expect(lines.length).to.equal(cases.length);
      for (let k = 0; k < cases.length; k++) expect(ours[k], `case ${k} ${JSON.stringify(cases[k])}`).to.equal(lines[k]);
    });
  });
});

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

void f4;
void groebnerQQ;
void modPolyFromTerms;
