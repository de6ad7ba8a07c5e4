/**
 * Factorization over ZZ and QQ: Zassenhaus with van Hoeij's lattice recombination.
 *
 * 1. Content and sign out, powers of x out, Yun's square-free decomposition (zz.ts).
 * 2. For each square-free primitive part g (degree n, leading coefficient ℓ): try a few small
 *    primes p ∤ ℓ with g mod p square-free; factor g mod p (gfp.ts); intersect the sets of
 *    possible factor degrees (one prime with a single factor, or an empty intersection, proves g
 *    irreducible); keep the prime with the fewest factors r.
 * 3. Multifactor quadratic Hensel lifting on a balanced factor tree (von zur Gathen–Gerhard,
 *    Algorithms 15.10 / 15.17) of the monic ℓ⁻¹g to p^a, p^a > 2|ℓ|·(Mignotte bound); the tree and
 *    the steps to moduli below 2^31 on doubles, the rest on bigints.
 * 4. Recombination. r ≤ 8: subset search (Zassenhaus) with the constant-term test before a trial
 *    division. r > 8: van Hoeij's knapsack lattice on traces — for a true factor h = ℓ·Π_{i∈S} f_i
 *    the power sums ℓ^j Tr_j are integers bounded by n(|ℓ|R)^j (R a root bound), so the 0/1
 *    vector of S is a short vector of the lattice spanned by [W | W·c_j] and [0 | p^{a−b_j}] where
 *    c_ij = round(ℓ^j Tr_j(f_i) / p^{b_j}), p^{b_j} ≥ that bound. LLL (lll.ts, exact; its floating
 *    pass with double inner products, which suits these few-large-columns lattices) and the
 *    Gram–Schmidt cut (vectors whose ‖b*‖ exceeds the bound on the targets are discarded: the
 *    targets all lie in the span of the others) shrink the candidate space W, a few trace columns
 *    at a time, until W is a partition; each part then gives a candidate that must divide g
 *    exactly (the trial division is the proof: a partition of s parts, each dividing, with all true
 *    factor vectors in the s-dimensional W, is the complete factorization). If the trace columns run
 *    out, the lift is doubled and the recombination goes on from the current W.
 */
import { latticeBasis, lll } from "../lll.js";
import { type Rational, rational } from "../rational.js";
import {
  gfpDerivative, gfpDistinctDegree, gfpEqualDegree, gfpGcd, gfpNormalize, type Kernel, RESIDUE_KERNEL_LIMIT, residuePolyKernel, xgcdK,
} from "./gfp.js";
import {
  bitLen, content, degree, divExact, evalAt, lc, mignotteBits, mul, primitivePart, squarefreeDecomposition, trim, type WorkOptions,
} from "./zz.js";

export interface IntegerFactorization {
  /** f = unit · Π factor^multiplicity; unit = ± content(f). */
  unit: bigint;
  /** Distinct irreducible primitive factors, positive leading coefficient, ascending degree then coefficients. */
  factors: { factor: bigint[]; multiplicity: number }[];
}

export interface RationalFactorization {
  /** f = unit · Π factor^multiplicity; unit = leading coefficient of f. */
  unit: Rational;
  /** Distinct monic irreducible factors over QQ, same order as factorOverIntegers. */
  factors: { factor: Rational[]; multiplicity: number }[];
}

export interface FactorStats {
  /** Number of modular factors of the prime used, per square-free part factored. */
  modularFactors: number[];
  primes: number[];
  /** Lattice rounds run by van Hoeij recombination. */
  latticeRounds: number;
}

const noop = (): void => {};

// ─────────────────────────── arithmetic mod M ───────────────────────────

function modM(a: readonly bigint[], M: bigint): bigint[] {
  const out = a.map((c) => {
    const r = c % M;
    return r < 0n ? r + M : r;
  });
  return trim(out);
}

function symM(a: readonly bigint[], M: bigint): bigint[] {
  const h = M >> 1n;
  return trim(a.map((c) => {
    let r = c % M;
    if (r < 0n) r += M;
    return r > h ? r - M : r;
  }));
}

const mulM = (a: readonly bigint[], b: readonly bigint[], M: bigint): bigint[] => modM(mul(a, b), M);

/** Division by a monic h modulo M: a = q h + r. */
function divremMonicM(a: readonly bigint[], h: readonly bigint[], M: bigint): { q: bigint[]; r: bigint[] } {
  const dh = h.length - 1;
  const r = modM(a, M);
  if (r.length - 1 < dh) return { q: [], r };
  const q = new Array<bigint>(r.length - dh).fill(0n);
  for (let i = r.length - 1; i >= dh; i--) {
    const c = r[i]! % M;
    if (c === 0n) continue;
    q[i - dh] = c;
    // unreduced until read: an entry collects at most deg h products below M² (one % per entry
    // instead of one per product)
    for (let j = 0; j < dh; j++) r[i - dh + j]! -= c * h[j]!;
    r[i] = 0n;
  }
  return { q: modM(q, M), r: modM(r.slice(0, dh), M) };
}

function subM(a: readonly bigint[], b: readonly bigint[], M: bigint): bigint[] {
  const n = Math.max(a.length, b.length);
  const out = new Array<bigint>(n);
  for (let i = 0; i < n; i++) out[i] = (a[i] ?? 0n) - (b[i] ?? 0n);
  return modM(out, M);
}

function addM(a: readonly bigint[], b: readonly bigint[], M: bigint): bigint[] {
  const n = Math.max(a.length, b.length);
  const out = new Array<bigint>(n);
  for (let i = 0; i < n; i++) out[i] = (a[i] ?? 0n) + (b[i] ?? 0n);
  return modM(out, M);
}

function invModBig(a: bigint, m: bigint): bigint {
  let [r0, r1] = [((a % m) + m) % m, m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  if (r0 !== 1n) throw new RangeError("not invertible");
  return ((s0 % m) + m) % m;
}

// ─────────────────────────── Hensel lifting ───────────────────────────

/**
 * The arithmetic one lifting step needs in (ZZ/M)[x]: `mul` may return an unreduced
 * representative (only sums and divisions read it), `add`, `sub` and `divrem` (by a monic divisor)
 * return reduced ones. Two rings: doubles while M < 2^31 (gfp.ts's number kernels, which are
 * valid for a composite modulus and monic divisors), bigints above.
 */
interface LiftRing<P> {
  one: P;
  mul(a: P, b: P): P;
  add(a: P, b: P): P;
  sub(a: P, b: P): P;
  divrem(a: P, h: P): { q: P; r: P };
}

function bigRing(M: bigint): LiftRing<bigint[]> {
  return {
    one: [1n],
    mul: (a, b) => mul(a, b),
    add: (a, b) => addM(a, b, M),
    sub: (a, b) => subM(a, b, M),
    divrem: (a, h) => divremMonicM(a, h, M),
  };
}

function numberRing(K: Kernel<number, Float64Array>): LiftRing<Float64Array> {
  return { one: K.make([1]), mul: (a, b) => K.mul(a, b), add: (a, b) => K.add(a, b), sub: (a, b) => K.sub(a, b), divrem: (a, h) => K.divrem(a, h) };
}

interface Node<P> {
  poly: P; // monic, mod current modulus
  left?: Node<P>;
  right?: Node<P>;
  s?: P;
  t?: P;
  leaf?: number;
}

/** The balanced factor tree mod p on doubles (p < 2^31), each internal node with its Bézout pair. */
function buildTree(factors: readonly bigint[][], K: Kernel<number, Float64Array>): Node<Float64Array> {
  let nodes: Node<Float64Array>[] = factors.map((f, i) => ({ poly: K.from(f), leaf: i }));
  while (nodes.length > 1) {
    nodes.sort((x, y) => x.poly.length - y.poly.length);
    const a = nodes.shift()!, b = nodes.shift()!;
    const { g, s, t } = xgcdK(K, a.poly, b.poly);
    if (g.length !== 1 || g[0] !== 1) throw new RangeError("Hensel: modular factors not coprime");
    // s·a + t·b = 1 mod p
    nodes.push({ poly: K.mul(a.poly, b.poly), left: a, right: b, s, t });
  }
  return nodes[0]!;
}

/** The same tree with bigint coefficients (the switch from doubles to bigints). */
function toBigTree(node: Node<Float64Array>): Node<bigint[]> {
  const big = (a: Float64Array) => Array.from(a, (c) => BigInt(c));
  return {
    poly: big(node.poly),
    ...(node.leaf !== undefined ? { leaf: node.leaf } : {}),
    ...(node.left ? { left: toBigTree(node.left), right: toBigTree(node.right!), s: big(node.s!), t: big(node.t!) } : {}),
  };
}

/**
 * One quadratic step (vzGG 15.10) at an internal node: f ≡ g h (mod m), s g + t h ≡ 1 (mod m),
 * to modulus M ≤ m² (the ring's); children updated, then recursively.
 */
function liftNode<P>(R: LiftRing<P>, node: Node<P>, f: P, last: boolean): void {
  node.poly = f;
  if (!node.left) return;
  const g = node.left.poly, h = node.right!.poly, s = node.s!, t = node.t!;
  const e = R.sub(f, R.mul(g, h));
  const { q, r } = R.divrem(R.mul(s, e), h);
  const gs = R.add(g, R.add(R.mul(t, e), R.mul(q, g)));
  const hs = R.add(h, r);
  if (!last) {
    // the final step needs the factors only, not the lifted Bézout pair
    const b = R.sub(R.add(R.mul(s, gs), R.mul(t, hs)), R.one);
    const { q: c, r: d } = R.divrem(R.mul(s, b), hs);
    node.s = R.sub(s, d);
    node.t = R.sub(t, R.add(R.mul(t, b), R.mul(c, gs)));
  }
  liftNode(R, node.left, gs, last);
  liftNode(R, node.right!, hs, last);
}

function collectLeaves(node: Node<bigint[]>, out: bigint[][]): void {
  if (node.leaf !== undefined) out[node.leaf] = node.poly;
  else {
    collectLeaves(node.left!, out);
    collectLeaves(node.right!, out);
  }
}

/** Lift g ≡ ℓ Π f_i (mod p), f_i monic coprime, p < 2^31 prime, to modulus p^a; returns the monic lifts. */
export function henselLift(g: readonly bigint[], factors: bigint[][], p: bigint, a: number, tick: () => void = noop): bigint[][] {
  const monicMod = (M: bigint) => modM(g.map((c) => c * invModBig(lc(g), M)), M);
  if (factors.length === 1) return [monicMod(p ** BigInt(a))];
  if (p >= RESIDUE_KERNEL_LIMIT) throw new RangeError("henselLift: p must be below 2^31");
  // the precisions a, ⌈a/2⌉, ⌈a/4⌉, …, 1 read backwards: every step squares the modulus at most
  // and the last lands on p^a exactly (1, 2, 4, …, 16, 17 would pay a whole step for one digit)
  const chain: number[] = [];
  for (let e = a; e > 1; e = Math.ceil(e / 2)) chain.push(e);
  chain.reverse();
  // the steps to a modulus below 2^31 run on doubles, the rest on bigints
  let small: Node<Float64Array> | undefined = buildTree(factors, residuePolyKernel(p));
  let tree: Node<bigint[]> | undefined;
  for (let k = 0; k < chain.length; k++) {
    tick();
    const M = p ** BigInt(chain[k]!), last = k === chain.length - 1;
    if (small && M < RESIDUE_KERNEL_LIMIT) {
      const K = residuePolyKernel(M);
      liftNode(numberRing(K), small, K.from(monicMod(M)), last);
      continue;
    }
    if (small) [tree, small] = [toBigTree(small), undefined];
    liftNode(bigRing(M), tree!, monicMod(M), last);
  }
  tree ??= toBigTree(small!);
  const out: bigint[][] = [];
  collectLeaves(tree, out);
  return out;
}

// ─────────────────────────── recombination ───────────────────────────

function cmpPoly(a: readonly bigint[], b: readonly bigint[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

const SMALL_PRIMES = [3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n, 43n, 47n, 53n, 59n, 61n, 67n, 71n, 73n, 79n, 83n, 89n, 97n, 101n, 103n, 107n, 109n, 113n, 127n, 131n];

interface Choice {
  p: bigint;
  factors: bigint[][];
}

/**
 * Good primes and their factorizations; `irreducible` when the degree sets prove it. The candidate
 * primes get a distinct-degree factorization only (the factor count and degree pattern); the full
 * equal-degree splitting runs once, for the prime with the fewest factors. Three good primes are
 * tried (measured on the degree-60 and Swinnerton-Dyer benchmarks: five cost more in
 * factorizations modulo p than the smaller recombination saves), two when the better of them
 * leaves at most SUBSET_SEARCH_MAX factors (measured: the degree-60 benchmark 25 % faster).
 */
function choosePrime(g: readonly bigint[], tick: () => void, tries = 3, giveUpAbove = Infinity): { best?: Choice; irreducible: boolean; gaveUp?: true } {
  const n = g.length - 1;
  let possible = new Set<number>();
  for (let d = 0; d <= n; d++) possible.add(d);
  let best: { p: bigint; r: number; blocks: { factor: bigint[]; degree: number }[] } | undefined;
  let found = 0;
  const ell = lc(g);
  for (const p of [2n, ...SMALL_PRIMES, 137n, 139n, 149n, 151n, 157n, 163n, 167n, 173n, 179n, 181n, 191n, 193n, 197n, 199n, 211n]) {
    tick();
    // a third prime only while the recombination would need the lattice (a cheap subset search
    // costs less than one more factorization modulo p)
    if (found >= tries || (found >= 2 && best !== undefined && best.r <= SUBSET_SEARCH_MAX)) break;
    if (ell % p === 0n) continue;
    if (p <= BigInt(n) && p === 2n && n > 40) continue;
    const gp = gfpNormalize(g, p);
    if (gfpGcd(gp, gfpDerivative(gp, p), p).length > 1) continue;
    found++;
    const degs: number[] = [];
    const blocks = gfpDistinctDegree(gp, p, { checkpoint: tick });
    for (const { factor, degree } of blocks) for (let k = 0; k < (factor.length - 1) / degree; k++) degs.push(degree);
    // subset sums of the degrees
    let sums = new Set<number>([0]);
    for (const d of degs) {
      const next = new Set(sums);
      for (const s of sums) next.add(s + d);
      sums = next;
    }
    possible = new Set([...possible].filter((d) => sums.has(d)));
    if (!best || degs.length < best.r) best = { p, r: degs.length, blocks };
    if (degs.length === 1 || possible.size <= 2) return { irreducible: true };
    // the first attempt: many factors modulo the first prime rarely drop to a few modulo the next
    if (found === 1 && degs.length > giveUpAbove) return { irreducible: false, gaveUp: true };
  }
  if (!best) return { irreducible: false };
  // g mod p is square-free: its distinct-degree blocks only need splitting
  const factors: bigint[][] = [];
  for (const { factor, degree } of best.blocks) for (const h of gfpEqualDegree(factor, degree, best.p, { checkpoint: tick })) factors.push(h);
  return { best: { p: best.p, factors }, irreducible: false };
}

/** At most this many modular factors are recombined by subset search, more by van Hoeij's lattice. */
export const SUBSET_SEARCH_MAX = 10;

/** log2 of a root bound (Fujiwara: |α| ≤ 2 max_i |g_{n−i}/ℓ|^{1/i}), an upper bound. */
function log2RootBound(g: readonly bigint[]): number {
  const n = g.length - 1;
  const lb = bitLen(lc(g)) - 1;
  let m = -Infinity;
  for (let i = 1; i <= n; i++) {
    const c = g[n - i]!;
    if (c === 0n) continue;
    m = Math.max(m, (bitLen(c) - lb) / i);
  }
  return Math.max(0, m) + 1;
}

/** Power sums P_1..P_N of the roots of a monic f, mod M (Newton's identities). */
function powerSums(f: readonly bigint[], N: number, M: bigint): bigint[] {
  const d = f.length - 1;
  const P: bigint[] = [BigInt(d)];
  for (let k = 1; k <= N; k++) {
    let s = k <= d ? BigInt(k) * f[d - k]! : 0n;
    for (let i = 1; i <= Math.min(k - 1, d); i++) s += f[d - i]! * P[k - i]!;
    P.push((((-s) % M) + M) % M);
  }
  return P;
}

const INFO_BITS = (r: number): number => Math.max(20, Math.ceil(3 * r));

interface Recombined {
  factors: bigint[][];
  rounds: number;
}

/** Candidate ℓ·Π_{i∈S} f_i mod P made primitive. */
function candidate(ell: bigint, lifted: bigint[][], S: readonly number[], P: bigint): bigint[] {
  let h: bigint[] = [ell % P];
  for (const i of S) h = mulM(h, lifted[i]!, P);
  return primitivePart(symM(h, P));
}

/**
 * Zassenhaus subset search (small r). Only the side of degree ≤ deg g / 2 of a split is built
 * from the lifted factors (P covers factors of half the degree, `factorSquarefree`): a subset S
 * of larger degree is tested through its complement, whose quotient is S's factor.
 */
/**
 * Zassenhaus' subset search: the factors of g from the lifted modular factors (modulo P), each with
 * the number of modular factors it came from (`parts`). Every factor divides g exactly and their
 * product is g, whatever P; they are irreducible when P exceeds twice the coefficients of every
 * factor (the Mignotte bound), and a factor with parts = 1 always is (irreducible modulo p).
 */
function subsetSearch(g0: bigint[], lifted: bigint[][], P: bigint, tick: () => void, maxCandidates = Infinity): { factor: bigint[]; parts: number }[] | undefined {
  let g = g0;
  let candidates = 0;
  let idx = lifted.map((_, i) => i);
  const out: { factor: bigint[]; parts: number }[] = [];
  for (let s = 1; 2 * s <= idx.length; ) {
    let found = false;
    const comb = Array.from({ length: s }, (_, i) => i);
    for (;;) {
      tick();
      let S = comb.map((c) => idx[c]!);
      let degS = 0;
      for (const i of S) degS += lifted[i]!.length - 1;
      const complement = 2 * degS > g.length - 1;
      if (complement) S = idx.filter((i) => !S.includes(i));
      const ell = lc(g);
      // constant-term test
      let c0 = ell % P;
      for (const i of S) c0 = (c0 * lifted[i]![0]!) % P;
      if (c0 > P >> 1n) c0 -= P;
      if (c0 < -(P >> 1n)) c0 += P;
      const g0c = g[0]! * ell;
      if (c0 === 0n ? g0c === 0n : g0c % c0 === 0n) {
        if (++candidates > maxCandidates) return undefined;
        const h = candidate(ell, lifted, S, P);
        const q = divExact(g, h);
        if (q) {
          // the factor found is the one of the s chosen modular factors (irreducible: no smaller
          // subset gave one); with the complement built, that is the quotient
          out.push({ factor: complement ? q : h, parts: s });
          g = complement ? h : q;
          const used = new Set(complement ? idx.filter((i) => !S.includes(i)) : S);
          idx = idx.filter((i) => !used.has(i));
          found = true;
          break;
        }
      }
      // next combination
      let k = s - 1;
      while (k >= 0 && comb[k] === idx.length - s + k) k--;
      if (k < 0) break;
      comb[k]!++;
      for (let j = k + 1; j < s; j++) comb[j] = comb[j - 1]! + 1;
    }
    if (!found) s++;
  }
  if (g.length > 1) out.push({ factor: primitivePart(g), parts: idx.length });
  return out;
}

/**
 * van Hoeij recombination. Returns the irreducible factors of g, or undefined when the lift is
 * too short (the caller lifts further and calls again with the returned W).
 */
function vanHoeij(
  g: bigint[], lifted: bigint[][], p: bigint, a: number, W0: bigint[][], tick: () => void, stats: { rounds: number },
): { factors?: bigint[][]; W: bigint[][] } {
  const r = lifted.length;
  const n = g.length - 1;
  const ell = lc(g);
  const P = p ** BigInt(a);
  const log2p = Math.log2(Number(p));
  const lr = log2RootBound(g);
  const ellBits = bitLen(ell);
  let W = W0;
  // targets: |y_j| ≤ 1 + r/2; ‖v‖² ≤ r.
  const yMax = BigInt(1 + Math.ceil(r / 2));
  const infoBits = INFO_BITS(r); // wanted bits of p^{a−b_j}
  // the largest j usable
  const tBits = (j: number) => Math.ceil(Math.log2(n + 1) + j * (ellBits + lr)) + 1;
  let jMax = 0;
  while (tBits(jMax + 1) + infoBits <= a * log2p) jMax++;
  if (jMax === 0) return { W };
  const sums = lifted.map((f) => powerSums(f, jMax, P));
  const ellPow: bigint[] = [1n];
  for (let j = 1; j <= jMax; j++) ellPow.push((ellPow[j - 1]! * ell) % P);
  const BATCH = 1;
  for (let j0 = 1; j0 <= jMax; j0 += BATCH) {
    tick();
    stats.rounds++;
    const js: number[] = [];
    for (let j = j0; j < j0 + BATCH && j <= jMax; j++) js.push(j);
    const cols = js.map((j) => {
      // keep only ~3 bits per remaining dimension above the noise: larger entries make LLL slower,
      // not better (the rounds after the first work on the smaller W)
      const wanted = Math.min(infoBits, INFO_BITS(W.length));
      const bj = Math.max(Math.ceil(tBits(j) / log2p), a - Math.ceil(wanted / log2p));
      const pb = p ** BigInt(bj);
      const mod = p ** BigInt(a - bj);
      const c = sums.map((ps) => {
        let t = (ps[j]! * ellPow[j]!) % P;
        if (t > P >> 1n) t -= P;
        // round(t / p^bj)
        const q = (2n * t + pb) / (2n * pb);
        return (2n * t + pb) % (2n * pb) !== 0n && 2n * t + pb < 0n ? q - 1n : q;
      });
      return { c, mod };
    });
    const N = cols.length;
    const rows: bigint[][] = W.map((w) => {
      const ext = cols.map(({ c }) => {
        let v = 0n;
        for (let i = 0; i < r; i++) if (w[i] !== 0n) v += w[i]! * c[i]!;
        return v;
      });
      return [...w, ...ext];
    });
    cols.forEach(({ mod }, k) => {
      const row = new Array<bigint>(r + N).fill(0n);
      row[r + k] = mod;
      rows.push(row);
    });
    let red;
    try {
      red = lll(rows, { checkpoint: tick, doubleGram: true });
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      // the projected W was dependent: take a basis of its span and redo this round
      W = latticeBasis(W);
      j0 -= BATCH;
      continue;
    }
    const bound = BigInt(r) + BigInt(N) * yMax * yMax;
    // Gram–Schmidt cut: drop trailing vectors with ‖b*_k‖² = d_k/d_{k−1} > bound
    let keep = red.basis.length;
    while (keep > 0 && red.d[keep]! > bound * red.d[keep - 1]!) keep--;
    const kept = red.basis.slice(0, keep);
    if (keep === 0) throw new Error("van Hoeij: empty lattice (bound violated)");
    // new W: the first r coordinates
    W = kept.map((row) => row.slice(0, r));
    if (W.length === 1 || W.length <= r) {
      const parts = partitionOf(W, r);
      if (parts) {
        const facs = checkPartition(g, lifted, parts, P);
        if (facs) return { factors: facs, W };
      }
    }
  }
  return { W };
}

/** Indices grouped by equal nonzero columns of W; defined when #groups = rows of W. */
function partitionOf(W: bigint[][], r: number): number[][] | undefined {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < r; i++) {
    const col = W.map((row) => row[i]!);
    if (col.every((x) => x === 0n)) return undefined;
    // normalise sign
    const first = col.find((x) => x !== 0n)!;
    const key = (first < 0n ? col.map((x) => -x) : col).join(",");
    const gr = groups.get(key);
    if (gr) gr.push(i);
    else groups.set(key, [i]);
  }
  if (groups.size !== W.length) return undefined;
  return [...groups.values()];
}

function checkPartition(g: bigint[], lifted: bigint[][], parts: number[][], P: bigint): bigint[][] | undefined {
  const ell = lc(g);
  let rest = g;
  const out: bigint[][] = [];
  // every part but the one of largest degree has degree ≤ deg g / 2 (the bound P covers); the
  // largest is the quotient
  const degOf = (S: number[]) => S.reduce((d, i) => d + lifted[i]!.length - 1, 0);
  const sorted = parts.slice().sort((x, y) => degOf(x) - degOf(y));
  for (let k = 0; k < sorted.length - 1; k++) {
    const h = candidate(ell, lifted, sorted[k]!, P);
    const q = divExact(rest, h);
    if (!q) return undefined;
    out.push(h);
    rest = q;
  }
  out.push(primitivePart(rest));
  return out;
}

/** Irreducible factors of a square-free primitive g (deg ≥ 1, lc > 0); undefined when `attempt` declines. */
function factorSquarefree(g: bigint[], tick: () => void, stats: FactorStats, attempt?: { maxBits: number }): bigint[][] | undefined {
  const n = g.length - 1;
  if (n <= 1) return [g];
  const { best, irreducible, gaveUp } = choosePrime(g, tick, 3, attempt ? 2 * SUBSET_SEARCH_MAX : Infinity);
  if (gaveUp) return undefined;
  if (irreducible || !best) return [g];
  const { p, factors } = best;
  const r = factors.length;
  stats.modularFactors.push(r);
  stats.primes.push(Number(p));
  const log2p = Math.log2(Number(p));
  // candidates ℓ·h/lc(h) of degree ≤ n/2 only (the other side of a split is a quotient):
  // |coefficients| ≤ |ℓ|·2^{n/2}·‖g‖₂, and P > 2·that (the n/2 saves n/2 bits of lifting)
  const needBits = mignotteBits(g, n >> 1) + bitLen(lc(g)) + 2;
  let a = Math.ceil(needBits / log2p);
  if (attempt && (r > SUBSET_SEARCH_MAX || needBits > attempt.maxBits)) return undefined;
  if (r <= SUBSET_SEARCH_MAX) {
    const maxCandidates = attempt ? ATTEMPT_CANDIDATES : Infinity;
    // First a lift to the largest p^a0 below 2^31 (every step on doubles): factors with small
    // coefficients, the usual case, are found there and divide g exactly. One from a single modular
    // factor is irreducible; the others are factored again (each smaller than g). Only when nothing
    // splits at that precision does the lift go on to the Mignotte bound.
    let a0 = 1;
    while (a0 < a && p ** BigInt(a0 + 1) < RESIDUE_KERNEL_LIMIT) a0++;
    if (a0 < a) {
      const quick = subsetSearch(g, henselLift(g, factors, p, a0, tick), p ** BigInt(a0), tick, maxCandidates);
      if (quick === undefined) return undefined;
      if (quick.length > 1) {
        const out: bigint[][] = [];
        for (const { factor, parts } of quick) {
          if (parts === 1) out.push(factor);
          else {
            const sub = factorSquarefree(factor, tick, stats, attempt);
            if (sub === undefined) return undefined;
            out.push(...sub);
          }
        }
        return out;
      }
    }
    const found = subsetSearch(g, henselLift(g, factors, p, a, tick), p ** BigInt(a), tick, maxCandidates);
    return found?.map((x) => x.factor);
  }
  // van Hoeij: make room for the trace columns
  const lr = log2RootBound(g);
  const perJ = bitLen(lc(g)) + lr;
  a = Math.max(a, Math.ceil((Math.log2(n + 1) + 8 * perJ + INFO_BITS(r) + 2) / log2p));
  let W: bigint[][] = factors.map((_, i) => factors.map((__, j) => (i === j ? 1n : 0n)));
  const vstats = { rounds: 0 };
  for (let attempt = 0; attempt < 12; attempt++) {
    const lifted = henselLift(g, factors, p, a, tick);
    const res = vanHoeij(g, lifted, p, a, W, tick, vstats);
    stats.latticeRounds = vstats.rounds;
    if (res.factors) return res.factors;
    W = res.W;
    a *= 2;
  }
  throw new Error("van Hoeij recombination did not converge");
}

/**
 * The bounded first attempt (`factorOverIntegers` with `attempt`): every square-free part
 * recombined by subset search over at most SUBSET_SEARCH_MAX modular factors, lifted to at most
 * `attempt.maxBits` bits, with at most this many candidate divisors built and tried (those passing
 * the constant-term test); past any limit the attempt declines. Its cost is then bounded by the prime choice, one Hensel lift and
 * 2^(SUBSET_SEARCH_MAX − 1) constant-term tests (see factorizationAttemptCost).
 */
export const ATTEMPT_CANDIDATES = 24;

/**
 * The complete factorization of a nonzero f ∈ ZZ[x]. With `attempt`: the bounded first attempt
 * (ATTEMPT_CANDIDATES, attempt.maxBits), undefined when it declines (a part needs van Hoeij's lattice or more
 * candidate divisors); what it returns is the same factorization.
 */
export function factorOverIntegers(f: readonly bigint[], opts: WorkOptions & { stats?: FactorStats; attempt: { maxBits: number } }): IntegerFactorization | undefined;
export function factorOverIntegers(f: readonly bigint[], opts?: WorkOptions & { stats?: FactorStats; attempt?: undefined }): IntegerFactorization;
export function factorOverIntegers(f: readonly bigint[], opts: WorkOptions & { stats?: FactorStats; attempt?: { maxBits: number } } = {}): IntegerFactorization | undefined {
  const tick = opts.checkpoint ?? noop;
  const stats = opts.stats ?? { modularFactors: [], primes: [], latticeRounds: 0 };
  const a = trim(f.slice());
  if (a.length === 0) throw new RangeError("factorOverIntegers: the zero polynomial");
  let unit = content(a);
  if (lc(a) < 0n) unit = -unit;
  let g = a.map((c) => c / unit);
  const out: { factor: bigint[]; multiplicity: number }[] = [];
  let xPow = 0;
  while (g.length > 1 && g[0] === 0n) {
    g = g.slice(1);
    xPow++;
  }
  if (xPow) out.push({ factor: [0n, 1n], multiplicity: xPow });
  for (const { factor, multiplicity } of squarefreeDecomposition(g, { checkpoint: tick })) {
    const parts = factorSquarefree(factor, tick, stats, opts.attempt);
    if (!parts) return undefined;
    for (const h of parts) out.push({ factor: h, multiplicity });
  }
  out.sort((x, y) => cmpPoly(x.factor, y.factor) || x.multiplicity - y.multiplicity);
  return { unit, factors: out };
}

/** The complete factorization of a nonzero f ∈ QQ[x] into monic irreducibles. */
export function factorOverRationals(f: readonly Rational[], opts: WorkOptions & { attempt: { maxBits: number } }): RationalFactorization | undefined;
export function factorOverRationals(f: readonly Rational[], opts?: WorkOptions & { attempt?: undefined }): RationalFactorization;
export function factorOverRationals(f: readonly Rational[], opts: WorkOptions & { attempt?: { maxBits: number } } = {}): RationalFactorization | undefined {
  const coeffs = f.slice();
  let n = coeffs.length;
  while (n > 0 && coeffs[n - 1]!.num === 0n) n--;
  if (n === 0) throw new RangeError("factorOverRationals: the zero polynomial");
  const lcm = coeffs.slice(0, n).reduce((l, c) => (l / gcdB(l, c.den)) * c.den, 1n);
  const ints = coeffs.slice(0, n).map((c) => (c.num * lcm) / c.den);
  const zf = opts.attempt ? factorOverIntegers(ints, { ...opts, attempt: opts.attempt }) : factorOverIntegers(ints, { ...opts, attempt: undefined });
  if (!zf) return undefined;
  const factors = zf.factors.map(({ factor, multiplicity }) => {
    const l = lc(factor);
    return { factor: factor.map((c) => rational(c, l)), multiplicity };
  });
  return { unit: coeffs[n - 1]!, factors };
}

function gcdB(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Irreducibility over ZZ (content aside) / QQ of a nonconstant f. */
export function isIrreducibleOverIntegers(f: readonly bigint[], opts: WorkOptions = {}): boolean {
  const fz = factorOverIntegers(f, opts);
  return fz.factors.length === 1 && fz.factors[0]!.multiplicity === 1;
}

export { degree, evalAt };
