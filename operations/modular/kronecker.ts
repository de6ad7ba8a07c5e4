import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { jacobi } from "../../domain/math/integer.js";
import { kronecker } from "../../domain/math/modular.js";
import { integerString, strict } from "../_support/wire.js";
import { bitsOf } from "./support.js";

const MAX_DIGITS = 20_000;

const Request = strict(
  type({
    a: integerString(MAX_DIGITS).describe("the integer a (at most 20,000 digits)"),
    n: integerString(MAX_DIGITS).describe("any integer n (at most 20,000 digits): zero, negative and even allowed"),
  }),
);
const Result = strict(type({ symbol: type("'-1' | '0' | '1'").describe("the Kronecker symbol (a/n)") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "modular.kronecker.compute",
  version: "1.0.0",
  title: "Kronecker symbol (a/n)",
  summary:
    "The Kronecker symbol (a/n) for all integers a, n (up to 20,000 digits): the Jacobi symbol extended by (a/2) = 0 for even a, 1 for a ≡ ±1 (mod 8), −1 for a ≡ ±3 (mod 8); " +
    "(a/−1) = −1 for a < 0, else 1; (a/0) = 1 for a = ±1, else 0. Agrees with PARI/GP's kronecker(a, n).",
  keywords: ["kronecker symbol", "kronecker", "jacobi", "legendre", "quadratic character", "reciprocity", "symbol", "modular", "discriminant"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [{ name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "a and n have at most this many digits each" }],
  cost_model: "units = bits(n)²/32 + bits(a)·bits(n)/4096: a Euclid-like sequence of reductions",
  budget: { max_units: 3e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const bn = bitsOf(req.n), ba = bitsOf(req.a);
    return { units: (bn * bn) / 32 + (ba * bn) / 4096, memory_bytes: (ba + bn) * 4, basis: `n of ${req.n.replace("-", "").length} digits, a of ${req.a.replace("-", "").length} digits` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req) {
    return { symbol: String(kronecker(BigInt(req.a), BigInt(req.n))) as "-1" | "0" | "1" };
  },
  postcondition(req, res) {
    // Independent recomputation for odd positive n (the plain Jacobi algorithm) and n = ±2^k·odd via complete multiplicativity in n.
    const a = BigInt(req.a);
    let n = BigInt(req.n);
    if (n === 0n) return res.symbol === ((a === 1n || a === -1n) ? "1" : "0") ? null : "(a/0) is wrong";
    let s = 1;
    if (n < 0n) {
      n = -n;
      if (a < 0n) s = -s;
    }
    while ((n & 1n) === 0n) {
      n >>= 1n;
      const r = ((a % 8n) + 8n) % 8n;
      s *= r === 1n || r === 7n ? 1 : r === 3n || r === 5n ? -1 : 0;
    }
    s *= jacobi(a, n);
    return String(s) === res.symbol ? null : "the symbol disagrees with the multiplicative decomposition";
  },
  examples: [
    { title: "(−5/−8): both negative and even", payload: { a: "-5", n: "-8" }, expected: { symbol: "1" } },
    { title: "(3/2) = −1 since 3 ≡ 3 (mod 8)", payload: { a: "3", n: "2" }, expected: { symbol: "-1" } },
    { title: "(a/0) = 0 unless a = ±1", payload: { a: "3", n: "0" }, expected: { symbol: "0" } },
    { title: "(−1/−1) = −1", payload: { a: "-1", n: "-1" }, expected: { symbol: "-1" } },
    { title: "the discriminant character of Q(√−23) at 3", payload: { a: "-23", n: "3" }, expected: { symbol: "1" } },
  ],
});
