/**
 * Reduced row echelon form over QQ (of integer or row-cleared rational matrices) by a certified
 * multimodular method, and over GF(p) by Gauss–Jordan.
 *
 * Over QQ: modulo one word-size prime p₀, Gauss–Jordan gives candidate pivot columns P and
 * independent rows R (r = |P|). With B = A[R, P] (nonsingular mod p₀, hence over QQ) and
 * C = A[R, :], the RREF's nonzero rows are X = B⁻¹·C = Y/D with D = det B and Y integral (Cramer);
 * both are bounded by H_R = ∏_{i∈R} ‖A_i‖ (Hadamard), so Y and D follow by CRT of D·B⁻¹·C mod p
 * for primes whose product exceeds 2·H_R. The candidate is then proven exactly:
 *   (1) D ≠ 0 and B nonsingular modulo p₀: the rows of X lie in the row space of A;
 *   (2) D·A = A[:, P]·Y (exact, non-pivot columns only — pivot columns hold by construction):
 *       every row of A lies in the row space of X;
 *   (3) Y[k][j] = 0 for the non-pivot j < P[k]: X is in reduced echelon form.
 * So X is the RREF of A and r its rank. An unlucky p₀ (wrong P or R) fails the check and the
 * next prime is tried. Everything else is exact; no probabilistic step decides the answer.
 */
import { bitLength } from "../integer.js";
import { boundFromSquares, type IntMatrix } from "../matrix.js";
import { VectorCrt } from "./crt.js";
import { delayedPrimeBits, FlatResidues, luModW, luSolveModW, mulModW, rrefModW, wordPrime } from "./wordsize.js";

/** The RREF's nonzero rows as Y/D: Y is r×n over ZZ with Y[k][P[k]] = D for every pivot. */
export interface IntegerRref {
  rows: number;
  cols: number;
  /** Pivot columns, increasing; rank = pivots.length. */
  pivots: number[];
  /** Original rows that are linearly independent (a basis of the row space), one per pivot. */
  independentRows: number[];
  /** Common denominator D = det A[R, P] > 0 (1 when the rank is 0). */
  den: bigint;
  /** Numerators, r rows of n entries. */
  num: bigint[][];
}

/** How many choices of the first prime are tried before giving up (each fails with tiny probability). */
const ATTEMPTS = 6;

/** The RREF of an integer matrix over QQ, as a generator yielding after each prime. */
export function* integerRrefSteps(a: IntMatrix): Generator<number, IntegerRref, void> {
  const m = a.length, n = m ? a[0]!.length : 0;
  if (m === 0 || n === 0) return { rows: m, cols: n, pivots: [], independentRows: [], den: 1n, num: [] };
  const src = new FlatResidues(a);
  const bits = delayedPrimeBits(Math.max(m, n) + 1);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const p0 = wordPrime(bits, 3 * attempt);
    const order = Int32Array.from({ length: m }, (_, i) => i);
    const pivots = rrefModW(src.reduce(p0), m, n, p0, order);
    const r = pivots.length;
    if (r === 0) {
      if (a.every((row) => row.every((v) => v === 0n))) return { rows: m, cols: n, pivots: [], independentRows: [], den: 1n, num: [] };
      continue;
    }
    const R = Array.from(order.subarray(0, r)).sort((x, y) => x - y);
    const candidate = yield* solveCandidate(a, R, pivots, bits);
    if (candidate && certify(a, candidate)) return candidate;
  }
  throw new Error("integerRref: no certified RREF after several primes (unreachable in practice)");
}

export function integerRref(a: IntMatrix): IntegerRref {
  const it = integerRrefSteps(a);
  for (;;) {
    const s = it.next();
    if (s.done) return s.value;
  }
}

/** Y and D by CRT for the rows R and pivots P (undefined if B is singular at the first prime). */
function* solveCandidate(a: IntMatrix, R: number[], P: number[], bits: number): Generator<number, IntegerRref | undefined, void> {
  const m = a.length, n = a[0]!.length, r = P.length;
  const isPivot = new Uint8Array(n);
  for (const c of P) isPivot[c] = 1;
  const free: number[] = [];
  for (let j = 0; j < n; j++) if (!isPivot[j]) free.push(j);
  const sub = R.map((i) => a[i]!);
  const H = boundFromSquares(sub.map((row) => row.reduce((acc, v) => acc + v * v, 0n)));
  const need = bitLength(H) + 2;
  const srcB = new FlatResidues(sub.map((row) => P.map((c) => row[c]!)));
  const srcF = new FlatResidues(sub.map((row) => free.map((c) => row[c]!)));
  const f = free.length;
  const crt = new VectorCrt(1 + r * f);
  const residues = new Float64Array(1 + r * f);
  const rhs = new Float64Array(r), col = new Float64Array(r);
  let have = 0;
  for (let i = 0; have <= need; i++) {
    const p = wordPrime(bits, i);
    const lu = luModW(srcB.reduce(p), r, p);
    if (!lu) {
      if (i === 0) return undefined;
      continue; // det B ≡ 0 mod p: skip this prime (D ≠ 0 by the first one)
    }
    const Fp = srcF.reduce(p);
    residues[0] = lu.det;
    for (let t = 0; t < f; t++) {
      for (let k = 0; k < r; k++) rhs[k] = Fp[k * f + t]!;
      luSolveModW(lu, rhs, col);
      for (let k = 0; k < r; k++) residues[1 + k * f + t] = mulModW(col[k]!, lu.det, p);
    }
    crt.add(residues, p);
    have += Math.log2(p) - 1e-9;
    yield i + 1;
  }
  crt.flush();
  let D = crt.symmetric(0);
  const sign = D < 0n ? -1n : 1n;
  D *= sign;
  const num: bigint[][] = [];
  for (let k = 0; k < r; k++) {
    const row = new Array<bigint>(n).fill(0n);
    row[P[k]!] = D;
    for (let t = 0; t < f; t++) row[free[t]!] = sign * crt.symmetric(1 + k * f + t);
    num.push(row);
  }
  void m;
  return { rows: m, cols: n, pivots: P, independentRows: R, den: D, num };
}

/** The exact checks (2) and (3) of the module comment; (1) holds by construction. */
function certify(a: IntMatrix, c: IntegerRref): boolean {
  const { pivots: P, den: D, num: Y, cols: n } = c;
  if (D === 0n) return false;
  const r = P.length;
  for (let k = 0; k < r; k++) for (let j = 0; j < P[k]!; j++) if (Y[k]![j] !== 0n) return false;
  const isPivot = new Uint8Array(n);
  for (const p of P) isPivot[p] = 1;
  for (const row of a) {
    for (let j = 0; j < n; j++) {
      if (isPivot[j]) continue;
      let s = 0n;
      for (let k = 0; k < r; k++) {
        const v = row[P[k]!]!;
        if (v !== 0n) s += v * Y[k]![j]!;
      }
      if (s !== D * row[j]!) return false;
    }
  }
  return true;
}

/** Gauss–Jordan over GF(p) of residues in [0, p): the RREF's nonzero rows and the pivots. */
export function rrefModPrime(a: IntMatrix, p: bigint): { pivots: number[]; rows: bigint[][]; independentRows: number[] } {
  const m = a.length, n = m ? a[0]!.length : 0;
  const order = Int32Array.from({ length: m }, (_, i) => i);
  if (p < 2n ** BigInt(delayedPrimeBits(Math.max(m, n) + 1))) {
    const q = Number(p);
    const flat = new FlatResidues(a).reduce(q);
    const pivots = rrefModW(flat, m, n, q, order);
    const rows = pivots.map((_, k) => Array.from(flat.subarray(k * n, k * n + n), (v) => BigInt(v)));
    return { pivots, rows, independentRows: Array.from(order.subarray(0, pivots.length)).sort((x, y) => x - y) };
  }
  const w = a.map((row) => row.map((v) => ((v % p) + p) % p));
  const pivots: number[] = [];
  let r = 0;
  for (let c = 0; c < n && r < m; c++) {
    let piv = -1;
    for (let i = r; i < m; i++) if (w[i]![c] !== 0n) { piv = i; break; }
    if (piv < 0) continue;
    [w[r], w[piv]] = [w[piv]!, w[r]!];
    [order[r], order[piv]] = [order[piv]!, order[r]!];
    const inv = modInv(w[r]![c]!, p);
    const pr = w[r]!.map((v) => (v * inv) % p);
    w[r] = pr;
    for (let i = 0; i < m; i++) {
      if (i === r) continue;
      const x = w[i]![c]!;
      if (x === 0n) continue;
      const ri = w[i]!;
      for (let j = c; j < n; j++) ri[j] = (((ri[j]! - x * pr[j]!) % p) + p) % p;
    }
    pivots.push(c);
    r++;
  }
  return { pivots, rows: w.slice(0, r), independentRows: Array.from(order.subarray(0, r)).sort((x, y) => x - y) };
}

function modInv(a: bigint, m: bigint): bigint {
  let r0 = m, r1 = a, t0 = 0n, t1 = 1n;
  while (r1 !== 0n) {
    const q = r0 / r1;
    const r2 = r0 - q * r1; r0 = r1; r1 = r2;
    const t2 = t0 - q * t1; t0 = t1; t1 = t2;
  }
  return ((t0 % m) + m) % m;
}


