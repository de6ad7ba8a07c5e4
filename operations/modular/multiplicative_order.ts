import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { gcd, mod, modPow } from "../../domain/math/integer.js";
import { certainty, orderInGroup, unitGroup } from "../../domain/math/modular.js";
import { integerString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, Certainty, CERTAINTY_NOTE, FACTOR_BUDGET, factorCost, factorList, mulCost, PROOF_WORK } from "./support.js";

const MAX_N_DIGITS = 500;
const MAX_A_DIGITS = 1000;

const Request = strict(
  type({
    a: integerString(MAX_A_DIGITS).describe("the element a, coprime to m (at most 1000 digits)"),
    modulus: positiveString(MAX_N_DIGITS).describe("the modulus m ≥ 1 (at most 500 digits); m and p − 1 for its primes p are factored"),
  }),
);
const Factor = type({ prime: positiveString(MAX_N_DIGITS), exponent: positiveString(5) });
const Result = strict(
  type({
    status: "'COMPLETE'",
    order: positiveString(MAX_N_DIGITS).describe("the least k ≥ 1 with a^k ≡ 1 (mod m)"),
    order_factorization: Factor.array().describe("the prime factorization of the order"),
    certainty: Certainty,
  }).or({
    status: "'INCOMPLETE'",
    stage: type("'modulus' | 'group_order'").describe("what could not be factored: m itself, or p − 1 for a prime p of m"),
    unfactored: positiveString(MAX_N_DIGITS).describe("the composite part left unfactored"),
    reason: "string",
  }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export function groupCost(mDigits: number): number {
  const b = bitsOf("9".repeat(Math.max(1, mDigits)));
  // m and the p − 1 are factored (at most twice the work of one factorization in practice), then one exponentiation per prime of λ(m) per prime power.
  return 2 * factorCost(b) + 4 * b * b * mulCost(b) / 64 + (b > 81 ? PROOF_WORK : 0);
}

export default defineCompute<Req, Res>({
  id: "modular.multiplicative_order.compute",
  version: "1.0.0",
  title: "Multiplicative order of a modulo m",
  summary:
    "The least k ≥ 1 with a^k ≡ 1 (mod m), with its factorization, for gcd(a, m) = 1 and m up to 500 digits (otherwise DOMAIN_ERROR at payload.a naming the gcd). " +
    "m is factored, λ(p^k) = p^(k−1)(p − 1) (2, 2^(k−2) for powers of 2) is factored through p − 1, and for each prime power the order is cut down prime by prime " +
    "(q-part: the least q^f with (a^(λ/q^e))^(q^f) ≡ 1); the order is the lcm over the prime powers. status INCOMPLETE names what could not be factored within budget. " +
    CERTAINTY_NOTE,
  keywords: ["multiplicative order", "order", "znorder", "order of an element", "mod", "modulo", "carmichael", "lambda", "period", "unit group", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic; the shared factorization engine" }],
  bounds: [
    { name: "modulus_digits", limit: MAX_N_DIGITS, unit: "decimal digits", description: "m has at most this many digits" },
    { name: "a_digits", limit: MAX_A_DIGITS, unit: "decimal digits", description: "a has at most this many digits" },
    { name: "factor_budget", limit: FACTOR_BUDGET, unit: "Pollard–Brent iterations", description: "work allowed for each factorization (m, and each p − 1)" },
  ],
  cost_model:
    "units = 2 × factorization of a number of m's size (m, then the p − 1; at most 3·10^5 Pollard–Brent iterations each, 2(L² + 4) per iteration) + 4·bits(m)²/64 modular multiplications for the order reductions + Pocklington attempts above 3.3·10^24",
  budget: { max_units: 4e9, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "stages: 1 = group structure known (m and the p − 1 factored), 2 = order found",
  preflight(req) {
    return { units: groupCost(req.modulus.length), memory_bytes: 2 ** 20 + req.modulus.length * 64, basis: `m of ${req.modulus.length} digits` };
  },
  ports: { inputs: {}, outputs: { order: { field: "order", kind: "integer", description: "the multiplicative order" } } },
  execute(req, ctx): Res {
    const a = BigInt(req.a), m = BigInt(req.modulus);
    const g = gcd(a, m);
    if (g !== 1n) throw domainError(`a is not a unit modulo m: gcd(a, m) = ${g}`, "payload.a", "the multiplicative order is defined for a coprime to m");
    const checkpoint = () => ctx.checkpoint();
    const G = unitGroup(m, { factorBudget: FACTOR_BUDGET, checkpoint });
    if (G.status === "INCOMPLETE") {
      return {
        status: "INCOMPLETE",
        stage: G.stage,
        unfactored: G.unfactored.toString(),
        reason: G.stage === "modulus" ? "m could not be fully factored within budget" : "p − 1 could not be fully factored within budget for a prime p of m",
      };
    }
    ctx.progress(1, 2, "group structure known");
    const o = orderInGroup(a, G, checkpoint);
    ctx.progress(2, 2, "order found");
    return { status: "COMPLETE", order: o.order.toString(), order_factorization: factorList(o.factors), certainty: certainty(o.primes, { proofWork: PROOF_WORK, checkpoint }) };
  },
  postcondition(req, res) {
    if (res.status === "INCOMPLETE") return BigInt(req.modulus) % BigInt(res.unfactored) === 0n || res.stage === "group_order" ? null : "the unfactored part does not divide m";
    const a = BigInt(req.a), m = BigInt(req.modulus), k = BigInt(res.order);
    let prod = 1n;
    for (const f of res.order_factorization) prod *= BigInt(f.prime) ** BigInt(f.exponent);
    if (prod !== k) return "the factorization does not multiply to the order";
    if (m === 1n) return k === 1n ? null : "the order modulo 1 is 1";
    if (modPow(a, k, m) !== mod(1n, m)) return "a^order ≢ 1";
    for (const f of res.order_factorization) if (modPow(a, k / BigInt(f.prime), m) === 1n) return `a^(order/${f.prime}) ≡ 1: the order is smaller`;
    return null;
  },
  examples: [
    { title: "2 has order 100 modulo 101 (a primitive root)", payload: { a: "2", modulus: "101" }, expected: { status: "COMPLETE", order: "100", order_factorization: [{ prime: "2", exponent: "2" }, { prime: "5", exponent: "2" }], certainty: "PROVEN" } },
    { title: "3 modulo 2^10: order 2^8", payload: { a: "3", modulus: "1024" }, expected: { status: "COMPLETE", order: "256", order_factorization: [{ prime: "2", exponent: "8" }], certainty: "PROVEN" } },
    { title: "−1 has order 2", payload: { a: "-1", modulus: "1000000007" }, expected: { status: "COMPLETE", order: "2", order_factorization: [{ prime: "2", exponent: "1" }], certainty: "PROVEN" } },
    {
      title: "a composite modulus: 10 has order 6 modulo 27027 = 3^3·7·11·13 (a divisor of 10^6 − 1)",
      payload: { a: "10", modulus: "27027" },
      expected: { status: "COMPLETE", order: "6", order_factorization: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }], certainty: "PROVEN" },
    },
    { title: "modulo 1 every order is 1", payload: { a: "5", modulus: "1" }, expected: { status: "COMPLETE", order: "1", order_factorization: [], certainty: "PROVEN" } },
  ],
});
