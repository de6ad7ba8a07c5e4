import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { list, object, request, result } from "../_support/kinds.js";
import {
  constant, finiteFieldCost, finiteFieldPolys, fromDense, isMultivariate, MAX_FACTOR_DEGREE, MAX_FACTORS, MAX_MULTIVARIATE_DEGREE, MAX_MULTIVARIATE_DENSE, MULTIPLICITY, multivariateSquarefree, multivariateSquarefreeCost,
  requireMultivariateInput, univariate,
} from "./factorization_support.js";
import { inputPolynomial, outputPolynomial, polyCompute, polynomialBounds } from "./support.js";

const Request = request({ polynomial: inputPolynomial("the polynomial f, nonzero: one variable over GF(p), GF(p^k), ZZ or QQ, or several over ZZ, QQ, GF(p) or GF(p^k)") });
const Result = result({
  unit: outputPolynomial("u as a polynomial in no variables (lc(f) over fields, ±content over ZZ): f = u · Π factor^multiplicity"),
  factors: list(
    object({ factor: outputPolynomial("a square-free factor (monic over fields, primitive with a positive leading coefficient over ZZ; with several variables leading in the descending lexicographic order): the product of the irreducible factors of f of exactly this multiplicity"), multiplicity: MULTIPLICITY }),
    MAX_FACTORS,
    "the nonconstant parts by ascending multiplicity; pairwise coprime; [] for a constant f",
  ),
  squarefree: type("boolean").describe("true iff f has no repeated factor (every multiplicity is 1)"),
});

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.squarefree.compute",
  title: "Square-free decomposition of a polynomial (one variable; several over ZZ, QQ, GF(p) and GF(p^k))",
  summary:
    "Writes a nonzero f (one variable over GF(p), GF(p^k), ZZ or QQ; several over ZZ, QQ, GF(p) or GF(p^k)) as u · Π a_i^i with the a_i square-free and pairwise coprime (a_i is the product of the irreducible factors of multiplicity exactly i), without factoring. Several variables over GF(p^k): Musser's algorithm as over GF(p), the p-th roots of coefficients by a ↦ a^(q/p)." +
    "Over GF(p) and GF(p^k): a_i monic, u = lc(f); repeated gcds with the derivative and, in characteristic p, p-th roots of the part whose derivative vanishes. " +
    "Over ZZ: a_i primitive with positive leading coefficient, u = ±content(f); over QQ: a_i monic, u = lc(f); Yun's algorithm (zz). " +
    "Several variables over ZZ and QQ: Yun's algorithm in the first occurring variable on the primitive part in it (multivariate modular gcds), the content in that variable decomposed recursively and merged by multiplicity; " +
    "over GF(p): c = gcd(f, ∂f/∂x_1, …, ∂f/∂x_n) and repeated gcds peel off the parts of multiplicity prime to p (Musser), the rest — all derivatives zero — is a p-th power whose p-th root is decomposed with the multiplicities times p. " +
    "Leading coefficients with several variables are those of the descending lexicographic order of the declared variables.",
  keywords: ["square-free", "squarefree", "square free decomposition", "squarefree factorization", "repeated factors", "multiplicity", "yun", "polynomial", "finite field", "GF(p)", "univariate", "integer", "rational"],
  request: Request,
  result: Result,
  purpose: "exact arithmetic in GF(p) on doubles (p < 2^26) or bigints; zz's modular gcds over ZZ and QQ",
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "one variable: the degree is at most this" },
    { name: "multivariate_degree", limit: MAX_MULTIVARIATE_DEGREE, unit: "degree", description: "several variables: the degree in each variable is at most this" },
    { name: "multivariate_dense_size", limit: MAX_MULTIVARIATE_DENSE, unit: "coefficients", description: "several variables: Π (deg_i + 1) over the variables is at most this" },
  ],
  cost_model: "units ≈ a few gcds of degree n (finite fields ~10n^2 field operations; ZZ/QQ modular gcds): charged as 100·(factorization estimate)^(2/3); several variables: (variables + 2) multivariate gcds of f with a derivative (the estimate of polynomial.gcd.compute)",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => {
    if (isMultivariate(req.polynomial)) return multivariateSquarefreeCost(req.polynomial);
    const c = finiteFieldCost(req.polynomial);
    return { ...c, units: Math.min(c.units, 100 * c.units ** (2 / 3) + 1000) };
  },
  execute(req, ctx) {
    if (isMultivariate(req.polynomial)) {
      requireMultivariateInput(req.polynomial, "payload.polynomial");
      if (!req.polynomial.terms.length) throw domainError("the zero polynomial has no square-free decomposition", "payload.polynomial", "give a nonzero polynomial");
      const r = multivariateSquarefree(req.polynomial, () => ctx.checkpoint());
      return { ...r, squarefree: r.factors.every((x) => x.multiplicity === 1) } as never;
    }
    const u = univariate(req.polynomial, "payload.polynomial");
    const F = finiteFieldPolys(u.ring, "payload.polynomial");
    let n = u.coeffs.length;
    while (n > 0 && u.R.isZero(u.coeffs[n - 1])) n--;
    if (!n) throw domainError("the zero polynomial has no square-free decomposition", "payload.polynomial", "give a nonzero polynomial");
    const parts = F.squarefree(u.coeffs, { checkpoint: () => ctx.checkpoint() });
    return {
      unit: constant(u.R, u.ring, F.unitOf(u.coeffs.slice(0, n))),
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
    {
      title: "over ZZ: −4·(x − 1)^2·(x + 2) with the content in the unit",
      payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "-4*(x - 1)^2*(x + 2)" } },
      expected: {
        unit: { ring: "ZZ", variables: [], expression: "-4", terms: [{ coefficient: "-4", exponents: [] }] },
        factors: [
          { factor: { ring: "ZZ", variables: ["x"], expression: "x + 2", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "2", exponents: [0] }] }, multiplicity: 1 },
          { factor: { ring: "ZZ", variables: ["x"], expression: "x - 1", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "-1", exponents: [0] }] }, multiplicity: 2 },
        ],
        squarefree: false,
      },
    },
    {
      title: "two variables over ZZ: the content in x (y^3) is decomposed too",
      payload: {"polynomial": {"ring": "ZZ", "variables": ["x", "y"], "expression": "-2*(x^2 - y)^2*(x + y)*y^3"}},
      expected: {"unit":{"ring":"ZZ","variables":[],"expression":"-2","terms":[{"coefficient":"-2","exponents":[]}]},"factors":[{"factor":{"ring":"ZZ","variables":["x","y"],"expression":"x + y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"1","exponents":[0,1]}]},"multiplicity":1},{"factor":{"ring":"ZZ","variables":["x","y"],"expression":"x^2 - y","terms":[{"coefficient":"1","exponents":[2,0]},{"coefficient":"-1","exponents":[0,1]}]},"multiplicity":2},{"factor":{"ring":"ZZ","variables":["x","y"],"expression":"y","terms":[{"coefficient":"1","exponents":[0,1]}]},"multiplicity":3}],"squarefree":false},
    },
    {
      title: "two variables over GF(3): (x^3 + y)^3 has every partial derivative 0 — a cube, found by its cube root",
      payload: {"polynomial": {"ring": "GF(3)", "variables": ["x", "y"], "expression": "(x^3 + y)^3*(x + y)^2"}},
      expected: {"unit":{"ring":"GF(3)","variables":[],"expression":"1","terms":[{"coefficient":"1","exponents":[]}]},"factors":[{"factor":{"ring":"GF(3)","variables":["x","y"],"expression":"x + y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"1","exponents":[0,1]}]},"multiplicity":2},{"factor":{"ring":"GF(3)","variables":["x","y"],"expression":"x^3 + y","terms":[{"coefficient":"1","exponents":[3,0]},{"coefficient":"1","exponents":[0,1]}]},"multiplicity":3}],"squarefree":false},
    },
  ],
});
