import type { OperationPack } from "../../domain/declaration.js";
import partition from "./partition.js";

export const combinatoricsPack: OperationPack = {
  name: "combinatorics",
  version: "0.1.0",
  description:
    "Exact combinatorial numbers: binomial and multinomial coefficients, factorials (ordinary, double, falling, rising), Catalan, Bell, Stirling numbers of both kinds, " +
    "derangements, Fibonacci and Lucas numbers, Bernoulli numbers, partition numbers",
  operations: [partition],
};
