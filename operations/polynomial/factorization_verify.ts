import { type } from "arktype";
import { formatExpression } from "../../domain/math/poly/format.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { sameRing } from "../../domain/math/poly/rings.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import {
  constantValue, FACTORIZATION_KIND, factorizationShape, finiteFieldPolys, fromDense, isMultivariate, MAX_FACTOR_DEGREE, MAX_MULTIVARIATE_DEGREE, MAX_MULTIVARIATE_DENSE,
  LINE_ATTEMPTS_MODP, proveIrreducibleMultivariate, requireMultivariateInput, univariate,
  factorizationCost,
} from "./factorization_support.js";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { degreeIn, spConstant, spDivExact, spEq, spMulAuto } from "../../domain/math/poly/sparse.js";
import { integerContentOf } from "../../domain/math/poly/mpoly.js";
import { ONE, ratEq, type Rational } from "../../domain/math/rational.js";
import type { CoeffRing, Term } from "../../domain/math/poly/types.js";
import { inputPolynomial, polyChecker, polynomialBounds } from "./support.js";

const Request = request({
  polynomial: inputPolynomial("the polynomial f that was factored (one variable; several over ZZ, QQ, GF(p) or GF(p^k))"),
  claim: object(factorizationShape(), FACTORIZATION_KIND, "the claim { unit, factors }: the value of polynomial.factorization.compute unchanged, or any factorization into monic irreducibles"),
});
type Req = typeof Request.infer;

type Failure = "ring_mismatch" | "variable_mismatch" | "constant_factor" | "not_normalized" | "duplicate_factor" | "degree_mismatch" | "product_mismatch" | "reducible_factor";
const Bindings = strict(
  type({
    "failure?": type("'ring_mismatch' | 'variable_mismatch' | 'constant_factor' | 'not_normalized' | 'duplicate_factor' | 'degree_mismatch' | 'product_mismatch' | 'reducible_factor'").describe("why the claim was rejected"),
    "factor_index?": type("number.integer >= 0").describe("the index in claim.factors of the offending factor (non_conclusion: of the first factor whose irreducibility was not proven)"),
    "divisor?": type("string").describe("reducible_factor: a monic proper divisor of that factor (expression in f's variable), checkable by division"),
    "claimed_degree?": type("number.integer >= 0").describe("degree_mismatch: Σ multiplicity·degree of the claimed factors"),
    "factors_proven_irreducible?": type("number.integer >= 0").describe("the number of distinct factors proven irreducible"),
  }),
);

const METHOD =
  "Every factor must be over f's ring and variable, nonconstant, in normal form (monic over a field; primitive with a positive leading coefficient over ZZ) and listed once; " +
  "Σ multiplicity·degree must equal deg f; the product unit · Π factor^multiplicity is multiplied out and compared with f coefficient by coefficient. " +
  "Irreducibility: over GF(p) and GF(p^k) each factor is proven irreducible by Rabin's test (x^(q^d) ≡ x mod g and gcd(g, x^(q^(d/r)) − x) = 1 for each prime r | d), which shares no step " +
  "with the producer's distinct-degree / Cantor–Zassenhaus pipeline; over ZZ and QQ by factor-degree patterns: for up to 24 primes p ∤ lc(g) with g mod p square-free, the subset sums of the degrees of the " +
  "factors of g mod p are intersected, and an empty intersection on [1, deg g − 1] proves g irreducible; polynomials that split modulo every prime (x^4 + 1, Swinnerton-Dyer) are proven by exhaustive recombination: " +
  "g ≡ ℓ·Π f_i modulo the prime with fewest factors (each proven irreducible by Rabin's test), lifted to p^a > 2·|ℓ|·2^n·‖g‖₂ (the lift checked by its product), and no product of at most r/2 lifted factors " +
  "giving a divisor of g proves it irreducible (more than 65,536 subsets: non_conclusion). " +
  "Several variables (ZZ, QQ, GF(p), GF(p^k)): the factors must have f's variable list, Σ multiplicity·deg_v(factor) must equal deg_v f for every variable v, the product is expanded and compared term by term; " +
  "each factor g is proven irreducible by a line: for x = a + b·t with deg_t g(a + b t) = tdeg g, a factorization of g would restrict to one of the same degrees, so an image proven irreducible (by the factor-degree patterns above) proves g irreducible; " +
  "up to 6 lines are tried; over GF(p) up to 16 lines over GF(p) (random residues a, b), the image proven irreducible by Rabin's test; small fields may have no such line, and then the factor's Kronecker image " +
  "(x_i ↦ t^(w_i), injective on its divisors) is factored over GF(p) and every sub-multiset of at most half of its factors is read back and tried by exact division: none dividing proves the factor irreducible " +
  "(beyond the limits of that search — an image estimated above 5·10^8 cost units to factor, candidates above 4·10^6 term operations — non_conclusion). " +
  "Over GF(p^k) lines over GF(p^k) (random elements) with Rabin's test on the image, then the same Kronecker substitution search. " +
  "A reducible factor is rejected with a proper divisor as counterexample, checked by exact division.";

export default polyChecker<Req>({
  id: "polynomial.factorization.verify",
  title: "Verify a claimed factorization of a polynomial (one variable, or several over ZZ, QQ, GF(p) and GF(p^k))",
  summary:
    "Checks a claim f = u · Π g_i^e_i over GF(p), GF(p^k), ZZ or QQ (several variables over ZZ, QQ, GF(p) and GF(p^k)): the product is multiplied out and compared with f, the factors are in normal form and distinct, and each is proven irreducible " +
    "(Rabin's test over finite fields; factor-degree patterns modulo primes over ZZ and QQ; with several variables on a degree-preserving line x = a + b·t; non_conclusion when they do not suffice). Rejections name the failed check (a reducible factor comes with a proper divisor). " +
    "The claim is the value of polynomial.factorization.compute, bound through the `claim` port.",
  keywords: ["factorization", "factor", "verify", "check", "irreducible", "rabin", "irreducibility test", "degree pattern", "polynomial", "finite field", "GF(p)", "integer", "rational", "certificate"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  evidence: false,
  bounds: [
    ...polynomialBounds("the polynomial and each claimed factor"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "one variable: f has degree at most this" },
    { name: "multivariate_degree", limit: MAX_MULTIVARIATE_DEGREE, unit: "degree", description: "several variables: the degree in each variable is at most this" },
    { name: "multivariate_dense_size", limit: MAX_MULTIVARIATE_DENSE, unit: "coefficients", description: "several variables: Π (deg_i + 1) over the variables is at most this" },
  ],
  cost_model: "units ≈ the factorization cost of deg f (finite fields: Rabin's test on factors of degrees d_i costs ~3·Σ d_i^3 ≤ 3n^3, over GF(2) ≤ 8n^2·(⌈n/32⌉ + 1) bit-packed word operations; ZZ/QQ: distinct-degree factorizations modulo up to 24 primes, and zz's factorization of an undecided factor) + n^2 for the product",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => factorizationCost(req.polynomial, true),
  ports: { inputs: { claim: { field: "claim", description: "the claimed { unit, factors }: the `factorization` output of polynomial.factorization.compute" } } },
  execute(req, ctx): CheckerFinding {
    if (isMultivariate(req.polynomial)) return verifyMultivariate(req, () => ctx.checkpoint());
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
      if (!F.isNormalFactor(g)) return reject("not_normalized", `factor ${i} is not in normal form (monic over a field; primitive with a positive leading coefficient over ZZ)`, { factor_index: i });
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
    let undecided: number | undefined;
    let proven = 0;
    for (const [i, g] of factors.entries()) {
      const d = F.proveIrreducible(g, opts);
      if (d.status === "reducible") {
        if (F.divrem(g, d.divisor).remainder.length !== 0 || d.divisor.length >= g.length || d.divisor.length < 2) throw new Error("internal: divisor of a reducible factor");
        return reject("reducible_factor", `factor ${i} is reducible`, { factor_index: i, divisor: formatExpression(R, [f.variable], fromDense(R, f.ring, f.variable, d.divisor).terms) });
      }
      if (d.status === "unknown") undecided ??= i;
      else proven++;
    }
    if (undecided !== undefined) {
      return {
        verdict: "non_conclusion",
        bindings: { factor_index: undecided, factors_proven_irreducible: proven },
        reason: `the product is right, but the irreducibility of factor ${undecided} over QQ was not proven by factor-degree patterns modulo 24 primes nor by exhaustive recombination within 65,536 subsets (and zz's factorization finds no proper divisor)`,
      };
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
    {
      title: "over ZZ: 6x^2 − 6 = 6·(x − 1)(x + 1), each factor primitive and irreducible",
      payload: {
        polynomial: { ring: "ZZ", variables: ["x"], expression: "6*x^2 - 6" },
        claim: {
          unit: { ring: "ZZ", variables: [], expression: "6" },
          factors: [
            { factor: { ring: "ZZ", variables: ["x"], expression: "x - 1" }, multiplicity: 1 },
            { factor: { ring: "ZZ", variables: ["x"], expression: "x + 1" }, multiplicity: 1 },
          ],
        },
      },
      expected: { verdict: "accepted", bindings: { factors_proven_irreducible: 2 } },
    },
    {
      title: "several variables over ZZ: x^2·y − y^3 = y·(x − y)(x + y), each factor proven irreducible on a line",
      payload: {
        polynomial: { ring: "ZZ", variables: ["x", "y"], expression: "x^2*y - y^3" },
        claim: {
          unit: { ring: "ZZ", variables: [], expression: "1" },
          factors: [
            { factor: { ring: "ZZ", variables: ["x", "y"], expression: "y" }, multiplicity: 1 },
            { factor: { ring: "ZZ", variables: ["x", "y"], expression: "x - y" }, multiplicity: 1 },
            { factor: { ring: "ZZ", variables: ["x", "y"], expression: "x + y" }, multiplicity: 1 },
          ],
        },
      },
      expected: { verdict: "accepted", bindings: { factors_proven_irreducible: 3 } },
    },
    {
      title: "x^2 − y^2 claimed irreducible over QQ: the divisor x − y refutes it",
      payload: {
        polynomial: { ring: "QQ", variables: ["x", "y"], expression: "x^2 - y^2" },
        claim: { unit: { ring: "QQ", variables: [], expression: "1" }, factors: [{ factor: { ring: "QQ", variables: ["x", "y"], expression: "x^2 - y^2" }, multiplicity: 1 }] },
      },
      expected: { verdict: "rejected", bindings: { failure: "reducible_factor", factor_index: 0, divisor: "x - y" } },
    },
    {
      title: "several variables over GF(3): each factor proven irreducible on a line over GF(3)",
      payload: {"polynomial": {"ring": "GF(3)", "variables": ["x", "y"], "expression": "(x^3 + y)*(x + y)^2*(x*y + 2)"}, "claim": {"unit": {"ring": "GF(3)", "variables": [], "expression": "1"}, "factors": [{"factor": {"ring": "GF(3)", "variables": ["x", "y"], "expression": "x + y"}, "multiplicity": 2}, {"factor": {"ring": "GF(3)", "variables": ["x", "y"], "expression": "x*y + 2"}, "multiplicity": 1}, {"factor": {"ring": "GF(3)", "variables": ["x", "y"], "expression": "x^3 + y"}, "multiplicity": 1}]}},
      expected: {"verdict":"accepted","bindings":{"factors_proven_irreducible":3}},
    },
  ],
});

/** The claim check with several variables over ZZ, QQ, GF(p) or GF(p^k). */
function verifyMultivariate(req: Req, checkpoint: () => void): CheckerFinding {
  const f = req.polynomial;
  requireMultivariateInput(f, "payload.polynomial");
  const R = coeffRing(f.ring) as CoeffRing<unknown>;
  const reject = (failure: Failure, reason: string, extra: Record<string, unknown> = {}): CheckerFinding => ({ verdict: "rejected", bindings: { failure, ...extra } as never, reason });
  const claim = req.claim as unknown as { unit: Polynomial; factors: { factor: Polynomial; multiplicity: number }[] };
  const n = f.variables.length;
  if (!sameRing(claim.unit.ring, f.ring)) return reject("ring_mismatch", "the unit is over another ring");
  const unit = constantValue(claim.unit, "payload.claim.unit");
  const degs = f.variables.map((_, i) => degreeIn(f.terms, i));
  const claimed = f.variables.map(() => 0);
  const seen = new Set<string>();
  for (const [i, { factor, multiplicity }] of claim.factors.entries()) {
    if (!sameRing(factor.ring, f.ring)) return reject("ring_mismatch", `factor ${i} is over another ring`, { factor_index: i });
    if (factor.variables.length !== n || factor.variables.some((v, k) => v !== f.variables[k])) return reject("variable_mismatch", `factor ${i} is not written in f's variables (${f.variables.join(", ")})`, { factor_index: i });
    const t = factor.terms as readonly Term<unknown>[];
    if (!t.length || (t.length === 1 && t[0]!.exponents.every((e) => e === 0))) return reject("constant_factor", `factor ${i} is constant`, { factor_index: i });
    const lead = t[0]!.coeff;
    const normal = f.ring.kind === "ZZ" ? (lead as bigint) > 0n && integerContentOf(t as Term<bigint>[]) === 1n : f.ring.kind === "QQ" ? ratEq(lead as Rational, ONE) : R.eq(lead, R.one);
    if (!normal) return reject("not_normalized", `factor ${i} is not in normal form (leading coefficient 1 over a field; primitive with a positive leading coefficient over ZZ, leading in the descending lexicographic order)`, { factor_index: i });
    const key = t.map((x) => x.exponents.join(",") + ":" + R.format(x.coeff)).join(";");
    if (seen.has(key)) return reject("duplicate_factor", `factor ${i} is listed twice`, { factor_index: i });
    seen.add(key);
    for (let v = 0; v < n; v++) {
      claimed[v]! += degreeIn(t, v) * multiplicity;
      if (claimed[v]! > degs[v]!) return reject("degree_mismatch", `the factors up to ${i} exceed the degree ${degs[v]} of f in ${f.variables[v]}`, { factor_index: i, claimed_degree: claimed[v]! });
    }
  }
  for (let v = 0; v < n; v++) if (claimed[v] !== degs[v]) return reject("degree_mismatch", `Σ multiplicity·degree in ${f.variables[v]} is ${claimed[v]} ≠ ${degs[v]}`, { claimed_degree: claimed[v]! });
  let prod = spConstant(R, n, unit);
  for (const { factor, multiplicity } of claim.factors) {
    for (let k = 0; k < multiplicity; k++) prod = spMulAuto(R, prod, factor.terms as Term<unknown>[], checkpoint);
    checkpoint();
  }
  if (!spEq(R, prod, f.terms as Term<unknown>[])) return reject("product_mismatch", "unit · Π factor^multiplicity ≠ f");
  let undecided: number | undefined;
  let proven = 0;
  for (const [i, { factor }] of claim.factors.entries()) {
    const d = proveIrreducibleMultivariate(factor, { checkpoint });
    if (d.status === "reducible") {
      const q = exactQuotient(R, factor.terms as Term<unknown>[], d.divisor.terms as Term<unknown>[]);
      if (!q) throw new Error("internal: divisor of a reducible factor");
      return reject("reducible_factor", `factor ${i} is reducible`, { factor_index: i, divisor: formatExpression(R, f.variables, d.divisor.terms as Term<unknown>[]) });
    }
    if (d.status === "unknown") undecided ??= i;
    else proven++;
  }
  if (undecided !== undefined) {
    return {
      verdict: "non_conclusion",
      bindings: { factor_index: undecided, factors_proven_irreducible: proven },
      reason: f.ring.kind === "GF"
        ? `the product is right, but the irreducibility of factor ${undecided} was not proven on ${LINE_ATTEMPTS_MODP} lines over GF(${f.ring.p}) by Rabin's test, nor by Kronecker substitution within its limits (and the factorization finds no proper divisor)`
        : `the product is right, but the irreducibility of factor ${undecided} was not proven on 6 lines by factor-degree patterns (and the factorization finds no proper divisor)`,
    };
  }
  return { verdict: "accepted", bindings: { factors_proven_irreducible: claim.factors.length } };
}

/** g / d when d is a proper nonconstant divisor of g (exact division), else undefined. */
function exactQuotient(R: CoeffRing<unknown>, g: readonly Term<unknown>[], d: readonly Term<unknown>[]): readonly Term<unknown>[] | undefined {
  const q = spDivExact(R, g, d);
  if (!q || !q.length || (q.length === 1 && q[0]!.exponents.every((e) => e === 0))) return undefined;
  if (d.length === 1 && d[0]!.exponents.every((e) => e === 0)) return undefined;
  return q;
}
