/**
 * Gröbner bases (issue 9, engineer "groebner").
 *
 * Internal representation (fast, private to this module):
 * - Monomials live in a per-computation table (`Monos`): each monomial is an integer index; its
 *   exponent vector, total degree and a 32-bit divisibility mask are stored in typed arrays, and an
 *   open-addressing hash table interns them. Products, quotients, lcms and comparisons under the
 *   chosen monomial order are index → index operations.
 * - Over GF(p) with p < 2^26 coefficients are JS numbers (products < 2^52 are exact doubles) and the
 *   basis is computed by F4: the S-pairs of lowest sugar degree are reduced together as the rows of
 *   a sparse matrix (symbolic preprocessing + elimination against known pivots with a dense
 *   accumulator), with Gebauer–Möller pair pruning. The reduced basis is a final reduced
 *   row-echelon pass.
 * - Over QQ: modular computation. Reduced bases modulo several primes ~2^25 (primes whose
 *   leading-monomial sets disagree with the majority are dropped), Chinese remaindering and rational
 *   reconstruction until a candidate reproduces the basis modulo a fresh prime; then the candidate
 *   is PROVEN over QQ with exact fraction-free integer arithmetic: every input reduces to zero and
 *   every S-pair not discarded by Buchberger's criteria reduces to zero. With the leading monomials
 *   equal to those of the modular reduced bases this gives ⟨G⟩ = I (Arnold 2003; Idrees, Pfister &
 *   Steidel 2011, Thm 2.4 — the final test of Singular's modStd). If the modular phase does not
 *   converge within its prime allowance the exact generic Buchberger is used.
 * - Other fields (GF(p) with large p, GF(p^k)) use the generic Buchberger (Gebauer–Möller
 *   criteria, sugar strategy) over the shared `CoeffRing<T>` arithmetic.
 *
 * Monomial orders: lex, grlex, grevlex and the elimination (block) order "eliminate k": grevlex on
 * the first k variables, ties broken by grevlex on the rest.
 */
import { isPrimeSmall } from "./smallprime.js";
import { JacobianError } from "../../errors.js";
import type { CoeffRing, Polynomial, PolyRing, Term } from "./types.js";
import type { Rational } from "../rational.js";

// ───────────────────────────── monomial orders ─────────────────────────────

export type MonomialOrder = { readonly name: "lex" } | { readonly name: "grlex" } | { readonly name: "grevlex" } | { readonly name: "eliminate"; readonly k: number };
export const LEX: MonomialOrder = { name: "lex" };
export const GRLEX: MonomialOrder = { name: "grlex" };
export const GREVLEX: MonomialOrder = { name: "grevlex" };

/** Compare exponent vectors under an order: 1 when a > b, −1 when a < b, 0 when equal. */
export function compareExponents(order: MonomialOrder, a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  switch (order.name) {
    case "lex":
      for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! > b[i]! ? 1 : -1;
      return 0;
    case "grlex": {
      let da = 0, db = 0;
      for (let i = 0; i < n; i++) (da += a[i]!), (db += b[i]!);
      if (da !== db) return da > db ? 1 : -1;
      for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! > b[i]! ? 1 : -1;
      return 0;
    }
    case "grevlex":
      return grevlexRange(a, b, 0, n);
    case "eliminate": {
      const c = grevlexRange(a, b, 0, order.k);
      return c !== 0 ? c : grevlexRange(a, b, order.k, n);
    }
  }
}

function grevlexRange(a: ArrayLike<number>, b: ArrayLike<number>, lo: number, hi: number): number {
  let da = 0, db = 0;
  for (let i = lo; i < hi; i++) (da += a[i]!), (db += b[i]!);
  if (da !== db) return da > db ? 1 : -1;
  for (let i = hi - 1; i >= lo; i--) if (a[i] !== b[i]) return a[i]! < b[i]! ? 1 : -1;
  return 0;
}

// ───────────────────────────── monomial table ─────────────────────────────

/** Interned monomials of one computation (n variables, one order). */
export class Monos {
  readonly n: number;
  readonly order: MonomialOrder;
  count = 0;
  exps: Int32Array;
  deg: Int32Array;
  mask: Int32Array;
  private hashes: Int32Array;
  private table: Int32Array;
  private weights: Int32Array;
  private readonly tmp: Int32Array;
  private readonly cmpFn: (a: number, b: number) => number;

  constructor(n: number, order: MonomialOrder) {
    this.n = n;
    this.order = order;
    const cap = 1024;
    this.exps = new Int32Array(cap * Math.max(n, 1));
    this.deg = new Int32Array(cap);
    this.mask = new Int32Array(cap);
    this.hashes = new Int32Array(cap);
    this.table = new Int32Array(4096).fill(-1);
    this.weights = new Int32Array(n);
    let s = 0x9e3779b9 | 0;
    for (let i = 0; i < n; i++) {
      s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x297a2d39) | 0;
      this.weights[i] = s | 1;
    }
    this.tmp = new Int32Array(n);
    this.cmpFn = this.makeCmp();
  }

  /** The index of the monomial with exponents e (interned on first use). */
  intern(e: ArrayLike<number>): number {
    const n = this.n;
    let h = 0, d = 0, m = 0;
    for (let i = 0; i < n; i++) {
      const x = e[i]!;
      h = (h + Math.imul(x, this.weights[i]!)) | 0;
      d += x;
      if (x > 0) m |= 1 << (i & 31);
    }
    const tmask = this.table.length - 1;
    let slot = (h ^ (h >>> 13)) & tmask;
    for (;;) {
      const idx = this.table[slot]!;
      if (idx < 0) break;
      if (this.hashes[idx] === h) {
        const base = idx * n;
        let same = true;
        for (let i = 0; i < n; i++) if (this.exps[base + i] !== e[i]) { same = false; break; }
        if (same) return idx;
      }
      slot = (slot + 1) & tmask;
    }
    if (d > 0x3fffffff) throw new JacobianError("DOMAIN_ERROR", "a monomial degree overflowed", { hint: "use smaller degrees" });
    const idx = this.count++;
    if (idx >= this.deg.length) this.grow();
    this.exps.set(e as ArrayLike<number>, idx * n);
    this.deg[idx] = d;
    this.mask[idx] = m;
    this.hashes[idx] = h;
    this.table[slot] = idx;
    if (this.count * 2 > this.table.length) this.rehash();
    return idx;
  }

  private grow(): void {
    const cap = this.deg.length * 2;
    const e = new Int32Array(cap * Math.max(this.n, 1));
    e.set(this.exps);
    this.exps = e;
    const d = new Int32Array(cap); d.set(this.deg); this.deg = d;
    const m = new Int32Array(cap); m.set(this.mask); this.mask = m;
    const h = new Int32Array(cap); h.set(this.hashes); this.hashes = h;
  }

  private rehash(): void {
    const t = new Int32Array(this.table.length * 2).fill(-1);
    const tmask = t.length - 1;
    for (let idx = 0; idx < this.count; idx++) {
      const h = this.hashes[idx]!;
      let slot = (h ^ (h >>> 13)) & tmask;
      while (t[slot]! >= 0) slot = (slot + 1) & tmask;
      t[slot] = idx;
    }
    this.table = t;
  }

  one(): number {
    return this.intern(new Int32Array(this.n));
  }

  expsOf(a: number): number[] {
    return Array.from(this.exps.subarray(a * this.n, a * this.n + this.n));
  }

  mul(a: number, b: number): number {
    const n = this.n, e = this.exps, t = this.tmp;
    const ba = a * n, bb = b * n;
    for (let i = 0; i < n; i++) t[i] = e[ba + i]! + e[bb + i]!;
    return this.intern(t);
  }

  /** a / b, assuming b | a. */
  div(a: number, b: number): number {
    const n = this.n, e = this.exps, t = this.tmp;
    const ba = a * n, bb = b * n;
    for (let i = 0; i < n; i++) t[i] = e[ba + i]! - e[bb + i]!;
    return this.intern(t);
  }

  lcm(a: number, b: number): number {
    const n = this.n, e = this.exps, t = this.tmp;
    const ba = a * n, bb = b * n;
    for (let i = 0; i < n; i++) {
      const x = e[ba + i]!, y = e[bb + i]!;
      t[i] = x > y ? x : y;
    }
    return this.intern(t);
  }

  /** Does a divide b? */
  divides(a: number, b: number): boolean {
    if ((this.mask[a]! & ~this.mask[b]!) !== 0) return false;
    if (this.deg[a]! > this.deg[b]!) return false;
    const n = this.n, e = this.exps;
    const ba = a * n, bb = b * n;
    for (let i = 0; i < n; i++) if (e[ba + i]! > e[bb + i]!) return false;
    return true;
  }

  coprime(a: number, b: number): boolean {
    if ((this.mask[a]! & this.mask[b]!) === 0 && this.n <= 32) return true;
    const n = this.n, e = this.exps;
    const ba = a * n, bb = b * n;
    for (let i = 0; i < n; i++) if (e[ba + i]! > 0 && e[bb + i]! > 0) return false;
    return true;
  }

  /** 1 when a > b in the order, −1 when a < b, 0 when equal. */
  cmp(a: number, b: number): number {
    return a === b ? 0 : this.cmpFn(a, b);
  }

  private makeCmp(): (a: number, b: number) => number {
    const n = this.n;
    const self = this;
    const grevlex = (a: number, b: number, lo: number, hi: number, whole: boolean): number => {
      const e = self.exps;
      const ba = a * n, bb = b * n;
      if (whole) {
        const da = self.deg[a]!, db = self.deg[b]!;
        if (da !== db) return da > db ? 1 : -1;
      } else {
        let da = 0, db = 0;
        for (let i = lo; i < hi; i++) (da += e[ba + i]!), (db += e[bb + i]!);
        if (da !== db) return da > db ? 1 : -1;
      }
      for (let i = hi - 1; i >= lo; i--) {
        const x = e[ba + i]!, y = e[bb + i]!;
        if (x !== y) return x < y ? 1 : -1;
      }
      return 0;
    };
    const lex = (a: number, b: number): number => {
      const e = self.exps;
      const ba = a * n, bb = b * n;
      for (let i = 0; i < n; i++) {
        const x = e[ba + i]!, y = e[bb + i]!;
        if (x !== y) return x > y ? 1 : -1;
      }
      return 0;
    };
    switch (this.order.name) {
      case "lex":
        return lex;
      case "grlex":
        return (a, b) => {
          const da = self.deg[a]!, db = self.deg[b]!;
          return da !== db ? (da > db ? 1 : -1) : lex(a, b);
        };
      case "grevlex":
        return (a, b) => grevlex(a, b, 0, n, true);
      case "eliminate": {
        const k = this.order.k;
        return (a, b) => {
          const c = grevlex(a, b, 0, k, false);
          return c !== 0 ? c : grevlex(a, b, k, n, false);
        };
      }
    }
  }
}

// ───────────────────────────── work options ─────────────────────────────

export interface GroebnerOptions {
  /** Called in long loops; throws to abort (deadline / cancellation). */
  checkpoint?: () => void;
  /** Progress: done out of total (pairs treated / pairs known), with a message. */
  progress?: (done: number, total?: number, message?: string) => void;
}

const noop = (): void => {};


// ───────────────────────────── pairs (Gebauer–Möller) ─────────────────────────────

interface Pair {
  i: number;
  j: number;
  lcm: number;
  sugar: number;
}

interface BasisState {
  /** Leading monomial of each basis element ever created. */
  lm: number[];
  sugar: number[];
  /** Indices of the elements currently in the (minimal) basis. */
  active: number[];
  pairs: Pair[];
}

/** Gebauer–Möller update: add element h (its lm and sugar already recorded) to the state. */
function gmUpdate(ctx: Monos, st: BasisState, h: number): void {
  const lmh = st.lm[h]!;
  const degH = ctx.deg[lmh]!;
  // New pairs (h, g) for g active.
  const cand: { g: number; lcm: number; coprime: boolean; keep: boolean }[] = [];
  for (const g of st.active) {
    const lmg = st.lm[g]!;
    cand.push({ g, lcm: ctx.lcm(lmh, lmg), coprime: ctx.coprime(lmh, lmg), keep: true });
  }
  // Chain criterion among new pairs: drop (h,g1) if some other (h,g2) has lcm strictly dividing lcm(h,g1),
  // or equal lcm with a smaller index (keep one representative); coprime pairs are kept as witnesses.
  for (let a = 0; a < cand.length; a++) {
    const A = cand[a]!;
    if (A.coprime) continue;
    for (let b = 0; b < cand.length; b++) {
      if (a === b) continue;
      const B = cand[b]!;
      if (!B.keep) continue;
      if (B.lcm === A.lcm) {
        if (B.coprime || b < a) { A.keep = false; break; }
      } else if (ctx.divides(B.lcm, A.lcm)) { A.keep = false; break; }
    }
  }
  // Old pairs (g1,g2): drop when lm(h) | lcm(g1,g2) and lcm(g1,h) ≠ lcm and lcm(g2,h) ≠ lcm.
  const kept: Pair[] = [];
  for (const pr of st.pairs) {
    if (ctx.divides(lmh, pr.lcm)) {
      const l1 = ctx.lcm(st.lm[pr.i]!, lmh), l2 = ctx.lcm(st.lm[pr.j]!, lmh);
      if (l1 !== pr.lcm && l2 !== pr.lcm) continue;
    }
    kept.push(pr);
  }
  for (const c of cand) {
    if (!c.keep || c.coprime) continue; // product criterion
    const lmg = st.lm[c.g]!;
    const dl = ctx.deg[c.lcm]!;
    const sugar = Math.max(st.sugar[h]! + dl - degH, st.sugar[c.g]! + dl - ctx.deg[lmg]!);
    kept.push({ i: c.g, j: h, lcm: c.lcm, sugar });
  }
  st.pairs = kept;
  // A new element whose leading monomial is a multiple of an active one (possible for rows of
  // one F4 step) keeps its pairs but stays out of the minimal basis: it is "removed by" that
  // element exactly as in the Gebauer–Möller update.
  if (st.active.some((g) => ctx.divides(st.lm[g]!, lmh))) return;
  st.active = st.active.filter((g) => !ctx.divides(lmh, st.lm[g]!));
  st.active.push(h);
}

// ───────────────────────────── GF(p) polynomials and F4 ─────────────────────────────

/** A polynomial over GF(p), p < 2^26: monomial indices in descending order, coefficients 0..p−1. */
export interface ModPoly {
  m: Int32Array;
  c: Float64Array;
}

export const F4_MAX_PRIME = 1 << 26;

function invMod(a: number, p: number): number {
  let t = 0, nt = 1, r = p, nr = a % p;
  while (nr !== 0) {
    const q = Math.floor(r / nr);
    [t, nt] = [nt, t - q * nt];
    [r, nr] = [nr, r - q * nr];
  }
  if (r !== 1) throw new Error("not invertible");
  return t < 0 ? t + p : t;
}

function makeMonic(f: ModPoly, p: number): ModPoly {
  const lc = f.c[0]!;
  if (lc === 1) return f;
  const inv = invMod(lc, p);
  const c = new Float64Array(f.c.length);
  for (let i = 0; i < c.length; i++) c[i] = (f.c[i]! * inv) % p;
  return { m: f.m, c };
}

/** Sort terms (monomial, coefficient) descending, combine equal monomials, drop zeros. */
export function modPolyFromTerms(ctx: Monos, p: number, mons: number[], coeffs: number[]): ModPoly {
  const idx = mons.map((_, i) => i).sort((a, b) => ctx.cmp(mons[b]!, mons[a]!));
  const m: number[] = [], c: number[] = [];
  for (const i of idx) {
    const mi = mons[i]!, ci = ((coeffs[i]! % p) + p) % p;
    if (m.length && m[m.length - 1] === mi) c[c.length - 1] = (c[c.length - 1]! + ci) % p;
    else m.push(mi), c.push(ci);
  }
  const mm: number[] = [], cc: number[] = [];
  for (let i = 0; i < m.length; i++) if (c[i] !== 0) mm.push(m[i]!), cc.push(c[i]!);
  return { m: Int32Array.from(mm), c: Float64Array.from(cc) };
}

/** A matrix row: a multiple (mult · poly) with its monomials, later its columns. */
interface Row {
  mons: Int32Array;
  coefs: Float64Array;
  cols?: Int32Array;
}

/**
 * The linear algebra of one F4 step (and of normal forms / the final interreduction). `rows`
 * are to be reduced, `preset` are pivot rows given in advance (distinct leading monomials), and
 * symbolic preprocessing adds a reducer (multiple of a basis element) for every reducible
 * monomial that appears. Returns the reduced forms of `rows`.
 */
class F4Matrix {
  readonly ctx: Monos;
  readonly p: number;
  /** monomial → column (after finish), -1 when absent; also serves as "seen" during preprocessing. */
  private seen = new Map<number, number>();
  private todo: number[] = [];
  readonly pivots = new Map<number, Row>();
  private cols: number[] = [];

  constructor(ctx: Monos, p: number) {
    this.ctx = ctx;
    this.p = p;
  }

  static multiple(ctx: Monos, mult: number, f: ModPoly): Row {
    const mons = new Int32Array(f.m.length);
    if (ctx.deg[mult] === 0) mons.set(f.m);
    else for (let k = 0; k < f.m.length; k++) mons[k] = ctx.mul(mult, f.m[k]!);
    return { mons, coefs: f.c };
  }

  addMonomials(r: Row): void {
    for (let k = 0; k < r.mons.length; k++) {
      const m = r.mons[k]!;
      if (!this.seen.has(m)) {
        this.seen.set(m, -1);
        this.todo.push(m);
      }
    }
  }

  /** Register a pivot row for its leading monomial (returns false when one exists). */
  addPivot(r: Row): boolean {
    const lm = r.mons[0]!;
    if (this.pivots.has(lm)) return false;
    this.pivots.set(lm, r);
    this.addMonomials(r);
    return true;
  }

  /** Symbolic preprocessing against the basis polys (indices `active` into `polys`). */
  preprocess(polys: ModPoly[], lms: number[], active: number[], opts: GroebnerOptions): void {
    const ctx = this.ctx;
    let tick = 0;
    while (this.todo.length) {
      const m = this.todo.pop()!;
      if (this.pivots.has(m)) continue;
      let best = -1, bestLen = Infinity;
      const mm = ctx.mask[m]!;
      for (const g of active) {
        const lg = lms[g]!;
        if ((ctx.mask[lg]! & ~mm) !== 0) continue;
        if (!ctx.divides(lg, m)) continue;
        const len = polys[g]!.m.length;
        if (len < bestLen) (best = g), (bestLen = len);
      }
      if (best >= 0) {
        const r = F4Matrix.multiple(ctx, ctx.div(m, lms[best]!), polys[best]!);
        this.pivots.set(m, r);
        this.addMonomials(r);
      }
      if ((++tick & 1023) === 0) (opts.checkpoint ?? noop)();
    }
  }

  /** Fix the column order (descending monomials) and translate every row. */
  finish(rows: Row[]): void {
    const ctx = this.ctx;
    const cols = [...this.seen.keys()];
    cols.sort((a, b) => ctx.cmp(b, a));
    this.cols = cols;
    for (let k = 0; k < cols.length; k++) this.seen.set(cols[k]!, k);
    const tr = (r: Row) => {
      const c = new Int32Array(r.mons.length);
      for (let k = 0; k < c.length; k++) c[k] = this.seen.get(r.mons[k]!)!;
      r.cols = c;
    };
    for (const r of this.pivots.values()) tr(r);
    for (const r of rows) tr(r);
  }

  get ncols(): number {
    return this.cols.length;
  }

  monomialOfColumn(c: number): number {
    return this.cols[c]!;
  }

  /** Pivot rows indexed by column (undefined where none). */
  pivotByColumn(): (Row | undefined)[] {
    const byCol: (Row | undefined)[] = new Array(this.cols.length).fill(undefined);
    for (const r of this.pivots.values()) byCol[r.cols![0]!] = r;
    return byCol;
  }
}

/**
 * Reduce the dense accumulator `acc` (columns from `start`) by the pivot rows in `byCol` (each
 * with leading coefficient 1), left to right. Reduction modulo p is lazy: entries may grow up to
 * p + k·(p−1)² < 2^53 (k row subtractions) before the whole tail is reduced, so for small p most
 * multiply-adds skip the division.
 */
function reduceDense(acc: Float64Array, start: number, byCol: (Row | undefined)[], p: number): void {
  const ncols = acc.length;
  const lim = Math.max(1, Math.floor((9007199254740992 - p) / ((p - 1) * (p - 1))) - 1);
  let cnt = 0;
  for (let c = start; c < ncols; c++) {
    let v = acc[c]!;
    if (v === 0) continue;
    if (v >= p) {
      v %= p;
      acc[c] = v;
      if (v === 0) continue;
    }
    const r = byCol[c];
    if (!r) continue;
    const f = p - v;
    const rc = r.cols!, co = r.coefs;
    acc[c] = 0;
    for (let k = 1; k < rc.length; k++) {
      const j = rc[k]!;
      acc[j] = acc[j]! + f * co[k]!;
    }
    if (++cnt >= lim) {
      for (let j = c + 1; j < ncols; j++) if (acc[j]! >= p) acc[j] = acc[j]! % p;
      cnt = 0;
    }
  }
  for (let j = start; j < ncols; j++) if (acc[j]! >= p) acc[j] = acc[j]! % p;
}

function scatter(acc: Float64Array, r: Row): void {
  const rc = r.cols!, co = r.coefs;
  for (let k = 0; k < rc.length; k++) acc[rc[k]!] = co[k]!;
}

/** Gather a dense accumulator into a row (monic when `monic`), clearing acc. */
function gather(acc: Float64Array, start: number, m: F4Matrix, p: number, monic: boolean): Row | undefined {
  const cols: number[] = [], coefs: number[] = [];
  for (let c = start; c < acc.length; c++) {
    const v = acc[c]!;
    if (v !== 0) {
      cols.push(c);
      coefs.push(v);
      acc[c] = 0;
    }
  }
  if (!cols.length) return undefined;
  if (monic && coefs[0] !== 1) {
    const inv = invMod(coefs[0]!, p);
    for (let k = 0; k < coefs.length; k++) coefs[k] = (coefs[k]! * inv) % p;
  }
  const c = Int32Array.from(cols);
  const mons = new Int32Array(c.length);
  for (let k = 0; k < c.length; k++) mons[k] = m.monomialOfColumn(c[k]!);
  return { mons, coefs: Float64Array.from(coefs), cols: c };
}

export interface F4Result {
  /** The reduced Gröbner basis, monic, sorted by increasing leading monomial. */
  basis: ModPoly[];
  /** Statistics (matrices built, largest matrix). */
  stats: { steps: number; pairs: number; maxRows: number; maxCols: number };
}

/** Reduced Gröbner basis over GF(p), p < 2^26 prime, by F4 with the sugar-degree selection. */
export function f4(ctx: Monos, p: number, input: ModPoly[], opts: GroebnerOptions = {}): F4Result {
  const checkpoint = opts.checkpoint ?? noop;
  const polys: ModPoly[] = [];
  const st: BasisState = { lm: [], sugar: [], active: [], pairs: [] };
  const stats = { steps: 0, pairs: 0, maxRows: 0, maxCols: 0 };
  const add = (f: ModPoly, sugar: number): boolean => {
    const h = polys.length;
    polys.push(f);
    st.lm.push(f.m[0]!);
    st.sugar.push(sugar);
    if (ctx.deg[f.m[0]!] === 0) return true; // a unit: the ideal is the whole ring
    gmUpdate(ctx, st, h);
    return false;
  };
  const unitBasis = (): F4Result => ({ basis: [{ m: Int32Array.of(ctx.one()), c: Float64Array.of(1) }], stats });

  // Inputs: inter-reduce them once with a matrix (echelon form of the input rows), then add.
  const nonzero = input.filter((f) => f.m.length > 0);
  if (!nonzero.length) return { basis: [], stats };
  {
    const mat = new F4Matrix(ctx, p);
    const rows = nonzero.map((f) => F4Matrix.multiple(ctx, ctx.one(), f));
    for (const r of rows) mat.addMonomials(r);
    mat.finish(rows);
    const byCol = mat.pivotByColumn();
    const acc = new Float64Array(mat.ncols);
    rows.sort((a, b) => a.cols![0]! - b.cols![0]!);
    const fresh: Row[] = [];
    for (const r of rows) {
      scatter(acc, r);
      reduceDense(acc, r.cols![0]!, byCol, p);
      const g = gather(acc, r.cols![0]!, mat, p, true);
      if (g) {
        byCol[g.cols![0]!] = g;
        fresh.push(g);
      }
    }
    fresh.sort((a, b) => ctx.cmp(a.mons[0]!, b.mons[0]!));
    for (const g of fresh) {
      let sugar = 0;
      for (let k = 0; k < g.mons.length; k++) sugar = Math.max(sugar, ctx.deg[g.mons[k]!]!);
      if (add({ m: g.mons, c: g.coefs }, sugar)) return unitBasis();
    }
  }

  let treated = 0;
  while (st.pairs.length) {
    checkpoint();
    let d = Infinity;
    for (const pr of st.pairs) if (pr.sugar < d) d = pr.sugar;
    const sel: Pair[] = [], rest: Pair[] = [];
    for (const pr of st.pairs) (pr.sugar === d ? sel : rest).push(pr);
    st.pairs = rest;
    stats.steps++;
    stats.pairs += sel.length;
    treated += sel.length;

    const mat = new F4Matrix(ctx, p);
    const toReduce: Row[] = [];
    const used = new Set<string>();
    const addHalf = (lcm: number, g: number) => {
      const mult = ctx.div(lcm, st.lm[g]!);
      const key = `${mult},${g}`;
      if (used.has(key)) return;
      used.add(key);
      const r = F4Matrix.multiple(ctx, mult, polys[g]!);
      if (!mat.addPivot(r)) {
        toReduce.push(r);
        mat.addMonomials(r);
      }
    };
    for (const pr of sel) {
      addHalf(pr.lcm, pr.i);
      addHalf(pr.lcm, pr.j);
    }
    mat.preprocess(polys, st.lm, st.active, opts);
    mat.finish(toReduce);
    stats.maxRows = Math.max(stats.maxRows, toReduce.length + mat.pivots.size);
    stats.maxCols = Math.max(stats.maxCols, mat.ncols);
    const byCol = mat.pivotByColumn();
    const acc = new Float64Array(mat.ncols);
    toReduce.sort((a, b) => a.cols![0]! - b.cols![0]!);
    const fresh: Row[] = [];
    let tick = 0;
    for (const r of toReduce) {
      scatter(acc, r);
      reduceDense(acc, r.cols![0]!, byCol, p);
      const g = gather(acc, r.cols![0]!, mat, p, true);
      if (g) {
        byCol[g.cols![0]!] = g;
        fresh.push(g);
      }
      if ((++tick & 63) === 0) checkpoint();
    }
    fresh.sort((a, b) => ctx.cmp(a.mons[0]!, b.mons[0]!));
    for (const g of fresh) if (add({ m: g.mons, c: g.coefs }, d)) return unitBasis();
    opts.progress?.(treated, treated + st.pairs.length, `F4 degree ${d}: basis ${st.active.length}, matrix ${toReduce.length + mat.pivots.size}×${mat.ncols}`);
  }
  return { basis: interreduceMod(ctx, p, st.active.map((g) => polys[g]!), opts), stats };
}

/** Reduced basis from a minimal Gröbner basis (distinct, mutually non-dividing leading monomials). */
export function interreduceMod(ctx: Monos, p: number, basis: ModPoly[], opts: GroebnerOptions = {}): ModPoly[] {
  if (!basis.length) return [];
  const mat = new F4Matrix(ctx, p);
  const own: Row[] = [];
  for (const f of basis) {
    const r = F4Matrix.multiple(ctx, ctx.one(), makeMonic(f, p));
    mat.addPivot(r);
    own.push(r);
  }
  const lms = basis.map((f) => f.m[0]!);
  mat.preprocess(basis, lms, basis.map((_, i) => i), opts);
  mat.finish([]);
  const byCol = mat.pivotByColumn();
  const acc = new Float64Array(mat.ncols);
  // Reduced row echelon form: pivots from the rightmost leading column to the leftmost.
  for (let c = mat.ncols - 1; c >= 0; c--) {
    const r = byCol[c];
    if (!r) continue;
    scatter(acc, r);
    reduceDense(acc, c + 1, byCol, p);
    const g = gather(acc, c, mat, p, true)!;
    r.cols = g.cols;
    r.mons = g.mons;
    r.coefs = g.coefs;
  }
  const out = own.map((r) => ({ m: r.mons, c: r.coefs }));
  out.sort((a, b) => ctx.cmp(a.m[0]!, b.m[0]!));
  return out;
}

/** Normal forms of fs modulo a Gröbner basis G over GF(p) (full reduction). */
export function normalFormsMod(ctx: Monos, p: number, G: ModPoly[], fs: ModPoly[], opts: GroebnerOptions = {}): ModPoly[] {
  const basis = G.map((g) => makeMonic(g, p));
  const mat = new F4Matrix(ctx, p);
  const rows = fs.map((f) => F4Matrix.multiple(ctx, ctx.one(), f));
  for (const r of rows) mat.addMonomials(r);
  mat.preprocess(basis, basis.map((g) => g.m[0]!), basis.map((_, i) => i), opts);
  mat.finish(rows);
  const byCol = mat.pivotByColumn();
  const acc = new Float64Array(mat.ncols);
  return rows.map((r) => {
    if (!r.cols!.length) return { m: new Int32Array(0), c: new Float64Array(0) };
    scatter(acc, r);
    reduceDense(acc, 0, byCol, p);
    const g = gather(acc, 0, mat, p, false);
    return g ? { m: g.mons, c: g.coefs } : { m: new Int32Array(0), c: new Float64Array(0) };
  });
}

// ───────────────────────────── generic fields (CoeffRing) ─────────────────────────────

/** A polynomial over a generic field: monomials descending, coefficients nonzero. */
export interface GPoly<T> {
  m: number[];
  c: T[];
}

/** f − coef · mult · g from position `from` of f (terms of f before `from` are dropped). */
function gAxpy<T>(ctx: Monos, R: CoeffRing<T>, f: GPoly<T>, from: number, coef: T, mult: number, g: GPoly<T>, gFrom: number): GPoly<T> {
  const m: number[] = [], c: T[] = [];
  let i = from, j = gFrom;
  const gm = g.m.map((x, k) => (k < gFrom ? -1 : ctx.mul(mult, x)));
  while (i < f.m.length || j < g.m.length) {
    const s = i >= f.m.length ? -1 : j >= g.m.length ? 1 : ctx.cmp(f.m[i]!, gm[j]!);
    if (s > 0) m.push(f.m[i]!), c.push(f.c[i++]!);
    else if (s < 0) {
      const v = R.neg(R.mul(coef, g.c[j]!));
      if (!R.isZero(v)) m.push(gm[j]!), c.push(v);
      j++;
    } else {
      const v = R.sub(f.c[i]!, R.mul(coef, g.c[j]!));
      if (!R.isZero(v)) m.push(f.m[i]!), c.push(v);
      i++, j++;
    }
  }
  return { m, c };
}

function gMonic<T>(R: CoeffRing<T>, f: GPoly<T>): GPoly<T> {
  if (!f.m.length || R.eq(f.c[0]!, R.one)) return f;
  const inv = R.inv(f.c[0]!);
  return { m: f.m, c: f.c.map((x) => R.mul(x, inv)) };
}

/** Full normal form of f modulo the polys `G[active]` (any reducer; monic reducers). */
function gNormalForm<T>(ctx: Monos, R: CoeffRing<T>, f: GPoly<T>, G: GPoly<T>[], active: number[], checkpoint: () => void, full = true): GPoly<T> {
  const outM: number[] = [], outC: T[] = [];
  let cur = f, pos = 0, tick = 0;
  while (pos < cur.m.length) {
    const m = cur.m[pos]!;
    let red = -1;
    for (const g of active) if (ctx.divides(G[g]!.m[0]!, m)) { red = g; break; }
    if (red < 0) {
      if (!full) return { m: [...outM, ...cur.m.slice(pos)], c: [...outC, ...cur.c.slice(pos)] };
      outM.push(m), outC.push(cur.c[pos]!);
      pos++;
      continue;
    }
    const g = G[red]!;
    cur = gAxpy(ctx, R, cur, pos + 1, cur.c[pos]!, ctx.div(m, g.m[0]!), g, 1);
    pos = 0;
    if ((++tick & 255) === 0) checkpoint();
  }
  return { m: outM, c: outC };
}

/** Reduced Gröbner basis over a field by Buchberger's algorithm (Gebauer–Möller, sugar). */
export function buchberger<T>(ctx: Monos, R: CoeffRing<T>, input: GPoly<T>[], opts: GroebnerOptions = {}): GPoly<T>[] {
  if (!R.isField) throw new JacobianError("DOMAIN_ERROR", `Gröbner bases are computed over fields; ${R.name} is not one`, { hint: "use QQ instead of ZZ" });
  const checkpoint = opts.checkpoint ?? noop;
  const polys: GPoly<T>[] = [];
  const st: BasisState = { lm: [], sugar: [], active: [], pairs: [] };
  const add = (f: GPoly<T>, sugar: number): boolean => {
    const h = polys.length;
    polys.push(f);
    st.lm.push(f.m[0]!);
    st.sugar.push(sugar);
    if (ctx.deg[f.m[0]!] === 0) return true;
    gmUpdate(ctx, st, h);
    return false;
  };
  const unit = (): GPoly<T>[] => [{ m: [ctx.one()], c: [R.one] }];
  const sorted = input.filter((f) => f.m.length).sort((a, b) => ctx.cmp(a.m[0]!, b.m[0]!));
  for (const f0 of sorted) {
    const f = gMonic(R, gNormalForm(ctx, R, f0, polys, st.active, checkpoint));
    if (!f.m.length) continue;
    let sugar = 0;
    for (const m of f0.m) sugar = Math.max(sugar, ctx.deg[m]!);
    if (add(f, sugar)) return unit();
  }
  let treated = 0;
  while (st.pairs.length) {
    checkpoint();
    let best = 0;
    for (let k = 1; k < st.pairs.length; k++) {
      const a = st.pairs[k]!, b = st.pairs[best]!;
      if (a.sugar < b.sugar || (a.sugar === b.sugar && ctx.cmp(a.lcm, b.lcm) < 0)) best = k;
    }
    const pr = st.pairs[best]!;
    st.pairs[best] = st.pairs[st.pairs.length - 1]!;
    st.pairs.pop();
    treated++;
    const fi = polys[pr.i]!, fj = polys[pr.j]!;
    // S = (u/lm fi)·fi − (u/lm fj)·fj with monic fi, fj.
    const si = gAxpy(ctx, R, { m: [], c: [] }, 0, R.neg(R.one), ctx.div(pr.lcm, fi.m[0]!), fi, 1);
    const s = gAxpy(ctx, R, si, 0, R.one, ctx.div(pr.lcm, fj.m[0]!), fj, 1);
    const h = gMonic(R, gNormalForm(ctx, R, s, polys, st.active, checkpoint));
    if (h.m.length && add(h, pr.sugar)) return unit();
    if ((treated & 15) === 0) opts.progress?.(treated, treated + st.pairs.length, `Buchberger: basis ${st.active.length}`);
  }
  // Reduce: minimal basis (active) then tail-reduce each element by the others.
  const act = st.active.slice().sort((a, b) => ctx.cmp(st.lm[a]!, st.lm[b]!));
  const out: GPoly<T>[] = [];
  for (const g of act) {
    const others = act.filter((x) => x !== g);
    const f = polys[g]!;
    const tail = gNormalForm(ctx, R, { m: f.m.slice(1), c: f.c.slice(1) }, polys, others, checkpoint);
    out.push({ m: [f.m[0]!, ...tail.m], c: [f.c[0]!, ...tail.c] });
  }
  return out;
}

/** Full normal form modulo a Gröbner basis G (generic field). */
export function normalFormGeneric<T>(ctx: Monos, R: CoeffRing<T>, f: GPoly<T>, G: GPoly<T>[], opts: GroebnerOptions = {}): GPoly<T> {
  const basis = G.map((g) => gMonic(R, g));
  return gNormalForm(ctx, R, f, basis, basis.map((_, i) => i), opts.checkpoint ?? noop);
}

// ───────────────────────────── exact integer (fraction-free) arithmetic for QQ ─────────────────────────────

/** A polynomial with integer coefficients (monomials descending). */
export interface ZPoly {
  m: number[];
  c: bigint[];
}

const babs = (a: bigint): bigint => (a < 0n ? -a : a);
function bgcd(a: bigint, b: bigint): bigint {
  a = babs(a);
  b = babs(b);
  // plain Euclid: the coefficients here have tens to hundreds of bits, where it beats the
  // Lehmer / half-gcd code of integer.ts (measured on the exact check of katsura-6: 3× faster)
  while (b) [a, b] = [b, a % b];
  return a;
}

function zContent(c: readonly bigint[]): bigint {
  let g = 0n;
  for (const x of c) {
    g = bgcd(g, x);
    if (g === 1n) return 1n;
  }
  return g;
}

/** Primitive part with a positive leading coefficient. */
export function zPrimitive(f: ZPoly): ZPoly {
  if (!f.c.length) return f;
  let g = zContent(f.c);
  if (f.c[0]! < 0n) g = -g;
  return g === 1n ? f : { m: f.m, c: f.c.map((x) => x / g) };
}

/** a·f[from..] − b·mult·g[gFrom..]. */
function zAxpy(ctx: Monos, a: bigint, f: ZPoly, from: number, b: bigint, mult: number, g: ZPoly, gFrom: number): ZPoly {
  const m: number[] = [], c: bigint[] = [];
  let i = from, j = gFrom;
  const gl = g.m.length, fl = f.m.length;
  const gm = new Array<number>(gl);
  for (let k = gFrom; k < gl; k++) gm[k] = ctx.mul(mult, g.m[k]!);
  while (i < fl || j < gl) {
    const s = i >= fl ? -1 : j >= gl ? 1 : ctx.cmp(f.m[i]!, gm[j]!);
    if (s > 0) m.push(f.m[i]!), c.push(a === 1n ? f.c[i]! : a * f.c[i]!), i++;
    else if (s < 0) m.push(gm[j]!), c.push(-b * g.c[j]!), j++;
    else {
      const v = a * f.c[i]! - b * g.c[j]!;
      if (v !== 0n) m.push(f.m[i]!), c.push(v);
      i++, j++;
    }
  }
  return { m, c };
}

/**
 * Normal form over QQ of an integer polynomial f modulo integer polys G (a Gröbner basis of the
 * ideal over QQ): returns r and a positive integer scale s with s·f ≡ r (mod ⟨G⟩), r reduced.
 * `topOnly` stops at the first irreducible leading term (enough to decide "reduces to zero").
 */
export function zNormalForm(ctx: Monos, f: ZPoly, G: ZPoly[], opts: { checkpoint?: () => void; topOnly?: boolean } = {}): { r: ZPoly; scale: bigint } {
  const checkpoint = opts.checkpoint ?? noop;
  let cur = f;
  const doneM: number[] = [], doneC: bigint[] = [];
  let scale = 1n, tick = 0;
  while (cur.m.length) {
    const m = cur.m[0]!;
    let red = -1;
    const mm = ctx.mask[m]!;
    for (let k = 0; k < G.length; k++) {
      const l = G[k]!.m[0]!;
      if ((ctx.mask[l]! & ~mm) === 0 && ctx.divides(l, m)) { red = k; break; }
    }
    if (red < 0) {
      if (opts.topOnly) return { r: { m: [...doneM, ...cur.m], c: [...doneC, ...cur.c] }, scale };
      doneM.push(m), doneC.push(cur.c[0]!);
      cur = { m: cur.m.slice(1), c: cur.c.slice(1) };
      continue;
    }
    const g = G[red]!;
    const lf = cur.c[0]!, lg = g.c[0]!;
    const d = bgcd(lf, lg);
    let a = lg / d, b = lf / d;
    if (a < 0n) (a = -a), (b = -b);
    cur = zAxpy(ctx, a, cur, 1, b, ctx.div(m, g.m[0]!), g, 1);
    if (a !== 1n) {
      scale *= a;
      for (let k = 0; k < doneC.length; k++) doneC[k] = doneC[k]! * a;
    }
    if ((++tick & 7) === 0) {
      // Keep the numbers small: divide everything by the common content.
      const gc = bgcd(zContent(cur.c), zContent(doneC));
      const g2 = bgcd(gc, scale);
      if (g2 > 1n) {
        cur = { m: cur.m, c: cur.c.map((x) => x / g2) };
        for (let k = 0; k < doneC.length; k++) doneC[k] = doneC[k]! / g2;
        scale /= g2;
      }
      if ((tick & 63) === 0) checkpoint();
    }
  }
  return { r: { m: doneM, c: doneC }, scale };
}

/** Does every S-pair of G (not discarded by Buchberger's criteria) reduce to zero over QQ, and every f in F? */
export function zIsGroebnerBasisOf(ctx: Monos, G: ZPoly[], F: ZPoly[], opts: GroebnerOptions = {}): { ok: true } | { ok: false; reason: string } {
  const checkpoint = opts.checkpoint ?? noop;
  for (let k = 0; k < F.length; k++) {
    const { r } = zNormalForm(ctx, F[k]!, G, { checkpoint, topOnly: true });
    if (r.m.length) return { ok: false, reason: `generator ${k} does not reduce to zero` };
  }
  const order = G.map((_, i) => i).sort((a, b) => ctx.cmp(G[a]!.m[0]!, G[b]!.m[0]!));
  const st: BasisState = { lm: G.map((g) => g.m[0]!), sugar: G.map(() => 0), active: [], pairs: [] };
  for (const h of order) gmUpdate(ctx, st, h);
  let done = 0;
  const total = st.pairs.length;
  for (const pr of st.pairs) {
    const fi = G[pr.i]!, fj = G[pr.j]!;
    const li = fi.c[0]!, lj = fj.c[0]!;
    const d = bgcd(li, lj);
    // S = (lj/d)(u/lm fi) fi − (li/d)(u/lm fj) fj
    const a = zAxpy(ctx, 0n, { m: [], c: [] }, 0, -(lj / d), ctx.div(pr.lcm, fi.m[0]!), fi, 1);
    const s = zAxpy(ctx, 1n, a, 0, li / d, ctx.div(pr.lcm, fj.m[0]!), fj, 1);
    const { r } = zNormalForm(ctx, zPrimitive(s), G, { checkpoint, topOnly: true });
    if (r.m.length) return { ok: false, reason: `the S-pair (${pr.i}, ${pr.j}) does not reduce to zero` };
    done++;
    if ((done & 31) === 0) opts.progress?.(done, total, "exact check over QQ");
  }
  return { ok: true };
}

// ───────────────────────────── QQ by modular computation ─────────────────────────────

/** Primes just below 2^23, descending (deterministic; small enough for lazy reduction in F4). */
function* modularPrimes(): Generator<number> {
  for (let q = (1 << 23) - 1; q > 1 << 16; q -= 2) if (isPrimeSmall(q)) yield q;
}

function modOf(x: bigint, p: number): number {
  const r = Number(x % BigInt(p));
  return r < 0 ? r + p : r;
}

/** n/d with |n|, d ≤ sqrt(m/2), n ≡ d·a (mod m); undefined when none. */
export function rationalReconstruct(a: bigint, m: bigint): [bigint, bigint] | undefined {
  a %= m;
  if (a < 0n) a += m;
  // bound = floor(sqrt(m/2))
  const half = m / 2n;
  let bound: bigint;
  if (half > 1n << 100n) {
    // Newton for large values
    let x = 1n << BigInt((half.toString(2).length >> 1) + 1);
    for (;;) {
      const y = (x + half / x) >> 1n;
      if (y >= x) break;
      x = y;
    }
    bound = x;
  } else {
    bound = BigInt(Math.floor(Math.sqrt(Number(half))));
    while (bound * bound > half) bound--;
    while ((bound + 1n) * (bound + 1n) <= half) bound++;
  }
  let r0 = m, r1 = a, t0 = 0n, t1 = 1n;
  while (r1 > bound) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  if (t1 === 0n || babs(t1) > bound) return undefined;
  if (t1 < 0n) (t1 = -t1), (r1 = -r1);
  if (bgcd(r1, t1) !== 1n) return undefined;
  return [r1, t1];
}

interface Accum {
  sig: string;
  M: bigint;
  primes: number[];
  /** Per element: monomial → residue mod M. */
  res: Map<number, bigint>[];
  /** Leading monomials. */
  lms: number[];
  /** Per element: monomial → its last rational reconstruction (reused while it stays consistent). */
  rec?: Map<number, [bigint, bigint]>[];
}

function signature(B: ModPoly[]): string {
  return B.map((g) => g.m[0]!).join(",");
}

function accumulate(acc: Accum, p: number, B: ModPoly[]): void {
  const P = BigInt(p);
  if (acc.primes.length === 0) {
    acc.res = B.map((g) => {
      const mp = new Map<number, bigint>();
      for (let k = 0; k < g.m.length; k++) mp.set(g.m[k]!, BigInt(g.c[k]!));
      return mp;
    });
    acc.M = P;
    acc.primes.push(p);
    return;
  }
  const M = acc.M;
  const Minv = BigInt(invMod(Number(M % P), p));
  for (let e = 0; e < B.length; e++) {
    const mp = acc.res[e]!;
    const g = B[e]!;
    const here = new Map<number, number>();
    for (let k = 0; k < g.m.length; k++) here.set(g.m[k]!, g.c[k]!);
    for (const m of here.keys()) if (!mp.has(m)) mp.set(m, 0n);
    for (const [m, a] of mp) {
      const b = here.get(m) ?? 0;
      // x = a + M * ((b - a) * Minv mod p)
      const t = (((BigInt(b) - (a % P)) % P) + P) % P * Minv % P;
      mp.set(m, a + M * t);
    }
  }
  acc.M = M * P;
  acc.primes.push(p);
}

/** A rational polynomial as (integer numerators over a common positive denominator). */
export interface QPoly {
  m: number[];
  num: bigint[];
  den: bigint[];
}

function reconstruct(acc: Accum): QPoly[] | undefined {
  const out: QPoly[] = [];
  // quick test on one coefficient per element first
  for (const mp of acc.res) {
    let last: bigint | undefined;
    for (const v of mp.values()) last = v;
    if (last !== undefined && !rationalReconstruct(last, acc.M)) return undefined;
  }
  acc.rec ??= acc.res.map(() => new Map());
  for (const [e, mp] of acc.res.entries()) {
    const cache = acc.rec[e]!;
    const ms = [...mp.keys()];
    const m: number[] = [], num: bigint[] = [], den: bigint[] = [];
    for (const mono of ms) {
      const v = mp.get(mono)!;
      if (v === 0n) continue;
      // a reconstruction n/d that still satisfies n ≡ d·v (mod M) and the size bound is the answer again
      let r = cache.get(mono);
      if (r && ((r[1] * v - r[0]) % acc.M !== 0n || 2n * (r[0] * r[0] > r[1] * r[1] ? r[0] * r[0] : r[1] * r[1]) > acc.M)) r = undefined;
      r ??= rationalReconstruct(v, acc.M);
      if (!r) return undefined;
      cache.set(mono, r);
      m.push(mono), num.push(r[0]), den.push(r[1]);
    }
    out.push({ m, num, den });
  }
  return out;
}

function qSort(ctx: Monos, q: QPoly): QPoly {
  const idx = q.m.map((_, i) => i).sort((a, b) => ctx.cmp(q.m[b]!, q.m[a]!));
  return { m: idx.map((i) => q.m[i]!), num: idx.map((i) => q.num[i]!), den: idx.map((i) => q.den[i]!) };
}

function qToZ(q: QPoly): ZPoly {
  let L = 1n;
  for (const d of q.den) L = (L / bgcd(L, d)) * d;
  return zPrimitive({ m: q.m.slice(), c: q.num.map((n, k) => n * (L / q.den[k]!)) });
}

function qModP(ctx: Monos, q: QPoly, p: number): ModPoly | undefined {
  const mons: number[] = [], cs: number[] = [];
  for (let k = 0; k < q.m.length; k++) {
    const d = modOf(q.den[k]!, p);
    if (d === 0) return undefined;
    mons.push(q.m[k]!);
    cs.push((modOf(q.num[k]!, p) * invMod(d, p)) % p);
  }
  return modPolyFromTerms(ctx, p, mons, cs);
}

function zModP(ctx: Monos, f: ZPoly, p: number): ModPoly {
  return modPolyFromTerms(ctx, p, f.m, f.c.map((x) => modOf(x, p)));
}

function sameModBasis(a: ModPoly[], b: ModPoly[]): boolean {
  if (a.length !== b.length) return false;
  for (let e = 0; e < a.length; e++) {
    const x = a[e]!, y = b[e]!;
    if (x.m.length !== y.m.length) return false;
    for (let k = 0; k < x.m.length; k++) if (x.m[k] !== y.m[k] || x.c[k] !== y.c[k]) return false;
  }
  return true;
}

export interface QQGroebnerOptions extends GroebnerOptions {
  /** Most primes used by the modular phase before falling back (default 1000). */
  maxPrimes?: number;
}

/**
 * Reduced Gröbner basis over QQ of integer polynomials (each generator given with integer
 * coefficients; the ideal is the one they generate in QQ[x]). Returns monic rational polynomials
 * sorted by increasing leading monomial; the result is proven (see the module comment).
 */
export function groebnerQQ(ctx: Monos, F: ZPoly[], opts: QQGroebnerOptions = {}): { basis: QPoly[]; primes: number; method: "modular" | "buchberger" } {
  const checkpoint = opts.checkpoint ?? noop;
  const gens = F.filter((f) => f.m.length).map(zPrimitive);
  if (!gens.length) return { basis: [], primes: 0, method: "modular" };
  const maxPrimes = opts.maxPrimes ?? 1000;
  const groups = new Map<string, Accum>();
  let used = 0;
  const primes = modularPrimes();
  const quiet: GroebnerOptions = { ...opts, progress: undefined };
  let lastTried = 0;
  while (used < maxPrimes) {
    checkpoint();
    const pn = primes.next();
    if (pn.done) break;
    const p = pn.value;
    if (gens.some((f) => modOf(f.c[0]!, p) === 0)) continue;
    used++;
    const Bp = f4(ctx, p, gens.map((f) => zModP(ctx, f, p)), quiet).basis;
    if (Bp.length === 1 && ctx.deg[Bp[0]!.m[0]!] === 0) {
      // 1 ∈ I mod p; over QQ check directly (one reduction): the reduced basis would be {1}.
    }
    const sig = signature(Bp);
    let acc = groups.get(sig);
    if (!acc) groups.set(sig, (acc = { sig, M: 1n, primes: [], res: [], lms: Bp.map((g) => g.m[0]!) }));
    // Does the current best candidate of this group reproduce Bp? Then try to prove it.
    if (acc.primes.length >= 1 && acc.primes.length !== lastTried) {
      const cand = reconstruct(acc);
      if (cand) {
        const images = cand.map((q) => qModP(ctx, qSort(ctx, q), p));
        if (images.every((x) => x !== undefined) && sameModBasis(images as ModPoly[], Bp)) {
          const Q = cand.map((q) => qSort(ctx, q));
          opts.progress?.(used, undefined, `modular phase converged with ${acc.primes.length} primes; exact check over QQ`);
          const Z = Q.map(qToZ);
          const chk = zIsGroebnerBasisOf(ctx, Z, gens, opts);
          if (chk.ok && isReducedQ(ctx, Q)) return { basis: Q, primes: used, method: "modular" };
          lastTried = acc.primes.length;
        }
      }
    }
    accumulate(acc, p, Bp);
    // Keep the majority group only when groups diverge (unlucky primes).
    if ((used & 7) === 0) opts.progress?.(used, undefined, `modular phase: ${used} primes, coefficients ~${acc.M.toString(2).length} bits`);
  }
  // Fallback: exact Buchberger over QQ.
  const R = qqField();
  const input = gens.map((f) => ({ m: f.m.slice(), c: f.c.map((x) => ({ num: x, den: 1n }) as Rational) }));
  const B = buchberger(ctx, R, input, opts);
  return { basis: B.map((g) => ({ m: g.m, num: g.c.map((x) => x.num), den: g.c.map((x) => x.den) })), primes: used, method: "buchberger" };
}

function isReducedQ(ctx: Monos, Q: QPoly[]): boolean {
  const lms = Q.map((q) => q.m[0]!);
  for (let e = 0; e < Q.length; e++) {
    const q = Q[e]!;
    if (q.num[0] !== q.den[0]) return false;
    for (let k = 0; k < q.m.length; k++)
      for (let f = 0; f < lms.length; f++) if ((k > 0 || f !== e) && ctx.divides(lms[f]!, q.m[k]!)) return false;
  }
  return true;
}

// ───────────────────────────── minimal field implementations used internally ─────────────────────────────

function qNorm(num: bigint, den: bigint): Rational {
  if (den < 0n) (num = -num), (den = -den);
  const g = bgcd(num, den);
  return g === 1n ? { num, den } : { num: num / g, den: den / g };
}

/** QQ as a CoeffRing over Rational (used by the exact fallback). */
export function qqField(): CoeffRing<Rational> {
  const zero: Rational = { num: 0n, den: 1n }, one: Rational = { num: 1n, den: 1n };
  return {
    name: "QQ",
    ring: { $kind: "ring", kind: "QQ" },
    isField: true,
    characteristic: 0n,
    order: 0n,
    zero,
    one,
    add: (a, b) => qNorm(a.num * b.den + b.num * a.den, a.den * b.den),
    sub: (a, b) => qNorm(a.num * b.den - b.num * a.den, a.den * b.den),
    neg: (a) => ({ num: -a.num, den: a.den }),
    mul: (a, b) => qNorm(a.num * b.num, a.den * b.den),
    isZero: (a) => a.num === 0n,
    eq: (a, b) => a.num === b.num && a.den === b.den,
    inv: (a) => {
      if (a.num === 0n) throw new JacobianError("DOMAIN_ERROR", "division by zero");
      return qNorm(a.den, a.num);
    },
    divExact: (a, b) => (b.num === 0n ? undefined : qNorm(a.num * b.den, a.den * b.num)),
    fromInteger: (n) => ({ num: n, den: 1n }),
    fromRational: (n, d) => qNorm(n, d),
    format: (a) => (a.den === 1n ? `${a.num}` : `${a.num}/${a.den}`),
    bits: (a) => a.num.toString(2).length + a.den.toString(2).length,
  };
}

/** GF(p) over bigint residues as a CoeffRing (used for primes ≥ 2^26). */
export function gfpField(p: bigint): CoeffRing<bigint> {
  const md = (a: bigint) => {
    const r = a % p;
    return r < 0n ? r + p : r;
  };
  const inv = (a: bigint): bigint => {
    let t = 0n, nt = 1n, r = p, nr = md(a);
    while (nr !== 0n) {
      const q = r / nr;
      [t, nt] = [nt, t - q * nt];
      [r, nr] = [nr, r - q * nr];
    }
    if (r !== 1n) throw new JacobianError("DOMAIN_ERROR", "division by zero");
    return md(t);
  };
  return {
    name: `GF(${p})`,
    ring: { $kind: "ring", kind: "GF", p },
    isField: true,
    characteristic: p,
    order: p,
    zero: 0n,
    one: 1n,
    add: (a, b) => md(a + b),
    sub: (a, b) => md(a - b),
    neg: (a) => md(-a),
    mul: (a, b) => (a * b) % p,
    isZero: (a) => a === 0n,
    eq: (a, b) => a === b,
    inv,
    divExact: (a, b) => (b === 0n ? undefined : (a * inv(b)) % p),
    fromInteger: md,
    fromRational: (n, d) => (md(d) === 0n ? undefined : (md(n) * inv(d)) % p),
    format: (a) => `${a}`,
    bits: (a) => a.toString(2).length,
  };
}

// ───────────────────────────── the public API on `Polynomial` values ─────────────────────────────

/** How a basis was obtained (reported by the operations). */
export type GroebnerMethod = "f4" | "modular" | "buchberger";

export interface GroebnerBasisResult<T> {
  /** The reduced Gröbner basis: monic, sorted by increasing leading monomial in the order. */
  basis: Polynomial<T>[];
  /** Exponent vectors of the leading monomials, in basis order. */
  leading: number[][];
  method: GroebnerMethod;
  /** Primes used by the modular computation (QQ). */
  primes?: number;
}

function checkField<T>(R: CoeffRing<T>): void {
  if (!R.isField) throw new JacobianError("DOMAIN_ERROR", `Gröbner bases are computed over a field; ${R.name} is not one`, { hint: 'give the polynomials over "QQ" (an ideal of ZZ[x] generates the same ideal of QQ[x])' });
}

function sameSpace(polys: readonly Polynomial<unknown>[]): { ring: PolyRing; variables: readonly string[] } {
  const first = polys[0]!;
  return { ring: first.ring, variables: first.variables };
}

const isSmallPrimeField = (ring: PolyRing): boolean => ring.kind === "GF" && ring.p < BigInt(F4_MAX_PRIME);

/** Internal form of a polynomial for the fast paths. */
function toModPoly(ctx: Monos, p: number, f: Polynomial<unknown>): ModPoly {
  return modPolyFromTerms(
    ctx,
    p,
    f.terms.map((t) => ctx.intern(t.exponents)),
    f.terms.map((t) => Number(t.coeff as bigint)),
  );
}

function toZPoly(ctx: Monos, f: Polynomial<unknown>): { z: ZPoly; den: bigint } {
  let L = 1n;
  for (const t of f.terms) {
    const d = (t.coeff as Rational).den;
    L = (L / bgcd(L, d)) * d;
  }
  const ts = f.terms.map((t) => {
    const q = t.coeff as Rational;
    return [ctx.intern(t.exponents), q.num * (L / q.den)] as const;
  });
  ts.sort((a, b) => ctx.cmp(b[0], a[0]));
  return { z: { m: ts.map((x) => x[0]), c: ts.map((x) => x[1]) }, den: L };
}

function toGPoly<T>(ctx: Monos, R: CoeffRing<T>, f: Polynomial<T>): GPoly<T> {
  const ts = f.terms.map((t) => [ctx.intern(t.exponents), t.coeff] as const).filter((x) => !R.isZero(x[1]));
  ts.sort((a, b) => ctx.cmp(b[0], a[0]));
  return { m: ts.map((x) => x[0]), c: ts.map((x) => x[1]) };
}

function lexTerms<T>(n: number, ts: Term<T>[]): Term<T>[] {
  return ts.sort((a, b) => compareExponents(LEX, b.exponents, a.exponents));
  void n;
}

function fromMod(ctx: Monos, ring: PolyRing, variables: readonly string[], f: ModPoly): Polynomial<bigint> {
  const ts: Term<bigint>[] = [];
  for (let k = 0; k < f.m.length; k++) ts.push({ exponents: ctx.expsOf(f.m[k]!), coeff: BigInt(f.c[k]!) });
  return { $kind: "polynomial", ring, variables, terms: lexTerms(ctx.n, ts) };
}

function fromQ(ctx: Monos, ring: PolyRing, variables: readonly string[], q: QPoly): Polynomial<Rational> {
  const ts: Term<Rational>[] = [];
  for (let k = 0; k < q.m.length; k++) if (q.num[k] !== 0n) ts.push({ exponents: ctx.expsOf(q.m[k]!), coeff: qNorm(q.num[k]!, q.den[k]!) });
  return { $kind: "polynomial", ring, variables, terms: lexTerms(ctx.n, ts) };
}

function fromG<T>(ctx: Monos, ring: PolyRing, variables: readonly string[], f: GPoly<T>): Polynomial<T> {
  const ts: Term<T>[] = [];
  for (let k = 0; k < f.m.length; k++) ts.push({ exponents: ctx.expsOf(f.m[k]!), coeff: f.c[k]! });
  return { $kind: "polynomial", ring, variables, terms: lexTerms(ctx.n, ts) };
}

/** Internal reduced basis in one of three representations, over a shared monomial table. */
type Internal =
  | { kind: "mod"; ctx: Monos; p: number; basis: ModPoly[] }
  | { kind: "qq"; ctx: Monos; basis: QPoly[]; z: ZPoly[]; primes: number; method: GroebnerMethod }
  | { kind: "gen"; ctx: Monos; basis: GPoly<unknown>[] };

function computeInternal<T>(R: CoeffRing<T>, polys: readonly Polynomial<T>[], order: MonomialOrder, opts: GroebnerOptions): Internal {
  checkField(R);
  const { ring, variables } = sameSpace(polys);
  const ctx = new Monos(variables.length, order);
  if (isSmallPrimeField(ring)) {
    const p = Number((ring as { p: bigint }).p);
    return { kind: "mod", ctx, p, basis: f4(ctx, p, polys.map((f) => toModPoly(ctx, p, f)), opts).basis };
  }
  if (ring.kind === "QQ") {
    const r = groebnerQQ(ctx, polys.map((f) => toZPoly(ctx, f).z), opts);
    return { kind: "qq", ctx, basis: r.basis, z: r.basis.map(qToZ), primes: r.primes, method: r.method };
  }
  const B = buchberger(ctx, R, polys.map((f) => toGPoly(ctx, R, f)), opts);
  return { kind: "gen", ctx, basis: B as GPoly<unknown>[] };
}

function exportBasis<T>(I: Internal, ring: PolyRing, variables: readonly string[]): GroebnerBasisResult<T> {
  const ctx = I.ctx;
  switch (I.kind) {
    case "mod":
      return { basis: I.basis.map((g) => fromMod(ctx, ring, variables, g)) as Polynomial<T>[], leading: I.basis.map((g) => ctx.expsOf(g.m[0]!)), method: "f4" };
    case "qq":
      return { basis: I.basis.map((g) => fromQ(ctx, ring, variables, g)) as Polynomial<T>[], leading: I.basis.map((g) => ctx.expsOf(g.m[0]!)), method: I.method, primes: I.primes };
    case "gen":
      return { basis: I.basis.map((g) => fromG(ctx, ring, variables, g)) as Polynomial<T>[], leading: I.basis.map((g) => ctx.expsOf(g.m[0]!)), method: "buchberger" };
  }
}

/**
 * The reduced Gröbner basis of the ideal generated by `polys` (all over the same field and
 * variables, at least one) under `order`. The zero ideal gives the empty basis; the unit ideal {1}.
 */
export function groebnerBasis<T>(R: CoeffRing<T>, polys: readonly Polynomial<T>[], order: MonomialOrder, opts: GroebnerOptions = {}): GroebnerBasisResult<T> {
  const { ring, variables } = sameSpace(polys);
  return exportBasis<T>(computeInternal(R, polys, order, opts), ring, variables);
}

/** Normal forms of `fs` modulo the ideal generated by `gens` (computed through its reduced basis). */
export function normalForms<T>(R: CoeffRing<T>, gens: readonly Polynomial<T>[], fs: readonly Polynomial<T>[], order: MonomialOrder, opts: GroebnerOptions = {}): { normalForms: Polynomial<T>[]; basis: GroebnerBasisResult<T> } {
  const { ring, variables } = sameSpace(gens);
  const I = computeInternal(R, gens, order, opts);
  const ctx = I.ctx;
  let nfs: Polynomial<T>[];
  switch (I.kind) {
    case "mod":
      nfs = normalFormsMod(ctx, I.p, I.basis, fs.map((f) => toModPoly(ctx, I.p, f)), opts).map((g) => fromMod(ctx, ring, variables, g)) as Polynomial<T>[];
      break;
    case "qq":
      nfs = fs.map((f) => {
        const { z, den } = toZPoly(ctx, f);
        const { r, scale } = zNormalForm(ctx, z, I.z, opts);
        const D = scale * den;
        return fromQ(ctx, ring, variables, { m: r.m, num: r.c, den: r.c.map(() => D) });
      }) as Polynomial<T>[];
      break;
    case "gen":
      nfs = fs.map((f) => fromG(ctx, ring, variables, normalFormGeneric(ctx, R, toGPoly(ctx, R, f), I.basis as GPoly<T>[], opts)));
      break;
  }
  return { normalForms: nfs, basis: exportBasis<T>(I, ring, variables) };
}

/**
 * Elimination: a Gröbner basis of I ∩ K[x_k, …, x_{n−1}] (the first k variables eliminated),
 * from the reduced basis under the block order "eliminate k". The returned polynomials are in the
 * remaining variables only.
 */
export function eliminate<T>(R: CoeffRing<T>, gens: readonly Polynomial<T>[], k: number, opts: GroebnerOptions = {}): { basis: Polynomial<T>[]; full: GroebnerBasisResult<T> } {
  const { ring, variables } = sameSpace(gens);
  const full = groebnerBasis(R, gens, { name: "eliminate", k }, opts);
  const rest = variables.slice(k);
  const basis: Polynomial<T>[] = [];
  for (const g of full.basis) {
    if (g.terms.some((t) => t.exponents.slice(0, k).some((e) => e !== 0))) continue;
    basis.push({ $kind: "polynomial", ring, variables: rest, terms: g.terms.map((t) => ({ exponents: t.exponents.slice(k), coeff: t.coeff })) });
  }
  return { basis, full };
}

// ───────────────────────────── verification of a claimed reduced basis ─────────────────────────────

export type BasisCheck<T> =
  | { ok: true; pairs: number }
  | { ok: false; reason: string; element?: number; pair?: [number, number]; generator?: number; remainder?: Polynomial<T> };

/**
 * Is `claim` the reduced Gröbner basis of the ideal generated by `gens` under `order`? Exact, over
 * the generic field arithmetic `R` and Buchberger's algorithm only (no F4, no modular method):
 * (1) monic and reduced, (2) every S-pair left by Buchberger's criteria reduces to zero (a Gröbner
 * basis), (3) every generator reduces to zero (I ⊆ ⟨claim⟩), (4) the reduced basis of I computed by
 * Buchberger equals the claim (⟨claim⟩ ⊆ I; the reduced basis is unique). Every failure names a
 * verified witness.
 */
export function verifyReducedBasis<T>(R: CoeffRing<T>, gens: readonly Polynomial<T>[], claim: readonly Polynomial<T>[], order: MonomialOrder, opts: GroebnerOptions = {}): BasisCheck<T> {
  checkField(R);
  const { ring, variables } = sameSpace(gens);
  const ctx = new Monos(variables.length, order);
  const checkpoint = opts.checkpoint ?? noop;
  const G = claim.map((f) => toGPoly(ctx, R, f));
  const out = (f: GPoly<T>) => fromG(ctx, ring, variables, f);
  // (1) reduced
  for (let i = 0; i < G.length; i++) {
    const g = G[i]!;
    if (!g.m.length) return { ok: false, reason: `element ${i} is zero`, element: i };
    if (!R.eq(g.c[0]!, R.one)) return { ok: false, reason: `element ${i} is not monic (leading coefficient ${R.format(g.c[0]!)})`, element: i };
    for (let j = 0; j < G.length; j++) {
      if (j === i) continue;
      const l = G[j]!.m[0]!;
      for (let k = 0; k < g.m.length; k++)
        if (ctx.divides(l, g.m[k]!))
          return { ok: false, reason: `${k === 0 ? "the leading" : "a"} monomial of element ${i} is divisible by the leading monomial of element ${j}: the set is not a reduced basis`, element: i };
    }
  }
  // (2) S-pairs
  const idx = G.map((_, i) => i).sort((a, b) => ctx.cmp(G[a]!.m[0]!, G[b]!.m[0]!));
  const st: BasisState = { lm: G.map((g) => g.m[0]!), sugar: G.map(() => 0), active: [], pairs: [] };
  for (const h of idx) gmUpdate(ctx, st, h);
  const all = G.map((_, i) => i);
  let done = 0;
  for (const pr of st.pairs) {
    checkpoint();
    const fi = G[pr.i]!, fj = G[pr.j]!;
    const si = gAxpy(ctx, R, { m: [], c: [] }, 0, R.neg(R.one), ctx.div(pr.lcm, fi.m[0]!), fi, 1);
    const s = gAxpy(ctx, R, si, 0, R.one, ctx.div(pr.lcm, fj.m[0]!), fj, 1);
    const r = gNormalForm(ctx, R, s, G, all, checkpoint);
    if (r.m.length) return { ok: false, reason: `the S-polynomial of elements ${pr.i} and ${pr.j} has a nonzero remainder: the set is not a Gröbner basis`, pair: [pr.i, pr.j], remainder: out(r) };
    if ((++done & 15) === 0) opts.progress?.(done, st.pairs.length, "S-pairs of the claim");
  }
  // (3) generators
  for (let k = 0; k < gens.length; k++) {
    const r = gNormalForm(ctx, R, toGPoly(ctx, R, gens[k]!), G, all, checkpoint);
    if (r.m.length) return { ok: false, reason: `generator ${k} does not reduce to zero: it is not in the ideal generated by the claim`, generator: k, remainder: out(r) };
  }
  // (4) the claim's elements are in I: compare with Buchberger's reduced basis.
  const B = buchberger(ctx, R, gens.map((f) => toGPoly(ctx, R, f)), opts);
  const Bi = B.map((_, i) => i);
  for (let i = 0; i < G.length; i++) {
    const r = gNormalForm(ctx, R, G[i]!, B, Bi, checkpoint);
    if (r.m.length) return { ok: false, reason: `element ${i} is not in the ideal of the generators (nonzero remainder modulo its Gröbner basis)`, element: i, remainder: out(r) };
  }
  return { ok: true, pairs: st.pairs.length };
}
