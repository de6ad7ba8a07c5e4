import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { list, object, request, result } from "../_support/kinds.js";
import { constant, finiteFieldCost, finiteFieldPolys, fromDense, MAX_FACTOR_DEGREE, MAX_FACTORS, MULTIPLICITY, univariate } from "./factorization_support.js";
import { inputPolynomial, outputPolynomial, polyCompute, polynomialBounds } from "./support.js";

const Request = request({ polynomial: inputPolynomial("the polynomial f: one variable, nonzero, over GF(p)") });
const Result = result({
  unit: outputPolynomial("the leading coefficient u of f, as a polynomial in no variables: f = u · Π factor^multiplicity"),
  factors: list(
    object({ factor: outputPolynomial("a monic square-free factor: the product of the irreducible factors of f of exactly this multiplicity"), multiplicity: MULTIPLICITY }),
    MAX_FACTORS,
    "the nonconstant parts by ascending multiplicity; pairwise coprime; [] for a constant f",
  ),
  squarefree: type("boolean").describe("true iff f has no repeated factor (every multiplicity is 1)"),
});

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.squarefree.compute",
  title: "Square-free decomposition of a polynomial in one variable over a finite field",
  summary:
    "Writes a nonzero univariate f over GF(p) as u · Π a_i^i with the a_i monic, square-free and pairwise coprime (a_i is the product of the irreducible factors of multiplicity exactly i), " +
    "by repeated gcds with the derivative and, in characteristic p, p-th roots of the part whose derivative vanishes. No factorization is done.",
  keywords: ["square-free", "squarefree", "square free decomposition", "squarefree factorization", "repeated factors", "multiplicity", "yun", "polynomial", "finite field", "GF(p)", "univariate"],
  request: Request,
  result: Result,
  purpose: "exact arithmetic in GF(p) on doubles (p < 2^26) or bigints",
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "the polynomial has one variable and degree at most this" },
  ],
  cost_model: "units ≈ a few gcds of degree n: bounded by the factorization estimate 3n^3 + 2n^2·log2 p (the real cost is ~10n^2)",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => {
    const c = finiteFieldCost(req.polynomial);
    return { ...c, units: Math.min(c.units, 100 * c.units ** (2 / 3) + 1000) };
  },
  execute(req, ctx) {
    const u = univariate(req.polynomial, "payload.polynomial");
    const F = finiteFieldPolys(u.ring, "payload.polynomial");
    let n = u.coeffs.length;
    while (n > 0 && u.R.isZero(u.coeffs[n - 1])) n--;
    if (!n) throw domainError("the zero polynomial has no square-free decomposition", "payload.polynomial", "give a nonzero polynomial");
    const parts = F.squarefree(u.coeffs, { checkpoint: () => ctx.checkpoint() });
    return {
      unit: constant(u.R, u.ring, u.coeffs[n - 1]),
      factors: parts.map((x) => ({ factor: fromDense(u.R, u.ring, u.variable, x.factor), multiplicity: x.multiplicity })),
      squarefree: parts.every((x) => x.multiplicity === 1),
    } as never;
  },
  postcondition: () => null,
  examples: [
    {
      title: "3·x^2·(x + 1)^3 over GF(5)",
      payload: { polynomial: { ring: "GF(5)", variables: ["x"], expression: "3*x^2*(x + 1)^3" } },
      expected: {
        unit: { ring: "GF(5)", variables: [], expression: "3", terms: [{ coefficient: "3", exponents: [] }] },
        factors: [
          { factor: { ring: "GF(5)", variables: ["x"], expression: "x", terms: [{ coefficient: "1", exponents: [1] }] }, multiplicity: 2 },
          { factor: { ring: "GF(5)", variables: ["x"], expression: "x + 1", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "1", exponents: [0] }] }, multiplicity: 3 },
        ],
        squarefree: false,
      },
    },
    {
      title: "characteristic 2: x^2 + 1 = (x + 1)^2 although its derivative is 0",
      payload: { polynomial: { ring: "GF(2)", variables: ["x"], expression: "x^2 + 1" } },
      expected: {
        unit: { ring: "GF(2)", variables: [], expression: "1", terms: [{ coefficient: "1", exponents: [] }] },
        factors: [{ factor: { ring: "GF(2)", variables: ["x"], expression: "x + 1", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "1", exponents: [0] }] }, multiplicity: 2 }],
        squarefree: false,
      },
    },
    {
      title: "x^3 − x is square-free over GF(7)",
      payload: { polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^3 - x" } },
      expected: {
        unit: { ring: "GF(7)", variables: [], expression: "1", terms: [{ coefficient: "1", exponents: [] }] },
        factors: [{ factor: { ring: "GF(7)", variables: ["x"], expression: "x^3 + 6*x", terms: [{ coefficient: "1", exponents: [3] }, { coefficient: "6", exponents: [1] }] }, multiplicity: 1 }],
        squarefree: true,
      },
    },
  ],
});
