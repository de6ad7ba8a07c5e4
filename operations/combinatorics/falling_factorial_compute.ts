import { fallingFactorialRational } from "../../domain/math/combinatorics.js";
import { pochhammer } from "./pochhammer_support.js";

export default pochhammer({
  field: "falling_factorial",
  step: -1,
  title: "Falling factorial (x)_k",
  formula: "(x)_k = x(x − 1)⋯(x − k + 1)",
  elsewhere: "SymPy: ff; PARI/GP: prod(i=0,k-1,x-i).",
  keywords: ["falling factorial", "descending factorial", "pochhammer", "pochhammer symbol", "ff", "permutations", "k-permutations", "arrangements", "hypergeometric", "gamma ratio", "factorial", "combinatorics"],
  compute: fallingFactorialRational,
  examples: [
    { title: "(10)_3 = 10·9·8", payload: { x: "10", k: "3" }, expected: { falling_factorial: "720" } },
    { title: "(3)_5 = 0 (a factor is 0)", payload: { x: "3", k: "5" }, expected: { falling_factorial: "0" } },
    { title: "(−2)_3 = (−2)(−3)(−4)", payload: { x: "-2", k: "3" }, expected: { falling_factorial: "-24" } },
    { title: "(1/2)_3 = (1/2)(−1/2)(−3/2)", payload: { x: "1/2", k: "3" }, expected: { falling_factorial: "3/8" } },
    { title: "(x)_0 = 1", payload: { x: "-7/3", k: "0" }, expected: { falling_factorial: "1" } },
  ],
});
