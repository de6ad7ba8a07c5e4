import type { OperationPack } from "../../domain/declaration.js";
import linearCompute from "./linear_compute.js";
import linearVerify from "./linear_verify.js";
import pellCompute from "./pell_compute.js";
import pellVerify from "./pell_verify.js";

export const diophantinePack: OperationPack = {
  name: "diophantine",
  version: "0.1.0",
  description: "Diophantine equations: linear equations (all integer solutions) and Pell's equation (fundamental solutions), with checkers",
  operations: [linearCompute, linearVerify, pellCompute, pellVerify],
};
