import type { OperationPack } from "../../domain/declaration.js";
import determinantCompute from "./determinant_compute.js";
import determinantVerify from "./determinant_verify.js";
import multiplyCompute from "./multiply_compute.js";

export const matrixPack: OperationPack = {
  name: "matrix",
  version: "0.1.0",
  description: "Exact linear algebra over ZZ, QQ and GF(p): products and determinants, with an independent checker",
  operations: [multiplyCompute, determinantCompute, determinantVerify],
};
