import { listPack } from "../../domain/declaration.js";

/** The polynomial pack: one module per operation, listed by file name. */
export const polynomialPack = listPack(import.meta.url, {
  name: "polynomial",
  version: "0.1.0",
  description:
    "Exact polynomials in one or several variables over ZZ, QQ, GF(p) and GF(p^k): canonical form, arithmetic, division, calculus, evaluation and substitution",
  operations: [
    "normalize_compute",
    "gcd_compute",
    "gcd_verify",
    "lcm_compute",
    "resultant_compute",
    "discriminant_compute",
    "cyclotomic_compute",
    "real_roots_compute",
    "root_count_compute",
    "interpolation_compute",
    "add_compute",
    "multiply_compute",
    "power_compute",
    "division_compute",
    "exact_division_compute",
    "pseudo_remainder_compute",
    "content_compute",
    "derivative_compute",
    "integral_compute",
    "evaluation_compute",
    "composition_compute",
    "substitution_compute",
    "shift_compute",
    "identity_verify",
  ],
});
