import { abs, naturalField, UNARY_MAX_DIGITS, unaryMap } from "./arithmetic_support.js";

export default unaryMap<bigint>({
  id: "integer.absolute_value.compute",
  title: "Absolute value of an integer",
  summary: "|n| for an integer n of up to 100,000 digits.",
  keywords: ["absolute value", "abs", "magnitude", "modulus", "|n|", "integer", "norm"],
  field: "absolute_value",
  type: naturalField(UNARY_MAX_DIGITS, "|n| ≥ 0"),
  port: "|n|",
  compute: abs,
  check: (n, a) => (a >= 0n && (a === n || a === -n) ? null : "the result is not ±n or is negative"),
  examples: [
    { title: "|−42| = 42", payload: { n: "-42" }, expected: { absolute_value: "42" } },
    { title: "|17| = 17", payload: { n: "17" }, expected: { absolute_value: "17" } },
    { title: "|0| = 0", payload: { n: "0" }, expected: { absolute_value: "0" } },
    { title: "beyond 2^64", payload: { n: "-123456789012345678901234567890" }, expected: { absolute_value: "123456789012345678901234567890" } },
  ],
});
