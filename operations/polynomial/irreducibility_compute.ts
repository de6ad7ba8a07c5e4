import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { request, result } from "../_support/kinds.js";
import { finiteFieldCost, finiteFieldPolys, fromDense, MAX_FACTOR_DEGREE, univariate } from "./factorization_support.js";
import { inputPolynomial, outputPolynomial, polyCompute, polynomialBounds } from "./support.js";

const Request = request({ polynomial: inputPolynomial("the polynomial f to test: one variable, over GF(p)") });
const Result = result({
  irreducible: type("boolean").describe("true iff f is irreducible: nonconstant and not a product of two nonconstant polynomials"),
  "divisor?": outputPolynomial("when f is reducible and nonconstant: a monic irreducible divisor of least degree (checkable by division)"),
});

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.irreducibility.compute",
  title: "Is a polynomial in one variable irreducible over a finite field?",
  summary:
    "Decides whether a univariate polynomial over GF(p) is irreducible by Rabin's test: f of degree n is irreducible iff x^(p^n) ≡ x (mod f) and gcd(f, x^(p^(n/q)) − x) = 1 for every prime q dividing n " +
    "(Frobenius powers through the Berlekamp matrix). Deterministic. A reducible f comes with a monic irreducible divisor of least degree. Constants (units and 0) are not irreducible.",
  keywords: ["irreducible", "irreducibility", "polisirreducible", "rabin", "irreducibility test", "prime polynomial", "polynomial", "finite field", "GF(p)", "univariate"],
  request: Request,
  result: Result,
  purpose: "exact arithmetic in GF(p) on doubles (p < 2^26) or bigints",
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "the polynomial has one variable and degree at most this" },
  ],
  cost_model: "units ≈ 3n^3 + 2n^2·log2 p (the Frobenius matrix: n products modulo f; n matrix–vector steps; gcds at n/q)",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => finiteFieldCost(req.polynomial),
  execute(req, ctx) {
    const u = univariate(req.polynomial, "payload.polynomial");
    const F = finiteFieldPolys(u.ring, "payload.polynomial");
    if (!u.coeffs.length) throw domainError("the zero polynomial is not irreducible (nor a unit)", "payload.polynomial", "give a nonzero polynomial");
    const checkpoint = () => ctx.checkpoint();
    if (u.coeffs.length <= 1) return { irreducible: false } as never;
    if (F.isIrreducible(u.coeffs, { checkpoint })) return { irreducible: true } as never;
    const d = F.factor(u.coeffs, { checkpoint }).factors[0]!.factor;
    return { irreducible: false, divisor: fromDense(u.R, u.ring, u.variable, d) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "x^2 + 1 is irreducible over GF(7) (−1 is not a square mod 7)", payload: { polynomial: { ring: "GF(7)", variables: ["x"], expression: "x^2 + 1" } }, expected: { irreducible: true } },
    {
      title: "x^2 + 1 = (x + 2)(x + 3) over GF(5)",
      payload: { polynomial: { ring: "GF(5)", variables: ["x"], expression: "x^2 + 1" } },
      expected: { irreducible: false, divisor: { ring: "GF(5)", variables: ["x"], expression: "x + 2", terms: [{ coefficient: "1", exponents: [1] }, { coefficient: "2", exponents: [0] }] } },
    },
    { title: "x^8 + x^4 + x^3 + x + 1 (the AES polynomial) is irreducible over GF(2)", payload: { polynomial: { ring: "GF(2)", variables: ["x"], expression: "x^8 + x^4 + x^3 + x + 1" } }, expected: { irreducible: true } },
    { title: "a nonzero constant is a unit, not irreducible", payload: { polynomial: { ring: "GF(3)", variables: ["x"], expression: "2" } }, expected: { irreducible: false } },
  ],
});
