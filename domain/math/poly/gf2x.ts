/**
 * GF(2)[x] bit-packed: the kernel gfp.ts uses for p = 2 (issue 9).
 *
 * A polynomial is 32 coefficients per Uint32Array word, little-endian (bit i of word j is the
 * coefficient of x^(32j+i)); `length` is the degree + 1 and the words above the degree are zero.
 * Addition is XOR; a product is shifted XORs of one operand (one word pass per set bit of the
 * other); a square spreads the bits (no cross terms in characteristic 2); a division XORs the
 * shifted divisor under each set bit of the running remainder. The Frobenius matrix h ↦ h^2 mod m
 * has rows x^(2j) mod m, each one word pass from the previous (shift by 2, cancel two bits).
 * Berlekamp's kernel is the kernel of a half-size system (`berlekampBasis`: the rows x^(2j) with
 * 2j < n are single bits and fold away), in reduced echelon form by Four Russians (`rrefBits`):
 * ~n^3/600 word operations (degree 1000: ~1.5 ms).
 */
import type { SeededRandom } from "../seeded-random.js";
import type { Kernel } from "./gfp.js";

/** A GF(2) polynomial: `length` = degree + 1 (0 for zero), `w` its words (at least ⌈length/32⌉; those above the degree are 0). */
export interface Gf2Poly {
  readonly length: number;
  readonly w: Uint32Array;
}

const ZERO: Gf2Poly = { length: 0, w: new Uint32Array(0) };
const noop = (): void => {};

/** The trimmed polynomial of words w (w is taken over, not copied). */
function norm(w: Uint32Array, top = w.length - 1): Gf2Poly {
  let i = Math.min(top, w.length - 1);
  while (i >= 0 && w[i] === 0) i--;
  if (i < 0) return ZERO;
  return { length: i * 32 + 32 - Math.clz32(w[i]!), w: i + 1 === w.length ? w : w.subarray(0, i + 1) };
}

const words = (bits: number): number => (bits + 31) >>> 5;

/** The 16-bit spread of each byte (bit i → bit 2i), for squaring. */
const SPREAD = new Uint16Array(256);
for (let b = 0; b < 256; b++) {
  let s = 0;
  for (let i = 0; i < 8; i++) if (b & (1 << i)) s |= 1 << (2 * i);
  SPREAD[b] = s;
}

/** r ^= b·x^sh over b's nb words (r long enough: nb + 1 words from sh>>5 when sh&31 ≠ 0). */
function xorShifted(r: Uint32Array, b: Uint32Array, nb: number, sh: number): void {
  const o = sh >>> 5, s = sh & 31;
  if (s === 0) {
    for (let k = 0; k < nb; k++) r[o + k]! ^= b[k]!;
    return;
  }
  const t = 32 - s;
  let carry = 0;
  for (let k = 0; k < nb; k++) {
    const v = b[k]!;
    r[o + k]! ^= (v << s) | carry;
    carry = v >>> t;
  }
  if (carry !== 0) r[o + nb]! ^= carry;
}

/** Degree of the bits of r below `from` + 1, scanning down (−1 when zero). */
function topBit(r: Uint32Array, from: number): number {
  let i = from >>> 5;
  if (i >= r.length) i = r.length - 1;
  for (; i >= 0; i--) {
    let v = r[i]!;
    if (i === from >>> 5 && (from & 31) !== 31) v &= (1 << ((from & 31) + 1)) - 1;
    if (v !== 0) return i * 32 + 31 - Math.clz32(v);
  }
  return -1;
}

/** In place: r (degree ≤ dr) reduced modulo b (degree db ≥ 0); the quotient's bits are set in q when given. Returns deg r after. */
function reduceInPlace(r: Uint32Array, dr: number, b: Uint32Array, db: number, q?: Uint32Array): number {
  const nb = words(db + 1);
  if (dr - db >= 64) {
    // A long quotient: the 32 shifts of b once, then every step is one aligned word pass.
    const sh: Uint32Array[] = [];
    for (let s = 0; s < 32; s++) {
      const t = new Uint32Array(nb + 1);
      xorShifted(t, b, nb, s);
      sh.push(t);
    }
    for (let i = dr; i >= db; i--) {
      if (((r[i >>> 5]! >>> (i & 31)) & 1) === 0) continue;
      const d = i - db;
      if (q) q[d >>> 5]! |= 1 << (d & 31);
      const t = sh[d & 31]!, o = d >>> 5;
      const len = Math.min(nb + 1, r.length - o);
      for (let k = 0; k < len; k++) r[o + k]! ^= t[k]!;
    }
  } else {
    for (let i = dr; i >= db; i--) {
      if (((r[i >>> 5]! >>> (i & 31)) & 1) === 0) continue;
      const d = i - db;
      if (q) q[d >>> 5]! |= 1 << (d & 31);
      xorShifted(r, b, nb, d);
    }
  }
  return db === 0 ? -1 : topBit(r, db - 1);
}

/** The bit-packed GF(2) kernel of gfp.ts (coefficients are the numbers 0 and 1). */
export class Gf2Kernel implements Kernel<number, Gf2Poly> {
  readonly p = 2n;
  readonly q = 2n;
  readonly zero = 0;
  readonly one = 1;
  make(cs: readonly number[]): Gf2Poly {
    const w = new Uint32Array(words(cs.length));
    cs.forEach((c, i) => {
      if (c & 1) w[i >>> 5]! |= 1 << (i & 31);
    });
    return norm(w);
  }
  coeff(a: Gf2Poly, i: number): number {
    return (a.w[i >>> 5]! >>> (i & 31)) & 1;
  }
  from(f: readonly bigint[]): Gf2Poly {
    const w = new Uint32Array(words(f.length));
    for (let i = 0; i < f.length; i++) if (f[i]! & 1n) w[i >>> 5]! |= 1 << (i & 31);
    return norm(w);
  }
  to(f: Gf2Poly): bigint[] {
    const out = new Array<bigint>(f.length);
    for (let i = 0; i < f.length; i++) out[i] = (f.w[i >>> 5]! >>> (i & 31)) & 1 ? 1n : 0n;
    return out;
  }
  fromBig(c: bigint): number {
    return Number(c & 1n);
  }
  toBig(c: number): bigint {
    return BigInt(c);
  }
  mulC(a: number, b: number): number {
    return a & b;
  }
  pthRootC(c: number): number {
    return c;
  }
  invC(a: number): number {
    if (a === 0) throw new RangeError("gfp: 0 is not invertible modulo 2");
    return 1;
  }
  negC(a: number): number {
    return a;
  }
  add(a: Gf2Poly, b: Gf2Poly): Gf2Poly {
    const [l, s] = a.w.length >= b.w.length ? [a, b] : [b, a];
    const w = l.w.slice();
    for (let i = 0; i < s.w.length; i++) w[i]! ^= s.w[i]!;
    return norm(w);
  }
  sub(a: Gf2Poly, b: Gf2Poly): Gf2Poly {
    return this.add(a, b);
  }
  scale(a: Gf2Poly, c: number): Gf2Poly {
    return c & 1 ? a : ZERO;
  }
  mul(a: Gf2Poly, b: Gf2Poly): Gf2Poly {
    if (a.length === 0 || b.length === 0) return ZERO;
    if (a.length > b.length) [a, b] = [b, a];
    const nb = words(b.length);
    const out = new Uint32Array(words(a.length + b.length - 1) + 1);
    for (let i = 0; i < a.length; i++) if ((a.w[i >>> 5]! >>> (i & 31)) & 1) xorShifted(out, b.w, nb, i);
    return norm(out);
  }
  sqr(a: Gf2Poly): Gf2Poly {
    if (a.length === 0) return ZERO;
    const na = words(a.length);
    const out = new Uint32Array(2 * na);
    for (let i = 0; i < na; i++) {
      const v = a.w[i]!;
      out[2 * i] = SPREAD[v & 255]! | (SPREAD[(v >>> 8) & 255]! << 16);
      out[2 * i + 1] = SPREAD[(v >>> 16) & 255]! | (SPREAD[v >>> 24]! << 16);
    }
    return norm(out);
  }
  divrem(a: Gf2Poly, b: Gf2Poly): { q: Gf2Poly; r: Gf2Poly } {
    if (b.length === 0) throw new RangeError("gfp: division by the zero polynomial");
    if (a.length < b.length) return { q: ZERO, r: a };
    const r = new Uint32Array(words(a.length) + 1);
    r.set(a.w.subarray(0, words(a.length)));
    const q = new Uint32Array(words(a.length - b.length + 1));
    const dr = reduceInPlace(r, a.length - 1, b.w, b.length - 1, q);
    return { q: norm(q), r: dr < 0 ? ZERO : norm(r, dr >>> 5) };
  }
  rem(a: Gf2Poly, b: Gf2Poly): Gf2Poly {
    if (b.length === 0) throw new RangeError("gfp: division by the zero polynomial");
    if (a.length < b.length) return a;
    const r = new Uint32Array(words(a.length) + 1);
    r.set(a.w.subarray(0, words(a.length)));
    const dr = reduceInPlace(r, a.length - 1, b.w, b.length - 1);
    return dr < 0 ? ZERO : norm(r, dr >>> 5);
  }
  /** Euclid in place on two buffers (every nonzero polynomial over GF(2) is monic). */
  gcd(a: Gf2Poly, b: Gf2Poly): Gf2Poly {
    const W = Math.max(words(a.length), words(b.length)) + 1;
    let x = new Uint32Array(W), y = new Uint32Array(W);
    x.set(a.w.subarray(0, words(a.length)));
    y.set(b.w.subarray(0, words(b.length)));
    let dx = a.length - 1, dy = b.length - 1;
    while (dy >= 0) {
      if (dx >= dy) dx = reduceInPlace(x, dx, y, dy);
      [x, y] = [y, x];
      [dx, dy] = [dy, dx];
    }
    return dx < 0 ? ZERO : norm(x, dx >>> 5);
  }
  monic(a: Gf2Poly): Gf2Poly {
    return a;
  }
  deriv(a: Gf2Poly): Gf2Poly {
    // (Σ a_i x^i)' = Σ_{i odd} a_i x^(i−1): shift down by one, keep the even positions.
    const n = words(a.length), w = new Uint32Array(n);
    for (let i = 0; i < n; i++) w[i] = ((a.w[i]! >>> 1) | (i + 1 < n ? a.w[i + 1]! << 31 : 0)) & 0x55555555;
    return norm(w);
  }
  evaluate(a: Gf2Poly, x: number): number {
    if (a.length === 0) return 0;
    if ((x & 1) === 0) return a.w[0]! & 1;
    let par = 0;
    for (let i = 0; i < a.w.length; i++) par ^= a.w[i]!;
    par ^= par >>> 16;
    par ^= par >>> 8;
    par ^= par >>> 4;
    par ^= par >>> 2;
    par ^= par >>> 1;
    return par & 1;
  }
  frob(rows: readonly Gf2Poly[], n: number): unknown {
    const W = words(n), M = new Uint32Array(n * W);
    rows.forEach((r, j) => M.set(r.w.subarray(0, words(r.length)), j * W));
    return { n, W, M };
  }
  /** Rows x^(2j) mod m, j < n: each is the previous one times x^2, two bits to cancel. */
  frobMatrix(m: Gf2Poly, checkpoint: () => void): { F: unknown; xp: Gf2Poly } {
    const n = m.length - 1, W = words(n), M = new Uint32Array(n * W);
    const mw = new Uint32Array(words(n + 3));
    mw.set(m.w.subarray(0, words(m.length)));
    const cur = new Uint32Array(words(n + 3));
    cur[0] = 1;
    M[0] = 1;
    let xp: Gf2Poly | undefined;
    for (let j = 1; j <= n; j++) {
      let carry = 0;
      for (let k = 0; k < cur.length; k++) {
        const v = cur[k]!;
        cur[k] = (v << 2) | carry;
        carry = v >>> 30;
      }
      // The degree is now at most n + 1: cancel x^(n+1), then x^n.
      if ((cur[(n + 1) >>> 5]! >>> ((n + 1) & 31)) & 1) xorShifted(cur, mw, words(n + 1), 1);
      if ((cur[n >>> 5]! >>> (n & 31)) & 1) for (let k = 0; k < mw.length; k++) cur[k]! ^= mw[k]!;
      if (j === 1) xp = norm(cur.slice());
      if (j < n) M.set(cur.subarray(0, W), j * W);
      if ((j & 255) === 0) checkpoint();
    }
    return { F: { n, W, M }, xp: xp! };
  }
  /**
   * h ↦ h^2 mod m by the matrix. Rabin's test applies it n times: from degree 96 on, the sums of
   * each 8 consecutive rows are tabulated once (32n·W words; Four Russians), and an application is
   * one table row per byte of h (n/8 row passes instead of ~n/2).
   */
  applyFrob(F: unknown, h: Gf2Poly): Gf2Poly {
    const Fb = F as FrobBits & { tab?: Uint32Array };
    const { n, W, M } = Fb;
    const acc = new Uint32Array(W);
    if (n < 96) {
      for (let j = 0; j < h.length; j++) {
        if (((h.w[j >>> 5]! >>> (j & 31)) & 1) === 0) continue;
        const base = j * W;
        for (let k = 0; k < W; k++) acc[k]! ^= M[base + k]!;
      }
      return norm(acc);
    }
    const tab = (Fb.tab ??= rowSums8(M, n, W));
    const groups = (h.length + 7) >>> 3;
    for (let g = 0; g < groups; g++) {
      const b = (h.w[g >>> 2]! >>> ((g & 3) << 3)) & 0xff;
      if (b === 0) continue;
      const base = ((g << 8) | b) * W;
      for (let k = 0; k < W; k++) acc[k]! ^= tab[base + k]!;
    }
    return norm(acc);
  }
  /** n − rank(Q − I) by the half-size system of `berlekampBasis`. */
  frobNullity(F: unknown): number {
    const Fb = F as FrobBits;
    return Fb.n <= 1 ? Fb.n : berlekampBasis(Fb, noop).us.length + 1;
  }
  /**
   * Berlekamp: the v with v^2 ≡ v (mod f) form the left kernel of Q − I (Q's rows x^(2j) mod f),
   * of dimension r, the number of irreducible factors (`berlekampBasis`); for each such v and each
   * factor g, g | v·(v+1) splits as gcd(g, v)·gcd(g, v+1), and a random v separates any two
   * irreducible factors with probability 1/2, so this stops at r parts after O(r log r) gcds.
   */
  factorSquarefree(f: Gf2Poly, rng: SeededRandom, checkpoint: () => void): Gf2Poly[] {
    const n = f.length - 1;
    if (n <= 1) return [f];
    const { us, toPoly } = berlekampBasis(this.frobMatrix(f, checkpoint).F as FrobBits, checkpoint);
    const r = us.length + 1;
    if (r === 1) return [f];
    const Wm = us[0]!.length;
    let parts: Gf2Poly[] = [f];
    while (parts.length < r) {
      checkpoint();
      // A random kernel element (its upper half, then the whole v: one pass per round, not per basis vector).
      const u = new Uint32Array(Wm);
      for (const b of us) if (rng.nextU32() & 1) for (let k = 0; k < Wm; k++) u[k]! ^= b[k]!;
      const vp = toPoly(u);
      if (vp.length <= 1) continue;
      const next: Gf2Poly[] = [];
      let count = parts.length;
      for (const g of parts) {
        // Linear factors are irreducible; once there are r parts, all are.
        if (g.length <= 2 || count >= r) {
          next.push(g);
          continue;
        }
        const u = this.gcd(g, this.rem(vp, g));
        if (u.length > 1 && u.length < g.length) {
          next.push(u, this.divrem(g, u).q);
          count++;
        } else next.push(g);
      }
      parts = next;
    }
    return parts;
  }
  /** The number of irreducible factors of a square-free monic f of degree ≥ 1 (Berlekamp's r: the dimension of the kernel of Q − I). */
  berlekampCount(f: Gf2Poly, checkpoint: () => void): number {
    if (f.length <= 2) return 1;
    return berlekampBasis(this.frobMatrix(f, checkpoint).F as FrobBits, checkpoint).us.length + 1;
  }
  random(deg: number, rng: SeededRandom): Gf2Poly {
    const n = words(deg + 1), w = new Uint32Array(n);
    for (let i = 0; i < n; i++) w[i] = rng.nextU32();
    const top = (deg + 1) & 31;
    if (top !== 0) w[n - 1]! &= (1 << top) - 1;
    return norm(w);
  }
}

/** The Frobenius matrix of a degree-n modulus: rows x^(2j) mod m, W words each. */
interface FrobBits {
  n: number;
  W: number;
  M: Uint32Array;
}

/** For each 8 consecutive rows g·8… of the n × W matrix M (rows past n zero) and each byte b, the sum of the rows b selects: table row 256g + b. */
function rowSums8(M: Uint32Array, n: number, W: number): Uint32Array {
  const groups = (n + 7) >>> 3, T = new Uint32Array(groups * 256 * W);
  for (let g = 0; g < groups; g++) {
    const tb = g * 256 * W;
    for (let b = 1; b < 256; b++) {
      const low = b & -b, j = g * 8 + 31 - Math.clz32(low), a = tb + b * W, c = tb + (b ^ low) * W;
      if (j >= n) {
        T.copyWithin(a, c, c + W);
        continue;
      }
      const r = j * W;
      for (let k = 0; k < W; k++) T[a + k] = T[c + k]! ^ M[r + k]!;
    }
  }
  return T;
}

/** In place: the 32×32 bit matrix a[o..o+32) (bit t of a[o+k] is entry (k, t)) transposed. */
function transpose32(a: Uint32Array, o: number): void {
  let m = 0x0000ffff;
  for (let j = 16; j !== 0; j >>>= 1, m ^= m << j) {
    // Swap entry (k, t + j) with (k + j, t) for the k and t whose bit j is clear.
    for (let k = 0; k < 32; k = ((k | j) + 1) & ~j) {
      const t = ((a[o + k]! >>> j) ^ a[o + k + j]!) & m;
      a[o + k]! ^= t << j;
      a[o + k + j]! ^= t;
    }
  }
}

/**
 * The v ≢ constant, deg v < n, with v^2 ≡ v (mod f) from f's Frobenius matrix Q (n ≥ 2): the kernel
 * of Q − I without the constants, of dimension r − 1 for r irreducible factors of a square-free f —
 * a basis `us` of their upper halves u (below), and `toPoly` giving v of a combination u.
 *
 * Half of Q is free: for j < h = ⌈n/2⌉ the row x^(2j) has degree < n, so (v·Q)_i =
 * [i even]·v_(i/2) + T_i with T = Σ_(j≥h) v_j·(x^(2j) mod f) — only the m = n − h coefficients
 * u_j = v_j, j ≥ h, are unknowns. The equations v_i = (v·Q)_i give T_0 = 0 (v_0 is free: the
 * constants), v_i = T_i + [i even]·v_(i/2) for 0 < i < h — v is determined by u — and, for h ≤ i < n,
 * u_i = T_i + [i even]·v_(i/2). Unrolling v_(i/2) = T_(i/2) + …, every coefficient is
 * v_i = Σ_j u_j·Z_j[i] with Z_j[i] = R_j[i] + [i even]·Z_j[i/2] (R_j = x^(2j) mod f), so u is the
 * kernel of the (m + 1) × m system {Z[i] + e_i : h ≤ i < n} ∪ {R[0]} written by columns (Z[i] is the
 * vector (Z_j[i])_j, one XOR of the previous column Z[i/2] into R[i]). Its reduced echelon form
 * costs ~m^2·⌈m/32⌉/4 word operations — an eighth of the elimination of Q − I with its row record.
 */
function berlekampBasis(F: FrobBits, checkpoint: () => void): { us: Uint32Array[]; toPoly: (u: Uint32Array) => Gf2Poly } {
  const n = F.n, W = F.W, M = F.M;
  const h = (n + 1) >>> 1, m = n - h, Wm = words(m);
  // C: the columns of the rows R_j (j = h..n−1) — row i is (R_(h+j')[i])_(j' < m) — by 32×32 blocks.
  const C = new Uint32Array(W * 32 * Wm);
  const blk = new Uint32Array(32);
  for (let bj = 0; bj < Wm; bj++) {
    for (let bi = 0; bi < W; bi++) {
      for (let k = 0; k < 32; k++) {
        const j = h + bj * 32 + k;
        blk[k] = j < n ? M[j * W + bi]! : 0;
      }
      transpose32(blk, 0);
      for (let t = 0; t < 32; t++) C[(bi * 32 + t) * Wm + bj] = blk[t]!;
    }
  }
  // Z[i] = C[i] + Z[i/2] for even i > 0 (in place: i/2 < i is already done).
  for (let i = 2; i < n; i += 2) {
    const a = i * Wm, b = (i >>> 1) * Wm;
    for (let k = 0; k < Wm; k++) C[a + k]! ^= C[b + k]!;
  }
  checkpoint();
  // The system: rows Z[i] + e_(i−h) for h ≤ i < n, then R[0] (T_0 = 0).
  const rows = m + 1, A = new Uint32Array(rows * Wm);
  A.set(C.subarray(h * Wm, n * Wm));
  for (let i = 0; i < m; i++) A[i * Wm + (i >>> 5)]! ^= 1 << (i & 31);
  A.set(C.subarray(0, Wm), m * Wm);
  const pivotOf = rrefBits(A, rows, m, Wm, checkpoint);
  // A kernel vector per free column c: u_c = 1, u_p = A[pivot row of p][c] for the pivot columns p.
  const us: Uint32Array[] = [];
  for (let c = 0; c < m; c++) {
    if (pivotOf[c]! >= 0) continue;
    const u = new Uint32Array(Wm);
    u[c >>> 5]! |= 1 << (c & 31);
    const cw = c >>> 5, cb = 1 << (c & 31);
    for (let p = 0; p < c; p++) {
      const pr = pivotOf[p]!;
      if (pr >= 0 && A[pr * Wm + cw]! & cb) u[p >>> 5]! |= 1 << (p & 31);
    }
    us.push(u);
  }
  // v: v_i = u_(i−h) for i ≥ h; v_i = Z[i]·u for 0 < i < h; v_0 = 0.
  const toPoly = (u: Uint32Array): Gf2Poly => {
    const v = new Uint32Array(W);
    for (let i = 1; i < h; i++) {
      const a = i * Wm;
      let x = 0;
      for (let k = 0; k < Wm; k++) x ^= C[a + k]! & u[k]!;
      x ^= x >>> 16;
      x ^= x >>> 8;
      x ^= x >>> 4;
      x ^= x >>> 2;
      x ^= x >>> 1;
      if (x & 1) v[i >>> 5]! |= 1 << (i & 31);
    }
    for (let j = 0; j < m; j++) if ((u[j >>> 5]! >>> (j & 31)) & 1) v[(h + j) >>> 5]! |= 1 << ((h + j) & 31);
    return norm(v);
  };
  return { us, toPoly };
}

/**
 * In place: the reduced row echelon form of the rows × cols bit matrix A (Wc words a row); returns
 * for each column its pivot row, or −1 for a free column. Four Russians: the pivots of 8 columns at
 * a time are found on a byte of the candidate rows (reduced lazily) and made to agree on those 8
 * columns, then each other row is cleared there by one XOR of a tabulated sum of pivot rows — one
 * pass over a row per 8 columns instead of up to 8.
 */
function rrefBits(A: Uint32Array, rows: number, cols: number, Wc: number, checkpoint: () => void): Int32Array {
  const pivotOf = new Int32Array(cols).fill(-1);
  const T = new Uint32Array(256 * Wc);
  const index = new Uint8Array(256), sel = new Uint8Array(256);
  const at = new Int32Array(8);
  const xorRow = (dst: number, src: number, from: number): void => {
    for (let k = from; k < Wc; k++) A[dst + k]! ^= A[src + k]!;
  };
  let rank = 0;
  for (let col = 0; col < cols && rank < rows; col += 8) {
    // col is a multiple of 8: the 8 columns are one byte of one word.
    const cw = col >>> 5, sh = col & 31, kk = Math.min(8, cols - col);
    const byte = (r: number): number => (A[r * Wc + cw]! >>> sh) & 0xff;
    const r0 = rank;
    let np = 0;
    for (let b = 0; b < kk && rank < rows; b++) {
      // A candidate's byte once reduced by the pivot rows so far (each has a single 1 among their columns).
      let piv = -1;
      for (let r = rank; r < rows; r++) {
        const w = byte(r);
        let e = w;
        for (let q = 0; q < np; q++) if ((w >>> at[q]!) & 1) e ^= byte(r0 + q);
        if ((e >>> b) & 1) {
          piv = r;
          break;
        }
      }
      if (piv < 0) continue;
      const pb = rank * Wc;
      if (piv !== rank) {
        const qb = piv * Wc;
        for (let k = cw; k < Wc; k++) {
          const t = A[pb + k]!;
          A[pb + k] = A[qb + k]!;
          A[qb + k] = t;
        }
      }
      // The new pivot row without the earlier pivots' columns, then their rows without this column.
      const w = byte(rank);
      for (let q = 0; q < np; q++) if ((w >>> at[q]!) & 1) xorRow(pb, (r0 + q) * Wc, cw);
      for (let q = 0; q < np; q++) if ((byte(r0 + q) >>> b) & 1) xorRow((r0 + q) * Wc, pb, cw);
      pivotOf[col + b] = rank++;
      at[np++] = b;
    }
    if (np === 0) continue;
    // T[s] = Σ_(i ∈ s) pivot row r0 + i (words cw…); index[byte] = the set of pivots whose column is set in it.
    for (let k = cw; k < Wc; k++) T[k] = 0;
    for (let s = 1; s < 1 << np; s++) {
      const low = s & -s, i = 31 - Math.clz32(low), a = s * Wc, b = (s ^ low) * Wc, src = (r0 + i) * Wc;
      for (let k = cw; k < Wc; k++) T[a + k] = T[b + k]! ^ A[src + k]!;
    }
    sel.fill(0, 0, 8);
    for (let q = 0; q < np; q++) sel[at[q]!] = 1 << q;
    index[0] = 0;
    for (let w = 1; w < 256; w++) {
      const low = w & -w;
      index[w] = index[w ^ low]! | sel[31 - Math.clz32(low)]!;
    }
    for (let r = 0; r < rows; r++) {
      if (r === r0) {
        r = rank - 1;
        continue;
      }
      const s = index[byte(r)]!;
      if (s === 0) continue;
      const rb = r * Wc, a = s * Wc;
      for (let k = cw; k < Wc; k++) A[rb + k]! ^= T[a + k]!;
    }
    checkpoint();
  }
  return pivotOf;
}
