import { domainError } from "../../domain/errors.js";
import { request, result } from "../_support/kinds.js";
import { constant, finiteFieldCost, finiteFieldPolys, MAX_FACTOR_DEGREE, ROOTS_KIND, rootsShape, univariate } from "./factorization_support.js";
import { inputPolynomial, polyCompute, polynomialBounds } from "./support.js";

const Request = request({ polynomial: inputPolynomial("the polynomial f whose roots are wanted: one variable, nonzero, over GF(p), GF(p^k), ZZ or QQ") });
const Result = result(rootsShape(), ROOTS_KIND);

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.roots.compute",
  title: "All roots of a polynomial in one variable in its coefficient ring (finite field, ZZ or QQ)",
  summary:
    "Every root of a nonzero univariate polynomial f in its coefficient ring, with its multiplicity. Over GF(p) and GF(p^k): square-free decomposition, then for each part the split part gcd(s, x^q − x) " +
    "(one modular power) split into linear factors by Cantor–Zassenhaus (seeded, reproducible), in time polynomial in deg f and log q; roots ascending (GF(p): by residue). " +
    "Over QQ: the rational roots; over ZZ: the integer roots (give f over QQ for all rational roots); from the square-free part's roots modulo a word prime, lifted p-adically (Newton) past the bound 2·max(|f(0)|, |lc f|)^2, rationally reconstructed and checked exactly, ascending. " +
    "Roots are published as polynomials in no variables (elements of the ring). The whole answer is on the `roots` port; polynomial.roots.verify takes it as its claim.",
  keywords: ["roots", "zeros", "polrootsmod", "root finding", "solve", "polynomial", "finite field", "GF(p)", "modular", "cantor-zassenhaus", "multiplicity", "univariate", "rational roots", "integer roots", "polrootsff", "nroots"],
  request: Request,
  result: Result,
  purpose: "exact arithmetic in GF(p) on doubles (p < 2^26) or bigints; p-adic lifting and rational reconstruction over ZZ and QQ",
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "the polynomial has one variable and degree at most this" },
  ],
  cost_model: "units ≈ bounded by the factorization estimate of polynomial.factorization.compute (finite fields: the modular power x^q mod f dominates, ~2·log2 q products modulo f)",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => finiteFieldCost(req.polynomial),
  ports: { outputs: { roots: { field: ".", description: "the roots with multiplicities: the claim of polynomial.roots.verify" } } },
  execute(req, ctx) {
    const u = univariate(req.polynomial, "payload.polynomial");
    const F = finiteFieldPolys(u.ring, "payload.polynomial");
    if (!u.coeffs.length) throw domainError("every element is a root of the zero polynomial", "payload.polynomial", "give a nonzero polynomial");
    const roots = F.roots(u.coeffs, { checkpoint: () => ctx.checkpoint() });
    return { roots: roots.map((r) => ({ root: constant(u.R, u.ring, r.root), multiplicity: r.multiplicity })) } as never;
  },
  postcondition: () => null,
  examples: [
    {
      title: "x^3 − x over GF(7): 0, 1 and 6",
      payload: { polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^3 - x" } },
      expected: {
        roots: [
          { root: { ring: "GF(7)", variables: [], expression: "0", terms: [] }, multiplicity: 1 },
          { root: { ring: "GF(7)", variables: [], expression: "1", terms: [{ coefficient: "1", exponents: [] }] }, multiplicity: 1 },
          { root: { ring: "GF(7)", variables: [], expression: "6", terms: [{ coefficient: "6", exponents: [] }] }, multiplicity: 1 },
        ],
      },
    },
    {
      title: "a double root: (x − 3)^2 (x^2 + 1) over GF(11)",
      payload: { polynomial: { ring: "GF(11)", variables: ["x"], expression: "(x - 3)^2*(x^2 + 1)" } },
      expected: { roots: [{ root: { ring: "GF(11)", variables: [], expression: "3", terms: [{ coefficient: "3", exponents: [] }] }, multiplicity: 2 }] },
    },
    {
      title: "no roots: x^2 − 5 over GF(1000000007) (5 is not a square there)",
      payload: { polynomial: { ring: "GF(1000000007)", variables: ["x"], expression: "x^2 - 5" } },
      expected: { roots: [] },
    },
    {
      title: "over QQ the rational roots: 2x^3 − 3x^2 − 3x + 2 has roots −1, 1/2, 2",
      payload: { polynomial: { ring: "QQ", variables: ["x"], expression: "2*x^3 - 3*x^2 - 3*x + 2" } },
      expected: {
        roots: [
          { root: { ring: "QQ", variables: [], expression: "-1", terms: [{ coefficient: "-1", exponents: [] }] }, multiplicity: 1 },
          { root: { ring: "QQ", variables: [], expression: "1/2", terms: [{ coefficient: "1/2", exponents: [] }] }, multiplicity: 1 },
          { root: { ring: "QQ", variables: [], expression: "2", terms: [{ coefficient: "2", exponents: [] }] }, multiplicity: 1 },
        ],
      },
    },
    {
      title: "over ZZ only the integer roots: the same polynomial has −1 and 2",
      payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "2*x^3 - 3*x^2 - 3*x + 2" } },
      expected: {
        roots: [
          { root: { ring: "ZZ", variables: [], expression: "-1", terms: [{ coefficient: "-1", exponents: [] }] }, multiplicity: 1 },
          { root: { ring: "ZZ", variables: [], expression: "2", terms: [{ coefficient: "2", exponents: [] }] }, multiplicity: 1 },
        ],
      },
    },
  ],
});
