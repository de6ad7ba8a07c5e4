import { listPack } from "../../domain/declaration.js";

/** The diophantine pack: one module per operation, listed by file name. */
export const diophantinePack = listPack(import.meta.url, {
  name: "diophantine",
  version: "0.1.0",
  description:
    "Diophantine equations: linear equations (all integer solutions) and Pell's equation (fundamental solutions), with checkers",
  operations: [
    "linear_compute",
    "linear_verify",
    "pell_compute",
    "pell_verify",
  ],
});
