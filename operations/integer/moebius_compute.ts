import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { moebius, perfectPowerDecomposition } from "../../domain/math/arithmetic.js";
import { strict } from "../_support/wire.js";
import {
  CertaintyType, checkFactorization, EffortType, FACTOR_BOUNDS, FACTOR_BUDGET, FACTOR_COST_MODEL, FACTOR_PORTS, FACTOR_PROGRESS, factorForArithmetic, factorizationDescription,
  FactorizationType, factorPreflight, factorsOf, IncompleteBranch, NType, parseNonZero, UnfactoredType,
} from "./arithmetic_support.js";

const Request = strict(type({ n: NType, "effort?": EffortType }));
const Result = strict(
  type({
    status: type("'COMPLETE'"),
    certainty: CertaintyType,
    moebius: type("'-1' | '0' | '1'").describe("μ(|n|): 0 when a square > 1 divides n, else (−1)^ω(n)"),
    factorization: FactorizationType,
    unfactored: UnfactoredType,
  }).or(IncompleteBranch),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.moebius.compute",
  version: "1.0.0",
  title: "Möbius function μ(n)",
  summary:
    "μ(|n|) for n ≠ 0 (up to 1000 digits): 0 when n has a square factor, else (−1)^(number of prime factors); μ(1) = 1; negative n uses |n|; n = 0 is a DOMAIN_ERROR. " +
    factorizationDescription("μ") +
    " Exception: μ = 0 is COMPLETE (certainty PROVEN) as soon as a repeated factor is found — a prime power with exponent ≥ 2, or an unfactored part that is a perfect power — even when the rest is unfactored (then unfactored ≠ 1).",
  keywords: ["moebius", "möbius", "mobius", "mu", "μ", "squarefree", "square-free", "square free test", "arithmetic function", "multiplicative function", "integer"],
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
    const run = factorForArithmetic(parseNonZero(req.n, "μ"), req.effort, ctx);
    const unfactored = run.unfactored.toString();
    // A square factor settles μ = 0 whether or not its base is prime, and whatever the rest is.
    const square = run.factors.some((f) => f.exponent > 1) || (run.unfactored > 1n && perfectPowerDecomposition(run.unfactored).exponent > 1n);
    if (square) return { status: "COMPLETE", certainty: "PROVEN", moebius: "0", factorization: run.wire, unfactored };
    if (!run.complete) return { status: "INCOMPLETE", factorization: run.wire, unfactored };
    return { status: "COMPLETE", certainty: run.certainty, moebius: String(moebius(run.factors)) as "-1" | "1", factorization: run.wire, unfactored };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    const f = factorsOf(res);
    if (res.moebius === "0") {
      const u = BigInt(res.unfactored);
      const squareSeen = f.some((x) => x.exponent > 1) || (u > 1n && perfectPowerDecomposition(u).exponent > 1n);
      return squareSeen ? null : "μ = 0 without a repeated factor";
    }
    if (res.unfactored !== "1") return "μ = ±1 needs the complete factorization";
    if (f.some((x) => x.exponent > 1)) return "μ = ±1 but a square divides n";
    return (f.length % 2 === 0) === (res.moebius === "1") ? null : "μ ≠ (−1)^ω(n)";
  },
  examples: [
    { title: "μ(30) = −1 (three primes)", payload: { n: "30" }, expected: { status: "COMPLETE", certainty: "PROVEN", moebius: "-1", factorization: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }, { prime: "5", exponent: "1" }], unfactored: "1" } },
    { title: "μ(12) = 0 (4 divides 12)", payload: { n: "12" }, expected: { status: "COMPLETE", certainty: "PROVEN", moebius: "0", factorization: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "1" }], unfactored: "1" } },
    { title: "μ(1) = 1", payload: { n: "1" }, expected: { status: "COMPLETE", certainty: "PROVEN", moebius: "1", factorization: [], unfactored: "1" } },
    { title: "μ(−6) = μ(6) = 1", payload: { n: "-6" }, expected: { status: "COMPLETE", certainty: "PROVEN", moebius: "1", factorization: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }], unfactored: "1" } },
  ],
});
