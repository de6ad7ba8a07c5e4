import { INDEX_CALCULUS_MAX_BITS, indexCalculusCost } from "../../domain/math/index_calculus.js";
import { certainty, discreteLog } from "../../domain/math/modular.js";
import { request } from "../_support/kinds.js";
import { checkDlogSolution, checkDlogWitness, DLOG_KIND, DLOG_MAX_DIGITS as MAX_DIGITS, dlogRequestFields, dlogResultShapes, groupSteps, MAX_GROUP_STEPS, pohligHellmanCost, witnessOf } from "./dlog_support.js";
import { factorWorkBound, modularCompute } from "./factory.js";
import { bits, CERTAINTY_NOTE, effortBudget, factorList, groupCost, mulCost, oneOf, PROOF_WORK } from "./support.js";

const Request = request(dlogRequestFields);
/** Relations, the eliminations and the sieve of one index-calculus run (p < 2^80): a few MiB, rounded up. */
const INDEX_CALCULUS_MEMORY = 16 * 2 ** 20;
/**
 * Group operations for m of b ≤ 80 bits: the order has at most ⌊b/27⌋ primes q ≥ 2^27, each one
 * index-calculus run of at most m's size, and the smaller primes take at most 2·√(2^27) < 2.5·10^4
 * baby-step giant-step operations each, about ⌈b/27⌉ of them at that size.
 */
const indexCalculusSteps = (b: number): number => Math.floor(b / 27) * indexCalculusCost(b) + 2.5e4 * Math.ceil(b / 27);
const Result = oneOf(dlogResultShapes, DLOG_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default modularCompute<Req, Res>({
  id: "modular.discrete_log.compute",
  title: "Discrete logarithm modulo m",
  summary:
    "The least x ≥ 0 with g^x ≡ h (mod m), m up to 500 digits, any g (units and non-units), with the period of all solutions; or the typed answer solvable: false with a checkable witness " +
    "(an order argument, a non-unit target, or a vanishing non-unit base). The whole answer is published on the `discrete_log` port; modular.discrete_log.verify takes it as its claim. " +
    "Pohlig–Hellman over the factored order, assembled across the cyclic pieces of (Z/mZ)^* (4, the 1-mod-4 part of 2^k, odd p^k): prime-power parts by divide and conquer over the digits, " +
    "prime-order parts by baby-step giant-step (√q ≤ 2^18), Pollard rho (larger q), the p-adic formula (q = p for p^k), or index calculus in F_p (q | p − 1, p below 2^80 (about 24 digits), q ≥ 2^27, when cheaper: " +
    "relations from the linear sieve, elimination modulo q, individual logarithms by smoothing; every answer re-checked). " +
    `Modulo primes (and their powers) below 2^80 the size of q is then no limit; otherwise the largest prime factor q of the order bounds the work: up to ${MAX_GROUP_STEPS.toExponential(0)} generic group operations for word-size m (q up to about 10^14), fewer for large m (cost-capped); beyond that, or when m or some p − 1 cannot be factored within the work budget chosen by effort (the levels of integer.prime_factorization.compute, for all the factorizations together), status INCOMPLETE says which. ` +
    CERTAINTY_NOTE,
  keywords: ["discrete logarithm", "discrete log", "dlog", "znlog", "index", "index calculus", "pohlig hellman", "baby step giant step", "bsgs", "pollard rho", "log mod p", "mod", "modulo", "modular"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic; the shared factorization engine",
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "g, h and m have at most this many digits" },
    {
      name: "group_steps",
      limit: MAX_GROUP_STEPS,
      unit: "group operations",
      description:
        "steps allowed: min(3·10^7, 1.5·10^9 / (2(L² + 4))) for L limbs of m; a subgroup of prime order q needs about 2·√q (BSGS) to 4·√q (rho), or, by index calculus modulo p < 2^80, " +
        "about 6·10^4·2^((bits(p) − 40)/7.3) step-equivalents (about 8·10^5 for a 20-digit p)",
    },
    factorWorkBound("of m and of each p − 1"),
  ],
  cost_model:
    "units = 2 × the expected factoring work for a number of m's size (256 × the engine work estimate of integer.prime_factorization.compute), capped at the effort's budget, + S group operations + 6 exponentiations per possible prime of the order (at most 1.3·bits/log2(bits) primes), each multiplication 2(L² + 4) for L limbs of m (+ Pocklington attempts above 3.3·10^24), " +
    "where S = min(allowed steps, 2.5·√m, and for m of b ≤ 80 bits: ⌊b/27⌋ index-calculus runs of m's size (at most that many primes q ≥ 2^27 divide the order) + 2.5·10^4·⌈b/27⌉ for the smaller primes). " +
    "The real work, checked after factoring, is about 2.5·√q for the largest prime q of the order, or one index-calculus run per prime q ≥ 2^27 of p − 1 where that is cheaper (p < 2^80); memory adds 16 MiB for index calculus.",
  budget: { max_units: 2e11, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 900_000 },
  progress_measure: "prime-order subproblems solved out of their number (known once the group order is factored)",
  preflight(req) {
    const b = bits(req.modulus);
    const sqrtM = 2 ** (b / 2);
    const steps = Math.min(groupSteps(b), 2.5 * sqrtM, b <= INDEX_CALCULUS_MAX_BITS ? indexCalculusSteps(b) : Infinity);
    return {
      units: groupCost(b, req.effort) + steps * mulCost(b) + pohligHellmanCost(b),
      memory_bytes: Math.min(2 ** 18, Math.sqrt(sqrtM)) * (b / 8 + 64) + 2 ** 20 + INDEX_CALCULUS_MEMORY,
      basis: `m of ${b} bits, effort ${req.effort ?? "standard"}; group operations at most ${steps.toExponential(2)}`,
    };
  },
  ports: {
    outputs: {
      discrete_log: { field: ".", description: "the whole answer (least solution and period, or a no-solution witness): the claim of modular.discrete_log.verify" },
      log: { field: "log", description: "the least discrete logarithm (when solvable)" },
    },
  },
  execute({ base: g, target: h, modulus: m, effort }, ctx): Res {
    const checkpoint = () => ctx.checkpoint();
    const r = discreteLog(g, h, m, {
      factorBudget: effortBudget(effort),
      checkpoint,
      maxSteps: groupSteps(bits(m)),
      // The number of prime-order subproblems is known once the group order is factored.
      onSubproblem: (done, total) => ctx.progress(done, total, `group order factored; ${done} of ${total} prime-order subproblems solved`),
    });
    if (r.status === "INCOMPLETE") {
      return { status: "INCOMPLETE", stage: r.stage, reason: r.reason, ...(r.unfactored !== undefined ? { unfactored: r.unfactored } : {}), ...(r.prime !== undefined ? { prime: r.prime } : {}) };
    }
    const c = certainty(r.primes, { proofWork: PROOF_WORK, checkpoint });
    if (!r.solvable) return { status: "COMPLETE", solvable: false, reason: r.reason, witness: witnessOf(r.witness), certainty: c };
    return {
      status: "COMPLETE",
      solvable: true,
      log: r.log,
      ...(r.period !== undefined ? { period: r.period, period_factorization: factorList(r.periodFactors!) } : {}),
      preperiod: BigInt(r.preperiod),
      certainty: c,
    };
  },
  // The checker's own tests (exponentiations and gcds): the answer is what modular.discrete_log.verify accepts, short of proving its primes.
  postcondition({ base: g, target: h, modulus: m }, res) {
    if (res.status === "INCOMPLETE") return null;
    if (!res.solvable) return checkDlogWitness(g, h, m, res.witness).problem;
    const c = checkDlogSolution(g, h, m, res);
    return c.verdict === "accepted" ? null : c.verdict === "rejected" ? c.reason : "the period comes without its factorization";
  },
  examples: [
    { title: "2^x ≡ 3 (mod 101)", payload: { base: "2", target: "3", modulus: "101" }, expected: { status: "COMPLETE", solvable: true, log: "69", period: "100", period_factorization: [{ prime: "2", exponent: "2" }, { prime: "5", exponent: "2" }], preperiod: "0", certainty: "PROVEN" } },
    {
      title: "no solution: 4 generates the squares modulo 11, and 2 is not a square (order argument)",
      payload: { base: "4", target: "2", modulus: "11" },
      expected: {
        status: "COMPLETE",
        solvable: false,
        reason: "g^5 ≡ 1 but h^5 ≢ 1 (mod 11): h is not a power of g modulo 11",
        witness: { kind: "order", forced_modulus: "1", forced_log: "0", forced_order: "1", forced_order_factorization: [], modulus: "11", exponent: "5" },
        certainty: "PROVEN",
      },
    },
    {
      title: "a non-unit base: 2^x ≡ 8 (mod 24) at x = 3, and then every 2 steps",
      payload: { base: "2", target: "8", modulus: "24" },
      expected: { status: "COMPLETE", solvable: true, log: "3", period: "2", period_factorization: [{ prime: "2", exponent: "1" }], preperiod: "3", certainty: "PROVEN" },
    },
    {
      title: "a 21-digit prime p with p − 1 = 2·10739·4655927·1000000007 (baby-step giant-step on the 10^9 part)",
      payload: { base: "5", target: "123456789", modulus: "100000000806000000743" },
      expected: {
        status: "COMPLETE",
        solvable: true,
        log: "43472855763607102859",
        period: "100000000806000000742",
        period_factorization: [{ prime: "2", exponent: "1" }, { prime: "10739", exponent: "1" }, { prime: "4655927", exponent: "1" }, { prime: "1000000007", exponent: "1" }],
        preperiod: "0",
        certainty: "PROVEN",
      },
    },
    {
      title: "a 21-digit safe prime p = 2q + 1 (index calculus in the subgroup of order q = 100000000000000001243; PARI/GP's znlog agrees)",
      payload: { base: "3", target: "7", modulus: "200000000000000002487" },
      expected: {
        status: "COMPLETE",
        solvable: true,
        log: "18063375804462924742",
        period: "100000000000000001243",
        period_factorization: [{ prime: "100000000000000001243", exponent: "1" }],
        preperiod: "0",
        certainty: "PROVEN",
      },
    },
  ],
});
