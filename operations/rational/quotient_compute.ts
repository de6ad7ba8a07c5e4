import { ratDiv, type Rational } from "../../domain/math/rational.js";
import { binaryDeclaration } from "./factory.js";
import { canonicalRational, divisionByZero, MAX_RESULT_CHARS, residueProblem } from "./support.js";

/** rational.quotient.compute: a / b for b ≠ 0. */
export default binaryDeclaration<Rational>({
  id: "rational.quotient.compute",
  title: "Exact quotient a / b of two rational numbers",
  summary:
    "a / b for rationals of up to 100,001 characters each (inputs may be unreduced; the result is canonical), as a · (1/b) with cross cancellation. " +
    "b = 0 fails with DOMAIN_ERROR at payload.right.",
  keywords: ["rational", "fraction", "quotient", "divide", "division", "ratio", "over", "exact", "arithmetic"],
  left: "a (dividend)",
  right: "b (divisor, non-zero)",
  ports: { left: "a (dividend)", right: "b (divisor)" },
  field: "quotient",
  type: canonicalRational(MAX_RESULT_CHARS, "a / b, canonical"),
  port: "a / b",
  compute: (a, b) => (b.num === 0n ? divisionByZero("payload.right", "a / b with b = 0") : ratDiv(a, b)),
  // q · b = a by residues, with every denominator invertible modulo the chosen prime.
  check: (a, b, q) => residueProblem([a, b], q, ([ra, rb], rq, P) => (rq * rb! - ra!) % P === 0n, "quotient"),
  cost_model: "units = bits_a²/64 + bits_b²/64 (the operands) + (bits_a + bits_b)²/32 (cross gcds and products); bits = bits of numerator and denominator in lowest terms",
  budget: { max_units: 2e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 30_000 },
  examples: [
    { title: "(3/4) / (9/8) = 2/3", payload: { left: "3/4", right: "9/8" }, expected: { quotient: "2/3" } },
    { title: "dividing by a negative number moves the sign to the numerator", payload: { left: "1/2", right: "-3" }, expected: { quotient: "-1/6" } },
    { title: "integers with an integer quotient", payload: { left: "-84", right: "12" }, expected: { quotient: "-7" } },
  ],
});
