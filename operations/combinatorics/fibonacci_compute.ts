import { fibonacci } from "../../domain/math/combinatorics.js";
import { fibonacciLike } from "./fibonacci_support.js";

export default fibonacciLike({
  name: "fibonacci",
  symbol: "F_n",
  title: "Fibonacci number F_n",
  definition: "F_0 = 0, F_1 = 1, F_{n+1} = F_n + F_{n−1}; F_{−n} = (−1)^{n+1} F_n",
  keywords: ["fibonacci", "fibonacci number", "fib", "golden ratio", "fast doubling", "linear recurrence", "combinatorics", "sequence"],
  compute: fibonacci,
  negatedAt: (m) => m % 2 === 0,
  examples: [
    { title: "F_10 = 55", payload: { n: "10" }, expected: { fibonacci: "55" } },
    { title: "F_0 = 0", payload: { n: "0" }, expected: { fibonacci: "0" } },
    { title: "negative index: F_{−8} = −21", payload: { n: "-8" }, expected: { fibonacci: "-21" } },
    { title: "F_100", payload: { n: "100" }, expected: { fibonacci: "354224848179261915075" } },
  ],
});
