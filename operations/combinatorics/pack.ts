import type { OperationPack } from "../../domain/declaration.js";
import bell from "./bell.js";
import bernoulli from "./bernoulli.js";
import binomial from "./binomial.js";
import catalan from "./catalan.js";
import derangements from "./derangements.js";
import doubleFactorial from "./double_factorial.js";
import factorial from "./factorial.js";
import fallingFactorial from "./falling_factorial.js";
import fibonacci from "./fibonacci.js";
import lucas from "./lucas.js";
import multinomial from "./multinomial.js";
import partition from "./partition.js";
import risingFactorial from "./rising_factorial.js";
import stirling1 from "./stirling1.js";
import stirling2 from "./stirling2.js";

export const combinatoricsPack: OperationPack = {
  name: "combinatorics",
  version: "0.1.0",
  description:
    "Exact combinatorial numbers: binomial and multinomial coefficients, factorials (ordinary, double, falling, rising), Catalan, Bell, Stirling numbers of both kinds, " +
    "derangements, Fibonacci and Lucas numbers, Bernoulli numbers, partition numbers",
  operations: [
    binomial, multinomial, factorial, doubleFactorial, fallingFactorial, risingFactorial, catalan, bell, stirling1, stirling2, derangements, fibonacci, lucas, bernoulli,
    partition,
  ],
};
