import { listPack } from "../../domain/declaration.js";

/** The polynomial pack: one module per operation, listed by file name. */
export const polynomialPack = listPack(import.meta.url, {
  name: "polynomial",
  version: "0.1.0",
  description:
    "Exact polynomials in one or several variables over ZZ, QQ, GF(p) and GF(p^k): canonical form, arithmetic, division, calculus, evaluation and substitution",
  operations: [
    "normalize_compute",
  ],
});
