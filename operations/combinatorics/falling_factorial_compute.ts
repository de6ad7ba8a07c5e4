import { pochhammerDeclaration } from "./pochhammer_support.js";

/** combinatorics.falling_factorial.compute: (x)_k = x(x − 1)⋯(x − k + 1) for rational x. */
export default pochhammerDeclaration("falling");
