import { fibonacciDeclaration } from "./fibonacci_support.js";

/** combinatorics.fibonacci.compute: F_n for any integer n. */
export default fibonacciDeclaration("fibonacci");
