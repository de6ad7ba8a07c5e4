import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { log2Factorial, log2Stirling1, mulUnits, stirling1ModPrime, stirling1Plan, stirling1Unsigned } from "../../domain/math/combinatorics.js";
import { integerString, naturalString, strict } from "../_support/wire.js";
import { BUDGET, decimalResidue, PARAM_DIGITS, RESULT_BOUND_DESCRIPTION, RESULT_CHARS, sized, small } from "./support.js";

/** Primes of the postcondition (the residue formula costs O(p²) per prime). */
const STIRLING_CHECK_PRIMES = [499, 503];

const Request = strict(
  type({
    n: naturalString(PARAM_DIGITS).describe("n ≥ 0 (number of elements)"),
    k: naturalString(PARAM_DIGITS).describe("k ≥ 0 (number of cycles)"),
  }),
);
const Result = strict(
  type({
    signed: integerString(RESULT_CHARS).describe("s(n, k) = (−1)^{n−k}·c(n, k): the coefficient of x^k in x(x − 1)⋯(x − n + 1) (PARI/GP stirling(n, k, 1), Mathematica StirlingS1)"),
    unsigned: naturalString(RESULT_CHARS).describe("c(n, k) = |s(n, k)|: permutations of n elements with exactly k cycles, the coefficient of x^k in x(x + 1)⋯(x + n − 1) (SymPy stirling(n, k, kind=1))"),
  }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "combinatorics.stirling1.compute",
  version: "1.0.0",
  title: "Stirling numbers of the first kind s(n, k), signed and unsigned",
  summary:
    "Exact Stirling number of the first kind for n, k ≥ 0, in both conventions at once: signed s(n, k) = (−1)^{n−k} c(n, k) (PARI/GP, Mathematica) and unsigned c(n, k) " +
    "(permutations of n elements with k cycles; SymPy's default). s(0, 0) = 1, s(n, 0) = 0 for n > 0, s(n, k) = 0 for k > n. " +
    "c(n, k) is the coefficient e_{n−k}(1, …, n − 1), read off a product tree of the linear factors truncated to degree min(k − 1, n − k) (Kronecker substitution for the polynomial products); " +
    "the cost grows like the whole row, about 3 s at n = 2000, k = 1000 (cost-bounded). Postcondition: c(n, k) modulo two primes from Π_{i<p}(x + i) ≡ x^p − x (mod p).",
  keywords: ["stirling", "stirling number", "first kind", "stirling1", "stirling s1", "cycles", "permutation cycles", "rising factorial coefficients", "falling factorial coefficients", "combinatorics", "counting"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "n_digits", limit: PARAM_DIGITS, unit: "decimal digits", description: "n and k have at most this many digits (the cost model bounds n)" },
    { name: "result_digits", limit: 1_000_000, unit: "decimal digits", description: `${RESULT_BOUND_DESCRIPTION} (the two fields together)` },
  ],
  cost_model:
    "b = log2 c(n, k) (saddle-point bound Γ(ρ + n)/(Γ(ρ)ρ^k)); the product tree over n − 1 linear factors truncated to degree d is costed level by level: 2^ℓ merges of polynomials with " +
    "min(n/2^{ℓ+1}, d) + 1 coefficients of s bits (s from log2 Π(1 + i), or (d + 1)·C(m, d)·max^d on the reversed side) cost 1.2·M(2·coefficients·s); the cheaper orientation is used. " +
    "units = that + decimal conversion 2·3·M(b); M as in combinatorics.factorial.compute. Memory: the root product (2·coefficients·s bits) as bigints and hexadecimal strings, about 2 bytes per bit.",
  budget: BUDGET,
  progress_measure: "linear factors multiplied in, out of n − 1",
  preflight(req) {
    const n = small(req.n), k = small(req.k);
    const basis = `n = ${req.n}, k = ${req.k}`;
    if (k >= n || k === 0) return sized(2, 10, 64, basis);
    const bits = 2 * (log2Stirling1(n, k) + 2);
    if (bits > 1e7) return sized(bits, 0, 0, basis);
    if (k === 1) return sized(bits, 3 * mulUnits(log2Factorial(n)) + n / 4, 2 * bits, basis);
    const plan = stirling1Plan(n, k);
    // the root product as bigints and as hexadecimal strings (2 bytes per 4 bits), operands included
    return sized(bits, plan.units, 2 * plan.peakBits, `${basis} (${plan.reversed ? "reversed" : "forward"} product tree truncated to degree ${plan.d})`);
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx) {
    const n = small(req.n), k = small(req.k);
    const c = stirling1Unsigned(n, k, ctx);
    return { signed: ((n - k) & 1 && c !== 0n ? -c : c).toString(), unsigned: c.toString() };
  },
  postcondition(req, res) {
    const n = small(req.n), k = small(req.k);
    const negative = (n - k) % 2 === 1 && res.unsigned !== "0";
    if (res.signed !== (negative ? "-" + res.unsigned : res.unsigned)) return "signed must be (−1)^{n−k} times unsigned";
    for (const p of STIRLING_CHECK_PRIMES) if (decimalResidue(res.unsigned, p) !== stirling1ModPrime(n, k, p)) return `c(n, k) mod ${p} differs from the residue formula`;
    const zero = k > n || (k === 0 && n > 0);
    return zero === (res.unsigned === "0") ? null : zero ? "c(n, k) must be 0 here" : "c(n, k) is positive here";
  },
  examples: [
    { title: "s(4, 2) = 11 (signed: (−1)^2·11)", payload: { n: "4", k: "2" }, expected: { signed: "11", unsigned: "11" } },
    { title: "s(5, 2) = −50", payload: { n: "5", k: "2" }, expected: { signed: "-50", unsigned: "50" } },
    { title: "s(0, 0) = 1, s(n, 0) = 0", payload: { n: "6", k: "0" }, expected: { signed: "0", unsigned: "0" } },
    { title: "c(10, 1) = 9!", payload: { n: "10", k: "1" }, expected: { signed: "-362880", unsigned: "362880" } },
    { title: "s(30, 15)", payload: { n: "30", k: "15" }, expected: { signed: "-8459574446076318147830625", unsigned: "8459574446076318147830625" } },
  ],
});
