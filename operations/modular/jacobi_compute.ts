import { domainError } from "../../domain/errors.js";
import { jacobi } from "../../domain/math/integer.js";
import { symbolDeclaration } from "./factory.js";

export default symbolDeclaration({
  id: "modular.jacobi.compute",
  title: "Jacobi symbol (a/n)",
  summary:
    "The Jacobi symbol (a/n) = Π (a/p_i)^e_i for odd n = Π p_i^e_i > 0, computed without factoring n by quadratic reciprocity (binary algorithm), operands up to 20,000 digits. " +
    "0 iff gcd(a, n) > 1; (a/1) = 1. (a/n) = 1 does not imply that a is a square modulo n; −1 proves that it is not. An even n is a DOMAIN_ERROR.",
  keywords: ["jacobi symbol", "jacobi", "quadratic reciprocity", "reciprocity", "legendre", "quadratic character", "symbol", "modular"],
  n: { positive: true, description: "an odd positive integer n (at most 20,000 digits)" },
  symbolDescription: "the Jacobi symbol (a/n): 0 iff gcd(a, n) > 1",
  symbol(a, n) {
    if ((n & 1n) === 0n) throw domainError("the Jacobi symbol needs an odd n", "payload.n", "the Kronecker symbol (modular.kronecker.compute) extends it to even n");
    return jacobi(a, n);
  },
  // Multiplicativity in the bottom: (a/n) = (a/d)(a/(n/d)) for a cheap split d ∈ {3, 5, 7} of n.
  check(a, n) {
    for (const d of [3n, 5n, 7n]) if (n % d === 0n && n !== d) return (jacobi(a, d) * jacobi(a, n / d)) as -1 | 0 | 1;
    return null;
  },
  examples: [
    { title: "(2/15) = (2/3)(2/5) = (−1)(−1) = 1, although 2 is not a square mod 15", payload: { a: "2", n: "15" }, expected: { symbol: "1" } },
    { title: "(1001/9907) = −1", payload: { a: "1001", n: "9907" }, expected: { symbol: "-1" } },
    { title: "a shares a factor with n", payload: { a: "21", n: "35" }, expected: { symbol: "0" } },
    { title: "(a/1) = 1", payload: { a: "-5", n: "1" }, expected: { symbol: "1" } },
  ],
});
