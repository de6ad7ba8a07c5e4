import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { jacobi } from "../../domain/math/integer.js";
import { integerString, positiveString, strict } from "../_support/wire.js";
import { bitsOf } from "./support.js";

const MAX_DIGITS = 20_000;

const Request = strict(
  type({
    a: integerString(MAX_DIGITS).describe("the integer a (at most 20,000 digits)"),
    n: positiveString(MAX_DIGITS).describe("an odd positive integer n (at most 20,000 digits)"),
  }),
);
const Result = strict(type({ symbol: type("'-1' | '0' | '1'").describe("the Jacobi symbol (a/n): 0 iff gcd(a, n) > 1") }));

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "modular.jacobi.compute",
  version: "1.0.0",
  title: "Jacobi symbol (a/n)",
  summary:
    "The Jacobi symbol (a/n) = Π (a/p_i)^e_i for odd n = Π p_i^e_i > 0, computed without factoring n by quadratic reciprocity (binary algorithm), operands up to 20,000 digits. " +
    "0 iff gcd(a, n) > 1; (a/1) = 1. Note (a/n) = 1 does not imply that a is a square modulo n (use modular.quadratic_residue.compute); −1 does prove it is not. " +
    "Even or non-positive n is a DOMAIN_ERROR (use modular.kronecker.compute).",
  keywords: ["jacobi symbol", "jacobi", "quadratic reciprocity", "reciprocity", "legendre", "quadratic character", "symbol", "modular"],
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
    return { units: (bn * bn) / 32 + (ba * bn) / 4096, memory_bytes: (ba + bn) * 4, basis: `n of ${req.n.length} digits, a of ${req.a.replace("-", "").length} digits` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req) {
    const n = BigInt(req.n);
    if ((n & 1n) === 0n) throw domainError("the Jacobi symbol needs an odd n", "payload.n", "use modular.kronecker.compute for even n");
    return { symbol: String(jacobi(BigInt(req.a), n)) as "-1" | "0" | "1" };
  },
  postcondition(req, res) {
    // Multiplicativity in the top: (a/n) = (a/n1)(a/n2) for a split n = n1·n2 when one exists cheaply (n divisible by 3, 5 or 7).
    const a = BigInt(req.a), n = BigInt(req.n);
    for (const p of [3n, 5n, 7n]) {
      if (n % p === 0n && n !== p) {
        const s = jacobi(a, p) * jacobi(a, n / p);
        return String(s) === res.symbol ? null : "the symbol is not multiplicative in n";
      }
    }
    return null;
  },
  examples: [
    { title: "(2/15) = (2/3)(2/5) = (−1)(−1) = 1, although 2 is not a square mod 15", payload: { a: "2", n: "15" }, expected: { symbol: "1" } },
    { title: "(1001/9907) = −1", payload: { a: "1001", n: "9907" }, expected: { symbol: "-1" } },
    { title: "a shares a factor with n", payload: { a: "21", n: "35" }, expected: { symbol: "0" } },
    { title: "(a/1) = 1", payload: { a: "-5", n: "1" }, expected: { symbol: "1" } },
  ],
});
