import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { omega } from "../../domain/math/arithmetic.js";
import { naturalString, strict } from "../_support/wire.js";
import {
  CertaintyType, checkFactorization, EffortType, FACTOR_BOUNDS, FACTOR_BUDGET, FACTOR_COST_MODEL, FACTOR_PORTS, FACTOR_PROGRESS, factorForArithmetic, factorizationDescription,
  FactorizationType, factorPreflight, incomplete, IncompleteBranch, NType, parseNonZero,
} from "./arithmetic_support.js";

const Request = strict(type({ n: NType, "effort?": EffortType }));
const Result = strict(
  type({
    status: type("'COMPLETE'"),
    certainty: CertaintyType,
    omega: naturalString(5).describe("ω(|n|): the number of distinct prime factors"),
    factorization: FactorizationType,
    unfactored: type("'1'"),
  }).or(IncompleteBranch),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.omega.compute",
  version: "1.0.0",
  title: "Number of distinct prime factors ω(n)",
  summary:
    "ω(|n|), the number of distinct primes dividing n ≠ 0 (up to 1000 digits; ω(1) = 0; negative n uses |n|; n = 0 is a DOMAIN_ERROR). " +
    "For the count with multiplicity use integer.bigomega.compute. " + factorizationDescription("ω"),
  keywords: ["omega", "ω", "little omega", "distinct prime factors", "count distinct prime factors", "number of distinct prime factors", "distinct prime count", "prime divisors", "arithmetic function", "additive function", "integer"],
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
  ports: { inputs: FACTOR_PORTS, outputs: {} },
  execute(req, ctx) {
    const run = factorForArithmetic(parseNonZero(req.n, "ω"), req.effort, ctx);
    if (!run.complete) return incomplete(run);
    return { status: "COMPLETE", certainty: run.certainty, omega: String(omega(run.factors)), factorization: run.wire, unfactored: "1" };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    return Number(res.omega) === res.factorization.length ? null : "ω(n) is not the number of distinct primes";
  },
  examples: [
    { title: "ω(720) = 3", payload: { n: "720" }, expected: { status: "COMPLETE", certainty: "PROVEN", omega: "3", factorization: [{ prime: "2", exponent: "4" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }], unfactored: "1" } },
    { title: "ω(1) = 0", payload: { n: "1" }, expected: { status: "COMPLETE", certainty: "PROVEN", omega: "0", factorization: [], unfactored: "1" } },
    { title: "ω(2^64 + 1) = 2", payload: { n: "18446744073709551617" }, expected: { status: "COMPLETE", certainty: "PROVEN", omega: "2", factorization: [{ prime: "274177", exponent: "1" }, { prime: "67280421310721", exponent: "1" }], unfactored: "1" } },
  ],
});
