/**
 * Factorization over a finite field (GF(p), GF(p^k)) by Kronecker substitution: the method for fields too small to
 * evaluate in (mfactorp.ts's evaluation–lifting needs a point of GF(p)^k keeping the leading
 * coefficient nonzero and the image square-free; GF(2)[x, y] often has none: (x·y + 1)·((y + 1)·x + y)).
 *
 * With radices D_i = deg_{x_i} g + 1, the substitution K: x_i ↦ t^{w_i} (w_{n−1} = 1,
 * w_i = w_{i+1}·D_{i+1}) is a ring homomorphism GF(p)[x_1..x_n] → GF(p)[t], and it is injective,
 * with inverse by base-D digits, on polynomials whose degree in each x_i (i > 0) is below D_i —
 * every divisor of g is one. So for g = h·k, K(h)·K(k) = K(g), and by unique factorization in
 * GF(p)[t], K(h) is a unit times the product of a sub-multiset S of the irreducible factors of
 * K(g) (with multiplicity), and h is that product read back by digits, up to a unit.
 *
 * The search: sub-multisets S by increasing size s, each read back and tried by exact division.
 * The first divisor found at the smallest size is irreducible (a proper factor of it would be a
 * divisor at a smaller size); it is split off, its S removed (K(g/h) = K(g)/K(h)), and the search
 * continues at size s. When no sub-multiset of at most half the remaining factors gives a divisor,
 * what is left is irreducible: of h and k in a factorization g = h·k one has at most half.
 *
 * The cost is the univariate factorization of a polynomial of degree < Π D_i plus up to
 * Σ_{s ≤ r/2} C(r, s) trial divisions for r univariate factors: exponential in r, so the search
 * is capped (`undefined`: no conclusion) rather than allowed to run unbounded — by the term
 * operations its candidates cost (a read-back and a trial division: |g|·|h| + |h|), at most
 * KRONECKER_MAX_WORK; preflights charge KRONECKER_SEARCH_UNITS for it.
 */
import { ffFactor, ffFactorCost, ffMul } from "./ffactor.js";
import { gfpFactor, gfpFactorCost, gfpMul } from "./gfp.js";
import { isConstantTerms, monicTerms, squarefreeField } from "./mfield.js";
import type { ZTerms } from "./mpoly.js";
import { primeField } from "./rings.js";
import { compareExponents, degreeIn, fromDense, kronecker, spDivExact, toDense, totalDegree, type Terms } from "./sparse.js";
import type { CoeffRing } from "./types.js";

/** The largest Kronecker image factored (degree of K(g)). */
export const KRONECKER_MAX_DEGREE = 20_000;
/** The most cost units (gfp.ts / ffactor.ts cost models) the univariate factorization of the image may take. */
export const KRONECKER_FACTOR_UNITS = 500_000_000;
/** The most term operations the candidate divisors may cost before the search gives up. */
export const KRONECKER_MAX_WORK = 4_000_000;
/** Cost units a preflight charges for the capped search (≈ 200 units a term operation: bigint or field products and a map insertion). */
export const KRONECKER_SEARCH_UNITS = 200 * KRONECKER_MAX_WORK;

const noop = (): void => {};

/** Univariate arithmetic the search needs over the coefficient field (dense, low degree first). */
interface Univariate<T> {
  /** Cost units of factoring a polynomial of degree n (an upper bound, as the preflights use). */
  cost(n: number): number;
  /** The monic irreducible factors with their multiplicities. */
  factor(f: readonly T[]): { factor: T[]; multiplicity: number }[];
  mul(f: readonly T[], g: readonly T[]): T[];
}

/**
 * The monic irreducible factors of a monic square-free nonconstant g ∈ GF(p)[x_1..x_n] (residues
 * 0..p−1, canonical term order), or `undefined` when the image is larger than
 * KRONECKER_MAX_DEGREE, its factorization would cost more than KRONECKER_FACTOR_UNITS, or the search would cost more than KRONECKER_MAX_WORK term operations.
 */
export function kroneckerFactorsModP(g: ZTerms, n: number, p: bigint, tick: () => void = noop): ZTerms[] | undefined {
  return kroneckerFactors(primeField(p), g, n, { cost: (d) => gfpFactorCost(d, p), factor: (f) => gfpFactor(f, p, { checkpoint: tick }).factors, mul: (f, h) => gfpMul(f, h, p) }, tick);
}

/** The same over any finite field R (GF(p^k): ffactor.ts's univariate factorization). */
export function kroneckerFactorsField<T>(R: CoeffRing<T>, g: Terms<T>, n: number, tick: () => void = noop): Terms<T>[] | undefined {
  const k = R.ring.kind === "GFq" ? R.ring.k : 1;
  return kroneckerFactors(R, g, n, { cost: (d) => ffFactorCost(d, R.characteristic, k), factor: (f) => ffFactor(R, f, { checkpoint: tick }).factors, mul: (f, h) => ffMul(R, f, h) }, tick);
}

function kroneckerFactors<T>(R: CoeffRing<T>, g0: Terms<T>, n: number, U: Univariate<T>, tick: () => void): Terms<T>[] | undefined {
  const radix = Array.from({ length: n }, (_, i) => degreeIn(g0, i) + 1);
  let slots = 1;
  for (const d of radix) slots *= d;
  if (slots - 1 > KRONECKER_MAX_DEGREE) return undefined;
  const K = kronecker(radix);
  const degs = radix.map((d) => d - 1);
  const image = toDense(R, g0, K.weights);
  if (U.cost(image.length - 1) > KRONECKER_FACTOR_UNITS) return undefined;
  const items: T[][] = [];
  for (const { factor, multiplicity } of U.factor(image)) for (let m = 0; m < multiplicity; m++) items.push(factor);

  const out: Terms<T>[] = [];
  let g = g0;
  let work = 0;
  let s = 1;
  let remaining = items.slice();
  while (2 * s <= remaining.length) {
    const hit = search(remaining, s);
    if (hit === "cap") return undefined;
    if (!hit) {
      s++;
      continue;
    }
    out.push(monicTerms(R, hit.divisor));
    g = hit.quotient;
    const drop = new Set(hit.chosen);
    remaining = remaining.filter((_, i) => !drop.has(i));
  }
  out.push(monicTerms(R, g));
  return out;

  type Hit = { chosen: number[]; divisor: Terms<T>; quotient: Terms<T> };
  /** A sub-multiset of size s whose read-back divides g, or null; "cap" past the candidate limit. */
  function search(list: T[][], size: number): Hit | null | "cap" {
    const chosen: number[] = [];
    const same = (i: number): boolean => i > 0 && equalDense(R, list[i]!, list[i - 1]!);
    const walk = (start: number, prefix: T[]): Hit | null | "cap" => {
      if (chosen.length === size) {
        tick();
        const h = fromDense(R, prefix, K);
        work += prefix.length + g.length * h.length;
        if (work > KRONECKER_MAX_WORK) return "cap";
        for (let v = 0; v < n; v++) if (degreeIn(h, v) > degs[v]!) return null;
        const q = spDivExact(R, g, h, tick);
        return q ? { chosen: chosen.slice(), divisor: h, quotient: q } : null;
      }
      for (let i = start; i <= list.length - (size - chosen.length); i++) {
        if (i > start && same(i)) continue; // equal factors: each sub-multiset once (the leftmost copies)
        chosen.push(i);
        const r = walk(i + 1, chosen.length === 1 ? list[i]! : U.mul(prefix, list[i]!));
        chosen.pop();
        if (r) return r;
      }
      return null;
    };
    return walk(0, [R.one]);
  }
}

function equalDense<T>(R: CoeffRing<T>, a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!R.eq(a[i]!, b[i]!)) return false;
  return true;
}

/** The Kronecker search is beyond its caps: the pipeline reports non_conclusion (PROVIDER_FAILURE). */
export class KroneckerLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderFailure";
  }
}

/**
 * The complete factorization of a nonzero f over a finite field R (the method for several
 * variables over GF(p^k)): f = lc(f) · monic f; the square-free decomposition (mfield.ts, Musser's
 * algorithm with all partial derivatives and p-th roots); each part factored by Kronecker
 * substitution. Factors monic, by ascending total degree then terms; a KroneckerLimitError past
 * the search's caps.
 */
export function factorMultivariateField<T>(R: CoeffRing<T>, f: Terms<T>, n: number, tick: () => void = noop): { unit: T; factors: { factor: Terms<T>; multiplicity: number }[] } {
  if (!f.length) throw new RangeError("factorMultivariateField: the zero polynomial");
  const out: { factor: Terms<T>; multiplicity: number }[] = [];
  const g = monicTerms(R, f);
  if (!isConstantTerms(g)) {
    for (const part of squarefreeField(R, g, n, tick).factors) {
      const fs = kroneckerFactorsField(R, part.factor, n, tick);
      if (!fs) throw new KroneckerLimitError(`factoring over ${R.name}: a square-free part of total degree ${totalDegree(part.factor)} is beyond the Kronecker substitution search's limits (the univariate image too large to factor, or too many candidate divisors)`);
      for (const q of fs) out.push({ factor: q, multiplicity: part.multiplicity });
    }
  }
  out.sort((x, y) => totalDegree(x.factor) - totalDegree(y.factor) || compareTermLists(R, x.factor, y.factor) || x.multiplicity - y.multiplicity);
  return { unit: f[0]!.coeff, factors: out };
}

/** Terms compared from the top: exponent vectors, then coefficients by their formatted strings' (length, text) as ffactor.ts's compareFf. */
function compareTermLists<T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareExponents(a[i]!.exponents, b[i]!.exponents);
    if (c) return c;
    if (R.eq(a[i]!.coeff, b[i]!.coeff)) continue;
    const x = R.format(a[i]!.coeff), y = R.format(b[i]!.coeff);
    return x.length - y.length || (x < y ? -1 : 1);
  }
  return a.length - b.length;
}
