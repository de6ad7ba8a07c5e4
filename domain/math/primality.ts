import { abs, gcd, isqrt, isSquare, jacobi, mod, modInverse, modPow, perfectPower } from "./integer.js";

const SMALL_PRIMES: number[] = (() => {
  const limit = 1000;
  const sieve = new Uint8Array(limit + 1);
  const out: number[] = [];
  for (let i = 2; i <= limit; i++) {
    if (sieve[i]) continue;
    out.push(i);
    for (let j = i * i; j <= limit; j += i) sieve[j] = 1;
  }
  return out;
})();

export const smallPrimes: readonly number[] = SMALL_PRIMES;
const SMALL_PRIME_SET = new Set(SMALL_PRIMES);

/**
 * The primes below 1000 in runs whose products stay below 2^53: n is reduced once per run (a
 * one-word division) and the run's primes are tested on that remainder in doubles.
 */
const SMALL_PRIME_RUNS: { product: bigint; primes: number[] }[] = (() => {
  const runs: { product: bigint; primes: number[] }[] = [];
  let primes: number[] = [];
  let product = 1;
  for (const q of SMALL_PRIMES) {
    if (product * q > Number.MAX_SAFE_INTEGER) {
      runs.push({ product: BigInt(product), primes });
      primes = [];
      product = 1;
    }
    primes.push(q);
    product *= q;
  }
  runs.push({ product: BigInt(product), primes });
  return runs;
})();

/** The least prime below 1000 dividing n, if any. */
function leastSmallFactor(n: bigint): number | undefined {
  for (const run of SMALL_PRIME_RUNS) {
    const r = Number(n % run.product);
    for (const q of run.primes) if (r % q === 0) return q;
  }
  return undefined;
}

/** Miller–Rabin bases 2..41 are deterministic below this bound (Sorenson & Webster 2015). */
export const DETERMINISTIC_MR_LIMIT = 3317044064679887385961981n;
const MR_BASES = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n];

/** Strong probable-prime test to base a for odd n > 2. */
export function isStrongProbablePrime(n: bigint, a: bigint): boolean {
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  let x = modPow(a, d, n);
  if (x === 1n || x === n - 1n) return true;
  for (let i = 1; i < s; i++) {
    x = (x * x) % n;
    if (x === n - 1n) return true;
    if (x === 1n) return false;
  }
  return false;
}

/** Selfridge's method A: the first D in 5, −7, 9, −11, … with (D/n) = −1, or a factor of n. */
export function selfridgeD(n: bigint): { D: bigint } | { factor: bigint } {
  let D = 5n;
  for (;;) {
    const j = jacobi(D, n);
    if (j === -1) return { D };
    if (j === 0) {
      const g = gcd(D, n);
      if (g !== n) return { factor: g };
    }
    D = D > 0n ? -(D + 2n) : -(D - 2n);
  }
}

/**
 * Strong Lucas probable-prime test with Selfridge's method A parameters (P = 1, Q = (1 − D)/4),
 * for odd n > 1 that is not a perfect square (a square has no D with (D/n) = −1: the search would
 * not end, so squares are refused with a RangeError). With n + 1 = d·2^s, n passes when
 * U_d ≡ 0 or V_{d·2^r} ≡ 0 (mod n) for some 0 ≤ r < s. Every odd prime not dividing 2QD passes.
 *
 * Computed with two modular multiplications per bit of d instead of three: for Q a unit mod n,
 * V_{2j}(P, Q) = Q^j·W_j where W = V(P', 1) with P' = P²/Q − 2, a sequence with Q = 1 that needs
 * no Q^k. With d = 2m + 1 the Lucas chain gives (W_m, W_{m+1}); since Q, D and 2 are units,
 * V_d = Q^{m+1}(W_{m+1} + W_m) and D·U_d = 2V_{d+1} − P·V_d = Q^{m+1}(W_{m+1} − W_m), so
 * U_d ≡ 0 ⇔ W_{m+1} ≡ W_m, V_d ≡ 0 ⇔ W_{m+1} ≡ −W_m, and V_{d·2^r} ≡ 0 ⇔ W_{d·2^(r−1)} ≡ 0 for
 * r ≥ 1 (W_d = W_m·W_{m+1} − P', W_{2j} = W_j² − 2). The test is exactly the Selfridge one.
 */
export function isStrongLucasProbablePrime(n: bigint): boolean {
  if (n < 3n || (n & 1n) === 0n) throw new RangeError("strong Lucas test: n must be odd and > 1");
  if (isSquare(n)) throw new RangeError("strong Lucas test: n is a perfect square");
  const sel = selfridgeD(n);
  if ("factor" in sel) return false;
  const D = sel.D;
  const Q = (1n - D) / 4n;
  if (gcd(Q, n) !== 1n) return abs(Q) === n;
  // n + 1 = d · 2^s, d = 2m + 1
  let d = n + 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  const Pp = mod(modInverse(mod(Q, n), n)! - 2n, n); // P' = P²/Q − 2 with P = 1
  const m = d >> 1n;
  // (a, b) = (W_j, W_{j+1}) from j = 0, left to right over the bits of m. Subtracting P' and 2 is
  // adding n − P' and n − 2: every operand stays non-negative, so each step is a product, a sum
  // and one reduction, without sign corrections (about a third of the test's time).
  let a = 2n % n;
  let b = Pp;
  const minusPp = n - Pp;
  const minus2 = n - 2n;
  if (m > 0n) {
    const bits = m.toString(2);
    for (let i = 0; i < bits.length; i++) {
      if (bits.charCodeAt(i) === 49) {
        a = (a * b + minusPp) % n; // W_{2j+1}
        b = (b * b + minus2) % n; // W_{2j+2}
      } else {
        b = (a * b + minusPp) % n; // W_{2j+1}
        a = (a * a + minus2) % n; // W_{2j}
      }
    }
  }
  if (a === b) return true; // U_d ≡ 0
  if ((a + b) % n === 0n) return true; // V_d ≡ 0
  if (s < 2) return false;
  let w = (a * b - Pp) % n; // W_d
  if (w < 0n) w += n;
  for (let r = 1; r < s; r++) {
    if (w === 0n) return true; // V_{d·2^r} ≡ 0
    if (r + 1 < s) w = (w * w - 2n + n) % n; // W_{d·2^r}
  }
  return false;
}

export type PrimalityStatus = "PROVEN" | "PROBABLE";

export interface PrimalityDecision {
  prime: boolean;
  /** PROVEN for every composite answer and for primes in the deterministic range. */
  status: PrimalityStatus;
  /**
   * For a composite: a non-trivial factor, a base a to which n is not a strong probable prime, or
   * (rarely, when n is a strong pseudoprime to every small base) the Selfridge parameter D of the
   * failed strong Lucas test. Absent for n < 2.
   */
  witness?: { kind: "factor" | "miller_rabin_base" | "lucas"; value: bigint };
}

/**
 * Baillie–PSW. Deterministic (Miller–Rabin bases 2..41) below 3.3·10^24; above, a `prime`
 * answer is PROBABLE (no BPSW counterexample is known), a `composite` answer is always proven.
 */
export function decidePrimality(n: bigint): PrimalityDecision {
  if (n < 2n) return { prime: false, status: "PROVEN" };
  if (n <= 1000n) {
    const k = Number(n);
    if (SMALL_PRIME_SET.has(k)) return { prime: true, status: "PROVEN" };
    return { prime: false, status: "PROVEN", witness: { kind: "factor", value: BigInt(SMALL_PRIMES.find((q) => k % q === 0)!) } };
  }
  const small = leastSmallFactor(n);
  if (small !== undefined) return { prime: false, status: "PROVEN", witness: { kind: "factor", value: BigInt(small) } };
  if (n < 1_000_000n) return { prime: true, status: "PROVEN" }; // no factor below 1000 > sqrt(n)
  if (n < DETERMINISTIC_MR_LIMIT) {
    for (const a of MR_BASES) {
      if (!isStrongProbablePrime(n, a)) return { prime: false, status: "PROVEN", witness: { kind: "miller_rabin_base", value: a } };
    }
    return { prime: true, status: "PROVEN" };
  }
  if (!isStrongProbablePrime(n, 2n)) return { prime: false, status: "PROVEN", witness: { kind: "miller_rabin_base", value: 2n } };
  if (isSquare(n)) return { prime: false, status: "PROVEN", witness: { kind: "factor", value: isqrt(n) } };
  const sel = selfridgeD(n);
  if ("factor" in sel) return { prime: false, status: "PROVEN", witness: { kind: "factor", value: sel.factor } };
  if (!isStrongLucasProbablePrime(n)) {
    // n is a strong pseudoprime to base 2 but fails the Lucas test: it is composite. A Miller–Rabin
    // base is the easier witness for a reader to re-check, so look for one among small primes.
    for (const p of SMALL_PRIMES.slice(1, 100)) {
      const a = BigInt(p);
      if (!isStrongProbablePrime(n, a)) return { prime: false, status: "PROVEN", witness: { kind: "miller_rabin_base", value: a } };
    }
    return { prime: false, status: "PROVEN", witness: { kind: "lucas", value: sel.D } };
  }
  return { prime: true, status: "PROBABLE" };
}

export function isProbablePrime(n: bigint): boolean {
  return decidePrimality(n).prime;
}

/** A shared allowance of Pollard–Brent iterations, spent across several searches. */
export interface RhoMeter {
  remaining: number;
}

/** Polynomials x² + c one pollardBrent call tries (c = seed, seed + 1, …) before it gives up. */
export const RHO_POLYNOMIALS = 20n;

/**
 * Pollard–Brent rho: a non-trivial factor of composite n, or undefined within `maxIterations`
 * iterations (counted over all polynomials tried). When `meter` is given, the iterations used are
 * also taken from it and the search stops when it is exhausted.
 */
export function pollardBrent(n: bigint, maxIterations = 1_000_000, seed = 1n, checkpoint?: () => void, meter?: RhoMeter): bigint | undefined {
  if ((n & 1n) === 0n) return 2n;
  let limit = meter ? Math.min(maxIterations, meter.remaining) : maxIterations;
  let iterations = 0;
  try {
    for (let c = seed; c < seed + RHO_POLYNOMIALS; c++) {
      let y = 2n, x = 2n, g = 1n, q = 1n, ys = 2n;
      let r = 1;
      const f = (v: bigint) => (v * v + c) % n;
      const m = 128;
      do {
        x = y;
        for (let i = 0; i < r; i++) y = f(y);
        iterations += r;
        let k = 0;
        do {
          ys = y;
          const lim = Math.min(m, r - k);
          for (let i = 0; i < lim; i++) {
            y = f(y);
            q = (q * abs(x - y)) % n;
          }
          g = gcd(q, n);
          k += m;
          iterations += lim;
          if (checkpoint && (iterations & 0x3fff) < 2 * m) checkpoint();
        } while (k < r && g === 1n);
        r *= 2;
        if (iterations > limit) break;
      } while (g === 1n);
      if (g === n) {
        // The product hit 0 mod n: replay the last block one step at a time.
        do {
          ys = f(ys);
          iterations++;
          g = gcd(abs(x - ys), n);
        } while (g === 1n);
      }
      if (g !== n && g !== 1n) return g;
      if (iterations > limit) return undefined;
    }
    return undefined;
  } finally {
    if (meter) meter.remaining -= iterations;
  }
}

export interface FactorSearch {
  /** Prime factors found (proven or BPSW-probable, see `status`), with multiplicity, ascending. */
  primes: bigint[];
  /** Unfactored cofactor (1 when complete). */
  cofactor: bigint;
}

/**
 * Factor n > 0 with trial division and Pollard–Brent rho within an iteration budget: `rhoBudget`
 * iterations per composite piece, and at most `meter.remaining` in total when a meter is given.
 * Used by certificate builders; the complete factorization pack (ECM, SIQS) lives elsewhere.
 */
export function factorSmallParts(n: bigint, rhoBudget = 200_000, checkpoint?: () => void, meter?: RhoMeter): FactorSearch {
  const primes: bigint[] = [];
  for (const p of SMALL_PRIMES) {
    const bp = BigInt(p);
    while (n % bp === 0n) {
      primes.push(bp);
      n /= bp;
    }
  }
  const stack = n > 1n ? [n] : [];
  let cofactor = 1n;
  while (stack.length) {
    const m = stack.pop()!;
    checkpoint?.();
    if (decidePrimality(m).prime) {
      primes.push(m);
      continue;
    }
    // Rho needs about √p steps to find p even in p^k: take perfect powers apart first.
    const power = perfectPower(m, 1000n);
    if (power) {
      for (let i = 0; i < power.exponent; i++) stack.push(power.root);
      continue;
    }
    const f = meter && meter.remaining <= 0 ? undefined : pollardBrent(m, rhoBudget, 1n, checkpoint, meter);
    if (f === undefined) {
      cofactor *= m;
      continue;
    }
    stack.push(f, m / f);
  }
  primes.sort(compareBigint);
  return { primes, cofactor };
}

const compareBigint = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

export interface PocklingtonStep {
  n: bigint;
  /** Factored part F of n − 1 with F² > n (Pocklington), as primes with multiplicity, ascending. */
  factored: bigint[];
  /** For each distinct prime q of F: a base a with a^(n−1) ≡ 1 and gcd(a^((n−1)/q) − 1, n) = 1. */
  witnesses: { q: bigint; a: bigint }[];
}

/** Prime factors (with multiplicity, ascending; proven or BPSW-probable) of some part of m = n − 1: what it could split. */
export type PartialFactorer = (m: bigint) => readonly bigint[];

/**
 * Try to prove n prime with Pocklington's theorem: if F | n − 1 with F² > n is completely factored
 * and for each prime q | F some a has a^(n−1) ≡ 1 (mod n) and gcd(a^((n−1)/q) − 1, n) = 1, then
 * every prime factor of n is ≡ 1 (mod F), so exceeds √n, and n is prime. The primes of F at or
 * above DETERMINISTIC_MR_LIMIT are proven the same way, recursively; below it, deterministic
 * Miller–Rabin decides. Returns the steps (a certificate, one step per prime that needed one; []
 * when n itself is below the limit) or undefined when the budget did not suffice or n is not prime.
 * Here n − 1 is factored by trial division and Pollard–Brent (factorSmallParts, `rhoBudget`
 * iterations per piece); `meter`, when given, bounds the Pollard–Brent work of the whole proof.
 */
export function provePrime(n: bigint, rhoBudget = 200_000, depth = 0, checkpoint?: () => void, meter?: RhoMeter): PocklingtonStep[] | undefined {
  return pocklingtonProof(n, (m) => factorSmallParts(m, rhoBudget, checkpoint, meter).primes, checkpoint, depth);
}

/** provePrime with n − 1 (and each q − 1 of the recursion) factored as far as `factorPart` gets. */
export function pocklingtonProof(n: bigint, factorPart: PartialFactorer, checkpoint?: () => void, depth = 0): PocklingtonStep[] | undefined {
  if (n < DETERMINISTIC_MR_LIMIT) return decidePrimality(n).prime ? [] : undefined;
  if (depth > 40) return undefined;
  const primes = [...factorPart(n - 1n)];
  // Only proven-or-probable primes count in F; the unfactored cofactor is left out of it.
  let F = 1n;
  for (const p of primes) F *= p;
  if ((n - 1n) % F !== 0n || F * F <= n) return undefined;
  const distinct = [...new Set(primes)];
  const witnesses: { q: bigint; a: bigint }[] = [];
  const fermatChecked = new Set<bigint>();
  for (const q of distinct) {
    checkpoint?.();
    let found: bigint | undefined;
    for (let a = 2n; a < 200n && found === undefined; a++) {
      if (!fermatChecked.has(a)) {
        if (modPow(a, n - 1n, n) !== 1n) return undefined; // a Fermat witness: n is composite
        fermatChecked.add(a);
      }
      if (gcd(modPow(a, (n - 1n) / q, n) - 1n, n) === 1n) found = a;
    }
    if (found === undefined) return undefined;
    witnesses.push({ q, a: found });
  }
  const steps: PocklingtonStep[] = [{ n, factored: primes, witnesses }];
  for (const q of distinct) {
    if (q < DETERMINISTIC_MR_LIMIT) continue;
    const sub = pocklingtonProof(q, factorPart, checkpoint, depth + 1);
    if (!sub) return undefined;
    steps.push(...sub);
  }
  return steps;
}

/**
 * Independent check of a Pocklington certificate for n (as produced by provePrime): null when it
 * proves n prime, else what is wrong. Every prime of every factored part must itself be below
 * DETERMINISTIC_MR_LIMIT and pass deterministic Miller–Rabin, or have its own step.
 */
export function checkPocklingtonCertificate(n: bigint, steps: readonly PocklingtonStep[]): string | null {
  const byN = new Map<bigint, PocklingtonStep>();
  for (const st of steps) byN.set(st.n, st);
  const proven = new Map<bigint, string | null>();
  const check = (m: bigint): string | null => {
    if (proven.has(m)) return proven.get(m)!;
    let why: string | null;
    if (m < DETERMINISTIC_MR_LIMIT) {
      const d = decidePrimality(m);
      why = d.prime && d.status === "PROVEN" ? null : `${m} is not prime`;
    } else {
      const st = byN.get(m);
      why = st ? checkStep(st) : `no certificate step for ${m}`;
    }
    proven.set(m, why);
    return why;
  };
  const checkStep = (st: PocklingtonStep): string | null => {
    const m = st.n;
    let F = 1n;
    for (const q of st.factored) {
      if (q < 2n) return `step ${m}: factor ${q} < 2`;
      F *= q;
    }
    if ((m - 1n) % F !== 0n) return `step ${m}: F does not divide n − 1`;
    if (F * F <= m) return `step ${m}: F² ≤ n`;
    for (const q of new Set(st.factored)) {
      const w = st.witnesses.find((x) => x.q === q);
      if (!w) return `step ${m}: no witness for q = ${q}`;
      if (modPow(w.a, m - 1n, m) !== 1n) return `step ${m}: ${w.a}^(n−1) ≢ 1`;
      if (gcd(modPow(w.a, (m - 1n) / q, m) - 1n, m) !== 1n) return `step ${m}: gcd(${w.a}^((n−1)/${q}) − 1, n) ≠ 1`;
      // q divides m − 1, so q < m: the recursion is well founded.
      const sub = check(q);
      if (sub) return sub;
    }
    return null;
  };
  return check(n);
}
