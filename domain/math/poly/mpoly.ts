/**
 * Multivariate integer polynomials for the gcd and factorization algorithms (mgcd.ts, mfactor.ts):
 * sparse `Terms<bigint>` in the canonical descending lexicographic order (sparse.ts), every
 * exponent vector of the same length n. Helpers here look at one variable at a time (its
 * coefficients, setting it to a value, a Taylor shift), give integer contents, and provide the
 * residue ring ZZ/M used by multivariate Hensel lifting modulo a prime power.
 */
import { gcd as igcd, modInverse } from "../integer.js";
import { dMul, dTaylorShift } from "./dense.js";
import { integers } from "./rings.js";
import { compareExponents, exponentKey, sortTerms, type Terms } from "./sparse.js";
import type { CoeffRing, Term } from "./types.js";

export type ZTerms = Terms<bigint>;

const absB = (a: bigint): bigint => (a < 0n ? -a : a);

/** gcd of the coefficients (≥ 0; 0 for the zero polynomial). */
export function integerContentOf(f: ZTerms): bigint {
  let g = 0n;
  for (const t of f) {
    g = g === 0n ? absB(t.coeff) : igcd(g, t.coeff);
    if (g === 1n) return 1n;
  }
  return g;
}

/** f / c for an integer c dividing every coefficient. */
export const divideByInteger = (f: ZTerms, c: bigint): ZTerms => (c === 1n ? f : f.map((t) => ({ exponents: t.exponents, coeff: t.coeff / c })));

/** The primitive part over ZZ with a positive leading (lex-first) coefficient; zero stays zero. */
export function primitiveZ(f: ZTerms): ZTerms {
  if (!f.length) return f;
  let c = integerContentOf(f);
  if (f[0]!.coeff < 0n) c = -c;
  return divideByInteger(f, c);
}

/** Whether f involves variable i. */
export const involves = <T>(f: Terms<T>, i: number): boolean => f.some((t) => t.exponents[i]! > 0);

/** The variables f involves (ascending indices). */
export function usedVariables<T>(f: Terms<T>, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (involves(f, i)) out.push(i);
  return out;
}

/** Keep only the variables `keep` (indices into the old vector), in that order. */
export function project<T>(f: Terms<T>, keep: readonly number[]): Terms<T> {
  return sortTerms(f.map((t) => ({ exponents: keep.map((i) => t.exponents[i]!), coeff: t.coeff })));
}

/** Inverse of `project`: vectors of length n with the kept variables at their old indices. */
export function embed<T>(f: Terms<T>, keep: readonly number[], n: number): Terms<T> {
  return sortTerms(f.map((t) => {
    const e = new Array<number>(n).fill(0);
    keep.forEach((j, k) => (e[j] = t.exponents[k]!));
    return { exponents: e, coeff: t.coeff };
  }));
}

/** Exponent vectors reordered so that variable `first` comes first (the others keep their order). */
export function moveFirst<T>(f: Terms<T>, first: number, n: number): Terms<T> {
  const order = [first, ...Array.from({ length: n }, (_, i) => i).filter((i) => i !== first)];
  return project(f, order);
}

/** Inverse of `moveFirst`. */
export function moveBack<T>(f: Terms<T>, first: number, n: number): Terms<T> {
  const order = [first, ...Array.from({ length: n }, (_, i) => i).filter((i) => i !== first)];
  return embed(f, order, n);
}

/** The coefficients of f as a polynomial in variable i: degree → terms with exponent i set to 0 (each in canonical order). */
export function coefficientsIn<T>(f: Terms<T>, i: number): Map<number, Term<T>[]> {
  const out = new Map<number, Term<T>[]>();
  for (const t of f) {
    const e = t.exponents[i]!;
    const ex = t.exponents.slice();
    ex[i] = 0;
    let g = out.get(e);
    if (!g) out.set(e, (g = []));
    g.push({ exponents: ex, coeff: t.coeff });
  }
  // terms sharing exponent e in variable i keep their relative (lex) order when it is zeroed
  return out;
}

/** The leading coefficient of f in variable i (a polynomial without x_i). */
export function leadingCoefficientIn<T>(f: Terms<T>, i: number): Terms<T> {
  let d = -1;
  for (const t of f) if (t.exponents[i]! > d) d = t.exponents[i]!;
  return coefficientOf(f, i, d);
}

/** The coefficient of x_i^m in f (exponent i set to 0). Order is preserved. */
export function coefficientOf<T>(f: Terms<T>, i: number, m: number): Terms<T> {
  const out: Term<T>[] = [];
  for (const t of f) {
    if (t.exponents[i] !== m) continue;
    if (m === 0) out.push(t);
    else {
      const e = t.exponents.slice();
      e[i] = 0;
      out.push({ exponents: e, coeff: t.coeff });
    }
  }
  return out;
}

/** f · x_i^m. Order is preserved. */
export function timesVariablePower<T>(f: Terms<T>, i: number, m: number): Terms<T> {
  if (m === 0) return f;
  return f.map((t) => {
    const e = t.exponents.slice();
    e[i]! += m;
    return { exponents: e, coeff: t.coeff };
  });
}

/** Terms whose exponents of the variables `vars` sum to at most d. */
export function truncateTotal<T>(f: Terms<T>, vars: readonly number[], d: number): Terms<T> {
  return f.filter((t) => {
    let s = 0;
    for (const v of vars) s += t.exponents[v]!;
    return s <= d;
  });
}

/** Substitute x_i = a (the exponent vectors keep their length; x_i's exponent becomes 0). */
export function evaluateVariable<T>(R: CoeffRing<T>, f: Terms<T>, i: number, a: T): Terms<T> {
  if (R.isZero(a)) return coefficientOf(f, i, 0);
  const groups = groupByOthers(f, i);
  const out: Term<T>[] = [];
  const pow = new Map<number, T>();
  const power = (e: number): T => {
    let v = pow.get(e);
    if (v === undefined) {
      v = R.one;
      let b = a, k = e;
      while (k > 0) {
        if (k & 1) v = R.mul(v, b);
        k >>= 1;
        if (k) b = R.mul(b, b);
      }
      pow.set(e, v);
    }
    return v;
  };
  for (const g of groups.values()) {
    let s = R.zero;
    for (const [e, c] of g.dense) s = R.add(s, e === 0 ? c : R.mul(c, power(e)));
    if (!R.isZero(s)) out.push({ exponents: g.rest, coeff: s });
  }
  return sortTerms(out);
}

interface Group<T> {
  rest: number[];
  dense: [number, T][];
}

function groupByOthers<T>(f: Terms<T>, i: number): Map<string, Group<T>> {
  const groups = new Map<string, Group<T>>();
  for (const t of f) {
    const rest = t.exponents.slice();
    rest[i] = 0;
    const k = exponentKey(rest);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { rest, dense: [] }));
    g.dense.push([t.exponents[i]!, t.coeff]);
  }
  return groups;
}

/** The Taylor shift f(…, x_i + a, …). */
export function shiftVariable<T>(R: CoeffRing<T>, f: Terms<T>, i: number, a: T): Terms<T> {
  if (R.isZero(a)) return f;
  const out: Term<T>[] = [];
  for (const g of groupByOthers(f, i).values()) {
    let d = 0;
    for (const [e] of g.dense) if (e > d) d = e;
    const dense = new Array<T>(d + 1).fill(R.zero);
    for (const [e, c] of g.dense) dense[e] = c;
    const s = dTaylorShift(R, dense, a);
    for (let e = 0; e < s.length; e++) {
      if (R.isZero(s[e]!)) continue;
      const ex = g.rest.slice();
      ex[i] = e;
      out.push({ exponents: ex, coeff: s[e]! });
    }
  }
  return sortTerms(out);
}

/** Shift every variable i ≥ 1 by point[i − 1] (x_i ↦ x_i + a_i). */
export function shiftPoint<T>(R: CoeffRing<T>, f: Terms<T>, point: readonly T[]): Terms<T> {
  let g = f;
  point.forEach((a, k) => (g = shiftVariable(R, g, k + 1, a)));
  return g;
}

/** Value of f at x_i = a_i for every i ≥ 1: a polynomial in x_0 only (dense, little-endian). */
export function univariateImage<T>(R: CoeffRing<T>, f: Terms<T>, point: readonly T[]): T[] {
  const out: T[] = [];
  const pows = point.map(() => new Map<number, T>());
  const power = (k: number, e: number): T => {
    if (e === 0) return R.one;
    let v = pows[k]!.get(e);
    if (v === undefined) {
      v = R.one;
      let b: T = point[k] as T, x = e;
      while (x > 0) {
        if (x & 1) v = R.mul(v, b);
        x >>= 1;
        if (x) b = R.mul(b, b);
      }
      pows[k]!.set(e, v);
    }
    return v;
  };
  for (const t of f) {
    let c = t.coeff;
    for (let k = 0; k < point.length; k++) {
      const e = t.exponents[k + 1]!;
      if (e) c = R.mul(c, power(k, e));
    }
    const d = t.exponents[0]!;
    while (out.length <= d) out.push(R.zero);
    out[d] = R.add(out[d]!, c);
  }
  let n = out.length;
  while (n > 0 && R.isZero(out[n - 1]!)) n--;
  out.length = n;
  return out;
}

/** A univariate dense polynomial in x_0 as terms over n variables. */
export function fromUnivariate<T>(R: CoeffRing<T>, u: readonly T[], n: number): Terms<T> {
  const out: Term<T>[] = [];
  for (let d = u.length - 1; d >= 0; d--) {
    if (R.isZero(u[d]!)) continue;
    const e = new Array<number>(n).fill(0);
    e[0] = d;
    out.push({ exponents: e, coeff: u[d]! });
  }
  return out;
}

/** Whether f is a constant (no variable occurs). */
export const isConstant = <T>(f: Terms<T>): boolean => f.length === 0 || (f.length === 1 && f[0]!.exponents.every((e) => e === 0));

/** Degree of f in each variable. */
export function degrees<T>(f: Terms<T>, n: number): number[] {
  const d = new Array<number>(n).fill(0);
  for (const t of f) for (let i = 0; i < n; i++) if (t.exponents[i]! > d[i]!) d[i] = t.exponents[i]!;
  return d;
}

/** Residues mod M in 0..M−1 (drops zeros). */
export function reduceMod(f: ZTerms, M: bigint): ZTerms {
  const out: Term<bigint>[] = [];
  for (const t of f) {
    let c = t.coeff % M;
    if (c < 0n) c += M;
    if (c !== 0n) out.push({ exponents: t.exponents, coeff: c });
  }
  return out;
}

/** Symmetric residues in (−M/2, M/2]. */
export function symmetricMod(f: ZTerms, M: bigint): ZTerms {
  const h = M >> 1n;
  const out: Term<bigint>[] = [];
  for (const t of f) {
    let c = t.coeff % M;
    if (c < 0n) c += M;
    if (c > h) c -= M;
    if (c !== 0n) out.push({ exponents: t.exponents, coeff: c });
  }
  return out;
}

const MOD_RINGS = new Map<bigint, CoeffRing<bigint>>();

/** ZZ/M (M ≥ 2, any modulus): residues 0..M−1; `inv` and `divExact` need a unit. */
export function residueRing(M: bigint): CoeffRing<bigint> {
  let R = MOD_RINGS.get(M);
  if (R) return R;
  const inv = (a: bigint): bigint => {
    const r = modInverse(a, M);
    if (r === undefined) throw new RangeError("not a unit modulo M");
    return r;
  };
  R = {
    name: `ZZ/${M}`,
    ring: integers.ring,
    isField: false,
    characteristic: M,
    order: M,
    zero: 0n,
    one: 1n,
    add: (a, b) => {
      const s = a + b;
      return s >= M ? s - M : s;
    },
    sub: (a, b) => {
      const s = a - b;
      return s < 0n ? s + M : s;
    },
    neg: (a) => (a === 0n ? 0n : M - a),
    mul: (a, b) => (a * b) % M,
    isZero: (a) => a === 0n,
    eq: (a, b) => a === b,
    inv,
    divExact: (a, b) => (a * inv(b)) % M,
    fromInteger: (n) => {
      const r = n % M;
      return r < 0n ? r + M : r;
    },
    fromRational: () => undefined,
    format: (a) => a.toString(),
    bits: () => M.toString(2).length,
  };
  if (MOD_RINGS.size > 32) MOD_RINGS.clear();
  MOD_RINGS.set(M, R);
  return R;
}

/** The lexicographically leading term's coefficient. */
export const leadingCoefficient = <T>(f: Terms<T>): T => f[0]!.coeff;

/** Canonical comparison of two polynomials (for a deterministic order of factors): total degree, then terms. */
export function comparePolynomials(a: ZTerms, b: ZTerms): number {
  const td = (f: ZTerms) => f.reduce((m, t) => Math.max(m, t.exponents.reduce((x, y) => x + y, 0)), 0);
  const d = td(a) - td(b);
  if (d !== 0) return d;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareExponents(a[i]!.exponents, b[i]!.exponents);
    if (c !== 0) return c;
    if (a[i]!.coeff !== b[i]!.coeff) return a[i]!.coeff < b[i]!.coeff ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * The restriction of f to the line x = a + b·t: the univariate f(a_1 + b_1 t, …, a_n + b_n t)
 * (dense, little-endian in t). Its degree is the total degree of f exactly when the top
 * homogeneous part of f does not vanish at b.
 */
export function lineImage(f: ZTerms, a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const n = a.length;
  const pw: bigint[][][] = Array.from({ length: n }, () => [[1n]]);
  const power = (i: number, e: number): bigint[] => {
    const list = pw[i]!;
    while (list.length <= e) {
      const prev = list[list.length - 1]!;
      const next = new Array<bigint>(prev.length + 1).fill(0n);
      for (let k = 0; k < prev.length; k++) {
        next[k]! += prev[k]! * a[i]!;
        next[k + 1]! += prev[k]! * b[i]!;
      }
      list.push(next);
    }
    return list[e]!;
  };
  let out: bigint[] = [];
  for (const t of f) {
    let term: bigint[] = [t.coeff];
    for (let i = 0; i < n; i++) {
      const e = t.exponents[i]!;
      if (!e) continue;
      const q = power(i, e);
      const next = new Array<bigint>(term.length + q.length - 1).fill(0n);
      for (let x = 0; x < term.length; x++) for (let y = 0; y < q.length; y++) next[x + y]! += term[x]! * q[y]!;
      term = next;
    }
    if (term.length > out.length) out = out.concat(new Array<bigint>(term.length - out.length).fill(0n));
    for (let k = 0; k < term.length; k++) out[k]! += term[k]!;
  }
  let m = out.length;
  while (m > 0 && out[m - 1] === 0n) m--;
  out.length = m;
  return out;
}

/**
 * f(a + b·t) ∈ R[t] (dense, low degree first, trimmed) for f over a subring of the field R: the
 * coefficients are mapped in by `lift` (GF(p) residues into GF(p^k) for lines over an extension).
 */
export function lineImageIn<S, T>(R: CoeffRing<T>, f: Terms<S>, a: readonly T[], b: readonly T[], lift: (c: S) => T): T[] {
  const n = a.length;
  const pw: T[][][] = Array.from({ length: n }, () => [[R.one]]);
  const power = (i: number, e: number): T[] => {
    const list = pw[i]!;
    while (list.length <= e) list.push(dMul(R, list[list.length - 1]!, [a[i]!, b[i]!]));
    return list[e]!;
  };
  const out: T[] = [];
  for (const t of f) {
    let term: T[] = [lift(t.coeff)];
    for (let i = 0; i < n; i++) if (t.exponents[i]) term = dMul(R, term, power(i, t.exponents[i]!));
    while (out.length < term.length) out.push(R.zero);
    for (let k = 0; k < term.length; k++) out[k] = R.add(out[k]!, term[k]!);
  }
  let m = out.length;
  while (m > 0 && R.isZero(out[m - 1]!)) m--;
  out.length = m;
  return out;
}

/** The terms of p over a variable list containing p's variables (reordered canonically). */
export function remapTo<T>(p: { variables: readonly string[]; terms: Terms<T> }, variables: readonly string[]): Terms<T> {
  if (p.variables.length === variables.length && p.variables.every((v, i) => v === variables[i])) return p.terms;
  const idx = p.variables.map((v) => variables.indexOf(v));
  return sortTerms(p.terms.map((t) => {
    const e = new Array<number>(variables.length).fill(0);
    t.exponents.forEach((x, i) => (e[idx[i]!] = x));
    return { exponents: e, coeff: t.coeff };
  }));
}
