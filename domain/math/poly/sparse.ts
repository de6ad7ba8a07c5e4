/**
 * Sparse multivariate polynomial arithmetic over any `CoeffRing`, on the canonical form of
 * `Polynomial`: nonzero terms with distinct exponent vectors in descending lexicographic order.
 * Sums merge sorted lists; products accumulate in a hash map keyed by the exponent vector and sort
 * once (n·m coefficient products, one sort of the result).
 */
import { JacobianError } from "../../errors.js";
import type { CoeffRing, Polynomial, PolyRing, Term } from "./types.js";

export type Terms<T> = readonly Term<T>[];

/** Descending lexicographic comparison of exponent vectors: negative when `a` comes first. */
export function compareExponents(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = b[i]! - a[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

export const exponentKey = (e: readonly number[]): string => e.join(",");

/** Sort terms into canonical order (in place) and return them. */
export function sortTerms<T>(ts: Term<T>[]): Term<T>[] {
  return ts.sort((x, y) => compareExponents(x.exponents, y.exponents));
}

/** Accumulate terms by exponent vector; zero sums are dropped by `fromAccumulator`. */
export class TermAccumulator<T> {
  readonly map = new Map<string, { exponents: number[]; coeff: T }>();
  constructor(readonly R: CoeffRing<T>) {}
  add(exponents: readonly number[], coeff: T): void {
    if (this.R.isZero(coeff)) return;
    const k = exponentKey(exponents);
    const cur = this.map.get(k);
    if (cur) cur.coeff = this.R.add(cur.coeff, coeff);
    else this.map.set(k, { exponents: exponents.slice(), coeff });
  }
  get size(): number {
    return this.map.size;
  }
  terms(): Terms<T> {
    const out: Term<T>[] = [];
    for (const t of this.map.values()) if (!this.R.isZero(t.coeff)) out.push(t);
    return sortTerms(out);
  }
}

export function makePolynomial<T>(ring: PolyRing, variables: readonly string[], terms: Terms<T>): Polynomial<T> {
  return { $kind: "polynomial", ring, variables: variables.slice(), terms };
}

export const constantExponents = (n: number): number[] => new Array<number>(n).fill(0);

export function spConstant<T>(R: CoeffRing<T>, nvars: number, c: T): Terms<T> {
  return R.isZero(c) ? [] : [{ exponents: constantExponents(nvars), coeff: c }];
}

export function spAdd<T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>): Terms<T> {
  const out: Term<T>[] = [];
  let i = 0, j = 0;
  while (i < a.length && j < b.length) {
    const c = compareExponents(a[i]!.exponents, b[j]!.exponents);
    if (c < 0) out.push(a[i++]!);
    else if (c > 0) out.push(b[j++]!);
    else {
      const s = R.add(a[i]!.coeff, b[j]!.coeff);
      if (!R.isZero(s)) out.push({ exponents: a[i]!.exponents, coeff: s });
      i++;
      j++;
    }
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

export const spNeg = <T>(R: CoeffRing<T>, a: Terms<T>): Terms<T> => a.map((t) => ({ exponents: t.exponents, coeff: R.neg(t.coeff) }));
export const spSub = <T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>): Terms<T> => spAdd(R, a, spNeg(R, b));

export function spScale<T>(R: CoeffRing<T>, a: Terms<T>, c: T): Terms<T> {
  if (R.isZero(c)) return [];
  const out: Term<T>[] = [];
  for (const t of a) {
    const x = R.mul(t.coeff, c);
    if (!R.isZero(x)) out.push({ exponents: t.exponents, coeff: x });
  }
  return out;
}

/** Product; `tick` is called once per row of coefficient products (checkpoints in long products). */
export function spMul<T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>, tick?: () => void): Terms<T> {
  if (!a.length || !b.length) return [];
  if (a.length === 1 || b.length === 1) {
    const [m, other] = a.length === 1 ? [a[0]!, b] : [b[0]!, a];
    const out: Term<T>[] = [];
    for (const t of other) {
      const c = R.mul(m.coeff, t.coeff);
      if (!R.isZero(c)) out.push({ exponents: t.exponents.map((e, i) => e + m.exponents[i]!), coeff: c });
    }
    return out; // multiplying by a monomial keeps the order
  }
  const acc = new TermAccumulator(R);
  const n = a[0]!.exponents.length;
  const e = new Array<number>(n);
  for (const x of a) {
    for (const y of b) {
      for (let i = 0; i < n; i++) e[i] = x.exponents[i]! + y.exponents[i]!;
      acc.add(e, R.mul(x.coeff, y.coeff));
    }
    tick?.();
  }
  return acc.terms();
}

export function spPow<T>(R: CoeffRing<T>, a: Terms<T>, e: number, nvars: number, tick?: () => void): Terms<T> {
  let result = spConstant(R, nvars, R.one);
  if (e === 0) return result;
  if (a.length === 1) {
    const t = a[0]!;
    let c = R.one, b = t.coeff, k = e;
    while (k > 0) {
      if (k & 1) c = R.mul(c, b);
      k = Math.floor(k / 2);
      if (k) b = R.mul(b, b);
    }
    return R.isZero(c) ? [] : [{ exponents: t.exponents.map((x) => x * e), coeff: c }];
  }
  // Left-to-right binary powering: squarings and multiplications by the (small) base.
  const bits = e.toString(2);
  for (const bit of bits) {
    result = spMul(R, result, result, tick);
    if (bit === "1") result = spMul(R, result, a, tick);
  }
  return result;
}

export function spEq<T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (compareExponents(a[i]!.exponents, b[i]!.exponents) !== 0 || !R.eq(a[i]!.coeff, b[i]!.coeff)) return false;
  }
  return true;
}

export function totalDegree<T>(a: Terms<T>): number {
  let d = -1;
  for (const t of a) {
    let s = 0;
    for (const x of t.exponents) s += x;
    if (s > d) d = s;
  }
  return d;
}

/** Degree in variable i (−1 for the zero polynomial). */
export function degreeIn<T>(a: Terms<T>, i: number): number {
  let d = -1;
  for (const t of a) if (t.exponents[i]! > d) d = t.exponents[i]!;
  return d;
}

/** ∂/∂x_i, `order` times. */
export function spDerivative<T>(R: CoeffRing<T>, a: Terms<T>, i: number, order = 1): Terms<T> {
  const out: Term<T>[] = [];
  for (const t of a) {
    const e = t.exponents[i]!;
    if (e < order) continue;
    let f = 1n;
    for (let k = 0; k < order; k++) f *= BigInt(e - k);
    const c = R.mul(t.coeff, R.fromInteger(f));
    if (R.isZero(c)) continue;
    const ex = t.exponents.slice();
    ex[i] = e - order;
    out.push({ exponents: ex, coeff: c });
  }
  return out; // lowering one exponent by the same amount in every surviving term keeps the order
}

/**
 * Antiderivative in x_i with constant 0. Throws DOMAIN_ERROR when e+1 is not invertible in the
 * ring (ZZ callers promote to QQ first; GF(p) fails for x^(p−1)).
 */
export function spIntegral<T>(R: CoeffRing<T>, a: Terms<T>, i: number): Terms<T> {
  const out: Term<T>[] = [];
  for (const t of a) {
    const e = t.exponents[i]! + 1;
    const d = R.fromInteger(BigInt(e));
    const c = R.divExact(t.coeff, d);
    if (c === undefined) {
      throw new JacobianError("DOMAIN_ERROR", `the term of exponent ${e - 1} has no antiderivative over ${R.name}: ${e} is not invertible there`, { hint: "integrate over QQ, or over GF(p) only polynomials without terms x^(kp−1)" });
    }
    const ex = t.exponents.slice();
    ex[i] = e;
    out.push({ exponents: ex, coeff: c });
  }
  return out;
}

/** Value at a point (one value per variable), Horner-free: powers cached per variable. */
export function spEvaluate<T>(R: CoeffRing<T>, a: Terms<T>, point: readonly T[], tick?: () => void): T {
  const powCache = point.map(() => new Map<number, T>());
  const power = (i: number, e: number): T => {
    if (e === 0) return R.one;
    const hit = powCache[i]!.get(e);
    if (hit !== undefined) return hit as T;
    let c: T = R.one, b: T = point[i] as T, k = e;
    while (k > 0) {
      if (k & 1) c = R.mul(c, b);
      k = Math.floor(k / 2);
      if (k) b = R.mul(b, b);
    }
    powCache[i]!.set(e, c);
    return c;
  };
  if (point.length === 1) {
    // Univariate: Horner over the (descending) sparse exponents.
    let acc = R.zero;
    for (let j = 0; j < a.length; j++) {
      const e = a[j]!.exponents[0]!;
      const next = j + 1 < a.length ? a[j + 1]!.exponents[0]! : 0;
      acc = R.mul(R.add(acc, a[j]!.coeff), power(0, e - next));
      if ((j & 255) === 0) tick?.();
    }
    return acc;
  }
  let s = R.zero;
  for (let j = 0; j < a.length; j++) {
    const t = a[j]!;
    let c = t.coeff;
    for (let i = 0; i < point.length; i++) if (t.exponents[i]) c = R.mul(c, power(i, t.exponents[i]!));
    s = R.add(s, c);
    if ((j & 255) === 0) tick?.();
  }
  return s;
}

/**
 * Replace variable i by the polynomial q (given over the same variable list; it may involve x_i).
 * Grouped by the exponent of x_i and evaluated by Horner in q.
 */
export function spSubstitute<T>(R: CoeffRing<T>, a: Terms<T>, i: number, q: Terms<T>, nvars: number, tick?: () => void): Terms<T> {
  const groups = new Map<number, Term<T>[]>();
  for (const t of a) {
    const e = t.exponents[i]!;
    const ex = t.exponents.slice();
    ex[i] = 0;
    let g = groups.get(e);
    if (!g) groups.set(e, (g = []));
    g.push({ exponents: ex, coeff: t.coeff });
  }
  const degrees = [...groups.keys()].sort((x, y) => y - x);
  let acc: Terms<T> = [];
  for (let j = 0; j < degrees.length; j++) {
    const e = degrees[j]!;
    acc = spAdd(R, acc, sortTerms(groups.get(e)!));
    const next = j + 1 < degrees.length ? degrees[j + 1]! : 0;
    if (e - next > 0) acc = spMul(R, acc, spPow(R, q, e - next, nvars, tick), tick);
    tick?.();
  }
  return acc;
}

/** Remap terms from one variable list to another that contains it (`map[i]` = new index of old variable i). */
export function remapTerms<T>(a: Terms<T>, map: readonly number[], nNew: number): Terms<T> {
  const out = a.map((t) => {
    const e = new Array<number>(nNew).fill(0);
    t.exponents.forEach((x, i) => (e[map[i]!] = x));
    return { exponents: e, coeff: t.coeff };
  });
  return sortTerms(out);
}

/**
 * Bring two polynomials to one variable list: the left's variables, then those of the right that
 * the left lacks, in the right's order.
 */
export function alignVariables<T>(a: Polynomial<T>, b: Polynomial<T>): { variables: string[]; left: Terms<T>; right: Terms<T> } {
  const variables = a.variables.slice();
  for (const v of b.variables) if (!variables.includes(v)) variables.push(v);
  const sameA = variables.length === a.variables.length;
  const sameB = sameA && b.variables.every((v, i) => variables[i] === v) && b.variables.length === variables.length;
  const left = sameA ? (a.terms as Terms<T>) : remapTerms(a.terms as Terms<T>, a.variables.map((v) => variables.indexOf(v)), variables.length);
  const right = sameB ? (b.terms as Terms<T>) : remapTerms(b.terms as Terms<T>, b.variables.map((v) => variables.indexOf(v)), variables.length);
  return { variables, left, right };
}

/**
 * Exact division a / b (multivariate): leading-term division in lex order, which succeeds exactly
 * when b divides a. Returns undefined when b does not divide a (or b = 0).
 */
export function spDivExact<T>(R: CoeffRing<T>, a: Terms<T>, b: Terms<T>, tick?: () => void): Terms<T> | undefined {
  if (!b.length) return undefined;
  if (!a.length) return [];
  const lb = b[0]!;
  const n = lb.exponents.length;
  const q = new TermAccumulator(R);
  let r = a;
  while (r.length) {
    const lr = r[0]!;
    const e = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      e[i] = lr.exponents[i]! - lb.exponents[i]!;
      if (e[i]! < 0) return undefined;
    }
    const c = R.divExact(lr.coeff, lb.coeff);
    if (c === undefined) return undefined;
    q.add(e, c);
    const m: Terms<T> = [{ exponents: e, coeff: c }];
    r = spSub(R, r, spMul(R, m, b));
    if (r.length && compareExponents(r[0]!.exponents, lr.exponents) <= 0) {
      // The leading term must strictly decrease; anything else means an inconsistent ring.
      return undefined;
    }
    tick?.();
  }
  return q.terms();
}
