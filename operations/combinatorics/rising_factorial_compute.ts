import { risingFactorialRational } from "../../domain/math/combinatorics.js";
import { pochhammer } from "./pochhammer_support.js";

export default pochhammer({
  field: "rising_factorial",
  step: 1,
  title: "Rising factorial x^(k) (Pochhammer symbol)",
  formula: "x^(k) = (x)^(k) = x(x + 1)⋯(x + k − 1)",
  elsewhere: "The rising factorial is the Pochhammer symbol (x)_k of hypergeometric series (PARI/GP: gamma(x+k)/gamma(x), SymPy: rf).",
  keywords: ["rising factorial", "ascending factorial", "pochhammer", "pochhammer symbol", "rf", "permutations", "k-permutations", "arrangements", "hypergeometric", "gamma ratio", "factorial", "combinatorics"],
  compute: risingFactorialRational,
  examples: [
    { title: "3^(4) = 3·4·5·6", payload: { x: "3", k: "4" }, expected: { rising_factorial: "360" } },
    { title: "(1/2)^(3) = (1/2)(3/2)(5/2)", payload: { x: "1/2", k: "3" }, expected: { rising_factorial: "15/8" } },
    { title: "(−3)^(5) = 0 (a factor is 0)", payload: { x: "-3", k: "5" }, expected: { rising_factorial: "0" } },
    { title: "(−3)^(2) = (−3)(−2)", payload: { x: "-3", k: "2" }, expected: { rising_factorial: "6" } },
    { title: "1^(20) = 20!", payload: { x: "1", k: "20" }, expected: { rising_factorial: "2432902008176640000" } },
  ],
});
