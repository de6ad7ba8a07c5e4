import { lucas } from "../../domain/math/combinatorics.js";
import { fibonacciLike } from "./fibonacci_support.js";

export default fibonacciLike({
  name: "lucas",
  symbol: "L_n",
  title: "Lucas number L_n",
  definition: "L_0 = 2, L_1 = 1, L_{n+1} = L_n + L_{n−1}, L_n = F_{n−1} + F_{n+1}; L_{−n} = (−1)^n L_n",
  keywords: ["lucas", "lucas number", "lucas sequence", "fibonacci", "golden ratio", "fast doubling", "linear recurrence", "combinatorics", "sequence"],
  compute: lucas,
  negatedAt: (m) => m % 2 === 1,
  examples: [
    { title: "L_10 = 123", payload: { n: "10" }, expected: { lucas: "123" } },
    { title: "L_0 = 2", payload: { n: "0" }, expected: { lucas: "2" } },
    { title: "negative index: L_{−5} = −11", payload: { n: "-5" }, expected: { lucas: "-11" } },
    { title: "L_100", payload: { n: "100" }, expected: { lucas: "792070839848372253127" } },
  ],
});
