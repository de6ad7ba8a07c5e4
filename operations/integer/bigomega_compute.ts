import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { bigOmega } from "../../domain/math/arithmetic.js";
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
    bigomega: naturalString(5).describe("Ω(|n|): the number of prime factors counted with multiplicity"),
    factorization: FactorizationType,
    unfactored: type("'1'"),
  }).or(IncompleteBranch),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.bigomega.compute",
  version: "1.0.0",
  title: "Number of prime factors with multiplicity Ω(n)",
  summary:
    "Ω(|n|) = Σ e, the number of prime factors of n ≠ 0 counted with multiplicity (up to 1000 digits; Ω(1) = 0; negative n uses |n|; n = 0 is a DOMAIN_ERROR). " +
    "For distinct primes use integer.omega.compute. " + factorizationDescription("Ω"),
  keywords: ["bigomega", "big omega", "Ω", "prime factors with multiplicity", "count prime factors with multiplicity", "total number of prime factors", "number of prime factors", "prime factor count", "arithmetic function", "additive function", "integer"],
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
    const run = factorForArithmetic(parseNonZero(req.n, "Ω"), req.effort, ctx);
    if (!run.complete) return incomplete(run);
    return { status: "COMPLETE", certainty: run.certainty, bigomega: String(bigOmega(run.factors)), factorization: run.wire, unfactored: "1" };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    let s = 0;
    for (const f of res.factorization) s += Number(f.exponent);
    return s === Number(res.bigomega) ? null : "Ω(n) ≠ Σ e";
  },
  examples: [
    { title: "Ω(720) = 7", payload: { n: "720" }, expected: { status: "COMPLETE", certainty: "PROVEN", bigomega: "7", factorization: [{ prime: "2", exponent: "4" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }], unfactored: "1" } },
    { title: "Ω(1) = 0", payload: { n: "1" }, expected: { status: "COMPLETE", certainty: "PROVEN", bigomega: "0", factorization: [], unfactored: "1" } },
    { title: "Ω(2^100) = 100", payload: { n: "1267650600228229401496703205376" }, expected: { status: "COMPLETE", certainty: "PROVEN", bigomega: "100", factorization: [{ prime: "2", exponent: "100" }], unfactored: "1" } },
  ],
});
