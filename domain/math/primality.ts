import { abs, bitLength, gcd, isSquare, jacobi, mod, modPow } from "./integer.js";

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

/** Strong Lucas probable-prime test with Selfridge's method A parameters, for odd n not a square. */
export function isStrongLucasProbablePrime(n: bigint): boolean {
  let D = 5n;
  for (;;) {
    const j = jacobi(D, n);
    if (j === -1) break;
    if (j === 0 && abs(D) !== n) return false;
    D = D > 0n ? -(D + 2n) : -(D - 2n);
  }
  const P = 1n;
  const Q = (1n - D) / 4n;
  // n + 1 = d · 2^s
  let d = n + 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  // Compute U_d, V_d, Q^d by binary method (left to right).
  let U = 1n;
  let V = P;
  let Qk = mod(Q, n);
  const inv2 = (n + 1n) >> 1n;
  const bits = d.toString(2);
  for (let i = 1; i < bits.length; i++) {
    U = (U * V) % n;
    V = mod(V * V - 2n * Qk, n);
    Qk = (Qk * Qk) % n;
    if (bits[i] === "1") {
      const U2 = mod((P * U + V) * inv2, n);
      const V2 = mod((D * U + P * V) * inv2, n);
      U = U2;
      V = V2;
      Qk = mod(Qk * Q, n);
    }
  }
  if (U === 0n || V === 0n) return true;
  for (let r = 1; r < s; r++) {
    V = mod(V * V - 2n * Qk, n);
    if (V === 0n) return true;
    Qk = (Qk * Qk) % n;
  }
  return false;
}

export type PrimalityStatus = "PROVEN" | "PROBABLE";

export interface PrimalityDecision {
  prime: boolean;
  /** PROVEN for every composite answer and for primes in the deterministic range. */
  status: PrimalityStatus;
  /** For a composite: a base witnessing compositeness or a found factor. */
  witness?: { kind: "factor" | "miller_rabin_base" | "lucas"; value: bigint };
}

/**
 * Baillie–PSW. Deterministic (Miller–Rabin bases 2..41) below 3.3·10^24; above, a `prime`
 * answer is PROBABLE (no BPSW counterexample is known), a `composite` answer is always proven.
 */
export function decidePrimality(n: bigint): PrimalityDecision {
  if (n < 2n) return { prime: false, status: "PROVEN" };
  for (const p of SMALL_PRIMES) {
    const bp = BigInt(p);
    if (n === bp) return { prime: true, status: "PROVEN" };
    if (n % bp === 0n) return { prime: false, status: "PROVEN", witness: { kind: "factor", value: bp } };
  }
  if (n < 1_000_000n) return { prime: true, status: "PROVEN" }; // no factor below 1000 > sqrt(n)
  if (n < DETERMINISTIC_MR_LIMIT) {
    for (const a of MR_BASES) {
      if (!isStrongProbablePrime(n, a)) return { prime: false, status: "PROVEN", witness: { kind: "miller_rabin_base", value: a } };
    }
    return { prime: true, status: "PROVEN" };
  }
  if (!isStrongProbablePrime(n, 2n)) return { prime: false, status: "PROVEN", witness: { kind: "miller_rabin_base", value: 2n } };
  if (isSquare(n)) return { prime: false, status: "PROVEN", witness: { kind: "factor", value: sqrtExact(n) } };
  if (!isStrongLucasProbablePrime(n)) return { prime: false, status: "PROVEN", witness: { kind: "lucas", value: 0n } };
  return { prime: true, status: "PROBABLE" };
}

function sqrtExact(n: bigint): bigint {
  let x = 1n << BigInt((bitLength(n) >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

export function isProbablePrime(n: bigint): boolean {
  return decidePrimality(n).prime;
}

/** Pollard–Brent rho: a non-trivial factor of composite odd n, or undefined within `maxIterations`. */
export function pollardBrent(n: bigint, maxIterations = 1_000_000, seed = 1n, checkpoint?: () => void): bigint | undefined {
  if ((n & 1n) === 0n) return 2n;
  for (let c = seed; c < seed + 20n; c++) {
    let y = 2n, x = 2n, g = 1n, q = 1n, ys = 2n;
    let r = 1;
    let iterations = 0;
    const f = (v: bigint) => (v * v + c) % n;
    const m = 128;
    do {
      x = y;
      for (let i = 0; i < r; i++) y = f(y);
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
        if (checkpoint && (iterations & 0x3fff) < m) checkpoint();
      } while (k < r && g === 1n);
      r *= 2;
      if (iterations > maxIterations) break;
    } while (g === 1n);
    if (g === n) {
      do {
        ys = f(ys);
        g = gcd(abs(x - ys), n);
      } while (g === 1n);
    }
    if (g !== n && g !== 1n) return g;
    if (iterations > maxIterations) return undefined;
  }
  return undefined;
}

export interface FactorSearch {
  /** Prime factors found (proven or BPSW-probable, see `status`), with multiplicity, ascending. */
  primes: bigint[];
  /** Unfactored cofactor (1 when complete). */
  cofactor: bigint;
}

/**
 * Factor n > 0 with trial division and Pollard–Brent rho within an iteration budget.
 * Used by certificate builders; the complete factorization pack (ECM, SIQS) lives elsewhere.
 */
export function factorSmallParts(n: bigint, rhoBudget = 200_000, checkpoint?: () => void): FactorSearch {
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
    if (decidePrimality(m).prime) {
      primes.push(m);
      continue;
    }
    const f = pollardBrent(m, rhoBudget, 1n, checkpoint);
    if (f === undefined) {
      cofactor *= m;
      continue;
    }
    stack.push(f, m / f);
  }
  primes.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { primes, cofactor };
}

export interface PocklingtonStep {
  n: bigint;
  /** Factored part F of n − 1 with F² > n (BLS/Pocklington), as primes with multiplicity. */
  factored: bigint[];
  /** For each distinct prime q of F: a base a with a^(n−1) ≡ 1 and gcd(a^((n−1)/q) − 1, n) = 1. */
  witnesses: { q: bigint; a: bigint }[];
}

/**
 * Try to prove n prime with Pocklington's theorem, recursively proving the primes of the factored
 * part. Returns the chain of steps (a certificate) or undefined if the budget did not suffice.
 */
export function provePrime(n: bigint, rhoBudget = 200_000, depth = 0, checkpoint?: () => void): PocklingtonStep[] | undefined {
  if (n < DETERMINISTIC_MR_LIMIT) return decidePrimality(n).prime ? [] : undefined;
  if (depth > 40) return undefined;
  const { primes, cofactor } = factorSmallParts(n - 1n, rhoBudget, checkpoint);
  let F = 1n;
  for (const p of primes) F *= p;
  if (F * F <= n) return undefined;
  // Only the fully factored part counts: cofactor must be coprime to F, which holds since the
  // cofactor's primes are not among those found.
  if (gcd(F, cofactor) !== 1n) return undefined;
  const distinct = [...new Set(primes)];
  const witnesses: { q: bigint; a: bigint }[] = [];
  for (const q of distinct) {
    let found: bigint | undefined;
    for (let a = 2n; a < 200n; a++) {
      if (modPow(a, n - 1n, n) !== 1n) return undefined; // n is not prime (Fermat witness)
      if (gcd(mod(modPow(a, (n - 1n) / q, n) - 1n, n), n) === 1n) {
        found = a;
        break;
      }
    }
    if (found === undefined) return undefined;
    witnesses.push({ q, a: found });
  }
  const steps: PocklingtonStep[] = [{ n, factored: primes, witnesses }];
  for (const q of distinct) {
    if (q < DETERMINISTIC_MR_LIMIT) continue;
    const sub = provePrime(q, rhoBudget, depth + 1, checkpoint);
    if (!sub) return undefined;
    steps.push(...sub);
  }
  return steps;
}
