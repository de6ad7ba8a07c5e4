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
 *    g, and an extension field of GF(p) would be needed — the factorization stops with a
 *    ProviderFailure (the pipeline's non_conclusion): factoring over extension fields is not
 *    implemented.
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
import { gfpDerivative, gfpFactor, gfpGcd, gfpIsIrreducible, gfpMul, gfpNormalize } from "./gfp.js";
import { henselLiftModP } from "./mfactor.js";
import { contentInField, gcdField, isConstantTerms, monicTerms, squarefreeField } from "./mfield.js";
import { comparePolynomials, embed, leadingCoefficientIn, project, univariateImage, usedVariables, type ZTerms } from "./mpoly.js";
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
  const low = new Array<number>(n).fill(Infinity);
  for (const t of g) for (let i = 0; i < n; i++) low[i] = Math.min(low[i]!, t.exponents[i]!);
  if (low.some((m) => m > 0)) {
    g = g.map((t) => ({ exponents: t.exponents.map((e, i) => e - low[i]!), coeff: t.coeff }));
    for (let i = 0; i < n; i++) {
      if (low[i]! > 0) {
        const e = new Array<number>(n).fill(0);
        e[i] = 1;
        out.push({ factor: [{ exponents: e, coeff: 1n }], multiplicity: low[i]! });
      }
    }
  }
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
      if (!(e instanceof NoEvaluationPointError) || i + 1 >= order.length) throw e;
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
  const d: bigint[] = [];
  for (const t of g) {
    const e = t.exponents[i]!;
    while (d.length <= e) d.push(0n);
    d[e] = t.coeff;
  }
  return gfpFactor(d, ctx.p, { checkpoint: ctx.tick }).factors.map(({ factor }) => {
    const out: Term<bigint>[] = [];
    for (let e = factor.length - 1; e >= 0; e--) {
      if (factor[e] === 0n) continue;
      const ex = new Array<number>(n).fill(0);
      ex[i] = e;
      out.push({ exponents: ex, coeff: factor[e]! });
    }
    return out;
  });
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
        `GF(${p}) is too small for this polynomial (an extension field of GF(${p}) would be needed, which is not implemented)`,
    );
  }
  candidates.sort((a, b) => a.u.length - b.u.length || b.zeros - a.zeros);
  const best = candidates[0]!;
  if (!ctx.recombinationOnly) {
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

function recombine(F0: ZTerms, N: number, cand: Candidate, ctx: Ctx): ZTerms[] {
  let F = F0;
  let U = cand.u.slice();
  const out: ZTerms[] = [];
  for (let s = 1; 2 * s <= U.length; ) {
    let found = false;
    const comb = Array.from({ length: s }, (_, i) => i);
    for (;;) {
      ctx.tick();
      const g = tryLiftSubset(F, N, cand.point, U, comb, ctx);
      if (g) {
        out.push(g);
        F = spDivExact(ctx.R, F, g, ctx.tick)!;
        U = U.filter((_, i) => !comb.includes(i));
        found = true;
        break;
      }
      let i = s - 1;
      while (i >= 0 && comb[i] === U.length - s + i) i--;
      if (i < 0) break;
      comb[i]!++;
      for (let j = i + 1; j < s; j++) comb[j] = comb[j - 1]! + 1;
    }
    if (!found) s++;
  }
  if (!isConstantTerms(F)) out.push(monicTerms(ctx.R, F));
  return out;
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

