import { type } from "arktype";
import { coeffRing, formatPolyRing } from "../../domain/math/poly/rings.js";
import { compareExponents } from "../../domain/math/poly/sparse.js";
import type { Term } from "../../domain/math/poly/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { aligned, inputPolynomial, ioCost, polyChecker, polynomialBounds, polySize } from "./support.js";

const IDENTITY_KIND = "polynomial.identity";
const claimShape = () => ({
  left: inputPolynomial("the left side (expression or terms; unexpanded products and powers are expanded)"),
  right: inputPolynomial("the right side, over the same ring"),
});
const Request = request({ claim: object(claimShape(), IDENTITY_KIND, "the claimed identity left = right of two polynomials over one ring") });
type Req = typeof Request.infer;

const Bindings = type({
  ring: type("string").describe("the coefficient ring"),
  variables: type("string").array().describe("the common variable list (left's variables, then the right's new ones)"),
  terms: type("number.integer >= 0").describe("number of terms of the expanded left side"),
  "exponents?": type("number.integer >= 0").array().describe("rejected: a monomial (exponents over `variables`) whose coefficients differ"),
  "left_coefficient?": type("string").describe("rejected: its coefficient on the left (0 when absent)"),
  "right_coefficient?": type("string").describe("rejected: its coefficient on the right (0 when absent)"),
});

export default polyChecker<Req>({
  id: "polynomial.identity.verify",
  title: "Verify a polynomial identity",
  summary:
    "Decides whether two polynomial expressions over the same ring (ZZ, QQ, GF(p), GF(p^k)) are equal as polynomials, e.g. (x + y)^2 = x^2 + 2*x*y + y^2: both sides are expanded to canonical form and compared term by term. " +
    "A rejection names a monomial whose coefficients differ, with both coefficients. Over a finite field this is equality in the polynomial ring (x^p and x differ), not of the functions they define.",
  keywords: ["polynomial", "identity", "verify", "check", "equal", "equality", "expand", "simplify", "prove", "counterexample"],
  request: Request,
  bindings: Bindings as never,
  method:
    "Both sides are expanded exactly to canonical sparse form (distinct exponent vectors, descending lexicographic order) while parsing, then compared term by term; two polynomials are equal exactly when their canonical forms are. " +
    "The first differing monomial is the counterexample.",
  bounds: polynomialBounds("each side"),
  cost_model: "the expansion runs while parsing (bounded there); the comparison is a merge of the two term lists: units ≈ 2·Σ terms·(40 + 2·limbs + 4·variables)",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const a = polySize(req.claim.left), b = polySize(req.claim.right);
    return { units: 2 * (ioCost(a) + ioCost(b)), memory_bytes: 200 * (a.terms + b.terms) * (a.vars + b.vars + 4), basis: `${a.terms} and ${b.terms} terms` };
  },
  ports: { inputs: { claim: { field: "claim", description: "the identity { left, right }" } } },
  execute(req): CheckerFinding {
    const { variables, left, right } = aligned(req.claim.left, req.claim.right, "payload.claim.right");
    const R = coeffRing(req.claim.left.ring);
    const base = { ring: formatPolyRing(req.claim.left.ring), variables, terms: left.length };
    let i = 0, j = 0;
    const differ = (e: readonly number[], l: unknown, r: unknown): CheckerFinding => ({
      verdict: "rejected",
      bindings: { ...base, exponents: e.slice(), left_coefficient: R.format(l), right_coefficient: R.format(r) },
      reason: "the two sides differ in the coefficient of one monomial",
    });
    while (i < left.length || j < right.length) {
      const l = left[i] as Term | undefined, r = right[j] as Term | undefined;
      const c = !l ? 1 : !r ? -1 : compareExponents(l.exponents, r.exponents);
      if (c < 0) return differ(l!.exponents, l!.coeff, R.zero);
      if (c > 0) return differ(r!.exponents, R.zero, r!.coeff);
      if (!R.eq(l!.coeff, r!.coeff)) return differ(l!.exponents, l!.coeff, r!.coeff);
      i++;
      j++;
    }
    return { verdict: "accepted", bindings: base };
  },
  postcondition(_req, f) {
    if (f.verdict === "rejected") return f.bindings.exponents !== undefined && f.bindings.left_coefficient !== f.bindings.right_coefficient ? null : "a rejection names a monomial with different coefficients";
    return f.verdict === "accepted" ? null : "this checker always decides";
  },
  examples: [
    {
      title: "the square of a sum",
      payload: { claim: { left: { ring: "ZZ", variables: ["x", "y"], expression: "(x + y)^2" }, right: { ring: "ZZ", variables: ["x", "y"], expression: "x^2 + 2*x*y + y^2" } } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", variables: ["x", "y"], terms: 3 } },
    },
    {
      title: "a wrong identity: the cross term is missing",
      payload: { claim: { left: { ring: "QQ", variables: ["x", "y"], expression: "(x + y)^2" }, right: { ring: "QQ", variables: ["x", "y"], expression: "x^2 + y^2" } } },
      expected: { verdict: "rejected", bindings: { ring: "QQ", variables: ["x", "y"], terms: 3, exponents: [1, 1], left_coefficient: "2", right_coefficient: "0" } },
    },
    {
      title: "the freshman's dream holds in GF(5)[x, y]",
      payload: { claim: { left: { ring: "GF(5)", variables: ["x", "y"], expression: "(x + y)^5" }, right: { ring: "GF(5)", variables: ["x", "y"], expression: "x^5 + y^5" } } },
      expected: { verdict: "accepted", bindings: { ring: "GF(5)", variables: ["x", "y"], terms: 2 } },
    },
  ],
});
