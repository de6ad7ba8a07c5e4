/**
 * Multivariate polynomials over a field (GF(p), GF(p^k)) — gcd and square-free decomposition —
 * and, over any coefficient ring of the family (ZZ, QQ, GF(p), GF(p^k)), the resultant and the
 * discriminant with respect to one variable. Sparse `Terms` in the canonical descending
 * lexicographic order; every exponent vector has the same length n.
 *
 * gcd: over GF(p) with p < 2^26 Brown's dense modular algorithm (mgcd.ts's `gcdModP`: evaluation
 * at points of GF(p), Newton interpolation, the division test as proof); it runs out of points
 * when p is small next to the degrees, and for larger p it is not written, so otherwise the
 * primitive pseudo-remainder sequence in the first occurring variable runs, with the contents
 * (gcds of the coefficients, recursively in the other variables) taken out at every step.
 *
 * Square-free decomposition over a field of characteristic p (Musser's algorithm extended to
 * several variables): c = gcd(f, ∂f/∂x_1, …, ∂f/∂x_n) is Π_{p∤e} q^{e−1} · Π_{p|e} q^e over the
 * irreducible factors q^e of f (an irreducible q has some ∂q/∂x_i ≠ 0, since a polynomial whose
 * partial derivatives all vanish is a p-th power over a perfect field); w = f/c collects the q with
 * p ∤ e, and repeated gcds of w with c peel off the factors of multiplicity 1, 2, …; what is left
 * in c has all derivatives zero and is the p-th power of the polynomial with the exponents divided
 * by p and the coefficients' p-th roots (the identity in GF(p), a ↦ a^(q/p) in GF(q)), decomposed
 * recursively with the multiplicities times p.
 *
 * Resultant res_x(f, g) (the Sylvester determinant in x with the actual degrees, as PARI's
 * polresultant): by evaluation and interpolation over ZZ, QQ and GF(p) with p < 2^26 (below), else
 * the subresultant pseudo-remainder sequence (Collins; Cohen, Algorithm 3.3.7) in x with
 * coefficients in R[other variables]; every division in it is exact. The discriminant is
 * (−1)^{n(n−1)/2} · Res_{n, n−1}(f, f′) / lc(f) with f′ of formal degree n − 1 (PARI's poldisc):
 * when f′ has actual degree m < n − 1 (characteristic p), Res_{n, n−1} = lc(f)^{n−1−m} · Res_{n, m}
 * (the Sylvester matrix's first column has lc(f) as its only nonzero entry).
 */
import { rational, type Rational } from "../rational.js";
import { gcdModP, type PTerms } from "./mgcd.js";
import { invModP, resultantP, wordPrime } from "./smallprime.js";
import { garnerSymmetric } from "./zz.js";
import { coefficientOf, coefficientsIn, timesVariablePower } from "./mpoly.js";
import { compareExponents, constantExponents, degreeIn, spDerivative, spDivExact, spMulAuto, spSub, type Terms } from "./sparse.js";
import type { CoeffRing, Term } from "./types.js";

const noop = (): void => {};

/** Whether f is a constant (zero included). */
export const isConstantTerms = <T>(f: Terms<T>): boolean => f.length === 0 || (f.length === 1 && f[0]!.exponents.every((e) => e === 0));

/** f scaled to leading coefficient 1 (descending lex order); 0 stays 0. */
export function monicTerms<T>(R: CoeffRing<T>, f: Terms<T>): Terms<T> {
  if (!f.length || R.eq(f[0]!.coeff, R.one)) return f;
  const inv = R.inv(f[0]!.coeff);
  return f.map((t) => ({ exponents: t.exponents, coeff: R.mul(t.coeff, inv) }));
}

const one = <T>(R: CoeffRing<T>, n: number): Terms<T> => [{ exponents: constantExponents(n), coeff: R.one }];

function exactDiv<T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>, tick: () => void): Terms<T> {
  const q = spDivExact(R, a, b, tick);
  if (q === undefined) throw new Error("mfield: inexact division");
  return q;
}

function firstVariable<T>(n: number, ...fs: Terms<T>[]): number {
  for (let i = 0; i < n; i++) if (fs.some((f) => f.some((t) => t.exponents[i]! > 0))) return i;
  return -1;
}

// ───────────────────────────── gcd over a field ─────────────────────────────

/** Bound below which GF(p) residues are JavaScript numbers in mgcd.ts (products stay exact). */
const WORD_P = 2n ** 26n;

/**
 * The monic gcd (leading coefficient 1 in the descending lex order) of a and b in F[x_1..x_n] for
 * a field F; gcd(0, 0) = 0.
 */
export function gcdField<T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>, n: number, tick: () => void = noop): Terms<T> {
  if (!a.length) return monicTerms(R, b);
  if (!b.length) return monicTerms(R, a);
  if (isConstantTerms(a) || isConstantTerms(b)) return one(R, n);
  if (R.ring.kind === "GF" && R.ring.p < WORD_P && n > 0) {
    const p = Number(R.ring.p);
    const toP = (f: Terms<T>): PTerms => f.map((t) => ({ e: t.exponents as number[], c: Number(t.coeff as unknown as bigint) }));
    try {
      const g = gcdModP(toP(a), toP(b), n, p, tick);
      return g.map((t) => ({ exponents: t.e, coeff: BigInt(t.c) as unknown as T }));
    } catch (e) {
      // too few evaluation points in a small field: the pseudo-remainder sequence needs none
      if (!(e instanceof RangeError)) throw e;
    }
  }
  return gcdPrs(R, a, b, n, tick);
}

/** gcd of several polynomials over a field (stops at a constant). */
export function gcdManyField<T>(R: CoeffRing<T>, fs: readonly Terms<T>[], n: number, tick: () => void = noop): Terms<T> {
  let g: Terms<T> = [];
  for (const f of fs) {
    g = gcdField(R, g, f, n, tick);
    if (isConstantTerms(g) && g.length) return g;
  }
  return g;
}

/** The content of f in variable v: the monic gcd of its coefficients (f itself, monic, when f does not involve v). */
export function contentInField<T>(R: CoeffRing<T>, f: Terms<T>, v: number, n: number, tick: () => void = noop): Terms<T> {
  const cs = [...coefficientsIn(f, v).values()];
  if (cs.length === 1) return monicTerms(R, cs[0]!);
  return gcdManyField(R, cs, n, tick);
}

/** lc(B)^{δ+1}·A mod B in variable v (δ = deg_v A − deg_v B ≥ 0), exactly the pseudo-remainder. */
export function pseudoRemainderIn<T>(R: CoeffRing<T>, A: Terms<T>, B: Terms<T>, v: number, tick: () => void = noop): Terms<T> {
  const dB = degreeIn(B, v);
  const L = coefficientOf(B, v, dB);
  const delta = degreeIn(A, v) - dB;
  let r = A;
  let steps = 0;
  for (let dr = degreeIn(r, v); r.length && dr >= dB; dr = degreeIn(r, v)) {
    const lr = coefficientOf(r, v, dr);
    r = spSub(R, spMulAuto(R, L, r, tick), spMulAuto(R, timesVariablePower(lr, v, dr - dB), B, tick));
    steps++;
    tick();
  }
  for (; steps < delta + 1 && r.length; steps++) r = spMulAuto(R, L, r, tick);
  return r;
}

function gcdPrs<T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>, n: number, tick: () => void): Terms<T> {
  const v = firstVariable(n, a, b);
  if (v < 0) return one(R, n);
  const ca = contentInField(R, a, v, n, tick), cb = contentInField(R, b, v, n, tick);
  const c = gcdField(R, ca, cb, n, tick);
  let A = exactDiv(R, a, ca, tick), B = exactDiv(R, b, cb, tick);
  if (degreeIn(A, v) < degreeIn(B, v)) [A, B] = [B, A];
  let g: Terms<T>;
  if (degreeIn(B, v) <= 0) g = one(R, n);
  else {
    for (;;) {
      tick();
      const r = pseudoRemainderIn(R, A, B, v, tick);
      if (!r.length) {
        g = B;
        break;
      }
      if (degreeIn(r, v) === 0) {
        g = one(R, n);
        break;
      }
      A = B;
      B = exactDiv(R, r, contentInField(R, r, v, n, tick), tick);
    }
  }
  return monicTerms(R, isConstantTerms(c) ? g : spMulAuto(R, c, g, tick));
}

// ───────────────────────────── square-free decomposition ─────────────────────────────

export interface FieldSquarefree<T> {
  /** The leading coefficient of f. */
  unit: T;
  /** Monic, square-free, pairwise coprime; factor i holds the irreducible factors of multiplicity exactly `multiplicity`; ascending multiplicities. */
  factors: { factor: Terms<T>; multiplicity: number }[];
}

function powElement<T>(R: CoeffRing<T>, a: T, e: bigint): T {
  let r = R.one, b = a;
  while (e > 0n) {
    if (e & 1n) r = R.mul(r, b);
    e >>= 1n;
    if (e) b = R.mul(b, b);
  }
  return r;
}

/** The p-th root of f whose partial derivatives all vanish (every exponent divisible by p). */
function pthRoot<T>(R: CoeffRing<T>, f: Terms<T>): Terms<T> {
  const p = R.characteristic;
  const P = Number(p);
  const e = R.order / p; // a ↦ a^(q/p) inverts the Frobenius of GF(q)
  return f.map((t) => {
    if (t.exponents.some((x) => x % P !== 0)) throw new Error("pthRoot: an exponent not divisible by p");
    return { exponents: t.exponents.map((x) => x / P), coeff: e === 1n ? t.coeff : powElement(R, t.coeff, e) };
  });
}

/** Square-free decomposition of a nonzero f over a finite field (several variables). */
export function squarefreeField<T>(R: CoeffRing<T>, f: Terms<T>, n: number, tick: () => void = noop): FieldSquarefree<T> {
  if (!f.length) throw new RangeError("squarefreeField: the zero polynomial");
  const out: { factor: Terms<T>; multiplicity: number }[] = [];
  musser(R, monicTerms(R, f), n, 1, out, tick);
  out.sort((x, y) => x.multiplicity - y.multiplicity);
  return { unit: f[0]!.coeff, factors: out };
}

function musser<T>(R: CoeffRing<T>, g: Terms<T>, n: number, m: number, out: { factor: Terms<T>; multiplicity: number }[], tick: () => void): void {
  if (isConstantTerms(g)) return;
  let c = g;
  let anyDerivative = false;
  for (let v = 0; v < n && !isConstantTerms(c); v++) {
    const d = spDerivative(R, g, v);
    if (!d.length) continue;
    anyDerivative = true;
    c = gcdField(R, c, d, n, tick);
  }
  if (!anyDerivative) {
    musser(R, pthRoot(R, g), n, m * Number(R.characteristic), out, tick);
    return;
  }
  let w = exactDiv(R, g, c, tick);
  for (let i = 1; !isConstantTerms(w); i++) {
    tick();
    const y = gcdField(R, w, c, n, tick);
    const z = exactDiv(R, w, y, tick);
    if (!isConstantTerms(z)) out.push({ factor: monicTerms(R, z), multiplicity: i * m });
    w = y;
    c = exactDiv(R, c, y, tick);
  }
  if (!isConstantTerms(c)) musser(R, pthRoot(R, monicTerms(R, c)), n, m * Number(R.characteristic), out, tick);
}

// ───────────────────────────── resultant and discriminant ─────────────────────────────

function powTerms<T>(R: CoeffRing<T>, f: Terms<T>, e: number, n: number, tick: () => void): Terms<T> {
  let r = one(R, n), b = f;
  while (e > 0) {
    if (e & 1) r = spMulAuto(R, r, b, tick);
    e >>= 1;
    if (e) b = spMulAuto(R, b, b, tick);
  }
  return r;
}

const negTerms = <T>(R: CoeffRing<T>, f: Terms<T>): Terms<T> => f.map((t) => ({ exponents: t.exponents, coeff: R.neg(t.coeff) }));

/**
 * res_v(A, B): the Sylvester determinant in variable v with the actual degrees, a polynomial in
 * the other variables (exponent v is 0); 0 when A or B is 0; 1 when both are constant in v.
 */
export function resultantInVariable<T>(R: CoeffRing<T>, A0: Terms<T>, B0: Terms<T>, v: number, n: number, tick: () => void = noop): Terms<T> {
  if (!A0.length || !B0.length) return [];
  const fast = resultantByEvaluation(R, A0, B0, v, n, tick);
  if (fast) return fast;
  return resultantSubresultant(R, A0, B0, v, n, tick);
}

/** res_v(A, B) by the subresultant pseudo-remainder sequence (any coefficient ring of the family). */
export function resultantSubresultant<T>(R: CoeffRing<T>, A0: Terms<T>, B0: Terms<T>, v: number, n: number, tick: () => void = noop): Terms<T> {
  if (!A0.length || !B0.length) return [];
  let A = A0, B = B0;
  let dA = degreeIn(A, v), dB = degreeIn(B, v);
  if (dA === 0) return powTerms(R, A, dB, n, tick);
  if (dB === 0) return powTerms(R, B, dA, n, tick);
  let negative = false;
  if (dA < dB) {
    [A, B] = [B, A];
    if (dA % 2 === 1 && dB % 2 === 1) negative = true;
  }
  let g = one(R, n), h = one(R, n);
  for (;;) {
    tick();
    dA = degreeIn(A, v);
    dB = degreeIn(B, v);
    const delta = dA - dB;
    if (dA % 2 === 1 && dB % 2 === 1) negative = !negative;
    const r = pseudoRemainderIn(R, A, B, v, tick);
    A = B;
    if (!r.length) return [];
    B = exactDiv(R, r, delta === 0 ? g : spMulAuto(R, g, powTerms(R, h, delta, n, tick), tick), tick);
    g = coefficientOf(A, v, degreeIn(A, v));
    if (delta === 1) h = g;
    else if (delta > 1) h = exactDiv(R, powTerms(R, g, delta, n, tick), powTerms(R, h, delta - 1, n, tick), tick);
    if (degreeIn(B, v) > 0) continue;
    const d = degreeIn(A, v);
    const res = d === 1 ? B : exactDiv(R, powTerms(R, B, d, n, tick), powTerms(R, h, d - 1, n, tick), tick);
    return negative ? negTerms(R, res) : res;
  }
}

/**
 * disc_v(f) = (−1)^{n(n−1)/2} · Res_{n, n−1}(f, ∂f/∂v) / lc_v(f) for deg_v f = n ≥ 1 (PARI's
 * poldisc: the derivative has formal degree n − 1); 1 when f is constant in v. f ≠ 0.
 */
export function discriminantInVariable<T>(R: CoeffRing<T>, f: Terms<T>, v: number, n: number, tick: () => void = noop): Terms<T> {
  const d = degreeIn(f, v);
  if (d < 1) return one(R, n);
  const lc = coefficientOf(f, v, d);
  const df = spDerivative(R, f, v);
  if (!df.length) return [];
  const m = degreeIn(df, v);
  const res = resultantInVariable(R, f, df, v, n, tick);
  // Res_{n,n−1} / lc = lc^{n−2−m} · Res_{n,m} when m < n − 1
  let r = m === d - 1 ? exactDiv(R, res, lc, tick) : spMulAuto(R, powTerms(R, lc, d - 2 - m, n, tick), res, tick);
  if (((d * (d - 1)) / 2) % 2 === 1) r = negTerms(R, r);
  return r;
}

export type { Term };
export { compareExponents };

// ───────────────────────────── resultant by evaluation and interpolation ─────────────────────────────

type WTerms = { e: number[]; c: number }[];

/**
 * res_v by evaluation and interpolation: over GF(p) with p < 2^26 directly; over ZZ modulo word
 * primes until their product exceeds twice the bound ‖A‖₁^{deg_v B}·‖B‖₁^{deg_v A} on the
 * coefficients (the Sylvester expansion), then Chinese remaindering; over QQ through the integer
 * associates. Modulo p, the other variables are eliminated one at a time: w is set to points β
 * where neither leading coefficient in v vanishes (so the specialization of the resultant is the
 * resultant of the specializations), deg_w A·deg_v B + deg_w B·deg_v A + 1 such points determine
 * the result's coefficients as polynomials in w (Newton interpolation), and the last level is a
 * univariate resultant modulo p. Interpolating a polynomial of known degree bound from that many
 * exact values is exact: nothing needs checking. Undefined when GF(p) is too large for word
 * arithmetic or too small to give enough points (then the subresultant sequence runs).
 */
function resultantByEvaluation<T>(R: CoeffRing<T>, A: Terms<T>, B: Terms<T>, v: number, n: number, tick: () => void): Terms<T> | undefined {
  const others = Array.from({ length: n }, (_, i) => i).filter((i) => i !== v);
  if (R.ring.kind === "GF") {
    if (R.ring.p >= WORD_P) return undefined;
    const p = Number(R.ring.p);
    const toW = (f: Terms<T>): WTerms => f.map((t) => ({ e: t.exponents.slice(), c: Number(t.coeff as unknown as bigint) }));
    const r = resultantModP(toW(A), toW(B), v, others, n, p, tick);
    return r ? (sortW(r).map((t) => ({ exponents: t.e, coeff: BigInt(t.c) as unknown as T }))) : undefined;
  }
  if (R.ring.kind === "ZZ") return resultantZ(A as unknown as Terms<bigint>, B as unknown as Terms<bigint>, v, others, n, tick) as unknown as Terms<T> | undefined;
  if (R.ring.kind === "QQ") {
    // A = a/da with a integral: res(A, B) = res(a, b) / (da^{deg_v B} db^{deg_v A})
    const assoc = (f: Terms<T>): { den: bigint; z: Terms<bigint> } => {
      let den = 1n;
      for (const t of f as unknown as Terms<Rational>) den = (den / bigGcd(den, t.coeff.den)) * t.coeff.den;
      return { den, z: (f as unknown as Terms<Rational>).map((t) => ({ exponents: t.exponents, coeff: (t.coeff.num * den) / t.coeff.den })) };
    };
    const a = assoc(A), b = assoc(B);
    const r = resultantZ(a.z, b.z, v, others, n, tick);
    if (!r) return undefined;
    const scale = a.den ** BigInt(Math.max(0, degreeIn(B, v))) * b.den ** BigInt(Math.max(0, degreeIn(A, v)));
    return r.map((t) => ({ exponents: t.exponents, coeff: rational(t.coeff, scale) as unknown as T }));
  }
  return undefined;
}

function bigGcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

const sortW = (f: WTerms): WTerms => f.sort((x, y) => compareExponents(x.e, y.e));

function resultantZ(A: Terms<bigint>, B: Terms<bigint>, v: number, others: number[], n: number, tick: () => void): Terms<bigint> | undefined {
  const norm1 = (f: Terms<bigint>) => f.reduce((s, t) => s + (t.coeff < 0n ? -t.coeff : t.coeff), 0n);
  const bits = degreeIn(B, v) * norm1(A).toString(2).length + degreeIn(A, v) * norm1(B).toString(2).length + 2;
  const lcA = coefficientOf(A, v, degreeIn(A, v)), lcB = coefficientOf(B, v, degreeIn(B, v));
  const primes: number[] = [];
  const images: Map<string, { e: number[]; r: number[] }>[] = [];
  const all = new Map<string, number[]>();
  let got = 0;
  for (let i = 0; got < bits + 1; i++) {
    tick();
    const p = wordPrime(i); // below 2^25: the division-free resultant kernel
    const P = BigInt(p);
    const toW = (f: Terms<bigint>): WTerms => {
      const out: WTerms = [];
      for (const t of f) {
        let c = Number(t.coeff % P);
        if (c < 0) c += p;
        if (c) out.push({ e: t.exponents.slice(), c });
      }
      return out;
    };
    // a prime that kills a leading coefficient would change the formal degree: skip it
    if (!toW(lcA).length || !toW(lcB).length) continue;
    const r = resultantModP(toW(A), toW(B), v, others, n, p, tick);
    if (!r) return undefined;
    const img = new Map<string, { e: number[]; r: number[] }>();
    for (const t of r) {
      const k = t.e.join(",");
      img.set(k, { e: t.e, r: [t.c] });
      if (!all.has(k)) all.set(k, t.e);
    }
    images.push(img);
    primes.push(p);
    got += Math.log2(p);
  }
  const out: Term<bigint>[] = [];
  for (const [k, e] of all) {
    const c = garnerSymmetric(images.map((img) => img.get(k)?.r[0] ?? 0), primes);
    if (c !== 0n) out.push({ exponents: e, coeff: c });
  }
  return out.sort((x, y) => compareExponents(x.exponents, y.exponents));
}

const degW = (f: WTerms, i: number): number => f.reduce((m, t) => Math.max(m, t.e[i]!), -1);

function evalW(f: WTerms, w: number, beta: number, p: number): WTerms {
  const pw: number[] = [1];
  const map = new Map<string, { e: number[]; c: number }>();
  for (const t of f) {
    const d = t.e[w]!;
    while (pw.length <= d) pw.push((pw[pw.length - 1]! * beta) % p);
    const c = (t.c * pw[d]!) % p;
    if (!c) continue;
    const e = t.e.slice();
    e[w] = 0;
    const k = e.join(",");
    const cur = map.get(k);
    if (cur) cur.c = (cur.c + c) % p;
    else map.set(k, { e, c });
  }
  return [...map.values()].filter((t) => t.c !== 0);
}

function resultantModP(A: WTerms, B: WTerms, v: number, others: readonly number[], n: number, p: number, tick: () => void): WTerms | undefined {
  if (!A.length || !B.length) return [];
  if (!others.length) {
    const dense = (f: WTerms) => {
      const u = new Array<number>(degW(f, v) + 1).fill(0);
      for (const t of f) u[t.e[v]!] = (u[t.e[v]!]! + t.c) % p;
      return u;
    };
    const r = resultantP(dense(A), dense(B), p);
    return r ? [{ e: new Array<number>(n).fill(0), c: r }] : [];
  }
  const w = others[others.length - 1]!, rest = others.slice(0, -1);
  const nA = degW(A, v), nB = degW(B, v);
  const D = degW(A, w) * nB + degW(B, w) * nA;
  if (!rest.length) return resultantBivariateModP(A, B, v, w, n, D, p, tick);
  const lcA = A.filter((t) => t.e[v] === nA), lcB = B.filter((t) => t.e[v] === nB);
  const H = new Map<string, { e: number[]; u: number[] }>();
  let q: number[] = [1];
  let count = 0;
  for (let beta = 0; beta < p && count <= D; beta++) {
    if (!evalW(lcA, w, beta, p).length || !evalW(lcB, w, beta, p).length) continue;
    tick();
    const r = resultantModP(evalW(A, w, beta, p), evalW(B, w, beta, p), v, rest, n, p, tick);
    if (!r) return undefined;
    // Newton: H += (r_β − H(β))·q / q(β)
    const qInv = invModP(evalDense(q, beta, p), p);
    const seen = new Set<string>();
    for (const t of r) {
      const k = t.e.join(",");
      seen.add(k);
      let h = H.get(k);
      if (!h) H.set(k, (h = { e: t.e, u: [] }));
      const d = (((t.c - evalDense(h.u, beta, p)) % p + p) % p) * qInv % p;
      if (d) h.u = addScaled(h.u, q, d, p);
    }
    for (const [k, h] of H) {
      if (seen.has(k)) continue;
      const d = ((p - evalDense(h.u, beta, p)) % p) * qInv % p;
      if (d) h.u = addScaled(h.u, q, d, p);
    }
    q = mulLinear(q, beta, p);
    count++;
  }
  if (count <= D) return undefined;
  const out: WTerms = [];
  for (const h of H.values()) {
    for (let d = 0; d < h.u.length; d++) {
      if (!h.u[d]) continue;
      const e = h.e.slice();
      e[w] = d;
      out.push({ e, c: h.u[d]! });
    }
  }
  return out;
}

/**
 * The last two variables (v and w): the coefficients in v as dense polynomials in w, evaluated by
 * Horner at each point, and the values interpolated (one Newton polynomial).
 */
function resultantBivariateModP(A: WTerms, B: WTerms, v: number, w: number, n: number, D: number, p: number, tick: () => void): WTerms | undefined {
  const table = (f: WTerms): number[][] => {
    const t: number[][] = Array.from({ length: degW(f, v) + 1 }, () => []);
    for (const x of f) {
      const row = t[x.e[v]!]!;
      while (row.length <= x.e[w]!) row.push(0);
      row[x.e[w]!] = (row[x.e[w]!]! + x.c) % p;
    }
    return t;
  };
  const tA = table(A), tB = table(B);
  let h: number[] = [];
  let q: number[] = [1];
  let count = 0;
  for (let beta = 0; beta < p && count <= D; beta++) {
    const a = tA.map((row) => evalDense(row, beta, p)), b = tB.map((row) => evalDense(row, beta, p));
    if (!a[a.length - 1] || !b[b.length - 1]) continue;
    if ((count & 63) === 0) tick();
    const r = resultantP(a, b, p);
    const d = (((r - evalDense(h, beta, p)) % p + p) % p) * invModP(evalDense(q, beta, p), p) % p;
    if (d) h = addScaled(h, q, d, p);
    q = mulLinear(q, beta, p);
    count++;
  }
  if (count <= D) return undefined;
  const out: WTerms = [];
  for (let d = h.length - 1; d >= 0; d--) {
    if (!h[d]) continue;
    const e = new Array<number>(n).fill(0);
    e[w] = d;
    out.push({ e, c: h[d]! });
  }
  return out;
}

function evalDense(u: readonly number[], x: number, p: number): number {
  let s = 0;
  for (let i = u.length - 1; i >= 0; i--) s = (s * x + u[i]!) % p;
  return s;
}

/** u + d·q (mod p), trimmed. */
function addScaled(u: number[], q: readonly number[], d: number, p: number): number[] {
  const out = u.slice();
  for (let i = 0; i < q.length; i++) out[i] = ((out[i] ?? 0) + d * q[i]!) % p;
  let m = out.length;
  while (m > 0 && out[m - 1] === 0) m--;
  out.length = m;
  return out;
}

/** q·(w − β) mod p. */
function mulLinear(q: readonly number[], beta: number, p: number): number[] {
  const out = new Array<number>(q.length + 1).fill(0);
  for (let i = 0; i < q.length; i++) {
    out[i + 1] = (out[i + 1]! + q[i]!) % p;
    out[i] = (out[i]! + (p - beta) % p * q[i]!) % p;
  }
  return out;
}
