import type { OperationPack } from "../../domain/declaration.js";

export const matrixPack: OperationPack = {
  name: "matrix",
  version: "0.1.0",
  description: "Exact linear algebra over ZZ, QQ and GF(p): products and determinants, with an independent checker",
  operations: [],
};
