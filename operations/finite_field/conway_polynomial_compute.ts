import { JacobianError } from "../../domain/errors.js";
import { conwayPolynomial } from "../../domain/math/poly/gfq.js";
import { polyGenerator } from "./polynomial_support.js";

export default polyGenerator({
  id: "finite_field.conway_polynomial.compute",
  title: "Conway polynomial C(p, k)",
  summary:
    "The Conway polynomial C_{p,k}: the least monic primitive polynomial of degree k over GF(p) in the Conway order (x^k + Σ (−1)^(k−i) a_i x^i compared by (a_(k−1), …, a_0)) whose root's norm-like powers x^((p^k−1)/(p^m−1)) are roots of C_{p,m} for every m | k. " +
    "Looked up in the built-in table (primes p < 110 with p^k ≤ 2^22, generated from the definition and re-verified against PARI/GP and published values); outside the table a DOMAIN_ERROR. The default modulus of GF(p^k) inside the table.",
  keywords: ["finite field", "conway polynomial", "standard modulus", "compatible", "galois field", "gf", "primitive polynomial"],
  cost_model: "a table look-up: units = 100",
  units: () => 100,
  make: (req) => {
    const c = conwayPolynomial(req.prime, req.degree);
    if (!c) throw new JacobianError("DOMAIN_ERROR", `C(${req.prime}, ${req.degree}) is not in the table (primes below 110 with p^k ≤ 2^22)`, { path: "payload.degree", hint: "finite_field.primitive_polynomial.compute gives a primitive polynomial of any size" });
    return c;
  },
  examples: [
    { title: "C(3, 6)", payload: { prime: "3", degree: 6 }, expected: { polynomial: { ring: "GF(3)", variables: ["x"], expression: "x^6 + 2*x^4 + x^2 + 2*x + 2", terms: [{ coefficient: "1", exponents: [6] }, { coefficient: "2", exponents: [4] }, { coefficient: "1", exponents: [2] }, { coefficient: "2", exponents: [1] }, { coefficient: "2", exponents: [0] }] } } },
    { title: "C(2, 8)", payload: { prime: "2", degree: 8 }, expected: { polynomial: { ring: "GF(2)", variables: ["x"], expression: "x^8 + x^4 + x^3 + x^2 + 1", terms: [{ coefficient: "1", exponents: [8] }, { coefficient: "1", exponents: [4] }, { coefficient: "1", exponents: [3] }, { coefficient: "1", exponents: [2] }, { coefficient: "1", exponents: [0] }] } } },
  ],
});
