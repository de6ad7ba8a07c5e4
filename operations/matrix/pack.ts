import { listPack } from "../../domain/declaration.js";

/** The matrix pack: one module per operation, listed by file name. */
export const matrixPack = listPack(import.meta.url, {
  name: "matrix",
  version: "0.1.0",
  description:
    "Exact linear algebra over ZZ, QQ and GF(p): products and determinants, with an independent checker",
  operations: [
    "multiply_compute",
    "determinant_compute",
    "determinant_verify",
    "characteristic_polynomial_compute",
    "characteristic_polynomial_verify",
    "hermite_form_compute",
    "hermite_form_verify",
    "smith_form_compute",
    "smith_form_verify",
    "lll_reduction_compute",
    "lll_reduction_verify",
    "gram_schmidt_compute",
    "gram_compute",
    "integer_kernel_compute",
    "minimal_polynomial_compute",
    "eigenvectors_compute",
    "frobenius_form_compute",
    "jordan_form_compute",
    "sparse_rank_compute",
  ],
});
