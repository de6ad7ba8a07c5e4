import type { OperationPack } from "../../domain/declaration.js";
import extendedGcd from "./extended_gcd.js";
import extendedGcdVerify from "./extended_gcd_verify.js";
import gcd from "./gcd.js";
import primeFactorizationCompute from "./prime_factorization_compute.js";
import primeFactorizationVerify from "./prime_factorization_verify.js";
import { arithmeticOperations } from "./arithmetic_operations.js";
import { primeOperations } from "./prime_operations.js";

export const integerPack: OperationPack = {
  name: "integer",
  version: "0.1.0",
  description: "Integers: gcd, Bezout coefficients, primality and factorization checkers",
  operations: [gcd, extendedGcd, extendedGcdVerify, primeFactorizationCompute, primeFactorizationVerify, ...arithmeticOperations, ...primeOperations],
};
