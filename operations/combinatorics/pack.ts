import { listPack } from "../../domain/declaration.js";

/** The combinatorics pack: one module per operation, listed by file name. */
export const combinatoricsPack = listPack(import.meta.url, {
  name: "combinatorics",
  version: "0.1.0",
  description:
    "Exact combinatorial numbers: binomial and multinomial coefficients, factorials (ordinary, double, falling, rising), Catalan, Bell, Stirling numbers of both kinds, " +
    "derangements, Fibonacci and Lucas numbers, Bernoulli numbers, partition numbers",
  operations: [
    "binomial",
    "multinomial",
    "factorial",
    "double_factorial",
    "falling_factorial",
    "rising_factorial",
    "catalan",
    "bell",
    "stirling1",
    "stirling2",
    "derangements",
    "fibonacci",
    "lucas",
    "bernoulli",
    "partition",
  ],
});
