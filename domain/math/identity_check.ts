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
import { wordImage, type WordImage } from "./poly/smallprime.js";

const LIMB = 2 ** 26;

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

/** n·m mod q for n, m < q < 2^26 (the product is exact below 2^52). */
function mulMod(a: number, b: number, q: number): number {
  const x = a * b;
  const r = x - Math.floor(x / q) * q; // the rounded quotient is off by at most one
  return r < 0 ? r + q : r >= q ? r - q : r;
}

/**
 * Whether an odd n < 2^25 is prime: trial division by the primes below 40, then strong probable
 * prime tests to the bases 2, 3, 5 and 7, which no composite below 3,215,031,751 passes (Pomerance,
 * Selfridge and Wagstaff; Jaeschke). (Trial division up to √n took about 0.1 ms per prime found.)
 */
function isWordPrime(n: number): boolean {
  for (const d of [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]) if (n % d === 0) return n === d;
  let d = n - 1, s = 0;
  while (d % 2 === 0) {
    d /= 2;
    s++;
  }
  next: for (const a of [2, 3, 5, 7]) {
    let x = 1, b = a, e = d;
    while (e > 0) {
      if (e % 2 === 1) x = mulMod(x, b, n);
      b = mulMod(b, b, n);
      e = Math.floor(e / 2);
    }
    if (x === 1 || x === n - 1) continue;
    for (let i = 1; i < s; i++) {
      x = mulMod(x, x, n);
      if (x === n - 1) continue next;
    }
    return false;
  }
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

/** An upper bound on the bits of the largest coefficient of an image. */
function imageBits(w: WordImage): number {
  let small = 0, limbs = 0;
  for (let i = 0; i < w.length; i++) {
    const s = w.small[i]!;
    if (s === s) small = Math.max(small, s);
    else limbs = Math.max(limbs, w.limbs[i]!.length);
  }
  return Math.max(Math.ceil(Math.log2(small + 1)), 26 * limbs);
}

/** x mod q for 0 ≤ x < 2^52. */
function red(x: number, q: number, qinv: number): number {
  const t = x - Math.floor(x * qinv) * q; // the rounded quotient is off by at most one
  return t < 0 ? t + q : t >= q ? t - q : t;
}

/** a(r) mod q by Horner, reducing each coefficient of the image on the way (no allocation). */
function evalImage(w: WordImage, r: number, q: number): number {
  const qinv = 1 / q;
  const base = LIMB % q;
  let acc = 0;
  for (let i = w.length - 1; i >= 0; i--) {
    const s = w.small[i]!;
    let c: number;
    if (s === s) c = red(s, q, qinv);
    else {
      const l = w.limbs[i]!;
      c = 0;
      for (let j = l.length - 1; j >= 0; j--) c = red(c * base + l[j]!, q, qinv);
    }
    if (w.negative[i] && c !== 0) c = q - c;
    acc = red(acc * r + c, q, qinv);
  }
  return acc;
}

/**
 * Whether left[i]·right[i] = product[i] for every i, for dense little-endian integer polynomials,
 * decided at random points modulo random word primes (false: certainly not; true: with probability
 * of error below 2^-96, see above).
 */
export function likelyPolynomialProducts(identities: readonly { left: readonly bigint[]; right: readonly bigint[]; product: readonly bigint[] }[]): boolean {
  // One set of trials serves every identity: each identity's error bound holds for it on its own.
  let k = 2;
  // g·h₁ = f₁ and g·h₂ = f₂ share g: one image per distinct coefficient array
  const cache = new Map<readonly bigint[], WordImage>();
  const image = (a: readonly bigint[]): WordImage => {
    let w = cache.get(a);
    if (!w) cache.set(a, (w = wordImage(a)));
    return w;
  };
  const images: { a: WordImage; b: WordImage; c: WordImage }[] = [];
  for (const { left, right, product } of identities) {
    if (!left.length || !right.length) {
      if (product.some((c) => c !== 0n)) return false;
      continue;
    }
    const a = image(left), b = image(right), c = image(product);
    const d = Math.max(left.length + right.length - 2, product.length - 1, 1);
    const B = Math.max(imageBits(a) + imageBits(b) + Math.ceil(Math.log2(Math.min(left.length, right.length) + 1)), imageBits(c)) + 1;
    const eps = Math.min(0.5, B / 24 / WORD_PRIMES_24_25 + d / 2 ** 24);
    k = Math.max(k, Math.ceil(TARGET_BITS / -Math.log2(eps)));
    images.push({ a, b, c });
  }
  if (!images.length) return true;
  for (const { q, r } of wordTrials(k)) {
    const values = new Map<WordImage, number>();
    const at = (w: WordImage): number => {
      let v = values.get(w);
      if (v === undefined) values.set(w, (v = evalImage(w, r, q)));
      return v;
    };
    for (const { a, b, c } of images) if ((at(a) * at(b)) % q !== at(c)) return false;
  }
  return true;
}
