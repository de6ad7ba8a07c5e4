/**
 * Elementary arithmetic functions of the integers: lcm, valuations, integer roots, perfect powers,
 * digits and bases, and the multiplicative functions computed from a factorization (divisors, σ_k,
 * φ, λ, μ, radical, ω, Ω). Pure: no I/O; long loops take an optional checkpoint.
 *
 * Factorizations come from factor.ts (factorInteger, the one engine); this module only adds the
 * functions of a factorization and an optional Pocklington upgrade of BPSW-probable primes.
 */
import type { Factorization } from "./factor.js";
import { abs, bitLength, gcd, product } from "./integer.js";
import { checkPocklingtonCertificate, DETERMINISTIC_MR_LIMIT, provePrime, smallPrimes, type RhoMeter } from "./primality.js";

/* ------------------------------------------------------------------ lcm */

/** lcm(a, b) ≥ 0; lcm(0, x) = 0. */
export function lcm(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  if (a === 0n || b === 0n) return 0n;
  return (a / gcd(a, b)) * b;
}

/** lcm of a non-empty list (balanced pairing keeps the operands of each gcd of similar size); 0 if any entry is 0. */
export function lcmAll(xs: readonly bigint[], checkpoint?: () => void): bigint {
  if (xs.length === 0) throw new RangeError("lcmAll of an empty list");
  let layer = xs.map(abs);
  if (layer.some((x) => x === 0n)) return 0n;
  while (layer.length > 1) {
    const next: bigint[] = [];
    for (let i = 0; i < layer.length; i += 2) {
      checkpoint?.();
      next.push(i + 1 < layer.length ? lcm(layer[i]!, layer[i + 1]!) : layer[i]!);
    }
    layer = next;
  }
  return layer[0]!;
}

/* ------------------------------------------------------------ valuation */

/**
 * v_b(n) for n ≠ 0 and b ≥ 2: the largest v with b^v | n, and the unit part n / b^v (sign kept).
 * O(log v) divisions: divide by b, b², b⁴, … while possible, then by the same powers downwards.
 */
export function valuation(n: bigint, b: bigint): { valuation: bigint; unit: bigint } {
  if (n === 0n) throw new RangeError("valuation of 0 is infinite");
  if (b < 2n) throw new RangeError("valuation: base must be at least 2");
  const negative = n < 0n;
  let m = abs(n);
  let v = 0n;
  if ((b & (b - 1n)) === 0n) {
    // b = 2^s: count trailing zero bits.
    const s = BigInt(bitLength(b) - 1);
    const tz = BigInt(bitLength(m & -m) - 1);
    v = tz / s;
    m >>= v * s;
  } else {
    const powers: { p: bigint; e: bigint }[] = [];
    let p = b, e = 1n;
    while (p <= m && m % p === 0n) {
      m /= p;
      v += e;
      powers.push({ p, e });
      p *= p;
      e *= 2n;
    }
    // The remaining valuation is below the last e tried, so the powers found so far cover it in binary.
    for (let i = powers.length - 1; i >= 0; i--) {
      const { p: q, e: f } = powers[i]!;
      if (q <= m && m % q === 0n) {
        m /= q;
        v += f;
      }
    }
  }
  return { valuation: v, unit: negative ? -m : m };
}

/* ---------------------------------------------------------------- roots */

/** floor(√n) and the remainder n − r² for n ≥ 0. */
export function sqrtRem(n: bigint): { root: bigint; remainder: bigint } {
  const root = floorRoot(n, 2);
  return { root, remainder: n - root * root };
}

/** Roots of at most this many bits are seeded from a double-precision estimate; larger ones recursively. */
const DIRECT_ROOT_BITS = 100;

/**
 * floor(n^(1/k)) for n ≥ 0, k ≥ 1, by Newton's iteration from above (which, started at or above
 * the root, decreases to exactly the floor root). The start is accurate to half the root's bits:
 * - roots of more than 100 bits: with h = ⌊bits(root)/2⌋, the root r' of n >> (k·h) (recursively)
 *   gives (r' + 1)·2^h ≥ n^(1/k) with relative error about 2^−h, so two or three full-size steps
 *   finish, and the recursion costs less than the top level: a few full-size steps in all;
 * - smaller roots: 2^(log2(n)/k) in double precision raised by a relative 2^−20 (the estimate's
 *   error is below 2^−33); the result is checked (r^k ≤ n < (r+1)^k) and, should that ever fail,
 *   recomputed from the plain start 2^⌈bits/k⌉, which is always above the root.
 */
export function floorRoot(n: bigint, k: number): bigint {
  if (n < 0n) throw new RangeError("floorRoot of a negative number");
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError("floorRoot: k must be a positive integer");
  if (k === 1 || n < 2n) return n;
  const bits = bitLength(n);
  if (k >= bits) return 1n; // 2^k > n ≥ 2
  const K = BigInt(k);
  const newton = (x: bigint): bigint => {
    for (;;) {
      const y = k === 2 ? (x + n / x) >> 1n : ((K - 1n) * x + n / x ** (K - 1n)) / K;
      if (y >= x) return x;
      x = y;
    }
  };
  const rootBits = Math.ceil(bits / k);
  if (rootBits > DIRECT_ROOT_BITS) {
    const h = Math.floor(rootBits / 2);
    const hi = floorRoot(n >> BigInt(k * h), k);
    return newton((hi + 1n) << BigInt(h));
  }
  const shift = Math.max(0, bits - 64);
  const log2n = shift + Math.log2(Number(n >> BigInt(shift)));
  const rootLog = log2n / k;
  let seed: bigint;
  if (rootLog < 52) {
    seed = BigInt(Math.ceil(2 ** rootLog * (1 + 2 ** -20))) + 1n;
  } else {
    const e = Math.floor(rootLog) - 52;
    seed = (BigInt(Math.ceil(2 ** (rootLog - e) * (1 + 2 ** -20))) << BigInt(e)) + 1n;
  }
  let r = newton(seed);
  if (!(r ** K <= n && (r + 1n) ** K > n)) r = newton(1n << BigInt(Math.ceil(bits / k)));
  return r;
}

/**
 * Floor k-th root of a signed integer: the largest r with r^k ≤ n (for n < 0, k must be odd and
 * r = −⌈|n|^(1/k)⌉), and whether r^k = n.
 */
export function signedFloorRoot(n: bigint, k: number): { root: bigint; exact: boolean } {
  if (n >= 0n) {
    const root = floorRoot(n, k);
    return { root, exact: root ** BigInt(k) === n };
  }
  if (k % 2 === 0) throw new RangeError("an even root of a negative number is not real");
  const a = -n;
  const r = floorRoot(a, k);
  const exact = r ** BigInt(k) === a;
  return { root: exact ? -r : -(r + 1n), exact };
}

/* -------------------------------------------------------- perfect powers */

function isSmallPrimeNumber(q: number): boolean {
  if (q < 2) return false;
  if (q % 2 === 0) return q === 2;
  for (let d = 3; d * d <= q; d += 2) if (q % d === 0) return false;
  return true;
}

/** a^e mod q for q < 2^26 (all products stay below 2^52, exact in doubles). */
function powModSmall(a: number, e: number, q: number): number {
  let r = 1;
  a %= q;
  while (e > 0) {
    if (e & 1) r = (r * a) % q;
    a = (a * a) % q;
    e = Math.floor(e / 2);
  }
  return r;
}

/** Residue tests per candidate exponent k: a non-k-th power passes one with probability about 1/k. */
const residueTests = (k: number): number => (k === 2 ? 8 : k < 10 ? 5 : 3);
const residueModuli = new Map<number, number[]>();

/** The first residueTests(k) primes q ≡ 1 (mod k) with q < 2^26. */
function moduliFor(k: number): number[] {
  let qs = residueModuli.get(k);
  if (qs) return qs;
  qs = [];
  const want = residueTests(k);
  for (let t = 1; qs.length < want; t++) {
    const q = k * t + 1;
    if (q >= 2 ** 26) break;
    if (q > 2 && isSmallPrimeNumber(q)) qs.push(q);
  }
  residueModuli.set(k, qs);
  return qs;
}

/** m mod each of the moduli, by a product tree and a remainder tree (subquadratic for large m). */
function remaindersOf(m: bigint, moduli: readonly number[]): number[] {
  if (moduli.length === 0) return [];
  const levels: bigint[][] = [moduli.map(BigInt)];
  while (levels[levels.length - 1]!.length > 1) {
    const prev = levels[levels.length - 1]!;
    const next: bigint[] = [];
    for (let i = 0; i < prev.length; i += 2) next.push(i + 1 < prev.length ? prev[i]! * prev[i + 1]! : prev[i]!);
    levels.push(next);
  }
  let rem = [m % levels[levels.length - 1]![0]!];
  for (let l = levels.length - 2; l >= 0; l--) {
    const level = levels[l]!;
    const next = new Array<bigint>(level.length);
    for (let i = 0; i < level.length; i++) next[i] = rem[i >> 1]! % level[i]!;
    rem = next;
  }
  return rem.map(Number);
}

/**
 * The candidate prime exponents k for which m passes the necessary condition for being a k-th power:
 * for primes q ≡ 1 (mod k) not dividing m, m^((q−1)/k) ≡ 1 (mod q). Never drops a k for which m
 * is a true k-th power.
 */
function passResidueTests(m: bigint, ks: readonly number[]): number[] {
  const groups = ks.map(moduliFor);
  const rs = remaindersOf(m, groups.flat());
  const out: number[] = [];
  let at = 0;
  ks.forEach((k, i) => {
    let ok = true;
    for (const q of groups[i]!) {
      const a = rs[at++]!;
      if (ok && a !== 0 && powModSmall(a, (q - 1) / k, q) !== 1) ok = false;
    }
    if (ok) out.push(k);
  });
  return out;
}

function primeFactorsOfSmall(g: number): number[] {
  const out: number[] = [];
  for (let d = 2; d * d <= g; d++) {
    if (g % d === 0) {
      out.push(d);
      while (g % d === 0) g /= d;
    }
  }
  if (g > 1) out.push(g);
  return out;
}

/**
 * n = base^exponent with the largest exponent, for n ≥ 2 (exponent 1, base n when n is not a
 * perfect power). Method: the valuations of n at the primes below 1000 bound the exponent (it
 * divides their gcd); without such a factor the root exceeds 1000, so the exponent is at most
 * log(n)/log(1009). All prime exponent candidates k are screened together by k-th power residue
 * tests modulo primes q ≡ 1 (mod k) (the residues of n come from one remainder tree), the
 * survivors confirmed by an exact k-th root; prime exponents are peeled off one at a time, smallest
 * first (the exponent is their product).
 */
export function perfectPowerDecomposition(n: bigint, checkpoint?: () => void): { base: bigint; exponent: bigint } {
  if (n < 2n) throw new RangeError("perfectPowerDecomposition needs n ≥ 2");
  let g = 0; // gcd of the valuations at the small primes (0: none divides n)
  let unit = n;
  for (const sp of smallPrimes) {
    const p = BigInt(sp);
    if (unit % p !== 0n) continue;
    const { valuation: v, unit: u } = valuation(unit, p);
    unit = u;
    g = gcdSmall(g, Number(v));
    if (g === 1) return { base: n, exponent: 1n };
  }
  let candidates: number[];
  if (g > 0) {
    candidates = primeFactorsOfSmall(g);
  } else {
    const maxK = Math.floor(bitLength(n) / Math.log2(smallPrimes[smallPrimes.length - 1]! + 1));
    candidates = [];
    for (let k = 2; k <= maxK; k++) if (isSmallPrimeNumber(k)) candidates.push(k);
  }
  const minRootBits = g > 0 ? 1 : Math.log2(smallPrimes[smallPrimes.length - 1]! + 1);
  let m = n;
  let exponent = 1n;
  for (;;) {
    checkpoint?.();
    const maxK = Math.floor(bitLength(m) / minRootBits);
    candidates = candidates.filter((k) => k <= maxK && (g === 0 || g % k === 0));
    if (candidates.length === 0) break;
    let found = 0;
    for (const k of passResidueTests(m, candidates)) {
      checkpoint?.();
      const r = floorRoot(m, k);
      if (r ** BigInt(k) === m) {
        found = k;
        m = r;
        break;
      }
    }
    if (found === 0) break;
    exponent *= BigInt(found);
    if (g > 0) g /= found;
    // Smaller prime exponents were ruled out for a larger m, hence for its roots too; `found` may repeat.
    candidates = candidates.filter((k) => k >= found);
  }
  return { base: m, exponent };
}

function gcdSmall(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/* ------------------------------------------------------ digits and bases */

const DIGIT_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Value of a digit character in bases up to 36 (either case), or −1. */
export function digitValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 122) return code - 87;
  if (code >= 65 && code <= 90) return code - 55;
  return -1;
}

/** |n| in base b, 2 ≤ b ≤ 36, lowercase digits, with a leading "-" for negative n. */
export function toBaseString(n: bigint, b: number): string {
  if (!Number.isInteger(b) || b < 2 || b > 36) throw new RangeError("base must be 2..36");
  return n.toString(b);
}

/**
 * Parse a string of base-b digits (2 ≤ b ≤ 36; 0-9 then a-z, either case; an optional leading
 * "-"; leading zeros allowed). Returns the index of the first invalid character instead when the
 * string is not valid. Subquadratic: digits are read in chunks of exact double precision and the
 * chunks combined by a balanced tree of multiplications.
 */
export function parseBaseString(s: string, b: number): { value: bigint } | { invalidAt: number } {
  if (!Number.isInteger(b) || b < 2 || b > 36) throw new RangeError("base must be 2..36");
  const negative = s.startsWith("-");
  const start = negative ? 1 : 0;
  if (s.length === start) return { invalidAt: start };
  for (let i = start; i < s.length; i++) {
    const d = digitValue(s.charCodeAt(i));
    if (d < 0 || d >= b) return { invalidAt: i };
  }
  const body = s.slice(start).toLowerCase();
  let v: bigint;
  if (b === 10) v = BigInt(body);
  else if (b === 16) v = BigInt("0x" + body);
  else if (b === 8) v = BigInt("0o" + body);
  else if (b === 2) v = BigInt("0b" + body);
  else {
    // chunk: c digits with b^c < 2^53
    const c = Math.floor(53 / Math.log2(b)) - 1;
    const chunks: bigint[] = []; // least significant first
    for (let end = body.length; end > 0; end -= c) chunks.push(BigInt(parseInt(body.slice(Math.max(0, end - c), end), b)));
    let power = BigInt(b) ** BigInt(c);
    let layer = chunks;
    while (layer.length > 1) {
      const next: bigint[] = [];
      for (let i = 0; i < layer.length; i += 2) next.push(i + 1 < layer.length ? layer[i]! + layer[i + 1]! * power : layer[i]!);
      layer = next;
      power *= power;
    }
    v = layer[0]!;
  }
  return { value: negative ? -v : v };
}

/**
 * The base-b digits of n ≥ 0 (b ≥ 2, any size), most significant first; [0] for n = 0. Bases up to
 * 36 use the engine's radix conversion; larger bases divide by b^(2^i) recursively (subquadratic
 * with fast multiplication).
 */
export function digitsInBase(n: bigint, b: bigint, checkpoint?: () => void): bigint[] {
  if (n < 0n) throw new RangeError("digitsInBase of a negative number");
  if (b < 2n) throw new RangeError("digitsInBase: base must be at least 2");
  if (b <= 36n) {
    const s = n.toString(Number(b));
    const out = new Array<bigint>(s.length);
    for (let i = 0; i < s.length; i++) out[i] = BigInt(digitValue(s.charCodeAt(i)));
    return out;
  }
  if (n < b) return [n];
  const powers: bigint[] = [b]; // powers[i] = b^(2^i), kept while powers[i] ≤ n
  while (powers[powers.length - 1]! * powers[powers.length - 1]! <= n) powers.push(powers[powers.length - 1]! ** 2n);
  const out: bigint[] = [];
  // emit(m, i, pad): digits of m < b^(2^(i+1)); pad: exactly 2^(i+1) digits (leading zeros kept).
  const emit = (m: bigint, i: number, pad: boolean): void => {
    if (i < 0) {
      out.push(m);
      return;
    }
    if (!pad && m < powers[i]!) {
      emit(m, i - 1, false);
      return;
    }
    checkpoint?.();
    const q = m / powers[i]!;
    emit(q, i - 1, pad);
    emit(m - q * powers[i]!, i - 1, true);
  };
  emit(n, powers.length - 1, false);
  return out;
}

/** Number of base-b digits of |n| (1 for 0) and their sum. */
export function digitCountAndSum(n: bigint, b: bigint, checkpoint?: () => void): { count: number; sum: bigint } {
  n = abs(n);
  if (b <= 36n) {
    const s = n.toString(Number(b));
    let sum = 0;
    for (let i = 0; i < s.length; i++) sum += digitValue(s.charCodeAt(i));
    return { count: s.length, sum: BigInt(sum) };
  }
  const ds = digitsInBase(n, b, checkpoint);
  let sum = 0n;
  for (const d of ds) sum += d;
  return { count: ds.length, sum };
}

/* ------------------------------------------- functions of a factorization */

/** A factorization as prime powers with distinct primes (any order). */
export type PrimePowers = readonly { prime: bigint; exponent: number }[];

/** τ(n) = Π (e + 1). */
export function divisorCount(f: PrimePowers): bigint {
  let t = 1n;
  for (const { exponent } of f) t *= BigInt(exponent + 1);
  return t;
}

/** σ_k(n) = Σ_{d | n} d^k = Π (p^(k(e+1)) − 1)/(p^k − 1); σ_0 = τ. */
export function divisorSum(f: PrimePowers, k: number): bigint {
  if (!Number.isSafeInteger(k) || k < 0) throw new RangeError("divisorSum: k must be a non-negative integer");
  if (k === 0) return divisorCount(f);
  const K = BigInt(k);
  return product(f.map(({ prime, exponent }) => {
    const pk = prime ** K;
    return (pk ** BigInt(exponent + 1) - 1n) / (pk - 1n);
  }));
}

/** φ(n) = Π p^(e−1)(p − 1). */
export function totient(f: PrimePowers): bigint {
  return product(f.map(({ prime, exponent }) => prime ** BigInt(exponent - 1) * (prime - 1n)));
}

/** λ(p^e) for one prime power: p^(e−1)(p − 1) for odd p; 1, 2, 2^(e−2) for 2, 4, 2^e (e ≥ 3). */
export function carmichaelOfPrimePower(p: bigint, e: number): bigint {
  if (p === 2n) return e === 1 ? 1n : e === 2 ? 2n : 1n << BigInt(e - 2);
  return p ** BigInt(e - 1) * (p - 1n);
}

/** Carmichael's λ(n) = lcm of λ(p^e): the exponent of the unit group (Z/nZ)^×. */
export function carmichaelLambda(f: PrimePowers): bigint {
  let l = 1n;
  for (const { prime, exponent } of f) l = lcm(l, carmichaelOfPrimePower(prime, exponent));
  return l;
}

/** μ(n): 0 if some p² | n, else (−1)^ω(n). */
export function moebius(f: PrimePowers): -1 | 0 | 1 {
  if (f.some(({ exponent }) => exponent > 1)) return 0;
  return f.length % 2 === 0 ? 1 : -1;
}

/** rad(n) = Π p. */
export function radical(f: PrimePowers): bigint {
  return product(f.map(({ prime }) => prime));
}

/** ω(n): number of distinct primes. */
export const omega = (f: PrimePowers): number => f.length;

/** Ω(n): number of primes with multiplicity. */
export const bigOmega = (f: PrimePowers): number => f.reduce((s, { exponent }) => s + exponent, 0);

/**
 * The `limit` smallest divisors of n = Π p^e, ascending (all of them when τ(n) ≤ limit). Built
 * prime by prime: the divisors D so far and D·p, D·p², …, D·p^e are merged as e + 1 sorted lists
 * through a binary heap, stopping at `limit` outputs, so the work is O(limit·log e) per prime.
 */
export function smallestDivisors(f: PrimePowers, limit: number, checkpoint?: () => void): bigint[] {
  let divs: bigint[] = [1n];
  const sorted = [...f].sort((a, b) => (a.prime < b.prime ? -1 : 1));
  for (const { prime, exponent } of sorted) {
    // Once the list is full, a prime above its largest entry (and every later one) adds nothing.
    if (divs.length >= limit && prime > divs[limit - 1]!) break;
    // heap of (value, list j, index i): value = divs[i]·p^j
    const powers: bigint[] = [1n];
    const heap: { v: bigint; j: number; i: number }[] = [];
    const push = (x: { v: bigint; j: number; i: number }) => {
      heap.push(x);
      let c = heap.length - 1;
      while (c > 0) {
        const pa = (c - 1) >> 1;
        if (heap[pa]!.v <= heap[c]!.v) break;
        [heap[pa], heap[c]] = [heap[c]!, heap[pa]!];
        c = pa;
      }
    };
    const pop = () => {
      const top = heap[0]!;
      const last = heap.pop()!;
      if (heap.length) {
        heap[0] = last;
        let c = 0;
        for (;;) {
          const l = 2 * c + 1, r = l + 1;
          let s = c;
          if (l < heap.length && heap[l]!.v < heap[s]!.v) s = l;
          if (r < heap.length && heap[r]!.v < heap[s]!.v) s = r;
          if (s === c) break;
          [heap[s], heap[c]] = [heap[c]!, heap[s]!];
          c = s;
        }
      }
      return top;
    };
    // Lists are opened lazily: list j + 1 starts (at p^(j+1)) once list j has emitted its head.
    push({ v: 1n, j: 0, i: 0 });
    const next: bigint[] = [];
    let count = 0;
    while (heap.length && next.length < limit) {
      if ((++count & 0x3ff) === 0) checkpoint?.();
      const { v, j, i } = pop();
      next.push(v);
      if (i + 1 < divs.length) push({ v: divs[i + 1]! * powers[j]!, j, i: i + 1 });
      if (i === 0 && j < exponent) {
        if (powers.length === j + 1) powers.push(powers[j]! * prime);
        push({ v: powers[j + 1]!, j: j + 1, i: 0 });
      }
    }
    divs = next;
  }
  return divs;
}

/* --------------------------------------------------------- certification */

export type Certainty = "PROVEN" | "PROBABLE";

export interface CertifyOptions {
  /** Pollard–Brent iterations per split inside one proof. */
  rhoPerSplit?: number;
  /** Limb-weighted rho work for all proofs together (iterations · 2(L² + 40) for L-limb numbers). */
  work?: number;
  checkpoint?: () => void;
}

/**
 * Certainty of a factorization: PROVEN when every prime is proven (deterministic below
 * 3.3·10^24, or a Pocklington certificate found and re-checked within the work allowance), else
 * PROBABLE (some prime is only a Baillie–PSW probable prime). Also lists the primes left probable.
 */
export function certifyPrimes(f: Factorization, opts: CertifyOptions = {}): { certainty: Certainty; probable: bigint[] } {
  let workLeft = opts.work ?? 4e7;
  const perSplit = opts.rhoPerSplit ?? 100_000;
  const probable: bigint[] = [];
  for (const { prime, status } of f.factors) {
    if (status === "PROVEN") continue;
    if (prime < DETERMINISTIC_MR_LIMIT) continue; // cannot happen: the engine proves these
    const L = Math.max(1, Math.ceil(bitLength(prime) / 64));
    const weight = 2 * (L * L + 40);
    const allowance = Math.max(0, Math.floor(workLeft / weight));
    if (allowance < 1000) {
      probable.push(prime);
      continue;
    }
    const meter: RhoMeter = { remaining: allowance };
    const cert = provePrime(prime, perSplit, 0, opts.checkpoint, meter);
    workLeft -= (allowance - Math.max(0, meter.remaining)) * weight;
    if (!cert || checkPocklingtonCertificate(prime, cert) !== null) probable.push(prime);
  }
  return { certainty: probable.length ? "PROBABLE" : "PROVEN", probable };
}
