import { ratCeil } from "../../domain/math/rational.js";
import { unaryDeclaration } from "./factory.js";
import { integerResult, MAX_CHARS } from "./support.js";

/** rational.ceiling.compute: ⌈x⌉. */
export default unaryDeclaration<bigint>({
  id: "rational.ceiling.compute",
  title: "Ceiling ⌈x⌉ of a rational number",
  summary: "The smallest integer ≥ x for a rational of up to 100,001 characters (rounds toward +∞: ⌈−7/2⌉ = −3).",
  keywords: ["rational", "fraction", "ceiling", "ceil", "round up", "least integer", "ceiling division"],
  field: "ceiling",
  type: integerResult(MAX_CHARS, "⌈x⌉: the smallest integer ≥ x"),
  port: "⌈x⌉",
  compute: ratCeil,
  check: (x, c) => ((c - 1n) * x.den < x.num && x.num <= c * x.den ? null : "not ⌈x⌉ − 1 < x ≤ ⌈x⌉"),
  cost_model: "units = bits²/64 + characters, bits = bits of the numerator and denominator of x in lowest terms (one division)",
  examples: [
    { title: "⌈7/2⌉ = 4", payload: { value: "7/2" }, expected: { ceiling: "4" } },
    { title: "toward +∞ for negative values: ⌈−7/2⌉ = −3", payload: { value: "-7/2" }, expected: { ceiling: "-3" } },
    { title: "an integer is its own ceiling", payload: { value: "12/4" }, expected: { ceiling: "3" } },
  ],
});
