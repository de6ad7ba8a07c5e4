import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { divisorSum } from "../../domain/math/arithmetic.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import {
  CertaintyType, checkFactorization, EffortType, FACTOR_BOUNDS, FACTOR_BUDGET, FACTOR_COST_MODEL, FACTOR_PORTS, FACTOR_PROGRESS, factorForArithmetic, factorizationDescription,
  FactorizationType, factorPreflight, factorsOf, incomplete, IncompleteBranch, NType, parseNonZero,
} from "./arithmetic_support.js";

/** σ_k(n) has at most about k·digits(n) + 1 digits; requests above this are refused by preflight. */
const MAX_RESULT_DIGITS = 1_000_000;
const MAX_K = 1_000_000;

const Request = strict(
  type({
    n: NType,
    "effort?": EffortType,
    "k?": naturalString(7).describe('the power k ≥ 0 of σ_k(n) = Σ_{d | n} d^k, as a decimal string (default "1"; at most 1,000,000, and k·digits(n) at most 1,000,000)'),
  }),
);
const Result = strict(
  type({
    status: type("'COMPLETE'"),
    certainty: CertaintyType,
    divisor_sum: positiveString(MAX_RESULT_DIGITS + 10).describe("σ_k(|n|) = Σ d^k over the positive divisors d of n"),
    factorization: FactorizationType,
    unfactored: type("'1'"),
  }).or(IncompleteBranch),
);

const kOf = (req: { k?: string }): number => Number(req.k ?? "1");

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.divisor_sum.compute",
  version: "1.0.0",
  title: "Divisor sum σ_k(n)",
  summary:
    "σ_k(|n|) = Σ_{d | n} d^k = Π (p^(k(e+1)) − 1)/(p^k − 1) for n ≠ 0 (up to 1000 digits) and k ≥ 0 (default 1: the sum of divisors; σ_0 = τ). " +
    "σ_k(1) = 1; negative n uses |n| (PARI/GP convention); n = 0 is a DOMAIN_ERROR; k·digits(n) above 1,000,000 is refused before any work. " + factorizationDescription("σ_k"),
  keywords: ["divisor sum", "sum of divisors", "sigma", "σ", "sigma_k", "divisor function", "perfect number", "abundant", "aliquot", "multiplicative function", "arithmetic function", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "factorization (shared engine) and exact bigint arithmetic" }],
  bounds: [
    ...FACTOR_BOUNDS,
    { name: "k", limit: MAX_K, unit: "exponent", description: "the power k of σ_k" },
    { name: "result_digits", limit: MAX_RESULT_DIGITS, unit: "decimal digits", description: "k·digits(n) (a bound on the digits of σ_k(n)) is at most this" },
  ],
  cost_model: FACTOR_COST_MODEL + "; then the products: about (k·b/64)^1.6 for the result of k·b bits. Refused when k·digits(n) > 1,000,000.",
  budget: FACTOR_BUDGET,
  progress_measure: FACTOR_PROGRESS,
  preflight(req) {
    const digits = req.n.replace("-", "").length;
    const resultDigits = kOf(req) * digits;
    if (resultDigits > MAX_RESULT_DIGITS) return { units: Infinity, memory_bytes: 0, basis: `σ_k(n) would have up to k·digits(n) = ${resultDigits} digits, above the ${MAX_RESULT_DIGITS}-digit bound` };
    const limbs = (resultDigits * 3.33) / 64 + 1;
    return factorPreflight(digits, req.effort, { units: limbs ** 1.6 * 4, memory: limbs * 8 * 8, basis: `a result of up to ${resultDigits} digits` });
  },
  ports: { inputs: FACTOR_PORTS, outputs: { divisor_sum: { field: "divisor_sum", kind: "integer", description: "σ_k(|n|)" } } },
  execute(req, ctx) {
    const run = factorForArithmetic(parseNonZero(req.n, "σ_k"), req.effort, ctx);
    if (!run.complete) return incomplete(run);
    return { status: "COMPLETE", certainty: run.certainty, divisor_sum: divisorSum(run.factors, kOf(req)).toString(), factorization: run.wire, unfactored: "1" };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    const k = BigInt(kOf(req));
    const s = BigInt(res.divisor_sum);
    // Independent form: each factor Σ_{i ≤ e} p^(ik) by Horner (when small enough), multiplied up; else only σ_k ≡ 1 + p^k + … mod small checks.
    let size = 0;
    for (const f of factorsOf(res)) size += f.exponent * Number(k) * f.prime.toString(2).length;
    if (size > 4_000_000) return s > 0n ? null : "σ_k must be positive";
    let prod = 1n;
    for (const { prime, exponent } of factorsOf(res)) {
      const pk = prime ** k;
      let acc = 1n;
      for (let i = 0; i < exponent; i++) acc = acc * pk + 1n;
      prod *= acc;
    }
    return prod === s ? null : "σ_k(n) ≠ Π (1 + p^k + … + p^(ek))";
  },
  examples: [
    { title: "σ(12) = 28", payload: { n: "12" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_sum: "28", factorization: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "1" }], unfactored: "1" } },
    { title: "σ_2(12) = 210", payload: { n: "12", k: "2" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_sum: "210", factorization: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "1" }], unfactored: "1" } },
    { title: "σ_0(12) = τ(12) = 6", payload: { n: "12", k: "0" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_sum: "6", factorization: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "1" }], unfactored: "1" } },
    { title: "28 is perfect: σ(−28) = σ(28) = 56", payload: { n: "-28" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_sum: "56", factorization: [{ prime: "2", exponent: "2" }, { prime: "7", exponent: "1" }], unfactored: "1" } },
    { title: "σ_5(1) = 1", payload: { n: "1", k: "5" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_sum: "1", factorization: [], unfactored: "1" } },
  ],
});
