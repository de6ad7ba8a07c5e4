import { domainError } from "../../domain/errors.js";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { spConstant, spEq, spMulAuto } from "../../domain/math/poly/sparse.js";
import type { CoeffRing, Polynomial } from "../../domain/math/poly/types.js";
import { request, result } from "../_support/kinds.js";
import {
  constant, FACTORIZATION_KIND, factorizationAttempt, factorizationAttemptCost, factorizationCost, factorizationShape, finiteFieldPolys, fromDense, isMultivariate, MAX_FACTOR_DEGREE, MAX_MULTIVARIATE_DEGREE, MAX_MULTIVARIATE_DENSE,
  multivariateFactorization, requireMultivariateInput, univariate,
} from "./factorization_support.js";
import { inputPolynomial, polyCompute, polynomialBounds } from "./support.js";

const Request = request({ polynomial: inputPolynomial("the polynomial f to factor, nonzero: in one variable over GF(p), GF(p^k), ZZ or QQ; in several variables over ZZ, QQ, GF(p) or GF(p^k)") });
const Result = result(factorizationShape(), FACTORIZATION_KIND);

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.factorization.compute",
  title: "Factor a polynomial over a finite field, ZZ or QQ (several variables over ZZ, QQ, GF(p) and GF(p^k))",
  summary:
    "The complete factorization f = u · Π g_i^e_i of a nonzero polynomial into distinct irreducible factors g_i with multiplicities: in one variable over GF(p), GF(p^k), ZZ or QQ, in several variables over ZZ, QQ, GF(p) or GF(p^k). " +
    "Over GF(p) and GF(p^k): g_i monic, u the leading coefficient; square-free decomposition (p-th roots in characteristic p), distinct-degree factorization with the Frobenius (Berlekamp Q) matrix (over GF(2) Berlekamp's kernel instead, split by gcds with random kernel elements), " +
    "stopped early by Berlekamp's count of the factors, and Cantor–Zassenhaus splitting (trace map in characteristic 2), seeded so the output is reproducible. " +
    "Over ZZ: g_i primitive with positive leading coefficient, u = ±content; over QQ: g_i monic, u the leading coefficient; one variable by Zassenhaus with Hensel lifting and van Hoeij lattice recombination. " +
    "Several variables (leading terms in the descending lexicographic order of the declared variables): Wang's EEZ method — the content in a main variable (multivariate modular gcd) and Yun's square-free decomposition, " +
    "evaluation at integer points, univariate factorization, Wang's distribution of the factored leading coefficient, multivariate Hensel lifting modulo a prime power above the factor coefficient bound, " +
    "and a subset recombination when the specialization has extraneous factors; every lifted factor is checked by exact division. " +
    "Several variables over GF(p): the square-free decomposition by gcds with all partial derivatives and p-th roots, a main variable with nonzero derivative (content and the part it cannot separate factored recursively), " +
    "evaluation at points of GF(p) (every point when GF(p)^k is small), univariate factorization over GF(p), Hensel lifting over GF(p) with the leading coefficient imposed on every factor, and the same subset recombination; " +
    "when no point of GF(p)^k keeps the specialization square-free of full degree (p too small for the polynomial, e.g. (x*y + 1)*((y + 1)*x + y) over GF(2)), Kronecker substitution x_i ↦ t^(w_i) instead: the univariate image factored over GF(p) and sub-multisets of its factors read back and tried by exact division, smallest first (at most half of them: then the rest is irreducible); " +
    "past its limits (an image whose factorization is estimated above 5·10^8 cost units, or candidate divisors costing above 4·10^6 term operations) the outcome is non_conclusion (PROVIDER_FAILURE). Several variables over GF(p^k): the square-free decomposition (as over GF(p)) and each part by the same Kronecker substitution search (the univariate images factored over GF(p^k))." +
    "Factors are listed by ascending (total) degree, then by coefficients from the top. The whole answer is published on the `factorization` port; polynomial.factorization.verify takes it as its claim.",
  keywords: ["factor", "factorization", "factorisation", "factormod", "irreducible factors", "polynomial", "finite field", "GF(p)", "modular", "berlekamp", "cantor-zassenhaus", "distinct degree", "square-free", "univariate", "zassenhaus", "van hoeij", "integer", "rational", "factorff", "multivariate", "several variables", "wang", "eez", "hensel lifting"],
  request: Request,
  result: Result,
  purpose: "exact arithmetic in GF(p) on doubles (p < 2^26) or bigints; zz's Zassenhaus / van Hoeij over ZZ and QQ; Wang's EEZ with Hensel lifting in several variables",
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "one variable: the degree is at most this" },
    { name: "multivariate_degree", limit: MAX_MULTIVARIATE_DEGREE, unit: "degree", description: "several variables: the degree in each variable is at most this" },
    { name: "multivariate_dense_size", limit: MAX_MULTIVARIATE_DENSE, unit: "coefficients", description: "several variables: Π (deg_i + 1) over the variables is at most this" },
  ],
  cost_model:
    "GF(p): units ≈ 3n^3 + 2n^2·log2 p modular multiply-adds for degree n (the Frobenius matrix: n products modulo f; up to n/2 distinct-degree steps of n^2 each; Berlekamp's count n^3/3), × 4·limbs² for p ≥ 2^26; GF(2): bit-packed word operations — the Frobenius rows and square-free decomposition 24n·W (W = ⌈n/32⌉ + 1), Berlekamp's half-size system (m = ⌈n/2⌉, V = ⌈m/32⌉ + 1) in reduced echelon form 8 columns a pass (m/8 + 1)·(m + 257)·V, and up to 2·log2 n + 8 splitting rounds of n·V + 4n·W; " +
    "GF(p^k): the same count of field operations × (4k²·limbs² + 20); GF(p^k) of order ≤ 2^16 (Zech-log tables): 2·(8n^3 + 2n^2·log2 q) table operations (+ e·n^3 in GF(2^e), the trace squarings); ZZ/QQ: 50·n^3·(limbs of the largest coefficient)² (the modular factorization and lifting; recombination is usually far below this), with a first attempt in one variable bounded and placed on its own — subset search over ≤ 10 modular factors, lifted to ≤ B = n/2 + 2c + log2(n+1)/2 + 6 bits (c the coefficient bits), ≤ 24 candidate divisors: 4·(the GF(p) cost at p = 211) + 300·n^2·(8 + ⌈B/64⌉^2) + 51,200; it declines past any limit (van Hoeij's lattice is then the rest); " +
    "several variables: 40·D^1.5·(variables − 1)·limbs² with D = Π (deg_i + 1) and limbs of the lifting precision (Σ deg_i + coefficient bits over ZZ/QQ; the bits of p over GF(p))",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => factorizationCost(req.polynomial),
  // Over ZZ and QQ in one variable, subset search over few modular factors settles the common case
  // at a cost far below the whole estimate (which covers van Hoeij's lattice), bounded and placed on its own.
  attempt: {
    preflight: (req) => factorizationAttemptCost(req.polynomial),
    execute(req, ctx) {
      const u = univariate(req.polynomial, "payload.polynomial");
      if (!u.coeffs.length) return undefined;
      const r = factorizationAttempt(req.polynomial, u, () => ctx.checkpoint());
      return r ? (factorizationResult(u, r) as never) : undefined;
    },
  },
  ports: { outputs: { factorization: { field: ".", description: "the whole factorization { unit, factors }: the claim of polynomial.factorization.verify" } } },
  execute(req, ctx) {
    if (isMultivariate(req.polynomial)) {
      requireMultivariateInput(req.polynomial, "payload.polynomial");
      if (!req.polynomial.terms.length) throw domainError("the zero polynomial has no factorization", "payload.polynomial", "give a nonzero polynomial");
      return multivariateFactorization(req.polynomial, () => ctx.checkpoint()) as never;
    }
    const u = univariate(req.polynomial, "payload.polynomial");
    const F = finiteFieldPolys(u.ring, "payload.polynomial");
    if (!u.coeffs.length) throw domainError("the zero polynomial has no factorization", "payload.polynomial", "give a nonzero polynomial");
    return factorizationResult(u, F.factor(u.coeffs, { checkpoint: () => ctx.checkpoint() }));
  },
  postcondition(req, res) {
    if (!isMultivariate(req.polynomial)) return null;
    // several variables: the product is multiplied out again (the lifted factors were checked by division)
    const p = req.polynomial;
    const R = coeffRing(p.ring) as CoeffRing<unknown>;
    const v = res as unknown as { unit: Polynomial; factors: { factor: Polynomial; multiplicity: number }[] };
    let prod = spConstant(R, p.variables.length, v.unit.terms.length ? v.unit.terms[0]!.coeff : R.zero);
    for (const { factor, multiplicity } of v.factors) for (let k = 0; k < multiplicity; k++) prod = spMulAuto(R, prod, factor.terms);
    return spEq(R, prod, p.terms) ? null : "unit · Π factor^multiplicity ≠ f";
  },
  examples: [
    {
      title: "x^4 − 1 over GF(7): two roots and an irreducible quadratic",
      payload: { polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^4 - 1" } },
      expected: {
        unit: { ring: "GF(7)", variables: [], expression: "1", terms: [{ coefficient: "1", exponents: [] }] },
        factors: [
          { factor: { ring: "GF(7)", variables: ["x"], expression: "x + 1", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "1", exponents: [0] }] }, multiplicity: 1 },
          { factor: { ring: "GF(7)", variables: ["x"], expression: "x + 6", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "6", exponents: [0] }] }, multiplicity: 1 },
          { factor: { ring: "GF(7)", variables: ["x"], expression: "x^2 + 1", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "1", exponents: [0] }] }, multiplicity: 1 },
        ],
      },
    },
    {
      title: "a p-th power in characteristic 3: 2·(x^3 + 2)^2 = 2·(x + 2)^6",
      payload: { polynomial: { ring: "GF(3)", variables: ["t"], expression: "2*(t^3 + 2)^2" } },
      expected: {
        unit: { ring: "GF(3)", variables: [], expression: "2", terms: [{ coefficient: "2", exponents: [] }] },
        factors: [{ factor: { ring: "GF(3)", variables: ["t"], expression: "t + 2", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "2", exponents: [0] }] }, multiplicity: 6 }],
      },
    },
    {
      title: "x^4 + x + 1 is irreducible over GF(2)",
      payload: { polynomial: { ring: "GF(2)", variables: ["x"], expression: "x^4 + x + 1" } },
      expected: {
        unit: { ring: "GF(2)", variables: [], expression: "1", terms: [{ coefficient: "1", exponents: [] }] },
        factors: [{ factor: { ring: "GF(2)", variables: ["x"], expression: "x^4 + x + 1", terms: [{ coefficient: "1", exponents: [4] }, { coefficient: "1", exponents: [1] }, { coefficient: "1", exponents: [0] }] }, multiplicity: 1 }],
      },
    },
    {
      title: "over ZZ the content goes to the unit: −2x^3 + 2x = −2·(x − 1)·x·(x + 1)",
      payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "-2*x^3 + 2*x" } },
      expected: {
        unit: { ring: "ZZ", variables: [], expression: "-2", terms: [{ coefficient: "-2", exponents: [] }] },
        factors: [
          { factor: { ring: "ZZ", variables: ["x"], expression: "x - 1", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "-1", exponents: [0] }] }, multiplicity: 1 },
          { factor: { ring: "ZZ", variables: ["x"], expression: "x", terms: [{ coefficient: "1", exponents: [1] }] }, multiplicity: 1 },
          { factor: { ring: "ZZ", variables: ["x"], expression: "x + 1", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "1", exponents: [0] }] }, multiplicity: 1 },
        ],
      },
    },
    {
      title: "over QQ the factors are monic: x^2/2 − 2 = (1/2)·(x − 2)·(x + 2)",
      payload: { polynomial: { ring: "QQ", variables: ["x"], expression: "1/2*x^2 - 2" } },
      expected: {
        unit: { ring: "QQ", variables: [], expression: "1/2", terms: [{ coefficient: "1/2", exponents: [] }] },
        factors: [
          { factor: { ring: "QQ", variables: ["x"], expression: "x - 2", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "-2", exponents: [0] }] }, multiplicity: 1 },
          { factor: { ring: "QQ", variables: ["x"], expression: "x + 2", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "2", exponents: [0] }] }, multiplicity: 1 },
        ],
      },
    },
    {
      title: "two variables over ZZ: 2x^4 − 2y^4 = 2·(x − y)(x + y)(x^2 + y^2)",
      payload: { polynomial: { ring: "ZZ", variables: ["x", "y"], expression: "2*x^4 - 2*y^4" } },
      expected: {"unit":{"ring":"ZZ","variables":[],"expression":"2","terms":[{"coefficient":"2","exponents":[]}]},"factors":[{"factor":{"ring":"ZZ","variables":["x","y"],"expression":"x - y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"-1","exponents":[0,1]}]},"multiplicity":1},{"factor":{"ring":"ZZ","variables":["x","y"],"expression":"x + y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"1","exponents":[0,1]}]},"multiplicity":1},{"factor":{"ring":"ZZ","variables":["x","y"],"expression":"x^2 + y^2","terms":[{"coefficient":"1","exponents":[2,0]},{"coefficient":"1","exponents":[0,2]}]},"multiplicity":1}]},
    },
    {
      title: "three variables over QQ: factors monic in the lexicographic order",
      payload: { polynomial: { ring: "QQ", variables: ["x", "y", "z"], expression: "x^2*y - 1/4*y + x*z^3 - 1/2*z^3" } },
      expected: {"unit":{"ring":"QQ","variables":[],"expression":"1","terms":[{"coefficient":"1","exponents":[]}]},"factors":[{"factor":{"ring":"QQ","variables":["x","y","z"],"expression":"x - 1/2","terms":[{"coefficient":"1","exponents":[1,0,0]},{"coefficient":"-1/2","exponents":[0,0,0]}]},"multiplicity":1},{"factor":{"ring":"QQ","variables":["x","y","z"],"expression":"x*y + 1/2*y + z^3","terms":[{"coefficient":"1","exponents":[1,1,0]},{"coefficient":"1/2","exponents":[0,1,0]},{"coefficient":"1","exponents":[0,0,3]}]},"multiplicity":1}]},
    },
    {
      title: "GF(2) is too small to evaluate (x·y + 1)·((y + 1)·x + y) in (the leading coefficient y² + y vanishes on all of GF(2)): Kronecker substitution factors it",
      payload: { polynomial: { ring: "GF(2)", variables: ["x", "y"], expression: "(x*y + 1)*((y + 1)*x + y)" } },
      expected: {"unit":{"ring":"GF(2)","variables":[],"expression":"1","terms":[{"coefficient":"1","exponents":[]}]},"factors":[{"factor":{"ring":"GF(2)","variables":["x","y"],"expression":"x*y + x + y","terms":[{"coefficient":"1","exponents":[1,1]},{"coefficient":"1","exponents":[1,0]},{"coefficient":"1","exponents":[0,1]}]},"multiplicity":1},{"factor":{"ring":"GF(2)","variables":["x","y"],"expression":"x*y + 1","terms":[{"coefficient":"1","exponents":[1,1]},{"coefficient":"1","exponents":[0,0]}]},"multiplicity":1}]},
    },
    {
      title: "two variables over GF(3): a factor x^3 + y whose x-derivative vanishes, and a square",
      payload: {"polynomial": {"ring": "GF(3)", "variables": ["x", "y"], "expression": "(x^3 + y)*(x + y)^2*(x*y + 2)"}},
      expected: {"unit":{"ring":"GF(3)","variables":[],"expression":"1","terms":[{"coefficient":"1","exponents":[]}]},"factors":[{"factor":{"ring":"GF(3)","variables":["x","y"],"expression":"x + y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"1","exponents":[0,1]}]},"multiplicity":2},{"factor":{"ring":"GF(3)","variables":["x","y"],"expression":"x*y + 2","terms":[{"coefficient":"1","exponents":[1,1]},{"coefficient":"2","exponents":[0,0]}]},"multiplicity":1},{"factor":{"ring":"GF(3)","variables":["x","y"],"expression":"x^3 + y","terms":[{"coefficient":"1","exponents":[3,0]},{"coefficient":"1","exponents":[0,1]}]},"multiplicity":1}]},
    },
    {
      title: "three variables over GF(32003): evaluation, univariate factors, Hensel lifting",
      payload: {"polynomial": {"ring": "GF(32003)", "variables": ["x", "y", "z"], "expression": "(x^2*y + z^3 + 5)*(x*z + y^2 - 1)"}},
      expected: {"unit":{"ring":"GF(32003)","variables":[],"expression":"1","terms":[{"coefficient":"1","exponents":[]}]},"factors":[{"factor":{"ring":"GF(32003)","variables":["x","y","z"],"expression":"x*z + y^2 + 32002","terms":[{"coefficient":"1","exponents":[1,0,1]},{"coefficient":"1","exponents":[0,2,0]},{"coefficient":"32002","exponents":[0,0,0]}]},"multiplicity":1},{"factor":{"ring":"GF(32003)","variables":["x","y","z"],"expression":"x^2*y + z^3 + 5","terms":[{"coefficient":"1","exponents":[2,1,0]},{"coefficient":"1","exponents":[0,0,3]},{"coefficient":"5","exponents":[0,0,0]}]},"multiplicity":1}]},
    },
  ],
});

/** The result { unit, factors } of a univariate factorization as domain values. */
function factorizationResult(u: ReturnType<typeof univariate>, r: { unit: unknown; factors: readonly { factor: readonly unknown[]; multiplicity: number }[] }) {
  return {
    unit: constant(u.R, u.ring, r.unit),
    factors: r.factors.map((x) => ({ factor: fromDense(u.R, u.ring, u.variable, x.factor as never), multiplicity: x.multiplicity })),
  };
}
