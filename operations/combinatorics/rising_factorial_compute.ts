import { pochhammerDeclaration } from "./pochhammer_support.js";

/** combinatorics.rising_factorial.compute: x^(k) = x(x + 1)⋯(x + k − 1) for rational x (the Pochhammer symbol). */
export default pochhammerDeclaration("rising");
