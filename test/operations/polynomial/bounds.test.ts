/** Bounds and budgets of the polynomial operations: refusals come before any work, with stable codes. */
import { expect } from "chai";
import { kindSpec, toWire } from "../../../domain/kinds.js";
import { parsePolynomialWire } from "../../../domain/math/poly/parse.js";
import { parsePolyRingWire } from "../../../domain/math/poly/rings.js";
import { testJacobian } from "../../support/runtime.js";

describe("operations/polynomial: bounds, budgets and the polynomial kind", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const run = (id: string, payload: Record<string, unknown>) => j.run(id, payload as never) as Promise<any>;
  const uni = (expression: string, ring = "ZZ") => ({ ring, variables: ["x"], expression });

  it("refuses work above the budget in preflight (RESOURCE_REFUSED) and promptly", async () => {
    const dense = { ring: "ZZ", variables: ["x"], terms: Array.from({ length: 3001 }, (_, i) => ({ coefficient: "123456789012345678901234567890", exponents: [i] })) };
    for (const [id, payload] of [
      ["polynomial.power.compute", { polynomial: uni("x^1000 + 3*x + 1"), exponent: 1_000_000 }],
      ["polynomial.power.compute", { polynomial: { ring: "ZZ", variables: ["x", "y", "z"], expression: "x + y + z + 1" }, exponent: 5_000 }],
      ["polynomial.composition.compute", { outer: dense, inner: dense }],
      ["polynomial.substitution.compute", { polynomial: dense, variable: "x", value: dense }],
      ["polynomial.pseudo_remainder.compute", { dividend: dense, divisor: uni("123456789*x^2 + 1") }],
    ] as const) {
      const t0 = performance.now();
      const o = await run(id, payload);
      expect(o.outcome, id).to.equal("non_conclusion");
      expect(o.reason.code, id).to.equal("RESOURCE_REFUSED");
      expect(performance.now() - t0, id).to.be.below(10_000);
    }
  });

  it("fails closed on operand mismatches with paths", async () => {
    let o = await run("polynomial.multiply.compute", { left: uni("x"), right: uni("x", "QQ") });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.right.ring" });
    o = await run("polynomial.division.compute", { dividend: uni("x^2"), divisor: { ring: "ZZ", variables: ["y"], expression: "y" } });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.divisor.variables" });
    o = await run("polynomial.division.compute", { dividend: uni("x^2"), divisor: uni("2*x") });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.divisor" });
    o = await run("polynomial.division.compute", { dividend: uni("x^2", "QQ"), divisor: uni("0", "QQ") });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.divisor" });
    o = await run("polynomial.derivative.compute", { polynomial: { ring: "ZZ", variables: ["x", "y"], expression: "x*y" } });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.variable" });
    o = await run("polynomial.derivative.compute", { polynomial: uni("x"), variable: "t" });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.variable" });
    o = await run("polynomial.integral.compute", { polynomial: uni("x^6", "GF(7)") });
    expect(o.error.code).to.equal("DOMAIN_ERROR");
    o = await run("polynomial.content.compute", { polynomial: uni("x", "GF(7)") });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.polynomial.ring" });
    o = await run("polynomial.evaluation.compute", { polynomial: uni("x"), values: ["1", "2"] });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.values" });
    o = await run("polynomial.evaluation.compute", { polynomial: uni("x", "GF(7)"), values: ["1/7"] });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.values[0]" });
    o = await run("polynomial.identity.verify", { claim: { left: uni("x"), right: uni("x", "GF(2)") } });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.claim.right.ring" });
  });

  it("results hand on unchanged: a product feeds a division by reference", async () => {
    const p = await run("polynomial.multiply.compute", { left: uni("x^2 + 1", "QQ"), right: uni("x - 3", "QQ") });
    const o = await j.run("polynomial.division.compute", { divisor: uni("x - 3", "QQ") } as never, { inputs: { dividend: { value_ref: p.refs.product } } } as never) as any;
    expect(o.value.quotient.expression).to.equal("x^2 + 1");
    expect(o.value.remainder.expression).to.equal("0");
  });

  it("the polynomial kind formats to the canonical wire form; ring strings parse and format", () => {
    const p = parsePolynomialWire({ ring: "GF(7)", variables: ["x"], expression: "8*x - 1" }, "p", { maxChars: 100, maxVariables: 2, maxDegree: 10, maxTerms: 10, maxCoeffDigits: 10 });
    expect(toWire({ p })).to.deep.equal({ p: { ring: "GF(7)", variables: ["x"], expression: "x + 6", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "6", exponents: [0] }] } });
    expect(kindSpec("polynomial")!.size(p)).to.equal(2);
    expect(toWire(parsePolyRingWire("GF(7)", "r"))).to.equal("GF(7)");
    expect(() => parsePolyRingWire("GF(8)", "r")).to.throw(/not prime/);
  });
});
