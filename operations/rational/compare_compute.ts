import { type } from "arktype";
import { ratCompare } from "../../domain/math/rational.js";
import { binaryDeclaration } from "./factory.js";
import { bitsOf, operandUnits } from "./support.js";

type Comparison = "-1" | "0" | "1";

/** rational.compare.compute: the sign of a − b. */
export default binaryDeclaration<Comparison>({
  id: "rational.compare.compute",
  title: "Compare two rational numbers",
  summary: "The sign of a − b: \"-1\" (a < b), \"0\" (a = b) or \"1\" (a > b) for rationals of up to 100,001 characters each; signs first, then one cross-multiplication.",
  keywords: ["rational", "fraction", "compare", "comparison", "less than", "greater than", "equal", "order", "sign", "cmp", "inequality"],
  left: "a",
  right: "b",
  ports: { left: "a", right: "b" },
  field: "comparison",
  type: type("'-1' | '0' | '1'").describe("\"-1\" when a < b, \"0\" when a = b, \"1\" when a > b"),
  compute: (a, b) => String(ratCompare(a, b)) as Comparison,
  check: (a, b, c) => {
    // Independent of the sign shortcuts: the sign of a_num·b_den − b_num·a_den.
    const d = a.num * b.den - b.num * a.den;
    return c === (d < 0n ? "-1" : d > 0n ? "1" : "0") ? null : "the comparison disagrees with the sign of the cross difference";
  },
  cost_model: "units = bits_a²/64 + bits_b²/64 (the operands) + bits_a·bits_b/4096 (one cross-multiplication); bits = bits of numerator and denominator in lowest terms",
  units: (a, b) => operandUnits(a) + operandUnits(b) + (bitsOf(a) * bitsOf(b)) / 4096,
  budget: { max_units: 1e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  examples: [
    { title: "2/3 > 3/5", payload: { left: "2/3", right: "3/5" }, expected: { comparison: "1" } },
    { title: "equal values written differently", payload: { left: "4/6", right: "2/3" }, expected: { comparison: "0" } },
    { title: "a negative number is less than a positive one", payload: { left: "-1/1000", right: "1/1000000" }, expected: { comparison: "-1" } },
  ],
});
