import { listPack } from "../../domain/declaration.js";

/** The matrix pack: one module per operation, listed by file name. */
export const matrixPack = listPack(import.meta.url, {
  name: "matrix",
  version: "0.1.0",
  description:
    "Exact linear algebra over ZZ, QQ and GF(p): products, determinants, rank, RREF, nullspaces, inverses and linear systems, with certificate checkers",
  operations: [
    "multiply_compute",
    "determinant_compute",
    "determinant_verify",
    "rank_compute",
    "rref_compute",
    "nullspace_compute",
    "left_nullspace_compute",
    "column_space_compute",
    "inverse_compute",
    "solve_compute",
    "adjugate_compute",
    "transpose_compute",
    "add_compute",
    "scale_compute",
    "trace_compute",
    "kronecker_compute",
    "power_compute",
    "inverse_verify",
    "solution_verify",
    "nullspace_verify",
    "rank_verify",
  ],
});
