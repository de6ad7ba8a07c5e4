import { leastPolynomial } from "../../domain/math/poly/gfq.js";
import { polyGenerator } from "./polynomial_support.js";

export default polyGenerator({
  id: "finite_field.irreducible_polynomial.compute",
  title: "An irreducible polynomial of given degree over GF(p)",
  summary:
    "The least monic irreducible polynomial of degree k over GF(p) with nonzero constant term in the height order: first by the largest coefficient (residues 0..p−1), then lexicographically with the x^(k−1) coefficient most significant. " +
    "Deterministic; candidates are tested with Rabin's test (about k candidates are expected). It is the default modulus of GF(p^k) when p^k ≥ 2^64 and no Conway polynomial is tabulated.",
  keywords: ["finite field", "irreducible polynomial", "ffinit", "modulus", "galois field", "gf", "construct extension field"],
  cost_model: "units ≈ 4·k candidates × Rabin test (k·bits(p) squarings of degree-k polynomials: 2·k³·bits(p)·limbs(p)²)",
  units: (req) => 8 * req.degree ** 4 * req.prime.toString(2).length * Math.ceil(req.prime.toString(2).length / 64) ** 2 + 1000,
  make: (req, checkpoint) => leastPolynomial(req.prime, req.degree, false, checkpoint),
  examples: [
    { title: "degree 8 over GF(2)", payload: { prime: "2", degree: 8 }, expected: { polynomial: { ring: "GF(2)", variables: ["x"], expression: "x^8 + x^4 + x^3 + x + 1", terms: [{ coefficient: "1", exponents: [8] }, { coefficient: "1", exponents: [4] }, { coefficient: "1", exponents: [3] }, { coefficient: "1", exponents: [1] }, { coefficient: "1", exponents: [0] }] } } },
  ],
});
