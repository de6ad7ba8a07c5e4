import { fibonacciDeclaration } from "./fibonacci_support.js";

/** combinatorics.lucas.compute: L_n for any integer n. */
export default fibonacciDeclaration("lucas");
