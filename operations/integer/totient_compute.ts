import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { totient } from "../../domain/math/arithmetic.js";
import { product } from "../../domain/math/integer.js";
import { positiveString, strict } from "../_support/wire.js";
import {
  CertaintyType, checkFactorization, EffortType, FACTOR_BOUNDS, FACTOR_BUDGET, FACTOR_COST_MODEL, FACTOR_MAX_DIGITS, FACTOR_PORTS, FACTOR_PROGRESS, factorForArithmetic, factorizationDescription,
  FactorizationType, factorPreflight, factorsOf, incomplete, IncompleteBranch, NType, parseNonZero,
} from "./arithmetic_support.js";

const Request = strict(type({ n: NType, "effort?": EffortType }));
const Result = strict(
  type({
    status: type("'COMPLETE'"),
    certainty: CertaintyType,
    totient: positiveString(FACTOR_MAX_DIGITS).describe("φ(|n|): the number of k in 1..|n| with gcd(k, n) = 1"),
    factorization: FactorizationType,
    unfactored: type("'1'"),
  }).or(IncompleteBranch),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.totient.compute",
  version: "1.0.0",
  title: "Euler's totient φ(n)",
  summary:
    "φ(|n|) = Π p^(e−1)(p − 1) over the factorization of n ≠ 0 (up to 1000 digits; φ(1) = 1; negative n uses |n| as PARI/GP does; n = 0 is a DOMAIN_ERROR). " +
    factorizationDescription("the totient"),
  keywords: ["totient", "euler totient", "euler phi", "phi", "φ", "eulerphi", "coprime count", "multiplicative function", "arithmetic function", "unit group order", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "factorization (trial division, Pollard–Brent rho, shared engine) and exact bigint arithmetic" }],
  bounds: FACTOR_BOUNDS,
  cost_model: FACTOR_COST_MODEL,
  budget: FACTOR_BUDGET,
  progress_measure: FACTOR_PROGRESS,
  preflight: (req) => factorPreflight(req.n.replace("-", "").length, req.effort),
  ports: { inputs: FACTOR_PORTS, outputs: { totient: { field: "totient", kind: "integer", description: "φ(|n|)" } } },
  execute(req, ctx) {
    const n = parseNonZero(req.n, "φ");
    const run = factorForArithmetic(n, req.effort, ctx);
    if (!run.complete) return incomplete(run);
    return { status: "COMPLETE", certainty: run.certainty, totient: totient(run.factors).toString(), factorization: run.wire, unfactored: "1" };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    // Independent form: φ(n) = n · Π (p − 1) / Π p.
    const f = factorsOf(res);
    const n = BigInt(req.n.replace("-", ""));
    const num = n * product(f.map((x) => x.prime - 1n));
    const den = product(f.map((x) => x.prime));
    return num % den === 0n && num / den === BigInt(res.totient) ? null : "φ(n) ≠ n·Π(1 − 1/p)";
  },
  examples: [
    { title: "φ(36) = 12", payload: { n: "36" }, expected: { status: "COMPLETE", certainty: "PROVEN", totient: "12", factorization: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "2" }], unfactored: "1" } },
    { title: "φ(1) = 1 (empty factorization)", payload: { n: "1" }, expected: { status: "COMPLETE", certainty: "PROVEN", totient: "1", factorization: [], unfactored: "1" } },
    { title: "a prime: φ(p) = p − 1", payload: { n: "1000000007" }, expected: { status: "COMPLETE", certainty: "PROVEN", totient: "1000000006", factorization: [{ prime: "1000000007", exponent: "1" }], unfactored: "1" } },
    { title: "negative n uses |n|", payload: { n: "-100" }, expected: { status: "COMPLETE", certainty: "PROVEN", totient: "40", factorization: [{ prime: "2", exponent: "2" }, { prime: "5", exponent: "2" }], unfactored: "1" } },
    {
      title: "2^64 + 1 = 274177 · 67280421310721",
      payload: { n: "18446744073709551617" },
      expected: { status: "COMPLETE", certainty: "PROVEN", totient: "18446676793287966720", factorization: [{ prime: "274177", exponent: "1" }, { prime: "67280421310721", exponent: "1" }], unfactored: "1" },
    },
  ],
});
