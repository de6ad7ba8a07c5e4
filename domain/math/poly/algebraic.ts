/**
 * Minimal polynomials of α + β, α − β, α·β and α/β for algebraic numbers α, β given by integer
 * polynomials f(α) = 0, g(β) = 0 (of degrees m, n), through resultants:
 *
 *   α + β: Res_y(f(y), g(x − y))      α − β: Res_y(f(y), g(y − x))
 *   α·β:   Res_y(f(y), y^n g(x/y))    α/β:   Res_y(g(y), f(x·y))
 *
 * each of degree N = m·n in x, with the roots α_i ∘ β_j over all pairs of roots. The resultant is
 * computed modulo word primes at N + 1 points x_0 (Euclid's resultant of two univariate images,
 * smallprime.ts), interpolated (Newton), and Chinese-remaindered until the modulus exceeds twice
 * the bound C·Π(1 + |γ_ij|) on its coefficients, where C is its leading coefficient (lc(f)^n·lc(g)^m;
 * f_m^n·g_0^m for the quotient) and |γ| is bounded by Cauchy's root bounds (|α| < 1 + max|f_i/f_m|;
 * 1/|β| through the reversed g). Its distinct irreducible factors are the possible minimal
 * polynomials; when α and β are given as real roots (by index), exact interval arithmetic on
 * isolating intervals, refined by bisection, picks the factor with a root in the combined interval
 * (distinct irreducible polynomials share no root, so exactly one remains as the intervals shrink).
 * Zero roots are split off for products and quotients (α·0 = 0; β = 0 is excluded from quotients).
 */
import { type Rational, ratCompare, rational, ratAdd, ratSub, ratMul, ratDiv } from "../rational.js";
import { bisect, countRealRoots, isolateRealRoots, type RootInterval } from "./realroots.js";
import { invModP, resultantP, wordPrime } from "./smallprime.js";
import { bitLen, lc, maxAbs, primitivePart, squarefreePart, trim } from "./zz.js";
import { factorOverIntegers } from "./zzfactor.js";

export type AlgebraicOperation = "sum" | "difference" | "product" | "quotient";

const noop = (): void => {};

/** Bits b with every root of a (nonconstant, a_0 arbitrary) below 2^b in absolute value (Cauchy). */
function rootBoundBits(a: readonly bigint[]): number {
  return Math.max(0, bitLen(maxAbs(a.slice(0, -1))) - bitLen(lc(a)) + 1) + 1;
}

function stripZeroRoots(a: readonly bigint[]): { poly: bigint[]; zero: boolean } {
  let k = 0;
  while (k < a.length - 1 && a[k] === 0n) k++;
  return { poly: a.slice(k), zero: k > 0 };
}

/** Number of word primes the composed resultant of f, g takes (preflight). */
export function composedResultantBits(f: readonly bigint[], g: readonly bigint[], op: AlgebraicOperation): number {
  const m = f.length - 1, n = g.length - 1;
  const N = m * n;
  const rf = rootBoundBits(f), rg = rootBoundBits(g);
  const rev = g.slice().reverse();
  const per = op === "sum" || op === "difference" ? Math.max(rf, rg) + 2 : op === "product" ? rf + rg + 1 : rf + rootBoundBits(trim(rev.slice())) + 1;
  const cBits = op === "quotient" ? n * bitLen(lc(f)) + m * bitLen(g[0]!) : n * bitLen(lc(f)) + m * bitLen(lc(g));
  return cBits + N * per + 2;
}

/**
 * The resultant r(x) of degree m·n whose roots are α_i ∘ β_j (f, g integer, nonconstant; for
 * products and quotients without zero roots).
 */
export function composedResultant(f: readonly bigint[], g: readonly bigint[], op: AlgebraicOperation, tick: () => void = noop): bigint[] {
  const m = f.length - 1, n = g.length - 1;
  const N = m * n;
  const F = op === "quotient" ? g : f;
  const first = op === "quotient" ? 1 : 0;
  const bits = composedResultantBits(f, g, op) + 1;
  // leading coefficients that must stay units modulo p
  const lcF = lc(F);
  const lcG = op === "product" ? g[0]! : op === "quotient" ? lc(f) : lc(g);
  let coeffs: bigint[] = new Array<bigint>(N + 1).fill(0n);
  let M = 1n;
  for (let pi = 0; bitLen(M) <= bits; pi++) {
    tick();
    const p = wordPrime(pi); // below 2^25: the division-free resultant kernel
    const P = BigInt(p);
    if (lcF % P === 0n || lcG % P === 0n) continue;
    const red = (a: readonly bigint[]) => a.map((c) => {
      const r = Number(c % P);
      return r < 0 ? r + p : r;
    });
    const Fp = red(F);
    const fp = red(f), gp = red(g);
    const xs: number[] = [];
    const ys: number[] = [];
    for (let k = 0; k <= N; k++) {
      const x0 = first + k;
      xs.push(x0);
      let G: number[];
      if (op === "sum" || op === "difference") {
        // Horner in (x0 − y) or (y − x0)
        G = [];
        const s = op === "sum" ? -1 : 1; // G·(s·y + t) + g_i
        const t = op === "sum" ? x0 % p : (p - (x0 % p)) % p;
        for (let i = n; i >= 0; i--) {
          const next = new Array<number>(G.length + 1).fill(0);
          for (let j = 0; j < G.length; j++) {
            next[j] = (next[j]! + G[j]! * t) % p;
            next[j + 1] = (next[j + 1]! + (s === 1 ? G[j]! : p - G[j]!)) % p;
          }
          next[0] = (next[0]! + gp[i]!) % p;
          G = next;
        }
      } else if (op === "product") {
        G = new Array<number>(n + 1).fill(0);
        let pw = 1;
        for (let i = 0; i <= n; i++) {
          G[n - i] = (gp[i]! * pw) % p;
          pw = (pw * (x0 % p)) % p;
        }
      } else {
        G = new Array<number>(m + 1).fill(0);
        let pw = 1;
        for (let i = 0; i <= m; i++) {
          G[i] = (fp[i]! * pw) % p;
          pw = (pw * (x0 % p)) % p;
        }
      }
      let top = G.length;
      while (top > 0 && G[top - 1] === 0) top--;
      G.length = top;
      let a = Fp.slice();
      let t2 = a.length;
      while (t2 > 0 && a[t2 - 1] === 0) t2--;
      a.length = t2;
      ys.push(resultantP(a, G, p));
    }
    const img = interpolateP(xs, ys, p);
    if (M === 1n) coeffs = img.map((c) => BigInt(c));
    else {
      const mInv = BigInt(invModP(Number(M % P), p));
      coeffs = coeffs.map((x, i) => {
        const xm = Number(x % P);
        let t = (BigInt((img[i] ?? 0) - xm) * mInv) % P;
        if (t < 0n) t += P;
        return x + M * t;
      });
    }
    M *= P;
  }
  const half = M >> 1n;
  return trim(coeffs.map((x) => (x > half ? x - M : x)));
}

/** The interpolating polynomial mod p (coefficients little-endian, length = points). */
function interpolateP(xs: readonly number[], ys: readonly number[], p: number): number[] {
  const n = xs.length;
  const c = ys.slice();
  for (let j = 1; j < n; j++) {
    for (let i = n - 1; i >= j; i--) {
      const d = ((xs[i]! - xs[i - j]!) % p + p) % p;
      c[i] = ((((c[i]! - c[i - 1]!) % p) + p) % p) * invModP(d, p) % p;
    }
  }
  // Newton form to monomial form
  const out = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    // out = out·(x − xs[i]) + c[i]
    const xi = xs[i]! % p;
    for (let k = n - 1; k >= 1; k--) out[k] = (out[k - 1]! + out[k]! * (p - xi)) % p;
    out[0] = (out[0]! * (p - xi) + c[i]!) % p;
  }
  return out;
}

export interface AlgebraicCombination {
  status: "DETERMINED" | "AMBIGUOUS";
  /** Monic integer-primitive… the minimal polynomial as a primitive integer polynomial (positive lc). */
  minimal?: bigint[];
  /** A closed interval holding α∘β and no other root of the minimal polynomial (real roots given). */
  interval?: RootInterval;
  /** The distinct irreducible factors of the resultant (primitive, positive lc), plus x for a zero product. */
  candidates: bigint[][];
  resultant: bigint[];
}

export interface RootChoice {
  /** Index among the distinct real roots of the polynomial, ascending (0-based). */
  realRoot?: number;
}

const X: bigint[] = [0n, 1n];
const isX = (a: readonly bigint[]) => a.length === 2 && a[0] === 0n && a[1] === 1n;

/**
 * The minimal polynomial of α ∘ β. f and g are integer polynomials of degree ≥ 1; a real-root
 * index must be in range (the caller checks); for a quotient g must have a nonzero root and a
 * chosen β must not be 0 (the caller checks: RangeError otherwise).
 */
export function algebraicCombination(f0: readonly bigint[], g0: readonly bigint[], op: AlgebraicOperation, alpha: RootChoice, beta: RootChoice, opts: { checkpoint?: () => void } = {}): AlgebraicCombination {
  const tick = opts.checkpoint ?? noop;
  const f = primitivePart(f0), g = primitivePart(g0);
  let F = f, G = g;
  let zeroCandidate = false;
  if (op === "product" || op === "quotient") {
    const sf = stripZeroRoots(f), sg = stripZeroRoots(g);
    F = sf.poly;
    G = sg.poly;
    if (sf.zero || (op === "product" && sg.zero)) zeroCandidate = true;
    if (op === "quotient" && G.length <= 1) throw new RangeError("β = 0 is the only root of g");
  }
  let resultant: bigint[] = [];
  const candidates: bigint[][] = [];
  if (F.length > 1 && G.length > 1) {
    resultant = primitivePart(composedResultant(F, G, op, tick));
    for (const { factor } of factorOverIntegers(resultant, { checkpoint: tick }).factors) candidates.push(factor);
  }
  if (zeroCandidate && !candidates.some(isX)) candidates.push(X);
  candidates.sort((a, b) => a.length - b.length || cmp(a, b));
  if (alpha.realRoot === undefined || beta.realRoot === undefined) {
    return candidates.length === 1 ? { status: "DETERMINED", minimal: candidates[0]!, candidates, resultant } : { status: "AMBIGUOUS", candidates, resultant };
  }
  const ivA = isolateRealRoots(f, opts)[alpha.realRoot];
  const ivB = isolateRealRoots(g, opts)[beta.realRoot];
  if (!ivA || !ivB) throw new RangeError("real root index out of range");
  const zeroA = ratCompare(ivA.lo, ivA.hi) === 0 && ivA.lo.num === 0n;
  const zeroB = ratCompare(ivB.lo, ivB.hi) === 0 && ivB.lo.num === 0n;
  if (op === "quotient" && zeroB) throw new RangeError("β = 0");
  if ((op === "product" && (zeroA || zeroB)) || (op === "quotient" && zeroA)) return { status: "DETERMINED", minimal: X, interval: { lo: rational(0n), hi: rational(0n) }, candidates, resultant };
  const sfA = squarefreePart(f), sfB = squarefreePart(g);
  let a = ivA, b = ivB;
  for (let it = 0; it < 2000; it++) {
    tick();
    if (op === "quotient" && ratCompare(b.lo, rational(0n)) <= 0 && ratCompare(b.hi, rational(0n)) >= 0) {
      b = bisect(sfB, b);
      continue;
    }
    const J = combine(a, b, op);
    let hit: bigint[] | undefined;
    let hits = 0, roots = 0;
    for (const h of candidates) {
      const c = countRealRoots(h, J.lo, J.hi, opts);
      if (c > 0) {
        hits++;
        hit = h;
        roots = c;
      }
    }
    if (hits === 1 && roots === 1) return { status: "DETERMINED", minimal: hit!, interval: J, candidates, resultant };
    if (hits === 0) throw new Error("algebraicCombination: no candidate has a root in the combined interval");
    a = bisect(sfA, a);
    b = bisect(sfB, b);
  }
  throw new Error("algebraicCombination: the intervals did not separate the candidates");
}

function cmp(a: readonly bigint[], b: readonly bigint[]): number {
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

/** Closed interval of α ∘ β from intervals of α and β (for a quotient 0 ∉ b). */
function combine(a: RootInterval, b: RootInterval, op: AlgebraicOperation): RootInterval {
  switch (op) {
    case "sum":
      return { lo: ratAdd(a.lo, b.lo), hi: ratAdd(a.hi, b.hi) };
    case "difference":
      return { lo: ratSub(a.lo, b.hi), hi: ratSub(a.hi, b.lo) };
    case "product":
    case "quotient": {
      const f = op === "product" ? ratMul : ratDiv;
      const vs = [f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo), f(a.hi, b.hi)].sort(ratCompare);
      return { lo: vs[0]!, hi: vs[3]! };
    }
  }
}

export type { Rational };
