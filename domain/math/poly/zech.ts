/**
 * Polynomials over a small GF(p^k) (order q ≤ 2^16) with Zech logarithms: the kernel ffactor.ts
 * uses there instead of the generic CoeffRing one (issue 9).
 *
 * An element is a small integer: 0 for zero, 1 + e for g^e (g a primitive element, e < q − 1).
 * A product adds exponents; a sum uses Zech's table Z(d) = the element 1 + g^d, since
 * g^i + g^j = g^i·(1 + g^(j−i)). Every field operation is then two or three integer operations and
 * one table load, with no allocation — the generic kernel spent ~k^2 bigint products and a few
 * array allocations on each (GF(3^2), degree 200: 20 s → ~0.1 s). The tables take O(q·k) to
 * build (g = a when the modulus is primitive, as the default ones are) and 3 Int32Arrays of q
 * entries.
 */
import type { SeededRandom } from "../seeded-random.js";
import type { FieldPolyKernel } from "./gfp.js";
import type { ExtensionField, FieldElement } from "./types.js";

/** Largest field order with Zech tables (their size, and the time to build them per field). */
export const ZECH_LIMIT = 1n << 16n;

const EMPTY = new Int32Array(0);

/**
 * Largest order with full addition and multiplication tables (q^2 bytes each, in L2 for q ≤ 256):
 * GF(3^2), n = 400 rank of the Frobenius matrix: Zech ~9 ns per multiply-add, tables ~2 ns.
 */
const TABLE_LIMIT = 256;

function trim(a: Int32Array, n = a.length): Int32Array {
  while (n > 0 && a[n - 1] === 0) n--;
  return n === a.length ? a : a.slice(0, n);
}

export class ZechKernel implements FieldPolyKernel<number, Int32Array> {
  readonly p: bigint;
  readonly q: bigint;
  readonly zero = 0;
  readonly one = 1;
  private readonly pn: number;
  private readonly k: number;
  /** q − 1, the order of g. */
  private readonly m: number;
  /** The element −1 minus 1 (−1 = g^(m/2) for odd q; 1 in characteristic 2). */
  private readonly negShift: number;
  /** code (Σ d_i p^i of the residues d_i) → element. */
  private readonly fromCode: Int32Array;
  /** exponent e → code of g^e. */
  private readonly expCode: Int32Array;
  /** d → the element 1 + g^d. */
  private readonly zech: Int32Array;
  /** q ≤ TABLE_LIMIT: a + b and a·b tabulated at a·q + b (two loads and no branch per multiply-add in the loops). */
  private readonly addT?: Uint8Array;
  private readonly mulT?: Uint8Array;
  private readonly qn: number;
  constructor(readonly F: ExtensionField) {
    const p = Number(F.p), k = F.k, q = p ** k, m = q - 1;
    if (BigInt(q) > ZECH_LIMIT) throw new RangeError("zech: the field is too large for tables");
    this.p = F.p;
    this.q = BigInt(q);
    this.pn = p;
    this.k = k;
    this.m = m;
    const mod = F.modulus.map(Number);
    const digitsOf = (code: number): number[] => {
      const d: number[] = [];
      for (let i = 0; i < k; i++, code = Math.floor(code / p)) d.push(code % p);
      return d;
    };
    const codeOf = (d: readonly number[]): number => {
      let c = 0;
      for (let i = k - 1; i >= 0; i--) c = c * p + d[i]!;
      return c;
    };
    /** x·y modulo the (monic) modulus, on residue vectors. */
    const mulDigits = (x: readonly number[], y: readonly number[]): number[] => {
      const t = new Array<number>(2 * k - 1).fill(0);
      for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) t[i + j] = (t[i + j]! + x[i]! * y[j]!) % p;
      for (let i = 2 * k - 2; i >= k; i--) {
        const c = t[i]!;
        if (c === 0) continue;
        for (let j = 0; j < k; j++) t[i - k + j] = (t[i - k + j]! + (p - c) * mod[j]!) % p;
      }
      return t.slice(0, k);
    };
    this.expCode = new Int32Array(m);
    this.fromCode = new Int32Array(q);
    // The least primitive element by code, from g = a (code p) on: a is primitive for the default moduli.
    for (let cand = p; ; cand++) {
      const g = digitsOf(cand);
      const isA = cand === p;
      let cur = new Array<number>(k).fill(0);
      cur[0] = 1;
      this.fromCode.fill(0);
      let e = 0;
      for (; e < m; e++) {
        const c = codeOf(cur);
        if (e > 0 && c === 1) break;
        this.expCode[e] = c;
        this.fromCode[c] = e + 1;
        if (isA) {
          // cur·a: shift up one place, the top residue folded back by the modulus.
          const top = cur[k - 1]!;
          for (let i = k - 1; i > 0; i--) cur[i] = (cur[i - 1]! + (p - top) * mod[i]!) % p;
          cur[0] = ((p - top) * mod[0]!) % p;
        } else {
          cur = mulDigits(cur, g);
        }
      }
      if (e === m) break;
    }
    this.negShift = p === 2 ? 0 : m / 2;
    this.zech = new Int32Array(m);
    for (let d = 0; d < m; d++) {
      const c = this.expCode[d]!;
      const c0 = c % p;
      this.zech[d] = this.fromCode[c - c0 + ((c0 + 1) % p)]!;
    }
    this.qn = q;
    if (q <= TABLE_LIMIT) {
      const A = new Uint8Array(q * q), P = new Uint8Array(q * q);
      for (let a = 0; a < q; a++) {
        for (let b = 0; b < q; b++) {
          A[a * q + b] = this.ad(a, b);
          P[a * q + b] = this.mu(a, b);
        }
      }
      this.addT = A;
      this.mulT = P;
    }
  }

  // ── conversions with the FieldElement residue vectors ──
  fromElement(x: FieldElement): number {
    let c = 0;
    for (let i = x.length - 1; i >= 0; i--) c = c * this.pn + Number(x[i]!);
    return this.fromCode[c]!;
  }
  toElement(c: number): FieldElement {
    if (c === 0) return [];
    let code = this.expCode[c - 1]!;
    const out: bigint[] = [];
    for (let i = 0; i < this.k; i++, code = Math.floor(code / this.pn)) out.push(BigInt(code % this.pn));
    while (out.length && out[out.length - 1] === 0n) out.pop();
    return out;
  }
  fromPoly(f: readonly FieldElement[]): Int32Array {
    return trim(Int32Array.from(f, (x) => this.fromElement(x)));
  }
  toPoly(f: Int32Array): FieldElement[] {
    return Array.from(f, (c) => this.toElement(c));
  }

  // ── field operations (inlined by V8 in the loops below) ──
  private ad(a: number, b: number): number {
    if (a === 0) return b;
    if (b === 0) return a;
    let d = b - a;
    if (d < 0) d += this.m;
    const z = this.zech[d]!;
    if (z === 0) return 0;
    const r = a + z - 1;
    return r > this.m ? r - this.m : r;
  }
  private mu(a: number, b: number): number {
    if (a === 0 || b === 0) return 0;
    const r = a + b - 1;
    return r > this.m ? r - this.m : r;
  }
  /** r[off + j] += t·b[boff + j] for j < len. */
  private axpy(r: Int32Array, off: number, t: number, b: Int32Array, boff: number, len: number): void {
    const A = this.addT, P = this.mulT;
    if (A && P) {
      const q = this.qn, tb = t * q;
      for (let j = 0; j < len; j++) r[off + j] = A[r[off + j]! * q + P[tb + b[boff + j]!]!]!;
    } else {
      for (let j = 0; j < len; j++) r[off + j] = this.ad(r[off + j]!, this.mu(t, b[boff + j]!));
    }
  }
  negC(a: number): number {
    if (a === 0) return 0;
    const r = a + this.negShift;
    return r > this.m ? r - this.m : r;
  }
  invC(a: number): number {
    if (a === 0) throw new RangeError("zech: 0 is not invertible");
    return a === 1 ? 1 : this.m - a + 2;
  }
  pthRootC(c: number): number {
    // c^(q/p) = g^(e·q/p).
    if (c === 0) return 0;
    return Number((BigInt(c - 1) * (this.q / this.p)) % BigInt(this.m)) + 1;
  }
  make(cs: readonly number[]): Int32Array {
    return trim(Int32Array.from(cs));
  }
  coeff(a: Int32Array, i: number): number {
    return a[i]!;
  }
  add(a: Int32Array, b: Int32Array): Int32Array {
    const [l, s] = a.length >= b.length ? [a, b] : [b, a];
    const out = l.slice();
    for (let i = 0; i < s.length; i++) out[i] = this.ad(out[i]!, s[i]!);
    return trim(out);
  }
  sub(a: Int32Array, b: Int32Array): Int32Array {
    const n = Math.max(a.length, b.length), out = new Int32Array(n);
    out.set(a);
    for (let i = 0; i < b.length; i++) out[i] = this.ad(out[i]!, this.negC(b[i]!));
    return trim(out);
  }
  scale(a: Int32Array, c: number): Int32Array {
    if (c === 0) return EMPTY;
    const out = new Int32Array(a.length);
    for (let i = 0; i < a.length; i++) out[i] = this.mu(a[i]!, c);
    return out;
  }
  mul(a: Int32Array, b: Int32Array): Int32Array {
    if (a.length === 0 || b.length === 0) return EMPTY;
    const out = new Int32Array(a.length + b.length - 1);
    const A = this.addT, P = this.mulT, q = this.qn;
    for (let i = 0; i < a.length; i++) {
      const ai = a[i]!;
      if (ai === 0) continue;
      if (A && P) {
        const cb = ai * q;
        for (let j = 0; j < b.length; j++) out[i + j] = A[out[i + j]! * q + P[cb + b[j]!]!]!;
      } else {
        for (let j = 0; j < b.length; j++) out[i + j] = this.ad(out[i + j]!, this.mu(ai, b[j]!));
      }
    }
    return trim(out);
  }
  sqr(a: Int32Array): Int32Array {
    if (this.pn !== 2 || a.length === 0) return this.mul(a, a);
    // Characteristic 2: (Σ c_i x^i)^2 = Σ c_i^2 x^(2i), linear time (Cantor–Zassenhaus's traces are e·d squarings).
    const out = new Int32Array(2 * a.length - 1);
    for (let i = 0; i < a.length; i++) out[2 * i] = this.mu(a[i]!, a[i]!);
    return out;
  }
  divrem(a: Int32Array, b: Int32Array): { q: Int32Array; r: Int32Array } {
    const r = this.division(a, b, true);
    return { q: r.q!, r: r.r };
  }
  rem(a: Int32Array, b: Int32Array): Int32Array {
    return this.division(a, b, false).r;
  }
  private division(a: Int32Array, b: Int32Array, wantQ: boolean): { q?: Int32Array; r: Int32Array } {
    const db = b.length - 1;
    if (db < 0) throw new RangeError("zech: division by the zero polynomial");
    if (a.length <= db) return { q: EMPTY, r: a };
    // r[off + j] −= t·b[j] as r[off + j] += (−t/lc)·… with the negated inverse of the leading coefficient.
    const nli = this.negC(this.invC(b[db]!));
    const r = a.slice();
    const q = wantQ ? new Int32Array(a.length - db) : undefined;
    for (let i = a.length - 1; i >= db; i--) {
      const c = r[i]!;
      if (c === 0) continue;
      const nt = this.mu(c, nli), off = i - db;
      if (q) q[off] = this.negC(nt);
      this.axpy(r, off, nt, b, 0, db);
    }
    return { ...(q ? { q: trim(q) } : {}), r: trim(r, db) };
  }
  gcd(a: Int32Array, b: Int32Array): Int32Array {
    let x = a.slice(), y = b.slice(), nx = x.length, ny = y.length;
    while (ny > 0) {
      const dy = ny - 1;
      if (nx > dy) {
        const nli = this.negC(this.invC(y[dy]!));
        for (let i = nx - 1; i >= dy; i--) {
          const c = x[i]!;
          if (c === 0) continue;
          const nt = this.mu(c, nli), off = i - dy;
          this.axpy(x, off, nt, y, 0, dy);
          x[i] = 0;
        }
        nx = dy;
        while (nx > 0 && x[nx - 1] === 0) nx--;
      }
      const t = x, nt = nx;
      x = y;
      nx = ny;
      y = t;
      ny = nt;
    }
    return nx === 0 ? EMPTY : this.monic(x.slice(0, nx));
  }
  monic(a: Int32Array): Int32Array {
    if (a.length === 0) return EMPTY;
    const lc = a[a.length - 1]!;
    return lc === 1 ? a : this.scale(a, this.invC(lc));
  }
  deriv(a: Int32Array): Int32Array {
    if (a.length <= 1) return EMPTY;
    const out = new Int32Array(a.length - 1);
    for (let i = 1; i < a.length; i++) out[i - 1] = this.mu(this.fromCode[i % this.pn]!, a[i]!);
    return trim(out);
  }
  frob(rows: readonly Int32Array[], n: number): unknown {
    const M = new Int32Array(n * n);
    rows.forEach((r, j) => M.set(r, j * n));
    return { n, M };
  }
  applyFrob(F: unknown, h: Int32Array): Int32Array {
    const { n, M } = F as { n: number; M: Int32Array };
    const acc = new Int32Array(n);
    for (let j = 0; j < h.length; j++) {
      const c = h[j]!;
      if (c === 0) continue;
      this.axpy(acc, 0, c, M, j * n, n);
    }
    return trim(acc);
  }
  frobNullity(F: unknown): number {
    const { n, M } = F as { n: number; M: Int32Array };
    const A = M.slice();
    const minusOne = this.negC(1);
    for (let i = 0; i < n; i++) A[i * n + i] = this.ad(A[i * n + i]!, minusOne);
    let row = 0;
    for (let col = 0; col < n && row < n; col++) {
      let piv = -1;
      for (let r = row; r < n && piv < 0; r++) if (A[r * n + col] !== 0) piv = r;
      if (piv < 0) continue;
      const pb = row * n;
      if (piv !== row) {
        const tmp = A.slice(piv * n, piv * n + n);
        A.copyWithin(piv * n, pb, pb + n);
        A.set(tmp, pb);
      }
      const nli = this.negC(this.invC(A[pb + col]!));
      for (let r = row + 1; r < n; r++) {
        const rb = r * n;
        const c = A[rb + col]!;
        if (c === 0) continue;
        this.axpy(A, rb + col + 1, this.mu(c, nli), A, pb + col + 1, n - col - 1);
        A[rb + col] = 0;
      }
      row++;
    }
    return n - row;
  }
  random(deg: number, rng: SeededRandom): Int32Array {
    const out = new Int32Array(deg + 1), q = this.m + 1;
    for (let i = 0; i <= deg; i++) out[i] = rng.below(q);
    return trim(out);
  }
}
