import type { OperationPack } from "../../domain/declaration.js";
import gcd from "./gcd.js";

export const integerPack: OperationPack = {
  name: "integer",
  version: "0.1.0",
  description: "Integers: gcd, Bezout coefficients, primality and factorization checkers",
  operations: [gcd],
};
