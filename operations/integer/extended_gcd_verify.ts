import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { integerString, strict } from "../_support/wire.js";

const MAX_DIGITS = 100_000;

const Request = strict(
  type({
    left: integerString(MAX_DIGITS).describe("a"),
    right: integerString(MAX_DIGITS).describe("b"),
    gcd: integerString(MAX_DIGITS).describe("claimed g = gcd(a, b)"),
    x: integerString(2 * MAX_DIGITS).describe("claimed coefficient of a"),
    y: integerString(2 * MAX_DIGITS).describe("claimed coefficient of b"),
  }),
);
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    "failure?": type("'negative_gcd' | 'bezout_mismatch' | 'not_a_common_divisor'").describe("why the claim was rejected"),
    "combination?": integerString(3 * MAX_DIGITS + 2).describe("bezout_mismatch: the value of a·x + b·y, which differs from g"),
    "operand?": type("'left' | 'right'").describe("not_a_common_divisor: the operand g does not divide"),
    "remainder?": integerString(MAX_DIGITS).describe("not_a_common_divisor: that operand modulo g (non-zero; for g = 0, the operand itself)"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "Three exact checks, no Euclidean algorithm: g ≥ 0; a·x + b·y = g (one multiplication each); g divides a and b (two divisions; g = 0 divides only 0). " +
  "Together they prove g = gcd(a, b): every common divisor of a and b divides a·x + b·y = g, and g is itself a non-negative common divisor.";

export default defineChecker<Req>({
  id: "integer.extended_gcd.verify",
  version: "1.0.0",
  title: "Verify a claimed extended gcd (g, x, y) of two integers",
  summary:
    "Checks a claim g = gcd(a, b) with Bezout coefficients a·x + b·y = g for integers of up to 100,000 digits: g ≥ 0, the Bezout identity, and g | a, g | b — which together prove " +
    "that g is the gcd. Any valid pair (x, y) is accepted, not only the minimal one. Rejections name the failed check with its exact value.",
  keywords: ["extended gcd", "egcd", "xgcd", "gcdext", "bezout", "bézout", "bezout identity", "bezout coefficients", "verify", "check", "gcd", "certificate", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "a, b and g have at most this many digits (x and y at most twice as many)" },
  ],
  cost_model: "units = (bits(a)·bits(x) + bits(b)·bits(y))/4096 for the products + 2·bits(a, b)·bits(g)/4096 for the divisions (schoolbook estimates), bits ≈ 3.33 × digits",
  budget: { max_units: 5e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const b = (s: string) => s.length * 3.33;
    const units = (b(req.left) * b(req.x) + b(req.right) * b(req.y)) / 4096 + (2 * Math.max(b(req.left), b(req.right)) * b(req.gcd)) / 4096 + 100;
    const chars = req.left.length + req.right.length + req.x.length + req.y.length + req.gcd.length;
    return { units, memory_bytes: 8 * chars + 2 ** 20, basis: `operands of ${req.left.length} and ${req.right.length} digits, coefficients of ${req.x.length} and ${req.y.length}` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req): CheckerFinding {
    const a = BigInt(req.left), b = BigInt(req.right), g = BigInt(req.gcd), x = BigInt(req.x), y = BigInt(req.y);
    if (g < 0n) return { verdict: "rejected", bindings: { failure: "negative_gcd" }, reason: "a gcd is never negative" };
    const combination = a * x + b * y;
    if (combination !== g) {
      return { verdict: "rejected", bindings: { failure: "bezout_mismatch", combination: combination.toString() }, reason: "a·x + b·y ≠ g" };
    }
    for (const [operand, v] of [["left", a], ["right", b]] as const) {
      const remainder = g === 0n ? v : v % g;
      if (remainder !== 0n) {
        return { verdict: "rejected", bindings: { failure: "not_a_common_divisor", operand, remainder: remainder.toString() }, reason: `g does not divide ${operand === "left" ? "a" : "b"}` };
      }
    }
    return { verdict: "accepted", bindings: {} };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    const A = BigInt(req.left), B = BigInt(req.right), g = BigInt(req.gcd);
    if (f.verdict === "accepted") {
      // g ≥ 0 and g | a, g | b (a·x + b·y = g was the other acceptance condition).
      if (b.failure !== undefined || g < 0n) return "an accepted claim has a non-negative gcd and no failure";
      return (g === 0n ? A === 0n && B === 0n : A % g === 0n && B % g === 0n) ? null : "an accepted gcd divides both operands";
    }
    switch (b.failure) {
      case "negative_gcd":
        return g < 0n ? null : "the gcd is not negative";
      case "bezout_mismatch":
        return BigInt(b.combination!) === A * BigInt(req.x) + B * BigInt(req.y) && BigInt(b.combination!) !== g ? null : "wrong combination binding";
      case "not_a_common_divisor": {
        const v = b.operand === "left" ? A : B;
        return BigInt(b.remainder!) === (g === 0n ? v : v % g) && b.remainder !== "0" ? null : "wrong remainder binding";
      }
      default:
        return "a rejection names its failure";
    }
  },
  examples: [
    { title: "240·(−9) + 46·47 = 2 = gcd(240, 46)", payload: { left: "240", right: "46", gcd: "2", x: "-9", y: "47" }, expected: { verdict: "accepted", bindings: {} } },
    { title: "a non-minimal Bezout pair is accepted too", payload: { left: "240", right: "46", gcd: "2", x: "14", y: "-73" }, expected: { verdict: "accepted", bindings: {} } },
    {
      title: "a common divisor that is not the gcd fails the Bezout identity",
      payload: { left: "240", right: "46", gcd: "1", x: "-9", y: "47" },
      expected: { verdict: "rejected", bindings: { failure: "bezout_mismatch", combination: "2" } },
    },
    {
      title: "a negative gcd is rejected",
      payload: { left: "4", right: "6", gcd: "-2", x: "-1", y: "0" },
      expected: { verdict: "rejected", bindings: { failure: "negative_gcd" } },
    },
    {
      title: "a·x + b·y = g is not enough: 4·(−2) + 6·2 = 4 does not divide 6",
      payload: { left: "4", right: "6", gcd: "4", x: "-2", y: "2" },
      expected: { verdict: "rejected", bindings: { failure: "not_a_common_divisor", operand: "right", remainder: "2" } },
    },
    { title: "gcd(0, 0) = 0", payload: { left: "0", right: "0", gcd: "0", x: "5", y: "-3" }, expected: { verdict: "accepted", bindings: {} } },
  ],
});
