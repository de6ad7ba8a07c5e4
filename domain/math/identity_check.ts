/**
 * Randomised identity checks for postconditions: an identity between large integers (a·x + b·y = g)
 * tested modulo random primes instead of by the products themselves, which cost as much as the
 * operation (two 66,000-bit products: 3–4 ms for an extended gcd of 20,000 digits; the residues:
 * microseconds).
 *
 * Soundness. The primes are uniform among the primes of [2^61, 2^62) (rejection sampling of uniform
 * odd integers from `crypto.getRandomValues`, each tested by Miller–Rabin with the bases 2..41,
 * deterministic far beyond 2^62); there are more than 2^61 / ln 2^62 > 5·10^16 of them. A nonzero
 * integer D of at most B bits has at most B/61 prime factors there, so a prime of the pool divides it
 * with probability at most B / (61 · 5·10^16), and `CHECK_PRIMES` distinct pool primes all divide it
 * with probability at most about that to the power `CHECK_PRIMES`: for B = 10^6 bits (above every
 * operand bound of the catalog) below 10^-23 with two primes. A wrong result (D ≠ 0) is therefore
 * caught with overwhelming probability; a right one always passes. The pool (`POOL` primes drawn
 * once per process, lazily) is independent of every request and result, which is what the bound
 * needs; each check draws its primes from it afresh.
 */
import { decidePrimality } from "./primality.js";

/** Distinct primes per check. */
export const CHECK_PRIMES = 2;
const POOL = 16;
const pool: bigint[] = [];

function randomU32s(n: number): Uint32Array {
  const out = new Uint32Array(n);
  globalThis.crypto.getRandomValues(out);
  return out;
}

/** A uniform random prime in [2^61, 2^62). */
function randomPrime62(): bigint {
  for (;;) {
    const [hi, lo] = randomU32s(2) as unknown as [number, number];
    // 2^61 + 29 random high bits + 32 random low bits, odd
    const n = (1n << 61n) | (BigInt(hi & 0x1fffffff) << 32n) | BigInt(lo | 1);
    if (decidePrimality(n).prime) return n;
  }
}

/** `k` distinct random primes of the pool (filled on first use). */
export function checkPrimes(k = CHECK_PRIMES): bigint[] {
  while (pool.length < Math.max(k, 2)) {
    const p = randomPrime62();
    if (!pool.includes(p)) pool.push(p);
  }
  // grow the pool by one prime per check until full: the first calls stay cheap
  if (pool.length < POOL) {
    const p = randomPrime62();
    if (!pool.includes(p)) pool.push(p);
  }
  const picked: bigint[] = [];
  const r = randomU32s(k * 4);
  for (let i = 0; picked.length < k; i++) {
    const p = pool[(i < r.length ? r[i]! : randomU32s(1)[0]!) % pool.length]!;
    if (!picked.includes(p)) picked.push(p);
  }
  return picked;
}

/** a mod p in [0, p) for p > 0. */
const residue = (a: bigint, p: bigint): bigint => {
  const r = a % p;
  return r < 0n ? r + p : r;
};

/**
 * Whether Σ xs[i]·ys[i] = z, decided modulo `CHECK_PRIMES` random 62-bit primes (false: certainly
 * not equal; true: equal with overwhelming probability, see the module comment).
 */
export function likelySumOfProducts(xs: readonly bigint[], ys: readonly bigint[], z: bigint): boolean {
  for (const p of checkPrimes()) {
    let s = 0n;
    for (let i = 0; i < xs.length; i++) s = (s + residue(xs[i]!, p) * residue(ys[i]!, p)) % p;
    if (s !== residue(z, p)) return false;
  }
  return true;
}
