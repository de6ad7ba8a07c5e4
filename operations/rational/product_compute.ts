import { ratProductAll } from "../../domain/math/rational.js";
import { listDeclaration } from "./factory.js";
import { canonicalRational, MAX_TERMS, MAX_TOTAL_CHARS, residueProblem } from "./support.js";

/** rational.product.compute: x1 · … · xn. */
export default listDeclaration({
  id: "rational.product.compute",
  title: "Exact product of rational numbers",
  summary:
    "Multiplies 1 to 10,000 rationals exactly (inputs may be unreduced; the result is canonical). Pairwise products in a balanced tree, each cancelling " +
    "gcd(a, d) and gcd(c, b) before multiplying a/b · c/d, so no gcd of the full product is ever taken.",
  keywords: ["rational", "fraction", "product", "multiply", "multiplication", "times", "exact", "arithmetic"],
  list: "factors",
  entries: "factors",
  field: "product",
  type: canonicalRational(MAX_TOTAL_CHARS + MAX_TERMS, "the exact product, canonical"),
  port: "the product",
  compute: ratProductAll,
  check: (xs, total) => residueProblem(xs, total, (rs, r, P) => rs.reduce((s, x) => (s * x) % P, 1n) === r, "product"),
  cost_model:
    "units = Σ bits_i²/64 (the factors) + (Σ bits_i)²/32 (the cross gcds of the last levels of the product tree); bits = bits of numerator and denominator in lowest terms. " +
    "Factors above 200,002 characters in all are refused.",
  examples: [
    { title: "2/3 · 9/4 = 3/2", payload: { factors: ["2/3", "9/4"] }, expected: { product: "3/2" } },
    { title: "a telescoping product: Π (k+1)/k for k = 1..5 is 6", payload: { factors: ["2/1", "3/2", "4/3", "5/4", "6/5"] }, expected: { product: "6" } },
    { title: "signs and unreduced inputs", payload: { factors: ["-4/6", "3", "-1/2"] }, expected: { product: "1" } },
    { title: "a zero factor", payload: { factors: ["7/3", "0", "5"] }, expected: { product: "0" } },
  ],
});
