/**
 * Randomised identity checks for postconditions: an identity between large integers (a·x + b·y = g)
 * tested modulo random primes instead of by the products themselves, which cost as much as the
 * operation (two 66,000-bit products: 3–4 ms for an extended gcd of 20,000 digits; the residues:
 * microseconds); a product of integer polynomials (g·h = f) at random points modulo random word
 * primes (a degree-250 × 250 product checked 1.2 ms → about 0.15 ms).
 *
 * Integer identities.
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
import { reduceWord, wordImage } from "./poly/smallprime.js";

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

// ───────────────────────── products of integer polynomials ─────────────────────────
//
// D = g·h − f ∈ ZZ[x], nonzero, of degree ≤ d with coefficients of at most B bits. For a prime q
// uniform among the 985,818 primes of [2^24, 2^25) and r uniform in [0, q): D vanishes modulo q
// only when q divides all its coefficients (at most B/24 of those primes divide one nonzero
// coefficient), and otherwise D(r) ≡ 0 for at most d of the q residues r. One trial is fooled with
// probability ε ≤ (B/24)/985,818 + d/2^24; the trials are independent (fresh q and r each), and
// their number k makes ε^k ≤ 2^-96. Everything runs on doubles: q < 2^25 keeps r·acc + c < 2^51.

const WORD_PRIMES_24_25 = 985_818;
const TARGET_BITS = 96;

function isWordPrime(n: number): boolean {
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

/** Uniform random primes of [2^24, 2^25) with a uniform random point below each. */
function wordTrials(k: number): { q: number; r: number }[] {
  const out: { q: number; r: number }[] = [];
  const buf = new Uint32Array(64);
  let i = buf.length;
  const next = (): number => {
    if (i === buf.length) {
      globalThis.crypto.getRandomValues(buf);
      i = 0;
    }
    return buf[i++]!;
  };
  while (out.length < k) {
    const q = 2 ** 24 + (next() & 0xfffffe) + 1; // odd, in [2^24, 2^25)
    if (!isWordPrime(q)) continue;
    // r uniform in [0, q): rejection from 25 random bits
    let r: number;
    do r = next() & 0x1ffffff;
    while (r >= q);
    out.push({ q, r });
  }
  return out;
}

function bitsOf(a: readonly bigint[]): number {
  let m = 0n;
  for (const c of a) {
    const x = c < 0n ? -c : c;
    if (x > m) m = x;
  }
  return m.toString(16).length * 4;
}

/** a(r) mod q by Horner on the image of a modulo q. */
function evalWord(image: Float64Array, r: number, q: number): number {
  const qinv = 1 / q;
  let acc = 0;
  for (let i = image.length - 1; i >= 0; i--) {
    const x = acc * r + image[i]!;
    let t = x - Math.floor(x * qinv) * q;
    if (t < 0) t += q;
    else if (t >= q) t -= q;
    acc = t;
  }
  return acc;
}

/**
 * Whether left[i]·right[i] = product[i] for every i, for dense little-endian integer polynomials,
 * decided at random points modulo random word primes (false: certainly not; true: with probability
 * of error below 2^-96, see above).
 */
export function likelyPolynomialProducts(identities: readonly { left: readonly bigint[]; right: readonly bigint[]; product: readonly bigint[] }[]): boolean {
  for (const { left, right, product } of identities) {
    if (!left.length || !right.length) {
      if (product.some((c) => c !== 0n)) return false;
      continue;
    }
    const d = Math.max(left.length + right.length - 2, product.length - 1, 1);
    const B = Math.max(bitsOf(left) + bitsOf(right) + Math.ceil(Math.log2(Math.min(left.length, right.length) + 1)), bitsOf(product)) + 1;
    const eps = Math.min(0.5, B / 24 / WORD_PRIMES_24_25 + d / 2 ** 24);
    const k = Math.max(2, Math.ceil(TARGET_BITS / -Math.log2(eps)));
    const a = wordImage(left), b = wordImage(right), c = wordImage(product);
    for (const { q, r } of wordTrials(k)) {
      const lhs = evalWord(reduceWord(a, q), r, q) * evalWord(reduceWord(b, q), r, q);
      if (lhs % q !== evalWord(reduceWord(c, q), r, q)) return false;
    }
  }
  return true;
}
