import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { derangements, derangementsModPrime, log2Factorial, mulUnits } from "../../domain/math/combinatorics.js";
import { naturalString, strict } from "../_support/wire.js";
import { BUDGET, CHECK_PRIMES, decimalResidue, PARAM_DIGITS, RESULT_BOUND_DESCRIPTION, RESULT_CHARS, sized, small } from "./support.js";

const Request = strict(type({ n: naturalString(PARAM_DIGITS).describe("n ≥ 0 as a decimal string") }));
const Result = strict(type({ derangements: naturalString(RESULT_CHARS).describe("!n: permutations of n elements without fixed points") }));
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "combinatorics.derangements.compute",
  version: "1.0.0",
  title: "Derangements !n (subfactorial)",
  summary:
    "Exact number of derangements !n (permutations of n elements with no fixed point; !0 = 1, !1 = 0) for n ≥ 0, up to 1,000,000 digits (n ≤ about 205,000). " +
    "!n = Σ_{i=0}^{n} (−1)^i n!/i! summed by binary splitting (O(M(b)·log n) for b-bit results) rather than the O(n²)-bit recurrence. " +
    "Postcondition: recomputed modulo two primes by the recurrence !n = n·!(n − 1) + (−1)^n.",
  keywords: ["derangements", "derangement", "subfactorial", "!n", "fixed-point-free permutations", "rencontres", "montmort", "hat check", "combinatorics", "counting"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "n_digits", limit: PARAM_DIGITS, unit: "decimal digits", description: "n is given with at most this many digits" },
    { name: "result_digits", limit: 1_000_000, unit: "decimal digits", description: RESULT_BOUND_DESCRIPTION },
  ],
  cost_model: "b = log2 n! − log2 e; binary splitting: units = 2.5·M(b)·log2(n/32) + n/4 (leaves, postcondition loops) + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
  budget: BUDGET,
  progress_measure: "terms of the sum done, out of n",
  preflight(req) {
    const n = small(req.n);
    const bits = Math.max(1, log2Factorial(n) - Math.log2(Math.E)) + 1;
    return sized(bits, 2.5 * mulUnits(bits) * Math.max(1, Math.log2(n / 32)) + n / 4, 6 * bits, `n = ${req.n}`);
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx) {
    return { derangements: derangements(small(req.n), ctx).toString() };
  },
  postcondition(req, res) {
    const n = small(req.n);
    for (const p of CHECK_PRIMES) if (decimalResidue(res.derangements, p) !== derangementsModPrime(n, p)) return `!n mod ${p} differs from the recurrence`;
    return (n === 1) === (res.derangements === "0") ? null : "!n is 0 exactly for n = 1";
  },
  examples: [
    { title: "!0 = 1", payload: { n: "0" }, expected: { derangements: "1" } },
    { title: "!1 = 0", payload: { n: "1" }, expected: { derangements: "0" } },
    { title: "!4 = 9", payload: { n: "4" }, expected: { derangements: "9" } },
    { title: "!20", payload: { n: "20" }, expected: { derangements: "895014631192902121" } },
    { title: "!50", payload: { n: "50" }, expected: { derangements: "11188719610782480504630258070757734324011354208865721592720336801" } },
  ],
});
