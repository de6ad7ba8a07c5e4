import { listPack } from "../../domain/declaration.js";

/** The finite_field pack: one module per operation, listed by file name. */
export const finiteFieldPack = listPack(import.meta.url, {
  name: "finite_field",
  version: "0.1.0",
  description: "Finite fields GF(p) and GF(p^k): element arithmetic, orders, primitive elements, minimal polynomials, trace, norm, Frobenius, discrete logarithms, irreducible/primitive/Conway polynomials",
  operations: [
    "arithmetic_compute",
    "inverse_compute",
    "power_compute",
    "frobenius_compute",
    "trace_compute",
    "norm_compute",
    "minimal_polynomial_compute",
    "order_compute",
    "is_primitive_compute",
    "primitive_element_compute",
    "discrete_log_compute",
    "irreducible_polynomial_compute",
    "primitive_polynomial_compute",
    "conway_polynomial_compute",
    "polynomial_map_table_compute",
    "polynomial_map_fibers_compute",
    "polynomial_map_fibers_verify",
    "polynomial_map_table_verify",
    "polynomial_map_collision_compute",
    "polynomial_map_permutation_compute",
    "polynomial_map_image_compute",
  ],
});
