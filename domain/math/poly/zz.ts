/**
 * Univariate polynomials over ZZ: dense little-endian `bigint[]`, trimmed (zero = []).
 *
 * - Multiplication and exact division by Kronecker substitution (pack the coefficients into one
 *   big integer at a power of two wide enough for the result, one big-integer product / quotient,
 *   unpack with signed digits; V8's big-integer kernels do the heavy lifting).
 * - gcd: Brown/Collins small-prime modular algorithm (primes < 2^26 on doubles, CRT in the
 *   symmetric range, the leading-coefficient gcd as normalising factor): the gcd's images until
 *   stable (or certainly converged), then the cofactors' by exact division modulo primes, proven
 *   by the two products gcd·cofactor = input.
 * - Resultant: one image per prime up to the Hadamard bound, Garner CRT; discriminant from it.
 * - Square-free decomposition (Yun), cyclotomic polynomials (Möbius product of x^d − 1 as power
 *   series), content / primitive part, Mignotte bound.
 * Factorization (Zassenhaus / van Hoeij) lives in zzfactor.ts and is re-exported here.
 */
import { gcd as igcd } from "../integer.js";
import { factorInteger } from "../factor.js";
import { divWord, gcdWord, invModP, reduceWord, resultantWord, wordImage, wordPrime, type WordImage } from "./smallprime.js";

export type ZPoly = bigint[];

const noop = (): void => {};

export const absB = (a: bigint): bigint => (a < 0n ? -a : a);

export function bitLen(a: bigint): number {
  if (a < 0n) a = -a;
  return a === 0n ? 0 : a.toString(2).length;
}

export function trim(a: bigint[]): bigint[] {
  let n = a.length;
  while (n > 0 && a[n - 1] === 0n) n--;
  a.length = n;
  return a;
}

export const degree = (a: readonly bigint[]): number => a.length - 1;
export const lc = (a: readonly bigint[]): bigint => a[a.length - 1] ?? 0n;

export function polyEq(a: readonly bigint[], b: readonly bigint[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function add(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const n = Math.max(a.length, b.length);
  const out = new Array<bigint>(n);
  for (let i = 0; i < n; i++) out[i] = (a[i] ?? 0n) + (b[i] ?? 0n);
  return trim(out);
}

export function sub(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const n = Math.max(a.length, b.length);
  const out = new Array<bigint>(n);
  for (let i = 0; i < n; i++) out[i] = (a[i] ?? 0n) - (b[i] ?? 0n);
  return trim(out);
}

export const neg = (a: readonly bigint[]): bigint[] => a.map((c) => -c);
export const scale = (a: readonly bigint[], c: bigint): bigint[] => (c === 0n ? [] : a.map((x) => x * c));

export function maxAbs(a: readonly bigint[]): bigint {
  let m = 0n;
  for (const c of a) {
    const v = c < 0n ? -c : c;
    if (v > m) m = v;
  }
  return m;
}

export function maxBits(a: readonly bigint[]): number {
  return bitLen(maxAbs(a));
}

// ───────────────────────── Kronecker substitution ─────────────────────────

/** Σ a_i 2^{k i} (signed coefficients welcome). */
export function pack(a: readonly bigint[], k: number, lo = 0, hi = a.length): bigint {
  const n = hi - lo;
  if (n <= 0) return 0n;
  if (n <= 16) {
    let acc = 0n;
    const K = BigInt(k);
    for (let i = hi - 1; i >= lo; i--) acc = (acc << K) + a[i]!;
    return acc;
  }
  const mid = lo + (n >> 1);
  return pack(a, k, lo, mid) + (pack(a, k, mid, hi) << BigInt(k * (mid - lo)));
}

/** Inverse of pack for `count` coefficients each of absolute value < 2^{k−1}. */
export function unpack(N: bigint, k: number, count: number): bigint[] {
  const out = new Array<bigint>(count).fill(0n);
  const rec = (v: bigint, lo: number, n: number): void => {
    if (n === 1) {
      out[lo] = v;
      return;
    }
    if (v === 0n) return;
    const h = n >> 1;
    const w = k * h;
    // the signed low digit in one step (no mask allocated: measured 1.4–2× faster for 60
    // coefficients of 150 bits)
    const low = BigInt.asIntN(w, v);
    rec(low, lo, h);
    rec((v - low) >> BigInt(w), lo + h, n - h);
  };
  if (count > 0) rec(N, 0, count);
  return out;
}

export function mul(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  if (a.length === 0 || b.length === 0) return [];
  const n = a.length, m = b.length;
  if (Math.min(n, m) <= 6) {
    const out = new Array<bigint>(n + m - 1).fill(0n);
    for (let i = 0; i < n; i++) {
      const ai = a[i]!;
      if (ai === 0n) continue;
      for (let j = 0; j < m; j++) out[i + j]! += ai * b[j]!;
    }
    return trim(out);
  }
  const k = maxBits(a) + maxBits(b) + Math.ceil(Math.log2(Math.min(n, m))) + 2;
  return trim(unpack(pack(a, k) * pack(b, k), k, n + m - 1));
}

export const sqr = (a: readonly bigint[]): bigint[] => mul(a, a);

/**
 * a / b when b divides a in ZZ[x], else undefined. `qBits` bounds the bit size of the quotient's
 * coefficients when known (default: the Mignotte-type bound deg q + bits ‖a‖₂ + 1).
 */
export function divExact(a: readonly bigint[], b: readonly bigint[], qBits?: number): bigint[] | undefined {
  if (b.length === 0) throw new RangeError("division by the zero polynomial");
  if (a.length === 0) return [];
  const dq = a.length - b.length;
  if (dq < 0) return undefined;
  if (b.length === 1) {
    const c = b[0]!;
    const out = new Array<bigint>(a.length);
    for (let i = 0; i < a.length; i++) {
      if (a[i]! % c !== 0n) return undefined;
      out[i] = a[i]! / c;
    }
    return out;
  }
  // cheap necessary conditions first
  if (a[a.length - 1]! % b[b.length - 1]! !== 0n) return undefined;
  if (b[0] !== 0n && a[0]! % b[0]! !== 0n) return undefined;
  if (dq <= 4 || b.length <= 4) return divExactSchool(a, b);
  const bits = qBits ?? dq + maxBits(a) + Math.ceil(Math.log2(a.length)) + 1;
  const k = bits + 2;
  const A = pack(a, k), B = pack(b, k);
  if (A % B !== 0n) return undefined;
  const q = trim(unpack(A / B, k, dq + 1));
  return polyEq(mul(q, b), a) ? q : undefined;
}

function divExactSchool(a: readonly bigint[], b: readonly bigint[]): bigint[] | undefined {
  const r = a.slice();
  const db = b.length - 1;
  const lb = b[db]!;
  const q = new Array<bigint>(a.length - db).fill(0n);
  for (let i = r.length - 1; i >= db; i--) {
    const c = r[i]!;
    if (c === 0n) continue;
    if (c % lb !== 0n) return undefined;
    const t = c / lb;
    q[i - db] = t;
    for (let j = 0; j <= db; j++) r[i - db + j]! -= t * b[j]!;
  }
  for (let i = 0; i < db; i++) if (r[i] !== 0n) return undefined;
  return trim(q);
}

/** Pseudo-division: lc(b)^{deg a − deg b + 1} a = q b + r. */
export function pseudoDivRem(a: readonly bigint[], b: readonly bigint[]): { q: bigint[]; r: bigint[] } {
  const db = b.length - 1;
  if (db < 0) throw new RangeError("division by the zero polynomial");
  if (a.length - 1 < db) return { q: [], r: a.slice() };
  const lb = b[db]!;
  let r = a.slice();
  const q = new Array<bigint>(a.length - db).fill(0n);
  for (let i = r.length - 1; i >= db; i--) {
    const c = r[i]!;
    for (let j = 0; j < q.length; j++) q[j]! *= lb;
    for (let j = 0; j < r.length; j++) r[j]! *= lb;
    q[i - db]! += c;
    for (let j = 0; j <= db; j++) r[i - db + j]! -= c * b[j]!;
  }
  r = trim(r);
  return { q: trim(q), r };
}

export function derivative(a: readonly bigint[]): bigint[] {
  const out: bigint[] = [];
  for (let i = 1; i < a.length; i++) out.push(BigInt(i) * a[i]!);
  return trim(out);
}

/** a(x) at an integer. */
export function evalAt(a: readonly bigint[], x: bigint): bigint {
  let acc = 0n;
  for (let i = a.length - 1; i >= 0; i--) acc = acc * x + a[i]!;
  return acc;
}

/** The homogenised value Σ a_i u^i v^{n−i} = v^n a(u/v), n = deg a (v > 0). */
export function evalRationalHom(a: readonly bigint[], u: bigint, v: bigint): bigint {
  let acc = 0n;
  let vp = 1n;
  for (let i = a.length - 1; i >= 0; i--) {
    acc = acc * u + a[i]! * vp;
    vp *= v;
  }
  return acc;
}

export function content(a: readonly bigint[]): bigint {
  let g = 0n;
  for (const c of a) {
    if (c !== 0n) g = g === 0n ? absB(c) : igcd(g, c);
    if (g === 1n) return 1n;
  }
  return g;
}

/** Primitive part with positive leading coefficient (zero → []). */
export function primitivePart(a: readonly bigint[]): bigint[] {
  if (a.length === 0) return [];
  let c = content(a);
  if (a[a.length - 1]! < 0n) c = -c;
  return c === 1n ? a.slice() : a.map((x) => x / c);
}

/**
 * Bits of a bound on the coefficients of any factor of a of degree ≤ k (default deg a):
 * |h_j| ≤ C(k, j)·M(h) ≤ 2^k·M(a) ≤ 2^k ‖a‖₂ (Mignotte; M(h) ≤ M(a) for h | a in ZZ[x]).
 */
export function mignotteBits(a: readonly bigint[], k = a.length - 1): number {
  let s = 0n;
  for (const c of a) s += c * c;
  return k + Math.ceil(bitLen(s) / 2) + 1;
}

// ───────────────────────────── gcd ─────────────────────────────

function symmetric(x: bigint, m: bigint): bigint {
  return x > m >> 1n ? x - m : x;
}

export interface WorkOptions {
  checkpoint?: () => void;
}

/**
 * gcd over ZZ[x]: primitive up to the content gcd, positive leading coefficient; gcd(0, 0) = [].
 *
 * Images modulo primes below 2^25 (the fused kernel of smallprime.ts) of the gcd, scaled to the
 * leading coefficient γ = gcd(lc a, lc b), combined by Chinese remaindering in the symmetric range
 * into H; when a prime changes nothing, or every entry is far below the modulus, the cofactors
 * Ā = γ·a/H, B̄ = γ·b/H follow from exact divisions modulo the same primes and further ones (H
 * reduced; no gcd image needed), combined likewise, and the candidate is proven by two products:
 * H·Ā = γ·a and H·B̄ = γ·b make H a common divisor of γ·a and γ·b, so its primitive part divides
 * a and b, and its degree is at least the gcd's (images of lucky primes).
 */
export function gcd(f: readonly bigint[], g: readonly bigint[], opts: WorkOptions = {}): bigint[] {
  return gcdWithCofactors(f, g, opts).gcd;
}

/**
 * The gcd with the cofactors f/gcd and g/gcd, from the same images (the cofactor images are
 * part of the proof): no exact division of f or g by the gcd.
 */
export function gcdWithCofactors(f: readonly bigint[], g: readonly bigint[], opts: WorkOptions = {}): { gcd: bigint[]; left: bigint[]; right: bigint[] } {
  return gcdWithCofactorsWithin(f, g, Infinity, Infinity, opts)!;
}

/**
 * gcdWithCofactors when it settles within `maxPrimes` word primes and `maxProofs` product proofs
 * (a bounded first attempt: the common case, a gcd and cofactors whose coefficients are not much
 * larger than the operands'), else undefined. The same images, stopping rule and proof, so a
 * settled result is exactly gcdWithCofactors'.
 */
export function gcdWithCofactorsWithin(f: readonly bigint[], g: readonly bigint[], maxPrimes: number, maxProofs: number, opts: WorkOptions = {}): { gcd: bigint[]; left: bigint[]; right: bigint[] } | undefined {
  const tick = opts.checkpoint ?? noop;
  const slow = (G: bigint[]) => ({ gcd: G, left: G.length ? divExact(f, G)! : [], right: G.length ? divExact(g, G)! : [] });
  if (f.length === 0 || g.length === 0) return slow(f.length === 0 ? primitivePartTimes(g, content(g)) : primitivePartTimes(f, content(f)));
  const c = igcd(content(f), content(g));
  const a = primitivePart(f), b = primitivePart(g);
  if (a.length === 1 || b.length === 1 || polyEq(a, b)) return slow(a.length === 1 || b.length === 1 ? [c] : scale(a, c));
  const sf = f[f.length - 1]! / a[a.length - 1]!, sg = g[g.length - 1]! / b[b.length - 1]!; // ± contents
  const gamma = igcd(lc(a), lc(b));
  const lcProd = lc(a) * lc(b);
  const wa = wordImage(a), wb = wordImage(b);
  const ga = scale(a, gamma), gb = scale(b, gamma);
  // Bits of a bound on the cofactors' coefficients (Mignotte: Ā divides γ·a): beyond it a cofactor
  // combination that still fails the proof means the candidate H is wrong.
  let cofactorBitsKnown: number | undefined;
  const cofactorBits = (): number => (cofactorBitsKnown ??= Math.max(mignotteBits(ga), mignotteBits(gb)) + 2);
  let d = Infinity;
  // H: the gcd image scaled to leading coefficient γ, combined over the primes at degree d
  let H: bigint[] = [];
  let M = 1n;
  let images: ModularImage[] = [];
  let next = 0;
  const prime = (): number | undefined => {
    for (;;) {
      if (next >= maxPrimes) return undefined;
      tick();
      const p = wordPrime(next++);
      if (lcProd % BigInt(p) !== 0n) return p;
    }
  };
  for (;;) {
    const p = prime();
    if (p === undefined) return undefined;
    const P = BigInt(p);
    const ap = reduceWord(wa, p), bp = reduceWord(wb, p);
    const hp = gcdWord(ap, bp, p);
    const dp = hp.length - 1;
    if (dp === 0) return slow([c]);
    if (dp > d) continue;
    const gp = Number(gamma % P);
    const img = new Float64Array(dp + 1);
    for (let k = 0; k <= dp; k++) img[k] = (hp[k]! * gp) % p;
    let changed = false;
    if (dp < d) {
      d = dp;
      H = Array.from(img, (x) => BigInt(x > p >> 1 ? x - p : x));
      M = P;
      images = [];
      changed = true;
    } else {
      changed = crtInto(H, M, img, p);
      M *= P;
    }
    images.push({ p, ap, bp, hp });
    // Try H when a prime changed nothing, or already when every entry is below M/2^t: a combination
    // that has not converged looks uniform in (−M/2, M/2], so all of its d + 1 entries are that small
    // with probability 2^(−t(d+1)) (a wasted attempt, never a wrong answer: the products are the
    // proof). t = 2 for a large gcd settles a gcd with small coefficients on its first prime.
    const t = Math.min(10, Math.max(2, Math.ceil(40 / (d + 1))));
    if (!changed || allBelow(H, M >> BigInt(t))) {
      const r = cofactorsAndProof(H, d);
      if (r === undefined) return undefined;
      if (r !== null) return r;
    }
  }

  /**
   * The cofactors Ā = γ·a/H, B̄ = γ·b/H by their images (exact division modulo each prime: the
   * images of the gcd primes, then H reduced modulo further primes), Chinese remaindering and the
   * proof H·Ā = γ·a, H·B̄ = γ·b; null when H is not the gcd, undefined when out of primes or proofs.
   */
  function cofactorsAndProof(H: bigint[], d: number): { gcd: bigint[]; left: bigint[]; right: bigint[] } | null | undefined {
    const la = a.length - d, lb = b.length - d;
    let X: bigint[] = [];
    let MX = 1n;
    let wH: WordImage | undefined;
    const add = (p: number, Ap: Float64Array, Bp: Float64Array): boolean => {
      const img = new Float64Array(la + lb);
      img.set(Ap.subarray(0, la));
      img.set(Bp.subarray(0, lb), la);
      if (MX === 1n) {
        X = Array.from(img, (x) => BigInt(x > p >> 1 ? x - p : x));
        MX = BigInt(p);
        return true;
      }
      const changed = crtInto(X, MX, img, p);
      MX *= BigInt(p);
      return changed;
    };
    let used = 0;
    for (;;) {
      let changed: boolean;
      if (used < images.length) {
        const { p, ap, bp, hp } = images[used++]!;
        changed = add(p, divWord(ap, hp, p), divWord(bp, hp, p));
      } else {
        const p = prime();
        if (p === undefined) return undefined;
        wH ??= wordImage(H);
        const hq = reduceWord(wH, p), gq = Number(gamma % BigInt(p));
        if (hq.length !== d + 1) return null; // lc H = γ for the gcd, and p ∤ γ
        const aq = reduceWord(wa, p), bq = reduceWord(wb, p);
        for (let k = 0; k < aq.length; k++) aq[k] = (aq[k]! * gq) % p;
        for (let k = 0; k < bq.length; k++) bq[k] = (bq[k]! * gq) % p;
        changed = add(p, divWord(aq, hq, p), divWord(bq, hq, p));
      }
      if (changed && !allBelow(X, MX >> 10n)) {
        if (bitLen(MX) > cofactorBits() + 12) return null;
        continue;
      }
      if (maxProofs-- <= 0) return undefined;
      const A = trim(X.slice(0, la)), B = trim(X.slice(la));
      if (productsEqual(H, [A, ga], [B, gb])) {
        // H = κ·g_p (g_p the primitive gcd of a and b), Ā = γ·a/H: a/g_p = κ·Ā/γ, f/(c·g_p) = (s_f/c)·a/g_p
        const kappa = content(H);
        const gpr = kappa === 1n ? H : H.map((x) => x / kappa);
        const cof = (X_: bigint[], s: bigint) => X_.map((x) => ((x * kappa) / gamma) * (s / c));
        return { gcd: c === 1n ? gpr : scale(gpr, c), left: cof(A, sf), right: cof(B, sg) };
      }
      if (!changed || bitLen(MX) > cofactorBits() + 12) return null;
    }
  }
}

interface ModularImage { p: number; ap: Float64Array; bp: Float64Array; hp: Float64Array }

/** X ← the symmetric CRT combination of X (mod M) and img (mod p), in place; whether it changed. */
function crtInto(X: bigint[], M: bigint, img: Float64Array, p: number): boolean {
  const P = BigInt(p);
  const mInv = invModP(Number(((M % P) + P) % P), p);
  let changed = false;
  for (let k = 0; k < X.length; k++) {
    const x = X[k]!;
    let xm = Number(x % P);
    if (xm < 0) xm += p;
    let t = ((img[k]! - xm) * mInv) % p;
    if (t < 0) t += p;
    if (t === 0) continue;
    if (t > p >> 1) t -= p;
    X[k] = x + M * BigInt(t);
    changed = true;
  }
  return changed;
}

/**
 * x·y = z in ZZ[x] for every [y, z] of `pairs`, by one product each at a common power of two 2^k
 * (x packed once): with every coefficient of each x·y (bounded by min(len)·‖x‖∞·‖y‖∞) and of each
 * z below 2^(k−1) in absolute value, evaluation at 2^k is injective.
 */
function productsEqual(x: readonly bigint[], ...pairs: [readonly bigint[], readonly bigint[]][]): boolean {
  if (x.length === 0) return pairs.every(([, z]) => z.length === 0);
  const bx = maxBits(x);
  let k = 0;
  for (const [y, z] of pairs) {
    if (y.length === 0) {
      if (z.length !== 0) return false;
      continue;
    }
    if (x.length + y.length - 1 !== z.length) return false;
    k = Math.max(k, bx + maxBits(y) + Math.ceil(Math.log2(Math.min(x.length, y.length))) + 2);
  }
  for (const [y, z] of pairs) if (y.length !== 0 && maxBits(z) >= k - 1) return false;
  const X = pack(x, k);
  return pairs.every(([y, z]) => y.length === 0 || X * pack(y, k) === pack(z, k));
}

function allBelow(X: readonly bigint[], T: bigint): boolean {
  const nT = -T;
  for (const x of X) if (x >= T || x <= nT) return false;
  return true;
}

function primitivePartTimes(a: readonly bigint[], c: bigint): bigint[] {
  if (a.length === 0) return [];
  return scale(primitivePart(a), c);
}

/** lcm over ZZ[x] (positive leading coefficient). */
export function lcm(f: readonly bigint[], g: readonly bigint[], opts: WorkOptions = {}): bigint[] {
  if (f.length === 0 || g.length === 0) return [];
  const l = mul(gcdWithCofactors(f, g, opts).left, g);
  return lc(l) < 0n ? neg(l) : l;
}

// ───────────────────────── resultant, discriminant ─────────────────────────

function log2Norm2(a: readonly bigint[]): number {
  let s = 0n;
  for (const c of a) s += c * c;
  return bitLen(s) / 2;
}

/** Bits of the Hadamard bound ‖f‖₂^{deg g} ‖g‖₂^{deg f} (≥ |res(f, g)|). */
export function resultantBoundBits(f: readonly bigint[], g: readonly bigint[]): number {
  return Math.ceil((f.length - 1) * log2Norm2(g) + (g.length - 1) * log2Norm2(f)) + 1;
}

/** Number of word primes the resultant of f and g takes (preflight). */
export function resultantPrimeCount(f: readonly bigint[], g: readonly bigint[]): number {
  return Math.ceil((resultantBoundBits(f, g) + 2) / 25) + 1;
}

/** res(f, g) (Sylvester determinant with the actual degrees); 0 when either is zero. */
export function resultant(f: readonly bigint[], g: readonly bigint[], opts: WorkOptions = {}): bigint {
  const tick = opts.checkpoint ?? noop;
  if (f.length === 0 || g.length === 0) return 0n;
  const m = f.length - 1, n = g.length - 1;
  if (m === 0 && n === 0) return 1n;
  if (m === 0) return f[0]! ** BigInt(n);
  if (n === 0) return g[0]! ** BigInt(m);
  const bits = resultantBoundBits(f, g) + 2;
  const lcProd = lc(f) * lc(g);
  const wf = wordImage(f), wg = wordImage(g);
  // residues collected first, then combined by Garner's mixed-radix algorithm: O(k²) word
  // operations and k small multiplications of the growing result (the incremental combination
  // reduces the growing value modulo every prime)
  const res: number[] = [], ps: number[] = [];
  let got = 0;
  for (let i = 0; got <= bits; i++) {
    tick();
    const p = wordPrime(i);
    if (lcProd % BigInt(p) === 0n) continue;
    res.push(resultantWord(reduceWord(wf, p), reduceWord(wg, p), p));
    ps.push(p);
    got += Math.log2(p);
  }
  return garnerSymmetric(res, ps);
}

/** The integer in (−M/2, M/2] with residues r_i mod p_i (distinct primes below 2^26), M = Π p_i. */
export function garnerSymmetric(r: readonly number[], p: readonly number[]): bigint {
  const k = r.length;
  const v = new Array<number>(k);
  for (let i = 0; i < k; i++) {
    const pi = p[i]!, pinv = 1 / pi;
    // u = v_0 + v_1·p_0 + … + v_{i−1}·p_0⋯p_{i−2} mod p_i, prod = p_0⋯p_{i−1} mod p_i
    let u = 0, prod = 1;
    for (let j = 0; j < i; j++) {
      u = redW(u + v[j]! * prod, pi, pinv);
      prod = redW(prod * p[j]!, pi, pinv);
    }
    v[i] = redW((r[i]! - u + pi) * invModP(prod, pi), pi, pinv);
  }
  let x = 0n, M = 1n;
  for (let i = k - 1; i >= 0; i--) x = x * BigInt(p[i]!) + BigInt(v[i]!);
  for (const q of p) M *= BigInt(q);
  return symmetric(x, M);
}

function redW(x: number, p: number, pinv: number): number {
  const r = x - Math.floor(x * pinv) * p;
  return r < 0 ? r + p : r >= p ? r - p : r;
}

/** disc(f) = (−1)^{n(n−1)/2} res(f, f′) / lc(f), n = deg f ≥ 1 (PARI's poldisc); deg 0 → 1. */
export function discriminant(f: readonly bigint[], opts: WorkOptions = {}): bigint {
  const n = f.length - 1;
  if (n < 1) return 1n;
  const r = resultant(f, derivative(f), opts) / lc(f);
  return (n * (n - 1)) / 2 % 2 === 1 ? -r : r;
}

// ───────────────────────── square-free, cyclotomic ─────────────────────────

/**
 * Yun's square-free decomposition of a primitive f with positive leading coefficient:
 * f = Π a_i^i with a_i square-free, pairwise coprime, positive leading coefficients. Returns
 * the nonconstant a_i with their multiplicities.
 */
export function squarefreeDecomposition(f: readonly bigint[], opts: WorkOptions = {}): { factor: bigint[]; multiplicity: number }[] {
  const out: { factor: bigint[]; multiplicity: number }[] = [];
  if (f.length <= 1) return out;
  const df = derivative(f);
  let a0 = gcd(f, df, opts);
  let b = divExact(f, a0)!;
  let c = divExact(df, a0)!;
  let d = sub(c, derivative(b));
  for (let i = 1; b.length > 1; i++) {
    const a = gcd(b, d, opts);
    const bn = divExact(b, a)!;
    if (a.length > 1) out.push({ factor: primitivePart(a), multiplicity: i });
    if (bn.length <= 1) break;
    c = divExact(d, a)!;
    b = bn;
    d = sub(c, derivative(b));
  }
  return out;
}

/** The square-free part f / gcd(f, f′) (primitive, positive leading coefficient). */
export function squarefreePart(f: readonly bigint[], opts: WorkOptions = {}): bigint[] {
  const a = primitivePart(f);
  if (a.length <= 2) return a;
  const g = gcd(a, derivative(a), opts);
  return g.length <= 1 ? a : primitivePart(divExact(a, g)!);
}

/** φ(n) and the distinct primes of n (n ≥ 1, fully factored: n is small). */
function primesOf(n: number): number[] {
  const f = factorInteger(BigInt(n));
  return f.factors.map((x) => Number(x.prime));
}

export function eulerPhi(n: number): number {
  let r = n;
  for (const p of primesOf(n)) r = (r / p) * (p - 1);
  return r;
}

/**
 * The n-th cyclotomic polynomial Φ_n (n ≥ 1): Φ_n(x) = Φ_rad(x^{n/rad}), and
 * Φ_r = Π_{d | r} (1 − x^d)^{μ(r/d)} (up to sign for r = 1) as a power series truncated at φ(r).
 */
export function cyclotomic(n: number, opts: WorkOptions = {}): bigint[] {
  const tick = opts.checkpoint ?? noop;
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError("cyclotomic: n ≥ 1");
  if (n === 1) return [-1n, 1n];
  const ps = primesOf(n);
  const rad = ps.reduce((x, y) => x * y, 1);
  const phiR = ps.reduce((x, p) => x * (p - 1), 1);
  // series S = Π_{d | rad} (1 − x^d)^{μ(rad/d)}, degree phiR
  const s = new Array<bigint>(phiR + 1).fill(0n);
  s[0] = 1n;
  const k = ps.length;
  const divs: { d: number; mu: number }[] = [];
  for (let mask = 0; mask < 1 << k; mask++) {
    let d = 1, bitsSet = 0;
    for (let j = 0; j < k; j++) if (mask & (1 << j)) {
      d *= ps[j]!;
      bitsSet++;
    }
    // μ(rad/d) = (−1)^{k − bitsSet}
    divs.push({ d, mu: (k - bitsSet) % 2 === 0 ? 1 : -1 });
  }
  // multiply first (avoids nothing in exactness, keeps the order deterministic)
  divs.sort((x, y) => y.mu - x.mu);
  for (const { d, mu } of divs) {
    tick();
    if (d > phiR) continue; // (1 − x^d)^{±1} ≡ 1 mod x^{phiR+1}
    if (mu === 1) for (let i = phiR; i >= d; i--) s[i]! -= s[i - d]!;
    else for (let i = d; i <= phiR; i++) s[i]! += s[i - d]!;
  }
  // for rad > 1 the product is Φ_rad exactly (its constant term is 1)
  const e = n / rad;
  if (e === 1) return s;
  const out = new Array<bigint>(phiR * e + 1).fill(0n);
  for (let i = 0; i <= phiR; i++) out[i * e] = s[i]!;
  return out;
}

// factorization (zzfactor.ts) re-exported for the declarations
export { factorOverIntegers, factorOverRationals } from "./zzfactor.js";
