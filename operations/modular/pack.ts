import type { OperationPack } from "../../domain/declaration.js";
import crt from "./crt.js";
import crtVerify from "./crt_verify.js";
import discreteLog from "./discrete_log.js";
import discreteLogVerify from "./discrete_log_verify.js";
import inverse from "./inverse.js";
import jacobi from "./jacobi.js";
import kronecker from "./kronecker.js";
import legendre from "./legendre.js";
import multiplicativeOrder from "./multiplicative_order.js";
import power from "./power.js";
import primitiveRoot from "./primitive_root.js";
import quadraticResidue from "./quadratic_residue.js";
import reduce from "./reduce.js";
import sqrtMod from "./sqrt_mod.js";
import sqrtModPrime from "./sqrt_mod_prime.js";
import sqrtModVerify from "./sqrt_mod_verify.js";

export const modularPack: OperationPack = {
  name: "modular",
  version: "0.1.0",
  description:
    "Modular arithmetic: reduction, inverses, powers, Chinese remaindering (general moduli), square roots mod p and mod n, Legendre/Jacobi/Kronecker symbols, " +
    "multiplicative orders, primitive roots, discrete logarithms and quadratic residuosity with proofs; checkers for CRT, discrete logs and square roots",
  operations: [
    reduce, inverse, power, crt, crtVerify, sqrtModPrime, sqrtMod, sqrtModVerify, legendre, jacobi, kronecker,
    multiplicativeOrder, primitiveRoot, discreteLog, discreteLogVerify, quadraticResidue,
  ],
};
