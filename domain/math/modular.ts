/**
 * Modular arithmetic: the shared algorithms of the modular family (pure, no I/O).
 *
 * Chinese remaindering for general moduli, square roots modulo primes (Tonelli–Shanks, Cipolla),
 * prime powers (Hensel lifting, 2-adic lifting) and composites (CRT over the factorization),
 * Kronecker symbols, the structure of (Z/mZ)^* (Carmichael exponent per prime power, factored),
 * multiplicative orders, primitive roots and discrete logarithms (Pohlig–Hellman over the order,
 * baby-step giant-step, Pollard rho or index calculus (index_calculus.ts) in the prime-order
 * subgroups, CRT across the cyclic pieces).
 *
 * Factorizations come from the one engine (factor.ts); gcd, inverses and powers from integer.ts.
 */
import { certifyPrimes, lcm, valuation as valuationOf } from "./arithmetic.js";
import { DEFAULT_FACTOR_BUDGET, type Factorization, factorInteger, type PrimePower } from "./factor.js";
import { INDEX_CALCULUS_MAX_BITS, INDEX_CALCULUS_MIN_ORDER, IndexCalculusExhausted, IndexCalculusFailed, indexCalculusCost, PrimeFieldIndexCalculus } from "./index_calculus.js";
import { bitLength, extendedGcd, gcd, jacobi, mod, modInverse, modPow, perfectPower } from "./integer.js";
import { decidePrimality, type PrimalityStatus } from "./primality.js";

/** A factorization as prime → exponent (insertion order ascending by prime where it matters). */
export type FactorMap = Map<bigint, number>;

export interface WorkOptions {
  /** Called in long loops; throws to abort. */
  checkpoint?: () => void;
  /**
   * Engine work units (factor.ts) for all the factorizations of one call together — m, then p − 1
   * for each prime p of m — so that the call's factoring costs one effort level, however many
   * primes m has. Default: the engine's standard budget.
   */
  factorBudget?: number;
  /** What is left of factorBudget, shared by the nested calls of one call (set by the entry point; callers leave it out). */
  factorMeter?: { remaining: number };
  /** Limb-weighted Pollard–Brent work allowed for the Pocklington proofs of BPSW-probable primes (arithmetic.certifyPrimes). */
  proofWork?: number;
}

const noop = (): void => {};

/** opts with the call's factoring allowance attached (the caller's, when it already has one). */
function metered<T extends WorkOptions>(opts: T): T & { factorMeter: { remaining: number } } {
  return opts.factorMeter ? (opts as T & { factorMeter: { remaining: number } }) : { ...opts, factorMeter: { remaining: opts.factorBudget ?? DEFAULT_FACTOR_BUDGET } };
}

/** factorInteger within what is left of the call's allowance, charged to it. */
function factorWithin(n: bigint, opts: WorkOptions & { factorMeter: { remaining: number } }): Factorization {
  const f = factorInteger(n, { budget: Math.max(0, opts.factorMeter.remaining), ...(opts.checkpoint ? { checkpoint: opts.checkpoint } : {}) });
  opts.factorMeter.remaining -= f.work ?? 0;
  return f;
}

/** v_p(n) as a number, and the part of n prime to p (n ≠ 0). */
function valuation(n: bigint, p: bigint): { v: number; unit: bigint } {
  const r = valuationOf(n, p);
  return { v: Number(r.valuation), unit: r.unit };
}

// ───────────────────────────── symbols ─────────────────────────────

/** Kronecker symbol (a/n) for all integers a, n (Jacobi for odd n > 0; (a/0) = [a = ±1]). */
export function kronecker(a: bigint, n: bigint): -1 | 0 | 1 {
  if (n === 0n) return a === 1n || a === -1n ? 1 : 0;
  let result: 1 | -1 = 1;
  if (n < 0n) {
    n = -n;
    if (a < 0n) result = -1;
  }
  let v = 0;
  while ((n & 1n) === 0n) {
    n >>= 1n;
    v++;
  }
  if (v > 0) {
    if ((a & 1n) === 0n) return 0;
    const r = mod(a, 8n);
    if ((v & 1) === 1 && (r === 3n || r === 5n)) result = result === 1 ? -1 : 1;
  }
  const j = jacobi(a, n);
  return j === 0 ? 0 : j === result ? 1 : -1;
}

// ───────────────────────────── powers ─────────────────────────────

/** base^exp mod m for any integer exp (m ≥ 1); undefined when exp < 0 and base is not invertible. */
export function powMod(base: bigint, exp: bigint, m: bigint): bigint | undefined {
  if (m === 1n) return 0n;
  if (exp >= 0n) return modPow(base, exp, m);
  const inv = modInverse(base, m);
  return inv === undefined ? undefined : modPow(inv, -exp, m);
}

// ───────────────────────────── CRT ─────────────────────────────

export interface Congruence {
  residue: bigint;
  modulus: bigint;
}

export type CrtSolution =
  | { solvable: true; residue: bigint; modulus: bigint }
  | { solvable: false; first: number; second: number; gcd: bigint };

/**
 * Solve x ≡ r_i (mod m_i), m_i ≥ 1, for general (not necessarily coprime) moduli by merging
 * one congruence at a time with the extended gcd: x ≡ r (mod M) and x ≡ a (mod m) are
 * compatible iff g = gcd(M, m) divides a − r; then x ≡ r + M·t with t = ((a − r)/g)·u mod m/g
 * (M·u + m·v = g), modulo lcm(M, m). When congruence k does not merge, the first k are jointly
 * solvable, so by the pairwise criterion (a system is solvable iff every pair is) some i < k has
 * r_i ≢ r_k (mod gcd(m_i, m_k)); that pair is reported. The empty system is x ≡ 0 (mod 1).
 */
export function solveCrt(cs: readonly Congruence[], checkpoint: () => void = noop): CrtSolution {
  let r = 0n;
  let M = 1n;
  for (let k = 0; k < cs.length; k++) {
    if ((k & 63) === 63) checkpoint();
    const { residue: a, modulus: m } = cs[k]!;
    if (m < 1n) throw new RangeError("solveCrt: moduli must be positive");
    const { gcd: g, x: u } = extendedGcd(M, m);
    const diff = a - r;
    if (diff % g !== 0n) {
      for (let i = 0; i < k; i++) {
        const gi = gcd(cs[i]!.modulus, m);
        if ((cs[i]!.residue - a) % gi !== 0n) return { solvable: false, first: i, second: k, gcd: gi };
      }
      throw new Error("solveCrt: no conflicting pair found (impossible)");
    }
    const mg = m / g;
    const t = mod((diff / g) * u, mg);
    r = r + M * t;
    M = M * mg;
    r = mod(r, M);
  }
  return { solvable: true, residue: mod(r, M), modulus: M };
}

/** CRT basis for pairwise coprime moduli: e_i ≡ 1 (mod m_i), e_i ≡ 0 (mod m_j), j ≠ i. */
export function crtBasis(moduli: readonly bigint[]): { modulus: bigint; basis: bigint[] } {
  const M = moduli.reduce((a, b) => a * b, 1n);
  const basis = moduli.map((mi) => {
    if (mi === 1n) return 0n;
    const c = M / mi;
    return c * modInverse(c % mi, mi)!;
  });
  return { modulus: M, basis };
}

// ───────────────────────── square roots mod p ─────────────────────────

/** The least z ≥ 2 with (z/p) = −1, for an odd prime p. */
export function leastNonResidue(p: bigint, checkpoint: () => void = noop): bigint {
  for (let z = 2n; ; z++) {
    if ((z & 1023n) === 0n) checkpoint();
    if (jacobi(z, p) === -1) return z;
  }
}

/** 2-adic split p − 1 = q·2^s. */
function twoSplit(n: bigint): { q: bigint; s: number } {
  const { v, unit } = valuation(n, 2n);
  return { q: unit, s: v };
}

/**
 * Tonelli–Shanks: a square root of a quadratic residue a (a ≢ 0) modulo an odd prime p, or
 * undefined when a is a non-residue. With p − 1 = q·2^s, z a non-residue, g = z^q (order 2^s) and
 * w = a^((q−1)/2): t = a·w² = a^q lies in ⟨g⟩, t = g^e with e even exactly when a is a residue
 * (Euler), and r = a·w·g^(−e/2) has r² = a^(q+1)·g^(−e) = a. Two exponentiations (z is small, so
 * z^q costs one reduction per bit) and the logarithm e found by halving the 2-power group
 * (dyadicLog), about s·log2(s) multiplications instead of the classical s²/4.
 */
export function tonelliShanks(a: bigint, p: bigint, checkpoint: () => void = noop): bigint | undefined {
  a = mod(a, p);
  const { q, s } = twoSplit(p - 1n);
  if (s === 1) {
    const r = modPow(a, (p + 1n) / 4n, p);
    return (r * r) % p === a ? r : undefined;
  }
  const z = leastNonResidue(p, checkpoint);
  const w = modPow(a, q >> 1n, p);
  const aw = (a * w) % p;
  const t = (aw * w) % p;
  checkpoint();
  // powers[i] = g^(2^i), inverses[i] = g^(−2^i), 0 ≤ i < s.
  const powers: bigint[] = [modPow(z, q, p)];
  for (let i = 1; i < s; i++) {
    if ((i & 255) === 0) checkpoint();
    powers.push((powers[i - 1]! * powers[i - 1]!) % p);
  }
  // g^(−1) = g^(2^s − 1) = Π g^(2^i): s − 1 multiplications, no extended gcd.
  let ginv = powers[0]!;
  for (let i = 1; i < s; i++) ginv = (ginv * powers[i]!) % p;
  const inverses: bigint[] = [ginv];
  for (let i = 1; i < s; i++) {
    if ((i & 255) === 0) checkpoint();
    inverses.push((inverses[i - 1]! * inverses[i - 1]!) % p);
  }
  const e = dyadicLog(t, 0, s, powers, inverses, p, checkpoint);
  if (e === undefined || (e & 1n) === 1n) return undefined;
  let r = aw;
  const half = e >> 1n;
  for (let i = 0; i < s - 1; i++) if ((half >> BigInt(i)) & 1n) r = (r * inverses[i]!) % p;
  return r;
}

/**
 * The e in [0, 2^n) with x = h^e where h = powers[off] has order 2^n (powers[off + i] = h^(2^i),
 * inverses likewise), or undefined when x is not in ⟨h⟩. Split n = n1 + n2: x^(2^n2) determines
 * e mod 2^n1 in ⟨h^(2^n2)⟩, and x·h^(−(e mod 2^n1)) lies in ⟨h^(2^n1)⟩ of order 2^n2. The work is
 * T(n) = 2T(n/2) + O(n) multiplications.
 */
function dyadicLog(x: bigint, off: number, n: number, powers: readonly bigint[], inverses: readonly bigint[], p: bigint, checkpoint: () => void): bigint | undefined {
  if (n === 1) return x === 1n ? 0n : x === powers[off] ? 1n : undefined;
  if (n >= 64) checkpoint();
  const n1 = n >> 1, n2 = n - n1;
  let y = x;
  for (let i = 0; i < n2; i++) y = (y * y) % p;
  const e1 = dyadicLog(y, off + n2, n1, powers, inverses, p, checkpoint);
  if (e1 === undefined) return undefined;
  let x2 = x;
  for (let i = 0; i < n1; i++) if ((e1 >> BigInt(i)) & 1n) x2 = (x2 * inverses[off + i]!) % p;
  const e2 = dyadicLog(x2, off + n1, n2, powers, inverses, p, checkpoint);
  return e2 === undefined ? undefined : e1 + (e2 << BigInt(n1));
}

/**
 * Cipolla: a square root of a quadratic residue a (a ≢ 0) modulo an odd prime p, as
 * (t + ω)^((p+1)/2) in F_p[ω]/(ω² − (t² − a)) for the least t ≥ 0 with t² − a a non-residue;
 * undefined when a is a non-residue. About 2·log p multiplications in F_{p²}, whatever the 2-adic
 * valuation of p − 1.
 */
export function cipolla(a: bigint, p: bigint, checkpoint: () => void = noop): bigint | undefined {
  a = mod(a, p);
  let t = 0n;
  let w = 0n;
  for (; ; t++) {
    if ((t & 1023n) === 0n) checkpoint();
    w = mod(t * t - a, p);
    if (w === 0n) return t;
    if (jacobi(w, p) === -1) break;
  }
  // (x0 + x1 ω)(y0 + y1 ω) = (x0 y0 + x1 y1 w) + (x0 y1 + x1 y0) ω
  let r0 = 1n, r1 = 0n;
  let b0 = t, b1 = 1n;
  let e = (p + 1n) / 2n;
  while (e > 0n) {
    if (e & 1n) {
      const n0 = (r0 * b0 + ((r1 * b1) % p) * w) % p;
      r1 = (r0 * b1 + r1 * b0) % p;
      r0 = n0;
    }
    const s0 = (b0 * b0 + ((b1 * b1) % p) * w) % p;
    b1 = (2n * b0 * b1) % p;
    b0 = s0;
    e >>= 1n;
  }
  return r1 === 0n && (r0 * r0) % p === a ? r0 : undefined;
}

/**
 * Square roots of a modulo a prime p: [] when a is a non-residue, [0] when p | a, else the two
 * roots ascending ([1] for p = 2, a odd). p ≡ 3 (mod 4): a^((p+1)/4); p ≡ 5 (mod 8): Atkin's
 * formula; otherwise Tonelli–Shanks with a halving 2-power logarithm, or Cipolla when the 2-adic
 * valuation s of p − 1 exceeds 2.5·bits(p)^0.65 (the crossover measured on V8 for 330 to 3000-bit
 * p: Tonelli–Shanks costs about 3s + 0.75·s·log2 s multiplications besides its exponentiations,
 * Cipolla about 4.5·bits(p) whatever s). Each formula yields a root exactly when a is a residue, so
 * no separate Legendre symbol is computed: a candidate whose square is not a means a is a
 * non-residue (for prime p).
 */
export function sqrtModPrime(a: bigint, p: bigint, checkpoint: () => void = noop): bigint[] {
  a = mod(a, p);
  if (a === 0n) return [0n];
  if (p === 2n) return [1n];
  let r: bigint | undefined;
  if ((p & 3n) === 3n) r = modPow(a, (p + 1n) / 4n, p);
  else if ((p & 7n) === 5n) {
    // Atkin: b = (2a)^((p−5)/8), i = 2a·b², r = a·b·(i − 1)
    const a2 = (2n * a) % p;
    const b = modPow(a2, (p - 5n) / 8n, p);
    const i = (a2 * b * b) % p;
    r = mod(a * b * (i - 1n), p);
  } else {
    const { s } = twoSplit(p - 1n);
    r = s > 2.5 * bitLength(p) ** 0.65 ? cipolla(a, p, checkpoint) : tonelliShanks(a, p, checkpoint);
  }
  if (r === undefined || (r * r) % p !== a) return [];
  const other = p - r;
  return r < other ? [r, other] : [other, r];
}

// ───────────────────── square roots mod prime powers ─────────────────────

/**
 * All square roots of a modulo p^k, described compactly (their number can be huge, e.g.
 * p^⌊k/2⌋ roots of 0): the roots are scale·(b + t·step) mod p^k for b in `base` and
 * 0 ≤ t < lifts, all distinct. `count` = |base|·lifts.
 */
export interface RootFamily {
  prime: bigint;
  exponent: number;
  modulus: bigint;
  base: bigint[];
  scale: bigint;
  step: bigint;
  lifts: bigint;
  count: bigint;
}

/** Why a is not a square modulo p^k (a checkable fact about a mod p^k alone). */
export interface NonSquareReason {
  /**
   * odd_valuation: a ≢ 0 (mod p^k) and v_p(a) is odd. Otherwise a = p^v·u with v even < k and:
   * legendre: p odd and (u/p) = −1; mod_4: p = 2, k − v = 2, u ≡ 3 (mod 4);
   * mod_8: p = 2, k − v ≥ 3, u ≢ 1 (mod 8).
   */
  kind: "odd_valuation" | "legendre" | "mod_4" | "mod_8";
  prime: bigint;
  exponent: number;
  valuation: number;
}

/** Square roots of a unit u modulo p^j (j ≥ 1): the full list (2 for odd p; 1, 2 or 4 for p = 2), or undefined. */
function unitRootsPrimePower(u: bigint, p: bigint, j: number, checkpoint: () => void): bigint[] | undefined {
  const pj = p ** BigInt(j);
  if (p === 2n) {
    if (j === 1) return [1n];
    if (j === 2) return mod(u, 4n) === 1n ? [1n, 3n] : undefined;
    if (mod(u, 8n) !== 1n) return undefined;
    // y² ≡ u (mod 2^i) → y or y + 2^(i−1) works mod 2^(i+1) (i ≥ 3).
    let y = 1n;
    for (let i = 3; i < j; i++) {
      if ((i & 255) === 0) checkpoint();
      const m = 1n << BigInt(i + 1);
      if (mod(y * y - u, m) !== 0n) y += 1n << BigInt(i - 1);
    }
    const half = 1n << BigInt(j - 1);
    const roots = [y, pj - y, mod(y + half, pj), mod(pj - y + half, pj)];
    return [...new Set(roots)].sort(cmp);
  }
  const r = sqrtModPrime(u, p, checkpoint);
  if (r.length === 0) return undefined;
  // Newton–Hensel: y ← y − (y² − u)/(2y), doubling the p-adic precision each step.
  let y = r[0]!;
  let e = 1;
  while (e < j) {
    checkpoint();
    e = Math.min(2 * e, j);
    const P = p ** BigInt(e);
    y = mod(y - (y * y - u) * modInverse(2n * y, P)!, P);
  }
  const other = pj - y;
  return y < other ? [y, other] : [other, y];
}

/** Square roots of a modulo p^k (p prime, k ≥ 1) as a family, or why there is none. */
export function sqrtModPrimePower(a: bigint, p: bigint, k: number, checkpoint: () => void = noop): RootFamily | NonSquareReason {
  const pk = p ** BigInt(k);
  a = mod(a, pk);
  if (a === 0n) {
    const up = Math.ceil(k / 2);
    const lifts = p ** BigInt(k - up);
    return { prime: p, exponent: k, modulus: pk, base: [0n], scale: p ** BigInt(up), step: 1n, lifts, count: lifts };
  }
  const { v, unit } = valuation(a, p);
  if (v & 1) return { kind: "odd_valuation", prime: p, exponent: k, valuation: v };
  const j = k - v;
  const roots = unitRootsPrimePower(unit, p, j, checkpoint);
  if (!roots) {
    const kind = p !== 2n ? "legendre" : j === 2 ? "mod_4" : "mod_8";
    return { kind, prime: p, exponent: k, valuation: v };
  }
  const half = p ** BigInt(v / 2);
  return { prime: p, exponent: k, modulus: pk, base: roots, scale: half, step: p ** BigInt(j), lifts: half, count: BigInt(roots.length) * half };
}

export function isRootFamily(x: RootFamily | NonSquareReason): x is RootFamily {
  return (x as RootFamily).base !== undefined;
}

/** The index-th root of a family (0 ≤ index < count), in the order base-major, lift-minor. */
export function familyRoot(f: RootFamily, index: bigint): bigint {
  const b = f.base[Number(index / f.lifts)]!;
  const t = index % f.lifts;
  return mod(f.scale * (b + t * f.step), f.modulus);
}

const cmp = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Square roots modulo n = Π p^k from the root families of the prime powers: the total count and
 * up to `limit` roots (all of them when count ≤ limit), ascending. The roots listed when
 * count > limit are the CRT combinations of the first family members in mixed-radix order.
 */
export function combineRootFamilies(families: readonly RootFamily[], limit: number, checkpoint: () => void = noop): { count: bigint; roots: bigint[]; complete: boolean } {
  const count = families.reduce((c, f) => c * f.count, 1n);
  const { modulus: n, basis } = crtBasis(families.map((f) => f.modulus));
  const take = count < BigInt(limit) ? Number(count) : limit;
  const roots: bigint[] = [];
  for (let i = 0; i < take; i++) {
    if ((i & 255) === 255) checkpoint();
    let idx = BigInt(i);
    let x = 0n;
    for (let c = 0; c < families.length; c++) {
      const f = families[c]!;
      x += familyRoot(f, idx % f.count) * basis[c]!;
      idx /= f.count;
    }
    roots.push(n === 1n ? 0n : mod(x, n));
  }
  roots.sort(cmp);
  return { count, roots, complete: BigInt(take) === count };
}

/** One root modulo n = Π p^k: the CRT of the least root of each family (cheap, any count). */
export function anyRoot(families: readonly RootFamily[]): bigint {
  const { modulus: n, basis } = crtBasis(families.map((f) => f.modulus));
  if (n === 1n) return 0n;
  let x = 0n;
  families.forEach((f, c) => {
    let least = f.modulus;
    for (const b of f.base) {
      const r = mod(f.scale * b, f.modulus);
      if (r < least) least = r;
    }
    x += least * basis[c]!;
  });
  return mod(x, n);
}

// ───────────────────── square roots mod composite n ─────────────────────

export type SqrtAnalysis =
  | { status: "COMPLETE"; square: true; families: RootFamily[]; primes: PrimePower[] }
  | { status: "COMPLETE"; square: false; reason: NonSquareReason; primes: PrimePower[] }
  | { status: "COMPLETE"; square: false; jacobi: { divisor: bigint }; primes: PrimePower[] }
  | { status: "INCOMPLETE"; unfactored: bigint; primes: PrimePower[] };

/**
 * Decide whether a is a square modulo n ≥ 1 and describe all roots, via the factorization of n
 * (factorInteger within opts.factorBudget). When n cannot be fully factored, a Jacobi symbol
 * (a/C) = −1 for the unfactored part C (coprime to a) still proves a is not a square.
 */
export function analyzeSqrt(a: bigint, n: bigint, opts: WorkOptions = {}): SqrtAnalysis {
  const checkpoint = opts.checkpoint ?? noop;
  if (n < 1n) throw new RangeError("analyzeSqrt: modulus must be positive");
  const f = factorWithin(n, metered({ ...opts, checkpoint }));
  const families: RootFamily[] = [];
  for (const pp of f.factors) {
    checkpoint();
    const r = sqrtModPrimePower(a, pp.prime, pp.exponent, checkpoint);
    if (!isRootFamily(r)) return { status: "COMPLETE", square: false, reason: r, primes: f.factors };
    families.push(r);
  }
  if (f.status === "INCOMPLETE") {
    const C = f.cofactor;
    if ((C & 1n) === 1n && gcd(a, C) === 1n && jacobi(a, C) === -1) return { status: "COMPLETE", square: false, jacobi: { divisor: C }, primes: f.factors };
    return { status: "INCOMPLETE", unfactored: C, primes: f.factors };
  }
  return { status: "COMPLETE", square: true, families, primes: f.factors };
}

// ───────────────────────── certainty of primes ─────────────────────────

/**
 * PROVEN when every listed prime is proven (deterministic below 3.3·10^24, else a Pocklington
 * certificate found within opts.proofWork and re-checked, see arithmetic.certifyPrimes); PROBABLE
 * when some BPSW-probable prime could not be proven.
 */
export function certainty(primes: Iterable<{ prime: bigint; status: PrimalityStatus }>, opts: WorkOptions = {}): PrimalityStatus {
  const distinct = new Map<bigint, PrimalityStatus>();
  for (const { prime, status } of primes) if (distinct.get(prime) !== "PROVEN") distinct.set(prime, status);
  const factors = [...distinct].map(([prime, status]) => ({ prime, exponent: 1, status }));
  if (factors.every((f) => f.status === "PROVEN")) return "PROVEN";
  return certifyPrimes({ factors, cofactor: 1n, status: "COMPLETE" }, { ...(opts.proofWork !== undefined ? { work: opts.proofWork } : {}), ...(opts.checkpoint ? { checkpoint: opts.checkpoint } : {}) }).certainty;
}

// ───────────────────────── orders and (Z/mZ)^* ─────────────────────────

export function factorProduct(f: FactorMap): bigint {
  let n = 1n;
  for (const [p, e] of f) n *= p ** BigInt(e);
  return n;
}

function mergeMax(into: FactorMap, from: FactorMap): void {
  for (const [p, e] of from) into.set(p, Math.max(into.get(p) ?? 0, e));
}

function sortedFactorMap(f: FactorMap): FactorMap {
  return new Map([...f].filter(([, e]) => e > 0).sort((a, b) => cmp(a[0], b[0])));
}

/**
 * The exact order of g in a group where g^N = 1, given the factorization of N: for each q^e ∥ N,
 * the q-part of the order is the least q^f with (g^(N/q^e))^(q^f) = 1. Returns the order and its
 * factorization. `mul`/`pow` act modulo m.
 */
export function orderFromMultiple(g: bigint, m: bigint, N: bigint, Nf: FactorMap, checkpoint: () => void = noop): { order: bigint; factors: FactorMap } {
  g = mod(g, m);
  if (m === 1n) return { order: 1n, factors: new Map() };
  if (modPow(g, N, m) !== 1n) throw new RangeError("orderFromMultiple: g^N ≠ 1");
  const factors: FactorMap = new Map();
  let order = 1n;
  for (const [q, e] of Nf) {
    checkpoint();
    const qe = q ** BigInt(e);
    let t = modPow(g, N / qe, m);
    let f = 0;
    while (t !== 1n) {
      t = modPow(t, q, m);
      f++;
      if (f > e) throw new RangeError("orderFromMultiple: the factorization of N is wrong");
    }
    if (f > 0) {
      factors.set(q, f);
      order *= q ** BigInt(f);
    }
  }
  return { order, factors };
}

/** One prime power p^k of m with the exponent λ(p^k) of (Z/p^kZ)^*, factored. */
export interface PrimePowerGroup {
  prime: bigint;
  exponent: number;
  modulus: bigint;
  status: PrimalityStatus;
  lambda: bigint;
  lambdaFactors: FactorMap;
  /** Statuses of the primes of λ(p^k) (from the factorization of p − 1, and p itself). */
  lambdaPrimes: { prime: bigint; status: PrimalityStatus }[];
}

export type UnitGroup =
  | { status: "COMPLETE"; modulus: bigint; parts: PrimePowerGroup[]; lambda: bigint; lambdaFactors: FactorMap }
  | { status: "INCOMPLETE"; modulus: bigint; stage: "modulus" | "group_order"; unfactored: bigint; primes: PrimePower[] };

/** Carmichael exponent data of a factored modulus, factoring p − 1 for each odd p. */
export function unitGroupFromFactors(m: bigint, primes: readonly PrimePower[], opts: WorkOptions = {}): UnitGroup {
  const checkpoint = opts.checkpoint ?? noop;
  const fo = metered({ ...opts, checkpoint });
  const parts: PrimePowerGroup[] = [];
  const lambdaFactors: FactorMap = new Map();
  for (const pp of primes) {
    checkpoint();
    const { prime: p, exponent: k } = pp;
    const modulus = p ** BigInt(k);
    const lf: FactorMap = new Map();
    const lambdaPrimes: { prime: bigint; status: PrimalityStatus }[] = [];
    if (p === 2n) {
      if (k === 2) lf.set(2n, 1);
      else if (k >= 3) lf.set(2n, k - 2);
      if (k >= 2) lambdaPrimes.push({ prime: 2n, status: "PROVEN" });
    } else {
      const f = factorWithin(p - 1n, fo);
      if (f.status === "INCOMPLETE") return { status: "INCOMPLETE", modulus: m, stage: "group_order", unfactored: f.cofactor, primes: [...primes] };
      for (const q of f.factors) {
        lf.set(q.prime, q.exponent);
        lambdaPrimes.push({ prime: q.prime, status: q.status });
      }
      if (k >= 2) {
        lf.set(p, k - 1);
        lambdaPrimes.push({ prime: p, status: pp.status });
      }
    }
    const sorted = sortedFactorMap(lf);
    parts.push({ prime: p, exponent: k, modulus, status: pp.status, lambda: factorProduct(sorted), lambdaFactors: sorted, lambdaPrimes });
    mergeMax(lambdaFactors, sorted);
  }
  const lf = sortedFactorMap(lambdaFactors);
  return { status: "COMPLETE", modulus: m, parts, lambda: factorProduct(lf), lambdaFactors: lf };
}

/** Factor m and build its unit-group data. */
export function unitGroup(m: bigint, opts: WorkOptions = {}): UnitGroup {
  const fo = metered(opts);
  const f = factorWithin(m, fo);
  if (f.status === "INCOMPLETE") return { status: "INCOMPLETE", modulus: m, stage: "modulus", unfactored: f.cofactor, primes: f.factors };
  return unitGroupFromFactors(m, f.factors, fo);
}

/** Exact multiplicative order of a unit g modulo m from the unit-group data (lcm of the prime-power orders). */
export function orderInGroup(g: bigint, G: Extract<UnitGroup, { status: "COMPLETE" }>, checkpoint: () => void = noop): { order: bigint; factors: FactorMap; primes: { prime: bigint; status: PrimalityStatus }[] } {
  const factors: FactorMap = new Map();
  const primes: { prime: bigint; status: PrimalityStatus }[] = [];
  for (const part of G.parts) {
    const o = orderFromMultiple(g, part.modulus, part.lambda, part.lambdaFactors, checkpoint);
    mergeMax(factors, o.factors);
    for (const lp of part.lambdaPrimes) if (o.factors.has(lp.prime)) primes.push(lp);
  }
  const sorted = sortedFactorMap(factors);
  return { order: factorProduct(sorted), factors: sorted, primes };
}

// ───────────────────────── primitive roots ─────────────────────────

export type PrimitiveRootResult =
  | { status: "COMPLETE"; exists: true; root: bigint; primes: { prime: bigint; status: PrimalityStatus }[] }
  | { status: "COMPLETE"; exists: false; reason: string; primes: { prime: bigint; status: PrimalityStatus }[] }
  | { status: "INCOMPLETE"; stage: "modulus" | "group_order"; unfactored: bigint };

/**
 * True when c > 1 certainly has two distinct prime factors: c is composite and its least
 * perfect-power root is composite too (a prime power p^k has the prime root p).
 */
export function hasTwoDistinctPrimes(c: bigint): boolean {
  if (c < 6n) return false;
  const pp = perfectPower(c);
  const base = pp ? pp.root : c;
  return !decidePrimality(base).prime;
}

/** Why (Z/mZ)^* is not cyclic, from the part of the factorization known, or undefined if it may be. */
function nonCyclicReason(primes: readonly PrimePower[], cofactor: bigint): string | undefined {
  const two = primes.find((p) => p.prime === 2n)?.exponent ?? 0;
  const odd = primes.filter((p) => p.prime !== 2n);
  if (two >= 3) return `8 divides m: (Z/2^${two}Z)^* is not cyclic`;
  if (odd.length >= 2) return `m has two distinct odd prime factors ${odd[0]!.prime} and ${odd[1]!.prime}: (Z/mZ)^* has two factors of even order`;
  if (cofactor > 1n && hasTwoDistinctPrimes(cofactor)) return `m has an unfactored odd part ${cofactor} that is neither prime nor a prime power, so m has two distinct odd prime factors`;
  if (two === 2 && (odd.length >= 1 || cofactor > 1n)) return `m is divisible by 4 and by an odd prime`;
  return undefined;
}

/**
 * The least primitive root modulo m ≥ 1 when (Z/mZ)^* is cyclic (m = 1, 2, 4, p^k, 2p^k),
 * else exists: false with the reason. g is a primitive root mod p^k (k ≥ 2) iff it is one
 * mod p and g^(p−1) ≢ 1 (mod p²); mod 2p^k iff it is odd and one mod p^k.
 */
export function primitiveRoot(m: bigint, opts: WorkOptions & { maxCandidates?: number } = {}): PrimitiveRootResult {
  const checkpoint = opts.checkpoint ?? noop;
  if (m === 1n) return { status: "COMPLETE", exists: true, root: 0n, primes: [] };
  if (m === 2n) return { status: "COMPLETE", exists: true, root: 1n, primes: [] };
  if (m === 4n) return { status: "COMPLETE", exists: true, root: 3n, primes: [] };
  const fo = metered({ ...opts, checkpoint });
  const f = factorWithin(m, fo);
  const why = nonCyclicReason(f.factors, f.status === "INCOMPLETE" ? f.cofactor : 1n);
  if (why) return { status: "COMPLETE", exists: false, reason: why, primes: f.factors.map((p) => ({ prime: p.prime, status: p.status })) };
  if (f.status === "INCOMPLETE") return { status: "INCOMPLETE", stage: "modulus", unfactored: f.cofactor };
  const odd = f.factors.find((p) => p.prime !== 2n);
  if (!odd) return { status: "COMPLETE", exists: false, reason: "m is a power of 2 above 4", primes: [] };
  const two = f.factors.some((p) => p.prime === 2n);
  const p = odd.prime, k = odd.exponent;
  const pm1 = factorWithin(p - 1n, fo);
  if (pm1.status === "INCOMPLETE") return { status: "INCOMPLETE", stage: "group_order", unfactored: pm1.cofactor };
  const qs = pm1.factors.map((q) => q.prime);
  const p2 = p * p;
  const max = BigInt(opts.maxCandidates ?? 10_000_000);
  for (let g = 2n; g < m && g < max; g++) {
    if ((g & 255n) === 0n) checkpoint();
    if (two && (g & 1n) === 0n) continue;
    if (g % p === 0n) continue;
    if (!qs.every((q) => modPow(g, (p - 1n) / q, p) !== 1n)) continue;
    if (k >= 2 && modPow(g, p - 1n, p2) === 1n) continue;
    const primes = [{ prime: p, status: odd.status }, ...pm1.factors.map((q) => ({ prime: q.prime, status: q.status }))];
    return { status: "COMPLETE", exists: true, root: g, primes };
  }
  // m = 2p^k with the candidate 1 (only for m = 2, handled above) or nothing found below the cap.
  throw new Error("primitiveRoot: no primitive root below the candidate cap");
}

// ───────────────────────── discrete logarithms ─────────────────────────

/** Thrown when a generic subgroup search would exceed its step allowance. */
export class StepBudgetExceeded extends Error {
  constructor(readonly prime: bigint, readonly needed: number) {
    super(`a discrete logarithm in a subgroup of prime order ${prime} needs about ${needed.toExponential(2)} group operations`);
    this.name = "StepBudgetExceeded";
  }
}

export interface DlogOptions extends WorkOptions {
  /** Allowance of generic group operations (baby steps, giant steps, rho steps) for the whole call. */
  maxSteps?: number;
  /** Called as subproblems are solved: done out of total prime-order subproblems. */
  onSubproblem?: (done: number, total: number) => void;
}

/** Baby-step giant-step table size above which Pollard rho is used instead (√q > this). */
const BSGS_MAX_BABY = 1 << 18;

/** Expected generic cost of one discrete log in a subgroup of prime order q. */
export function genericSteps(q: bigint, modulusPrime?: bigint): number {
  if (modulusPrime !== undefined && q === modulusPrime) return 1;
  const qn = Number(q);
  if (qn <= 64) return qn;
  const r = Math.sqrt(qn);
  return r <= BSGS_MAX_BABY ? 2 * r : 3 * r;
}

/**
 * Index calculus applies to a subgroup of prime order q of (Z/p^kZ)^* when q | p − 1 (that part
 * maps isomorphically onto a subgroup of F_p^*), p is small enough for the sieve and q large enough
 * for the elimination; it is used when its expected cost is below the generic one.
 */
function indexCalculusApplies(q: bigint, modulusPrime: bigint | undefined): modulusPrime is bigint {
  return (
    modulusPrime !== undefined &&
    modulusPrime > 2n &&
    q !== modulusPrime &&
    q >= INDEX_CALCULUS_MIN_ORDER &&
    bitLength(modulusPrime) <= INDEX_CALCULUS_MAX_BITS &&
    (modulusPrime - 1n) % q === 0n &&
    indexCalculusCost(bitLength(modulusPrime)) < genericSteps(q, modulusPrime)
  );
}

/**
 * Expected cost (in multiplications modulo the piece) of one logarithm in the subgroup of prime
 * order q of the piece modulo p^k (modulusPrime = p): the p-adic formula, index calculus or BSGS / rho.
 */
export function subgroupLogCost(q: bigint, modulusPrime?: bigint, modulusExp = 1): number {
  if (modulusPrime !== undefined && q === modulusPrime && modulusExp >= 2) return 1;
  if (indexCalculusApplies(q, modulusPrime)) return indexCalculusCost(bitLength(modulusPrime));
  return genericSteps(q, modulusPrime);
}

interface StepMeter {
  left: number;
}

/** 32-bit open-addressing table of baby steps γ^j, keyed by the low 32 bits, verified exactly. */
class BabySteps {
  readonly size: number;
  private readonly keys: Uint32Array;
  private readonly vals: Int32Array;
  private readonly mask: number;
  readonly values: bigint[] = [];
  constructor(gamma: bigint, m: bigint, size: number, checkpoint: () => void) {
    this.size = size;
    let cap = 1;
    while (cap < 2 * size) cap <<= 1;
    this.mask = cap - 1;
    this.keys = new Uint32Array(cap);
    this.vals = new Int32Array(cap);
    let x = 1n;
    for (let j = 0; j < size; j++) {
      if ((j & 4095) === 4095) checkpoint();
      this.values.push(x);
      const k = Number(BigInt.asUintN(32, x));
      let s = (Math.imul(k, 0x9e3779b1) >>> 0) & this.mask;
      while (this.vals[s] !== 0) s = (s + 1) & this.mask;
      this.keys[s] = k;
      this.vals[s] = j + 1;
      x = (x * gamma) % m;
    }
  }
  find(x: bigint): number | undefined {
    const k = Number(BigInt.asUintN(32, x));
    let s = (Math.imul(k, 0x9e3779b1) >>> 0) & this.mask;
    while (this.vals[s] !== 0) {
      if (this.keys[s] === k) {
        const j = this.vals[s]! - 1;
        if (this.values[j] === x) return j;
      }
      s = (s + 1) & this.mask;
    }
    return undefined;
  }
}

/** Deterministic xorshift for rho walks. */
function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 0x2545f491;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

/**
 * Pollard rho for logarithms with Teske's 32-adding walk and Brent's cycle finding: y with
 * γ^y = β modulo m, γ of prime order q < 2^52, β ∈ <γ>. Exponents are tracked as doubles (exact below 2^53).
 */
function rhoLog(gamma: bigint, beta: bigint, q: bigint, m: bigint, meter: StepMeter, checkpoint: () => void): bigint {
  const qn = Number(q);
  const R = 32;
  const rand = xorshift(0x9e3779b9 ^ Number(BigInt.asUintN(32, q)));
  const rnd = () => (rand() * 4294967296 + rand()) % qn;
  for (let attempt = 0; attempt < 64; attempt++) {
    const A: number[] = [], B: number[] = [], Mul: bigint[] = [];
    for (let i = 0; i < R; i++) {
      const a = rnd(), b = rnd();
      A.push(a);
      B.push(b);
      Mul.push((modPow(gamma, BigInt(a), m) * modPow(beta, BigInt(b), m)) % m);
    }
    let a = rnd(), b = rnd();
    let x = (modPow(gamma, BigInt(a), m) * modPow(beta, BigInt(b), m)) % m;
    let tx = x, ta = a, tb = b;
    let power = 1, lam = 0;
    for (;;) {
      if (power === lam) {
        tx = x;
        ta = a;
        tb = b;
        power *= 2;
        lam = 0;
      }
      const i = Number(BigInt.asUintN(5, x));
      x = (x * Mul[i]!) % m;
      a += A[i]!;
      if (a >= qn) a -= qn;
      b += B[i]!;
      if (b >= qn) b -= qn;
      lam++;
      if (--meter.left < 0) throw new StepBudgetExceeded(q, genericSteps(q));
      if ((meter.left & 4095) === 0) checkpoint();
      if (x === tx) break;
    }
    // γ^a β^b = γ^ta β^tb → y (b − tb) ≡ ta − a (mod q)
    const db = mod(BigInt(b) - BigInt(tb), q);
    if (db === 0n) continue;
    const y = mod((BigInt(ta) - BigInt(a)) * modInverse(db, q)!, q);
    if (modPow(gamma, y, m) === beta) return y;
  }
  throw new Error("rhoLog: no collision gave the logarithm");
}

/**
 * Logarithms in subgroups of prime order q, with baby-step tables cached per (γ, q) and index-calculus
 * relations per prime p: linear scan for q ≤ 64, the p-adic formula when q = p and the modulus is p^k
 * with k ≥ 2 (order-p elements are 1 + p^(k−1)c and (1 + p^(k−1)c)^y = 1 + p^(k−1)cy), index
 * calculus in F_p when q | p − 1 and it is cheaper (see indexCalculusApplies), else BSGS for
 * √q ≤ 2^18 and Pollard rho above.
 */
class PrimeOrderSolver {
  private readonly tables = new Map<string, BabySteps>();
  private readonly fields = new Map<bigint, PrimeFieldIndexCalculus>();
  constructor(private readonly meter: StepMeter, private readonly checkpoint: () => void) {}

  solve(gamma: bigint, beta: bigint, q: bigint, m: bigint, modulusPrime: bigint | undefined, modulusExp: number): bigint {
    if (beta === 1n) return 0n;
    if (modulusPrime !== undefined && q === modulusPrime && modulusExp >= 2) {
      const pk1 = modulusPrime ** BigInt(modulusExp - 1);
      const c = (gamma - 1n) / pk1, d = (beta - 1n) / pk1;
      const y = mod(d * modInverse(c, q)!, q);
      if (modPow(gamma, y, m) !== beta) throw new Error("p-adic logarithm check failed");
      return y;
    }
    if (indexCalculusApplies(q, modulusPrime)) {
      const y = this.indexCalculus(gamma, beta, q, m, modulusPrime);
      if (y !== undefined) return y;
    }
    const need = genericSteps(q, modulusPrime);
    if (need > this.meter.left) throw new StepBudgetExceeded(q, need);
    if (q <= 64n) {
      let x = gamma;
      for (let y = 1n; y < q; y++) {
        this.meter.left--;
        if (x === beta) return y;
        x = (x * gamma) % m;
      }
      throw new Error("element not in the subgroup");
    }
    const size = Math.ceil(Math.sqrt(Number(q)));
    if (size > BSGS_MAX_BABY) return rhoLog(gamma, beta, q, m, this.meter, this.checkpoint);
    const key = `${m}:${gamma}`;
    let table = this.tables.get(key);
    if (!table) {
      this.meter.left -= size;
      table = new BabySteps(gamma, m, size, this.checkpoint);
      this.tables.set(key, table);
    }
    // giant steps: β·(γ^−size)^i
    const giant = modPow(modInverse(gamma, m)!, BigInt(size), m);
    let x = beta;
    for (let i = 0; i <= size; i++) {
      if ((i & 4095) === 4095) this.checkpoint();
      this.meter.left--;
      const j = table.find(x);
      if (j !== undefined) return mod(BigInt(i) * BigInt(size) + BigInt(j), q);
      x = (x * giant) % m;
    }
    throw new Error("element not in the subgroup");
  }

  /**
   * Index calculus modulo p for γ, β of order q modulo p^k: reduction mod p is injective on the
   * order-q part, so the logarithm mod p is the logarithm mod p^k (checked here). Undefined when the
   * relations give no consistent logarithms (the generic methods then get their turn).
   */
  private indexCalculus(gamma: bigint, beta: bigint, q: bigint, m: bigint, p: bigint): bigint | undefined {
    const need = indexCalculusCost(bitLength(p));
    if (need > this.meter.left) throw new StepBudgetExceeded(q, need);
    let field = this.fields.get(p);
    if (!field) {
      field = new PrimeFieldIndexCalculus(p, { meter: this.meter, checkpoint: this.checkpoint });
      this.fields.set(p, field);
    }
    try {
      const y = field.log(gamma % p, beta % p, q);
      if (modPow(gamma, y, m) !== beta) throw new Error("index calculus: logarithm check modulo the prime power failed");
      return y;
    } catch (e) {
      if (e instanceof IndexCalculusExhausted) throw new StepBudgetExceeded(q, need);
      if (e instanceof IndexCalculusFailed) return undefined;
      throw e;
    }
  }
}

/**
 * Pohlig–Hellman in a cyclic group: x with G^x = H modulo m, where G has exact order n with
 * factorization nf and H ∈ <G>. Each q^e-part is solved by divide and conquer over the digits
 * (x = x0 + q^⌊e/2⌋·x1), O(e·log e) exponentiations, the leaves being prime-order logarithms.
 */
function pohligHellman(G: bigint, H: bigint, m: bigint, n: bigint, nf: FactorMap, solver: PrimeOrderSolver, modulusPrime: bigint | undefined, modulusExp: number, tick: () => void): bigint {
  const residues: Congruence[] = [];
  for (const [q, e] of nf) {
    const qe = q ** BigInt(e);
    const cof = n / qe;
    const g = modPow(G, cof, m), h = modPow(H, cof, m);
    const solve = (gg: bigint, hh: bigint, ee: number): bigint => {
      if (ee === 1) {
        const y = solver.solve(gg, hh, q, m, modulusPrime, modulusExp);
        tick();
        return y;
      }
      const e1 = Math.floor(ee / 2), e2 = ee - e1;
      const qe1 = q ** BigInt(e1), qe2 = q ** BigInt(e2);
      // gg has order q^ee. x = x0 + q^e1·x1 with x0 mod q^e1, x1 mod q^e2.
      const x0 = solve(modPow(gg, qe2, m), modPow(hh, qe2, m), e1);
      const rest = (hh * modPow(modInverse(gg, m)!, x0, m)) % m;
      const x1 = solve(modPow(gg, qe1, m), rest, e2);
      return x0 + qe1 * x1;
    };
    residues.push({ residue: solve(g, h, e), modulus: qe });
  }
  const s = solveCrt(residues);
  if (!s.solvable) throw new Error("pohligHellman: incompatible residues (impossible for coprime moduli)");
  return s.residue;
}

export type DlogWitness =
  /** d | m, gcd(g, d) = 1 < gcd(h, d): every power of g is a unit mod d, h is not. */
  | { kind: "non_unit_target"; divisor: bigint }
  /** d | m with g^T ≡ 0 (mod d), h ≢ 0 (mod d), and no x < T has g^x ≡ h (mod m). */
  | { kind: "vanishing"; divisor: bigint; threshold: number }
  /**
   * m1, m2 | m, gcd(g, m1·m2) = 1; g^x1 ≡ h (mod m1) and n1 is the exact order of g mod m1
   * (factored), so every solution has x ≡ x1 (mod n1); then with N: (g^n1)^N ≡ 1 (mod m2) but
   * (h·g^−x1)^N ≢ 1 (mod m2), whereas h·g^−x1 ≡ (g^n1)^((x−x1)/n1) (mod m2) — a contradiction.
   * m1 = 1, x1 = 0, n1 = 1 is the plain order argument.
   */
  | { kind: "order"; forcedModulus: bigint; forcedLog: bigint; forcedOrder: bigint; forcedOrderFactors: FactorMap; modulus: bigint; exponent: bigint };

export type DlogResult =
  | { status: "COMPLETE"; solvable: true; log: bigint; period?: bigint; periodFactors?: FactorMap; preperiod: number; primes: { prime: bigint; status: PrimalityStatus }[] }
  | { status: "COMPLETE"; solvable: false; reason: string; witness: DlogWitness; primes: { prime: bigint; status: PrimalityStatus }[] }
  | { status: "INCOMPLETE"; reason: string; stage: "modulus" | "group_order" | "step_budget"; unfactored?: bigint; prime?: bigint };

/** The cyclic pieces the logarithm is assembled from (all inside cyclic groups, see discreteLog). */
interface DlogPiece {
  modulus: bigint;
  /** Exponent of the cyclic group that contains both G and H at this piece, and its factorization. */
  exponent: bigint;
  factors: FactorMap;
  primes: { prime: bigint; status: PrimalityStatus }[];
  prime: bigint;
  primeExp: number;
}

function piecesOf(G: Extract<UnitGroup, { status: "COMPLETE" }>): DlogPiece[] {
  const pieces: DlogPiece[] = [];
  for (const part of G.parts) {
    if (part.prime === 2n) {
      if (part.exponent >= 2) pieces.push({ modulus: 4n, exponent: 2n, factors: new Map([[2n, 1]]), primes: [{ prime: 2n, status: "PROVEN" }], prime: 2n, primeExp: 2 });
      // mod 2^k (k ≥ 3) after the mod-4 constraint: both G and H are ≡ 1 (mod 4), inside the cyclic <5> of order 2^(k−2).
      if (part.exponent >= 3) pieces.push({ modulus: part.modulus, exponent: part.lambda, factors: part.lambdaFactors, primes: part.lambdaPrimes, prime: 2n, primeExp: part.exponent });
    }
  }
  for (const part of G.parts) {
    if (part.prime !== 2n) pieces.push({ modulus: part.modulus, exponent: part.lambda, factors: part.lambdaFactors, primes: part.lambdaPrimes, prime: part.prime, primeExp: part.exponent });
  }
  return pieces;
}

/** How the cost of the refused subproblem was counted, for the INCOMPLETE reason. */
function methodNote(q: bigint, pc: DlogPiece | undefined): string {
  if (!pc || pc.prime === 2n || q === pc.prime) return "";
  if (indexCalculusApplies(q, pc.prime)) return ` (index calculus modulo ${pc.prime})`;
  const bits = bitLength(pc.prime);
  if (bits > INDEX_CALCULUS_MAX_BITS) return ` (baby-step giant-step / Pollard rho: index calculus handles primes below 2^${INDEX_CALCULUS_MAX_BITS}, and ${pc.prime} has ${bits} bits)`;
  return " (baby-step giant-step / Pollard rho)";
}

/**
 * Discrete logarithm for a unit g: the least x ≥ 0 with g^x ≡ h (mod m) and the exact order of g
 * (all solutions are x + k·order), or a witness that there is none. The pieces (4, then 2^k on the
 * subgroup ≡ 1 mod 4, then the odd prime powers) are cyclic groups containing G = g^N and
 * H = h·g^−X (X mod N being the solution so far); in a cyclic group H ∈ <G> iff H^ord(G) = 1, which
 * either extends the solution (Pohlig–Hellman for G^y = H) or gives the order witness.
 */
function unitDiscreteLog(g: bigint, h: bigint, m: bigint, G: Extract<UnitGroup, { status: "COMPLETE" }>, opts: DlogOptions): DlogResult {
  const checkpoint = opts.checkpoint ?? noop;
  const pieces = piecesOf(G);
  // Largest generic subproblem first: refuse up front when it cannot fit the step allowance.
  const meter: StepMeter = { left: opts.maxSteps ?? 3e7 };
  let worst = 0, worstPrime = 1n, worstPiece: DlogPiece | undefined;
  let total = 0;
  for (const pc of pieces) {
    // Only primes of the order of g at this piece can occur (the order of g^N divides it).
    const og = orderFromMultiple(g, pc.modulus, pc.exponent, pc.factors, checkpoint);
    for (const [q, e] of og.factors) {
      total += e;
      const s = subgroupLogCost(q, pc.prime, pc.primeExp);
      if (s > worst) {
        worst = s;
        worstPrime = q;
        worstPiece = pc;
      }
    }
  }
  if (worst > meter.left) {
    return {
      status: "INCOMPLETE",
      stage: "step_budget",
      prime: worstPrime,
      reason: `the group order has the prime factor ${worstPrime}; a logarithm in a subgroup of that order needs about ${worst.toExponential(2)} group operations${methodNote(worstPrime, worstPiece)}, above the allowance of ${meter.left.toExponential(2)}`,
    };
  }
  const solver = new PrimeOrderSolver(meter, checkpoint);
  let done = 0;
  const tick = () => {
    done++;
    opts.onSubproblem?.(done, total);
  };
  let M = 1n, X = 0n, N = 1n;
  const Nf: FactorMap = new Map();
  const usedPrimes: { prime: bigint; status: PrimalityStatus }[] = [];
  try {
    for (const pc of pieces) {
      checkpoint();
      const mm = pc.modulus;
      const Gp = modPow(g, N, mm);
      const Hp = (h * modPow(modInverse(g, mm)!, X, mm)) % mm;
      const o = orderFromMultiple(Gp, mm, pc.exponent, pc.factors, checkpoint);
      if (modPow(Hp, o.order, mm) !== 1n) {
        return {
          status: "COMPLETE",
          solvable: false,
          reason:
            M === 1n
              ? `g^${o.order} ≡ 1 but h^${o.order} ≢ 1 (mod ${mm}): h is not a power of g modulo ${mm}`
              : `every solution has x ≡ ${X} (mod ${N}) (forced modulo ${M}), and then h·g^−${X} is not a power of g^${N} modulo ${mm}`,
          witness: { kind: "order", forcedModulus: M, forcedLog: X, forcedOrder: N, forcedOrderFactors: sortedFactorMap(new Map(Nf)), modulus: mm, exponent: o.order },
          primes: [...usedPrimes, ...pc.primes.filter((p) => o.factors.has(p.prime))],
        };
      }
      const y = o.order === 1n ? 0n : pohligHellman(Gp, Hp, mm, o.order, o.factors, solver, pc.prime, pc.primeExp, tick);
      X = X + N * y;
      N = N * o.order;
      for (const [q, e] of o.factors) Nf.set(q, (Nf.get(q) ?? 0) + e);
      for (const p of pc.primes) if (o.factors.has(p.prime)) usedPrimes.push(p);
      M = lcm(M, mm);
    }
  } catch (e) {
    if (e instanceof StepBudgetExceeded) {
      return { status: "INCOMPLETE", stage: "step_budget", prime: e.prime, reason: e.message + ", above the remaining allowance" };
    }
    throw e;
  }
  X = mod(X, N);
  if (modPow(g, X, m) !== mod(h, m)) throw new Error("unitDiscreteLog: internal check g^x ≡ h failed");
  return { status: "COMPLETE", solvable: true, log: X, period: N, periodFactors: sortedFactorMap(Nf), preperiod: 0, primes: usedPrimes };
}

/**
 * Discrete logarithm modulo m ≥ 1: the least x ≥ 0 with g^x ≡ h (mod m), for any g.
 * Unit g: see unitDiscreteLog. Non-unit g: m = m1·m2 with m1 made of the primes of gcd(g, m);
 * g^x ≡ 0 (mod m1) from x = T on (T ≤ log2 m1), so x < T is tried directly (at most one such x
 * can work), and x ≥ T needs h ≡ 0 (mod m1) and the unit problem modulo m2, whose solutions
 * x ≡ X (mod N) give the least x ≥ T.
 */
export function discreteLog(g: bigint, h: bigint, m: bigint, opts: DlogOptions = {}): DlogResult {
  const checkpoint = opts.checkpoint ?? noop;
  if (m < 1n) throw new RangeError("discreteLog: modulus must be positive");
  g = mod(g, m);
  h = mod(h, m);
  if (m === 1n) return { status: "COMPLETE", solvable: true, log: 0n, period: 1n, periodFactors: new Map(), preperiod: 0, primes: [] };
  const fb = metered<WorkOptions>({ ...(opts.factorBudget !== undefined ? { factorBudget: opts.factorBudget } : {}), ...(opts.factorMeter ? { factorMeter: opts.factorMeter } : {}) });
  if (gcd(g, m) === 1n) {
    if (gcd(h, m) !== 1n) {
      return { status: "COMPLETE", solvable: false, reason: `g is a unit modulo m but h is not (gcd(h, m) = ${gcd(h, m)})`, witness: { kind: "non_unit_target", divisor: m }, primes: [] };
    }
    const G = unitGroup(m, { ...fb, checkpoint });
    if (G.status === "INCOMPLETE") return incompleteGroup(G);
    return unitDiscreteLog(g, h, m, G, opts);
  }
  // Non-unit base.
  let m2 = m;
  let d = gcd(m2, g);
  while (d > 1n) {
    m2 /= d;
    d = gcd(m2, d);
  }
  const m1 = m / m2;
  let T = 0;
  let gx = 1n % m1;
  while (gx !== 0n) {
    gx = (gx * g) % m1;
    T++;
  }
  let pw = 1n % m;
  for (let x = 0; x < T; x++) {
    if (pw === h) return { status: "COMPLETE", solvable: true, log: BigInt(x), preperiod: T, primes: [] };
    pw = (pw * g) % m;
  }
  if (h % m1 !== 0n) {
    return {
      status: "COMPLETE",
      solvable: false,
      reason: `no x < ${T} works, and for x ≥ ${T} g^x ≡ 0 (mod ${m1}) while h ≢ 0 (mod ${m1})`,
      witness: { kind: "vanishing", divisor: m1, threshold: T },
      primes: [],
    };
  }
  if (m2 === 1n) return { status: "COMPLETE", solvable: true, log: BigInt(T), period: 1n, periodFactors: new Map(), preperiod: T, primes: [] };
  if (gcd(h, m2) !== 1n) {
    return { status: "COMPLETE", solvable: false, reason: `g is a unit modulo ${m2} but h is not`, witness: { kind: "non_unit_target", divisor: m2 }, primes: [] };
  }
  const G = unitGroup(m2, { ...fb, checkpoint });
  if (G.status === "INCOMPLETE") return incompleteGroup(G);
  const r = unitDiscreteLog(g, h, m2, G, opts);
  if (r.status !== "COMPLETE" || !r.solvable) return r;
  const N = r.period!;
  let x = r.log;
  if (x < BigInt(T)) x += ((BigInt(T) - x + N - 1n) / N) * N;
  if (modPow(g, x, m) !== h) throw new Error("discreteLog: internal check failed for a non-unit base");
  return { ...r, log: x, preperiod: T };
}

function incompleteGroup(G: Extract<UnitGroup, { status: "INCOMPLETE" }>): DlogResult {
  return {
    status: "INCOMPLETE",
    stage: G.stage,
    unfactored: G.unfactored,
    reason: G.stage === "modulus" ? `the modulus could not be fully factored within budget (unfactored part ${G.unfactored})` : `the group order could not be fully factored within budget (unfactored part ${G.unfactored} of p − 1)`,
  };
}
