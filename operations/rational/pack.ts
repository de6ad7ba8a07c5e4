import { listPack } from "../../domain/declaration.js";

/** The rational pack: one module per operation, listed by file name. */
export const rationalPack = listPack(import.meta.url, {
  name: "rational",
  version: "0.1.0",
  description:
    "Exact rational numbers: arithmetic, comparison, floor and ceiling, powers, continued fractions and best approximations",
  operations: [
    "canonical_compute",
    "sum_compute",
    "difference_compute",
    "product_compute",
    "quotient_compute",
    "negation_compute",
    "reciprocal_compute",
    "absolute_value_compute",
    "floor_compute",
    "ceiling_compute",
    "compare_compute",
    "power_compute",
    "continued_fraction_compute",
    "best_approximation_compute",
  ],
});
