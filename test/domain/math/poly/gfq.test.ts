import { expect } from "chai";
import {
  conwayPolynomial, conwayRange, defaultModulus, extensionFieldRing, factorPkMinusOne, fieldArith, formatExtensionField,
  isConwayCompatible, parseExtensionFieldWire, searchConwayPolynomial, type CompleteFactorization,
} from "../../../../domain/math/poly/gfq.js";
import type { ExtensionField, FieldElement } from "../../../../domain/math/poly/types.js";
import { gp, requireGp } from "../../../support/gp.js";
import { rng } from "../../../operations/integer/random.js";

const big = (xs: readonly (number | bigint)[]): bigint[] => xs.map(BigInt);
const gpPol = (c: readonly bigint[], v = "x"): string => `Pol([${[...c].reverse().join(",")}],'${v})`;

function randomElement(F: ExtensionField, r: ReturnType<typeof rng>): FieldElement {
  const c: bigint[] = [];
  for (let i = 0; i < F.k; i++) c.push(r.bits(F.p.toString(2).length + 8) % F.p);
  while (c.length && c[c.length - 1] === 0n) c.pop();
  return c;
}

describe("GF(p^k) (domain/math/poly/gfq.ts)", function () {
  this.timeout(120_000);

  it("published Conway polynomials (Lübeck's table) agree with the generated table", () => {
    const known: [number, number, number[]][] = [
      [2, 2, [1, 1, 1]], [2, 3, [1, 1, 0, 1]], [2, 4, [1, 1, 0, 0, 1]], [2, 5, [1, 0, 1, 0, 0, 1]],
      [2, 6, [1, 1, 0, 1, 1, 0, 1]], [2, 7, [1, 1, 0, 0, 0, 0, 0, 1]], [2, 8, [1, 0, 1, 1, 1, 0, 0, 0, 1]],
      [2, 9, [1, 0, 0, 0, 1, 0, 0, 0, 0, 1]], [2, 10, [1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 1]],
      [3, 2, [2, 2, 1]], [3, 3, [1, 2, 0, 1]], [3, 4, [2, 0, 0, 2, 1]], [3, 5, [1, 2, 0, 0, 0, 1]], [3, 6, [2, 2, 1, 0, 2, 0, 1]],
      [5, 2, [2, 4, 1]], [5, 3, [3, 3, 0, 1]], [5, 4, [2, 4, 4, 0, 1]], [7, 2, [3, 6, 1]], [7, 3, [4, 0, 6, 1]],
      [11, 2, [2, 7, 1]], [13, 2, [2, 12, 1]],
    ];
    for (const [p, k, c] of known) expect(conwayPolynomial(BigInt(p), k), `C_{${p},${k}}`).to.deep.equal(big(c));
  });

  it("the search re-derives table entries from the definition", () => {
    for (const [p, maxK] of [[2n, 12], [3n, 8], [5n, 5], [7n, 4], [31n, 3], [97n, 2]] as const) {
      const found: bigint[][] = [];
      for (let k = 1; k <= maxK; k++) {
        found.push(searchConwayPolynomial(p, k, (m) => found[m - 1]));
        expect(found[k - 1], `C_{${p},${k}}`).to.deep.equal(conwayPolynomial(p, k));
      }
    }
  });

  it("every table entry is primitive and compatible with its subfields", () => {
    for (const p of [2n, 3n, 5n, 7n, 11n, 13n, 101n, 103n, 107n, 109n]) {
      for (let k = 2; k <= conwayRange(p); k++) {
        const fac = factorPkMinusOne(p, k) as CompleteFactorization;
        expect(isConwayCompatible(p, conwayPolynomial(p, k)!, fac, (m) => conwayPolynomial(p, m)), `C_{${p},${k}}`).to.equal(true);
      }
    }
  });

  describe("cross-checked with PARI/GP", function () {
    before(function () {
      requireGp(this);
    });

    it("Conway conditions, including leastness for small fields, verified by PARI", () => {
      // Independent: PARI enumerates the Conway order itself and checks primitivity and compatibility with ffgen.
      const cases: [bigint, number][] = [[2n, 2], [2n, 3], [2n, 4], [2n, 6], [2n, 8], [3n, 2], [3n, 4], [3n, 6], [5n, 2], [5n, 4], [7n, 2], [7n, 3], [11n, 2], [13n, 3], [17n, 2], [101n, 2], [103n, 3]];
      const script: string[] = [
        `conwayOk(p,k,C,lower)=if(!polisirreducible(Mod(1,p)*C),return(0));my(g=ffgen(Mod(1,p)*C,'a),q=p^k);if(fforder(g)!=q-1,return(0));for(i=1,#lower,my(m=lower[i][1],Cm=lower[i][2]);if(subst(Cm,'x,g^((q-1)/(p^m-1)))!=0,return(0)));1;`,
        // least: the first polynomial in the Conway order that passes
        `conwayLeast(p,k,lower)=forvec(v=vector(k,i,[0,p-1]),my(C='x^k+sum(i=0,k-1,(-1)^(k-i)*v[k-i]*'x^i));if(conwayOk(p,k,C,lower),return(Vecrev(lift(Mod(1,p)*C)))));0;`,
      ];
      for (const [p, k] of cases) {
        const divs: number[] = [];
        for (let m = 1; m < k; m++) if (k % m === 0) divs.push(m);
        const lower = `[${divs.map((m) => `[${m},${gpPol(conwayPolynomial(p, m)!)}]`).join(",")}]`;
        script.push(`print(conwayLeast(${p},${k},${lower}))`);
      }
      const out = gp(script.join("\n"));
      cases.forEach(([p, k], i) => expect(out[i], `C_{${p},${k}}`).to.equal(`[${conwayPolynomial(p, k)!.join(", ")}]`));
    });

    it("default moduli outside the table are irreducible, primitive below 2^64 (PARI)", () => {
      const cases: [bigint, number][] = [[2n, 23], [2n, 40], [2n, 64], [2n, 100], [3n, 30], [113n, 3], [1000003n, 3], [1000003n, 5], [4294967291n, 2], [170141183460469231731687303715884105727n, 3]];
      const script: string[] = [];
      for (const [p, k] of cases) {
        const d = defaultModulus(p, k);
        const q = p ** BigInt(k);
        expect(d.kind, `${p}^${k}`).to.equal(conwayPolynomial(p, k) ? "conway" : q < 1n << 64n ? "least_primitive" : "least_irreducible");
        script.push(`my(f=Mod(1,${p})*${gpPol(d.modulus)});print(polisirreducible(f)," ",${q < 1n << 64n ? `fforder(ffgen(f,'a))==${q - 1n}` : 1})`);
      }
      const out = gp(script.join("\n"));
      out.forEach((l, i) => expect(l, `${cases[i]}`).to.equal("1 1"));
    });

    it("arithmetic, powers, inverses, Frobenius, trace, norm, minimal polynomials, orders", () => {
      const r = rng(9001);
      const rings = ["GF(2^8)", "GF(3^5)", "GF(7^3, a^3 + 3*a + 2)", "GF(101^4)", "GF(65537^3)", "GF(1000003^2)", "GF(2^61)", "GF(1099511627791^3)", "GF(5^6, a^6 + a + 2)"];
      const script: string[] = [];
      const expected: string[] = [];
      for (const s of rings) {
        let F: ExtensionField;
        try {
          F = parseExtensionFieldWire(s, "ring");
        } catch (e) {
          // an explicit modulus that is reducible must be refused: confirm with PARI below
          script.push(`print(polisirreducible(Mod(1,${s.match(/\((\d+)/)![1]})*${s.slice(s.indexOf(",") + 1, -1).replace(/a/g, "x")}))`);
          expected.push("0");
          continue;
        }
        const R = extensionFieldRing(F);
        const A = fieldArith(F);
        const fac = factorPkMinusOne(F.p, F.k) as CompleteFactorization;
        expect(fac.status).to.equal("COMPLETE");
        script.push(`g=ffgen(Mod(1,${F.p})*${gpPol(F.modulus)},'a);\nel(c)=subst(Pol(Vecrev(c),'t),'t,g);\nv(e)=Vecrev(e.pol);`);
        for (let t = 0; t < 6; t++) {
          const x = randomElement(F, r), y = randomElement(F, r);
          if (!x.length || !y.length) continue;
          const e = r.bits(80);
          const ex = `el([${x.join(",")}])`, ey = `el([${y.join(",")}])`;
          const vec = (c: FieldElement) => `[${c.length ? c.join(", ") : ""}]`;
          const frob = A.big(A.frobenius(A.from(x), 1));
          script.push(`print(v(${ex}*${ey}+${ey}), v(${ex}^-1), v(${ex}^${e}), v(${ex}^${F.p}), lift(trace(${ex})), lift(norm(${ex})), Vecrev(lift(minpoly(${ex}))), fforder(${ex}))`);
          const mp = A.minimalPolynomial(A.from(x));
          expected.push(
            [vec(R.add(R.mul(x, y), y)), vec(R.inv(x)), vec(A.big(A.pow(A.from(x), e))), vec(frob), A.trace(A.from(x)).toString(), A.norm(A.from(x)).toString(), `[${mp.join(", ")}]`, A.order(A.from(x), fac).toString()].join(""),
          );
        }
      }
      const out = gp(script.join("\n"));
      expect(out).to.deep.equal(expected);
    });

    it("discrete logarithms and primitive elements agree with PARI", () => {
      const r = rng(77);
      const script: string[] = [];
      const checks: ((line: string) => void)[] = [];
      for (const s of ["GF(2^20)", "GF(3^11)", "GF(101^3)", "GF(65521^2)", "GF(2^64)", "GF(1000003^3)"]) {
        const F = parseExtensionFieldWire(s, "ring");
        const A = fieldArith(F);
        const fac = factorPkMinusOne(F.p, F.k) as CompleteFactorization;
        const { element: g } = A.leastPrimitive(fac);
        script.push(`g=ffgen(Mod(1,${F.p})*${gpPol(F.modulus)},'a);\nel(c)=subst(Pol(Vecrev(c),'t),'t,g);`);
        script.push(`print(fforder(el([${A.big(g).join(",")}]))==${A.q - 1n})`);
        checks.push((l) => expect(l, `${s} least primitive`).to.equal("1"));
        for (let t = 0; t < 3; t++) {
          const base = randomElement(F, r);
          const x = r.bits(100) % (A.q - 1n);
          const h = A.pow(A.from(base.length ? base : [1n]), x);
          const res = A.discreteLog(A.from(base.length ? base : [1n]), h, fac);
          expect(res, s).to.not.equal(undefined);
          expect(A.eq(A.pow(A.from(base.length ? base : [1n]), res!.log), h)).to.equal(true);
          script.push(`b=el([${base.join(",")}]); print(fflog(el([${A.big(h).join(",")}]), b, fforder(b))==${res!.log}, " ", fforder(b)==${res!.order})`);
          checks.push((l) => expect(l, `${s} log`).to.equal("1 1"));
        }
      }
      const out = gp(script.join("\n"));
      out.forEach((l, i) => checks[i]!(l));
    });
  });

  it("an element outside ⟨g⟩ has no logarithm", () => {
    const F = parseExtensionFieldWire("GF(3^4)", "ring");
    const A = fieldArith(F);
    const fac = factorPkMinusOne(F.p, F.k) as CompleteFactorization;
    const g = A.pow(A.gen, 2n); // order 40
    expect(A.discreteLog(g, A.gen, fac)).to.equal(undefined);
  });

  it("ring strings: canonical forms and fail-closed parsing", () => {
    expect(formatExtensionField(parseExtensionFieldWire("GF(3^2)", "r"))).to.equal("GF(3^2)");
    expect(formatExtensionField(parseExtensionFieldWire("GF(3^2, a^2 + 2*a + 2)", "r"))).to.equal("GF(3^2)");
    expect(formatExtensionField(parseExtensionFieldWire("GF(3^2,a^2+1)", "r"))).to.equal("GF(3^2, a^2 + 1)");
    expect(formatExtensionField(parseExtensionFieldWire("GF(3^2, a^2 - 2)", "r"))).to.equal("GF(3^2, a^2 + 1)");
    const code = (s: string) => {
      try {
        parseExtensionFieldWire(s, "r");
        return "ok";
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(code("GF(3^2, a^2 + 2)")).to.equal("DOMAIN_ERROR"); // reducible: (a+1)(a+2)
    expect(code("GF(9^2)")).to.equal("DOMAIN_ERROR");
    expect(code("GF(3^1)")).to.equal("INVALID_PAYLOAD");
    expect(code("GF(3^3, a^2 + 1)")).to.equal("DOMAIN_ERROR");
    expect(code("GF(3^2, 2*a^2 + 1)")).to.equal("DOMAIN_ERROR");
    expect(code("GF(3^2, a^2 + b)")).to.equal("INVALID_PAYLOAD");
    expect(code("GF(3^1000)")).to.equal("INVALID_PAYLOAD");
    expect(code("GF(3^2, a^2 ++ 1)")).to.equal("INVALID_PAYLOAD");
  });
});
