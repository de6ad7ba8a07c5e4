import { ratSumAll } from "../../domain/math/rational.js";
import { listDeclaration } from "./factory.js";
import { canonicalRational, MAX_TERMS, MAX_TOTAL_CHARS, residueProblem } from "./support.js";

/** rational.sum.compute: x1 + … + xn. */
export default listDeclaration({
  id: "rational.sum.compute",
  title: "Exact sum of rational numbers",
  summary:
    "Adds 1 to 10,000 rationals exactly (inputs may be unreduced; the result is canonical). Pairwise sums in a balanced tree, each with Henrici's rule " +
    "(only gcds of denominators: with g = gcd(b, d), a/b + c/d = t/(b·d/g) with t = a·(d/g) + c·(b/g), reduced by gcd(t, g)).",
  keywords: ["rational", "fraction", "sum", "add", "addition", "plus", "total", "series", "harmonic", "exact", "arithmetic"],
  list: "terms",
  entries: "summands",
  field: "sum",
  type: canonicalRational(MAX_TOTAL_CHARS + MAX_TERMS, "the exact sum, canonical"),
  port: "the sum",
  compute: ratSumAll,
  // Independent of the summation tree: the residues modulo a Mersenne prime must add up.
  check: (xs, total) => residueProblem(xs, total, (rs, r, P) => rs.reduce((s, x) => (s + x) % P, 0n) === r, "sum"),
  cost_model:
    "units = Σ bits_i²/64 (the summands) + (Σ bits_i)²/32 (the tree of pairwise sums is dominated by its last levels, each a product and gcd of about the total size); " +
    "bits = bits of numerator and denominator in lowest terms. Summands above 200,002 characters in all are refused.",
  examples: [
    { title: "1/2 + 1/3 = 5/6", payload: { terms: ["1/2", "1/3"] }, expected: { sum: "5/6" } },
    { title: "the harmonic number H(10)", payload: { terms: ["1", "1/2", "1/3", "1/4", "1/5", "1/6", "1/7", "1/8", "1/9", "1/10"] }, expected: { sum: "7381/2520" } },
    { title: "unreduced inputs, integer result", payload: { terms: ["2/4", "-6/4", "3"] }, expected: { sum: "2" } },
    { title: "cancellation to zero", payload: { terms: ["5/12", "-5/12"] }, expected: { sum: "0" } },
  ],
});
