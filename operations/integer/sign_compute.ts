import { type } from "arktype";
import { unaryMap } from "./arithmetic_support.js";

type Sign = "-1" | "0" | "1";

export default unaryMap<Sign>({
  id: "integer.sign.compute",
  title: "Sign of an integer",
  summary: 'sign(n) ∈ {"-1", "0", "1"} for an integer n of up to 100,000 digits.',
  keywords: ["sign", "signum", "sgn", "positive", "negative", "zero", "integer"],
  field: "sign",
  type: type("'-1' | '0' | '1'").describe("sign(n): −1, 0 or 1"),
  compute: (n) => (n < 0n ? "-1" : n > 0n ? "1" : "0"),
  check: (n, s) => (BigInt(s) * n >= 0n && (n === 0n) === (s === "0") ? null : "the sign does not match n"),
  examples: [
    { title: "sign(−42) = −1", payload: { n: "-42" }, expected: { sign: "-1" } },
    { title: "sign(0) = 0", payload: { n: "0" }, expected: { sign: "0" } },
    { title: "sign(10^30) = 1", payload: { n: "1000000000000000000000000000000" }, expected: { sign: "1" } },
  ],
});
