/**
 * Factorization of multivariate polynomials over ZZ (and QQ through it): Wang's EEZ method —
 * evaluation, univariate factorization, a leading-coefficient strategy and multivariate Hensel
 * lifting modulo a prime power — with a Zassenhaus-style recombination fallback.
 *
 * 1. The integer content and the monomial factors x_i^m come out; a main variable x is chosen;
 *    the content of f in x (gcd of its coefficients, mgcd.ts) is factored recursively in fewer
 *    variables; the primitive part is split by Yun's square-free decomposition in x.
 * 2. A square-free f, primitive in x and of degree n in x, with other variables y_1..y_k: its
 *    leading coefficient L(y) is factored (recursively), L = c·Π F_i^{e_i}. Integer points a are
 *    tried (zeros first, then growing random ranges) with L(a) ≠ 0 and f(x, a) square-free; f(x, a)
 *    is factored over ZZ (zzfactor.ts). One factor proves f irreducible (a factorization of f would
 *    specialise to one: both parts keep their x-degree because L(a) ≠ 0, and f has no factor free
 *    of x). Several points are compared and the one with the fewest factors kept.
 * 3. Leading coefficients (Wang): each F_i(a) must have a "private" part q_i > 1 — the part of
 *    |F_i(a)| coprime to c, to the content δ of f(x, a) and to every other F_l(a). Then the power of
 *    q_i dividing lc(u_j) of a univariate factor u_j is q_i^{e_ij}, the exponent of F_i in the
 *    leading coefficient of the true factor that u_j is the image of. Each factor j gets the leading
 *    coefficient c·D_j, D_j = Π F_i^{e_ij}; f is multiplied by c^{r−1}, and u_j scaled to the leading
 *    coefficient c·D_j(a) (an exact integer ratio when the correspondence holds).
 * 4. Hensel lifting (Geddes–Czapor–Labahn, Algorithms 6.2–6.4): the variables are shifted so that
 *    the point is 0; for y_1, …, y_k in turn the factors get their true leading coefficients in
 *    the variables lifted so far, and for m = 1, 2, … the coefficient of y_j^m of the error
 *    f − Π U_i is distributed by the multivariate diophantine equation Σ σ_i Π_{l≠i} U_l = c
 *    (recursive in the variables, truncated in total degree; the univariate base case uses the
 *    inverses of Π_{l≠i} u_l modulo u_i, lifted from p to p^ℓ by Newton's iteration). Arithmetic is
 *    modulo M = p^ℓ for a word prime p keeping the u_j coprime, with M/2 above the factor
 *    coefficient bound 2^{Σ deg} ‖f‖₂ (Mahler measure: M(g) ≤ M(f) ≤ ‖f‖₂, and each coefficient of
 *    g is at most Π binom(d_i, d_i/2)·M(g)). The lifted factors are checked by exact division.
 * 5. When the leading coefficients cannot be distributed, or the lift fails (the univariate
 *    factorization had extraneous factors), subsets S of the univariate factors are lifted as two
 *    factors with L imposed on both (of L·f), smallest subsets first; a candidate is the part of the
 *    lifted factor primitive in x, kept when it divides f exactly. When no subset of at most half
 *    the remaining factors gives a divisor, the rest is irreducible (every true factor is the
 *    image of some subset, and its lift is exact).
 */
import { gcd as igcd, modInverse } from "../integer.js";
import { SeededRandom } from "../seeded-random.js";
import { rational, type Rational } from "../rational.js";
import { gfpDerivative, gfpGcd, gfpMul, gfpNormalize, gfpXgcd } from "./gfp.js";
import { gcdManyZ, gcdZ } from "./mgcd.js";
import {
  coefficientOf, coefficientsIn, comparePolynomials, degrees, embed, fromUnivariate, integerContentOf, involves, isConstant, leadingCoefficientIn, primitiveZ,
  project, reduceMod, residueRing, shiftPoint, symmetricMod, timesVariablePower, truncateTotal, univariateImage, usedVariables, type ZTerms,
} from "./mpoly.js";
import { integers } from "./rings.js";
import { largePrime } from "./smallprime.js";
import { constantExponents, exponentKey, spAdd, spDerivative, spDivExact, spMul, spScale, spSub, type Terms } from "./sparse.js";
import type { CoeffRing, Term } from "./types.js";
import * as zz from "./zz.js";
import { factorOverIntegers } from "./zzfactor.js";

export interface MultivariateFactorization {
  /** f = unit · Π factor^multiplicity; unit = ± the integer content. */
  unit: bigint;
  /** Distinct irreducible factors, primitive with a positive leading coefficient (descending lex order). */
  factors: { factor: ZTerms; multiplicity: number }[];
}

export interface MFactorOptions {
  checkpoint?: () => void;
  /** Skip Wang's leading-coefficient distribution and use the subset recombination (tests both paths). */
  recombinationOnly?: boolean;
}

const noop = (): void => {};

interface Ctx {
  tick: () => void;
  recombinationOnly?: boolean;
}

/** The complete factorization of a nonzero f ∈ ZZ[x_1..x_n] (exponent vectors of length n). */
export function factorMultivariateZ(f: ZTerms, n: number, opts: MFactorOptions = {}): MultivariateFactorization {
  if (!f.length) throw new RangeError("factorMultivariateZ: the zero polynomial");
  const ctx: Ctx = { tick: opts.checkpoint ?? noop, recombinationOnly: opts.recombinationOnly };
  let c = integerContentOf(f);
  if (f[0]!.coeff < 0n) c = -c;
  let g: ZTerms = f.map((t) => ({ exponents: t.exponents, coeff: t.coeff / c }));
  const out: { factor: ZTerms; multiplicity: number }[] = [];
  g = splitMonomialFactors(g, n, out);
  if (!isConstant(g)) factorPrimitive(g, n, 1, out, ctx);
  // the sign convention of the caller's variable order: positive leading coefficients; merge
  // (defensively: the branches give distinct factors)
  const merged = new Map<string, { factor: ZTerms; multiplicity: number }>();
  for (const x of out) {
    if (x.factor[0]!.coeff < 0n) x.factor = x.factor.map((t) => ({ exponents: t.exponents, coeff: -t.coeff }));
    const key = x.factor.map((t) => exponentKey(t.exponents) + ":" + t.coeff).join(";");
    const cur = merged.get(key);
    if (cur) cur.multiplicity += x.multiplicity;
    else merged.set(key, { factor: x.factor, multiplicity: x.multiplicity });
  }
  const factors = [...merged.values()].sort((x, y) => comparePolynomials(x.factor, y.factor) || x.multiplicity - y.multiplicity);
  // lex is a monomial order: the leading term of the product is the product of the leading terms
  let lead = 1n;
  for (const x of factors) lead *= x.factor[0]!.coeff ** BigInt(x.multiplicity);
  return { unit: f[0]!.coeff / lead, factors };
}

/** g primitive over ZZ with a positive leading coefficient, nonconstant. */
function factorPrimitive(g: ZTerms, n: number, mult: number, out: { factor: ZTerms; multiplicity: number }[], ctx: Ctx): void {
  const used = usedVariables(g, n);
  if (used.length === 0) return;
  if (used.length === 1) {
    for (const h of univariateFactors(g, used[0]!, n, ctx)) out.push({ factor: h.factor, multiplicity: h.multiplicity * mult });
    return;
  }
  const x = chooseMainVariable(g, used);
  // content in x
  const coeffs = [...coefficientsIn(g, x).values()];
  const cont = gcdManyZ(coeffs, n, { checkpoint: ctx.tick });
  let h = g;
  if (!isConstant(cont)) {
    factorPrimitive(primitiveZ(cont), n, mult, out, ctx);
    h = spDivExact(integers, g, cont, ctx.tick)!;
    if (h[0]!.coeff < 0n) h = h.map((t) => ({ exponents: t.exponents, coeff: -t.coeff }));
  }
  for (const { factor, multiplicity } of squarefreeIn(h, x, n, ctx)) {
    for (const q of factorSquarefree(factor, x, n, ctx)) out.push({ factor: q, multiplicity: multiplicity * mult });
  }
}

/** The factorization of a polynomial in variable i only (primitive, positive leading coefficient). */
function univariateFactors(g: ZTerms, i: number, n: number, ctx: Ctx): { factor: ZTerms; multiplicity: number }[] {
  const fz = factorOverIntegers(denseIn(g, i), { checkpoint: ctx.tick });
  return fz.factors.map(({ factor, multiplicity }) => ({ factor: embedUnivariate(factor, i, n), multiplicity }));
}

/**
 * Splits the monomial factors x_i^k off g (pushed to `out`, multiplicity k) and returns g divided by
 * them; shared by the ZZ and GF(p) factorizations.
 */
export function splitMonomialFactors(g: ZTerms, n: number, out: { factor: ZTerms; multiplicity: number }[]): ZTerms {
  const low = new Array<number>(n).fill(Infinity);
  for (const t of g) for (let i = 0; i < n; i++) low[i] = Math.min(low[i]!, t.exponents[i]!);
  if (!low.some((m) => m > 0)) return g;
  for (let i = 0; i < n; i++) {
    if (low[i]! > 0) {
      const e = new Array<number>(n).fill(0);
      e[i] = 1;
      out.push({ factor: [{ exponents: e, coeff: 1n }], multiplicity: low[i]! });
    }
  }
  return g.map((t) => ({ exponents: t.exponents.map((e, i) => e - low[i]!), coeff: t.coeff }));
}

/** The dense coefficient list (index = degree) of g, a polynomial in variable i only. */
export function denseIn(g: ZTerms, i: number): bigint[] {
  const d: bigint[] = [];
  for (const t of g) {
    const e = t.exponents[i]!;
    while (d.length <= e) d.push(0n);
    d[e] = t.coeff;
  }
  return d;
}

/** u (dense, index = degree) as a polynomial in variable i of n. */
export function embedUnivariate(u: readonly bigint[], i: number, n: number): ZTerms {
  const out: Term<bigint>[] = [];
  for (let e = u.length - 1; e >= 0; e--) {
    if (u[e] === 0n) continue;
    const ex = new Array<number>(n).fill(0);
    ex[i] = e;
    out.push({ exponents: ex, coeff: u[e]! });
  }
  return out;
}

/**
 * The main variable: one in which the leading coefficient is an integer if there is one (no
 * leading-coefficient problem), else the one whose leading coefficient has the fewest terms;
 * ties by the lower degree (a smaller univariate factorization).
 */
function chooseMainVariable(g: ZTerms, used: readonly number[]): number {
  let best = used[0]!, bestKey = [Infinity, Infinity];
  for (const v of used) {
    const lc = leadingCoefficientIn(g, v);
    let deg = 0;
    for (const t of g) deg = Math.max(deg, t.exponents[v]!);
    const key = [isConstant(lc) ? 0 : lc.length, deg];
    if (key[0]! < bestKey[0]! || (key[0] === bestKey[0] && key[1]! < bestKey[1]!)) {
      best = v;
      bestKey = key;
    }
  }
  return best;
}

/** Yun's square-free decomposition in x of g primitive in x (positive leading coefficient). */
export function squarefreeIn(g: ZTerms, x: number, n: number, ctx: Ctx): { factor: ZTerms; multiplicity: number }[] {
  const out: { factor: ZTerms; multiplicity: number }[] = [];
  const opts = { checkpoint: ctx.tick };
  const D = (f: ZTerms) => spDerivative(integers, f, x);
  const div = (a: ZTerms, b: ZTerms): ZTerms => {
    const q = spDivExact(integers, a, b, ctx.tick);
    if (q === undefined) throw new Error("squarefreeIn: inexact division");
    return q;
  };
  const gx = D(g);
  const a0 = gcdZ(g, gx, n, opts);
  let b = div(g, a0);
  let c = div(gx, a0);
  let d = spSub(integers, c, D(b));
  for (let i = 1; ; i++) {
    ctx.tick();
    if (!involves(b, x)) break;
    const a = d.length ? gcdZ(b, d, n, opts) : b;
    if (involves(a, x)) out.push({ factor: primitiveZ(a), multiplicity: i });
    const bn = div(b, a);
    if (!involves(bn, x)) break;
    c = div(d, a);
    b = bn;
    d = spSub(integers, c, D(b));
  }
  return out;
}

/** Irreducible factors of f: square-free, primitive in x (content in x is 1), positive leading coefficient. */
function factorSquarefree(f: ZTerms, x: number, n: number, ctx: Ctx): ZTerms[] {
  const used = usedVariables(f, n);
  if (used.length === 1) return univariateFactors(f, x, n, ctx).map((h) => h.factor);
  let degX = 0;
  for (const t of f) degX = Math.max(degX, t.exponents[x]!);
  if (degX === 1) return [f]; // primitive and linear in x
  const order = [x, ...used.filter((v) => v !== x)];
  const F = project(f, order);
  return eez(F, order.length, ctx).map((h) => embed(h, order, n));
}

// ───────────────────────────── EEZ ─────────────────────────────

interface Candidate {
  point: bigint[];
  /** Primitive univariate factors of f(x, point), positive leading coefficients. */
  u: bigint[][];
  /** Private parts q_i of F_i(point), when every one is > 1. */
  privateParts?: bigint[];
  content: bigint;
  weight: number;
}

const MAX_POINT_ATTEMPTS = 48;
const WANTED_CANDIDATES = 3;

/** The irreducible factors of F (variable 0 main; square-free, primitive in x_0, positive lc, N ≥ 2 variables all occurring). */
function eez(F: ZTerms, N: number, ctx: Ctx): ZTerms[] {
  const k = N - 1;
  const L = leadingCoefficientIn(F, 0);
  let cL: bigint;
  let lcFactors: { factor: ZTerms; multiplicity: number }[] = [];
  if (isConstant(L)) cL = L[0]!.coeff;
  else {
    const fz = factorMultivariateZ(L, N, { checkpoint: ctx.tick, recombinationOnly: ctx.recombinationOnly });
    cL = fz.unit;
    lcFactors = fz.factors;
  }
  const degX = degrees(F, N)[0]!;
  const rng = new SeededRandom(0x5eed ^ (N * 7919) ^ degX);
  const candidates: Candidate[] = [];
  let wangCount = 0;
  for (let attempt = 0; attempt < MAX_POINT_ATTEMPTS && wangCount < WANTED_CANDIDATES; attempt++) {
    ctx.tick();
    const point = choosePoint(rng, k, attempt);
    const La = valueAt(L, point);
    if (La === 0n) continue;
    const fa = univariateImage(integers, F, point);
    if (fa.length - 1 !== degX) continue;
    if (zz.gcd(fa, zz.derivative(fa)).length > 1) continue;
    const delta = zz.content(fa);
    const fz = factorOverIntegers(fa, { checkpoint: ctx.tick });
    if (fz.factors.length === 1) return [F]; // an irreducible specialization of the same degree
    const vals = lcFactors.map((x) => valueAt(x.factor, point));
    const privateParts = privateDivisors(vals, cL * delta);
    const cand: Candidate = { point, u: fz.factors.map((x) => x.factor), content: delta, weight: point.reduce((s, a) => s + (a === 0n ? 0 : 1 + zz.bitLen(a)), 0) };
    if (privateParts) {
      cand.privateParts = privateParts;
      wangCount++;
    }
    candidates.push(cand);
  }
  if (!candidates.length) throw new Error("EEZ: no admissible evaluation point");
  candidates.sort((a, b) => a.u.length - b.u.length || (a.privateParts ? 0 : 1) - (b.privateParts ? 0 : 1) || a.weight - b.weight);
  const rMin = candidates[0]!.u.length;
  for (const cand of candidates) {
    if (cand.u.length !== rMin || !cand.privateParts || ctx.recombinationOnly) continue;
    const r = wangLift(F, N, cL, lcFactors, cand, ctx);
    if (r) return r;
  }
  return recombine(F, N, candidates[0]!, ctx);
}

function choosePoint(rng: SeededRandom, k: number, attempt: number): bigint[] {
  if (attempt === 0) return new Array<bigint>(k).fill(0n);
  const range = Math.min(2 ** 20, 2 ** (1 + Math.floor(attempt / 4)));
  const zeroBias = attempt < 16;
  return Array.from({ length: k }, () => {
    if (zeroBias && rng.below(2) === 0) return 0n;
    const v = 1 + rng.below(range);
    return BigInt(rng.below(2) === 0 ? v : -v);
  });
}

/** Value of a polynomial not involving x_0 at the point (variables 1..k). */
function valueAt(f: ZTerms, point: readonly bigint[]): bigint {
  const u = univariateImage(integers, f, point);
  return u[0] ?? 0n;
}

/** For each value, its part coprime to `base` and to every other value; undefined when one is 1. */
function privateDivisors(vals: readonly bigint[], base: bigint): bigint[] | undefined {
  const out: bigint[] = [];
  for (let i = 0; i < vals.length; i++) {
    let q = vals[i]! < 0n ? -vals[i]! : vals[i]!;
    let others = base < 0n ? -base : base;
    for (let l = 0; l < vals.length; l++) if (l !== i) others *= vals[l]!;
    if (others === 0n) return undefined;
    for (let g = igcd(q, others); g > 1n; g = igcd(q, g)) q /= g;
    if (q === 1n) return undefined;
    out.push(q);
  }
  return out;
}

/** Wang's leading-coefficient distribution and the multifactor lift; undefined when it fails. */
function wangLift(F: ZTerms, N: number, cL: bigint, lcFactors: { factor: ZTerms; multiplicity: number }[], cand: Candidate, ctx: Ctx): ZTerms[] | undefined {
  const r = cand.u.length;
  const q = cand.privateParts!;
  const vals = lcFactors.map((x) => valueAt(x.factor, cand.point));
  const exps: number[][] = cand.u.map((u) => {
    let Nj = u[u.length - 1]!;
    return q.map((qi) => {
      let e = 0;
      while (Nj % qi === 0n) {
        Nj /= qi;
        e++;
      }
      return igcd(Nj, qi) === 1n ? e : -1;
    });
  });
  if (exps.some((row) => row.some((e) => e < 0))) return undefined;
  for (let i = 0; i < lcFactors.length; i++) {
    let s = 0;
    for (let j = 0; j < r; j++) s += exps[j]![i]!;
    if (s !== lcFactors[i]!.multiplicity) return undefined;
  }
  const one: ZTerms = [{ exponents: constantExponents(N), coeff: 1n }];
  const targets: ZTerms[] = [];
  const images: bigint[][] = [];
  for (let j = 0; j < r; j++) {
    let D = one;
    let Da = 1n;
    for (let i = 0; i < lcFactors.length; i++) {
      for (let e = 0; e < exps[j]![i]!; e++) {
        D = spMul(integers, D, lcFactors[i]!.factor);
        Da *= vals[i]!;
      }
    }
    const u = cand.u[j]!;
    const lcu = u[u.length - 1]!;
    if ((cL * Da) % lcu !== 0n) return undefined;
    const ratio = (cL * Da) / lcu;
    images.push(u.map((c) => c * ratio));
    targets.push(spScale(integers, D, cL));
  }
  const Fstar = r > 1 ? spScale(integers, F, cL ** BigInt(r - 1)) : F;
  // consistency: the images multiply to F*(x, a)
  let prod: bigint[] = [1n];
  for (const u of images) prod = zz.mul(prod, u);
  if (!zz.polyEq(prod, univariateImage(integers, Fstar, cand.point))) return undefined;
  const lifted = henselLift(Fstar, N, cand.point, images, targets, ctx);
  if (!lifted) return undefined;
  const factors = lifted.map(primitiveZ);
  let rest = F;
  for (const g of factors) {
    const qd = spDivExact(integers, rest, g, ctx.tick);
    if (!qd) return undefined;
    rest = qd;
  }
  if (!(isConstant(rest) && (rest[0]?.coeff === 1n || rest[0]?.coeff === -1n))) return undefined;
  return factors;
}

/**
 * Zassenhaus-style recombination of the univariate factors (with the leading coefficient imposed on
 * both parts), shared by the ZZ and GF(p) factorizations: subsets of the remaining factors in order of
 * size; `trySubset` lifts one subset to a true factor or gives undefined, `divide` removes a found
 * factor, `normalize` makes the cofactor left at the end a factor in the ring's normal form.
 */
export function recombineSubsets<U>(
  F0: ZTerms,
  factors: readonly U[],
  trySubset: (F: ZTerms, factors: readonly U[], subset: readonly number[]) => ZTerms | undefined,
  divide: (F: ZTerms, g: ZTerms) => ZTerms,
  normalize: (F: ZTerms) => ZTerms | undefined,
  tick: () => void,
): ZTerms[] {
  let F = F0;
  let rest = factors.slice();
  const out: ZTerms[] = [];
  for (let s = 1; 2 * s <= rest.length; ) {
    let found = false;
    const comb = Array.from({ length: s }, (_, i) => i);
    for (;;) {
      tick();
      const g = trySubset(F, rest, comb);
      if (g) {
        out.push(g);
        F = divide(F, g);
        rest = rest.filter((_, i) => !comb.includes(i));
        found = true;
        break;
      }
      let i = s - 1;
      while (i >= 0 && comb[i] === rest.length - s + i) i--;
      if (i < 0) break;
      comb[i]!++;
      for (let j = i + 1; j < s; j++) comb[j] = comb[j - 1]! + 1;
    }
    if (!found) s++;
  }
  const last = normalize(F);
  if (last) out.push(last);
  return out;
}

function recombine(F0: ZTerms, N: number, cand: Candidate, ctx: Ctx): ZTerms[] {
  return recombineSubsets(
    F0,
    cand.u,
    (F, U, S) => tryLiftSubset(F, N, cand.point, U, S, ctx),
    (F, g) => spDivExact(integers, F, g, ctx.tick)!,
    (F) => (isConstant(F) ? undefined : primitiveZ(F)),
    ctx.tick,
  );
}

function tryLiftSubset(F: ZTerms, N: number, point: readonly bigint[], U: readonly bigint[][], S: readonly number[], ctx: Ctx): ZTerms | undefined {
  const L = leadingCoefficientIn(F, 0);
  const La = valueAt(L, point);
  let uS: bigint[] = [1n];
  for (const i of S) uS = zz.mul(uS, U[i]!);
  const lcS = uS[uS.length - 1]!;
  if (La % lcS !== 0n) return undefined;
  const imgS = uS.map((c) => (c * La) / lcS);
  const Fa = univariateImage(integers, F, point);
  const imgR = zz.divExact(Fa.map((c) => c * La), imgS);
  if (!imgR) return undefined;
  const F2 = spMul(integers, F, L);
  const lifted = henselLift(F2, N, point, [imgS, imgR], [L, L], ctx);
  if (!lifted) return undefined;
  // the part of the first lifted factor primitive in x_0
  const G = lifted[0]!;
  const cont = gcdManyZ([...coefficientsIn(G, 0).values()], N, { checkpoint: ctx.tick });
  let g = isConstant(cont) ? primitiveZ(G) : primitiveZ(spDivExact(integers, G, cont, ctx.tick)!);
  if (!involves(g, 0)) return undefined;
  const q = spDivExact(integers, F, g, ctx.tick);
  if (!q || isConstant(q)) return undefined;
  g = primitiveZ(g);
  return g;
}

// ───────────────────────────── Hensel lifting ─────────────────────────────

/** Bits of 2^{Σ deg_i} ‖f‖₂: every coefficient of every factor of f is below it. */
function factorBoundBits(f: ZTerms, N: number): number {
  let s = 0n;
  for (const t of f) s += t.coeff * t.coeff;
  const d = degrees(f, N).reduce((a, b) => a + b, 0);
  return d + Math.ceil(zz.bitLen(s) / 2) + 1;
}

/** A word prime keeping the images coprime (and their leading coefficients units). */
function liftingPrime(images: readonly bigint[][], fa: readonly bigint[]): number | undefined {
  for (let i = 0; i < 40; i++) {
    const p = largePrime(i);
    const P = BigInt(p);
    if (images.some((u) => u[u.length - 1]! % P === 0n)) continue;
    const f = gfpNormalize(fa, P);
    if (f.length !== fa.length) continue;
    if (gfpGcd(f, gfpDerivative(f, P), P).length > 1) continue;
    return p;
  }
  return undefined;
}

function trimB(a: bigint[]): bigint[] {
  let n = a.length;
  while (n > 0 && a[n - 1] === 0n) n--;
  a.length = n;
  return a;
}

function modDense(a: readonly bigint[], M: bigint): bigint[] {
  return trimB(a.map((c) => {
    const r = c % M;
    return r < 0n ? r + M : r;
  }));
}

/** a mod u over ZZ/M, u with a unit leading coefficient. */
function remModM(a: readonly bigint[], u: readonly bigint[], M: bigint, lcInv: bigint): bigint[] {
  const du = u.length - 1;
  const r = modDense(a, M);
  for (let i = r.length - 1; i >= du; i--) {
    const c = r[i]!;
    if (c === 0n) continue;
    const q = (c * lcInv) % M;
    for (let j = 0; j <= du; j++) r[i - du + j] = (r[i - du + j]! - q * u[j]!) % M;
  }
  r.length = Math.min(r.length, du);
  return modDense(r, M);
}

interface UnivariateSolver {
  /** σ_i with Σ σ_i Π_{l≠i} u_l = c (deg c < Σ deg u_i), deg σ_i < deg u_i, over ZZ/M. */
  solve(c: readonly bigint[]): bigint[][];
}

function univariateSolver(us: readonly bigint[][], P: bigint, M: bigint, ell: number): UnivariateSolver | undefined {
  const r = us.length;
  const inverses: bigint[][] = [];
  const lcInvs = us.map((u) => modInverse(u[u.length - 1]!, M)!);
  for (let i = 0; i < r; i++) {
    let Bp: bigint[] = [1n];
    for (let l = 0; l < r; l++) if (l !== i) Bp = gfpMul(Bp, gfpNormalize(us[l]!, P), P);
    const x = gfpXgcd(Bp, gfpNormalize(us[i]!, P), P);
    if (x.gcd.length !== 1) return undefined;
    // s·B ≡ 1 mod (u_i, p); Newton: s ← s(2 − B s) doubles the p-adic precision
    let s = x.s.map((c) => (c * modInverse(x.gcd[0]!, P)!) % P);
    let B: bigint[] = [1n];
    for (let l = 0; l < r; l++) if (l !== i) B = zz.mul(B, us[l]!);
    for (let e = 1; e < ell; ) {
      e = Math.min(2 * e, ell);
      const Me = P ** BigInt(e);
      const lcInv = modInverse(us[i]![us[i]!.length - 1]!, Me)!;
      const Bs = remModM(zz.mul(remModM(B, us[i]!, Me, lcInv), s), us[i]!, Me, lcInv);
      const two = Bs.map((c) => (Me - c) % Me);
      two[0] = ((two[0] ?? 0n) + 2n) % Me;
      s = remModM(zz.mul(s, trimB(two)), us[i]!, Me, lcInv);
    }
    inverses.push(s);
  }
  return {
    solve(c) {
      return us.map((u, i) => remModM(zz.mul(c, inverses[i]!), u, M, lcInvs[i]!));
    },
  };
}

const keepZeroIn = (f: ZTerms, vars: readonly number[]): ZTerms => f.filter((t) => vars.every((v) => t.exponents[v] === 0));

/**
 * Lift F ≡ Π images (mod (y − point)) to F = Π U_i with lc_x(U_i) = targets[i]; F and the targets
 * in ZZ[x_0, y_1..y_k]. Returns the lifted factors over ZZ, or undefined when the lift fails.
 */
function henselLift(F: ZTerms, N: number, point: readonly bigint[], images: readonly bigint[][], targets: readonly ZTerms[], ctx: Ctx): ZTerms[] | undefined {
  const k = N - 1;
  const Ft = shiftPoint(integers, F, point);
  const Tt = targets.map((t) => shiftPoint(integers, t, point));
  const fa = univariateImage(integers, Ft, new Array<bigint>(k).fill(0n));
  const p = liftingPrime(images, fa);
  if (p === undefined) return undefined;
  const P = BigInt(p);
  const bits = factorBoundBits(Ft, N) + 2;
  const ell = Math.max(1, Math.ceil(bits / Math.log2(p)));
  const M = P ** BigInt(ell);
  const R = residueRing(M);
  const solver = univariateSolver(images.map((u) => modDense(u, M)), P, M, ell);
  if (!solver) return undefined;
  const U = liftAtZero(R, reduceMod(Ft, M), N, images.map((u) => fromUnivariate(R, modDense(u, M), N)), Tt.map((t) => reduceMod(t, M)), solver, ctx);
  return U?.map((u) => {
    const s = symmetricMod(u, M);
    return shiftPoint(integers, s, point.map((a) => -a));
  });
}

/**
 * Hensel lifting over GF(p): F ≡ Π images (mod (y − point)) with F, the targets (the wanted
 * leading coefficients in x_0) and the point over GF(p) (residues), the images monic-or-not dense
 * polynomials in x_0 with lc = targets(point), pairwise coprime. The lifted factors, or undefined
 * when no factorization of F has these images (the lift does not close).
 */
export function henselLiftModP(F: ZTerms, N: number, point: readonly bigint[], images: readonly bigint[][], targets: readonly ZTerms[], p: bigint, tick: () => void = noop): ZTerms[] | undefined {
  const R = residueRing(p);
  const Ft = shiftPoint(R, F, point);
  const Tt = targets.map((t) => shiftPoint(R, t, point));
  const solver = univariateSolver(images, p, p, 1);
  if (!solver) return undefined;
  const U = liftAtZero(R, Ft, N, images.map((u) => fromUnivariate(R, u, N)), Tt, solver, { tick });
  const back = point.map((a) => (a === 0n ? 0n : p - a));
  return U?.map((u) => shiftPoint(R, u, back));
}

/**
 * Hensel lifting over GF(p) from bivariate factors: F ≡ Π G_i (mod (y_2 − a_2, …, y_k − a_k)) with
 * the G_i in x_0 and y_1 only, lc_x(G_i) = targets[i](x, y_1, a_2, …), and the G_i(x, a_1) pairwise
 * coprime with unit leading coefficients. The lift continues with y_2, …, y_k as henselLiftModP's.
 */
export function henselLiftFromBivariateModP(F: ZTerms, N: number, point: readonly bigint[], factors: readonly ZTerms[], targets: readonly ZTerms[], p: bigint, tick: () => void = noop): ZTerms[] | undefined {
  const R = residueRing(p);
  const Ft = shiftPoint(R, F, point);
  const Tt = targets.map((t) => shiftPoint(R, t, point));
  const Gt = factors.map((g) => shiftPoint(R, g, point));
  const zero = new Array<bigint>(N - 1).fill(0n);
  const solver = univariateSolver(Gt.map((g) => univariateImage(R, g, zero)), p, p, 1);
  if (!solver) return undefined;
  const U = liftAtZero(R, Ft, N, Gt, Tt, solver, { tick }, 2);
  const back = point.map((a) => (a === 0n ? 0n : p - a));
  return U?.map((u) => shiftPoint(R, u, back));
}

/**
 * The lifting proper (Geddes–Czapor–Labahn, Algorithm 6.4) over the residue ring R = ZZ/M, the
 * point moved to 0: variable by variable, the leading coefficients imposed, the error's
 * coefficients of y_j^m distributed by the multivariate diophantine solver. The starting factors
 * U0 are correct modulo (y_start, …, y_k) (univariate images: start 1).
 */
function liftAtZero(R: CoeffRing<bigint>, FtM: ZTerms, N: number, U0: readonly ZTerms[], TtM: readonly ZTerms[], solver: UnivariateSolver, ctx: Ctx, start = 1): ZTerms[] | undefined {
  const k = N - 1;
  const degs = degrees(FtM, N);
  let U: ZTerms[] = U0.slice();
  const prodAll = (us: readonly ZTerms[]): ZTerms => us.reduce((acc, u) => spMul(R, acc, u, ctx.tick), [{ exponents: constantExponents(N), coeff: 1n }] as ZTerms);
  for (let j = start; j <= k; j++) {
    ctx.tick();
    const higher = Array.from({ length: k - j }, (_, i) => j + 1 + i);
    const Fj = keepZeroIn(FtM, higher);
    const W = U;
    // impose the leading coefficients in y_1..y_j
    U = W.map((w, i) => {
      let dx = 0;
      for (const t of w) dx = Math.max(dx, t.exponents[0]!);
      const rest = w.filter((t) => t.exponents[0] !== dx);
      const lc = timesVariablePower(keepZeroIn(TtM[i]!, higher), 0, dx);
      return spAdd(R, lc, rest);
    });
    let tdeg = 0;
    for (const t of Fj) {
      let s = 0;
      for (let v = 1; v < j; v++) s += t.exponents[v]!;
      tdeg = Math.max(tdeg, s);
    }
    const mdp = diophantine(W, j - 1, tdeg, solver, R, N, ctx);
    let e = spSub(R, Fj, prodAll(U));
    for (let m = 1; m <= degs[j]! && e.length; m++) {
      const cm = coefficientOf(e, j, m);
      if (!cm.length) continue;
      const sigma = mdp(cm);
      U = U.map((u, i) => spAdd(R, u, timesVariablePower(sigma[i]!, j, m)));
      e = spSub(R, Fj, prodAll(U));
      if (e.some((t) => t.exponents[j]! <= m)) return undefined; // orders up to m must be solved now
    }
    if (e.length) return undefined;
  }
  return U;
}

/**
 * The multivariate diophantine solver for fixed factors W (in x_0, y_1..y_v): σ_i with deg_x σ_i
 * < deg_x W_i and Σ σ_i Π_{l≠i} W_l ≡ c modulo (y_1..y_v)^{d+1}.
 */
function diophantine(W: readonly ZTerms[], v: number, d: number, base: UnivariateSolver, R: CoeffRing<bigint>, N: number, ctx: Ctx): (c: ZTerms) => ZTerms[] {
  const r = W.length;
  // levels[w]: the factors with y_{w+1..v} = 0 and their cofactor products
  const levels: { W: ZTerms[]; B: ZTerms[] }[] = [];
  for (let w = v; w >= 1; w--) {
    const higher = Array.from({ length: v - w }, (_, i) => w + 1 + i);
    const Ww = W.map((x) => keepZeroIn(x, higher));
    const B = Ww.map((_, i) => Ww.reduce((acc, x, l) => (l === i ? acc : spMul(R, acc, x, ctx.tick)), [{ exponents: constantExponents(N), coeff: 1n }] as ZTerms));
    levels[w] = { W: Ww, B };
  }
  const yv = (w: number) => Array.from({ length: w }, (_, i) => i + 1);
  const solve = (w: number, c: ZTerms): ZTerms[] => {
    if (w === 0) {
      const dense: bigint[] = [];
      for (const t of c) {
        while (dense.length <= t.exponents[0]!) dense.push(0n);
        dense[t.exponents[0]!] = t.coeff;
      }
      return base.solve(dense).map((s) => fromUnivariate(R, s, N));
    }
    ctx.tick();
    const { B } = levels[w]!;
    let sigma = solve(w - 1, coefficientOf(c, w, 0));
    const ys = yv(w);
    let e = truncateTotal(spSub(R, c, sumProducts(R, sigma, B, ctx)), ys, d);
    for (let m = 1; m <= d && e.length; m++) {
      const cm = coefficientOf(e, w, m);
      if (!cm.length) continue;
      const ds = solve(w - 1, cm);
      sigma = sigma.map((s, i) => spAdd(R, s, timesVariablePower(ds[i]!, w, m)));
      e = truncateTotal(spSub(R, e, timesVariablePower(sumProducts(R, ds, B, ctx), w, m)), ys, d);
    }
    return sigma.map((s) => truncateTotal(s, ys, d));
  };
  void r;
  return (c) => solve(v, c);
}

function sumProducts(R: CoeffRing<bigint>, s: readonly ZTerms[], B: readonly ZTerms[], ctx: Ctx): ZTerms {
  let acc: ZTerms = [];
  for (let i = 0; i < s.length; i++) if (s[i]!.length) acc = spAdd(R, acc, spMul(R, s[i]!, B[i]!, ctx.tick));
  return acc;
}

export type { Terms };

/**
 * The factorization of a nonzero f ∈ QQ[x_1..x_n] into factors monic in the lex order (leading
 * coefficient 1), unit = the leading coefficient of f: through the primitive integer associate.
 */
export function factorMultivariateQ(f: Terms<Rational>, n: number, opts: MFactorOptions = {}): { unit: Rational; factors: { factor: Terms<Rational>; multiplicity: number }[] } {
  if (!f.length) throw new RangeError("factorMultivariateQ: the zero polynomial");
  let den = 1n;
  for (const t of f) den = (den / igcd(den, t.coeff.den)) * t.coeff.den;
  const z: ZTerms = f.map((t) => ({ exponents: t.exponents, coeff: (t.coeff.num * den) / t.coeff.den }));
  const fz = factorMultivariateZ(z, n, opts);
  return {
    unit: f[0]!.coeff,
    factors: fz.factors.map(({ factor, multiplicity }) => {
      const l = factor[0]!.coeff;
      return { factor: factor.map((t) => ({ exponents: t.exponents, coeff: rational(t.coeff, l) })), multiplicity };
    }),
  };
}

/**
 * Square-free decomposition of a nonzero f ∈ ZZ[x_1..x_n]: f = unit · Π a_i^i with unit = ± the
 * integer content and a_i primitive, positive leading coefficient, square-free and pairwise coprime
 * (a_i the product of the irreducible factors of multiplicity exactly i). Yun's algorithm in a main
 * variable x (the first occurring) on the primitive part in x; the content in x (gcd of the
 * coefficients) is decomposed recursively in the other variables and merged by multiplicity.
 */
export function squarefreeMultivariateZ(f: ZTerms, n: number, opts: MFactorOptions = {}): MultivariateFactorization {
  if (!f.length) throw new RangeError("squarefreeMultivariateZ: the zero polynomial");
  const ctx: Ctx = { tick: opts.checkpoint ?? noop };
  let c = integerContentOf(f);
  if (f[0]!.coeff < 0n) c = -c;
  const parts = new Map<number, ZTerms>();
  const add = (q: ZTerms, m: number): void => {
    const cur = parts.get(m);
    parts.set(m, cur ? spMul(integers, cur, q, ctx.tick) : q);
  };
  const rec = (g: ZTerms): void => {
    const used = usedVariables(g, n);
    if (!used.length) return;
    const x = used[0]!;
    const cont = gcdManyZ([...coefficientsIn(g, x).values()], n, { checkpoint: ctx.tick });
    let h = g;
    if (!isConstant(cont)) {
      rec(primitiveZ(cont));
      h = spDivExact(integers, g, cont, ctx.tick)!;
    }
    h = primitiveZ(h);
    for (const { factor, multiplicity } of squarefreeIn(h, x, n, ctx)) add(factor, multiplicity);
  };
  rec(divideByIntegerSigned(f, c));
  const factors = [...parts.entries()].sort((a, b) => a[0] - b[0]).map(([multiplicity, factor]) => ({ factor: primitiveZ(factor), multiplicity }));
  return { unit: c, factors };
}

const divideByIntegerSigned = (f: ZTerms, c: bigint): ZTerms => f.map((t) => ({ exponents: t.exponents, coeff: t.coeff / c }));

/** The square-free decomposition over QQ: through the primitive integer associate, parts monic (lex), unit = lc(f). */
export function squarefreeMultivariateQ(f: Terms<Rational>, n: number, opts: MFactorOptions = {}): { unit: Rational; factors: { factor: Terms<Rational>; multiplicity: number }[] } {
  if (!f.length) throw new RangeError("squarefreeMultivariateQ: the zero polynomial");
  let den = 1n;
  for (const t of f) den = (den / igcd(den, t.coeff.den)) * t.coeff.den;
  const z: ZTerms = f.map((t) => ({ exponents: t.exponents, coeff: (t.coeff.num * den) / t.coeff.den }));
  const r = squarefreeMultivariateZ(z, n, opts);
  return {
    unit: f[0]!.coeff,
    factors: r.factors.map(({ factor, multiplicity }) => {
      const l = factor[0]!.coeff;
      return { factor: factor.map((t) => ({ exponents: t.exponents, coeff: rational(t.coeff, l) })), multiplicity };
    }),
  };
}
