/**
 * The polynomial parser against hostile and random input, through the pipeline (every request
 * fails closed with a stable code and a path, quickly) and directly (fuzzing: never an internal
 * error). Timings are logged, and only bounded loosely.
 */
import { expect } from "chai";
import fc from "fast-check";
import { JacobianError } from "../../../domain/errors.js";
import { parsePolynomialWire } from "../../../domain/math/poly/parse.js";
import { formatPolynomial } from "../../../domain/math/poly/format.js";
import { testJacobian } from "../../support/runtime.js";

const LIMITS = { maxChars: 1_000_000, maxVariables: 16, maxDegree: 1_000_000, maxTerms: 100_000, maxCoeffDigits: 20_000 };

describe("operations/polynomial: the parser fails closed on hostile input", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["polynomial"] });
  after(() => j.close());
  const times: Record<string, number> = {};
  after(() => console.log("      parser refusal times (ms):", JSON.stringify(times)));

  async function refuse(name: string, polynomial: unknown, code: string | string[] = "INVALID_PAYLOAD", path?: string) {
    const t0 = performance.now();
    const o = (await j.run("polynomial.normalize.compute", { polynomial } as never)) as any;
    times[name] = Math.round(performance.now() - t0);
    expect(o.outcome, `${name}: ${JSON.stringify(o).slice(0, 400)}`).to.equal("failed");
    expect([code].flat(), name).to.include(o.error.code);
    if (path) expect(o.error.path, name).to.equal(path);
    expect(JSON.stringify(o.error).length, `${name}: the error stays short`).to.be.below(2_000);
    expect(times[name], `${name} is refused promptly`).to.be.below(5_000);
    return o.error;
  }
  const expr = (expression: string, variables = ["x", "y"], ring = "QQ") => ({ ring, variables, expression });
  const EXPR = "payload.polynomial.expression";

  it("x^99999999 and huge exponents are refused before any work", async () => {
    const e = await refuse("x^99999999", expr("x^99999999"), "INVALID_PAYLOAD", EXPR);
    expect(e.message).to.match(/degree bound/);
    await refuse("x^(10^40 digits)", expr("x^" + "9".repeat(40)), "INVALID_PAYLOAD", EXPR);
    await refuse("(x+1)^999999", expr("(x + 1)^999999"), "INVALID_PAYLOAD", EXPR);
    await refuse("(x*y)^600000", expr("(x*y)^600000"), "INVALID_PAYLOAD", EXPR);
    await refuse("(x+y+1)^300", expr("(x + y + 1)^300"), "INVALID_PAYLOAD", EXPR);
    await refuse("10^100000", expr("10^100000"), "INVALID_PAYLOAD", EXPR);
    await refuse("(2^1000)^1000", expr("(2^1000)^1000"), "INVALID_PAYLOAD", EXPR);
  });

  it("deep nesting is refused by the depth counter, never by the JS stack", async () => {
    const n = 400_000;
    await refuse("4·10^5 nested parentheses", expr("(".repeat(n) + "x" + ")".repeat(n)), "INVALID_PAYLOAD", EXPR);
    await refuse("10^6 nested parentheses (over the length bound)", expr("(".repeat(1_000_000) + "x" + ")".repeat(1_000_000)), "INVALID_PAYLOAD");
    await refuse("10^6 unary minus signs", expr("-".repeat(999_999) + "x"), "INVALID_PAYLOAD", EXPR);
    await refuse("unbalanced", expr("((x + 1)"), "INVALID_PAYLOAD", EXPR);
    await refuse("unbalanced close", expr("x + 1)"), "INVALID_PAYLOAD", EXPR);
  });

  it("a 10 MB string is rejected by the schema's maxLength before parsing", async () => {
    await refuse("10 MB expression", expr("x+".repeat(5_000_000) + "1"), "INVALID_PAYLOAD");
    await refuse("10 MB coefficient", { ring: "ZZ", variables: ["x"], terms: [{ coefficient: "1".repeat(10_000_000), exponents: [1] }] }, "INVALID_PAYLOAD");
    await refuse("10 MB ring", { ring: "G".repeat(10_000_000), variables: ["x"], expression: "x" }, "INVALID_PAYLOAD");
  });

  it("unknown variables, unicode and malformed syntax fail with the position", async () => {
    const e = await refuse("unknown variable", expr("x + z"), "INVALID_PAYLOAD", EXPR);
    expect(e.message).to.match(/unknown variable "z" at character 4/);
    expect(e.hint).to.match(/x, y/);
    for (const [name, s] of [
      ["accented letter", "x + é"],
      ["emoji", "x + 😀"],
      ["fullwidth digit", "x + １"],
      ["zero-width space", "x\u200b+ 1"],
      ["right-to-left override", "x \u202e+ 1"],
      ["NUL", "x\u0000"],
      ["lone surrogate", "x + \ud800"],
      ["implicit product", "2x"],
      ["juxtaposition", "x y"],
      ["division by a variable", "x/y"],
      ["division by zero", "1/0*x"],
      ["negative exponent", "x^-2"],
      ["fractional exponent", "x^(1/2)"],
      ["float", "1.5*x"],
      ["scientific", "1e5*x"],
      ["empty", ""],
      ["only spaces", "   "],
      ["trailing operator", "x +"],
      ["double star", "x**2"],
      ["function call", "sin(x)"],
      ["javascript", "constructor.constructor('return 1')()"],
      ["proto", "__proto__"],
    ] as const) await refuse(name, expr(s), "INVALID_PAYLOAD", EXPR);
  });

  it("variables, terms and rings are validated", async () => {
    await refuse("duplicate variable", { ring: "ZZ", variables: ["x", "x"], expression: "x" }, "INVALID_PAYLOAD", "payload.polynomial.variables[1]");
    await refuse("bad variable name", { ring: "ZZ", variables: ["2x"], expression: "1" }, "INVALID_PAYLOAD", "payload.polynomial.variables[0]");
    await refuse("unicode variable name", { ring: "ZZ", variables: ["χ"], expression: "1" }, "INVALID_PAYLOAD", "payload.polynomial.variables[0]");
    await refuse("too many variables", { ring: "ZZ", variables: Array.from({ length: 17 }, (_, i) => `v${i}`), expression: "1" }, "INVALID_PAYLOAD");
    await refuse("exponent count", { ring: "ZZ", variables: ["x", "y"], terms: [{ coefficient: "1", exponents: [1] }] }, "INVALID_PAYLOAD", "payload.polynomial.terms[0].exponents");
    await refuse("negative exponent", { ring: "ZZ", variables: ["x"], terms: [{ coefficient: "1", exponents: [-1] }] }, "INVALID_PAYLOAD");
    await refuse("exponent 2^40", { ring: "ZZ", variables: ["x"], terms: [{ coefficient: "1", exponents: [2 ** 40] }] }, "INVALID_PAYLOAD");
    await refuse("exponent above the degree bound", { ring: "ZZ", variables: ["x"], terms: [{ coefficient: "1", exponents: [99_999_999] }] }, "INVALID_PAYLOAD", "payload.polynomial.terms[0].exponents");
    await refuse("bad coefficient", { ring: "ZZ", variables: ["x"], terms: [{ coefficient: "1.5", exponents: [1] }] }, "INVALID_PAYLOAD", "payload.polynomial.terms[0].coefficient");
    await refuse("rational over ZZ", { ring: "ZZ", variables: ["x"], expression: "1/2*x" }, "DOMAIN_ERROR", EXPR);
    await refuse("p | denominator over GF(7)", { ring: "GF(7)", variables: ["x"], expression: "1/14*x" }, "DOMAIN_ERROR", EXPR);
    await refuse("neither form", { ring: "ZZ", variables: ["x"] }, "INVALID_PAYLOAD");
    await refuse("forms disagree", { ring: "ZZ", variables: ["x"], expression: "x", terms: [{ coefficient: "2", exponents: [1] }] }, "INVALID_PAYLOAD", "payload.polynomial");
    await refuse("composite field", { ring: "GF(91)", variables: ["x"], expression: "x" }, "DOMAIN_ERROR", "payload.polynomial.ring");
    await refuse("unknown ring", { ring: "RR", variables: ["x"], expression: "x" }, "INVALID_PAYLOAD", "payload.polynomial.ring");
    await refuse("extension field syntax garbage", { ring: "GF(3^", variables: ["x"], expression: "x" }, ["INVALID_PAYLOAD", "DOMAIN_ERROR"]);
    await refuse("unknown key", { ring: "ZZ", variables: ["x"], expression: "x", degree: 1 }, ["INVALID_PAYLOAD", "UNKNOWN_ARGUMENT"]);
  });

  it("fuzz: random token strings parse or fail with INVALID_PAYLOAD/DOMAIN_ERROR, never otherwise", () => {
    const token = fc.constantFrom("x", "y", "z", "a", "0", "1", "7", "12", "3/4", "1/0", "+", "-", "*", "^", "^2", "^0", "/", "(", ")", " ", "é", "\u0000", "2x", "9999999999");
    let parsed = 0, failed = 0;
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), fc.constantFrom("ZZ", "QQ", "GF(7)"), (toks, ring) => {
        try {
          const p = parsePolynomialWire({ ring, variables: ["x", "y"], expression: toks.join("") }, "p", LIMITS);
          // what parses, formats and re-parses to itself
          const again = parsePolynomialWire({ ring, variables: ["x", "y"], expression: formatPolynomial(p).expression }, "p", LIMITS);
          expect(formatPolynomial(again)).to.deep.equal(formatPolynomial(p));
          parsed++;
        } catch (e) {
          if (!(e instanceof JacobianError) || !["INVALID_PAYLOAD", "DOMAIN_ERROR"].includes(e.code)) throw e;
          failed++;
        }
      }),
      { seed: 9, numRuns: 3000 },
    );
    expect(parsed).to.be.above(50);
    expect(failed).to.be.above(50);
  });
});
