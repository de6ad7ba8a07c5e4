import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { radical } from "../../domain/math/arithmetic.js";
import { positiveString, strict } from "../_support/wire.js";
import {
  CertaintyType, checkFactorization, EffortType, FACTOR_BOUNDS, FACTOR_BUDGET, FACTOR_COST_MODEL, FACTOR_MAX_DIGITS, FACTOR_PORTS, FACTOR_PROGRESS, factorForArithmetic, factorizationDescription,
  FactorizationType, factorPreflight, incomplete, IncompleteBranch, NType, parseNonZero,
} from "./arithmetic_support.js";

const Request = strict(type({ n: NType, "effort?": EffortType }));
const Result = strict(
  type({
    status: type("'COMPLETE'"),
    certainty: CertaintyType,
    radical: positiveString(FACTOR_MAX_DIGITS).describe("rad(|n|): the product of the distinct primes dividing n"),
    factorization: FactorizationType,
    unfactored: type("'1'"),
  }).or(IncompleteBranch),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.radical.compute",
  version: "1.0.0",
  title: "Radical rad(n): product of the distinct prime factors",
  summary:
    "rad(|n|) = Π p over the distinct primes dividing n ≠ 0, the largest squarefree divisor (up to 1000 digits; rad(1) = 1; negative n uses |n|; n = 0 is a DOMAIN_ERROR). " +
    factorizationDescription("the radical"),
  keywords: ["radical", "rad", "squarefree kernel", "square-free kernel", "largest squarefree divisor", "product of distinct primes", "abc", "arithmetic function", "integer"],
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
  ports: { inputs: FACTOR_PORTS, outputs: { radical: { field: "radical", kind: "integer", description: "rad(|n|)" } } },
  execute(req, ctx) {
    const run = factorForArithmetic(parseNonZero(req.n, "rad"), req.effort, ctx);
    if (!run.complete) return incomplete(run);
    return { status: "COMPLETE", certainty: run.certainty, radical: radical(run.factors).toString(), factorization: run.wire, unfactored: "1" };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    // rad | n and n | rad^(max e): exactly the primes of n, each once (with the factorization check).
    const n = BigInt(req.n.replace("-", ""));
    const r = BigInt(res.radical);
    const maxE = Math.max(1, ...res.factorization.map((f) => Number(f.exponent)));
    if (n % r !== 0n || r ** BigInt(maxE) % n !== 0n) return "the radical does not divide n or n does not divide a power of it";
    let prod = 1n;
    for (const f of res.factorization) prod *= BigInt(f.prime);
    return prod === r ? null : "the radical is not the product of the distinct primes";
  },
  examples: [
    { title: "rad(720) = 30", payload: { n: "720" }, expected: { status: "COMPLETE", certainty: "PROVEN", radical: "30", factorization: [{ prime: "2", exponent: "4" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }], unfactored: "1" } },
    { title: "rad(1) = 1", payload: { n: "1" }, expected: { status: "COMPLETE", certainty: "PROVEN", radical: "1", factorization: [], unfactored: "1" } },
    { title: "rad(−2^100) = 2", payload: { n: "-1267650600228229401496703205376" }, expected: { status: "COMPLETE", certainty: "PROVEN", radical: "2", factorization: [{ prime: "2", exponent: "100" }], unfactored: "1" } },
  ],
});
