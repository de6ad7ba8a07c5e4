import { listPack } from "../../domain/declaration.js";

/** The modular pack: one module per operation, listed by file name. */
export const modularPack = listPack(import.meta.url, {
  name: "modular",
  version: "0.1.0",
  description:
    "Modular arithmetic: reduction, inverses, powers, Chinese remaindering (general moduli), square roots mod p and mod n, Legendre/Jacobi/Kronecker symbols, " +
    "multiplicative orders, primitive roots, discrete logarithms and quadratic residuosity with proofs; checkers for CRT, discrete logs and square roots",
  operations: [
    "reduce_compute",
    "inverse_compute",
    "power_compute",
    "crt_compute",
    "crt_verify",
    "sqrt_mod_prime_compute",
    "sqrt_mod_compute",
    "sqrt_mod_verify",
    "legendre_compute",
    "jacobi_compute",
    "kronecker_compute",
    "multiplicative_order_compute",
    "primitive_root_compute",
    "discrete_log_compute",
    "discrete_log_verify",
    "quadratic_residue_compute",
  ],
});
