import { request, result } from "../_support/kinds.js";
import { inputPolynomial, ioCost, outputPolynomial, polyCompute, polynomialBounds, polySize } from "./support.js";

const Request = request({ polynomial: inputPolynomial() });
const Result = result({ polynomial: outputPolynomial("the polynomial in canonical form: { ring, variables, expression, terms }, terms in descending lexicographic order") });

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.normalize.compute",
  title: "Canonical form of a polynomial",
  summary:
    "Expands and collects a polynomial given as an expression (sums, products, integer powers, parentheses) or as a list of terms, over ZZ, QQ, GF(p) or GF(p^k), " +
    "and returns its canonical form: nonzero terms in descending lexicographic order of the exponent vectors (variables in the declared order), with the canonical expression rendered from them. " +
    "GF(p) coefficients are reduced to 0..p−1; QQ coefficients to lowest terms.",
  keywords: ["polynomial", "normalize", "canonical form", "expand", "collect terms", "simplify", "parse", "multivariate", "coefficients", "finite field", "rational"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("the polynomial"),
  cost_model: "the expansion runs while the request is parsed, bounded there by term count, degree, coefficient size and 20,000,000 coefficient products; preflight charges formatting: units ≈ terms·(40 + 2·limbs + 4·variables)",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const s = polySize(req.polynomial);
    return { units: 2 * ioCost(s), memory_bytes: 200 * s.terms * (s.vars + 4) + 64 * s.terms * Math.ceil(s.bits / 64), basis: `${s.terms} terms of up to ${s.bits} bits` };
  },
  ports: { outputs: { polynomial: { field: "polynomial", description: "the canonical polynomial" } } },
  execute(req) {
    return { polynomial: req.polynomial };
  },
  postcondition: () => null,
  examples: [
    {
      title: "expand and collect over QQ",
      payload: { polynomial: { ring: "QQ", variables: ["x", "y"], expression: "(x - y)*(x + y) + 1/2*(2*y^2 + 1)" } },
      expected: { polynomial: { ring: "QQ", variables: ["x", "y"], expression: "x^2 + 1/2", terms: [{ coefficient: "1", exponents: [2, 0] }, { coefficient: "1/2", exponents: [0, 0] }] } },
    },
    {
      title: "over GF(7) coefficients are residues 0..6",
      payload: { polynomial: { ring: "GF(7)", variables: ["x"], expression: "(x + 1)^7 - 3*x" } },
      expected: { polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^7 + 4*x + 1", terms: [{ coefficient: "1", exponents: [7] }, { coefficient: "4", exponents: [1] }, { coefficient: "1", exponents: [0] }] } },
    },
    {
      title: "the terms form, duplicates summed, zeros dropped",
      payload: { polynomial: { ring: "ZZ", variables: ["x", "y"], terms: [{ coefficient: "2", exponents: [0, 1] }, { coefficient: "-3", exponents: [1, 2] }, { coefficient: "-2", exponents: [0, 1] }, { coefficient: "5", exponents: [0, 0] }] } },
      expected: { polynomial: { ring: "ZZ", variables: ["x", "y"], expression: "-3*x*y^2 + 5", terms: [{ coefficient: "-3", exponents: [1, 2] }, { coefficient: "5", exponents: [0, 0] }] } },
    },
    {
      title: "the zero polynomial",
      payload: { polynomial: { ring: "ZZ", variables: ["t"], expression: "(t + 1)^2 - t^2 - 2*t - 1" } },
      expected: { polynomial: { ring: "ZZ", variables: ["t"], expression: "0", terms: [] } },
    },
  ],
});
