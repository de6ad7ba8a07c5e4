/**
 * Zero-dimensional polynomial systems (issue 9, engineer "groebner"): all solutions in GF(p)^n, or
 * all rational solutions over QQ, by a lexicographic Gröbner basis and back-substitution: the
 * reduced lex basis of a zero-dimensional ideal contains one univariate polynomial in the last
 * variable; each of its roots in the field is substituted and the smaller system solved again.
 * Univariate roots: over GF(p) by gcd with x^p − x and Cantor–Zassenhaus splitting; over QQ from
 * the square-free part (a Gröbner basis of ⟨f, f′⟩ in one variable is gcd(f, f′)) by roots modulo
 * a prime near 2^25, Hensel (Newton) lifting, rational reconstruction and an exact check.
 */
import { JacobianError } from "../../errors.js";
import { SeededRandom } from "../seeded-random.js";
import type { Rational } from "../rational.js";
import { compareExponents, groebnerBasis, LEX, type GroebnerOptions, rationalReconstruct } from "./groebner.js";
import type { CoeffRing, Polynomial, Term } from "./types.js";

// ───────────────────────────── dense univariate over GF(p) (bigint, little-endian) ─────────────────────────────

type UP = bigint[];
const md = (a: bigint, p: bigint): bigint => ((a % p) + p) % p;
function trim(a: UP): UP {
  let n = a.length;
  while (n > 0 && a[n - 1] === 0n) n--;
  return n === a.length ? a : a.slice(0, n);
}
function inv(a: bigint, p: bigint): bigint {
  let t = 0n, nt = 1n, r = p, nr = md(a, p);
  while (nr !== 0n) {
    const q = r / nr;
    [t, nt] = [nt, t - q * nt];
    [r, nr] = [nr, r - q * nr];
  }
  return md(t, p);
}
function upMul(a: UP, b: UP, p: bigint): UP {
  if (!a.length || !b.length) return [];
  const out: bigint[] = new Array(a.length + b.length - 1).fill(0n);
  for (let i = 0; i < a.length; i++) if (a[i]) for (let j = 0; j < b.length; j++) out[i + j] = out[i + j]! + a[i]! * b[j]!;
  return trim(out.map((x) => x % p));
}
function upRem(a: UP, m: UP, p: bigint): UP {
  const r = a.slice();
  const dm = m.length - 1, li = inv(m[dm]!, p);
  for (let i = r.length - 1; i >= dm; i--) {
    const c = (r[i]! * li) % p;
    if (c === 0n) continue;
    for (let j = 0; j <= dm; j++) r[i - dm + j] = md(r[i - dm + j]! - c * m[j]!, p);
  }
  return trim(r.slice(0, dm));
}
function upDiv(a: UP, m: UP, p: bigint): UP {
  const r = a.slice();
  const dm = m.length - 1, li = inv(m[dm]!, p);
  const q: bigint[] = new Array(Math.max(0, a.length - dm)).fill(0n);
  for (let i = r.length - 1; i >= dm; i--) {
    const c = (r[i]! * li) % p;
    q[i - dm] = c;
    if (c === 0n) continue;
    for (let j = 0; j <= dm; j++) r[i - dm + j] = md(r[i - dm + j]! - c * m[j]!, p);
  }
  return trim(q);
}
function upGcd(a: UP, b: UP, p: bigint): UP {
  a = trim(a);
  b = trim(b);
  while (b.length) [a, b] = [b, upRem(a, b, p)];
  if (!a.length) return a;
  const li = inv(a[a.length - 1]!, p);
  return a.map((x) => (x * li) % p);
}
function upPowMod(base: UP, e: bigint, m: UP, p: bigint, checkpoint: () => void): UP {
  let r: UP = [1n], b = upRem(base, m, p);
  while (e > 0n) {
    if (e & 1n) r = upRem(upMul(r, b, p), m, p);
    b = upRem(upMul(b, b, p), m, p);
    e >>= 1n;
    checkpoint();
  }
  return r;
}
const upDeriv = (a: UP, p: bigint): UP => trim(a.slice(1).map((c, i) => md(c * BigInt(i + 1), p)));

/** The distinct roots in GF(p) of a nonzero polynomial (ascending). */
export function rootsModP(f: UP, p: bigint, checkpoint: () => void = () => {}): bigint[] {
  f = trim(f.map((c) => md(c, p)));
  if (f.length <= 1) return [];
  if (p <= 3n) {
    const out: bigint[] = [];
    for (let x = 0n; x < p; x++) if (f.reduceRight((acc, c) => md(acc * x + c, p), 0n) === 0n) out.push(x);
    return out;
  }
  // g = gcd(f, x^p − x): the product of the distinct linear factors.
  const xp = upPowMod([0n, 1n], p, f, p, checkpoint);
  const t = trim([...xp, ...new Array(Math.max(0, 2 - xp.length)).fill(0n)].map((c, i) => (i === 1 ? md(c - 1n, p) : c)));
  let g = upGcd(f, t, p);
  const roots: bigint[] = [];
  if (g.length > 1 && g[0] === 0n) {
    roots.push(0n);
    g = upDiv(g, [0n, 1n], p);
  }
  const rng = new SeededRandom(0x5eed ^ Number(p % 1000003n));
  const split = (h: UP): void => {
    if (h.length <= 1) return;
    if (h.length === 2) {
      roots.push(md(-h[0]! * inv(h[1]!, p), p));
      return;
    }
    for (;;) {
      checkpoint();
      const d = BigInt(rng.nextU32()) % p;
      const w = upPowMod([d, 1n], (p - 1n) / 2n, h, p, checkpoint);
      const u = upGcd(h, trim(w.length ? [md(w[0]! - 1n, p), ...w.slice(1)] : [p - 1n]), p);
      if (u.length > 1 && u.length < h.length) {
        split(u);
        split(upDiv(h, u, p));
        return;
      }
    }
  };
  split(g);
  return roots.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

// ───────────────────────────── rational roots of an integer polynomial ─────────────────────────────

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

/** Distinct rational roots of a square-free integer polynomial (little-endian, nonzero constant term). */
export function rationalRootsSquarefree(S: bigint[], checkpoint: () => void = () => {}): Rational[] {
  const deg = S.length - 1;
  if (deg < 1) return [];
  const abs = (a: bigint) => (a < 0n ? -a : a);
  const N = abs(S[0]!), D = abs(S[deg]!);
  const bound = 2n * (N > D ? N : D) ** 2n + 1n;
  let p = (1 << 25) - 1;
  for (;;) {
    p -= 2;
    if (!isPrime(p)) continue;
    const P = BigInt(p);
    if (S[deg]! % P === 0n) continue;
    const fp = S.map((c) => md(c, P));
    if (upGcd(fp, upDeriv(fp, P), P).length > 1) continue; // not square-free mod p
    const out: Rational[] = [];
    for (const r0 of rootsModP(fp, P, checkpoint)) {
      // Newton lifting r ← r − S(r)/S′(r) mod p^(2^i)
      let r = r0, m = P;
      const dS = S.slice(1).map((c, i) => c * BigInt(i + 1));
      while (m < bound) {
        m = m * m;
        const ev = (c: bigint[]) => c.reduceRight((acc, x) => md(acc * r + x, m), 0n);
        r = md(r - ev(S) * inv(ev(dS), m), m);
        checkpoint();
      }
      const q = rationalReconstruct(r, m);
      if (!q) continue;
      const [a, b] = q;
      // exact check: Σ s_i a^i b^(deg−i) = 0
      let acc = 0n, ai = 1n;
      const bp: bigint[] = [1n];
      for (let i = 1; i <= deg; i++) bp.push(bp[i - 1]! * b);
      for (let i = 0; i <= deg; i++) {
        acc += S[i]! * ai * bp[deg - i]!;
        ai *= a;
      }
      if (acc === 0n) out.push({ num: a, den: b });
    }
    return out;
  }
}

// ───────────────────────────── the solver ─────────────────────────────

export interface SystemSolutions<T> {
  /** Solutions (one value per variable), sorted. */
  solutions: T[][];
  /** dim_K K[x]/I: the number of solutions over the algebraic closure counted with multiplicity. */
  degree: number;
}

export class PositiveDimensional extends Error {}

function substituteLast<T>(R: CoeffRing<T>, f: Polynomial<T>, r: T): Polynomial<T> {
  const n = f.variables.length;
  const acc = new Map<string, { e: number[]; c: T }>();
  for (const t of f.terms) {
    let c = t.coeff;
    for (let k = 0; k < t.exponents[n - 1]!; k++) c = R.mul(c, r);
    const e = t.exponents.slice(0, n - 1);
    const key = e.join(",");
    const x = acc.get(key);
    if (x) x.c = R.add(x.c, c);
    else acc.set(key, { e, c });
  }
  const terms: Term<T>[] = [...acc.values()].filter((x) => !R.isZero(x.c)).map((x) => ({ exponents: x.e, coeff: x.c }));
  terms.sort((a, b) => compareExponents(LEX, b.exponents, a.exponents));
  return { $kind: "polynomial", ring: f.ring, variables: f.variables.slice(0, n - 1), terms };
}

/** Roots in the field of a univariate polynomial (coefficients T, little-endian). */
function univariateRoots<T>(R: CoeffRing<T>, f: T[], opts: GroebnerOptions): T[] {
  const checkpoint = opts.checkpoint ?? (() => {});
  if (R.ring.kind === "GF") return rootsModP(f as unknown as bigint[], R.ring.p, checkpoint) as unknown as T[];
  if (R.ring.kind !== "QQ") throw new JacobianError("DOMAIN_ERROR", `systems are solved over QQ and GF(p); not over ${R.name}`);
  // Square-free part via the one-variable Gröbner basis of ⟨f, f′⟩ (= gcd).
  const q = f as unknown as Rational[];
  const x = (c: Rational[]): Polynomial<Rational> => ({ $kind: "polynomial", ring: R.ring, variables: ["t"], terms: c.map((v, i) => ({ exponents: [i], coeff: v })).filter((t) => t.coeff.num !== 0n).reverse() });
  const dq = q.slice(1).map((c, i) => ({ num: c.num * BigInt(i + 1), den: c.den }));
  const Rq = R as unknown as CoeffRing<Rational>;
  const g = groebnerBasis(Rq, [x(q), x(dq)], LEX, opts).basis[0]!;
  const gd = g.terms[0]!.exponents[0]!;
  // S = f / g by long division over QQ.
  let rem = q.slice();
  const gc: Rational[] = new Array(gd + 1).fill(Rq.zero);
  for (const t of g.terms) gc[t.exponents[0]!] = t.coeff;
  const quo: Rational[] = new Array(Math.max(1, q.length - gd)).fill(Rq.zero);
  for (let i = rem.length - 1; i >= gd; i--) {
    const c = Rq.divExact(rem[i]!, gc[gd]!)!;
    quo[i - gd] = c;
    for (let j = 0; j <= gd; j++) rem[i - gd + j] = Rq.sub(rem[i - gd + j]!, Rq.mul(c, gc[j]!));
  }
  rem = [];
  // integer square-free part
  let L = 1n;
  const gcdB = (a: bigint, b: bigint): bigint => {
    a = a < 0n ? -a : a;
    b = b < 0n ? -b : b;
    while (b) [a, b] = [b, a % b];
    return a;
  };
  for (const c of quo) L = (L / gcdB(L, c.den)) * c.den;
  let S = quo.map((c) => c.num * (L / c.den));
  const roots: Rational[] = [];
  if (S[0] === 0n) {
    roots.push({ num: 0n, den: 1n });
    S = S.slice(1);
  }
  roots.push(...rationalRootsSquarefree(S, checkpoint));
  return roots as unknown as T[];
}

function solveRec<T>(R: CoeffRing<T>, polys: Polynomial<T>[], opts: GroebnerOptions, top: boolean, degreeOut: { d: number }): T[][] {
  const n = polys[0]!.variables.length;
  if (n === 0) return polys.every((f) => f.terms.length === 0) ? [[]] : [];
  const nonzero = polys.filter((f) => f.terms.length);
  if (!nonzero.length) throw new PositiveDimensional();
  const G = groebnerBasis(R, nonzero, LEX, opts);
  if (G.basis.length === 1 && G.leading[0]!.every((e) => e === 0)) return [];
  // zero-dimensional: a pure power of every variable among the leading monomials
  for (let i = 0; i < n; i++) if (!G.leading.some((e) => e.every((x, j) => (j === i ? x > 0 : x === 0)))) throw new PositiveDimensional();
  if (top) degreeOut.d = standardMonomialCount(G.leading, n);
  const uni = G.basis.find((g) => g.terms.every((t) => t.exponents.every((x, j) => j === n - 1 || x === 0)))!;
  const dense: T[] = new Array(uni.terms[0]!.exponents[n - 1]! + 1).fill(R.zero);
  for (const t of uni.terms) dense[t.exponents[n - 1]!] = t.coeff;
  const out: T[][] = [];
  for (const r of univariateRoots(R, dense, opts)) {
    const sub = G.basis.map((g) => substituteLast(R, g, r));
    for (const s of solveRec(R, sub, opts, false, degreeOut)) out.push([...s, r]);
  }
  return out;
}

/** Number of monomials outside the leading-monomial ideal (zero-dimensional: finite), capped at 10^7. */
function standardMonomialCount(leading: number[][], n: number): number {
  const bounds = new Array<number>(n).fill(0);
  for (const e of leading) {
    const nz = e.filter((x) => x > 0).length;
    if (nz === 1) {
      const i = e.findIndex((x) => x > 0);
      bounds[i] = bounds[i] ? Math.min(bounds[i]!, e[i]!) : e[i]!;
    }
  }
  let count = 0;
  const cur = new Array<number>(n).fill(0);
  const divisible = () => leading.some((e) => e.every((x, j) => x <= cur[j]!));
  const rec = (i: number): void => {
    if (count > 1e7) return;
    if (i === n) {
      count++;
      return;
    }
    for (let a = 0; a < bounds[i]!; a++) {
      cur[i] = a;
      if (divisible()) break;
      rec(i + 1);
    }
    cur[i] = 0;
  };
  rec(0);
  return count;
}

/**
 * All solutions in K^n (K = GF(p) or QQ: the rational ones) of a zero-dimensional system. Throws
 * PositiveDimensional when the system has infinitely many solutions over the algebraic closure.
 */
export function solveSystem<T>(R: CoeffRing<T>, polys: readonly Polynomial<T>[], opts: GroebnerOptions = {}): SystemSolutions<T> {
  const deg = { d: 0 };
  const sols = solveRec(R, polys.slice(), opts, true, deg);
  const cmp = (a: T, b: T): number => {
    if (typeof a === "bigint") return a < (b as bigint) ? -1 : a > (b as bigint) ? 1 : 0;
    const x = a as unknown as Rational, y = b as unknown as Rational;
    const l = x.num * y.den, r = y.num * x.den;
    return l < r ? -1 : l > r ? 1 : 0;
  };
  sols.sort((a, b) => {
    for (let i = 0; i < a.length; i++) {
      const c = cmp(a[i]!, b[i]!);
      if (c) return c;
    }
    return 0;
  });
  return { solutions: sols, degree: deg.d };
}
