/**
 * Integer factorization: the one engine every operation that needs a factorization uses
 * (multiplicative functions, orders, square roots mod n, the factorization operation itself).
 *
 * Strategy, under one work budget (units ≈ modular multiplications, see FactorOptions.budget):
 * 1. trial division by the primes below 2^16 (residues modulo word-size products of primes);
 * 2. a stack of composite parts, each first tested (BPSW / deterministic Miller–Rabin) and checked
 *    for being a perfect power;
 * 3. Pollard–Brent rho — the whole job for parts below 14 digits, a short attempt otherwise;
 * 4. ECM (domain/math/ecm.ts) with growing B1: a short pretest sized to a fraction of the expected
 *    SIQS work when SIQS is feasible, or all the remaining budget when it is not (large or
 *    unbalanced numbers);
 * 5. SIQS (domain/math/siqs.ts) for parts of 14–90 digits whose expected cost fits in the budget;
 *    a run that ends without a split before its allowance is spent is followed by another with a
 *    fresh seed and a larger factor base, and then by ECM with whatever is left.
 * Only a spent budget leaves a part unsplit: it is returned as the unfactored cofactor (INCOMPLETE).
 * All randomness (ECM curves, SIQS polynomials) is seeded from n: results are reproducible.
 */
import { bitLength, gcd, perfectPower, product } from "./integer.js";
import { ECM_LEVELS, ecm, ecmB2, mulWeight } from "./ecm.js";
import { decidePrimality, pocklingtonProof, type PocklingtonStep, pollardBrent, type PrimalityStatus, RHO_POLYNOMIALS } from "./primality.js";
import { SeededRandom } from "./seeded-random.js";
import { siqs, siqsParameters } from "./siqs.js";

export interface PrimePower {
  prime: bigint;
  exponent: number;
  /** PROVEN (deterministic range or certificate) or PROBABLE (BPSW only). */
  status: PrimalityStatus;
}

export type FactorMethod = "trial_division" | "perfect_power" | "rho" | "ecm" | "siqs";

export interface Factorization {
  /** Prime powers found, ascending by prime. */
  factors: PrimePower[];
  /** Composite part left unfactored (1 when the factorization is complete). */
  cofactor: bigint;
  status: "COMPLETE" | "INCOMPLETE";
  /** Work units spent (same scale as the budget). */
  work?: number;
  /** Methods that produced a split, in the order first used. */
  methods?: FactorMethod[];
}

export interface FactorOptions {
  /**
   * Work budget in units of about 0.3 µs of computation (one modular multiplication of ~100-bit
   * numbers; larger moduli weigh more, see ecm.ts mulWeight): rho iterations, ECM ladder steps and
   * SIQS sieve work are all charged in it. Default DEFAULT_FACTOR_BUDGET (about 10 s; enough for
   * 50–55-digit balanced semiprimes, or ECM to ~20-digit factors).
   */
  budget?: number;
  checkpoint?: () => void;
  /**
   * Progress per stage (ExecutionContext.progress): the curves of an ECM level out of its curve
   * count, the relations of a SIQS run out of those it needs, Pollard–Brent iterations (no total);
   * the budget is a ceiling, not the work, so it is never reported as a total.
   */
  progress?: (done: number, total?: number, message?: string) => void;
}

/**
 * The work budgets by effort, one table for every operation that factors (the integer pack's
 * factorization and its functions, the modular pack's moduli and group orders): quick about a
 * quarter second (SIQS to ~42 digits, ECM to ~12-digit factors), standard under ten seconds (SIQS
 * to ~57 digits, ECM to ~18-digit factors), thorough about two minutes (SIQS to ~68 digits, ECM to
 * ~25-digit factors).
 */
export const FACTOR_EFFORT = { quick: 1e6, standard: 3e7, thorough: 5e8 } as const;
export type FactorEffort = keyof typeof FACTOR_EFFORT;
export const DEFAULT_FACTOR_BUDGET = FACTOR_EFFORT.standard;
/** Operation cost units (≈ 64-bit limb multiplications) per engine work unit, for the cost models. */
export const COST_UNITS_PER_WORK = 256;
/** Trial division covers the primes below this bound. */
export const TRIAL_DIVISION_BOUND = 65536;
/** Parts with fewer digits are left to Pollard–Brent rho alone. */
const RHO_ONLY_DIGITS = 14;
const SIQS_MAX_DIGITS = 90;

const TD_PRIMES: Int32Array = (() => {
  const sieve = new Uint8Array(TRIAL_DIVISION_BOUND);
  const out: number[] = [];
  for (let i = 2; i < TRIAL_DIVISION_BOUND; i++) {
    if (sieve[i]) continue;
    out.push(i);
    for (let j = i * i; j < TRIAL_DIVISION_BOUND; j += i) sieve[j] = 1;
  }
  return Int32Array.from(out);
})();

/** Expected SIQS work (units) for a d-digit number, fitted to measurements of siqs.ts (kept on the safe side). */
export function siqsWorkEstimate(digits: number): number {
  return 4e6 * Math.pow(12, (digits - 50) / 10);
}

/**
 * Expected work (units) to factor a number of `digits` digits, capped at `budget`: trial division
 * and primality tests, then rho below 14 digits, the expected SIQS work (with a 15 % margin for the
 * ECM pretest) up to 90 digits, the whole budget beyond. The cost models of every pack use it.
 */
export function expectedFactorWork(digits: number, budget: number): number {
  const bits = Math.max(1, (digits - 1) * 3.3219) + 3.3;
  let work = (bits * bits) / 4096 + 2000;
  if (digits < RHO_ONLY_DIGITS) work += 3 * 2 ** (bits / 4);
  else work += digits <= SIQS_MAX_DIGITS ? siqsWorkEstimate(digits) * 1.15 + 6000 : budget;
  return Math.min(work, budget);
}

/**
 * Share of the expected SIQS work spent first on ECM looking for a small factor: none below 36
 * digits (SIQS takes milliseconds there), 3 % up to 50 digits, then rising to 15 % at 72 digits.
 */
function ecmPretestShare(digits: number): number {
  if (digits < 36) return 0;
  return digits <= 50 ? 0.03 : Math.min(0.15, 0.03 + (digits - 50) * 0.0055);
}
/** Pollard–Brent iterations tried first on a part of more than 40 digits (SIQS is cheaper below). */
const SHORT_RHO = 600;
/** SIQS runs on one part (each after the previous ended early without a split) before ECM takes the rest. */
const SIQS_ATTEMPTS = 4;

/** Factor |n| (n ≠ 0). ±1 has the empty factorization. */
export function factorInteger(n: bigint, opts: FactorOptions = {}): Factorization {
  if (n === 0n) throw new RangeError("factorInteger(0)");
  if (n < 0n) n = -n;
  const budget = opts.budget ?? DEFAULT_FACTOR_BUDGET;
  let spent = 0;
  const methods: FactorMethod[] = [];
  const used = (m: FactorMethod) => {
    if (!methods.includes(m)) methods.push(m);
  };
  const progress = opts.progress ?? (() => {});
  const found = new Map<bigint, { exponent: number; status: PrimalityStatus }>();
  const add = (p: bigint, e: number, status: PrimalityStatus) => {
    const cur = found.get(p);
    found.set(p, { exponent: (cur?.exponent ?? 0) + e, status: cur?.status === "PROVEN" ? "PROVEN" : status });
  };

  // ---- 1. trial division: one gcd with the product of all primes below 2^16 tells whether any divides n;
  //      only then are the primes tried one by one (n mod p by Horner's rule on 32-bit limbs, doubles). ----
  {
    const w = mulWeight(n);
    spent += 10 * w + bitLength(n) / 64;
    const g = n > 1n ? gcd(n, smallPrimorial()) : 1n;
    if (g > 1n) {
      const limbs = limbs32(g);
      for (let i = 0; i < TD_PRIMES.length; i++) {
        const p = TD_PRIMES[i]!;
        let r = 0;
        for (let t = 0; t < limbs.length; t++) r = (r * 4294967296 + limbs[t]!) % p;
        if (r !== 0) continue;
        const bp = BigInt(p);
        let e = 0;
        while (n % bp === 0n) {
          n /= bp;
          e++;
        }
        add(bp, e, "PROVEN");
        used("trial_division");
      }
      spent += (limbs.length * TD_PRIMES.length) / 400;
    }
  }
  progress(1, undefined, "trial division by the primes below 65536 done");

  let cofactor = 1n;
  const stack: { m: bigint; e: number }[] = n > 1n ? [{ m: n, e: 1 }] : [];
  while (stack.length) {
    opts.checkpoint?.();
    // Smallest part first: cheap splits before expensive ones.
    stack.sort((a, b) => (a.m < b.m ? 1 : a.m > b.m ? -1 : 0));
    const { m, e } = stack.pop()!;
    if (m === 1n) continue;
    if (m < BigInt(TRIAL_DIVISION_BOUND) * BigInt(TRIAL_DIVISION_BOUND)) {
      // No prime factor below 2^16 is left, so a part below 2^32 is prime.
      add(m, e, "PROVEN");
      continue;
    }
    const d = decidePrimality(m);
    spent += 20 * mulWeight(m) * (bitLength(m) / 32);
    if (d.prime) {
      add(m, e, d.status);
      continue;
    }
    const pp = perfectPower(m, BigInt(TRIAL_DIVISION_BOUND));
    if (pp) {
      used("perfect_power");
      stack.push({ m: pp.root, e: e * pp.exponent });
      continue;
    }
    const pieces = spent < budget ? split(m) : undefined;
    if (!pieces) {
      cofactor *= m ** BigInt(e);
      continue;
    }
    for (const q of pieces) stack.push({ m: q, e });
  }
  const factors = [...found.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([prime, v]) => ({ prime, exponent: v.exponent, status: v.status }));
  return { factors: mergeEqual(factors), cofactor, status: cofactor === 1n ? "COMPLETE" : "INCOMPLETE", work: Math.round(spent), methods };

  /**
   * Non-trivial factors of the composite, non-perfect-power m with product m, or undefined when the budget is spent.
   * A method that stops short of its allowance without a factor (rho's polynomials all cycling, SIQS finding no new
   * polynomial or only trivial dependencies) is not the end: the next attempt has fresh parameters, and ECM takes
   * whatever is left, so only an exhausted budget makes a part INCOMPLETE.
   */
  function split(m: bigint): bigint[] | undefined {
    const digits = m.toString().length;
    const w = mulWeight(m);
    const left = () => budget - spent;
    let rhoIterations = 0;
    /** Pollard–Brent with the polynomials from `seed` on, at most `iterations` iterations. */
    const rho = (iterations: number, seed: bigint): { factor?: bigint; used: number } => {
      const meter = { remaining: iterations };
      const f = pollardBrent(m, iterations, seed, opts.checkpoint, meter);
      const usedIterations = iterations - Math.max(0, meter.remaining);
      spent += usedIterations * 2.5 * w;
      rhoIterations += usedIterations;
      progress(rhoIterations, undefined, `Pollard–Brent rho on a ${digits}-digit part: ${rhoIterations} iterations`);
      return { ...(f !== undefined && f > 1n && f < m ? { factor: f } : {}), used: usedIterations };
    };
    // Pollard–Brent rho, ~√p iterations of about 3 multiplications: the whole job below 14 digits (another run of
    // polynomials whenever all of one run's cycle without a factor), a short attempt above 40.
    if (digits < RHO_ONLY_DIGITS) {
      for (let seed = 1n; left() > 0; seed += RHO_POLYNOMIALS) {
        const r = rho(Math.max(1, Math.floor(left() / (2.5 * w))), seed);
        if (r.factor !== undefined) {
          used("rho");
          return [r.factor, m / r.factor];
        }
        if (r.used === 0) break;
      }
      return undefined;
    }
    if (digits > 40) {
      const r = rho(Math.min(SHORT_RHO, Math.floor(left() / (2.5 * w))), 1n);
      if (r.factor !== undefined) {
        used("rho");
        return [r.factor, m / r.factor];
      }
      if (left() <= 0) return undefined;
    }
    const random = SeededRandom.forInteger(m, "ecm");
    const siqsCost = siqsWorkEstimate(digits);
    const useSiqs = digits <= SIQS_MAX_DIGITS && siqsCost <= left();
    // ECM: a pretest before SIQS, or everything that is left when SIQS is out of reach or has failed.
    let ecmAllowance = useSiqs ? siqsCost * ecmPretestShare(digits) : left();
    let curvesTried = 0;
    let stalled = false;
    let level = 0;
    let B1 = ECM_LEVELS[0]!.B1;
    const runLevel = (B1: number, curves: number): bigint | undefined => {
      const allowance = Math.min(ecmAllowance, left());
      if (allowance <= 0) {
        stalled = true;
        return undefined;
      }
      const meter = { remaining: allowance };
      const stage = `ECM level ${level + 1} (B1 = ${B1}) on a ${digits}-digit part`;
      progress(0, curves, `${stage}: 0 of ${curves} curves`);
      const res = ecm(m, B1, ecmB2(B1), curves, {
        meter,
        random,
        ...(opts.checkpoint ? { checkpoint: opts.checkpoint } : {}),
        onCurve: (c) => progress(c, curves, `${stage}: ${c} of ${curves} curves`),
      });
      const usedUnits = allowance - meter.remaining;
      spent += usedUnits;
      ecmAllowance -= usedUnits;
      curvesTried += res.curves;
      // Not even one curve fitted in what is left: spend the rest (a curve costs more) and stop.
      if (res.curves === 0) {
        stalled = true;
        spent += allowance;
        ecmAllowance -= allowance;
      }
      return res.factor;
    };
    /** ECM within ecmAllowance: the levels in order (up to factors of `maxDigits`), then B1 raised while budget remains. */
    const runEcm = (maxDigits: number): bigint[] | undefined => {
      for (; level < ECM_LEVELS.length; level++) {
        if (ecmAllowance <= 0 || left() <= 0 || stalled) return undefined;
        const { B1: b1, curves, digits: d } = ECM_LEVELS[level]!;
        if (d > maxDigits) return undefined;
        B1 = b1;
        const f = runLevel(b1, curves);
        if (f !== undefined) {
          used("ecm");
          return [f, m / f];
        }
      }
      if (maxDigits !== Infinity) return undefined;
      while (ecmAllowance > 0 && left() > 0 && !stalled) {
        B1 = Math.min(Math.round(B1 * 2.5), 20_000_000);
        const f = runLevel(B1, 1000);
        if (f !== undefined) {
          used("ecm");
          return [f, m / f];
        }
      }
      return undefined;
    };
    const pretest = runEcm(useSiqs ? digits / 2 : Infinity);
    if (pretest || !useSiqs) return pretest;
    // SIQS with everything that is left; a run that ends early without a split (no new polynomial A, or only trivial
    // dependencies) is followed by another with a fresh seed and a larger factor base.
    const base = siqsParameters(digits);
    for (let attempt = 0; attempt < SIQS_ATTEMPTS && left() > 0; attempt++) {
      const allowance = left();
      let reported = -Infinity;
      const meter = { remaining: allowance };
      const res = siqs(m, {
        meter,
        random: SeededRandom.forInteger(m, attempt === 0 ? "siqs" : `siqs:${attempt}`),
        ...(attempt > 0 ? { parameters: { factorBase: Math.round(base.factorBase * (1 + 0.5 * attempt)) } } : {}),
        ...(opts.checkpoint ? { checkpoint: opts.checkpoint } : {}),
        progress: (rel, need) => {
          // Called once per sieved polynomial: report each 1/200 of the relations (reports may cross a thread).
          if (rel < reported + need / 200 && rel < need) return;
          reported = rel;
          progress(rel, need, `SIQS${attempt ? ` (attempt ${attempt + 1})` : ""} on a ${digits}-digit part: ${rel} of ${need} relations`);
        },
      });
      spent += allowance - meter.remaining;
      if (res.pieces && res.pieces.length >= 2) {
        used("siqs");
        return res.pieces;
      }
    }
    ecmAllowance = left();
    stalled = false;
    return runEcm(Infinity);
  }
}

/**
 * A Pocklington proof of n (primality.ts pocklingtonProof) with n − 1, and q − 1 for each prime q of
 * the recursion, factored by this engine (rho, ECM, SIQS) rather than by rho alone: all those
 * factorizations together within `budget` work units. Undefined when n is not prime or the budget
 * did not reach a factored part F with F² > n at some step.
 */
export function provePrimeByFactoring(n: bigint, budget: number, checkpoint?: () => void): PocklingtonStep[] | undefined {
  let left = budget;
  return pocklingtonProof(
    n,
    (m) => {
      if (left <= 0) return [];
      const f = factorInteger(m, { budget: left, ...(checkpoint ? { checkpoint } : {}) });
      left -= Math.max(1, f.work ?? 0);
      return f.factors.flatMap(({ prime, exponent }) => Array.from({ length: exponent }, () => prime));
    },
    checkpoint,
  );
}

let primorial: bigint | undefined;

/** The product of the primes below TRIAL_DIVISION_BOUND (about 94,000 bits), computed once. */
function smallPrimorial(): bigint {
  primorial ??= product(Array.from(TD_PRIMES, (p) => BigInt(p)));
  return primorial;
}

/** The base-2^32 digits of n ≥ 0, most significant first. */
function limbs32(n: bigint): Float64Array {
  const hex = n.toString(16);
  const count = Math.max(1, Math.ceil(hex.length / 8));
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const end = hex.length - 8 * (count - 1 - i);
    out[i] = parseInt(hex.slice(Math.max(0, end - 8), end), 16);
  }
  return out;
}

function mergeEqual(fs: PrimePower[]): PrimePower[] {
  const out: PrimePower[] = [];
  for (const f of fs) {
    const last = out[out.length - 1];
    if (last && last.prime === f.prime) last.exponent += f.exponent;
    else out.push({ ...f });
  }
  return out;
}
