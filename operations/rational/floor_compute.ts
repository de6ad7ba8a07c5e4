import { ratFloor } from "../../domain/math/rational.js";
import { unaryDeclaration } from "./factory.js";
import { integerResult, MAX_CHARS } from "./support.js";

/** rational.floor.compute: ⌊x⌋. */
export default unaryDeclaration<bigint>({
  id: "rational.floor.compute",
  title: "Floor ⌊x⌋ of a rational number",
  summary: "The largest integer ≤ x for a rational of up to 100,001 characters (rounds toward −∞: ⌊−7/2⌋ = −4).",
  keywords: ["rational", "fraction", "floor", "round down", "integer part", "entier", "greatest integer", "floor division"],
  field: "floor",
  type: integerResult(MAX_CHARS, "⌊x⌋: the largest integer ≤ x"),
  port: "⌊x⌋",
  compute: ratFloor,
  check: (x, f) => (f * x.den <= x.num && x.num < (f + 1n) * x.den ? null : "not ⌊x⌋ ≤ x < ⌊x⌋ + 1"),
  cost_model: "units = bits²/64 + characters, bits = bits of the numerator and denominator of x in lowest terms (one division)",
  examples: [
    { title: "⌊7/2⌋ = 3", payload: { value: "7/2" }, expected: { floor: "3" } },
    { title: "toward −∞ for negative values: ⌊−7/2⌋ = −4", payload: { value: "-7/2" }, expected: { floor: "-4" } },
    { title: "an integer is its own floor", payload: { value: "-12/4" }, expected: { floor: "-3" } },
  ],
});
