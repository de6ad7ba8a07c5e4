/**
 * Discrete logarithms: the answer shapes shared by modular.discrete_log.compute and its checker
 * modular.discrete_log.verify (whose claim is the producer's value), the no-solution witness and
 * the independent checks of solutions and witnesses, and the cost model. (Not a declaration.)
 */
import { type } from "arktype";
import type { Factorization } from "../../domain/math/factor.js";
import { gcd, mod, modInverse, modPow } from "../../domain/math/integer.js";
import type { DlogWitness as DomainWitness } from "../../domain/math/modular.js";
import { decidePrimality } from "../../domain/math/primality.js";
import { Certainty, EFFORT, EFFORT_LEVELS, factorList, factorListShape, factorProduct, incompleteShape, int, mulCost, nat, pos, type FactorEntry } from "./support.js";

export const DLOG_KIND = "modular.discrete_log";
export const DLOG_MAX_DIGITS = 500;
/** Vanishing witnesses name a threshold of at most this many steps (an honest one is at most log2 m). */
export const MAX_THRESHOLD = 2000;

export const dlogRequestFields = {
  base: int(DLOG_MAX_DIGITS, "g (at most 500 digits); need not be a unit"),
  target: int(DLOG_MAX_DIGITS, "h (at most 500 digits)"),
  modulus: pos(DLOG_MAX_DIGITS, "m ≥ 1 (at most 500 digits)"),
  "effort?": EFFORT.describe(`work budget for factoring m and the p − 1 for its primes p, all together (the levels of integer.prime_factorization.compute): ${EFFORT_LEVELS}`),
};

const factors = (description: string) => factorListShape(DLOG_MAX_DIGITS, description);

/** A checkable argument that g^x ≡ h (mod m) has no solution x ≥ 0. */
export const DlogWitness = type({
  kind: "'non_unit_target'",
  divisor: pos(DLOG_MAX_DIGITS, "d | m with gcd(g, d) = 1 < gcd(h, d): every power of g is a unit modulo d, h is not"),
})
  .or({
    kind: "'vanishing'",
    divisor: pos(DLOG_MAX_DIGITS, "d | m made of primes of g, with g^T ≡ 0 (mod d) but h ≢ 0 (mod d)"),
    threshold: type(`0 <= number.integer <= ${MAX_THRESHOLD}`).describe("T: no x < T has g^x ≡ h (mod m), and g^x ≡ 0 (mod d) for x ≥ T"),
  })
  .or({
    kind: "'order'",
    forced_modulus: pos(DLOG_MAX_DIGITS, "m1 | m, coprime to g, modulo which every solution is forced: x ≡ forced_log (mod forced_order) (1 when nothing is forced)"),
    forced_log: nat(DLOG_MAX_DIGITS, "x1 with g^x1 ≡ h (mod m1)"),
    forced_order: pos(DLOG_MAX_DIGITS, "n1, the exact order of g modulo m1"),
    forced_order_factorization: factors("the prime factorization of n1 (it makes the exactness of n1 checkable)"),
    modulus: pos(DLOG_MAX_DIGITS, "m2 | m, coprime to g"),
    exponent: pos(DLOG_MAX_DIGITS, "N with (g^n1)^N ≡ 1 (mod m2) but (h·g^−x1)^N ≢ 1 (mod m2)"),
  })
  .describe("why no x exists; every field is re-checkable with a few exponentiations and gcds");
export type DlogWitnessValue = typeof DlogWitness.infer;

export function witnessOf(w: DomainWitness): DlogWitnessValue {
  if (w.kind !== "order") return w;
  return {
    kind: "order",
    forced_modulus: w.forcedModulus,
    forced_log: w.forcedLog,
    forced_order: w.forcedOrder,
    forced_order_factorization: factorList(w.forcedOrderFactors),
    modulus: w.modulus,
    exponent: w.exponent,
  };
}

const period = (description: string) => pos(DLOG_MAX_DIGITS, description);
const incomplete = () =>
  incompleteShape({
    stage: type("'modulus' | 'group_order' | 'step_budget'").describe("m could not be factored, p − 1 could not be factored, or a prime-order subgroup is too large for the step allowance"),
    "unfactored?": pos(DLOG_MAX_DIGITS, "the composite part left unfactored"),
    "prime?": pos(DLOG_MAX_DIGITS, "step_budget: the prime factor of the group order that is too large"),
  });

/** The answer of modular.discrete_log.compute. */
export const dlogResultShapes = [
  {
    status: "'COMPLETE'",
    solvable: "true",
    log: nat(DLOG_MAX_DIGITS, "the least x ≥ 0 with g^x ≡ h (mod m)"),
    "period?": period("when present, the solutions are exactly log + k·period, k ≥ 0 (period = the order of g on the units part); when absent, log is the only solution"),
    "period_factorization?": factors("the prime factorization of period"),
    preperiod: nat(4, "T: the least x from which g^x mod m is periodic (0 for a unit g)"),
    certainty: Certainty,
  },
  { status: "'COMPLETE'", solvable: "false", reason: "string", witness: DlogWitness, certainty: Certainty },
  incomplete(),
] as const;

/**
 * The claim of modular.discrete_log.verify: the producer's answer unchanged, or parts of it. A bare
 * log claims one solution; log with preperiod but no period claims the only solution; log with a
 * period claims that the solutions are exactly log + k·period (k ≥ 0), so log is the least.
 * `solvable: true` may be left out: a claim with a log claims a solution.
 */
export const dlogClaimShapes = [
  {
    "status?": "'COMPLETE'",
    "solvable?": "true",
    log: nat(DLOG_MAX_DIGITS, "the claimed x ≥ 0 with g^x ≡ h (mod m)"),
    "period?": period("the claim that the solutions are exactly log + k·period (k ≥ 0): period is the least period of g^x from the preperiod on, and log the least solution"),
    "period_factorization?": factors("the prime factorization of period (optional: without it the checker factors the period)"),
    "preperiod?": nat(DLOG_MAX_DIGITS, "the claimed least x from which g^x mod m is periodic; with a log and no period it states that log is the only solution"),
    "certainty?": Certainty,
  },
  { "status?": "'COMPLETE'", solvable: "false", "reason?": "string", witness: DlogWitness, "certainty?": Certainty },
  incomplete(),
] as const;

// ---------------------------------------------------------------------------------------------
// Independent checks (exponentiations and gcds only; nothing of Pohlig–Hellman, BSGS or rho).

/**
 * d: the largest divisor of m made of primes of g (by repeated gcds, no factoring), and t: the
 * least exponent with g^t ≡ 0 (mod d). g^x mod m is periodic exactly from x = t on: modulo d it is
 * 0 from t on and non-zero before, modulo m/d g is a unit. t ≤ log2 m.
 */
export function vanishingPart(g: bigint, m: bigint): { d: bigint; t: number } {
  const gm = mod(g, m);
  let rest = m, d = 1n;
  for (let c = gcd(rest, gm); c > 1n; c = gcd(rest, gm)) {
    rest /= c;
    d *= c;
  }
  let t = 0;
  for (let pw = 1n % d; pw !== 0n; pw = (pw * gm) % d) t++;
  return { d, t };
}

export interface WitnessCheck {
  /** null when the witness proves there is no solution (given the primes in `probable`). */
  problem: string | null;
  /** Primes the argument needs that are only BPSW-probable. */
  probable: bigint[];
}

/** Primality of listed primes: a composite is a problem; probable primes are reported. */
function checkPrimes(primes: readonly bigint[]): WitnessCheck {
  const probable: bigint[] = [];
  for (const q of primes) {
    const d = decidePrimality(q);
    if (!d.prime) return { problem: `${q} is not prime`, probable: [] };
    if (d.status === "PROBABLE") probable.push(q);
  }
  return { problem: null, probable };
}

/** Is n (with factorization f) the exact order of g modulo m1? */
function exactOrder(g: bigint, n: bigint, f: readonly FactorEntry[], m1: bigint): WitnessCheck {
  if (factorProduct(f) !== n) return { problem: "the factorization does not multiply to the order", probable: [] };
  const one = 1n % m1;
  if (modPow(g, n, m1) !== one) return { problem: "g^order ≢ 1", probable: [] };
  for (const x of f) if (modPow(g, n / x.prime, m1) === one) return { problem: `g^(order/${x.prime}) ≡ 1: the order is smaller`, probable: [] };
  return checkPrimes(f.map((x) => x.prime));
}

/**
 * Independent check of a no-solution witness for g^x ≡ h (mod m): a handful of gcds and
 * exponentiations (and, for `vanishing`, at most 2000 multiplications).
 */
export function checkDlogWitness(g: bigint, h: bigint, m: bigint, w: DlogWitnessValue): WitnessCheck {
  const bad = (problem: string): WitnessCheck => ({ problem, probable: [] });
  if (w.kind === "non_unit_target") {
    const d = w.divisor;
    if (d < 2n || m % d !== 0n) return bad("the divisor does not divide m or is 1");
    if (gcd(g, d) !== 1n) return bad("g is not a unit modulo the divisor");
    return gcd(h, d) > 1n ? { problem: null, probable: [] } : bad("h is a unit modulo the divisor");
  }
  if (w.kind === "vanishing") {
    const { divisor: d, threshold: T } = w;
    if (d < 2n || m % d !== 0n) return bad("the divisor does not divide m or is 1");
    if (modPow(g, BigInt(T), d) !== 0n) return bad("g^T ≢ 0 modulo the divisor");
    if (mod(h, d) === 0n) return bad("h ≡ 0 modulo the divisor");
    const hm = mod(h, m), gm = mod(g, m);
    let pw = 1n % m;
    for (let x = 0; x < T; x++) {
      if (pw === hm) return bad(`x = ${x} < T is a solution`);
      pw = (pw * gm) % m;
    }
    return { problem: null, probable: [] };
  }
  const { forced_modulus: m1, modulus: m2, forced_log: x1, forced_order: n1, exponent: N } = w;
  if (m % m1 !== 0n || m % m2 !== 0n) return bad("forced_modulus and modulus must divide m");
  if (gcd(g, m1) !== 1n || gcd(g, m2) !== 1n) return bad("g must be a unit modulo forced_modulus and modulus");
  if (modPow(g, x1, m1) !== mod(h, m1)) return bad("g^forced_log ≢ h modulo forced_modulus");
  const ord = exactOrder(g, n1, w.forced_order_factorization, m1);
  if (ord.problem) return bad(`forced_order: ${ord.problem}`);
  const one = 1n % m2;
  if (modPow(modPow(g, n1, m2), N, m2) !== one) return bad("(g^forced_order)^exponent ≢ 1 modulo modulus");
  const H = mod(h * modPow(modInverse(g, m2)!, x1, m2), m2);
  if (modPow(H, N, m2) === one) return bad("(h·g^−forced_log)^exponent ≡ 1 modulo modulus: no contradiction");
  return { problem: null, probable: ord.probable };
}

export type SolutionFailure = "not_a_solution" | "not_least" | "wrong_period" | "wrong_preperiod" | "not_unique";
export interface SolutionFacts {
  failure?: SolutionFailure;
  /** g^x mod m for the x that fails (not_a_solution: log; wrong_period: log + period). */
  computed?: bigint;
  smaller_solution?: bigint;
  smaller_period?: bigint;
  /** The true preperiod t and the divisor d of m it is read from. */
  preperiod?: bigint;
  divisor?: bigint;
  detail?: string;
}
export type SolutionCheck =
  | { verdict: "accepted"; argument: "solution" | "unique_solution" | "least_solution"; facts: SolutionFacts; probable: bigint[] }
  | { verdict: "rejected"; facts: SolutionFacts; reason: string }
  | { verdict: "unfactored"; unfactored: bigint };

/**
 * Check a solution claim (see dlogClaimShapes). `factorPeriod` factors a period whose factorization
 * the claim does not give; without it such a claim is reported `unfactored`. Every rejection rests
 * on a fact computed here: g^x mod m for a named x, the true preperiod, a smaller solution or a
 * smaller period, or a listed prime that is composite.
 */
export function checkDlogSolution(
  g: bigint,
  h: bigint,
  m: bigint,
  c: { log: bigint; period?: bigint | undefined; period_factorization?: readonly FactorEntry[] | undefined; preperiod?: bigint | undefined },
  factorPeriod?: (n: bigint) => Factorization,
): SolutionCheck {
  const gm = mod(g, m), hm = mod(h, m);
  const reject = (facts: SolutionFacts, reason: string): SolutionCheck => ({ verdict: "rejected", facts, reason });
  const got = modPow(gm, c.log, m);
  if (got !== hm) return reject({ failure: "not_a_solution", computed: got }, `g^log ≡ ${got} (mod m), not h mod m = ${hm}`);
  const { d, t } = vanishingPart(gm, m);
  const T = BigInt(t);
  const where = { preperiod: T, divisor: d };
  if (c.preperiod !== undefined && c.preperiod !== T) {
    return reject({ failure: "wrong_preperiod", ...where }, `g^x mod m is periodic exactly from x = ${t} on (g^x ≡ 0 modulo the divisor ${d} of m made of the primes of g from x = ${t} on, not before)`);
  }
  if (c.period === undefined) {
    if (c.preperiod === undefined) return { verdict: "accepted", argument: "solution", facts: {}, probable: [] };
    if (c.log < T) return { verdict: "accepted", argument: "unique_solution", facts: where, probable: [] };
    return reject({ failure: "not_unique", ...where }, `log ≥ the preperiod ${t}, so log + k·n is a solution for every k, n being the order of g modulo m/${d}`);
  }
  const N = c.period;
  const gT = modPow(gm, T, m);
  if (modPow(gm, T + N, m) !== gT) return reject({ failure: "wrong_period", ...where, detail: "g^(preperiod + period) ≢ g^preperiod" }, "period is not a period of g^x from the preperiod on");
  if (c.log < T) {
    const next = modPow(gm, c.log + N, m);
    return reject({ failure: "wrong_period", ...where, computed: next, detail: "log + period is not a solution" }, `log < the preperiod ${t}, so log is the only solution: g^(log + period) ≡ ${next} (mod m)`);
  }
  if (c.log >= T + N) {
    const s = T + mod(c.log - T, N);
    return reject({ failure: "not_least", smaller_solution: s }, `${s} = log − k·period is a smaller solution`);
  }
  // log ≥ T and h ≡ g^log ≡ 0 modulo d: no x < T (where g^x ≢ 0 modulo d) is a solution, so log is the least.
  let primes: bigint[];
  let listed = true;
  if (c.period_factorization) {
    if (factorProduct(c.period_factorization) !== N) return reject({ failure: "wrong_period", detail: "period_factorization does not multiply to period" }, "period_factorization does not multiply to period");
    primes = [...new Set(c.period_factorization.map((f) => f.prime))];
  } else if (factorPeriod) {
    const f = factorPeriod(N);
    primes = f.factors.map((p) => p.prime);
    listed = f.status === "COMPLETE";
    if (!listed) {
      for (const q of primes) if (modPow(gm, T + N / q, m) === gT) return reject({ failure: "wrong_period", smaller_period: N / q }, `period/${q} is already a period`);
      return { verdict: "unfactored", unfactored: f.cofactor };
    }
  } else return { verdict: "unfactored", unfactored: N };
  for (const q of primes) if (modPow(gm, T + N / q, m) === gT) return reject({ failure: "wrong_period", smaller_period: N / q }, `period/${q} is already a period`);
  const pc = checkPrimes(primes);
  if (pc.problem) return reject({ failure: "wrong_period", detail: pc.problem }, `period_factorization: ${pc.problem}`);
  return { verdict: "accepted", argument: "least_solution", facts: where, probable: pc.probable };
}

// ---------------------------------------------------------------------------------------------

/** Generic group operations (baby steps, giant steps, rho steps) allowed per call: subgroups of prime order up to about 10^14. */
export const MAX_GROUP_STEPS = 3e7;
/** The generic steps are also capped in work units: fewer steps for larger moduli. */
const STEP_UNITS = 1.5e9;
/** Generic steps allowed for a modulus of `b` bits. */
export const groupSteps = (b: number): number => Math.floor(Math.min(MAX_GROUP_STEPS, STEP_UNITS / mulCost(b)));

/**
 * Units of the Pohlig–Hellman bookkeeping: about 6 exponentiations of bits(m) bits per distinct prime of the
 * order, of which there are at most about 1.3·bits/log2(bits) (a primorial), each multiplication 2(L² + 4).
 */
export function pohligHellmanCost(b: number): number {
  const primes = (1.3 * b) / Math.max(1, Math.log2(b)) + 1;
  return 6 * primes * 1.3 * b * mulCost(b);
}
