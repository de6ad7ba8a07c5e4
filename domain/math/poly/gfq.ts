/**
 * Finite fields GF(p^k) = GF(p)[a]/(f), f monic irreducible of degree k ≥ 2: the element arithmetic
 * (as a `CoeffRing<FieldElement>` for the generic polynomial algorithms), the ring-string syntax,
 * the default moduli (Conway polynomials where tabulated, else the documented least polynomial),
 * and the structure of GF(q)^*: element orders, primitive elements, minimal polynomials, trace,
 * norm, Frobenius and discrete logarithms (Pohlig–Hellman; baby-step giant-step or Pollard rho
 * in the prime-order subgroups).
 *
 * Representation. Domain values are `FieldElement` = bigint[] little-endian in the generator `a`,
 * trimmed. Internally a field works on coefficient arrays of one base type: JS numbers when
 * p < 2^26 (every product of two residues is below 2^52, exact in a double), bigint above. The
 * public `CoeffRing` converts at its boundary; the structural algorithms (orders, logarithms,
 * minimal polynomials) run on the internal form.
 *
 * Ring strings (documented in docs/contract.md by the lead from this comment):
 *   "GF(p^k)"            p prime (≤ 40 digits), 2 ≤ k ≤ 256: the default modulus (see `defaultModulus`).
 *   "GF(p^k, <modulus>)" the explicit monic modulus, a polynomial in `a` of degree exactly k written
 *                        in the element syntax below ("GF(3^2, a^2 + 1)"); proven irreducible (Rabin).
 *                        When it equals the default modulus the canonical form is "GF(p^k)".
 * Canonical output: "GF(p^k)" for the default modulus, else "GF(p^k, " + the modulus in canonical
 * element syntax + ")".
 *
 * Element strings: a sum of terms `c`, `c*a`, `c*a^e`, `a`, `a^e` joined by `+` or `-` (optional
 * leading sign, spaces allowed around operators), c a decimal integer (any sign, reduced mod p),
 * e a decimal exponent < 2^31 (reduced with the field law, so "a^1000" is fine). Canonical form:
 * descending powers, coefficients in 1..p−1, "c*a^e" with c = 1 omitted, joined by " + ", zero as
 * "0": e.g. "2*a^2 + a + 1".
 */
import { JacobianError } from "../../errors.js";
import { factorInteger, DEFAULT_FACTOR_BUDGET } from "../factor.js";
import { bitLength, modInverse, modPow, moebiusSmall } from "../integer.js";
import type { PrimalityStatus } from "../primality.js";
import { proveFieldCharacteristic } from "../prime_fields.js";
import { CONWAY_TABLE } from "./conway_table.js";
import { gfpIsIrreducible } from "./gfp.js";
import { Gf2IndexCalculusFailed, gf2IndexCalculusGroupOps, gf2IndexCalculusPreferred, gf2PrimeOrderLog } from "../gf2_index_calculus.js";
import { IndexCalculusExhausted } from "../index_calculus.js";
import type { CoeffRing, ExtensionField, FieldElement } from "./types.js";

// ─────────────────────────── base field GF(p) ───────────────────────────

/** Residue arithmetic of GF(p) on one JS type. */
interface Base<C> {
  readonly p: bigint;
  readonly zero: C;
  readonly one: C;
  add(a: C, b: C): C;
  sub(a: C, b: C): C;
  neg(a: C): C;
  mul(a: C, b: C): C;
  inv(a: C): C;
  isZero(a: C): boolean;
  from(x: bigint): C;
  big(a: C): bigint;
}

/** p < 2^26: residues as numbers, products exact below 2^52. */
export const SMALL_P_LIMIT = 1n << 26n;

class NumberBase implements Base<number> {
  readonly zero = 0;
  readonly one = 1;
  readonly pn: number;
  constructor(readonly p: bigint) {
    this.pn = Number(p);
  }
  add(a: number, b: number): number {
    const s = a + b;
    return s >= this.pn ? s - this.pn : s;
  }
  sub(a: number, b: number): number {
    const s = a - b;
    return s < 0 ? s + this.pn : s;
  }
  neg(a: number): number {
    return a === 0 ? 0 : this.pn - a;
  }
  mul(a: number, b: number): number {
    return (a * b) % this.pn;
  }
  inv(a: number): number {
    let r0 = this.pn, r1 = a, t0 = 0, t1 = 1;
    while (r1 !== 0) {
      const q = Math.floor(r0 / r1);
      [r0, r1] = [r1, r0 - q * r1];
      [t0, t1] = [t1, t0 - q * t1];
    }
    if (r0 !== 1) throw new JacobianError("DOMAIN_ERROR", "0 has no inverse");
    return t0 < 0 ? t0 + this.pn : t0;
  }
  isZero(a: number): boolean {
    return a === 0;
  }
  from(x: bigint): number {
    const r = x % this.p;
    return Number(r < 0n ? r + this.p : r);
  }
  big(a: number): bigint {
    return BigInt(a);
  }
}

class BigBase implements Base<bigint> {
  readonly zero = 0n;
  readonly one = 1n;
  constructor(readonly p: bigint) {}
  add(a: bigint, b: bigint): bigint {
    const s = a + b;
    return s >= this.p ? s - this.p : s;
  }
  sub(a: bigint, b: bigint): bigint {
    const s = a - b;
    return s < 0n ? s + this.p : s;
  }
  neg(a: bigint): bigint {
    return a === 0n ? 0n : this.p - a;
  }
  mul(a: bigint, b: bigint): bigint {
    return (a * b) % this.p;
  }
  inv(a: bigint): bigint {
    const r = modInverse(a, this.p);
    if (r === undefined) throw new JacobianError("DOMAIN_ERROR", "0 has no inverse");
    return r;
  }
  isZero(a: bigint): boolean {
    return a === 0n;
  }
  from(x: bigint): bigint {
    const r = x % this.p;
    return r < 0n ? r + this.p : r;
  }
  big(a: bigint): bigint {
    return a;
  }
}

// ─────────────────────── dense polynomials over a base ───────────────────────

function trim<C>(B: Base<C>, a: C[]): C[] {
  let n = a.length;
  while (n > 0 && B.isZero(a[n - 1]!)) n--;
  if (n !== a.length) a.length = n;
  return a;
}

/** Remainder of a by the monic-or-not b (b ≠ 0), in place on a copy. */
function polyRem<C>(B: Base<C>, a: readonly C[], b: readonly C[]): C[] {
  const r = a.slice();
  const db = b.length - 1;
  const lcInv = B.inv(b[db]!);
  for (let i = r.length - 1; i >= db; i--) {
    const c = r[i]!;
    if (B.isZero(c)) continue;
    const f = B.mul(c, lcInv);
    for (let j = 0; j <= db; j++) r[i - db + j] = B.sub(r[i - db + j]!, B.mul(f, b[j]!));
  }
  r.length = Math.min(r.length, db);
  return trim(B, r);
}

// ─────────────────────────────── the field ───────────────────────────────

/**
 * Arithmetic modulo a monic polynomial f of degree k over GF(p) (a field when f is irreducible;
 * the irreducibility test itself uses the ring arithmetic before f is known to be irreducible).
 */
export class FqArith<C = unknown> {
  readonly k: number;
  readonly p: bigint;
  readonly q: bigint;
  readonly mod: readonly C[];
  readonly zero: C[] = [];
  readonly one: C[];
  readonly gen: C[];
  /** Tr(a^i) for i < k (Newton's identities), for the linear trace. */
  private traceBasis?: C[];
  private qm1Factors?: GroupOrderFactorization;

  constructor(readonly B: Base<C>, modulus: readonly bigint[]) {
    this.p = B.p;
    this.k = modulus.length - 1;
    this.q = B.p ** BigInt(this.k);
    this.mod = modulus.map((c) => B.from(c));
    this.one = [B.one];
    this.gen = this.k === 1 ? [B.neg(this.mod[0]!)].filter((c) => !B.isZero(c)) : [B.zero, B.one];
  }

  from(x: readonly bigint[]): C[] {
    const a = x.map((c) => this.B.from(c));
    return a.length > this.k ? this.reduce(trim(this.B, a)) : trim(this.B, a);
  }
  big(a: readonly C[]): bigint[] {
    return a.map((c) => this.B.big(c));
  }
  scalar(c: bigint): C[] {
    const v = this.B.from(c);
    return this.B.isZero(v) ? [] : [v];
  }

  add(a: readonly C[], b: readonly C[]): C[] {
    const B = this.B;
    const [l, s] = a.length >= b.length ? [a, b] : [b, a];
    const r = l.slice();
    for (let i = 0; i < s.length; i++) r[i] = B.add(r[i]!, s[i]!);
    return a.length === b.length ? trim(B, r) : r;
  }
  sub(a: readonly C[], b: readonly C[]): C[] {
    const B = this.B;
    const n = Math.max(a.length, b.length);
    const r = new Array<C>(n);
    for (let i = 0; i < n; i++) r[i] = B.sub(i < a.length ? a[i]! : B.zero, i < b.length ? b[i]! : B.zero);
    return trim(B, r);
  }
  neg(a: readonly C[]): C[] {
    return a.map((c) => this.B.neg(c));
  }
  scale(c: C, a: readonly C[]): C[] {
    if (this.B.isZero(c)) return [];
    return a.map((x) => this.B.mul(c, x));
  }
  isZero(a: readonly C[]): boolean {
    return a.length === 0;
  }
  eq(a: readonly C[], b: readonly C[]): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  isOne(a: readonly C[]): boolean {
    return a.length === 1 && a[0] === this.B.one;
  }

  /** Reduce a trimmed product of degree < 2k by the modulus, in place. */
  reduce(r: C[]): C[] {
    const B = this.B, k = this.k, m = this.mod;
    for (let i = r.length - 1; i >= k; i--) {
      const c = r[i]!;
      if (B.isZero(c)) continue;
      for (let j = 0; j < k; j++) r[i - k + j] = B.sub(r[i - k + j]!, B.mul(c, m[j]!));
    }
    if (r.length > k) r.length = k;
    return trim(B, r);
  }

  mul(a: readonly C[], b: readonly C[]): C[] {
    if (!a.length || !b.length) return [];
    if (this.B instanceof NumberBase) return this.mulNumber(a as unknown as number[], b as unknown as number[]) as unknown as C[];
    const B = this.B;
    const r = new Array<C>(a.length + b.length - 1).fill(B.zero);
    for (let i = 0; i < a.length; i++) {
      const ai = a[i]!;
      if (B.isZero(ai)) continue;
      for (let j = 0; j < b.length; j++) r[i + j] = B.add(r[i + j]!, B.mul(ai, b[j]!));
    }
    return this.reduce(r);
  }

  /** The number path: accumulate below 2^53 and reduce once per output coefficient where possible. */
  private mulNumber(a: readonly number[], b: readonly number[]): number[] {
    const p = (this.B as unknown as NumberBase).pn;
    const n = a.length + b.length - 1;
    const r = new Array<number>(n).fill(0);
    // p² < 2^52: adding one product to a value below p stays below 2^53.
    for (let i = 0; i < a.length; i++) {
      const ai = a[i]!;
      if (ai === 0) continue;
      for (let j = 0; j < b.length; j++) r[i + j] = (r[i + j]! + ai * b[j]!) % p;
    }
    const k = this.k, m = this.mod as unknown as number[];
    for (let i = n - 1; i >= k; i--) {
      const c = r[i]!;
      if (c === 0) continue;
      const nc = p - c;
      for (let j = 0; j < k; j++) r[i - k + j] = (r[i - k + j]! + nc * m[j]!) % p;
    }
    if (r.length > k) r.length = k;
    let t = r.length;
    while (t > 0 && r[t - 1] === 0) t--;
    r.length = t;
    return r;
  }

  sqr(a: readonly C[]): C[] {
    return this.mul(a, a);
  }

  /** a^e for e ≥ 0 (any e for units, negative through the inverse). */
  pow(a: readonly C[], e: bigint): C[] {
    if (e < 0n) return this.pow(this.inv(a), -e);
    if (e === 0n) return this.one.slice();
    if (!a.length) return [];
    let r: C[] | undefined;
    const bits = e.toString(2);
    for (let i = 0; i < bits.length; i++) {
      if (r) r = this.sqr(r);
      if (bits.charCodeAt(i) === 49) r = r ? this.mul(r, a) : a.slice();
    }
    return r!;
  }

  /** The inverse by the extended Euclidean algorithm against the modulus. */
  inv(a: readonly C[]): C[] {
    const B = this.B;
    if (!a.length) throw new JacobianError("DOMAIN_ERROR", "0 has no inverse in a field", { hint: "divide only by nonzero elements" });
    let r0: C[] = this.mod.slice(), r1: C[] = a.slice();
    let s0: C[] = [], s1: C[] = [B.one];
    while (r1.length > 1) {
      // r0 = qt·r1 + rem
      const rem = r0.slice();
      const d = r1.length - 1;
      const lcInv = B.inv(r1[d]!);
      const qt = new Array<C>(Math.max(0, rem.length - d)).fill(B.zero);
      for (let i = rem.length - 1; i >= d; i--) {
        const c = rem[i]!;
        if (B.isZero(c)) continue;
        const f = B.mul(c, lcInv);
        qt[i - d] = f;
        for (let j = 0; j <= d; j++) rem[i - d + j] = B.sub(rem[i - d + j]!, B.mul(f, r1[j]!));
      }
      rem.length = d;
      trim(B, rem);
      trim(B, qt);
      // s2 = s0 − qt·s1 (degrees stay below k; no reduction needed)
      const prod = new Array<C>(qt.length + s1.length).fill(B.zero);
      for (let i = 0; i < qt.length; i++) for (let j = 0; j < s1.length; j++) prod[i + j] = B.add(prod[i + j]!, B.mul(qt[i]!, s1[j]!));
      const s2 = this.sub(s0, trim(B, prod));
      [r0, r1, s0, s1] = [r1, rem, s1, s2];
    }
    if (!r1.length) throw new JacobianError("DOMAIN_ERROR", "the element is not invertible (the modulus is not irreducible)");
    return this.scale(B.inv(r1[0]!), s1);
  }

  /** a^(p^i): the i-th power of the Frobenius automorphism. */
  frobenius(a: readonly C[], i: number): C[] {
    const j = ((i % this.k) + this.k) % this.k;
    return this.pow(a, this.p ** BigInt(j));
  }

  /** Tr_{GF(q)/GF(p)}(a) = Σ a_i Tr(x^i) with the power sums of the modulus' roots (Newton). */
  trace(a: readonly C[]): bigint {
    const B = this.B, k = this.k, m = this.mod;
    if (!this.traceBasis) {
      const s: C[] = [B.from(BigInt(k))];
      for (let j = 1; j < k; j++) {
        // s_j + c_{k−1} s_{j−1} + … + c_{k−j+1} s_1 + j·c_{k−j} = 0
        let t = B.mul(B.from(BigInt(j)), m[k - j]!);
        for (let i = 1; i < j; i++) t = B.add(t, B.mul(m[k - i]!, s[j - i]!));
        s.push(B.neg(t));
      }
      this.traceBasis = s;
    }
    let t = B.zero;
    for (let i = 0; i < a.length; i++) t = B.add(t, B.mul(a[i]!, this.traceBasis[i]!));
    return B.big(t);
  }

  /** N_{GF(q)/GF(p)}(a) = Res(f, a) for the monic modulus f (the product of a over the roots of f). */
  norm(a: readonly C[]): bigint {
    const B = this.B;
    if (!a.length) return 0n;
    // Res(f, g) by the Euclidean algorithm: Res(f, g) = (−1)^{deg f·deg g} lc(g)^{deg f − deg r} Res(g, r), r = f mod g.
    let f: C[] = this.mod.slice(), g: C[] = a.slice();
    let acc = B.one;
    for (;;) {
      const df = f.length - 1, dg = g.length - 1;
      if (dg === 0) {
        // Res(f, c) = c^{deg f}
        let c = B.one;
        for (let i = 0; i < df; i++) c = B.mul(c, g[0]!);
        return B.big(B.mul(acc, c));
      }
      const r = polyRem(B, f, g);
      if (!r.length) return 0n;
      if ((df & 1) && (dg & 1)) acc = B.neg(acc);
      const lc = g[dg]!;
      for (let i = 0; i < df - (r.length - 1); i++) acc = B.mul(acc, lc);
      [f, g] = [g, r];
    }
  }

  /**
   * The minimal polynomial of a over GF(p), monic, little-endian: the first linear dependence
   * among 1, a, a², … found by incremental Gaussian elimination (O(k³), independent of p).
   */
  minimalPolynomial(a: readonly C[]): bigint[] {
    const B = this.B, k = this.k;
    // rows: reduced vectors (length k) with their pivot and the combination of powers they represent.
    const rows: { v: C[]; pivot: number; comb: C[] }[] = [];
    let power: C[] = this.one.slice();
    for (let d = 0; d <= k; d++) {
      const v = new Array<C>(k).fill(B.zero);
      power.forEach((c, i) => (v[i] = c));
      const comb = new Array<C>(d + 1).fill(B.zero);
      comb[d] = B.one;
      for (const row of rows) {
        const c = v[row.pivot]!;
        if (B.isZero(c)) continue;
        for (let i = 0; i < k; i++) v[i] = B.sub(v[i]!, B.mul(c, row.v[i]!));
        for (let i = 0; i < row.comb.length; i++) comb[i] = B.sub(comb[i]!, B.mul(c, row.comb[i]!));
      }
      const pivot = v.findIndex((c) => !B.isZero(c));
      if (pivot < 0) return comb.map((c) => B.big(c));
      const inv = B.inv(v[pivot]!);
      rows.push({ v: v.map((c) => B.mul(c, inv)), pivot, comb: comb.map((c) => B.mul(c, inv)) });
      power = this.mul(power, a);
    }
    throw new Error("minimalPolynomial: no dependence within degree k");
  }

  /** Index Σ c_i p^i of an element (0 ≤ index < q): the enumeration order of elements. */
  index(a: readonly C[]): bigint {
    let n = 0n;
    for (let i = a.length - 1; i >= 0; i--) n = n * this.p + this.B.big(a[i]!);
    return n;
  }
  fromIndex(n: bigint): C[] {
    const r: C[] = [];
    for (let i = 0; i < this.k && n > 0n; i++) {
      r.push(this.B.from(n % this.p));
      n /= this.p;
    }
    return trim(this.B, r);
  }
  /** A hash key for element lookups (exact: distinct elements have distinct keys). */
  key(a: readonly C[]): string | number {
    if (this.B instanceof NumberBase && this.q < 1n << 53n) {
      const p = (this.B as unknown as NumberBase).pn;
      let n = 0;
      for (let i = a.length - 1; i >= 0; i--) n = n * p + (a[i] as unknown as number);
      return n;
    }
    return a.join(",");
  }

  /** The factorization of q − 1 = Π_{d | k} Φ_d(p), each cyclotomic value factored separately. */
  groupOrder(opts: { factorBudget?: number; checkpoint?: () => void } = {}): GroupOrderFactorization {
    if (this.qm1Factors && (this.qm1Factors.status === "COMPLETE" || !opts.factorBudget)) return this.qm1Factors;
    const res = factorPkMinusOne(this.p, this.k, opts);
    if (res.status === "COMPLETE") this.qm1Factors = res;
    return res;
  }

  /** The order of a unit a given the complete factorization of q − 1. */
  order(a: readonly C[], fac: CompleteFactorization, checkpoint: () => void = noop): bigint {
    if (!a.length) throw new JacobianError("DOMAIN_ERROR", "0 has no multiplicative order", { hint: "the multiplicative group GF(q)^* excludes 0" });
    let n = this.q - 1n;
    for (const { prime, exponent } of fac.factors) {
      for (let e = 0; e < exponent; e++) {
        checkpoint();
        const m = n / prime;
        if (!this.isOne(this.pow(a, m))) break;
        n = m;
      }
    }
    return n;
  }

  isPrimitive(a: readonly C[], fac: CompleteFactorization): boolean {
    if (!a.length) return false;
    const n = this.q - 1n;
    for (const { prime } of fac.factors) if (this.isOne(this.pow(a, n / prime))) return false;
    return true;
  }

  /** The primitive element of least index (index order as `index`), and how many were tried. */
  leastPrimitive(fac: CompleteFactorization, checkpoint: () => void = noop): { element: C[]; index: bigint } {
    // Elements of GF(p) have order dividing p − 1 < q − 1 (k ≥ 2): start at a.
    const start = this.k >= 2 ? this.p : 1n;
    for (let n = start; n < this.q; n++) {
      if ((n & 63n) === 0n) checkpoint();
      const x = this.fromIndex(n);
      if (this.isPrimitive(x, fac)) return { element: x, index: n };
    }
    throw new Error("leastPrimitive: GF(q)^* has no generator (impossible for a field)");
  }

  /**
   * log_g(h): the least x ≥ 0 with g^x = h, or undefined when h ∉ ⟨g⟩ (in the cyclic group GF(q)^*,
   * h ∈ ⟨g⟩ iff h^ord(g) = 1). Pohlig–Hellman over ord(g), BSGS or Pollard rho per prime.
   */
  discreteLog(g: readonly C[], h: readonly C[], fac: CompleteFactorization, opts: { maxSteps?: number; checkpoint?: () => void } = {}): { log: bigint; order: bigint } | undefined {
    const checkpoint = opts.checkpoint ?? noop;
    if (!g.length || !h.length) throw new JacobianError("DOMAIN_ERROR", "discrete logarithms are taken in GF(q)^*: base and target must be nonzero");
    const n = this.order(g, fac, checkpoint);
    if (!this.isOne(this.pow(h, n))) return undefined;
    const meter = { left: opts.maxSteps ?? Number.POSITIVE_INFINITY };
    const residues: { r: bigint; m: bigint }[] = [];
    let rest = n;
    for (const { prime } of fac.factors) {
      let e = 0;
      while (rest % prime === 0n) {
        rest /= prime;
        e++;
      }
      if (!e) continue;
      const pe = prime ** BigInt(e);
      const cof = n / pe;
      const gi = this.pow(g, cof), hi = this.pow(h, cof);
      // gi has order prime^e; digits base prime.
      const gamma = this.pow(gi, prime ** BigInt(e - 1)); // order prime
      let x = 0n;
      let pk = 1n;
      const giInv = this.inv(gi);
      for (let j = 0; j < e; j++) {
        checkpoint();
        // (hi · gi^{−x})^{prime^{e−1−j}} = gamma^{d}
        const t = this.pow(this.mul(hi, this.pow(giInv, x)), prime ** BigInt(e - 1 - j));
        const d = this.primeOrderLog(gamma, t, prime, meter, checkpoint);
        x += d * pk;
        pk *= prime;
      }
      residues.push({ r: x, m: pe });
    }
    // CRT
    let x = 0n, m = 1n;
    for (const { r, m: mi } of residues) {
      const t = (((r - x) % mi) + mi) % mi;
      const u = modInverse(m % mi, mi)!;
      x += m * ((t * u) % mi);
      m *= mi;
    }
    return { log: ((x % n) + n) % n, order: n };
  }

  /** log_gamma(t) in the subgroup of prime order r (t known to lie in it). */
  private primeOrderLog(gamma: readonly C[], t: readonly C[], r: bigint, meter: { left: number }, checkpoint: () => void): bigint {
    if (this.isOne(t)) return 0n;
    if (this.p === 2n && gf2IndexCalculusPreferred(this.k, r, this.index(this.mod))) {
      const x = this.gf2Log(gamma, t, r, meter, checkpoint);
      if (x !== undefined) return x;
      // every seed failed: a generic search the allowance cannot cover is refused now, not after it
      if (2 * Math.sqrt(Number(r)) > meter.left) throw new StepAllowanceExceeded(r);
    }
    if (r <= 1n << 40n) return this.bsgs(gamma, t, r, meter, checkpoint);
    return this.rho(gamma, t, r, meter, checkpoint);
  }

  /** Index calculus in GF(2^k) (three seeds), the answer checked; undefined when every seed fails. */
  private gf2Log(gamma: readonly C[], t: readonly C[], r: bigint, meter: { left: number }, checkpoint: () => void): bigint | undefined {
    // for p = 2 an element's index is its bit pattern; the modulus (k + 1 coefficients) likewise
    const f = this.index(this.mod);
    for (let seed = 1; seed <= 3; seed++) {
      this.charge(meter, gf2IndexCalculusGroupOps(this.k, f), r);
      try {
        const x = gf2PrimeOrderLog(this.k, f, this.index(gamma), this.index(t), r, { seed, checkpoint });
        if (this.eq(this.pow(gamma, x), t)) return x;
      } catch (e) {
        if (!(e instanceof Gf2IndexCalculusFailed || e instanceof IndexCalculusExhausted)) throw e;
      }
    }
    return undefined;
  }

  private charge(meter: { left: number }, steps: number, r: bigint): void {
    meter.left -= steps;
    if (meter.left < 0) throw new StepAllowanceExceeded(r);
  }

  private bsgs(gamma: readonly C[], t: readonly C[], r: bigint, meter: { left: number }, checkpoint: () => void): bigint {
    const m = Number(sqrtCeil(r));
    this.charge(meter, 2 * m, r);
    const table = new Map<string | number, number>();
    let x: C[] = this.one.slice();
    for (let j = 0; j < m; j++) {
      if ((j & 1023) === 0) checkpoint();
      const key = this.key(x);
      if (!table.has(key)) table.set(key, j);
      x = this.mul(x, gamma);
    }
    const giant = this.inv(x); // gamma^{−m}
    let y: C[] = t.slice();
    for (let i = 0; i <= m; i++) {
      if ((i & 1023) === 0) checkpoint();
      const j = table.get(this.key(y));
      if (j !== undefined) return (BigInt(i) * BigInt(m) + BigInt(j)) % r;
      y = this.mul(y, giant);
    }
    throw new Error("bsgs: logarithm not found in a subgroup that contains the target");
  }

  /** Pollard rho (three-way partition, Floyd cycle finding) in the subgroup of prime order r. */
  private rho(gamma: readonly C[], t: readonly C[], r: bigint, meter: { left: number }, checkpoint: () => void): bigint {
    const part = (x: readonly C[]): number => {
      const k = this.key(x);
      if (typeof k === "number") return k % 3;
      let h = 0;
      for (let i = 0; i < k.length; i++) h = (h * 31 + k.charCodeAt(i)) | 0;
      return ((h % 3) + 3) % 3;
    };
    const step = (s: { x: C[]; a: bigint; b: bigint }): void => {
      switch (part(s.x)) {
        case 0:
          s.x = this.mul(s.x, gamma);
          s.a = (s.a + 1n) % r;
          break;
        case 1:
          s.x = this.mul(s.x, t);
          s.b = (s.b + 1n) % r;
          break;
        default:
          s.x = this.sqr(s.x);
          s.a = (2n * s.a) % r;
          s.b = (2n * s.b) % r;
      }
    };
    for (let attempt = 1n; attempt < 50n; attempt++) {
      const a0 = (attempt * 0x9e3779b97f4a7c15n) % r, b0 = (attempt * 0x632be59bd9b4e019n + 1n) % r;
      const x0 = this.mul(this.pow(gamma, a0), this.pow(t, b0));
      const slow = { x: x0, a: a0, b: b0 }, fast = { x: x0.slice(), a: a0, b: b0 };
      for (let i = 0; ; i++) {
        if ((i & 255) === 0) {
          checkpoint();
          this.charge(meter, 256 * 3, r);
        }
        step(slow);
        step(fast);
        step(fast);
        if (this.eq(slow.x, fast.x)) break;
      }
      const db = (((slow.b - fast.b) % r) + r) % r;
      if (db === 0n) continue;
      const x = ((((fast.a - slow.a) % r) + r) % r * modInverse(db, r)!) % r;
      if (this.eq(this.pow(gamma, x), t)) return x;
    }
    throw new Error("rho: no logarithm after 50 walks");
  }
}

const noop = (): void => {};

function sqrtCeil(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.ceil(Math.sqrt(Number(n))));
  while (x * x < n) x++;
  while ((x - 1n) * (x - 1n) >= n) x--;
  return x;
}

/** Thrown when a discrete logarithm would exceed its allowance of group operations. */
export class StepAllowanceExceeded extends Error {
  constructor(readonly prime: bigint) {
    super(`a discrete logarithm in a subgroup of prime order ${prime} exceeds the allowance of group operations`);
    this.name = "StepAllowanceExceeded";
  }
}

// ───────────────────────────── q − 1 ─────────────────────────────

export interface CompleteFactorization {
  status: "COMPLETE";
  /** Ascending primes with exponents and primality status. */
  factors: { prime: bigint; exponent: number; status: PrimalityStatus }[];
}
export type GroupOrderFactorization = CompleteFactorization | { status: "INCOMPLETE"; unfactored: bigint };

function divisors(n: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= n; d++) if (n % d === 0) out.push(d);
  return out;
}
/** Φ_d(p) = Π_{e | d} (p^e − 1)^{μ(d/e)}. */
export function cyclotomicValue(d: number, p: bigint): bigint {
  let num = 1n, den = 1n;
  for (const e of divisors(d)) {
    const mu = moebiusSmall(d / e);
    if (mu === 1) num *= p ** BigInt(e) - 1n;
    else if (mu === -1) den *= p ** BigInt(e) - 1n;
  }
  return num / den;
}

/** Factor p^k − 1 through its cyclotomic pieces Φ_d(p), d | k (each far smaller than p^k). */
export function factorPkMinusOne(p: bigint, k: number, opts: { factorBudget?: number; checkpoint?: () => void } = {}): GroupOrderFactorization {
  const acc = new Map<bigint, { exponent: number; status: PrimalityStatus }>();
  let budget = opts.factorBudget ?? DEFAULT_FACTOR_BUDGET;
  for (const d of divisors(k)) {
    const v = cyclotomicValue(d, p);
    if (v === 1n) continue;
    const f = factorInteger(v, { budget: Math.max(0, budget), ...(opts.checkpoint ? { checkpoint: opts.checkpoint } : {}) });
    budget -= f.work ?? 0;
    if (f.status === "INCOMPLETE") return { status: "INCOMPLETE", unfactored: f.cofactor };
    for (const pp of f.factors) {
      const cur = acc.get(pp.prime);
      acc.set(pp.prime, { exponent: (cur?.exponent ?? 0) + pp.exponent, status: pp.status });
    }
  }
  const factors = [...acc.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([prime, v]) => ({ prime, ...v }));
  return { status: "COMPLETE", factors };
}

function primeDivisors(n: number): number[] {
  const out: number[] = [];
  for (let d = 2; d * d <= n; d++) {
    if (n % d) continue;
    out.push(d);
    while (n % d === 0) n /= d;
  }
  if (n > 1) out.push(n);
  return out;
}

/** Rabin's irreducibility test for a monic f over GF(p) (gfp.ts's kernel: a deterministic proof). */
export function isIrreducibleMonic(p: bigint, f: readonly bigint[]): boolean {
  return gfpIsIrreducible(f, p);
}

// ─────────────────────────────── building fields ───────────────────────────────

function arith(p: bigint, modulus: readonly bigint[]): FqArith<any> {
  return p < SMALL_P_LIMIT ? new FqArith<number>(new NumberBase(p), modulus) : new FqArith<bigint>(new BigBase(p), modulus);
}

const ARITH_CACHE = new WeakMap<ExtensionField, FqArith<any>>();

/** The internal arithmetic of a field (cached per field value). */
export function fieldArith(F: ExtensionField): FqArith<any> {
  let A = ARITH_CACHE.get(F);
  if (!A) {
    A = arith(F.p, F.modulus);
    ARITH_CACHE.set(F, A);
  }
  return A;
}

/** GF(p^k) with the given monic modulus; the caller has proven it irreducible. */
export function makeExtensionField(p: bigint, modulus: readonly bigint[], defaultModulus: boolean): ExtensionField {
  return Object.freeze({ $kind: "ring", kind: "GFq", p, k: modulus.length - 1, modulus: Object.freeze(modulus.slice()), defaultModulus }) as ExtensionField;
}

/** The field GF(p^k) with its default modulus. */
export function defaultField(p: bigint, k: number): ExtensionField {
  const key = `${p}^${k}`;
  let F = DEFAULT_FIELDS.get(key);
  if (!F) {
    F = makeExtensionField(p, defaultModulus(p, k).modulus, true);
    DEFAULT_FIELDS.set(key, F);
  }
  return F;
}
const DEFAULT_FIELDS = new Map<string, ExtensionField>();

// ───────────────────────────── default moduli ─────────────────────────────

/** Fields with p^k below this prefer a primitive modulus (q − 1 is factored in microseconds). */
export const PRIMITIVE_PREFERENCE_LIMIT = 1n << 64n;

export type DefaultModulusKind = "conway" | "least_primitive" | "least_irreducible";

/**
 * The default modulus of GF(p^k), deterministic:
 *  1. the Conway polynomial C_{p,k} when (p, k) is in the table (conway_table.ts);
 *  2. else, when p^k < 2^64, the least primitive monic polynomial of degree k in the *height order*
 *     among those with constant term c_0 = (−1)^k·g, g the least primitive root modulo p (every
 *     primitive polynomial has (−1)^k c_0 primitive modulo p; Conway's convention fixes g too);
 *  3. else the least irreducible monic polynomial of degree k in the height order.
 * Height order on the free coefficients of x^k + c_{k−1}x^{k−1} + … + c_0 (residues 0..p−1; c_1..c_{k−1}
 * in case 2, c_0..c_{k−1} in case 3): first by their maximum, then lexicographically with c_{k−1}
 * most significant. It reaches small-coefficient polynomials first whatever the size of p (plain
 * lexicographic order would scan p constant terms first).
 */
export function defaultModulus(p: bigint, k: number): { modulus: bigint[]; kind: DefaultModulusKind } {
  const key = `${p}^${k}`;
  const cached = DEFAULT_MODULI.get(key);
  if (cached) return cached;
  let res: { modulus: bigint[]; kind: DefaultModulusKind };
  const c = conwayPolynomial(p, k);
  if (c) res = { modulus: c, kind: "conway" };
  else if (p ** BigInt(k) < PRIMITIVE_PREFERENCE_LIMIT) res = { modulus: leastPolynomial(p, k, true), kind: "least_primitive" };
  else res = { modulus: leastPolynomial(p, k, false), kind: "least_irreducible" };
  DEFAULT_MODULI.set(key, res);
  return res;
}
const DEFAULT_MODULI = new Map<string, { modulus: bigint[]; kind: DefaultModulusKind }>();

/** The tabulated Conway polynomial C_{p,k} (monic, little-endian), or undefined. */
export function conwayPolynomial(p: bigint, k: number): bigint[] | undefined {
  const row = CONWAY_TABLE[Number(p)];
  if (p > 1000n || !row) return undefined;
  const coeffs = row[k - 1];
  return coeffs ? coeffs.map(BigInt) : undefined;
}

/** The largest k tabulated for p (0 when p is not in the table). */
export function conwayRange(p: bigint): number {
  const row = p <= 1000n ? CONWAY_TABLE[Number(p)] : undefined;
  return row ? row.length : 0;
}

/** Whether the monic f (degree k) is primitive: x has order p^k − 1 in GF(p)[x]/(f) (this also proves f irreducible). */
export function isPrimitivePolynomial(p: bigint, f: readonly bigint[], fac: CompleteFactorization): boolean {
  const R = arith(p, f);
  const n = R.q - 1n;
  if (!R.isOne(R.pow(R.gen, n))) return false;
  for (const { prime } of fac.factors) if (R.isOne(R.pow(R.gen, n / prime))) return false;
  return true;
}

/**
 * The least monic irreducible (or primitive) polynomial of degree k in the height order (see
 * `defaultModulus`). Primitive: the constant term is forced to c_0 = (−1)^k·g, g the least
 * primitive root modulo p (the norm of a root, (−1)^k c_0, must generate GF(p)^*), and the height
 * order runs over (c_{k−1}, …, c_1). Irreducible: over (c_{k−1}, …, c_0) with c_0 ≠ 0. Expected
 * about k·(q−1)/φ(q−1)/(p−1)·φ(p−1) resp. k candidates.
 */
export function leastPolynomial(p: bigint, k: number, primitive: boolean, checkpoint: () => void = noop): bigint[] {
  let fac: CompleteFactorization | undefined;
  let c0: bigint | undefined;
  if (primitive) {
    const f = factorPkMinusOne(p, k);
    if (f.status !== "COMPLETE") throw new Error("leastPolynomial: p^k − 1 not factored");
    fac = f;
    const g = leastPrimitiveRoot(p, f.factors.length ? (factorPkMinusOne(p, 1) as CompleteFactorization) : f);
    c0 = k % 2 === 0 ? g : (p - g) % p;
  }
  const free = primitive ? k - 1 : k; // coefficients enumerated: c_{k−1} … c_1 (and c_0 when irreducible)
  for (let h = 0n; h < p; h++) {
    const c = new Array<bigint>(free).fill(0n); // c[0] = c_{k−1}
    for (;;) {
      checkpoint();
      if (free === 0 || c.some((x) => x === h)) {
        const f = [...c].reverse();
        if (c0 !== undefined) f.unshift(c0);
        f.push(1n);
        if (f[0] !== 0n && noSmallRoot(p, f) && (fac ? isPrimitivePolynomial(p, f, fac) : isIrreducibleMonic(p, f))) return f;
      }
      let i = free - 1;
      while (i >= 0 && c[i] === h) c[i--] = 0n;
      if (i < 0) break;
      c[i]!++;
    }
  }
  throw new Error("leastPolynomial: none found");
}

/** A cheap filter before the full test (k ≥ 2): no root among the residues 1..min(p − 1, 8). */
function noSmallRoot(p: bigint, f: readonly bigint[]): boolean {
  if (f.length <= 2) return true;
  for (let x = 1n; x < p && x <= 8n; x++) {
    let v = 0n;
    for (let i = f.length - 1; i >= 0; i--) v = (v * x + f[i]!) % p;
    if (v === 0n) return false;
  }
  return true;
}

/** The least primitive root modulo the prime p, given the factorization of p − 1. */
function leastPrimitiveRoot(p: bigint, pm1: CompleteFactorization): bigint {
  if (p === 2n) return 1n;
  for (let g = 2n; g < p; g++) if (pm1.factors.every(({ prime }) => modPow(g, (p - 1n) / prime, p) !== 1n)) return g;
  throw new Error("no primitive root");
}

/**
 * Conway's conditions for C = x^k + …: primitive; for every maximal proper divisor m of k, the
 * norm-like power x^{(p^k−1)/(p^m−1)} is a root of C_{p,m} (given by `lower`); and least in the
 * Conway order — f = x^k + Σ (−1)^{k−i} a_i x^i compared by (a_{k−1}, …, a_0) lexicographically.
 * This checks the first two conditions only (leastness is the search's job).
 */
export function isConwayCompatible(p: bigint, f: readonly bigint[], fac: CompleteFactorization, lower: (m: number) => readonly bigint[] | undefined): boolean {
  const k = f.length - 1;
  if (!isPrimitivePolynomial(p, f, fac)) return false;
  const R = arith(p, f);
  const qk = R.q - 1n;
  for (const r of primeDivisors(k)) {
    const m = k / r;
    const Cm = lower(m);
    if (!Cm) throw new Error(`Conway C_{${p},${m}} unknown`);
    const y = R.pow(R.gen, qk / (p ** BigInt(m) - 1n));
    // Horner: C_m(y)
    let acc: unknown[] = [];
    for (let i = Cm.length - 1; i >= 0; i--) acc = R.add(R.mul(acc, y), R.scalar(Cm[i]!));
    if (acc.length) return false;
  }
  return true;
}

/**
 * Search for C_{p,k} by definition, scanning the Conway order with a_0 fixed by the norm condition
 * (a_0 = the least primitive root modulo p, i.e. the root of C_{p,1} = x − g).
 */
export function searchConwayPolynomial(p: bigint, k: number, lower: (m: number) => readonly bigint[] | undefined, checkpoint: () => void = noop): bigint[] {
  const fac = factorPkMinusOne(p, k);
  if (fac.status !== "COMPLETE") throw new Error("searchConwayPolynomial: p^k − 1 not factored");
  if (k === 1) {
    const pf = factorPkMinusOne(p, 1) as CompleteFactorization;
    for (let g = 1n; g < p; g++) {
      const f = [(p - g) % p, 1n];
      if (isPrimitivePolynomial(p, f, pf)) return f;
    }
  }
  const C1 = lower(1)!;
  const g = (p - C1[0]!) % p; // C_{p,1} = x − g
  const a = new Array<bigint>(k).fill(0n); // a[i] for i = 0..k−1 (a[0] fixed)
  a[0] = g;
  const toPoly = (): bigint[] => {
    const f: bigint[] = [];
    for (let i = 0; i < k; i++) f.push((k - i) % 2 === 0 ? a[i]! : (p - a[i]!) % p);
    f.push(1n);
    return f;
  };
  for (;;) {
    checkpoint();
    const f = toPoly();
    if (isConwayCompatible(p, f, fac, lower)) return f;
    // increment (a_{k−1}, …, a_1) lexicographically: a_1 fastest
    let i = 1;
    while (i < k && a[i] === p - 1n) a[i++] = 0n;
    if (i >= k) throw new Error("searchConwayPolynomial: exhausted");
    a[i]!++;
  }
}

// ───────────────────────────── element strings ─────────────────────────────

const MAX_ELEMENT_CHARS = 100_000;

/**
 * Parse an element string (grammar in the header) into a FieldElement of F. Exponents reduce with
 * the field law (a^e via powering), coefficients mod p.
 */
export function parseFieldElement(F: ExtensionField, s: string, path: string): FieldElement {
  const R = fieldArith(F);
  return R.big(parseInto(R, F.p, s, path, "a field element"));
}

function parseInto(R: FqArith<any> | undefined, p: bigint, s: string, path: string, what: string): any[] {
  const fail = (msg: string): never => {
    throw new JacobianError("INVALID_PAYLOAD", `${path}: ${what} ${msg}`, { path, hint: 'elements of GF(p^k) are polynomials in the generator a, e.g. "2*a^2 + a + 1" (terms c, c*a, c*a^e, a, a^e joined by + or -)' });
  };
  if (s.length > MAX_ELEMENT_CHARS) fail(`is longer than ${MAX_ELEMENT_CHARS} characters`);
  const re = /\s*([+-])?\s*(?:(\d+)\s*(?:\*\s*(a)(?:\s*\^\s*(\d+))?)?|(a)(?:\s*\^\s*(\d+))?)\s*/y;
  let pos = 0;
  let first = true;
  // Without a field (parsing a modulus): collect a coefficient map by exponent.
  const coeffs = new Map<number, bigint>();
  let acc: any[] = [];
  if (!s.trim().length) fail("is empty");
  while (pos < s.length) {
    re.lastIndex = pos;
    const m = re.exec(s);
    if (!m || m.index !== pos || m[0].length === 0) fail(`has unexpected text at character ${pos}: ${JSON.stringify(s.slice(pos, pos + 20))}`);
    const [, sign, num, aAfterNum, expAfterNum, aAlone, expAlone] = m!;
    if (!first && !sign) fail(`needs + or - between terms at character ${pos}`);
    if (num === undefined && aAlone === undefined) fail(`has a sign without a term at character ${pos}`);
    if (num !== undefined && num.length > 1 && num[0] === "0") fail("has a number with a leading zero");
    const expStr = expAfterNum ?? expAlone;
    if (expStr !== undefined && (expStr.length > 10 || Number(expStr) >= 2 ** 31 || (expStr.length > 1 && expStr[0] === "0"))) fail("has an exponent that is not a canonical integer below 2^31");
    const hasA = aAfterNum !== undefined || aAlone !== undefined;
    const e = hasA ? (expStr !== undefined ? Number(expStr) : 1) : 0;
    let c = num !== undefined ? BigInt(num) : 1n;
    if (sign === "-") c = -c;
    c %= p;
    if (c < 0n) c += p;
    if (R) {
      if (c !== 0n) acc = R.add(acc, R.mul(R.scalar(c), e === 0 ? R.one : R.pow(R.gen, BigInt(e))));
    } else {
      if (e > 100_000) fail("has a degree above 100000");
      coeffs.set(e, ((coeffs.get(e) ?? 0n) + c) % p);
    }
    pos = re.lastIndex;
    first = false;
  }
  if (R) return acc;
  const deg = Math.max(-1, ...[...coeffs.entries()].filter(([, c]) => c !== 0n).map(([e]) => e));
  const out: bigint[] = [];
  for (let i = 0; i <= deg; i++) out.push(coeffs.get(i) ?? 0n);
  return out;
}

/** The canonical string of a little-endian residue vector in the variable `v` ("2*a^2 + a + 1"; zero → "0"). */
export function formatResidues(c: readonly bigint[], v = "a"): string {
  const parts: string[] = [];
  for (let i = c.length - 1; i >= 0; i--) {
    const x = c[i]!;
    if (x === 0n) continue;
    if (i === 0) parts.push(x.toString());
    else {
      const mono = i === 1 ? v : `${v}^${i}`;
      parts.push(x === 1n ? mono : `${x}*${mono}`);
    }
  }
  return parts.length ? parts.join(" + ") : "0";
}

export function formatFieldElement(x: FieldElement): string {
  return formatResidues(x, "a");
}

// ───────────────────────────── ring strings ─────────────────────────────

export const MAX_EXTENSION_DEGREE = 256;
export const MAX_CHARACTERISTIC_DIGITS = 40;

const RING_RE = /^GF\(\s*([1-9][0-9]*)\s*\^\s*([1-9][0-9]*)\s*(?:,\s*([^)]*?)\s*)?\)$/;
const EXPLICIT_CACHE = new Map<string, ExtensionField>();

/**
 * Parse "GF(p^k)" or "GF(p^k, <modulus in a>)" (grammar in the header). Fails closed: p must be a
 * proven prime of at most 40 digits, 2 ≤ k ≤ 256, an explicit modulus monic of degree exactly k and
 * irreducible (Rabin's test, a proof).
 */
export function parseExtensionFieldWire(s: string, path: string): ExtensionField {
  const bad = (msg: string, hint = 'extension fields are "GF(p^k)" (default modulus) or "GF(p^k, <monic irreducible modulus in a>)", e.g. "GF(3^2, a^2 + 1)"'): never => {
    throw new JacobianError("INVALID_PAYLOAD", `${path}: ${msg}`, { path, hint });
  };
  if (s.length > 200_000) bad("ring string too long");
  const m = RING_RE.exec(s);
  if (!m) bad(`not an extension field ring string: ${JSON.stringify(s.slice(0, 40))}`);
  const [, pStr, kStr, modStr] = m!;
  if (pStr!.length > MAX_CHARACTERISTIC_DIGITS) bad(`characteristic above ${MAX_CHARACTERISTIC_DIGITS} digits`);
  if (kStr!.length > 4 || Number(kStr) > MAX_EXTENSION_DEGREE) bad(`extension degree above ${MAX_EXTENSION_DEGREE}`);
  const p = BigInt(pStr!);
  const k = Number(kStr);
  if (k === 1) bad("degree 1: write the prime field as GF(p)", 'use "GF(p)" for prime fields');
  const verdict = proveFieldCharacteristic(p);
  if (verdict === "composite") throw new JacobianError("DOMAIN_ERROR", `${path}: GF(${p}^${k}) needs a prime characteristic; ${p} is not prime`, { path, hint: "write GF(p^k) with p prime" });
  if (verdict === "unproven") throw new JacobianError("DOMAIN_ERROR", `${path}: the primality of ${p} could not be proven within the parsing budget`, { path });
  if (modStr === undefined) return defaultField(p, k);
  const cacheKey = `${p}^${k}|${modStr}`;
  const hit = EXPLICIT_CACHE.get(cacheKey);
  if (hit) return hit;
  const f = parseInto(undefined, p, modStr, `${path}`, "the modulus") as bigint[];
  if (f.length - 1 !== k) throw new JacobianError("DOMAIN_ERROR", `${path}: the modulus has degree ${f.length - 1}, not ${k}`, { path, hint: "the modulus of GF(p^k) has degree exactly k" });
  if (f[k] !== 1n) throw new JacobianError("DOMAIN_ERROR", `${path}: the modulus is not monic`, { path, hint: "write the modulus with leading coefficient 1" });
  if (!isIrreducibleMonic(p, f)) throw new JacobianError("DOMAIN_ERROR", `${path}: the modulus ${formatResidues(f)} is reducible over GF(${p})`, { path, hint: "the modulus of GF(p^k) must be irreducible; omit it for the default" });
  const def = defaultModulus(p, k).modulus;
  const isDefault = def.every((c, i) => c === f[i]);
  const F = isDefault ? defaultField(p, k) : makeExtensionField(p, f, false);
  if (EXPLICIT_CACHE.size > 1000) EXPLICIT_CACHE.clear();
  EXPLICIT_CACHE.set(cacheKey, F);
  return F;
}

/** The canonical ring string. */
export function formatExtensionField(F: ExtensionField): string {
  return F.defaultModulus ? `GF(${F.p}^${F.k})` : `GF(${F.p}^${F.k}, ${formatResidues(F.modulus)})`;
}

// ───────────────────────────── CoeffRing ─────────────────────────────

/** GF(p^k) as a CoeffRing over FieldElement (bigint[] little-endian in a, trimmed). */
export function extensionFieldRing(F: ExtensionField): CoeffRing<FieldElement> {
  const R = fieldArith(F);
  const name = formatExtensionField(F);
  const wrap1 = (f: (x: any[]) => any[]) => (a: FieldElement): FieldElement => R.big(f(R.from(a)));
  const wrap2 = (f: (x: any[], y: any[]) => any[]) => (a: FieldElement, b: FieldElement): FieldElement => R.big(f(R.from(a), R.from(b)));
  const pbits = bitLength(F.p);
  return {
    name,
    ring: F,
    isField: true,
    characteristic: F.p,
    order: R.q,
    zero: [],
    one: [1n],
    generator: R.big(R.gen),
    add: wrap2((a, b) => R.add(a, b)),
    sub: wrap2((a, b) => R.sub(a, b)),
    neg: wrap1((a) => R.neg(a)),
    mul: wrap2((a, b) => R.mul(a, b)),
    isZero: (a) => a.length === 0,
    eq: (a, b) => a.length === b.length && a.every((c, i) => c === b[i]),
    inv: wrap1((a) => R.inv(a)),
    divExact: (a, b) => (b.length === 0 ? undefined : R.big(R.mul(R.from(a), R.inv(R.from(b))))),
    fromInteger: (n) => R.big(R.scalar(n)),
    fromRational: (num, den) => {
      const d = ((den % F.p) + F.p) % F.p;
      if (d === 0n) return undefined;
      return R.big(R.scalar((num * modInverse(d, F.p)!) % F.p));
    },
    format: formatFieldElement,
    bits: () => F.k * pbits,
  };
}

// ───────────────────────────── field elements as values ─────────────────────────────

/** A finite field: GF(p) (the `Ring` of kinds.ts) or GF(p^k). */
export type FiniteField = { readonly $kind: "ring"; readonly kind: "GF"; readonly p: bigint } | ExtensionField;

/** A parsed element of a finite field (the `field_element` value kind): GF(p) elements are [c] or []. */
export interface FieldValue {
  readonly $kind: "field_element";
  readonly field: FiniteField;
  readonly value: FieldElement;
}

const PRIME_ARITH = new Map<bigint, FqArith<any>>();

/** The internal arithmetic of GF(p) (modulus x, elements are constants) or GF(p^k). */
export function finiteFieldArith(F: FiniteField): FqArith<any> {
  if (F.kind === "GFq") return fieldArith(F);
  let A = PRIME_ARITH.get(F.p);
  if (!A) {
    A = arith(F.p, [0n, 1n]);
    if (PRIME_ARITH.size > 1000) PRIME_ARITH.clear();
    PRIME_ARITH.set(F.p, A);
  }
  return A;
}

export function formatFiniteField(F: FiniteField): string {
  return F.kind === "GFq" ? formatExtensionField(F) : `GF(${F.p})`;
}

/** The canonical element string: GF(p) a residue "0".."p−1", GF(p^k) the canonical expression in a. */
export function formatElementIn(F: FiniteField, x: FieldElement): string {
  return F.kind === "GFq" ? formatFieldElement(x) : (x[0] ?? 0n).toString();
}

export function fieldValue(field: FiniteField, value: FieldElement): FieldValue {
  return { $kind: "field_element", field, value };
}

/** Canonical wire form { field, element }. */
export function formatFieldValue(v: FieldValue): { field: string; element: string } {
  return { field: formatFiniteField(v.field), element: formatElementIn(v.field, v.value) };
}

export function sameField(a: FiniteField, b: FiniteField): boolean {
  if (a.kind !== b.kind || a.p !== b.p) return false;
  if (a.kind === "GF") return true;
  const c = b as ExtensionField;
  return a.k === c.k && a.modulus.every((x, i) => x === c.modulus[i]);
}

/** The primitive element of least index of a field's arithmetic (q − 1 must factor: small fields). */
export function leastPrimitiveElementFor(A: FqArith<any>): unknown[] {
  const fac = A.groupOrder();
  if (fac.status !== "COMPLETE") throw new Error("leastPrimitiveElementFor: q − 1 not factored");
  if (A.k === 1) {
    // GF(p) as GF(p)[x]/(x): the constants
    for (let g = 1n; g < A.p; g++) if (A.isPrimitive(A.scalar(g), fac)) return A.scalar(g);
  }
  return A.leastPrimitive(fac).element;
}
