import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { pellMinimality, quadraticPower } from "../../domain/math/diophantine.js";
import { decidePrimality } from "../../domain/math/primality.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import { LOG2_10 } from "./support.js";

const MAX_D_DIGITS = 200;
const MAX_DIGITS = 1_000_000;

const Request = strict(
  type({
    D: positiveString(MAX_D_DIGITS).describe("D ≥ 2 (at most 200 digits)"),
    x: positiveString(MAX_DIGITS).describe("claimed x > 0"),
    y: positiveString(MAX_DIGITS).describe("claimed y > 0"),
    "rhs?": type("'1' | '-1'").describe('the equation x² − D·y² = rhs: "1" (default) or "-1"'),
    "claim?": type("'fundamental' | 'solution'").describe('"fundamental" (default): (x, y) is the least positive solution; "solution": only that it is a positive solution'),
  }),
);
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    "failure?": type("'not_a_solution' | 'not_fundamental'").describe("why the claim was rejected"),
    "value?": integerString(2 * MAX_DIGITS + MAX_D_DIGITS + 2).describe("not_a_solution: the value of x² − D·y², which differs from rhs"),
    "fundamental?": type("boolean").describe("for a solution: whether it is the fundamental one (always decided: the minimality test is a proof, not a heuristic)"),
    "root_x?": positiveString(MAX_DIGITS).describe("not fundamental: a, where (a + b·√D)^k = x + y·√D with a² − D·b² = rhs (a smaller solution)"),
    "root_y?": positiveString(MAX_DIGITS).describe("not fundamental: b"),
    "root_exponent?": positiveString(8).describe("not fundamental: the prime k"),
    "exponents_checked?": naturalString(8).describe("fundamental: the number of prime exponents k excluded (every prime k ≤ log(2x + 1)/log(√D + √(D−1)))"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "1. Solution: x² − D·y² is computed exactly and compared with rhs (x, y > 0 by the request type). " +
  "2. Minimality, without continued fractions: the positive solutions are the powers ε1^m of the fundamental unit ε1 of norm rhs in Z[√D] (odd m for rhs = −1), so ε = x + y√D " +
  "is not fundamental iff ε = η^k for a prime k and a unit η = a + b√D (a, b ≥ 1) of the same norm; η ≥ √D + √(D−1) bounds k ≤ log(2x + 1)/log(√D + √(D−1)). " +
  "Each prime k in range is excluded by a power-residue test — for an auxiliary prime p ∤ 2D with k | p − (D/p), the norm-1 units modulo p form a cyclic group of order " +
  "p − (D/p), so a k-th power satisfies ε^((p−(D/p))/k) ≡ 1 (mod p) (ε² for rhs = −1); a failure excludes k — or, when six auxiliary primes do not exclude it, settled " +
  "exactly: 2a lies within 2 of ⌊(2x)^(1/k)⌋, b² = (a² − rhs)/D must be a perfect square, and (a + b√D)^k is compared with ε. A root found is returned as the witness.";

/** Prime exponents examined: every prime up to log(2x + 1)/log(√D + √(D − 1)) (about digits(x)·2.3/log(2√D)). */
function exponentBound(D: string, xDigits: number): number {
  const d = Number(D);
  return (xDigits * Math.LN10 + 1) / Math.log(Math.sqrt(d) + Math.sqrt(Math.max(1, d - 1)));
}

export default defineChecker<Req>({
  id: "diophantine.pell.verify",
  version: "1.0.0",
  title: "Verify a claimed (fundamental) solution of Pell's equation x² − D·y² = ±1",
  summary:
    "Checks that (x, y) with x, y > 0 satisfies x² − D·y² = 1 (or −1) and, by default, that it is the fundamental (least) solution — proven without continued fractions: " +
    "ε = x + y√D is not a k-th power of a smaller unit for any prime k up to log(2x + 1)/log(√D + √(D−1)), each k excluded by a power-residue test modulo an auxiliary prime or " +
    "by an exact k-th root. A non-fundamental solution is rejected with the smaller solution (a, b) and k, where (a + b√D)^k = x + y√D. x and y of up to 1,000,000 digits.",
  keywords: ["pell equation", "pell", "verify", "check", "fundamental solution", "fundamental unit", "minimal solution", "x^2 - d*y^2 = 1", "negative pell", "diophantine", "certificate"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "D_digits", limit: MAX_D_DIGITS, unit: "decimal digits", description: "D has at most this many digits" },
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "x and y have at most this many digits" },
  ],
  cost_model:
    "units = 3·(b/64)^1.6 for the squares (b = bits of x), plus per prime exponent k ≤ K (about K/ln K of them, K = digits(x)·2.3/log(2√D)) two reductions of x and y modulo an " +
    "auxiliary prime (2·b/64) and a small exponentiation (400)",
  budget: { max_units: 2e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
  progress_measure: "prime exponents k examined, out of the number of primes up to the bound",
  preflight(req) {
    const bits = Math.max(req.x.length, req.y.length) * LOG2_10;
    const K = exponentBound(req.D, req.x.length);
    const primes = K < 3 ? 1 : K / Math.log(K);
    const units = 3 * (bits / 64) ** 1.6 + primes * (4 * (bits / 64) + 400);
    return { units, memory_bytes: 16 * (req.x.length + req.y.length) + 2 * K + 2 ** 20, basis: `x of ${req.x.length} digits, D of ${req.D.length} digits, about ${Math.round(primes)} prime exponents` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx): CheckerFinding {
    const D = BigInt(req.D), x = BigInt(req.x), y = BigInt(req.y);
    const N = req.rhs === "-1" ? -1n : 1n;
    const value = x * x - D * y * y;
    if (value !== N) {
      return { verdict: "rejected", bindings: { failure: "not_a_solution", value: value.toString() }, reason: `x² − D·y² = ${value.toString().length > 40 ? "a different value" : value}, not ${N}` };
    }
    const m = pellMinimality(D, x, y, N as 1n | -1n, () => ctx.checkpoint(), (d, t) => ctx.progress(d, t));
    if (m.root) {
      const witness = { fundamental: false, root_x: m.root.a.toString(), root_y: m.root.b.toString(), root_exponent: String(m.root.k) };
      const reason = `x + y√D = (${m.root.a} + ${m.root.b}√D)^${m.root.k}, the power of a smaller solution`;
      return req.claim === "solution"
        ? { verdict: "accepted", bindings: witness, reason }
        : { verdict: "rejected", bindings: { failure: "not_fundamental", ...witness }, reason };
    }
    return { verdict: "accepted", bindings: { fundamental: true, exponents_checked: String(m.exponents) } };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    const D = BigInt(req.D), x = BigInt(req.x), y = BigInt(req.y);
    const N = req.rhs === "-1" ? -1n : 1n;
    if (b.failure === "not_a_solution") return f.verdict === "rejected" && BigInt(b.value!) === x * x - D * y * y && BigInt(b.value!) !== N ? null : "wrong value binding";
    if (b.root_x !== undefined) {
      const a = BigInt(b.root_x), bb = BigInt(b.root_y!), k = Number(b.root_exponent);
      if (!decidePrimality(BigInt(k)).prime || a * a - D * bb * bb !== N) return "the root is not a smaller solution with a prime exponent";
      const [px, py] = quadraticPower(D, a, bb, k);
      if (px !== x || py !== y) return "the root's power is not the claimed solution";
      return (f.verdict === "rejected") === (req.claim !== "solution") ? null : "a non-fundamental solution is rejected exactly when fundamentality was claimed";
    }
    return f.verdict === "accepted" && b.fundamental === true ? null : "a solution without a root witness is fundamental and accepted";
  },
  examples: [
    { title: "(649, 180) is the fundamental solution for D = 13", payload: { D: "13", x: "649", y: "180" }, expected: { verdict: "accepted", bindings: { fundamental: true } } },
    {
      title: "(17, 12) solves x² − 2y² = 1 but is (3 + 2√2)²",
      payload: { D: "2", x: "17", y: "12" },
      expected: { verdict: "rejected", bindings: { failure: "not_fundamental", fundamental: false, root_x: "3", root_y: "2", root_exponent: "2" } },
    },
    {
      title: "claiming only a solution: (17, 12) is accepted, with fundamental = false",
      payload: { D: "2", x: "17", y: "12", claim: "solution" },
      expected: { verdict: "accepted", bindings: { fundamental: false, root_x: "3", root_y: "2", root_exponent: "2" } },
    },
    { title: "the −1 equation: (18, 5) for D = 13", payload: { D: "13", x: "18", y: "5", rhs: "-1" }, expected: { verdict: "accepted", bindings: { fundamental: true } } },
    { title: "not a solution: 649² − 13·181² = −4692", payload: { D: "13", x: "649", y: "181" }, expected: { verdict: "rejected", bindings: { failure: "not_a_solution", value: "-4692" } } },
  ],
});
