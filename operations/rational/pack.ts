import { listPack } from "../../domain/declaration.js";

/** The rational pack: one module per operation, listed by file name. */
export const rationalPack = listPack(import.meta.url, {
  name: "rational",
  version: "0.1.0",
  description:
    "Exact rational numbers: arithmetic, comparison, floor and ceiling, powers, continued fractions and best approximations",
  operations: [
    "canonical",
    "sum",
    "difference",
    "product",
    "quotient",
    "negation",
    "reciprocal",
    "absolute_value",
    "floor",
    "ceiling",
    "compare",
    "power",
    "continued_fraction",
    "best_approximation",
  ],
});
