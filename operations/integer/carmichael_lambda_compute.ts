import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { carmichaelLambda } from "../../domain/math/arithmetic.js";
import { gcd, modPow } from "../../domain/math/integer.js";
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
    carmichael_lambda: positiveString(FACTOR_MAX_DIGITS).describe("λ(|n|): the exponent of the unit group (Z/nZ)^×, the least m ≥ 1 with a^m ≡ 1 (mod n) for every a coprime to n"),
    factorization: FactorizationType,
    unfactored: type("'1'"),
  }).or(IncompleteBranch),
);

/** φ(p^e) without the λ formula: p^e − p^(e−1). */
const phiPrimePower = (p: bigint, e: number): bigint => p ** BigInt(e) - p ** BigInt(e - 1);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "integer.carmichael_lambda.compute",
  version: "1.0.0",
  title: "Carmichael function λ(n): exponent of the unit group mod n",
  summary:
    "λ(|n|) = lcm over p^e ‖ n of λ(p^e), with λ(p^e) = p^(e−1)(p − 1) for odd p and λ(2) = 1, λ(4) = 2, λ(2^e) = 2^(e−2) for e ≥ 3 — the exponent of (Z/nZ)^× " +
    "(up to 1000 digits; λ(1) = λ(2) = 1; negative n uses |n|; n = 0 is a DOMAIN_ERROR). " + factorizationDescription("λ"),
  keywords: ["carmichael", "carmichael function", "carmichael lambda", "lambda", "λ", "reduced totient", "exponent of the unit group", "universal exponent", "multiplicative group", "znstar", "arithmetic function", "integer"],
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
  ports: { inputs: FACTOR_PORTS, outputs: { carmichael_lambda: { field: "carmichael_lambda", kind: "integer", description: "λ(|n|)" } } },
  execute(req, ctx) {
    const run = factorForArithmetic(parseNonZero(req.n, "λ"), req.effort, ctx);
    if (!run.complete) return incomplete(run);
    return { status: "COMPLETE", certainty: run.certainty, carmichael_lambda: carmichaelLambda(run.factors).toString(), factorization: run.wire, unfactored: "1" };
  },
  postcondition(req, res) {
    const why = checkFactorization(req.n, res);
    if (why || res.status !== "COMPLETE") return why;
    const n = BigInt(req.n.replace("-", ""));
    const l = BigInt(res.carmichael_lambda);
    // Each component exponent, from φ(p^e) (halved for 2^e, e ≥ 3), divides λ, and gcd of the cofactors is 1 (λ is the least such).
    let g = 0n;
    for (const { prime, exponent } of factorsOf(res)) {
      const c = prime === 2n && exponent >= 3 ? phiPrimePower(prime, exponent) / 2n : phiPrimePower(prime, exponent);
      if (l % c !== 0n) return `λ(${prime}^${exponent}) does not divide λ`;
      g = gcd(g, l / c);
    }
    if (res.factorization.length > 0 && g !== 1n) return "λ is a common multiple but not the least one";
    // And a^λ ≡ 1 (mod n) for small bases coprime to n.
    if (n > 1n) for (const a of [2n, 3n, 5n, 7n]) if (gcd(a, n) === 1n && modPow(a, l, n) !== 1n) return `${a}^λ ≢ 1 (mod n)`;
    return null;
  },
  examples: [
    {
      title: "λ(720) = 12 (while φ(720) = 192)",
      payload: { n: "720" },
      expected: { status: "COMPLETE", certainty: "PROVEN", carmichael_lambda: "12", factorization: [{ prime: "2", exponent: "4" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }], unfactored: "1" },
    },
    {
      title: "the Carmichael number 561: λ(561) = 80 divides 560",
      payload: { n: "561" },
      expected: { status: "COMPLETE", certainty: "PROVEN", carmichael_lambda: "80", factorization: [{ prime: "3", exponent: "1" }, { prime: "11", exponent: "1" }, { prime: "17", exponent: "1" }], unfactored: "1" },
    },
    { title: "λ(2^10) = 2^8", payload: { n: "1024" }, expected: { status: "COMPLETE", certainty: "PROVEN", carmichael_lambda: "256", factorization: [{ prime: "2", exponent: "10" }], unfactored: "1" } },
    { title: "λ(1) = 1", payload: { n: "1" }, expected: { status: "COMPLETE", certainty: "PROVEN", carmichael_lambda: "1", factorization: [], unfactored: "1" } },
  ],
});
