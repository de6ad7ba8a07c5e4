/**
 * Factorization of multivariate polynomials over GF(p) (any prime p of the family): evaluation at
 * points of GF(p), univariate factorization over GF(p) (gfp.ts), multivariate Hensel lifting over
 * GF(p) (mfactor.ts's lifting with the leading coefficients imposed) and a subset recombination.
 *
 * 1. f = lc(f) · (monic f); the monomial factors x_i^m come out; the square-free decomposition
 *    (mfield.ts: Musser's algorithm with all partial derivatives and p-th roots) splits the rest.
 * 2. A square-free part g: a main variable x with ∂g/∂x ≠ 0 (every irreducible factor has some
 *    nonzero partial derivative); the content of g in x (a gcd of its coefficients) is factored
 *    recursively, and so is gcd(g, ∂g/∂x) — the factors q with ∂q/∂x = 0, which x cannot separate.
 *    What is left is primitive in x and separable in x: gcd(g, ∂g/∂x) = 1.
 * 3. Points a of GF(p)^k (zeros first; every point when p^k is small, else seeded random ones) with
 *    L(a) ≠ 0 (L = lc_x g) and g(x, a) square-free; g(x, a) is factored over GF(p). One factor
 *    proves g irreducible (a factorization of g specialises to one: both parts keep their x-degree
 *    because L(a) ≠ 0, and g has no factor free of x). Of three admissible points the one with the
 *    fewest univariate factors is kept. When no point of GF(p)^k is admissible — p is too small for
 *    g — the next main variable is tried, and when none has a point, the factorization of g is
 *    found by Kronecker substitution (mkronecker.ts: one univariate factorization and a search
 *    over sub-multisets of its factors, capped; past the caps a ProviderFailure, the pipeline's
 *    non_conclusion).
 * 4. The leading coefficient (no Wang heuristic over a finite field): every factor gets L as its
 *    leading coefficient in x and g is multiplied by L^{r−1}; the r monic univariate factors u_j
 *    are scaled to lc L(a); the lift (variable by variable, mfactor.ts) is unique given coprime
 *    images, so it recovers the true factors times units of GF(p)[y] when the univariate factors
 *    correspond to them; the primitive parts in x, made monic, are checked by exact division.
 * 5. Otherwise (extraneous univariate factors), subsets S of the univariate factors, smallest first,
 *    are lifted as two factors L·Π_S u_i and L·Π_{∉S} u_i of L·g; the primitive part in x of the
 *    first, when it divides g exactly, is a factor. When no subset of at most half the remaining
 *    factors gives one, the rest is irreducible (every true factor is the image of some subset).
 */
import { SeededRandom } from "../seeded-random.js";
import { gfpDerivative, gfpFactor, gfpGcd, gfpIsIrreducible, gfpMul, gfpNormalize, gfpRem, gfpXgcd } from "./gfp.js";
import { invModP, remP } from "./smallprime.js";
import { kroneckerFactorsModP } from "./mkronecker.js";
import { denseIn, embedUnivariate, henselLiftFromBivariateModP, henselLiftModP, recombineSubsets, splitMonomialFactors } from "./mfactor.js";
import { contentInField, gcdField, isConstantTerms, monicTerms, squarefreeField } from "./mfield.js";
import { comparePolynomials, embed, leadingCoefficientIn, project, shiftVariable, univariateImage, usedVariables, type ZTerms } from "./mpoly.js";
import { primeField } from "./rings.js";
import { constantExponents, degreeIn, spDerivative, spDivExact, spMul } from "./sparse.js";
import type { CoeffRing, Term } from "./types.js";

export interface ModPFactorization {
  /** The leading coefficient of f (descending lex order). */
  unit: bigint;
  /** Distinct monic irreducible factors with multiplicities, by ascending total degree then terms. */
  factors: { factor: ZTerms; multiplicity: number }[];
}

export interface ModPFactorOptions {
  checkpoint?: () => void;
  /** Skip the lift of all factors at once and use the subset recombination (tests both paths). */
  recombinationOnly?: boolean;
}

/** No admissible evaluation point in GF(p)^k: the pipeline reports non_conclusion / PROVIDER_FAILURE. */
export class NoEvaluationPointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderFailure";
  }
}

interface Ctx {
  R: CoeffRing<bigint>;
  p: bigint;
  tick: () => void;
  recombinationOnly?: boolean;
}

const noop = (): void => {};

/** The complete factorization of a nonzero f ∈ GF(p)[x_1..x_n] (residues 0..p−1, exponent vectors of length n). */
export function factorMultivariateModP(f: ZTerms, n: number, p: bigint, opts: ModPFactorOptions = {}): ModPFactorization {
  if (!f.length) throw new RangeError("factorMultivariateModP: the zero polynomial");
  const R = primeField(p);
  const ctx: Ctx = { R, p, tick: opts.checkpoint ?? noop, recombinationOnly: opts.recombinationOnly };
  let g = monicTerms(R, f);
  const out: { factor: ZTerms; multiplicity: number }[] = [];
  g = splitMonomialFactors(g, n, out);
  if (!isConstantTerms(g)) {
    for (const part of squarefreeField(R, g, n, ctx.tick).factors) {
      for (const q of factorSquarefree(part.factor, n, ctx)) out.push({ factor: q, multiplicity: part.multiplicity });
    }
  }
  out.sort((x, y) => comparePolynomials(x.factor, y.factor) || x.multiplicity - y.multiplicity);
  return { unit: f[0]!.coeff, factors: out };
}

/**
 * The monic irreducible factors of a monic square-free g. The main variables with a nonzero
 * derivative are tried in order of preference; the next one is tried when a small field has no
 * admissible evaluation point for the previous one.
 */
function factorSquarefree(g: ZTerms, n: number, ctx: Ctx): ZTerms[] {
  if (isConstantTerms(g)) return [];
  const used = usedVariables(g, n);
  if (used.length === 1) return univariateFactors(g, used[0]!, n, ctx);
  const order = mainVariables(g, used, ctx.R);
  for (let i = 0; ; i++) {
    try {
      return factorSquarefreeIn(g, order[i]!, n, ctx);
    } catch (e) {
      if (!(e instanceof NoEvaluationPointError)) throw e;
      if (i + 1 < order.length) continue;
      // No main variable has an admissible point: GF(p) is too small. Kronecker substitution
      // (mkronecker.ts) needs no point; it reports nothing when its search would be too large.
      const viaKronecker = kroneckerFactorsModP(g, n, ctx.p, ctx.tick);
      if (viaKronecker) return viaKronecker;
      throw new NoEvaluationPointError(`${e.message}; the Kronecker substitution fallback is beyond its limits (the univariate image too large to factor, or too many candidate divisors)`);
    }
  }
}

function factorSquarefreeIn(g0: ZTerms, x: number, n: number, ctx: Ctx): ZTerms[] {
  const { R } = ctx;
  let g = g0;
  const out: ZTerms[] = [];
  const cont = contentInField(R, g, x, n, ctx.tick);
  if (!isConstantTerms(cont)) {
    out.push(...factorSquarefree(cont, n, ctx));
    g = spDivExact(R, g, cont, ctx.tick)!;
  }
  const h = gcdField(R, g, spDerivative(R, g, x), n, ctx.tick);
  if (!isConstantTerms(h)) {
    out.push(...factorSquarefree(h, n, ctx));
    g = spDivExact(R, g, h, ctx.tick)!;
  }
  g = monicTerms(R, g);
  if (isConstantTerms(g)) return out;
  const rest = usedVariables(g, n);
  if (rest.length === 1) out.push(...univariateFactors(g, rest[0]!, n, ctx));
  else if (degreeIn(g, x) === 1) out.push(g); // primitive and linear in x
  else {
    const order = [x, ...rest.filter((v) => v !== x)];
    for (const q of eez(project(g, order), order.length, ctx)) out.push(monicTerms(R, embed(q, order, n)));
  }
  return out;
}

/** The variables with a nonzero derivative, best first: a constant leading coefficient, else the fewest terms in it; ties by the lower degree. */
function mainVariables(g: ZTerms, used: readonly number[], R: CoeffRing<bigint>): number[] {
  const keyed = used
    .filter((v) => spDerivative(R, g, v).length > 0)
    .map((v) => {
      const lc = leadingCoefficientIn(g, v);
      return { v, a: isConstantTerms(lc) ? 0 : lc.length, b: degreeIn(g, v) };
    });
  if (!keyed.length) throw new Error("factorMultivariateModP: a square-free part with all derivatives zero");
  return keyed.sort((x, y) => x.a - y.a || x.b - y.b || x.v - y.v).map((k) => k.v);
}

function univariateFactors(g: ZTerms, i: number, n: number, ctx: Ctx): ZTerms[] {
  return gfpFactor(denseIn(g, i), ctx.p, { checkpoint: ctx.tick }).factors.map(({ factor }) => embedUnivariate(factor, i, n));
}

// ───────────────────────────── evaluation, lifting, recombination ─────────────────────────────

interface Candidate {
  point: bigint[];
  /** Monic univariate factors of F(x, point). */
  u: bigint[][];
  zeros: number;
}

/** Attempts at random points (for large p^k); at most this many points when GF(p)^k is enumerated. */
const RANDOM_ATTEMPTS = 96;
const ENUMERATED_POINTS = 4096;
const WANTED_CANDIDATES = 3;

function randomResidue(rng: SeededRandom, p: bigint): bigint {
  if (p <= 0x7fffffffn) return BigInt(rng.below(Number(p)));
  let r = 0n;
  for (let bits = 0n; bits < BigInt(p.toString(2).length) + 32n; bits += 32n) r = (r << 32n) | BigInt(rng.nextU32());
  return r % p;
}

/** The points tried: every point of GF(p)^k (0 first) when there are few, else 0 and then seeded random points (half of the coordinates 0 at first). */
function* points(p: bigint, k: number, seed: number): Generator<bigint[]> {
  const total = p ** BigInt(k);
  if (total <= BigInt(ENUMERATED_POINTS)) {
    for (let i = 0n; i < total; i++) {
      const pt: bigint[] = [];
      let r = i;
      for (let j = 0; j < k; j++) {
        pt.push(r % p);
        r /= p;
      }
      yield pt;
    }
    return;
  }
  yield new Array<bigint>(k).fill(0n);
  const rng = new SeededRandom(seed);
  for (let a = 1; a < RANDOM_ATTEMPTS; a++) yield Array.from({ length: k }, () => (a < RANDOM_ATTEMPTS / 3 && rng.below(2) === 0 ? 0n : randomResidue(rng, p)));
}

const valueAt = (R: CoeffRing<bigint>, f: ZTerms, point: readonly bigint[]): bigint => univariateImage(R, f, point)[0] ?? 0n;

/** The irreducible factors of F (variable 0 main; square-free, primitive and separable in x_0, monic, N ≥ 2 variables all occurring). */
function eez(F: ZTerms, N: number, ctx: Ctx): ZTerms[] {
  const { R, p } = ctx;
  const k = N - 1;
  const L = leadingCoefficientIn(F, 0);
  const degX = degreeIn(F, 0);
  const candidates: Candidate[] = [];
  let tried = 0;
  for (const point of points(p, k, 0x6f5eed ^ (N * 7919) ^ degX ^ F.length)) {
    if (candidates.length >= WANTED_CANDIDATES) break;
    ctx.tick();
    tried++;
    if (valueAt(R, L, point) === 0n) continue;
    const fa = univariateImage(R, F, point);
    if (fa.length - 1 !== degX) continue;
    if (gfpGcd(fa, gfpDerivative(fa, p), p).length > 1) continue;
    const fz = gfpFactor(fa, p, { checkpoint: ctx.tick });
    if (fz.factors.length === 1) return [F];
    candidates.push({ point, u: fz.factors.map((x) => x.factor), zeros: point.filter((a) => a === 0n).length });
  }
  if (!candidates.length) {
    const all = p ** BigInt(k) <= BigInt(ENUMERATED_POINTS);
    throw new NoEvaluationPointError(
      `factoring over GF(${p}): ${all ? `no point of GF(${p})^${k}` : `none of ${tried} points of GF(${p})^${k}`} keeps the leading coefficient nonzero and the specialization square-free; ` +
        `GF(${p}) is too small to evaluate this polynomial in`,
    );
  }
  candidates.sort((a, b) => a.u.length - b.u.length || b.zeros - a.zeros);
  const best = candidates[0]!;
  if (!ctx.recombinationOnly) {
    if (N === 2 && p < WORD_P) {
      const z = bivariateZassenhaus(F, best, ctx);
      if (z) return z;
    }
    if (N >= 3 && best.u.length > 1) {
      const viaBivariate = liftFromBivariate(F, N, L, best.point, ctx);
      if (viaBivariate) return viaBivariate;
    }
    const all = liftAll(F, N, L, best, ctx);
    if (all) return all;
  }
  return recombine(F, N, best, ctx);
}

/** The primitive part in x_0, monic. */
function primitiveInX(R: CoeffRing<bigint>, G: ZTerms, N: number, tick: () => void): ZTerms {
  const c = contentInField(R, G, 0, N, tick);
  return monicTerms(R, isConstantTerms(c) ? G : spDivExact(R, G, c, tick)!);
}

function powerOf(R: CoeffRing<bigint>, f: ZTerms, e: number, N: number, tick: () => void): ZTerms {
  let r: ZTerms = [{ exponents: constantExponents(N), coeff: 1n }];
  for (let i = 0; i < e; i++) r = spMul(R, r, f, tick);
  return r;
}

/** Every factor with leading coefficient L: F·L^{r−1} = Π (L/lc h_j)·h_j lifted at once; undefined when the images do not correspond to the factors. */
function liftAll(F: ZTerms, N: number, L: ZTerms, cand: Candidate, ctx: Ctx): ZTerms[] | undefined {
  const { R, p } = ctx;
  const r = cand.u.length;
  const La = valueAt(R, L, cand.point);
  const images = cand.u.map((u) => u.map((c) => (c * La) % p));
  const Fstar = r > 1 ? spMul(R, F, powerOf(R, L, r - 1, N, ctx.tick), ctx.tick) : F;
  const lifted = henselLiftModP(Fstar, N, cand.point, images, cand.u.map(() => L), p, ctx.tick);
  if (!lifted) return undefined;
  const factors = lifted.map((G) => primitiveInX(R, G, N, ctx.tick));
  let rest = F;
  for (const g of factors) {
    if (isConstantTerms(g)) return undefined;
    const q = spDivExact(R, rest, g, ctx.tick);
    if (!q) return undefined;
    rest = q;
  }
  return isConstantTerms(rest) ? factors : undefined;
}

/**
 * Over finite fields a univariate image usually has more factors than F (a random polynomial of
 * degree d over GF(p) has about ln d factors), and lifting subsets in every variable is costly. So
 * the recombination is done once in two variables: F(x, y_1, a_2, …, a_k) is factored (its own
 * evaluation, lifting and recombination in y_1 alone), and its factors — the images of F's factors
 * when the point keeps those irreducible, as it does for most points of a large field — are lifted
 * with the leading coefficient L imposed through y_2, …, y_k at once. Undefined when the lift does
 * not close or the results do not divide F (then the univariate route runs).
 */
function liftFromBivariate(F: ZTerms, N: number, L: ZTerms, point: readonly bigint[], ctx: Ctx): ZTerms[] | undefined {
  const { R, p } = ctx;
  const rest = point.slice(1);
  const fix = (f: ZTerms): ZTerms => {
    // x_0, y_1 kept, y_2.. = a_2..
    const out = new Map<string, { exponents: number[]; coeff: bigint }>();
    for (const t of f) {
      let c = t.coeff;
      for (let i = 0; i < rest.length; i++) if (t.exponents[i + 2]) c = (c * powMod(rest[i]!, t.exponents[i + 2]!, p)) % p;
      const e = [t.exponents[0]!, t.exponents[1]!];
      const key = e.join(",");
      const cur = out.get(key);
      if (cur) cur.coeff = (cur.coeff + c) % p;
      else out.set(key, { exponents: e, coeff: c });
    }
    return [...out.values()].filter((t) => t.coeff !== 0n).sort((a, b) => b.exponents[0]! - a.exponents[0]! || b.exponents[1]! - a.exponents[1]!);
  };
  const Fb = fix(F);
  const Lb = fix(L);
  const cb = contentInField(R, Fb, 0, 2, ctx.tick);
  const Pb = monicTerms(R, isConstantTerms(cb) ? Fb : spDivExact(R, Fb, cb, ctx.tick)!);
  const gs = degreeIn(Pb, 1) > 0 ? eez(Pb, 2, ctx) : univariateFactors(Pb, 0, 2, ctx);
  const r = gs.length;
  if (r < 2) return r === 1 ? [F] : undefined;
  const widen = (g: ZTerms): ZTerms => g.map((t) => ({ exponents: [t.exponents[0]!, t.exponents[1]!, ...new Array<number>(N - 2).fill(0)], coeff: t.coeff }));
  // U_i = g_i · (L_b / lc_x g_i): every start factor has the leading coefficient L(x, y_1, a_2, …)
  const starts: ZTerms[] = [];
  for (const g of gs) {
    const q = spDivExact(R, Lb, leadingCoefficientIn(g, 0), ctx.tick);
    if (!q) return undefined;
    starts.push(widen(spMul(R, g, q, ctx.tick)));
  }
  const Fstar = spMul(R, F, powerOf(R, L, r - 1, N, ctx.tick), ctx.tick);
  const lifted = henselLiftFromBivariateModP(Fstar, N, point, starts, gs.map(() => L), p, ctx.tick);
  if (!lifted) return undefined;
  const factors = lifted.map((G) => primitiveInX(R, G, N, ctx.tick));
  let left = F;
  for (const g of factors) {
    if (isConstantTerms(g)) return undefined;
    const q = spDivExact(R, left, g, ctx.tick);
    if (!q) return undefined;
    left = q;
  }
  return isConstantTerms(left) ? factors : undefined;
}

/** GF(p) residues below this are JavaScript numbers in the bivariate lifting (products below 2^52). */
const WORD_P = 2n ** 26n;

type XPoly = number[];

function mulX(a: XPoly, b: XPoly, P: number): XPoly {
  if (!a.length || !b.length) return [];
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (!ai) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j]! + ai * b[j]!) % P;
  }
  return out;
}

function addInto(acc: number[], a: XPoly, P: number): void {
  for (let i = 0; i < a.length; i++) acc[i] = ((acc[i] ?? 0) + a[i]!) % P;
}

/**
 * Two variables over GF(p), p < 2^26 (the classical y-adic Zassenhaus method): with the point
 * moved to y = 0, the monic univariate factors u_k of F(x, 0) are lifted once, all together, to
 * monic factors of F/L in GF(p)[[y]][x] modulo y^{deg_y F + 1} (linear lifting: at step m the
 * coefficient of y^m of F/L − Π f_k is distributed by σ_k = e·(Π_{l≠k} u_l)^{-1} mod u_k; the
 * coefficients of y^j of the prefix products are kept, so a step costs O(r·m·n²)). Then subsets S
 * of the lifted factors, smallest first: the primitive part in x of L·Π_S f_k (mod y^{deg_y F + 1};
 * every true factor h has this form, as L·Π_S f_k = lc(F/h)·h has y-degree ≤ deg_y F) is a factor
 * when it divides F exactly. Undefined when p is too large for word arithmetic.
 */
function bivariateZassenhaus(F0: ZTerms, cand: Candidate, ctx: Ctx): ZTerms[] | undefined {
  const { R, p } = ctx;
  if (p >= WORD_P) return undefined;
  const P = Number(p);
  const a1 = cand.point[0]!;
  const F = shiftVariable(R, F0, 1, a1);
  const n = degreeIn(F, 0), dy = degreeIn(F, 1);
  const prec = dy + 1;
  // y-major dense form: Fy[j][i] = coefficient of x^i y^j
  const Fy: number[][] = Array.from({ length: prec }, () => new Array<number>(n + 1).fill(0));
  for (const t of F) Fy[t.exponents[1]!]![t.exponents[0]!] = Number(t.coeff);
  const L = Fy.map((row) => row[n]!);
  if (L[0] === 0) return undefined;
  // 1/L mod y^prec
  const Linv = new Array<number>(prec).fill(0);
  Linv[0] = invModP(L[0]!, P);
  for (let j = 1; j < prec; j++) {
    let s = 0;
    for (let t = 1; t <= j; t++) s = (s + L[t]! * Linv[j - t]!) % P;
    Linv[j] = ((P - s) % P) * Linv[0]! % P;
  }
  const Fm: XPoly[] = [];
  for (let j = 0; j < prec; j++) {
    const acc = new Array<number>(n + 1).fill(0);
    for (let t = 0; t <= j; t++) {
      const c = Linv[j - t]!;
      if (!c) continue;
      const row = Fy[t]!;
      for (let i = 0; i <= n; i++) if (row[i]) acc[i] = (acc[i]! + row[i]! * c) % P;
    }
    Fm.push(acc);
  }
  const us = cand.u.map((u) => u.map(Number));
  const r = us.length;
  const inverses: XPoly[] = [];
  for (let k = 0; k < r; k++) {
    let B: bigint[] = [1n];
    for (let l = 0; l < r; l++) if (l !== k) B = gfpMul(B, cand.u[l]!, p);
    const x = gfpXgcd(B, cand.u[k]!, p);
    if (x.gcd.length !== 1) return undefined;
    const g0 = invModP(Number(x.gcd[0]!), P);
    inverses.push(x.s.map((c) => (Number(c) * g0) % P));
  }
  // f[k][j]: coefficient of y^j of the k-th factor (f[k][0] = u_k monic); pre[k][j] = [y^j] of f_0···f_{k−1}
  const f: XPoly[][] = us.map((u) => [u]);
  const pre: XPoly[][] = Array.from({ length: r + 1 }, () => []);
  const prefixAt = (m: number): void => {
    pre[0]![m] = m === 0 ? [1] : [];
    for (let k = 0; k < r; k++) {
      const acc: number[] = [];
      for (let j = 0; j <= m; j++) {
        const a = pre[k]![j]!, b = f[k]![m - j];
        if (a.length && b && b.length) addInto(acc, mulX(a, b, P), P);
      }
      pre[k + 1]![m] = acc;
    }
  };
  prefixAt(0);
  for (let m = 1; m < prec; m++) {
    ctx.tick();
    for (let k = 0; k < r; k++) f[k]![m] = [];
    prefixAt(m);
    const e = Fm[m]!.slice(0, n);
    const pm = pre[r]![m]!;
    for (let i = 0; i < pm.length; i++) e[i] = ((e[i] ?? 0) - pm[i]! + P) % P;
    if (pm.length > n && pm.slice(n).some((c) => c !== 0)) return undefined; // monic factors: no x^n term in the error
    if (e.every((c) => c === 0)) continue;
    for (let k = 0; k < r; k++) f[k]![m] = remP(mulX(e, inverses[k]!, P), us[k]!, P);
    prefixAt(m);
  }
  // recombination
  const toTerms = (rows: XPoly[]): ZTerms => {
    const out: Term<bigint>[] = [];
    rows.forEach((row, j) => row.forEach((c, i) => c && out.push({ exponents: [i, j], coeff: BigInt(c) })));
    return out.sort((a, b) => b.exponents[0]! - a.exponents[0]! || b.exponents[1]! - a.exponents[1]!);
  };
  const seriesMul = (a: XPoly[], b: XPoly[]): XPoly[] => {
    const out: XPoly[] = Array.from({ length: prec }, () => []);
    for (let i = 0; i < a.length; i++) {
      if (!a[i]?.length) continue;
      for (let j = 0; i + j < prec && j < b.length; j++) if (b[j]?.length) addInto(out[i + j]!, mulX(a[i]!, b[j]!, P), P);
    }
    return out;
  };
  let rest = F;
  let left = Array.from({ length: r }, (_, k) => k);
  const found: ZTerms[] = [];
  for (let s = 1; 2 * s <= left.length; ) {
    let hit = false;
    const comb = Array.from({ length: s }, (_, i) => i);
    for (;;) {
      ctx.tick();
      const Lr = leadingCoefficientIn(rest, 0);
      let G: XPoly[] = Array.from({ length: prec }, (_, j) => {
        const c = Lr.find((t) => t.exponents[1] === j);
        return c ? [Number(c.coeff)] : [];
      });
      for (const i of comb) G = seriesMul(G, f[left[i]!]!);
      const g = primitiveInX(R, toTerms(G), 2, ctx.tick);
      // a false candidate almost never divides at a point: two univariate remainders before the exact division
      const q = degreeIn(g, 0) > 0 && degreeIn(g, 1) <= degreeIn(rest, 1) && dividesAtPoint(g, rest, 1n, p) && dividesAtPoint(g, rest, p - 1n, p) ? spDivExact(R, rest, g, ctx.tick) : undefined;
      if (q) {
        found.push(g);
        rest = q;
        left = left.filter((_, i) => !comb.includes(i));
        hit = true;
        break;
      }
      let i = s - 1;
      while (i >= 0 && comb[i] === left.length - s + i) i--;
      if (i < 0) break;
      comb[i]!++;
      for (let j = i + 1; j < s; j++) comb[j] = comb[j - 1]! + 1;
    }
    if (!hit) s++;
  }
  if (!isConstantTerms(rest)) found.push(monicTerms(R, rest));
  const back = p - (a1 % p);
  return found.map((g) => monicTerms(R, shiftVariable(R, g, 1, back % p)));
}

/** Whether g(x, b) divides f(x, b) in GF(p)[x] (two variables; lc_x g(x, b) ≠ 0 is not required: a zero image passes). */
function dividesAtPoint(g: ZTerms, f: ZTerms, b: bigint, p: bigint): boolean {
  const R = primeField(p);
  const gb = univariateImage(R, g, [b]), fb = univariateImage(R, f, [b]);
  if (!gb.length) return true;
  if (gb.length - 1 < degreeIn(g, 0)) return true; // the leading coefficient vanishes at b: no test
  return gfpRem(fb, gb, p).length === 0;
}

function powMod(a: bigint, e: number, p: bigint): bigint {
  let r = 1n, b = a % p, k = e;
  while (k > 0) {
    if (k & 1) r = (r * b) % p;
    k >>= 1;
    if (k) b = (b * b) % p;
  }
  return r;
}

function recombine(F0: ZTerms, N: number, cand: Candidate, ctx: Ctx): ZTerms[] {
  return recombineSubsets(
    F0,
    cand.u,
    (F, U, S) => tryLiftSubset(F, N, cand.point, U, S, ctx),
    (F, g) => spDivExact(ctx.R, F, g, ctx.tick)!,
    (F) => (isConstantTerms(F) ? undefined : monicTerms(ctx.R, F)),
    ctx.tick,
  );
}

function tryLiftSubset(F: ZTerms, N: number, point: readonly bigint[], U: readonly bigint[][], S: readonly number[], ctx: Ctx): ZTerms | undefined {
  const { R, p } = ctx;
  const L = leadingCoefficientIn(F, 0);
  const La = valueAt(R, L, point);
  let uS: bigint[] = [1n], uR: bigint[] = [1n];
  U.forEach((u, i) => {
    if (S.includes(i)) uS = gfpMul(uS, u, p);
    else uR = gfpMul(uR, u, p);
  });
  const images = [gfpNormalize(uS.map((c) => c * La), p), gfpNormalize(uR.map((c) => c * La), p)];
  const lifted = henselLiftModP(spMul(R, F, L, ctx.tick), N, point, images, [L, L], p, ctx.tick);
  if (!lifted) return undefined;
  const g = primitiveInX(R, lifted[0]!, N, ctx.tick);
  if (degreeIn(g, 0) < 1) return undefined;
  const q = spDivExact(R, F, g, ctx.tick);
  if (!q || isConstantTerms(q)) return undefined;
  return g;
}

// ───────────────────────────── irreducibility on a line ─────────────────────────────

/** f(a + b·t) over GF(p), dense little-endian in t. */
export function lineImageModP(f: ZTerms, a: readonly bigint[], b: readonly bigint[], p: bigint): bigint[] {
  const n = a.length;
  const pw: bigint[][][] = Array.from({ length: n }, () => [[1n]]);
  const power = (i: number, e: number): bigint[] => {
    const list = pw[i]!;
    while (list.length <= e) list.push(gfpMul(list[list.length - 1]!, gfpNormalize([a[i]!, b[i]!], p), p));
    return list[e]!;
  };
  let out: bigint[] = [];
  for (const t of f) {
    let term: bigint[] = [t.coeff % p];
    for (let i = 0; i < n && term.length; i++) if (t.exponents[i]) term = gfpMul(term, power(i, t.exponents[i]!), p);
    const m = Math.max(out.length, term.length);
    const next = new Array<bigint>(m);
    for (let i = 0; i < m; i++) next[i] = ((out[i] ?? 0n) + (term[i] ?? 0n)) % p;
    out = next;
  }
  return gfpNormalize(out, p);
}

/**
 * Irreducibility over GF(p) of a nonconstant g ∈ GF(p)[x_1..x_n] proven on a line: for x = a + b·t
 * with deg_t g(a + b t) = tdeg g, a factorization g = h·k into nonconstant factors restricts to
 * one of the same degrees (the degrees add up and neither exceeds its total degree), so an image
 * proven irreducible by Rabin's test (gfp.ts) proves g irreducible. `undefined` when none of the
 * tried lines gives one (small fields may have none).
 */
export function irreducibleOnLineModP(g: ZTerms, n: number, p: bigint, attempts: number, tick: () => void = noop): { a: bigint[]; b: bigint[] } | undefined {
  let tdeg = 0;
  for (const t of g) tdeg = Math.max(tdeg, t.exponents.reduce((x, y) => x + y, 0));
  if (tdeg < 1) return undefined;
  const rng = new SeededRandom(0x1e5e ^ (tdeg * 131) ^ g.length);
  for (let i = 0; i < attempts; i++) {
    tick();
    const a = Array.from({ length: n }, () => randomResidue(rng, p));
    const b = Array.from({ length: n }, () => randomResidue(rng, p));
    const h = lineImageModP(g, a, b, p);
    if (h.length - 1 !== tdeg) continue;
    if (gfpIsIrreducible(h, p, { checkpoint: tick })) return { a, b };
  }
  return undefined;
}

