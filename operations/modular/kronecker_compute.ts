import { jacobi } from "../../domain/math/integer.js";
import { kronecker } from "../../domain/math/modular.js";
import { symbolDeclaration } from "./factory.js";

/** (a/2) by the residue of a modulo 8. */
const atTwo = (a: bigint): -1 | 0 | 1 => {
  const r = ((a % 8n) + 8n) % 8n;
  return r === 1n || r === 7n ? 1 : r === 3n || r === 5n ? -1 : 0;
};

export default symbolDeclaration({
  id: "modular.kronecker.compute",
  title: "Kronecker symbol (a/n)",
  summary:
    "The Kronecker symbol (a/n) for all integers a, n (up to 20,000 digits): the Jacobi symbol extended by (a/2) = 0 for even a, 1 for a ≡ ±1 (mod 8), −1 for a ≡ ±3 (mod 8); " +
    "(a/−1) = −1 for a < 0, else 1; (a/0) = 1 for a = ±1, else 0. Agrees with PARI/GP's kronecker(a, n).",
  keywords: ["kronecker symbol", "kronecker", "jacobi", "legendre", "quadratic character", "reciprocity", "symbol", "modular", "discriminant"],
  n: { positive: false, description: "any integer n (at most 20,000 digits): zero, negative and even allowed" },
  symbolDescription: "the Kronecker symbol (a/n)",
  symbol: kronecker,
  // Complete multiplicativity in n = ±2^k·odd: the sign, k factors (a/2), and the plain Jacobi algorithm on the odd part.
  check(a, n) {
    if (n === 0n) return a === 1n || a === -1n ? 1 : 0;
    let s = n < 0n && a < 0n ? -1 : 1;
    if (n < 0n) n = -n;
    while ((n & 1n) === 0n) {
      n >>= 1n;
      s *= atTwo(a);
    }
    return (s * jacobi(a, n)) as -1 | 0 | 1;
  },
  examples: [
    { title: "(−5/−8): both negative and even", payload: { a: "-5", n: "-8" }, expected: { symbol: "1" } },
    { title: "(3/2) = −1 since 3 ≡ 3 (mod 8)", payload: { a: "3", n: "2" }, expected: { symbol: "-1" } },
    { title: "(a/0) = 0 unless a = ±1", payload: { a: "3", n: "0" }, expected: { symbol: "0" } },
    { title: "(−1/−1) = −1", payload: { a: "-1", n: "-1" }, expected: { symbol: "-1" } },
    { title: "the discriminant character of Q(√−23) at 3", payload: { a: "-23", n: "3" }, expected: { symbol: "1" } },
  ],
});
