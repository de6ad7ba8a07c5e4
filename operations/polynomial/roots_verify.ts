import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { sameRing } from "../../domain/math/poly/rings.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import { constantValue, finiteFieldCost, finiteFieldPolys, MAX_FACTOR_DEGREE, ROOTS_KIND, rootsShape, univariate } from "./factorization_support.js";
import { inputPolynomial, polyChecker, polynomialBounds } from "./support.js";

const Request = request({
  polynomial: inputPolynomial("the polynomial f (one variable, nonzero, over GF(p))"),
  claim: object(rootsShape(), ROOTS_KIND, "the claim { roots }: every root of f with its multiplicity — the value of polynomial.roots.compute unchanged"),
});
type Req = typeof Request.infer;

type Failure = "ring_mismatch" | "duplicate_root" | "not_a_root" | "wrong_multiplicity" | "missing_root";
const Bindings = strict(
  type({
    "failure?": type("'ring_mismatch' | 'duplicate_root' | 'not_a_root' | 'wrong_multiplicity' | 'missing_root'").describe("why the claim was rejected"),
    "root?": type("string").describe("the offending root (not_a_root, duplicate_root, wrong_multiplicity) or a root missing from the claim (missing_root), checkable by evaluation"),
    "value?": type("string").describe("not_a_root: f at that element (nonzero)"),
    "multiplicity?": type("number.integer >= 0").describe("wrong_multiplicity: the true multiplicity of the root"),
  }),
);

const METHOD =
  "Each claimed root r is evaluated (Horner) and its multiplicity found by repeated exact division by (x − r); then q = f / Π (x − r)^m is computed and the list is complete iff q has no root, " +
  "i.e. gcd(q, x^q − x) = 1 for the field order q (one modular power, no factorization). A missing root is reported with a root of q found by the producer's algorithm and confirmed by evaluation.";

export default polyChecker<Req>({
  id: "polynomial.roots.verify",
  title: "Verify the claimed roots of a polynomial over a finite field",
  summary:
    "Checks a claim that a list gives every root of f over GF(p) with its multiplicity: every listed element is a root (evaluation), its multiplicity is exact (repeated division by x − r), " +
    "and no other root exists (the cofactor is coprime to x^q − x, q the field order). Rejections carry the offending or the missing root.",
  keywords: ["roots", "verify", "check", "zeros", "multiplicity", "polynomial", "finite field", "GF(p)", "complete list", "certificate"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "f has one variable and degree at most this" },
  ],
  cost_model: "units ≈ n per root and division, plus 2n^2·log2 p for x^p mod q (bounded by the factorization cost of deg f)",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => finiteFieldCost(req.polynomial),
  ports: { inputs: { claim: { field: "claim", description: "the claimed { roots }: the `roots` output of polynomial.roots.compute" } } },
  execute(req, ctx): CheckerFinding {
    const f = univariate(req.polynomial, "payload.polynomial");
    const F = finiteFieldPolys(f.ring, "payload.polynomial");
    const R = f.R;
    let q = f.coeffs.slice();
    while (q.length && R.isZero(q[q.length - 1])) q.pop();
    if (!q.length) throw domainError("every element is a root of the zero polynomial", "payload.polynomial", "give a nonzero polynomial");
    const reject = (failure: Failure, reason: string, extra: Record<string, unknown> = {}): CheckerFinding => ({ verdict: "rejected", bindings: { failure, ...extra } as never, reason });
    const seen = new Set<string>();
    const claim = req.claim as unknown as { roots: { root: Polynomial; multiplicity: number }[] };
    for (const [i, { root, multiplicity }] of claim.roots.entries()) {
      if (!sameRing(root.ring, f.ring)) return reject("ring_mismatch", `root ${i} is over another ring`);
      const r = constantValue(root, `payload.claim.roots[${i}].root`);
      const rs = R.format(r);
      if (seen.has(rs)) return reject("duplicate_root", `${rs} is listed twice`, { root: rs });
      seen.add(rs);
      const v = F.evaluate(f.coeffs, r);
      if (!R.isZero(v)) return reject("not_a_root", `f(${rs}) = ${R.format(v)}`, { root: rs, value: R.format(v) });
      let m = 0;
      const lin = [R.neg(r), R.one];
      for (;;) {
        const { quotient, remainder } = F.divrem(q, lin);
        if (remainder.length) break;
        q = quotient;
        m++;
        ctx.checkpoint();
      }
      if (m !== multiplicity) return reject("wrong_multiplicity", `${rs} has multiplicity ${m}`, { root: rs, multiplicity: m });
    }
    if (q.length > 1) {
      const split = F.splitPart(q, { checkpoint: () => ctx.checkpoint() });
      if (split.length > 1) {
        const r = F.roots(split, {})[0]!.root;
        if (!R.isZero(F.evaluate(f.coeffs, r))) throw new Error("internal: missing root is not a root");
        return reject("missing_root", `${R.format(r)} is a root of f missing from the claim`, { root: R.format(r) });
      }
    }
    return { verdict: "accepted", bindings: {} };
  },
  postcondition: () => null,
  examples: [
    {
      title: "the roots of x^3 − x over GF(7)",
      payload: {
        polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^3 - x" },
        claim: {
          roots: [
            { root: { ring: "GF(7)", variables: [], expression: "0" }, multiplicity: 1 },
            { root: { ring: "GF(7)", variables: [], expression: "1" }, multiplicity: 1 },
            { root: { ring: "GF(7)", variables: [], expression: "6" }, multiplicity: 1 },
          ],
        },
      },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "an incomplete list: 6 is missing",
      payload: {
        polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^3 - x" },
        claim: { roots: [{ root: { ring: "GF(7)", variables: [], expression: "0" }, multiplicity: 1 }, { root: { ring: "GF(7)", variables: [], expression: "1" }, multiplicity: 1 }] },
      },
      expected: { verdict: "rejected", bindings: { failure: "missing_root", root: "6" } },
    },
    {
      title: "3 is a double root of (x − 3)^2 (x + 1) over GF(11), not a simple one",
      payload: {
        polynomial: { ring: "GF(11)", variables: ["x"], expression: "(x - 3)^2*(x + 1)" },
        claim: { roots: [{ root: { ring: "GF(11)", variables: [], expression: "3" }, multiplicity: 1 }, { root: { ring: "GF(11)", variables: [], expression: "10" }, multiplicity: 1 }] },
      },
      expected: { verdict: "rejected", bindings: { failure: "wrong_multiplicity", root: "3", multiplicity: 2 } },
    },
  ],
});
