import { listPack } from "../../domain/declaration.js";

/** The modular pack: one module per operation, listed by file name. */
export const modularPack = listPack(import.meta.url, {
  name: "modular",
  version: "0.1.0",
  description:
    "Modular arithmetic: reduction, inverses, powers, Chinese remaindering (general moduli), square roots mod p and mod n, Legendre/Jacobi/Kronecker symbols, " +
    "multiplicative orders, primitive roots, discrete logarithms and quadratic residuosity with proofs; checkers for CRT, discrete logs and square roots",
  operations: [
    "reduce",
    "inverse",
    "power",
    "crt",
    "crt_verify",
    "sqrt_mod_prime",
    "sqrt_mod",
    "sqrt_mod_verify",
    "legendre",
    "jacobi",
    "kronecker",
    "multiplicative_order",
    "primitive_root",
    "discrete_log",
    "discrete_log_verify",
    "quadratic_residue",
  ],
});
