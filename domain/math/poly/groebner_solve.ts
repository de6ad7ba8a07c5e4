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
import type { Rational } from "../rational.js";
import { gfpRoots } from "./gfp.js";
import { compareExponents, groebnerBasis, LEX, type GroebnerOptions } from "./groebner.js";
import { rationalRootsSquarefree } from "./rational_roots.js";
import type { CoeffRing, Polynomial, Term } from "./types.js";

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
  if (R.ring.kind === "GF") return gfpRoots(f as unknown as bigint[], R.ring.p, { checkpoint }).map((r) => r.root) as unknown as T[];
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
  return rationalRootsSquarefree(quo.map((c) => c.num * (L / c.den)), checkpoint) as unknown as T[];
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
