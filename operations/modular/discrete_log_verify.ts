import { type } from "arktype";
import { certifyPrimes } from "../../domain/math/arithmetic.js";
import { factorInteger } from "../../domain/math/factor.js";
import { mod, modPow } from "../../domain/math/integer.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { request } from "../_support/kinds.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import {
  checkDlogSolution, checkDlogWitness, DLOG_KIND, DLOG_MAX_DIGITS as MAX_DIGITS, dlogClaimShapes, dlogRequestFields, MAX_THRESHOLD, vanishingPart, type SolutionFacts,
} from "./dlog_support.js";
import { factorWorkBound, modularChecker } from "./factory.js";
import { bits, claimOf, finding, effortBudget, factorCost, mulCost, PROOF_WORK, proofCost } from "./support.js";

const Request = request({
  ...dlogRequestFields,
  claim: claimOf(dlogClaimShapes, DLOG_KIND, "the value of modular.discrete_log.compute unchanged, or parts of it: a solution (alone, as the only one, or with its period), or no solution with a witness"),
});
type Req = typeof Request.infer;

type Argument = "solution" | "unique_solution" | "least_solution" | "non_unit_target" | "vanishing" | "order";
const Bindings = strict(
  type({
    "failure?": type("'not_a_solution' | 'not_least' | 'wrong_period' | 'wrong_preperiod' | 'not_unique' | 'invalid_witness'").describe("why the claim was rejected"),
    "computed?": naturalString(MAX_DIGITS).describe("g^x mod m for the exponent that fails: log (not_a_solution) or log + period (wrong_period), which differs from h mod m"),
    "smaller_solution?": naturalString(MAX_DIGITS + 1).describe("not_least: a solution below the claimed log"),
    "smaller_period?": positiveString(MAX_DIGITS).describe("wrong_period: a proper divisor of the claimed period that is already a period"),
    "preperiod?": naturalString(5).describe("the true preperiod t: the least x from which g^x mod m is periodic"),
    "divisor?": positiveString(MAX_DIGITS).describe("d, the largest divisor of m made of primes of g: g^x ≡ 0 (mod d) exactly for x ≥ t"),
    "detail?": type("string").describe("what exactly fails"),
    "unproven?": positiveString(MAX_DIGITS).array().describe("non_conclusion: primes the verdict relies on that are only Baillie–PSW probable primes and could not be proven"),
    "unfactored?": positiveString(MAX_DIGITS).describe("non_conclusion: the part of the period the checker could not factor within budget"),
    "argument?": type("'solution' | 'unique_solution' | 'least_solution' | 'non_unit_target' | 'vanishing' | 'order'").describe("accepted: what was established"),
    "claim_status?": "'INCOMPLETE'",
  }),
);
type Found = Omit<SolutionFacts, "failure"> & { failure?: SolutionFacts["failure"] | "invalid_witness"; unproven?: bigint[]; unfactored?: bigint; argument?: Argument; claim_status?: "INCOMPLETE" };

/** Try to prove BPSW-probable primes (Pocklington, arithmetic.certifyPrimes); returns those that stay unproven. */
function prove(primes: bigint[], checkpoint: () => void): bigint[] {
  if (!primes.length) return [];
  const factors = primes.map((prime) => ({ prime, exponent: 1, status: "PROBABLE" as const }));
  return certifyPrimes({ factors, cofactor: 1n, status: "COMPLETE" }, { work: PROOF_WORK, checkpoint }).probable;
}

const METHOD =
  "Solution: g^log mod m is computed (square-and-multiply) and compared with h mod m. The checker finds the preperiod itself: d, the largest divisor of m made of primes of g (repeated gcds), " +
  "and t, the least exponent with g^t ≡ 0 (mod d); g^x mod m is periodic exactly from x = t on (t ≤ log2 m). A stated preperiod must be t. With a preperiod and no period the claim is that log is the only solution: " +
  "true exactly when log < t (then g^log ≢ 0 modulo d, so no x ≥ t works, and the x < t give distinct residues). With a period N: g^(t+N) ≡ g^t, g^(t+N/q) ≢ g^t for every prime q of N " +
  "(from the claim's period_factorization, which must multiply to N, or else from factoring N; each q tested: deterministic Miller–Rabin below 3.3·10^24, else Baillie–PSW plus a Pocklington certificate), " +
  "so the solutions x ≥ t are exactly those ≡ log (mod N); t ≤ log < t + N, and no x < t is a solution (h ≡ 0 modulo d) — so log is the least solution. " +
  "No solution: non_unit_target — d | m with gcd(g, d) = 1 < gcd(h, d) (powers of g are units mod d, h is not); vanishing — d | m with g^T ≡ 0, h ≢ 0 (mod d), and no x < T works modulo m; " +
  "order — m1, m2 | m coprime to g, g^x1 ≡ h (mod m1) with n1 the exact order of g mod m1 (checked as above), so any solution has x ≡ x1 (mod n1), and (g^n1)^N ≡ 1 but (h·g^−x1)^N ≢ 1 (mod m2), " +
  "contradicting h·g^−x1 ≡ (g^n1)^((x−x1)/n1). An INCOMPLETE answer states nothing to check: non_conclusion. Nothing of the producer's algorithm (Pohlig–Hellman, BSGS, rho) is used.";

export default modularChecker<Req>({
  id: "modular.discrete_log.verify",
  title: "Verify a discrete logarithm or a no-solution claim",
  summary:
    "Checks a claim about g^x ≡ h (mod m), m up to 500 digits: a solution log; with a preperiod and no period, that log is the only solution; with a period, that log is the least solution and the solutions are exactly log + k·period; " +
    "or no solution with a witness (order argument, non-unit target, or vanishing non-unit base). The claim is the value of modular.discrete_log.compute unchanged (by reference on the `claim` port). " +
    "Rejected with the failing fact (g^x mod m, the true preperiod, a smaller solution or period, or the witness condition that fails); non_conclusion when the argument rests on a probable prime that cannot be proven, a period that cannot be factored, or an INCOMPLETE claim.",
  keywords: ["discrete logarithm", "discrete log", "verify", "check", "certificate", "witness", "no solution", "order", "znlog", "modular"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  purpose: "exact bigint arithmetic (exponentiations, gcds, Miller–Rabin, Pocklington; the shared factorization engine for an unfactored period)",
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "g, h, m and the claim's numbers have at most this many digits" },
    { name: "threshold", limit: MAX_THRESHOLD, unit: "steps", description: "a vanishing witness's threshold is at most this (an honest one is at most log2 m)" },
    factorWorkBound("of a claimed period given without its factorization"),
  ],
  cost_model:
    "units = (number of exponentiations: 6 + 2·(the primes of the listed factorizations)) · 1.3·bits(m)·2(L² + 4) + 2000 multiplications for the preperiod and enumerations + primality tests of the listed primes " +
    "(and Pocklington attempts above 3.3·10^24, at most 4·10^7 limb-weighted units in all) + the factorization of a period given without its factorization (256 × the engine work estimate of integer.prime_factorization.compute, capped at the effort's budget)",
  budget: { max_units: 2e11, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 900_000 },
  preflight({ modulus, claim, effort }) {
    const b = bits(modulus);
    let k = 0, factoring = 0;
    if (claim.status !== "INCOMPLETE") {
      if (claim.solvable !== false) {
        k = claim.period_factorization?.length ?? 0;
        if (claim.period !== undefined && !claim.period_factorization) factoring = factorCost(bits(claim.period), effort) + Math.log2(Math.max(2, bits(claim.period))) * 8;
      } else if (claim.witness.kind === "order") k = claim.witness.forced_order_factorization.length;
    }
    const units = (6 + 2 * k) * 1.3 * b * mulCost(b) + MAX_THRESHOLD * mulCost(b) + k * (4 * b * mulCost(b)) + proofCost(b) + factoring;
    return { units, memory_bytes: 2 ** 20, basis: `m of ${b} bits, ${k} listed primes${factoring ? ", a period to factor" : ""}` };
  },
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `discrete_log` output of modular.discrete_log.compute" } } },
  execute({ base: g, target: h, modulus: m, claim, effort }, ctx): CheckerFinding {
    const checkpoint = () => ctx.checkpoint();
    if (claim.status === "INCOMPLETE") {
      return finding("non_conclusion", { claim_status: "INCOMPLETE" }, "the claim is INCOMPLETE: it states neither a solution nor its absence, so there is nothing to accept or reject");
    }
    const unprovenFinding = (qs: bigint[], what: string): CheckerFinding =>
      finding("non_conclusion", { unproven: qs }, `${what} is established only if ${qs.length === 1 ? "this Baillie–PSW probable prime is" : "these Baillie–PSW probable primes are"} prime; no Pocklington certificate was found within budget`);
    if (claim.solvable === false) {
      const r = checkDlogWitness(g, h, m, claim.witness);
      if (r.problem) return finding("rejected", { failure: "invalid_witness", detail: r.problem }, `the no-solution witness (${claim.witness.kind}) does not hold: ${r.problem}`);
      const left = prove(r.probable, checkpoint);
      if (left.length) return unprovenFinding(left, "the absence of a solution");
      return finding("accepted", { argument: claim.witness.kind }, "the witness proves that no x ≥ 0 has g^x ≡ h (mod m)");
    }
    const c = checkDlogSolution(g, h, m, claim, (n) => factorInteger(n, { budget: effortBudget(effort), checkpoint }));
    if (c.verdict === "rejected") return finding("rejected", c.facts, c.reason);
    if (c.verdict === "unfactored") {
      return finding("non_conclusion", { unfactored: c.unfactored }, "the claimed period comes without its factorization, and it could not be factored within budget: its minimality (hence that log is the least solution) is not established");
    }
    const left = prove(c.probable, checkpoint);
    if (left.length) return unprovenFinding(left, "the exactness of the period (hence the minimality of log)");
    const reason =
      c.argument === "solution" ? "g^log ≡ h (mod m)" : c.argument === "unique_solution" ? "g^log ≡ h (mod m), and log is below the preperiod: it is the only solution" : "g^log ≡ h (mod m), and log is the least solution; all solutions are log + k·period";
    return finding("accepted", { ...c.facts, argument: c.argument }, reason);
  },
  // Re-check the fact each verdict rests on: recomputed powers, the preperiod, a smaller solution or period.
  postcondition({ base: g, target: h, modulus: m, claim }, f) {
    const b = f.bindings as Found;
    const hm = mod(h, m);
    if (f.verdict === "non_conclusion") {
      if (claim.status === "INCOMPLETE") return b.claim_status === "INCOMPLETE" ? null : "an INCOMPLETE claim is named as such";
      return b.unproven?.length || b.unfactored !== undefined ? null : "a non-conclusion names the unproven primes or the unfactored part";
    }
    if (claim.status === "INCOMPLETE") return "an INCOMPLETE claim has no verdict";
    if (claim.solvable === false) {
      const holds = checkDlogWitness(g, h, m, claim.witness).problem === null;
      if (f.verdict === "rejected") return b.failure === "invalid_witness" && !holds ? null : "the witness holds";
      return holds && b.argument === claim.witness.kind ? null : "accepted a witness that does not hold";
    }
    const truth = () => vanishingPart(g, m);
    if (f.verdict === "accepted") {
      if (modPow(g, claim.log, m) !== hm) return "accepted a non-solution";
      if (claim.preperiod !== undefined && BigInt(truth().t) !== claim.preperiod) return "accepted a wrong preperiod";
      const expected = claim.period !== undefined ? "least_solution" : claim.preperiod !== undefined ? "unique_solution" : "solution";
      return b.argument === expected ? null : `the acceptance must establish ${expected}`;
    }
    switch (b.failure) {
      case "not_a_solution":
        return b.computed === modPow(g, claim.log, m) && b.computed !== hm ? null : "computed is not a refuting g^log";
      case "not_least":
        return b.smaller_solution !== undefined && b.smaller_solution < claim.log && modPow(g, b.smaller_solution, m) === hm ? null : "smaller_solution is not a smaller solution";
      case "wrong_preperiod":
      case "not_unique": {
        const { d, t } = truth();
        if (b.preperiod !== BigInt(t) || b.divisor !== d) return "the preperiod binding is not the true preperiod";
        return b.failure === "wrong_preperiod" ? (claim.preperiod !== BigInt(t) ? null : "the claimed preperiod is right") : claim.period === undefined && claim.log >= BigInt(t) ? null : "log is below the preperiod";
      }
      case "wrong_period": {
        if (claim.period === undefined) return "wrong_period needs a claimed period";
        if (b.smaller_period !== undefined) {
          const T = BigInt(truth().t);
          return claim.period % b.smaller_period === 0n && b.smaller_period < claim.period && modPow(g, T + b.smaller_period, m) === modPow(g, T, m) ? null : "smaller_period is not a smaller period";
        }
        if (b.computed !== undefined) return b.computed === modPow(g, claim.log + claim.period, m) && b.computed !== hm ? null : "computed is not a refuting g^(log + period)";
        return b.detail ? null : "wrong_period names what fails";
      }
      default:
        return "a rejection names its failure";
    }
  },
  examples: [
    { title: "2^69 ≡ 3 (mod 101), the least solution, period 100", payload: { base: "2", target: "3", modulus: "101", claim: { solvable: true, log: "69", period: "100", period_factorization: [{ prime: "2", exponent: "2" }, { prime: "5", exponent: "2" }] } }, expected: { verdict: "accepted", bindings: { argument: "least_solution" } } },
    { title: "169 is a solution but not the least", payload: { base: "2", target: "3", modulus: "101", claim: { solvable: true, log: "169", period: "100", period_factorization: [{ prime: "2", exponent: "2" }, { prime: "5", exponent: "2" }] } }, expected: { verdict: "rejected", bindings: { failure: "not_least", smaller_solution: "69" } } },
    { title: "a wrong logarithm", payload: { base: "2", target: "3", modulus: "101", claim: { solvable: true, log: "70" } }, expected: { verdict: "rejected", bindings: { failure: "not_a_solution", computed: "6" } } },
    {
      title: "a period without its factorization: the checker factors it",
      payload: { base: "2", target: "8", modulus: "24", claim: { solvable: true, log: "3", period: "2" } },
      expected: { verdict: "accepted", bindings: { argument: "least_solution", preperiod: "3", divisor: "8" } },
    },
    {
      title: "a non-unit base without a stated preperiod: 0^x ≡ 0 (mod 10) exactly for x ≥ 1",
      payload: { base: "0", target: "0", modulus: "10", claim: { log: "1", period: "1", period_factorization: [] } },
      expected: { verdict: "accepted", bindings: { argument: "least_solution", preperiod: "1" } },
    },
    {
      title: "no solution: 4 has order 5 modulo 11 and 2^5 ≢ 1",
      payload: { base: "4", target: "2", modulus: "11", claim: { solvable: false, witness: { kind: "order", forced_modulus: "1", forced_log: "0", forced_order: "1", forced_order_factorization: [], modulus: "11", exponent: "5" } } },
      expected: { verdict: "accepted", bindings: { argument: "order" } },
    },
    {
      title: "a false no-solution claim (3 ≡ 2^69 mod 101): the order witness fails",
      payload: { base: "2", target: "3", modulus: "101", claim: { solvable: false, witness: { kind: "order", forced_modulus: "1", forced_log: "0", forced_order: "1", forced_order_factorization: [], modulus: "101", exponent: "100" } } },
      expected: { verdict: "rejected", bindings: { failure: "invalid_witness" } },
    },
    {
      title: "no solution: 6 is not a unit modulo 9 but every power of 2 is",
      payload: { base: "2", target: "6", modulus: "9", claim: { solvable: false, witness: { kind: "non_unit_target", divisor: "9" } } },
      expected: { verdict: "accepted", bindings: { argument: "non_unit_target" } },
    },
  ],
});
