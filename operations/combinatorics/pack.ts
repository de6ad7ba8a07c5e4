import { listPack } from "../../domain/declaration.js";

/** The combinatorics pack: one module per operation, listed by file name. */
export const combinatoricsPack = listPack(import.meta.url, {
  name: "combinatorics",
  version: "0.1.0",
  description:
    "Exact combinatorial numbers: binomial and multinomial coefficients, factorials (ordinary, double, falling, rising), Catalan, Bell, Stirling numbers of both kinds, " +
    "derangements, Fibonacci and Lucas numbers, Bernoulli numbers, partition numbers",
  operations: [
    "binomial_compute",
    "multinomial_compute",
    "factorial_compute",
    "double_factorial_compute",
    "falling_factorial_compute",
    "rising_factorial_compute",
    "catalan_compute",
    "bell_compute",
    "stirling1_compute",
    "stirling2_compute",
    "derangements_compute",
    "fibonacci_compute",
    "lucas_compute",
    "bernoulli_compute",
    "partition_compute",
  ],
});
