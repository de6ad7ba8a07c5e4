import { abs, extendedGcd } from "../../domain/math/integer.js";
import { likelySumOfProducts } from "../../domain/math/identity_check.js";
import { request, result } from "../_support/kinds.js";
import { builtinCompute, integerField } from "./builtin.js";
import { EXTENDED_GCD_KIND, extendedGcdShape, GCD_MAX_DIGITS as MAX_DIGITS, halfGcdEstimate, OPERAND_BOUNDS } from "./gcd_support.js";

const Request = request({
  left: integerField(MAX_DIGITS, "a"),
  right: integerField(MAX_DIGITS, "b"),
});
const Result = result(extendedGcdShape("result"), EXTENDED_GCD_KIND);

const NORMALISATION =
  "(x, y) = (sign(a)·X, sign(b)·Y) where (X, Y) are the cofactors of the Euclidean algorithm on (|a|, |b|): " +
  "b = 0 gives (sign(a), 0); a = 0 gives (0, sign(b)) (so gcd(0, 0) = 0 with x = y = 0); |a| = |b| ≠ 0 gives (0, sign(b)); " +
  "otherwise |x| ≤ |b|/(2g) and |y| ≤ |a|/(2g), the minimal pair.";

export default builtinCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.extended_gcd.compute",
  title: "Extended gcd: Bezout coefficients of two integers",
  summary:
    "Exact g = gcd(a, b) ≥ 0 and Bezout coefficients x, y with a·x + b·y = g for integers of up to 100,000 digits (subquadratic: half-gcd reductions above about 3,000 digits with the cofactors carried back through them, extended Lehmer below). " +
    "Normalisation: " + NORMALISATION + " The whole result is published on the `extended_gcd` port; integer.extended_gcd.verify takes it as its claim.",
  keywords: ["extended gcd", "egcd", "xgcd", "gcdext", "bezout", "bézout", "bezout coefficients", "bezout identity", "modular inverse", "euclid", "integer", "gcd", "diophantine"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic",
  bounds: OPERAND_BOUNDS,
  cost_model:
    "units ≈ 160·L^1.6 + 2000·L for L = ⌈max bit length / 64⌉ limbs: the half-gcd reduction, O(M(n) log n) with V8's multiplication M, plus carrying the cofactors back through its matrices (calibrated on 1,000–100,000-digit operands, about 1 ns of CPU per unit)",
  budget: { max_units: 1e10, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 20_000 },
  // Memory: the operands, the recorded half-gcd steps (a geometric series) and the cofactors.
  preflight: (req) => halfGcdEstimate(req.left, req.right, 160, 2000, 16),
  ports: { outputs: { extended_gcd: { field: ".", description: "the whole result { gcd, x, y }: the claim of integer.extended_gcd.verify" } } },
  execute(req) {
    const { gcd, x, y } = extendedGcd(req.left, req.right);
    return { gcd, x, y };
  },
  postcondition(req, res) {
    const a = req.left, b = req.right;
    const { gcd: g, x, y } = res;
    // modulo random 62-bit primes: the two products cost as much as the gcd itself (3–4 ms at
    // 20,000 digits); a wrong triple is caught with overwhelming probability (identity_check.ts)
    if (!likelySumOfProducts([a, b], [x, y], g)) return "a·x + b·y ≠ gcd";
    if (g === 0n) return a === 0n && b === 0n && x === 0n && y === 0n ? null : "gcd is 0 but an operand or a coefficient is non-zero";
    if (a % g !== 0n || b % g !== 0n) return "the gcd does not divide both operands";
    // a·x + b·y = g with g | a and g | b makes g the greatest common divisor; now the normalisation.
    if (b === 0n) return x === (a < 0n ? -1n : 1n) && y === 0n ? null : "b = 0 must give (x, y) = (sign(a), 0)";
    if (a === 0n || abs(a) === abs(b)) return x === 0n && y === (b < 0n ? -1n : 1n) ? null : "a = 0 or |a| = |b| must give (x, y) = (0, sign(b))";
    if (2n * g * abs(x) > abs(b) || 2n * g * abs(y) > abs(a)) return "the Bezout coefficients are not the minimal pair";
    return null;
  },
  examples: [
    { title: "240 and 46", payload: { left: "240", right: "46" }, expected: { gcd: "2", x: "-9", y: "47" } },
    { title: "a negative operand: the sign moves to its coefficient", payload: { left: "-240", right: "46" }, expected: { gcd: "2", x: "9", y: "47" } },
    { title: "coprime operands give a modular inverse: 17·(−7) ≡ 1 (mod 120)", payload: { left: "17", right: "120" }, expected: { gcd: "1", x: "-7", y: "1" } },
    { title: "a zero operand", payload: { left: "0", right: "-15" }, expected: { gcd: "15", x: "0", y: "-1" } },
    { title: "gcd(0, 0) = 0", payload: { left: "0", right: "0" }, expected: { gcd: "0", x: "0", y: "0" } },
    { title: "equal absolute values", payload: { left: "12", right: "-12" }, expected: { gcd: "12", x: "0", y: "-1" } },
    {
      title: "beyond 2^64: consecutive Fibonacci numbers F(100), F(99) are coprime; x = F(97), y = −F(98)",
      payload: { left: "354224848179261915075", right: "218922995834555169026" },
      expected: { gcd: "1", x: "83621143489848422977", y: "-135301852344706746049" },
    },
  ],
});
