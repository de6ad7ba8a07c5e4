import { type } from "arktype";
import { bitLength } from "../../domain/math/integer.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request, strict } from "../_support/kinds.js";
import { builtinChecker, integerField, integerText } from "./builtin.js";
import { EXTENDED_GCD_KIND, extendedGcdShape, GCD_MAX_DIGITS as MAX_DIGITS } from "./gcd_support.js";

const Request = request({
  left: integerField(MAX_DIGITS, "a"),
  right: integerField(MAX_DIGITS, "b"),
  claim: object(
    extendedGcdShape("claim"),
    EXTENDED_GCD_KIND,
    "the claim { gcd, x, y }: g = gcd(a, b) with a·x + b·y = g — the value of integer.extended_gcd.compute unchanged, or any other Bezout pair",
  ),
});
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    "failure?": type("'negative_gcd' | 'bezout_mismatch' | 'not_a_common_divisor'").describe("why the claim was rejected"),
    "combination?": integerText(3 * MAX_DIGITS + 2).describe("bezout_mismatch: the value of a·x + b·y, which differs from g"),
    "operand?": type("'left' | 'right'").describe("not_a_common_divisor: the operand g does not divide"),
    "remainder?": integerText(MAX_DIGITS).describe("not_a_common_divisor: that operand modulo g (non-zero; for g = 0, the operand itself)"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "Three exact checks, no Euclidean algorithm: g ≥ 0; a·x + b·y = g (one multiplication each); g divides a and b (two divisions; g = 0 divides only 0). " +
  "Together they prove g = gcd(a, b): every common divisor of a and b divides a·x + b·y = g, and g is itself a non-negative common divisor.";

/** a mod g as the checks use it: for g = 0 the operand itself (0 divides only 0). */
const remainderOf = (v: bigint, g: bigint): bigint => (g === 0n ? v : v % g);

export default builtinChecker<Req>({
  id: "integer.extended_gcd.verify",
  title: "Verify a claimed extended gcd (g, x, y) of two integers",
  summary:
    "Checks a claim g = gcd(a, b) with Bezout coefficients a·x + b·y = g for integers of up to 100,000 digits: g ≥ 0, the Bezout identity, and g | a, g | b — which together prove " +
    "that g is the gcd. Any valid pair (x, y) is accepted, not only the minimal one. The claim { gcd, x, y } is the value of integer.extended_gcd.compute, which can be bound by reference " +
    "through the `claim` port. Rejections name the failed check with its exact value.",
  keywords: ["extended gcd", "egcd", "xgcd", "gcdext", "bezout", "bézout", "bezout identity", "bezout coefficients", "verify", "check", "gcd", "certificate", "integer"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  purpose: "exact bigint arithmetic",
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "a, b and g have at most this many digits (x and y at most twice as many)" },
  ],
  cost_model: "units = (bits(a)·bits(x) + bits(b)·bits(y))/4096 for the products + 2·bits(a, b)·bits(g)/4096 for the divisions (schoolbook estimates)",
  budget: { max_units: 5e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const { gcd: g, x, y } = req.claim;
    const [a, b, gb, xb, yb] = [req.left, req.right, g, x, y].map(bitLength) as [number, number, number, number, number];
    const units = (a * xb + b * yb) / 4096 + (2 * Math.max(a, b) * gb) / 4096 + 100;
    return { units, memory_bytes: (a + b + gb + xb + yb) * 2 + 2 ** 20, basis: `operands of ${a} and ${b} bits, coefficients of ${xb} and ${yb} bits` };
  },
  ports: { inputs: { claim: { field: "claim", description: "the claimed { gcd, x, y }: the `extended_gcd` output of integer.extended_gcd.compute" } } },
  execute(req): CheckerFinding {
    const a = req.left, b = req.right;
    const { gcd: g, x, y } = req.claim;
    if (g < 0n) return { verdict: "rejected", bindings: { failure: "negative_gcd" }, reason: "a gcd is never negative" };
    const combination = a * x + b * y;
    if (combination !== g) {
      return { verdict: "rejected", bindings: { failure: "bezout_mismatch", combination: combination.toString() }, reason: "a·x + b·y ≠ g" };
    }
    for (const [operand, v] of [["left", a], ["right", b]] as const) {
      const remainder = remainderOf(v, g);
      if (remainder !== 0n) {
        return { verdict: "rejected", bindings: { failure: "not_a_common_divisor", operand, remainder: remainder.toString() }, reason: `g does not divide ${operand === "left" ? "a" : "b"}` };
      }
    }
    return { verdict: "accepted", bindings: {} };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    const A = req.left, B = req.right;
    const { gcd: g, x, y } = req.claim;
    if (f.verdict === "accepted") {
      // g ≥ 0 and g | a, g | b (a·x + b·y = g was the other acceptance condition).
      if (b.failure !== undefined || g < 0n) return "an accepted claim has a non-negative gcd and no failure";
      return remainderOf(A, g) === 0n && remainderOf(B, g) === 0n ? null : "an accepted gcd divides both operands";
    }
    switch (b.failure) {
      case "negative_gcd":
        return g < 0n ? null : "the gcd is not negative";
      case "bezout_mismatch": {
        const combination = A * x + B * y;
        return b.combination === combination.toString() && combination !== g ? null : "wrong combination binding";
      }
      case "not_a_common_divisor": {
        const r = remainderOf(b.operand === "left" ? A : B, g);
        return r !== 0n && b.remainder === r.toString() ? null : "wrong remainder binding";
      }
      default:
        return "a rejection names its failure";
    }
  },
  examples: [
    { title: "240·(−9) + 46·47 = 2 = gcd(240, 46)", payload: { left: "240", right: "46", claim: { gcd: "2", x: "-9", y: "47" } }, expected: { verdict: "accepted", bindings: {} } },
    { title: "a non-minimal Bezout pair is accepted too", payload: { left: "240", right: "46", claim: { gcd: "2", x: "14", y: "-73" } }, expected: { verdict: "accepted", bindings: {} } },
    {
      title: "a common divisor that is not the gcd fails the Bezout identity",
      payload: { left: "240", right: "46", claim: { gcd: "1", x: "-9", y: "47" } },
      expected: { verdict: "rejected", bindings: { failure: "bezout_mismatch", combination: "2" } },
    },
    {
      title: "a negative gcd is rejected",
      payload: { left: "4", right: "6", claim: { gcd: "-2", x: "-1", y: "0" } },
      expected: { verdict: "rejected", bindings: { failure: "negative_gcd" } },
    },
    {
      title: "a·x + b·y = g is not enough: 4·(−2) + 6·2 = 4 does not divide 6",
      payload: { left: "4", right: "6", claim: { gcd: "4", x: "-2", y: "2" } },
      expected: { verdict: "rejected", bindings: { failure: "not_a_common_divisor", operand: "right", remainder: "2" } },
    },
    { title: "gcd(0, 0) = 0", payload: { left: "0", right: "0", claim: { gcd: "0", x: "5", y: "-3" } }, expected: { verdict: "accepted", bindings: {} } },
  ],
});
