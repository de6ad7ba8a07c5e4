import { domainError } from "../../domain/errors.js";
import { gcd, mod, modPow } from "../../domain/math/integer.js";
import { certainty, orderInGroup, unitGroup } from "../../domain/math/modular.js";
import { request } from "../_support/kinds.js";
import { factoringBounds, modularCompute } from "./factory.js";
import { bits, Certainty, CERTAINTY_NOTE, EFFORT, EFFORT_LEVELS, effortBudget, factorList, factorListShape, factorProduct, groupCost, GROUP_STAGE, incompleteShape, int, oneOf, pos, PROOF_WORK } from "./support.js";

const MAX_N_DIGITS = 500;
const MAX_A_DIGITS = 1000;

const Request = request({
  a: int(MAX_A_DIGITS, "the element a, coprime to m (at most 1000 digits)"),
  modulus: pos(MAX_N_DIGITS, "the modulus m ≥ 1 (at most 500 digits); m and p − 1 for its primes p are factored"),
  "effort?": EFFORT.describe(`work budget for factoring m and the p − 1 for its primes p, all together (the levels of integer.prime_factorization.compute): ${EFFORT_LEVELS}`),
});
const Result = oneOf([
  {
    status: "'COMPLETE'",
    order: pos(MAX_N_DIGITS, "the least k ≥ 1 with a^k ≡ 1 (mod m)"),
    order_factorization: factorListShape(MAX_N_DIGITS, "the prime factorization of the order"),
    certainty: Certainty,
  },
  incompleteShape({ stage: GROUP_STAGE, unfactored: pos(MAX_N_DIGITS, "the composite part left unfactored") }),
]);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default modularCompute<Req, Res>({
  id: "modular.multiplicative_order.compute",
  title: "Multiplicative order of a modulo m",
  summary:
    "The least k ≥ 1 with a^k ≡ 1 (mod m), with its factorization, for gcd(a, m) = 1 and m up to 500 digits (otherwise DOMAIN_ERROR at payload.a naming the gcd). " +
    "m is factored, λ(p^k) = p^(k−1)(p − 1) (2, 2^(k−2) for powers of 2) is factored through p − 1, and for each prime power the order is cut down prime by prime " +
    "(q-part: the least q^f with (a^(λ/q^e))^(q^f) ≡ 1); the order is the lcm over the prime powers. status INCOMPLETE names what could not be factored within the work budget chosen by `effort` (the levels of integer.prime_factorization.compute, for all the call's factorizations together). " +
    CERTAINTY_NOTE,
  keywords: ["multiplicative order", "order", "znorder", "order of an element", "mod", "modulo", "carmichael", "lambda", "period", "unit group", "modular"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic; the shared factorization engine",
  bounds: factoringBounds({ modulus: { letter: "m", digits: MAX_N_DIGITS }, a: MAX_A_DIGITS, factoring: "of m and of each p − 1" }),
  cost_model:
    "units = 2 × the expected factoring work for a number of m's size (m, then the p − 1: 256 × the engine work estimate of integer.prime_factorization.compute), capped at the effort's budget, + 4·bits(m)²/64 modular multiplications for the order reductions + Pocklington attempts above 3.3·10^24",
  budget: { max_units: 2e11, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 900_000 },
  progress_measure: "stages: 1 = group structure known (m and the p − 1 factored), 2 = order found",
  preflight(req) {
    const b = bits(req.modulus);
    return { units: groupCost(b, req.effort), memory_bytes: 2 ** 20 + b * 20, basis: `m of ${b} bits, effort ${req.effort ?? "standard"}` };
  },
  ports: { outputs: { order: { field: "order", description: "the multiplicative order" } } },
  execute({ a, modulus: m, effort }, ctx): Res {
    const g = gcd(a, m);
    if (g !== 1n) throw domainError(`a is not a unit modulo m: gcd(a, m) = ${g}`, "payload.a", "the multiplicative order is defined for a coprime to m");
    const checkpoint = () => ctx.checkpoint();
    const G = unitGroup(m, { factorBudget: effortBudget(effort), checkpoint });
    if (G.status === "INCOMPLETE") {
      return {
        status: "INCOMPLETE",
        stage: G.stage,
        unfactored: G.unfactored,
        reason: `${G.stage === "modulus" ? "m" : "p − 1 for a prime p of m"} could not be fully factored within the ${effort ?? "standard"} effort's budget`,
      };
    }
    ctx.progress(1, 2, "group structure known");
    const o = orderInGroup(a, G, checkpoint);
    ctx.progress(2, 2, "order found");
    return { status: "COMPLETE", order: o.order, order_factorization: factorList(o.factors), certainty: certainty(o.primes, { proofWork: PROOF_WORK, checkpoint }) };
  },
  postcondition({ a, modulus: m }, res) {
    if (res.status === "INCOMPLETE") return m % res.unfactored === 0n || res.stage === "group_order" ? null : "the unfactored part does not divide m";
    const k = res.order;
    if (factorProduct(res.order_factorization) !== k) return "the factorization does not multiply to the order";
    if (m === 1n) return k === 1n ? null : "the order modulo 1 is 1";
    if (modPow(a, k, m) !== mod(1n, m)) return "a^order ≢ 1";
    for (const f of res.order_factorization) if (modPow(a, k / f.prime, m) === 1n) return `a^(order/${f.prime}) ≡ 1: the order is smaller`;
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
