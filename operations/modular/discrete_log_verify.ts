import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { gcd, mod, modInverse, modPow } from "../../domain/math/integer.js";
import { certifyPrimes } from "../../domain/math/arithmetic.js";
import { decidePrimality } from "../../domain/math/primality.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, DLOG_MAX_DIGITS as MAX_DIGITS, DlogWitness, type DlogWitnessWire, mulCost, PROOF_WORK } from "./support.js";

const Factor = type({ prime: positiveString(MAX_DIGITS), exponent: positiveString(5) });
const Claim = type({
  "status?": "'COMPLETE'",
  solvable: "true",
  log: naturalString(MAX_DIGITS).describe("the claimed x ≥ 0 with g^x ≡ h (mod m)"),
  "period?": positiveString(MAX_DIGITS).describe("optional: the claim that the solutions are exactly log + k·period (k ≥ 0), period being the exact period of g^x from preperiod on; then log is also claimed to be the least solution"),
  "period_factorization?": Factor.array().describe("the prime factorization of period (required with period)"),
  "preperiod?": naturalString(4).describe("T ≤ 2000 from which g^x is periodic (default 0)"),
  "certainty?": "'PROVEN' | 'PROBABLE'",
}).or({
  "status?": "'COMPLETE'",
  solvable: "false",
  "reason?": "string",
  witness: DlogWitness,
  "certainty?": "'PROVEN' | 'PROBABLE'",
});
const Request = strict(
  type({
    base: integerString(MAX_DIGITS).describe("g (at most 500 digits)"),
    target: integerString(MAX_DIGITS).describe("h (at most 500 digits)"),
    modulus: positiveString(MAX_DIGITS).describe("m ≥ 1 (at most 500 digits)"),
    claim: Claim.describe("a result of modular.discrete_log.compute (or the same shape from elsewhere): a solution, or no solution with a witness"),
  }),
);
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    "failure?": type("'not_a_solution' | 'not_least' | 'wrong_period' | 'invalid_witness'").describe("why the claim was rejected"),
    "computed?": naturalString(MAX_DIGITS).describe("not_a_solution: g^log mod m, which differs from h mod m"),
    "smaller_solution?": naturalString(4).describe("not_least: a solution below the claimed log"),
    "detail?": type("string").describe("what exactly fails"),
    "unproven?": positiveString(MAX_DIGITS).array().describe("non_conclusion: primes of a factorization the verdict relies on that are only Baillie–PSW probable primes and could not be proven"),
    "argument?": type("'solution' | 'least_solution' | 'non_unit_target' | 'vanishing' | 'order'").describe("accepted: what was established"),
  }),
);
type Bindings = typeof Bindings.infer;

const MAX_T = 2000;

export interface WitnessCheck {
  /** null when the witness proves there is no solution (given the primes in `probable`). */
  problem: string | null;
  /** Primes the argument needs that are only BPSW-probable. */
  probable: bigint[];
}

/** Primality of listed primes: a composite is a problem; probable primes are reported. */
function checkPrimes(primes: bigint[]): WitnessCheck {
  const probable: bigint[] = [];
  for (const q of primes) {
    const d = decidePrimality(q);
    if (!d.prime) return { problem: `${q} is not prime`, probable: [] };
    if (d.status === "PROBABLE") probable.push(q);
  }
  return { problem: null, probable };
}

/** Is N (with factorization f) the exact order of g modulo m1, given g^N ≡ 1? */
function exactOrder(g: bigint, N: bigint, f: { prime: string; exponent: string }[], m1: bigint): WitnessCheck {
  let prod = 1n;
  for (const x of f) prod *= BigInt(x.prime) ** BigInt(x.exponent);
  if (prod !== N) return { problem: "the factorization does not multiply to the order", probable: [] };
  const one = 1n % m1;
  if (modPow(g, N, m1) !== one) return { problem: "g^order ≢ 1", probable: [] };
  for (const x of f) if (modPow(g, N / BigInt(x.prime), m1) === one) return { problem: `g^(order/${x.prime}) ≡ 1: the order is smaller`, probable: [] };
  return checkPrimes(f.map((x) => BigInt(x.prime)));
}

/**
 * Independent check of a no-solution witness for g^x ≡ h (mod m): a handful of gcds and
 * exponentiations (and, for `vanishing`, at most 2000 multiplications).
 */
export function checkDlogWitness(g: bigint, h: bigint, m: bigint, w: DlogWitnessWire): WitnessCheck {
  const bad = (problem: string): WitnessCheck => ({ problem, probable: [] });
  if (w.kind === "non_unit_target") {
    const d = BigInt(w.divisor);
    if (d < 2n || m % d !== 0n) return bad("the divisor does not divide m or is 1");
    if (gcd(g, d) !== 1n) return bad("g is not a unit modulo the divisor");
    return gcd(h, d) > 1n ? { problem: null, probable: [] } : bad("h is a unit modulo the divisor");
  }
  if (w.kind === "vanishing") {
    const d = BigInt(w.divisor), T = w.threshold;
    if (d < 2n || m % d !== 0n) return bad("the divisor does not divide m or is 1");
    if (modPow(g, BigInt(T), d) !== 0n) return bad("g^T ≢ 0 modulo the divisor");
    if (mod(h, d) === 0n) return bad("h ≡ 0 modulo the divisor");
    const hm = mod(h, m);
    let pw = 1n % m;
    for (let x = 0; x < T; x++) {
      if (pw === hm) return bad(`x = ${x} < T is a solution`);
      pw = (pw * g) % m;
    }
    return { problem: null, probable: [] };
  }
  const m1 = BigInt(w.forced_modulus), m2 = BigInt(w.modulus);
  const x1 = BigInt(w.forced_log), n1 = BigInt(w.forced_order), N = BigInt(w.exponent);
  if (m % m1 !== 0n || m % m2 !== 0n) return bad("forced_modulus and modulus must divide m");
  if (gcd(g, m1) !== 1n || gcd(g, m2) !== 1n) return bad("g must be a unit modulo forced_modulus and modulus");
  if (modPow(g, x1, m1) !== mod(h, m1)) return bad("g^forced_log ≢ h modulo forced_modulus");
  const ord = exactOrder(g, n1, w.forced_order_factorization, m1);
  if (ord.problem) return bad(`forced_order: ${ord.problem}`);
  const one = 1n % m2;
  const G = modPow(g, n1, m2);
  if (modPow(G, N, m2) !== one) return bad("(g^forced_order)^exponent ≢ 1 modulo modulus");
  const H = mod(h * modPow(modInverse(g, m2)!, x1, m2), m2);
  if (modPow(H, N, m2) === one) return bad("(h·g^−forced_log)^exponent ≡ 1 modulo modulus: no contradiction");
  return { problem: null, probable: ord.probable };
}

/** Try to prove BPSW-probable primes (Pocklington, arithmetic.certifyPrimes); returns those that stay unproven. */
function prove(primes: bigint[], checkpoint: () => void): bigint[] {
  if (!primes.length) return [];
  const factors = primes.map((prime) => ({ prime, exponent: 1, status: "PROBABLE" as const }));
  return certifyPrimes({ factors, cofactor: 1n, status: "COMPLETE" }, { work: PROOF_WORK, checkpoint }).probable;
}

const METHOD =
  "Solution: g^log mod m is computed (square-and-multiply) and compared with h mod m. With a claimed period N and preperiod T ≤ 2000: g^(T+N) ≡ g^T, g^(T+N/q) ≢ g^T for every prime q of N " +
  "(the listed factorization must multiply to N and each q is tested: deterministic Miller–Rabin below 3.3·10^24, else Baillie–PSW plus a Pocklington certificate), so all solutions x ≥ T are ≡ log (mod N); " +
  "log ≥ T and log < T + N, and no x < T is a solution (direct enumeration) — so log is the least solution. " +
  "No solution: non_unit_target — d | m with gcd(g, d) = 1 < gcd(h, d) (powers of g are units mod d, h is not); vanishing — d | m with g^T ≡ 0, h ≢ 0 (mod d), and no x < T works modulo m; " +
  "order — m1, m2 | m coprime to g, g^x1 ≡ h (mod m1) with n1 the exact order of g mod m1 (checked as above), so any solution has x ≡ x1 (mod n1), and (g^n1)^N ≡ 1 but (h·g^−x1)^N ≢ 1 (mod m2), " +
  "contradicting h·g^−x1 ≡ (g^n1)^((x−x1)/n1). Nothing of the producer's algorithm (Pohlig–Hellman, BSGS, rho) is used.";

export default defineChecker<Req>({
  id: "modular.discrete_log.verify",
  version: "1.0.0",
  title: "Verify a discrete logarithm or a no-solution claim",
  summary:
    "Checks a claim about g^x ≡ h (mod m), m up to 500 digits: a solution log (and, when the claim states a period, that log is the least solution and the solutions are log + k·period), " +
    "or no solution with a witness (order argument, non-unit target, or vanishing non-unit base) — e.g. the result of modular.discrete_log.compute. " +
    "Rejected with the failing fact (g^log mod m, a smaller solution, or the witness condition that fails); non_conclusion when the argument rests on a probable prime that cannot be proven.",
  keywords: ["discrete logarithm", "discrete log", "verify", "check", "certificate", "witness", "no solution", "order", "znlog", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic (exponentiations, gcds, Miller–Rabin, Pocklington)" }],
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "g, h, m and the claim's numbers have at most this many digits" },
    { name: "preperiod", limit: MAX_T, unit: "steps", description: "preperiod and vanishing thresholds are at most this (they are at most log2 m for honest claims)" },
  ],
  cost_model:
    "units = (number of exponentiations: 4 + the primes of the listed factorizations) · 1.3·bits(m)·2(L² + 4) + 2000 multiplications for enumerations + primality tests of the listed primes (and Pocklington attempts above 3.3·10^24, at most 4·10^7 limb-weighted units in all)",
  budget: { max_units: 3e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const b = bitsOf(req.modulus);
    const c = req.claim as { period_factorization?: unknown[]; witness?: { forced_order_factorization?: unknown[] } };
    const k = (c.period_factorization?.length ?? 0) + (c.witness?.forced_order_factorization?.length ?? 0);
    const exps = 6 + 2 * k;
    const units = exps * 1.3 * b * mulCost(b) + MAX_T * mulCost(b) + k * (4 * b * mulCost(b) + (b > 81 ? PROOF_WORK / Math.max(1, k) : 0));
    return { units, memory_bytes: 2 ** 20, basis: `m of ${req.modulus.length} digits, ${k} listed primes` };
  },
  ports: { inputs: {}, outputs: {} },
  async execute(req, ctx): Promise<CheckerFinding> {
    const g = BigInt(req.base), h = BigInt(req.target), m = BigInt(req.modulus);
    const checkpoint = () => ctx.checkpoint();
    const claim = req.claim;
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    const unprovenFinding = (qs: bigint[], what: string): CheckerFinding => ({
      verdict: "non_conclusion",
      bindings: { unproven: qs.map(String) },
      reason: `${what} is established only if ${qs.length === 1 ? "this Baillie–PSW probable prime is" : "these Baillie–PSW probable primes are"} prime; no Pocklington certificate was found within budget`,
    });
    if (!claim.solvable) {
      const r = checkDlogWitness(g, h, m, claim.witness);
      if (r.problem) return reject({ failure: "invalid_witness", detail: r.problem }, `the no-solution witness (${claim.witness.kind}) does not hold: ${r.problem}`);
      const left = prove(r.probable, checkpoint);
      if (left.length) return unprovenFinding(left, "the absence of a solution");
      return { verdict: "accepted", bindings: { argument: claim.witness.kind }, reason: "the witness proves that no x ≥ 0 has g^x ≡ h (mod m)" };
    }
    const x = BigInt(claim.log);
    const got = modPow(g, x, m);
    if (got !== mod(h, m)) return reject({ failure: "not_a_solution", computed: got.toString() }, `g^log ≡ ${got} (mod m), not h mod m = ${mod(h, m)}`);
    if (claim.period === undefined) return { verdict: "accepted", bindings: { argument: "solution" }, reason: "g^log ≡ h (mod m)" };
    const T = BigInt(claim.preperiod ?? "0"), N = BigInt(claim.period);
    if (T > BigInt(MAX_T)) return reject({ failure: "wrong_period", detail: `preperiod above ${MAX_T}` }, "the preperiod exceeds the checkable bound (an honest preperiod is at most log2 m)");
    const f = claim.period_factorization;
    if (!f) return reject({ failure: "wrong_period", detail: "period_factorization is required with period" }, "a period claim must carry the factorization of the period");
    let prod = 1n;
    for (const q of f) prod *= BigInt(q.prime) ** BigInt(q.exponent);
    if (prod !== N) return reject({ failure: "wrong_period", detail: "the factorization does not multiply to the period" }, "period_factorization does not multiply to period");
    const gT = modPow(g, T, m);
    if (modPow(g, T + N, m) !== gT) return reject({ failure: "wrong_period", detail: "g^(T+N) ≢ g^T" }, "period is not a period of g^x from preperiod on");
    for (const q of f) {
      if (modPow(g, T + N / BigInt(q.prime), m) === gT) return reject({ failure: "wrong_period", detail: `g^(T+N/${q.prime}) ≡ g^T` }, "period is not the least period");
    }
    const primes = checkPrimes(f.map((q) => BigInt(q.prime)));
    if (primes.problem) return reject({ failure: "wrong_period", detail: primes.problem }, `period_factorization: ${primes.problem}`);
    if (x < T) return reject({ failure: "wrong_period", detail: "log < preperiod" }, "a solution below the preperiod is unique: the claim that all log + k·period are solutions is wrong");
    const hm = mod(h, m);
    let pw = 1n % m;
    for (let y = 0n; y < T; y++) {
      if (pw === hm) return reject({ failure: "not_least", smaller_solution: y.toString() }, `x = ${y} is a smaller solution`);
      pw = (pw * g) % m;
    }
    if (x >= T + N) return reject({ failure: "not_least", smaller_solution: (T + mod(x - T, N)).toString() }, `log − period is a smaller solution`);
    const left = prove(primes.probable, checkpoint);
    if (left.length) return unprovenFinding(left, "the exactness of the period (hence the minimality of log)");
    return { verdict: "accepted", bindings: { argument: "least_solution" }, reason: "g^log ≡ h (mod m), and log is the least solution; all solutions are log + k·period" };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "rejected") return b.failure ? null : "a rejection names its failure";
    if (f.verdict === "non_conclusion") return b.unproven?.length ? null : "a non-conclusion names the unproven primes";
    if (!b.argument) return "an acceptance names what it established";
    const g = BigInt(req.base), h = BigInt(req.target), m = BigInt(req.modulus);
    if (req.claim.solvable) return modPow(g, BigInt(req.claim.log), m) === mod(h, m) ? null : "accepted a non-solution";
    return checkDlogWitness(g, h, m, req.claim.witness).problem;
  },
  examples: [
    { title: "2^69 ≡ 3 (mod 101), the least solution, period 100", payload: { base: "2", target: "3", modulus: "101", claim: { solvable: true, log: "69", period: "100", period_factorization: [{ prime: "2", exponent: "2" }, { prime: "5", exponent: "2" }] } }, expected: { verdict: "accepted", bindings: { argument: "least_solution" } } },
    { title: "169 is a solution but not the least", payload: { base: "2", target: "3", modulus: "101", claim: { solvable: true, log: "169", period: "100", period_factorization: [{ prime: "2", exponent: "2" }, { prime: "5", exponent: "2" }] } }, expected: { verdict: "rejected", bindings: { failure: "not_least", smaller_solution: "69" } } },
    { title: "a wrong logarithm", payload: { base: "2", target: "3", modulus: "101", claim: { solvable: true, log: "70" } }, expected: { verdict: "rejected", bindings: { failure: "not_a_solution", computed: "6" } } },
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
