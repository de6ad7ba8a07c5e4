import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { mod, modPow } from "../../domain/math/integer.js";
import { certainty, discreteLog, type DlogWitness as DomainWitness } from "../../domain/math/modular.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, Certainty, CERTAINTY_NOTE, DLOG_MAX_DIGITS as MAX_DIGITS, DlogWitness, type DlogWitnessWire, FACTOR_BUDGET, factorList, mulCost, PROOF_WORK } from "./support.js";
import { groupCost } from "./multiplicative_order.js";
import { checkDlogWitness } from "./discrete_log_verify.js";

/** Generic group operations (baby steps, giant steps, rho steps) allowed per call: subgroups of prime order up to about 10^14. */
export const MAX_GROUP_STEPS = 3e7;
/** The generic steps are also capped in work units: fewer steps for larger moduli. */
const STEP_UNITS = 1.5e9;

/** Generic steps allowed for a modulus of `bits` bits. */
export const groupSteps = (bits: number): number => Math.floor(Math.min(MAX_GROUP_STEPS, STEP_UNITS / mulCost(bits)));

/**
 * Units of the Pohlig–Hellman bookkeeping: about 6 exponentiations of bits(m) bits per distinct prime of the
 * order, of which there are at most about 1.3·bits/log2(bits) (a primorial), each multiplication 2(L² + 4).
 */
export function pohligHellmanCost(bits: number): number {
  const primes = (1.3 * bits) / Math.max(1, Math.log2(bits)) + 1;
  return 6 * primes * 1.3 * bits * mulCost(bits);
}

const Request = strict(
  type({
    base: integerString(MAX_DIGITS).describe("g (at most 500 digits); need not be a unit"),
    target: integerString(MAX_DIGITS).describe("h (at most 500 digits)"),
    modulus: positiveString(MAX_DIGITS).describe("m ≥ 1 (at most 500 digits); m and p − 1 for its primes p are factored"),
  }),
);
const Factor = type({ prime: positiveString(MAX_DIGITS), exponent: positiveString(5) });
const Result = strict(
  type({
    status: "'COMPLETE'",
    solvable: "true",
    log: naturalString(MAX_DIGITS).describe("the least x ≥ 0 with g^x ≡ h (mod m)"),
    "period?": positiveString(MAX_DIGITS).describe("when present, the solutions are exactly log + k·period, k ≥ 0 (period = the order of g on the units part); when absent, log is the only solution"),
    "period_factorization?": Factor.array().describe("the prime factorization of period"),
    preperiod: naturalString(4).describe("T: g^x is periodic from x = T on (0 for a unit g)"),
    certainty: Certainty,
  })
    .or({
      status: "'COMPLETE'",
      solvable: "false",
      reason: "string",
      witness: DlogWitness,
      certainty: Certainty,
    })
    .or({
      status: "'INCOMPLETE'",
      stage: type("'modulus' | 'group_order' | 'step_budget'").describe("m could not be factored, p − 1 could not be factored, or a prime-order subgroup is too large for the step allowance"),
      "unfactored?": positiveString(MAX_DIGITS).describe("the composite part left unfactored"),
      "prime?": positiveString(MAX_DIGITS).describe("step_budget: the prime factor of the group order that is too large"),
      reason: "string",
    }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export function witnessToWire(w: DomainWitness): DlogWitnessWire {
  if (w.kind === "non_unit_target") return { kind: "non_unit_target", divisor: w.divisor.toString() };
  if (w.kind === "vanishing") return { kind: "vanishing", divisor: w.divisor.toString(), threshold: w.threshold };
  return {
    kind: "order",
    forced_modulus: w.forcedModulus.toString(),
    forced_log: w.forcedLog.toString(),
    forced_order: w.forcedOrder.toString(),
    forced_order_factorization: factorList(w.forcedOrderFactors),
    modulus: w.modulus.toString(),
    exponent: w.exponent.toString(),
  };
}

export default defineCompute<Req, Res>({
  id: "modular.discrete_log.compute",
  version: "1.0.0",
  title: "Discrete logarithm modulo m",
  summary:
    "The least x ≥ 0 with g^x ≡ h (mod m), m up to 500 digits, any g (units and non-units), with the period of all solutions; or the typed answer solvable: false with a checkable witness " +
    "(an order argument, a non-unit target, or a vanishing non-unit base) that modular.discrete_log.verify re-checks. " +
    "Pohlig–Hellman over the factored order, assembled across the cyclic pieces of (Z/mZ)^* (4, the 1-mod-4 part of 2^k, odd p^k): prime-power parts by divide and conquer over the digits, " +
    "prime-order parts by baby-step giant-step (√q ≤ 2^18), Pollard rho (larger q) or the p-adic formula (q = p for p^k). " +
    `Bounded by the largest prime factor q of the order: up to ${MAX_GROUP_STEPS.toExponential(0)} generic group operations for word-size m (q up to about 10^14), fewer for large m (cost-capped); beyond that, or when m or some p − 1 cannot be factored, status INCOMPLETE says which. ` +
    CERTAINTY_NOTE,
  keywords: ["discrete logarithm", "discrete log", "dlog", "znlog", "index", "pohlig hellman", "baby step giant step", "bsgs", "pollard rho", "log mod p", "mod", "modulo", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic; the shared factorization engine" }],
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "g, h and m have at most this many digits" },
    {
      name: "group_steps",
      limit: MAX_GROUP_STEPS,
      unit: "group operations",
      description: "generic steps (BSGS / rho) allowed: min(3·10^7, 1.5·10^9 / (2(L² + 4))) for L limbs of m; a subgroup of prime order q needs about 2·√q (BSGS) to 4·√q (rho)",
    },
    { name: "factor_budget", limit: FACTOR_BUDGET, unit: "Pollard–Brent iterations", description: "work allowed for each factorization (m, and each p − 1)" },
  ],
  cost_model:
    "units = 2 × factorization of a number of m's size + min(allowed steps, 2.5·√m) generic group operations + 6 exponentiations per possible prime of the order (at most 1.3·bits/log2(bits) primes), each multiplication 2(L² + 4) for L limbs of m (+ Pocklington attempts above 3.3·10^24). " +
    "The real generic work is about 2.5·√q for the largest prime q of the order, checked after factoring.",
  budget: { max_units: 8e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
  progress_measure: "per mille: 100 when the group is factored, then the share of prime-order subproblems solved",
  preflight(req) {
    const b = bitsOf(req.modulus);
    const sqrtM = 2 ** (b / 2);
    const steps = Math.min(groupSteps(b), 2.5 * sqrtM);
    return {
      units: groupCost(req.modulus.length) + steps * mulCost(b) + pohligHellmanCost(b),
      memory_bytes: Math.min(2 ** 18, Math.sqrt(sqrtM)) * (b / 8 + 64) + 2 ** 20,
      basis: `m of ${req.modulus.length} digits; generic steps at most ${steps.toExponential(2)}`,
    };
  },
  ports: { inputs: {}, outputs: { log: { field: "log", kind: "integer", description: "the least discrete logarithm" } } },
  execute(req, ctx): Res {
    const g = BigInt(req.base), h = BigInt(req.target), m = BigInt(req.modulus);
    const checkpoint = () => ctx.checkpoint();
    let factored = false;
    const r = discreteLog(g, h, m, {
      factorBudget: FACTOR_BUDGET,
      checkpoint,
      maxSteps: groupSteps(bitsOf(req.modulus)),
      onSubproblem: (done, total) => {
        if (!factored) {
          factored = true;
          ctx.progress(100, 1000, "group factored");
        }
        ctx.progress(100 + Math.floor((900 * done) / Math.max(1, total)), 1000, `${done} of ${total} prime-order subproblems`);
      },
    });
    if (r.status === "INCOMPLETE") {
      return { status: "INCOMPLETE", stage: r.stage, reason: r.reason, ...(r.unfactored !== undefined ? { unfactored: r.unfactored.toString() } : {}), ...(r.prime !== undefined ? { prime: r.prime.toString() } : {}) };
    }
    const c = certainty(r.primes, { proofWork: PROOF_WORK, checkpoint });
    if (!r.solvable) return { status: "COMPLETE", solvable: false, reason: r.reason, witness: witnessToWire(r.witness), certainty: c };
    return {
      status: "COMPLETE",
      solvable: true,
      log: r.log.toString(),
      ...(r.period !== undefined ? { period: r.period.toString(), period_factorization: factorList(r.periodFactors!) } : {}),
      preperiod: String(r.preperiod),
      certainty: c,
    };
  },
  postcondition(req, res) {
    const g = BigInt(req.base), h = BigInt(req.target), m = BigInt(req.modulus);
    if (res.status === "INCOMPLETE") return null;
    if (!res.solvable) return checkDlogWitness(g, h, m, res.witness).problem;
    const x = BigInt(res.log);
    if (modPow(g, x, m) !== mod(h, m)) return "g^log ≢ h";
    if (res.period !== undefined) {
      const T = BigInt(res.preperiod), N = BigInt(res.period);
      let prod = 1n;
      for (const f of res.period_factorization ?? []) prod *= BigInt(f.prime) ** BigInt(f.exponent);
      if (prod !== N) return "the period factorization does not multiply to the period";
      // g^(T+N) ≡ g^T, and no proper divisor N/q of N is a period from T on.
      const gT = modPow(g, T, m);
      if (modPow(g, T + N, m) !== gT) return "period is not a period of g^x";
      for (const f of res.period_factorization ?? []) if (modPow(g, T + N / BigInt(f.prime), m) === gT) return "period is not the least period";
      if (x >= T + N) return "log is not the least solution (it exceeds preperiod + period)";
    }
    return null;
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
  ],
});
