import { expect } from "chai";
import fc from "fast-check";
import { JacobianError } from "../../../../domain/errors.js";
import { parseExpression, parseFlatExpression, parseGeneralExpression, type PolyLimits } from "../../../../domain/math/poly/parse.js";
import { coeffRing, parsePolyRingWire } from "../../../../domain/math/poly/rings.js";
import { formatExpression } from "../../../../domain/math/poly/format.js";
import type { CoeffRing } from "../../../../domain/math/poly/types.js";

/**
 * The fast path for expanded expressions (parseFlatExpression) against the general parser alone
 * (parseGeneralExpression): whatever the fast path accepts,
 * the general parser accepts with structurally identical terms; whatever the general parser
 * rejects, the fast path declines (so parseExpression rejects it with the general parser's error).
 */

const RINGS = ["ZZ", "QQ", "GF(7)", "GF(7^2)"].map((r) => coeffRing(parsePolyRingWire(r, "ring")) as CoeffRing<unknown>);
const VARS = ["x", "y", "z1"];
/** Small limits, so that every limit of the general parser is within reach of random inputs. */
const LIMITS: PolyLimits = { maxChars: 400, maxVariables: 3, maxDegree: 12, maxTerms: 6, maxCoeffDigits: 6, maxWork: 20, maxDepth: 6 };

/** The general parser alone, with its error (code, message, path, hint). */
function strict(R: CoeffRing<unknown>, src: string, limits = LIMITS): { ok: unknown } | { error: unknown } {
  try {
    return { ok: parseGeneralExpression(R, VARS, src, "p", limits) };
  } catch (e) {
    if (!(e instanceof JacobianError)) throw e;
    return { error: e.toDetail() };
  }
}

const show = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x));

/** Structural equality with key order (bigints, arrays of residues, Rational records). */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const SPACE = fc.constantFrom("", "", "", " ", "  ", "\t", "\n", "\r");
const NUMBER = fc.oneof(fc.nat(999).map(String), fc.constantFrom("0", "00", "007", "1234567", "999999", "7", "49"));
const NAME = fc.constantFrom("x", "y", "z1", "x", "y", "a", "w", "x2", "X", "z");
const FACTOR = fc.oneof(
  NUMBER,
  NAME,
  fc.tuple(NAME, SPACE, SPACE, fc.oneof(fc.nat(14).map(String), fc.constantFrom("0", "12", "13", "007", "0000000000013", ""))).map(([v, s, t, e]) => `${v}${s}^${t}${e}`),
  fc.tuple(NUMBER, fc.constantFrom("^2", "/3", " / 4", "^0", "/0")).map(([n, t]) => n + t),
);
const TERM = fc.array(fc.tuple(FACTOR, SPACE, SPACE), { minLength: 1, maxLength: 5 }).map((fs) => fs.map(([f, s, t]) => `${s}${f}${t}`).join("*"));
/** Sums of monomials with a few near misses (doubled signs, empty terms, stray tokens). */
const FLATISH = fc
  .tuple(fc.constantFrom("", "-", "+", "--", "+-"), fc.array(fc.tuple(fc.constantFrom(" + ", "-", " - ", "+", " +- ", " * ", " ", "^"), TERM), { maxLength: 7 }), TERM, fc.constantFrom("", "", "", " ", "*", "+", ")", "(", "x", "3"))
  .map(([sign, rest, first, tail]) => sign + first + rest.map(([op, t]) => op + t).join("") + tail);
/** Hostile strings over the grammar's alphabet and beyond. */
const HOSTILE = fc.stringMatching(/^[0-9xyza+\-*^/() \t\n\u00a0\u0000é]{0,40}$/);

describe("domain/math/poly/parse: the fast path for expanded expressions", () => {
  for (const R of RINGS) {
    it(`${R.name}: accepts only what the general parser accepts, with the same terms; declines whatever it rejects`, () => {
      fc.assert(
        fc.property(fc.oneof(FLATISH, FLATISH, HOSTILE), (src) => {
          const fast = parseFlatExpression(R, VARS, src, LIMITS);
          const general = strict(R, src);
          if (fast !== undefined) {
            expect("ok" in general, `general parser rejects ${JSON.stringify(src)} (${show(general)}) but the fast path accepts it`).to.equal(true);
            expect(same(fast, (general as { ok: unknown }).ok), `different terms for ${JSON.stringify(src)}`).to.equal(true);
          }
          // parseExpression (fast path first) agrees with the general parser on every input
          let whole: { ok: unknown } | { error: unknown };
          try {
            whole = { ok: parseExpression(R, VARS, src, "p", LIMITS) };
          } catch (e) {
            whole = { error: (e as JacobianError).toDetail() };
          }
          // the same terms, or the same error: code, message, path and hint
          expect(same(whole, general), `${JSON.stringify(src)}: ${show(whole)} vs ${show(general)}`).to.equal(true);
        }),
        { numRuns: 1500 },
      );
    });
  }

  it("takes the canonical output form of every ring (the fast path is not vacuous), at the bounds too", () => {
    const big: PolyLimits = { maxChars: 100_000, maxVariables: 3, maxDegree: 1000, maxTerms: 2000, maxCoeffDigits: 100 };
    for (const R of RINGS.slice(0, 3)) {
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat(40), fc.nat(40), fc.nat(3)), { maxLength: 30 }), (raw) => {
          const src = raw.map(([c, i, j, k]) => `${c}*x^${i}*y^${j}*z1^${k}`).join(" + ").replace(/\+ -/g, "- ") || "0";
          const terms = parseExpression(R, VARS, src, "p", big);
          const canonical = formatExpression(R, VARS, terms as never);
          const fast = parseFlatExpression(R, VARS, canonical, big);
          expect(fast, canonical).to.not.equal(undefined);
          expect(same(fast, terms)).to.equal(true);
        }),
        { numRuns: 100 },
      );
    }
    // exactly at the bounds: accepted by both; one past them: declined by the fast path
    const R = RINGS[0]!;
    for (const [src, accepted] of [["x^12", true], ["x^13", false], ["x^6*y^6", true], ["x^6*y^7", false], ["999999*x", true], ["1000000*x", false], ["x+y+z1+1+x*y+y*z1", true], ["x+y+z1+1+x*y+y*z1+x*z1", false]] as const) {
      expect(parseFlatExpression(R, VARS, src, LIMITS) !== undefined, src).to.equal(accepted);
      expect("ok" in strict(R, src), src).to.equal(accepted);
    }
  });
});
