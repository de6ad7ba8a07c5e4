import { leastPolynomial } from "../../domain/math/poly/gfq.js";
import { polyGenerator } from "./polynomial_support.js";

export default polyGenerator({
  id: "finite_field.primitive_polynomial.compute",
  title: "A primitive polynomial of given degree over GF(p)",
  summary:
    "The least monic primitive polynomial of degree k over GF(p) (its root generates GF(p^k)^*) with constant term (−1)^k·g, g the least primitive root mod p, in the height order of the other coefficients (largest first, then lexicographic with x^(k−1) most significant). " +
    "Each candidate is certified by x^((q−1)/r) ≠ 1 for every prime r | q − 1 and x^(q−1) = 1 in GF(p)[x]/(f) (which also proves irreducibility); q − 1 is factored through its cyclotomic pieces. The default modulus of GF(p^k) for p^k < 2^64 outside the Conway table.",
  keywords: ["finite field", "primitive polynomial", "lfsr", "maximal length", "generator", "galois field", "gf", "modulus"],
  cost_model: "units ≈ factoring p^k − 1 + (≈ k·q/φ(q−1) candidates) × ω(q−1)·bits(q) multiplications of 2·k²·limbs(p)²",
  units: (req) => 256 * 3e7 * (req.prime.toString(2).length * req.degree > 128 ? 1 : 0.01) + 4 * req.degree ** 4 * req.prime.toString(2).length * 20,
  make: (req, checkpoint) => leastPolynomial(req.prime, req.degree, true, checkpoint),
  examples: [
    { title: "degree 4 over GF(2)", payload: { prime: "2", degree: 4 }, expected: { polynomial: { ring: "GF(2)", variables: ["x"], expression: "x^4 + x + 1", terms: [{ coefficient: "1", exponents: [4] }, { coefficient: "1", exponents: [1] }, { coefficient: "1", exponents: [0] }] } } },
  ],
});
