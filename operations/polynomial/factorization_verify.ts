import { type } from "arktype";
import { formatExpression } from "../../domain/math/poly/format.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { sameRing } from "../../domain/math/poly/rings.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import { constantValue, FACTORIZATION_KIND, factorizationShape, finiteFieldCost, finiteFieldPolys, fromDense, MAX_FACTOR_DEGREE, univariate } from "./factorization_support.js";
import { inputPolynomial, polyChecker, polynomialBounds } from "./support.js";

const Request = request({
  polynomial: inputPolynomial("the polynomial f that was factored (one variable, over GF(p) or GF(p^k))"),
  claim: object(factorizationShape(), FACTORIZATION_KIND, "the claim { unit, factors }: the value of polynomial.factorization.compute unchanged, or any factorization into monic irreducibles"),
});
type Req = typeof Request.infer;

type Failure = "ring_mismatch" | "variable_mismatch" | "constant_factor" | "not_monic" | "duplicate_factor" | "degree_mismatch" | "product_mismatch" | "reducible_factor";
const Bindings = strict(
  type({
    "failure?": type("'ring_mismatch' | 'variable_mismatch' | 'constant_factor' | 'not_monic' | 'duplicate_factor' | 'degree_mismatch' | 'product_mismatch' | 'reducible_factor'").describe("why the claim was rejected"),
    "factor_index?": type("number.integer >= 0").describe("the index in claim.factors of the offending factor"),
    "divisor?": type("string").describe("reducible_factor: a monic proper divisor of that factor (expression in f's variable), checkable by division"),
    "claimed_degree?": type("number.integer >= 0").describe("degree_mismatch: Σ multiplicity·degree of the claimed factors"),
    "factors_proven_irreducible?": type("number.integer >= 0").describe("accepted: the number of distinct factors proven irreducible by Rabin's test"),
  }),
);

const METHOD =
  "Every factor must be over f's ring and variable, nonconstant, monic and listed once; Σ multiplicity·degree must equal deg f; the product unit · Π factor^multiplicity is multiplied out " +
  "(schoolbook/Karatsuba products) and compared with f coefficient by coefficient; each factor is proven irreducible by Rabin's test (x^(p^d) ≡ x mod g and gcd(g, x^(p^(d/q)) − x) = 1 for each prime q | d), " +
  "which shares no step with the producer's distinct-degree / Cantor–Zassenhaus pipeline. A reducible factor is rejected with a proper divisor as counterexample.";

export default polyChecker<Req>({
  id: "polynomial.factorization.verify",
  title: "Verify a claimed factorization of a polynomial over a finite field",
  summary:
    "Checks a claim f = u · Π g_i^e_i over GF(p): the product is multiplied out and compared with f, the factors are monic, nonconstant and distinct, and each is proven irreducible by Rabin's test. " +
    "Rejections name the failed check (a reducible factor comes with a proper divisor). The claim is the value of polynomial.factorization.compute, bound through the `claim` port.",
  keywords: ["factorization", "factor", "verify", "check", "irreducible", "rabin", "irreducibility test", "polynomial", "finite field", "GF(p)", "certificate"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  evidence: false,
  bounds: [
    ...polynomialBounds("the polynomial and each claimed factor"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "f has one variable and degree at most this" },
  ],
  cost_model: "units ≈ the factorization cost of deg f (Rabin's test on factors of degrees d_i costs ~3·Σ d_i^3 ≤ 3n^3) + n^2 for the product",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => finiteFieldCost(req.polynomial),
  ports: { inputs: { claim: { field: "claim", description: "the claimed { unit, factors }: the `factorization` output of polynomial.factorization.compute" } } },
  execute(req, ctx): CheckerFinding {
    const f = univariate(req.polynomial, "payload.polynomial");
    const F = finiteFieldPolys(f.ring, "payload.polynomial");
    const R = f.R;
    const opts = { checkpoint: () => ctx.checkpoint() };
    const reject = (failure: Failure, reason: string, extra: Record<string, unknown> = {}): CheckerFinding => ({ verdict: "rejected", bindings: { failure, ...extra } as never, reason });
    const claim = req.claim as unknown as { unit: Polynomial; factors: { factor: Polynomial; multiplicity: number }[] };
    const fc = f.coeffs.slice();
    while (fc.length && R.isZero(fc[fc.length - 1])) fc.pop();
    if (!sameRing(claim.unit.ring, f.ring)) return reject("ring_mismatch", "the unit is over another ring");
    const unit = constantValue(claim.unit, "payload.claim.unit");
    const factors: unknown[][] = [];
    const seen = new Set<string>();
    let total = 0;
    for (const [i, { factor, multiplicity }] of claim.factors.entries()) {
      if (!sameRing(factor.ring, f.ring)) return reject("ring_mismatch", `factor ${i} is over another ring`, { factor_index: i });
      if (factor.variables.length !== 1 || factor.variables[0] !== f.variable) return reject("variable_mismatch", `factor ${i} is not a polynomial in ${f.variable}`, { factor_index: i });
      const dg = factor.terms.length ? factor.terms[0]!.exponents[0]! : -1;
      if (dg * multiplicity > fc.length - 1) return reject("degree_mismatch", `factor ${i} alone exceeds deg f`, { factor_index: i, claimed_degree: dg * multiplicity });
      const g = univariate(factor, `payload.claim.factors[${i}].factor`, dg).coeffs;
      if (g.length < 2) return reject("constant_factor", `factor ${i} is constant`, { factor_index: i });
      if (!R.eq(g[g.length - 1], R.one)) return reject("not_monic", `factor ${i} is not monic`, { factor_index: i });
      const key = g.map((c) => R.format(c)).join(",");
      if (seen.has(key)) return reject("duplicate_factor", `factor ${i} is listed twice`, { factor_index: i });
      seen.add(key);
      total += (g.length - 1) * multiplicity;
      factors.push(g);
    }
    if (total !== fc.length - 1) return reject("degree_mismatch", `Σ multiplicity·degree = ${total} ≠ deg f = ${fc.length - 1}`, { claimed_degree: total });
    let prod: unknown[] = R.isZero(unit) ? [] : [unit];
    claim.factors.forEach(({ multiplicity }, i) => {
      for (let k = 0; k < multiplicity; k++) prod = F.mul(prod, factors[i]!);
      ctx.checkpoint();
    });
    if (prod.length !== fc.length || prod.some((c, i) => !R.eq(c, fc[i]))) return reject("product_mismatch", "unit · Π factor^multiplicity ≠ f");
    for (const [i, g] of factors.entries()) {
      if (!F.isIrreducible(g, opts)) {
        const d = F.factor(g, opts).factors[0]!.factor;
        if (F.divrem(g, d).remainder.length !== 0 || d.length >= g.length) throw new Error("internal: divisor of a reducible factor");
        return reject("reducible_factor", `factor ${i} is reducible`, { factor_index: i, divisor: formatExpression(R, [f.variable], fromDense(R, f.ring, f.variable, d).terms) });
      }
    }
    return { verdict: "accepted", bindings: { factors_proven_irreducible: factors.length } };
  },
  postcondition: () => null,
  examples: [
    {
      title: "x^4 − 1 = (x + 1)(x + 6)(x^2 + 1) over GF(7)",
      payload: {
        polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^4 - 1" },
        claim: {
          unit: { ring: "GF(7)", variables: [], expression: "1" },
          factors: [
            { factor: { ring: "GF(7)", variables: ["x"], expression: "x + 1" }, multiplicity: 1 },
            { factor: { ring: "GF(7)", variables: ["x"], expression: "x + 6" }, multiplicity: 1 },
            { factor: { ring: "GF(7)", variables: ["x"], expression: "x^2 + 1" }, multiplicity: 1 },
          ],
        },
      },
      expected: { verdict: "accepted", bindings: { factors_proven_irreducible: 3 } },
    },
    {
      title: "x^2 + 1 is not irreducible over GF(5): the divisor x + 2 refutes the claim",
      payload: {
        polynomial: { ring: "GF(5)", variables: ["x"], expression: "x^2 + 1" },
        claim: { unit: { ring: "GF(5)", variables: [], expression: "1" }, factors: [{ factor: { ring: "GF(5)", variables: ["x"], expression: "x^2 + 1" }, multiplicity: 1 }] },
      },
      expected: { verdict: "rejected", bindings: { failure: "reducible_factor", factor_index: 0, divisor: "x + 2" } },
    },
    {
      title: "a wrong multiplicity: (x + 1)^2 ≠ x^2 + 1 over GF(3)",
      payload: {
        polynomial: { ring: "GF(3)", variables: ["x"], expression: "x^2 + 1" },
        claim: { unit: { ring: "GF(3)", variables: [], expression: "1" }, factors: [{ factor: { ring: "GF(3)", variables: ["x"], expression: "x + 1" }, multiplicity: 2 }] },
      },
      expected: { verdict: "rejected", bindings: { failure: "product_mismatch" } },
    },
  ],
});
