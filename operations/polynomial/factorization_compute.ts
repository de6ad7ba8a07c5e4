import { domainError } from "../../domain/errors.js";
import { request, result } from "../_support/kinds.js";
import { constant, FACTORIZATION_KIND, factorizationShape, finiteFieldCost, finiteFieldPolys, fromDense, MAX_FACTOR_DEGREE, univariate } from "./factorization_support.js";
import { inputPolynomial, polyCompute, polynomialBounds } from "./support.js";

const Request = request({ polynomial: inputPolynomial("the polynomial f to factor: one variable, nonzero, over GF(p)") });
const Result = result(factorizationShape(), FACTORIZATION_KIND);

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.factorization.compute",
  title: "Factor a polynomial in one variable over a finite field",
  summary:
    "The complete factorization f = u · Π g_i^e_i of a nonzero univariate polynomial over GF(p) into distinct monic irreducible factors g_i with multiplicities, u the leading coefficient: " +
    "square-free decomposition (with p-th roots in characteristic p), distinct-degree factorization with the Frobenius (Berlekamp Q) matrix, stopped early by Berlekamp's count of the factors, " +
    "and Cantor–Zassenhaus equal-degree splitting (trace map for p = 2), seeded so the output is reproducible. Factors are listed by ascending degree, then by coefficients from the top. " +
    "The whole answer is published on the `factorization` port; polynomial.factorization.verify takes it as its claim.",
  keywords: ["factor", "factorization", "factorisation", "factormod", "irreducible factors", "polynomial", "finite field", "GF(p)", "modular", "berlekamp", "cantor-zassenhaus", "distinct degree", "square-free", "univariate"],
  request: Request,
  result: Result,
  purpose: "exact arithmetic in GF(p) on doubles (p < 2^26) or bigints",
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "the polynomial has one variable and degree at most this" },
  ],
  cost_model:
    "units ≈ 3n^3 + 2n^2·log2 p modular multiply-adds for degree n (the Frobenius matrix: n products modulo f; up to n/2 distinct-degree steps of n^2 each; Berlekamp's count n^3/3), × 4·limbs² for p ≥ 2^26",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => finiteFieldCost(req.polynomial),
  ports: { outputs: { factorization: { field: ".", description: "the whole factorization { unit, factors }: the claim of polynomial.factorization.verify" } } },
  execute(req, ctx) {
    const u = univariate(req.polynomial, "payload.polynomial");
    const F = finiteFieldPolys(u.ring, "payload.polynomial");
    if (!u.coeffs.length) throw domainError("the zero polynomial has no factorization", "payload.polynomial", "give a nonzero polynomial");
    const r = F.factor(u.coeffs, { checkpoint: () => ctx.checkpoint() });
    return {
      unit: constant(u.R, u.ring, r.unit),
      factors: r.factors.map((x) => ({ factor: fromDense(u.R, u.ring, u.variable, x.factor), multiplicity: x.multiplicity })),
    } as never;
  },
  postcondition: () => null,
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
  ],
});
