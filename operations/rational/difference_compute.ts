import { ratSub, type Rational } from "../../domain/math/rational.js";
import { binaryDeclaration } from "./factory.js";
import { canonicalRational, MAX_RESULT_CHARS, residueProblem } from "./support.js";

/** rational.difference.compute: a − b. */
export default binaryDeclaration<Rational>({
  id: "rational.difference.compute",
  title: "Exact difference a − b of two rational numbers",
  summary: "a − b for rationals of up to 100,001 characters each (inputs may be unreduced; the result is canonical), by Henrici's rule (only gcds of denominators).",
  keywords: ["rational", "fraction", "difference", "subtract", "subtraction", "minus", "exact", "arithmetic"],
  left: "a",
  right: "b",
  ports: { left: "a", right: "b" },
  field: "difference",
  type: canonicalRational(MAX_RESULT_CHARS, "a − b, canonical"),
  port: "a − b",
  compute: ratSub,
  check: (a, b, d) => residueProblem([a, b], d, ([ra, rb], rd, P) => (ra! - rb! - rd) % P === 0n, "difference"),
  cost_model: "units = bits_a²/64 + bits_b²/64 (the operands) + (bits_a + bits_b)²/32 (cross products and gcds); bits = bits of numerator and denominator in lowest terms",
  budget: { max_units: 2e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 30_000 },
  examples: [
    { title: "3/4 − 1/6 = 7/12", payload: { left: "3/4", right: "1/6" }, expected: { difference: "7/12" } },
    { title: "a negative result", payload: { left: "1/3", right: "1/2" }, expected: { difference: "-1/6" } },
    { title: "equal values", payload: { left: "2/4", right: "1/2" }, expected: { difference: "0" } },
  ],
});
