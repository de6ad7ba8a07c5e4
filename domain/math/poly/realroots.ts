/**
 * Real roots of integer polynomials, exactly: isolation by the Descartes rule of signs with
 * bisection (Vincent–Collins–Akritas), on integer polynomials only (scalings by powers of two,
 * Taylor shifts by 1), giving disjoint open intervals with dyadic rational endpoints, each holding
 * exactly one real root, or a degenerate interval [r, r] for a rational root met exactly.
 * Refinement by exact sign evaluation at rational midpoints; counting in a closed interval;
 * rational roots (an isolating interval narrower than 1/|lc| holds at most one candidate m/|lc|).
 * Roots are counted without multiplicity (the square-free part is isolated), as PARI's polsturm.
 */
import { type Rational, ratCompare, rational } from "../rational.js";
import { rationalRootsSquarefree } from "./rational_roots.js";
import { bitLen, derivative, divExact, evalRationalHom, lc, maxAbs, primitivePart, squarefreePart, trim, type WorkOptions } from "./zz.js";

/** An isolating interval: lo < hi open with exactly one root, or lo = hi the root itself. */
export interface RootInterval {
  lo: Rational;
  hi: Rational;
}

const noop = (): void => {};

/** p(x + 1), in place on a copy (O(n²) additions). */
function taylorShift1(p: readonly bigint[]): bigint[] {
  const a = p.slice();
  const n = a.length - 1;
  for (let i = 0; i < n; i++) for (let j = n - 1; j >= i; j--) a[j]! += a[j + 1]!;
  return a;
}

function signVariations(a: readonly bigint[]): number {
  let v = 0, s = 0;
  for (const c of a) {
    if (c === 0n) continue;
    const t = c > 0n ? 1 : -1;
    if (s !== 0 && t !== s) v++;
    s = t;
  }
  return v;
}

/** Descartes' bound for the roots of p in (0, 1): variations of (x+1)^n p(1/(x+1)). */
function descartes01(p: readonly bigint[]): number {
  const rev = p.slice().reverse();
  return signVariations(taylorShift1(rev));
}

/** 2^n p(x/2) (coefficient i multiplied by 2^{n−i}). */
function halve(p: readonly bigint[]): bigint[] {
  const n = p.length - 1;
  return p.map((c, i) => c << BigInt(n - i));
}

function dropContent(p: bigint[]): bigint[] {
  // divide out a common power of two cheaply (keeps numbers small through the bisection)
  let tz = Infinity;
  for (const c of p) {
    if (c === 0n) continue;
    let t = 0;
    let v = c < 0n ? -c : c;
    while ((v & 1n) === 0n && t < tz) {
      v >>= 1n;
      t++;
    }
    tz = Math.min(tz, t);
    if (tz === 0) return p;
  }
  if (!Number.isFinite(tz) || tz === 0) return p;
  const s = BigInt(tz);
  return p.map((c) => c >> s);
}

/**
 * Roots of a square-free p (p(0) ≠ 0) in (0, 1), as (c, k) meaning (c/2^k, (c+1)/2^k), or
 * exact dyadic roots c/2^k (kind "exact").
 */
function isolate01(p0: bigint[], tick: () => void): { c: bigint; k: number; exact: boolean }[] {
  const out: { c: bigint; k: number; exact: boolean }[] = [];
  const stack: { p: bigint[]; c: bigint; k: number }[] = [{ p: p0, c: 0n, k: 0 }];
  while (stack.length) {
    tick();
    const { p, c, k } = stack.pop()!;
    const v = descartes01(p);
    if (v === 0) continue;
    if (v === 1) {
      out.push({ c, k, exact: false });
      continue;
    }
    const left = dropContent(halve(p));
    let right = taylorShift1(left);
    if (right[0] === 0n) {
      out.push({ c: 2n * c + 1n, k: k + 1, exact: true });
      right = right.slice(1);
    }
    stack.push({ p: dropContent(right), c: 2n * c + 1n, k: k + 1 });
    stack.push({ p: left, c: 2n * c, k: k + 1 });
  }
  return out;
}

function dyadic(c: bigint, k: number): Rational {
  return k >= 0 ? rational(c, 1n << BigInt(k)) : rational(c << BigInt(-k), 1n);
}

/**
 * Isolating intervals of the distinct real roots of f ≠ 0 (ZZ coefficients), ascending.
 */
export function isolateRealRoots(f: readonly bigint[], opts: WorkOptions = {}): RootInterval[] {
  const tick = opts.checkpoint ?? noop;
  if (f.length === 0) throw new RangeError("the zero polynomial has every real number as a root");
  let g = squarefreePart(f, opts);
  const out: RootInterval[] = [];
  let zeroRoot = false;
  if (g[0] === 0n) {
    zeroRoot = true;
    g = g.slice(1);
  }
  if (g.length <= 1) return zeroRoot ? [{ lo: rational(0n), hi: rational(0n) }] : [];
  // all roots have |x| < 2^b (Cauchy: 1 + max|a_i|/|a_n|)
  const b = Math.max(0, bitLen(maxAbs(g.slice(0, -1))) - bitLen(lc(g)) + 1) + 1;
  const n = g.length - 1;
  const scaled = (sign: 1n | -1n): bigint[] =>
    g.map((c, i) => (sign === -1n && i % 2 === 1 ? -c : c) << BigInt(b * i));
  const pos = isolate01(primitivePart(scaled(1n)), tick).map(({ c, k, exact }) => ({ c, k: k - b, exact }));
  const negs = isolate01(primitivePart(scaled(-1n)), tick).map(({ c, k, exact }) => ({ c, k: k - b, exact }));
  void n;
  for (const r of negs) {
    // root of f(−x) in (c/2^k, (c+1)/2^k) → root of f in (−(c+1)/2^k, −c/2^k)
    if (r.exact) out.push({ lo: dyadic(-r.c, r.k), hi: dyadic(-r.c, r.k) });
    else out.push({ lo: dyadic(-(r.c + 1n), r.k), hi: dyadic(-r.c, r.k) });
  }
  if (zeroRoot) out.push({ lo: rational(0n), hi: rational(0n) });
  for (const r of pos) {
    if (r.exact) out.push({ lo: dyadic(r.c, r.k), hi: dyadic(r.c, r.k) });
    else out.push({ lo: dyadic(r.c, r.k), hi: dyadic(r.c + 1n, r.k) });
  }
  out.sort((x, y) => ratCompare(x.lo, y.lo));
  return out;
}

/** Sign of f at a rational. */
export function signAt(f: readonly bigint[], x: Rational): -1 | 0 | 1 {
  const v = evalRationalHom(f, x.num, x.den);
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

const mid = (a: Rational, b: Rational): Rational => rational(a.num * b.den + b.num * a.den, 2n * a.den * b.den);

/**
 * One bisection step of an isolating interval of a root of the square-free g: the half holding
 * the root (or the exact midpoint root).
 */
export function bisect(g: readonly bigint[], iv: RootInterval): RootInterval {
  if (ratCompare(iv.lo, iv.hi) === 0) return iv;
  const m = mid(iv.lo, iv.hi);
  const sm = signAt(g, m);
  if (sm === 0) return { lo: m, hi: m };
  const sl = signRightOf(g, iv.lo);
  return sl === sm ? { lo: m, hi: iv.hi } : { lo: iv.lo, hi: m };
}

/**
 * The sign of the square-free g just right of x: sign g(x), or sign g′(x) when x is a root
 * (an endpoint of an isolating interval may be a neighbouring root).
 */
export function signRightOf(g: readonly bigint[], x: Rational): -1 | 1 {
  const s = signAt(g, x);
  if (s !== 0) return s;
  return signAt(derivative(g), x) as -1 | 1;
}

/** Refine an isolating interval of a root of f until hi − lo ≤ width (width > 0). */
export function refine(f: readonly bigint[], iv: RootInterval, width: Rational, opts: WorkOptions = {}): RootInterval {
  const tick = opts.checkpoint ?? noop;
  const g = squarefreePart(f, opts);
  let cur = iv;
  for (;;) {
    tick();
    const w = rational(cur.hi.num * cur.lo.den - cur.lo.num * cur.hi.den, cur.hi.den * cur.lo.den);
    if (ratCompare(w, width) <= 0) return cur;
    cur = bisect(g, cur);
  }
}

/**
 * Number of distinct real roots of f ≠ 0 in the closed interval [a, b] (a ≤ b; either end may
 * be omitted for ±∞).
 */
export function countRealRoots(f: readonly bigint[], a?: Rational, b?: Rational, opts: WorkOptions = {}): number {
  const tick = opts.checkpoint ?? noop;
  const g = squarefreePart(f, opts);
  let count = 0;
  for (let iv of isolateRealRoots(g, opts)) {
    for (;;) {
      tick();
      if (ratCompare(iv.lo, iv.hi) === 0) {
        const x = iv.lo;
        if ((!a || ratCompare(a, x) <= 0) && (!b || ratCompare(x, b) <= 0)) count++;
        break;
      }
      // decide whether the root (strictly inside (lo, hi)) is in [a, b]
      if ((a && ratCompare(iv.hi, a) <= 0) || (b && ratCompare(iv.lo, b) >= 0)) {
        // hi ≤ a: root < a unless... root < hi ≤ a → outside; lo ≥ b → root > b → outside
        break;
      }
      const aInside = !a || ratCompare(a, iv.lo) <= 0;
      const bInside = !b || ratCompare(iv.hi, b) <= 0;
      if (aInside && bInside) {
        count++;
        break;
      }
      // an endpoint of [a, b] lies inside (lo, hi): split there exactly
      const e = !aInside ? a! : b!;
      const se = signAt(g, e);
      if (se === 0) {
        iv = { lo: e, hi: e };
        continue;
      }
      iv = signRightOf(g, iv.lo) !== se ? { lo: iv.lo, hi: e } : { lo: e, hi: iv.hi };
    }
  }
  return count;
}

/** The distinct rational roots of f ≠ 0, ascending (rational_roots.ts's p-adic method on the square-free part). */
export function rationalRoots(f: readonly bigint[], opts: WorkOptions = {}): Rational[] {
  return rationalRootsSquarefree(squarefreePart(f, opts), opts.checkpoint);
}


/** Multiplicity of the rational root x of f (f ≠ 0, f(x) = 0). */
export function rootMultiplicity(f: readonly bigint[], x: Rational): number {
  const lin = trim([-x.num, x.den]);
  let cur: bigint[] = f.slice();
  let m = 0;
  for (;;) {
    const q = divExact(cur, lin);
    if (!q) return m;
    m++;
    cur = q;
  }
}
