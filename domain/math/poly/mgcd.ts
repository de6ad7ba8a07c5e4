/**
 * gcd of multivariate integer polynomials: Brown's dense modular algorithm.
 *
 * Over ZZ: the integer contents come out first; for word primes p (< 2^26, not dividing the
 * leading integer coefficients) the monic gcd modulo p is computed, scaled so that its leading
 * coefficient is γ = gcd(lc(a), lc(b)) mod p, and the images are combined by Chinese remaindering
 * (images whose leading monomial is larger than another prime's are unlucky and skipped; a smaller
 * one restarts). When the combined image is stable its primitive part is tested by exact division
 * of both operands — the division is the proof (every common divisor divides the gcd, so a common
 * divisor whose leading monomial is at most the gcd's is the gcd).
 *
 * Modulo p (`gcdModP`), recursively on the last variable x_k: a and b are read as polynomials in
 * x_1..x_{k−1} with coefficients in GF(p)[x_k]; their contents (univariate gcds) come out, the
 * leading coefficients give g = gcd(lc a, lc b); for points β with lc a(β)·lc b(β) ≠ 0 the gcd
 * in k − 1 variables of a(β), b(β) is computed, made monic and scaled by g(β); images with the
 * same smallest leading monomial are interpolated (Newton) in x_k until there are more points
 * than deg g + min(deg_{x_k} a, deg_{x_k} b), and the primitive part of the interpolant is tested
 * by exact division modulo p (unlucky points can only make the leading monomial larger).
 * A constant image at a lucky point proves the primitive parts coprime.
 */
import { gcd as igcd } from "../integer.js";
import { rational, type Rational } from "../rational.js";
import { divP, gcdP, invModP, largePrime, monicP } from "./smallprime.js";
import { integers } from "./rings.js";
import { compareExponents, exponentKey, spDivExact, type Terms } from "./sparse.js";
import { embed, integerContentOf, primitiveZ, project, usedVariables, type ZTerms } from "./mpoly.js";
import type { Term } from "./types.js";

const noop = (): void => {};

/** A polynomial modulo p: terms with number coefficients in 1..p−1, descending lex exponents. */
export type PTerms = { e: number[]; c: number }[];

function evalP(u: readonly number[], x: number, p: number): number {
  let s = 0;
  for (let i = u.length - 1; i >= 0; i--) s = (s * x + u[i]!) % p;
  return s;
}

function mulP(a: readonly number[], b: readonly number[], p: number): number[] {
  if (!a.length || !b.length) return [];
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j]! + ai * b[j]!) % p;
  }
  return out;
}

function addP(a: readonly number[], b: readonly number[], p: number): number[] {
  const n = Math.max(a.length, b.length);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = ((a[i] ?? 0) + (b[i] ?? 0)) % p;
  let m = n;
  while (m > 0 && out[m - 1] === 0) m--;
  out.length = m;
  return out;
}

/** Entries of a k-variable polynomial read in x_1..x_{k−1} with coefficients in GF(p)[x_k]. */
interface Entry {
  e: number[];
  u: number[];
}

function split(a: PTerms, k: number): Entry[] {
  const map = new Map<string, Entry>();
  const out: Entry[] = [];
  for (const t of a) {
    const e = t.e.slice(0, k - 1);
    const key = e.join(",");
    let en = map.get(key);
    if (!en) {
      en = { e, u: [] };
      map.set(key, en);
      out.push(en); // descending lex order of the full vectors gives descending order of the prefixes
    }
    const d = t.e[k - 1]!;
    while (en.u.length <= d) en.u.push(0);
    en.u[d] = t.c;
  }
  return out;
}

function join(entries: readonly Entry[]): PTerms {
  const out: PTerms = [];
  for (const en of entries) for (let d = en.u.length - 1; d >= 0; d--) if (en.u[d]) out.push({ e: [...en.e, d], c: en.u[d]! });
  return out;
}

function evaluateEntries(entries: readonly Entry[], beta: number, p: number): PTerms {
  const out: PTerms = [];
  for (const en of entries) {
    const v = evalP(en.u, beta, p);
    if (v) out.push({ e: en.e, c: v });
  }
  return out;
}

function monicTerms(a: PTerms, p: number): PTerms {
  if (!a.length || a[0]!.c === 1) return a;
  const inv = invModP(a[0]!.c, p);
  return a.map((t) => ({ e: t.e, c: (t.c * inv) % p }));
}

function constantTerms(k: number, c = 1): PTerms {
  return [{ e: new Array<number>(k).fill(0), c }];
}

/** Exact division test modulo p by leading-term division (b ≠ 0). */
export function dividesModP(b: PTerms, a: PTerms, p: number, tick: () => void = noop): boolean {
  if (!a.length) return true;
  const lb = b[0]!;
  const inv = invModP(lb.c, p);
  const n = lb.e.length;
  // r as a map keyed by exponent; the leading term is found by a running sorted key list
  let r = a.map((t) => ({ e: t.e, c: t.c }));
  let steps = 0;
  while (r.length) {
    const lr = r[0]!;
    const q = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      q[i] = lr.e[i]! - lb.e[i]!;
      if (q[i]! < 0) return false;
    }
    const qc = (lr.c * inv) % p;
    // r − qc·x^q·b, merged (both descending)
    const out: { e: number[]; c: number }[] = [];
    let i = 0, j = 0;
    const shifted = (t: { e: number[]; c: number }) => t.e.map((x, v) => x + q[v]!);
    let sj = j < b.length ? shifted(b[j]!) : undefined;
    while (i < r.length || sj) {
      const c = sj === undefined ? -1 : i >= r.length ? 1 : compareExponents(r[i]!.e, sj);
      if (c < 0) out.push(r[i++]!);
      else if (c > 0) {
        const v = p - ((qc * b[j]!.c) % p);
        if (v !== p) out.push({ e: sj!, c: v });
        j++;
        sj = j < b.length ? shifted(b[j]!) : undefined;
      } else {
        const v = (r[i]!.c - ((qc * b[j]!.c) % p) + p) % p;
        if (v) out.push({ e: r[i]!.e, c: v });
        i++;
        j++;
        sj = j < b.length ? shifted(b[j]!) : undefined;
      }
    }
    r = out;
    if ((++steps & 63) === 0) tick();
  }
  return true;
}

function denseGcd(a: PTerms, b: PTerms, p: number): PTerms {
  const toD = (x: PTerms) => {
    const u: number[] = [];
    for (const t of x) {
      while (u.length <= t.e[0]!) u.push(0);
      u[t.e[0]!] = t.c;
    }
    return u;
  };
  const g = gcdP(toD(a), toD(b), p);
  const out: PTerms = [];
  for (let d = g.length - 1; d >= 0; d--) if (g[d]) out.push({ e: [d], c: g[d]! });
  return out;
}

/** Content (in GF(p)[x_k]) of the entries, monic. */
function contentOf(entries: readonly Entry[], p: number): number[] {
  let g: number[] = [];
  for (const en of entries) {
    g = g.length ? gcdP(g, en.u, p) : monicP(en.u.slice(), p);
    if (g.length === 1) return [1];
  }
  return g;
}

/**
 * Monic gcd (leading coefficient 1 in descending lex order) of a and b in GF(p)[x_1..x_k]
 * (exponent vectors of length k). gcd(0, 0) = 0.
 */
export function gcdModP(a: PTerms, b: PTerms, k: number, p: number, tick: () => void = noop): PTerms {
  if (!a.length) return monicTerms(b, p);
  if (!b.length) return monicTerms(a, p);
  if (k === 1) return denseGcd(a, b, p);
  tick();
  let A = split(a, k), B = split(b, k);
  const ca = contentOf(A, p), cb = contentOf(B, p);
  const c = gcdP(ca, cb, p);
  if (ca.length > 1) A = A.map((en) => ({ e: en.e, u: divP(en.u, ca, p) }));
  if (cb.length > 1) B = B.map((en) => ({ e: en.e, u: divP(en.u, cb, p) }));
  const lcA = A[0]!.u, lcB = B[0]!.u;
  const g = gcdP(lcA, lcB, p);
  const degA = Math.max(...A.map((en) => en.u.length - 1)), degB = Math.max(...B.map((en) => en.u.length - 1));
  const bound = g.length - 1 + Math.min(degA, degB);
  const withContent = (h: Entry[]): PTerms => {
    const out = c.length > 1 ? h.map((en) => ({ e: en.e, u: mulP(en.u, c, p) })) : h;
    return monicTerms(join(out), p);
  };
  let H = new Map<string, Entry>();
  let lead: number[] | undefined;
  let q: number[] = [1];
  let count = 0;
  const aFull = c.length > 1 || ca.length > 1 ? join(A) : a;
  const bFull = c.length > 1 || cb.length > 1 ? join(B) : b;
  for (let beta = 1; beta < p; beta++) {
    if (evalP(lcA, beta, p) === 0 || evalP(lcB, beta, p) === 0) continue;
    const hb = gcdModP(evaluateEntries(A, beta, p), evaluateEntries(B, beta, p), k - 1, p, tick);
    if (hb.length === 1 && hb[0]!.e.every((x) => x === 0)) {
      // the primitive parts are coprime: the gcd is the content gcd
      const out: PTerms = [];
      for (let d = c.length - 1; d >= 0; d--) if (c[d]) out.push({ e: [...new Array<number>(k - 1).fill(0), d], c: c[d]! });
      return monicTerms(out, p);
    }
    const gb = evalP(g, beta, p);
    const m = hb[0]!.e;
    // compareExponents(m, lead) < 0: m comes first in descending order, i.e. is larger (unlucky)
    const cmp = lead === undefined ? 1 : compareExponents(m, lead);
    if (cmp < 0) continue;
    if (cmp > 0) {
      H = new Map();
      for (const t of hb) H.set(t.e.join(","), { e: t.e, u: [(t.c * gb) % p] });
      lead = m;
      q = [(p - beta) % p, 1];
      count = 1;
    } else {
      // Newton step: H += (h_β − H(β)) · q / q(β)
      const qInv = invModP(evalP(q, beta, p), p);
      const seen = new Set<string>();
      for (const t of hb) {
        const key = t.e.join(",");
        seen.add(key);
        let en = H.get(key);
        if (!en) H.set(key, (en = { e: t.e, u: [] }));
        const v = ((((t.c * gb) % p) - evalP(en.u, beta, p) + p) % p) * qInv % p;
        if (v) en.u = addP(en.u, q.map((x) => (x * v) % p), p);
      }
      for (const [key, en] of H) {
        if (seen.has(key)) continue;
        const v = ((p - evalP(en.u, beta, p)) % p) * qInv % p;
        if (v) en.u = addP(en.u, q.map((x) => (x * v) % p), p);
      }
      q = mulP(q, [(p - beta) % p, 1], p);
      count++;
    }
    if (count > bound) {
      const entries = [...H.values()].filter((en) => en.u.length).sort((x, y) => compareExponents(x.e, y.e));
      const ch = contentOf(entries, p);
      const pp = ch.length > 1 ? entries.map((en) => ({ e: en.e, u: divP(en.u, ch, p) })) : entries;
      const cand = monicTerms(join(pp), p);
      if (dividesModP(cand, aFull, p, tick) && dividesModP(cand, bFull, p, tick)) return withContent(pp);
    }
  }
  throw new RangeError("gcdModP: not enough evaluation points in GF(p)");
}

function toModP(f: ZTerms, p: number): PTerms {
  const P = BigInt(p);
  const out: PTerms = [];
  for (const t of f) {
    let r = Number(t.coeff % P);
    if (r < 0) r += p;
    if (r) out.push({ e: t.exponents as number[], c: r });
  }
  return out;
}

function crtStep(x: bigint, m: bigint, r: number, p: number): bigint {
  const P = BigInt(p);
  const xm = Number(((x % P) + P) % P);
  const mInv = BigInt(invModP(Number(m % P), p));
  let t = (BigInt(r - xm) * mInv) % P;
  if (t < 0n) t += P;
  return x + m * t;
}

export interface GcdOptions {
  checkpoint?: () => void;
}

/**
 * gcd over ZZ[x_1..x_n] (exponent vectors of length n): the gcd of the integer contents times the
 * primitive gcd with a positive leading coefficient; gcd(0, 0) = 0.
 */
export function gcdZ(a: ZTerms, b: ZTerms, n: number, opts: GcdOptions = {}): ZTerms {
  const tick = opts.checkpoint ?? noop;
  if (!a.length) return b.length && b[0]!.coeff < 0n ? b.map((t) => ({ exponents: t.exponents, coeff: -t.coeff })) : b;
  if (!b.length) return gcdZ(b, a, n, opts);
  const c = igcd(integerContentOf(a), integerContentOf(b));
  const A0 = primitiveZ(a), B0 = primitiveZ(b);
  const constC = (): ZTerms => [{ exponents: new Array<number>(n).fill(0), coeff: c }];
  if (isConst(A0) || isConst(B0)) return constC();
  // only the variables that occur
  const used = [...new Set([...usedVariables(A0, n), ...usedVariables(B0, n)])].sort((x, y) => x - y);
  const A = used.length === n ? A0 : project(A0, used);
  const B = used.length === n ? B0 : project(B0, used);
  const k = used.length;
  const gamma = igcd(A[0]!.coeff, B[0]!.coeff);
  const lcProd = A[0]!.coeff * B[0]!.coeff;
  let lead: number[] | undefined;
  let H = new Map<string, { e: number[]; x: bigint }>();
  let M = 1n;
  let prevKey = "";
  for (let i = 0; ; i++) {
    tick();
    const p = largePrime(i);
    if (lcProd % BigInt(p) === 0n) continue;
    const g = gcdModP(toModP(A, p), toModP(B, p), k, p, tick);
    if (g.length === 1 && g[0]!.e.every((x) => x === 0)) return constC();
    const m = g[0]!.e;
    const cmp = lead === undefined ? 1 : compareExponents(m, lead);
    if (cmp < 0) continue; // a larger leading monomial than another prime's: unlucky
    const gp = Number(gamma % BigInt(p));
    if (cmp > 0) {
      H = new Map();
      for (const t of g) H.set(t.e.join(","), { e: t.e, x: BigInt((t.c * gp) % p) });
      lead = m;
      M = BigInt(p);
      prevKey = "";
      continue;
    }
    const seen = new Set<string>();
    for (const t of g) {
      const key = t.e.join(",");
      seen.add(key);
      const en = H.get(key);
      const r = (t.c * gp) % p;
      if (en) en.x = crtStep(en.x, M, r, p);
      else H.set(key, { e: t.e, x: crtStep(0n, M, r, p) });
    }
    for (const [key, en] of H) if (!seen.has(key)) en.x = crtStep(en.x, M, 0, p);
    M *= BigInt(p);
    const half = M >> 1n;
    const cand: Term<bigint>[] = [];
    for (const en of H.values()) {
      const v = en.x > half ? en.x - M : en.x;
      if (v !== 0n) cand.push({ exponents: en.e, coeff: v });
    }
    cand.sort((x, y) => compareExponents(x.exponents, y.exponents));
    const key = cand.map((t) => exponentKey(t.exponents) + ":" + t.coeff).join(";");
    if (key === prevKey) {
      const h = primitiveZ(cand);
      if (spDivExact(integers, A, h, tick) !== undefined && spDivExact(integers, B, h, tick) !== undefined) {
        const full = used.length === n ? h : embed(h, used, n);
        return scaleZ(full, c);
      }
    }
    prevKey = key;
  }
}

const isConst = (f: ZTerms): boolean => f.length === 1 && f[0]!.exponents.every((e) => e === 0);
const scaleZ = (f: ZTerms, c: bigint): ZTerms => (c === 1n ? f : f.map((t) => ({ exponents: t.exponents, coeff: t.coeff * c })));

/** gcd of several polynomials (stops early at a constant). */
export function gcdManyZ(fs: readonly ZTerms[], n: number, opts: GcdOptions = {}): ZTerms {
  let g: ZTerms = [];
  for (const f of fs) {
    g = gcdZ(g, f, n, opts);
    if (isConst(g)) return g;
  }
  return g;
}


/**
 * gcd over QQ[x_1..x_n]: of the primitive integer associates, made monic (leading coefficient 1 in
 * the descending lexicographic order); gcd(0, 0) = 0.
 */
export function gcdQ(a: Terms<Rational>, b: Terms<Rational>, n: number, opts: GcdOptions = {}): Terms<Rational> {
  const g = gcdZ(integerAssociateTerms(a), integerAssociateTerms(b), n, opts);
  if (!g.length) return [];
  const l = g[0]!.coeff;
  return g.map((t) => ({ exponents: t.exponents, coeff: rational(t.coeff, l) }));
}

/** The integer polynomial D·a with D the lcm of the denominators. */
export function integerAssociateTerms(a: Terms<Rational>): ZTerms {
  let den = 1n;
  for (const t of a) den = (den / igcd(den, t.coeff.den)) * t.coeff.den;
  return a.map((t) => ({ exponents: t.exponents, coeff: (t.coeff.num * den) / t.coeff.den }));
}
