/**
 * Shared pieces of the matrix declarations: size caps, cheap size measurement of wire matrices
 * for preflight, parsing with the family's error paths, and pacing of long computations.
 * (Not a declaration: the pack lists its operations explicitly.)
 */
import { type } from "arktype";
import type { ExecutionContext } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import type { MatrixRing, TypedMatrix } from "../../domain/kinds.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { bitLength } from "../../domain/math/integer.js";
import type { IntMatrix } from "../../domain/math/matrix.js";
import type { DeterminantProgress } from "../../domain/math/linalg/determinant.js";
import type { Json } from "../../domain/json.js";
import type { Rational } from "../../domain/math/rational.js";
import { described, matrixRing, natural, object, ringScalar } from "../_support/kinds.js";

/** The value of matrix.determinant.compute, which matrix.determinant.verify takes as its claim. */
export const DETERMINANT_KIND = "matrix.determinant";
const determinantField = () =>
  described(
    ringScalar(MAX_DETERMINANT_CHARS),
    'the determinant: an integer (ZZ), a canonical rational "p/q" (QQ), a residue in 0..p−1 (GF(p)) or an expression in the generator a (GF(p^k)); a claim may give a finite-field element as any integer or p/q',
  );
export const determinantShape = () => ({ determinant: determinantField(), ring: matrixRing() });
/** The claim: the producer's value unchanged, or just the determinant (the ring is the matrix's). */
export const determinantClaimShape = () => ({ determinant: determinantField(), "ring?": matrixRing() });
export { natural, object };

/** A ring name in checker bindings: "ZZ", "QQ", "GF(p)", "GF(p^k)" or "GF(p^k, modulus)" (canonical). */
export const MatrixRingName = type("string").atMostLength(4_000).and(/^(ZZ|QQ|GF\([1-9][0-9]*\)|GF\([1-9][0-9]*\^[1-9][0-9]*(, [-+*^ 0-9a]+)?\))$/).describe('a ring: "ZZ", "QQ", "GF(p)", "GF(p^k)" or "GF(p^k, modulus)"');

/** Largest row or column count of any matrix of the family. */
export const MAX_DIM = 500;
/** Characters of one entry of an input matrix of matrix.multiply.compute. */
export const MAX_FACTOR_ENTRY_CHARS = 2_000;
/**
 * Characters of one entry of a product, and of an input of the determinant operations (so every
 * product of the family can be handed on by reference).
 */
export const MAX_ENTRY_CHARS = 20_000;
/** Characters of a determinant (result or claim). */
export const MAX_DETERMINANT_CHARS = 1_000_000;

export const LOG2_10 = Math.log2(10);

/** Fixed cost, in limb operations, of one bigint operation (allocation, dispatch). */
export const BIGINT_OVERHEAD = 40;
/** Cost of one double-precision modular multiply-add step of the small-prime loops. */
export const FLOAT_STEP = 2.5;
/** Cost of parsing, formatting or copying one character of a wire value (paid a few times per call). */
export const CHAR_COST = 3;

export const bitsOfDigits = (digits: number): number => (digits <= 0 ? 0 : Math.ceil(digits * LOG2_10));
const limbs = (bits: number): number => Math.ceil(bits / 64) + 1;
/** Limb operations of a multiplication of an a-bit by a b-bit integer (schoolbook, pessimistic). */
export const mulCost = (aBits: number, bBits: number): number => limbs(aBits) * limbs(bBits) + BIGINT_OVERHEAD;

/** Bigint extended Euclid on numbers of `bits` bits: ≈ 0.6·bits quotient steps on numbers of bits/64 limbs. */
export const reconstructCost = (bits: number): number => 0.6 * bits * 3 * (bits / 64 / 2 + BIGINT_OVERHEAD);

export interface RingInfo {
  kind: "ZZ" | "QQ" | "GF" | "GFq";
  /** Bits of p for GF(p) and GF(p^k), else 0. */
  pBits: number;
  /** p < 2^26 (double-precision paths). */
  smallField: boolean;
  /** k of GF(p^k) (1 for GF(p), 0 for ZZ and QQ). */
  degree: number;
  /** GF(p^k) with q ≤ 2^16: elimination on Zech logarithms. */
  zech: boolean;
}

export function ringInfo(ring: MatrixRing): RingInfo {
  if (ring.kind === "GFq") return { kind: "GFq", pBits: bitLength(ring.p), smallField: ring.p < 2n ** 26n, degree: ring.k, zech: ring.p ** BigInt(ring.k) <= 1n << 16n };
  if (ring.kind !== "GF") return { kind: ring.kind, pBits: 0, smallField: false, degree: 0, zech: false };
  return { kind: "GF", pBits: bitLength(ring.p), smallField: ring.p < 2n ** 26n, degree: 1, zech: false };
}

/**
 * Units of one multiply-add of two GF(p^k) elements in elimination: q ≤ 2^16 a few Zech-table
 * lookups (extension_zech.ts); p < 2^26 a k×k product on flat residue arrays (extension_flat.ts,
 * k² multiply-adds and 2k reductions); larger p a coefficient product and its reduction on
 * bigint element arrays (2k² products) plus their allocation. Also the cost of the other
 * operations that run on the element objects (Hessenberg, Krylov), which the flat figures
 * underestimate by at most their allocation (≈ 60 units).
 */
export function extensionOpCost(r: RingInfo, elimination = false): number {
  const k = Math.max(1, r.degree);
  if (elimination && r.zech) return 4 * FLOAT_STEP;
  if (elimination && r.smallField) return k * k * FLOAT_STEP + 4 * k + 10;
  return 2 * k * k * (r.smallField ? FLOAT_STEP : mulCost(r.pBits, r.pBits)) + 60;
}

/**
 * Entry sizes of a parsed matrix for preflight: per row, the bits of the largest entry after
 * clearing that row's denominators (the lcm of the row's denominators has at most the sum of the
 * bits of its distinct denominators).
 */
export interface MatrixSize {
  rows: number;
  cols: number;
  ring: RingInfo;
  /** Bits per row of the largest entry after row-wise denominator clearing (GF: reduced). */
  rowBits: number[];
  /** Bits per column of the lcm of that column's denominators (0 when integral). */
  colDenBits: number[];
  /** Bits per row of the lcm of that row's denominators. */
  rowDenBits: number[];
  /** Largest numerator bits. */
  maxNumBits: number;
  /** Total decimal characters of all entries (for parsing/formatting costs). */
  chars: number;
}

/**
 * Sizes of a parsed matrix, computed once per matrix object: a preflight and its first attempt's
 * preflight both measure the request's matrix (a pass over every entry: 1–2 ms for 12,000
 * rationals). Callers never mutate the returned record.
 */
const MEASURED = new WeakMap<TypedMatrix, MatrixSize>();

export function measure(m: TypedMatrix): MatrixSize {
  let s = MEASURED.get(m);
  if (!s) MEASURED.set(m, (s = measureOnce(m)));
  return s;
}

function measureOnce(m: TypedMatrix): MatrixSize {
  const ring = ringInfo(m.ring);
  const rows = m.rows.length;
  const cols = rows ? m.rows[0]!.length : 0;
  const rowBits: number[] = [];
  const rowDenBits: number[] = [];
  let maxNumBits = 0, chars = 0;
  const rational = m.ring.kind === "QQ";
  if (m.ring.kind === "GFq") {
    // Elements are k residues of p: every row is as large as a field element.
    const bits = ring.pBits * ring.degree;
    for (const row of m.rows as FieldElement[][]) for (const e of row) chars += e.reduce((acc, c) => acc + Math.ceil(bitLength(c) / LOG2_10) + 6, 1);
    return { rows, cols, ring, rowBits: new Array(rows).fill(bits), colDenBits: new Array(cols).fill(0), rowDenBits: new Array(rows).fill(0), maxNumBits: bits, chars };
  }
  // Distinct denominators per row and per column: small ones (the rule) in short arrays searched
  // linearly, others in sets; bit lengths of small values in doubles.
  const colSmall: number[][] = [];
  const colBig: Set<bigint>[] = [];
  const SMALL = 1n << 31n;
  const add = (small: number[], big: Set<bigint> | undefined, d: bigint): Set<bigint> | undefined => {
    if (d < SMALL) {
      const v = Number(d);
      if (!small.includes(v)) small.push(v);
      return big;
    }
    (big ??= new Set()).add(d);
    return big;
  };
  const bitsOf = (small: number[], big: Set<bigint> | undefined): number => {
    let b = 0;
    for (const v of small) b += 32 - Math.clz32(v);
    if (big) for (const d of big) b += bitLength(d);
    return b;
  };
  for (const row of m.rows as (bigint | Rational)[][]) {
    let num = 0;
    const dens: number[] = [];
    let bigDens: Set<bigint> | undefined;
    for (let j = 0; j < row.length; j++) {
      const e = row[j]!;
      const n = rational ? (e as Rational).num : (e as bigint);
      const nb = n < SMALL && n > -SMALL ? 32 - Math.clz32(Math.abs(Number(n))) : bitLength(n);
      if (nb > num) num = nb;
      chars += Math.ceil(nb / LOG2_10) + 1;
      if (rational && (e as Rational).den !== 1n) {
        const d = (e as Rational).den;
        bigDens = add(dens, bigDens, d);
        const big = add((colSmall[j] ??= []), colBig[j], d);
        if (big) colBig[j] = big;
        chars += Math.ceil((d < SMALL ? 32 - Math.clz32(Number(d)) : bitLength(d)) / LOG2_10) + 1;
      }
    }
    const denBits = bitsOf(dens, bigDens);
    maxNumBits = Math.max(maxNumBits, num);
    rowDenBits.push(denBits);
    rowBits.push(ring.kind === "GF" ? Math.min(num, ring.pBits) : num + denBits);
  }
  const colDenBits: number[] = [];
  for (let j = 0; j < cols; j++) colDenBits.push(bitsOf(colSmall[j] ?? [], colBig[j]));
  return { rows, cols, ring, rowBits, colDenBits, rowDenBits, maxNumBits, chars };
}

/** Estimated bits of Hadamard's bound of the row-cleared integer matrix of a square matrix. */
export function hadamardBitsEstimate(s: MatrixSize): number {
  const half = 0.5 * Math.log2(Math.max(1, s.cols));
  return s.rowBits.reduce((acc, b) => acc + b + half, 0) + 1;
}

/** Require a square matrix (DOMAIN_ERROR at `<path>.rows` otherwise). */
export function requireSquare(m: TypedMatrix, path: string): TypedMatrix {
  const n = m.rows.length;
  const cols = n ? m.rows[0]!.length : 0;
  if (cols !== n) throw domainError(`the determinant is defined for square matrices; ${path} is ${n}×${cols}`, `${path}.rows`, "give a matrix with as many rows as columns");
  return m;
}

export const asInt = (m: TypedMatrix): IntMatrix => m.rows as IntMatrix;
export const asRat = (m: TypedMatrix): Rational[][] => m.rows as Rational[][];

/**
 * Drive a step generator under an execution context: checkpoint and progress ("3 of 12 <unit>") after every step,
 * and yield to the event loop at least every `yieldMs` so cancellation and timeouts can arrive.
 */
export async function runSteps<T>(steps: Generator<number, T, void>, ctx: ExecutionContext, total: number, unit = "steps", yieldMs = 20): Promise<T> {
  let last = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) {
      if (total > 0) ctx.progress(total, total, `${total} of ${total} ${unit}`);
      return r.value;
    }
    ctx.checkpoint();
    if (total > 0) ctx.progress(r.value, total, `${r.value} of ${total} ${unit}`);
    if (performance.now() - last >= yieldMs) {
      await ctx.yieldNow();
      last = performance.now();
    }
  }
}

/** A deterministic pseudo-random stream (splitmix64) for Freivalds vectors. */
export function splitmix(seed: bigint): () => bigint {
  let state = BigInt.asUintN(64, seed);
  return () => {
    state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n);
    let z = state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  };
}

/**
 * Drive a generator whose yields mark units of work of unknown total (progress is reported as
 * the count done so far), with the same checkpoints and event-loop yields as runSteps.
 */
export async function runCounted<T>(steps: Generator<unknown, T, void>, ctx: ExecutionContext, yieldMs = 20, snapshot?: () => Json | undefined): Promise<T> {
  let last = performance.now();
  let saved = last;
  let done = 0;
  const save = snapshot && ctx.saveCheckpoint ? ctx.saveCheckpoint.bind(ctx) : undefined;
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    ctx.checkpoint();
    ctx.progress(++done);
    const now = performance.now();
    if (save && now - saved >= CHECKPOINT_INTERVAL_MS) {
      const state = snapshot!();
      if (state !== undefined) save(state);
      saved = now;
    }
    if (now - last >= yieldMs) {
      await ctx.yieldNow();
      last = performance.now();
    }
  }
}

/** A running operation saves its checkpoint about this often (each save copies its state). */
export const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * The determinant's checkpoint, `{ v: 1, d, residues: [[p, det mod p], …] }`: the proven divisor and
 * the residues done (domain/math/linalg/determinant.ts). A resumed state that does not fit is
 * ignored (the run restarts); residues are used only for the primes the run would compute anyway.
 */
export function determinantCheckpoint(ctx: ExecutionContext): { done: DeterminantProgress; snapshot: () => Json | undefined } {
  const done: DeterminantProgress = { residues: [] };
  const r = ctx.resumed as { v?: unknown; d?: unknown; residues?: unknown } | undefined;
  if (r && typeof r === "object" && r.v === 1 && typeof r.d === "string" && /^[1-9][0-9]{0,100000}$/.test(r.d) && Array.isArray(r.residues)) {
    done.d = BigInt(r.d);
    done.residues = r.residues.filter((x): x is [number, number] => Array.isArray(x) && x.length === 2 && x.every((v) => Number.isSafeInteger(v) && v >= 0));
  }
  return { done, snapshot: () => (done.d === undefined ? undefined : { v: 1, d: done.d.toString(), residues: done.residues.map(([p, det]) => [p, det]) }) };
}
