import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { divisorCount } from "../../domain/math/arithmetic.js";
import { positiveString, strict } from "../_support/wire.js";
import {
  CertaintyType, checkFactorization, EffortType, FACTOR_BOUNDS, FACTOR_BUDGET, FACTOR_COST_MODEL, FACTOR_PORTS, FACTOR_PROGRESS, factorForArithmetic, factorizationDescription,
  FactorizationType, factorPreflight, factorsOf, incomplete, IncompleteBranch, NType, parseNonZero,
} from "./arithmetic_support.js";

const Request = strict(type({ n: NType, "effort?": EffortType }));
const Result = strict(
  type({
    status: type("'COMPLETE'"),
    certainty: CertaintyType,
    divisor_count: positiveString(2000).describe("τ(|n|) = d(|n|): the number of positive divisors"),
    factorization: FactorizationType,
    unfactored: type("'1'"),
  }).or(IncompleteBranch),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.divisor_count.compute",
  version: "1.0.0",
  title: "Number of divisors τ(n)",
  summary:
    "τ(|n|) = d(|n|) = Π (e + 1), the number of positive divisors of n ≠ 0 (up to 1000 digits; τ(1) = 1; negative n uses |n|; n = 0 is a DOMAIN_ERROR). " +
    factorizationDescription("τ"),
  keywords: ["divisor count", "number of divisors", "tau", "τ", "d(n)", "numdiv", "sigma_0", "σ0", "divisor function", "multiplicative function", "arithmetic function", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "factorization (shared engine) and exact bigint arithmetic" }],
  bounds: FACTOR_BOUNDS,
  cost_model: FACTOR_COST_MODEL,
  budget: FACTOR_BUDGET,
  progress_measure: FACTOR_PROGRESS,
  preflight: (req) => factorPreflight(req.n.replace("-", "").length, req.effort),
  ports: { inputs: FACTOR_PORTS, outputs: { divisor_count: { field: "divisor_count", kind: "integer", description: "τ(|n|)" } } },
  execute(req, ctx) {
    const run = factorForArithmetic(parseNonZero(req.n, "τ"), req.effort, ctx);
    if (!run.complete) return incomplete(run);
    return { status: "COMPLETE", certainty: run.certainty, divisor_count: divisorCount(run.factors).toString(), factorization: run.wire, unfactored: "1" };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    let t = 1n;
    for (const { exponent } of factorsOf(res)) t += t * BigInt(exponent); // t·(e + 1)
    return t === BigInt(res.divisor_count) ? null : "τ(n) ≠ Π (e + 1)";
  },
  examples: [
    {
      title: "τ(720720) = 240 (a highly composite number)",
      payload: { n: "720720" },
      expected: {
        status: "COMPLETE", certainty: "PROVEN", divisor_count: "240",
        factorization: [{ prime: "2", exponent: "4" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }, { prime: "7", exponent: "1" }, { prime: "11", exponent: "1" }, { prime: "13", exponent: "1" }],
        unfactored: "1",
      },
    },
    { title: "τ(1) = 1", payload: { n: "1" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_count: "1", factorization: [], unfactored: "1" } },
    { title: "τ(2^100) = 101", payload: { n: "1267650600228229401496703205376" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_count: "101", factorization: [{ prime: "2", exponent: "100" }], unfactored: "1" } },
    { title: "negative n uses |n|: τ(−12) = 6", payload: { n: "-12" }, expected: { status: "COMPLETE", certainty: "PROVEN", divisor_count: "6", factorization: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "1" }], unfactored: "1" } },
  ],
});
