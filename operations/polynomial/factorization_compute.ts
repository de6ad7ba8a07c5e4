import { domainError } from "../../domain/errors.js";
import { request, result } from "../_support/kinds.js";
import { constant, FACTORIZATION_KIND, factorizationShape, finiteFieldCost, finiteFieldPolys, fromDense, MAX_FACTOR_DEGREE, univariate } from "./factorization_support.js";
import { inputPolynomial, polyCompute, polynomialBounds } from "./support.js";

const Request = request({ polynomial: inputPolynomial("the polynomial f to factor: one variable, nonzero, over GF(p), GF(p^k), ZZ or QQ") });
const Result = result(factorizationShape(), FACTORIZATION_KIND);

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.factorization.compute",
  title: "Factor a polynomial in one variable over a finite field, ZZ or QQ",
  summary:
    "The complete factorization f = u · Π g_i^e_i of a nonzero univariate polynomial into distinct irreducible factors g_i with multiplicities. " +
    "Over GF(p) and GF(p^k): g_i monic, u the leading coefficient; square-free decomposition (p-th roots in characteristic p), distinct-degree factorization with the Frobenius (Berlekamp Q) matrix, " +
    "stopped early by Berlekamp's count of the factors, and Cantor–Zassenhaus splitting (trace map in characteristic 2), seeded so the output is reproducible. " +
    "Over ZZ: g_i primitive with positive leading coefficient, u = ±content; over QQ: g_i monic, u the leading coefficient; by Zassenhaus with Hensel lifting and van Hoeij lattice recombination. " +
    "Factors are listed by ascending degree, then by coefficients from the top. The whole answer is published on the `factorization` port; polynomial.factorization.verify takes it as its claim.",
  keywords: ["factor", "factorization", "factorisation", "factormod", "irreducible factors", "polynomial", "finite field", "GF(p)", "modular", "berlekamp", "cantor-zassenhaus", "distinct degree", "square-free", "univariate", "zassenhaus", "van hoeij", "integer", "rational", "factorff"],
  request: Request,
  result: Result,
  purpose: "exact arithmetic in GF(p) on doubles (p < 2^26) or bigints; zz's Zassenhaus / van Hoeij over ZZ and QQ",
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "the polynomial has one variable and degree at most this" },
  ],
  cost_model:
    "GF(p): units ≈ 3n^3 + 2n^2·log2 p modular multiply-adds for degree n (the Frobenius matrix: n products modulo f; up to n/2 distinct-degree steps of n^2 each; Berlekamp's count n^3/3), × 4·limbs² for p ≥ 2^26; " +
    "GF(p^k): the same count of field operations × (4k²·limbs² + 20); ZZ/QQ: 50·n^3·(limbs of the largest coefficient)² (the modular factorization and lifting; recombination is usually far below this)",
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
  ],
});
