import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { request, result } from "../_support/kinds.js";
import {
  factorizationCost, finiteFieldPolys, fromDense, isMultivariate, LINE_ATTEMPTS_MODP, MAX_FACTOR_DEGREE, MAX_MULTIVARIATE_DEGREE, MAX_MULTIVARIATE_DENSE, multivariateFactorization, requireMultivariateInput, univariate,
} from "./factorization_support.js";
import { irreducibleOnLineModP } from "../../domain/math/poly/mfactorp.js";
import type { Term } from "../../domain/math/poly/types.js";
import { inputPolynomial, outputPolynomial, polyCompute, polynomialBounds } from "./support.js";

const Request = request({ polynomial: inputPolynomial("the polynomial f to test: one variable over GF(p), GF(p^k), ZZ or QQ, or several over ZZ, QQ, GF(p) or GF(p^k)") });
const Result = result({
  irreducible: type("boolean").describe("true iff f is irreducible: nonconstant and not a product of two nonconstant polynomials"),
  "divisor?": outputPolynomial("when f is reducible and nonconstant: an irreducible divisor of least (total) degree, monic (fields) or primitive (ZZ), checkable by division"),
});

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.irreducibility.compute",
  title: "Is a polynomial irreducible (one variable over a finite field, ZZ or QQ; several over ZZ, QQ, GF(p) or GF(p^k))?",
  summary:
    "Decides whether a polynomial is irreducible: in one variable over GF(p), GF(p^k), ZZ or QQ, in several over ZZ, QQ, GF(p) or GF(p^k). Over GF(p) and GF(p^k) by Rabin's test: f of degree n is irreducible iff x^(q^n) ≡ x (mod f) and gcd(f, x^(q^(n/r)) − x) = 1 for every prime r dividing n " +
    "(Frobenius powers through the Berlekamp matrix); deterministic. Over ZZ and QQ: irreducibility in QQ[x] (the content is ignored, as PARI's polisirreducible), by the complete factorization. " +
    "Several variables: by the multivariate factorization of polynomial.factorization.compute; over GF(p) first on a line x = a + b·t of full degree whose image passes Rabin's test (that proves irreducibility); over GF(p^k) by the factorization (square-free decomposition and the Kronecker substitution search of polynomial.factorization.compute). " +
    "A reducible f comes with an irreducible divisor of least degree (monic over fields, primitive over ZZ). Constants (units and 0) are not irreducible.",
  keywords: ["irreducible", "irreducibility", "polisirreducible", "rabin", "irreducibility test", "prime polynomial", "polynomial", "finite field", "GF(p)", "univariate", "multivariate", "integer", "rational"],
  request: Request,
  result: Result,
  purpose: "exact arithmetic in GF(p) on doubles (p < 2^26) or bigints; zz's factorization over ZZ and QQ",
  bounds: [
    ...polynomialBounds("the polynomial"),
    { name: "factor_degree", limit: MAX_FACTOR_DEGREE, unit: "degree", description: "one variable: the degree is at most this" },
    { name: "multivariate_degree", limit: MAX_MULTIVARIATE_DEGREE, unit: "degree", description: "several variables: the degree in each variable is at most this" },
    { name: "multivariate_dense_size", limit: MAX_MULTIVARIATE_DENSE, unit: "coefficients", description: "several variables: Π (deg_i + 1) over the variables is at most this" },
  ],
  cost_model: "finite fields: units ≈ 3n^3 + 2n^2·log2 q (the Frobenius matrix: n products modulo f; n matrix–vector steps; gcds at n/r), the estimate of polynomial.factorization.compute (table operations over GF(p^k) ≤ 2^16), except over GF(2): 8n^2·(⌈n/32⌉ + 1) bit-packed word operations for Rabin's n Frobenius steps; ZZ/QQ: the factorization estimate of polynomial.factorization.compute",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight: (req) => factorizationCost(req.polynomial, true),
  execute(req, ctx) {
    if (isMultivariate(req.polynomial)) {
      requireMultivariateInput(req.polynomial, "payload.polynomial");
      if (!req.polynomial.terms.length) throw domainError("the zero polynomial is not irreducible (nor a unit)", "payload.polynomial", "give a nonzero polynomial");
      const p = req.polynomial;
      if (p.ring.kind === "GF" && irreducibleOnLineModP(p.terms as Term<bigint>[], p.variables.length, p.ring.p, LINE_ATTEMPTS_MODP, () => ctx.checkpoint())) return { irreducible: true } as never;
      const fz = multivariateFactorization(req.polynomial, () => ctx.checkpoint());
      if (!fz.factors.length) return { irreducible: false } as never;
      if (fz.factors.length === 1 && fz.factors[0]!.multiplicity === 1) return { irreducible: true } as never;
      return { irreducible: false, divisor: fz.factors[0]!.factor } as never;
    }
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
    { title: "x^4 + 1 is irreducible over QQ (though reducible modulo every prime)", payload: { polynomial: { ring: "QQ", variables: ["x"], expression: "x^4 + 1" } }, expected: { irreducible: true } },
    { title: "x^2 + y^2 is irreducible over QQ (it splits only over QQ(i))", payload: { polynomial: { ring: "QQ", variables: ["x", "y"], expression: "x^2 + y^2" } }, expected: { irreducible: true } },
    {
      title: "x^3 − x·y^2 + x^2 − y^2 = (x − y)(x + y)(x + 1) over ZZ",
      payload: { polynomial: { ring: "ZZ", variables: ["x", "y"], expression: "x^3 - x*y^2 + x^2 - y^2" } },
      expected: { irreducible: false, divisor: { ring: "ZZ", variables: ["x", "y"], expression: "x - y", terms: [{ coefficient: "1", exponents: [1, 0] }, { coefficient: "-1", exponents: [0, 1] }] } },
    },
    {
      title: "two variables over GF(2): irreducible (a line image passes Rabin's test)",
      payload: {"polynomial": {"ring": "GF(2)", "variables": ["x", "y"], "expression": "x^2 + x*y + y^2 + x + 1"}},
      expected: {"irreducible":true},
    },
    {
      title: "x^2 + 3y^2 splits over GF(7), where −3 is a square",
      payload: {"polynomial": {"ring": "GF(7)", "variables": ["x", "y"], "expression": "x^2 + 3*y^2"}},
      expected: {"irreducible":false,"divisor":{"ring":"GF(7)","variables":["x","y"],"expression":"x + 2*y","terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"2","exponents":[0,1]}]}},
    },
  ],
});
