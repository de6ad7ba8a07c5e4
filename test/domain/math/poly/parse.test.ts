/** The polynomial parser and canonical format: round trips and agreement with sparse arithmetic. */
import { expect } from "chai";
import fc from "fast-check";
import { formatPolynomial } from "../../../../domain/math/poly/format.js";
import { parsePolynomialWire } from "../../../../domain/math/poly/parse.js";
import { coeffRing } from "../../../../domain/math/poly/rings.js";
import { spMul, spPow } from "../../../../domain/math/poly/sparse.js";

const LIMITS = { maxChars: 1_000_000, maxVariables: 16, maxDegree: 1_000_000, maxTerms: 100_000, maxCoeffDigits: 20_000 };
const VARS = ["x", "y", "z"];
const ring = fc.constantFrom("ZZ", "QQ", "GF(2)", "GF(7)", "GF(1000003)");
const coefficient = (r: string) =>
  r === "QQ" ? fc.tuple(fc.bigInt(-(10n ** 30n), 10n ** 30n), fc.bigInt(1n, 10n ** 6n)).map(([n, d]) => (d === 1n ? `${n}` : `${n}/${d}`)) : fc.bigInt(-(10n ** 30n), 10n ** 30n).map(String);
const terms = (r: string) => fc.array(fc.record({ coefficient: coefficient(r), exponents: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 3 }) }), { maxLength: 30 });
const wire = ring.chain((r) => terms(r).map((ts) => ({ ring: r, variables: VARS, terms: ts })));
const parse = (w: object) => parsePolynomialWire(w as never, "p", LIMITS);

describe("domain/math/poly parse and format", () => {
  it("the canonical expression re-parses to the same polynomial, and the canonical output parses to itself", () => {
    fc.assert(
      fc.property(wire, (w) => {
        const p = parse(w);
        const out = formatPolynomial(p);
        expect(formatPolynomial(parse({ ring: w.ring, variables: VARS, expression: out.expression }))).to.deep.equal(out);
        expect(formatPolynomial(parse(out))).to.deep.equal(out);
      }),
      { seed: 5, numRuns: 300 },
    );
  });

  it("products and powers written in the expression equal sparse arithmetic of the parsed factors", () => {
    fc.assert(
      fc.property(ring.chain((r) => fc.tuple(fc.constant(r), terms(r), terms(r), fc.integer({ min: 0, max: 4 }))), ([r, ta, tb, e]) => {
        const a = parse({ ring: r, variables: VARS, terms: ta }), b = parse({ ring: r, variables: VARS, terms: tb });
        const ea = formatPolynomial(a).expression, eb = formatPolynomial(b).expression;
        const R = coeffRing(a.ring);
        expect(parse({ ring: r, variables: VARS, expression: `(${ea})*(${eb})` }).terms).to.deep.equal(spMul(R, a.terms, b.terms));
        if (a.terms.length <= 6) expect(parse({ ring: r, variables: VARS, expression: `(${ea})^${e}` }).terms).to.deep.equal(spPow(R, a.terms, e, 3));
      }),
      { seed: 6, numRuns: 200 },
    );
  });

  it("formats signs, unit coefficients and residues canonically", () => {
    const f = (ring: string, expression: string, variables = ["x", "y"]) => formatPolynomial(parse({ ring, variables, expression })).expression;
    expect(f("ZZ", "-x^2*y + x - 1")).to.equal("-x^2*y + x - 1");
    expect(f("QQ", "2/4*x - 6/3")).to.equal("1/2*x - 2");
    expect(f("GF(5)", "-x - 1")).to.equal("4*x + 4");
    expect(f("ZZ", "y*x^2 + (x + y)*(x - y) - x^2")).to.equal("x^2*y - y^2");
    expect(f("ZZ", "0*x + 0")).to.equal("0");
    expect(f("ZZ", "7", [])).to.equal("7");
    expect(f("QQ", "+ - -x")).to.equal("x");
  });

  it("a term list in canonical order, in reverse order, shuffled or with a repeated exponent parses to the same canonical terms", () => {
    const coeffs = Array.from({ length: 40 }, (_, i) => `${(i * 7919) % 201 - 100 || 1}`);
    const ascending = coeffs.map((c, i) => ({ coefficient: c, exponents: [i] }));
    const expected = parse({ ring: "ZZ", variables: ["x"], expression: coeffs.map((c, i) => `(${c})*x^${i}`).join(" + ") }).terms;
    const shuffled = ascending.map((t, i) => ascending[(i * 17) % 40]!);
    // 5·x^3 written as 2·x^3 + 3·x^3, out of order
    const split = [...ascending.filter((t) => t.exponents[0] !== 3), { coefficient: "2", exponents: [3] }, { coefficient: "3", exponents: [3] }];
    const withSplit = parse({ ring: "ZZ", variables: ["x"], expression: coeffs.map((c, i) => (i === 3 ? "5*x^3" : `(${c})*x^${i}`)).join(" + ") }).terms;
    expect(parse({ ring: "ZZ", variables: ["x"], terms: ascending }).terms).to.deep.equal(expected);
    expect(parse({ ring: "ZZ", variables: ["x"], terms: ascending.slice().reverse() }).terms).to.deep.equal(expected);
    expect(parse({ ring: "ZZ", variables: ["x"], terms: shuffled }).terms).to.deep.equal(expected);
    expect(parse({ ring: "ZZ", variables: ["x"], terms: split }).terms).to.deep.equal(withSplit);
    // terms that cancel leave no zero term behind
    expect(parse({ ring: "ZZ", variables: ["x"], terms: [{ coefficient: "4", exponents: [2] }, { coefficient: "1", exponents: [0] }, { coefficient: "-4", exponents: [2] }] }).terms).to.deep.equal(parse({ ring: "ZZ", variables: ["x"], expression: "1" }).terms);
  });
});
